import Foundation
import MydexCatalog
import MydexModel
import MydexStore
import PokeAPI

/// Catches a random Pokémon: picks a species (uniformly, or weighted by capture rate), fetches
/// it from PokeAPI unless the cache has PokeAPI's data, rolls shininess, and records the catch
/// with its history row in one transaction. When PokeAPI cannot be reached (now, or within the
/// last five minutes), or `offline` is set, the built-in Pokédex stands in and the result says why.
public struct CatchService: Sendable {
    public static let shinyOdds = RandomSpecies.shinyOdds

    public struct Options: Sendable {
        /// Use only the built-in Pokédex: no request at all.
        public var offline = false
        /// Pick only from this generation.
        public var generation: Int?
        /// Weight species by capture rate, so that legendaries are rare.
        public var weighted = false
        /// Ask PokeAPI even when it was unreachable a few minutes ago.
        public var retryNetwork = false

        public init(offline: Bool = false, generation: Int? = nil, weighted: Bool = false, retryNetwork: Bool = false) {
            self.offline = offline
            self.generation = generation
            self.weighted = weighted
            self.retryNetwork = retryNetwork
        }
    }

    public struct Result: Sendable {
        public var entry: CollectionEntry
        /// Whether the species came from PokeAPI just now (false: from the store).
        public var fetchedSpecies: Bool
        /// Set when the built-in Pokédex stood in for PokeAPI: why.
        public var offlineReason: String?
        /// Set when PokeAPI was not asked because it was unreachable this recently: when.
        public var unreachableSince: Date?
    }

    let store: CollectionStore
    let api: any PokeAPIClient
    let clock: any MydexClock
    let pokedex: Pokedex
    let facts: PokeAPIFacts

    public init(store: CollectionStore, api: any PokeAPIClient, clock: any MydexClock) {
        self.store = store
        self.api = api
        self.clock = clock
        pokedex = Pokedex(store: store)
        facts = PokeAPIFacts(store: store, api: api, clock: clock)
    }

    public func catchRandom(using generator: inout SeededGenerator, options: Options = Options()) async throws -> Result {
        var offlineReason: String? = options.offline ? "offline mode" : nil
        let lastFailure = options.offline ? nil : try await facts.lastFailure()
        var unreachableSince: Date?
        if !options.offline, !options.retryNetwork, let lastFailure, facts.isRecent(lastFailure) {
            offlineReason = lastFailure.reason
            unreachableSince = lastFailure.at
        }
        // Whether PokeAPI answered this catch, and whether it failed to: only an answer with no
        // failure clears the memory of an earlier failure.
        var (answered, failed) = (false, false)

        // Both rolls come from the generator before any species request, so a seed fixes the outcome.
        let speciesID: Int
        if options.generation == nil && !options.weighted {
            let count: Int
            if offlineReason == nil {
                do {
                    (count, answered) = try await facts.speciesCount(freshAfter: clock.now() - PokeAPIFacts.speciesCountMaxAge)
                } catch let error as PokeAPIError where error.isUnreachable {
                    try await facts.rememberFailure(error)
                    failed = true
                    offlineReason = error.reason
                    count = try await builtInSpeciesCount()
                }
            } else {
                count = try await builtInSpeciesCount()
            }
            speciesID = RandomSpecies.uniform(among: count, using: &generator)
        } else {
            speciesID = try await pick(options, using: &generator)
        }
        let isShiny = RandomSpecies.rollShiny(using: &generator)
        // Then the form: one the species is met in in the wild, each as likely. Drawn only when
        // there is a choice, so a seed catches the same species and shininess as before forms.
        let wildForms = try await pokedex.wildFormIDs(ofSpecies: speciesID)
        let formID = wildForms.count > 1 ? wildForms[Int.random(in: 0..<wildForms.count, using: &generator)] : nil

        var fetched: Species?
        // Offline, where the species' data came from does not matter: not asked (catch --count makes many).
        if offlineReason == nil, case let stored = try await pokedex.source(ofSpecies: speciesID), stored != .api {
            do {
                fetched = try await api.speciesData(id: speciesID, fetchedAt: clock.now())
                answered = true
            } catch let error as PokeAPIError where error.isUnreachable {
                try await facts.rememberFailure(error)
                failed = true
                guard stored != nil else { throw error }
                offlineReason = error.reason
            }
        }
        if answered && !failed { try await facts.requestSucceeded(after: lastFailure) }
        // The individual, by the latest generation's rules (a catch names no game), drawn in
        // the write's transaction from what it reads there.
        var drawing = IndividualMaker.generator(beside: generator)
        let candidate = UInt32(truncatingIfNeeded: drawing.next())
        let individualDraw = drawing
        let entry = try await store.recordCatch(
            speciesID: speciesID, formID: formID, isShiny: isShiny, factsFormID: formID ?? wildForms.first ?? speciesID,
            trainerCandidate: candidate, at: clock.now(), fetchedSpecies: fetched
        ) { facts, trainerID in
            var generator = individualDraw
            return IndividualMaker.make(facts, isShiny: isShiny, trainerID: trainerID, using: &generator)
        }
        return Result(
            entry: entry, fetchedSpecies: fetched != nil, offlineReason: offlineReason, unreachableSince: unreachableSince)
    }

    /// A pick among the stored species of a generation, uniform or weighted by capture rate.
    func pick(_ options: Options, using generator: inout SeededGenerator) async throws -> Int {
        try await RandomSpecies(store: store).pick(generation: options.generation, weighted: options.weighted, using: &generator)
    }

    func builtInSpeciesCount() async throws -> Int {
        try await pokedex.builtInSpeciesCount()
    }
}
