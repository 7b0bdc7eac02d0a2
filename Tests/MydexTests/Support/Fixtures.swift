import Foundation
import MydexCatalog
import MydexModel
import MydexServices
import MydexStore
import MydexTestSupport
import Testing
import PokeAPI

/// Real PokeAPI responses copied unchanged from PokeAPI into Tests/MydexTests/Fixtures.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pokeapi/v2")

    /// The unedited PokeAPI material beside the checkout (present here and in CI).
    static let sharedData = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// Whether the tests that hold the committed data to what the generator makes from
    /// `../shared` run. Without it they are skipped, and say so (`noSharedData`); `.ci/run` sets
    /// MYDEX_REQUIRE_SHARED=1 where `../shared` exists, so that they run there whatever this
    /// finds, and fail rather than pass unseen if the data is not where they look.
    static var hasSharedData: Bool {
        ProcessInfo.processInfo.environment["MYDEX_REQUIRE_SHARED"] == "1"
            || FileManager.default.fileExists(atPath: sharedData.path)
    }

    static let noSharedData: Comment = "../shared is not beside the checkout: the committed catalog and sprites are not checked against their sources"

    /// Real saves of the games (Parnassius/livingdex, MIT; `Fixtures/saves/SOURCE.txt`), each
    /// with its `.expected` box contents.
    static let saves = repositoryRoot.appendingPathComponent("Tests/MydexTests/Fixtures/saves")

    static func save(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: saves.appendingPathComponent(name)))
    }

    /// A save's `.expected` file: one line a box, one comma-separated cell a slot.
    static func expectedBoxes(_ name: String) throws -> [[String]] {
        let text = try String(contentsOf: saves.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Species ids with both a `/pokemon` and a `/pokemon-species` fixture.
    static let speciesIDs = [1, 4, 7, 25, 133, 150, 151]

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The committed Pokédex's JSON Lines files, read as one (species; forms, Pokédexes and
    /// games; moves; each generation's learnsets), by suffix.
    static let committedPokedexSuffixes = BuiltInPokedex.fileSuffixes { suffix in
        FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent("Sources/CMydexCatalog/pokedex\(suffix).jsonl").path)
    }

    static let committedPokedexFiles = committedPokedexSuffixes.map {
        repositoryRoot.appendingPathComponent("Sources/CMydexCatalog/pokedex\($0).jsonl")
    }

    static func committedPokedex() throws -> Data {
        try committedPokedexFiles.reduce(Data()) { $0 + (try Data(contentsOf: $1)) }
    }

    /// The fixture for an API path such as `pokemon/25/` or `pokemon-species/?limit=1`.
    static func body(forAPIPath path: String) -> Data? {
        let withoutQuery = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        let trimmed = withoutQuery.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        return try? Data(contentsOf: root.appendingPathComponent(trimmed).appendingPathComponent("index.json"))
    }

    static func data(_ path: String) throws -> Data {
        guard let body = body(forAPIPath: path) else { throw CocoaError(.fileNoSuchFile) }
        return body
    }

    static func pokemon(_ id: Int) throws -> PokemonResource {
        try JSONDecoder().decode(PokemonResource.self, from: data("pokemon/\(id)"))
    }

    static func species(_ id: Int) throws -> SpeciesResource {
        try JSONDecoder().decode(SpeciesResource.self, from: data("pokemon-species/\(id)"))
    }

    static func speciesData(_ id: Int, fetchedAt: Date = TestClock.start) throws -> Species {
        Species(pokemon: try pokemon(id), species: try species(id), fetchedAt: fetchedAt)
    }

    /// A seed whose catch picks `speciesID` out of `count` species (found by trying seeds in order).
    static func seed(catching speciesID: Int, count: Int = 1025) -> UInt64 {
        SeededGenerator.seed(catching: speciesID, among: count)
    }

    /// Serves the fixtures the way PokeAPI serves its API (404 for anything else).
    static func reply(_ request: TestHTTPServer.Request) -> TestHTTPServer.Reply {
        let prefix = "/api/v2/"
        guard request.path.hasPrefix(prefix), let body = body(forAPIPath: String(request.path.dropFirst(prefix.count))) else {
            return .response(status: 404, headers: ["Content-Type": "text/plain"], body: Data("Not Found".utf8))
        }
        return .json(body)
    }
}
