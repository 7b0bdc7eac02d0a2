import Foundation
import MydexStore
import PokeAPI

/// Catches a random Pokémon: picks a species uniformly from the national Pokédex, fetches what
/// the cache lacks, rolls shininess, and records the catch with its history row in one transaction.
public struct CatchService: Sendable {
    public static let shinyOdds = 4096
    static let speciesCountKey = "species-count"
    static let speciesCountMaxAge: TimeInterval = 24 * 60 * 60
    /// Ids from 10001 on are alternate forms, not species.
    static let firstFormID = 10001

    public struct Result: Sendable {
        public var entry: CollectionEntry
        /// Whether the species came from PokeAPI just now (false: from the cache).
        public var fetchedSpecies: Bool
    }

    let store: CollectionStore
    let api: any PokeAPIClient
    let clock: any MydexClock

    public init(store: CollectionStore, api: any PokeAPIClient, clock: any MydexClock) {
        self.store = store
        self.api = api
        self.clock = clock
    }

    public func catchRandom(using generator: inout SeededGenerator) async throws -> Result {
        let count = try await speciesCount()
        // Both rolls come from the generator before any I/O, so a seed fixes the outcome.
        let speciesID = generator.nextInt(below: count) + 1
        let isShiny = generator.nextInt(below: Self.shinyOdds) == 0
        let fetched = try await fetchIfMissing(speciesID: speciesID)
        let entry = try await store.recordCatch(
            speciesID: speciesID, isShiny: isShiny, at: clock.now(), fetchedSpecies: fetched)
        return Result(entry: entry, fetchedSpecies: fetched != nil)
    }

    /// The number of species, from the cache when fetched within a day.
    func speciesCount() async throws -> Int {
        let now = clock.now()
        if let cached = try await store.fact(Self.speciesCountKey, freshAfter: now - Self.speciesCountMaxAge),
           let count = Int(cached), (1..<Self.firstFormID).contains(count) {
            return count
        }
        let count = try await api.speciesCount()
        guard (1..<Self.firstFormID).contains(count) else {
            throw PokeAPIError.undecodable(
                url: "pokemon-species", detail: "a species count of \(count) is not plausible")
        }
        try await store.saveFact(Self.speciesCountKey, value: String(count), fetchedAt: now)
        return count
    }

    /// The species from PokeAPI when the cache lacks it (both requests at once), else nil.
    /// No transaction is open while the requests run.
    func fetchIfMissing(speciesID: Int) async throws -> SpeciesData? {
        if try await store.species(id: speciesID) != nil { return nil }
        async let pokemon = api.pokemon(id: speciesID)
        async let species = api.species(id: speciesID)
        return SpeciesData(pokemon: try await pokemon, species: try await species, fetchedAt: clock.now())
    }
}
