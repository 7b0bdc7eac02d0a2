import ArgumentParser
import Foundation
import MydexModel
import MydexServices
import MydexText
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

    @Flag(name: .long, help: ArgumentHelp(tr("global.option.no-pager")))
    var noPager = false

    /// The options above that take a value, for moving them from before the subcommand.
    static let optionsWithValues: Set<String> = ["--db", "--lang", "--color"]
    static let flags: Set<String> = ["--json", "--quiet", "--no-pager"]

    func validate() throws {
        if let db, db.isEmpty { throw ValidationError(tr("global.error.db-empty")) }
        if let lang, DisplayLanguage.match(lang) == nil {
            throw ValidationError(DisplayLanguage.Problem.unsupported(lang, source: "--lang").description)
        }
    }

    /// Opens the collection as the command needs it, in the user's language, and a printer for
    /// what the command says: what every command starts with. It says where a collection was
    /// started, or where mydex looked for one that is missing (`emptyIfMissing`). Only commands
    /// that print whole species (`show`, `dex`, species in JSON) need the type names read for the
    /// printer's localizer; entries come with theirs.
    func open(_ context: MydexContext, _ need: CollectionNeed, species: Bool = false) async throws -> (Library, Printer) {
        let settings = context.settings
        let (library, opening) = try Library.open(
            path: settings.databasePath, need: need, language: settings.language, busyTimeout: context.busyTimeout,
            clock: context.clock)
        switch opening {
        case .started: try context.output.note(SafeText(tr("global.collection-started", ["path": library.path])))
        case .missing(let path) where need == .emptyIfMissing:
            try context.output.note(SafeText(StoreError.noCollection(path: path).description))
        case .opened, .missing: break
        }
        let typeNames = species ? try await library.pokedex.typeNames() : []
        return (library, printer(context, localizer: Localizer(language: library.language, typeNames: typeNames)))
    }

    /// A printer with `--json` and the resolved colour.
    func printer(_ context: MydexContext, localizer: Localizer) -> Printer {
        Printer(context, json: json, localizer: localizer, color: context.settings.color)
    }

    /// The context a command runs with: `--quiet` applied to the output.
    /// A long listing's output through the pager, on a terminal (`Pager`), unless `--no-pager`.
    func page(_ context: MydexContext) {
        guard !noPager, context.output.standardOutputIsTerminal, let command = Pager.command(context.environment) else { return }
        _ = context.pager.start(command, context.environment)
    }

    func prepare(_ configured: MydexContext) -> MydexContext {
        var context = configured
        if quiet { context.output = context.output.quieted() }
        return context
    }
}

extension CompletionKind {
    /// `--type`: the types of the built-in Pokédex, read when the shell asks (not at every start).
    static var pokemonTypes: CompletionKind {
        .custom { _, _, _ in (try? PokedexReader.builtInTypes()) ?? [] }
    }
}

/// Options of the commands that use the network.
struct NetworkOptions: ParsableArguments {
    @Option(name: .customLong("api-url"), help: ArgumentHelp(
        tr("global.option.api-url", ["url": NetworkSettings.defaultAPIURL]), valueName: "url"))
    var apiURL: String?

    static let optionsWithValues: Set<String> = ["--api-url"]

    func validate() throws {
        if let apiURL, !NetworkSettings.isAPIURL(apiURL) {
            throw ValidationError(tr("global.error.api-url", ["url": NetworkSettings.defaultAPIURL]))
        }
    }

    /// PokeAPI as the settings reach it. `MYDEX_TIMEOUT` is its budget for waiting, attempts,
    /// backoff and `Retry-After` included: for the whole command (`.shared`), or for each request
    /// (`dex sync`).
    static func connection(_ context: MydexContext, budget: PokeAPIConnection.Budget) throws -> PokeAPIConnection {
        try PokeAPIConnection(
            settings: context.settings.network, budget: budget, transport: context.transport, retryPolicy: context.retryPolicy,
            clock: context.clock, random: context.random, cacheDirectory: context.settings.cacheDirectory)
    }
}

/// A bad value from a flag or an environment variable, found after parsing: exit 64, with a
/// message that names where the value came from and what is valid.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    /// Runs `body`, turning the Pokédex's "no such type" or "no such generation" into a usage
    /// error that names the flag the value came from.
    /// Runs `body`, turning "the species has no such form" into a usage error (the value of
    /// `--form` is bad: `dex stats`, `add`), its forms named.
    static func namingForm<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PokedexError {
            guard case .noForm = error else { throw error }
            throw UsageError(error.description)
        }
    }

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

/// What a command's `--game` is for (its help says so).
protocol GamePurpose {
    static var help: String { get }
}

/// `--game`, declared once for the commands that take it: a game by PokeAPI's name (a version,
/// or a version group: `firered-leafgreen`) or by its name in any language. What it is for, and
/// what a command does without one, each command's help says (`Purpose`); the games are looked
/// up by the services (`GameLookup`).
struct GameOption<Purpose: GamePurpose>: ParsableArguments {
    @Option(name: .customLong("game"), help: ArgumentHelp(Purpose.help, valueName: "game"))
    var name: String?
}

/// A Pokémon named by the words of a command's argument (`dex mr mime`).
enum PokemonQuery {
    /// The words must name something: shared by the commands about one Pokémon.
    static func validate(_ query: [String]) throws {
        if query.joined(separator: " ").trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError(tr("dex.show.error.empty-query"))
        }
    }
}
