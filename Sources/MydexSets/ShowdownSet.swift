import Foundation

/// A stat of Showdown's `StatsTable`, in Showdown's order (also the packed format's order).
public enum ShowdownStat: String, Sendable, CaseIterable, CodingKey {
    case hp, atk, def, spa, spd, spe

    /// The name the export format writes (`Dex.stats.shortNames`): HP, Atk, Def, SpA, SpD, Spe.
    public var shortName: String {
        switch self {
        case .hp: "HP"
        case .atk: "Atk"
        case .def: "Def"
        case .spa: "SpA"
        case .spd: "SpD"
        case .spe: "Spe"
        }
    }

    /// Showdown's `Dex.stats.getID`: a stat's id, short or long name in any case ("SpA",
    /// "Special Attack", "spatk", generation 1's "Spc"), nil for others. "Spd" exactly is Speed,
    /// as in Showdown, while "SpD" is Special Defense.
    public static func named(_ name: String) -> ShowdownStat? {
        if name == "Spd" { return .spe }
        let id = toID(name)
        return aliases[id] ?? ShowdownStat(rawValue: id)
    }

    /// `reverseCache` of `sim/dex-data.ts`.
    private static let aliases: [String: ShowdownStat] = [
        "hitpoints": .hp, "attack": .atk, "defense": .def,
        "specialattack": .spa, "spatk": .spa, "spattack": .spa, "specialatk": .spa, "special": .spa, "spc": .spa,
        "specialdefense": .spd, "spdef": .spd, "spdefense": .spd, "specialdef": .spd,
        "speed": .spe,
    ]
}

/// Six stat values, as Showdown's `StatsTable` (JSON keys `hp`, `atk`, `def`, `spa`, `spd`,
/// `spe`). Values are kept as read: an EV of 300 stays 300 for a validator to report.
public struct ShowdownStats: Sendable, Equatable, Codable {
    public var hp: Int
    public var atk: Int
    public var def: Int
    public var spa: Int
    public var spd: Int
    public var spe: Int

    /// The six values.
    public init(hp: Int, atk: Int, def: Int, spa: Int, spd: Int, spe: Int) {
        (self.hp, self.atk, self.def, self.spa, self.spd, self.spe) = (hp, atk, def, spa, spd, spe)
    }

    /// Every stat at `value`.
    public init(all value: Int) {
        self.init(hp: value, atk: value, def: value, spa: value, spd: value, spe: value)
    }

    /// EVs where none are given: all 0.
    public static let defaultEVs = ShowdownStats(all: 0)
    /// IVs where none are given: all 31.
    public static let defaultIVs = ShowdownStats(all: 31)

    /// One stat's value.
    public subscript(stat: ShowdownStat) -> Int {
        get {
            switch stat {
            case .hp: hp
            case .atk: atk
            case .def: def
            case .spa: spa
            case .spd: spd
            case .spe: spe
            }
        }
        set {
            switch stat {
            case .hp: hp = newValue
            case .atk: atk = newValue
            case .def: def = newValue
            case .spa: spa = newValue
            case .spd: spd = newValue
            case .spe: spe = newValue
            }
        }
    }

    /// Decodes all six (a set's decoding is the lenient one).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ShowdownStat.self)
        self.init(all: 0)
        for stat in ShowdownStat.allCases { self[stat] = try container.decode(Int.self, forKey: stat) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ShowdownStat.self)
        for stat in ShowdownStat.allCases { try container.encode(self[stat], forKey: stat) }
    }

    /// As Showdown's `Teams.import` reads a JSON set's `evs`/`ivs`: each stat that is a whole
    /// number, `fallback` for the others and when the object is missing.
    static func lenient(_ container: KeyedDecodingContainer<ShowdownStat>?, fallback: Int) -> ShowdownStats {
        var stats = ShowdownStats(all: fallback)
        for stat in ShowdownStat.allCases {
            if let value = try? container?.decodeIfPresent(Int.self, forKey: stat) { stats[stat] = value }
        }
        return stats
    }
}

/// One Pokémon of a team: Showdown's `PokemonSet` (`sim/teams.ts`), in Showdown's names
/// ("Vulpix-Alola", "Choice Scarf", "Hidden Power Fire"), never PokeAPI's identifiers. Encodes
/// and decodes as one object of Showdown's JSON team format.
///
/// Names are kept as they were read: the text format's as typed, the packed format's as
/// `ShowdownPacked.unpackName` guesses them ("leftovers", "Life Orb"). Compare them with
/// `toID`, as Showdown does before using them.
public struct ShowdownSet: Sendable, Equatable, Codable {
    /// The nickname as Showdown keeps it: "" or the species itself when there is none (the text
    /// reader leaves "", the packed reader copies the species). `nickname` says which.
    public var name: String
    /// Species with its forme ("Vulpix-Alola").
    public var species: String
    /// The held item; "" for none.
    public var item: String
    /// The ability; "" for none. A packed set may hold a slot instead: `abilitySlot`.
    public var ability: String
    /// The moves, in order ("Hidden Power Fire" for the text format's "Hidden Power [Fire]").
    public var moves: [String]
    /// The nature's name ("Jolly"); "" for none.
    public var nature: String
    /// "M", "F", or "" (Showdown picks); the packed and JSON formats may carry others ("N").
    public var gender: String
    /// Effort values (AVs in Let's Go); 0 where not given.
    public var evs: ShowdownStats
    /// Individual values after hyper training; 31 where not given.
    public var ivs: ShowdownStats
    /// The level; 100 where not given. Kept as read, 0 and 9999 included.
    public var level: Int
    /// True when shiny; nil when not said.
    public var shiny: Bool?
    /// Friendship (Showdown's "happiness"); nil means 255, unless a move is Frustration.
    public var happiness: Int?
    /// The Poké Ball's name; nil or "" for a plain Poké Ball.
    public var pokeball: String?
    /// The Hidden Power type from the IVs before hyper training.
    public var hpType: String?
    /// Dynamax level; nil means 10.
    public var dynamaxLevel: Int?
    /// True when it can Gigantamax.
    public var gigantamax: Bool?
    /// Tera Type; nil means the first type.
    public var teraType: String?

    /// A set with Showdown's defaults for what is not given (those of `Teams.import`).
    public init(
        name: String = "", species: String, item: String = "", ability: String = "", moves: [String] = [],
        nature: String = "", gender: String = "", evs: ShowdownStats = .defaultEVs, ivs: ShowdownStats = .defaultIVs,
        level: Int = 100, shiny: Bool? = nil, happiness: Int? = nil, pokeball: String? = nil, hpType: String? = nil,
        dynamaxLevel: Int? = nil, gigantamax: Bool? = nil, teraType: String? = nil
    ) {
        (self.name, self.species, self.item, self.ability, self.moves) = (name, species, item, ability, moves)
        (self.nature, self.gender, self.evs, self.ivs, self.level) = (nature, gender, evs, ivs, level)
        (self.shiny, self.happiness, self.pokeball, self.hpType) = (shiny, happiness, pokeball, hpType)
        (self.dynamaxLevel, self.gigantamax, self.teraType) = (dynamaxLevel, gigantamax, teraType)
    }

    /// The nickname, nil when `name` is "" or the species (Showdown's "no nickname").
    public var nickname: String? {
        name.isEmpty || name == species ? nil : name
    }

    /// The ability slot a packed set gives instead of a name ("0", "1", "H", "S"), which only a
    /// Pokédex can turn into a name; nil for a name. (An empty packed ability means slot 0 to
    /// Showdown's server, but "" is also the text format's "no ability", so it is kept as "".)
    public var abilitySlot: String? {
        ["0", "1", "H", "S"].contains(ability) ? ability : nil
    }

    private enum CodingKeys: String, CodingKey {
        case name, species, item, ability, moves, nature, gender, evs, ivs, level
        case shiny, happiness, pokeball, hpType, dynamaxLevel, gigantamax, teraType
    }

    /// Reads a set as `Teams.import` reads JSON: missing or mistyped strings are "", `evs`/`ivs`
    /// default each stat to 0/31, `moves` to []; `level` to 100 (Showdown leaves it unset, which
    /// it treats as 100). Unlike Showdown, names are not passed through `Dex.getName`, which would
    /// cut them to 18 characters ("Necrozma-Dawn-Wings") and turn `[`, `]`, `,` and `|` into spaces.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String { (try? c.decodeIfPresent(String.self, forKey: key)) ?? "" }
        func value<T: Decodable>(_ type: T.Type, _ key: CodingKeys) -> T? { try? c.decodeIfPresent(type, forKey: key) }
        self.init(name: text(.name), species: text(.species), item: text(.item), ability: text(.ability))
        moves = value([LossyString].self, .moves)?.map(\.value) ?? []
        nature = text(.nature)
        gender = text(.gender)
        evs = ShowdownStats.lenient(try? c.nestedContainer(keyedBy: ShowdownStat.self, forKey: .evs), fallback: 0)
        ivs = ShowdownStats.lenient(try? c.nestedContainer(keyedBy: ShowdownStat.self, forKey: .ivs), fallback: 31)
        level = value(Int.self, .level) ?? 100
        shiny = value(Bool.self, .shiny)
        happiness = value(Int.self, .happiness)
        pokeball = value(String.self, .pokeball)
        hpType = value(String.self, .hpType)
        dynamaxLevel = value(Int.self, .dynamaxLevel)
        gigantamax = value(Bool.self, .gigantamax)
        teraType = value(String.self, .teraType)
    }

    /// Writes the keys of `PokemonSet` in its order, the optional ones only when set.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(species, forKey: .species)
        try c.encode(item, forKey: .item)
        try c.encode(ability, forKey: .ability)
        try c.encode(moves, forKey: .moves)
        try c.encode(nature, forKey: .nature)
        try c.encode(gender, forKey: .gender)
        try c.encode(evs, forKey: .evs)
        try c.encode(ivs, forKey: .ivs)
        try c.encode(level, forKey: .level)
        try c.encodeIfPresent(shiny, forKey: .shiny)
        try c.encodeIfPresent(happiness, forKey: .happiness)
        try c.encodeIfPresent(pokeball, forKey: .pokeball)
        try c.encodeIfPresent(hpType, forKey: .hpType)
        try c.encodeIfPresent(dynamaxLevel, forKey: .dynamaxLevel)
        try c.encodeIfPresent(gigantamax, forKey: .gigantamax)
        try c.encodeIfPresent(teraType, forKey: .teraType)
    }

    /// A JSON team (an array of sets) as `Teams.import` reads one; nil when it is not an array
    /// of objects.
    public static func decodeTeam(_ data: Data) -> [ShowdownSet]? {
        try? JSONDecoder().decode([ShowdownSet].self, from: data)
    }

    /// A team as Showdown's JSON format. Only fails as JSONEncoder can, which these values never make it.
    public static func encodeTeam(_ sets: [ShowdownSet]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return try encoder.encode(sets)
    }

    /// `decodeTeam` for `ShowdownFormat`: only a non-empty array whose every object has a string
    /// `species` and an array `moves`, as the sets Showdown writes do.
    static func decodeShowdownJSON(_ data: Data) -> [ShowdownSet]? {
        struct Probe: Decodable {
            var species: String
            var moves: [LossyString]
        }
        guard let probes = try? JSONDecoder().decode([Probe].self, from: data), !probes.isEmpty else { return nil }
        return decodeTeam(data)
    }
}

/// A JSON string, or "" for any other value (Showdown's `getName` of a non-string).
private struct LossyString: Decodable {
    var value: String

    init(from decoder: any Decoder) throws {
        value = (try? decoder.singleValueContainer().decode(String.self)) ?? ""
    }
}
