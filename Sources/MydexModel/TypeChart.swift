
/// The games' type chart: what a move of one type does to a Pokémon of another, in percent
/// (0, 50, 100, 200), as the current games have it and as earlier generations had it, from
/// PokeAPI's `type_efficacy.csv` and `type_efficacy_past.csv`.
public struct TypeChart: Sendable, Equatable {
    /// A type of the chart and the generation it came in (Dark and Steel in 2, Fairy in 6).
    public struct ChartedType: Sendable, Equatable {
        public var name: String
        public var generation: Int

        package init(name: String, generation: Int) {
            self.name = name
            self.generation = generation
        }
    }

    /// A factor that held up to and including a generation.
    package struct PastFactor: Sendable, Equatable {
        var untilGeneration: Int
        var factor: Int

        package init(untilGeneration: Int, factor: Int) {
            self.untilGeneration = untilGeneration
            self.factor = factor
        }
    }

    /// The chart's types in the games' order (Normal, Fighting, Flying, …).
    public let types: [ChartedType]
    /// Attacking type → defending type → percent, where it is not 100.
    let current: [String: [String: Int]]
    /// Attacking type → defending type → earlier factors, oldest first.
    let past: [String: [String: [PastFactor]]]

    package init(types: [ChartedType], current: [String: [String: Int]], past: [String: [String: [PastFactor]]] = [:]) {
        self.types = types
        self.current = current
        self.past = past.mapValues { $0.mapValues { $0.sorted { $0.untilGeneration < $1.untilGeneration } } }
    }

    /// What a move of `attacking` type does to `defending` type, in percent, in `generation`
    /// (the current games when nil).
    public func factor(_ attacking: String, against defending: String, generation: Int? = nil) -> Int {
        if let generation, let earlier = past[attacking]?[defending]?.first(where: { generation <= $0.untilGeneration }) {
            return earlier.factor
        }
        return current[attacking]?[defending] ?? 100
    }

    /// What each attacking type of `generation` does to a Pokémon of `types` (one or two), in
    /// percent (0, 25, 50, 100, 200 or 400), in the chart's order.
    public func defenses(of types: [String], generation: Int? = nil) -> [TypeDefense] {
        self.types.filter { type in generation.map { type.generation <= $0 } ?? true }.map { attacking in
            TypeDefense(
                type: attacking.name,
                factor: types.reduce(100) { $0 * factor(attacking.name, against: $1, generation: generation) / 100 })
        }
    }
}

/// What a move of one type does to a Pokémon, in percent: 0 (no effect), 25, 50, 100, 200, 400.
public struct TypeDefense: Sendable, Equatable, Hashable {
    public var type: String
    public var factor: Int

    public init(type: String, factor: Int) {
        self.type = type
        self.factor = factor
    }
}

/// How an ability changes what hits its Pokémon, as the current games have it (Bulbapedia's
/// ability pages; Serebii's ability dex): noted beside the type chart, never applied to it, since
/// a Pokémon has one ability of its several.
public struct AbilityDefense: Sendable, Equatable {
    public enum Effect: Sendable, Equatable {
        /// Moves of the type do this percent of what the chart says (0: they have no effect).
        case type(String, percent: Int)
        /// Only super-effective moves hit (Wonder Guard).
        case onlySuperEffective
        /// Super-effective moves do three quarters (Filter, Solid Rock, Prism Armor).
        case superEffectiveReduced
    }

    public var ability: String
    public var effects: [Effect]

    /// The abilities that change what hits their Pokémon, by PokeAPI name.
    public static let known: [String: [Effect]] = [
        "levitate": [.type("ground", percent: 0)],
        "earth-eater": [.type("ground", percent: 0)],
        "flash-fire": [.type("fire", percent: 0)],
        "well-baked-body": [.type("fire", percent: 0)],
        "volt-absorb": [.type("electric", percent: 0)],
        "lightning-rod": [.type("electric", percent: 0)],
        "motor-drive": [.type("electric", percent: 0)],
        "water-absorb": [.type("water", percent: 0)],
        "storm-drain": [.type("water", percent: 0)],
        "dry-skin": [.type("water", percent: 0), .type("fire", percent: 125)],
        "sap-sipper": [.type("grass", percent: 0)],
        "thick-fat": [.type("fire", percent: 50), .type("ice", percent: 50)],
        "heatproof": [.type("fire", percent: 50)],
        "water-bubble": [.type("fire", percent: 50)],
        "purifying-salt": [.type("ghost", percent: 50)],
        "fluffy": [.type("fire", percent: 200)],
        "wonder-guard": [.onlySuperEffective],
        "filter": [.superEffectiveReduced],
        "solid-rock": [.superEffectiveReduced],
        "prism-armor": [.superEffectiveReduced],
    ]

    /// The notes for a Pokémon with these abilities, in their order.
    public static func notes(for abilities: [String]) -> [AbilityDefense] {
        abilities.compactMap { ability in known[ability].map { AbilityDefense(ability: ability, effects: $0) } }
    }
}

/// The types in the games' order (PokeAPI's ids): how lists of types are offered.
public enum PokemonTypes {
    public static let order = [
        "normal", "fighting", "flying", "poison", "ground", "rock", "bug", "ghost", "steel",
        "fire", "water", "grass", "electric", "psychic", "ice", "dragon", "dark", "fairy",
    ]

    /// Types PokeAPI lists that no Pokémon has (shadow and unknown are "???" in most languages;
    /// stellar is a Tera Type only): not offered.
    public static let unheld: Set<String> = ["shadow", "unknown", "stellar"]

    /// Where `type` stands in `order` (one not in it, after them).
    public static func rank(_ type: String) -> Int { order.firstIndex(of: type) ?? order.count }
}
