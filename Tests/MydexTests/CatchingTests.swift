import Foundation
import Testing
@testable import MydexCLI
@testable import MydexServices
@testable import MydexStore
@testable import MydexModel

/// Catching as the games do (issue 21): encounters drawn from real tables, throws kept with
/// the catch, the pending encounter between commands, and the odds `odds` shows.
@Suite("Catching")
struct CatchingTests {
    /// FireRed's Viridian Forest as PokeAPI's tables have it (read here, not through mydex):
    /// each Pokémon's levels.
    static func viridianForest() throws -> [Int: ClosedRange<Int>] {
        var levels: [Int: ClosedRange<Int>] = [:]
        for row in try EncounterTests.Tables().rows where row.game == "firered" && row.location == "viridian-forest" {
            let known = levels[row.pokemon]
            levels[row.pokemon] = min(known?.lowerBound ?? row.minLevel, row.minLevel)...max(known?.upperBound ?? row.maxLevel, row.maxLevel)
        }
        return levels
    }

    static func json(_ run: TestEnvironment.Run) throws -> [String: Any] {
        try #require(try run.document(), "not JSON: \(run.standardOutput) \(run.standardError)")
    }

    @Test("A seeded encounter in FireRed's Viridian Forest meets one of its Pokémon at its levels; the throws are kept, and the entry says where and how")
    func viridianForestEndToEnd() async throws {
        let environment = try TestEnvironment()
        let met = await environment.run(
            "encounter", "--game", "firered", "--at", "viridian-forest", "--seed", "21", "--throw", "great", "--until-caught", "--json")
        #expect(met.status == 0, "\(met.standardError)")
        let document = try Self.json(met)
        let encounter = try #require(document["encounter"] as? [String: Any])
        let species = try #require(encounter["species"] as? Int)
        let level = try #require(encounter["level"] as? Int)
        let table = try Self.viridianForest()
        #expect(table[species]?.contains(level) == true, "#\(species) at level \(level) is not in FireRed's Viridian Forest: \(table)")
        #expect(encounter["location"] as? String == "viridian-forest" && encounter["method"] as? String == "walk")
        let throwsMade = try #require(document["throws"] as? [[String: Any]])
        #expect(!throwsMade.isEmpty && throwsMade.dropLast().allSatisfy { $0["caught"] as? Bool == false })
        #expect(throwsMade.last?["caught"] as? Bool == true && throwsMade.allSatisfy { $0["ball"] as? String == "great-ball" })
        let entry = try #require(document["entry"] as? [String: Any])
        let id = try #require(entry["id"] as? Int)

        let shown = try Self.json(await environment.run("show", String(id), "--json"))
        let caught = try #require(shown["encounter"] as? [String: Any])
        #expect(caught["game"] as? String == "firered" && caught["location"] as? String == "viridian-forest")
        #expect(caught["level"] as? Int == level && caught["ball"] as? String == "great-ball")
        #expect((caught["throws"] as? [Any])?.count == throwsMade.count)
        let text = await environment.run("show", String(id), "--no-sprite")
        #expect(text.standardOutput.contains("Viridian Forest") && text.standardOutput.contains("FireRed") && text.standardOutput.contains("Great Ball"))

        let history = try Self.json(await environment.run("history", "--json"))
        let events = try #require(history["events"] as? [[String: Any]])
        #expect(events.first { $0["action"] as? String == "catch" }?["throws"].flatMap { $0 as? [Any] }?.count == throwsMade.count)
        #expect(await environment.run("list", "--game", "firered").standardOutput.contains("#\(String(format: "%04d", species))"))
        #expect(await environment.run("list", "--ball", "great", "--json").standardOutput.contains("\"id\" : \(id)"))
        #expect(!(await environment.run("list", "--ball", "ultra", "--json").standardOutput.contains("\"id\" : \(id)")))
        #expect(!(await environment.run("list", "--game", "leafgreen", "--json").standardOutput.contains("\"id\" : \(id)")))
        let stats = try Self.json(await environment.run("stats", "--json"))
        let catching = try #require(stats["catching"] as? [String: Any])
        #expect(catching["catches"] as? Int == 1 && catching["catchThrows"] as? Int == throwsMade.count)
    }

    @Test("The same seed meets and throws the same, in one command or across `encounter` and `throw`")
    func reproducible() async throws {
        func outcome(_ runs: [[String]]) async throws -> [String] {
            let environment = try TestEnvironment()
            var last: TestEnvironment.Run?
            for arguments in runs { last = await environment.run(arguments) }
            let document = try Self.json(try #require(last))
            let encounter = try #require(document["encounter"] as? [String: Any])
            let throwsMade = (document["throws"] as? [[String: Any]]) ?? []
            return ["\(encounter["species"] ?? "") \(encounter["level"] ?? "") \(encounter["location"] ?? "")"]
                + throwsMade.map { "\($0["ball"] ?? "") \($0["shakes"] ?? "") \($0["caught"] ?? "")" }
        }
        let once = try await outcome([["encounter", "--game", "emerald", "--seed", "99", "--throw", "poke", "--throw", "poke", "--throw", "great", "--json"]])
        let split = try await outcome([
            ["encounter", "--game", "emerald", "--seed", "99"], ["throw", "poke"], ["throw", "poke", "great", "--json"],
        ])
        #expect(once == split)
        #expect(once.count == 4 || once.last?.hasSuffix("true") == true)
        let again = try await outcome([["encounter", "--game", "emerald", "--seed", "99", "--throw", "poke", "--throw", "poke", "--throw", "great", "--json"]])
        #expect(once == again)
    }

    @Test("A pending encounter waits; a new one makes it flee; --run ends it; throw without one says how to start")
    func pending() async throws {
        let environment = try TestEnvironment()
        let first = await environment.run("encounter", "--game", "firered", "--at", "viridian-forest", "--seed", "1")
        #expect(first.status == 0 && first.standardOutput.contains("A wild"))
        #expect(first.standardError.contains("mydex throw"))
        let shown = await environment.run("throw")
        #expect(shown.status == 0 && shown.standardOutput.contains("Poké Ball"))
        let second = await environment.run("encounter", "--game", "firered", "--at", "viridian-forest", "--seed", "2", "--json")
        let fled = try Self.json(second)["fled"] as? [String: Any]
        #expect(fled != nil)
        let ran = await environment.run("encounter", "--run")
        #expect(ran.status == 0 && ran.standardOutput.contains("Got away safely"))
        let none = await environment.run("throw", "great")
        #expect(none.status == 1 && none.standardError.contains("mydex encounter"))
    }

    @Test("A collection has one Master Ball; a ball the game lacks and an unknown ball are usage errors")
    func balls() async throws {
        let environment = try TestEnvironment()
        let master = await environment.run("encounter", "--game", "emerald", "--seed", "3", "--throw", "master", "--json")
        let caught = try Self.json(master)["entry"] as? [String: Any]
        #expect(master.status == 0 && caught != nil)
        let again = await environment.run("encounter", "--game", "emerald", "--seed", "4", "--throw", "master")
        #expect(again.status == 1 && again.standardError.contains("Master Ball"))
        let dusk = await environment.run("throw", "dusk")
        #expect(dusk.status == 64 && dusk.standardError.contains("Emerald"))
        let typo = await environment.run("throw", "graet")
        #expect(typo.status == 64 && typo.standardError.contains("Did you mean Great Ball?"))
    }

    @Test("odds: capture rate 45 at full HP in a Poké Ball is 6.2% in Emerald; Kyurem's 1.57% in Black 2, 25.03% on a critical capture")
    func odds() async throws {
        let environment = try TestEnvironment()
        let emerald = try Self.json(await environment.run("odds", "bulbasaur", "--game", "emerald", "--ball", "poke", "--json"))
        let ball = try #require((emerald["balls"] as? [[String: Any]])?.first)
        #expect(abs((ball["chance"] as? Double ?? 0) - 0.062492370954704) < 1e-9)
        let kyurem = try Self.json(await environment.run("odds", "kyurem", "--game", "black-2", "--ball", "poke", "--level", "75", "--json"))
        let poke = try #require((kyurem["balls"] as? [[String: Any]])?.first)
        #expect(String(format: "%.2f", (poke["chance"] as? Double ?? 0) * 100) == "1.57")
        #expect(String(format: "%.2f", (poke["criticalCatch"] as? Double ?? 0) * 100) == "25.03")
        let text = await environment.run("odds", "pikachu", "--game", "firered")
        #expect(text.status == 0 && text.standardOutput.contains("Ultra Ball") && !text.standardOutput.contains("Dusk Ball"))
        #expect(await environment.run("odds", "pikachu", "--hp", "0").status == 64)
        #expect(await environment.run("odds", "pikachu", "--game", "firered", "--ball", "dusk").status == 64)
    }

    @Test("Encounter draws follow the slots' rarity: 20,000 draws of FireRed's Viridian Forest pass a chi-square test")
    func drawsFollowRarity() async throws {
        let environment = try TestEnvironment()
        let store = try environment.openStore()
        let pokedex = Pokedex(store: store)
        let game = try #require(try await pokedex.games(matching: "firered").first)
        let forest = try #require(try await pokedex.places(matching: "viridian-forest").first)
        let areas = try await pokedex.encounterAreaIDs(game: game, locationIDs: [forest.id])
        let table = try #require(try await pokedex.wildTables(game: game, areaIDs: areas, method: "walk").first)
        let slots = try await pokedex.slots(of: table, game: game)
        var expected: [Int: Int] = [:]
        for slot in slots { expected[slot.pokemonID, default: 0] += slot.rarity }
        let total = expected.values.reduce(0, +)
        var generator = SeededGenerator(seed: 2121)
        var seen: [Int: Int] = [:]
        let draws = 20_000
        for _ in 0..<draws {
            let (slot, level) = try #require(EncounterService.draw(slots, in: [], using: &generator))
            #expect((slot.minLevel...slot.maxLevel).contains(level))
            seen[slot.pokemonID, default: 0] += 1
        }
        let chiSquare = expected.reduce(0.0) { sum, pair in
            let wanted = Double(draws) * Double(pair.value) / Double(total)
            return sum + pow(Double(seen[pair.key] ?? 0) - wanted, 2) / wanted
        }
        // The 99.9th percentile of χ² with (categories − 1) degrees of freedom is under 3 × df + 10 for these few.
        let freedom = Double(expected.count - 1)
        #expect(chiSquare < 3 * freedom + 10, "χ² = \(chiSquare) over \(expected) / \(seen)")
        #expect(Set(seen.keys) == Set(expected.keys))
    }

    @Test("The local clock as the games read it: night from 20:00 in Diamond and Pearl, 18:00 in Gold and in Sun; seasons turn monthly")
    func localClock() {
        let utc = TimeZone(identifier: "UTC")!
        func at(_ hour: Int, month: Int = 1) -> Date {
            var parts = DateComponents(year: 2026, month: month, day: 5, hour: hour)
            parts.timeZone = utc
            return Calendar(identifier: .gregorian).date(from: parts)!
        }
        #expect(LocalClock(date: at(19), timeZone: utc, generation: 4).timeOfDay == "day")
        #expect(LocalClock(date: at(19), timeZone: utc, generation: 2).timeOfDay == "night")
        #expect(LocalClock(date: at(5), timeZone: utc, generation: 4).timeOfDay == "morning")
        #expect(LocalClock(date: at(5), timeZone: utc, generation: 7).timeOfDay == "night")
        #expect(LocalClock(date: at(12, month: 2), timeZone: utc, generation: 5).season == "summer")
        #expect(LocalClock(date: at(12, month: 5), timeZone: utc, generation: 5).season == "spring")
        #expect(LocalClock(date: at(7), timeZone: utc, generation: 7).timeOfDay(among: ["time-day", "time-night"]) == "time-day")
    }

    @Test("Export and import carry where and how a Pokémon was caught, every throw included, in JSON and CSV")
    func exportImport() async throws {
        let source = try TestEnvironment()
        let met = await source.run("encounter", "--game", "firered", "--at", "viridian-forest", "--seed", "8", "--until-caught", "--json")
        let throwsMade = ((try Self.json(met))["throws"] as? [Any])?.count ?? 0
        let file = source.path("export.json")
        #expect(await source.run("export", file).status == 0)
        let target = try TestEnvironment()
        let imported = await target.run("import", file)
        #expect(imported.status == 0, "\(imported.standardError)")
        let shown = try Self.json(await target.run("show", "1", "--json"))
        let caught = try #require(shown["encounter"] as? [String: Any])
        #expect(caught["game"] as? String == "firered" && (caught["throws"] as? [Any])?.count == throwsMade)
        // CSV carries it too, as the JSON object in a cell of its own.
        let csv = source.path("export.csv")
        #expect(await source.run("export", csv).status == 0)
        let fromCSV = try TestEnvironment()
        #expect(await fromCSV.run("import", csv).status == 0)
        let shownCSV = try Self.json(await fromCSV.run("show", "1", "--json"))
        let caughtCSV = try #require(shownCSV["encounter"] as? [String: Any])
        #expect(caughtCSV["location"] as? String == "viridian-forest" && (caughtCSV["throws"] as? [Any])?.count == throwsMade)
        // A second import adds nothing, and a bad encounter is named by its line.
        let twice = await target.run("import", file)
        #expect((twice.standardOutput + twice.standardError).contains("1 already here"))
        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "\"caught\" : true", with: "\"caught\" : false")
        let broken = target.path("broken.json")
        try text.write(toFile: broken, atomically: true, encoding: .utf8)
        let refused = await (try TestEnvironment()).run("import", broken)
        #expect(refused.status != 0 && refused.standardError.contains("encounter"))
    }
}
