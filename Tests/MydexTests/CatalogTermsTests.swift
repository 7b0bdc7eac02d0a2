import Foundation
import GRDB
import Testing
@testable import MydexCatalog
@testable import MydexModel
@testable import MydexStore
@testable import PokedexGenerator

/// The names of what evolutions need (items, held items, known moves) in the built-in catalog,
/// and data that falls back language by language (`DataLanguage.fallbacks`), never to a slug.
@Suite("Catalog terms: items, moves and language fallbacks")
struct CatalogTermsTests {
    /// The profile of species `id` in `language`, from the embedded catalog.
    func profile(_ id: Int, in language: String) async throws -> SpeciesProfile {
        let pokedex = Pokedex(store: try CollectionStore.inMemory(language: language))
        let species = try #require(try await pokedex.species(id: id))
        return try await pokedex.profile(of: species)
    }

    @Test("Pikachu's chain: the Thunder Stone by name in English, Korean and Japanese")
    func thunderStone() async throws {
        let english = try await profile(25, in: "en")
        #expect(english.chain.flatMap(\.evolution).contains { $0.item == 83 })
        #expect(english.name("item", "83") == "Thunder Stone")
        #expect(try await profile(25, in: "ko").name("item", "83") == "천둥의돌")
        #expect(try await profile(172, in: "ja").name("item", "83") == "かみなりのいし")
        #expect(try await profile(26, in: "fr").name("item", "83") == "Pierre Foudre")
    }

    @Test("Held items and known moves by name; only those the chain needs")
    func heldItemsAndMoves() async throws {
        // Onix → Steelix: traded holding a Metal Coat (item 210).
        let steelix = try await profile(95, in: "ko")
        #expect(steelix.chain.flatMap(\.evolution).contains { $0.heldItem == 210 })
        #expect(steelix.name("item", "210") == "금속코트")
        #expect(steelix.name("item", "83") == nil, "not an item of Onix's chain")
        // Swinub → Piloswine → Mamoswine: knowing Ancient Power (move 246).
        for (language, name) in [("en", "Ancient Power"), ("ko", "원시의힘"), ("ja", "げんしのちから"), ("es-419", "Poder Antiguo")] {
            #expect(try await profile(220, in: language).name("move", "246") == name, "\(language)")
        }
        // Lists carry no items or moves.
        let terms = try await Pokedex(store: try CollectionStore.inMemory(language: "en")).terms()
        #expect(terms.terms["item"] == nil && terms.terms["move"] == nil)
        #expect(terms.name("ability", "static") == "Static")
    }

    @Test("Every item and move an evolution names, and every item a wild Pokémon holds, has a name in English, and in Korean and Japanese where PokeAPI has one")
    func everyEvolutionTermIsNamed() async throws {
        let store = try CollectionStore.inMemory()
        let (evolutions, names, held) = try await store.read { db in
            let evolutions = try String.fetchAll(db, sql: "SELECT evolution FROM catalog.species WHERE evolution IS NOT NULL")
                .flatMap { try JSONDecoder().decode([Species.Evolution].self, from: Data($0.utf8)) }
            var names: [String: Set<String>] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT kind, term, language FROM catalog.term_names WHERE kind IN ('item', 'move')") {
                names["\(row["kind"] as String)/\(row["term"] as String)", default: []].insert(row["language"])
            }
            let held = try Int.fetchAll(db, sql: "SELECT DISTINCT item FROM catalog.pokemon_items")
            let holdable = try Int.fetchAll(db, sql: "SELECT id FROM catalog.items")
            return (evolutions, names, (wild: held, holdable: holdable))
        }
        let evolutionsAndWild = Set(evolutions.flatMap { evolution in
            [evolution.item, evolution.heldItem].compactMap { $0 }.map { "item/\($0)" }
                + [evolution.knownMove].compactMap { $0 }.map { "move/\($0)" }
        } + held.wild.map { "item/\($0)" })
        let used = evolutionsAndWild.union(held.holdable.map { "item/\($0)" })
        #expect(used.count > 40)
        #expect(held.wild.count > 100 && held.holdable.count > 1_000)
        #expect(Set(names.keys) == used,
                "the catalog names exactly the items and moves evolutions use, and every item a Pokémon can hold")
        for term in used {
            #expect(names[term]?.contains("en") == true, "\(term) has no English name")
        }
        // PokeAPI lacks Korean and Japanese names only for a few of the newest items (English shows).
        let noKorean = evolutionsAndWild.filter { names[$0]?.contains("ko") != true }
        #expect(noKorean.count <= 10 && noKorean.allSatisfy { $0.hasPrefix("item/") }, "\(noKorean.sorted())")
        let noJapanese = evolutionsAndWild.filter { names[$0]?.isDisjoint(with: ["ja", "ja-hrkt"]) != false }
        #expect(noJapanese.count <= 3, "\(noJapanese.sorted())")
    }

    @Test("Japanese falls back to kana: egg groups and stats exist in ja-Hrkt only")
    func japaneseEggGroups() async throws {
        let bulbasaur = try await profile(1, in: "ja")
        #expect(bulbasaur.name("egg-group", "monster") == "かいじゅう")
        #expect(bulbasaur.name("egg-group", "plant") == "しょくぶつ")
        #expect(bulbasaur.name("stat", "attack") == "こうげき")
        #expect(bulbasaur.name("ability", "overgrow") == "しんりょく", "ja itself where it exists")
        // Simplified Chinese falls back to Traditional for the newest items, before English.
        let armarouge = try await profile(936, in: "zh-hans")
        #expect(armarouge.name("item", "2045") == "庆祝之铠")
        // Without a nearest language, English.
        #expect(try await profile(1, in: "cs").name("egg-group", "monster") == "Monster")
    }

    @Test("dex 1 --lang ja shows the egg groups in kana, not in English")
    func dexInJapanese() async throws {
        let environment = try TestEnvironment()
        let run = await environment.run("dex", "1", "--lang", "ja")
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("かいじゅう") && run.standardOutput.contains("しょくぶつ"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("Monster") && !run.standardOutput.contains("Plant"))
    }

    @Test("The fallback chains")
    func fallbacks() {
        #expect(DataLanguage.fallbacks("ja") == ["ja", "ja-hrkt", "en"])
        #expect(DataLanguage.fallbacks("es-419") == ["es-419", "es", "en"])
        #expect(DataLanguage.fallbacks("zh-hant") == ["zh-hant", "zh-hans", "en"])
        #expect(DataLanguage.fallbacks("zh-hans") == ["zh-hans", "zh-hant", "en"])
        #expect(DataLanguage.fallbacks("ko") == ["ko", "en"])
        #expect(DataLanguage.fallbacks("en") == ["en"])
        #expect(DataLanguage.nearestSQL(":language").hasPrefix("(CASE :language WHEN 'es' THEN 'es-419' "))
    }

    @Test("Names and type names in SQL fall back to the nearest language before English")
    func sqlFallbacks() async throws {
        let store = try CollectionStore.inMemory(language: "ja")
        // A species fetched from PokeAPI with a kana name only, and type names in some languages.
        // (A name in the language itself, the catalog's Japanese でんき, comes before any fallback.)
        var fetched = try Fixtures.speciesData(25)
        fetched.names = ["en": "Pikachu", "ja-hrkt": "カナピカ", "zh-hant": "皮卡丘(繁)", "es": "Pikachu (es)"]
        fetched.types = ["electric", "novel"]
        try await store.saveSpecies(fetched)
        try await store.saveTypeNames([
            TypeName(type: "novel", language: "en", name: "Novel"),
            TypeName(type: "novel", language: "ja-hrkt", name: "ノベル"),
            TypeName(type: "novel", language: "es", name: "Novela"),
        ], fetchedAt: Date())
        func row(_ language: String) async throws -> PokedexRow? {
            try await Pokedex(store: store.reading(in: language)).rows(ids: [25]).first
        }
        let japanese = try #require(try await row("ja"))
        #expect(japanese.name == "カナピカ")
        #expect(japanese.typeNameList == "でんき/ノベル")
        #expect(try await row("zh-hans")?.name == "皮卡丘(繁)")
        #expect(try await row("es-419")?.name == "Pikachu (es)")
        #expect(try await row("es-419")?.typeNameList == "Eléctrico/Novela")
        #expect(try await row("ko")?.name == "Pikachu")
        #expect(try await row("ko")?.typeNameList == "전기/Novel")
        #expect(try await Pokedex(store: store.reading(in: "ja")).speciesIDs(shownNamePrefix: SearchText.normalized("カナ")) == [25])
        // The catalog's own species, by key.
        #expect(try await Pokedex(store: store.reading(in: "zh-hant")).rows(ids: [1]).first?.name == "妙蛙種子")
    }

    // MARK: - The generator

    /// The generator's CSV inputs with an evolution that uses an item (82), one traded holding
    /// an item (210) and one knowing a move (246); names of those and of unused ones.
    func inputs(itemNames: Bool = true) throws -> GeneratorSourceTests.Inputs {
        let inputs = try GeneratorSourceTests.Inputs()
        try inputs.standard()
        let header = "id,evolved_species_id,evolution_trigger_id,version_group_id,is_default,trigger_item_id,minimum_level,"
            + "gender_id,location_id,held_item_id,time_of_day,known_move_id,known_move_type_id,minimum_happiness,"
            + "minimum_beauty,minimum_affection,relative_physical_stats,party_species_id,party_type_id,trade_species_id,"
            + "needs_overworld_rain,turn_upside_down,needs_multiplayer,near_special_rock,region_id,base_form_id,"
            + "evolved_form_id,used_move_id,minimum_move_count,minimum_steps,minimum_damage_taken"
        try inputs.table("pokemon_evolution.csv", """
            \(header)
            1,2,3,1,1,82,,,,,,,,,,,,,,,0,0,0,0,,,,,,,
            2,2,2,1,1,,,,,210,,,,,,,,,,,0,0,0,0,,,,,,,
            3,2,1,1,1,,,,,,,246,,,,,,,,,0,0,0,0,,,,,,,

            """)
        try inputs.table("evolution_triggers.csv", "id,identifier\n1,level-up\n2,trade\n3,use-item\n")
        try inputs.table("languages.csv", "id,iso639,iso3166,identifier,official,order\n1,ja,jp,ja-hrkt,1,1\n3,ko,kr,ko,1,4\n9,en,us,en,1,7\n")
        if itemNames {
            try inputs.table("item_names.csv", """
                item_id,local_language_id,name
                1,9,Master Ball
                82,9,Fire Stone
                82,3,불꽃의돌
                82,1,ほのおのいし
                210,9,Metal Coat
                210,3,"Metal, Coat"

                """)
            try inputs.table("move_names.csv", "move_id,local_language_id,name\n1,9,Pound\n246,9,Ancient Power\n246,1,げんしのちから\n")
        }
        return inputs
    }

    @Test("Generator: the names of the items and moves evolutions use, by id, and no others")
    func generatorTerms() throws {
        let tables = try inputs()  // kept until loaded: its folder goes with it
        let (_, terms, species) = try tables.source.load()
        var evolutions = species[1].evolution ?? []
        #expect(evolutions.map(\.trigger) == ["use-item", "trade", "level-up"])
        #expect(evolutions.removeFirst().item == 82)
        #expect(evolutions.map(\.heldItem) == [210, nil] && evolutions.map(\.knownMove) == [nil, 246])
        let names = Dictionary(uniqueKeysWithValues: terms.map { ("\($0.kind)/\($0.name)", $0.names) })
        #expect(names["item/82"] == ["en": "Fire Stone", "ko": "불꽃의돌", "ja-hrkt": "ほのおのいし"])
        #expect(names["item/210"] == ["en": "Metal Coat", "ko": "Metal, Coat"])
        #expect(names["move/246"] == ["en": "Ancient Power", "ja-hrkt": "げんしのちから"])
        #expect(names["item/1"] == nil && names["move/1"] == nil, "unused by evolutions")
        // In the JSON Lines and the image, as terms like the others.
        let data = try BuiltInPokedex.encode(source: "test", types: [], terms: terms, species: species)
        let image = try CatalogBuilder.image(from: BuiltInPokedex(bytes: data))
        let catalog = Catalog(image: image)
        #expect(try catalog.speciesCount() == 2)
        #expect(String(decoding: data, as: UTF8.self).contains(#"{"kind":"item","name":"210","names":{"en":"Metal Coat","ko":"Metal, Coat"}}"#))
    }

    @Test("Generator: without item_names.csv and move_names.csv, evolutions keep their ids and nothing fails")
    func generatorWithoutNameTables() throws {
        let tables = try inputs(itemNames: false)
        let (_, terms, species) = try tables.source.load()
        #expect(species[1].evolution?.first?.item == 82)
        #expect(!terms.contains { $0.kind == "item" || $0.kind == "move" })
        #expect(terms.contains { $0.kind == "stat" })
    }
}
