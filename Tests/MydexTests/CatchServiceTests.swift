import Foundation
import Testing
@testable import MydexServices
@testable import MydexStore
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
        #expect(result.entry.species.id == speciesID)
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
        let shinies = (0..<rolls).filter { _ in generator.nextInt(below: CatchService.shinyOdds) == 0 }.count
        #expect((60...140).contains(shinies))
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

    @Test("When PokeAPI fails, nothing is written")
    func failureWritesNothing() async throws {
        let api = try LivePokeAPIClient(
            baseURL: "http://pokeapi.test/api/v2", transport: UnreachableTransport(), userAgent: "mydex/test",
            sleep: { _ in }, unitRandom: { 0 }, now: { TestClock.start })
        let service = CatchService(store: store, api: api, clock: environment.clock)
        var generator = SeededGenerator(seed: 1)
        await #expect(throws: PokeAPIError.self) { try await service.catchRandom(using: &generator) }
        #expect(try await store.counts() == CollectionCounts(entries: 0, released: 0, historyRows: 0, cachedSpecies: 0))
    }

    @Test("PokeAPI data becomes the cached species: names in every language, cleaned flavor text")
    func speciesMapping() throws {
        let pikachu = try Fixtures.speciesData(25)
        #expect(pikachu.name == "pikachu")
        #expect(pikachu.localization("ko")?.name == "피카츄")
        #expect(pikachu.localization("JA-HRKT")?.name == "ピカチュウ")
        #expect(pikachu.localization("en")?.genus == "Mouse Pokémon")
        #expect(pikachu.types == ["electric"])
        #expect(pikachu.generation == 1)
        #expect(pikachu.heightDecimetres == 4)
        #expect(pikachu.cryURL?.hasSuffix("latest/25.ogg") == true)
        for localization in pikachu.localizations {
            let text = localization.flavorText ?? ""
            #expect(!text.contains("\n") && !text.contains("\u{0C}") && !text.contains("\u{AD}"))
        }
        #expect(try Fixtures.speciesData(151).isMythical)
        #expect(try Fixtures.speciesData(150).isLegendary)
        #expect(FlavorText.clean("When several of\nthese POKéMON\u{0C}gather, their elec\u{AD}\ntricity") == "When several of these POKéMON gather, their electricity")
    }
}
