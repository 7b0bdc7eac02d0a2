import Foundation
import Testing
@testable import MydexServices
@testable import MydexStore

/// The built-in Pokédex file format, and `dex list` / `search` / `stats` in the service.
@Suite("Built-in Pokédex format")
struct BuiltInPokedexFormatTests {
    static let types = [
        BuiltInPokedex.TypeRecord(name: "grass", names: ["en": "Grass", "ko": "풀"]),
        BuiltInPokedex.TypeRecord(name: "electric", names: ["en": "Electric"]),
    ]

    static func records() throws -> [BuiltInPokedex.SpeciesRecord] {
        try [25, 1].map { BuiltInPokedex.SpeciesRecord(try Fixtures.speciesData($0)) }
    }

    @Test("A species survives the round trip through the file, marked as built-in")
    func roundTrip() throws {
        let original = try Fixtures.speciesData(25)
        let data = try BuiltInPokedex.encode(source: "test", types: Self.types, species: [BuiltInPokedex.SpeciesRecord(original)])
        let (species, types) = try BuiltInPokedex(bytes: data).storeData(installedAt: TestClock.start)
        var expected = original
        expected.source = .builtin
        #expect(species == [expected])
        #expect(Set(types.map { "\($0.type) \($0.language) \($0.name)" }) == ["grass en Grass", "grass ko 풀", "electric en Electric"])
    }

    @Test("The file is canonical: sorted species and types, and a version that follows the content only")
    func canonical() throws {
        let records = try Self.records()
        let data = try BuiltInPokedex.encode(source: "one", types: Self.types, species: records)
        let reordered = try BuiltInPokedex.encode(source: "another", types: Self.types.reversed(), species: records.reversed())
        let pokedex = BuiltInPokedex(bytes: data)
        #expect(try pokedex.speciesRecords().map(\.id) == [1, 25])
        #expect(try pokedex.header().types.map(\.name) == ["electric", "grass"])
        #expect(try pokedex.header().version == BuiltInPokedex(bytes: reordered).header().version)
        #expect(try pokedex.header().version.count == 16)
        var changed = records
        changed[0].names["en"] = "Pikachu!"
        let changedVersion = try BuiltInPokedex(bytes: BuiltInPokedex.encode(source: "one", types: Self.types, species: changed)).header().version
        #expect(try changedVersion != pokedex.header().version)
    }

    @Test("A damaged file names the line that is wrong")
    func damaged() throws {
        let data = try BuiltInPokedex.encode(source: "test", types: Self.types, species: try Self.records())
        var lines = data.split(separator: UInt8(ascii: "\n")).map { Data($0) }
        lines[2] = Data(#"{"id": 25, "name": "#.utf8)
        let broken = BuiltInPokedex(bytes: Data(lines.joined(separator: Data("\n".utf8))))
        #expect(throws: Never.self) { try broken.header() }
        do {
            _ = try broken.speciesRecords()
            Issue.record("a damaged species line was read")
        } catch let problem as BuiltInPokedex.Problem {
            guard case .malformed(let line, _) = problem else { return }
            #expect(line == 3)
            #expect(problem.description.hasPrefix("the built-in Pokédex is damaged at line 3: "))
        }
        let noHeader = BuiltInPokedex(bytes: Data("not json\n".utf8))
        do {
            _ = try noHeader.header()
            Issue.record("a damaged header was read")
        } catch let problem as BuiltInPokedex.Problem {
            #expect(problem.description.hasPrefix("the built-in Pokédex is damaged at line 1: "))
        }
    }
}

@Suite("The Pokédex service")
struct PokedexServiceTests {
    let environment: TestEnvironment
    let store: CollectionStore
    let service: PokedexService
    let english = Localizer(language: "en")

    init() throws {
        environment = try TestEnvironment()
        store = try environment.openStore()
        service = PokedexService(store: store, clock: environment.clock)
    }

    private func caught(_ ids: Int...) async throws {
        for id in ids { _ = try await store.recordCatch(speciesID: id, isShiny: false, at: environment.clock.now()) }
    }

    @Test("dex list: a generation, a type by any of its names, caught or missing, a page and the total")
    func listFilters() async throws {
        try await service.prepare()
        try await caught(4, 6, 25)
        let fireInKorean = try await service.list(DexFilter(generation: 1, type: "불꽃"))
        #expect(fireInKorean.total == 12)
        #expect(fireInKorean.page.prefix(3).map(\.species.id) == [4, 5, 6])
        #expect(try await service.list(DexFilter(type: "FIRE", caught: .caught)).page.map(\.species.id) == [4, 6])
        let missing = try await service.list(DexFilter(generation: 1, type: "fire", caught: .missing, offset: 1, limit: 2))
        #expect(missing.total == 10)
        #expect(missing.page.map(\.species.id) == [37, 38])
        let page = try await service.list(DexFilter(offset: 1020))
        #expect(page.total == 1025)
        #expect(page.page.map(\.species.id) == [1021, 1022, 1023, 1024, 1025])
        let charmander = try #require(try await service.list(DexFilter(limit: 4)).page.last)
        #expect(charmander.tally == SpeciesTally(held: 1, everCaught: 1))
    }

    @Test("dex list refuses a generation or type that does not exist, saying which do")
    func listRefusals() async throws {
        try await service.prepare()
        await #expect(throws: PokedexError.unknownGeneration(10, known: Array(1...9))) {
            try await service.list(DexFilter(generation: 10))
        }
        #expect(PokedexError.unknownGeneration(10, known: Array(1...9)).description.contains("Generations are 1–9."))
        #expect(PokedexError.unknownGeneration(3, known: []).description == "no species in that generation.")
        let error = await failure { try await service.list(DexFilter(type: "flame")) }
        guard case .unknownType(let type, let known) = error as? PokedexError else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(type == "flame")
        #expect(known.count >= 18 && known.contains("fire") && known == known.sorted())
    }

    @Test("Search by number with or without #, never on blank text")
    func searchNumbers() async throws {
        try await service.prepare()
        #expect(try await service.search("#150", localizer: english).map(\.species.id) == [150])
        #expect(try await service.search(" 150 ", localizer: english).map(\.species.id) == [150])
        #expect(try await service.search("   ", localizer: english).isEmpty)
        #expect(try await service.search("?!", localizer: english).isEmpty)
    }

    @Test("Search shows which name matched when it is not the displayed one, and held entries of the species")
    func searchMatchedName() async throws {
        try await service.prepare()
        try await caught(25, 25)
        let korean = try #require(try await service.search("피카츄", localizer: english).first)
        #expect(korean.species.id == 25)
        #expect(korean.matchedName?.language == "ko")
        #expect(korean.matchedName?.name == "피카츄")
        #expect(korean.entries.count == 2)
        let english = try #require(try await service.search("Pikachu", localizer: self.english).first)
        #expect(english.matchedName == nil)
    }

    @Test("No suggestions for a blank or overlong query")
    func noSuggestions() async throws {
        #expect(try await service.suggestions(for: "", localizer: english).isEmpty)
        #expect(try await service.suggestions(for: String(repeating: "pikachu", count: 6), localizer: english).isEmpty)
    }

    @Test("A long query is shortened in the message")
    func longQueryMessage() {
        let query = String(repeating: "x", count: 80)
        let message = PokedexError.noMatch(query: query, suggestions: []).description
        #expect(message.contains("\"" + String(repeating: "x", count: 60) + "…\""))
        #expect(!message.contains(String(repeating: "x", count: 61)))
        #expect(PokedexError.ambiguous(query: "nidoran", matches: ["Nidoran♀ (#0029)", "Nidoran♂ (#0032)"]).description
            == "\"nidoran\" matches several Pokémon: Nidoran♀ (#0029), Nidoran♂ (#0032). Use the number.")
    }

    @Test("Stats of an empty collection: nothing caught, every generation counted")
    func emptyStats() async throws {
        try await service.prepare()
        let stats = try await service.stats(localizer: english)
        #expect(stats.speciesCaught == 0 && stats.entries == 0 && stats.types.isEmpty)
        #expect(stats.generations.map(\.generation) == Array(1...9))
        #expect(stats.generations.map(\.total).reduce(0, +) == 1025)
        #expect(stats.generations.allSatisfy { $0.caught == 0 })
    }

    @Test("Stats count shiny and favorite Pokémon still held, and types by their localized names")
    func stats() async throws {
        try await service.prepare()
        try await caught(1, 1, 6)
        _ = try await store.recordCatch(speciesID: 25, isShiny: true, at: environment.clock.now())
        _ = try await store.setFavorite(entryID: 1, true, at: environment.clock.now())
        _ = try await store.release(entryID: 2, force: false, at: environment.clock.now())
        let korean = try await service.localizer(language: "ko")
        let stats = try await service.stats(localizer: korean)
        #expect(stats.shiny == 1 && stats.favorites == 1 && stats.held == 3 && stats.released == 1)
        // One of each: most common first, then by type.
        #expect(stats.types.map(\.type) == ["electric", "fire", "flying", "grass", "poison"])
        #expect(stats.types.map(\.name) == ["전기", "불꽃", "비행", "풀", "독"])
        #expect(stats.types.allSatisfy { $0.count == 1 })
    }
}
