import Foundation
import GRDB
import Testing
@testable import MydexCLI
import MydexTestSupport
import MydexStore
import MydexModel

#if canImport(Glibc)
import Glibc
#endif

/// The edges a new user meets first: output that cannot be written, paths, missing
/// collections, bad values and the small promises of each command.
@Suite("Edges")
struct EdgeTests {
    let environment: TestEnvironment

    init() throws { environment = try TestEnvironment() }

    private func catchOffline(_ species: Int) async {
        let run = await environment.run("catch", "--offline", "--seed", String(Fixtures.seed(catching: species)))
        #expect(run.status == 0, "catch failed: \(run.standardError)")
    }

    // MARK: 1. Output that cannot be written

    @Test("A full or closed standard output ends a read command with one line and exit 1")
    func readCommandOutputFailure() async {
        await catchOffline(25)
        for code in [ENOSPC, EBADF, EIO] {
            let run = await environment.run(["list"], output: CapturedOutput(failing: [.standardOutput: code]))
            #expect(run.status == 1)
            #expect(run.standardError == "Error: could not write to standard output: \(String(cString: strerror(code))).\n")
        }
    }

    @Test("A reader that went away (EPIPE) ends the command quietly")
    func brokenPipe() async {
        await catchOffline(25)
        let run = await environment.run(["list"], output: CapturedOutput(failing: [.standardOutput: EPIPE]))
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
    }

    @Test("catch that cannot print says the Pokémon was kept")
    func catchOutputFailure() async throws {
        let run = await environment.run(
            ["catch", "--offline", "--seed", String(Fixtures.seed(catching: 25))],
            output: CapturedOutput(failing: [.standardOutput: ENOSPC]))
        #expect(run.status == 1)
        #expect(run.standardError.contains(
            "Error: Caught Pikachu (entry #1) and kept it, but could not print: No space left on device (standard output)."))
        let list = try #require(try await environment.run("list", "--json").document()?.objects("entries"))
        #expect(list.count == 1, "the catch was committed before printing failed")
    }

    @Test("With standard error broken too, the command still fails, silently")
    func everythingBroken() async {
        await catchOffline(25)
        let run = await environment.run(
            ["list"], output: CapturedOutput(failing: [.standardOutput: ENOSPC, .standardError: ENOSPC]))
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty && run.standardError.isEmpty)
    }

    @Test("The real binary on /dev/full, a closed stdout and a closed pipe")
    func binaryOutputFailures() async throws {
        let binary = try EndToEndTests.binary
        let folder = URL(fileURLWithPath: environment.currentDirectory)
        let base = ["HOME": environment.directory.path, "MYDEX_DB": environment.databasePath, "MYDEX_OFFLINE": "1", "PATH": "/usr/bin:/bin"]
        func shell(_ script: String) async throws -> ChildProcess.Outcome {
            try await ChildProcess.shell(script, binary: binary, environment: base, in: folder)
        }
        let caught = try await shell(#""$MYDEX" catch --seed 7 > /dev/full"#)
        #expect(caught.status == 1)
        let lines = caught.standardError.split(separator: "\n")
        #expect(lines.count == 2, "the new-collection note, then one error line: \(lines)")
        #expect(lines.last?.hasPrefix("Error: Caught ") == true)
        #expect(lines.last?.contains("and kept it, but could not print: No space left on device") == true)

        let full = try await shell(#""$MYDEX" list > /dev/full"#)
        #expect(full.status == 1)
        #expect(full.standardError == "Error: could not write to standard output: No space left on device.\n")

        let closed = try await shell(#""$MYDEX" list >&-"#)
        #expect(closed.status == 1)
        #expect(closed.standardError == "Error: could not write to standard output: Bad file descriptor.\n")

        let closedCatch = try await shell(#""$MYDEX" catch >&-"#)
        #expect(closedCatch.status == 1)
        #expect(closedCatch.standardError.contains("and kept it, but could not print: Bad file descriptor"))

        // The reader is gone before mydex writes: EPIPE, no message, exit 0, no crash.
        let piped = try await shell(#"{ sleep 0.3; "$MYDEX" list --json; echo "status=$?" >&2; } | true"#)
        #expect(piped.standardError == "status=0\n")

        let list = try await shell(#""$MYDEX" list --json"#)
        #expect(list.status == 0)
        #expect(try list.document()?.objects("entries")?.count == 2, "both catches were kept")
    }

    // MARK: 2. Paths

    @Test("Relative paths resolve against the command's directory, ~ against its HOME")
    func relativePaths() async throws {
        await catchOffline(25)
        let relative = await environment.run("backup", "mine.sqlite")
        #expect(relative.status == 0, "\(relative.standardError)")
        let expected = (environment.currentDirectory as NSString).appendingPathComponent("mine.sqlite")
        #expect(relative.standardOutput == expected + "\n")
        #expect(FileManager.default.fileExists(atPath: expected))
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/mine.sqlite"))

        let home = await environment.run("backup", "~/home.sqlite")
        #expect(home.standardOutput == environment.path("home.sqlite") + "\n")
        let other = await environment.run("--db", "~/other.sqlite", "list")
        #expect(other.standardError.contains("No collection at \(environment.path("other.sqlite")) yet"))
    }

    @Test("The repository's top level holds only the owner's layout")
    func topLevelLayout() async throws {
        let root = Fixtures.repositoryRoot
        let git = URL(fileURLWithPath: "/usr/bin/git")
        let tracked = try await ChildProcess.run(
            git, ["-C", root.path, "ls-files", "--cached", "--others", "--exclude-standard"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": environment.directory.path], in: environment.directory)
        try #require(tracked.status == 0, "git ls-files failed: \(tracked.standardError)")
        let topLevel = Set(tracked.standardOutput.split(separator: "\n").compactMap { $0.split(separator: "/").first.map(String.init) })
        let allowed: Set<String> = ["Package.swift", "Sources", "Tests", "Migrations", "README.md", "README.ko.md", "docs"]
        let stray = topLevel.filter { name in
            !allowed.contains(name) && !name.hasPrefix(".")
                && !["LICENSE", "LICENCE", "NOTICE", "COPYING"].contains { name.uppercased().hasPrefix($0) }
        }
        #expect(stray.isEmpty, "not part of the layout (did a test or a run write them?): \(stray.sorted())")
    }

    // MARK: 3. Reading never creates a collection

    @Test("Reading commands on a missing collection create nothing and say where they looked")
    func missingCollection() async throws {
        let path = environment.path("typo/x.sqlite")
        let message = "No collection at \(path) yet: `mydex catch` starts one (or check --db / MYDEX_DB)."
        for arguments in [["list"], ["history"], ["stats"]] {
            let run = await environment.run(arguments + ["--db", path])
            #expect(run.status == 0, "\(arguments)")
            #expect(run.standardError.hasPrefix(message), "\(arguments): \(run.standardError)")
        }
        let listJSON = await environment.run("list", "--db", path, "--json")
        #expect(listJSON.standardOutput == "{\n  \"entries\" : [],\n  \"offset\" : 0,\n  \"schema\" : 1,\n  \"total\" : 0\n}\n")
        for arguments in [["show", "1"], ["release", "1"], ["favorite", "1"], ["nickname", "1", "Zap"], ["backup"]] {
            let run = await environment.run(arguments + ["--db", path])
            #expect(run.status == 1, "\(arguments)")
            #expect(run.standardError == "Error: \(message)\n", "\(arguments)")
        }
        for arguments in [["dex", "25"], ["search", "pika"], ["dex", "list", "--limit", "3"]] {
            let run = await environment.run(arguments + ["--db", path])
            #expect(run.status == 0, "\(arguments): \(run.standardError)")
            #expect(run.standardError.isEmpty || !run.standardError.contains("No collection"), "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: environment.path("typo")), "a reading command created the folder")

        let caught = await environment.run("catch", "--offline", "--db", path)
        #expect(caught.status == 0)
        #expect(caught.standardError == "Started a new collection at \(path)\n")
        let again = await environment.run("catch", "--offline", "--db", path)
        #expect(again.standardError.isEmpty, "only the first catch starts a collection")
    }

    // MARK: 4. One rule for bad values

    struct BadValue: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var environment: [String: String] = [:]
        /// Text the message must contain: where the value came from and what is valid.
        var mentions: [String]
        var testDescription: String { (environment.map { "\($0)=\($1)" } + arguments).joined(separator: " ") }
    }

    @Test("Every bad value exits 64 and names where it came from", arguments: [
        BadValue(arguments: ["catch", "--offline", "--generation", "10"], mentions: ["--generation 10", "1–9"]),
        BadValue(arguments: ["list"], environment: ["MYDEX_LANG": "xx"], mentions: ["MYDEX_LANG=xx", "ko"]),
        BadValue(arguments: ["list", "--lang", "xx"], mentions: ["--lang xx", "ko"]),
        BadValue(arguments: ["dex", "list", "--type", "flame"], mentions: ["--type flame", "Fire"]),
        BadValue(arguments: ["catch"], environment: ["MYDEX_OFFLINE": "maybe"], mentions: ["MYDEX_OFFLINE=maybe"]),
        BadValue(arguments: ["catch"], environment: ["MYDEX_TIMEOUT": "soon"], mentions: ["MYDEX_TIMEOUT=soon", "1 to 600"]),
        BadValue(arguments: ["catch"], environment: ["MYDEX_API_URL": "ftp://x"], mentions: ["MYDEX_API_URL=ftp://x"]),
        BadValue(arguments: ["lsit"], mentions: ["Did you mean `list`?"]),
        BadValue(arguments: ["hist"], mentions: ["Did you mean `history`?"]),
        BadValue(arguments: ["show", "-1"], mentions: ["positive numbers"]),
        BadValue(arguments: ["release", "-7"], mentions: ["positive numbers", "-7"]),
        BadValue(arguments: ["list", "--api-url", "http://localhost"], mentions: ["--api-url"]),
    ])
    func badValues(value: BadValue) async throws {
        let environment = try TestEnvironment(environment: value.environment)
        let run = await environment.run(value.arguments)
        #expect(run.status == 64, "\(run.standardError)")
        for mention in value.mentions {
            #expect(run.standardError.contains(mention), "\(run.standardError)")
        }
    }

    @Test("Common options may come before the command")
    func optionsBeforeCommand() async throws {
        await catchOffline(25)
        let other = environment.path("other.sqlite")
        #expect(await environment.run("--db", other, "catch", "--offline").status == 0)
        let list = try #require(try await environment.run("--db", other, "--json", "list").document()?.objects("entries"))
        #expect(list.count == 1)
        let korean = await environment.run("--lang", "ko", "dex", "25")
        #expect(korean.standardOutput.hasPrefix("#0025 피카츄"))
        let page = await environment.run("--lang=ko", "dex", "list", "--limit", "1")
        #expect(page.standardOutput.contains("이상해씨"))
    }

    @Test("A unique prefix in the display language is an answer; suggestions say their language")
    func nearMisses() async throws {
        #expect(await environment.run("dex", "pika").standardOutput.hasPrefix("#0025 Pikachu"))
        #expect(await environment.run("dex", "피카", "--lang", "ko").standardOutput.hasPrefix("#0025 피카츄"))
        let ambiguous = await environment.run("dex", "char")
        #expect(ambiguous.status == 1)
        #expect(ambiguous.standardError.contains("Charmander (#0004)"), "prefix matches come first: \(ambiguous.standardError)")
        let foreign = await environment.run("dex", "charmin")
        #expect(foreign.standardError.contains("Charmina (fr, Medicham #0308)"), "\(foreign.standardError)")
    }

    @Test("Advice fits the command")
    func advice() async throws {
        let search = await environment.run("search", "zzzz")
        #expect(search.status == 1)
        #expect(!search.standardError.contains("mydex search"))

        await catchOffline(25)
        let foreign = environment.path("foreign.sqlite")
        let queue = try DatabaseQueue(path: foreign)
        try await queue.write { try $0.execute(sql: "CREATE TABLE t (x)") }
        try queue.close()
        let restoreForeign = await environment.run("restore", foreign)
        #expect(restoreForeign.status == 1)
        #expect(!restoreForeign.standardError.contains("--db"), "\(restoreForeign.standardError)")
        #expect(restoreForeign.standardError.contains("nothing to restore"))

        let damaged = environment.path("damaged.sqlite")
        #expect(await environment.run("backup", damaged).status == 0)
        // A whole page in the middle of the file overwritten, as a bad disk block would.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: damaged))
        let page = 4096
        bytes.replaceSubrange((bytes.count / 2 / page) * page ..< (bytes.count / 2 / page + 1) * page, with: Data(repeating: 0xA5, count: page))
        try bytes.write(to: URL(fileURLWithPath: damaged))
        let restoreDamaged = await environment.run("restore", damaged)
        #expect(restoreDamaged.status == 1)
        #expect(restoreDamaged.standardError.contains("damaged"), "\(restoreDamaged.standardError)")
        #expect(!restoreDamaged.standardError.contains("mydex restore"), "\(restoreDamaged.standardError)")
    }

    // MARK: 8. Small promises

    @Test("A released favorite is no longer counted as a favorite")
    func releasedFavorite() async throws {
        await catchOffline(25)
        await environment.run("favorite", "1")
        #expect(await environment.run("release", "1", "--force").status == 0)
        let all = try #require(try await environment.run("list", "--all", "--json").document()?.objects("entries"))
        #expect(all.first?["favorite"] as? Bool == false)
        let history = try #require(try await environment.run("history", "--json").document()?.objects("events"))
        #expect(history.first?["detail"] as? String == "was a favorite")
    }

    @Test("Asking for what already is says so and records nothing")
    func alreadyDone() async throws {
        await catchOffline(25)
        await environment.run("nickname", "1", "Sparky")
        await environment.run("favorite", "1")
        let historyBefore = try #require(try await environment.run("history", "--json").document()?.objects("events")).count
        let nickname = await environment.run("nickname", "1", " Sparky ")
        #expect(nickname.status == 0)
        #expect(nickname.standardOutput == "Entry #1 is already called Sparky; nothing changed.\n")
        let favorite = await environment.run("favorite", "1")
        #expect(favorite.standardOutput == "Sparky (Pikachu, entry #1) is already a favorite; nothing changed.\n")
        await environment.run("unfavorite", "1")
        let unfavorite = await environment.run("unfavorite", "1")
        #expect(unfavorite.standardOutput == "Sparky (Pikachu, entry #1) is not a favorite; nothing changed.\n")
        await environment.run("nickname", "1", "--clear")
        let clear = await environment.run("nickname", "1", "--clear")
        #expect(clear.standardOutput == "Pikachu (entry #1) has no nickname; nothing changed.\n")
        let historyAfter = try #require(try await environment.run("history", "--json").document()?.objects("events")).count
        #expect(historyAfter == historyBefore + 2, "only the unfavorite and the clear were recorded")
    }

    @Test("backup FOLDER writes inside it; restore FOLDER and --db FOLDER say it is a folder")
    func folders() async throws {
        await catchOffline(25)
        let folder = environment.path("keep")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let backup = await environment.run("backup", folder)
        #expect(backup.status == 0)
        #expect(backup.standardOutput.hasPrefix(folder + "/mydex-"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
        let restore = await environment.run("restore", folder)
        #expect(restore.status == 1)
        #expect(restore.standardError.contains("is a folder"))
        let list = await environment.run("list", "--db", folder)
        #expect(list.status == 1)
        #expect(list.standardError.contains("\(folder) is a folder"))
    }

    @Test("Permission problems say \"permission denied\"")
    func permissionDenied() async throws {
        await catchOffline(25)
        let locked = environment.path("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        let unreadable = environment.path("unreadable.sqlite")
        #expect(await environment.run("backup", unreadable).status == 0)
        chmod(unreadable, 0o000)
        chmod(locked, 0o555)
        let binary = try EndToEndTests.binary
        // Root may read anything: run the binary as nobody then.
        let runAs: [String] = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] : []
        chmod(environment.directory.path, 0o755)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: environment.currentDirectory)
        for arguments in [["list", "--db", unreadable], ["catch", "--offline", "--db", locked + "/sub/new.sqlite"]] {
            let command = runAs + [binary.path] + arguments
            let run = try await ChildProcess.run(
                URL(fileURLWithPath: command[0]), Array(command.dropFirst()),
                environment: ["HOME": environment.directory.path, "PATH": "/usr/bin:/bin"], in: environment.directory)
            #expect(run.status == 1, "\(arguments): \(run.standardError)")
            #expect(run.standardError.contains("permission denied"), "\(arguments): \(run.standardError)")
        }
    }

    @Test("backup --keep never removes the copies saved before a restore")
    func keepSparesRestoreUndo() async throws {
        await catchOffline(25)
        let explicit = environment.path("mine.sqlite")
        #expect(await environment.run("backup", explicit).status == 0)
        #expect(await environment.run("restore", explicit, "--yes").status == 0)
        for _ in 0..<3 {
            environment.clock.advance(by: 1)
            #expect(await environment.run("backup", "--keep", "1").status == 0)
        }
        let folder = (environment.databasePath as NSString).deletingLastPathComponent + "/backups"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.count == 2, "\(names)")
        #expect(names.contains { $0.contains("-before-restore") })
    }

    @Test("Only a complete Pokédex draws a full stats bar")
    func statsBars() {
        #expect(StatsCommand.filledBlocks(1025, of: 1025, width: 24) == 24)
        #expect(StatsCommand.filledBlocks(1024, of: 1025, width: 24) == 23)
        #expect(StatsCommand.filledBlocks(1, of: 1025, width: 24) == 1)
        #expect(StatsCommand.filledBlocks(0, of: 1025, width: 24) == 0)
        #expect(StatsCommand.filledBlocks(0, of: 0, width: 24) == 0)
    }

    @Test("On a terminal, tables and Pokédex text fit its width; piped, nothing is cut")
    func terminalWidth() async throws {
        for species in [25, 1, 150] { await catchOffline(species) }
        await environment.run("nickname", "1", "피카츄피카츄피카츄")
        let narrow = await environment.run("list", columns: 60)
        for line in narrow.standardOutput.split(separator: "\n") {
            #expect(TerminalWidth.of(String(line)) <= 60, "too wide for 60 columns: \(line)")
        }
        #expect(narrow.standardOutput.contains("…"))
        let piped = await environment.run("list")
        #expect(!piped.standardOutput.contains("…"))
        #expect(piped.standardOutput.contains("피카츄피카츄피카츄"))

        let dex = await environment.run("dex", "25", columns: 50)
        let lines = dex.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        for line in lines { #expect(TerminalWidth.of(String(line)) <= 50, "too wide: \(line)") }
        let pokedexLine = try #require(lines.firstIndex { $0.contains("Pokédex") })
        #expect(lines[lines.index(after: pokedexLine)].hasPrefix(String(repeating: " ", count: 16)), "a hanging indent")
        let korean = await environment.run("dex", "25", "--lang", "ko", columns: 40)
        for line in korean.standardOutput.split(separator: "\n") {
            #expect(TerminalWidth.of(String(line)) <= 40, "too wide: \(line)")
        }
    }
}

@Suite("list --json written directly")
struct EntryJSONWriterTests {
    @Test("Each entry reads exactly as the encoder writes it, hostile text and missing fields included")
    func sameAsTheEncoder() throws {
        let texts = [
            "Pikachu", "피카츄", "Mr. \"Mime\"", "back\\slash/slash", "tab\there\nnew\rline\u{08}\u{0C}",
            "esc\u{1B}[31m", "\u{7F}del\u{85}c1\u{9B}", "bidi\u{202E}\u{2066}x\u{2069}", "sep\u{2028}\u{2029}", "emoji ✨🔥",
            "\u{00}nul", "",
        ]
        for (index, text) in texts.enumerated() {
            var row = EntryJSON.sample
            row.id = Int64(index + 1)
            row.name = text
            row.nickname = index % 2 == 0 ? text : nil
            row.releasedAt = index % 3 == 0 ? Date(timeIntervalSince1970: 1_763_710_500.987) : nil
            row.types = index % 4 == 0 ? [] : ["grass", text]
            row.typeNames = row.types
            if index % 2 == 1 {
                // An individual, its strings hostile too.
                let values = StatValues(hp: 31, attack: 0, defense: 15, specialAttack: 30, specialDefense: 7, speed: 1)
                (row.level, row.gender, row.nature, row.ability, row.hiddenAbility) = (50, .female, text, text, index % 4 == 1)
                (row.ivs, row.evs, row.stats) = (StatsJSON(values: values), StatsJSON(values: values), index % 3 == 0 ? nil : StatsJSON(values: values))
                (row.ivPercent, row.characteristic, row.generation) = (46.24, index % 3 == 0 ? nil : 7, 3)
                row.hiddenPower = HiddenPowerJSON(power: 70, type: text)
                row.moves = index % 3 == 0 ? [] : [text, "tackle"]
                row.heldItem = index % 3 == 0 ? nil : text
                row.origin = OriginJSON(EntryOrigin(
                    kind: index % 3 == 1 ? .hand : .catch, game: text, ball: nil, trainer: text, trainerID: 4_000_000_000,
                    drawn: index % 5 == 1 ? [] : ["ivs", text]))
            }
            #expect(row.element(depth: 2) == (try JSONOutput().element(row, depth: 2)), "\(text.debugDescription)")
        }
    }
}

extension EntryJSON {
    static let sample = EntryJSON(
        id: 1, dex: 25, species: "pikachu", form: "pikachu", name: "Pikachu", nickname: nil, types: ["electric"], typeNames: ["Electric"],
        favorite: true, shiny: false, caughtAt: Date(timeIntervalSince1970: 1_763_710_500.123), releasedAt: nil,
        uuid: "0b6f3c1e-5d7a-4e2b-9c8d-1a2b3c4d5e6f")
}

extension JSONOutput {
    /// What the encoder writes for `value` as an element of an array nested `depth` levels
    /// deep: the reference `EntryJSON.element(depth:)` must match.
    func element(_ value: some Encodable, depth: Int) throws -> SafeText {
        let indent = String(repeating: "  ", count: depth)
        return .json(indent + (try render(value)).rendered.replacingOccurrences(of: "\n", with: "\n" + indent))
    }
}
