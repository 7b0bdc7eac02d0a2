import Foundation
import Testing
@testable import MydexCLI
import MydexReliability
@testable import MydexServices
import MydexStore
import MydexModel
import MydexTestSupport

/// `export` and `import`: a collection taken elsewhere comes back exactly, and only once.
@Suite("Export and import")
struct ExportImportTests {
    let source: TestEnvironment
    let target: TestEnvironment

    init() throws {
        source = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"])
        target = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"])
    }

    static let nickname = "피카,\"츄\""

    /// Pikachu nicknamed with a comma, quotes and Korean; a shiny favorite Bulbasaur; a released
    /// Eevee; times with milliseconds.
    private func populate(_ environment: TestEnvironment) async throws {
        let store = try environment.openStore()
        let start = TestClock.start
        _ = try await store.recordCatch(speciesID: 25, isShiny: false, at: start.addingTimeInterval(0.123))
        _ = try await store.recordCatch(speciesID: 1, isShiny: true, at: start.addingTimeInterval(60.5))
        _ = try await store.recordCatch(speciesID: 133, isShiny: false, at: start.addingTimeInterval(120))
        _ = try await store.setNickname(entryID: 1, to: Self.nickname, at: start.addingTimeInterval(200))
        _ = try await store.setFavorite(entryID: 2, true, at: start.addingTimeInterval(201))
        _ = try await store.release(entryID: 3, force: false, at: start.addingTimeInterval(302.007))
        try store.close()
    }

    private func entries(_ environment: TestEnvironment) async throws -> [CollectionEntry] {
        let store = try environment.openStore()
        defer { try? store.close() }
        return try await store.entries(EntryQuery(includeReleased: true))
    }

    private func snapshot(_ environment: TestEnvironment) async throws -> DatabaseAudit.Snapshot {
        let audit = DatabaseAudit(path: environment.databasePath)
        return try await onDedicatedThread { try audit.snapshot() }
    }

    private func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test("A CSV and a JSON export come back into a fresh collection as they were, recorded in the history", arguments: ["csv", "json"])
    func roundTrip(format: String) async throws {
        try await populate(source)
        let file = source.path("pokemon.\(format)")
        let export = await source.run("export", file)
        #expect(export.status == 0, "\(export.standardError)")
        #expect(export.standardError == "Exported 3 entries as \(format.uppercased()) to \(file)\n")

        let run = await target.run("import", file)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "Imported 3 entries; 0 already here.\n")
        #expect(try await entries(target) == (try await entries(source)))

        let history = try await snapshot(target).history
        #expect(history.map(\.action) == [.import, .nicknameSet, .import, .favorite, .import, .release])
        #expect(history.first?.detail == "pikachu")
        #expect(history[2].detail == "bulbasaur (shiny)")
        let audit = DatabaseAudit(path: target.databasePath)
        let report = try await onDedicatedThread { try audit.report() }
        #expect(report.isSound, "\(report.violations)")
    }

    @Test("Importing the same file twice changes nothing the second time; ids are local, the uuid is the identity")
    func importTwice() async throws {
        try await populate(source)
        let file = source.path("pokemon.csv")
        #expect(await source.run("export", file).status == 0)
        // The target already has an entry of its own: imported ones get the next ids.
        #expect(await target.run("catch", "--seed", "7").status == 0)
        #expect(await target.run("import", file).status == 0)
        let once = try await snapshot(target)
        #expect(once.entries.map(\.id) == [1, 2, 3, 4])
        #expect(once.entries.dropFirst().map(\.uuid) == (try await entries(source)).map(\.uuid))

        let again = await target.run("import", file, "--json")
        #expect(again.status == 0)
        let document = try #require(try again.document())
        #expect(document["imported"] as? Int == 0 && document["alreadyHere"] as? Int == 3)
        #expect(document.objects("entries")?.compactMap { $0["id"] as? Int } == [2, 3, 4])
        #expect(try await snapshot(target) == once)
        // And back: the source already holds all three, and gains the target's own entry.
        let back = target.path("back.json")
        #expect(await target.run("export", back).status == 0)
        #expect((await source.run("import", back)).standardOutput == "Imported 1 entry; 3 already here.\n")
    }

    @Test("A sheet edited and imported back: nicknames, favorites and releases are applied with their history; other edits are listed, never dropped")
    func editedRowsComeBack() async throws {
        try await populate(source)
        let file = source.path("pokemon.csv")
        #expect(await source.run("export", file).status == 0)
        var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\r\n")
        // Pikachu renamed, Bulbasaur no longer a favorite and caught at another time, Eevee back.
        lines[1] = lines[1].replacingOccurrences(of: "\"피카,\"\"츄\"\"\"", with: "Zappy")
        // id,uuid,dex,species,form,name,nickname,favorite,shiny,caught_at,released_at,encounter
        func edited(_ line: String, _ changes: [Int: String]) -> String {
            var fields = line.components(separatedBy: ",")
            for (column, value) in changes { fields[column] = value }
            return fields.joined(separator: ",")
        }
        lines[2] = edited(lines[2], [7: "false", 9: "2026-01-01T09:00:00.000Z"])
        lines[3] = edited(lines[3], [10: ""])
        try lines.joined(separator: "\r\n").write(toFile: file, atomically: true, encoding: .utf8)

        let preview = await source.run("import", file, "--dry-run")
        #expect(preview.standardOutput.contains("would update  line 2: #0025 Pikachu “Zappy” = entry #1 → nickname Zappy"), "\(preview.standardOutput)")
        #expect(try await entries(source).first?.nickname == Self.nickname, "a dry run changes nothing")

        let run = await source.run("import", file)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "Imported 0 entries; 0 already here.\n3 updated as in the file; each change is in the history.\n")
        #expect(run.standardError.contains("line 2: entry #1 Pikachu: nickname Zappy\n"))
        #expect(run.standardError.contains("line 3: entry #2 Bulbasaur: no longer a favorite\n"))
        #expect(run.standardError.contains("line 4: entry #3 Eevee: back in the collection\n"))
        #expect(run.standardError.contains("line 3: entry #2 Bulbasaur: the file has another catch time; kept as it is.\n"))
        let now = try await entries(source)
        #expect(now.map(\.nickname) == ["Zappy", nil, nil] && now.map(\.isFavorite) == [false, false, false])
        #expect(now[2].releasedAt == nil && now[1].caughtAt == TestClock.start.addingTimeInterval(60.5), "the catch time is kept")
        let history = try await snapshot(source).history.suffix(3)
        #expect(history.map(\.action) == [.nicknameSet, .unfavorite, .unrelease])
        #expect(history.first?.detail == "Zappy (was \(Self.nickname))")
        // Imported again, the file and the collection agree.
        #expect(await source.run("import", file).standardOutput == "Imported 0 entries; 3 already here.\n")
    }

    @Test("A bad row anywhere changes nothing, and every problem names its line", arguments: ["csv", "json"])
    func badRow(format: String) async throws {
        try await populate(source)
        let file = source.path("pokemon.\(format)")
        #expect(await source.run("export", file).status == 0)
        #expect(await target.run("catch", "--seed", "7").status == 0)
        let before = try await snapshot(target)
        var text = String(decoding: try bytes(file), as: UTF8.self)
        if format == "csv" {
            // Line 3 (Bulbasaur) becomes #2000; line 4 (Eevee) says dex 133 but species pikachu.
            text = text.replacingOccurrences(of: ",1,bulbasaur,", with: ",2000,bulbasaur,")
                .replacingOccurrences(of: ",133,eevee,", with: ",133,pikachu,")
        } else {
            text = text.replacingOccurrences(of: "\"dex\" : 1,", with: "\"dex\" : 2000,")
                .replacingOccurrences(of: "\"species\" : \"eevee\"", with: "\"species\" : \"pikachu\"")
        }
        let bad = target.path("bad.\(format)")
        try Data(text.utf8).write(to: URL(fileURLWithPath: bad))
        let run = await target.run("import", bad)
        #expect(run.status == 1)
        let (bulbasaur, eevee) = format == "csv" ? (3, 4) : (21, 40)
        #expect(run.standardError == """
            Error: nothing was imported; fix the file and try again:
              line \(bulbasaur): species 2000 does not exist in the Pokédex
              line \(eevee): dex 133 is eevee, not pikachu (#25)

            """)
        #expect(try await snapshot(target) == before)
    }

    @Test("A bad file never starts a collection, and a dry run leaves the database's bytes as they were")
    func nothingChanges() async throws {
        try await populate(source)
        let file = source.path("pokemon.csv")
        #expect(await source.run("export", file).status == 0)
        let bad = target.path("bad.csv")
        try Data("uuid,dex,caught_at\r\nnot-a-uuid,25,2026-11-22T04:05:06Z\r\n".utf8).write(to: URL(fileURLWithPath: bad))
        let refused = await target.run("import", bad)
        #expect(refused.standardError.contains("line 2: uuid \"not-a-uuid\" is not a UUID"))
        #expect(!FileManager.default.fileExists(atPath: target.databasePath))

        let dry = await target.run("import", file, "--dry-run")
        #expect(dry.status == 0)
        #expect(!FileManager.default.fileExists(atPath: target.databasePath))
        #expect(dry.standardOutput.contains("would import  line 2: #0025 Pikachu “\(Self.nickname)”\n"))

        #expect(await target.run("import", file).status == 0)
        let database = try bytes(target.databasePath)
        let again = await target.run("import", file, "--dry-run")
        #expect(again.standardOutput == """
            already here  line 2: #0025 Pikachu “\(Self.nickname)” = entry #1
            already here  line 3: #0001 Bulbasaur (shiny, favorite) = entry #2
            already here  line 4: #0133 Eevee (released) = entry #3
            Would import 0 entries; 3 already here. Nothing was changed (--dry-run).

            """)
        #expect(try bytes(target.databasePath) == database)
    }

    @Test("CSV follows RFC 4180: CRLF, a header, quoted fields with doubled quotes, UTF-8, and reads back")
    func csvQuoting() async throws {
        try await populate(source)
        let run = await source.run("export")
        #expect(run.status == 0)
        let lines = run.standardOutput.components(separatedBy: "\r\n")
        #expect(lines[0] == "id,uuid,dex,species,form,name,nickname,favorite,shiny,caught_at,released_at,encounter,individual")
        #expect(lines[1].hasSuffix(",25,pikachu,pikachu,Pikachu,\"피카,\"\"츄\"\"\",false,false,2026-11-18T11:06:40.123Z,,,"))
        #expect(lines[3].hasSuffix(",133,eevee,eevee,Eevee,,false,false,2026-11-18T11:08:40.000Z,2026-11-18T11:11:42.007Z,,"))
        #expect(lines.count == 5 && lines[4].isEmpty)

        // Fields nicknames cannot hold (line breaks) are quoted too, and read back.
        let fields = ["a,b", "say \"hi\"", "two\r\nlines", "one\nline", "피카츄", "plain", ""]
        let record = CSVText.record(fields)
        #expect(record == "\"a,b\",\"say \"\"hi\"\"\",\"two\r\nlines\",\"one\nline\",피카츄,plain,")
        let read = try CSVText.records(Array(("x\r\n" + record + "\r\n" + "last").utf8))
        #expect(read.map(\.fields) == [["x"], fields, ["last"]])
        #expect(read.map(\.line) == [1, 2, 5])
        // Excel's semicolons (where the comma is the decimal mark), and tabs.
        #expect(try CSVText.records(Array("a;b\r\n\"x;y\";2,5\r\n".utf8)).map(\.fields) == [["a", "b"], ["x;y", "2,5"]])
        #expect(try CSVText.records(Array("a\tb\n1\t2\n".utf8)).map(\.fields) == [["a", "b"], ["1", "2"]])
        #expect(throws: CSVText.Problem.self) { try CSVText.records(Array("a,\"open\r\n".utf8)) }
        #expect(throws: CSVText.Problem.self) { try CSVText.records(Array("a,b\"c\r\n".utf8)) }
    }

    @Test("Cells a spreadsheet would run as formulas are exported as text, and import reads back the same nicknames")
    func formulaCells() async throws {
        let nicknames = ["=cmd|'/C'!A0", "+1", "-1", "@SUM(A1)", "'=quoted", "''", "'plain", "'"]
        let store = try source.openStore()
        for (index, nickname) in nicknames.enumerated() {
            _ = try await store.recordCatch(speciesID: 25, isShiny: false, at: TestClock.start.addingTimeInterval(Double(index)))
            _ = try await store.setNickname(entryID: Int64(index + 1), to: nickname, at: TestClock.start)
        }
        try store.close()
        let file = source.path("pokemon.csv")
        #expect(await source.run("export", file).status == 0)
        let records = try CSVText.records(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(records.dropFirst().map { $0.fields[6] } == ["'=cmd|'/C'!A0", "'+1", "'-1", "'@SUM(A1)", "''=quoted", "'''", "'plain", "'"])
        let run = await target.run("import", file)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try await entries(target).map(\.nickname) == nicknames)
        // Tabs and carriage returns start formulas too (no nickname holds them; other text might).
        for text in ["\tx", "\rx", "=x", "+x", "-x", "@x", "'=x", "''x", "'x", "x", ""] {
            #expect(CSVText.revealed(CSVText.neutralized(text)) == text)
        }
        #expect(["\tx", "\rx"].map(CSVText.neutralized) == ["'\tx", "'\rx"])
    }

    @Test("export writes to standard output: CSV or JSON, every byte when piped, escaped on a terminal")
    func standardOutput() async throws {
        try await populate(source)
        let json = await source.run("export", "--json")
        let document = try #require(try json.document())
        #expect(document["schema"] as? Int == 1)
        let entries = try #require(document.objects("entries"))
        #expect(entries.map { $0["caughtAt"] as? String } == [
            "2026-11-18T11:06:40.123Z", "2026-11-18T11:07:40.500Z", "2026-11-18T11:08:40.000Z",
        ])
        #expect(entries[2]["releasedAt"] as? String == "2026-11-18T11:11:42.007Z")
        #expect(entries.allSatisfy { ($0["uuid"] as? String)?.count == 36 })
        #expect(await source.run("export", "-", "--format", "json").standardOutput.hasPrefix("{\n  \"entries\" : [\n"))

        // What a terminal could act on: kept in a pipe, escaped on a terminal.
        let record = ExportRecord.csv("1,\u{1B}]0;owned\u{07},x")
        #expect(record.forStandardOutput(terminal: false).rendered == "1,\u{1B}]0;owned\u{07},x\r")
        #expect(record.forStandardOutput(terminal: true).rendered == "1,\\u{1B}]0;owned\\u{7},x")
        #expect(record.forFile == "1,\u{1B}]0;owned\u{07},x\r\n")
        let onTerminal = await source.run(["export"], columns: 80)
        #expect(onTerminal.standardOutput.hasPrefix("id,uuid,dex,species,form,name,nickname,favorite,shiny,caught_at,released_at,encounter,individual\n"))

        // Names in --lang; the rest of the record is the same in every language.
        let korean = await source.run("export", "--lang", "ko")
        #expect(korean.standardOutput.components(separatedBy: "\r\n")[1].contains(",25,pikachu,pikachu,피카츄,"))

        let bom = await source.run("export", "--bom")
        #expect(Array(bom.standardOutput.utf8.prefix(3)) == CSVText.byteOrderMark)
        #expect(await source.run("export", "--bom", "--format", "json").status == 64)
        #expect(await source.run("export", "--json", "--format", "csv").status == 64)
    }

    @Test("export never replaces a file, and says what to do instead")
    func refusesToOverwrite() async throws {
        try await populate(source)
        let file = source.path("pokemon.csv")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: file))
        let run = await source.run("export", file)
        #expect(run.status == 1)
        #expect(run.standardError == "Error: \(file) already exists; choose another path, or - to write to standard output.\n")
        #expect(try bytes(file) == Array("mine".utf8))
        // A relative path lands in the working directory; the format follows the extension.
        #expect(await source.run("export", "out.JSON").status == 0)
        #expect(try bytes(source.currentDirectory + "/out.JSON").first == UInt8(ascii: "{"))
    }

    @Test("Times: ISO 8601 to the millisecond out; with or without a fraction, Z or an offset, in")
    func times() {
        let date = Date(timeIntervalSince1970: 1_795_000_000.123)
        #expect(TransferTime.text(date) == "2026-11-18T11:06:40.123Z")
        #expect(TransferTime.date("2026-11-18T11:06:40.123Z") == date)
        #expect(TransferTime.date("2026-11-18 11:06:40.1239Z") == date)
        #expect(TransferTime.date("2026-11-18T11:06:40Z") == Date(timeIntervalSince1970: 1_795_000_000))
        #expect(TransferTime.date("2026-11-18T20:06:40+09:00") == Date(timeIntervalSince1970: 1_795_000_000))
        #expect(TransferTime.date("2026-11-18T06:06:40-0500") == Date(timeIntervalSince1970: 1_795_000_000))
        for bad in ["2026-11-18", "2026-02-30T00:00:00Z", "2026-11-18T11:06:40", "2026-11-18T24:00:00Z", "yesterday", "2026-11-18T11:06:40.Z"] {
            #expect(TransferTime.date(bad) == nil, "\(bad)")
        }
    }

    @Test("A uuid is 8-4-4-4-12 hex digits, read in any case and kept in lower case")
    func uuids() {
        #expect(TransferRowChecker.uuid("0B6F3C1E-5D7A-4E2B-9C8D-1A2B3C4D5E6F") == "0b6f3c1e-5d7a-4e2b-9c8d-1a2b3c4d5e6f")
        #expect(TransferRowChecker.uuid("0b6f3c1e-5d7a-4e2b-9c8d-1a2b3c4d5e6f") == "0b6f3c1e-5d7a-4e2b-9c8d-1a2b3c4d5e6f")
        for bad in ["", "not-a-uuid", "0b6f3c1e5d7a4e2b9c8d1a2b3c4d5e6f", "0b6f3c1e-5d7a-4e2b-9c8d-1a2b3c4d5e6", "0b6f3c1e-5d7a-4e2b-9c8d-1a2b3c4d5e6g",
                    "0b6f3c1e_5d7a-4e2b-9c8d-1a2b3c4d5e6f", "0b6f3c1e-5d7a-4e2b-9c8d-1a2b3c4d5e6f0", "0b6f3c1é-5d7a-4e2b-9c8d-1a2b3c4d5e6f"] {
            #expect(TransferRowChecker.uuid(bad) == nil, "\(bad)")
        }
    }

    @Test("Each kind of bad row gets a message that names its line and what to fix")
    func rowProblems() async throws {
        let uuid = "0b6f3c1e-5d7a-4e2b-9c8d-1a2b3c4d5e6f"
        let csv = """
            uuid,dex,species,nickname,favorite,shiny,caught_at,released_at
            \(uuid),25,,,,,2026-11-22T04:05:06Z,
            \(uuid.uppercased()),25,,,,,2026-11-22T04:05:06Z,
            7d1e9a40-3c2b-4f8e-a1d6-5e4f3a2b1c0d,,pikachuu,,,,2026-11-22T04:05:06Z,
            8d1e9a40-3c2b-4f8e-a1d6-5e4f3a2b1c0d,25,,"far too long a nickname",,,2026-11-22T04:05:06Z,
            9d1e9a40-3c2b-4f8e-a1d6-5e4f3a2b1c0d,25,,,true,,2026-11-22T04:05:06Z,2026-11-23T04:05:06Z
            ad1e9a40-3c2b-4f8e-a1d6-5e4f3a2b1c0d,25,,,,,yesterday,
            bd1e9a40-3c2b-4f8e-a1d6-5e4f3a2b1c0d,25,,,,,2026-11-22T04:05:06Z,2026-11-21T04:05:06Z
            cd1e9a40-3c2b-4f8e-a1d6-5e4f3a2b1c0d,,,,,,2026-11-22T04:05:06Z,
            ed1e9a40-3c2b-4f8e-a1d6-5e4f3a2b1c0d,25,,,maybe,,2026-11-22T04:05:06Z,
            dd1e9a40-3c2b-4f8e-a1d6-5e4f3a2b1c0d,25,,,,

            """
        let file = target.path("problems.csv")
        try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
        let run = await target.run("import", file)
        #expect(run.status == 1)
        #expect(run.standardError == """
            Error: nothing was imported; fix the file and try again:
              line 11: 6 fields; the header has 8

            """)
        try Data(csv.replacingOccurrences(of: "dd1e9a40-3c2b-4f8e-a1d6-5e4f3a2b1c0d,25,,,,\n", with: "").utf8)
            .write(to: URL(fileURLWithPath: file))
        let rows = await target.run("import", file)
        #expect(rows.standardError == """
            Error: nothing was imported; fix the file and try again:
              line 3: uuid \(uuid) is on line 2 already
              line 4: no species is named "pikachuu" in the Pokédex
              line 5: nickname "far too long a nickname": a nickname has at most 12 characters; this one has 23.
              line 6: a released entry cannot be a favorite
              line 7: caught_at "yesterday" is not a time like 2026-11-22T04:05:06.123Z
              line 8: released_at 2026-11-21T04:05:06Z is before caught_at 2026-11-22T04:05:06Z
              line 9: no species: give its dex number or PokeAPI name
              line 10: favorite "maybe" is not true or false

            """)
        #expect(!FileManager.default.fileExists(atPath: target.databasePath))

        try Data("id,dex\r\n1,25\r\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect((await target.run("import", file)).standardError.contains("\n  line 1: the header has no uuid, caught_at column"))
        let json = target.path("problems.json")
        try Data("{\n  \"entries\" : [\n    {\n      \"dex\" : [25]\n    }\n  ],\n  \"schema\" : 1\n}\n".utf8)
            .write(to: URL(fileURLWithPath: json))
        #expect((await target.run("import", json)).standardError.contains("\n  line 3: dex: "))
        try Data("{\"entries\": [".utf8).write(to: URL(fileURLWithPath: json))
        #expect((await target.run("import", json)).standardError.contains("\n  the file is not valid JSON"))
        try Data("[]".utf8).write(to: URL(fileURLWithPath: json))
        #expect((await target.run("import", json)).standardError.contains("\n  not an export: a JSON file to import is {\"entries\": [...]}"))
        try Data("{\"entries\": [], \"schema\": 2}".utf8).write(to: URL(fileURLWithPath: json))
        #expect((await target.run("import", json)).standardError.contains("schema 2; this mydex reads schema 1"))
        #expect((await target.run("import", target.path("missing.csv"))).standardError.hasPrefix("Error: there is no file at "))
    }

    @Test("A reader that goes away ends an export quietly")
    func closedPipe() async throws {
        try await populate(source)
        let run = await source.run(["export"], output: CapturedOutput(failing: [.standardOutput: EPIPE]))
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
    }

    @Test("Individuals come through export and import whole, in CSV and JSON: every field, the stats they make, and their origin",
          arguments: ["csv", "json"])
    func individualsRoundTrip(format: String) async throws {
        _ = await source.run("catch", "--count", "5", "--seed", "31")
        _ = await source.run("add", "gengar", "--game", "red", "--ivs", "14/15/15/10/10/15", "--trainer", "RED", "--trainer-id", "12345")
        _ = await source.run("add", "pikachu", "--level", "50", "--nature", "timid", "--evs", "0/0/4/252/0/252", "--held-item", "light-ball")
        let file = source.currentDirectory + "/collection." + format
        #expect(await source.run("export", file).status == 0)
        let imported = await target.run("import", file)
        #expect(imported.status == 0, "\(imported.standardError)")
        let before = try await entries(source), after = try await entries(target)
        #expect(before.count == 7 && after.count == 7)
        #expect(before.allSatisfy { $0.individual != nil && $0.stats != nil })
        for (old, new) in zip(before, after) {
            #expect(new.individual == old.individual, "\(old.name)")
            #expect(new.stats == old.stats && new.origin == old.origin, "\(old.name)")
        }
        #expect(after.last?.origin?.kind == .hand && after.last?.individual?.heldItem == "light-ball")
        #expect(after[5].individual?.generation == 1 && after[5].origin?.trainer == "RED")
    }
}

