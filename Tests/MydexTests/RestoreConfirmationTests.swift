import Foundation
import Testing
import MydexCLI
import MydexServices
@testable import MydexStore
@testable import MydexModel
import MydexTestSupport

/// `restore` asks before replacing, `--dry-run` on restore and `backup --keep`, and `backup --list`.
@Suite("Restore confirmation and the backups folder")
struct RestoreConfirmationTests {
    let environment: TestEnvironment

    init() throws { environment = try TestEnvironment() }

    private var backupsFolder: String { (environment.databasePath as NSString).deletingLastPathComponent + "/backups" }

    private func heldDex() async throws -> [Int] {
        let run = await environment.run("list", "--json")
        return try #require(try run.document()?.objects("entries")).compactMap { $0["dex"] as? Int }
    }

    /// A backup holding Pikachu and Bulbasaur, then a collection of Pikachu, Bulbasaur and Mew with #2 released.
    private func backupThenChange() async throws -> String {
        try await environment.recordCatches([25, 1])
        let backup = environment.path("two.sqlite")
        #expect(await environment.run("backup", backup).status == 0)
        try await environment.recordCatches([151])
        await environment.run("release", "2")
        return backup
    }

    @Test("On a terminal, restore shows both collections and goes on only after a yes")
    func asksOnATerminal() async throws {
        let backup = try await backupThenChange()
        let before = try environment.databaseBytes()
        let declined = await environment.run(["restore", backup]) { context, _ in
            context.confirmation = .answering("n")
        }
        #expect(declined.status == 1)
        #expect(declined.standardError.contains(
            "Your collection now: 3 entries (2 in the collection, 1 released), 4 history events."))
        #expect(declined.standardError.contains("The backup:          2 entries (2 in the collection, 0 released), 2 history events"))
        #expect(declined.standardError.contains("Replace your collection with the backup? [y/N] "))
        #expect(declined.standardError.contains("Restore cancelled; nothing was changed."))
        #expect(!declined.standardError.contains("Error"), "a no is the user's choice, not an error: \(declined.standardError)")
        #expect(try environment.databaseBytes() == before)
        #expect(!FileManager.default.fileExists(atPath: backupsFolder))

        // Ctrl-D (end of input) is no yes either.
        let ended = await environment.run(["restore", backup]) { context, _ in context.confirmation = .answering(nil) }
        #expect(ended.status == 1)
        #expect(try environment.databaseBytes() == before)

        let accepted = await environment.run(["restore", backup]) { context, _ in
            context.confirmation = .answering(" Yes ")
        }
        #expect(accepted.status == 0, "\(accepted.standardError)")
        #expect(accepted.standardOutput.hasPrefix("Restored 2 entries"))
        #expect(try await heldDex() == [25, 1])
    }

    @Test("Where nobody can answer, restore refuses without --yes and says so; --yes restores without asking")
    func refusesWithoutATerminal() async throws {
        let backup = try await backupThenChange()
        let before = try environment.databaseBytes()
        let refused = await environment.run("restore", backup)
        #expect(refused.status == 1)
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("pass --yes"))
        #expect(try environment.databaseBytes() == before)

        let asked = CapturedOutput()
        let yes = await environment.run(["restore", backup, "--yes"], output: asked) { context, _ in
            context.confirmation = Confirmation(isInteractive: true) {
                Issue.record("--yes must not ask")
                return "n"
            }
        }
        #expect(yes.status == 0)
        #expect(!yes.standardError.contains("[y/N]"))
        #expect(try await heldDex() == [25, 1])
    }

    @Test("ㅛ (y with the Korean keyboard on) and a full-width ｙ are yes; a Korean no is a cancellation, not 오류")
    func yesOnOtherKeyboards() async throws {
        let backup = try await backupThenChange()
        let declined = await environment.run(["--lang", "ko", "restore", backup]) { context, _ in
            context.confirmation = .answering("ㅜ")
        }
        #expect(declined.status == 1)
        #expect(declined.standardError.contains("복원을 취소했습니다. 아무것도 바뀌지 않았습니다."))
        #expect(!declined.standardError.contains("오류"), "\(declined.standardError)")
        #expect(try await heldDex() == [25, 151])
        let korean = await environment.run(["--lang", "ko", "restore", backup]) { context, _ in
            context.confirmation = .answering("ㅛ")
        }
        #expect(korean.status == 0, "\(korean.standardError)")
        #expect(try await heldDex() == [25, 1])
        try await environment.recordCatches([151])
        let japanese = await environment.run(["--lang", "ja", "restore", backup]) { context, _ in
            context.confirmation = .answering("ｙ")
        }
        #expect(japanese.status == 0, "\(japanese.standardError)")
        #expect(try await heldDex() == [25, 1])
    }

    @Test("restore alone lists the backups; a name it lists and latest restore from the backups folder, wherever you are")
    func restoreByName() async throws {
        try await environment.recordCatches([25])
        let none = await environment.run("restore", "latest", "--yes")
        #expect(none.status == 1)
        #expect(none.standardError.contains("no automatic backups in \(backupsFolder) yet to restore"))
        #expect(await environment.run("backup").status == 0)
        environment.clock.advance(by: 60)
        try await environment.recordCatches([1])
        #expect(await environment.run("backup").status == 0)
        environment.clock.advance(by: 60)
        try await environment.recordCatches([151])
        let names = try FileManager.default.contentsOfDirectory(atPath: backupsFolder).sorted()
        #expect(names.count == 2)

        let listed = await environment.run("restore")
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.contains(names[0]) && listed.standardOutput.contains(names[1]))
        #expect(listed.standardError.contains("`mydex restore latest`"))
        #expect(try await heldDex() == [25, 1, 151], "listing restores nothing")

        // The oldest by the name the list shows (the current folder does not hold it).
        let byName = await environment.run("restore", names[0], "--yes")
        #expect(byName.status == 0, "\(byName.standardError)")
        #expect(try await heldDex() == [25])
        // latest: the newest backup, which is now the copy saved before that restore.
        let latest = await environment.run("restore", "latest", "--yes")
        #expect(latest.status == 0, "\(latest.standardError)")
        #expect(try await heldDex() == [25, 1, 151])

        let missing = await environment.run("restore", "mydex-nope.sqlite", "--yes")
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no backup of that name in \(backupsFolder)"))
        #expect(await environment.run("restore", "--yes").status == 64)
    }

    @Test("restore into a new, empty collection has nothing to lose and does not ask")
    func emptyCollectionIsNotAsked() async throws {
        try await environment.recordCatches([25])
        let backup = environment.path("one.sqlite")
        #expect(await environment.run("backup", backup).status == 0)
        let other = try TestEnvironment()
        let run = await other.run("restore", backup)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("Restored 1 entry"))
    }

    @Test("restore --dry-run shows what would be replaced and changes nothing; a bad backup still fails")
    func restoreDryRun() async throws {
        let backup = try await backupThenChange()
        let before = try environment.databaseBytes()
        let run = await environment.run("restore", backup, "--dry-run")
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("Would replace your collection with the backup.\n"))
        #expect(run.standardOutput.contains("3 entries (2 in the collection, 1 released)"))
        let document = try #require(try await environment.run("restore", backup, "--dry-run", "--json").document())
        #expect(document["dryRun"] as? Bool == true)
        #expect((document["backup"] as? [String: Any])?["entries"] as? Int == 2)
        #expect((document["current"] as? [String: Any])?["entries"] as? Int == 3)
        #expect(await environment.run("restore", environment.path("nope.sqlite"), "--dry-run").status == 1)
        #expect(try environment.databaseBytes() == before)
        #expect(!FileManager.default.fileExists(atPath: backupsFolder))
    }

    @Test("backup --keep --dry-run names what it would write and remove, and writes nothing")
    func backupDryRun() async throws {
        try await environment.recordCatches([25])
        for _ in 0..<3 {
            environment.clock.advance(by: 1)
            #expect(await environment.run("backup").status == 0)
        }
        let before = try FileManager.default.contentsOfDirectory(atPath: backupsFolder).sorted()
        environment.clock.advance(by: 1)
        let run = await environment.run("backup", "--keep", "2", "--dry-run")
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("Would back up 1 entry (1 in the collection, 0 released), 1 history event to \(backupsFolder)/mydex-"))
        // The new one and the newest existing one would stay.
        #expect(lines[1] == "Would remove old backup \(backupsFolder)/\(before[0])")
        #expect(lines[2] == "Would remove old backup \(backupsFolder)/\(before[1])")
        #expect(try FileManager.default.contentsOfDirectory(atPath: backupsFolder).sorted() == before)
        let document = try #require(try await environment.run("backup", "--keep", "2", "--dry-run", "--json").document())
        #expect(document["dryRun"] as? Bool == true)
        #expect((document["pruned"] as? [String])?.count == 2)
        // Refused as the real backup would be.
        let existing = environment.path("taken.sqlite")
        FileManager.default.createFile(atPath: existing, contents: Data("x".utf8))
        #expect(await environment.run("backup", existing, "--dry-run").status == 1)
    }

    @Test("backup --list shows each automatic backup with its time, size and counts")
    func backupList() async throws {
        let empty = await environment.run("backup", "--list")
        #expect(empty.status == 1)  // no collection yet
        try await environment.recordCatches([25, 1])
        let none = await environment.run("backup", "--list")
        #expect(none.status == 0)
        #expect(none.standardError.contains("No automatic backups"))
        #expect(await environment.run("backup").status == 0)
        environment.clock.advance(by: 60)
        await environment.run("release", "1")
        #expect(await environment.run("backup").status == 0)
        FileManager.default.createFile(
            atPath: backupsFolder + "/mydex-20261118T000000.000Z.sqlite", contents: Data("not a database".utf8))

        let run = await environment.run("backup", "--list")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("WHEN") && lines[0].contains("SIZE") && lines[0].contains("HELD"))
        #expect(lines[1].hasPrefix("2026-11-18 00:00") && lines[1].contains("(unreadable)"))
        #expect(lines[2].contains(" KB ") && lines[2].contains("  2  "))
        #expect(lines[3].contains("  1  "))
        let document = try #require(try await environment.run("backup", "--list", "--json").document())
        let backups = try #require(document.objects("backups"))
        #expect(backups.count == 3)
        #expect(backups[0]["counts"] == nil)
        #expect((backups[1]["counts"] as? [String: Any])?["entries"] as? Int == 2)
        #expect((backups[2]["counts"] as? [String: Any])?["released"] as? Int == 1)
        #expect((backups[1]["bytes"] as? Int ?? 0) > 0)
        #expect(await environment.run("backup", "--list", "--keep", "2").status == 64)
    }
}
