import Foundation
import GRDB

/// Everything mydex knows about a species, from the built-in catalog or from PokeAPI: the one
/// species model. The built-in Pokédex's JSON Lines file holds one per line, the catalog and the
/// cache of fetched species hold it as rows, and every command reads it from there.
public struct Species: Codable, Sendable, Equatable, MydexRecord, PersistableRecord {
    public static let databaseTableName = "fetched_species"
    public static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { ColumnNaming.encoding }

    /// Where the data came from.
    public enum Source: String, Codable, Sendable {
        /// Fetched from PokeAPI (and cached in the collection database).
        case api
        /// The catalog compiled into mydex.
        case builtin
    }

    /// The national Pokédex number (forms have numbers from 10001).
    public var id: Int
    /// PokeAPI's name, e.g. `mr-mime`.
    public var name: String
    /// In decimetres.
    public var height: Int
    /// In hectograms.
    public var weight: Int
    public var baseExperience: Int?
    public var captureRate: Int
    public var generation: Int?
    public var color: String?
    public var habitat: String?
    public var baby: Bool
    public var legendary: Bool
    public var mythical: Bool
    public var sprite: String?
    public var shinySprite: String?
    public var cry: String?
    /// PokeAPI type names in slot order, e.g. `["grass", "poison"]`.
    public var types: [String]
    /// Localized text by PokeAPI language code (lower-case), e.g. `names["ko"] == "피카츄"`.
    public var names: [String: String]
    public var genera: [String: String]
    /// The latest Pokédex text per language, cleaned of the games' line breaks.
    public var flavorTexts: [String: String]
    /// When it was fetched from PokeAPI; nil for the built-in catalog's data.
    public var fetchedAt: Date?

    public init(
        id: Int, name: String, height: Int, weight: Int, baseExperience: Int? = nil, captureRate: Int,
        generation: Int? = nil, color: String? = nil, habitat: String? = nil, baby: Bool = false,
        legendary: Bool = false, mythical: Bool = false, sprite: String? = nil, shinySprite: String? = nil,
        cry: String? = nil, types: [String], names: [String: String] = [:], genera: [String: String] = [:],
        flavorTexts: [String: String] = [:], fetchedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.height = height
        self.weight = weight
        self.baseExperience = baseExperience
        self.captureRate = captureRate
        self.generation = generation
        self.color = color
        self.habitat = habitat
        self.baby = baby
        self.legendary = legendary
        self.mythical = mythical
        self.sprite = sprite
        self.shinySprite = shinySprite
        self.cry = cry
        self.types = types
        self.names = names
        self.genera = genera
        self.flavorTexts = flavorTexts
        self.fetchedAt = fetchedAt
    }

    public var source: Source { fetchedAt == nil ? .builtin : .api }
}

/// A type's name in one language.
public struct TypeName: Codable, Sendable, Equatable, MydexRecord, PersistableRecord {
    public static let databaseTableName = "fetched_type_names"
    /// PokeAPI's type name, e.g. `electric`.
    public var type: String
    /// A PokeAPI language code, lower-case.
    public var language: String
    public var name: String

    public init(type: String, language: String, name: String) {
        self.type = type
        self.language = language.lowercased()
        self.name = name
    }
}
