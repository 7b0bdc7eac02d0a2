import Foundation
import GRDB
import MydexCatalog
import MydexModel
import MydexText

/// Applies the embedded migrations: in order, once each, all pending ones in one IMMEDIATE transaction,
/// recorded in `mydex_schema_migrations`.
///
/// GRDB's `DatabaseMigrator` is not used because two processes migrating a fresh file at once can
/// both try to apply the first migration, and because it accepts databases from newer versions.
/// Here every step re-reads the schema state after taking the write lock, and a database with
/// unknown migrations, or one that is not ours, is refused before anything is written.
struct SchemaMigrator {
    /// `PRAGMA application_id` of every mydex database: "MYDX".
    static let applicationID: Int32 = 0x4D59_4458
    static let bookkeepingTable = "mydex_schema_migrations"

    enum SchemaState: Equatable {
        /// A new, empty SQLite file.
        case empty
        case mydex(applied: [String])
        case foreign
    }

    let migrations: [Migration]
    /// What `migrations` make, in one script, for a new database: the embedded snapshot for the
    /// embedded migrations; none (they are replayed) for any other list.
    let snapshot: String?

    init(migrations: [Migration]) {
        self.init(migrations: migrations, snapshot: migrations == Migration.embedded ? Migration.embeddedSnapshot : nil)
    }

    init(migrations: [Migration], snapshot: String?) {
        self.migrations = migrations
        self.snapshot = snapshot
    }

    static func readState(_ db: Database) throws -> SchemaState {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if applicationID == Self.applicationID {
            // Asked of sqlite_master directly: GRDB's `tableExists` reads and keeps the whole schema.
            let hasBookkeeping = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?)
                """, arguments: [bookkeepingTable]) ?? false
            guard hasBookkeeping else { return .mydex(applied: []) }
            let applied = try String.fetchAll(
                db, sql: "SELECT identifier FROM \(bookkeepingTable) ORDER BY rowid")
            return .mydex(applied: applied)
        }
        let objectCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
        return applicationID == 0 && objectCount == 0 ? .empty : .foreign
    }

    /// The migrations still to apply to a database in `state`, or an error if mydex must not touch it.
    func pendingMigrations(for state: SchemaState, path: String) throws -> [Migration] {
        switch state {
        case .empty:
            return migrations
        case .foreign:
            throw StoreError.notAMydexDatabase(path: path)
        case .mydex(let applied):
            let known = Set(migrations.map(\.identifier))
            let unknown = applied.filter { !known.contains($0) }
            guard unknown.isEmpty else {
                throw StoreError.newerDatabase(path: path, unknownMigrations: unknown)
            }
            let appliedSet = Set(applied)
            return migrations.filter { !appliedSet.contains($0.identifier) }
        }
    }

    /// Brings the database up to date. Reads first, so an up-to-date database is never written to.
    ///
    /// Migrations run with foreign keys off, as SQLite's procedure for rebuilding a table
    /// requires, and `foreign_key_check` must pass after each. A migration that freed
    /// much of the file (m0004 moved the built-in Pokédex out) is followed by VACUUM.
    /// - Returns: whether a migration was applied.
    @discardableResult
    func migrate(_ writer: some DatabaseWriter, path: String, now: Date) throws -> Bool {
        let pending = try writer.read { db in
            try pendingMigrations(for: Self.readState(db), path: path)
        }
        guard !pending.isEmpty else { return false }
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            // All pending migrations in one transaction: a new collection is made in one step
            // (one journal, one sync), and a failed upgrade leaves the file as it was.
            try db.inTransaction(.immediate) {
                // Another process may have migrated since the read: decide again under the write lock.
                let state = try Self.readState(db)
                if state == .empty, let snapshot {
                    try create(from: snapshot, in: db, now: now)
                    return .commit
                }
                for migration in try pendingMigrations(for: state, path: path) {
                    try apply(migration, to: db, path: path, now: now)
                }
                return .commit
            }
            try Self.compactIfSparse(db)
        }
        return true
    }

    /// VACUUM when a quarter or more of the file, and at least 256 KiB, is free pages (a new
    /// collection's few freed pages are not worth rewriting the file for).
    static func compactIfSparse(_ db: Database) throws {
        let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
        let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
        if free * 4 >= pages, free * pageSize >= 256 * 1024 { try db.execute(sql: "VACUUM") }
    }

    /// A new database made in one step: the schema every migration makes, and each recorded as
    /// applied, as if they had been replayed (a test compares the two).
    private func create(from snapshot: String, in db: Database, now: Date) throws {
        try db.execute(sql: "PRAGMA application_id = \(Self.applicationID)")
        try db.execute(sql: snapshot)
        let record = try db.makeStatement(sql: "INSERT INTO \(Self.bookkeepingTable) (identifier, applied_at) VALUES (?, ?)")
        for migration in migrations {
            try record.execute(arguments: [migration.identifier, StoredDate.text(now)])
        }
    }

    private func apply(_ migration: Migration, to db: Database, path: String, now: Date) throws {
        try db.execute(sql: "PRAGMA application_id = \(Self.applicationID)")
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS \(Self.bookkeepingTable) (
                identifier TEXT PRIMARY KEY,
                applied_at TEXT NOT NULL
            ) STRICT
            """)
        try db.execute(sql: migration.sql)
        let broken = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
        if !broken.isEmpty {
            throw StoreError.damagedDatabase(
                path: path,
                detail: tr("migration.detail.broken-references", ["count": broken.count, "migration": migration.identifier]))
        }
        try db.execute(
            sql: "INSERT INTO \(Self.bookkeepingTable) (identifier, applied_at) VALUES (?, ?)",
            arguments: [migration.identifier, StoredDate.text(now)])
    }
}
