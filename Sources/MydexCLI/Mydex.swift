import ArgumentParser
import Foundation

/// The root command.
public struct Mydex: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "mydex",
        abstract: "Catch, keep and browse your own Pokémon collection from the terminal.",
        discussion: """
            mydex catches random Pokémon from PokeAPI and keeps them in a local SQLite database.

            Examples:
              $ mydex catch
              $ mydex list --sort dex
              $ mydex nickname 3 Sparky
              $ mydex release 3
              $ mydex backup
            """,
        version: MydexVersion.current,
        subcommands: [
            CatchCommand.self, ListCommand.self, ShowCommand.self, ReleaseCommand.self, NicknameCommand.self,
            FavoriteCommand.self, UnfavoriteCommand.self, HistoryCommand.self, BackupCommand.self,
            RestoreCommand.self,
        ])

    public init() {}

    /// Parses `arguments` (without the program name), runs the command with `context`, and
    /// returns the exit status: 0 success, 1 failure, 64 usage. Every message is escaped before it
    /// reaches the terminal, argument parser errors included.
    public static func run(arguments: [String], context: MydexContext) async -> Int32 {
        do {
            let command = try parseAsRoot(arguments)
            guard let mydexCommand = command as? any MydexCommand else {
                // Only the root is not a MydexCommand: without a subcommand it shows help.
                throw CleanExit.helpRequest(self)
            }
            try await mydexCommand.run(context)
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
