import Foundation
import GRDB

/// The collection database: owns the connection and the migrator, and exposes intent-named
/// operations, each one transaction.
///
/// The database uses SQLite's rollback journal (see docs/DESIGN.md for why not WAL), a busy
/// timeout so that several `mydex` processes wait for each other instead of failing, and
/// IMMEDIATE write transactions (GRDB's default for writes) so a writer takes the lock up front.
public struct CollectionStore: Sendable {
    public let path: String
    let writer: DatabaseQueue
    /// Whether this open created the database file (a new collection).
    public let isNew: Bool

    /// Opens the database at `path`, refusing foreign, damaged or newer ones without writing to
    /// them, then applies pending migrations. A missing file is created only with `create`
    /// (commands that add to the collection); otherwise nothing is written and the error says
    /// there is no collection there yet.
    public static func open(
        path: String, create: Bool = true, busyTimeout: TimeInterval = 30, now: Date = Date(),
        migrations: [Migration] = Migration.embedded
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

        let writer = try openQueue(path: path, readonly: false, busyTimeout: busyTimeout)
        try checkIntegrity(writer, path: path)
        try translatingDatabaseErrors(path: path) {
            try SchemaMigrator(migrations: migrations).migrate(writer, path: path, now: now)
        }
        return CollectionStore(path: path, writer: writer, isNew: isNew)
    }

    /// Whether this is the empty stand-in for a missing collection (`inMemory()`).
    public var isInMemory: Bool { path == Self.inMemoryPath }

    static let inMemoryPath = ":memory:"

    /// A collection in memory, empty: for commands that need the Pokédex but find no collection.
    public static func inMemory(now: Date = Date(), migrations: [Migration] = Migration.embedded) throws -> CollectionStore {
        let writer = try DatabaseQueue()
        try SchemaMigrator(migrations: migrations).migrate(writer, path: inMemoryPath, now: now)
        return CollectionStore(path: inMemoryPath, writer: writer, isNew: true)
    }

    static func openQueue(path: String, readonly: Bool, busyTimeout: TimeInterval) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "mydex"
        return try translatingDatabaseErrors(path: path) {
            try DatabaseQueue(path: path, configuration: configuration)
        }
    }

    /// `quick_check` catches damaged pages before mydex reads or writes anything.
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
                throw StoreError.damagedDatabase(path: path, detail: error.message ?? "corrupt")
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                throw StoreError.cannotOpen(path: path, detail: "it stayed locked by another process; try again")
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

// MARK: - The PokeAPI cache

extension CollectionStore {
    /// The cached species, or nil when it was never fetched.
    public func species(id: Int) async throws -> SpeciesData? {
        try await read { db in try SpeciesRow.load(ids: [id], db)[id] }
    }

    /// Stores (or replaces) what PokeAPI said about a species.
    public func saveSpecies(_ species: SpeciesData) async throws {
        try await write { db in try SpeciesRow.save(species, db) }
    }

    /// A cached fact, when it was fetched after `freshAfter`.
    public func fact(_ key: String, freshAfter: Date) async throws -> String? {
        try await read { db in
            try String.fetchOne(
                db, sql: "SELECT value FROM api_facts WHERE key = ? AND fetched_at > ?",
                arguments: [key, freshAfter])
        }
    }

    public func saveFact(_ key: String, value: String, fetchedAt: Date) async throws {
        try await write { db in try Self.saveFact(key, value: value, fetchedAt: fetchedAt, db) }
    }

    static func saveFact(_ key: String, value: String, fetchedAt: Date, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO api_facts (key, value, fetched_at) VALUES (?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET value = excluded.value, fetched_at = excluded.fetched_at
                """,
            arguments: [key, value, fetchedAt])
    }
}

// MARK: - The collection

extension CollectionStore {
    /// Adds a caught Pokémon (and saves its freshly fetched species, if given) together with its
    /// history row, in one transaction.
    public func recordCatch(
        speciesID: Int, isShiny: Bool, at date: Date, fetchedSpecies: SpeciesData? = nil
    ) async throws -> CollectionEntry {
        try await write { db in
            if let fetchedSpecies { try SpeciesRow.save(fetchedSpecies, db) }
            guard let species = try SpeciesRow.load(ids: [speciesID], db)[speciesID] else {
                throw StoreError.speciesNotCached(id: speciesID)
            }
            var pokemon = CaughtPokemon(
                id: nil, speciesID: speciesID, nickname: nil, isFavorite: false, isShiny: isShiny,
                caughtAt: date, releasedAt: nil)
            try pokemon.insert(db)
            try Self.appendHistory(
                db, entryID: pokemon.id, action: .catch,
                detail: species.name + (isShiny ? " (shiny)" : ""), at: date)
            return CollectionEntry(pokemon: pokemon, species: species)
        }
    }

    /// Throws the entry back: it leaves the list but stays in the database and the history. A
    /// released Pokémon is no favorite (the history row says it was one).
    public func release(entryID: Int64, force: Bool, at date: Date) async throws -> CollectionEntry {
        try await write { db in
            var pokemon = try Self.activePokemon(entryID, db)
            let wasFavorite = pokemon.isFavorite
            if wasFavorite && !force { throw StoreError.favoriteNeedsForce(id: entryID) }
            pokemon.releasedAt = date
            pokemon.isFavorite = false
            try pokemon.update(db)
            try Self.appendHistory(
                db, entryID: entryID, action: .release, detail: wasFavorite ? "was a favorite" : nil, at: date)
            return try Self.entry(for: pokemon, db)
        }
    }

    /// Sets (or, with nil, clears) a nickname. The caller validates the text. Setting the name it
    /// already has changes nothing and records nothing.
    public func setNickname(entryID: Int64, to nickname: String?, at date: Date) async throws -> EntryChange {
        try await write { db in
            var pokemon = try Self.activePokemon(entryID, db)
            let previous = pokemon.nickname
            guard previous != nickname else { return EntryChange(entry: try Self.entry(for: pokemon, db), changed: false) }
            pokemon.nickname = nickname
            try pokemon.update(db)
            if let nickname {
                try Self.appendHistory(
                    db, entryID: entryID, action: .nicknameSet,
                    detail: previous.map { "\(nickname) (was \($0))" } ?? nickname, at: date)
            } else {
                try Self.appendHistory(
                    db, entryID: entryID, action: .nicknameCleared, detail: previous.map { "was \($0)" }, at: date)
            }
            return EntryChange(entry: try Self.entry(for: pokemon, db), changed: true)
        }
    }

    /// Marks or unmarks a favorite; when it already is (or is not) one, records nothing.
    public func setFavorite(entryID: Int64, _ isFavorite: Bool, at date: Date) async throws -> EntryChange {
        try await write { db in
            var pokemon = try Self.activePokemon(entryID, db)
            guard pokemon.isFavorite != isFavorite else {
                return EntryChange(entry: try Self.entry(for: pokemon, db), changed: false)
            }
            pokemon.isFavorite = isFavorite
            try pokemon.update(db)
            try Self.appendHistory(
                db, entryID: entryID, action: isFavorite ? .favorite : .unfavorite, detail: nil, at: date)
            return EntryChange(entry: try Self.entry(for: pokemon, db), changed: true)
        }
    }

    /// The collection in entry order; released entries only when asked.
    public func entries(includeReleased: Bool = false) async throws -> [CollectionEntry] {
        try await read { db in
            let request = includeReleased
                ? CaughtPokemon.order(Column("id"))
                : CaughtPokemon.filter(Column("released_at") == nil).order(Column("id"))
            let pokemon = try request.fetchAll(db)
            let species = try SpeciesRow.load(ids: Set(pokemon.map(\.speciesID)), db)
            return pokemon.compactMap { caught in
                species[caught.speciesID].map { CollectionEntry(pokemon: caught, species: $0) }
            }
        }
    }

    /// One entry, released or not.
    public func entry(id: Int64) async throws -> CollectionEntry {
        try await read { db in
            guard let pokemon = try CaughtPokemon.fetchOne(db, key: id) else {
                throw StoreError.entryNotFound(id: id)
            }
            return try Self.entry(for: pokemon, db)
        }
    }

    /// The newest history rows first.
    public func history(limit: Int?) async throws -> [HistoryEntry] {
        try await read { db in
            var request = HistoryEntry.order(Column("id").desc)
            if let limit { request = request.limit(limit) }
            return try request.fetchAll(db)
        }
    }

    public func counts() async throws -> CollectionCounts {
        try await read { db in try Self.counts(db) }
    }

    static func counts(_ db: Database) throws -> CollectionCounts {
        CollectionCounts(
            entries: try CaughtPokemon.fetchCount(db),
            released: try CaughtPokemon.filter(Column("released_at") != nil).fetchCount(db),
            historyRows: try HistoryEntry.fetchCount(db),
            cachedSpecies: try Int.fetchOne(db, sql: "SELECT count(*) FROM species") ?? 0)
    }

    static func appendHistory(
        _ db: Database, entryID: Int64?, action: HistoryAction, detail: String?, at date: Date
    ) throws {
        var row = HistoryEntry(id: nil, entryID: entryID, action: action, detail: detail, occurredAt: date)
        try row.insert(db)
    }

    private static func activePokemon(_ id: Int64, _ db: Database) throws -> CaughtPokemon {
        guard let pokemon = try CaughtPokemon.fetchOne(db, key: id) else { throw StoreError.entryNotFound(id: id) }
        guard !pokemon.isReleased else { throw StoreError.entryReleased(id: id) }
        return pokemon
    }

    private static func entry(for pokemon: CaughtPokemon, _ db: Database) throws -> CollectionEntry {
        guard let species = try SpeciesRow.load(ids: [pokemon.speciesID], db)[pokemon.speciesID] else {
            throw StoreError.speciesNotCached(id: pokemon.speciesID)
        }
        return CollectionEntry(pokemon: pokemon, species: species)
    }
}
