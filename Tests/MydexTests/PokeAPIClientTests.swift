import Foundation
import MydexTestSupport
@testable import PokeAPI
import Synchronization
import Testing

/// The libcurl client against a real local HTTP server, good and bad.
@Suite("PokeAPI over libcurl")
struct PokeAPIClientTests {
    /// Records the waits instead of sleeping, so retries are fast and checkable.
    final class Waits: Sendable {
        let log = Mutex<[Duration]>([])
        var all: [Duration] { log.withLock { $0 } }
        func record(_ duration: Duration) { log.withLock { $0.append(duration) } }
    }

    private func client(
        _ server: TestHTTPServer, deadline: Duration = .seconds(30), waits: Waits = Waits()
    ) throws -> LivePokeAPIClient {
        // Generous limits: on a loaded machine a loopback answer can take seconds, and these
        // tests check what is retried and reported, not how fast (the drip test sets its own).
        try LivePokeAPIClient(
            baseURL: server.baseURL, transport: CurlTransport(), userAgent: "mydex/test",
            connectTimeout: .seconds(10), deadline: deadline,
            sleep: { waits.record($0) }, unitRandom: { 0.5 }, now: { Date(timeIntervalSince1970: 0) })
    }

    /// Answers the scripted replies in order, then the last one again.
    private func scripted(_ replies: [TestHTTPServer.Reply]) throws -> TestHTTPServer {
        let index = Mutex(0)
        return try TestHTTPServer { _ in
            index.withLock { i in
                defer { i += 1 }
                return replies[min(i, replies.count - 1)]
            }
        }
    }

    @Test("200: decodes real PokeAPI bodies, sends the User-Agent, skips moves")
    func success() async throws {
        let server = try TestHTTPServer(handler: Fixtures.reply)
        defer { server.stop() }
        let api = try client(server)
        let mew = try await api.pokemon(id: 151)
        #expect(mew.name == "mew")
        #expect(mew.types.map(\.type.name) == ["psychic"])
        let species = try await api.species(id: 25)
        #expect(species.names.contains { $0.language.name == "ko" && $0.name == "피카츄" })
        #expect(species.generationNumber == 1)
        #expect(try await api.speciesCount() == 1025)
        #expect(server.requests.first?.headers["user-agent"] == "mydex/test")
        #expect(server.requests.first?.headers["accept-encoding"]?.contains("gzip") == true)
    }

    @Test("404 fails at once, without retrying")
    func notFound() async throws {
        let server = try TestHTTPServer(handler: Fixtures.reply)
        defer { server.stop() }
        await #expect(throws: PokeAPIError.notFound(url: "\(server.baseURL)/pokemon/99999/")) {
            try await client(server).pokemon(id: 99999)
        }
        #expect(server.requests.count == 1)
    }

    @Test("500 then 200: retried with backoff and succeeds")
    func serverErrorThenSuccess() async throws {
        let body = try Fixtures.data("pokemon/25")
        let server = try scripted([.response(status: 500), .response(status: 503), .json(body)])
        defer { server.stop() }
        let waits = Waits()
        let pikachu = try await client(server, waits: waits).pokemon(id: 25)
        #expect(pikachu.name == "pikachu")
        #expect(server.requests.count == 3)
        // Full jitter at 0.5: half of 250 ms, then half of 500 ms.
        #expect(waits.all == [.milliseconds(125), .milliseconds(250)])
    }

    @Test("429 with Retry-After: waits what the server asks (capped), then succeeds")
    func tooManyRequests() async throws {
        let body = try Fixtures.data("pokemon/25")
        let server = try scripted([
            .response(status: 429, headers: ["Retry-After": "3"]),
            .response(status: 429, headers: ["Retry-After": "3600"]),
            .json(body),
        ])
        defer { server.stop() }
        let waits = Waits()
        _ = try await client(server, waits: waits).pokemon(id: 25)
        #expect(waits.all == [.seconds(3), RetryPolicy().maxRetryAfter])
    }

    @Test("Persistent 5xx gives up after the last attempt with a clear message")
    func retriesExhausted() async throws {
        let server = try scripted([.response(status: 502)])
        defer { server.stop() }
        let api = try client(server)
        let error = await failure { () async throws(PokeAPIError) in try await api.pokemon(id: 25) }
        #expect(error == .unreachable(url: "\(server.baseURL)/pokemon/25/", detail: "HTTP 502", attempts: 4))
        #expect(error?.isUnreachable == true)
        #expect(server.requests.count == RetryPolicy().maxAttempts)
    }

    @Test("An HTML page is an error that says so, not a crash")
    func htmlBody() async throws {
        let server = try scripted([.response(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html><body>Welcome to nginx</body></html>".utf8))])
        defer { server.stop() }
        await #expect(throws: PokeAPIError.notJSON(url: "\(server.baseURL)/pokemon/25/", contentType: "text/html")) {
            try await client(server).pokemon(id: 25)
        }
    }

    @Test("Malformed or unexpected JSON is an error naming what is wrong")
    func undecodable() async throws {
        let server = try scripted([.json(Data(#"{"id": 25, "name": "pikachu"}"#.utf8))])
        defer { server.stop() }
        let api = try client(server)
        let error = await failure { () async throws(PokeAPIError) in try await api.pokemon(id: 25) }
        guard case .undecodable(_, let detail) = error else { Issue.record("unexpected \(String(describing: error))"); return }
        #expect(detail.contains("missing height"))
    }

    @Test("A truncated body is retried, then reported")
    func truncatedBody() async throws {
        let truncated = Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{\"id\": 25, \"na".utf8)
        let server = try scripted([.raw(truncated)])
        defer { server.stop() }
        let api = try client(server)
        let error = await failure { () async throws(PokeAPIError) in try await api.pokemon(id: 25) }
        guard case .unreachable(_, _, let attempts) = error else { Issue.record("unexpected \(String(describing: error))"); return }
        #expect(attempts == 4)
    }

    @Test("A server dripping one byte at a time is cut off at the deadline")
    func slowDrip() async throws {
        let server = try scripted([.drip(status: 200, body: try Fixtures.data("pokemon/25"), interval: .milliseconds(200))])
        defer { server.stop() }
        let started = ContinuousClock.now
        await #expect(throws: PokeAPIError.timedOut(url: "\(server.baseURL)/pokemon/25/", after: .seconds(1))) {
            try await client(server, deadline: .seconds(1)).pokemon(id: 25)
        }
        // The body alone would take over five hours at this pace. The awaiting task may wait long
        // for a cooperative thread while other tests keep both busy (the whole test took up to 45 s
        // with the machine's load at 17): generous slack for that.
        #expect(ContinuousClock.now - started < .seconds(300))
        #expect(server.requests.count == 1, "a timeout is not retried")
        // The mechanism, timed where no other test can delay it: the server's thread sees the
        // client hang up just after the deadline (the next byte after it fails to send).
        while server.servingTimes.isEmpty, ContinuousClock.now - started < .seconds(300) {
            try await Task.sleep(for: .milliseconds(50))
        }
        let served = try #require(server.servingTimes.first)
        #expect(served >= .milliseconds(900) && served < .seconds(10), "served for \(served)")
    }

    @Test("A body over the size cap is refused")
    func bodyTooLarge() async throws {
        let huge = Data(repeating: UInt8(ascii: " "), count: 17 * 1024 * 1024)
        let server = try scripted([.json(huge)])
        defer { server.stop() }
        await #expect(throws: PokeAPIError.bodyTooLarge(url: "\(server.baseURL)/pokemon/25/", limit: 16 * 1024 * 1024)) {
            try await client(server).pokemon(id: 25)
        }
    }

    @Test("A refused connection is retried, then reported as unreachable")
    func connectionRefused() async throws {
        let server = try TestHTTPServer { _ in .silence }
        let baseURL = server.baseURL
        server.stop()  // nothing listens on that port any more
        let api = try LivePokeAPIClient(
            baseURL: baseURL, transport: CurlTransport(), userAgent: "mydex/test",
            sleep: { _ in }, unitRandom: { 0 }, now: { Date() })
        let error = await failure { () async throws(PokeAPIError) in try await api.speciesCount() }
        #expect(error?.isUnreachable == true)
        #expect(error?.description.contains("after 4 attempts") == true)
    }

    @Test("Only http and https base URLs are accepted", arguments: [
        "ftp://pokeapi.co/api/v2", "file:///etc/passwd", "pokeapi.co/api/v2", "", "https://", "gopher://x",
    ])
    func invalidBaseURL(url: String) {
        #expect(throws: PokeAPIError.invalidBaseURL(url)) { try LivePokeAPIClient.validated(url) }
    }

    @Test("Nulls PokeAPI really sends are accepted")
    func nullableFields() throws {
        var json = try JSONSerialization.jsonObject(with: Fixtures.data("pokemon/25")) as! [String: Any]
        json["base_experience"] = NSNull()
        json["cries"] = ["latest": NSNull(), "legacy": NSNull()]
        var sprites = json["sprites"] as! [String: Any]
        sprites["front_default"] = NSNull()
        sprites["front_shiny"] = NSNull()
        json["sprites"] = sprites
        let pokemon = try JSONDecoder().decode(PokemonResource.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(pokemon.baseExperience == nil)
        #expect(pokemon.cries?.legacy == nil)

        var species = try JSONSerialization.jsonObject(with: Fixtures.data("pokemon-species/151")) as! [String: Any]
        species["habitat"] = NSNull()
        let decoded = try JSONDecoder().decode(SpeciesResource.self, from: JSONSerialization.data(withJSONObject: species))
        #expect(decoded.habitat == nil)
        #expect(decoded.isMythical)
    }
}
