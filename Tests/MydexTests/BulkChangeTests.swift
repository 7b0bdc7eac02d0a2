import Foundation
import Testing
import MydexCLI
import MydexServices
@testable import MydexStore
@testable import MydexModel
import MydexTestSupport

/// Commands that act on several entries: ids and ranges, all or nothing, unrelease, dry runs,
/// and releasing duplicates.
@Suite("Acting on many entries")
struct BulkChangeTests {
    let environment: TestEnvironment

    init() throws { environment = try TestEnvironment(transport: FixtureTransport()) }

    /// Catches the built-in species in this order (entry ids 1, 2, …), a second apart, without the network.

    private func historyCount() async throws -> Int {
        let store = try environment.openStore()
        defer { try? store.close() }
        return try await store.counts().historyRows
    }

    private func heldIDs() async throws -> [Int] {
        let run = await environment.run("list", "--json")
        return try #require(try run.document()?.objects("entries")).compactMap { $0["id"] as? Int }
    }

    @Test("release takes several ids and ranges, prints a line for each, and records each")
    func releaseSeveral() async throws {
        try await environment.recordCatches([25, 1, 4, 7, 133, 150])
        let run = await environment.run("release", "2", "4-5", "2")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == """
            Released Bulbasaur (entry #2) back to the wild. Bye!
            Released Squirtle (entry #4) back to the wild. Bye!
            Released Eevee (entry #5) back to the wild. Bye!

            """)
        #expect(try await heldIDs() == [1, 3, 6])
        #expect(try await historyCount() == 9)
    }

    @Test("One unknown, released or favorite id fails the whole command, naming them, and changes nothing")
    func allOrNothing() async throws {
        try await environment.recordCatches([25, 1, 4])
        await environment.run("release", "3")
        await environment.run("favorite", "2")
        let history = try await historyCount()
        let before = try environment.databaseBytes()

        let run = await environment.run("release", "1-3", "8", "9")
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("no entries #8-9 in your collection"))
        #expect(run.standardError.contains("#3 was released"))
        #expect(run.standardError.contains("#2 is a favorite"))
        #expect(run.standardError.contains("Nothing was changed"))
        #expect(try environment.databaseBytes() == before)
        #expect(try await historyCount() == history)
        #expect(try await heldIDs() == [1, 2])

        let favorite = await environment.run("favorite", "1", "3")
        #expect(favorite.status == 1)
        #expect(favorite.standardError.contains("#3 was released"))
        let unfavorite = await environment.run("unfavorite", "2", "40")
        #expect(unfavorite.status == 1)
        #expect(try environment.databaseBytes() == before)

        // Many unknown ids are named as the ranges they were typed as, on one line.
        let many = await environment.run("release", "1", "4-5000", "6000", "7000-7001")
        #expect(many.standardError.contains("no entries #4-5000, #6000, #7000-7001 in your collection"))
        #expect(EntryProblems.compact(Array(stride(from: 1, through: 40, by: 2))) == "#1, #3, #5, #7, #9, #11, #13, #15, #17, #19 and 10 more")

        // One id keeps the message it always had.
        let single = await environment.run("release", "2")
        #expect(single.standardError.contains("`mydex release 2 --force`"))
    }

    @Test("favorite and unfavorite take ranges; entries already so are left alone and said to be")
    func favoriteSeveral() async throws {
        try await environment.recordCatches([25, 1, 4])
        await environment.run("favorite", "2")
        let history = try await historyCount()
        let run = await environment.run("favorite", "1-3", "--json")
        let document = try #require(try run.document())
        #expect(document["change"] as? String == "favorited")
        #expect(try #require(document.objects("entries")).compactMap { $0["favorite"] as? Bool } == [true, true, true])
        #expect(document["unchanged"] as? [Int] == [2])
        #expect(document["entry"] == nil)
        #expect(try await historyCount() == history + 2)
        let text = await environment.run("unfavorite", "3", "2")
        #expect(text.standardOutput == """
            Charmander (entry #3) is no longer a favorite.
            Bulbasaur (entry #2) is no longer a favorite.

            """)
    }

    @Test("One id keeps the one-entry JSON document, with entries beside it")
    func singleIDDocument() async throws {
        try await environment.recordCatches([25])
        let document = try #require(try await environment.run("release", "1", "--json").document())
        #expect(document["change"] as? String == "released")
        #expect(document["changed"] as? Bool == true)
        #expect(document.object("entry")?["id"] as? Int == 1)
        #expect(document.objects("entries")?.count == 1)
    }

    @Test("show takes several ids; an unknown one shows none")
    func showSeveral() async throws {
        try await environment.recordCatches([25, 1])
        let run = await environment.run("show", "1-2")
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("Entry #1: Pikachu") && run.standardOutput.contains("Entry #2: Bulbasaur"))
        let document = try #require(try await environment.run("show", "2", "1", "--json").document())
        let results = try #require(document.objects("results"))
        #expect(results.compactMap { ($0["entry"] as? [String: Any])?["id"] as? Int } == [2, 1])
        let missing = await environment.run("show", "1", "7")
        #expect(missing.status == 1)
        #expect(missing.standardOutput.isEmpty)
        #expect(missing.standardError.contains("#7"))
    }

    struct BadIDs: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test("Bad ids and ranges are usage errors that name them", arguments: [
        BadIDs(arguments: ["release", "12-9"], message: "reversed range; write 9-12"),
        BadIDs(arguments: ["release", "1-99999999999"], message: "more than 100000"),
        BadIDs(arguments: ["favorite", "3", "-4"], message: "positive numbers"),
        BadIDs(arguments: ["unfavorite", "0-3"], message: "positive numbers"),
        BadIDs(arguments: ["show", "1-2-3"], message: "got 1-2-3"),
        BadIDs(arguments: ["unrelease", "x"], message: "got x"),
        BadIDs(arguments: ["release"], message: "at least one entry id"),
        BadIDs(arguments: ["release", "--duplicates", "4"], message: "give no ids"),
        BadIDs(arguments: ["release", "4", "--keep", "2"], message: "--keep goes with --duplicates"),
    ])
    func badIDs(call: BadIDs) async throws {
        try await environment.recordCatches([25])
        let run = await environment.run(call.arguments)
        #expect(run.status == 64)
        #expect(run.standardError.contains(call.message), "\(run.standardError)")
    }

    @Test("unrelease brings entries back with a history row; one not released changes nothing")
    func unrelease() async throws {
        try await environment.recordCatches([25, 1, 4])
        await environment.run("favorite", "1")
        await environment.run("release", "1-2", "--force")
        let before = try environment.databaseBytes()
        let refused = await environment.run("unrelease", "1-3")
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("#3 is not released"))
        #expect(try environment.databaseBytes() == before)

        let run = await environment.run("unrelease", "2", "1")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == """
            Brought Bulbasaur (entry #2) back into your collection. Welcome back!
            Brought Pikachu (entry #1) back into your collection. Welcome back!

            """)
        #expect(try await heldIDs() == [1, 2, 3])
        let events = try #require(try await environment.run("history", "--json").document()?.objects("events"))
        #expect(events.prefix(2).compactMap { $0["action"] as? String } == ["unrelease", "unrelease"])
        // Back, but not as a favorite: the release row says it was one.
        let document = try #require(try await environment.run("show", "1", "--json").document())
        #expect(document.object("entry")?["favorite"] as? Bool == false)
        #expect(document.object("entry")?["releasedAt"] == nil)
        #expect(await environment.run("unrelease", "1").standardError.contains("#1 is not released"))
    }

    @Test("--dry-run says what would happen and leaves the database's bytes as they were")
    func dryRuns() async throws {
        try await environment.recordCatches([25, 25, 1])
        await environment.run("release", "3")
        let before = try environment.databaseBytes()
        let release = await environment.run("release", "1-2", "--dry-run")
        #expect(release.status == 0)
        #expect(release.standardOutput == "Would release Pikachu (entry #1).\nWould release Pikachu (entry #2).\n")
        #expect(release.standardError.contains("nothing was changed"))
        let unrelease = await environment.run("unrelease", "3", "--dry-run", "--json")
        let document = try #require(try unrelease.document())
        #expect(document["dryRun"] as? Bool == true)
        #expect(document.object("entry")?["releasedAt"] != nil)
        let duplicates = await environment.run("release", "--duplicates", "--dry-run")
        #expect(duplicates.standardOutput == "Would release Pikachu (entry #2).\n")
        // A dry run still refuses what the real one would.
        #expect(await environment.run("release", "3", "--dry-run").status == 1)
        #expect(try environment.databaseBytes() == before)
    }

    @Test("release --duplicates keeps the oldest of each species and never a favorite, shiny or nicknamed one")
    func duplicates() async throws {
        let store = try environment.openStore()
        func caught(_ species: Int, shiny: Bool = false) async throws -> Int64 {
            environment.clock.advance(by: 1)
            return try await store.recordCatch(speciesID: species, isShiny: shiny, at: environment.clock.now()).id
        }
        let pikachus = [try await caught(25), try await caught(25), try await caught(25, shiny: true), try await caught(25)]
        let bulbasaurs = [try await caught(1), try await caught(1), try await caught(1)]
        let eevees = [try await caught(133), try await caught(133)]
        let mew = try await caught(151)
        _ = try await store.setNickname(entryID: eevees[0], to: "Vee", at: environment.clock.now())
        _ = try await store.setFavorite(entryID: eevees[1], true, at: environment.clock.now())
        _ = try await store.setFavorite(entryID: bulbasaurs[2], true, at: environment.clock.now())
        try store.close()

        let run = await environment.run("release", "--duplicates", "--json")
        #expect(run.status == 0, "\(run.standardError)")
        let released = try #require(try run.document()?.objects("entries")).compactMap { $0["id"] as? Int }
        // Pikachu: the shiny counts as the one kept; Bulbasaur: the favorite does; Eevee: both protected.
        #expect(released == [pikachus[0], pikachus[1], pikachus[3], bulbasaurs[0], bulbasaurs[1]].map(Int.init))
        let held = try await heldIDs()
        #expect(held == [pikachus[2], bulbasaurs[2], eevees[0], eevees[1], mew].map(Int.init))
        let again = await environment.run("release", "--duplicates")
        #expect(again.status == 0)
        #expect(again.standardOutput.isEmpty)
        #expect(again.standardError.contains("nothing to release"))
    }

    @Test("release --duplicates keeps the earliest caught whatever their ids' order (a file imported newest first), a tie to the lower id, protected ones counting first")
    func duplicatesByCatchTime() async throws {
        let store = try environment.openStore()
        let start = environment.clock.now()
        var ids: [Int] = []
        // Entries 1–5 caught later the lower their id; 2 and 3 at the same time.
        for minutes in [50.0, 40, 40, 30, 20] {
            ids.append(Int(try await store.recordCatch(speciesID: 25, isShiny: false, at: start.addingTimeInterval(minutes * 60)).id))
        }
        _ = try await store.setFavorite(entryID: Int64(ids[0]), true, at: start)
        try store.close()
        func released(keep: Int, dryRun: Bool) async throws -> [Int] {
            let run = await environment.run(["release", "--duplicates", "--keep", String(keep), "--json"] + (dryRun ? ["--dry-run"] : []))
            #expect(run.status == 0, "\(run.standardError)")
            return try #require(try run.document()?.objects("entries")).compactMap { $0["id"] as? Int }
        }
        // The favorite counts first; then 5 (20 min), 4 (30), 2 (40, the lower id of the tie).
        #expect(try await released(keep: 4, dryRun: true) == [ids[2]])
        #expect(try await released(keep: 3, dryRun: true) == [ids[1], ids[2]])
        #expect(try await released(keep: 2, dryRun: false) == [ids[1], ids[2], ids[3]])
        #expect(try await heldIDs() == [ids[0], ids[4]])
    }

    @Test("--keep N keeps the N oldest unprotected ones when nothing is protected")
    func duplicatesKeep() async throws {
        try await environment.recordCatches([25, 1, 25, 25, 1, 25])
        let run = await environment.run("release", "--duplicates", "--keep", "2")
        #expect(run.standardOutput == """
            Released Pikachu (entry #4) back to the wild. Bye!
            Released Pikachu (entry #6) back to the wild. Bye!

            """)
        #expect(try await heldIDs() == [1, 2, 3, 5])
        #expect(await environment.run("release", "--duplicates", "--keep", "0").status == 64)
        let negative = await environment.run("release", "--duplicates", "--keep", "-1")
        #expect(negative.status == 64)
        // About --keep, not about an entry id.
        #expect(negative.standardError.contains("--keep") && !negative.standardError.contains("entry ids"))
    }

    @Test("Every new option is in --help, with examples")
    func help() async {
        for (command, expected) in [
            ("release", ["--duplicates", "--keep", "--dry-run", "$ mydex release 4 5 9-12"]),
            ("unrelease", ["--dry-run", "$ mydex unrelease 3"]), ("favorite", ["$ mydex favorite 1 2 7-9"]),
            ("show", ["$ mydex show 1 2 5-7"]), ("catch", ["--count", "$ mydex catch --count 50"]),
            ("backup", ["--list", "--dry-run", "$ mydex backup --list"]), ("restore", ["--yes", "--dry-run", "$ mydex restore"]),
        ] {
            let run = await environment.run(command, "--help")
            for text in expected { #expect(run.standardOutput.contains(text), "\(command) --help lacks \(text)") }
        }
    }
}
