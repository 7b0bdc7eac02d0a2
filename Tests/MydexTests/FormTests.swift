import Foundation
import GRDB
import Testing
@testable import MydexCatalog
@testable import MydexModel
import MydexCLI
import MydexServices
@testable import MydexStore
@testable import PokedexGenerator

/// Forms: the catalog's against PokeAPI's tables and PokéSprite's files, lookups by identifier,
/// name and `--form`, and forms in the collection (catch, list, export and import, migration).
@Suite("Forms")
struct FormTests {
    let environment: TestEnvironment
    let store: CollectionStore
    let pokedex: Pokedex
    let finder: SpeciesFinder

    init() throws {
        environment = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"], sprites: .builtIn)
        store = try environment.openStore()
        pokedex = Pokedex(store: store)
        finder = SpeciesFinder(store: store)
    }

    static let csv = Fixtures.sharedData.appendingPathComponent("pokeapi-csv")

    /// Every form of the catalog, by id.
    func allForms() async throws -> [Int: PokemonForm] {
        try await pokedex.forms(ids: Array(1...Catalog.firstFormID + 2000))
    }

    @Test("Every PokeAPI Pokémon and form is in the catalog, each form with PokeAPI's types and its Pokémon's stats",
          .enabled(if: Fixtures.hasSharedData, Fixtures.noSharedData))
    func catalogIsPokeAPIs() async throws {
        let table = LocalSource(apiDirectory: "", csvDirectory: Self.csv.path).csv
        let forms = try await allForms()
        let formRows = try table("pokemon_forms.csv")
        let pokemonRows = try table("pokemon.csv")
        #expect(forms.count == formRows.count && forms.count == 1579)
        #expect(Set(forms.values.map(\.pokemonID)).count == pokemonRows.count && pokemonRows.count == 1351)
        #expect(forms.values.count(where: \.battleOnly) == 163 && forms.values.count(where: \.mega) == 97)
        #expect(forms.values.count(where: \.isSpeciesDefault) == 1025)

        let typeNames = Dictionary(uniqueKeysWithValues: try table("types.csv").map { ($0["id"] ?? "", $0["identifier"] ?? "") })
        func types(_ rows: [[String: String]], key: String) -> [String: [String]] {
            Dictionary(grouping: rows, by: { $0[key] ?? "" }).mapValues { rows in
                rows.sorted { Int($0["slot"] ?? "") ?? 0 < Int($1["slot"] ?? "") ?? 0 }.map { typeNames[$0["type_id"] ?? ""] ?? "?" }
            }
        }
        let pokemonTypes = types(try table("pokemon_types.csv"), key: "pokemon_id")
        let formTypes = types(try table("pokemon_form_types.csv"), key: "pokemon_form_id")
        for row in formRows {
            let id = Int(row["id"] ?? "") ?? 0
            let form = try #require(forms[id], "form \(id)")
            #expect(form.identifier == row["identifier"])
            #expect(form.pokemonID == Int(row["pokemon_id"] ?? ""))
            #expect(form.types == formTypes[String(id)] ?? pokemonTypes[String(form.pokemonID)], "\(form.identifier)")
            #expect(form.battleOnly == (row["is_battle_only"] == "1"), "\(form.identifier)")
        }
        let stats = Dictionary(grouping: try table("pokemon_stats.csv"), by: { $0["pokemon_id"] ?? "" })
        let statNames = Dictionary(uniqueKeysWithValues: try table("stats.csv").map { ($0["id"] ?? "", $0["identifier"] ?? "") })
        for row in pokemonRows {
            let id = Int(row["id"] ?? "") ?? 0
            let variety = try #require(try await pokedex.variety(id: id), "Pokémon \(id)")
            #expect(variety.height == Int(row["height"] ?? "") && variety.weight == Int(row["weight"] ?? ""))
            let expected = Dictionary(uniqueKeysWithValues: (stats[String(id)] ?? []).map {
                (statNames[$0["stat_id"] ?? ""] ?? "?", Int($0["base_stat"] ?? "") ?? -1)
            })
            #expect(variety.stats == expected, "\(row["identifier"] ?? "")")
        }
    }

    @Test("Every form with a PokéSprite box sprite is drawn from it pixel for pixel, regular and shiny, as mydex looks it up",
          .enabled(if: Fixtures.hasSharedData, Fixtures.noSharedData))
    func formSpritesArePokeSprites() async throws {
        let records = try BuiltInPokedex(bytes: try Fixtures.committedPokedex()).records().pokemon
        let forms = try await allForms()
        var (checked, own) = (0, 0)
        for record in records {
            for form in record.forms {
                guard let slug = form.sprite else { continue }
                // The catalog's form, keyed as `sprite`, `dex` and every picture of it look its sprite up.
                let shown = try #require(forms[form.id], "form \(form.identifier)")
                #expect(shown.hasOwnSprite == FormFlags.hasOwnSprite(form, of: record), "\(form.identifier)")
                for shiny in [false, true] {
                    let file = SpriteDataTests.pokesprite.appendingPathComponent("pokemon-gen8/\(shiny ? "shiny" : "regular")/\(slug).png")
                    let expected = Self.visible(try PNGImage(try Data(contentsOf: file)))
                    #expect(SpriteCatalog.embedded.sprite(speciesID: shown.spriteID, shiny: shiny) == expected,
                            "\(form.identifier) (\(slug).png) shiny: \(shiny)")
                }
                checked += 1
                if shown.hasOwnSprite { own += 1 }
            }
        }
        #expect(checked == 1334 && own == 346, "forms with a PokéSprite file: \(checked), a sprite of their own: \(own)")
    }

    @Test("Xerneas' Active Mode, numbered 716 as its species, draws its own box sprite; the Neutral Mode and the species theirs")
    func xerneasModes() async throws {
        let forms = try await pokedex.forms(ids: [716, 10132])
        let active = try #require(forms[716]), neutral = try #require(forms[10132])
        #expect(active.hasOwnSprite && active.spriteID == Sprite.key(ofForm: 716) && active.spriteID != 716)
        #expect(neutral.isSpeciesDefault && !neutral.hasOwnSprite && neutral.spriteID == 716)
        let entry = try await store.recordCatch(speciesID: 716, formID: 716, isShiny: true, at: TestClock.start)
        for shiny in [false, true] {
            func png(_ slug: String) throws -> Sprite {
                let file = SpriteDataTests.fixtures.appendingPathComponent("\(shiny ? "shiny" : "regular")/\(slug).png")
                return Self.visible(try PNGImage(try Data(contentsOf: file)))
            }
            let (activePNG, neutralPNG) = (try png("xerneas-active"), try png("xerneas"))
            #expect((activePNG.width, activePNG.height) == (38, 47) && (neutralPNG.width, neutralPNG.height) == (38, 46))
            #expect(SpriteCatalog.embedded.sprite(speciesID: active.spriteID, shiny: shiny) == activePNG, "shiny: \(shiny)")
            #expect(SpriteCatalog.embedded.sprite(speciesID: neutral.spriteID, shiny: shiny) == neutralPNG, "shiny: \(shiny)")
            #expect(SpriteCatalog.embedded.sprite(speciesID: 716, shiny: shiny) == neutralPNG, "the species is drawn as its own form")
        }
        #expect(MydexCLI.SpriteSource.builtIn?.sprite(of: entry) == SpriteCatalog.embedded.sprite(speciesID: active.spriteID, shiny: true),
                "an entry of the Active Mode is drawn as it")
    }

    /// The PNG's opaque pixels, cut to their box (as the box sprites are stored).
    static func visible(_ png: PNGImage) -> Sprite {
        let opaque = (0..<png.width * png.height).filter { png.rgba[$0 * 4 + 3] != 0 }
        guard let left = opaque.map({ $0 % png.width }).min(), let right = opaque.map({ $0 % png.width }).max(),
              let top = opaque.map({ $0 / png.width }).min(), let bottom = opaque.map({ $0 / png.width }).max()
        else { return Sprite(width: 0, height: 0, pixels: []) }
        var pixels: [SpriteColor?] = []
        for y in top...bottom {
            for x in left...right {
                let at = (y * png.width + x) * 4
                pixels.append(png.rgba[at + 3] == 0 ? nil : SpriteColor(red: png.rgba[at], green: png.rgba[at + 1], blue: png.rgba[at + 2]))
            }
        }
        return Sprite(width: right - left + 1, height: bottom - top + 1, pixels: pixels)
    }

    @Test("A form by its identifier, by its name in any language, or by --form among its species'")
    func lookups() async throws {
        let alolan = try await finder.pokemon(matching: "vulpix-alola")
        #expect(alolan.form.id == 10205 && alolan.species.id == 37 && alolan.form.regional && alolan.form.wild)
        #expect(alolan.species.types == ["ice"], "the species as the form is")
        #expect(alolan.species.abilities?.first?.name == "snow-cloak")
        #expect(alolan.forms.map(\.identifier) == ["vulpix", "vulpix-alola"])
        for (query, form) in [
            ("Alolan Vulpix", nil), ("ロコン (アローラのすがた)", nil), ("식스테일 (알로라의 모습)", nil), ("37", "alola"),
            ("vulpix", "Alolan Form"), ("ロコン", "アローラのすがた"), ("#37", "vulpix-alola"),
        ] as [(String, String?)] {
            #expect(try await finder.pokemon(matching: query, form: form).form.id == 10205, "\(query) --form \(form ?? "")")
        }
        let plain = try await finder.pokemon(matching: "37")
        #expect(plain.form.isSpeciesDefault && plain.species.types == ["fire"])
        let unownB = try await finder.pokemon(matching: "unown-b")
        #expect(unownB.form.cosmetic && unownB.form.wild && !unownB.form.battleOnly)
        let megaX = try await finder.pokemon(matching: "charizard-mega-x")
        #expect(megaX.form.mega && megaX.form.battleOnly && !megaX.form.wild && megaX.species.types == ["fire", "dragon"])
        #expect(try await finder.pokemon(matching: "urshifu-rapid-strike-gmax").form.gmax)
        let searched = try await finder.search("alolan")
        #expect(searched.contains { $0.species.id == 37 && $0.matchedName?.name == "Alolan Vulpix" }, "a form's name finds its species")
        await #expect(throws: PokedexError.noForm(species: "Vulpix (#0037)", query: "zzz", forms: ["Vulpix", "Alolan Vulpix"])) {
            try await finder.pokemon(matching: "vulpix", form: "zzz")
        }
        // A form's name written short, its letters in order, as a fan types it.
        #expect(try await SpeciesFinder(store: try CollectionStore.inMemory(language: "ko"))
            .pokemon(matching: "6", form: "메가X").form.identifier == "charizard-mega-x")
    }

    @Test("dex and sprite show a form: its name, types and kind, the species' forms, its own sprite")
    func dexAndSprite() async throws {
        let dex = await environment.run("dex", "vulpix-alola", "--no-sprite")
        #expect(dex.status == 0)
        #expect(dex.standardOutput.hasPrefix("#0037 Alolan Vulpix\n"))
        #expect(dex.standardOutput.contains("Types            Ice\n"))
        #expect(dex.standardOutput.contains("Form             Alolan Form, alola, regional form\n"))
        #expect(dex.standardOutput.contains("Forms            Vulpix, Alolan Vulpix (alola)\n"))
        let json = try #require(try await environment.run("dex", "37", "--form", "alola", "--json").document())
        let species = try #require(json["species"] as? [String: Any])
        #expect((species["form"] as? [String: Any])?["form"] as? String == "vulpix-alola")
        #expect((species["forms"] as? [[String: Any]])?.count == 2)
        let badForm = await environment.run("dex", "37", "--form", "zzz")
        #expect(badForm.status == 1 && badForm.standardError.contains("Vulpix, Alolan Vulpix"))

        let alolan = await environment.run("sprite", "ninetales-alola", "--no-title")
        let plain = await environment.run("sprite", "ninetales", "--no-title")
        #expect(alolan.status == 0 && !alolan.standardOutput.isEmpty && alolan.standardOutput != plain.standardOutput)
        // Xerneas' Active Mode has a sprite of its own though PokeAPI numbers it as its species (716).
        let active = await environment.run("sprite", "xerneas-active", "--no-title")
        let xerneas = await environment.run("sprite", "716", "--no-title")
        #expect(active.status == 0 && !active.standardOutput.isEmpty && active.standardOutput != xerneas.standardOutput)
        #expect(!active.standardError.contains("no box sprite of its own"))
        #expect(xerneas.standardOutput == (await environment.run("sprite", "xerneas-neutral", "--no-title")).standardOutput)
        let sameAsSpecies = await environment.run("sprite", "frillish-female", "--no-title")
        #expect(sameAsSpecies.standardOutput == (await environment.run("sprite", "frillish", "--no-title")).standardOutput)
        #expect(sameAsSpecies.standardError.contains("no box sprite of its own: drawn as Frillish"))
        let battleOnly = await environment.run("sprite", "charizard", "--form", "gmax", "--json")
        #expect(battleOnly.standardOutput.contains("\"form\" : \"charizard-gmax\""))
    }

    @Test("Evolutions know forms: a form's own way, and chains PokeAPI's chain table splits shown joined")
    func evolutions() async throws {
        let meowth = await environment.run("dex", "meowth", "--no-sprite")
        #expect(meowth.standardOutput.contains("Meowth → Perrserker (level 28, as Galarian Meowth)"))
        #expect(meowth.standardOutput.contains("or Level up, friendship 160, as Alolan Meowth, becomes Alolan Persian"))
        let vulpix = await environment.run("dex", "vulpix-alola", "--no-sprite")
        #expect(vulpix.standardOutput.contains("Use item, Ice Stone, as Alolan Vulpix, becomes Alolan Ninetales"))
        let meltan = await environment.run("dex", "meltan", "--no-sprite")
        #expect(meltan.standardOutput.contains("Evolution        Meltan → Melmetal (Other)\n"))
    }

    @Test("A catch meets only wild forms, each reproducible by its seed; list shows and filters them")
    func catchesAndLists() async throws {
        #expect(await environment.run("catch", "--count", "300", "--seed", "5").status == 0)
        let entries = try await store.entries()
        #expect(entries.count == 300)
        for entry in entries {
            let wild = try await pokedex.wildFormIDs(ofSpecies: entry.speciesID)
            #expect(wild.contains(entry.formID), "#\(entry.id) \(entry.form)")
        }
        let others = entries.filter { !$0.isDefaultForm }
        #expect(!others.isEmpty, "some catches meet a regional form or another look")
        let again = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"])
        #expect(await again.run("catch", "--count", "300", "--seed", "5").status == 0)
        #expect(try await again.openStore().entries().map(\.formID) == entries.map(\.formID))

        // Entries named as their form, with its types; filtered by form and by kind.
        let vulpix = try await store.recordCatch(speciesID: 37, formID: 10205, isShiny: false, at: TestClock.start)
        #expect(vulpix.name == "Alolan Vulpix" && vulpix.types == ["ice"] && vulpix.form == "vulpix-alola")
        let listed = try #require(try await environment.run("list", "--form", "alola", "--json").document())
        let forms = (listed["entries"] as? [[String: Any]])?.compactMap { $0["form"] as? String } ?? []
        #expect(forms.contains("vulpix-alola") && forms.allSatisfy { $0.hasSuffix("-alola") })
        let regional = try await store.entries(EntryQuery(regionalOnly: true))
        #expect(regional.contains { $0.id == vulpix.id } && regional.allSatisfy { !$0.isDefaultForm })
        #expect(try await store.entries(EntryQuery(type: "ice")).contains { $0.id == vulpix.id })
        #expect(try await store.entries(EntryQuery(type: "fire")).contains { $0.id == vulpix.id } == false)
        #expect(try await store.entries(EntryQuery(name: "Alolan")).contains { $0.id == vulpix.id })
        #expect(try await store.history(limit: 1).first?.detail == "vulpix-alola")
        // A form whose id is below 10001 (Xerneas' Active Mode is 716) is shown as itself too.
        let active = try await store.recordCatch(speciesID: 716, formID: 716, isShiny: false, at: TestClock.start)
        #expect(!active.isDefaultForm && active.form == "xerneas-active" && active.name == "Active Xerneas")
        await #expect(throws: StoreError.formNotInCatalog(id: 10205, speciesID: 25)) {
            try await store.recordCatch(speciesID: 25, formID: 10205, isShiny: false, at: TestClock.start)
        }
    }

    @Test("Export and import carry the form, in JSON and CSV; files from before forms import as the species' own form")
    func transfer() async throws {
        _ = try await store.recordCatch(speciesID: 37, formID: 10205, isShiny: true, at: TestClock.start)
        _ = try await store.recordCatch(speciesID: 201, formID: 10001, isShiny: false, at: TestClock.start)
        _ = try await store.recordCatch(speciesID: 25, isShiny: false, at: TestClock.start)
        for format in ["json", "csv"] {
            let file = environment.path("out.\(format)")
            #expect(await environment.run("export", file).status == 0)
            let target = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"])
            let run = await target.run("import", file)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(try await target.openStore().entries().map(\.form) == ["vulpix-alola", "unown-b", "pikachu"], "\(format)")
        }
        // A CSV written before forms (no form column), and one whose form is not its species'.
        let old = environment.path("old.csv")
        try Data("""
            id,uuid,dex,species,name,nickname,favorite,shiny,caught_at,released_at\r
            1,0b6f3c1e-5d7a-4e2b-9c8d-1a2b3c4d5e6f,37,vulpix,Vulpix,,false,false,2026-11-18T11:06:40.123Z,\r

            """.utf8).write(to: URL(fileURLWithPath: old))
        let target = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"])
        #expect(await target.run("import", old).status == 0)
        #expect(try await target.openStore().entries().map(\.formID) == [37])
        let wrong = environment.path("wrong.csv")
        try Data("""
            id,uuid,dex,species,form,name,nickname,favorite,shiny,caught_at,released_at\r
            1,0b6f3c1e-5d7a-4e2b-9c8d-1a2b3c4d5e70,25,pikachu,vulpix-alola,Pikachu,,false,false,2026-11-18T11:06:40.123Z,\r
            2,0b6f3c1e-5d7a-4e2b-9c8d-1a2b3c4d5e71,25,pikachu,pikachu-zzz,Pikachu,,false,false,2026-11-18T11:06:40.123Z,\r

            """.utf8).write(to: URL(fileURLWithPath: wrong))
        let refused = await target.run("import", wrong)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("line 2: form \"vulpix-alola\" is not a form of pikachu"))
        #expect(refused.standardError.contains("line 3: form \"pikachu-zzz\" does not exist in the Pokédex"))
    }

    @Test("Schema 6 gives every entry of an older collection its species' own form, Xerneas' Neutral Mode included")
    func migrationGivesDefaultForms() async throws {
        let all = Migration.embedded
        let five = try #require(all.firstIndex { $0.identifier == "m0006_entry_forms" })
        let old = try CollectionStore.open(path: environment.databasePath + ".old", now: TestClock.start, migrations: Array(all.prefix(five)))
        try await old.writer.write { db in
            try db.execute(sql: """
                INSERT INTO caught_pokemon (species_id, nickname, is_favorite, caught_at) VALUES
                    (37, 'Fox', 1, '2026-01-01 00:00:00.000'), (716, NULL, 0, '2026-01-02 00:00:00.000'),
                    (201, NULL, 0, '2026-01-03 00:00:00.000');
                INSERT INTO history (entry_id, action, detail, occurred_at) VALUES (1, 'catch', 'vulpix', '2026-01-01 00:00:00.000');
                """)
        }
        let uuids = try await old.writer.read { try String.fetchAll($0, sql: "SELECT uuid FROM caught_pokemon ORDER BY id") }
        try old.close()
        let upgraded = try CollectionStore.open(path: environment.databasePath + ".old", now: TestClock.start)
        let entries = try await upgraded.entries()
        #expect(entries.map(\.formID) == [37, 10132, 201])
        #expect(entries.allSatisfy { $0.isDefaultForm })
        #expect(entries.map(\.name) == ["Vulpix", "Xerneas", "Unown"])
        #expect(entries.map(\.nickname) == ["Fox", nil, nil] && entries[0].isFavorite)
        #expect(try await upgraded.writer.read { try String.fetchAll($0, sql: "SELECT uuid FROM caught_pokemon ORDER BY id") } == uuids)
        #expect(try await upgraded.history(limit: nil).count == 1)
        #expect(try await upgraded.recordCatch(speciesID: 25, isShiny: false, at: TestClock.start).id == 4)
    }
}
