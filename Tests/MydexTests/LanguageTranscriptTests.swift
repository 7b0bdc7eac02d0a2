import Foundation
import GRDB
@testable import MydexCLI
@testable import MydexCatalog
@testable import MydexModel
@testable import MydexStore
import Testing

/// mydex used end to end in other languages: every command, the main error paths and every
/// `--help` in the pseudo-language (any human text that did not come from the catalog shows as
/// plain English), and golden English, Korean and Japanese transcripts, reviewed line by line.
@Suite("Languages end to end")
struct LanguageTranscriptTests {
    /// A session that touches every command: (arguments, what it shows).
    static let session: [[String]] = [
        ["catch"], ["catch", "--count", "3"], ["catch", "--seed", "7"], ["list"], ["list", "--sort", "dex"],
        ["list", "--group"], ["list", "--favorites"], ["show", "1"], ["nickname", "1", "번개"], ["nickname", "2", "Sparky"],
        ["favorite", "1"], ["show", "1"], ["release", "2"], ["release", "1"], ["release", "1", "--force"],
        ["unrelease", "1"], ["unfavorite", "1"], ["history"], ["stats"], ["dex", "25"], ["dex", "charizard"], ["dex", "list", "--generation", "1", "--limit", "5"],
        ["dex", "37", "--form", "alola"], ["dex", "type", "fire"], ["dex", "type", "normal"],
        ["dex", "moves", "pikachu", "--game", "firered"], ["dex", "move", "thunderbolt"], ["dex", "move", "surf", "--game", "firered", "--method", "tutor"],
        ["dex", "where", "pikachu", "--game", "firered"], ["dex", "where", "--at", "viridian-forest", "--game", "firered"],
        ["dex", "where", "starly", "--game", "diamond", "--at", "route-201"], ["dex", "where", "raichu", "--game", "firered"],
        ["dex", "where", "pichu"], ["dex", "bulbasaur", "--all-entries", "--no-sprite"],
        ["dex", "progress", "--dex", "kanto"], ["dex", "progress", "--forms", "--dex", "paldea"],
        ["search", "pika"], ["box"], ["sprite", "25"], ["backup"], ["backup", "--list"], ["export", "collection.csv"],
        ["import", "collection.csv", "--dry-run"], ["restore", "collection.csv", "--dry-run"],
        ["odds", "pikachu", "--game", "firered"], ["odds", "kyurem", "--game", "black-2", "--ball", "ultra", "--hp", "1", "--status", "sleep"],
        ["encounter", "--game", "firered", "--at", "viridian-forest", "--seed", "5"], ["throw", "great"],
        ["throw", "ultra", "--until-caught"], ["show", "4", "--no-sprite"], ["list", "--ball", "ultra"],
        // Individuals (issue 31): a Pokémon added by hand, lists by IVs, the calculator.
        ["add", "피카츄", "--level", "25", "--nature", "고집", "--seed", "3"],
        ["add", "gengar", "--game", "red", "--ivs", "14/15/15/10/10/15", "--trainer", "RED", "--trainer-id", "12345", "--seed", "4"],
        ["show", "8", "--no-sprite"], ["list", "--sort", "iv,level"], ["list", "--nature", "고집", "--level", "20-30"],
        ["dex", "stats", "pikachu", "--level", "50", "--nature", "adamant"],
        ["dex", "stats", "pikachu", "--level", "30", "--stats", "68/47/32/41/37/68", "--characteristic", "Likes to thrash about"],
        // Errors a user meets.
        ["dex", "stats", "pikachu", "--level", "101"], ["list", "--nature", "stubborm"], ["add", "lucario", "--game", "red"],
        ["catch", "pikachu"], ["dex", "stats", "mew", "--level", "50", "--generation", "2", "--ivs", "15/15/15/15/10/15"],
        ["show", "99"], ["release", "99"], ["catch", "--count", "0"], ["lsit"], ["dex", "pikachuu"], ["dex", "type", "fyre"], ["import", "missing.csv"],
        ["dex", "move", "thunderbolr"], ["dex", "moves", "sylveon", "--game", "red"], ["dex", "moves", "pikachu", "--game", "firered", "--method", "egg"],
        ["list", "--type", "firee"], ["nickname", "3", ""],
        ["dex", "where", "pikachu", "--game", "scarlet"], ["dex", "where", "--at", "viridian forrest"], ["dex", "where", "--at", "route 1"],
        ["dex", "where"], ["dex", "where", "--at", "pallet-town", "--game", "red"],
        ["throw", "great"], ["throw", "graet"], ["odds", "pikachu", "--hp", "0"], ["encounter", "--game", "firered", "--method", "surf", "--at", "viridian-forest"],
    ]

    /// Everything after `mydex` that prints help.
    static var helpRequests: [[String]] {
        let commands = ["catch", "list", "show", "release", "unrelease", "nickname", "favorite", "unfavorite", "history",
                        "backup", "restore", "dex", "search", "stats", "sprite", "box", "cry", "export", "import", "encounter", "throw",
                        "odds", "add"]
        return [["--help"]] + commands.map { [$0, "--help"] } + [["dex", "show", "--help"], ["dex", "list", "--help"], ["dex", "progress", "--help"], ["dex", "type", "--help"], ["dex", "moves", "--help"], ["dex", "move", "--help"], ["dex", "where", "--help"], ["dex", "stats", "--help"], ["dex", "sync", "--help"]]
    }

    static func environment(_ language: String) throws -> TestEnvironment {
        try TestEnvironment(environment: ["MYDEX_OFFLINE": "1", "MYDEX_LANG": language], sprites: .builtIn)
    }

    /// One command's transcript: the command line, then what it printed, the test's folder as `$TMP`.
    static func transcript(_ environment: TestEnvironment, _ arguments: [String], columns: Int? = nil) async -> String {
        let run = await environment.run(arguments, columns: columns)
        let folder = environment.directory.path
        let command = "$ mydex " + arguments.map { $0.isEmpty ? "''" : $0 }.joined(separator: " ") + "   (exit \(run.status))\n"
        let text = command + run.standardOutput + run.standardError
        return text.replacingOccurrences(of: folder, with: "$TMP")
    }

    /// Words that are never translated: commands, brands, formats.
    static let untranslated: Set<String> = [
        "mydex", "catch", "list", "show", "release", "unrelease", "nickname", "favorite", "unfavorite", "history", "backup",
        "restore", "dex", "search", "stats", "sprite", "box", "cry", "browse", "version", "export", "import", "help", "sync", "random", "progress", "type", "moves", "move", "where",
        "encounter", "throw", "odds", "add", "iv", "level",
        "PokeAPI", "SQLite", "JSON", "CSV", "TOML", "csv", "json", "toml", "sqlite", "libcurl", "libpng", "XDG", "y", "N",
        "UTF", "ID", "ms", "en", "ko", "ja", "fr", "de", "es", "it", "cs", "zh", "hrkt", "roma", "hans", "hant", "br", "HP", "png", "ogg", "wav", "Ogg", "PNG", "URL", "http", "https", "paplay", "aplay", "ffplay", "mpv",
    ]

    /// The English words of a line that did not come through the catalog: what is left after
    /// the pseudo-language's bracketed text, backquoted commands, value names (`<path>`),
    /// options, variables and paths, and the data (`dataWords`: names in Latin letters).
    static func strayWords(_ line: String, dataWords: Set<String>) -> [String] {
        var kept = ""
        var depth = 0
        var inCode = false
        for character in line {
            switch character {
            case "[", "<": depth += 1
            case "]", ">": depth = max(depth - 1, 0)
            case "`": inCode.toggle()
            default: if depth == 0 && !inCode { kept.append(character) }
            }
        }
        let separators: Set<Character> = [" ", ",", "(", ")", ":", "|", "'"]
        var words: [String] = []
        for token in kept.split(whereSeparator: { separators.contains($0) }) {
            if let first = token.first, "-$#".contains(first) { continue }
            if token.contains(where: { "/.=_".contains($0) }) { continue }
            for word in token.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) where word.count > 1 {
                let word = String(word)
                if !untranslated.contains(word) && !dataWords.contains(word) { words.append(word) }
            }
        }
        return words
    }

    /// Every word in Latin letters of a species, form or type name: data, not mydex's text.
    static func dataWords() async throws -> Set<String> {
        let store = try CollectionStore.inMemory(now: Date(), language: "en")
        let pokedex = Pokedex(store: store)
        let forms = try await pokedex.forms(ids: Array(1...Catalog.firstFormID + 1000)).values
        // Places PokeAPI names in English only show in English in every language, and the parts
        // of places mydex has no words for in English words (`shopping-district`).
        let places = try await store.read { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM catalog.location_names UNION ALL SELECT name FROM catalog.location_area_names
                UNION ALL SELECT identifier FROM catalog.locations
                """)
                + String.fetchAll(db, sql: "SELECT identifier FROM catalog.location_areas WHERE identifier IS NOT NULL")
                    .map(EncounterWords.titled)
        }
        let names = try await pokedex.names().map(\.name) + (try await pokedex.typeNames()).map(\.name)
            + forms.compactMap(\.name) + forms.compactMap(\.formName) + forms.compactMap(\.formIdentifier) + places
        var words: Set<String> = ["Sparky"]
        for name in names {
            for word in name.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) { words.insert(String(word)) }
        }
        return words
    }

    @Test("In the pseudo-language every human word of every command, error and help comes from the catalog")
    func pseudoLanguage() async throws {
        let environment = try Self.environment("x-pseudo")
        let dataWords = try await Self.dataWords()
        var problems: [String] = []
        for arguments in Self.session + Self.helpRequests {
            let run = await environment.run(arguments, columns: 100)
            for line in (run.standardOutput + run.standardError).split(separator: "\n") {
                let stray = Self.strayWords(String(line), dataWords: dataWords)
                if !stray.isEmpty { problems.append("mydex \(arguments.joined(separator: " ")): \(stray.joined(separator: " ")) in: \(line)") }
            }
        }
        #expect(problems.isEmpty, "text not from the catalog:\n\(problems.prefix(40).joined(separator: "\n"))")
    }

    @Test("Golden transcripts in English, Korean and Japanese", arguments: ["en", "ko", "ja"])
    func golden(language: String) async throws {
        let environment = try Self.environment(language)
        var transcript = ""
        for arguments in Self.session { transcript += await Self.transcript(environment, arguments, columns: 80) + "\n" }
        // restore's question, answered no at a terminal.
        transcript += await Self.transcript(environment, ["backup", "saved.sqlite"], columns: 80) + "\n"
        let output = CapturedOutput()
        var context = environment.context(output: output, columns: 80)
        context.confirmation = .answering(["ko": "아니요", "ja": "いいえ"][language] ?? "no")
        let status = await Mydex.run(arguments: ["restore", "saved.sqlite"], context: context)
        transcript += "$ mydex restore saved.sqlite   (exit \(status))\n" + output.standardOutput + output.standardError
        transcript = transcript.replacingOccurrences(of: environment.directory.path, with: "$TMP")
        let file = Fixtures.repositoryRoot.appendingPathComponent("Tests/MydexTests/Fixtures/golden/transcript-\(language).txt")
        if ProcessInfo.processInfo.environment["MYDEX_UPDATE_GOLDEN"] == "1" {
            try transcript.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        let got = transcript.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, pair) in zip(got, want).enumerated() where pair.0 != pair.1 {
            Issue.record("line \(index + 1):\n got: \(pair.0)\nwant: \(pair.1)")
            break
        }
        #expect(got.count == want.count, "the transcript has \(got.count) lines, the golden file \(want.count)")
    }

    @Test("Korean and Japanese help is in Korean and Japanese, and mydex --help follows LANG")
    func localeHelp() async throws {
        let korean = try TestEnvironment(environment: ["LANG": "ko_KR.UTF-8"])
        let help = await korean.run("--help")
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("포켓몬"), "\(help.standardOutput)")
        let japanese = try TestEnvironment(environment: ["LANG": "ja_JP.UTF-8"])
        let catchHelp = await japanese.run("catch", "--help")
        #expect(catchHelp.standardOutput.contains("ポケモン"), "\(catchHelp.standardOutput)")
        // An explicit --lang wins over the locale, for help as for data.
        let french = await korean.run("--lang", "fr", "catch", "--help")
        #expect(french.standardOutput.contains("Pokémon") && !french.standardOutput.contains("포켓몬"))
    }

    @Test("The config file's lang chooses help's language; a bad file is reported in the user's language")
    func configuredLanguage() async throws {
        let environment = try TestEnvironment(environment: ["LANG": "ko_KR.UTF-8"])
        let folder = environment.directory.appendingPathComponent(".config/mydex")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.toml")
        try "lang = \"ja\"\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(await environment.run("--help").standardOutput.hasPrefix("概要："), "the file's lang wins over LANG")
        try "lang = \"xx\"\n".write(to: file, atomically: true, encoding: .utf8)
        let bad = await environment.run("list")
        #expect(bad.status == 64)
        #expect(bad.standardError.hasPrefix("오류: ") && bad.standardError.contains("1번째 줄: lang은"), "\(bad.standardError)")
        #expect(await environment.run("--help").status == 0, "help still prints")
    }

    @Test("Tables align in Korean and Japanese at 80 columns: every line of a table has the same width")
    func tableWidths() async throws {
        for language in ["ko", "ja", "de"] {
            let environment = try Self.environment(language)
            _ = await environment.run("catch", "--count", "12")
            _ = await environment.run("nickname", "1", "번개번개")
            let list = await environment.run(["list"], columns: 80)
            let lines = list.standardOutput.split(separator: "\n").map(String.init)
            let rows = lines
            #expect(rows.count == 13, "\(language): a header and 12 rows:\n\(list.standardOutput)")
            #expect(rows.allSatisfy { DisplayColumns.of($0) <= 80 }, "\(language): fits 80 columns")
            // Columns line up: each column starts at the same display column on every row.
            let header = rows.first ?? ""
            let starts = DisplayColumns.columnStarts(header)
            for row in rows.dropFirst() {
                for start in starts.dropFirst() {
                    #expect(DisplayColumns.characterStarts(row).contains(start) || DisplayColumns.isBlank(row, at: start),
                            "\(language): a column starts at \(start) in:\n\(header)\n\(row)")
                }
            }
        }
    }
}

/// Display widths as a terminal counts them (wide characters two columns), for the tests.
enum DisplayColumns {
    static func width(_ character: Character) -> Int {
        guard let value = character.unicodeScalars.first?.value else { return 0 }
        let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
        return wide ? 2 : 1
    }

    static func of(_ text: String) -> Int { text.reduce(0) { $0 + width($1) } }

    /// The display columns where a non-space run starts after two or more spaces (a table's columns).
    static func columnStarts(_ line: String) -> [Int] {
        var starts: [Int] = []
        var column = 0
        var spaces = 2
        for character in line {
            if character == " " { spaces += 1 } else {
                if spaces >= 2 { starts.append(column) }
                spaces = 0
            }
            column += width(character)
        }
        return starts
    }

    /// The display columns where each character starts.
    static func characterStarts(_ line: String) -> Set<Int> {
        var starts: Set<Int> = []
        var column = 0
        for character in line {
            starts.insert(column)
            column += width(character)
        }
        return starts
    }

    /// Whether the line is blank at that column (an empty cell).
    static func isBlank(_ line: String, at target: Int) -> Bool {
        var column = 0
        for character in line {
            if column >= target { return character == " " }
            column += width(character)
        }
        return true
    }
}
