import Foundation
import GRDB
import MydexModel
@testable import MydexServices
@testable import MydexStore
import MydexSets
import Testing

/// `export --format showdown…`, `show --format showdown` and `import` of Showdown's teams: what
/// is written is what Showdown's own exporter writes, in its English names; what is read is
/// checked against the Pokédex and the games' bounds, all or nothing; and a collection survives
/// the trip out and back byte for byte.
@Suite("Showdown sets")
struct ShowdownCommandTests {
    let environment: TestEnvironment

    init() throws {
        environment = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"])
    }

    func write(_ text: String, _ name: String) throws -> String {
        let path = environment.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func entryCount(_ database: String? = nil) throws -> Int {
        try Self.rows(database ?? environment.databasePath, "SELECT count(*), 0 FROM caught_pokemon").first?.0 ?? 0
    }

    /// Pairs of numbers a query of a collection file reads.
    static func rows(_ path: String, _ sql: String) throws -> [(Int, Int)] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try Row.fetchAll(db, sql: sql).map { ($0[0] as Int, $0[1] as Int) } }
    }

    /// sim/TEAMS.md's example team (smogon/pokemon-showdown), six sets: Articuno first, Volbeat third.
    static let team = ShowdownFormatTests.teamsMDText

    @Test("A team in Showdown's text imports as individuals: names, EVs, IVs, nature, moves and stats as the set says")
    func importText() async throws {
        let path = try write(Self.team, "team.txt")
        let dryRun = await environment.run("import", path, "--dry-run")
        #expect(dryRun.status == 0, "\(dryRun.standardError)")
        #expect(dryRun.standardOutput.contains("would import  set 1 (line 1): Articuno, level 100"), "\(dryRun.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: environment.databasePath), "a dry run starts no collection")
        let run = await environment.run("import", path)
        #expect(run.standardOutput.contains("Imported 6 entries"), "\(run.standardOutput) \(run.standardError)")
        let volbeat = try #require(try await environment.run("show", "3", "--json").document()?["entry"] as? [String: Any])
        #expect(volbeat["gender"] as? String == "male" && volbeat["ability"] as? String == "prankster")
        let entry = try #require(try await environment.run("show", "1", "--json").document()?["entry"] as? [String: Any])
        #expect(entry["species"] as? String == "articuno" && entry["nature"] as? String == "modest")
        #expect(entry["ability"] as? String == "pressure" && entry["heldItem"] as? String == "leftovers")
        #expect(entry["moves"] as? [String] == ["ice-beam", "hurricane", "substitute", "roost"])
        #expect((entry["evs"] as? [String: Int])?["hp"] == 252 && (entry["ivs"] as? [String: Int])?["special-attack"] == 30)
        // Articuno's base stats (90/85/100/95/125/85) at level 100, 31 IVs but 30 SpA, 252 EVs in HP
        // and SpA: HP 180+31+63+110 = 384; Sp. Atk ⌊(⌊190+30+63⌋+5)·1.1⌋ = 316 (Modest).
        #expect((entry["stats"] as? [String: Int])?["hp"] == 384 && (entry["stats"] as? [String: Int])?["special-attack"] == 316)
        #expect((entry["origin"] as? [String: Any])?["kind"] as? String == "set")
        let shown = await environment.run("show", "1", "--no-sprite")
        #expect(shown.standardOutput.contains("imported from a Showdown set"), "\(shown.standardOutput)")
    }

    @Test("show --format showdown writes the set as Showdown's server does, in English whatever the language")
    func showSet() async throws {
        _ = await environment.run("import", try write(Self.team, "team.txt"))
        _ = await environment.run("nickname", "1", "Frosty")
        let shown = await environment.run("show", "1", "--format", "showdown", "--lang", "ko")
        #expect(shown.status == 0, "\(shown.standardError)")
        // Every line ends in two spaces, as the server writes them (kept for Markdown).
        let lines = [
            "Frosty (Articuno) @ Leftovers", "Ability: Pressure", "EVs: 252 HP / 252 SpA / 4 SpD", "Modest Nature",
            "IVs: 30 SpA / 30 SpD", "- Ice Beam", "- Hurricane", "- Substitute", "- Roost",
        ]
        #expect(shown.standardOutput == lines.map { $0 + "  \n" }.joined() + "\n", "\(shown.standardOutput)")
        let refused = await environment.run("show", "1", "--format", "showdown", "--json")
        #expect(refused.status == 64)
    }

    @Test("Every problem of every set is listed with its set and line, and nothing is written")
    func badSets() async throws {
        let text = """
            Pikachu @ Light Ballz
            Ability: Static
            Level: 0
            EVs: 252 HP / 252 Atk / 252 Spe
            IVs: 32 Atk
            Jolly Nature
            - Thunderbolt
            - Flamethrowr

            Pikachoo
            - Tackle

            Ditto (M)
            Ability: Limber
            - Transform

            """
        _ = await environment.run("catch", "--seed", "3")
        let run = await environment.run("import", try write(text, "bad.txt"))
        #expect(run.status == 1)
        let error = run.standardError
        #expect(error.contains("nothing was imported"), "\(error)")
        #expect(error.contains("set 1, line 1: no item is called “Light Ballz”"), "\(error)")
        #expect(error.contains("set 1, line 3: level 0 is not 1–100"), "\(error)")
        #expect(error.contains("set 1, line 4: EVs total 756, over 510"), "\(error)")
        #expect(error.contains("set 1, line 5: IV 32 Atk is not 0–31"), "\(error)")
        #expect(error.contains("set 1, line 8: no move is called “Flamethrowr”"), "\(error)")
        #expect(error.contains("set 2, line 10: no Pokémon is called “Pikachoo”"), "\(error)")
        // In the order of their lines.
        let lines = error.split(separator: "\n").filter { $0.contains("set 1, line") }.compactMap { Int($0.split(separator: " ")[3].dropLast()) }
        #expect(lines == lines.sorted() && lines.count == 5, "\(lines)")
        #expect(error.contains("set 3, line 13: Ditto cannot be (M)"), "\(error)")
        #expect(try entryCount() == 1, "all or nothing")
        // What Showdown has and the games' data lacks is said so, by name.
        let showdownOnly = await environment.run("import", try write("Charizard\n- G-Max Wildfire\n\nSyclant\n- Ice Shard\n", "gmax.txt"))
        #expect(showdownOnly.standardError.contains("set 1, line 2: “G-Max Wildfire” is Pokémon Showdown's"), "\(showdownOnly.standardError)")
        #expect(showdownOnly.standardError.contains("set 2, line 4: “Syclant” is Pokémon Showdown's"), "\(showdownOnly.standardError)")
        let single = await environment.run("import", try write("Mew\nEVs: 253 HP\n- Psychic\n", "one.txt"))
        #expect(single.standardError.contains("set 1, line 2: EV 253 HP is over 252"), "\(single.standardError)")
        let old = await environment.run("import", try write("=== [gen3ou] Old ===\n\nMew\nEVs: 255 HP\n- Psychic\n", "gen3.txt"))
        #expect(old.status == 0, "generation 3 takes 255 a stat: \(old.standardError)")
    }

    @Test("Packed and JSON teams import; packed → text → packed is identical")
    func otherFormats() async throws {
        // sim/TEAMS.md's example as Showdown's `Teams.pack` writes it (names keep their case), a
        // gender given: mydex keeps one for every Pokémon, where Showdown may leave it to chance.
        let packed = "Articuno||Leftovers|Pressure|IceBeam,Hurricane,Substitute,Roost|Modest|252,,,252,4,||,,,30,30,|||]"
            + "Ludicolo||LifeOrb|SwiftSwim|Surf,GigaDrain,IceBeam,RainDance|Modest|4,,,252,,252|M||||"
        let run = await environment.run("import", try write(packed + "\n", "team.packed"), "--json")
        let document = try #require(try run.document(), "\(run.standardError)")
        #expect(document["format"] as? String == "showdown-packed" && document["imported"] as? Int == 2)
        let text = await environment.run("export", "--format", "showdown", "-")
        let other = environment.path("other.sqlite")
        #expect(await environment.run("import", try write(text.standardOutput, "back.txt"), "--db", other).status == 0)
        let again = await environment.run("export", "--format", "showdown-packed", "-", "--db", other)
        #expect(again.standardOutput == packed + "\n", "\(again.standardOutput)")
        let json = await environment.run("export", "--format", "showdown-json", "-")
        let sets = try #require(ShowdownSet.decodeTeam(Data(json.standardOutput.utf8)))
        #expect(sets.map(\.species) == ["Articuno", "Ludicolo"] && sets[0].evs.hp == 252)
        let third = environment.path("third.sqlite")
        let fromJSON = await environment.run("import", try write(json.standardOutput, "team.json"), "--db", third, "--json")
        #expect(try fromJSON.document()?["format"] as? String == "showdown-json")
        #expect(try entryCount(third) == 2)
    }

    @Test("200 seeded individuals exported, imported into an empty collection and exported again give the same file")
    func roundTrip() async throws {
        #expect(await environment.run("catch", "--count", "200", "--seed", "77").status == 0)
        let first = environment.path("first.txt")
        let export = await environment.run("export", "--format", "showdown", first)
        #expect(export.status == 0, "\(export.standardError)")
        let other = environment.path("other.sqlite")
        let imported = await environment.run("import", first, "--db", other)
        #expect(imported.standardOutput.contains("Imported 200 entries"), "\(imported.standardOutput) \(imported.standardError)")
        let second = environment.path("second.txt")
        #expect(await environment.run("export", "--format", "showdown", second, "--db", other).status == 0)
        let a = try String(contentsOfFile: first, encoding: .utf8), b = try String(contentsOfFile: second, encoding: .utf8)
        #expect(a == b)
        #expect(a.contains("Ability: ") && a.contains("Nature  \n") && a.contains("- "))
        // Ids and list's filters choose the sets.
        let some = await environment.run("export", "--format", "showdown", "-", "1", "2")
        #expect(some.standardOutput.components(separatedBy: "\n\n").filter { !$0.isEmpty }.count == 2)
        let shiny = await environment.run("export", "--format", "showdown-json", "-", "--shiny")
        let shinySets = try #require(ShowdownSet.decodeTeam(Data(shiny.standardOutput.utf8)), "\(shiny.standardError)")
        #expect(shinySets.allSatisfy { $0.shiny == true })
    }

    @Test("Pokémon of earlier generations (a Gold and a Ruby save) go out under their generation's header and come back the same")
    func earlierGenerations() async throws {
        for save in ["gold.sav", "ruby-slot1.sav"] {
            let path = environment.path(save)
            try Data(try Fixtures.save(save)).write(to: URL(fileURLWithPath: path))
            #expect(await environment.run("import", path).status == 0)
        }
        let first = await environment.run("export", "--format", "showdown", "-")
        #expect(first.standardOutput.hasPrefix("=== [gen2] mydex ===\n\n") && first.standardOutput.contains("=== [gen3] mydex ==="))
        let other = environment.path("other.sqlite")
        let imported = await environment.run("import", try write(first.standardOutput, "old.txt"), "--db", other)
        #expect(imported.status == 0, "\(imported.standardError)")
        let again = await environment.run("export", "--format", "showdown", "-", "--db", other)
        // DVs, Hidden Power and the generations' bounds come back; what a save kept of
        // friendship has no place in a set's entry (see the guide).
        let withoutHappiness = first.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("Happiness: ") }.joined(separator: "\n")
        #expect(again.standardOutput == withoutHappiness)
    }

    @Test("A set written by mydex for each of the 1,025 species imports back as the same species and form")
    func everySpecies() async throws {
        let store = try environment.openStore()
        let pokedex = Pokedex(store: store)
        let names = try await pokedex.showdownNames()
        let defaults = try await store.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT species_id, id FROM catalog.forms WHERE species_default AND species_id <= 1025 ORDER BY species_id
                """).map { (species: $0[0] as Int, form: $0[1] as Int) }
        }
        #expect(defaults.count == 1025)
        // Every species' own form has a name of Showdown's, which its id rule takes back to it.
        for item in defaults {
            let name = try #require(names.formNames[item.form], "species \(item.species)")
            #expect(names.forms[toID(name)]?.speciesID == item.species, "\(name)")
        }
        let individual = Individual(
            generation: 9, level: 50, gender: .genderless, nature: "hardy", ability: nil, hiddenAbility: false, personality: nil,
            ivs: StatValues(all: 31), evs: StatValues(all: 0), moves: ["tackle"], heldItem: nil)
        _ = try await store.recordEntries(defaults.map {
            CollectionStore.NewEntry(
                speciesID: $0.species, formID: nil, isShiny: false, individual: individual, origin: EntryOrigin(kind: .set),
                nickname: nil)
        }, at: Date())
        try store.close()
        let file = environment.path("all.txt")
        #expect(await environment.run("export", "--format", "showdown", file).status == 0)
        let other = environment.path("other.sqlite")
        let imported = await environment.run("import", file, "--db", other)
        #expect(imported.status == 0, "\(imported.standardError)")
        let back = try Self.rows(other, "SELECT species_id, form_id FROM caught_pokemon ORDER BY id")
        #expect(back.count == 1025)
        for (item, row) in zip(defaults, back) { #expect(item.species == row.0 && item.form == row.1, "species \(item.species)") }
    }
}
