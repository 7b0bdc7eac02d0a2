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
        return Tables(natures: natures, characteristics: characteristics, growthRates: growthRates, items: items)
    }

    /// `id` → `identifier` of a PokeAPI table.
    private func identifiers(_ file: String) throws -> [Int: String] {
        Dictionary(try table(file).compactMap { row in int(row["id"]).flatMap { id in row["identifier"].map { (id, $0) } } },
                   uniquingKeysWith: { first, _ in first })
    }

    private func int(_ text: String?) -> Int? { text.flatMap { Int($0) } }
}
