import Foundation
import Testing
@testable import MydexCLI
import MydexReliability
import MydexServices
import MydexStore
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

    @Test("CSV follows RFC 4180: CRLF, a header, quoted fields with doubled quotes, UTF-8")
    func csvQuoting() async throws {
        try await populate(source)
        let run = await source.run("export")
        #expect(run.status == 0)
        let lines = run.standardOutput.components(separatedBy: "\r\n")
        #expect(lines[0] == "id,uuid,dex,species,name,nickname,favorite,shiny,caught_at,released_at")
        #expect(lines[1].hasSuffix(",25,pikachu,Pikachu,\"피카,\"\"츄\"\"\",false,false,2026-11-18T11:06:40.123Z,"))
        #expect(lines[3].hasSuffix(",133,eevee,Eevee,,false,false,2026-11-18T11:08:40.000Z,2026-11-18T11:11:42.007Z"))
        #expect(lines.count == 5 && lines[4].isEmpty)

        // Fields nicknames cannot hold (line breaks) are quoted too.
        let fields = ["a,b", "say \"hi\"", "two\r\nlines", "one\nline", "피카츄", "plain", ""]
        let record = CSVText.record(fields)
        #expect(record == "\"a,b\",\"say \"\"hi\"\"\",\"two\r\nlines\",\"one\nline\",피카츄,plain,")
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
        #expect(onTerminal.standardOutput.hasPrefix("id,uuid,dex,species,name,nickname,favorite,shiny,caught_at,released_at\n"))

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
}
