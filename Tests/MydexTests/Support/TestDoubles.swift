import Foundation
import MydexServices
import PokeAPI
import Synchronization
import Testing

/// A clock that starts at a fixed moment, never really sleeps, and records what was asked.
final class TestClock: MydexClock {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    private let state = Mutex<(now: Date, sleeps: [Duration])>((TestClock.start, []))

    init() {}

    func now() -> Date { state.withLock { $0.now } }

    func sleep(for duration: Duration) async throws {
        state.withLock {
            $0.sleeps.append(duration)
            $0.now += Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
    }

    func advance(by seconds: TimeInterval) { state.withLock { $0.now += seconds } }

    var sleeps: [Duration] { state.withLock { $0.sleeps } }
}

/// The default network of a test context: reaching it fails the test.
struct UnstubbedTransport: HTTPTransport {
    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        Issue.record("The test reached the network without stubbing it: GET \(request.url)")
        throw .failed("the network is not stubbed in this test")
    }
}

/// Serves the PokeAPI fixtures in-process and counts the requests.
final class FixtureTransport: HTTPTransport {
    private let log = Mutex<[String]>([])
    /// Paths (after the base URL) that answer with this status instead of the fixture.
    private let overrides: [String: HTTPResponse]

    init(overrides: [String: HTTPResponse] = [:]) { self.overrides = overrides }

    var requestedURLs: [String] { log.withLock { $0 } }

    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        log.withLock { $0.append(request.url) }
        guard let range = request.url.range(of: "/api/v2/") else {
            return HTTPResponse(status: 404)
        }
        let path = String(request.url[range.upperBound...])
        if let override = overrides[path] { return override }
        guard let body = Fixtures.body(forAPIPath: path) else { return HTTPResponse(status: 404, contentType: "text/plain") }
        return HTTPResponse(status: 200, contentType: "application/json", body: body)
    }
}

/// A transport that is never reachable, as when offline.
struct UnreachableTransport: HTTPTransport {
    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        throw .connectionFailed("Could not resolve host: pokeapi.test")
    }
}
