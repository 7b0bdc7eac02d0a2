import Foundation
import MydexCatalog
import MydexModel
import MydexStore
import PokeAPI

/// Refreshes the Pokédex from PokeAPI: every species not fetched within `maxAge`, at most
/// `concurrency` requests in flight, each species saved as soon as it arrives so that an
/// interrupted or partly failed sync keeps what it got and the next run resumes. Type names and
/// the species count are refreshed under the same `maxAge`, so a sync of fresh data asks nothing.
/// Cancelling the calling task (Ctrl-C) stops it: what was saved stays saved.
public struct SyncService: Sendable {
    public static let maxConcurrency = 8
    /// After this many species in a row fail because PokeAPI cannot be reached, the sync stops
    /// rather than wait on each of the rest.
    public static let unreachableStreakLimit = 8

    public struct Progress: Sendable, Equatable {
        public var done: Int
        public var total: Int
        public var failed: Int
        /// Of `done`, the species that were already fresh (not fetched by this run).
        public var fresh: Int

        public init(done: Int, total: Int, failed: Int, fresh: Int = 0) {
            self.done = done
            self.total = total
            self.failed = failed
            self.fresh = fresh
        }
    }

    public struct Summary: Sendable, Codable, Equatable {
        public struct Failure: Sendable, Codable, Equatable {
            public var speciesID: Int
            public var reason: String
        }

        public enum TypeNames: String, Sendable, Codable, Equatable {
            /// Fetched and saved by this run.
            case refreshed
            /// Fetched within the freshness window: not asked for.
            case fresh
            case failed
            /// The sync stopped before it got to them.
            case notTried = "not-tried"
        }

        public enum Stop: String, Sendable, Codable, Equatable {
            /// Ctrl-C.
            case interrupted
            /// Species after species found PokeAPI unreachable.
            case unreachable
        }

        public var total: Int
        public var fetched: Int
        /// Already fetched from PokeAPI within the freshness window.
        public var fresh: Int
        public var failures: [Failure]
        /// Stale species the sync stopped before trying.
        public var notTried: Int
        public var typeNames: TypeNames
        public var typeNamesFailure: String?
        public var stopped: Stop?

        /// Species that are up to date now: `synced + failures + notTried == total`.
        public var synced: Int { fetched + fresh }
    }

    let store: CollectionStore
    let api: any PokeAPIClient
    let clock: any MydexClock
    let facts: PokeAPIFacts

    public init(store: CollectionStore, api: any PokeAPIClient, clock: any MydexClock) {
        self.store = store
        self.api = api
        self.clock = clock
        facts = PokeAPIFacts(store: store, api: api, clock: clock)
    }

    public func sync(
        maxAge: TimeInterval, concurrency: Int = maxConcurrency,
        progress: @escaping @Sendable (Progress) -> Void = { _ in }
    ) async throws -> Summary {
        let now = clock.now()
        let freshAfter = now - maxAge
        let lastFailure = try await facts.lastFailure()
        var answered = false
        let count: Int
        do {
            (count, answered) = try await facts.speciesCount(freshAfter: max(freshAfter, now - PokeAPIFacts.speciesCountMaxAge))
        } catch let error as PokeAPIError where error.isUnreachable {
            try await facts.rememberFailure(error)
            throw error
        }
        let fetchDates = try await store.apiFetchDates()
        let stale = (1...max(count, 1)).filter { id in (fetchDates[id].map { $0 <= freshAfter }) ?? true }
        var summary = Summary(
            total: count, fetched: 0, fresh: count - stale.count, failures: [], notTried: 0, typeNames: .notTried)
        func report() {
            progress(Progress(
                done: summary.synced + summary.failures.count, total: count, failed: summary.failures.count,
                fresh: summary.fresh))
        }
        report()

        // Each species takes two requests at once, so half as many species as requests in flight;
        // a limit of one fetches a species' two requests one after the other.
        let limit = min(max(concurrency, 1), Self.maxConcurrency)
        let parallelSpecies = max(1, limit / 2)
        var unreachableStreak: [PokeAPIError] = []
        await withTaskGroup(of: (Int, Outcome).self) { group in
            var queue = stale.makeIterator()
            func startNext() -> Bool {
                guard summary.stopped == nil, !Task.isCancelled, let id = queue.next() else { return false }
                group.addTask { await (id, refresh(speciesID: id, oneAtATime: limit == 1)) }
                return true
            }
            for _ in 0..<parallelSpecies where !startNext() { break }
            while let (id, outcome) = await group.next() {
                switch outcome {
                case .saved:
                    summary.fetched += 1
                    answered = true
                    unreachableStreak = []
                case .failed(let error):
                    summary.failures.append(.init(speciesID: id, reason: String(describing: error)))
                    let unreachable = (error as? PokeAPIError).flatMap { $0.isUnreachable ? $0 : nil }
                    unreachableStreak = unreachable.map { unreachableStreak + [$0] } ?? []
                case .cancelled:
                    break
                }
                if Task.isCancelled {
                    summary.stopped = .interrupted
                } else if summary.stopped == nil, unreachableStreak.count >= Self.unreachableStreakLimit {
                    summary.stopped = .unreachable
                    group.cancelAll()
                }
                report()
                _ = startNext()
            }
        }
        summary.failures.sort { $0.speciesID < $1.speciesID }
        summary.notTried = stale.count - summary.fetched - summary.failures.count
        if let error = unreachableStreak.last, summary.stopped == .unreachable {
            try await facts.rememberFailure(error)
        }
        guard summary.stopped == nil else { return summary }

        (summary.typeNames, summary.typeNamesFailure) = await refreshTypeNames(freshAfter: freshAfter, concurrency: limit)
        switch summary.typeNames {
        case .refreshed: answered = true
        case .notTried: summary.stopped = .interrupted
        case .fresh, .failed: break
        }
        if answered, summary.stopped == nil { try await facts.requestSucceeded(after: lastFailure) }
        return summary
    }

    private enum Outcome: Sendable {
        case saved
        case failed(any Error)
        /// Stopped by Ctrl-C before it was saved.
        case cancelled
    }

    /// Fetches and saves one species.
    private func refresh(speciesID: Int, oneAtATime: Bool) async -> Outcome {
        do {
            let species = try await api.speciesData(id: speciesID, fetchedAt: clock.now(), oneAtATime: oneAtATime)
            // A species that arrived is saved even when Ctrl-C came meanwhile (an unstructured task
            // is not cancelled with this one), so "N species saved" counts exactly what is kept.
            try await Task { try await store.saveSpecies(species) }.value
            return .saved
        } catch {
            return Task.isCancelled ? .cancelled : .failed(error)
        }
    }

    /// Type names, unless fetched within the freshness window; nil failure unless they failed.
    private func refreshTypeNames(freshAfter: Date, concurrency: Int) async -> (Summary.TypeNames, String?) {
        do {
            if let fetched = try await store.typeNamesFetchedAt(), fetched > freshAfter { return (.fresh, nil) }
            let types = try await api.types(concurrency: concurrency)
            try await store.saveTypeNames(types.flatMap(TypeName.from), fetchedAt: clock.now())
            return (.refreshed, nil)
        } catch {
            return Task.isCancelled ? (.notTried, nil) : (.failed, String(describing: error))
        }
    }
}
