import Foundation
import MydexCatalog
import MydexModel
import MydexServices

/// The moves and every Pokémon's learnsets, from PokeAPI's CSV tables: `moves.csv`,
/// `move_names.csv`, `move_effect_prose.csv`, `move_flavor_text.csv`, `machines.csv`,
/// `items.csv` (the machines' names), `pokemon_move_methods.csv` and `pokemon_moves.csv`.
struct MoveSource {
    let table: (String) throws -> [[String: String]]

    /// The languages whose game text about a move the catalog keeps: the interface's. English
    /// and French keep it only for a move without an effect in their language, and `ja-hrkt`
    /// (kana) only where `ja` has none, as `DataLanguage.fallbacks` reads them.
    private static let flavorLanguages: Set<String> = ["de", "en", "es", "fr", "it", "ja", "ja-hrkt", "ko", "zh-hans", "zh-hant"]

    func load() throws -> (moves: [BuiltInPokedex.MoveRecord], learnsets: [BuiltInPokedex.LearnsetRecord]) {
        let languages = Dictionary(try table("languages.csv").compactMap { row in
            int(row["id"]).flatMap { id in row["identifier"].map { (id, $0) } }
        }) { first, _ in first }
        let types = Dictionary(try table("types.csv").compactMap { row in
            int(row["id"]).flatMap { id in row["identifier"].map { (id, $0) } }
        }) { first, _ in first }
        let damageClasses = Dictionary(try table("move_damage_classes.csv").compactMap { row in
            int(row["id"]).flatMap { id in row["identifier"].map { (id, $0) } }
        }) { first, _ in first }
        var groups: [Int: (identifier: String, order: Int)] = [:]
        for row in try table("version_groups.csv") {
            guard let id = int(row["id"]), let identifier = row["identifier"], let order = int(row["order"]) else {
                throw GeneratorError.inconsistent("version_groups.csv row \(row)")
            }
            groups[id] = (identifier, order)
        }

        var names: [Int: [String: String]] = [:]
        for row in try table("move_names.csv") {
            guard let move = int(row["move_id"]), let language = int(row["local_language_id"]).flatMap({ languages[$0] }),
                  let name = row["name"], !name.isEmpty else { continue }
            names[move, default: [:]][language] = name
        }
        var flavor: [Int: [String: (order: Int, text: BuiltInPokedex.MoveRecord.FlavorText)]] = [:]
        for row in try table("move_flavor_text.csv") {
            guard let move = int(row["move_id"]), let language = int(row["language_id"]).flatMap({ languages[$0] }),
                  Self.flavorLanguages.contains(language), let group = int(row["version_group_id"]).flatMap({ groups[$0] }),
                  let text = row["flavor_text"].map(FlavorText.clean), !text.isEmpty else { continue }
            if let current = flavor[move]?[language], current.order >= group.order { continue }
            flavor[move, default: [:]][language] = (group.order, .init(versionGroup: group.identifier, text: text))
        }
        var machineItems: [Int: String] = [:]
        for row in try table("items.csv") {
            guard let id = int(row["id"]), let identifier = row["identifier"] else { continue }
            machineItems[id] = identifier
        }
        var machines: [Int: [String: String]] = [:]
        for row in try table("machines.csv") {
            guard let move = int(row["move_id"]), let group = int(row["version_group_id"]).flatMap({ groups[$0] }),
                  let item = int(row["item_id"]).flatMap({ machineItems[$0] })
            else { throw GeneratorError.inconsistent("machines.csv row \(row)") }
            machines[move, default: [:]][group.identifier] = item
        }
        var moveRows: [[String: String]] = []
        var effectsByID: [Int: [String: String]] = [:]
        for row in try table("move_effect_prose.csv") {
            guard let effect = int(row["move_effect_id"]), let language = int(row["local_language_id"]).flatMap({ languages[$0] }),
                  let text = row["effect"], !text.isEmpty else { continue }
            effectsByID[effect, default: [:]][language] = text
        }
        moveRows = try table("moves.csv")
        let moves = try moveRows.map { row -> BuiltInPokedex.MoveRecord in
            guard let id = int(row["id"]), let identifier = row["identifier"], let generation = int(row["generation_id"]),
                  let type = int(row["type_id"]).flatMap({ types[$0] }), let priority = int(row["priority"])
            else { throw GeneratorError.inconsistent("moves.csv row \(row)") }
            let chance = int(row["effect_chance"])
            let effects = (int(row["effect_id"]).flatMap { effectsByID[$0] } ?? [:]).mapValues { Self.effect($0, chance: chance) }
            return BuiltInPokedex.MoveRecord(
                id: id, identifier: identifier, generation: generation, type: type,
                damageClass: int(row["damage_class_id"]).flatMap { damageClasses[$0] },
                power: int(row["power"]), pp: int(row["pp"]), accuracy: int(row["accuracy"]), priority: priority,
                effectChance: chance, names: names[id] ?? [:], effects: effects,
                flavorTexts: (flavor[id] ?? [:]).filter { language, _ in
                    effects[language] == nil && !(language == "ja-hrkt" && flavor[id]?["ja"] != nil)
                }.mapValues(\.text),
                machines: machines[id] ?? [:])
        }
        return (moves, try learnsets(groups: groups))
    }

    /// Every (Pokémon, version group)'s moves by method, in the game's order for level-up: by
    /// level, then PokeAPI's `order` where it gives one, then as the table lists them.
    private func learnsets(groups: [Int: (identifier: String, order: Int)]) throws -> [BuiltInPokedex.LearnsetRecord] {
        let methods = Dictionary(try table("pokemon_move_methods.csv").compactMap { row in
            int(row["id"]).flatMap { id in row["identifier"].map { (id, $0) } }
        }) { first, _ in first }
        struct Key: Hashable { var pokemon: Int, group: Int }
        var levelUp: [Key: [(level: Int, order: Int, position: Int, move: Int)]] = [:]
        var others: [Key: [String: [Int]]] = [:]
        for (position, row) in try table("pokemon_moves.csv").enumerated() {
            guard let pokemon = int(row["pokemon_id"]), let group = int(row["version_group_id"]), let move = int(row["move_id"]),
                  let method = int(row["pokemon_move_method_id"]).flatMap({ methods[$0] }), let level = int(row["level"])
            else { throw GeneratorError.inconsistent("pokemon_moves.csv row \(row)") }
            let key = Key(pokemon: pokemon, group: group)
            if method == LearnsetEncoding.levelUpMethod {
                levelUp[key, default: []].append((level, int(row["order"]) ?? 0, position, move))
            } else {
                others[key, default: [:]][method, default: []].append(move)
            }
        }
        return try Set(levelUp.keys).union(others.keys).map { key in
            guard let group = groups[key.group] else { throw GeneratorError.inconsistent("pokemon_moves.csv: version group \(key.group)") }
            let ordered = (levelUp[key] ?? []).sorted { ($0.level, $0.order, $0.position) < ($1.level, $1.order, $1.position) }
            return BuiltInPokedex.LearnsetRecord(
                pokemon: key.pokemon, versionGroup: group.identifier, levelUp: ordered.map { [$0.level, $0.move] },
                methods: (others[key] ?? [:]).mapValues { Array(Set($0)).sorted() })
        }
    }

    /// PokeAPI's effect prose with its placeholders filled: `$effect_chance` is the move's
    /// chance, `[label]{kind:name}` links read as their label (or the name, where the label is
    /// empty), and the cartridge-style double spaces after sentences become one.
    static func effect(_ text: String, chance: Int?) -> String {
        var result = text.replacingOccurrences(of: "$effect_chance", with: chance.map(String.init) ?? "?")
        result = result.replacing(/\[([^\]]*)\]\{[a-z-]+:([a-z0-9-]+)\}/) { match in
            match.1.isEmpty ? match.2.replacingOccurrences(of: "-", with: " ") : String(match.1)
        }
        return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func int(_ text: String?) -> Int? { text.flatMap { Int($0) } }
}
