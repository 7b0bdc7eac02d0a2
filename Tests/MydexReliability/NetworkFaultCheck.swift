import Foundation
import MydexTestSupport

/// 3. `mydex catch` against a local server that fails in every way a network can. Each run must
/// end in bounded time with one line on stderr: the offline fallback for an unreachable or
/// too-slow PokeAPI (exit 0), a clear error for a broken one (exit 1). The database gains the
/// catch or nothing.
enum NetworkFaultCheck {
    enum Expected: String {
        case fallback = "built-in fallback, exit 0"
        case failure = "error, exit 1"
    }

    struct Scenario {
        var name: String
        /// nil: nothing listens on the port (connection refused).
        var reply: LocalHTTPServer.Reply?
        var expected: Expected
    }

    static func scenarios() -> [Scenario] {
        let json = ["Content-Type": "application/json"]
        var garbageGenerator = SystemRandomNumberGenerator()
        let garbage = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &garbageGenerator) })
        let big = Data(repeating: UInt8(ascii: " "), count: 64 * 1024 * 1024)
        let body = Data(#"{"count": 1025, "results": []}"#.utf8)
        return [
            Scenario(name: "500", reply: .response(status: 500), expected: .fallback),
            Scenario(name: "503 with Retry-After: 2", reply: .response(status: 503, headers: ["Retry-After": "2"]), expected: .fallback),
            Scenario(name: "429 with Retry-After: 1", reply: .response(status: 429, headers: ["Retry-After": "1"]), expected: .fallback),
            Scenario(name: "404", reply: .response(status: 404, headers: ["Content-Type": "text/plain"], body: Data("Not Found".utf8)), expected: .failure),
            Scenario(name: "HTML page", reply: .response(status: 200, headers: ["Content-Type": "text/html"], body: Data("<!doctype html><title>Sign in to Wi-Fi</title>".utf8)), expected: .failure),
            Scenario(name: "empty body", reply: .response(status: 200, headers: json), expected: .failure),
            Scenario(name: "garbage bytes", reply: .raw(garbage), expected: .failure),
            Scenario(name: "truncated body", reply: .raw(Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{\"count\": 10".utf8)), expected: .fallback),
            Scenario(name: "64 MB body", reply: .response(status: 200, headers: json, body: big), expected: .failure),
            Scenario(name: "64 MB body, no length", reply: .raw(Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8) + big), expected: .failure),
            Scenario(name: "one byte a second", reply: .drip(status: 200, body: body, interval: .seconds(1)), expected: .fallback),
            Scenario(name: "never answers", reply: .silence, expected: .fallback),
            Scenario(name: "connection refused", reply: nil, expected: .fallback),
        ]
    }

    static func run(_ workspace: Workspace) throws -> CheckResult {
        var result = CheckResult("Network faults")
        let deadline = workspace.scale.networkDeadline
        result.figure("network budget of a command (MYDEX_TIMEOUT)", "\(deadline) s")
        var worst = (seconds: 0.0, name: "")
        for scenario in scenarios() {
            let server: LocalHTTPServer
            if let reply = scenario.reply {
                server = try LocalHTTPServer { _ in reply }
            } else {
                server = try LocalHTTPServer { _ in .silence }
                server.stop()
            }
            defer { server.stop() }
            let (path, runner) = try workspace.database("network")
            let audit = DatabaseAudit(path: path)
            let before = try audit.snapshot()
            let outcome = try runner.with(["MYDEX_API_URL": server.baseURL, "MYDEX_TIMEOUT": String(deadline)])
                .run(["catch"], timeout: Double(deadline) * 6 + 60)
            let after = try audit.snapshot()
            if outcome.seconds > worst.seconds { worst = (outcome.seconds, scenario.name) }
            let lines = outcome.errorLines
            var verdict = "\(scenario.expected.rawValue), \(String(format: "%.1f", outcome.seconds)) s"
            switch scenario.expected {
            case _ where outcome.crashed || outcome.timedOut:
                result.problem("\(scenario.name): crashed or hung (\(outcome.signal.map(String.init) ?? "timeout"))")
            case .fallback:
                if outcome.status != 0 || lines.count != 1 || !lines[0].contains("built-in Pokédex") {
                    result.problem("\(scenario.name): expected the offline fallback, got \(outcome.status): \(outcome.standardError)")
                }
                if after.entries.count != before.entries.count + 1 || after.history.count != before.history.count + 1 {
                    result.problem("\(scenario.name): the fallback catch was not recorded exactly once")
                }
            case .failure:
                if outcome.status != 1 || lines.count != 1 || !lines[0].hasPrefix("Error: ") {
                    result.problem("\(scenario.name): expected one error line and exit 1, got \(outcome.status): \(outcome.standardError)")
                }
                if after != before {
                    result.problem("\(scenario.name): the database changed although the catch failed")
                }
                verdict += ": " + workspace.redact(lines.first ?? "").replacingOccurrences(of: server.baseURL, with: "<api>")
            }
            result.figure(scenario.name, verdict)
        }
        result.figure("worst time", String(format: "%.1f s (%@)", worst.seconds, worst.name))
        return result
    }
}
