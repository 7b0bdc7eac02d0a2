import Foundation
import Testing
@testable import MydexStore
@testable import MydexModel

/// The games in the built-in Pokédex (issue 20: `--game` for charts, learnsets and
/// encounters), checked against PokeAPI's own tables read here (Fixtures/pokeapi-csv).
@Suite("Games")
struct GameTests {
    static func rows(_ file: String) throws -> [[String]] {
        try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Tests/MydexTests/Fixtures/pokeapi-csv/\(file)"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test("Every game PokeAPI lists is there, with its version group and generation, in release order")
    func everyGame() async throws {
        let groups = Dictionary(try Self.rows("version_groups.csv").map { ($0[0], (identifier: $0[1], generation: Int($0[2]) ?? 0)) }) { a, _ in a }
        let expected = try Self.rows("versions.csv").map { row in
            [row[2], groups[row[1]]?.identifier ?? "?", String(groups[row[1]]?.generation ?? 0)]
        }
        let store = try CollectionStore.inMemory()
        let games = try await Pokedex(store: store).games()
        #expect(Set(games.map { [$0.identifier, $0.versionGroup, String($0.generation)] }) == Set(expected))
        #expect(games.first?.identifier == "red-japan" && games.map(\.generation) == games.map(\.generation).sorted())
    }

    @Test("A game is found by its identifier, its version group's, or its name in any language; the name is in the reader's language")
    func matching() async throws {
        let pokedex = Pokedex(store: try CollectionStore.inMemory())
        #expect(try await pokedex.games(matching: "firered").map(\.identifier) == ["firered"])
        #expect(try await pokedex.games(matching: "firered-leafgreen").map(\.identifier) == ["firered", "leafgreen"])
        for name in ["FireRed", "ファイアレッド", "파이어레드", "Rouge Feu", "rojo fuego"] {
            #expect(try await pokedex.games(matching: name).map(\.identifier) == ["firered"], "\(name)")
        }
        #expect(try await pokedex.games(matching: "scarlet-violet").map(\.generation) == [9, 9])
        #expect(try await pokedex.games(matching: "nonsense").isEmpty)
        #expect(try await pokedex.games(matching: "").isEmpty)
        let korean = Pokedex(store: try CollectionStore.inMemory(language: "ko"))
        #expect(try await korean.games(matching: "firered").map(\.name) == ["파이어레드"])
    }
}
