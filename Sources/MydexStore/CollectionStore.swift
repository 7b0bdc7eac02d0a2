import Foundation
import GRDB
import MydexCatalog
import MydexModel
import MydexText

/// The collection database: owns the connection and the migrator, and exposes intent-named
/// operations, each one transaction. It holds only the user's data; the built-in Pokédex is the
/// read-only `Catalog`, attached to the connection so that queries join the two in SQL.
///
/// The database uses SQLite's rollback journal (see docs/DESIGN.md for why not WAL), a busy
/// timeout so that several `mydex` processes wait for each other instead of failing, and
/// IMMEDIATE write transactions so a writer takes the lock up front.
public struct CollectionStore: Sendable {
    public let path: String
    let writer: DatabaseQueue
    /// Whether this open created the database file (a new collection).
    public let isNew: Bool
    /// The language entries and species are read in (a PokeAPI code, lower-case): names and
    /// type names fall back to English, then to PokeAPI's names.
    public let language: String

    /// Opens the database at `path`, refusing foreign or newer ones without writing to them,
    /// applies pending migrations and attaches the catalog. A missing file is created only with
    /// `create` (commands that add to the collection); otherwise nothing is written and the error
    /// says there is no collection there yet.
    ///
    /// Opening checks what is cheap and decisive: SQLite's header (a file that is not a database
    /// fails here), mydex's application id and schema. The whole file is read only when the last
    /// writer crashed (a hot journal is left) and by backup and restore; damage met later, in a
    /// page a command reads, is reported as damage all the same.
    public static func open(
        path: String, create: Bool = true, busyTimeout: TimeInterval = 30, now: Date = Date(),
        language: String = "en", migrations: [Migration] = Migration.embedded, catalog: Catalog = .embedded
    ) throws -> CollectionStore {
        if PrivateFiles.isDirectory(path) { throw StoreError.isFolder(path: path) }
        let isNew: Bool
        if create {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty { try PrivateFiles.createDirectory(directory) }
            isNew = try PrivateFiles.createFileIfMissing(path)
        } else {
            guard PrivateFiles.exists(path) else { throw StoreError.noCollection(path: path) }
            isNew = false
        }
        try PrivateFiles.checkReadable(path)
        let crashed = PrivateFiles.isNonEmptyFile(path + "-journal")

        let writer = try openQueue(path: path, readonly: false, busyTimeout: busyTimeout)
        if crashed { try checkIntegrity(writer, path: path) }
        try translatingDatabaseErrors(path: path) {
            try SchemaMigrator(migrations: migrations).migrate(writer, path: path, now: now)
            try writer.writeWithoutTransaction { db in try catalog.attach(to: db) }
        }
        return CollectionStore(path: path, writer: writer, isNew: isNew, language: language.lowercased())
    }

    /// Whether this is the empty stand-in for a missing collection (`inMemory()`).
    public var isInMemory: Bool { path == Self.inMemoryPath }

    static let inMemoryPath = ":memory:"

    /// A collection in memory, empty: for commands that need the Pokédex but find no collection.
    public static func inMemory(
        now: Date = Date(), language: String = "en", migrations: [Migration] = Migration.embedded,
        catalog: Catalog = .embedded
    ) throws -> CollectionStore {
        let writer = try DatabaseQueue(configuration: configuration(readonly: false, busyTimeout: 0))
        try SchemaMigrator(migrations: migrations).migrate(writer, path: inMemoryPath, now: now)
        try writer.writeWithoutTransaction { db in try catalog.attach(to: db) }
        return CollectionStore(path: inMemoryPath, writer: writer, isNew: true, language: language.lowercased())
    }

    /// The same collection read in another language.
    public func reading(in language: String) -> CollectionStore {
        CollectionStore(path: path, writer: writer, isNew: isNew, language: language.lowercased())
    }

    static func openQueue(path: String, readonly: Bool, busyTimeout: TimeInterval) throws -> DatabaseQueue {
        try translatingDatabaseErrors(path: path) {
            try DatabaseQueue(path: path, configuration: configuration(readonly: readonly, busyTimeout: busyTimeout))
        }
    }

    static func configuration(readonly: Bool, busyTimeout: TimeInterval) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "mydex"
        configuration.prepareDatabase { db in
            db.add(function: SearchText.sqlFunction)
        }
        return configuration
    }

    /// Reads the whole file for damage: `quick_check`, or with `full` `integrity_check`.
    static func checkIntegrity(_ reader: some DatabaseReader, path: String, full: Bool = false) throws {
        let problems = try translatingDatabaseErrors(path: path) {
            try reader.read { db in
                try String.fetchAll(db, sql: full ? "PRAGMA integrity_check" : "PRAGMA quick_check")
            }
        }
        guard problems == ["ok"] else {
            throw StoreError.damagedDatabase(path: path, detail: problems.prefix(3).joined(separator: "; "))
        }
    }

    /// Turns SQLite's "not a database" and "corrupt" codes into refusals the user can act on.
    static func translatingDatabaseErrors<T>(path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB:
                throw StoreError.notAMydexDatabase(path: path)
            case .SQLITE_CORRUPT:
                throw StoreError.damagedDatabase(path: path, detail: error.message ?? tr("store.detail.corrupt"))
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                throw StoreError.cannotOpen(path: path, detail: tr("store.detail.locked"))
            case .SQLITE_READONLY:
                throw StoreError.readOnly(path: path)
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_IOERR, .SQLITE_FULL:
                throw StoreError.cannotOpen(path: path, detail: error.message ?? "\(error.resultCode)")
            default:
                throw error
            }
        }
    }

    func write<T: Sendable>(_ updates: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await Self.translatingDatabaseErrorsAsync(path: path) { try await writer.write(updates) }
    }

    func read<T: Sendable>(_ value: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await Self.translatingDatabaseErrorsAsync(path: path) { try await writer.read(value) }
    }

    static func translatingDatabaseErrorsAsync<T>(path: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DatabaseError {
            return try translatingDatabaseErrors(path: path) { throw error }
        }
    }

    /// Closes the connection (also done when the store is released).
    public func close() throws {
        try writer.close()
    }

    /// The migrations recorded in the database, in the order they were applied.
    public func appliedMigrations() async throws -> [String] {
        try await read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM \(SchemaMigrator.bookkeepingTable) ORDER BY rowid")
        }
    }
}

