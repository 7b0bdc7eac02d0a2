import Foundation
import MydexCLI
import MydexServices
import MydexTestSupport
import PokeAPI
import Testing

/// `mydex cry` and `catch --cry` with real PokeAPI cries (Fixtures/media, laid out as their paths
/// under raw.githubusercontent.com) served by a local server through MYDEX_MEDIA_URL and libcurl.
@Suite("Cries")
struct CryTests {
    static let media = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/media")
    static let latestPath = "PokeAPI/cries/main/cries/pokemon/latest/25.ogg"
    static let legacyPath = "PokeAPI/cries/main/cries/pokemon/legacy/25.ogg"

    static func fixture(_ path: String) throws -> Data { try Data(contentsOf: media.appendingPathComponent(path)) }

    /// Serves the media fixtures by path (404 for anything else).
    static func mediaServer() throws -> TestHTTPServer {
        try TestHTTPServer { request in
            guard let body = try? fixture(String(request.path.dropFirst())) else { return .response(status: 404) }
            return .response(status: 200, headers: ["Content-Type": "audio/ogg"], body: body)
        }
    }

    /// A folder of fake players (shell scripts) for PATH, removed by the caller.
    final class PlayerFolder {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-players-\(UUID().uuidString)")
        var received: URL { directory.appendingPathComponent("received.ogg") }

        init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: directory) }

        var arguments: URL { directory.appendingPathComponent("arguments") }

        /// A player that copies the file it is given (its last argument) where the test reads
        /// it, and notes its arguments.
        func addCopying(_ name: String) throws {
            try add(name, """
                for argument; do last="$argument"; done
                echo "$@" > '\(arguments.path)'
                /bin/cp "$last" '\(received.path)'
                """)
        }
        /// A player without a sound server: it fails.
        func addFailing(_ name: String) throws { try add(name, "exit 1") }

        var started: URL { directory.appendingPathComponent("started") }

        /// A player that keeps the file, notes its pid in `started`, then plays for a minute.
        func addSlow(_ name: String) throws {
            try add(name, """
                for argument; do last="$argument"; done
                /bin/cp "$last" '\(received.path)'
                echo $$ > '\(started.path).part' && /bin/mv '\(started.path).part' '\(started.path)'
                exec /bin/sleep 60
                """)
        }

        /// The pid a slow player noted, once it has started (nil after `seconds`). Generous:
        /// with the release tests building and lintian running on two cores, mydex took over
        /// 30 seconds to fetch the cry and start its player, and the tests failed so, now and then.
        func startedPlayer(within seconds: Double = 120) async throws -> pid_t? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let text = try? String(contentsOf: started, encoding: .utf8),
                   let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
                try await Task.sleep(for: .milliseconds(20))
            }
            return nil
        }

        /// Temporary cry files mydex left in `directory` (its TMPDIR in these tests).
        var leftovers: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasPrefix("mydex-cry-") }
        }

        /// Written through a descriptor closed on exec, then run once (`--probe`) until it runs:
        /// while a child another test forks at that moment holds the script open for writing,
        /// it cannot be run (ETXTBSY), and mydex would play the next player instead.
        private func add(_ name: String, _ body: String) throws {
            let script = directory.appendingPathComponent(name)
            let bytes = Array("#!/bin/sh\n[ \"$1\" = --probe ] && exit 0\n\(body)\n".utf8)
            let descriptor = open(script.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
            guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
            for _ in 0..<200 {
                let probe = Process()
                probe.executableURL = script
                probe.arguments = ["--probe"]
                if (try? probe.run()) != nil {
                    probe.waitUntilExit()
                    if probe.terminationStatus == 0 { return }
                }
                usleep(10_000)
            }
            throw CocoaError(.executableNotLoadable)
        }
    }

    static func environment(_ server: TestHTTPServer, path: String = "", offline: Bool = false) throws -> TestEnvironment {
        var variables = ["MYDEX_MEDIA_URL": "http://127.0.0.1:\(server.port)/", "PATH": path]
        if offline { variables["MYDEX_OFFLINE"] = "1" }
        return try TestEnvironment(transport: CurlTransport(), environment: variables)
    }

    @Test("cry --save writes the real Ogg bytes, and a second cry comes from the cache without a request")
    func saveAndCache() async throws {
        let server = try Self.mediaServer()
        defer { server.stop() }
        let environment = try Self.environment(server)
        let saved = await environment.run("cry", "25", "--save", "pikachu.ogg")
        #expect(saved.status == 0, "\(saved.standardError)")
        let file = URL(fileURLWithPath: environment.currentDirectory).appendingPathComponent("pikachu.ogg")
        #expect(try Data(contentsOf: file) == Self.fixture(Self.latestPath))
        #expect(server.requests.map(\.path) == ["/" + Self.latestPath])
        let cached = environment.path(".cache/mydex/cries/25.ogg")
        #expect(FileManager.default.contents(atPath: cached) == (try Self.fixture(Self.latestPath)))

        let again = await environment.run("cry", "pikachu", "--save", "again.ogg")
        #expect(again.status == 0, "\(again.standardError)")
        #expect(server.requests.count == 1)
        // The collection is untouched: cries need none.
        #expect(!FileManager.default.fileExists(atPath: environment.databasePath))

        let existing = await environment.run("cry", "25", "--save", "pikachu.ogg")
        #expect(existing.status == 1)
        #expect(existing.standardError.contains("already exists"))
    }

    @Test("--json says what was saved or played, as a schema-1 document")
    func json() async throws {
        let server = try Self.mediaServer()
        defer { server.stop() }
        let environment = try Self.environment(server)
        let run = await environment.run("cry", "25", "--save", "pikachu.ogg", "--json")
        #expect(run.status == 0, "\(run.standardError)")
        let document = try #require(try run.document())
        #expect(document["schema"] as? Int == 1)
        #expect(document["dex"] as? Int == 25 && document["species"] as? String == "pikachu")
        #expect(document["saved"] as? String == URL(fileURLWithPath: environment.currentDirectory).appendingPathComponent("pikachu.ogg").path)
        #expect(document["played"] as? Bool == false && document["legacy"] as? Bool == false)
        #expect(run.standardError.isEmpty, "JSON carries the news: \(run.standardError)")
    }

    @Test("a damaged file in the cache is fetched again")
    func damagedCache() async throws {
        let server = try Self.mediaServer()
        defer { server.stop() }
        let environment = try Self.environment(server)
        let cached = environment.path(".cache/mydex/cries/25.ogg")
        try FileManager.default.createDirectory(
            atPath: (cached as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("OggS, cut short".utf8).write(to: URL(fileURLWithPath: cached))
        let run = await environment.run("cry", "25", "--save", "x.ogg")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(server.requests.count == 1)
        #expect(FileManager.default.contents(atPath: cached) == (try Self.fixture(Self.latestPath)))
    }

    @Test("a name in any language, and --legacy, save the legacy cry under its own cache name")
    func legacyByKoreanName() async throws {
        let server = try Self.mediaServer()
        defer { server.stop() }
        let environment = try Self.environment(server)
        let saved = await environment.run("cry", "피카츄", "--legacy", "--save", "old.ogg")
        #expect(saved.status == 0, "\(saved.standardError)")
        let file = URL(fileURLWithPath: environment.currentDirectory).appendingPathComponent("old.ogg")
        #expect(try Data(contentsOf: file) == Self.fixture(Self.legacyPath))
        #expect(FileManager.default.fileExists(atPath: environment.path(".cache/mydex/cries/25-legacy.ogg")))
    }

    @Test("--legacy past #649 is a usage error, without a request")
    func legacyOutOfRange() async throws {
        let server = try Self.mediaServer()
        defer { server.stop() }
        let run = await (try Self.environment(server)).run("cry", "700", "--legacy")
        #expect(run.status == 64)
        #expect(run.standardError.contains("649"))
        #expect(server.requests.isEmpty)
    }

    @Test("the first player that works receives the real Ogg file; a failing one gives way")
    func fakePlayer() async throws {
        let server = try Self.mediaServer()
        defer { server.stop() }
        let players = try PlayerFolder()
        try players.addFailing("pw-play")
        try players.addCopying("paplay")
        let environment = try Self.environment(server, path: players.directory.path)
        let run = await environment.run("cry", "25")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try Data(contentsOf: players.received) == Self.fixture(Self.latestPath))
    }

    @Test("MYDEX_AUDIO_PLAYER comes first, split on spaces")
    func chosenPlayer() async throws {
        let server = try Self.mediaServer()
        defer { server.stop() }
        let players = try PlayerFolder()
        try players.addCopying("myplayer")
        try players.addFailing("pw-play")
        let environment = try TestEnvironment(transport: CurlTransport(), environment: [
            "MYDEX_MEDIA_URL": "http://127.0.0.1:\(server.port)/", "PATH": "/nowhere",
            "MYDEX_AUDIO_PLAYER": players.directory.appendingPathComponent("myplayer").path + " --quiet",
        ])
        let run = await environment.run("cry", "25")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try Data(contentsOf: players.received) == Self.fixture(Self.latestPath))
        #expect(try String(contentsOf: players.arguments, encoding: .utf8).hasPrefix("--quiet /"))
        #expect(run.standardError.isEmpty)
    }

    @Test("with no player on PATH: exit 1, one line that suggests --save")
    func noPlayer() async throws {
        let server = try Self.mediaServer()
        defer { server.stop() }
        let players = try PlayerFolder()
        // aplay plays Ogg as noise: though it would succeed here, it is never used.
        try players.addCopying("aplay")
        let environment = try Self.environment(server, path: players.directory.path)
        let run = await environment.run("cry", "25")
        #expect(!FileManager.default.fileExists(atPath: players.received.path))
        #expect(run.status == 1)
        #expect(run.standardError.split(separator: "\n").count == 1)
        #expect(run.standardError.contains("--save"))
    }

    @Test("a body that is not Ogg Vorbis (an HTML page) is a one-line error and saves nothing")
    func notOgg() async throws {
        let server = try TestHTTPServer { _ in
            .response(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>OggS? no</html>".utf8))
        }
        defer { server.stop() }
        let environment = try Self.environment(server)
        let run = await environment.run("cry", "25", "--save", "x.ogg")
        #expect(run.status == 1)
        #expect(run.standardError.split(separator: "\n").count == 1)
        #expect(run.standardError.contains("not an Ogg Vorbis file"))
        #expect(!FileManager.default.fileExists(atPath: environment.currentDirectory + "/x.ogg"))
        #expect(!FileManager.default.fileExists(atPath: environment.path(".cache/mydex/cries/25.ogg")))
    }

    @Test("a bad MYDEX_MEDIA_URL is a usage error")
    func badMediaURL() async throws {
        let environment = try TestEnvironment(environment: ["MYDEX_MEDIA_URL": "ftp://mirror"])
        let run = await environment.run("cry", "25", "--save", "x.ogg")
        #expect(run.status == 64)
        #expect(run.standardError.contains("MYDEX_MEDIA_URL"))
    }

    @Test("catch --cry plays the caught Pokémon's cry after printing; no player is a note, not a failed catch")
    func catchWithCry() async throws {
        let server = try Self.mediaServer()
        defer { server.stop() }
        let players = try PlayerFolder()
        try players.addCopying("ogg123")
        let environment = try Self.environment(server, path: players.directory.path)
        // Cached first: an offline catch uses the cache and makes no request.
        #expect(await environment.run("cry", "25", "--save", "cached.ogg").status == 0)
        let seed = String(Fixtures.seed(catching: 25))
        let caught = await environment.run("catch", "--offline", "--seed", seed, "--cry")
        #expect(caught.status == 0, "\(caught.standardError)")
        #expect(caught.standardOutput.contains("Caught Pikachu"))
        #expect(try String(contentsOf: players.arguments, encoding: .utf8).hasPrefix("-q /"))
        #expect(try Data(contentsOf: players.received) == Self.fixture(Self.latestPath))
        #expect(server.requests.count == 1)

        let silent = try Self.environment(server, path: "/nowhere")
        let again = await silent.run("catch", "--offline", "--seed", seed, "--cry")
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("Caught Pikachu"))
        #expect(again.standardError.contains("No cry played"))
    }

    @Test("Ctrl-C while a cry plays stops the player, tries no other, removes the file and exits 130")
    func interruptedPlayback() async throws {
        let server = try Self.mediaServer()
        defer { server.stop() }
        let players = try PlayerFolder()
        try players.addSlow("pw-play")
        try players.addCopying("paplay")
        let interrupts = SimulatedInterrupts()
        let environment = try TestEnvironment(transport: CurlTransport(), environment: [
            "MYDEX_MEDIA_URL": "http://127.0.0.1:\(server.port)/", "PATH": players.directory.path, "TMPDIR": players.directory.path,
        ])
        let run = Task { await environment.run(["cry", "25"]) { context, _ in context.interrupts = interrupts.interrupts } }
        guard let player = try await players.startedPlayer() else {
            let outcome = await run.value
            Issue.record("the slow player never started: exit \(outcome.status), \(outcome.standardError)")
            return
        }
        interrupts.press()
        let outcome = await run.value
        #expect(outcome.status == 130)
        #expect(outcome.standardError.isEmpty, "Ctrl-C needs no message: \(outcome.standardError)")
        #expect(kill(player, 0) != 0, "the player plays on after Ctrl-C")
        #expect(!FileManager.default.fileExists(atPath: players.arguments.path), "another player was tried after Ctrl-C")
        #expect(players.leftovers.isEmpty)
        #expect(!interrupts.isListening)
    }

    @Test("the real binary: SIGINT while a cry plays stops the player (which got the real Ogg) and exits 130")
    func interruptedBinary() async throws {
        let server = try Self.mediaServer()
        defer { server.stop() }
        let players = try PlayerFolder()
        try players.addSlow("pw-play")
        try players.addCopying("paplay")
        let home = try TestEnvironment()
        let child = try ChildProcess(try EndToEndTests.binary, ["cry", "25"], environment: [
            "HOME": home.directory.path, "MYDEX_MEDIA_URL": "http://127.0.0.1:\(server.port)/",
            "PATH": players.directory.path, "TMPDIR": players.directory.path,
        ])
        guard let player = try await players.startedPlayer() else {
            child.kill()
            let outcome = await child.outcome(timeout: 30)
            Issue.record("the slow player never started: exit \(outcome.status), \(outcome.standardError)")
            return
        }
        #expect(try Data(contentsOf: players.received) == Self.fixture(Self.latestPath))
        // mydex alone gets the signal, as from `kill -INT`: it must stop its player itself.
        child.kill(SIGINT)
        let outcome = await child.outcome(timeout: 30)
        #expect(outcome.status == 130 && outcome.signal == nil, "status \(outcome.status), signal \(String(describing: outcome.signal))")
        #expect(kill(player, 0) != 0, "the player plays on after mydex stopped")
        #expect(!FileManager.default.fileExists(atPath: players.arguments.path))
        #expect(players.leftovers.isEmpty)
    }

    @Test("Ogg Vorbis is recognised by its capture pattern and identification header")
    func oggCheck() throws {
        #expect(CryService.isOggVorbis(try Self.fixture(Self.latestPath)))
        #expect(!CryService.isOggVorbis(Data("OggS but no header".utf8)))
        #expect(!CryService.isOggVorbis(Data()))
        #expect(MediaURL.rewrite("https://raw.githubusercontent.com/PokeAPI/a.ogg", base: "http://m/") == "http://m/PokeAPI/a.ogg")
    }
}
