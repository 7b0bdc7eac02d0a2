import Foundation
import MydexStore
import PokeAPI

/// Catches a random Pokémon: picks a species (uniformly, or weighted by capture rate), fetches
/// it from PokeAPI unless the cache has PokeAPI's data, rolls shininess, and records the catch
/// with its history row in one transaction. When PokeAPI cannot be reached, or `offline` is set,
/// the built-in Pokédex stands in and the result says why.
public struct CatchService: Sendable {
    public static let shinyOdds = 4096
    static let speciesCountKey = "species-count"
    static let speciesCountMaxAge: TimeInterval = 24 * 60 * 60
    /// Ids from 10001 on are alternate forms, not species.
    static let firstFormID = 10001

    public struct Options: Sendable {
        /// Use only the built-in Pokédex: no request at all.
        public var offline = false
        /// Pick only from this generation.
        public var generation: Int?
        /// Weight species by capture rate, so that legendaries are rare.
        public var weighted = false

        public init(offline: Bool = false, generation: Int? = nil, weighted: Bool = false) {
            self.offline = offline
            self.generation = generation
            self.weighted = weighted
        }
    }

    public struct Result: Sendable {
        public var entry: CollectionEntry
        /// Whether the species came from PokeAPI just now (false: from the store).
        public var fetchedSpecies: Bool
        /// Set when the built-in Pokédex stood in for PokeAPI: why.
        public var offlineReason: String?
    }

    let store: CollectionStore
    let api: any PokeAPIClient
    let clock: any MydexClock
    let pokedex: PokedexService

    public init(store: CollectionStore, api: any PokeAPIClient, clock: any MydexClock, builtIn: BuiltInPokedex = .embedded) {
        self.store = store
        self.api = api
        self.clock = clock
        pokedex = PokedexService(store: store, clock: clock, builtIn: builtIn)
    }

    public func catchRandom(using generator: inout SeededGenerator, options: Options = Options()) async throws -> Result {
        try await pokedex.prepare()
        var offlineReason: String? = options.offline ? "offline mode" : nil

        // Both rolls come from the generator before any species request, so a seed fixes the outcome.
        let speciesID: Int
        if options.generation == nil && !options.weighted {
            let count: Int
            if offlineReason == nil {
                do {
                    count = try await speciesCount()
                } catch let error as PokeAPIError where error.isUnreachable {
                    offlineReason = error.reason
                    count = try await builtInSpeciesCount()
                }
            } else {
                count = try await builtInSpeciesCount()
            }
            speciesID = generator.nextInt(below: count) + 1
        } else {
            speciesID = try await pick(options, using: &generator)
        }
        let isShiny = generator.nextInt(below: Self.shinyOdds) == 0

        let stored = try await store.species(id: speciesID)
        var fetched: SpeciesData?
        if offlineReason == nil && stored?.source != .api {
            do {
                fetched = try await api.speciesData(id: speciesID, fetchedAt: clock.now())
            } catch let error as PokeAPIError where error.isUnreachable && stored != nil {
                offlineReason = error.reason
            }
        }
        let entry = try await store.recordCatch(
            speciesID: speciesID, isShiny: isShiny, at: clock.now(), fetchedSpecies: fetched)
        return Result(entry: entry, fetchedSpecies: fetched != nil, offlineReason: offlineReason)
    }

    /// A pick among the stored species of a generation, uniform or weighted by capture rate.
    func pick(_ options: Options, using generator: inout SeededGenerator) async throws -> Int {
        let candidates = try await store.catchCandidates(generation: options.generation)
            .filter { $0.id < Self.firstFormID }
        guard !candidates.isEmpty else {
            let known = Set(try await store.allSpecies().compactMap(\.generation)).sorted()
            throw PokedexError.unknownGeneration(options.generation ?? 0, known: known)
        }
        guard options.weighted else { return candidates[generator.nextInt(below: candidates.count)].id }
        // A capture rate of 255 (Caterpie) is 85 times as likely as 3 (Mewtwo).
        let total = candidates.reduce(0) { $0 + max($1.captureRate, 1) }
        var roll = generator.nextInt(below: total)
        for candidate in candidates {
            roll -= max(candidate.captureRate, 1)
            if roll < 0 { return candidate.id }
        }
        return candidates[candidates.count - 1].id
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

    func builtInSpeciesCount() async throws -> Int {
        try await store.catchCandidates(generation: nil).filter { $0.id < Self.firstFormID }.count
    }
}
