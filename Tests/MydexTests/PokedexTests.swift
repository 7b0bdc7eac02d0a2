import Foundation
import GRDB
@testable import MydexCatalog
@testable import MydexModel
@testable import MydexServices
@testable import MydexStore
import MydexTestSupport
import Testing

@Suite("The built-in Pokédex")
struct BuiltInPokedexTests {
    let pokedex = BuiltInPokedex(bytes: (try? Fixtures.committedPokedex()) ?? Data())

    @Test("Every species 1…1025 is there, once, with types, names and a generation")
    func allSpecies() throws {
        let records = try pokedex.species()
        #expect(records.map(\.id) == Array(1...1025))
        #expect(try pokedex.header().speciesCount == 1025)
        for record in records {
            #expect(!record.types.isEmpty, "#\(record.id) has no type")
            #expect(record.names["en"] != nil, "#\(record.id) has no English name")
            #expect(record.generation != nil, "#\(record.id) has no generation")
            // `Pokedex.speciesIDs(nameKey:)` keys the catalog's names by removing hyphens.
            #expect(SearchText.normalized(record.name) == record.name.replacingOccurrences(of: "-", with: ""),
                    "#\(record.id)'s name \(record.name) is not lower-case letters, digits and hyphens")
        }
    }

    @Test("Known names in several languages")
    func knownNames() throws {
        let records = Dictionary(uniqueKeysWithValues: try pokedex.species().map { ($0.id, $0) })
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
        for record in try pokedex.species() {
            for (language, text) in record.flavorTexts {
                #expect(!text.contains { "\n\u{C}\u{AD}\r".contains($0) }, "#\(record.id) \(language)")
                #expect(!text.hasPrefix(" ") && !text.hasSuffix(" "))
            }
        }
    }

    @Test("The header's version is the hash of the content")
    func versionMatchesContent() throws {
        let header = try pokedex.header()
        let records = try pokedex.records()
        let reencoded = try BuiltInPokedex.encode(
            source: header.source, types: header.types, terms: records.terms, species: records.species,
            pokemon: records.pokemon, pokedexes: records.pokedexes, games: records.games, moves: records.moves,
            learnsets: records.learnsets, locations: records.locations, encounterMethods: records.encounterMethods,
            encounterConditions: records.encounterConditions, encounters: records.encounters, entries: records.entries,
            natures: records.natures, characteristics: records.characteristics, growthRates: records.growthRates,
            items: records.items, gameIndices: records.gameIndices, showdownNames: records.showdownNames)
        #expect(try BuiltInPokedex(bytes: reencoded).header().version == header.version)
        // Compared as one truth value: a failing comparison of 20 MB values took minutes to describe.
        let canonical = reencoded == pokedex.bytes
        #expect(canonical, "the committed file is not in canonical form")
    }

    @Test("The committed Pokédex is what the generator makes from ../shared",
          .enabled(if: Fixtures.hasSharedData, Fixtures.noSharedData))
    func generatorReproducesCommittedFile() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: output) }
        let image = output.appendingPathExtension("sqlite")
        defer { try? FileManager.default.removeItem(at: image) }
        let generator = try await EndToEndTests.runGenerator([
            "--pokeapi-dir", Fixtures.sharedData.appendingPathComponent("pokeapi/v2").path,
            "--csv-dir", Fixtures.sharedData.appendingPathComponent("pokeapi-csv").path, "--output", output.path,
            "--image", image.path, "--sprites-dir", Fixtures.sharedData.appendingPathComponent("pokesprite").path,
            "--names-dir", Fixtures.repositoryRoot.appendingPathComponent("Sources/PokedexGenerator/Names").path,
        ])
        #expect(generator.status == 0, "\(generator.standardError)")
        let written = Fixtures.committedPokedexSuffixes.map { URL(fileURLWithPath: output.deletingPathExtension().path + $0 + ".jsonl") }
        defer { for file in written { try? FileManager.default.removeItem(at: file) } }
        #expect(written.count >= 12, "species, forms, moves and nine generations' learnsets")
        for (file, committed) in zip(written, Fixtures.committedPokedexFiles) {
            #expect(try Data(contentsOf: file) == Data(contentsOf: committed), "regenerate with `swift run PokedexGenerator` and commit")
        }
        let embedded = Data(bytes: UnsafeRawPointer(bitPattern: Catalog.embedded.address)!, count: Catalog.embedded.count)
        #expect(try Data(contentsOf: image) == embedded, "regenerate with `swift run PokedexGenerator` and commit")
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
        defer { try? FileManager.default.removeItem(atPath: output.deletingPathExtension().path + "-forms.jsonl") }
        defer { try? FileManager.default.removeItem(atPath: output.deletingPathExtension().path + "-moves.jsonl") }
        defer {
            for suffix in ["-places"] + (0...9).flatMap({ ["-learnsets-gen\($0)", "-encounters-gen\($0)", "-entries-gen\($0)"] }) {
                try? FileManager.default.removeItem(atPath: output.deletingPathExtension().path + suffix + ".jsonl")
            }
        }
        let image = output.appendingPathExtension("sqlite")
        defer { try? FileManager.default.removeItem(at: image) }
        let tables = try GeneratorSourceTests.Inputs()
        try tables.details()  // stats, abilities, evolutions and their names come from CSV tables
        let generator = try await EndToEndTests.runGenerator([
            "--api-url", server.baseURL, "--csv-dir", tables.csv.path, "--output", output.path, "--image", image.path,
        ])
        #expect(generator.status == 0, "\(generator.standardError)")
        let pokedex = BuiltInPokedex(bytes: try Data(contentsOf: output))
        let records = try pokedex.species()
        #expect(records.map(\.id) == Array(1...6))
        #expect(records[0].names["ko"] == "이상해씨")
        #expect(records[1].name == "synthetic-2")
        #expect(try pokedex.header().types.contains { $0.name == "fire" && $0.names["ko"] == "불꽃" })
        #expect(try pokedex.header().source.contains(server.baseURL))
        // Stats from the live /pokemon response (the tables have only HP and speed here)…
        #expect(records[0].stats == ["hp": 45, "attack": 49, "defense": 49, "special-attack": 65, "special-defense": 65, "speed": 45])
        #expect(records[0].abilities?.last == .init(name: "chlorophyll", hidden: true))
        // … the ways of evolving from the tables.
        #expect(records[1].evolution?.first?.minLevel == 16)
    }
}

@Suite("The Pokédex in the store")
struct PokedexStoreTests {
    let environment: TestEnvironment
    let store: CollectionStore
    let pokedex: Pokedex
    let finder: SpeciesFinder

    init() throws {
        environment = try TestEnvironment()
        store = try environment.openStore()
        pokedex = Pokedex(store: store)
        finder = SpeciesFinder(store: store)
    }

    @Test("The catalog is there from the first open, and nothing of it is in the collection file")
    func catalogOutsideTheFile() async throws {
        #expect(try await pokedex.page(DexFilter()).total == 1025)
        #expect(try await pokedex.species(id: 1)?.source == .builtin)
        let tables = try await store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM main.sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables == [
            "api_facts", "caught_pokemon", "encounters", "fetched_species", "fetched_type_names", "history", "mydex_schema_migrations",
            "sqlite_sequence", "throws",
        ])
        #expect(try await store.counts().cachedSpecies == 0)
    }

    @Test("Data fetched from PokeAPI replaces the catalog's for that species, everywhere")
    func apiReplacesBuiltIn() async throws {
        var fromAPI = try Fixtures.speciesData(25)
        fromAPI.names["en"] = "Pikachu from the API"
        try await store.saveSpecies(fromAPI)
        let pikachu = try #require(try await pokedex.species(id: 25))
        #expect(pikachu.source == .api)
        #expect(pikachu.names["en"] == "Pikachu from the API")
        #expect(try await pokedex.species(id: 1)?.source == .builtin)
        #expect(try await pokedex.page(DexFilter()).total == 1025, "a fetched species is not counted twice")
        #expect(try await pokedex.rows(ids: [25]).first?.name == "Pikachu from the API")
        _ = try await store.recordCatch(speciesID: 25, isShiny: false, at: environment.clock.now())
        #expect(try await store.entry(id: 1).name == "Pikachu from the API")
        #expect(try await finder.species(matching: "pikachu from the api").id == 25)
    }

    @Test("A species the catalog lacks can be fetched, caught and listed")
    func speciesBeyondTheCatalog() async throws {
        var newcomer = try Fixtures.speciesData(25)
        newcomer.id = 1026
        newcomer.name = "newcomer"
        newcomer.names = ["en": "Newcomer", "ko": "뉴커머"]
        try await store.saveSpecies(newcomer)
        _ = try await store.recordCatch(speciesID: 1026, isShiny: false, at: environment.clock.now())
        #expect(try await store.reading(in: "ko").entry(id: 1).name == "뉴커머")
        #expect(try await pokedex.page(DexFilter()).total == 1026)
        #expect(try await finder.search("newcom").map(\.species.id) == [1026])
    }

    @Test("Lookup by number, by name in any script, ignoring case and accents")
    func lookup() async throws {
        for query in ["25", "#25", "pikachu", "PIKACHU", "피카츄", "ピカチュウ", "ぴかちゅう", "皮卡丘"] {
            #expect(try await finder.species(matching: query).id == 25, "\(query)")
        }
        #expect(try await finder.species(matching: "mr mime").id == 122)
        #expect(try await finder.species(matching: "flabebe").id == 669)
        #expect(try await finder.species(matching: "nidoran-f").id == 29)
        await #expect(throws: PokedexError.ambiguous(query: "nidoran", matches: ["Nidoran♀ (#0029)", "Nidoran♂ (#0032)"])) {
            try await finder.species(matching: "nidoran")
        }
        await #expect(throws: PokedexError.noMatch(query: "pikachuu", suggestions: ["Pikachu (#0025)"])) {
            try await finder.species(matching: "pikachuu")
        }
        await #expect(throws: PokedexError.noMatch(query: "2000", suggestions: [])) {
            try await finder.species(matching: "2000")
        }
    }

    @Test("Search: partial names in any language, numbers and nicknames, in Pokédex order")
    func searchInAnyLanguage() async throws {
        func ids(_ text: String) async throws -> [Int] { try await finder.search(text).map(\.species.id) }
        #expect(try await ids("피카").contains(25))
        #expect(try await ids("pika").first == 25)
        #expect(try await ids("nidoran") == [29, 32])  // Nidoran♀ and Nidoran♂
        #expect(try await ids("151") == [151])
        #expect(try await ids("ＰＩＫＡＣＨＵ") == [25])  // full-width letters
        let matched = try await finder.search("피카").first { $0.species.id == 25 }
        #expect(matched?.matchedName?.language == "ko")

        _ = try await store.recordCatch(speciesID: 7, isShiny: false, at: environment.clock.now())
        _ = try await store.setNickname(entryID: 1, to: "Sparky", at: environment.clock.now())
        let nicknamed = try await finder.search("spark")
        #expect(nicknamed.map(\.species.id) == [7])
        #expect(nicknamed.first?.entries.first?.nickname == "Sparky")
        #expect(try await finder.search("zzzzqqq").isEmpty)
    }

    @Test("Names fall back to English field by field")
    func localizationFallback() async throws {
        let korean = Localizer(language: "ko", typeNames: try await pokedex.typeNames())
        let sprigatito = try #require(try await pokedex.species(id: 906))
        #expect(korean.name(sprigatito) == "나오하")
        #expect(sprigatito.flavorTexts["ko"] == nil)
        #expect(korean.flavorText(sprigatito) == sprigatito.flavorTexts["en"])
        #expect(korean.typeName("grass") == "풀")
        let czech = Localizer(language: "cs", typeNames: try await pokedex.typeNames())
        #expect(czech.name(sprigatito) == "Sprigatito")
        #expect(czech.typeName("grass") == "Grass")
    }

    @Test("Stats count caught species per generation and the types held")
    func stats() async throws {
        for species in [1, 4, 4, 152] {
            _ = try await store.recordCatch(speciesID: species, isShiny: species == 152, at: environment.clock.now())
        }
        _ = try await store.release(entryID: 4, force: false, at: environment.clock.now())
        let stats = try await pokedex.stats()
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
