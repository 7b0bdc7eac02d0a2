import Foundation
import MydexCatalog
import MydexModel
import MydexStore

/// Where each Pokémon is met, from PokeAPI's CSV tables: the places (`locations.csv`,
/// `location_names.csv`, `location_areas.csv`, `location_area_prose.csv`, `regions.csv`), the
/// ways (`encounter_methods.csv`), the conditions (`encounter_conditions.csv`,
/// `encounter_condition_values.csv`) and the tables (`encounters.csv`, `encounter_slots.csv`,
/// `encounter_condition_value_map.csv`).
struct EncounterSource {
    let table: (String) throws -> [[String: String]]
    /// The names of places and areas PokeAPI lacks (the games' own, from the names tables).
    var names = NameTables()

    struct Loaded {
        var locations: [BuiltInPokedex.LocationRecord]
        var methods: [BuiltInPokedex.EncounterMethodRecord]
        var conditions: [BuiltInPokedex.EncounterConditionRecord]
        var encounters: [BuiltInPokedex.EncounterRecord]
        /// The names of the items conditions name (`item-helix-fossil`), keyed by the item's
        /// identifier (`helix-fossil`), of kind `Pokedex.encounterItemKind`; and of the balls
        /// catching throws (`great-ball`), of kind `Pokedex.ballKind`.
        var terms: [BuiltInPokedex.TermRecord]
    }

    func load() throws -> Loaded {
        let languages = try identifiers("languages.csv")
        let regions = try identifiers("regions.csv")
        var locationNames: [Int: [String: String]] = [:]
        for row in try table("location_names.csv") {
            guard let location = int(row["location_id"]), let language = int(row["local_language_id"]).flatMap({ languages[$0] }),
                  let name = row["name"], !name.isEmpty else { continue }
            locationNames[location, default: [:]][language] = name
        }
        let locationIdentifiers = try identifiers("locations.csv")
        for (id, identifier) in locationIdentifiers where locationNames[id]?["en"] == nil {
            locationNames[id, default: [:]]["en"] = Self.englishPlaceName(identifier: identifier)
        }
        for (id, identifier) in locationIdentifiers {
            for (language, name) in names.places[identifier] ?? [:] where locationNames[id]?[language] == nil {
                locationNames[id, default: [:]][language] = name
            }
        }
        var areaNames: [Int: [String: String]] = [:]
        for row in try table("location_area_prose.csv") {
            guard let area = int(row["location_area_id"]), let language = int(row["local_language_id"]).flatMap({ languages[$0] }),
                  let name = row["name"], !name.isEmpty else { continue }
            areaNames[area, default: [:]][language] = language == "en" ? Self.englishAreaName(name) : name
        }
        var areas: [Int: [BuiltInPokedex.LocationRecord.AreaRecord]] = [:]
        var areaLocations: [Int: Int] = [:]
        for row in try table("location_areas.csv") {
            guard let id = int(row["id"]), let location = int(row["location_id"]) else {
                throw GeneratorError.inconsistent("location_areas.csv row \(row)")
            }
            let identifier = row["identifier"].flatMap { $0.isEmpty ? nil : $0 }
            var named = areaNames[id] ?? [:]
            if let identifier, let place = locationIdentifiers[location] {
                for (language, name) in names.areas[place]?[identifier] ?? [:] where named[language] == nil { named[language] = name }
            }
            // An area's name the same as its place's (the one area of most places) is the place's.
            let names = named.filter { language, name in locationNames[location]?[language] != name }
            areas[location, default: []].append(.init(id: id, identifier: identifier, names: names))
            areaLocations[id] = location
        }
        let locations = try table("locations.csv").map { row -> BuiltInPokedex.LocationRecord in
            guard let id = int(row["id"]), let identifier = row["identifier"] else {
                throw GeneratorError.inconsistent("locations.csv row \(row)")
            }
            return .init(
                id: id, identifier: identifier, region: int(row["region_id"]).flatMap { regions[$0] },
                names: locationNames[id] ?? [:], areas: (areas[id] ?? []).sorted { $0.id < $1.id })
        }

        let methodRows = try table("encounter_methods.csv")
        let methods = try methodRows.map { row -> BuiltInPokedex.EncounterMethodRecord in
            guard let id = int(row["id"]), let identifier = row["identifier"], let order = int(row["order"]) else {
                throw GeneratorError.inconsistent("encounter_methods.csv row \(row)")
            }
            return .init(id: id, identifier: identifier, order: order)
        }
        let methodIdentifiers = Dictionary(methods.map { ($0.id, $0.identifier) }) { first, _ in first }
        let conditionKinds = try identifiers("encounter_conditions.csv")
        let conditions = try table("encounter_condition_values.csv").map { row -> BuiltInPokedex.EncounterConditionRecord in
            guard let id = int(row["id"]), let identifier = row["identifier"],
                  let condition = int(row["encounter_condition_id"]).flatMap({ conditionKinds[$0] }) else {
                throw GeneratorError.inconsistent("encounter_condition_values.csv row \(row)")
            }
            return .init(id: id, identifier: identifier, condition: condition, isDefault: row["is_default"] == "1")
        }
        let conditionIdentifiers = Dictionary(conditions.map { ($0.id, $0.identifier) }) { first, _ in first }

        // The games of each version group, in PokeAPI's order: a slot names the ones it is in.
        var versions: [Int: (identifier: String, group: Int)] = [:]
        var groupGames: [Int: [String]] = [:]
        for row in try table("versions.csv").sorted(by: { (int($0["id"]) ?? 0) < (int($1["id"]) ?? 0) }) {
            guard let id = int(row["id"]), let identifier = row["identifier"], let group = int(row["version_group_id"]) else {
                throw GeneratorError.inconsistent("versions.csv row \(row)")
            }
            versions[id] = (identifier, group)
            groupGames[group, default: []].append(identifier)
        }
        let groupIdentifiers = try identifiers("version_groups.csv")
        var slotRows: [Int: (method: String, rarity: Int)] = [:]
        for row in try table("encounter_slots.csv") {
            guard let id = int(row["id"]), let method = int(row["encounter_method_id"]).flatMap({ methodIdentifiers[$0] }) else {
                throw GeneratorError.inconsistent("encounter_slots.csv row \(row)")
            }
            slotRows[id] = (method, int(row["rarity"]) ?? 0)
        }
        var conditionsOf: [Int: [String]] = [:]
        for row in try table("encounter_condition_value_map.csv") {
            guard let encounter = int(row["encounter_id"]),
                  let value = int(row["encounter_condition_value_id"]).flatMap({ conditionIdentifiers[$0] }) else {
                throw GeneratorError.inconsistent("encounter_condition_value_map.csv row \(row)")
            }
            conditionsOf[encounter, default: []].append(value)
        }
        // A slot as one game has it; the same slot listed twice for a game (261 rows of
        // `encounters.csv` repeat another whole) is one slot, not twice the chance.
        struct Key: Hashable { var group: Int, area: Int, slot: BuiltInPokedex.EncounterRecord.Slot }
        var games: [Key: Set<String>] = [:]
        for row in try table("encounters.csv") {
            guard let id = int(row["id"]), let version = int(row["version_id"]).flatMap({ versions[$0] }),
                  let area = int(row["location_area_id"]), areaLocations[area] != nil,
                  let slotID = int(row["encounter_slot_id"]), let slot = slotRows[slotID], let pokemon = int(row["pokemon_id"]),
                  let minLevel = int(row["min_level"]), let maxLevel = int(row["max_level"]) else {
                throw GeneratorError.inconsistent("encounters.csv row \(row)")
            }
            let key = Key(group: version.group, area: area, slot: .init(
                method: slot.method, slot: slotID, pokemon: pokemon, minLevel: minLevel, maxLevel: maxLevel, rarity: slot.rarity,
                conditions: (conditionsOf[id] ?? []).sorted(), games: nil))
            games[key, default: []].insert(version.identifier)
        }
        var tables: [Int: [Int: [BuiltInPokedex.EncounterRecord.Slot]]] = [:]
        for (key, found) in games {
            let all = groupGames[key.group] ?? []
            var slot = key.slot
            slot.games = found.count == all.count ? nil : all.filter(found.contains)
            tables[key.group, default: [:]][key.area, default: []].append(slot)
        }
        var encounters: [BuiltInPokedex.EncounterRecord] = []
        for (group, byArea) in tables {
            guard let identifier = groupIdentifiers[group] else { throw GeneratorError.inconsistent("version group \(group)") }
            for (area, slots) in byArea {
                encounters.append(.init(area: area, versionGroup: identifier, slots: slots.sorted(by: Self.slotOrder)))
            }
        }
        return Loaded(
            locations: locations, methods: methods, conditions: conditions, encounters: encounters,
            terms: try itemTerms(
                Set(conditions.compactMap { $0.condition == "item" ? $0.identifier.dropFirst("item-".count) : nil }.map(String.init)),
                kind: Pokedex.encounterItemKind, languages: languages)
                + ballTerms(encounters: encounters, languages: languages))
    }

    /// The balls' names (they are thrown at wild Pokémon: named where there are encounters).
    /// Inputs without PokeAPI's item tables (a few species' files) name none: the app then
    /// writes the balls' identifiers as words.
    private func ballTerms(encounters: [BuiltInPokedex.EncounterRecord], languages: [Int: String]) throws -> [BuiltInPokedex.TermRecord] {
        guard !encounters.isEmpty, (try? table("item_names.csv")) != nil else { return [] }
        return try itemTerms(Set(Pokedex.ballIdentifiers), kind: Pokedex.ballKind, languages: languages)
    }

    /// The names of the items `identifiers` (`helix-fossil`), as terms of `kind` keyed by identifier.
    private func itemTerms(_ identifiers: Set<String>, kind: String, languages: [Int: String]) throws -> [BuiltInPokedex.TermRecord] {
        guard !identifiers.isEmpty else { return [] }
        let items = Dictionary(try table("items.csv").compactMap { row -> (Int, String)? in
            guard let id = int(row["id"]), let identifier = row["identifier"], identifiers.contains(identifier) else { return nil }
            return (id, identifier)
        }) { first, _ in first }
        var names: [String: [String: String]] = [:]
        for row in try table("item_names.csv") {
            guard let item = int(row["item_id"]).flatMap({ items[$0] }),
                  let language = int(row["local_language_id"]).flatMap({ languages[$0] }), let name = row["name"], !name.isEmpty
            else { continue }
            names[item, default: [:]][language] = name
        }
        return names.map { BuiltInPokedex.TermRecord(kind: kind, name: $0.key, names: $0.value) }
    }

    /// PokeAPI's English area names call 155 routes "Road 201" (a reading of the Japanese
    /// 道路) where its place names, and the games, say "Route 201": the area's name follows.
    static func englishAreaName(_ name: String) -> String {
        name.replacing(/\bRoad (\d+)/) { "Route \($0.1)" }
    }

    /// An English name for a place PokeAPI names in no language (`kanto-pokecenter`, where
    /// Colosseum's bonus disc gave a Pikachu; `mirage-island`): its identifier's words, titled,
    /// with the games' spelling of Pokémon Center and Poké Mart.
    static func englishPlaceName(identifier: String) -> String {
        identifier.split(separator: "-").map { word in
            switch word {
            case "pokecenter": "Pokémon Center"
            case "pokemart": "Poké Mart"
            default: word.prefix(1).uppercased() + word.dropFirst()
            }
        }.joined(separator: " ")
    }

    /// A table's slots as PokeAPI numbers them, then by Pokémon, levels, conditions and games.
    static func slotOrder(_ a: BuiltInPokedex.EncounterRecord.Slot, _ b: BuiltInPokedex.EncounterRecord.Slot) -> Bool {
        if a.slot != b.slot { return a.slot < b.slot }
        if a.pokemon != b.pokemon { return a.pokemon < b.pokemon }
        if (a.minLevel, a.maxLevel) != (b.minLevel, b.maxLevel) { return (a.minLevel, a.maxLevel) < (b.minLevel, b.maxLevel) }
        if a.conditions != b.conditions { return a.conditions.lexicographicallyPrecedes(b.conditions) }
        return (a.games ?? []).lexicographicallyPrecedes(b.games ?? [])
    }

    /// `id` → `identifier` of a PokeAPI table.
    private func identifiers(_ file: String) throws -> [Int: String] {
        Dictionary(try table(file).compactMap { row in int(row["id"]).flatMap { id in row["identifier"].map { (id, $0) } } },
                   uniquingKeysWith: { first, _ in first })
    }

    /// PokeAPI writes a few numbers with a space before them (`encounter_methods.csv`: " 45").
    private func int(_ text: String?) -> Int? { text.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
}
