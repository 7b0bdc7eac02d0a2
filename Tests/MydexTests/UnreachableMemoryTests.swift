import Foundation
import MydexCLI
import MydexStore
import MydexModel
import PokeAPI
import Synchronization
import Testing

/// After PokeAPI was unreachable, catches skip it for five minutes instead of waiting each time.
@Suite("Remembering that PokeAPI is unreachable")
struct UnreachableMemoryTests {
    /// The fixtures when the network is up, a DNS failure when it is down; counts every request.
    final class Network: HTTPTransport {
        let isUp: Mutex<Bool>
        private let fixtures = FixtureTransport()
        private let attempts = Mutex(0)

        init(up: Bool) { isUp = Mutex(up) }

        var requestCount: Int { attempts.withLock { $0 } }

        func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            attempts.withLock { $0 += 1 }
            guard isUp.withLock({ $0 }) else { throw .connectionFailed("Could not resolve host: pokeapi.test") }
            return try await fixtures.get(request)
        }
    }

    let network = Network(up: false)
    let environment: TestEnvironment

    init() throws {
        environment = try TestEnvironment(transport: network)
        try environment.openStore().close()  // no "Started a new collection" note
    }

    private var remembered: (reason: String, at: Date)? {
        get async throws {
            let store = try environment.openStore()
            defer { try? store.close() }
            return try await store.pokeAPIUnreachable()
        }
    }

    @Test("The next catches within five minutes make no request and say why and how to retry")
    func skipsPokeAPIAfterAFailure() async throws {
        let first = await environment.run("catch")
        #expect(first.status == 0)
        #expect(first.standardError.contains("PokeAPI unavailable (Could not resolve host: pokeapi.test); caught from the built-in Pokédex."))
        #expect(first.standardError.contains("Catches in the next 5 minutes will not wait on it (--retry-network asks anyway)."))
        let afterFirst = network.requestCount
        #expect(afterFirst > 0)
        #expect(try await remembered?.reason == "en\u{1F}Could not resolve host: pokeapi.test", "kept with the language it is said in")

        environment.clock.advance(by: 150)
        let second = await environment.run("catch")
        #expect(second.status == 0)
        #expect(second.standardOutput.hasPrefix("Caught "))
        #expect(network.requestCount == afterFirst, "a catch within the window asked PokeAPI")
        #expect(second.standardError.contains(
            "PokeAPI was unreachable 2 minutes ago (Could not resolve host: pokeapi.test); caught from the built-in Pokédex without asking it again."))
        #expect(second.standardError.contains("`mydex catch --retry-network` asks it now."))
        #expect(second.standardError.split(separator: "\n").count == 1)
    }

    @Test("--retry-network asks at once; a success clears the memory")
    func retryNetwork() async throws {
        _ = await environment.run("catch")
        let afterFirst = network.requestCount
        network.isUp.withLock { $0 = true }
        let retry = await environment.run("catch", "--seed", String(Fixtures.seed(catching: 25)), "--retry-network")
        #expect(retry.status == 0)
        #expect(retry.standardError.isEmpty, "\(retry.standardError)")
        #expect(network.requestCount > afterFirst)
        #expect(try await remembered == nil)

        let afterRetry = network.requestCount
        let next = await environment.run("catch", "--seed", String(Fixtures.seed(catching: 4)))
        #expect(next.standardError.isEmpty)
        #expect(network.requestCount > afterRetry, "PokeAPI was skipped after a success")
    }

    @Test("After five minutes PokeAPI is asked again")
    func windowExpires() async throws {
        _ = await environment.run("catch")
        let afterFirst = network.requestCount
        environment.clock.advance(by: 5 * 60 + 1)
        let later = await environment.run("catch")
        #expect(network.requestCount > afterFirst)
        #expect(later.standardError.contains("PokeAPI unavailable"))
    }

    @Test("An answer and a failure in one catch: the failure is what is remembered")
    func answerThenFailure() async throws {
        // The species count answers; the species requests find no host.
        let halfway = ScriptedTransport([
            .response(HTTPResponse(status: 200, contentType: "application/json", body: Data(#"{"count": 1025}"#.utf8))),
            .failure(.connectionFailed("Could not resolve host: pokeapi.test")),
        ])
        let environment = try TestEnvironment(transport: halfway)
        let run = await environment.run("catch", "--seed", String(Fixtures.seed(catching: 133)))
        #expect(run.status == 0)
        #expect(run.standardError.contains("caught from the built-in Pokédex"))
        let store = try environment.openStore()
        #expect(try await store.pokeAPIUnreachable()?.reason == "en\u{1F}Could not resolve host: pokeapi.test")
    }

    @Test("A failure met in one language is not repeated in another's words")
    func reasonInAnotherLanguage() async throws {
        let store = try environment.openStore()
        try await store.rememberPokeAPIUnreachable(reason: "ko\u{1F}서버가 응답하지 않았습니다", at: environment.clock.now())
        try store.close()
        let english = await environment.run("catch")
        #expect(english.standardError.contains("(its details were saved in another language)"), "\(english.standardError)")
        let korean = await environment.run("catch", "--lang", "ko")
        #expect(korean.standardError.contains("(서버가 응답하지 않았습니다)"), "\(korean.standardError)")
        #expect(network.requestCount == 0, "both within the five minutes")
        // Written before reasons were tagged: English.
        let old = try environment.openStore()
        try await old.rememberPokeAPIUnreachable(reason: "Could not resolve host", at: environment.clock.now())
        try old.close()
        #expect(await environment.run("catch").standardError.contains("(Could not resolve host)"))
    }

    @Test("A failure remembered in the future (the clock was set back) does not count")
    func futureMemoryIgnored() async throws {
        let store = try environment.openStore()
        try await store.rememberPokeAPIUnreachable(reason: "old", at: environment.clock.now() + 3600)
        try store.close()
        _ = await environment.run("catch")
        #expect(network.requestCount > 0)
    }

    @Test("--retry-network overrides MYDEX_OFFLINE=1 but contradicts --offline")
    func retryNetworkAndOffline() async throws {
        let offline = try TestEnvironment(transport: network, environment: ["MYDEX_OFFLINE": "1"])
        let retried = await offline.run("catch", "--retry-network")
        #expect(retried.status == 0)
        #expect(network.requestCount > 0)

        let both = await environment.run("catch", "--offline", "--retry-network")
        #expect(both.status == 64)
        #expect(both.standardError.contains("--offline and --retry-network"))
    }

    @Test("catch --help explains the memory and shows --retry-network")
    func help() async {
        let run = await environment.run("catch", "--help")
        #expect(run.standardOutput.contains("$ mydex catch --retry-network"))
        #expect(run.standardOutput.contains("MYDEX_TIMEOUT"))
    }
}
