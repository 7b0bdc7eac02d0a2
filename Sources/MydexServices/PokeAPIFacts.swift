import Foundation
import MydexCatalog
import MydexModel
import MydexStore
import MydexText
import PokeAPI

/// What mydex keeps about PokeAPI itself between runs: the species count (fetched at most daily)
/// and the memory that PokeAPI was unreachable, so that for `unreachableWindow` a run of catches
/// uses the built-in Pokédex without waiting on the network each time. Any successful request
/// clears that memory.
public struct PokeAPIFacts: Sendable {
    public static let unreachableWindow: TimeInterval = 5 * 60
    static let speciesCountKey = "species-count"
    public static let speciesCountMaxAge: TimeInterval = 24 * 60 * 60
    /// Ids from 10001 on are alternate forms, not species.
    static let firstFormID = Catalog.firstFormID

    /// PokeAPI could not be reached `at`, because of `reason`.
    public struct Failure: Sendable, Equatable {
        public var reason: String
        public var at: Date
    }

    let store: CollectionStore
    let api: any PokeAPIClient
    let clock: any MydexClock

    /// The last failure, whatever its age (nil once a request succeeded).
    func lastFailure() async throws -> Failure? {
        try await store.pokeAPIUnreachable().map { Failure(reason: Self.reason(stored: $0.reason), at: $0.at) }
    }

    /// A failure's reason is kept in the words of the command that met it, tagged with its
    /// language (`ko\u{1F}…`; untagged: English, as mydex wrote it before): a command in another
    /// language says that the details are in another one rather than show them in it.
    static func reason(stored: String) -> String {
        let parts = stored.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
        let (language, reason) = parts.count == 2 ? (String(parts[0]), String(parts[1])) : (InterfaceLanguage.english.rawValue, stored)
        return language == Translator.current.language.rawValue ? reason : tr("services.reason.unreachable-earlier")
    }

    static func stored(reason: String) -> String { Translator.current.language.rawValue + "\u{1F}" + reason }

    /// Whether `failure` is recent enough to skip PokeAPI (a date in the future, after the
    /// clock was set back, does not count).
    func isRecent(_ failure: Failure) -> Bool {
        let age = clock.now().timeIntervalSince(failure.at)
        return age >= 0 && age < Self.unreachableWindow
    }

    func rememberFailure(_ error: PokeAPIError) async throws {
        try await store.rememberPokeAPIUnreachable(reason: Self.stored(reason: error.reason), at: clock.now())
    }

    /// After a successful request: forgets a remembered failure, when there is one.
    func requestSucceeded(after failure: Failure?) async throws {
        if failure != nil { try await store.forgetPokeAPIUnreachable() }
    }

    /// The number of species, from the cache when fetched after `freshAfter`, else from PokeAPI
    /// (and cached). `asked` says whether PokeAPI answered just now.
    func speciesCount(freshAfter: Date) async throws -> (count: Int, asked: Bool) {
        let now = clock.now()
        if let cached = try await store.fact(Self.speciesCountKey, freshAfter: freshAfter),
           let count = Int(cached), (1..<Self.firstFormID).contains(count) {
            return (count, false)
        }
        let count = try await api.speciesCount()
        guard (1..<Self.firstFormID).contains(count) else {
            throw PokeAPIError.undecodable(url: "pokemon-species", detail: tr("services.implausible-species-count", ["count": String(count)]))
        }
        try await store.saveFact(Self.speciesCountKey, value: String(count), fetchedAt: now)
        return (count, true)
    }
}
