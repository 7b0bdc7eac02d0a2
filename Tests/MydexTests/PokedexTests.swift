import Foundation
import Testing
@testable import MydexServices
@testable import MydexStore

@Suite("The built-in Pokédex")
struct BuiltInPokedexTests {
    let pokedex = BuiltInPokedex.embedded

    @Test("Every species 1…1025 is there, once, with types, names and a generation")
    func allSpecies() throws {
        let records = try pokedex.speciesRecords()
        #expect(records.map(\.id) == Array(1...1025))
        #expect(try pokedex.header().speciesCount == 1025)
        for record in records {
            #expect(!record.types.isEmpty, "#\(record.id) has no type")
            #expect(record.names["en"] != nil, "#\(record.id) has no English name")
            #expect(record.generation != nil, "#\(record.id) has no generation")
        }
    }

    @Test("Known names in several languages")
    func knownNames() throws {
        let records = Dictionary(uniqueKeysWithValues: try pokedex.speciesRecords().map { ($0.id, $0) })
        let pikachu = try #require(records[25])
        #expect(pikachu.names["ko"] == "피카츄")
        #expect(pikachu.names["ja-hrkt"] == "ピカチュウ")
        #expect(pikachu.names["en"] == "Pikachu")
        #expect(pikachu.names["zh-hant"] == "皮卡丘")
        #expect(pikachu.genera["en"] == "Mouse Pokémon")
        #expect(pikachu.types == ["electric"])
        #expect(records[29]?.names["en"] == "Nidoran♀")
        #expect(records[32]?.names["en"] == "Nidoran♂")
        #expect(records[122]?.name == "mr-mime")
        #expect(records[122]?.names["en"] == "Mr. Mime")
        #expect(records[150]?.legendary == true)
        #expect(records[151]?.mythical == true)
        #expect(records[1]?.types == ["grass", "poison"])
        #expect(records[1025]?.names["en"] == "Pecharunt")
        let electric = try #require(try pokedex.header().types.first { $0.name == "electric" })
        #expect(electric.names["ko"] == "전기")
        #expect(electric.names["ja"] == "でんき")
    }

    @Test("Flavor texts are cleaned: no line breaks, form feeds or soft hyphens")
    func flavorTextsAreClean() throws {
        for record in try pokedex.speciesRecords() {
            for (language, text) in record.flavorTexts {
                #expect(!text.contains { "\n\u{C}\u{AD}\r".contains($0) }, "#\(record.id) \(language)")
                #expect(!text.hasPrefix(" ") && !text.hasSuffix(" "))
            }
        }
    }

    @Test("The header's version is the hash of the content")
    func versionMatchesContent() throws {
        let header = try pokedex.header()
        let records = try pokedex.speciesRecords()
        let reencoded = try BuiltInPokedex.encode(source: header.source, types: header.types, species: records)
        #expect(try BuiltInPokedex(bytes: reencoded).header().version == header.version)
        #expect(reencoded == pokedex.bytes, "the committed file is not in canonical form")
    }

    @Test("The committed Pokédex is what the generator makes from ../shared",
          .enabled(if: FileManager.default.fileExists(atPath: Fixtures.sharedData.path)))
    func generatorReproducesCommittedFile() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: output) }
        let generator = try await EndToEndTests.runGenerator([
            "--pokeapi-dir", Fixtures.sharedData.appendingPathComponent("pokeapi/v2").path,
            "--csv-dir", Fixtures.sharedData.appendingPathComponent("pokeapi-csv").path, "--output", output.path,
        ])
        #expect(generator.status == 0, "\(generator.standardError)")
        #expect(try Data(contentsOf: output) == pokedex.bytes, "regenerate with `swift run PokedexGenerator` and commit")
    }
}

@Suite("The Pokédex generator")
struct PokedexGeneratorTests {
    @Test("--api-url builds the Pokédex from a live PokeAPI")
    func liveSource() async throws {
        let api = SyntheticPokeAPI(count: 6)
        let server = try TestHTTPServer(handler: api.reply)
        defer { server.stop() }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: output) }
        let generator = try await EndToEndTests.runGenerator(["--api-url", server.baseURL, "--output", output.path])
        #expect(generator.status == 0, "\(generator.standardError)")
        let pokedex = BuiltInPokedex(bytes: try Data(contentsOf: output))
        let records = try pokedex.speciesRecords()
        #expect(records.map(\.id) == Array(1...6))
        #expect(records[0].names["ko"] == "이상해씨")
        #expect(records[1].name == "synthetic-2")
        #expect(try pokedex.header().types.contains { $0.name == "fire" && $0.names["ko"] == "불꽃" })
        #expect(try pokedex.header().source.contains(server.baseURL))
    }
}

@Suite("The Pokédex in the store")
struct PokedexStoreTests {
    let environment: TestEnvironment
    let store: CollectionStore
    let service: PokedexService

    init() throws {
        environment = try TestEnvironment()
        store = try environment.openStore()
        service = PokedexService(store: store, clock: environment.clock)
    }

    @Test("Installed once on first use; PokeAPI data is kept over built-in data")
    func installKeepsAPIData() async throws {
        var fromAPI = try Fixtures.speciesData(25)
        fromAPI.localizations = [.init(language: "en", name: "Pikachu from the API")]
        try await store.saveSpecies(fromAPI)
        try await service.prepare()
        #expect(try await store.allSpecies().count == 1025)
        let pikachu = try #require(try await store.species(id: 25))
        #expect(pikachu.source == .api)
        #expect(pikachu.displayName() == "Pikachu from the API")
        #expect(try await store.species(id: 1)?.source == .builtin)
        #expect(try await store.installBuiltInPokedex(version: try BuiltInPokedex.embedded.header().version, at: Date()) {
            Issue.record("an installed version was decoded again")
            return ([], [])
        } == false)
    }

    @Test("Data fetched from PokeAPI later replaces the built-in entry")
    func apiReplacesBuiltIn() async throws {
        try await service.prepare()
        #expect(try await store.species(id: 151)?.source == .builtin)
        try await store.saveSpecies(try Fixtures.speciesData(151))
        #expect(try await store.species(id: 151)?.source == .api)
        #expect(try await store.allSpecies().count == 1025)
    }

    @Test("A new built-in version refreshes built-in rows only")
    func newVersionRefreshes() async throws {
        try await service.prepare()
        try await store.saveSpecies(try Fixtures.speciesData(4))
        var changed = try BuiltInPokedex.embedded.speciesRecords()
        changed[0].names["en"] = "Bulbasaur (revised)"
        changed[3].names["en"] = "Charmander (revised)"
        let data = try BuiltInPokedex.encode(source: "test", types: try BuiltInPokedex.embedded.header().types, species: changed)
        try await PokedexService(store: store, clock: environment.clock, builtIn: BuiltInPokedex(bytes: data)).prepare()
        #expect(try await store.species(id: 1)?.displayName() == "Bulbasaur (revised)")
        #expect(try await store.species(id: 4)?.displayName() == "Charmander", "PokeAPI data was overwritten")
    }

    @Test("Lookup by number, by name in any script, ignoring case and accents")
    func lookup() async throws {
        try await service.prepare()
        let english = Localizer(language: "en")
        for query in ["25", "#25", "pikachu", "PIKACHU", "피카츄", "ピカチュウ", "ぴかちゅう", "皮卡丘"] {
            #expect(try await service.species(matching: query, localizer: english).id == 25, "\(query)")
        }
        #expect(try await service.species(matching: "mr mime", localizer: english).id == 122)
        #expect(try await service.species(matching: "flabebe", localizer: english).id == 669)
        #expect(try await service.species(matching: "nidoran-f", localizer: english).id == 29)
        await #expect(throws: PokedexError.ambiguous(query: "nidoran", matches: ["Nidoran♀ (#0029)", "Nidoran♂ (#0032)"])) {
            try await service.species(matching: "nidoran", localizer: english)
        }
        await #expect(throws: PokedexError.noMatch(query: "pikachuu", suggestions: ["Pikachu (#0025)"])) {
            try await service.species(matching: "pikachuu", localizer: english)
        }
        await #expect(throws: PokedexError.noMatch(query: "2000", suggestions: [])) {
            try await service.species(matching: "2000", localizer: english)
        }
    }

    @Test("Search: partial names in any language, numbers and nicknames, in Pokédex order")
    func search() async throws {
        try await service.prepare()
        let english = Localizer(language: "en")
        func ids(_ text: String) async throws -> [Int] { try await service.search(text, localizer: english).map(\.species.id) }
        #expect(try await ids("피카").contains(25))
        #expect(try await ids("pika").first == 25)
        #expect(try await ids("nidoran") == [29, 32])  // Nidoran♀ and Nidoran♂
        #expect(try await ids("151") == [151])
        #expect(try await ids("ＰＩＫＡＣＨＵ") == [25])  // full-width letters
        let matched = try await service.search("피카", localizer: english).first { $0.species.id == 25 }
        #expect(matched?.matchedName?.language == "ko")

        _ = try await store.recordCatch(speciesID: 7, isShiny: false, at: environment.clock.now())
        _ = try await store.setNickname(entryID: 1, to: "Sparky", at: environment.clock.now())
        let nicknamed = try await service.search("spark", localizer: english)
        #expect(nicknamed.map(\.species.id) == [7])
        #expect(nicknamed.first?.entries.first?.nickname == "Sparky")
        #expect(try await service.search("zzzzqqq", localizer: english).isEmpty)
    }

    @Test("Names fall back to English field by field")
    func localizationFallback() async throws {
        try await service.prepare()
        let korean = try await service.localizer(language: "ko")
        let sprigatito = try #require(try await store.species(id: 906))
        #expect(korean.name(sprigatito) == "나오하")
        #expect(sprigatito.localization("ko")?.flavorText == nil)
        #expect(korean.flavorText(sprigatito) == sprigatito.localization("en")?.flavorText)
        #expect(korean.typeName("grass") == "풀")
        let czech = try await service.localizer(language: "cs")
        #expect(czech.name(sprigatito) == "Sprigatito")
        #expect(czech.typeName("grass") == "Grass")
    }

    @Test("Stats count caught species per generation and the types held")
    func stats() async throws {
        try await service.prepare()
        for species in [1, 4, 4, 152] {
            _ = try await store.recordCatch(speciesID: species, isShiny: species == 152, at: environment.clock.now())
        }
        _ = try await store.release(entryID: 4, force: false, at: environment.clock.now())
        let stats = try await service.stats(localizer: Localizer(language: "en", typeNames: try await store.typeNames()))
        #expect(stats.speciesTotal == 1025)
        #expect(stats.speciesCaught == 3)
        #expect(stats.generations.first { $0.generation == 1 } == .init(generation: 1, caught: 2, total: 151))
        #expect(stats.generations.first { $0.generation == 2 } == .init(generation: 2, caught: 1, total: 100))
        #expect(stats.held == 3 && stats.released == 1 && stats.shiny == 0)
        #expect(stats.types.first == .init(type: "fire", name: "Fire", count: 2))
        #expect(Set(stats.types.map(\.type)) == ["fire", "grass", "poison"])
    }
}

@Suite("Display language")
struct DisplayLanguageTests {
    @Test("--lang, then MYDEX_LANG, then the locale, else English", arguments: [
        (nil, [:], "en"),
        ("ko", ["MYDEX_LANG": "fr"], "ko"),
        ("KO", [:], "ko"),
        ("ja-Hrkt", [:], "ja-hrkt"),
        (nil, ["MYDEX_LANG": "zh-Hant"], "zh-hant"),
        (nil, ["LANG": "ko_KR.UTF-8"], "ko"),
        (nil, ["LC_ALL": "ja_JP.UTF-8", "LANG": "fr_FR.UTF-8"], "ja"),
        (nil, ["LANG": "zh_TW.UTF-8"], "zh-hant"),
        (nil, ["LANG": "zh_CN.UTF-8"], "zh-hans"),
        (nil, ["LANG": "es_MX.UTF-8"], "es-419"),
        (nil, ["LANG": "C.UTF-8"], "en"),
        (nil, ["LANG": "sv_SE.UTF-8"], "en"),
    ] as [(String?, [String: String], String)])
    func resolution(explicit: String?, environment: [String: String], expected: String) throws {
        #expect(try DisplayLanguage.resolve(explicit: explicit, environment: environment) == expected)
    }

    @Test("An explicit unknown language is refused, naming where it came from")
    func unknown() {
        #expect(throws: DisplayLanguage.Problem.unsupported("klingon", source: "--lang")) {
            try DisplayLanguage.resolve(explicit: "klingon", environment: [:])
        }
        #expect(throws: DisplayLanguage.Problem.unsupported("xx", source: "MYDEX_LANG")) {
            try DisplayLanguage.resolve(explicit: nil, environment: ["MYDEX_LANG": "xx"])
        }
    }
}
