import ArgumentParser
import MydexServices
import MydexStore

struct BackupCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy your collection to a backup file.",
        discussion: """
            Makes a consistent copy while other mydex commands keep working (SQLite's online \
            backup), checks the copy with SQLite's integrity_check, and prints where it is and \
            what it holds. Without a path the copy goes to a new timestamped file in the \
            `backups` folder beside the database. An existing file is never overwritten.

            Examples:
              $ mydex backup
              $ mydex backup ~/pokemon-2026.sqlite
              $ mydex backup --keep 5      # then keep only the 5 newest automatic backups
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Where to write the backup (default: a new file in the backups folder).", valueName: "path"))
    var path: String?

    @Option(help: ArgumentHelp("Afterwards, remove the oldest automatic backups so that n remain.", valueName: "n"))
    var keep: Int?

    func validate() throws {
        if let keep, keep < 1 { throw ValidationError("--keep must be at least 1.") }
        if let path, path.isEmpty { throw ValidationError("the backup path is empty.") }
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .existing)
        let service = CollectionService(store: store, clock: context.clock)
        let summary = try await service.backup(to: path.map(context.absolutePath), keep: keep)
        try printer.afterCommit("Backed up to \(summary.path)") { try printer.emit(summary) }
    }
}

struct RestoreCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace your collection with a backup.",
        discussion: """
            Checks that the file is an intact mydex database from this version or an older one, \
            saves the current collection as an automatic backup first, then copies the backup \
            in (upgrading it if it is older) and records the restore in the history.

            Examples:
              $ mydex restore ~/pokemon-2026.sqlite
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The backup file to restore.", valueName: "path"))
    var path: String

    func validate() throws {
        if path.isEmpty { throw ValidationError("the backup path is empty.") }
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .create)
        let service = CollectionService(store: store, clock: context.clock)
        let summary = try await service.restore(from: context.absolutePath(path))
        try printer.afterCommit("Restored from \(summary.source)") { try printer.emit(summary) }
    }
}

/// "12 entries (10 in the collection, 2 released), 30 history events".
func describe(_ counts: CollectionCounts) -> String {
    "\(counts.entries) entr\(counts.entries == 1 ? "y" : "ies") (\(counts.active) in the collection, "
        + "\(counts.released) released), \(counts.historyRows) history event\(counts.historyRows == 1 ? "" : "s")"
}

extension BackupSummary: CommandOutput {
    func printText(to printer: Printer) throws {
        try printer.line(SafeText(path))
        try printer.note(SafeText("Backed up \(describe(counts)); integrity check ok."))
        for removed in pruned { try printer.note("Removed old backup " + SafeText(removed)) }
    }
}

extension RestoreSummary: CommandOutput {
    func printText(to printer: Printer) throws {
        try printer.line(SafeText("Restored \(describe(counts)) from ") + SafeText(source))
        try printer.note(
            (previousWasDamaged ? "Your previous collection (damaged) was saved as it was to " : "Your previous collection was saved to ")
                + SafeText(safetyBackup))
    }
}
