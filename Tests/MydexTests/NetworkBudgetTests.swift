import Foundation
import MydexCLI
import MydexServices
import MydexTestSupport
@testable import PokeAPI
import Synchronization
import Testing

/// MYDEX_TIMEOUT is a budget for the whole wait on PokeAPI: attempts, backoff and Retry-After.
@Suite("Network waits are bounded")
struct NetworkBudgetTests {
    private func client(
        _ transport: any HTTPTransport, clock: TestClock, budget: NetworkBudget?, deadline: Duration = .seconds(20)
    ) throws -> LivePokeAPIClient {
        try LivePokeAPIClient(
            baseURL: "http://pokeapi.test/api/v2", transport: transport, userAgent: "mydex/test",
            connectTimeout: .seconds(10), deadline: deadline, budget: budget,
            sleep: { try await clock.sleep(for: $0) }, unitRandom: { 0.5 }, now: { clock.now() })
    }

    private static let countBody = HTTPResponse(
        status: 200, contentType: "application/json", body: Data(#"{"count": 1025, "results": []}"#.utf8))

    @Test("A 429 asking for 30 s with 2 s of budget gives up at once: one attempt, no wait")
    func retryAfterBeyondBudget() async throws {
        let transport = ScriptedTransport([.status(429, retryAfter: "30")])
        let clock = TestClock()
        let api = try client(transport, clock: clock, budget: NetworkBudget(.seconds(2), scope: .shared))
        let error = await #expect(throws: PokeAPIError.self) { try await api.speciesCount() }
        #expect(error == .outOfTime(
            url: "http://pokeapi.test/api/v2/pokemon-species/?limit=1", limit: .seconds(2), attempts: 1,
            detail: "HTTP 429, Retry-After 30"))
        #expect(error?.isUnreachable == true, "catch must fall back to the built-in Pokédex")
        #expect(error?.reason == "HTTP 429, Retry-After 30; MYDEX_TIMEOUT=2 allows no more waiting")
        #expect(transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("Waits that fit in the budget are taken; the one that would pass it is not")
    func waitsWithinBudget() async throws {
        let transport = ScriptedTransport([.status(503, retryAfter: "1")])
        let clock = TestClock()
        let api = try client(transport, clock: clock, budget: NetworkBudget(.milliseconds(2500), scope: .shared))
        let error = await #expect(throws: PokeAPIError.self) { try await api.speciesCount() }
        guard case .outOfTime(_, _, let attempts, _) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        // Attempts at 0 s, 1 s and 2 s; a third wait would end at 3 s, past 2.5 s.
        #expect(attempts == 3)
        #expect(transport.requests.count == 3)
        #expect(clock.sleeps == [.seconds(1), .seconds(1)])
        #expect(clock.now() <= TestClock.start + 2.5)
    }

    @Test("A shared budget caps each attempt's deadline by what remains, across requests")
    func sharedBudgetShrinksDeadlines() async throws {
        let transport = ScriptedTransport([.status(503, retryAfter: "3"), .response(Self.countBody)])
        let clock = TestClock()
        let api = try client(transport, clock: clock, budget: NetworkBudget(.seconds(5), scope: .shared))
        #expect(try await api.speciesCount() == 1025)
        #expect(try await api.speciesCount() == 1025)
        #expect(transport.requests.map(\.deadline) == [.seconds(5), .seconds(2), .seconds(2)])
        #expect(transport.requests.map(\.connectTimeout) == [.seconds(5), .seconds(2), .seconds(2)])

        clock.advance(by: 2)
        let error = await #expect(throws: PokeAPIError.self) { try await api.speciesCount() }
        guard case .outOfTime(_, _, let attempts, _) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(attempts == 0)
        #expect(transport.requests.count == 3, "a request was sent with no budget left")
    }

    @Test("With a budget per request, each request gets all of it")
    func budgetPerRequest() async throws {
        let transport = ScriptedTransport([.response(Self.countBody)])
        let clock = TestClock()
        let api = try client(transport, clock: clock, budget: NetworkBudget(.seconds(2), scope: .eachRequest))
        _ = try await api.speciesCount()
        clock.advance(by: 60)
        _ = try await api.speciesCount()
        #expect(transport.requests.map(\.deadline) == [.seconds(2), .seconds(2)])
    }

    @Test("A silent server is cut off when the budget runs out, not at the longer per-attempt deadline")
    func silentServerCutOffByBudget() async throws {
        let server = try TestHTTPServer { _ in .silence }
        defer { server.stop() }
        let clock = TestClock()
        let api = try LivePokeAPIClient(
            baseURL: server.baseURL, transport: CurlTransport(), userAgent: "mydex/test",
            deadline: .seconds(60), budget: NetworkBudget(.seconds(1), scope: .shared),
            sleep: { try await clock.sleep(for: $0) }, unitRandom: { 0 }, now: { clock.now() })
        let started = ContinuousClock.now
        let error = await #expect(throws: PokeAPIError.self) { try await api.speciesCount() }
        #expect(error == .outOfTime(url: "\(server.baseURL)/pokemon-species/?limit=1", limit: .seconds(1), attempts: 1, detail: "no answer"))
        // Uncapped, the attempt would have run its 60 s and ended as `.timedOut`. Timed where it is
        // enforced, on the server's thread, which no other test's work on the cooperative pool delays.
        let served = try await Self.servingTime(of: server, since: started)
        #expect(served < .seconds(30), "served for \(served)")
    }

    /// How long the server served its first connection, once the client has hung up.
    static func servingTime(of server: TestHTTPServer, since started: ContinuousClock.Instant) async throws -> Duration {
        while server.servingTimes.isEmpty, ContinuousClock.now - started < .seconds(180) {
            try await Task.sleep(for: .milliseconds(50))
        }
        return try #require(server.servingTimes.first)
    }

    @Test("Cancelling the waiting task stops a transfer in flight")
    func cancellationStopsTransfer() async throws {
        let server = try TestHTTPServer { _ in .silence }
        defer { server.stop() }
        let api = try LivePokeAPIClient(
            baseURL: server.baseURL, transport: CurlTransport(), userAgent: "mydex/test", deadline: .seconds(120),
            sleep: { try await Task.sleep(for: $0) }, unitRandom: { 0 }, now: { Date() })
        let started = ContinuousClock.now
        let task = Task { () async throws(PokeAPIError) -> Int in try await api.speciesCount() }
        for _ in 0..<500 where server.requests.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        #expect(server.requests.count == 1)
        task.cancel()
        let result = await task.result
        #expect(throws: PokeAPIError.cancelled(url: "\(server.baseURL)/pokemon-species/?limit=1")) { try result.get() }
        // The transfer stopped long before its 120 s deadline, as the server saw it.
        let served = try await Self.servingTime(of: server, since: started)
        #expect(served < .seconds(60), "the transfer ran to its deadline (served for \(served))")
    }

    @Test("catch with MYDEX_TIMEOUT=2 against a 429 asking for 30 s: one attempt, then the built-in Pokédex")
    func catchWithinBudget() async throws {
        let transport = ScriptedTransport([.status(429, retryAfter: "30")])
        let environment = try TestEnvironment(transport: transport, environment: ["MYDEX_TIMEOUT": "2"])
        let run = await environment.run("catch")
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("Caught "))
        #expect(run.standardError.contains("HTTP 429, Retry-After 30; MYDEX_TIMEOUT=2 allows no more waiting"))
        #expect(run.standardError.contains("caught from the built-in Pokédex"))
        #expect(transport.requests.count == 1)
        #expect(environment.clock.sleeps.isEmpty)
    }

    @Test("catch with the default 20 s: the capped Retry-After is waited once, the next would pass the budget")
    func catchDefaultBudget() async throws {
        let transport = ScriptedTransport([.status(429, retryAfter: "30")])
        let environment = try TestEnvironment(transport: transport)
        let run = await environment.run("catch")
        #expect(run.status == 0)
        #expect(transport.requests.count == 2)
        #expect(environment.clock.sleeps == [RetryPolicy().maxRetryAfter])
        #expect(environment.clock.sleeps.reduce(.zero, +) < .seconds(20))
    }

    @Test("dex sync gives MYDEX_TIMEOUT to each request: a sync longer than it in all completes")
    func syncBudgetPerRequest() async throws {
        let synthetic = SyntheticTransport(SyntheticPokeAPI(count: 6))
        let clock = Mutex<TestClock?>(nil)
        // Every answer takes 1.5 s of the test clock: more than 2 s in all, less per request.
        let slow = SlowTransport(synthetic) { clock.withLock { $0?.advance(by: 1.5) } }
        let environment = try TestEnvironment(transport: slow, environment: ["MYDEX_TIMEOUT": "2"])
        clock.withLock { $0 = environment.clock }
        let run = await environment.run("dex", "sync")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("Synced 6 of 6 species (6 fetched)"))
        #expect(environment.clock.now() > TestClock.start + 2)
    }
}

/// Runs `delay` (e.g. moving a test clock) before each answer of `inner`.
struct SlowTransport: HTTPTransport {
    let inner: any HTTPTransport
    let delay: @Sendable () -> Void

    init(_ inner: any HTTPTransport, delay: @escaping @Sendable () -> Void) {
        self.inner = inner
        self.delay = delay
    }

    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        delay()
        return try await inner.get(request)
    }
}
