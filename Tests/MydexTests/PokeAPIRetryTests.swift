import Foundation
import Synchronization
import Testing
import MydexTestSupport
@testable import PokeAPI

/// How the PokeAPI client waits, retries, gives up and explains itself; and what libcurl does
/// with redirects, other protocols and oversized bodies.
@Suite("PokeAPI retries and errors")
struct PokeAPIRetryTests {
    /// Answers scripted results in order (the last one again once they run out) and records
    /// the requests; never touches the network.
    final class ScriptedTransport: HTTPTransport {
        private let script: [Result<HTTPResponse, TransportError>]
        private let log = Mutex<[String]>([])

        init(_ script: [Result<HTTPResponse, TransportError>]) { self.script = script }

        var urls: [String] { log.withLock { $0 } }

        func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            let index = log.withLock { log in
                log.append(request.url)
                return min(log.count - 1, script.count - 1)
            }
            return try script[index].get()
        }
    }

    final class Waits: Sendable {
        let log = Mutex<[Duration]>([])
        var all: [Duration] { log.withLock { $0 } }
    }

    static let base = "http://pokeapi.test/api/v2"
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    private func client(
        _ transport: any HTTPTransport, policy: RetryPolicy = RetryPolicy(), waits: Waits = Waits(),
        sleep: (@Sendable (Duration) async throws -> Void)? = nil
    ) throws(PokeAPIError) -> LivePokeAPIClient {
        try LivePokeAPIClient(
            baseURL: Self.base, transport: transport, userAgent: "mydex/test", retryPolicy: policy,
            sleep: sleep ?? { duration in waits.log.withLock { $0.append(duration) } },
            unitRandom: { 1 }, now: { Self.now })
    }

    private static func json(_ text: String, contentType: String? = "application/json") -> Result<HTTPResponse, TransportError> {
        .success(HTTPResponse(status: 200, contentType: contentType, body: Data(text.utf8)))
    }

    // MARK: Waiting

    @Test("Backoff doubles from 250 ms up to a 4 s ceiling, scaled by the jitter")
    func backoff() {
        let policy = RetryPolicy()
        #expect((1...6).map { policy.backoff(afterAttempt: $0, unitRandom: 1) }
            == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(4)])
        #expect(policy.backoff(afterAttempt: 60, unitRandom: 1) == .seconds(4))
        #expect(policy.backoff(afterAttempt: 3, unitRandom: 0.25) == .milliseconds(250))
        // A random source out of range cannot make a negative or longer wait.
        #expect(policy.backoff(afterAttempt: 2, unitRandom: -3) == .zero)
        #expect(policy.backoff(afterAttempt: 2, unitRandom: 7) == .milliseconds(500))
    }

    @Test("Retry-After in seconds or as an HTTP date, capped; nonsense is ignored")
    func retryAfter() {
        let policy = RetryPolicy(maxRetryAfter: .seconds(60))
        #expect(policy.retryAfterDelay("5", now: Self.now) == .seconds(5))
        #expect(policy.retryAfterDelay(" 7 ", now: Self.now) == .seconds(7))
        #expect(policy.retryAfterDelay("-3", now: Self.now) == .zero)
        #expect(policy.retryAfterDelay("86400", now: Self.now) == .seconds(60))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        #expect(policy.retryAfterDelay(formatter.string(from: Self.now + 30), now: Self.now) == .seconds(30))
        #expect(policy.retryAfterDelay(formatter.string(from: Self.now + 3600), now: Self.now) == .seconds(60))
        #expect(policy.retryAfterDelay(formatter.string(from: Self.now - 30), now: Self.now) == .zero)
        // RFC 9110's own example, read without a formatter.
        let rfcExample = Date(timeIntervalSince1970: 784_111_777)
        #expect(policy.retryAfterDelay("Sun, 06 Nov 1994 08:49:37 GMT", now: rfcExample - 20) == .seconds(20))
        for malformed in ["Sun, 06 Nov 1994 08:49:37 PST", "Sun, 31 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:49:37 GMT"] {
            #expect(policy.retryAfterDelay(malformed, now: rfcExample) == nil)
        }
        for nonsense in [nil, "", "   ", "soon", "Tomorrow at noon"] {
            #expect(policy.retryAfterDelay(nonsense, now: Self.now) == nil)
        }
    }

    @Test("A 503 with an HTTP-date Retry-After waits until then, and says nothing when it then succeeds")
    func retryAfterDate() async throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        let transport = ScriptedTransport([
            .success(HTTPResponse(status: 503, retryAfter: formatter.string(from: Self.now + 2))),
            Self.json(#"{"count": 1025}"#),
        ])
        let waits = Waits()
        #expect(try await client(transport, waits: waits).speciesCount() == 1025)
        #expect(waits.all == [.seconds(2)])
        #expect(transport.urls == ["\(Self.base)/pokemon-species/?limit=1", "\(Self.base)/pokemon-species/?limit=1"])
    }

    @Test("Cancelled while waiting to retry: unreachable, after the attempts made")
    func cancelledWhileWaiting() async throws {
        let transport = ScriptedTransport([.failure(.connectionFailed("Connection refused"))])
        let api = try client(transport, sleep: { _ in throw CancellationError() })
        let error = await failure { () async throws(PokeAPIError) in try await api.pokemon(id: 25) }
        #expect(error == .unreachable(
            url: "\(Self.base)/pokemon/25/", detail: "Connection refused; cancelled while waiting to retry", attempts: 1))
        #expect(transport.urls.count == 1)
    }

    // MARK: Giving up

    @Test("4xx other than 404 and 429 fail at once with the status")
    func otherClientErrors() async throws {
        for status in [400, 401, 403, 410, 418] {
            let transport = ScriptedTransport([.success(HTTPResponse(status: status))])
            let error = await failure { () async throws(PokeAPIError) in try await client(transport).species(id: 1) }
            #expect(error == .httpStatus(status, url: "\(Self.base)/pokemon-species/1/"))
            #expect(error?.isUnreachable == false)
            #expect(transport.urls.count == 1, "HTTP \(status) was retried")
        }
    }

    @Test("A transport failure that is not the network's (TLS, bad URL) is not retried")
    func transportFailure() async throws {
        let transport = ScriptedTransport([.failure(.failed("SSL certificate problem: self-signed certificate"))])
        let error = await failure { () async throws(PokeAPIError) in try await client(transport).speciesCount() }
        #expect(error == .transport(url: "\(Self.base)/pokemon-species/?limit=1", detail: "SSL certificate problem: self-signed certificate"))
        #expect(transport.urls.count == 1)
        #expect(TransportError.failed("x").isRetryable == false)
        #expect(TransportError.timedOut(.seconds(1)).isRetryable == false)
        #expect(TransportError.bodyTooLarge(limit: 1).isRetryable == false)
        #expect(TransportError.connectionFailed("x").isRetryable)
    }

    @Test("One allowed attempt says \"1 attempt\"")
    func singleAttempt() async throws {
        let transport = ScriptedTransport([.success(HTTPResponse(status: 500))])
        let error = await failure { () async throws(PokeAPIError) in
            try await client(transport, policy: RetryPolicy(maxAttempts: 1)).pokemon(id: 7)
        }
        #expect(error?.description == "cannot reach PokeAPI at \(Self.base)/pokemon/7/ after 1 attempt: HTTP 500. Check your connection and try again.")
        #expect(error?.reason == "HTTP 500")
    }

    // MARK: Answers that are not what mydex expects

    @Test("Bodies that are not JSON, or not the JSON expected, are named for what they are", arguments: [
        (#"{"count": "many"}"#, "application/json", "unexpected value at count"),
        (#"{"count": null}"#, "application/json", "unexpected value at count"),
        (#"{"count": 1"#, "application/json", "malformed JSON"),
        (#"{"results": []}"#, "application/json; charset=utf-8", "missing count"),
    ] as [(String, String, String)])
    func undecodable(body: String, contentType: String, detail: String) async throws {
        let transport = ScriptedTransport([Self.json(body, contentType: contentType)])
        let error = await failure { () async throws(PokeAPIError) in try await client(transport).speciesCount() }
        #expect(error == .undecodable(url: "\(Self.base)/pokemon-species/?limit=1", detail: detail))
        #expect(error?.description.hasSuffix("Check --api-url or MYDEX_API_URL.") == true)
    }

    @Test("An empty body, or one that is not JSON under a JSON content type, is not JSON")
    func notJSON() async throws {
        let url = "\(Self.base)/pokemon-species/?limit=1"
        let empty = ScriptedTransport([Self.json("", contentType: nil)])
        let emptyError = await failure { () async throws(PokeAPIError) in try await client(empty).speciesCount() }
        #expect(emptyError == .notJSON(url: url, contentType: "an empty body"))
        #expect(emptyError?.description == "PokeAPI answered \(url) with an empty body instead of JSON. Check --api-url or MYDEX_API_URL.")

        let mislabelled = ScriptedTransport([Self.json("<html>Captive portal</html>")])
        let mislabelledError = await failure { () async throws(PokeAPIError) in try await client(mislabelled).speciesCount() }
        #expect(mislabelledError == .notJSON(url: url, contentType: "application/json"))

        // No content type, but a JSON body: accepted, as some proxies strip the header.
        let unlabelled = ScriptedTransport([Self.json("  \n{\"count\": 3}", contentType: nil)])
        #expect(try await client(unlabelled).speciesCount() == 3)

        let unknown = ScriptedTransport([Self.json("plain text", contentType: nil)])
        let unknownError = await failure { () async throws(PokeAPIError) in try await client(unknown).speciesCount() }
        #expect(unknownError?.description == "PokeAPI answered \(url) with something instead of JSON. Check --api-url or MYDEX_API_URL.")
    }

    @Test("Types: the list, then each type by its id where the list gives a URL, else by name")
    func types() async throws {
        let transport = ScriptedTransport([
            Self.json(#"{"count": 2, "results": [{"name": "fire", "url": "https://pokeapi.co/api/v2/type/10/"}, {"name": "shadow"}]}"#),
            .success(HTTPResponse(status: 200, contentType: "application/json", body: try Fixtures.data("type/10"))),
            Self.json(#"{"id": 10002, "name": "shadow", "names": [{"name": "Shadow", "language": {"name": "en"}}]}"#),
        ])
        let types = try await client(transport).types()
        #expect(types.map(\.name) == ["fire", "shadow"])
        #expect(types[0].names.contains { $0.language.name == "ko" && $0.name == "불꽃" })
        #expect(transport.urls == ["\(Self.base)/type/?limit=100", "\(Self.base)/type/10/", "\(Self.base)/type/shadow/"])
    }

    @Test("Generations are read from PokeAPI's roman numerals; anything else is no generation", arguments: [
        ("generation-i", 1), ("generation-iv", 4), ("generation-ix", 9), ("generation-xiv", 14), ("generation-xl", 40),
        ("generation-", nil), ("generation-7", nil), ("gen-iv", nil), ("generation-iiq", nil),
    ] as [(String, Int?)])
    func generationNumber(name: String, number: Int?) throws {
        var species = try JSONDecoder().decode(SpeciesResource.self, from: Fixtures.data("pokemon-species/25"))
        species.generation = NamedResource(name: name, url: nil)
        #expect(species.generationNumber == number)
    }

    // MARK: Messages

    @Test("Every error says what happened and what to try")
    func messages() {
        let url = "https://pokeapi.co/api/v2/pokemon/25/"
        #expect(PokeAPIError.invalidBaseURL("ftp://x").description
            == "the PokeAPI URL \"ftp://x\" is not an http or https URL. Pass --api-url https://pokeapi.co/api/v2 or fix MYDEX_API_URL.")
        #expect(PokeAPIError.notFound(url: url).description == "PokeAPI has nothing at \(url) (404).")
        #expect(PokeAPIError.httpStatus(403, url: url).description == "PokeAPI answered 403 for \(url). Try again later.")
        #expect(PokeAPIError.timedOut(url: url, after: .seconds(20)).description == "PokeAPI did not answer \(url) within 20 s. Try again later.")
        #expect(PokeAPIError.timedOut(url: url, after: .seconds(20)).reason == "no answer within 20 s")
        #expect(PokeAPIError.timedOut(url: url, after: .seconds(20)).isUnreachable)
        #expect(PokeAPIError.bodyTooLarge(url: url, limit: 16 * 1024 * 1024).description == "PokeAPI's answer for \(url) was larger than 16 MiB; refused.")
        #expect(PokeAPIError.transport(url: url, detail: "bad").description == "request to \(url) failed: bad")
        #expect(PokeAPIError.notFound(url: url).reason == PokeAPIError.notFound(url: url).description)
    }

    // MARK: libcurl

    private func request(_ url: String, maxBodyBytes: Int = 16 * 1024 * 1024) -> HTTPRequest {
        HTTPRequest(url: url, userAgent: "mydex/test", connectTimeout: .seconds(5), deadline: .seconds(30), maxBodyBytes: maxBodyBytes)
    }

    private func transportFailure(_ request: HTTPRequest) async -> TransportError? {
        await failure { () async throws(TransportError) in try await CurlTransport().get(request) }
    }

    @Test("libcurl follows redirects within http and reports the final answer")
    func redirects() async throws {
        let server = try TestHTTPServer { request in
            switch request.path {
            case "/api/v2/old/": return .response(status: 301, headers: ["Location": "/api/v2/moved/"])
            case "/api/v2/moved/": return .response(status: 302, headers: ["Location": "/api/v2/pokemon-species/?limit=1"])
            default: return Fixtures.reply(request)
            }
        }
        defer { server.stop() }
        let response = try await CurlTransport().get(request("\(server.baseURL)/old/"))
        #expect(response.status == 200)
        #expect(response.contentType == "application/json")
        #expect(try JSONDecoder().decode(ResourceList.self, from: response.body).count == 1025)
        #expect(server.requests.map(\.path) == ["/api/v2/old/", "/api/v2/moved/", "/api/v2/pokemon-species/?limit=1"])
    }

    @Test("libcurl refuses a redirect to another protocol, and URLs that are not http(s)")
    func otherProtocols() async throws {
        let server = try TestHTTPServer { _ in .response(status: 302, headers: ["Location": "file:///etc/passwd"]) }
        defer { server.stop() }
        let redirected = await transportFailure(request("\(server.baseURL)/pokemon/25/"))
        guard case .failed = redirected else { Issue.record("unexpected \(String(describing: redirected))"); return }
        #expect(server.requests.count == 1)
        let gopher = await transportFailure(request("gopher://127.0.0.1:\(server.port)/"))
        guard case .failed = gopher else { Issue.record("unexpected \(String(describing: gopher))"); return }
        #expect(server.requests.count == 1, "a gopher request reached the server")
    }

    @Test("A body over the cap is cut off as it streams, when the server gives no length")
    func unannouncedLargeBody() async throws {
        let head = Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8)
        let server = try TestHTTPServer { _ in .raw(head + Data(repeating: UInt8(ascii: " "), count: 256 * 1024)) }
        defer { server.stop() }
        let error = await transportFailure(request("\(server.baseURL)/pokemon/25/", maxBodyBytes: 4096))
        #expect(error == .bodyTooLarge(limit: 4096))
    }

    @Test("Nothing listening is a connection failure, which is worth retrying")
    func nothingListening() async throws {
        let server = try TestHTTPServer { _ in .silence }
        let url = "\(server.baseURL)/pokemon/25/"
        server.stop()
        let error = await transportFailure(request(url))
        #expect(error?.isRetryable == true)
    }
}
