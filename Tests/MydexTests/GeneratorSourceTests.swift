import ArgumentParser
import Foundation
import MydexCatalog
import MydexModel
@testable import MydexServices
@testable import MydexStore
import MydexTestSupport
import PokeAPI
@testable import PokedexGenerator
import Synchronization
import Testing

/// The Pokédex generator's inputs, in-process: PokeAPI's CSV tables, a local copy of its
/// responses, a live PokeAPI, and the command that writes the file.
@Suite("Pokédex generator sources")
struct GeneratorSourceTests {
    /// A folder laid out as the generator reads it: `api/…/index.json` and `csv/*.csv`.
    final class Inputs: Sendable {
        /// The generator against a live PokeAPI at `baseURL`, writing into this folder, and where
        /// its JSON Lines go.
        func liveGenerator(_ baseURL: String) throws -> (PokedexGenerator, output: URL) {
            let output = root.appendingPathComponent("pokedex.jsonl")
            try details()
            let command = try PokedexGenerator.parse([
                "--api-url", baseURL, "--csv-dir", csv.path, "--output", output.path,
                "--image", root.appendingPathComponent("catalog.sqlite").path,
            ])
            return (command, output)
        }

        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-generator-\(UUID().uuidString)")
        var api: URL { root.appendingPathComponent("api") }
        var csv: URL { root.appendingPathComponent("csv") }

        init() throws {
            try FileManager.default.createDirectory(at: api, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: csv, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func json(_ path: String, _ data: Data) throws {
            let folder = api.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: folder.appendingPathComponent("index.json"))
        }

        func table(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: csv.appendingPathComponent(name))
        }

        var source: LocalSource { LocalSource(apiDirectory: api.path, csvDirectory: csv.path) }

        /// Two species: Bulbasaur with a `/pokemon` response, and Charmander (#2 here) from the
        /// CSV tables only; the fire and grass types.
        func standard() throws {
            try json("pokemon-species", Data(#"{"count": 2, "results": []}"#.utf8))
            try json("pokemon-species/1", try Fixtures.data("pokemon-species/1"))
            try json("pokemon/1", try Fixtures.data("pokemon/1"))
            try json("pokemon-species/2", try Fixtures.data("pokemon-species/4"))
            try json("type", Data(#"{"count": 2, "results": [{"name": "fire", "url": "https://pokeapi.co/api/v2/type/10/"}, {"name": "grass"}]}"#.utf8))
            try json("type/10", try Fixtures.data("type/10"))
            try json("type/grass", try Fixtures.data("type/12"))
            try details()
            // After the details' own: a row with a bad id is skipped.
            try table("pokemon_types.csv", "pokemon_id,type_id,slot\n4,10,1\n1,12,1\nx,10,1\n10004,10,1\n")
        }

        /// The CSV tables: the default forms, types, and the tables of stats, abilities,
        /// evolution and breeding: species 2 (pokemon 4) evolves
        /// from 1 at level 16; a Mega form's rows are ignored; names in English and Korean.
        func details() throws {
            try table("pokemon.csv", """
                id,identifier,species_id,height,weight,base_experience,order,is_default
                1,bulbasaur,1,7,69,64,1,1
                4,charmander,2,6,85,62,5,1
                10004,charmander-mega,2,17,905,,6,0

                """)
            try table("types.csv", "id,identifier,generation_id,damage_class_id\r\n10,fire,1,2\r\n12,grass,1,3\r\n")
            // The chart of these two types, and a value of generation 1 that changed since.
            try table("type_efficacy.csv", "damage_type_id,target_type_id,damage_factor\n10,10,50\n10,12,200\n12,10,50\n12,12,50\n")
            try table("type_efficacy_past.csv", "damage_type_id,target_type_id,damage_factor,generation_id\n12,10,100,1\n")
            // Charmander was Grass in generation 1 (not so: a test of the table's reading).
            try table("pokemon_types_past.csv", "pokemon_id,generation_id,type_id,slot\n4,1,12,1\n")
            // Two games of one version group, named in English and Korean (and Red and Blue, for
            // the Pokédex entries).
            try table("version_groups.csv", "id,identifier,generation_id,order\n1,red-blue,1,3\n5,ruby-sapphire,3,7\n7,firered-leafgreen,3,8\n")
            try table("versions.csv", "id,version_group_id,identifier\n1,1,red\n2,1,blue\n10,7,firered\n11,7,leafgreen\n")
            try table("version_names.csv", "version_id,local_language_id,name\n10,9,FireRed\n10,3,파이어레드\n11,9,LeafGreen\n")
            // Two fire moves and a grass one; a shadow move (from 10001) is not counted.
            try table("moves.csv", """
                id,identifier,generation_id,type_id,power,pp,accuracy,priority,target_id,damage_class_id,effect_id,effect_chance,contest_type_id,contest_effect_id,super_contest_effect_id
                52,ember,1,10,40,25,100,0,10,3,5,10,,,
                53,flamethrower,1,10,90,15,100,0,10,3,5,10,,,
                22,vine-whip,1,12,45,25,100,0,10,2,1,,,,
                10001,shadow-rush,3,10,55,,100,0,10,2,1,,,,

                """)
            try table("move_damage_classes.csv", "id,identifier\n1,status\n2,physical\n3,special\n")
            try table("move_names.csv", "move_id,local_language_id,name\n52,9,Ember\n52,3,불꽃세례\n53,9,Flamethrower\n")
            // PokeAPI's markup and the chance, filled in; double spaces after a sentence.
            try table("move_effect_prose.csv", """
                move_effect_id,local_language_id,short_effect,effect
                5,9,Has a $effect_chance% chance to burn.,"Inflicts [regular damage]{mechanic:regular-damage}.  Has a $effect_chance% chance to []{mechanic:burn} the target."

                """)
            // Korean has no effect: the latest game's text stands for it (FireRed's, not Ruby's);
            // English has one, so its game text is not kept.
            try table("move_flavor_text.csv", """
                move_id,version_group_id,language_id,flavor_text
                52,5,3,옛 글
                52,7,3,"A weak fire
                attack."
                52,7,9,English text

                """)
            try table("items.csv", "id,identifier,category_id,cost,fling_power,fling_effect_id\n328,tm35,37,1000,,\n")
            try table("machines.csv", "machine_number,version_group_id,item_id,move_id\n35,7,328,53\n")
            try table("pokemon_move_methods.csv", "id,identifier\n1,level-up\n2,egg\n4,machine\n")
            // A wild Charmander of FireRed holds an Oran Berry half the time.
            try table("pokemon_items.csv", "pokemon_id,version_id,item_id,rarity\n4,10,132,50\n")
            // Charmander in FireRed: two moves at level 1 in PokeAPI's `order`, one at 46 and by TM,
            // an egg move listed twice (kept once).
            try table("pokemon_moves.csv", """
                pokemon_id,version_group_id,move_id,pokemon_move_method_id,level,order
                4,7,22,1,1,2
                4,7,52,1,1,1
                4,7,53,1,46,
                4,7,53,4,0,
                4,7,22,2,0,
                4,7,22,2,0,

                """)
            try table("languages.csv", "id,iso639,iso3166,identifier,official,order\n3,ko,kr,ko,1,4\n9,en,us,en,1,7\n")
            try table("stats.csv", "id,damage_class_id,identifier,is_battle_only,game_index\n1,,hp,0,1\n6,,speed,0,6\n")
            try table("stat_names.csv", "stat_id,local_language_id,name\n1,9,HP\n1,3,HP\n6,9,Speed\n6,3,스피드\n")
            try table("pokemon_stats.csv", """
                pokemon_id,stat_id,base_stat,effort
                1,1,45,0
                1,6,45,0
                4,1,39,0
                4,6,65,1
                10004,1,78,0

                """)
            try table("abilities.csv", "id,identifier,generation_id,is_main_series\n34,chlorophyll,3,1\n65,overgrow,3,1\n66,blaze,3,1\n")
            try table("ability_names.csv", "ability_id,local_language_id,name\n65,9,Overgrow\n65,3,심록\n34,9,Chlorophyll\n")
            try table("pokemon_abilities.csv", "pokemon_id,ability_id,is_hidden,slot\n1,34,1,3\n1,65,0,1\n4,66,0,1\n10004,34,0,1\n")
            try table("evolution_triggers.csv", "id,identifier\n1,level-up\n3,use-item\n")
            try table("evolution_trigger_prose.csv", "evolution_trigger_id,local_language_id,name\n1,9,Level up\n")
            try table("pokemon_evolution.csv", """
                id,evolved_species_id,evolution_trigger_id,version_group_id,is_default,trigger_item_id,minimum_level,gender_id,location_id,held_item_id,time_of_day,known_move_id,known_move_type_id,minimum_happiness,minimum_beauty,minimum_affection,relative_physical_stats,party_species_id,party_type_id,trade_species_id,needs_overworld_rain,turn_upside_down,needs_multiplayer,near_special_rock,region_id,base_form_id,evolved_form_id,used_move_id,minimum_move_count,minimum_steps,minimum_damage_taken
                2,2,3,1,1,82,,,,,,,,,,,,,,,0,0,0,0,,,,,,,
                1,2,1,1,1,,16,,,,,,,,,,,,,,0,0,0,0,,,,,,,
                3,2,1,1,1,,16,,,,,,,,,,,,,,0,0,0,0,,,,,,,

                """)
            try table("egg_groups.csv", "id,identifier\n1,monster\n7,plant\n")
            try table("egg_group_prose.csv", "egg_group_id,local_language_id,name\n1,9,Monster\n1,3,괴수\n")
            try table("pokemon_egg_groups.csv", "species_id,egg_group_id\n1,1\n1,7\n2,1\n")
            try table("growth_rates.csv", "id,identifier,formula\n4,medium-slow,x\n")
            try table("pokemon_habitats.csv", "id,identifier\n3,grassland\n")
            try table("pokemon_habitat_names.csv", "pokemon_habitat_id,local_language_id,name\n3,9,grassland\n")
            try table("pokemon_types.csv", "pokemon_id,type_id,slot\n1,12,1\n4,10,1\n10004,10,1\n")
            // Forms: the Mega is battle-only, a Pokémon of its own with a name in English only.
            try table("pokemon_forms.csv", """
                id,identifier,form_identifier,pokemon_id,introduced_in_version_group_id,is_default,is_battle_only,is_mega,form_order,order
                1,bulbasaur,,1,1,1,0,0,1,1
                4,charmander,,4,1,1,0,0,1,5
                10050,charmander-mega,mega,10004,15,1,1,1,2,6

                """)
            try table("pokemon_form_types.csv", "pokemon_form_id,type_id,slot\n")
            try table("pokemon_form_names.csv", "pokemon_form_id,local_language_id,form_name,pokemon_name\n10050,9,Mega Form,Mega Charmander\n")
            try table("pokemon_species_names.csv", """
                pokemon_species_id,local_language_id,name,genus
                1,9,Bulbasaur,Seed Pokémon
                1,3,이상해씨,씨앗포켓몬
                2,9,Charmander,Lizard Pokémon

                """)
            try table("regions.csv", "id,identifier\n1,kanto\n")
            try table("region_names.csv", "region_id,local_language_id,name\n1,3,관동\n1,9,Kanto\n")
            try table("pokedexes.csv", "id,region_id,identifier,is_main_series\n1,,national,1\n2,1,kanto,1\n")
            try table("pokedex_prose.csv", "pokedex_id,local_language_id,name,description\n1,9,National,x\n2,9,Kanto,y\n2,3,관동,z\n")
            try table("pokemon_dex_numbers.csv", "species_id,pokedex_id,pokedex_number\n1,1,1\n2,1,2\n2,2,4\n1,2,1\n")
            // Charmander in FireRed's Viridian Forest (one of two areas, the second unnamed but by
            // PokeAPI's "Road"): two slots, one listed twice, one at night only, and one slot in
            // FireRed alone; a gift in LeafGreen.
            try table("locations.csv", "id,region_id,identifier\n155,1,viridian-forest\n99,1,kanto-route-2\n")
            try table("location_names.csv", "location_id,local_language_id,name,subtitle\n155,9,Viridian Forest,\n155,3,상록숲,\n99,9,Route 2,\n")
            try table("location_areas.csv", "id,location_id,game_index,identifier\n321,155,138,\n296,99,113,south-towards-viridian-city\n")
            try table("location_area_prose.csv", """
                location_area_id,local_language_id,name
                321,9,Viridian Forest
                296,9,"Road 2 (south, towards Viridian City)"

                """)
            try table("encounter_methods.csv", "id,identifier,order\n1,walk,1\n18,gift, 18\n")
            try table("encounter_conditions.csv", "id,identifier\n2,time\n")
            try table("encounter_condition_values.csv", "id,encounter_condition_id,identifier,is_default\n3,2,time-morning,0\n5,2,time-night,0\n")
            try table("encounter_slots.csv", "id,version_group_id,encounter_method_id,slot,rarity\n219,7,1,1,20\n220,7,1,2,10\n221,7,1,3,5\n300,7,18,,100\n")
            try table("encounters.csv", """
                id,version_id,location_area_id,encounter_slot_id,pokemon_id,min_level,max_level
                1,10,321,219,4,3,5
                2,11,321,219,4,3,5
                3,10,321,219,4,3,5
                4,10,321,220,4,4,4
                5,11,321,220,4,4,4
                6,10,296,221,4,6,6
                7,11,296,300,4,10,10

                """)
            try table("encounter_condition_value_map.csv", "encounter_id,encounter_condition_value_id\n4,5\n5,5\n")
            // Bulbasaur's entries: Red and Blue share one; FireRed's is its own; Korean has FireRed's.
            try table("pokemon_species_flavor_text.csv", """
                species_id,version_id,language_id,flavor_text
                1,1,9,"A strange seed was
                planted on its back."
                1,2,9,A strange seed was planted on its back.
                1,10,9,There is a plant seed on its back.
                1,10,3,등에 식물의 씨앗이 있다.

                """)
            try table("pokemon_species.csv", """
                id,identifier,generation_id,evolves_from_species_id,evolution_chain_id,color_id,shape_id,habitat_id,gender_rate,capture_rate,base_happiness,is_baby,hatch_counter,has_gender_differences,growth_rate_id,forms_switchable,is_legendary,is_mythical,order,conquest_order
                1,bulbasaur,1,,1,5,8,3,1,45,70,0,20,0,4,0,0,0,1,
                2,charmander,1,1,1,8,6,4,-1,45,70,0,20,0,4,0,0,0,5,

                """)
        }
    }

    @Test("CSV: quoted commas, doubled quotes, CRLF and a missing final line break")
    func csv() {
        #expect(CSV.parse("a,b\n1,\"x, y\"\n") == [["a", "b"], ["1", "x, y"]])
        #expect(CSV.parse("a,b\r\n\"say \"\"hi\"\"\",2\r\n3,") == [["a", "b"], ["say \"hi\"", "2"], ["3", ""]])
        #expect(CSV.parse("\"multi\nline\",z") == [["multi\nline", "z"]])
        #expect(CSV.parse("\"ends quoted\"") == [["ends quoted"]])
        #expect(CSV.parse("old,mac\rline") == [["old", "macline"]], "a lone carriage return is dropped")
        #expect(CSV.parse("") == [])
    }

    @Test("Local files: /pokemon where present, the CSV tables where not; types by id or name")
    func localSource() throws {
        let inputs = try Inputs()
        try inputs.standard()
        let (types, _, species) = try inputs.source.load()
        #expect(species.map(\.id) == [1, 2])
        let bulbasaur = species[0]
        #expect(bulbasaur.types == ["grass", "poison"])  // from the /pokemon response
        #expect(bulbasaur.names["ko"] == "이상해씨")
        let fromTables = species[1]
        #expect(fromTables.name == "charmander")
        #expect(fromTables.types == ["fire"])
        #expect(fromTables.height == 6 && fromTables.weight == 85 && fromTables.baseExperience == 62)
        #expect(fromTables.sprite == "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/4.png")
        #expect(fromTables.cry?.hasSuffix("/latest/4.ogg") == true)
        #expect(fromTables.generation == 1)
        #expect(types.map(\.name) == ["fire", "grass"])
        #expect(types.first?.names["ko"] == "불꽃")
    }

    @Test("Local files: the default form's stats and abilities, evolution, breeding, and their names")
    func localDetails() throws {
        let inputs = try Inputs()
        try inputs.standard()
        let (_, terms, species) = try inputs.source.load()
        let (bulbasaur, charmander) = (species[0], species[1])
        #expect(bulbasaur.stats?.count == 6, "from its /pokemon response, which the tables do not override")
        #expect(charmander.stats == ["hp": 39, "speed": 65], "from the tables: the default form's, not the Mega form's")
        #expect(bulbasaur.abilities == [.init(name: "overgrow", hidden: false), .init(name: "chlorophyll", hidden: true)])
        #expect(charmander.abilities == [.init(name: "blaze", hidden: false)])
        #expect(bulbasaur.eggGroups == ["monster", "plant"])
        #expect(bulbasaur.genderRate == 1 && charmander.genderRate == -1)
        #expect(bulbasaur.growthRate == "medium-slow")
        #expect(bulbasaur.evolutionChain == 1 && charmander.evolutionChain == 1)
        #expect(bulbasaur.evolvesFrom == nil && bulbasaur.evolution == nil)
        #expect(charmander.evolvesFrom == 1)
        var byItem = Species.Evolution(trigger: "use-item")
        byItem.item = 82
        var byLevel = Species.Evolution(trigger: "level-up")
        byLevel.minLevel = 16
        #expect(charmander.evolution == [byLevel, byItem], "in PokeAPI's row order, the same way once")
        let names = Dictionary(uniqueKeysWithValues: terms.map { ("\($0.kind)/\($0.name)", $0.names) })
        #expect(names["stat/speed"] == ["en": "Speed", "ko": "스피드"])
        #expect(names["ability/overgrow"] == ["en": "Overgrow", "ko": "심록"])
        #expect(names["evolution-trigger/level-up"] == ["en": "Level up"])
        #expect(names["egg-group/monster"]?["ko"] == "괴수")
        #expect(names["habitat/grassland"]?["en"] == "grassland")
        #expect(names["ability/blaze"] == nil, "no names, no term")
    }

    /// What `load()` fails with, as the generator prints it.
    private func failure(_ inputs: Inputs) -> String? {
        do {
            _ = try inputs.source.load()
            Issue.record("loading succeeded")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("Local files: what is missing or inconsistent is named")
    func localSourceProblems() throws {
        let empty = try Inputs()
        #expect(failure(empty) == "missing input: \(empty.api.path)/pokemon-species/index.json")

        let noTables = try Inputs()
        try noTables.json("pokemon-species", Data(#"{"count": 1}"#.utf8))
        #expect(failure(noTables) == "missing input: \(noTables.csv.path)/pokemon.csv")

        let noTypes = try Inputs()
        try noTypes.standard()
        try noTypes.table("pokemon_types.csv", "pokemon_id,type_id,slot\n1,12,1\n")
        #expect(failure(noTypes) == "inconsistent input: no types for species 2")

        let emptyTable = try Inputs()
        try emptyTable.standard()
        try emptyTable.table("types.csv", "")
        #expect(failure(emptyTable) == "inconsistent input: no types for species 2")

        let noRow = try Inputs()
        try noRow.standard()
        try noRow.table("pokemon.csv", "id,species_id,height,weight,is_default\n1,1,7,69,1\n")
        #expect(failure(noRow) == "missing input: pokemon.csv row for species 2")

        let speciesGone = try Inputs()
        try speciesGone.standard()
        try FileManager.default.removeItem(at: speciesGone.api.appendingPathComponent("pokemon-species/2"))
        #expect(failure(speciesGone) == "missing input: pokemon-species/2")

        let typeGone = try Inputs()
        try typeGone.standard()
        try FileManager.default.removeItem(at: typeGone.api.appendingPathComponent("type/grass"))
        #expect(failure(typeGone) == "missing input: type/grass")

        let typeListGone = try Inputs()
        try typeListGone.standard()
        try FileManager.default.removeItem(at: typeListGone.api.appendingPathComponent("type/index.json"))
        #expect(failure(typeListGone) == "missing input: \(typeListGone.api.path)/type/index.json")
    }

    @Test("The command writes a Pokédex the app can read, from local files")
    func commandFromLocalFiles() async throws {
        let inputs = try Inputs()
        try inputs.standard()
        let output = inputs.root.appendingPathComponent("pokedex.jsonl")
        let image = inputs.root.appendingPathComponent("catalog.sqlite")
        let command = try PokedexGenerator.parse([
            "--pokeapi-dir", inputs.api.path, "--csv-dir", inputs.csv.path, "--output", output.path, "--image", image.path,
        ])
        try await command.run()
        let pokedex = BuiltInPokedex(bytes: try Data(contentsOf: output))
        #expect(try pokedex.species().map(\.name) == ["bulbasaur", "charmander"])
        let header = try pokedex.header()
        #expect(header.source == "PokeAPI v2 responses and PokeAPI CSV tables")
        #expect(header.speciesCount == 2)
        #expect(header.types.map(\.name) == ["fire", "grass"])
        // The type chart from the CSV tables, into the header and the image.
        #expect(header.types.first?.chart == BuiltInPokedex.ChartRecord(
            id: 10, generation: 1, damage: ["fire": 50, "grass": 200], pastDamage: [], moveCount: 2))
        #expect(header.types.last?.chart?.pastDamage == [.init(type: "fire", factor: 100, untilGeneration: 1)])
        // The image beside it is a catalog mydex can attach, with the same species.
        let store = try CollectionStore.inMemory(catalog: Catalog(image: try Data(contentsOf: image)))
        #expect(try await Pokedex(store: store).species(id: 2)?.name == "charmander")
        let chart = try await store.read { db in try TypeChart.read(db) }
        #expect(chart.defenses(of: ["grass"]) == [TypeDefense(type: "fire", factor: 200), TypeDefense(type: "grass", factor: 50)])
        #expect(chart.factor("grass", against: "fire", generation: 1) == 100)
        // The games, with their version group, generation and names.
        #expect(try await Pokedex(store: store).games(matching: "FireRed").map(\.generation) == [3])
        #expect(try await Pokedex(store: store.reading(in: "ko")).games(matching: "firered-leafgreen").map(\.name) == ["파이어레드", "LeafGreen"])
        #expect(try await Pokedex(store: store).catalogVersion() == header.version)
        // Moves: the learnset in the game's order, the machine's number, the texts by language.
        let dex = Pokedex(store: store)
        let learned = try await dex.learnset(pokemonID: 4, groupID: 7).map { move in
            "\(move.method) \(move.level.map(String.init) ?? "-") \(move.move.identifier) \(move.machine ?? "")"
        }
        #expect(learned == [
            "level-up 1 ember ", "level-up 1 vine-whip ", "level-up 46 flamethrower ", "machine - flamethrower tm35",
            "egg - vine-whip ",
        ])
        #expect(try await dex.learners(moveID: 53, groupID: 7).map { "\($0.method) \($0.levels) \($0.machine ?? "")" }
            == ["level-up [46] ", "machine [] tm35"])
        #expect(try await dex.moveDetail(id: 52)?.effect == "Inflicts regular damage. Has a 10% chance to burn the target.")
        let korean = try await Pokedex(store: store.reading(in: "ko")).moveDetail(id: 52)
        #expect(korean?.summary.name == "불꽃세례")
        #expect(korean?.effect == "A weak fire attack.")
        #expect(korean?.effectGame?.identifier == "firered-leafgreen")
        #expect(try await dex.moves(matching: "불꽃 세례").map { $0.identifier } == ["ember"])
        #expect(try await dex.heldItems(pokemonID: 4).map { "\($0.game) \($0.item) \($0.rarity)" } == ["firered 132 50"])
        // Encounters: a slot listed twice counts once; FireRed and LeafGreen share a table, not
        // the route's slot; PokeAPI's "Road 2" is Route 2 in English.
        let met = try await dex.encounters(pokemonIDs: [4]).map { encounter in
            "\(encounter.game) \(encounter.areaName ?? encounter.locationName) \(encounter.method) \(encounter.minLevel)-\(encounter.maxLevel) \(encounter.chance) \(encounter.conditions)"
        }
        #expect(met == [
            "firered Route 2 (south, towards Viridian City) walk 6-6 5 []",
            "firered Viridian Forest walk 3-5 20 []", "firered Viridian Forest walk 4-4 10 [\"time-night\"]",
            "leafgreen Route 2 (south, towards Viridian City) gift 10-10 100 []",
            "leafgreen Viridian Forest walk 3-5 20 []", "leafgreen Viridian Forest walk 4-4 10 [\"time-night\"]",
        ])
        #expect(try await Pokedex(store: store.reading(in: "ko")).places(matching: "viridian-forest").map(\.name) == ["상록숲"])
        // Every game's Pokédex entries: Red's and Blue's are one text; Korean has FireRed's only,
        // and shows that alone (English stands in only for a language with none).
        let entries = try await dex.pokedexEntries(speciesID: 1).map { "\($0.games.map(\.identifier)) \($0.text)" }
        #expect(entries == [
            "[\"red\", \"blue\"] A strange seed was planted on its back.", "[\"firered\"] There is a plant seed on its back.",
        ])
        let koreanEntries = try await Pokedex(store: store.reading(in: "ko")).pokedexEntries(speciesID: 1)
        #expect(koreanEntries.map { "\($0.language) \($0.games.map(\.identifier))" } == ["ko [\"firered\"]"])
        let czechEntries = try await Pokedex(store: store.reading(in: "cs")).pokedexEntries(speciesID: 1)
        #expect(czechEntries.map { "\($0.language) \($0.games.map(\.identifier))" } == ["en [\"red\", \"blue\"]", "en [\"firered\"]"])
    }

    @Test("The command against a live PokeAPI fetches every species and type")
    func commandFromLiveAPI() async throws {
        let api = SyntheticPokeAPI(count: 5)
        let server = try TestHTTPServer(handler: api.reply)
        defer { server.stop() }
        let inputs = try Inputs()
        let (command, output) = try inputs.liveGenerator(server.baseURL)
        try await command.run()
        let pokedex = BuiltInPokedex(bytes: try Data(contentsOf: output))
        #expect(try pokedex.species().map(\.id) == [1, 2, 3, 4, 5])
        #expect(try pokedex.header().source == "PokeAPI at \(server.baseURL) and PokeAPI CSV tables")
        #expect(try pokedex.header().types.contains { $0.name == "electric" && $0.names["ja"] == "でんき" })
        // Each species is two requests; the species count and the type list and types besides.
        #expect(server.requests.filter { $0.path.contains("/pokemon/") }.count == 5)
    }

    @Test("A passing hiccup of a live PokeAPI is retried, and the Pokédex is complete")
    func liveHiccup() async throws {
        let api = SyntheticPokeAPI(count: 3)
        let failedOnce = Mutex(false)
        let server = try TestHTTPServer { request in
            let fail = request.path.hasSuffix("/pokemon/2/") && failedOnce.withLock { failed in
                defer { failed = true }
                return !failed
            }
            return fail ? .response(status: 503) : api.reply(request)
        }
        defer { server.stop() }
        let inputs = try Inputs()
        let (command, output) = try inputs.liveGenerator(server.baseURL)
        try await command.run()
        #expect(try BuiltInPokedex(bytes: try Data(contentsOf: output)).species().map(\.id) == [1, 2, 3])
        #expect(server.requests.filter { $0.path.hasSuffix("/pokemon/2/") }.count == 2)
    }

    @Test("A live PokeAPI that fails stops the generator with PokeAPI's error, and writes nothing")
    func liveFailure() async throws {
        let server = try TestHTTPServer { _ in .response(status: 404) }
        defer { server.stop() }
        let inputs = try Inputs()
        let (command, output) = try inputs.liveGenerator(server.baseURL)
        do {
            try await command.run()
            Issue.record("the generator succeeded without PokeAPI")
        } catch let error as PokeAPIError {
            #expect(error == .notFound(url: "\(server.baseURL)/pokemon-species/?limit=1"))
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
