import Foundation
import Testing
@testable import MydexServices
@testable import MydexStore
@testable import MydexModel
import PokeAPI

@Suite("Catching")
struct CatchServiceTests {
    let environment: TestEnvironment
    let transport = FixtureTransport()
    let store: CollectionStore

    init() throws {
        environment = try TestEnvironment()
        store = try environment.openStore()
    }

    private var service: CatchService {
        get throws {
            let api = try LivePokeAPIClient(
                baseURL: "http://pokeapi.test/api/v2", transport: transport, userAgent: "mydex/test",
                sleep: { _ in }, unitRandom: { 0 }, now: { TestClock.start })
            return CatchService(store: store, api: api, clock: environment.clock)
        }
    }

    @Test("A seed picks the same species every time", arguments: Fixtures.speciesIDs)
    func seededCatch(speciesID: Int) async throws {
        var generator = SeededGenerator(seed: Fixtures.seed(catching: speciesID))
        let result = try await service.catchRandom(using: &generator)
        #expect(result.entry.speciesID == speciesID)
        #expect(result.fetchedSpecies)
    }

    @Test("The pick is uniform over the whole Pokédex")
    func uniformPick() {
        var generator = SeededGenerator(seed: 7)
        var counts = [Int](repeating: 0, count: 1025)
        let draws = 1025 * 200
        for _ in 0..<draws { counts[generator.nextInt(below: 1025)] += 1 }
        // Every species is reachable and none is far from the expected 200 draws.
        #expect(counts.min()! > 120)
        #expect(counts.max()! < 290)
    }

    @Test("Shiny odds are 1 in 4096")
    func shinyOdds() {
        var generator = SeededGenerator(seed: 99)
        let rolls = 4096 * 100
        let shinies = (0..<rolls).filter { _ in RandomSpecies.rollShiny(using: &generator) }.count
        // The count the rule gives for this seed: other odds, or another roll, give another.
        #expect(shinies == 96)
        #expect(CatchService.shinyOdds == 4096)
    }

    @Test("A cached species makes no request; the species count is cached for a day")
    func cacheAvoidsRequests() async throws {
        let seed = Fixtures.seed(catching: 25)
        var first = SeededGenerator(seed: seed)
        _ = try await service.catchRandom(using: &first)
        #expect(transport.requestedURLs.sorted() == [
            "http://pokeapi.test/api/v2/pokemon-species/25/",
            "http://pokeapi.test/api/v2/pokemon-species/?limit=1",
            "http://pokeapi.test/api/v2/pokemon/25/",
        ])
        var second = SeededGenerator(seed: seed)
        let again = try await service.catchRandom(using: &second)
        #expect(!again.fetchedSpecies)
        #expect(transport.requestedURLs.count == 3, "the second catch of Pikachu made a request")

        environment.clock.advance(by: 25 * 60 * 60)
        var third = SeededGenerator(seed: seed)
        _ = try await service.catchRandom(using: &third)
        #expect(transport.requestedURLs.count == 4)
        #expect(transport.requestedURLs.last == "http://pokeapi.test/api/v2/pokemon-species/?limit=1")
        #expect(try await store.entries().count == 3)
    }

    private func service(transport: any HTTPTransport) throws -> CatchService {
        let api = try LivePokeAPIClient(
            baseURL: "http://pokeapi.test/api/v2", transport: transport, userAgent: "mydex/test",
            sleep: { _ in }, unitRandom: { 0 }, now: { TestClock.start })
        return CatchService(store: store, api: api, clock: environment.clock)
    }

    @Test("When PokeAPI cannot be reached, the built-in Pokédex stands in and says why")
    func unreachableFallsBack() async throws {
        var generator = SeededGenerator(seed: Fixtures.seed(catching: 25))
        let result = try await service(transport: UnreachableTransport()).catchRandom(using: &generator)
        #expect(result.entry.speciesID == 25)
        #expect(try await Pokedex(store: store).species(id: 25)?.source == .builtin)
        #expect(result.offlineReason?.contains("Could not resolve host") == true)
        #expect(try await store.history(limit: nil).count == 1)
    }

    @Test("Offline mode makes no request at all")
    func offlineMakesNoRequest() async throws {
        var generator = SeededGenerator(seed: 3)
        let result = try await service(transport: UnstubbedTransport())
            .catchRandom(using: &generator, options: .init(offline: true))
        #expect(result.offlineReason == "offline mode")
        #expect(!result.fetchedSpecies)
    }

    @Test("Errors other than unreachability are reported and nothing is written")
    func otherErrorsWriteNothing() async throws {
        let broken = FixtureTransport(overrides: [
            "pokemon/25/": HTTPResponse(status: 200, contentType: "text/html", body: Data("<html></html>".utf8)),
        ])
        var generator = SeededGenerator(seed: Fixtures.seed(catching: 25))
        await #expect(throws: PokeAPIError.self) { try await service(transport: broken).catchRandom(using: &generator) }
        #expect(try await store.counts().entries == 0)
        #expect(try await store.history(limit: nil).isEmpty)
    }

    @Test("--generation picks only from that generation")
    func generationFilter() async throws {
        let offline = try service(transport: UnstubbedTransport())
        for seed in 0..<40 {
            var generator = SeededGenerator(seed: UInt64(seed))
            let result = try await offline.catchRandom(using: &generator, options: .init(offline: true, generation: 4))
            #expect((387...493).contains(result.entry.speciesID))
        }
        var generator = SeededGenerator(seed: 1)
        await #expect(throws: PokedexError.unknownGeneration(12, known: Array(1...9))) {
            try await offline.catchRandom(using: &generator, options: .init(offline: true, generation: 12))
        }
    }

    @Test("--weighted makes legendaries and mythicals rare")
    func weightedPick() async throws {
        let offline = try service(transport: UnstubbedTransport())
        let all = try await Pokedex(store: store).species(ids: Array(1...1025))
        let rare = Set(all.values.filter { $0.legendary || $0.mythical }.map(\.id))
        var weighted = SeededGenerator(seed: 11)
        var uniform = SeededGenerator(seed: 11)
        var rareWeighted = 0, rareUniform = 0
        let draws = 1500
        for _ in 0..<draws {
            if rare.contains(try await offline.pick(.init(weighted: true), using: &weighted)) { rareWeighted += 1 }
            if rare.contains(try await offline.pick(.init(), using: &uniform)) { rareUniform += 1 }
        }
        // About 7% of species are legendary or mythical; weighted by capture rate (mostly 3), several times fewer.
        #expect(rareUniform > draws * 4 / 100)
        #expect(rareWeighted * 4 < rareUniform)
    }

    @Test("PokeAPI data becomes the cached species: names in every language, cleaned flavor text")
    func speciesMapping() throws {
        let pikachu = try Fixtures.speciesData(25)
        #expect(pikachu.name == "pikachu")
        #expect(pikachu.names["ko"] == "피카츄")
        #expect(pikachu.names["ja-hrkt"] == "ピカチュウ", "language codes are lower-case")
        #expect(pikachu.genera["en"] == "Mouse Pokémon")
        #expect(pikachu.types == ["electric"])
        #expect(pikachu.generation == 1)
        #expect(pikachu.height == 4)
        #expect(pikachu.cry?.hasSuffix("latest/25.ogg") == true)
        for text in pikachu.flavorTexts.values {
            #expect(!text.contains("\n") && !text.contains("\u{0C}") && !text.contains("\u{AD}"))
        }
        #expect(try Fixtures.speciesData(151).mythical)
        #expect(try Fixtures.speciesData(150).legendary)
        #expect(FlavorText.clean("When several of\nthese POKéMON\u{0C}gather, their elec\u{AD}\ntricity") == "When several of these POKéMON gather, their electricity")
    }
}
