import Foundation
import GRDB

/// Reads a mydex database the way a reviewer would after a crash or a storm: is it intact, and
/// does every change have its history row and every history row its change?
public struct DatabaseAudit: Sendable {
    public struct Counts: Sendable, Equatable, Codable {
        public var entries: Int
        public var released: Int
        public var history: Int
        public var catchRows: Int
    }

    public struct Report: Sendable {
        public var integrity: String
        public var counts: Counts
        /// Broken invariants, each described.
        public var violations: [String]

        public var isSound: Bool { integrity == "ok" && violations.isEmpty }
    }

    public let path: String

    public init(path: String) { self.path = path }

    /// The SQLite library version mydex links (the system's libsqlite3).
    public static func sqliteVersion() -> String {
        (try? DatabaseQueue().read { try String.fetchOne($0, sql: "SELECT sqlite_version()") }) ?? "unknown"
    }

    /// Reads a database, waiting for other processes' locks. Read-write unless `readonly`, like
    /// mydex, so a hot journal left by a killed process is rolled back as the next `mydex` would.
    static func read<T>(_ path: String, readonly: Bool = false, _ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.busyMode = .timeout(30)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read(body)
    }

    public func report() throws -> Report {
        try Self.read(path) { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ")
            let counts = try Self.counts(db)
            return Report(integrity: integrity, counts: counts, violations: try Self.violations(db))
        }
    }

    static func counts(_ db: Database) throws -> Counts {
        Counts(
            entries: try Int.fetchOne(db, sql: "SELECT count(*) FROM caught_pokemon") ?? 0,
            released: try Int.fetchOne(db, sql: "SELECT count(*) FROM caught_pokemon WHERE released_at IS NOT NULL") ?? 0,
            history: try Int.fetchOne(db, sql: "SELECT count(*) FROM history") ?? 0,
            catchRows: try Int.fetchOne(db, sql: "SELECT count(*) FROM history WHERE action = 'catch'") ?? 0)
    }

    /// Replays the history and compares it with the collection's state.
    static func violations(_ db: Database) throws -> [String] {
        struct State {
            var caught = false
            var released = false
            var favorite = false
            var nickname: String?
        }
        var replayed: [Int64: State] = [:]
        var problems: [String] = []
        let rows = try Row.fetchAll(db, sql: "SELECT entry_id, action, detail FROM history ORDER BY id")
        for row in rows {
            let action: String = row["action"]
            guard let entry: Int64 = row["entry_id"] else {
                if action != "restore" { problems.append("a \(action) history row names no entry") }
                continue
            }
            var state = replayed[entry] ?? State()
            switch action {
            case "catch":
                if state.caught { problems.append("entry #\(entry) was caught twice") }
                state.caught = true
            case "release":
                // A released Pokémon is no favorite (schema 3).
                state.released = true
                state.favorite = false
            case "favorite": state.favorite = true
            case "unfavorite": state.favorite = false
            case "nickname-set":
                let detail: String = row["detail"] ?? ""
                state.nickname = detail.components(separatedBy: " (was ").first
            case "nickname-cleared": state.nickname = nil
            default: problems.append("unknown action \(action)")
            }
            replayed[entry] = state
        }
        let entries = try Row.fetchAll(db, sql: "SELECT id, nickname, is_favorite, released_at FROM caught_pokemon")
        var seen = Set<Int64>()
        for entry in entries {
            let id: Int64 = entry["id"]
            seen.insert(id)
            guard let state = replayed[id], state.caught else {
                problems.append("entry #\(id) has no catch in the history")
                continue
            }
            let released = (entry["released_at"] as String?) != nil
            if released != state.released { problems.append("entry #\(id): released \(released), history says \(state.released)") }
            let favorite: Bool = entry["is_favorite"]
            if favorite != state.favorite { problems.append("entry #\(id): favorite \(favorite), history says \(state.favorite)") }
            let nickname: String? = entry["nickname"]
            if nickname != state.nickname {
                problems.append("entry #\(id): nickname \(nickname ?? "none"), history says \(state.nickname ?? "none")")
            }
        }
        for (id, state) in replayed where state.caught && !seen.contains(id) {
            problems.append("the history has a catch of #\(id) but there is no such entry")
        }
        return problems
    }
}
