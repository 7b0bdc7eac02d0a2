import Foundation
import GRDB
import MydexModel
@testable import MydexServices
@testable import MydexStore
import Testing

/// `mydex import` of the games' saves: what a dry run lists, each Pokémon once however often
/// the save is imported, provenance and history, the file never changed, and damaged or foreign
/// files refused with nothing written.
@Suite("Importing the games' saves")
struct SaveImportCommandTests {
    let environment: TestEnvironment

    init() throws {
        environment = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"])
    }

    /// A fixture copied into the test's folder (the copy is what is imported).
    func copy(_ name: String, _ change: (inout [UInt8]) -> Void = { _ in }) throws -> String {
        var bytes = try Fixtures.save(name)
        change(&bytes)
        let path = environment.directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func entryCount() throws -> Int {
        let store = try environment.openStore()
        defer { try? store.close() }
        return try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM caught_pokemon") ?? 0 }
    }

    @Test("A dry run lists box, slot, species, level, nature, IVs, OT, shiny and egg, writing nothing; --json under the fixed names")
    func dryRun() async throws {
        let path = try copy("ruby-slot1.sav")
        let text = await environment.run("import", path, "--dry-run")
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("party, slot 1") && text.standardOutput.contains("Combusken"))
        #expect(text.standardOutput.contains("LANDON (ID 02928)") && text.standardOutput.contains("egg, not imported"))
        #expect(text.standardOutput.contains("Would import 7 entries; 0 already here."))
        #expect(!FileManager.default.fileExists(atPath: environment.databasePath), "a dry run starts no collection")
        let korean = await environment.run("import", path, "--dry-run", "--lang", "ko")
        #expect(korean.standardOutput.contains("지닌 포켓몬 1번째") && korean.standardOutput.contains("영치코"), "\(korean.standardOutput)")
        #expect(korean.standardOutput.contains("차분") && !korean.standardOutput.contains("Combusken"), "names and natures in Korean")
        let document = try #require(try await environment.run("import", path, "--dry-run", "--json").document())
        #expect(document["game"] as? String == "ruby-sapphire" && document["kind"] as? String == "save")
        #expect((document["trainer"] as? [String: Any])?["name"] as? String == "LANDON")
        #expect(document["imported"] as? Int == 7 && document["eggs"] as? Int == 1)
        let pokemon = try #require(document["pokemon"] as? [[String: Any]])
        let first = try #require(pokemon.first)
        #expect(first["box"] as? String == "party" && first["slot"] as? Int == 1 && first["species"] as? String == "combusken")
        #expect(first["level"] as? Int == 30 && first["nature"] as? String == "calm" && first["egg"] as? Bool == false)
        #expect((first["ivs"] as? [String: Any])?["hp"] as? Int == 18 && first["stats"] != nil && first["generation"] as? Int == 3)
        let egg = try #require(pokemon.first { $0["egg"] as? Bool == true })
        #expect(egg["box"] as? Int == 7 && egg["slot"] as? Int == 6 && egg["action"] as? String == "egg")
    }

    @Test("Importing a save adds each Pokémon once, with where it came from; again, nothing; the file is never changed")
    func importTwice() async throws {
        let path = try copy("emerald-slot1.sav")
        let before = try Fixtures.save("emerald-slot1.sav")
        let first = await environment.run("import", path)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("Imported 5 entries; 0 already here."), "\(first.standardOutput)")
        let again = await environment.run("import", path)
        #expect(again.standardOutput.contains("Imported 0 entries; 5 already here."), "\(again.standardOutput)")
        #expect(try entryCount() == 5)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == before, "the save is only read")

        let store = try environment.openStore()
        let rows = try await store.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT source_game, source_box, source_slot, source_file, identity, origin, trainer, experience
                FROM caught_pokemon ORDER BY id
                """)
        }
        try store.close()
        #expect(rows.allSatisfy { $0[0] as String? == "emerald" && ($0[3] as String?)?.count == 64 && $0[5] as String? == "save" })
        #expect(rows.allSatisfy { ($0[4] as String?)?.hasPrefix("3:") == true && $0[6] as String? == "STU" && $0[7] as Int? != nil })
        #expect(rows.contains { $0[1] as Int? == nil && $0[2] as Int? == 1 }, "the party's Pokémon has no box")
        let history = await environment.run("history", "--limit", "0")
        #expect(history.standardOutput.contains("from a save of emerald (box"), "\(history.standardOutput)")
        let found = await environment.run("list", "--trainer", "stu", "--json")
        #expect((try found.document()?["entries"] as? [[String: Any]])?.count == 5)
        #expect((try await environment.run("list", "--game", "emerald", "--json").document()?["entries"] as? [[String: Any]])?.count == 5)
        #expect((try await environment.run("list", "--game", "ruby", "--json").document()?["entries"] as? [[String: Any]])?.isEmpty == true)
        // The living dex counts them: Wingull, Zigzagoon, Poochyena and Treecko, all of generation 3.
        let progress = try #require(try await environment.run("dex", "progress", "--json").document()?["pokedexes"] as? [[String: Any]])
        let national = try #require(progress.first)
        #expect(national["caught"] as? Int == 4, "\(national)")
    }

    @Test("What a save kept is shown and survives export and import in CSV and JSON: importing the save again adds nothing")
    func exportRoundTrip() async throws {
        let path = try copy("ruby-slot1.sav")
        _ = await environment.run("import", path)
        let shown = await environment.run("show", "1", "--no-sprite")
        #expect(shown.standardOutput.contains("Friendship        193") && shown.standardOutput.contains("Met               Route 101, level 5"),
                "\(shown.standardOutput)")
        #expect(shown.standardOutput.contains("Save              ruby-sapphire, party, slot 1 (file 08f51fa43523…)"))
        let entry = try #require(try await environment.run("show", "1", "--json").document()?["entry"] as? [String: Any])
        let saved = try #require(entry["saved"] as? [String: Any])
        #expect(saved["experience"] as? Int == 21941 && saved["game"] as? String == "ruby-sapphire" && saved["slot"] as? Int == 1)
        for format in ["json", "csv"] {
            let file = environment.directory.appendingPathComponent("ruby.\(format)").path
            #expect(await environment.run("export", file).status == 0)
            let other = environment.directory.appendingPathComponent("other-\(format).sqlite").path
            let imported = await environment.run("import", file, "--db", other)
            #expect(imported.standardOutput.contains("Imported 7 entries"), "\(format): \(imported.standardOutput) \(imported.standardError)")
            let again = await environment.run("import", path, "--db", other)
            #expect(again.standardOutput.contains("Imported 0 entries; 7 already here."), "\(format): \(again.standardOutput)")
            let copied = try #require(try await environment.run("show", "1", "--json", "--db", other).document()?["entry"] as? [String: Any])
            // Compared as sorted JSON: Foundation's NSDictionary equality on Linux does not take
            // a Bool read back as equal to itself.
            let canonical = { (value: Any?) in try JSONSerialization.data(withJSONObject: value ?? [:], options: .sortedKeys) }
            #expect(try canonical(copied["saved"]) == canonical(saved), "\(format): saved kept")
        }
    }

    @Test("A damaged box section in both generation 3 slots is refused with the database unchanged; in the newest only, the older slot is read and said")
    func damagedSave() async throws {
        _ = await environment.run("catch", "--seed", "3")
        // Section 5 (the first of the boxes) of each slot: sectors are found by their footer id.
        func flipBoxes(_ bytes: inout [UInt8], slots: [Int]) {
            for slot in slots {
                for sector in 0 ..< 14 {
                    let start = (slot * 14 + sector) * 4096
                    if bytes[start + 0xFF4] == 5 { bytes[start + 100] ^= 0x5A }
                }
            }
        }
        let both = try copy("ruby-slot1.sav") { flipBoxes(&$0, slots: [0, 1]) }
        let refused = await environment.run("import", both)
        #expect(refused.status == 1 && refused.standardError.contains("the save is damaged: section 5 of save slot"), "\(refused.standardError)")
        #expect(refused.standardError.contains("nothing was imported"))
        #expect(try entryCount() == 1, "nothing written")

        let newest = try copy("ruby-slot1.sav") { flipBoxes(&$0, slots: [0]) }
        let fellBack = await environment.run("import", newest, "--dry-run", "--json")
        #expect(fellBack.status == 0, "\(fellBack.standardError)")
        #expect(fellBack.standardError.contains("the older copy was read, as the game does"), "\(fellBack.standardError)")
        let document = try fellBack.document()
        #expect((document?["fellBack"] as? [String: Any])?["part"] as? String == "section 5 of save slot 1")
    }

    @Test("A byte flipped in a generation 1 save's checked data is refused; a file of no game's layout too; nothing written")
    func refusedFiles() async throws {
        _ = await environment.run("catch", "--seed", "3")
        let red = try copy("red.sav") { $0[0x2F2C + 10] ^= 0x01 }
        let damaged = await environment.run("import", red)
        #expect(damaged.status == 1 && damaged.standardError.contains("the save is damaged: the main data has the checksum"))
        let garbage = environment.directory.appendingPathComponent("garbage.sav").path
        try Data((0 ..< 0x8000).map { UInt8(truncatingIfNeeded: $0 * 7) }).write(to: URL(fileURLWithPath: garbage))
        let foreign = await environment.run("import", garbage)
        #expect(foreign.status == 1 && foreign.standardError.contains("not a save or Pokémon file mydex can read (32,768 bytes: the size of a Game Boy save"),
                "\(foreign.standardError)")
        #expect(try entryCount() == 1)
    }

    @Test("A party Pokémon cut from Red's save as a .pk1, and from Gold's as a .pk2, imports as the save gives it")
    func gameBoyFiles() async throws {
        // A .pk1/.pk2 is a one-slot list: count, species, 0xFF, the party struct, OT name, nickname.
        for (name, party, structSize, species) in [("red.sav", 0x2F2C, 44, "charmander"), ("gold.sav", 0x288A, 48, "unown")] {
            let save = try Fixtures.save(name)
            let structs = party + 8, names = party + 8 + 6 * structSize
            let file = [1, save[party + 1], 0xFF] + Array(save[structs ..< structs + structSize]) + Array(save[names ..< names + 11])
                + Array(save[names + 66 ..< names + 77])
            let path = environment.directory.appendingPathComponent(name + ".pk").path
            try Data(file).write(to: URL(fileURLWithPath: path))
            let document = try #require(try await environment.run("import", path, "--dry-run", "--json").document())
            let pokemon = try #require((document["pokemon"] as? [[String: Any]])?.first)
            let fromSave = try await SaveFileService(store: try CollectionStore.inMemory(), clock: TestClock()).read(save)
                .entries.first { $0.box == nil && $0.slot == 1 }
            #expect(document["kind"] as? String == "pokemon-file" && pokemon["species"] as? String == species, "\(name)")
            #expect(pokemon["level"] as? Int == fromSave?.individual.level && pokemon["generation"] as? Int == fromSave?.individual.generation)
            #expect((pokemon["origin"] as? [String: Any])?["trainer"] as? String == fromSave?.origin.trainer)
        }
    }

    @Test("A box slot cut from a generation 3 save imports as a .pk3, stored or decrypted, to the same individual as the save gives it")
    func singleFile() async throws {
        let save = try Fixtures.save("firered-slot1.sav")
        let plan = try await SaveFileService(store: try CollectionStore.inMemory(), clock: TestClock()).read(save)
        let fromSave = try #require(plan.entries.first { $0.box == 1 && $0.slot == 1 })
        // Slot 1 of box 1: PokemonStorage (sections 5–13 of the newer slot) at offset 4.
        var sections: [Int: Int] = [:]
        for sector in 0 ..< 14 { sections[Int(save[sector * 4096 + 0xFF4])] = sector * 4096 }
        let storage = try #require(sections[5])
        let stored = Array(save[storage + 4 ..< storage + 4 + 80])
        let path = environment.directory.appendingPathComponent("mankey.pk3").path
        try Data(stored).write(to: URL(fileURLWithPath: path))
        let document = try #require(try await environment.run("import", path, "--dry-run", "--json").document())
        let pokemon = try #require((document["pokemon"] as? [[String: Any]])?.first)
        #expect(document["kind"] as? String == "pokemon-file" && pokemon["species"] as? String == fromSave.species)
        #expect(pokemon["personality"] as? UInt32 == fromSave.individual.personality)
        #expect(pokemon["level"] as? Int == fromSave.individual.level && pokemon["nature"] as? String == fromSave.individual.nature)
        #expect((pokemon["ivs"] as? [String: Int]) == ["hp": fromSave.individual.ivs.hp, "attack": fromSave.individual.ivs.attack,
            "defense": fromSave.individual.ivs.defense, "special-attack": fromSave.individual.ivs.specialAttack,
            "special-defense": fromSave.individual.ivs.specialDefense, "speed": fromSave.individual.ivs.speed])
        let imported = await environment.run("import", path)
        #expect(imported.standardOutput.contains("Imported 1 entry"), "\(imported.standardOutput)")
        // The same Pokémon from the save is already here.
        let whole = try copy("firered-slot1.sav")
        let merged = await environment.run("import", whole)
        #expect(merged.standardOutput.contains("already here") && merged.standardOutput.contains("1 already here"), "\(merged.standardOutput)")
    }

    @Test("--eggs imports a save's egg as an egg the Pokédex does not count; a later file holding it hatched makes the entry the Pokémon")
    func eggs() async throws {
        let path = try copy("ruby-slot1.sav")
        let refused = await environment.run("import", try copy("emerald-slot1.sav"), "--eggs", "--dry-run")
        #expect(refused.status == 0, "a save without eggs takes --eggs too")
        let dryRun = await environment.run("import", path, "--eggs", "--dry-run")
        #expect(dryRun.standardOutput.contains("Would import 8 entries") && !dryRun.standardOutput.contains("Eggs not imported"),
                "\(dryRun.standardOutput)")
        let plain = await environment.run("import", path)
        #expect(plain.standardOutput.contains("Eggs not imported: 1 (--eggs imports them)."), "\(plain.standardOutput)")
        let progress = { () async throws -> Int? in
            let pokedexes = try await environment.run("dex", "progress", "--json").document()?["pokedexes"] as? [[String: Any]]
            return pokedexes?.first?["caught"] as? Int
        }
        let before = try await progress()
        let withEggs = await environment.run("import", path, "--eggs")
        #expect(withEggs.standardOutput.contains("Imported 1 entry; 7 already here."), "\(withEggs.standardOutput)")
        #expect(try entryCount() == 8)
        let list = await environment.run("list", "--trainer", "LANDON")
        let eggLine = try #require(list.standardOutput.split(separator: "\n").first { $0.contains("(egg)") }, "\(list.standardOutput)")
        let entry = try #require(try await environment.run("list", "--json").document()?["entries"] as? [[String: Any]])
            .first { ($0["saved"] as? [String: Any])?["egg"] as? Bool == true }
        let species = try #require(entry?["species"] as? String)
        #expect(try await progress() == before, "an egg registers nothing: \(eggLine)")
        let korean = await environment.run("list", "--trainer", "LANDON", "--lang", "ko")
        #expect(korean.standardOutput.contains("(알)"), "\(korean.standardOutput)")

        // The same egg, hatched: its .pk3 (decrypted, as PKHeX writes it) with the egg bits cleared.
        var hatched = Generation3SaveTests.decryptedCanonical(
            try Generation3SaveTests.storedBoxMon(try Fixtures.save("ruby-slot1.sav"), box: 7, slot: 6))
        hatched[19] &= ~0x04
        hatched[32 + 36 + 7] &= ~0x40
        var sum = 0
        for word in 0 ..< 24 { sum += Int(hatched[32 + word * 2]) | Int(hatched[33 + word * 2]) << 8 }
        (hatched[28], hatched[29]) = (UInt8(sum & 0xFF), UInt8(sum >> 8 & 0xFF))
        let file = environment.directory.appendingPathComponent("hatched.pk3").path
        try Data(hatched).write(to: URL(fileURLWithPath: file))
        let wouldHatch = await environment.run("import", file, "--dry-run")
        #expect(wouldHatch.standardOutput.contains("hatched: would update the egg here"), "\(wouldHatch.standardOutput)")
        let hatch = await environment.run("import", file)
        #expect(hatch.standardOutput.contains("Eggs here that hatched: 1."), "\(hatch.standardOutput)")
        #expect(try entryCount() == 8, "the egg's entry is the Pokémon now")
        let after = try #require(try await environment.run("list", "--json").document()?["entries"] as? [[String: Any]])
        #expect(!after.contains { ($0["saved"] as? [String: Any])?["egg"] as? Bool == true })
        #expect(try await progress() == (before ?? 0) + (after.filter { $0["species"] as? String == species }.count == 1 ? 1 : 0))
        let history = await environment.run("history", "--limit", "0")
        #expect(history.standardOutput.contains("hatched"), "\(history.standardOutput)")
        let again = await environment.run("import", path, "--eggs")
        #expect(again.standardOutput.contains("Imported 0 entries; 8 already here."), "the save's egg is the hatched entry: \(again.standardOutput)")
    }

    @Test("--eggs with a mydex export is refused as a bad argument")
    func eggsWithExport() async throws {
        _ = await environment.run("catch", "--seed", "3")
        let file = environment.directory.appendingPathComponent("out.json").path
        #expect(await environment.run("export", file).status == 0)
        let result = await environment.run("import", file, "--eggs")
        #expect(result.status == 64 && result.standardError.contains("--eggs is for a game's save"), "\(result.standardError)")
    }

    @Test("A Colosseum .ck3 and an XD .xk3 import as the Pokémon they hold; their Orre place is not read as a GBA one")
    func gameCubeFiles() async throws {
        let espeon = environment.path("espeon.ck3"), eevee = environment.path("eevee.xk3")
        try Data(GameCubeFileTests.colosseumEspeon()).write(to: URL(fileURLWithPath: espeon))
        try Data(GameCubeFileTests.xdEevee()).write(to: URL(fileURLWithPath: eevee))
        let document = try #require(try await environment.run("import", espeon, "--json").document())
        let pokemon = try #require((document["pokemon"] as? [[String: Any]])?.first)
        #expect(document["kind"] as? String == "pokemon-file" && pokemon["species"] as? String == "espeon")
        #expect(pokemon["level"] as? Int == 30 && (pokemon["ivs"] as? [String: Int])?["special-attack"] == 30)
        #expect((pokemon["details"] as? [String: Any])?["metLocation"] == nil, "an Orre place has no GBA name")
        let xd = await environment.run("import", eevee)
        #expect(xd.standardOutput.contains("Imported 1 entry"), "\(xd.standardOutput) \(xd.standardError)")
        #expect(await environment.run("import", espeon).standardOutput.contains("1 already here"))
        // 312 bytes of nothing: no Pokémon, and said what it looked like.
        let empty = environment.path("empty.ck3")
        try Data(count: 312).write(to: URL(fileURLWithPath: empty))
        let refused = await environment.run("import", empty)
        #expect(refused.status == 1 && refused.standardError.contains("Colosseum or XD"), "\(refused.standardError)")
    }
}
