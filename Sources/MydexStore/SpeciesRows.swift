import Foundation
import GRDB

/// The `species` table and its two child tables, mapped to and from `SpeciesData`: read as
/// records, written with plain SQL (`save`).
struct SpeciesRow: Decodable, FetchableRecord, TableRecord {
    static let databaseTableName = "species"

    var id: Int
    var name: String
    var heightDecimetres: Int
    var weightHectograms: Int
    var baseExperience: Int?
    var captureRate: Int
    var generation: Int?
    var color: String?
    var habitat: String?
    var isBaby: Bool
    var isLegendary: Bool
    var isMythical: Bool
    var spriteURL: String?
    var shinySpriteURL: String?
    var cryURL: String?
    var fetchedAt: Date
    var source: SpeciesData.Source

    enum CodingKeys: String, CodingKey {
        case id, name, generation, color, habitat, source
        case heightDecimetres = "height_decimetres"
        case weightHectograms = "weight_hectograms"
        case baseExperience = "base_experience"
        case captureRate = "capture_rate"
        case isBaby = "is_baby"
        case isLegendary = "is_legendary"
        case isMythical = "is_mythical"
        case spriteURL = "sprite_url"
        case shinySpriteURL = "shiny_sprite_url"
        case cryURL = "cry_url"
        case fetchedAt = "fetched_at"
    }

    struct LocalizationRow: Decodable, FetchableRecord, TableRecord {
        static let databaseTableName = "species_localizations"
        var speciesID: Int
        var language: String
        var name: String?
        var genus: String?
        var flavorText: String?

        enum CodingKeys: String, CodingKey {
            case speciesID = "species_id"
            case language, name, genus
            case flavorText = "flavor_text"
        }
    }

    struct TypeRow: Decodable, FetchableRecord, TableRecord {
        static let databaseTableName = "species_types"
        var speciesID: Int
        var slot: Int
        var type: String

        enum CodingKeys: String, CodingKey {
            case speciesID = "species_id"
            case slot, type
        }
    }

    /// Inserts or replaces a species. An upsert, not REPLACE: caught Pokémon reference the row.
    ///
    /// Plain SQL through cached statements: the first run saves 1025 species and 14,000
    /// localizations under the write lock, and encoding each row as a record took most of that
    /// time (2.4 s in a debug build, long enough for processes waiting on the lock to give up on a
    /// busy machine).
    static func save(_ data: SpeciesData, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO species (id, name, height_decimetres, weight_hectograms, base_experience, capture_rate,
                generation, color, habitat, is_baby, is_legendary, is_mythical, sprite_url, shiny_sprite_url,
                cry_url, fetched_at, source)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, height_decimetres = excluded.height_decimetres,
                weight_hectograms = excluded.weight_hectograms, base_experience = excluded.base_experience,
                capture_rate = excluded.capture_rate, generation = excluded.generation, color = excluded.color,
                habitat = excluded.habitat, is_baby = excluded.is_baby, is_legendary = excluded.is_legendary,
                is_mythical = excluded.is_mythical, sprite_url = excluded.sprite_url,
                shiny_sprite_url = excluded.shiny_sprite_url, cry_url = excluded.cry_url,
                fetched_at = excluded.fetched_at, source = excluded.source
            """).execute(arguments: [
                data.id, data.name, data.heightDecimetres, data.weightHectograms, data.baseExperience, data.captureRate,
                data.generation, data.color, data.habitat, data.isBaby, data.isLegendary, data.isMythical,
                data.spriteURL, data.shinySpriteURL, data.cryURL, data.fetchedAt, data.source.rawValue,
            ])
        try db.cachedStatement(sql: "DELETE FROM species_localizations WHERE species_id = ?").execute(arguments: [data.id])
        try db.cachedStatement(sql: "DELETE FROM species_types WHERE species_id = ?").execute(arguments: [data.id])
        let localization = try db.cachedStatement(sql: """
            INSERT INTO species_localizations (species_id, language, name, genus, flavor_text) VALUES (?, ?, ?, ?, ?)
            """)
        for text in data.localizations {
            try localization.execute(arguments: [data.id, text.language.lowercased(), text.name, text.genus, text.flavorText])
        }
        let type = try db.cachedStatement(sql: "INSERT INTO species_types (species_id, slot, type) VALUES (?, ?, ?)")
        for (index, name) in data.types.enumerated() {
            try type.execute(arguments: [data.id, index + 1, name])
        }
    }

    /// Loads the given species with their localizations and types, keyed by id.
    static func load(ids: some Collection<Int>, _ db: Database) throws -> [Int: SpeciesData] {
        guard !ids.isEmpty else { return [:] }
        let idList = Array(Set(ids))
        let rows = try SpeciesRow.filter(idList.contains(Column("id"))).fetchAll(db)
        let localizations = Dictionary(
            grouping: try LocalizationRow.filter(idList.contains(Column("species_id")))
                .order(Column("language")).fetchAll(db),
            by: \.speciesID)
        let types = Dictionary(
            grouping: try TypeRow.filter(idList.contains(Column("species_id"))).order(Column("slot")).fetchAll(db),
            by: \.speciesID)
        var result: [Int: SpeciesData] = [:]
        for row in rows {
            result[row.id] = SpeciesData(
                id: row.id, name: row.name, heightDecimetres: row.heightDecimetres,
                weightHectograms: row.weightHectograms, baseExperience: row.baseExperience,
                captureRate: row.captureRate, generation: row.generation, color: row.color,
                habitat: row.habitat, isBaby: row.isBaby, isLegendary: row.isLegendary,
                isMythical: row.isMythical, spriteURL: row.spriteURL, shinySpriteURL: row.shinySpriteURL,
                cryURL: row.cryURL,
                types: types[row.id, default: []].map(\.type),
                localizations: localizations[row.id, default: []].map {
                    SpeciesData.Localization(
                        language: $0.language, name: $0.name, genus: $0.genus, flavorText: $0.flavorText)
                },
                fetchedAt: row.fetchedAt, source: row.source)
        }
        return result
    }
}
