import Foundation
import MydexCatalog
import MydexModel

/// Every PokeAPI Pokémon (the varieties of each species) with its forms, and every Pokédex,
/// from PokeAPI's CSV tables: what the species records alone do not say.
///
/// A form's own box sprite is the PokéSprite file named by its PokeAPI identifier (or, for the
/// default form of a Pokémon, by the Pokémon's identifier); `hasSprite` is asked about each.
struct FormSource {
    let table: (String) throws -> [[String: String]]
    /// Whether PokéSprite has a box sprite (regular and shiny) named `slug`.
    let hasSprite: (String) -> Bool
    /// The names PokeAPI lacks (forms' and Pokédexes'), and each Pokédex's version groups.
    var names = NameTables()

    func load() throws -> (pokemon: [BuiltInPokedex.PokemonRecord], pokedexes: [BuiltInPokedex.PokedexRecord]) {
        let languages = try identifiers("languages.csv")
        let stats = try identifiers("stats.csv"), abilities = try identifiers("abilities.csv")
        let types = try identifiers("types.csv")

        var statsByPokemon: [Int: [String: Int]] = [:]
        for row in try table("pokemon_stats.csv") {
            guard let pokemon = int(row["pokemon_id"]), let stat = int(row["stat_id"]).flatMap({ stats[$0] }),
                  let base = int(row["base_stat"]) else { continue }
            statsByPokemon[pokemon, default: [:]][stat] = base
        }
        var typesByPokemon: [Int: [(slot: Int, type: String)]] = [:]
        for row in try table("pokemon_types.csv") {
            guard let pokemon = int(row["pokemon_id"]), let slot = int(row["slot"]),
                  let type = int(row["type_id"]).flatMap({ types[$0] }) else { continue }
            typesByPokemon[pokemon, default: []].append((slot, type))
        }
        var typesByForm: [Int: [(slot: Int, type: String)]] = [:]
        for row in try table("pokemon_form_types.csv") {
            guard let form = int(row["pokemon_form_id"]), let slot = int(row["slot"]),
                  let type = int(row["type_id"]).flatMap({ types[$0] }) else { continue }
            typesByForm[form, default: []].append((slot, type))
        }
        var abilitiesByPokemon: [Int: [(slot: Int, ability: Species.Ability)]] = [:]
        for row in try table("pokemon_abilities.csv") {
            guard let pokemon = int(row["pokemon_id"]), let slot = int(row["slot"]),
                  let ability = int(row["ability_id"]).flatMap({ abilities[$0] }) else { continue }
            abilitiesByPokemon[pokemon, default: []].append((slot, Species.Ability(name: ability, hidden: row["is_hidden"] == "1")))
        }
        var speciesNames: [Int: [String: String]] = [:]
        for row in try table("pokemon_species_names.csv") {
            guard let species = int(row["pokemon_species_id"]),
                  let language = int(row["local_language_id"]).flatMap({ languages[$0] }),
                  let name = row["name"], !name.isEmpty else { continue }
            speciesNames[species, default: [:]][language] = name
        }
        var formNames: [Int: [String: (form: String, pokemon: String)]] = [:]
        for row in try table("pokemon_form_names.csv") {
            guard let form = int(row["pokemon_form_id"]),
                  let language = int(row["local_language_id"]).flatMap({ languages[$0] }) else { continue }
            formNames[form, default: [:]][language] = (row["form_name"] ?? "", row["pokemon_name"] ?? "")
        }

        var formsByPokemon: [Int: [BuiltInPokedex.FormRecord]] = [:]
        let pokemonRows = try table("pokemon.csv")
        let pokemonIdentifiers = Dictionary(pokemonRows.compactMap { row in
            int(row["id"]).flatMap { id in row["identifier"].map { (id, $0) } }
        }, uniquingKeysWith: { first, _ in first })
        let speciesOfPokemon = Dictionary(pokemonRows.compactMap { row in
            int(row["id"]).flatMap { id in int(row["species_id"]).map { (id, $0) } }
        }, uniquingKeysWith: { first, _ in first })
        for row in try table("pokemon_forms.csv") {
            guard let id = int(row["id"]), let identifier = row["identifier"], let pokemon = int(row["pokemon_id"]),
                  let species = speciesOfPokemon[pokemon], let order = int(row["form_order"]) else {
                throw GeneratorError.inconsistent("pokemon_forms.csv row \(row)")
            }
            let formIdentifier = row["form_identifier"].flatMap { $0.isEmpty ? nil : $0 }
            let isDefault = row["is_default"] == "1"
            var localized = formNames[id] ?? [:]
            for (language, form) in names.forms[identifier] ?? [:] where localized[language] == nil {
                localized[language] = (form, "")
            }
            var names: [String: String] = [:]
            var shortNames: [String: String] = [:]
            // PokeAPI's own full name where it has one ("Alolan Vulpix"), else the species'
            // with the form's ("ロコン (アローラのすがた)"). A language with neither has no name
            // for the form (it falls back to another language's, never to the bare species name).
            for (language, species) in speciesNames[species] ?? [:] {
                let form = localized[language]?.form ?? ""
                let full = localized[language]?.pokemon ?? ""
                if !form.isEmpty { shortNames[language] = form }
                if !full.isEmpty {
                    names[language] = full
                } else if form.contains(species) {
                    names[language] = form  // already the whole name: "メガリザードンＸ", "ハードロック・ピカチュウ"
                } else if !form.isEmpty {
                    names[language] = "\(species) (\(form))"
                }
            }
            let ownSlug = [identifier] + (isDefault ? [pokemonIdentifiers[pokemon] ?? identifier] : [])
            formsByPokemon[pokemon, default: []].append(BuiltInPokedex.FormRecord(
                id: id, identifier: identifier, formIdentifier: formIdentifier, isDefault: isDefault,
                battleOnly: row["is_battle_only"] == "1", mega: row["is_mega"] == "1", order: order,
                types: typesByForm[id].map { $0.sorted { $0.slot < $1.slot }.map(\.type) },
                formNames: shortNames, names: names, sprite: ownSlug.first(where: hasSprite)))
        }

        var pastTypes: [Int: [Int: [(slot: Int, type: String)]]] = [:]
        for row in try table("pokemon_types_past.csv") {
            guard let pokemon = int(row["pokemon_id"]), let generation = int(row["generation_id"]), let slot = int(row["slot"]),
                  let type = int(row["type_id"]).flatMap({ types[$0] }) else { throw GeneratorError.inconsistent("pokemon_types_past.csv row \(row)") }
            pastTypes[pokemon, default: [:]][generation, default: []].append((slot, type))
        }
        // Wild held items, by game (PokeAPI's versions), in the games' order.
        let versions = try identifiers("versions.csv")
        var heldItems: [Int: [BuiltInPokedex.PokemonRecord.HeldItem]] = [:]
        for row in try table("pokemon_items.csv") {
            guard let pokemon = int(row["pokemon_id"]), let game = int(row["version_id"]).flatMap({ versions[$0] }),
                  let item = int(row["item_id"]), let rarity = int(row["rarity"])
            else { throw GeneratorError.inconsistent("pokemon_items.csv row \(row)") }
            heldItems[pokemon, default: []].append(.init(item: item, game: game, rarity: rarity))
        }
        // Earlier generations' base stats and abilities, where they differed.
        var pastStats: [Int: [Int: [String: Int]]] = [:]
        for row in try optionalTable("pokemon_stats_past.csv") {
            guard let pokemon = int(row["pokemon_id"]), let generation = int(row["generation_id"]),
                  let stat = int(row["stat_id"]).flatMap({ stats[$0] }), let base = int(row["base_stat"])
            else { throw GeneratorError.inconsistent("pokemon_stats_past.csv row \(row)") }
            pastStats[pokemon, default: [:]][generation, default: [:]][stat] = base
        }
        var pastAbilities: [Int: [Int: [BuiltInPokedex.PokemonRecord.PastAbilitySlot]]] = [:]
        for row in try optionalTable("pokemon_abilities_past.csv") {
            guard let pokemon = int(row["pokemon_id"]), let generation = int(row["generation_id"]), let slot = int(row["slot"])
            else { throw GeneratorError.inconsistent("pokemon_abilities_past.csv row \(row)") }
            let ability = int(row["ability_id"]).flatMap { abilities[$0] }
            guard ability != nil || row["ability_id"]?.isEmpty != false
            else { throw GeneratorError.inconsistent("pokemon_abilities_past.csv row \(row)") }
            pastAbilities[pokemon, default: [:]][generation, default: []].append(
                .init(slot: slot, ability: ability, hidden: row["is_hidden"] == "1"))
        }
        var pokemon: [BuiltInPokedex.PokemonRecord] = []
        for row in pokemonRows {
            guard let id = int(row["id"]), let identifier = row["identifier"], let species = int(row["species_id"]),
                  let height = int(row["height"]), let weight = int(row["weight"]) else {
                throw GeneratorError.inconsistent("pokemon.csv row \(row)")
            }
            let types = (typesByPokemon[id] ?? []).sorted { $0.slot < $1.slot }.map(\.type)
            guard !types.isEmpty else { throw GeneratorError.inconsistent("no types for Pokémon \(identifier)") }
            pokemon.append(BuiltInPokedex.PokemonRecord(
                id: id, identifier: identifier, speciesID: species, isDefault: row["is_default"] == "1",
                height: height, weight: weight, baseExperience: int(row["base_experience"]),
                stats: statsByPokemon[id] ?? [:], types: types,
                abilities: (abilitiesByPokemon[id] ?? []).sorted { $0.slot < $1.slot }.map(\.ability),
                forms: (formsByPokemon[id] ?? []).sorted { ($0.order, $0.id) < ($1.order, $1.id) }))
            pokemon[pokemon.count - 1].heldItems = heldItems[id]
            pokemon[pokemon.count - 1].pastStats = pastStats[id].map { byGeneration in
                byGeneration.keys.sorted().map { .init(untilGeneration: $0, stats: byGeneration[$0] ?? [:]) }
            }
            pokemon[pokemon.count - 1].pastAbilities = pastAbilities[id].map { byGeneration in
                byGeneration.keys.sorted().map {
                    .init(untilGeneration: $0, slots: (byGeneration[$0] ?? []).sorted { $0.slot < $1.slot })
                }
            }
            pokemon[pokemon.count - 1].pastTypes = pastTypes[id].map { byGeneration in
                byGeneration.keys.sorted().map { generation in
                    .init(untilGeneration: generation, types: (byGeneration[generation] ?? []).sorted { $0.slot < $1.slot }.map(\.type))
                }
            }
        }

        let regions = try identifiers("regions.csv")
        var pokedexNames: [Int: [String: String]] = [:]
        for row in try table("pokedex_prose.csv") {
            guard let dex = int(row["pokedex_id"]), let language = int(row["local_language_id"]).flatMap({ languages[$0] }),
                  let name = row["name"], !name.isEmpty else { continue }
            pokedexNames[dex, default: [:]][language] = name
        }
        // PokeAPI names Pokédexes in a few languages only: the names tables add the others
        // (성도 (하트골드·소울실버), 전국), and one named as its region (kanto, paldea) takes the
        // region's name where it still has none (관동, パルデア).
        let pokedexIdentifiers = try identifiers("pokedexes.csv")
        for (dex, identifier) in pokedexIdentifiers {
            for (language, name) in names.pokedexes[identifier] ?? [:] where pokedexNames[dex]?[language] == nil {
                pokedexNames[dex, default: [:]][language] = name
            }
        }
        var regionNames: [Int: [String: String]] = [:]
        for row in try table("region_names.csv") {
            guard let region = int(row["region_id"]), let language = int(row["local_language_id"]).flatMap({ languages[$0] }),
                  let name = row["name"], !name.isEmpty else { continue }
            regionNames[region, default: [:]][language] = name
        }
        for row in try table("pokedexes.csv") {
            guard let dex = int(row["id"]), let region = int(row["region_id"]), regions[region] == row["identifier"] else { continue }
            for (language, name) in regionNames[region] ?? [:] where pokedexNames[dex]?[language] == nil {
                pokedexNames[dex, default: [:]][language] = name
            }
        }
        var entries: [Int: [[Int]]] = [:]
        for row in try table("pokemon_dex_numbers.csv") {
            guard let dex = int(row["pokedex_id"]), let species = int(row["species_id"]),
                  let number = int(row["pokedex_number"]) else { continue }
            entries[dex, default: []].append([number, species])
        }
        let pokedexes = try table("pokedexes.csv").compactMap { row -> BuiltInPokedex.PokedexRecord? in
            guard let id = int(row["id"]), let identifier = row["identifier"], let dexEntries = entries[id],
                  !dexEntries.isEmpty else { return nil }
            return BuiltInPokedex.PokedexRecord(
                id: id, identifier: identifier, region: int(row["region_id"]).flatMap { regions[$0] },
                mainSeries: row["is_main_series"] == "1", names: pokedexNames[id] ?? [:],
                entries: dexEntries.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }, versionGroups: names.pokedexGames[identifier])
        }
        return (pokemon.sorted { $0.id < $1.id }, pokedexes.sorted { $0.id < $1.id })
    }

    /// `id` → `identifier` of a PokeAPI table.
    private func identifiers(_ file: String) throws -> [Int: String] {
        Dictionary(try table(file).compactMap { row in int(row["id"]).flatMap { id in row["identifier"].map { (id, $0) } } },
                   uniquingKeysWith: { first, _ in first })
    }

    private func int(_ text: String?) -> Int? { text.flatMap { Int($0) } }

    /// The rows of `file`, or none when the CSV folder lacks it (earlier generations' stats and
    /// abilities: without them, every generation has today's).
    private func optionalTable(_ file: String) throws -> [[String: String]] {
        do {
            return try table(file)
        } catch GeneratorError.missing {
            return []
        }
    }
}
