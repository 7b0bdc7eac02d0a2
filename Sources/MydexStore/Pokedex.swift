import Foundation
import GRDB

/// A type's name in one language.
public struct TypeLocalization: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "type_localizations"
    public var type: String
    public var language: String
    public var name: String

    public init(type: String, language: String, name: String) {
        self.type = type
        self.language = language.lowercased()
        self.name = name
    }
}

/// How many of a species the collection has.
public struct SpeciesTally: Sendable, Equatable {
    /// Entries still in the collection.
    public var held: Int
    /// Entries ever caught, released ones included.
    public var everCaught: Int

    public init(held: Int, everCaught: Int) {
        self.held = held
        self.everCaught = everCaught
    }
}

extension CollectionStore {
    static let builtInPokedexKey = "builtin-pokedex-version"

    /// The version of the built-in Pokédex last installed into this database.
    public func builtInPokedexVersion() async throws -> String? {
        try await read { db in
            try String.fetchOne(db, sql: "SELECT value FROM api_facts WHERE key = ?", arguments: [Self.builtInPokedexKey])
        }
    }

    /// Installs the built-in Pokédex unless this version is already installed. Species fetched
    /// from PokeAPI are kept: built-in data only fills in and refreshes built-in rows. `load`
    /// runs under the write lock, so when several processes start at once only one decodes.
    /// - Returns: whether this call installed it.
    @discardableResult
    public func installBuiltInPokedex(
        version: String, at date: Date,
        load: @escaping @Sendable () throws -> (species: [SpeciesData], types: [TypeLocalization])
    ) async throws -> Bool {
        try await write { db in
            let installed = try String.fetchOne(
                db, sql: "SELECT value FROM api_facts WHERE key = ?", arguments: [Self.builtInPokedexKey])
            guard installed != version else { return false }
            let data = try load()
            let fromAPI = Set(try Int.fetchAll(db, sql: "SELECT id FROM species WHERE source = 'api'"))
            for species in data.species where !fromAPI.contains(species.id) {
                var builtIn = species
                builtIn.source = .builtin
                try SpeciesRow.save(builtIn, db)
            }
            for localization in data.types {
                try db.execute(
                    sql: "INSERT INTO type_localizations (type, language, name) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    arguments: [localization.type, localization.language, localization.name])
            }
            try Self.saveFact(Self.builtInPokedexKey, value: version, fetchedAt: date, db)
            return true
        }
    }

    /// Type names replacing what was there.
    static func upsertTypeNames(_ names: [TypeLocalization], _ db: Database) throws {
        // Plain SQL: GRDB's upsert asks for a rowid, which WITHOUT ROWID tables lack.
        for name in names {
            try db.execute(
                sql: """
                    INSERT INTO type_localizations (type, language, name) VALUES (?, ?, ?)
                    ON CONFLICT (type, language) DO UPDATE SET name = excluded.name
                    """,
                arguments: [name.type, name.language, name.name])
        }
    }

    /// Type names by type, then by language.
    public func typeNames() async throws -> [String: [String: String]] {
        try await read { db in
            var result: [String: [String: String]] = [:]
            for row in try TypeLocalization.fetchAll(db) { result[row.type, default: [:]][row.language] = row.name }
            return result
        }
    }

    /// Every species the store knows, in Pokédex order.
    public func allSpecies() async throws -> [SpeciesData] {
        try await read { db in
            let ids = try Int.fetchAll(db, sql: "SELECT id FROM species ORDER BY id")
            let loaded = try SpeciesRow.load(ids: ids, db)
            return ids.compactMap { loaded[$0] }
        }
    }

    /// The species ids and capture rates a catch can pick from, optionally one generation only.
    public func catchCandidates(generation: Int?) async throws -> [(id: Int, captureRate: Int)] {
        try await read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, capture_rate FROM species WHERE ? IS NULL OR generation = ? ORDER BY id",
                arguments: [generation, generation])
            return rows.map { (id: $0["id"], captureRate: $0["capture_rate"]) }
        }
    }

    /// How many of each species the collection holds and has ever caught.
    public func speciesTallies() async throws -> [Int: SpeciesTally] {
        try await read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT species_id, count(*) AS ever, sum(released_at IS NULL) AS held
                FROM caught_pokemon GROUP BY species_id
                """)
            var result: [Int: SpeciesTally] = [:]
            for row in rows { result[row["species_id"]] = SpeciesTally(held: row["held"], everCaught: row["ever"]) }
            return result
        }
    }

    /// When each species was last fetched from PokeAPI (built-in species are absent).
    public func apiFetchDates() async throws -> [Int: Date] {
        try await read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, fetched_at FROM species WHERE source = 'api'")
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["id"], $0["fetched_at"]) })
        }
    }
}
