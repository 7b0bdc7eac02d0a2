import Foundation

/// What mydex asks PokeAPI.
public protocol PokeAPIClient: Sendable {
    /// The number of species (national Pokédex size).
    func speciesCount() async throws(PokeAPIError) -> Int
    func pokemon(id: Int) async throws(PokeAPIError) -> PokemonResource
    func species(id: Int) async throws(PokeAPIError) -> SpeciesResource
    /// Every type with its localized names.
    func types() async throws(PokeAPIError) -> [TypeResource]
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
    case bodyTooLarge(url: String, limit: Int)
    case transport(url: String, detail: String)

    /// Whether PokeAPI could not be reached at all, so that cached or built-in data may stand in.
    public var isUnreachable: Bool {
        switch self {
        case .unreachable, .timedOut: return true
        default: return false
        }
    }

    /// A few words on what went wrong, for notes where the URL does not matter.
    public var reason: String {
        switch self {
        case .unreachable(_, let detail, _): return detail
        case .timedOut(_, let after): return "no answer within \(after.components.seconds) s"
        default: return description
        }
    }

    public var description: String {
        switch self {
        case .invalidBaseURL(let url):
            return "the PokeAPI URL \"\(url)\" is not an http or https URL. Pass --api-url https://pokeapi.co/api/v2 or fix MYDEX_API_URL."
        case .notFound(let url):
            return "PokeAPI has nothing at \(url) (404)."
        case .httpStatus(let status, let url):
            return "PokeAPI answered \(status) for \(url). Try again later."
        case .notJSON(let url, let contentType):
            return "PokeAPI answered \(url) with \(contentType ?? "something") instead of JSON. Check --api-url or MYDEX_API_URL."
        case .undecodable(let url, let detail):
            return "PokeAPI's answer for \(url) was not what mydex expects (\(detail)). Check --api-url or MYDEX_API_URL."
        case .unreachable(let url, let detail, let attempts):
            return "cannot reach PokeAPI at \(url) after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(detail). Check your connection and try again."
        case .timedOut(let url, let after):
            return "PokeAPI did not answer \(url) within \(after.components.seconds) s. Try again later."
        case .bodyTooLarge(let url, let limit):
            return "PokeAPI's answer for \(url) was larger than \(limit / 1024 / 1024) MiB; refused."
        case .transport(let url, let detail):
            return "request to \(url) failed: \(detail)"
        }
    }
}
