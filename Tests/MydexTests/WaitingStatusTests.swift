import Foundation
import MydexCLI
import MydexStore
import MydexTestSupport
import PokeAPI
import Synchronization
import Testing

/// "Asking PokeAPI…" on a terminal once a wait passes a second, erased when it ends.
@Suite("The waiting status line")
struct WaitingStatusTests {
    static let message = "Asking PokeAPI… Ctrl-C or --offline to skip"
    static let erase = "\r\u{1B}[2K"
    /// A seed that catches a species the fixtures have.
    static let pikachu = String(Fixtures.seed(catching: 25))

    /// Answers from the fixtures once `ready` holds (or after ten seconds, when the test fails).
    struct HeldTransport: HTTPTransport {
        let fixtures = FixtureTransport()
        let ready: @Sendable () -> Bool

        func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            for _ in 0..<1000 where !ready() { try? await Task.sleep(for: .milliseconds(10)) }
            return try await fixtures.get(request)
        }
    }

    /// A catch whose PokeAPI answers only after the status line appeared.
    private func slowCatch(_ arguments: [String], terminal: Bool) async throws -> TestEnvironment.Run {
        let captured = CapturedOutput()
        let transport = HeldTransport { !terminal || captured.standardError.contains(Self.message) }
        let environment = try TestEnvironment(transport: transport)
        try environment.openStore().close()  // no "Started a new collection" note
        return await environment.run(arguments, output: captured) { context, output in
            context.output = output.output(standardErrorIsTerminal: terminal)
        }
    }

    @Test("On a terminal, a slow answer shows the status on stderr, then erases it")
    func shownAndErased() async throws {
        let run = try await slowCatch(["catch", "--seed", Self.pikachu], terminal: true)
        #expect(run.status == 0)
        #expect(run.standardError == Self.erase + Self.message + Self.erase)
        #expect(run.standardOutput.hasPrefix("Caught "))
        #expect(!run.standardOutput.contains("Asking"))
    }

    @Test("With --json, stdout holds only the JSON")
    func jsonStaysClean() async throws {
        let run = try await slowCatch(["catch", "--json", "--seed", Self.pikachu], terminal: true)
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("{"))
        #expect(!run.standardOutput.contains("Asking") && !run.standardOutput.contains("\u{1B}"))
        #expect(try run.document()?.object("entry")?["species"] as? String == "pikachu")
    }

    @Test("Never when stderr is not a terminal")
    func notOnAPipe() async throws {
        let run = try await slowCatch(["catch", "--seed", Self.pikachu], terminal: false)
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
    }

    @Test("An answer before the delay shows nothing")
    func quickAnswer() async throws {
        let environment = try TestEnvironment(transport: FixtureTransport())
        try environment.openStore().close()
        let run = await environment.run(["catch", "--seed", Self.pikachu]) { context, output in
            context.output = output.output(standardErrorIsTerminal: true)
            context.clock = PatientClock()
        }
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
    }

    @Test("--offline waits on nothing and shows nothing")
    func offline() async throws {
        let environment = try TestEnvironment()
        try environment.openStore().close()
        let run = await environment.run(["catch", "--offline"]) { context, output in
            context.output = output.output(standardErrorIsTerminal: true)
        }
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
    }
}
