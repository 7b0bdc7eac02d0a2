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
    /// The default form's base stats by PokeAPI stat name (`hp`, `attack`, `defense`,
    /// `special-attack`, `special-defense`, `speed`). These and the fields below come from the
    /// catalog, also for a species fetched online (the cache of fetched species has no columns
    /// for them); nil when the catalog lacks the species.
    public var stats: [String: Int]?
    /// The default form's abilities in slot order.
    public var abilities: [Ability]?
    /// PokeAPI egg group names, e.g. `["monster", "dragon"]`.
    public var eggGroups: [String]?
    /// Chance of being female in eighths; -1 for genderless species.
    public var genderRate: Int?
    /// PokeAPI growth rate name, e.g. `medium-slow`.
    public var growthRate: String?
    /// PokeAPI's evolution chain id: species sharing it evolve into one another.
    public var evolutionChain: Int?
    /// The species this one evolves from.
    public var evolvesFrom: Int?
    /// How it evolves from `evolvesFrom` (several ways in some games); empty for a chain's first.
    public var evolution: [Evolution]?
    /// The effort values a defeated one gives, by PokeAPI stat name, where not 0
    /// (`pokemon_stats.csv`'s `effort` of the default form).
    public var effortYield: [String: Int]?
    /// The friendship it starts with (PokeAPI's `base_happiness`).
    public var baseFriendship: Int?
    /// Egg cycles to hatch (PokeAPI's `hatch_counter`).
    public var eggCycles: Int?
    /// The game each language's `flavorTexts` is from, by language: PokeAPI's version identifier.
    public var flavorTextGames: [String: String]?

    /// One of a species' abilities.
    public struct Ability: Codable, Sendable, Equatable {
        /// PokeAPI's ability name, e.g. `lightning-rod`.
        public var name: String
        /// A hidden ability (obtained only in special ways).
        public var hidden: Bool

        public init(name: String, hidden: Bool) {
            self.name = name
            self.hidden = hidden
        }
    }

    /// What makes a species evolve, as PokeAPI's `pokemon_evolution` says (nil: no condition).
    public struct Evolution: Codable, Sendable, Equatable {
        /// PokeAPI's evolution trigger name: `level-up`, `trade`, `use-item`, …
        public var trigger: String
        public var minLevel: Int?
        /// PokeAPI item ids (the item to use, or to hold): the catalog has their names as terms of
        /// kind `item` (`SpeciesProfile.name("item", "83")`).
        public var item: Int?
        public var heldItem: Int?
        public var minHappiness: Int?
        public var minAffection: Int?
        public var minBeauty: Int?
        /// `day`, `night` or `dusk`.
        public var timeOfDay: String?
        /// 1 female, 2 male.
        public var gender: Int?
        /// A PokeAPI move id the species must know: its names are terms of kind `move`.
        public var knownMove: Int?
        /// A PokeAPI type name a known move must have.
        public var knownMoveType: String?
        /// 1: Attack above Defense, -1: below, 0: equal.
        public var relativePhysicalStats: Int?
        /// A PokeAPI type name a Pokémon in the party must have.
        public var partyType: String?
        /// A species that must be in the party, or traded for.
        public var partySpecies: Int?
        public var tradeSpecies: Int?
        public var needsRain: Bool?
        public var upsideDown: Bool?
        /// At a particular place (PokeAPI names one location per game; mydex keeps only that there is one).
        public var specialPlace: Bool?
        /// The form (PokeAPI identifier) this way of evolving starts from, when it is one form's
        /// alone (`meowth-galar` → Perrserker), and the form it gives (`vulpix-alola` →
        /// `ninetales-alola`); nil for the species' own.
        public var fromForm: String?
        public var toForm: String?

        public init(trigger: String) { self.trigger = trigger }
    }

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

    /// PokeAPI's names of the base stats, in the games' order: every species has these six (the
    /// catalog has a column for each).
    public static let statNames = ["hp", "attack", "defense", "special-attack", "special-defense", "speed"]
}

extension Species {
    /// Columns of the fields only the catalog has: the cache of fetched species has none for
    /// them (they would need a migration), so the `pokedex_*` views read them from the catalog.
    static let catalogOnlyColumns: Set<String> = [
        "stats", "abilities", "egg_groups", "gender_rate", "growth_rate", "evolution_chain", "evolves_from", "evolution",
        "effort_yield", "base_friendship", "egg_cycles", "flavor_text_games",
    ]

    /// The row of `fetched_species`: every field but the catalog-only ones.
    public func encode(to container: inout PersistenceContainer) throws {
        let columns = try AllColumns(species: self).databaseDictionary
        for (column, value) in columns.sorted(by: { $0.key < $1.key }) where !Self.catalogOnlyColumns.contains(column) {
            container[column] = value
        }
    }

    /// The species encoded as GRDB encodes any Codable record, every field a column.
    private struct AllColumns: Encodable, EncodableRecord {
        let species: Species
        static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { Species.databaseColumnEncodingStrategy }
        static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
            Species.databaseDateEncodingStrategy(for: column)
        }
        func encode(to encoder: any Encoder) throws { try species.encode(to: encoder) }
    }
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
