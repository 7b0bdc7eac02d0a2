import Foundation
import GRDB
import MydexCatalog
import MydexModel

/// What mydex remembers about talking to PokeAPI, in `api_facts`: when it last failed to reach
/// it (so that a run of catches does not wait on the network each time) and when the type names
/// were last fetched (so that a sync of fresh data makes no request).
extension CollectionStore {
    static let unreachableKey = "pokeapi-unreachable"
    static let typeNamesKey = "type-names-fetched"

    /// The last time PokeAPI could not be reached and why, until a request succeeds again.
    public func pokeAPIUnreachable() async throws -> (reason: String, at: Date)? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT value, fetched_at FROM api_facts WHERE key = ?", arguments: [Self.unreachableKey])
                .flatMap { row in StoredDate.date(row["fetched_at"]).map { (reason: row["value"], at: $0) } }
        }
    }

    public func rememberPokeAPIUnreachable(reason: String, at date: Date) async throws {
        try await saveFact(Self.unreachableKey, value: reason, fetchedAt: date)
    }

    public func forgetPokeAPIUnreachable() async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM api_facts WHERE key = ?", arguments: [Self.unreachableKey])
        }
    }

    /// When type names were last fetched from PokeAPI (nil: never; the catalog's are in use).
    public func typeNamesFetchedAt() async throws -> Date? {
        try await read { db in
            try String.fetchOne(db, sql: "SELECT fetched_at FROM api_facts WHERE key = ?", arguments: [Self.typeNamesKey])
                .flatMap(StoredDate.date)
        }
    }

    /// Stores type names fetched from PokeAPI, replacing what was there (they replace the
    /// catalog's names of the same types), and when they were fetched, in one transaction.
    public func saveTypeNames(_ names: [TypeName], fetchedAt date: Date) async throws {
        try await write { db in
            // Plain SQL: GRDB's upsert asks for a rowid, which WITHOUT ROWID tables lack.
            let upsert = try db.makeStatement(sql: """
                INSERT INTO fetched_type_names (type, language, name) VALUES (?, ?, ?)
                ON CONFLICT (type, language) DO UPDATE SET name = excluded.name
                """)
            for name in names { try upsert.execute(arguments: [name.type, name.language, name.name]) }
            try Self.saveFact(Self.typeNamesKey, value: String(Set(names.map(\.type)).count), fetchedAt: date, db)
        }
    }
}
