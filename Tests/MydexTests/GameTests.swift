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

    @Test("The games' short names, as fans write them: sv, swsh, bdsp, usum, oras, lgpe, hgss, frlg, bw2, and single games")
    func abbreviations() async throws {
        let pokedex = Pokedex(store: try CollectionStore.inMemory())
        let expected = [
            "sv": ["scarlet", "violet"], "SwSh": ["sword", "shield"], "bdsp": ["brilliant-diamond", "shining-pearl"],
            "usum": ["ultra-sun", "ultra-moon"], "ORAS": ["omega-ruby", "alpha-sapphire"], "lgpe": ["lets-go-pikachu", "lets-go-eevee"],
            "hgss": ["heartgold", "soulsilver"], "frlg": ["firered", "leafgreen"], "bw2": ["black-2", "white-2"],
            "b2w2": ["black-2", "white-2"], "fr": ["firered"], "스바": ["scarlet", "violet"], "pla": ["legends-arceus"],
        ]
        for (short, games) in expected {
            #expect(try await pokedex.games(matching: short).map(\.identifier) == games, "\(short)")
        }
        // x and y stay the games themselves.
        #expect(try await pokedex.games(matching: "y").map(\.identifier) == ["y"])
        // What the command line does with them: a filter takes a pair, an encounter asks for one game.
        let environment = try TestEnvironment()
        let moves = await environment.run("dex", "moves", "pikachu", "--game", "sv")
        #expect(moves.status == 0, "\(moves.standardError)")
        let one = await environment.run("encounter", "--game", "frlg", "--at", "viridian-forest")
        #expect(one.status == 64 && one.standardError.contains("firered, leafgreen"))
        let wrong = await environment.run("dex", "moves", "pikachu", "--game", "swsj")
        #expect(wrong.status == 64 && wrong.standardError.contains("Did you mean sword-shield"), "the nearest names: \(wrong.standardError)")
    }
}
