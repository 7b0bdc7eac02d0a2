import Foundation
import GRDB
import MydexModel
@testable import MydexStore
import Testing

/// Individuals through the commands: entries made before mydex kept them stay unknown (shown so,
/// sorted last, never filtered in), filters and several sort keys, and `add`'s checks.
@Suite("Individuals in the collection")
struct IndividualCommandTests {
    let environment: TestEnvironment

    init() throws {
        environment = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"])
    }

    /// Entries' ids in a JSON listing's order.
    func ids(_ arguments: String...) async throws -> [Int] {
        let run = await environment.run(arguments + ["--json"])
        #expect(run.status == 0, "\(run.standardError)")
        return (try run.document()?["entries"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }

    @Test("An entry from before individuals is unknown: no invented values, last in --sort iv either way, never passing a number filter")
    func unknownEntries() async throws {
        _ = await environment.run("catch", "--count", "4", "--seed", "8")
        // As a collection from before schema 9 holds it: the individual's columns (and those after) NULL.
        let store = try environment.openStore()
        try await store.writer.write { db in
            let columns = try String.fetchAll(db, sql: """
                SELECT name FROM pragma_table_xinfo('caught_pokemon') WHERE cid >= (SELECT cid FROM pragma_table_xinfo('caught_pokemon')
                    WHERE name = 'generation') AND hidden = 0 AND name <> 'is_egg'
                """)
            // The individual's 27 (schema 9) and a save's 11 (schema 10); schema 11's is_egg is
            // never NULL (0 for what came before).
            #expect(columns.count == 38, "\(columns)")
            try db.execute(sql: "UPDATE caught_pokemon SET " + columns.map { "\($0) = NULL" }.joined(separator: ", ") + " WHERE id = 2")
        }
        try store.close()
        let shown = await environment.run("show", "2", "--no-sprite")
        #expect(shown.standardOutput.contains("Individual       unknown (caught before mydex kept level, nature and IVs)"))
        #expect(!shown.standardOutput.contains("Level "))
        let json = try await environment.run("show", "2", "--json").document()?["entry"] as? [String: Any]
        #expect(json?["level"] == nil && json?["ivs"] == nil && json?["uuid"] != nil, "unknown fields are absent")
        let byIV = try await ids("list", "--sort", "iv")
        #expect(byIV.count == 4 && byIV.last == 2)
        #expect(try await ids("list", "--sort", "iv", "--reverse").last == 2, "unknown stays last reversed")
        #expect(try await ids("list", "--iv", "0-100").sorted() == [1, 3, 4])
        #expect(try await ids("list", "--level", ">=1").sorted() == [1, 3, 4])
        let table = await environment.run("list", "--sort", "dex")
        #expect(table.standardOutput.split(separator: "\n").contains { $0.hasPrefix(" 2 ") && $0.contains("—") })
    }

    @Test("Several sort keys each break the ties of the ones before; filters combine with the others")
    func sortKeysAndFilters() async throws {
        _ = await environment.run("catch", "--count", "30", "--seed", "12")
        let run = await environment.run("list", "--sort", "level,iv", "--json")
        let entries = try run.document()?["entries"] as? [[String: Any]] ?? []
        let keys = entries.compactMap { entry -> (Int, Double)? in
            guard let level = entry["level"] as? Int, let iv = entry["ivPercent"] as? Double else { return nil }
            return (level, iv)
        }
        #expect(keys.count == 30)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.0 > $1.0 || ($0.0 == $1.0 && $0.1 >= $1.1) }, "\(keys)")
        let high = try await ids("list", "--iv", ">=60", "--type", "water")
        for id in high {
            let entry = try await environment.run("show", String(id), "--json").document()?["entry"] as? [String: Any]
            #expect((entry?["ivPercent"] as? Double ?? 0) >= 60 && (entry?["types"] as? [String])?.contains("water") == true)
        }
        let nature = try #require(entries.first?["nature"] as? String)
        let byNature = try await ids("list", "--nature", nature)
        #expect(!byNature.isEmpty && byNature.count < 30)
        #expect(await environment.run("list", "--triple", "32").status == 64)
        #expect(await environment.run("list", "--iv", "abc").status == 64)
        #expect(await environment.run("list", "--group", "--sort", "iv").status == 64)
    }

    @Test("add keeps what is given, checks it against the games and the species, draws the rest and says which")
    func add() async throws {
        let added = await environment.run(
            "add", "pikachu", "--level", "50", "--nature", "timid", "--ivs", "31/0/31/31/31/31", "--evs", "4/0/0/252/0/252",
            "--held-item", "light-ball", "--moves", "thunderbolt,quick attack", "--nickname", "Sparky", "--json")
        #expect(added.status == 0, "\(added.standardError)")
        let entry = try #require(try added.document()?["entry"] as? [String: Any])
        #expect(entry["level"] as? Int == 50 && entry["nature"] as? String == "timid" && entry["heldItem"] as? String == "light-ball")
        #expect(entry["moves"] as? [String] == ["thunderbolt", "quick-attack"] && entry["nickname"] as? String == "Sparky")
        // Pikachu at 50, Timid, these IVs and EVs: HP ⌊(70+31+1)·50/100⌋+60 = 111; Speed (⌊(180+31+63)/2⌋+5)·1.1 = 156.
        let stats = try #require(entry["stats"] as? [String: Int])
        // Attack, lowered: (⌊110·50/100⌋+5)·90/100 = 54.
        #expect(stats["hp"] == 111 && stats["speed"] == 156 && stats["attack"] == 54)
        let origin = try #require(entry["origin"] as? [String: Any])
        #expect(origin["kind"] as? String == "hand" && (origin["drawn"] as? [String]) == ["gender", "ability"])
        #expect(added.standardError.contains("Drawn as a wild one would be, since not given: Gender, Ability."))
        let history = await environment.run("history", "--json")
        let actions = (try history.document()?["events"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String }
        #expect(actions.contains("add") && actions.contains("nickname-set"))
        // Refused, nothing written: a generation the species is not in, an ability not its own,
        // a gender it cannot have, generation 2 DVs that are not shiny with --shiny, EVs over 510.
        for arguments in [
            ["add", "lucario", "--game", "red"], ["add", "pikachu", "--ability", "levitate"],
            ["add", "magnemite", "--gender", "male"], ["add", "pikachu", "--game", "gold", "--ivs", "15/15/15/15/15/15", "--shiny"],
            ["add", "pikachu", "--evs", "252/252/252/0/0/0"], ["add", "pikachu", "--level", "0"], ["catch", "pikachu"],
        ] {
            let refused = await environment.run(arguments)
            #expect(refused.status == 64, "\(arguments): \(refused.standardError)")
        }
        #expect(try await ids("list").count == 1)
    }

    @Test("dex stats: each generation's base stats and formula (Red's Raichu: Speed 100, one Special), the reverse, and bad values exit 64")
    func calculator() async throws {
        let red = try #require(try await environment.run("dex", "stats", "raichu", "--level", "50", "--game", "red", "--json").document())
        // Generation 1, DVs 15, no stat experience: HP ⌊150·50/100⌋+60 = 135; Special ⌊210·50/100⌋+5 = 110 twice; Speed 120.
        #expect((red["base"] as? [String: Int])?["speed"] == 100 && (red["base"] as? [String: Int])?["special-attack"] == 90)
        #expect(red["stats"] as? [String: Int] == [
            "hp": 135, "attack": 110, "defense": 75, "special-attack": 110, "special-defense": 110, "speed": 120,
        ])
        let now = try #require(try await environment.run("dex", "stats", "raichu", "--level", "50", "--json").document())
        #expect((now["base"] as? [String: Int])?["speed"] == 110 && now["generation"] as? Int == 9)
        // The reverse gives back the IVs that made the stats, the characteristic narrowing a range.
        let made = try #require(try await environment.run(
            "dex", "stats", "pikachu", "--level", "30", "--ivs", "25/31/12/20/8/30", "--json").document()?["stats"] as? [String: Int])
        let shown = ["hp", "attack", "defense", "special-attack", "special-defense", "speed"].map { String(made[$0] ?? 0) }.joined(separator: "/")
        let ranges = try #require(try await environment.run(
            "dex", "stats", "pikachu", "--level", "30", "--stats", shown, "--characteristic", "Likes to thrash about", "--json"
        ).document()?["ivRanges"] as? [String: [Int]])
        #expect(ranges["attack"] == [31] && ranges["hp"]?.contains(25) == true && ranges["speed"]?.contains(30) == true)
        for arguments in [
            ["dex", "stats", "pikachu", "--level", "0"], ["dex", "stats", "pikachu", "--level", "50", "--ivs", "32/31/31/31/31/31"],
            ["dex", "stats", "pikachu", "--level", "50", "--evs", "252/252/8/0/0/0"], ["dex", "stats", "pikachu", "--level", "50", "--nature", "brave-ish"],
            ["dex", "stats", "pikachu", "--level", "50", "--form", "mega"], ["dex", "stats", "pikachu", "--level", "50", "--generation", "2", "--nature", "brave"],
            ["dex", "stats", "gyarados", "--level", "38", "--generation", "2", "--ivs", "15/14/10/10/10/10"],
        ] {
            let refused = await environment.run(arguments)
            #expect(refused.status == 64, "\(arguments): \(refused.standardError)")
            #expect(refused.standardError.hasPrefix("Error: "))
        }
    }
}

