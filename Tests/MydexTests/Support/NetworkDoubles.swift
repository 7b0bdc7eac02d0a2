import Foundation
import MydexCLI
import MydexTestSupport
import MydexServices
import PokeAPI
import Synchronization

/// A transport that answers from a script, in order (the last answer repeats), and records every
/// request with the limits it was sent with.
final class ScriptedTransport: HTTPTransport {
    enum Answer: Sendable {
        case response(HTTPResponse)
        case failure(TransportError)

        static func status(_ status: Int, retryAfter: String? = nil) -> Answer {
            .response(HTTPResponse(status: status, retryAfter: retryAfter))
        }
    }

    private let answers: [Answer]
    private let log = Mutex<[HTTPRequest]>([])

    init(_ answers: [Answer]) { self.answers = answers }

    var requests: [HTTPRequest] { log.withLock { $0 } }

    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let index = log.withLock { log in
            log.append(request)
            return log.count - 1
        }
        switch answers[min(index, answers.count - 1)] {
        case .response(let response): return response
        case .failure(let error): throw error
        }
    }
}

/// `SyntheticPokeAPI` in-process (no sockets, no threads): counts requests by kind, can run a
/// hook on each species request, and measures how many type requests were in flight at once.
final class SyntheticTransport: HTTPTransport {
    let api: SyntheticPokeAPI
    /// Species ids whose requests fail as if the network were down.
    let unreachable: Mutex<Set<Int>>
    /// Called with the number of species requests so far (e.g. to press Ctrl-C).
    private let onSpeciesRequest: @Sendable (Int) -> Void
    private let log = Mutex<[String]>([])
    private let typesInFlight = Mutex((current: 0, peak: 0))

    init(_ api: SyntheticPokeAPI, unreachable: Set<Int> = [], onSpeciesRequest: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.api = api
        self.unreachable = Mutex(unreachable)
        self.onSpeciesRequest = onSpeciesRequest
    }

    /// Paths after `/api/v2/`, in order.
    var paths: [String] { log.withLock { $0 } }
    var peakTypeConcurrency: Int { typesInFlight.withLock { $0.peak } }

    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard let range = request.url.range(of: "/api/v2/") else { return HTTPResponse(status: 404) }
        let path = String(request.url[range.upperBound...])
        log.withLock { $0.append(path) }
        let parts = path.split(separator: "?")[0].split(separator: "/")
        if parts.first == "type", parts.count == 2 {
            typesInFlight.withLock { $0.current += 1; $0.peak = max($0.peak, $0.current) }
            // Long enough for the other requests of a batch to start.
            try? await Task.sleep(for: .milliseconds(20))
            typesInFlight.withLock { $0.current -= 1 }
        }
        if parts.first == "pokemon", parts.count == 2, let id = Int(parts[1]) {
            onSpeciesRequest(log.withLock { $0.filter { $0.hasPrefix("pokemon/") }.count })
            if unreachable.withLock({ $0.contains(id) }) { throw .connectionFailed("Could not resolve host: pokeapi.test") }
        }
        if parts.first == "pokemon-species", parts.count == 2, let id = Int(parts[1]), unreachable.withLock({ $0.contains(id) }) {
            throw .connectionFailed("Could not resolve host: pokeapi.test")
        }
        switch api.reply(TestHTTPServer.Request(path: "/api/v2/" + path, headers: [:])) {
        case .response(let status, let headers, let body):
            return HTTPResponse(
                status: status, contentType: headers["Content-Type"], retryAfter: headers["Retry-After"], body: body)
        default:
            throw .connectionFailed("unexpected reply")
        }
    }
}

/// Ctrl-C pressed by a test: `press()` calls the handler the running command installed.
final class SimulatedInterrupts: Sendable {
    private let handlers = Mutex<[Int: @Sendable () -> Void]>([:])
    private let installs = Mutex(0)

    var interrupts: Interrupts {
        Interrupts { [self] handler in
            let key = installs.withLock { count in
                count += 1
                return count
            }
            handlers.withLock { $0[key] = handler }
            return { [self] in _ = handlers.withLock { $0.removeValue(forKey: key) } }
        }
    }

    /// Whether a command listens for Ctrl-C now.
    var isListening: Bool { handlers.withLock { !$0.isEmpty } }
    /// How many times a command started listening.
    var installCount: Int { installs.withLock { $0 } }

    func press() {
        for handler in handlers.withLock({ Array($0.values) }) { handler() }
    }
}

/// A clock whose sleeps last until they are cancelled: a wait that ends before any delay does.
struct PatientClock: MydexClock {
    let base = TestClock()
    func now() -> Date { base.now() }
    func sleep(for duration: Duration) async throws { try await Task.sleep(for: .seconds(3600)) }
}

extension TestEnvironment {
    /// Runs `mydex` in-process after `adjust` changed the context (a terminal, a clock, Ctrl-C).
    func run(
        _ arguments: [String], output: CapturedOutput = CapturedOutput(),
        adjust: (inout MydexContext, CapturedOutput) -> Void
    ) async -> Run {
        var context = context(output: output)
        adjust(&context, output)
        let status = await Mydex.run(arguments: arguments, context: context)
        return Run(status: status, standardOutput: output.standardOutput, standardError: output.standardError)
    }
}
