import ArgumentParser
import Foundation
import MydexServices
import MydexStore
import MydexText

/// The root command.
public struct Mydex: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "mydex",
        abstract: "Catch, keep and browse your own Pokémon collection from the terminal.",
        discussion: """
            mydex catches random Pokémon from PokeAPI and keeps them in a local SQLite database. \
            Its built-in Pokédex (every species, in every language PokeAPI has) works offline. \
            Options common to all commands (--db, --lang, --json, --color, --quiet) may also come before the command. \
            Defaults for --lang, --api-url, --offline, --color, pictures and the network timeout can be set in \
            $XDG_CONFIG_HOME/mydex/config.toml (else ~/.config/mydex/config.toml); flags and environment variables win.

            Examples:
              $ mydex catch
              $ mydex catch --offline
              $ mydex list --sort dex
              $ mydex list --type fire --generation 1
              $ mydex list --group --sort count
              $ mydex dex 25 --lang ko
              $ mydex search pika
              $ mydex sprite pikachu
              $ mydex cry 25
              $ mydex stats
              $ mydex nickname 3 Sparky
              $ mydex release 3 5-7
              $ mydex release --duplicates --dry-run
              $ mydex unrelease 3
              $ mydex export collection.csv
              $ mydex import collection.csv
              $ mydex backup
              $ mydex --db ~/other.sqlite list
            """,
        version: MydexVersion.current,
        subcommands: [
            CatchCommand.self, ListCommand.self, ShowCommand.self, ReleaseCommand.self, UnreleaseCommand.self, NicknameCommand.self,
            FavoriteCommand.self, UnfavoriteCommand.self, HistoryCommand.self, BackupCommand.self,
            RestoreCommand.self, DexCommand.self, SearchCommand.self, StatsCommand.self, SpriteCommand.self, BoxCommand.self,
            CryCommand.self, ExportCommand.self, ImportCommand.self,
        ])

    public init() {}

    /// Parses `arguments` (without the program name), runs the command with `context`, and
    /// returns the exit status: 0 success, 1 failure, 64 usage (a bad flag, argument or
    /// environment variable). Every message is escaped before it reaches the terminal, argument
    /// parser errors included. A reader that goes away (`mydex list | head`) ends the command
    /// quietly with 0.
    public static func run(arguments: [String], context: MydexContext) async -> Int32 {
        // The language is known before parsing, so that help and parse errors speak it too.
        let language = InterfaceLanguage(dataLanguage: CommandLineArguments.dataLanguage(arguments, context))
        return await Translator.$current.withValue(Translator(language)) {
            await runParsed(arguments: arguments, context: context)
        }
    }

    private static func runParsed(arguments: [String], context: MydexContext) async -> Int32 {
        do {
            let arguments = try CommandLineArguments.normalized(arguments)
            var command = try parseAsRoot(arguments)
            if let mydexCommand = command as? any MydexCommand {
                try await mydexCommand.run(try mydexCommand.global.prepare(context))
            } else {
                // The root without a subcommand, and `help`: both throw a request for help.
                try command.run()
            }
            try context.output.flush()
            return ExitCode.success.rawValue
        } catch {
            return report(error, context.output)
        }
    }

    /// Says what went wrong on stderr (or prints help on stdout) and gives the exit status.
    private static func report(_ error: any Error, _ output: Output) -> Int32 {
        let code: Int32
        let message: String
        switch error {
        case let error as OutputError:
            // Nobody is reading any more: nothing to say, and nothing went wrong for the user.
            if error.isBrokenPipe { return ExitCode.success.rawValue }
            (code, message) = (ExitCode.failure.rawValue, "Error: \(error.description)")
        case let error as UsageError:
            (code, message) = (ExitCode.validationFailure.rawValue, "Error: \(error.description)")
        case is AudioPlayer.Interrupted:
            // Ctrl-C: the user knows, and a shell reports 130.
            return 130
        default:
            (code, message) = (exitCode(for: error).rawValue, fullMessage(for: error))
        }
        guard !message.isEmpty else { return code }
        guard code == ExitCode.success.rawValue else {
            output.finalNote(SafeText(lines: message))
            return code
        }
        // Help, asked for: printed on standard output, and a failure to print it is one.
        do {
            try output.print(SafeText(lines: message))
            try output.flush()
        } catch let failure {
            guard !failure.isBrokenPipe else { return code }
            output.finalNote(SafeText("Error: \(failure.description)"))
            return ExitCode.failure.rawValue
        }
        return code
    }
}

/// A subcommand. `run()` only builds the live context; all work happens in `run(_:)`.
protocol MydexCommand: AsyncParsableCommand {
    /// The options every command takes (`--db`, `--json`, `--quiet`…).
    var global: GlobalOptions { get }
    func run(_ context: MydexContext) async throws
}

extension MydexCommand {
    func run() async throws {
        try await run(MydexContext.live())
    }
}

/// What the command line means before the parser sees it: common options written before the
/// command move behind it (as git allows), an unknown command gets a suggestion, and a
/// negative entry id gets the same message as zero.
enum CommandLineArguments {
    static let commonOptionsWithValues = GlobalOptions.optionsWithValues.union(NetworkOptions.optionsWithValues)
    static let entryCommands: Set<String> = ["show", "release", "unrelease", "nickname", "favorite", "unfavorite"]

    /// The data language as the command will resolve it (`--lang`, `MYDEX_LANG`, the config
    /// file's `lang`, the locale), read before parsing; a bad value counts as none here (the
    /// command reports it, in the language the rest gives).
    static func dataLanguage(_ arguments: [String], _ context: MydexContext) -> String {
        var explicit: String?
        let options = Array(arguments.prefix { $0 != "--" })
        for (index, argument) in options.enumerated() {
            if argument == "--lang", index + 1 < options.count {
                explicit = options[index + 1]
            } else if argument.hasPrefix("--lang=") {
                explicit = String(argument.dropFirst("--lang=".count))
            }
        }
        var environment = context.environment
        if explicit.flatMap(DisplayLanguage.match) == nil, DisplayLanguage.match(environment["MYDEX_LANG"] ?? "") == nil,
           let configured = try? context.configured() {
            environment = configured.environment
        }
        for candidate in [explicit, environment["MYDEX_LANG"]] {
            if let code = candidate.flatMap(DisplayLanguage.match) { return code }
        }
        environment["MYDEX_LANG"] = nil
        return (try? DisplayLanguage.resolve(explicit: nil, environment: environment)) ?? "en"
    }

    static func normalized(_ arguments: [String]) throws -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if commonOptionsWithValues.contains(name) {
                let takesNext = !argument.contains("=") && index + 1 < arguments.count
                leading += takesNext ? [argument, arguments[index + 1]] : [argument]
                index += takesNext ? 2 : 1
            } else if GlobalOptions.flags.contains(argument) {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        var rest = Array(arguments[index...])
        guard let commandName = rest.first, !commandName.hasPrefix("-") else {
            // No command: the options stay where they were, so the parser can say what is missing.
            return leading + rest
        }
        let commands = Mydex.configuration.subcommands.map { $0.configuration.commandName ?? "" } + ["help"]
        guard commands.contains(commandName) else {
            throw UsageError("unknown command '\(commandName)'. \(suggestion(for: commandName, among: commands))")
        }
        if entryCommands.contains(commandName), let negative = negativeEntryID(in: rest.dropFirst()) {
            throw UsageError("\(EntryID.problem); got \(negative).")
        }
        // `dex` has subcommands of its own: the options go behind the whole path.
        var pathLength = 1
        if let subcommands = Mydex.configuration.subcommands.first(where: { $0.configuration.commandName == commandName })?
            .configuration.subcommands.map({ $0.configuration.commandName ?? "" }),
           rest.count > 1, subcommands.contains(rest[1]) {
            pathLength = 2
        }
        rest.insert(contentsOf: leading, at: pathLength)
        return rest
    }

    /// A negative number where an entry id goes (not the value of an option, as in `--keep -1`).
    private static func negativeEntryID(in arguments: ArraySlice<String>) -> String? {
        let arguments = Array(arguments.prefix(while: { $0 != "--" }))
        let previous = [""] + arguments.dropLast()
        return zip(previous, arguments).first { option, argument in
            !(commonOptionsWithValues.contains(option) || option == "--keep") && isNegativeNumber(argument)
        }?.1
    }

    private static func isNegativeNumber(_ argument: String) -> Bool {
        argument.count > 1 && argument.hasPrefix("-") && argument.dropFirst().allSatisfy(\.isASCII) && Int(argument) != nil
    }

    /// "Did you mean `list`?" for a near miss (a unique prefix, or one or two letters off).
    static func suggestion(for word: String, among commands: [String]) -> String {
        if let best = nearest(to: word, among: commands) { return "Did you mean `\(best)`?" }
        return "Commands: \(commands.filter { $0 != "help" }.joined(separator: ", ")). See `mydex --help`."
    }

    /// The word meant by a near miss: the only one it begins, else the closest one or two letters off.
    static func nearest(to word: String, among words: [String]) -> String? {
        let lowered = word.lowercased()
        let prefixed = words.filter { $0.hasPrefix(lowered) }
        if prefixed.count == 1 { return prefixed[0] }
        return words.map { ($0, SearchText.distance(lowered, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }
}
