import ArgumentParser
import Foundation

/// The root command.
public struct Mydex: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "mydex",
        abstract: "Catch, keep and browse your own Pokémon collection from the terminal.",
        discussion: """
            mydex catches random Pokémon from PokeAPI and keeps them in a local SQLite database. \
            Its built-in Pokédex (every species, in every language PokeAPI has) works offline.

            Examples:
              $ mydex catch
              $ mydex catch --offline
              $ mydex list --sort dex
              $ mydex dex 25 --lang ko
              $ mydex search pika
              $ mydex stats
              $ mydex nickname 3 Sparky
              $ mydex release 3
              $ mydex backup
            """,
        version: MydexVersion.current,
        subcommands: [
            CatchCommand.self, ListCommand.self, ShowCommand.self, ReleaseCommand.self, NicknameCommand.self,
            FavoriteCommand.self, UnfavoriteCommand.self, HistoryCommand.self, BackupCommand.self,
            RestoreCommand.self, DexCommand.self, SearchCommand.self, StatsCommand.self,
        ])

    public init() {}

    /// Parses `arguments` (without the program name), runs the command with `context`, and
    /// returns the exit status: 0 success, 1 failure, 64 usage. Every message is escaped before it
    /// reaches the terminal, argument parser errors included.
    public static func run(arguments: [String], context: MydexContext) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            if let mydexCommand = command as? any MydexCommand {
                try await mydexCommand.run(context)
            } else {
                // The root without a subcommand, and `help`: both throw a request for help.
                try command.run()
            }
            return ExitCode.success.rawValue
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == .success {
                    context.output.print(SafeText(lines: message))
                } else {
                    context.output.note(SafeText(lines: message))
                }
            }
            return code.rawValue
        }
    }
}

/// A subcommand. `run()` only builds the live context; all work happens in `run(_:)`.
protocol MydexCommand: AsyncParsableCommand {
    func run(_ context: MydexContext) async throws
}

extension MydexCommand {
    func run() async throws {
        try await run(MydexContext.live())
    }
}
