import MydexCatalog

/// What an individual Pokémon is made of beyond its species, from PokeAPI's CSV tables: the
/// natures (`natures.csv`, `nature_names.csv`), the characteristics (`characteristics.csv`,
/// `characteristic_text.csv`), the growth rates' experience (`experience.csv`) and the items a
/// Pokémon can hold (`items.csv`, `item_names.csv`: every pocket but key items and machines).
/// A CSV folder without these tables gives none of them.
struct IndividualSource {
    let required: (String) throws -> [[String: String]]

    init(table: @escaping (String) throws -> [[String: String]]) { required = table }

    private func table(_ file: String) throws -> [[String: String]] {
        do {
            return try required(file)
        } catch GeneratorError.missing {
            return []
        }
    }

    struct Tables {
        var natures: [BuiltInPokedex.NatureRecord]
        var characteristics: [BuiltInPokedex.CharacteristicRecord]
        var growthRates: [BuiltInPokedex.GrowthRateRecord]
        var items: [BuiltInPokedex.ItemRecord]
        var gameIndices: [BuiltInPokedex.GameIndexRecord] = []
    }

    /// The pockets of items no Pokémon holds: machines (4) and key items (8) (`item_pockets.csv`).
    static let unheldPockets: Set<Int> = [4, 8]

    func load() throws -> Tables {
        let languages = try identifiers("languages.csv")
        let stats = try identifiers("stats.csv")
        guard !languages.isEmpty else { return Tables(natures: [], characteristics: [], growthRates: [], items: []) }
        func names(_ file: String, _ idColumn: String, _ textColumn: String = "name") throws -> [Int: [String: String]] {
            var names: [Int: [String: String]] = [:]
            for row in try table(file) {
                guard let id = int(row[idColumn]), let language = int(row["local_language_id"]).flatMap({ languages[$0] }),
                      let name = row[textColumn], !name.isEmpty else { continue }
                names[id, default: [:]][language] = name
            }
            return names
        }

        let natureNames = try names("nature_names.csv", "nature_id")
        let natures = try table("natures.csv").map { row in
            guard let id = int(row["id"]), let identifier = row["identifier"], let index = int(row["game_index"]),
                  let increased = int(row["increased_stat_id"]).flatMap({ stats[$0] }),
                  let decreased = int(row["decreased_stat_id"]).flatMap({ stats[$0] })
            else { throw GeneratorError.inconsistent("natures.csv row \(row)") }
            return BuiltInPokedex.NatureRecord(
                identifier: identifier, gameIndex: index, increased: increased, decreased: decreased, names: natureNames[id] ?? [:])
        }
        guard natures.isEmpty || Set(natures.map(\.gameIndex)) == Set(0..<25) else {
            throw GeneratorError.inconsistent("natures.csv: not the 25 natures")
        }

        let texts = try names("characteristic_text.csv", "characteristic_id", "message")
        let characteristics = try table("characteristics.csv").map { row in
            guard let id = int(row["id"]), let stat = int(row["stat_id"]).flatMap({ stats[$0] }), let mod = int(row["gene_mod_5"])
            else { throw GeneratorError.inconsistent("characteristics.csv row \(row)") }
            return BuiltInPokedex.CharacteristicRecord(id: id, stat: stat, geneMod5: mod, texts: texts[id] ?? [:])
        }

        let rates = try identifiers("growth_rates.csv")
        var experience: [String: [Int: Int]] = [:]
        for row in try table("experience.csv") {
            guard let rate = int(row["growth_rate_id"]).flatMap({ rates[$0] }), let level = int(row["level"]),
                  let points = int(row["experience"]) else { throw GeneratorError.inconsistent("experience.csv row \(row)") }
            experience[rate, default: [:]][level] = points
        }
        let growthRates = try experience.map { rate, byLevel in
            guard Set(byLevel.keys) == Set(1...100) else { throw GeneratorError.inconsistent("experience.csv: \(rate) lacks levels") }
            return BuiltInPokedex.GrowthRateRecord(identifier: rate, experience: (1...100).map { byLevel[$0] ?? 0 })
        }

        let pockets = Dictionary(try table("item_categories.csv").compactMap { row in
            int(row["id"]).flatMap { id in int(row["pocket_id"]).map { (id, $0) } }
        }) { first, _ in first }
        let itemNames = try names("item_names.csv", "item_id")
        let items = try table("items.csv").compactMap { row -> BuiltInPokedex.ItemRecord? in
            guard let id = int(row["id"]), let identifier = row["identifier"] else {
                throw GeneratorError.inconsistent("items.csv row \(row)")
            }
            guard let pocket = int(row["category_id"]).flatMap({ pockets[$0] }), !Self.unheldPockets.contains(pocket),
                  let names = itemNames[id], !names.isEmpty else { return nil }
            return BuiltInPokedex.ItemRecord(id: id, identifier: identifier, names: names)
        }
        return Tables(
            natures: natures, characteristics: characteristics, growthRates: growthRates, items: items,
            gameIndices: try gameIndices())
    }

    /// The generations whose saves mydex reads.
    static let savedGenerations = 1...3

    /// Where PokeAPI's `item_game_indices.csv` gives a number twice, the games' own constants
    /// decide (pret/pokecrystal `constants/item_constants.asm`: ENERGYPOWDER $79, BLUE_CARD $74,
    /// KINGS_ROCK $52, TM29 $DD; pret/pokeemerald `include/constants/items.h`: ITEMFINDER 261,
    /// BASEMENT_KEY 271): the numbers PokeAPI has wrong, by (generation, item).
    static let itemIndexCorrections: [GameIndexKey: Int?] = [
        GameIndexKey(generation: 2, identifier: "energy-powder", index: "116"): 121,
        GameIndexKey(generation: 2, identifier: "kings-rock", index: "221"): nil,
        GameIndexKey(generation: 3, identifier: "basement-key", index: "261"): 271,
    ]

    struct GameIndexKey: Hashable {
        var generation: Int
        var identifier: String
        var index: String
    }

    /// Each of those generations' own numbers for Pokémon, items and places, by identifier.
    /// Pokémon are numbered by game (`version_id`); the games of a generation must agree, or
    /// a save could not say which Pokémon it holds.
    func gameIndices() throws -> [BuiltInPokedex.GameIndexRecord] {
        let versionGroups = try table("versions.csv").reduce(into: [Int: Int]()) { map, row in
            if let id = int(row["id"]), let group = int(row["version_group_id"]) { map[id] = group }
        }
        let groupGenerations = try table("version_groups.csv").reduce(into: [Int: Int]()) { map, row in
            if let id = int(row["id"]), let generation = int(row["generation_id"]) { map[id] = generation }
        }
        var records: [BuiltInPokedex.GameIndexRecord] = []
        func collect(_ kind: String, _ file: String, _ idColumn: String, names: [Int: String], generation: ([String: String]) -> Int?) throws {
            var byGeneration: [Int: [String: String]] = [:]
            for row in try table(file) {
                guard let generation = generation(row), Self.savedGenerations.contains(generation),
                      var index = row["game_index"], let id = int(row[idColumn]), let identifier = names[id] else { continue }
                if kind == "item", let corrected = Self.itemIndexCorrections[GameIndexKey(generation: generation, identifier: identifier, index: index)] {
                    guard let corrected else { continue }
                    index = String(corrected)
                }
                if let known = byGeneration[generation]?[index], known != identifier {
                    // One place of the games can be several of PokeAPI's (Victory Road's
                    // floors, Emerald's two hideouts): the first of them stands for it.
                    if kind == "location" { continue }
                    throw GeneratorError.inconsistent("\(file): generation \(generation)'s games number \(index) as \(known) and \(identifier)")
                }
                byGeneration[generation, default: [:]][index] = identifier
            }
            records += byGeneration.map { BuiltInPokedex.GameIndexRecord(kind: kind, generation: $0.key, indices: $0.value) }
        }
        try collect("pokemon", "pokemon_game_indices.csv", "pokemon_id", names: try identifiers("pokemon.csv")) { row in
            self.int(row["version_id"]).flatMap { versionGroups[$0] }.flatMap { groupGenerations[$0] }
        }
        try collect("item", "item_game_indices.csv", "item_id", names: try identifiers("items.csv")) { self.int($0["generation_id"]) }
        try collect("location", "location_game_indices.csv", "location_id", names: try identifiers("locations.csv")) {
            self.int($0["generation_id"])
        }
        return records
    }

    /// `id` → `identifier` of a PokeAPI table.
    private func identifiers(_ file: String) throws -> [Int: String] {
        Dictionary(try table(file).compactMap { row in int(row["id"]).flatMap { id in row["identifier"].map { (id, $0) } } },
                   uniquingKeysWith: { first, _ in first })
    }

    private func int(_ text: String?) -> Int? { text.flatMap { Int($0) } }
}
