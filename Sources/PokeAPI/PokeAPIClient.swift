import Foundation
import MydexText

/// What mydex asks PokeAPI.
public protocol PokeAPIClient: Sendable {
    /// The number of species (national Pokédex size).
    func speciesCount() async throws(PokeAPIError) -> Int
    func pokemon(id: Int) async throws(PokeAPIError) -> PokemonResource
    func species(id: Int) async throws(PokeAPIError) -> SpeciesResource
    /// The types PokeAPI has (names and URLs).
    func typeList() async throws(PokeAPIError) -> [NamedResource]
    /// One type with its localized names, by the key `typeKey(_:)` gives.
    func type(_ key: String) async throws(PokeAPIError) -> TypeResource
}

extension PokeAPIClient {
    /// Every type with its localized names, at most `concurrency` requests in flight.
    public func types(concurrency: Int = 8) async throws(PokeAPIError) -> [TypeResource] {
        let keys = try await typeList().map(Self.typeKey)
        let result: Result<[TypeResource], PokeAPIError> = await withTaskGroup(of: Result<TypeResource, PokeAPIError>.self) { group in
            var pending = keys.makeIterator()
            var types: [TypeResource] = []
            func startNext() -> Bool {
                guard let key = pending.next() else { return false }
                group.addTask { () async -> Result<TypeResource, PokeAPIError> in
                    do throws(PokeAPIError) { return .success(try await type(key)) } catch { return .failure(error) }
                }
                return true
            }
            for _ in 0..<max(concurrency, 1) where !startNext() { break }
            while let next = await group.next() {
                switch next {
                case .success(let type): types.append(type)
                case .failure(let error):
                    group.cancelAll()
                    return .failure(error)
                }
                _ = startNext()
            }
            return .success(types.sorted { $0.id < $1.id })
        }
        return try result.get()
    }

    /// By id where the list gives a URL (".../type/13/"), else by name.
    static func typeKey(_ entry: NamedResource) -> String {
        entry.url?.split(separator: "/").last.map(String.init).flatMap(Int.init).map(String.init) ?? entry.name
    }
}

/// A PokeAPI failure, with a message that says what happened and what to try.
public enum PokeAPIError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidBaseURL(String)
    case notFound(url: String)
    case httpStatus(Int, url: String)
    case notJSON(url: String, contentType: String?)
    case undecodable(url: String, detail: String)
    /// No answer after every retry (connection refused, DNS failure, dropped connections, 5xx, 429).
    case unreachable(url: String, detail: String, attempts: Int)
    case timedOut(url: String, after: Duration)
    /// The caller's whole budget for waiting (`MYDEX_TIMEOUT`) ran out, or would have before the
    /// next attempt: `detail` is the last thing PokeAPI did.
    case outOfTime(url: String, limit: Duration, attempts: Int, detail: String)
    /// The caller stopped waiting (Ctrl-C).
    case cancelled(url: String)
    case bodyTooLarge(url: String, limit: Int)
    case transport(url: String, detail: String)

    /// Whether PokeAPI could not be reached at all, so that cached or built-in data may stand in.
    public var isUnreachable: Bool {
        switch self {
        case .unreachable, .timedOut, .outOfTime: return true
        default: return false
        }
    }

    /// A few words on what went wrong, for notes where the URL does not matter.
    public var reason: String {
        switch self {
        case .unreachable(_, let detail, _): return detail
        case .timedOut(_, let after): return tr("pokeapi.reason.timed-out", ["seconds": after.secondsText])
        case .outOfTime(_, let limit, _, let detail):
            return tr("pokeapi.reason.out-of-time", ["detail": detail, "limit": limit.secondsNumber])
        default: return description
        }
    }

    public var description: String {
        switch self {
        case .invalidBaseURL(let url):
            return tr("pokeapi.error.invalid-base-url", ["url": url])
        case .notFound(let url):
            return tr("pokeapi.error.not-found", ["url": url])
        case .httpStatus(let status, let url):
            return tr("pokeapi.error.http-status", ["status": String(status), "url": url])
        case .notJSON(let url, let contentType):
            return tr("pokeapi.error.not-json", ["url": url, "contentType": contentType ?? tr("pokeapi.content.unknown")])
        case .undecodable(let url, let detail):
            return tr("pokeapi.error.undecodable", ["url": url, "detail": detail])
        case .unreachable(let url, let detail, let attempts):
            return tr("pokeapi.error.unreachable", ["url": url, "attempts": attempts, "detail": detail])
        case .timedOut(let url, let after):
            return tr("pokeapi.error.timed-out", ["url": url, "seconds": after.secondsText])
        case .outOfTime(let url, let limit, let attempts, let detail):
            return tr("pokeapi.error.out-of-time", [
                "url": url, "attempts": attempts, "detail": detail, "limit": limit.secondsNumber,
            ])
        case .cancelled(let url):
            return tr("pokeapi.error.cancelled", ["url": url])
        case .bodyTooLarge(let url, let limit):
            return tr("pokeapi.error.body-too-large", ["url": url, "size": limit / 1024 / 1024])
        case .transport(let url, let detail):
            return tr("pokeapi.error.transport", ["url": url, "detail": detail])
        }
    }
}
