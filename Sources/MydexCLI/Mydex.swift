import ArgumentParser
import Foundation
import MydexModel
import MydexServices
import MydexText

/// The root command.
public struct Mydex: AsyncParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "mydex",
            abstract: tr("mydex.help.abstract"),
            discussion: tr("mydex.help.discussion"),
            version: MydexVersion.current,
            subcommands: Commands.all.map(\.type))
    }

    public init() {}

    /// Parses `arguments` (without the program name), runs the command with `context`, and
    /// returns the exit status: 0 success, 1 failure, 64 usage (a bad flag, argument or
    /// environment variable). Every message is escaped before it reaches the terminal, argument
    /// parser errors included. A reader that goes away (`mydex list | head`) ends the command
    /// quietly with 0.
    public static func run(arguments: [String], context: MydexContext) async -> Int32 {
        // The config file is read once, before parsing: its `lang` counts for help and parse
        // errors too; a bad file is reported only when a command runs.
        let path = MydexPaths.configFile(environment: context.environment, homeDirectory: context.homeDirectory)
        let file = Result { () throws(UsageError) in try ConfigFile.load(path: path) }
        // The language is known before parsing, so that help and parse errors speak it too.
        let language = InterfaceLanguage(
            dataLanguage: CommandLineArguments.dataLanguage(arguments, context.environment, configured: (try? file.get())?.lang))
        return await Translator.$current.withValue(Translator(language)) {
            // A bad file's message was made before the language was known: made again in it.
            let file = file.flatMapError { _ in Result { () throws(UsageError) in try ConfigFile.load(path: path) } }
            let status = await runParsed(arguments: arguments, context: context, file: file)
            // A pager the command started gets the end of its output, and the run ends with it.
            context.pager.finish()
            return status
        }
    }

    private static func runParsed(arguments: [String], context: MydexContext, file: Result<ConfigValues, UsageError>) async -> Int32 {
        do {
            let invocation = try CommandLineArguments.normalized(arguments)
            if invocation.arguments == ["--version"] {
                // Answered as the argument parser answers it, without the parser: it lays out
                // the help of every command before it prints a version (nine tenths of the run).
                try context.output.print(SafeText(MydexVersion.current))
                try context.output.flush()
                return ExitCode.success.rawValue
            }
            var command = try parse(invocation)
            if let mydexCommand = command as? any MydexCommand {
                var configured = context
                configured.settings = try Settings.resolve(
                    mydexCommand.global, apiURL: mydexCommand.apiURL, context: context, file: try file.get())
                try await mydexCommand.run(mydexCommand.global.prepare(configured))
            } else {
                // The root without a subcommand, and `help`: both throw a request for help.
                try command.run()
            }
            try context.output.flush()
            return ExitCode.success.rawValue
        } catch {
            // Help is laid out at the terminal's width, else COLUMNS (as in a pipe), else 80.
            return report(error, context.output, helpWidth: context.output.columns ?? TerminalSize.columns(context.environment) ?? 80)
        }
    }

    /// The command `invocation` names, parsed. The argument parser builds the whole tree of
    /// commands by reflection for a root parse (over the binary's thousands of protocol
    /// conformances, a third of a short command's time), so the command named is parsed on its
    /// own, with the same arguments: a clean parse is the same command. Anything else (help, a
    /// bad argument, `help`, a completion script) is left to the root parse, which says it as it
    /// always did.
    static func parse(_ invocation: CommandLineArguments.Invocation) throws -> any ParsableCommand {
        if let named = invocation.command, let command = try? named.type.parseAsRoot(named.arguments), command is any MydexCommand {
            return command
        }
        return try parseAsRoot(invocation.arguments)
    }

    /// Says what went wrong on stderr (or prints help on stdout) and gives the exit status.
    private static func report(_ error: any Error, _ output: Output, helpWidth: Int) -> Int32 {
        let code: Int32
        let message: String
        switch error {
        case let error as OutputError:
            // Nobody is reading any more: nothing to say, and nothing went wrong for the user.
            if error.isBrokenPipe { return ExitCode.success.rawValue }
            (code, message) = (ExitCode.failure.rawValue, tr("error.prefix", ["message": error.description]))
        case let error as UsageError:
            (code, message) = (ExitCode.validationFailure.rawValue, tr("error.prefix", ["message": error.description]))
        case let error as LookupError:
            (code, message) = (ExitCode.validationFailure.rawValue, tr("error.prefix", ["message": error.description]))
        case let error as SettingProblem:
            (code, message) = (ExitCode.validationFailure.rawValue, tr("error.prefix", ["message": error.description]))
        case let refusal as EncounterService.Refusal where refusal.isUsage:
            (code, message) = (ExitCode.validationFailure.rawValue, tr("error.prefix", ["message": refusal.description]))
        case let declined as Declined:
            (code, message) = (ExitCode.failure.rawValue, declined.description)
        case is AudioPlayer.Interrupted:
            // Ctrl-C: the user knows, and a shell reports 130.
            return 130
        case let ended as SignalExit:
            // `browse` ended by SIGTERM or SIGHUP, the terminal already put back: as a shell reports it.
            return 128 + ended.signal
        default:
            (code, message) = (exitCode(for: error).rawValue, ParserWords.fullMessage(for: error, width: helpWidth))
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
            output.finalNote(SafeText(tr("error.prefix", ["message": failure.description])))
            return ExitCode.failure.rawValue
        }
        return code
    }
}

/// The commands by the name the command line gives them, in the order help lists them:
/// `Mydex`'s configuration lists them from here, and `CommandLineArguments` finds a command here
/// without building every command's configuration, and so all their words, at every run. A
/// test holds each name to its command's own.
enum Commands {
    static let all: [(name: String, type: any ParsableCommand.Type)] = [
        ("catch", CatchCommand.self), ("encounter", EncounterCommand.self), ("throw", ThrowCommand.self), ("odds", OddsCommand.self),
        ("add", AddCommand.self), ("list", ListCommand.self), ("show", ShowCommand.self), ("release", ReleaseCommand.self), ("unrelease", UnreleaseCommand.self),
        ("nickname", NicknameCommand.self), ("favorite", FavoriteCommand.self), ("unfavorite", UnfavoriteCommand.self),
        ("history", HistoryCommand.self), ("backup", BackupCommand.self), ("restore", RestoreCommand.self), ("dex", DexCommand.self),
        ("search", SearchCommand.self), ("stats", StatsCommand.self), ("sprite", SpriteCommand.self), ("box", BoxCommand.self),
        ("cry", CryCommand.self), ("export", ExportCommand.self), ("import", ImportCommand.self), ("browse", BrowseCommand.self),
        ("version", VersionCommand.self),
    ]

    /// The commands with commands of their own (`dex`): theirs, and the one run when none is named.
    static let nested: [String: (commands: [(name: String, type: any ParsableCommand.Type)], fallback: any ParsableCommand.Type)] = [
        "dex": (DexCommand.commands, DexShowCommand.self),
    ]
}

/// A subcommand. `run()` only builds the live context; all work happens in `run(_:)`.
protocol MydexCommand: AsyncParsableCommand {
    /// The options every command takes (`--db`, `--json`, `--quiet`…).
    var global: GlobalOptions { get }
    /// `--api-url`, for the commands that reach PokeAPI (`NetworkOptions`).
    var apiURL: String? { get }
    func run(_ context: MydexContext) async throws
}

extension MydexCommand {
    func run() async throws {
        try await run(MydexContext.live())
    }

    var apiURL: String? { nil }
}

/// What the command line means before the parser sees it: common options written before the
/// command move behind it (as git allows), an unknown command gets a suggestion, and a
/// negative entry id gets the same message as zero.
enum CommandLineArguments {
    static let commonOptionsWithValues = GlobalOptions.optionsWithValues.union(NetworkOptions.optionsWithValues)
    static let entryCommands: Set<String> = ["show", "release", "unrelease", "nickname", "favorite", "unfavorite"]

    /// The data language as the command will resolve it (`--lang`, then `MYDEX_LANG` of
    /// `environment`, then the config file's `lang`, then the locale), read before parsing; a
    /// bad value counts as none here (the command reports it, in the language the rest gives).
    static func dataLanguage(_ arguments: [String], _ environment: [String: String], configured: String? = nil) -> String {
        var explicit: String?
        let options = Array(arguments.prefix { $0 != "--" })
        for (index, argument) in options.enumerated() {
            if argument == "--lang", index + 1 < options.count {
                explicit = options[index + 1]
            } else if argument.hasPrefix("--lang=") {
                explicit = String(argument.dropFirst("--lang=".count))
            }
        }
        var environment = environment
        for candidate in [explicit, environment["MYDEX_LANG"]] {
            if let code = candidate.flatMap(DisplayLanguage.match) { return code }
        }
        environment["MYDEX_LANG"] = nil
        return (try? DisplayLanguage.resolve(explicit: nil, environment: environment, configured: configured)) ?? "en"
    }

    /// The arguments as the parser is to see them, and the command they name with its own
    /// arguments (none for `help`, or when no command is named).
    struct Invocation {
        var arguments: [String]
        var command: (type: any ParsableCommand.Type, arguments: [String])?
    }

    static func normalized(_ arguments: [String]) throws -> Invocation {
        // `--version --verbose` is `version`: the version and what a bug report needs with it.
        if arguments.contains("--version"), arguments.contains("--verbose") {
            return try normalized(["version"] + arguments.filter { $0 != "--version" && $0 != "--verbose" })
        }
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
            return Invocation(arguments: leading + rest)
        }
        let commands = Commands.all.map(\.name) + ["help"]
        guard commands.contains(commandName) else {
            throw UsageError(unknownCommand(commandName, among: commands))
        }
        if entryCommands.contains(commandName), let negative = negativeEntryID(in: rest.dropFirst()) {
            throw UsageError(EntryID.problem(negative))
        }
        // `dex` has subcommands of its own: the options go behind the whole path.
        var pathLength = 1
        var command = Commands.all.first { $0.name == commandName }?.type
        if let nested = Commands.nested[commandName] {
            if rest.count > 1, let named = nested.commands.first(where: { $0.name == rest[1] }) {
                pathLength = 2
                command = named.type
            } else {
                command = nested.fallback
            }
        }
        rest.insert(contentsOf: leading, at: pathLength)
        return Invocation(arguments: rest, command: command.map { ($0, Array(rest.dropFirst(pathLength))) })
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

    /// "unknown command 'lsit'. Did you mean `list`?" for a near miss (a unique prefix, or one or
    /// two letters off), else the list of commands.
    static func unknownCommand(_ word: String, among commands: [String]) -> String {
        if let best = nearest(to: word, among: commands) {
            return tr("mydex.unknown-command.suggestion", ["command": word, "suggestion": best])
        }
        return tr("mydex.unknown-command.list", [
            "command": word, "commands": commands.filter { $0 != "help" }.listJoined(),
        ])
    }

    /// The word meant by a near miss: the only one it begins, else the closest one or two letters off.
    static func nearest(to word: String, among words: [String]) -> String? {
        let lowered = word.lowercased()
        let prefixed = words.filter { $0.hasPrefix(lowered) }
        if prefixed.count == 1 { return prefixed[0] }
        return words.map { ($0, SearchText.distance(lowered, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }
}

/// swift-argument-parser's own words around mydex's text, in the language of the command: the
/// library renders help and parse errors in English into one string (`fullMessage(for:)`), and
/// this puts the frame words it adds into the catalog's words afterwards. Only exact English
/// strings at the places the library puts them are replaced (anything that does not match is
/// left as it was), and option names, values and the user's arguments are carried over as
/// they are; in English the result is the library's text byte for byte.
///
/// Localized: "Error: " before a message; in errors, the messages "Missing expected argument
/// '…'", "Missing value for '…'", "Unknown option '…'" (with or without "Did you mean '…'?"),
/// "Unexpected argument '…'" and "The value '…' is invalid for '…'" (with the values it takes,
/// on one line, or why), and the "Help:  ", "Usage: " and "See '…' for more information."
/// lines after them; in help, "OVERVIEW: " and "USAGE: " before the abstract and the usage, the
/// headings "ARGUMENTS:", "OPTIONS:" and "SUBCOMMANDS:", "Show help information.", "Show the
/// version.", a default subcommand's "(default)", "(values: …)", "(default: …)" and "(values: …;
/// default: …)" after an option's help, and "See 'mydex help <subcommand>' for detailed help.".
///
/// Stays English: every other message of the library ("2 unexpected arguments: …", "The option
/// '…' does not take any value…", "Missing one of: …", "Value to be set with … had already been
/// set with …",
/// completion-script errors…), "(default as flag: …)", the `help` command's own help ("Show
/// subcommand help information."), value names (`<path>`, `<auto|always|never>`),
/// `--experimental-dump-help` and completion scripts.
///
/// In every language but English, help is laid out here rather than by the library, which counts
/// characters, not columns, and breaks lines only at spaces: Korean lines came out twice too
/// wide, and a Japanese or Chinese paragraph (no spaces) ran on into the next lines, swallowing
/// their line breaks; and the frame words above are found whole only in unwrapped lines. The
/// library renders help unwrapped, and `wrappedHelp` breaks it at the terminal's width in
/// columns, also between characters where Chinese and Japanese allow it. English help stays
/// the library's, byte for byte. The pseudo-language (tests only) is not wrapped at all, so
/// that each line is one whole message.
enum ParserWords {
    private static let errorPrefix = "Error: "

    /// What `Mydex.fullMessage(for:)` says for `error`, in the current language, help laid out
    /// at `width` columns.
    static func fullMessage(for error: any Error, width: Int) -> String {
        let language = Translator.current.language
        // The pseudo-language (tests only) is never wrapped: each line stays one bracketed message.
        if language == .pseudo { return localized(Mydex.fullMessage(for: error, columns: unwrapped), for: error) }
        guard language != .english else { return Mydex.fullMessage(for: error) }
        let text = Mydex.fullMessage(for: error, columns: unwrapped)
        let isHelp = text.hasPrefix("OVERVIEW: ") || text.hasPrefix("USAGE: ")
        let message = localized(text, for: error)
        return isHelp ? wrappedHelp(message, width: width) : message
    }

    /// Wide enough that the library wraps nothing.
    private static let unwrapped = 100_000

    /// Help rendered without wrapping, wrapped at `width` columns: an option's or subcommand's
    /// line goes on under its help column (26, as the library lays it out), anything else from
    /// the line's start.
    static func wrappedHelp(_ text: String, width: Int) -> String {
        let helpColumn = 26
        // The usage goes on under itself, after its heading.
        let usageHeading = tr("parser.help.usage", ["usage": ""])
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            // A label, at least two spaces, and help starting at the help column.
            var isLabelled = false
            var column = 0
            var previous: [Character] = []
            for character in line {
                if column >= helpColumn {
                    isLabelled = column == helpColumn && character != " " && line.hasPrefix("  ") && previous.suffix(2) == [" ", " "]
                    break
                }
                column += TerminalText.displayWidth(String(character))
                previous.append(character)
            }
            let indent = isLabelled ? helpColumn
                : !usageHeading.isEmpty && line.hasPrefix(usageHeading) ? TerminalText.displayWidth(usageHeading)
                : line.prefix { $0 == " " }.count
            return TerminalText.wrapped(String(line), width: width, indent: indent)
        }.joined(separator: "\n")
    }

    /// `text`, what `fullMessage(for: error)` gave, with the library's words in the current language.
    static func localized(_ text: String, for error: any Error) -> String {
        if text.utf8.starts(with: errorPrefix.utf8) {
            // The message is what the library (or mydex's own error) says; the rest is its frame.
            let message = Mydex.message(for: error)
            let head = errorPrefix + message
            guard text.utf8.starts(with: head.utf8) else { return text }
            let rest = String(decoding: text.utf8.dropFirst(head.utf8.count), as: UTF8.self)
            return tr("error.prefix", ["message": errorMessage(message)]) + errorFrame(rest)
        }
        if text.hasPrefix("OVERVIEW: ") || text.hasPrefix("USAGE: ") { return help(text) }
        return text
    }

    /// The library's own parse error messages (one line each); anything else as it is.
    static func errorMessage(_ message: String) -> String {
        if let invalid = invalidValue(message) { return invalid }
        guard !message.contains("\n") else { return message }
        if let body = quoted(message, after: "Unknown option '", before: "'?"),
           let separator = body.range(of: "'. Did you mean '") {
            return tr("parser.unknown-option-suggestion", [
                "option": String(body[..<separator.lowerBound]), "suggestion": String(body[separator.upperBound...]),
            ])
        }
        if let option = quoted(message, after: "Unknown option '", before: "'") {
            return tr("parser.unknown-option", ["option": option])
        }
        if let argument = quoted(message, after: "Unexpected argument '", before: "'") {
            return tr("parser.unexpected-argument", ["argument": argument])
        }
        if let argument = quoted(message, after: "Missing expected argument '", before: "'") {
            return tr("parser.missing-argument", ["argument": argument])
        }
        if let option = quoted(message, after: "Missing value for '", before: "'") {
            return tr("parser.missing-value", ["option": option])
        }
        return message
    }

    /// "The value 'foo' is invalid for '--sort <sort>'", then the values it takes (". Please
    /// provide one of 'a' or 'b'.", or one a line after ". Please provide one of the
    /// following:"), or ": " and why: in the current language, the values on one line.
    static func invalidValue(_ message: String) -> String? {
        let lead = "The value '"
        guard message.hasPrefix(lead), let middle = message.range(of: "' is invalid for '") else { return nil }
        let value = String(message[message.index(message.startIndex, offsetBy: lead.count)..<middle.lowerBound])
        let rest = message[middle.upperBound...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        // The option's synopsis (`--sort <sort>`) holds no quote.
        let option = String(rest[..<close])
        let tail = rest[rest.index(after: close)...]
        if tail.isEmpty { return tr("parser.invalid-value", ["value": value, "option": option]) }
        if tail.hasPrefix(": ") {
            return tr("parser.invalid-value-reason", ["value": value, "option": option, "reason": String(tail.dropFirst(2))])
        }
        let values: [String]
        if let list = quoted(String(tail), after: ". Please provide one of the following:\n", before: "") {
            values = list.split(separator: "\n").map { String($0.drop { $0 == " " }.dropFirst(2)) }
        } else if let list = quoted(String(tail), after: ". Please provide one of ", before: ".") {
            values = list.replacingOccurrences(of: " or ", with: ", ").replacingOccurrences(of: " and ", with: ", ")
                .components(separatedBy: ", ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
        } else {
            return nil
        }
        return tr("parser.invalid-value-choices", ["value": value, "option": option, "values": values.listJoined()])
    }

    /// What follows an error's message: "\nHelp:  …", "\nUsage: …" and "  See '…' for more information.".
    static func errorFrame(_ rest: String) -> String {
        var lines = rest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            let line = lines[index]
            if index == 1, let help = quoted(line, after: "Help:  ", before: "") {
                lines[index] = tr("parser.help-line", ["help": help])
            } else if let usage = quoted(line, after: "Usage: ", before: "") {
                lines[index] = tr("parser.usage", ["usage": usage])
            } else if index == lines.count - 1, let command = quoted(line, after: "  See '", before: "' for more information.") {
                lines[index] = "  " + tr("parser.see-more", ["command": command])
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Help as the library renders it: the overview, the usage, then titled sections.
    static func help(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var seenUsage = false
        var section = ""
        for index in lines.indices {
            let line = lines[index]
            if index == 0, let abstract = quoted(line, after: "OVERVIEW: ", before: "") {
                lines[index] = tr("parser.help.overview", ["abstract": abstract])
            } else if !seenUsage {
                if let usage = quoted(line, after: "USAGE: ", before: "") {
                    lines[index] = tr("parser.help.usage", ["usage": usage])
                    seenUsage = true
                }
            } else if ["ARGUMENTS:", "OPTIONS:", "SUBCOMMANDS:"].contains(line) {
                section = line
                switch line {
                case "ARGUMENTS:": lines[index] = tr("parser.help.arguments")
                case "OPTIONS:": lines[index] = tr("parser.help.options")
                default: lines[index] = tr("parser.help.subcommands")
                }
            } else if index == lines.count - 1,
                      let command = quoted(line, after: "  See '", before: " <subcommand>' for detailed help.") {
                lines[index] = "  " + tr("parser.help.see-subcommand-help", ["command": command])
            } else if section == "OPTIONS:" || section == "ARGUMENTS:" {
                lines[index] = optionLine(line)
            } else if section == "SUBCOMMANDS:" {
                lines[index] = subcommandLine(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// An option's line: the built-in flags' help, and "(values: …)" or "(default: …)" ending it.
    private static func optionLine(_ line: String) -> String {
        if line.hasSuffix("  Show help information."), line.hasPrefix("  -h, --help  ") || line.hasPrefix("  --help  ") {
            return String(line.dropLast("Show help information.".count)) + tr("parser.help.show-help")
        }
        if line.hasSuffix("  Show the version."), line.hasPrefix("  --version  ") {
            return String(line.dropLast("Show the version.".count)) + tr("parser.help.show-version")
        }
        for opening in ["(values: ", "(default: "] {
            guard line.hasSuffix(")"), let open = line.range(of: opening, options: .backwards),
                  open.lowerBound == line.startIndex || line[line.index(before: open.lowerBound)] == " " else { continue }
            let value = String(line[open.upperBound..<line.index(before: line.endIndex)])
            guard !value.isEmpty, !value.contains("("), !value.contains(")") else { continue }
            let words: String
            if opening == "(default: " {
                words = tr("parser.help.default-value", ["value": value])
            } else if let separator = value.range(of: "; default: ") {
                guard !value[separator.upperBound...].contains(";") else { continue }
                words = tr("parser.help.values-default", [
                    "values": String(value[..<separator.lowerBound]), "value": String(value[separator.upperBound...]),
                ])
            } else {
                guard !value.contains(";") else { continue }
                words = tr("parser.help.values", ["values": value])
            }
            var before = String(line[..<open.lowerBound])
            // Full-width brackets bring their own space.
            if words.hasPrefix("（"), before.hasSuffix(" ") { before.removeLast() }
            return before + words
        }
        return line
    }

    /// A subcommand's line: "  show (default)    Show one species…", the label padded back to its column.
    private static func subcommandLine(_ line: String) -> String {
        let nameStart = line.index(line.startIndex, offsetBy: 2, limitedBy: line.endIndex) ?? line.endIndex
        guard line.hasPrefix("  "), let marker = line[nameStart...].range(of: " (default)") else { return line }
        let name = line[nameStart..<marker.lowerBound]
        guard !name.isEmpty, !name.contains(" ") else { return line }
        let after = line[marker.upperBound...]
        let spaces = after.prefix { $0 == " " }
        let abstract = after.dropFirst(spaces.count)
        let marked = tr("parser.help.default-subcommand")
        // Full-width brackets bring their own space.
        let label = "  " + name + (marked.hasPrefix("（") ? "" : " ") + marked
        if abstract.isEmpty { return spaces.isEmpty ? label : line }
        let column = TerminalText.displayWidth(String(line[..<marker.upperBound])) + spaces.count
        let width = TerminalText.displayWidth(label)
        guard spaces.count >= 2, width + 2 <= column else { return line }
        return label + String(repeating: " ", count: column - width) + abstract
    }

    /// What `text` holds between `prefix` (at its start) and `suffix` (at its end), if both are there.
    private static func quoted(_ text: String, after prefix: String, before suffix: String) -> String? {
        guard text.utf8.starts(with: prefix.utf8), text.utf8.count >= prefix.utf8.count + suffix.utf8.count,
              text.utf8.reversed().starts(with: suffix.utf8.reversed()) else { return nil }
        let inner = text.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
        return String(decoding: inner, as: UTF8.self)
    }
}
