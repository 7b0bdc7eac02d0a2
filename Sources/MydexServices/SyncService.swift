import Foundation
import MydexStore
import PokeAPI

/// Refreshes the Pokédex from PokeAPI: every species not fetched within `maxAge`, at most
/// `concurrency` requests in flight, each species saved as soon as it arrives so that an
/// interrupted or partly failed sync keeps what it got and the next run resumes.
public struct SyncService: Sendable {
    public static let maxConcurrency = 8

    public struct Progress: Sendable, Equatable {
        public var done: Int
        public var total: Int
        public var failed: Int
    }

    public struct Summary: Sendable, Codable, Equatable {
        public struct Failure: Sendable, Codable, Equatable {
            public var speciesID: Int
            public var reason: String
        }
        public var total: Int
        public var fetched: Int
        /// Already fetched from PokeAPI within the freshness window.
        public var fresh: Int
        public var failures: [Failure]
        public var typesUpdated: Bool
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

    public func sync(
        maxAge: TimeInterval, concurrency: Int = maxConcurrency,
        progress: @escaping @Sendable (Progress) -> Void = { _ in }
    ) async throws -> Summary {
        try await pokedex.prepare()
        let count = try await api.speciesCount()
        let freshAfter = clock.now() - maxAge
        let fetchDates = try await store.apiFetchDates()
        let stale = (1...max(count, 1)).filter { id in (fetchDates[id].map { $0 <= freshAfter }) ?? true }
        var summary = Summary(
            total: count, fetched: 0, fresh: count - stale.count, failures: [], typesUpdated: false)
        progress(Progress(done: summary.fresh, total: count, failed: 0))

        // Each species takes two requests at once, so half as many species as requests in flight;
        // a limit of one fetches a species' two requests one after the other.
        let limit = min(max(concurrency, 1), Self.maxConcurrency)
        let parallelSpecies = max(1, limit / 2)
        await withTaskGroup(of: (Int, String?).self) { group in
            var queue = stale.makeIterator()
            func startNext() -> Bool {
                guard let id = queue.next() else { return false }
                group.addTask { await (id, refresh(speciesID: id, oneAtATime: limit == 1)) }
                return true
            }
            for _ in 0..<parallelSpecies where !startNext() { break }
            while let (id, failure) = await group.next() {
                if let failure {
                    summary.failures.append(.init(speciesID: id, reason: failure))
                } else {
                    summary.fetched += 1
                }
                progress(Progress(done: summary.fresh + summary.fetched + summary.failures.count, total: count, failed: summary.failures.count))
                _ = startNext()
            }
        }
        summary.failures.sort { $0.speciesID < $1.speciesID }
        do {
            let types = try await api.types()
            try await store.saveTypeNames(types.flatMap(TypeLocalization.from))
            summary.typesUpdated = true
        } catch let error as PokeAPIError {
            summary.failures.append(.init(speciesID: 0, reason: "type names: \(error.description)"))
        }
        return summary
    }

    /// Fetches and saves one species; returns why it failed, if it did.
    private func refresh(speciesID: Int, oneAtATime: Bool) async -> String? {
        do {
            try await store.saveSpecies(
                try await api.speciesData(id: speciesID, fetchedAt: clock.now(), oneAtATime: oneAtATime))
            return nil
        } catch {
            return String(describing: error)
        }
    }
}
