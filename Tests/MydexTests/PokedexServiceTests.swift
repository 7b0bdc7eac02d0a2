import Foundation
import GRDB
import Testing
@testable import MydexCatalog
@testable import MydexModel
@testable import MydexServices
@testable import MydexStore

/// The built-in Pokédex's JSON Lines, and the catalog image made from them.
@Suite("Built-in Pokédex format and catalog")
struct BuiltInPokedexFormatTests {
    static let types = [
        BuiltInPokedex.TypeRecord(name: "grass", names: ["en": "Grass", "ko": "풀"]),
        BuiltInPokedex.TypeRecord(name: "electric", names: ["en": "Electric"]),
    ]

    static func records() throws -> [Species] {
        try [25, 1].map { try Fixtures.speciesData($0) }
    }

    /// The JSON Lines file in the repository, the source of the embedded catalog.
    static let committedJSONLines = Fixtures.repositoryRoot.appendingPathComponent("Sources/CMydexCatalog/pokedex.jsonl")

    @Test("A species survives the round trip through the file and the catalog, as built-in data")
    func roundTrip() async throws {
        let original = try Fixtures.speciesData(25)
        let data = try BuiltInPokedex.encode(source: "test", types: Self.types, species: [original])
        var expected = original
        expected.fetchedAt = nil
        #expect(try BuiltInPokedex(bytes: data).species() == [expected])
        let store = try CollectionStore.inMemory(catalog: Catalog(image: CatalogBuilder.image(from: BuiltInPokedex(bytes: data))))
        let pokedex = Pokedex(store: store)
        #expect(try await pokedex.species(id: 25) == expected)
        #expect(Set(try await pokedex.typeNames().map { "\($0.type) \($0.language) \($0.name)" })
            == ["grass en Grass", "grass ko 풀", "electric en Electric"])
    }

    @Test("The file is canonical: sorted species and types, and a version that follows the content only")
    func canonical() throws {
        let records = try Self.records()
        let data = try BuiltInPokedex.encode(source: "one", types: Self.types, species: records)
        let reordered = try BuiltInPokedex.encode(source: "another", types: Self.types.reversed(), species: records.reversed())
        let pokedex = BuiltInPokedex(bytes: data)
        #expect(try pokedex.species().map(\.id) == [1, 25])
        #expect(try pokedex.header().types.map(\.name) == ["electric", "grass"])
        #expect(try pokedex.header().version == BuiltInPokedex(bytes: reordered).header().version)
        #expect(try pokedex.header().version.count == 16)
        var changed = records
        changed[0].names["en"] = "Pikachu!"
        let changedVersion = try BuiltInPokedex(bytes: BuiltInPokedex.encode(source: "one", types: Self.types, species: changed)).header().version
        #expect(try changedVersion != pokedex.header().version)
        // The image is canonical too: the same input gives the same bytes.
        #expect(try CatalogBuilder.image(from: pokedex) == CatalogBuilder.image(from: BuiltInPokedex(bytes: data)))
    }

    @Test("A damaged file names the line that is wrong")
    func damaged() throws {
        let data = try BuiltInPokedex.encode(source: "test", types: Self.types, species: try Self.records())
        var lines = data.split(separator: UInt8(ascii: "\n")).map { Data($0) }
        lines[2] = Data(#"{"id": 25, "name": "#.utf8)
        let broken = BuiltInPokedex(bytes: Data(lines.joined(separator: Data("\n".utf8))))
        #expect(throws: Never.self) { try broken.header() }
        do {
            _ = try broken.species()
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
        // An image that is not a catalog is refused with a message, not a crash.
        #expect(throws: CatalogError.self) { try CollectionStore.inMemory(catalog: Catalog(image: Data("not a database".utf8))) }
    }

    @Test("A species fetched online shows the catalog's stats, abilities, evolution and breeding")
    func fetchedSpeciesKeepCatalogDetails() async throws {
        let store = try CollectionStore.inMemory()
        let pokedex = Pokedex(store: store)
        let builtIn = try #require(try await pokedex.species(id: 25))
        var fetched = try Fixtures.speciesData(25)
        fetched.names["en"] = "Pikachu (fetched)"
        fetched.stats = ["hp": 1]  // what a caller may carry: the cache keeps none of it
        try await store.saveSpecies(fetched)
        let shown = try #require(try await pokedex.species(id: 25))
        #expect(shown.source == .api && shown.names["en"] == "Pikachu (fetched)")
        #expect(shown.stats == builtIn.stats && shown.stats?["speed"] == 90)
        #expect(shown.abilities == builtIn.abilities && shown.evolvesFrom == 172 && shown.genderRate == 4)
        #expect(shown.evolution == builtIn.evolution && shown.eggGroups == ["ground", "fairy"])
        let profile = try await pokedex.profile(of: shown)
        #expect(profile.chain.map(\.id) == [25, 26, 172])
        // A species the catalog lacks has none of these.
        var unknown = fetched
        unknown.id = 20_000
        try await store.saveSpecies(unknown)
        let alone = try #require(try await pokedex.species(id: 20_000))
        #expect(alone.stats == nil && alone.abilities == nil && alone.evolutionChain == nil)
        #expect(try await pokedex.profile(of: alone).chain.map(\.id) == [20_000])
    }

    @Test("The embedded catalog is the committed JSON Lines, species for species, and rebuilding it gives the same bytes")
    func embeddedCatalogMatchesJSONLines() async throws {
        let source = BuiltInPokedex(bytes: try Fixtures.committedPokedex())
        let rebuilt = try CatalogBuilder.image(from: source)
        let embedded = Data(bytes: UnsafeRawPointer(bitPattern: Catalog.embedded.address)!, count: Catalog.embedded.count)
        #expect(try Catalog.paged(rebuilt) == embedded, "run `swift run PokedexGenerator --image-only` after changing pokedex.jsonl or the catalog schema")
        #expect(Catalog.database(paged: embedded) == rebuilt, "the embedded pages inflate to the database")
        let store = try CollectionStore.inMemory()
        let pokedex = Pokedex(store: store)
        let records = try source.species()
        #expect(records.count == 1025)
        let loaded = try await pokedex.species(ids: records.map(\.id))
        for record in records where loaded[record.id] != record {
            Issue.record("species #\(record.id) differs between pokedex.jsonl and the catalog")
        }
        #expect(try await pokedex.catalogVersion() == source.header().version)
        let typeNames = try await pokedex.typeNames()
        #expect(try typeNames.count == source.header().types.map(\.names.count).reduce(0, +))
    }
}

/// More of the Pokédex's tests: pages, languages, lookups, search and stats.
extension PokedexStoreTests {
    func caught(_ ids: Int...) async throws {
        for id in ids { _ = try await store.recordCatch(speciesID: id, isShiny: false, at: environment.clock.now()) }
    }

    @Test("dex list: a generation, a type by any of its names, caught or missing, a page and the total")
    func listFilters() async throws {
        try await caught(4, 6, 25)
        let fire = try await finder.resolveType("불꽃")
        #expect(fire == "fire")
        let fireInGeneration1 = try await pokedex.page(DexFilter(generation: 1, type: fire))
        #expect(fireInGeneration1.total == 12)
        #expect(fireInGeneration1.rows.prefix(3).map(\.id) == [4, 5, 6])
        #expect(try await pokedex.page(DexFilter(type: try await finder.resolveType("FIRE"), caught: .held)).rows.map(\.id) == [4, 6])
        let missing = try await pokedex.page(DexFilter(generation: 1, type: "fire", caught: .missing, offset: 1, limit: 2))
        #expect(missing.total == 10)
        #expect(missing.rows.map(\.id) == [37, 38])
        let page = try await pokedex.page(DexFilter(offset: 1020))
        #expect(page.total == 1025)
        #expect(page.rows.map(\.id) == [1021, 1022, 1023, 1024, 1025])
        let charmander = try #require(try await pokedex.page(DexFilter(limit: 4)).rows.last)
        #expect(charmander.caught == 1 && charmander.held == 1)
        #expect(charmander.typeList == "fire" && charmander.name == "Charmander")
    }

    @Test("Names and types come in the store's language, falling back to English")
    func localizedRows() async throws {
        let korean = Pokedex(store: store.reading(in: "ko"))
        let bulbasaur = try #require(try await korean.page(DexFilter(limit: 1)).rows.first)
        #expect(bulbasaur.name == "이상해씨")
        #expect(bulbasaur.typeNames == ["풀", "독"])
        #expect(bulbasaur.types == ["grass", "poison"])
    }

    @Test("An unknown generation or type is refused, saying which exist")
    func refusals() async throws {
        await #expect(throws: PokedexError.unknownGeneration(10, known: Array(1...9))) {
            try await finder.checkGeneration(10)
        }
        #expect(PokedexError.unknownGeneration(10, known: Array(1...9)).description.contains("Generations are 1–9."))
        #expect(PokedexError.unknownGeneration(3, known: []).description == "no species in that generation.")
        let error = await failure { try await finder.resolveType("flame") }
        guard case .unknownType(let type, let known, _) = error as? PokedexError else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(type == "flame")
        // In the reader's language and the games' order; no "???" (shadow, unknown) nor Stellar.
        #expect(known.count == 18 && known.first == "Normal" && known.last == "Fairy" && known.contains("Fire"))
        #expect(!known.contains("???") && !known.contains("Stellar"))
        let fire = await failure { try await SpeciesFinder(store: try CollectionStore.inMemory(language: "ko")).resolveType("불") }
        #expect((fire as? PokedexError)?.description.contains("불꽃") == true, "a name that starts so comes first: \(String(describing: fire))")
        // A few letters off: the nearest names are suggested.
        let misspelt = await failure { try await finder.resolveType("fyre") }
        #expect((misspelt as? PokedexError)?.description.hasPrefix("no such type. Did you mean Fire?") == true, "\(String(describing: misspelt))")
    }

    @Test("A species by number, by name in any language, or by a prefix of the shown name only when it is unique")
    func speciesMatching() async throws {
        #expect(try await finder.species(matching: "#25").name == "pikachu")
        #expect(try await finder.species(matching: "ピカチュウ").id == 25)
        #expect(try await finder.species(matching: "mr. mime").id == 122)
        #expect(try await finder.species(matching: "pikac").id == 25)
        await #expect(throws: PokedexError.self) { try await finder.species(matching: "pi") }
        let ambiguous = await failure { try await finder.species(matching: "nidoran") }
        #expect(ambiguous as? PokedexError == .ambiguous(query: "nidoran", matches: ["Nidoran♀ (#0029)", "Nidoran♂ (#0032)"]))
        await #expect(throws: PokedexError.noMatch(query: "99999", suggestions: [])) { try await finder.species(matching: "99999") }
    }

    @Test("A form's identifier typed whole wins over forms whose names in another language have its key")
    func exactFormIdentifier() async throws {
        // "Zygarde (50%)", the German name of zygarde-50-power-construct, has the key of zygarde-50.
        #expect(try await finder.pokemon(matching: "zygarde-50").form.identifier == "zygarde-50")
        #expect(try await finder.pokemon(matching: "Zygarde-10").form.identifier == "zygarde-10")
        #expect(try await finder.pokemon(matching: "zygarde-50-power-construct").form.identifier == "zygarde-50-power-construct")
        // Typed as a key only, both still match: the user is asked to choose.
        let ambiguous = await failure { try await finder.pokemon(matching: "zygarde 50") }
        guard case .ambiguous(_, let matches)? = ambiguous as? PokedexError else {
            Issue.record("expected an ambiguous match, got \(String(describing: ambiguous))")
            return
        }
        #expect(matches.count == 2)
    }

    @Test("Search by number with or without #, never on blank text")
    func searchNumbers() async throws {
        #expect(try await finder.search("#150").map(\.species.id) == [150])
        #expect(try await finder.search(" 150 ").map(\.species.id) == [150])
        #expect(try await finder.search("   ").isEmpty)
        #expect(try await finder.search("?!").isEmpty)
    }

    @Test("Search shows which name matched when it is not the displayed one, and held entries of the species")
    func searchMatchedName() async throws {
        try await caught(25, 25)
        let korean = try #require(try await finder.search("피카츄").first)
        #expect(korean.species.id == 25)
        #expect(korean.matchedName?.language == "ko")
        #expect(korean.matchedName?.name == "피카츄")
        #expect(korean.entries.count == 2)
        let english = try #require(try await finder.search("Pikachu").first)
        #expect(english.matchedName == nil)
    }

    @Test("Search finds nicknames, and only the entries whose nickname matched")
    func searchNicknames() async throws {
        try await caught(25, 25)
        _ = try await store.setNickname(entryID: 2, to: "Sparky", at: environment.clock.now())
        let results = try await finder.search("spark")
        #expect(results.map(\.species.id) == [25])
        #expect(results.first?.entries.map(\.id) == [2])
    }

    @Test("No suggestions for a blank or overlong query; near names otherwise")
    func suggestions() async throws {
        #expect(try await finder.suggestions(for: "").isEmpty)
        #expect(try await finder.suggestions(for: String(repeating: "pikachu", count: 6)).isEmpty)
        #expect(try await finder.suggestions(for: "pikachoo").first == "Pikachu (#0025)")
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
        let stats = try await pokedex.stats()
        #expect(stats.speciesCaught == 0 && stats.entries == 0 && stats.types.isEmpty)
        #expect(stats.generations.map(\.generation) == Array(1...9))
        #expect(stats.generations.map(\.total).reduce(0, +) == 1025)
        #expect(stats.generations.allSatisfy { $0.caught == 0 })
    }

    @Test("Stats count shiny and favorite Pokémon still held, and types by their localized names")
    func statsInKorean() async throws {
        try await caught(1, 1, 6)
        _ = try await store.recordCatch(speciesID: 25, isShiny: true, at: environment.clock.now())
        _ = try await store.setFavorite(entryID: 1, true, at: environment.clock.now())
        _ = try await store.release(entryID: 2, force: false, at: environment.clock.now())
        let stats = try await Pokedex(store: store.reading(in: "ko")).stats()
        #expect(stats.shiny == 1 && stats.favorites == 1 && stats.held == 3 && stats.released == 1)
        #expect(stats.speciesCaught == 3)
        // One of each: most common first, then by type.
        #expect(stats.types.map(\.type) == ["electric", "fire", "flying", "grass", "poison"])
        #expect(stats.types.map(\.name) == ["전기", "불꽃", "비행", "풀", "독"])
        #expect(stats.types.allSatisfy { $0.count == 1 })
    }
}
