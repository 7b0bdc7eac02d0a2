import Foundation
import GRDB

/// A Pokémon in the collection (a row of `caught_pokemon`).
public struct CaughtPokemon: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "caught_pokemon"

    public var id: Int64?
    public var speciesID: Int
    public var nickname: String?
    public var isFavorite: Bool
    public var isShiny: Bool
    public var caughtAt: Date
    public var releasedAt: Date?

    public var isReleased: Bool { releasedAt != nil }

    enum CodingKeys: String, CodingKey {
        case id
        case speciesID = "species_id"
        case nickname
        case isFavorite = "is_favorite"
        case isShiny = "is_shiny"
        case caughtAt = "caught_at"
        case releasedAt = "released_at"
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// What a history row records.
public enum HistoryAction: String, Codable, Sendable, CaseIterable {
    case `catch`
    case release
    case nicknameSet = "nickname-set"
    case nicknameCleared = "nickname-cleared"
    case favorite
    case unfavorite
    case restore
}

/// One change to the collection (a row of `history`).
public struct HistoryEntry: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "history"

    public var id: Int64?
    public var entryID: Int64?
    public var action: HistoryAction
    public var detail: String?
    public var occurredAt: Date

    enum CodingKeys: String, CodingKey {
        case id
        case entryID = "entry_id"
        case action
        case detail
        case occurredAt = "occurred_at"
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// Everything mydex keeps about a species, from PokeAPI or the built-in Pokédex.
public struct SpeciesData: Sendable, Equatable {
    public enum Source: String, Codable, Sendable {
        /// Fetched from PokeAPI.
        case api
        /// Compiled into mydex.
        case builtin
    }

    public struct Localization: Sendable, Equatable {
        public var language: String
        public var name: String?
        public var genus: String?
        public var flavorText: String?

        public init(language: String, name: String? = nil, genus: String? = nil, flavorText: String? = nil) {
            self.language = language
            self.name = name
            self.genus = genus
            self.flavorText = flavorText
        }
    }

    public var id: Int
    public var name: String
    public var heightDecimetres: Int
    public var weightHectograms: Int
    public var baseExperience: Int?
    public var captureRate: Int
    public var generation: Int?
    public var color: String?
    public var habitat: String?
    public var isBaby: Bool
    public var isLegendary: Bool
    public var isMythical: Bool
    public var spriteURL: String?
    public var shinySpriteURL: String?
    public var cryURL: String?
    /// Type names in slot order, e.g. `["grass", "poison"]`.
    public var types: [String]
    public var localizations: [Localization]
    public var fetchedAt: Date
    public var source: Source

    public init(
        id: Int, name: String, heightDecimetres: Int, weightHectograms: Int, baseExperience: Int?,
        captureRate: Int, generation: Int?, color: String?, habitat: String?, isBaby: Bool,
        isLegendary: Bool, isMythical: Bool, spriteURL: String?, shinySpriteURL: String?, cryURL: String?,
        types: [String], localizations: [Localization], fetchedAt: Date, source: Source = .api
    ) {
        self.id = id
        self.name = name
        self.heightDecimetres = heightDecimetres
        self.weightHectograms = weightHectograms
        self.baseExperience = baseExperience
        self.captureRate = captureRate
        self.generation = generation
        self.color = color
        self.habitat = habitat
        self.isBaby = isBaby
        self.isLegendary = isLegendary
        self.isMythical = isMythical
        self.spriteURL = spriteURL
        self.shinySpriteURL = shinySpriteURL
        self.cryURL = cryURL
        self.types = types
        self.localizations = localizations
        self.fetchedAt = fetchedAt
        self.source = source
    }

    /// The localization for `language` (case-insensitive), if PokeAPI had one.
    public func localization(_ language: String) -> Localization? {
        let wanted = language.lowercased()
        return localizations.first { $0.language == wanted }
    }

    /// One localized field by language code, e.g. `texts(\.name)["ko"] == "피카츄"`.
    public func texts(_ field: KeyPath<Localization, String?>) -> [String: String] {
        Dictionary(
            localizations.compactMap { localization in localization[keyPath: field].map { (localization.language, $0) } },
            uniquingKeysWith: { first, _ in first })
    }

    /// The name in `language`, falling back to English, then to the API name.
    public func displayName(language: String = "en") -> String {
        localization(language)?.name ?? localization("en")?.name ?? name
    }
}

/// The result of a change that may have been a no-op (a nickname it already had, say).
public struct EntryChange: Sendable, Equatable {
    public var entry: CollectionEntry
    /// False when the entry already was as asked: nothing was written or recorded.
    public var changed: Bool
}

/// A collection entry together with its species.
public struct CollectionEntry: Sendable, Equatable {
    public var pokemon: CaughtPokemon
    public var species: SpeciesData

    public var id: Int64 { pokemon.id ?? 0 }
}

/// How many rows the database holds, as printed by backup and restore.
public struct CollectionCounts: Codable, Sendable, Equatable {
    public var entries: Int
    public var released: Int
    public var historyRows: Int
    public var cachedSpecies: Int

    public var active: Int { entries - released }
}
