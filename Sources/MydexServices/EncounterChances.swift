import MydexStore
import MydexModel

/// How often each Pokémon of an encounter table is met, as the games work it out. PokeAPI keeps
/// a table as slots, each with a rarity and the conditions under which it holds a Pokémon (at
/// night, during a swarm, with a game in the DS's second slot…): in each state of the world (a
/// value of every condition), a Pokémon's chance is the sum of the rarities of the slots it
/// holds then, its levels theirs. The states that give a Pokémon the same levels and chance are
/// put together and said in the fewest words: no condition when they are every state, else
/// the values that tell them apart ("morning, day"), as few such rows as will say it.
public enum EncounterChances {
    /// A Pokémon's chance in some states of a table: at these levels, this often, when every
    /// group of `conditions` holds (any value of a group will do; none: always).
    public struct Row: Sendable, Equatable {
        public var pokemonID: Int
        public var minLevel: Int
        public var maxLevel: Int
        public var chance: Int
        /// Groups of condition values, each of one condition (`["time-morning", "time-day"]`).
        public var conditions: [[String]]
    }

    /// The most states a table is worked out over; a table of more conditions (none in
    /// PokeAPI's data) is shown slot by slot.
    static let maximumStates = 4096

    /// The value each optional condition has unless the player does something (no swarm, the
    /// Poké Radar off, no game in the DS's second slot, the radio off…). A table is worked out
    /// first with these as they usually are, then with each other value of one of them.
    public static let usual: [String: String] = [
        "swarm": "swarm-no", "radar": "radar-off", "slot2": "slot2-none", "radio": "radio-off",
        "bug-catching-contest": "bug-catching-contest-no", "backlot": "backlot-not-mentioned",
        "great-marsh-daily-slot": "great-marsh-daily-slot-none", "johto-safari-blocks": "johto-safari-blocks-inactive",
    ]

    /// The rows of one table (one game, area and way: `encounters`, aggregated by set of
    /// conditions as `Pokedex.encounters` gives them), for each Pokémon in the order it first
    /// appears: first as the table usually is (every optional condition as `usual` says) in
    /// each state of the others (time of day, season, weather…), the likeliest first; then,
    /// for each other value of an optional condition (during a swarm, with the Poké Radar),
    /// what changes. `values`: every value each condition takes in that game, in PokeAPI's
    /// order (the states are made of these); `kinds`: the condition of each value. A table
    /// where a slot asks for two values of one condition (HeartGold's Safari Zone: forest and
    /// peak objects both) is not a choice of one value each: it is shown as its slots are.
    public static func rows(_ encounters: [Encounter], values: [String: [String]], kinds: [String: String]) -> [Row] {
        let conditions = Array(Set(encounters.flatMap { $0.conditions.map { kinds[$0] ?? $0 } })).sorted()
        let domains = conditions.map { kind in values[kind] ?? [] }
        let exclusive = encounters.allSatisfy { encounter in
            let used = encounter.conditions.map { kinds[$0] ?? $0 }
            return Set(used).count == used.count && encounter.conditions.allSatisfy { value in
                domains[conditions.firstIndex(of: kinds[value] ?? value) ?? 0].contains(value)
            }
        }
        // The optional conditions, by their usual value; the others are enumerated.
        let usualIndex: [Int: Int] = Dictionary(uniqueKeysWithValues: conditions.indices.compactMap { index in
            usual[conditions[index]].flatMap { domains[index].firstIndex(of: $0) }.map { (index, $0) }
        })
        let natural = conditions.indices.filter { usualIndex[$0] == nil }
        let stateCount = natural.reduce(1) { $0 * max(domains[$1].count, 1) }
        guard exclusive, stateCount <= maximumStates, !domains.contains(where: \.isEmpty) else { return slotBySlot(encounters) }

        // Each encounter as the value it asks of each condition (nil: any).
        let asks = encounters.map { encounter in
            conditions.indices.map { index in
                encounter.conditions.first { (kinds[$0] ?? $0) == conditions[index] }.flatMap { domains[index].firstIndex(of: $0) }
            }
        }
        struct Outcome: Hashable { var minLevel: Int, maxLevel: Int, chance: Int }
        /// A Pokémon's outcome in a state (a value of every condition), if it is met then.
        func outcome(_ pokemon: Int, _ state: [Int]) -> Outcome? {
            var outcome: Outcome?
            for (index, encounter) in encounters.enumerated() where encounter.pokemonID == pokemon {
                guard zip(asks[index], state).allSatisfy({ ask, value in ask == nil || ask == value }) else { continue }
                outcome = Outcome(
                    minLevel: min(outcome?.minLevel ?? .max, encounter.minLevel), maxLevel: max(outcome?.maxLevel ?? 0, encounter.maxLevel),
                    chance: (outcome?.chance ?? 0) + encounter.chance)
            }
            return outcome
        }
        /// A full state from the natural conditions' values, the optional ones usual but `change`.
        func state(_ naturalValues: [Int], change: (index: Int, value: Int)? = nil) -> [Int] {
            var state = conditions.indices.map { usualIndex[$0] ?? 0 }
            for (position, index) in natural.enumerated() { state[index] = naturalValues[position] }
            if let change { state[change.index] = change.value }
            return state
        }
        /// Rows saying `grouped` (outcome → the states, as the dimensions `dimensions` give them),
        /// the likeliest first; `always` names the dimensions said even when every value is in.
        func describe(_ pokemon: Int, _ grouped: [(Outcome, [[Int]])], dimensions: [Int], always: Set<Int>) -> [Row] {
            grouped.enumerated().sorted { ($1.element.0.chance, $0.offset) < ($0.element.0.chance, $1.offset) }.flatMap { _, item in
                boxes(Set(item.1)).map { box in
                    Row(pokemonID: pokemon, minLevel: item.0.minLevel, maxLevel: item.0.maxLevel, chance: item.0.chance,
                        conditions: box.enumerated().compactMap { position, chosen -> [String]? in
                            let index = dimensions[position]
                            guard always.contains(index) || chosen.count < domains[index].count else { return nil }
                            return chosen.sorted().map { domains[index][$0] }
                        })
                }
            }
        }

        var order: [Int] = []
        for encounter in encounters where !order.contains(encounter.pokemonID) { order.append(encounter.pokemonID) }
        let naturalStates = allStates(natural.map { domains[$0].count })
        var rows: [Row] = []
        for pokemon in order {
            // As the table usually is.
            var usualOutcomes: [[Int]: Outcome] = [:]
            var grouped: [(Outcome, [[Int]])] = []
            for values in naturalStates {
                guard let found = outcome(pokemon, state(values)) else { continue }
                usualOutcomes[values] = found
                if let index = grouped.firstIndex(where: { $0.0 == found }) { grouped[index].1.append(values) } else { grouped.append((found, [values])) }
            }
            rows += describe(pokemon, grouped, dimensions: natural, always: [])
            // Each other value of an optional condition, where it changes something.
            for index in usualIndex.keys.sorted() {
                var changed: [(Outcome, [[Int]])] = []
                for value in domains[index].indices where value != usualIndex[index] {
                    for values in naturalStates {
                        guard let found = outcome(pokemon, state(values, change: (index, value))), found != usualOutcomes[values] else { continue }
                        let point = [value] + values
                        if let position = changed.firstIndex(where: { $0.0 == found }) { changed[position].1.append(point) } else { changed.append((found, [point])) }
                    }
                }
                rows += describe(pokemon, changed, dimensions: [index] + natural, always: [index])
            }
        }
        return rows
    }

    /// Every encounter as a row of its own, its conditions each a group of one.
    static func slotBySlot(_ encounters: [Encounter]) -> [Row] {
        encounters.map {
            Row(pokemonID: $0.pokemonID, minLevel: $0.minLevel, maxLevel: $0.maxLevel, chance: $0.chance,
                conditions: $0.conditions.map { [$0] })
        }
    }

    /// Every state: one value (an index) of each condition.
    static func allStates(_ sizes: [Int]) -> [[Int]] {
        sizes.reduce([[]]) { states, size in states.flatMap { state in (0..<size).map { state + [$0] } } }
    }

    /// `states` as few boxes (a set of values for each condition, every combination of them
    /// in `states`) as a greedy split finds: the whole when it is one, else split on a
    /// condition and the parts' boxes joined where they differ in one condition only.
    static func boxes(_ states: Set<[Int]>) -> [[Set<Int>]] {
        guard let first = states.first else { return [] }
        let projections = (0..<first.count).map { index in Set(states.map { $0[index] }) }
        if projections.reduce(1, { $0 * $1.count }) == states.count { return [projections] }
        // Split on the condition with the fewest values that vary.
        guard let split = projections.indices.filter({ projections[$0].count > 1 }).min(by: {
            projections[$0].count < projections[$1].count
        }) else { return [projections] }
        var parts: [[Set<Int>]] = []
        for value in projections[split].sorted() {
            parts += boxes(states.filter { $0[split] == value })
        }
        // Join boxes that differ in one condition's values only, until none do.
        var joined = true
        while joined {
            joined = false
            search: for a in parts.indices {
                for b in parts.indices where b > a {
                    let differing = parts[a].indices.filter { parts[a][$0] != parts[b][$0] }
                    guard differing.count == 1, let index = differing.first else { continue }
                    parts[a][index].formUnion(parts[b][index])
                    parts.remove(at: b)
                    joined = true
                    break search
                }
            }
        }
        return parts.sorted { $0.map { $0.min() ?? 0 }.lexicographicallyPrecedes($1.map { $0.min() ?? 0 }) }
    }
}
