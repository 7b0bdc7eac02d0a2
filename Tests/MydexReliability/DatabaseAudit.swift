import Foundation
import GRDB
import MydexStore
import MydexModel

/// Reads a mydex database the way a reviewer would after a crash or a storm: is it intact, and
/// does every change have its history row and every history row its change? It reads through
/// `CollectionStore`, as the next `mydex` would (a hot journal left by a killed process is rolled
/// back on open), never the tables themselves.
public struct DatabaseAudit: Sendable {
    public struct Counts: Sendable, Equatable {
        public var entries: Int
        public var released: Int
        public var history: Int
    }

    public struct Report: Sendable {
        public var integrity: String
        public var counts: Counts
        /// Broken invariants, each described.
        public var violations: [String]

        public var isSound: Bool { integrity == "ok" && violations.isEmpty }
    }

    /// The collection and its history: equal snapshots mean nothing changed.
    public struct Snapshot: Sendable, Equatable {
        /// Every entry, released ones too, in entry order.
        public var entries: [CollectionEntry]
        /// Oldest first.
        public var history: [HistoryEntry]
    }

    public let path: String

    public init(path: String) { self.path = path }

    /// The SQLite library version mydex links (the system's libsqlite3).
    public static func sqliteVersion() -> String {
        (try? DatabaseQueue().read { try String.fetchOne($0, sql: "SELECT sqlite_version()") }) ?? "unknown"
    }

    /// Opens the collection (never creating one), waiting for other processes' locks, and reads it.
    /// Blocks the calling thread: for the suite's own threads only.
    private func reading<T: Sendable>(_ body: @escaping @Sendable (CollectionStore) async throws -> T) throws -> T {
        let path = path
        return try blocking {
            let store = try CollectionStore.open(path: path, create: false, busyTimeout: 30)
            defer { try? store.close() }
            return try await body(store)
        }
    }

    public func snapshot() throws -> Snapshot {
        try reading { store in
            Snapshot(
                entries: try await store.entries(EntryQuery(includeReleased: true)),
                history: try await store.history(limit: nil).reversed())
        }
    }

    /// A damaged file is a finding, not a failure to audit: its report says what SQLite found.
    public func report() throws -> Report {
        do {
            return try reading { store in
                let integrity = try await store.integrityReport()
                let stored = try await store.counts()
                let counts = Counts(entries: stored.entries, released: stored.released, history: stored.historyRows)
                let entries = try await store.entries(EntryQuery(includeReleased: true))
                let history = try await store.history(limit: nil)
                var violations = Self.violations(entries: entries, history: history.reversed())
                if entries.count != counts.entries {
                    violations.append("\(counts.entries - entries.count) of \(counts.entries) entries could not be read with their species")
                }
                return Report(integrity: integrity, counts: counts, violations: violations)
            }
        } catch StoreError.damagedDatabase(_, let detail) {
            return Report(integrity: detail, counts: Counts(entries: 0, released: 0, history: 0), violations: [])
        }
    }

    /// Replays the history (oldest first) and compares it with the collection's state.
    static func violations(entries: [CollectionEntry], history: [HistoryEntry]) -> [String] {
        struct State: Equatable {
            var caught = false
            var released = false
            var favorite = false
            var nickname: String?
        }
        var replayed: [Int64: State] = [:]
        var problems: [String] = []
        for row in history {
            guard let entry = row.entryID else {
                if row.action != .restore { problems.append("a \(row.action.rawValue) history row names no entry") }
                continue
            }
            var state = replayed[entry] ?? State()
            switch row.action {
            case .catch, .import, .add:
                // An imported entry's nickname, mark and release follow as rows of their own.
                if state.caught { problems.append("entry #\(entry) was caught twice") }
                state.caught = true
            case .unrelease: state.released = false
            case .release:
                // A released Pokémon is no favorite (schema 3).
                state.released = true
                state.favorite = false
            case .favorite: state.favorite = true
            case .unfavorite: state.favorite = false
            case .nicknameSet: state.nickname = (row.detail ?? "").components(separatedBy: " (was ").first
            case .nicknameCleared: state.nickname = nil
            case .restore: problems.append("a restore history row names entry #\(entry)")
            }
            replayed[entry] = state
        }
        var seen = Set<Int64>()
        for entry in entries {
            let id = entry.id
            seen.insert(id)
            guard let state = replayed[id], state.caught else {
                problems.append("entry #\(id) has no catch in the history")
                continue
            }
            let pokemon = entry
            if pokemon.isReleased != state.released {
                problems.append("entry #\(id): released \(pokemon.isReleased), history says \(state.released)")
            }
            if pokemon.isFavorite != state.favorite {
                problems.append("entry #\(id): favorite \(pokemon.isFavorite), history says \(state.favorite)")
            }
            if pokemon.nickname != state.nickname {
                problems.append("entry #\(id): nickname \(pokemon.nickname ?? "none"), history says \(state.nickname ?? "none")")
            }
        }
        for (id, state) in replayed where state.caught && !seen.contains(id) {
            problems.append("the history has a catch of #\(id) but there is no such entry")
        }
        return problems
    }
}
