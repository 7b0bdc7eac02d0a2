import Foundation
import Testing
import Synchronization
import MydexCLI
import MydexServices
import MydexStore
import MydexModel
import MydexTestSupport

/// Each command run in-process through `Mydex.run(arguments:context:)`, as the binary runs it.
@Suite("Commands")
struct CommandTests {
    let environment: TestEnvironment

    init() throws { environment = try TestEnvironment(transport: FixtureTransport()) }

    /// Catches the fixture species in this order (entry ids 1, 2, …).
    private func catchSpecies(_ ids: [Int]) async {
        for id in ids {
            let run = await environment.run("catch", "--seed", String(Fixtures.seed(catching: id)))
            #expect(run.status == 0, "catch failed: \(run.standardError)")
        }
    }

    @Test("catch prints the species and its entry id, and --json the entry")
    func catchCommand() async throws {
        let run = await environment.run("catch", "--seed", String(Fixtures.seed(catching: 25)))
        #expect(run.status == 0)
        #expect(run.standardOutput == "Caught Pikachu #0025 (Electric)! It is entry #1.\n")
        let jsonRun = await environment.run("catch", "--seed", String(Fixtures.seed(catching: 151)), "--json")
        let document = try #require(try jsonRun.document())
        #expect(document["schema"] as? Int == 1)
        let entry = try #require(document.object("entry"))
        #expect(entry["id"] as? Int == 2)
        #expect(entry["dex"] as? Int == 151)
        #expect(entry["name"] as? String == "Mew")
        #expect(entry["types"] as? [String] == ["psychic"])
        #expect(entry["shiny"] as? Bool == false)
    }

    @Test("list sorts by dex, name, caught time and nickname, and can reverse")
    func listSorting() async throws {
        // Each catch an hour apart, in an order unlike the ids: 1 last, 4 first, 2 before 3.
        for (id, hour) in [(150, 3.0), (25, 1.0), (1, 2.0), (133, 0.0)] {
            environment.clock.advance(by: hour * 3600)
            await catchSpecies([id])
            environment.clock.advance(by: -hour * 3600)
        }
        await environment.run("nickname", "3", "Zed")
        await environment.run("nickname", "1", "éclair")
        func order(_ arguments: String...) async throws -> [Int] {
            let run = await environment.run(["list", "--json"] + arguments)
            #expect(run.status == 0)
            let entries = try #require(try run.document()?.objects("entries"))
            return entries.compactMap { $0["id"] as? Int }
        }
        #expect(try await order() == [1, 2, 3, 4])
        #expect(try await order("--sort", "dex") == [3, 2, 4, 1])
        #expect(try await order("--sort", "name") == [3, 4, 1, 2])  // Bulbasaur, Eevee, Mewtwo, Pikachu
        // éclair before Zed: case and accents are ignored; then the entries without one, by name (Eevee, Pikachu)
        #expect(try await order("--sort", "nickname") == [1, 3, 4, 2])
        #expect(try await order("--sort", "dex", "--reverse") == [1, 4, 2, 3])
        #expect(try await order("--sort", "caught") == [4, 2, 3, 1])
        #expect(try await order("--sort", "caught", "--reverse") == [1, 3, 2, 4])
    }

    @Test("list shows a readable table with favorites, and --all marks released entries")
    func listTable() async throws {
        await catchSpecies([25, 1])
        await environment.run("favorite", "1")
        await environment.run("release", "2")
        let run = await environment.run("list")
        #expect(run.standardOutput == """
            ID  DEX    NAME      LV      IV  NICKNAME  TYPES     ★✨  CAUGHT
             1  #0025  Pikachu   15   54.3%            Electric  ★    2026-11-18

            """)
        #expect(run.standardError == "1 Pokémon, 1 favorite, 0 shiny\n")
        let all = await environment.run("list", "--all", "--sort", "dex")
        let lines = all.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasSuffix("RELEASED") == true)
        #expect(lines[1].contains("Bulbasaur") && lines[1].hasSuffix("2026-11-18"))
        let favorites = await environment.run("list", "--favorites", "--json")
        #expect(try favorites.document()?.objects("entries")?.count == 1)
    }

    @Test("An empty collection says how to start, on stderr")
    func emptyList() async {
        let run = await environment.run("list")
        #expect(run.status == 0)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("mydex catch"))
    }

    @Test("release throws back, refuses favorites without --force, and keeps the history")
    func releaseCommand() async throws {
        await catchSpecies([25])
        await environment.run("favorite", "1")
        let refused = await environment.run("release", "1")
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("--force"))
        let released = await environment.run("release", "1", "--force")
        #expect(released.status == 0)
        #expect(released.standardOutput.contains("Released Pikachu (entry #1)"))
        let again = await environment.run("release", "1", "--force")
        #expect(again.status == 1)
        #expect(again.standardError.contains("was released"))
        let history = await environment.run("history", "--json")
        let actions = try #require(try history.document()?.objects("events")).compactMap { $0["action"] as? String }
        #expect(actions == ["release", "favorite", "catch"])
    }

    @Test("nickname sets, validates and clears")
    func nicknameCommand() async throws {
        await catchSpecies([25])
        let set = await environment.run("nickname", "1", "  피카 ⚡ ")
        #expect(set.status == 0)
        #expect(set.standardOutput == "Entry #1 is now called 피카 ⚡.\n")
        let tooLong = await environment.run("nickname", "1", "ThirteenChars")
        #expect(tooLong.status == 64)
        #expect(tooLong.standardError.contains("at most 12 characters"))
        let both = await environment.run("nickname", "1", "Zap", "--clear")
        #expect(both.status == 64)
        let neither = await environment.run("nickname", "1")
        #expect(neither.status == 64)
        let cleared = await environment.run("nickname", "1", "--clear", "--json")
        let clearedDocument = try #require(try cleared.document())
        #expect(clearedDocument["change"] as? String == "nickname-cleared")
        #expect(try #require(clearedDocument.object("entry"))["nickname"] == nil)
        let show = await environment.run("show", "1", "--json")
        let entry = try #require(try show.document()?.object("entry"))
        #expect(entry["nickname"] == nil)
    }

    @Test("favorite and unfavorite toggle the mark")
    func favoriteCommands() async throws {
        await catchSpecies([25])
        #expect(await environment.run("favorite", "1").standardOutput == "★ Pikachu (entry #1) is a favorite.\n")
        let unfavorite = await environment.run("unfavorite", "1", "--json")
        let document = try #require(try unfavorite.document())
        #expect(document["change"] as? String == "unfavorited")
        #expect(document["changed"] as? Bool == true)
        #expect(document.object("entry")?["favorite"] as? Bool == false)
        #expect(await environment.run("favorite", "9").status == 1)
    }

    @Test("show prints the entry and its species")
    func showCommand() async throws {
        await catchSpecies([25])
        await environment.run("nickname", "1", "Sparky")
        let run = await environment.run("show", "1")
        #expect(run.status == 0)
        for expected in [
            "Entry #1: Sparky (Pikachu)", "#0025 Pikachu", "ピカチュウ (ja)", "피카츄 (ko)", "Mouse Pokémon",
            "Electric", "0.4 m", "6.0 kg", "Sparky", "2026-11-18", "forest",
        ] where expected != "forest" {
            #expect(run.standardOutput.contains(expected), "show lacks \(expected)")
        }
        let document = try #require(try await environment.run("show", "1", "--json").document())
        #expect(document["schema"] as? Int == 1)
        #expect(document.object("entry")?["nickname"] as? String == "Sparky")
        let species = try #require(document.object("species"))
        #expect(species["heightMetres"] as? Double == 0.4)
        #expect(species["weightKilograms"] as? Double == 6.0)
        #expect((species["names"] as? [String: String])?["ko"] == "피카츄")
    }

    @Test("history lists events newest first and honours --limit")
    func historyCommand() async throws {
        await catchSpecies([25, 1])
        await environment.run("nickname", "2", "Bulby")
        let limited = await environment.run("history", "--limit", "2")
        let lines = limited.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].contains("nickname-set") && lines[1].contains("Bulby"))
        #expect(lines[2].contains("catch") && lines[2].contains("#2 Bulby"))
        #expect(await environment.run("history", "--limit", "-1").status == 64)
    }

    @Test("backup writes a verified copy, refuses to overwrite, prunes with --keep; restore brings it back")
    func backupAndRestore() async throws {
        await catchSpecies([25, 1])
        let explicit = environment.path("mine.sqlite")
        let backup = await environment.run("backup", explicit)
        #expect(backup.status == 0)
        #expect(backup.standardOutput == explicit + "\n")
        #expect(backup.standardError.contains("2 entries (2 in the collection, 0 released)"))
        #expect(await environment.run("backup", explicit).status == 1)

        for _ in 0..<3 {
            environment.clock.advance(by: 1)
            #expect(await environment.run("backup", "--keep", "2").status == 0)
        }
        let folder = (environment.databasePath as NSString).deletingLastPathComponent + "/backups"
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2)
        let jsonBackup = try #require(try await environment.run("backup", "--json").document())
        #expect((jsonBackup["counts"] as? [String: Any])?["entries"] as? Int == 2)

        await environment.run("release", "1")
        await catchSpecies([151])
        let restore = await environment.run("restore", explicit, "--yes")
        #expect(restore.status == 0, "\(restore.standardError)")
        #expect(restore.standardOutput.hasPrefix("Restored 2 entries"))
        #expect(restore.standardError.contains("before-restore"))
        let list = try #require(try await environment.run("list", "--json").document()?.objects("entries"))
        #expect(list.compactMap { $0["dex"] as? Int } == [25, 1])
        let restoreMissing = await environment.run("restore", environment.path("nope.sqlite"))
        #expect(restoreMissing.status == 1)
        #expect(restoreMissing.standardError.contains("no file at \(environment.path("nope.sqlite"))"))
    }

    struct BadCall: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var testDescription: String { arguments.joined(separator: " ") + " → \(status)" }
    }

    @Test("Bad arguments exit 64 with a message; failures exit 1", arguments: [
        BadCall(arguments: ["release", "0"], status: 64), BadCall(arguments: ["release", "-3"], status: 64),
        BadCall(arguments: ["show", "abc"], status: 64), BadCall(arguments: ["show", "99999999999999999999999"], status: 64),
        BadCall(arguments: ["list", "--sort", "weight"], status: 64), BadCall(arguments: ["catch", "--seed", "-1"], status: 64),
        BadCall(arguments: ["frobnicate"], status: 64), BadCall(arguments: ["list", "--bogus"], status: 64),
        BadCall(arguments: ["backup", "--keep", "0"], status: 64), BadCall(arguments: ["catch", "--api-url", "ftp://x"], status: 64),
        BadCall(arguments: ["restore", "--yes"], status: 64), BadCall(arguments: ["show", "42"], status: 1),
    ])
    func exitCodes(call: BadCall) async {
        let run = await environment.run(call.arguments)
        #expect(run.status == call.status, "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        #expect(!run.standardError.isEmpty)
    }

    @Test("The argument parser's own value errors speak the user's language, the values on one line")
    func invalidValuesLocalized() async {
        let korean = await environment.run("--lang", "ko", "list", "--sort", "foo")
        #expect(korean.status == 64)
        #expect(korean.standardError.hasPrefix(
            "오류: 'foo'는 '--sort <sort>'에 쓸 수 없는 값입니다. 다음 중 하나를 쓰세요: id, dex, caught, name, nickname, count, iv, level.\n"),
            "\(korean.standardError)")
        let japanese = await environment.run("--lang", "ja", "list", "--color", "sometimes")
        #expect(japanese.standardError.hasPrefix(
            "エラー：'sometimes'は'--color <auto|always|never>'には使えない値です。次のいずれかを指定してください：auto、always、never。"),
            "\(japanese.standardError)")
        let number = await environment.run("--lang", "ko", "catch", "--seed", "x")
        #expect(number.standardError.hasPrefix("오류: 'x'은(는) '--seed <n>'에 쓸 수 없는 값입니다"), "\(number.standardError)")
        // English stays the library's own text, byte for byte.
        let english = await environment.run("list", "--sort", "foo")
        #expect(english.standardError.hasPrefix("Error: The value 'foo' is invalid for '--sort <sort>'. Please provide one of the following:\n  - id\n"))
    }

    @Test("Long listings on a terminal go through the pager as git's do: MYDEX_PAGER, PAGER, else less; never in a pipe, with --no-pager, or for a PAGER of cat")
    func pager() async throws {
        await catchSpecies([25, 1])
        let started = Mutex<[String]>([])
        let finished = Mutex(0)
        func run(_ arguments: [String], terminal: Bool = true, environment: [String: String] = [:]) async -> TestEnvironment.Run {
            await self.environment.run(arguments) { context, output in
                if terminal { context.output = output.output(columns: 80, standardErrorIsTerminal: true) }
                context.environment.merge(environment) { $1 }
                context.pager = Pager(start: { command, _ in
                    started.withLock { $0.append(command) }
                    return true
                }, finish: { finished.withLock { $0 += 1 } })
            }
        }
        for arguments in [["list"], ["list", "--group"], ["history"], ["search", "pika"], ["dex", "list"], ["release", "1", "--dry-run"]] {
            started.withLock { $0 = [] }
            #expect(await run(arguments).status == 0)
            #expect(started.withLock { $0 } == ["less"], "\(arguments)")
        }
        started.withLock { $0 = [] }
        #expect(await run(["list"], environment: ["PAGER": "most"]).status == 0)
        #expect(await run(["list"], environment: ["PAGER": "most", "MYDEX_PAGER": "more -d"]).status == 0)
        #expect(started.withLock { $0 } == ["most", "more -d"])
        started.withLock { $0 = [] }
        _ = await run(["list", "--no-pager"])
        _ = await run(["list"], environment: ["PAGER": "cat"])
        _ = await run(["list"], environment: ["PAGER": ""])
        _ = await run(["list"], terminal: false)
        _ = await run(["show", "1"])
        #expect(started.withLock { $0 }.isEmpty, "a pipe, --no-pager, cat or an empty PAGER, and a page of one entry: no pager")
        #expect(finished.withLock { $0 } > 0, "every run gives its pager the end of the output")
    }

    @Test("--help shows examples for every command")
    func help() async {
        for command in ["catch", "list", "show", "release", "nickname", "favorite", "unfavorite", "history", "backup", "restore"] {
            let run = await environment.run(command, "--help")
            #expect(run.status == 0)
            #expect(run.standardOutput.contains("$ mydex \(command)"), "\(command) --help has no example")
        }
        let root = await environment.run("--help")
        #expect(root.standardOutput.contains("SUBCOMMANDS"))
        let list = await environment.run("list", "--help")
        #expect(list.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("(values: id, dex, caught,"))
    }

    @Test("Text from outside never reaches the terminal raw, in text or JSON")
    func terminalEscapes() async throws {
        await catchSpecies([25])
        // A nickname cannot carry controls, so write one the way a hostile file could.
        let store = try environment.openStore()
        _ = try await store.setNickname(entryID: 1, to: "\u{1B}]0;pwned\u{7}\u{9B}2J\u{202E}x", at: environment.clock.now())
        for arguments in [["list"], ["list", "--json"], ["show", "1"], ["show", "1", "--json"], ["history"], ["history", "--json"]] {
            let run = await environment.run(arguments, color: true)
            for text in [run.standardOutput, run.standardError] {
                let raw = text.unicodeScalars.filter { [0x07, 0x9B, 0x202E].contains($0.value) }
                #expect(raw.isEmpty, "\(arguments) printed a raw control character")
                #expect(!text.contains("\u{1B}]"), "\(arguments) printed a raw OSC")
            }
        }
        let bad = await environment.run("list", "--sort", "\u{1B}[31mred")
        #expect(!bad.standardError.contains("\u{1B}["))
        #expect(bad.standardError.contains("\\u{1B}"))
    }

    @Test("Colour only when enabled")
    func colour() async {
        await catchSpecies([25])
        #expect(!(await environment.run("list")).standardOutput.contains("\u{1B}["))
        #expect((await environment.run("list", color: true)).standardOutput.contains("\u{1B}[1m"))
    }

    @Test("Wide characters keep table columns aligned")
    func wideCharacters() async throws {
        await catchSpecies([25, 1])
        await environment.run("nickname", "1", "피카츄")
        let lines = (await environment.run("list")).standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let typeColumns = zip(lines, ["TYPES", "Electric", "Grass"]).map { line, marker in
            TerminalWidth.of(line.components(separatedBy: marker)[0])
        }
        #expect(Set(typeColumns).count == 1, "types start at different columns:\n\(lines.joined(separator: "\n"))")
    }
}

/// Display width as a terminal counts it, for the alignment test (independent of mydex's code).
enum TerminalWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            (0xAC00...0xD7A3).contains(scalar.value) ? width + 2 : width + 1
        }
    }
}
