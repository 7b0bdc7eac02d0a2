import ArgumentParser
import Foundation
import MydexCatalog
import MydexModel
import MydexServices
import MydexStore
import MydexText
import PokeAPI
import Synchronization

/// Options every command takes. They may also come before the subcommand (`mydex --db x list`).
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(tr("global.option.db"), valueName: "path"))
    var db: String?

    @Flag(name: .long, help: ArgumentHelp(tr("global.option.json")))
    var json = false

    @Option(name: .long, help: ArgumentHelp(
        tr("global.option.lang", ["languages": DisplayLanguage.supported.joined(separator: ", ")]),
        valueName: "code"), completion: .list(DisplayLanguage.supported))
    var lang: String?

    @Option(name: .long, help: ArgumentHelp(
        tr("global.option.color"),
        valueName: ColorChoice.allCases.map(\.rawValue).joined(separator: "|")))
    var color: ColorChoice?

    @Flag(name: .long, help: ArgumentHelp(tr("global.option.quiet")))
    var quiet = false

    /// The options above that take a value, for moving them from before the subcommand.
    static let optionsWithValues: Set<String> = ["--db", "--lang", "--color"]
    static let flags: Set<String> = ["--json", "--quiet"]

    func validate() throws {
        if let db, db.isEmpty { throw ValidationError(tr("global.error.db-empty")) }
        if let lang, DisplayLanguage.match(lang) == nil {
            throw ValidationError(DisplayLanguage.Problem.unsupported(lang, source: "--lang").description)
        }
    }

    func databasePath(_ context: MydexContext) -> String {
        DatabaseLocation.resolve(
            explicit: db, environment: context.environment, homeDirectory: context.homeDirectory,
            currentDirectory: context.currentDirectory)
    }

    /// What a command needs of the collection.
    enum CollectionNeed {
        /// It adds to the collection: a missing one is started (and the user told so).
        case create
        /// It works on entries: a missing collection is an error.
        case existing
        /// It reads the collection: a missing one reads as empty, and the user is told where mydex looked.
        case emptyIfMissing
        /// It needs only the Pokédex: a missing collection reads as empty, silently.
        case pokedexOnly
    }

    /// Opens the collection as the command needs it, reading it in the user's language.
    func openStore(_ context: MydexContext, _ need: CollectionNeed) async throws -> CollectionStore {
        let path = databasePath(context)
        let language = try language(context)
        let store: CollectionStore
        do {
            store = try CollectionStore.open(
                path: path, create: need == .create, busyTimeout: context.busyTimeout, now: context.clock.now(),
                language: language)
        } catch StoreError.noCollection(let path) where need == .emptyIfMissing || need == .pokedexOnly {
            if need == .emptyIfMissing { try context.output.note(SafeText(StoreError.noCollection(path: path).description)) }
            store = try CollectionStore.inMemory(now: context.clock.now(), language: language)
        }
        if store.isNew, need == .create { try context.output.note(SafeText(tr("global.collection-started", ["path": path]))) }
        return store
    }

    /// The store and a printer in the user's language: what every command starts with. Only
    /// commands that print whole species (`show`, `dex`, species in JSON) need the type names
    /// read for the printer's localizer; entries come with theirs.
    func open(
        _ context: MydexContext, _ need: CollectionNeed, species: Bool = false
    ) async throws -> (CollectionStore, Printer) {
        let store = try await openStore(context, need)
        let typeNames = species ? try await Pokedex(store: store).typeNames() : []
        return (store, printer(context, localizer: Localizer(language: store.language, typeNames: typeNames)))
    }

    /// A printer with `--json` and `--color` as given.
    func printer(_ context: MydexContext, localizer: Localizer) -> Printer {
        Printer(context, json: json, localizer: localizer, color: colorChoice(context))
    }

    /// `--color`, else the config file's `color` unless NO_COLOR is set (the environment comes
    /// before the file), else auto.
    func colorChoice(_ context: MydexContext) -> ColorChoice {
        if let color { return color }
        if let configured = context.settings.color, (context.environment["NO_COLOR"] ?? "").isEmpty { return configured }
        return .auto
    }

    /// The context a command runs with: `configured` (the config file's settings, read by
    /// `Mydex.run`) with `--quiet` applied to the output.
    func prepare(_ configured: MydexContext) -> MydexContext {
        var context = configured
        if quiet { context.output = context.output.quieted() }
        return context
    }

    /// `--lang`, `MYDEX_LANG`, the locale: a bad explicit value is a usage error naming its source.
    func language(_ context: MydexContext) throws -> String {
        do {
            let code = try DisplayLanguage.resolve(explicit: lang, environment: context.environment)
            // The pseudo-language's data is Korean: what is left in Latin letters is mydex's own text.
            return code == InterfaceLanguage.pseudo.rawValue ? "ko" : code
        } catch {
            throw UsageError(error.description)
        }
    }
}

extension CompletionKind {
    /// `--type`: the types of the built-in Pokédex, read when the shell asks (not at every start).
    static var pokemonTypes: CompletionKind {
        .custom { _, _, _ in (try? Catalog.embedded.speciesTypes()) ?? [] }
    }
}

/// Options of the commands that use the network.
struct NetworkOptions: ParsableArguments {
    @Option(name: .customLong("api-url"), help: ArgumentHelp(
        tr("global.option.api-url", ["url": LivePokeAPIClient.defaultBaseURL]), valueName: "url"))
    var apiURL: String?

    static let optionsWithValues: Set<String> = ["--api-url"]

    /// MYDEX_TIMEOUT's range, in seconds.
    static let timeoutRange = 1...600

    func validate() throws {
        if let apiURL {
            do {
                _ = try LivePokeAPIClient.validated(apiURL)
            } catch {
                throw ValidationError(tr("global.error.api-url", ["url": LivePokeAPIClient.defaultBaseURL]))
            }
        }
    }

    /// `MYDEX_OFFLINE`: 1/true/yes or 0/false/no (unset or empty: no).
    static func offlineFromEnvironment(_ context: MydexContext) throws -> Bool {
        guard let raw = context.environment["MYDEX_OFFLINE"], !raw.isEmpty else { return false }
        switch raw.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw UsageError(tr("global.error.offline-variable", ["value": raw]))
        }
    }

    /// The PokeAPI client. MYDEX_TIMEOUT is its budget for waiting, attempts, backoff and
    /// `Retry-After` included: for the whole command (`.shared`), or for each request (`dex sync`).
    func apiClient(_ context: MydexContext, budget scope: NetworkBudget.Scope) throws -> LivePokeAPIClient {
        let fromEnvironment = context.environment["MYDEX_API_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let baseURL = apiURL ?? fromEnvironment ?? LivePokeAPIClient.defaultBaseURL
        if apiURL == nil, let fromEnvironment, (try? LivePokeAPIClient.validated(fromEnvironment)) == nil {
            throw UsageError(tr("global.error.api-url-variable", ["value": fromEnvironment, "url": LivePokeAPIClient.defaultBaseURL]))
        }
        let jitter = Mutex(context.random.generator())
        let clock = context.clock
        let deadline = try Self.timeout(context)
        return try LivePokeAPIClient(
            baseURL: baseURL, transport: context.transport, userAgent: "mydex/\(MydexVersion.current)",
            retryPolicy: context.retryPolicy, connectTimeout: .seconds(min(deadline, 10)), deadline: .seconds(deadline),
            budget: NetworkBudget(.seconds(deadline), scope: scope),
            sleep: { try await clock.sleep(for: $0) },
            unitRandom: { jitter.withLock { $0.nextUnit() } },
            now: { clock.now() })
    }

    /// MYDEX_MEDIA_URL: where sprites and cries come from instead of raw.githubusercontent.com (a mirror).
    static func mediaBase(_ context: MydexContext) throws -> String {
        guard let raw = context.environment["MYDEX_MEDIA_URL"], !raw.isEmpty else { return MediaURL.defaultBase }
        do {
            return try MediaURL.validated(raw)
        } catch {
            throw UsageError(tr("global.error.media-url-variable", ["value": raw, "url": MediaURL.defaultBase]))
        }
    }

    /// Cries (`mydex cry`, `catch --cry`): cached, else fetched through the PokeAPI client.
    func cries(_ context: MydexContext) throws -> CryService {
        let api = try apiClient(context, budget: .shared)
        return CryService(
            environment: context.environment, homeDirectory: context.homeDirectory, mediaBase: try Self.mediaBase(context),
            fetch: { try await api.fetchMedia(url: $0) })
    }

    /// PokeAPI's 96×96 sprites (`sprite --big`): cached, else fetched through the PokeAPI client.
    func bigSprites(_ context: MydexContext) throws -> BigSpriteService {
        let api = try apiClient(context, budget: .shared)
        return BigSpriteService(
            environment: context.environment, homeDirectory: context.homeDirectory, mediaBase: try Self.mediaBase(context),
            fetch: { try await api.fetchMedia(url: $0) })
    }

    /// MYDEX_TIMEOUT: seconds mydex may wait on PokeAPI in all (default 20), for slow links.
    static func timeout(_ context: MydexContext) throws -> Int {
        guard let raw = context.environment["MYDEX_TIMEOUT"], !raw.isEmpty else { return 20 }
        guard let seconds = Int(raw.trimmingCharacters(in: .whitespaces)), timeoutRange.contains(seconds) else {
            throw UsageError(tr("global.error.timeout-variable", [
                "value": raw, "min": String(timeoutRange.lowerBound), "max": String(timeoutRange.upperBound),
            ]))
        }
        return seconds
    }
}

public enum MydexVersion {
    public static let current = "0.1.0"
}

/// A bad value from a flag or an environment variable, found after parsing: exit 64, with a
/// message that names where the value came from and what is valid.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    /// Runs `body`, turning the Pokédex's "no such type" or "no such generation" into a usage
    /// error that names the flag the value came from.
    static func naming<T>(type: String? = nil, generation: Int?, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PokedexError {
            switch error {
            case .unknownType:
                throw UsageError(tr("global.error.option-value", ["option": "--type", "value": type ?? "", "problem": error.description]))
            case .unknownGeneration(let value, _):
                throw UsageError(tr("global.error.option-value", [
                    "option": "--generation", "value": String(generation ?? value), "problem": error.description,
                ]))
            default: throw error
            }
        }
    }
}

/// Entry ids are the collection's own numbers (printed by `catch` and `list`), not Pokédex numbers.
enum EntryID {
    /// "entry ids are positive numbers, as shown by `mydex list`; got -3."
    static func problem(_ got: String) -> String { tr("global.error.entry-id", ["id": got]) }

    static func validate(_ id: Int64) throws {
        guard id > 0 else { throw ValidationError(problem(String(id))) }
    }
}
