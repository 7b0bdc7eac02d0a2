import Foundation
import Testing
import MydexTestSupport
import MydexServices

/// The built `mydex` binary, run as a user runs it, against a local PokeAPI stand-in.
@Suite("End to end")
struct EndToEndTests {
    typealias Result = ChildProcess.Outcome

    /// `mydex` beside the test bundle in the build folder.
    static var binary: URL {
        get throws { try sibling("mydex") }
    }

    /// An executable product built beside the test bundle.
    static func sibling(_ name: String) throws -> URL {
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [buildFolder, buildFolder.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        let fallback = Fixtures.repositoryRoot.appendingPathComponent(".build/debug/\(name)")
        guard FileManager.default.isExecutableFile(atPath: fallback.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: fallback.path])
        }
        return fallback
    }

    /// Runs `binary` in a temporary working directory of its own, suspending (not blocking) until it ends.
    static func run(_ binary: URL, _ arguments: [String], environment: [String: String]) async throws -> Result {
        try await ChildProcess(binary, arguments, environment: environment).outcome()
    }

    /// Runs the Pokédex generator (`PokedexGenerator`) with this process's environment.
    static func runGenerator(_ arguments: [String]) async throws -> Result {
        try await run(try sibling("PokedexGenerator"), arguments, environment: ProcessInfo.processInfo.environment)
    }

    @Test("catch, list --sort dex, release, backup and restore with the real binary, copied elsewhere")
    func fullSession() async throws {
        let server = try TestHTTPServer(handler: Fixtures.reply)
        defer { server.stop() }
        let home = try TestEnvironment()
        // A copy in another folder proves the migrations are embedded, not a resource bundle.
        let copied = home.directory.appendingPathComponent("bin/mydex")
        try FileManager.default.createDirectory(at: copied.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try Self.binary, to: copied)
        let environment = [
            "HOME": home.directory.path, "MYDEX_API_URL": server.baseURL, "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin", "TZ": "UTC",
        ]
        func mydex(_ arguments: String...) async throws -> Result {
            try await Self.run(copied, arguments, environment: environment)
        }

        for species in [150, 25, 1] {
            let caught = try await mydex("catch", "--seed", String(Fixtures.seed(catching: species)))
            #expect(caught.status == 0, "\(caught.standardError)")
            #expect(caught.standardOutput.hasPrefix("Caught "))
        }
        let database = home.directory.appendingPathComponent(".local/share/mydex/mydex.sqlite")
        #expect(FileManager.default.fileExists(atPath: database.path))

        let list = try await mydex("list", "--sort", "dex")
        #expect(list.status == 0)
        let names = list.standardOutput.split(separator: "\n").dropFirst().map { line in
            line.split(separator: " ", omittingEmptySubsequences: true)[2]
        }
        #expect(names == ["Bulbasaur", "Pikachu", "Mewtwo"])

        let release = try await mydex("release", "1")
        #expect(release.status == 0)
        #expect(release.standardOutput.contains("Released Mewtwo"))

        let backupPath = home.path("collection-backup.sqlite")
        let backup = try await mydex("backup", backupPath)
        #expect(backup.status == 0)
        #expect(backup.standardOutput == backupPath + "\n")

        let another = try await mydex("catch", "--seed", String(Fixtures.seed(catching: 133)), "--db", database.path)
        #expect(another.status == 0)
        #expect(try await mydex("list", "--json").standardOutput.components(separatedBy: "\"id\"").count - 1 == 3)

        let restore = try await mydex("restore", backupPath, "--yes")
        #expect(restore.status == 0, "\(restore.standardError)")
        #expect(restore.standardOutput.contains("Restored 3 entries (2 in the collection, 1 released)"))
        let after = try await mydex("list", "--sort", "dex")
        #expect(!after.standardOutput.contains("Eevee"))
        #expect(after.standardOutput.contains("Pikachu"))

        let usage = try await mydex("release", "zero")
        #expect(usage.status == 64)
        let failure = try await mydex("show", "99")
        #expect(failure.status == 1)
        #expect(failure.standardError.contains("no entry #99"))
    }

    @Test("Several processes catching on a fresh database at once all succeed")
    func concurrentFirstRuns() async throws {
        let server = try TestHTTPServer(handler: Fixtures.reply)
        defer { server.stop() }
        let home = try TestEnvironment()
        let binary = try Self.binary
        let environment = ["MYDEX_DB": home.databasePath, "MYDEX_API_URL": server.baseURL, "HOME": home.directory.path]
        let processes = 6
        let results = try await withThrowingTaskGroup(of: Result.self) { group in
            for index in 0..<processes {
                let species = Fixtures.speciesIDs[index % Fixtures.speciesIDs.count]
                group.addTask {
                    try await Self.run(binary, ["catch", "--seed", String(Fixtures.seed(catching: species))], environment: environment)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results { #expect(result.status == 0, "\(result.standardError)") }
        let list = try await Self.run(binary, ["list", "--json"], environment: environment)
        #expect(try list.document()?.objects("entries")?.count == processes)
        let history = try await Self.run(binary, ["history", "--json"], environment: environment)
        #expect(try history.document()?.objects("events")?.count == processes)
    }
}
