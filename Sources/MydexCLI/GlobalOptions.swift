import ArgumentParser
import Foundation
import MydexServices
import MydexStore
import PokeAPI
import Synchronization

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The collection database (default: $MYDEX_DB, else $XDG_DATA_HOME/mydex/mydex.sqlite, else ~/.local/share/mydex/mydex.sqlite).",
        valueName: "path"))
    var db: String?

    @Option(name: .customLong("api-url"), help: ArgumentHelp(
        "The PokeAPI base URL (default: $MYDEX_API_URL, else \(LivePokeAPIClient.defaultBaseURL)).", valueName: "url"))
    var apiURL: String?

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Option(name: .long, help: ArgumentHelp(
        "The language of Pokémon names, types and Pokédex text: \(DisplayLanguage.supported.joined(separator: ", ")) (default: $MYDEX_LANG, else your locale, else en).",
        valueName: "code"))
    var lang: String?

    func validate() throws {
        if let db, db.isEmpty { throw ValidationError("--db needs a path.") }
        if let lang, DisplayLanguage.match(lang) == nil {
            throw ValidationError(DisplayLanguage.Problem.unsupported(lang).description)
        }
        if let apiURL {
            do {
                _ = try LivePokeAPIClient.validated(apiURL)
            } catch {
                throw ValidationError("--api-url must be an http or https URL, e.g. \(LivePokeAPIClient.defaultBaseURL).")
            }
        }
    }

    func databasePath(_ context: MydexContext) -> String {
        DatabaseLocation.resolve(explicit: db, environment: context.environment, homeDirectory: context.homeDirectory)
    }

    /// Opens the collection, installing the built-in Pokédex on first use.
    func openStore(_ context: MydexContext) async throws -> CollectionStore {
        let store = try CollectionStore.open(
            path: databasePath(context), busyTimeout: context.busyTimeout, now: context.clock.now())
        try await PokedexService(store: store, clock: context.clock).prepare()
        return store
    }

    /// The store and a printer in the user's language: what most commands start with.
    func open(_ context: MydexContext) async throws -> (CollectionStore, Printer) {
        let store = try await openStore(context)
        let language = try DisplayLanguage.resolve(explicit: lang, environment: context.environment)
        let localizer = try await PokedexService(store: store, clock: context.clock).localizer(language: language)
        return (store, Printer(context, json: json, localizer: localizer))
    }

    func apiClient(_ context: MydexContext) throws -> LivePokeAPIClient {
        let baseURL = apiURL ?? context.environment["MYDEX_API_URL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? LivePokeAPIClient.defaultBaseURL
        let jitter = Mutex(context.random.generator())
        let clock = context.clock
        // MYDEX_TIMEOUT: seconds a request may take in all (default 20), for slow links.
        let deadline = context.environment["MYDEX_TIMEOUT"].flatMap(Int.init).map { min(max($0, 1), 600) } ?? 20
        return try LivePokeAPIClient(
            baseURL: baseURL, transport: context.transport, userAgent: "mydex/\(MydexVersion.current)",
            retryPolicy: context.retryPolicy, connectTimeout: .seconds(min(deadline, 10)), deadline: .seconds(deadline),
            sleep: { try await clock.sleep(for: $0) },
            unitRandom: { jitter.withLock { $0.nextUnit() } },
            now: { clock.now() })
    }
}

public enum MydexVersion {
    public static let current = "0.1.0"
}

/// Entry ids are the collection's own numbers (printed by `catch` and `list`), not Pokédex numbers.
enum EntryID {
    static func validate(_ id: Int64) throws {
        guard id > 0 else {
            throw ValidationError("entry ids are positive numbers, as shown by `mydex list`; got \(id).")
        }
    }
}
