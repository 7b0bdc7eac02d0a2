import ArgumentParser
import Foundation
import MydexCLI
import MydexServices
import MydexTestSupport
import PokeAPI

/// 8. For a fixed time budget: PokeAPI's decoders fed mutated real responses, and the argument
/// parser (and, for some, the whole command) fed random argument lists. A crash ends the run.
enum FuzzCheck {
    /// The real PokeAPI responses kept with the tests.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/MydexTests/Fixtures/pokeapi/v2")

    static func fixture(_ resource: String) -> Data? {
        try? Data(contentsOf: fixtures.appendingPathComponent(resource).appendingPathComponent("index.json"))
    }

    static func run(_ workspace: Workspace) throws -> CheckResult {
        var result = CheckResult("Fuzzing")
        let budget = workspace.scale.fuzzSeconds
        let decoded = try fuzzDecoders(seconds: budget)
        result.figure("decoder inputs (mutated real responses) in \(Int(budget)) s", "\(decoded.inputs), \(decoded.accepted) still decoded, the rest rejected with an error")
        let pictures = fuzzPictures(seconds: budget / 4)
        result.figure(
            "PNG decoder inputs (mutated real 96×96 sprites) in \(String(format: "%g", budget / 4)) s",
            "\(pictures.inputs), \(pictures.accepted) still decoded, the rest rejected with an error")
        let parsed = try fuzzArguments(seconds: budget, workspace: workspace)
        result.figure("random argument lists in \(Int(budget)) s", "\(parsed.lists) parsed, \(parsed.executed) also run; exit statuses \(parsed.statuses)")
        if let bad = parsed.unexpected { result.problem(bad) }
        return result
    }

    // MARK: Decoders

    /// The real PokeAPI sprites kept with the tests (`sprite --big` decodes such files).
    static let pictureFixtures = fixtures.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("media/PokeAPI/sprites/master/sprites/pokemon")

    /// The PNG decoder's entry point (libpng's simplified API) fed mutated real sprites: each is
    /// a picture or an error with a reason, never a crash.
    static func fuzzPictures(seconds: Double) -> (inputs: Int, accepted: Int) {
        let originals = ["150.png", "shiny/150.png"].compactMap { try? Data(contentsOf: pictureFixtures.appendingPathComponent($0)) }
        guard !originals.isEmpty else { return (0, 0) }
        var generator = SystemRandomNumberGenerator()
        var (inputs, accepted) = (0, 0)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let original = originals[Int.random(in: 0..<originals.count, using: &generator)]
            if (try? BigSpriteService.decode(mutateBytes(original, &generator))) != nil { accepted += 1 }
            inputs += 1
        }
        return (inputs, accepted)
    }

    /// Each mutated response is served to a `LivePokeAPIClient` (through a transport that answers
    /// with it) and asked for with the client's public method for that resource, so the fuzzing
    /// goes through the client's own checks (content type, JSON sniffing) and its decoding.
    static func fuzzDecoders(seconds: Double) throws -> (inputs: Int, accepted: Int) {
        typealias Request = @Sendable (LivePokeAPIClient) async throws(PokeAPIError) -> Void
        let samples: [(String, Request)] = [
            ("pokemon/25", { client throws(PokeAPIError) in _ = try await client.pokemon(id: 25) }),
            ("pokemon/1", { client throws(PokeAPIError) in _ = try await client.pokemon(id: 1) }),
            ("pokemon-species/25", { client throws(PokeAPIError) in _ = try await client.species(id: 25) }),
            ("pokemon-species/151", { client throws(PokeAPIError) in _ = try await client.species(id: 151) }),
            ("type/13", { client throws(PokeAPIError) in _ = try await client.type("13") }),
            ("type", { client throws(PokeAPIError) in _ = try await client.typeList() }),
            ("pokemon-species", { client throws(PokeAPIError) in _ = try await client.speciesCount() }),
        ]
        let inputs = try samples.map { name, request -> (Data, Request) in
            guard let data = fixture(name) else { throw SuiteError("missing fixture \(name) under \(fixtures.path)") }
            return (data, request)
        }
        return try blocking {
            var generator = SystemRandomNumberGenerator()
            let deadline = Date().addingTimeInterval(seconds)
            var count = 0, accepted = 0
            while Date() < deadline {
                let (original, request) = inputs[Int.random(in: 0..<inputs.count, using: &generator)]
                let mutated = Bool.random(using: &generator)
                    ? mutateBytes(original, &generator) : mutateStructure(original, &generator) ?? mutateBytes(original, &generator)
                let contentType = ["application/json", "application/json; charset=utf-8", "text/html", nil].randomElement(using: &generator) ?? nil
                let client = try LivePokeAPIClient(
                    baseURL: "http://pokeapi.fuzz/api/v2",
                    transport: CannedTransport(response: HTTPResponse(status: 200, contentType: contentType, body: mutated)),
                    userAgent: "mydex-fuzz", retryPolicy: RetryPolicy(maxAttempts: 1),
                    sleep: { _ in }, unitRandom: { 0 }, now: { Date() })
                count += 1
                do {
                    try await request(client)
                    accepted += 1
                } catch {}
            }
            return (count, accepted)
        }
    }

    /// Answers every request with the same response.
    struct CannedTransport: HTTPTransport {
        let response: HTTPResponse
        func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse { response }
    }

    /// Flips, deletes, inserts and duplicates bytes, or truncates.
    static func mutateBytes(_ data: Data, _ generator: inout SystemRandomNumberGenerator) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<Int.random(in: 1...8, using: &generator) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            case 1: bytes.remove(at: at)
            case 2: bytes.insert(Array("{}[]\",:0-9e.\\nultrf\u{0}".utf8).randomElement(using: &generator) ?? 0, at: at)
            case 3: bytes = Array(bytes.prefix(at))
            case 4: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 64)], at: at)
            default: bytes[at] = UInt8.random(in: 0...255, using: &generator)
            }
        }
        return Data(bytes)
    }

    /// Replaces one value somewhere in the JSON with a value of another kind.
    static func mutateStructure(_ data: Data, _ generator: inout SystemRandomNumberGenerator) -> Data? {
        guard var json = try? JSONSerialization.jsonObject(with: data) else { return nil }
        let replacements: [Any] = [NSNull(), [], [:] as [String: Any], "x", -1, Int.max, 1.5e300, true, String(repeating: "é", count: 1000), [NSNull()]]
        func mutate(_ value: inout Any, depth: Int) {
            if depth > 0, Int.random(in: 0..<4, using: &generator) == 0 || !(value is [String: Any] || value is [Any]) {
                value = replacements.randomElement(using: &generator) ?? NSNull()
                return
            }
            if var object = value as? [String: Any], let key = object.keys.randomElement(using: &generator) {
                if Int.random(in: 0..<10, using: &generator) == 0 {
                    object[key] = nil
                } else if var child = object[key] {
                    mutate(&child, depth: depth + 1)
                    object[key] = child
                }
                value = object
            } else if var array = value as? [Any], !array.isEmpty {
                let index = Int.random(in: 0..<array.count, using: &generator)
                mutate(&array[index], depth: depth + 1)
                value = array
            }
        }
        mutate(&json, depth: 0)
        return try? JSONSerialization.data(withJSONObject: json)
    }

    // MARK: Arguments

    static let vocabulary = [
        "catch", "list", "show", "release", "nickname", "favorite", "unfavorite", "history", "backup", "restore", "dex",
        "search", "stats", "sync", "help", "--json", "--db", "--api-url", "--lang", "--seed", "--generation", "--weighted",
        "--offline", "--sort", "--reverse", "--favorites", "--all", "--force", "--clear", "--limit", "--offset", "--keep",
        "--type", "--caught", "--missing", "--max-age", "--concurrency", "-h", "--help", "--version", "--", "-",
        "unrelease", "--duplicates", "--dry-run", "--yes", "--list", "2-5", "9-1", "1-99999999",
        "1", "0", "-1", "25", "151", "99999999999999999999", "1.5", "dex", "name", "ko", "ja-Hrkt", "fire", "물", "",
        " ", "\u{1B}[31m", "\u{202E}", "👨‍👩‍👧", "피카", "' OR 1=1 --", "%", "/", "/dev/null", ".", "..", "--db=", "-x",
    ]

    static func fuzzArguments(seconds: Double, workspace: Workspace) throws -> (lists: Int, executed: Int, statuses: String, unexpected: String?) {
        let folder = try workspace.folder("fuzz-arguments")
        let database = folder.appendingPathComponent("mydex.sqlite").path
        try FileManager.default.copyItem(atPath: workspace.template.path, toPath: database)
        var generator = SystemRandomNumberGenerator()
        let deadline = Date().addingTimeInterval(seconds)
        var lists = 0, executed = 0
        var statuses: [Int32: Int] = [:]
        var unexpected: String?
        let child = MydexRunner(
            binary: workspace.binary,
            environment: Workspace.baseEnvironment(home: folder, database: database).merging(["MYDEX_OFFLINE": "1"]) { _, new in new },
            scratch: workspace.runs)
        while Date() < deadline {
            var arguments = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                Int.random(in: 0..<8, using: &generator) == 0
                    ? String((0..<Int.random(in: 0...12, using: &generator)).map { _ in
                        Character(Unicode.Scalar(UInt32.random(in: 1...0x2FFF, using: &generator)) ?? "?") })
                    : vocabulary.randomElement(using: &generator) ?? ""
            }
            // Keep runs local: never the network, never another database.
            arguments.removeAll { $0 == "sync" || $0.hasPrefix("--db") || $0 == "--api-url" }
            lists += 1
            _ = try? Mydex.parseAsRoot(arguments)
            guard lists % 8 == 0 else { continue }
            executed += 1
            let status: Int32
            if arguments.contains("backup") {
                // `backup PATH` writes where PATH says, relative to the working directory: in a
                // child process, which has its own, never in this one's (the checkout under `swift test`).
                status = try child.run(arguments, timeout: 120).status
            } else {
                let captured = CapturedOutput()
                let context = MydexContext(
                    environment: ["MYDEX_DB": database, "MYDEX_OFFLINE": "1", "HOME": folder.path],
                    homeDirectory: folder.path, currentDirectory: folder.path, output: captured.output(), clock: SystemClock(), random: .system,
                    transport: OfflineTransport(), busyTimeout: 5)
                let runArguments = arguments
                // This check runs on a thread of its own (never a cooperative one): it may wait here.
                status = try blocking { await Mydex.run(arguments: runArguments, context: context) }
            }
            statuses[status, default: 0] += 1
            if ![0, 1, 64].contains(status) {
                unexpected = "\(arguments.map(\.debugDescription)) exited \(status)"
            }
        }
        let summary = statuses.keys.sorted().map { "\($0): \(statuses[$0] ?? 0)" }.joined(separator: ", ")
        return (lists, executed, summary, unexpected)
    }

    /// A network that is never there.
    struct OfflineTransport: HTTPTransport {
        func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            throw .connectionFailed("offline (fuzzing)")
        }
    }
}
