import Foundation
import MydexText

/// How hard to try before giving up on a request.
public struct RetryPolicy: Sendable, Equatable {
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration
    /// A server's `Retry-After` is honoured up to this.
    public var maxRetryAfter: Duration

    public init(
        maxAttempts: Int = 4, baseDelay: Duration = .milliseconds(250), maxDelay: Duration = .seconds(4),
        maxRetryAfter: Duration = .seconds(10)
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// Exponential backoff with full jitter: a random delay up to `base * 2^(attempt-1)`, capped.
    /// `unitRandom` is in 0..<1.
    public func backoff(afterAttempt attempt: Int, unitRandom: Double) -> Duration {
        let ceiling = min(baseDelay * (1 << min(attempt - 1, 20)), maxDelay)
        return ceiling * max(0, min(unitRandom, 1))
    }

    /// The wait a `Retry-After` value asks for (seconds or an HTTP date), capped.
    public func retryAfterDelay(_ header: String?, now: Date) -> Duration? {
        guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { return nil }
        if let seconds = Int(header) { return min(.seconds(max(seconds, 0)), maxRetryAfter) }
        guard let date = Self.httpDate(header) else { return nil }
        let seconds = max(0, date.timeIntervalSince(now))
        return min(.milliseconds(Int(seconds * 1000)), maxRetryAfter)
    }
}

extension RetryPolicy {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// An HTTP date as RFC 9110 writes it (`Sun, 06 Nov 1994 08:49:37 GMT`); nil for anything
    /// else. Read by hand: a DateFormatter's first use loads ICU's locale data.
    static func httpDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        let time = parts.count == 6 ? parts[4].split(separator: ":").compactMap { Int($0) } : []
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), parts[5] == "GMT", parts[1].count == 2,
              let day = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])),
              parts[3].count == 4, let year = Int(parts[3]), time.count == 3,
              (1...GregorianDays.daysIn(month: month + 1, year: year)).contains(day),
              (0..<24).contains(time[0]), (0..<60).contains(time[1]), (0...60).contains(time[2]) else { return nil }
        let days = GregorianDays.days(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + time[0] * 3600 + time[1] * 60 + time[2]))
    }
}

/// PokeAPI over an `HTTPTransport` (libcurl in the app), with retries and JSON checks.
public struct LivePokeAPIClient: PokeAPIClient {
    public static let defaultBaseURL = "https://pokeapi.co/api/v2"

    public let baseURL: String
    let transport: any HTTPTransport
    let userAgent: String
    let retryPolicy: RetryPolicy
    let requestLimits: HTTPRequest
    let budget: NetworkBudget?
    let sleep: @Sendable (Duration) async throws -> Void
    let unitRandom: @Sendable () -> Double
    let now: @Sendable () -> Date

    /// - Parameters:
    ///   - deadline: how long one attempt may take.
    ///   - budget: how long requests may take in all, retries and waits included (nil: only the
    ///     attempts, the retry policy and its capped waits bound them).
    ///   - sleep, unitRandom, now: injected so tests control backoff and time without waiting.
    public init(
        baseURL: String, transport: any HTTPTransport, userAgent: String, retryPolicy: RetryPolicy = RetryPolicy(),
        connectTimeout: Duration = .seconds(10), deadline: Duration = .seconds(20), budget: NetworkBudget? = nil,
        sleep: @escaping @Sendable (Duration) async throws -> Void,
        unitRandom: @escaping @Sendable () -> Double,
        now: @escaping @Sendable () -> Date
    ) throws(PokeAPIError) {
        self.baseURL = try Self.validated(baseURL)
        self.transport = transport
        self.userAgent = userAgent
        self.retryPolicy = retryPolicy
        self.requestLimits = HTTPRequest(url: "", userAgent: userAgent, connectTimeout: connectTimeout, deadline: deadline)
        self.budget = budget
        self.sleep = sleep
        self.unitRandom = unitRandom
        self.now = now
    }

    /// Accepts only absolute http(s) URLs with a host; drops a trailing slash.
    public static func validated(_ baseURL: String) throws(PokeAPIError) -> String {
        guard let components = URLComponents(string: baseURL),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil
        else { throw .invalidBaseURL(baseURL) }
        var trimmed = baseURL
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    public func speciesCount() async throws(PokeAPIError) -> Int {
        let list: ResourceList = try await fetch("pokemon-species/?limit=1")
        return list.count
    }

    public func pokemon(id: Int) async throws(PokeAPIError) -> PokemonResource {
        try await fetch("pokemon/\(id)/")
    }

    public func species(id: Int) async throws(PokeAPIError) -> SpeciesResource {
        try await fetch("pokemon-species/\(id)/")
    }

    public func typeList() async throws(PokeAPIError) -> [NamedResource] {
        let list: NamedResourceList = try await fetch("type/?limit=100")
        return list.results
    }

    public func type(_ key: String) async throws(PokeAPIError) -> TypeResource {
        try await fetch("type/\(key)/")
    }

    func fetch<T: Decodable>(_ path: String) async throws(PokeAPIError) -> T {
        let url = "\(baseURL)/\(path)"
        let response = try await getWithRetries(url)
        return try Self.decode(response, url: url)
    }

    /// Checks that a response is JSON and decodes it.
    static func decode<T: Decodable>(_ response: HTTPResponse, url: String) throws(PokeAPIError) -> T {
        let contentType = response.contentType?.lowercased()
        let firstByte = response.body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        let looksLikeJSON = firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[")
        if let contentType, !contentType.contains("json"), !looksLikeJSON {
            throw .notJSON(url: url, contentType: contentType)
        }
        guard looksLikeJSON else { throw .notJSON(url: url, contentType: response.body.isEmpty ? tr("pokeapi.content.empty") : contentType) }
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch let error as DecodingError {
            throw .undecodable(url: url, detail: Self.describe(error))
        } catch {
            throw .undecodable(url: url, detail: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return tr("pokeapi.json.missing", ["path": path(context.codingPath + [key])])
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return tr("pokeapi.json.unexpected-value", ["path": path(context.codingPath)])
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? tr("pokeapi.json.malformed") : tr("pokeapi.json.bad-value", ["path": path(context.codingPath)])
        @unknown default:
            return tr("pokeapi.json.unexpected")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    /// GET with retries on connection failures, 429 and 5xx; 404 and other 4xx fail at once.
    /// With a budget, no attempt starts and no wait is begun that the budget cannot cover.
    func getWithRetries(_ url: String) async throws(PokeAPIError) -> HTTPResponse {
        let deadline = budget?.deadline(forRequestStartingAt: now())
        var attempt = 0
        var last = tr("pokeapi.detail.earlier-requests")
        while true {
            if Task.isCancelled { throw .cancelled(url: url) }
            var request = requestLimits
            request.url = url
            var limitedByBudget = false
            if let deadline, let budget {
                let remaining = Duration(timeInterval: deadline.timeIntervalSince(now()))
                guard remaining > .zero else {
                    throw .outOfTime(url: url, limit: budget.limit, attempts: attempt, detail: last)
                }
                if remaining < request.deadline {
                    request.deadline = remaining
                    limitedByBudget = true
                }
                request.connectTimeout = min(request.connectTimeout, request.deadline)
            }
            attempt += 1
            let retry: (detail: String, serverDelay: Duration?)
            switch await attemptOnce(request) {
            case .success(let response):
                return response
            case .failure(.timedOut) where limitedByBudget:
                throw .outOfTime(url: url, limit: budget?.limit ?? .zero, attempts: attempt, detail: tr("pokeapi.detail.no-answer"))
            case .failure(let error):
                throw error
            case .retryable(let detail, let serverDelay):
                guard attempt < retryPolicy.maxAttempts else {
                    throw .unreachable(url: url, detail: detail, attempts: attempt)
                }
                retry = (detail, serverDelay)
                last = detail
            }
            let delay = retry.serverDelay ?? retryPolicy.backoff(afterAttempt: attempt, unitRandom: unitRandom())
            if let deadline, let budget, now() + delay.timeInterval >= deadline {
                // Waiting out the budget only to give up then would waste the user's time.
                throw .outOfTime(url: url, limit: budget.limit, attempts: attempt, detail: retry.detail)
            }
            do {
                try await sleep(delay)
            } catch {
                if Task.isCancelled { throw .cancelled(url: url) }
                throw .unreachable(url: url, detail: tr("pokeapi.detail.cancelled-retry", ["detail": retry.detail]), attempts: attempt)
            }
        }
    }

    private enum AttemptOutcome {
        case success(HTTPResponse)
        case failure(PokeAPIError)
        case retryable(detail: String, serverDelay: Duration?)
    }

    private func attemptOnce(_ request: HTTPRequest) async -> AttemptOutcome {
        let url = request.url
        do {
            let response = try await transport.get(request)
            switch response.status {
            case 200..<300:
                return .success(response)
            case 404:
                return .failure(.notFound(url: url))
            case 429, 500..<600:
                let asked = response.retryAfter.map { ", Retry-After \($0.trimmingCharacters(in: .whitespaces).prefix(40))" } ?? ""
                return .retryable(
                    detail: "HTTP \(response.status)\(asked)",
                    serverDelay: retryPolicy.retryAfterDelay(response.retryAfter, now: now()))
            default:
                return .failure(.httpStatus(response.status, url: url))
            }
        } catch {
            switch error {
            case .connectionFailed(let detail):
                return .retryable(detail: detail, serverDelay: nil)
            case .timedOut(let after):
                // Not retried: a server too slow for one deadline would make every retry as slow.
                return .failure(.timedOut(url: url, after: after))
            case .bodyTooLarge(let limit):
                return .failure(.bodyTooLarge(url: url, limit: limit))
            case .cancelled:
                return .failure(.cancelled(url: url))
            case .failed(let detail):
                return .failure(.transport(url: url, detail: detail))
            }
        }
    }
}
