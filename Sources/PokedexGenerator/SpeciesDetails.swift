import Foundation
import MydexCatalog
import MydexModel
import MydexStore

/// What PokeAPI's CSV tables say beyond names and types: base stats and abilities of each
/// species' default form, its evolution, breeding and growth, and the names of all of these in
/// every language (`terms`), with the names of the items and moves evolutions need (by id).
struct SpeciesDetails {
    let table: (String) throws -> [[String: String]]

    /// Sets the catalog's extra fields of `species` (by id) and returns the names they use.
    func fill(_ species: inout [Species]) throws -> [BuiltInPokedex.TermRecord] {
        let languages = try identifiers("languages.csv")
        func ids(_ file: String) throws -> [Int: String] { try identifiers(file) }
        let stats = try ids("stats.csv"), abilities = try ids("abilities.csv"), triggers = try ids("evolution_triggers.csv")
        let eggGroups = try ids("egg_groups.csv"), growthRates = try ids("growth_rates.csv")
        let habitats = try ids("pokemon_habitats.csv"), types = try ids("types.csv")

        let defaultPokemon = Dictionary(try table("pokemon.csv").filter { $0["is_default"] == "1" }.compactMap { row in
            int(row["species_id"]).flatMap { species in int(row["id"]).map { ($0, species) } }
        }, uniquingKeysWith: { first, _ in first })
        var statsBySpecies: [Int: [String: Int]] = [:], effortBySpecies: [Int: [String: Int]] = [:]
        for row in try table("pokemon_stats.csv") {
            guard let species = int(row["pokemon_id"]).flatMap({ defaultPokemon[$0] }),
                  let stat = int(row["stat_id"]).flatMap({ stats[$0] }), let base = int(row["base_stat"]) else { continue }
            statsBySpecies[species, default: [:]][stat] = base
            // Every species gives some effort; the stats that give none are left out.
            effortBySpecies[species, default: [:]][stat] = int(row["effort"]).flatMap { $0 > 0 ? $0 : nil }
        }
        var abilitiesBySpecies: [Int: [(slot: Int, ability: Species.Ability)]] = [:]
        for row in try table("pokemon_abilities.csv") {
            guard let species = int(row["pokemon_id"]).flatMap({ defaultPokemon[$0] }), let slot = int(row["slot"]),
                  let ability = int(row["ability_id"]).flatMap({ abilities[$0] }) else { continue }
            abilitiesBySpecies[species, default: []].append((slot, Species.Ability(name: ability, hidden: row["is_hidden"] == "1")))
        }
        var eggGroupsBySpecies: [Int: [String]] = [:]
        for row in try table("pokemon_egg_groups.csv") {
            guard let species = int(row["species_id"]), let group = int(row["egg_group_id"]).flatMap({ eggGroups[$0] }) else { continue }
            eggGroupsBySpecies[species, default: []].append(group)
        }
        let pokemonRows = try table("pokemon.csv")
        let pokemonIdentifiers = Dictionary(pokemonRows.compactMap { row in
            int(row["id"]).flatMap { id in row["identifier"].map { (id, $0) } }
        }, uniquingKeysWith: { first, _ in first })
        let defaultVariety = Set(pokemonRows.filter { $0["is_default"] == "1" }.compactMap { $0["identifier"] })
        var evolutionsBySpecies: [Int: [Species.Evolution]] = [:]
        for row in try table("pokemon_evolution.csv").sorted(by: { int($0["id"]) ?? 0 < int($1["id"]) ?? 0 }) {
            guard let species = int(row["evolved_species_id"]),
                  let trigger = int(row["evolution_trigger_id"]).flatMap({ triggers[$0] }) else { continue }
            var evolution = Species.Evolution(trigger: trigger)
            evolution.minLevel = int(row["minimum_level"])
            evolution.item = int(row["trigger_item_id"])
            evolution.heldItem = int(row["held_item_id"])
            evolution.minHappiness = int(row["minimum_happiness"])
            evolution.minAffection = int(row["minimum_affection"])
            evolution.minBeauty = int(row["minimum_beauty"])
            evolution.timeOfDay = row["time_of_day"].flatMap { $0.isEmpty ? nil : $0 }
            evolution.gender = int(row["gender_id"])
            evolution.knownMove = int(row["known_move_id"])
            evolution.knownMoveType = int(row["known_move_type_id"]).flatMap { types[$0] }
            evolution.relativePhysicalStats = int(row["relative_physical_stats"])
            evolution.partyType = int(row["party_type_id"]).flatMap { types[$0] }
            evolution.partySpecies = int(row["party_species_id"])
            evolution.tradeSpecies = int(row["trade_species_id"])
            evolution.needsRain = row["needs_overworld_rain"] == "1" ? true : nil
            evolution.upsideDown = row["turn_upside_down"] == "1" ? true : nil
            evolution.specialPlace = int(row["location_id"]) != nil || row["near_special_rock"] == "1" ? true : nil
            // A form's own way (PokeAPI names the varieties): kept only when it is not the species' own.
            evolution.fromForm = int(row["base_form_id"]).flatMap { pokemonIdentifiers[$0] }.flatMap { defaultVariety.contains($0) ? nil : $0 }
            evolution.toForm = int(row["evolved_form_id"]).flatMap { pokemonIdentifiers[$0] }.flatMap { defaultVariety.contains($0) ? nil : $0 }
            // Rows differing only in what mydex does not show (game, which place) are one way.
            if !(evolutionsBySpecies[species] ?? []).contains(evolution) {
                evolutionsBySpecies[species, default: []].append(evolution)
            }
        }
        let speciesRows = Dictionary(try table("pokemon_species.csv").compactMap { row in int(row["id"]).map { ($0, row) } },
                                     uniquingKeysWith: { first, _ in first })
        // What the PokeAPI responses gave (a live PokeAPI, or local /pokemon responses) stays;
        // the tables fill the rest, and the ways of evolving always.
        for index in species.indices {
            let id = species[index].id
            guard let row = speciesRows[id] else { continue }
            var record = species[index]
            record.stats = record.stats ?? statsBySpecies[id]
            record.effortYield = record.effortYield ?? effortBySpecies[id]
            record.baseFriendship = record.baseFriendship ?? int(row["base_happiness"])
            record.eggCycles = record.eggCycles ?? int(row["hatch_counter"])
            record.abilities = record.abilities ?? abilitiesBySpecies[id]?.sorted { $0.slot < $1.slot }.map(\.ability)
            record.eggGroups = record.eggGroups ?? eggGroupsBySpecies[id]
            record.genderRate = record.genderRate ?? int(row["gender_rate"])
            record.growthRate = record.growthRate ?? int(row["growth_rate_id"]).flatMap { growthRates[$0] }
            record.evolutionChain = record.evolutionChain ?? int(row["evolution_chain_id"])
            record.evolvesFrom = record.evolvesFrom ?? int(row["evolves_from_species_id"])
            // A species PokeAPI says evolves from another without saying how (Meltan to
            // Melmetal, whose chains its chain table keeps apart) evolves in an "other" way.
            record.evolution = record.evolvesFrom == nil ? nil : evolutionsBySpecies[id] ?? [Species.Evolution(trigger: "other")]
            species[index] = record
        }

        var terms: [BuiltInPokedex.TermRecord] = []
        func addNames(_ kind: String, _ rows: [[String: String]], _ idColumn: String, _ term: (Int) -> String?) {
            var localized: [String: [String: String]] = [:]
            for row in rows {
                guard let term = int(row[idColumn]).flatMap(term),
                      let language = int(row["local_language_id"]).flatMap({ languages[$0] }),
                      let name = row["name"], !name.isEmpty else { continue }
                localized[term, default: [:]][language] = name
            }
            terms += localized.map { BuiltInPokedex.TermRecord(kind: kind, name: $0.key, names: $0.value) }
        }
        for (kind, file, idColumn, names) in [
            ("stat", "stat_names.csv", "stat_id", stats), ("ability", "ability_names.csv", "ability_id", abilities),
            ("evolution-trigger", "evolution_trigger_prose.csv", "evolution_trigger_id", triggers),
            ("egg-group", "egg_group_prose.csv", "egg_group_id", eggGroups),
            ("habitat", "pokemon_habitat_names.csv", "pokemon_habitat_id", habitats),
        ] {
            addNames(kind, try table(file), idColumn) { names[$0] }
        }
        // Evolutions name items (to use or to hold) and moves (to know) by PokeAPI id: the names
        // of those alone, with the id as the term (`item`/`83`), keep the catalog small (PokeAPI
        // has some 2,000 items and 900 moves). Without the tables, evolutions show numbers.
        let evolutions = species.flatMap { $0.evolution ?? [] }
        // And the items wild Pokémon hold (`pokemon_items.csv`), which the detail page names.
        let held = Set(try optionalTable("pokemon_items.csv").compactMap { int($0["item_id"]) })
        for (kind, file, idColumn, used) in [
            ("item", "item_names.csv", "item_id", Set(evolutions.flatMap { [$0.item, $0.heldItem].compactMap { $0 } }).union(held)),
            ("move", "move_names.csv", "move_id", Set(evolutions.compactMap(\.knownMove))),
        ] where !used.isEmpty {
            addNames(kind, try optionalTable(file), idColumn) { used.contains($0) ? String($0) : nil }
        }
        // PokeAPI has no names for growth rates: mydex shows their identifiers.
        return terms
    }

    /// The rows of `file`, or none when the CSV folder lacks it.
    private func optionalTable(_ file: String) throws -> [[String: String]] {
        do {
            return try table(file)
        } catch GeneratorError.missing {
            return []
        }
    }

    /// `id` → `identifier` of a PokeAPI table.
    private func identifiers(_ file: String) throws -> [Int: String] {
        Dictionary(try table(file).compactMap { row in int(row["id"]).flatMap { id in row["identifier"].map { (id, $0) } } },
                   uniquingKeysWith: { first, _ in first })
    }

    private func int(_ text: String?) -> Int? { text.flatMap { Int($0) } }
}
