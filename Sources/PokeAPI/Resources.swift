import Foundation

// The parts of PokeAPI's responses that mydex uses. Everything else (notably `moves`, 90% of a
// `/pokemon` body) is skipped; fields PokeAPI may send as null are optionals.

public struct NamedResource: Decodable, Sendable, Equatable {
    public var name: String
    public var url: String?

    /// The number that ends its URL (`…/pokemon-species/172/` → 172).
    public var id: Int? { url.flatMap(SpeciesResource.Link.id) }
}

/// `/pokemon-species?limit=…`: only the total matters to mydex.
public struct ResourceList: Decodable, Sendable, Equatable {
    public var count: Int
}

/// `/pokemon/{id}`.
public struct PokemonResource: Decodable, Sendable, Equatable {
    public struct TypeSlot: Decodable, Sendable, Equatable {
        public var slot: Int
        public var type: NamedResource
    }

    public struct Sprites: Decodable, Sendable, Equatable {
        public struct Artwork: Decodable, Sendable, Equatable {
            public var frontDefault: String?
            public var frontShiny: String?
            enum CodingKeys: String, CodingKey {
                case frontDefault = "front_default"
                case frontShiny = "front_shiny"
            }
        }
        public struct Other: Decodable, Sendable, Equatable {
            public var officialArtwork: Artwork?
            enum CodingKeys: String, CodingKey { case officialArtwork = "official-artwork" }
        }
        public var frontDefault: String?
        public var frontShiny: String?
        public var other: Other?
        enum CodingKeys: String, CodingKey {
            case frontDefault = "front_default"
            case frontShiny = "front_shiny"
            case other
        }
    }

    public struct Cries: Decodable, Sendable, Equatable {
        public var latest: String?
        public var legacy: String?
    }

    public var id: Int
    public var name: String
    public var height: Int
    public var weight: Int
    public var baseExperience: Int?
    public var types: [TypeSlot]
    public var sprites: Sprites?
    public var cries: Cries?
    public var species: NamedResource?
    /// The base stats and abilities (absent from responses that predate mydex reading them).
    public var stats: [Stat]?
    public var abilities: [AbilitySlot]?

    public struct Stat: Decodable, Sendable, Equatable {
        public var baseStat: Int
        /// The effort values a defeated Pokémon gives in this stat.
        public var effort: Int?
        public var stat: NamedResource
        enum CodingKeys: String, CodingKey {
            case baseStat = "base_stat"
            case effort, stat
        }
    }

    public struct AbilitySlot: Decodable, Sendable, Equatable {
        public var ability: NamedResource
        public var isHidden: Bool
        public var slot: Int
        enum CodingKeys: String, CodingKey {
            case ability, slot
            case isHidden = "is_hidden"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, height, weight, types, sprites, cries, species, stats, abilities
        case baseExperience = "base_experience"
    }
}

/// `/pokemon-species/{id}`.
public struct SpeciesResource: Decodable, Sendable, Equatable {
    public struct Name: Decodable, Sendable, Equatable {
        public var name: String
        public var language: NamedResource
    }

    public struct Genus: Decodable, Sendable, Equatable {
        public var genus: String
        public var language: NamedResource
    }

    public struct FlavorText: Decodable, Sendable, Equatable {
        public var flavorText: String
        public var language: NamedResource
        public var version: NamedResource?
        enum CodingKeys: String, CodingKey {
            case flavorText = "flavor_text"
            case language, version
        }
    }

    public var id: Int
    public var name: String
    public var captureRate: Int
    public var isBaby: Bool
    public var isLegendary: Bool
    public var isMythical: Bool
    public var generation: NamedResource?
    public var color: NamedResource?
    public var habitat: NamedResource?
    public var names: [Name]
    public var genera: [Genus]
    public var flavorTextEntries: [FlavorText]
    /// Chance of being female in eighths, -1 for none.
    public var genderRate: Int?
    public var growthRate: NamedResource?
    public var eggGroups: [NamedResource]?
    public var evolvesFromSpecies: NamedResource?
    /// The friendship it starts with (the games' base friendship).
    public var baseHappiness: Int?
    /// Egg cycles to hatch.
    public var hatchCounter: Int?
    /// Only its `url` names the chain (`…/evolution-chain/10/`).
    public var evolutionChain: Link?

    /// A resource PokeAPI gives by URL alone.
    public struct Link: Decodable, Sendable, Equatable {
        public var url: String
        /// The number that ends the URL.
        public var id: Int? { Self.id(url) }

        static func id(_ url: String) -> Int? { url.split(separator: "/").last.flatMap { Int($0) } }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, generation, color, habitat, names, genera
        case genderRate = "gender_rate"
        case growthRate = "growth_rate"
        case eggGroups = "egg_groups"
        case evolvesFromSpecies = "evolves_from_species"
        case evolutionChain = "evolution_chain"
        case captureRate = "capture_rate"
        case isBaby = "is_baby"
        case isLegendary = "is_legendary"
        case isMythical = "is_mythical"
        case flavorTextEntries = "flavor_text_entries"
        case baseHappiness = "base_happiness"
        case hatchCounter = "hatch_counter"
    }

    /// The generation number from its API name (`generation-iv` is 4).
    public var generationNumber: Int? {
        guard let name = generation?.name, name.hasPrefix("generation-") else { return nil }
        return RomanNumeral.value(of: String(name.dropFirst("generation-".count)))
    }
}

enum RomanNumeral {
    static func value(of text: String) -> Int? {
        let digits: [Character: Int] = ["i": 1, "v": 5, "x": 10, "l": 50, "c": 100]
        var total = 0
        var previous = 0
        for character in text.lowercased().reversed() {
            guard let digit = digits[character] else { return nil }
            total += digit < previous ? -digit : digit
            previous = max(previous, digit)
        }
        return total > 0 ? total : nil
    }
}

/// `/type/{id}`: the localized names of a type.
public struct TypeResource: Decodable, Sendable, Equatable {
    public struct Name: Decodable, Sendable, Equatable {
        public var name: String
        public var language: NamedResource
    }

    public var id: Int
    public var name: String
    public var names: [Name]
}

/// A list endpoint with its entries (`/type/?limit=…`).
public struct NamedResourceList: Decodable, Sendable, Equatable {
    public var count: Int
    public var results: [NamedResource]
}
