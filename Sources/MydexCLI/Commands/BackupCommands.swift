import ArgumentParser
import Foundation
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

            --keep N then removes the oldest automatic backups so that N remain (never the \
            copies saved before a restore); with --dry-run it prints what it would write and \
            remove, and changes nothing. --list shows the automatic backups with their time, \
            size and what they hold.

            Examples:
              $ mydex backup
              $ mydex backup ~/pokemon-2026.sqlite
              $ mydex backup --keep 5      # then keep only the 5 newest automatic backups
              $ mydex backup --keep 5 --dry-run
              $ mydex backup --list
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Where to write the backup (default: a new file in the backups folder).", valueName: "path"))
    var path: String?

    @Option(help: ArgumentHelp("Afterwards, remove the oldest automatic backups so that n remain.", valueName: "n"))
    var keep: Int?

    @Flag(help: "Print what would be written and removed; change nothing.")
    var dryRun = false

    @Flag(help: "List the automatic backups (time, size, what they hold) instead of making one.")
    var list = false

    func validate() throws {
        if let keep, keep < 1 { throw ValidationError("--keep must be at least 1.") }
        if let path, path.isEmpty { throw ValidationError("the backup path is empty.") }
        if list, path != nil || keep != nil || dryRun {
            throw ValidationError("--list only lists: give it no path, --keep or --dry-run.")
        }
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .existing)
        if list { return try printer.emit(BackupList(backups: store.automaticBackups(), folder: store.backupDirectory)) }
        let service = CollectionService(store: store, clock: context.clock)
        if dryRun {
            let plan = try await service.backupPlan(to: path.map(context.absolutePath), keep: keep)
            return try printer.emit(DryRunOutput(
                value: plan,
                lines: [SafeText("Would back up \(describe(plan.counts)) to ") + SafeText(plan.path)]
                    + plan.pruned.map { "Would remove old backup " + SafeText($0) }))
        }
        let summary = try await service.backup(to: path.map(context.absolutePath), keep: keep)
        try printer.afterCommit("Backed up to \(summary.path)") { try printer.emit(summary) }
    }

    /// `--list`: `folder` and `backups`, oldest first; text: a table.
    struct BackupList: CommandOutput {
        /// "84 KB", "1.2 MB": sizes as `ls -lh` users read them.
        static func size(_ bytes: Int) -> String {
            if bytes < 1000 { return "\(bytes) B" }
            if bytes < 1_000_000 { return "\(Int((Double(bytes) / 1000).rounded())) KB" }
            return String(format: "%.1f MB", Double(bytes) / 1_000_000)
        }

        let backups: [BackupFile]
        let folder: String

        private enum Keys: String, CodingKey { case backups, folder }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(backups, forKey: .backups)
            try container.encode(folder, forKey: .folder)
        }

        func printText(to printer: Printer) throws {
            guard !backups.isEmpty else {
                return try printer.note("No automatic backups in " + SafeText(folder) + " yet: `mydex backup` makes one.")
            }
            var table = Table([
                .init(title: "WHEN", shrinks: false), .init(title: "SIZE", alignRight: true, shrinks: false),
                .init(title: "HELD", alignRight: true, shrinks: false), .init(title: "RELEASED", alignRight: true, shrinks: false),
                .init(title: "EVENTS", alignRight: true, shrinks: false), .init(title: "FILE"),
            ])
            for backup in backups {
                let counts = backup.counts
                table.append([
                    SafeText(printer.presentation.dateTime(backup.createdAt)), SafeText(Self.size(backup.bytes)),
                    SafeText(counts.map { "\($0.active)" } ?? "?"), SafeText(counts.map { "\($0.released)" } ?? "?"),
                    SafeText(counts.map { "\($0.historyRows)" } ?? "?"),
                    SafeText((backup.path as NSString).lastPathComponent + (counts == nil ? " (unreadable)" : "")),
                ])
            }
            try printer.table(table)
            try printer.note("In " + SafeText(folder))
        }
    }
}

struct RestoreCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace your collection with a backup.",
        discussion: """
            Checks that the file is an intact mydex database from this version or an older one, \
            shows what it would replace (your collection now, and the backup's), and asks before \
            going on. It then saves the current collection as an automatic backup, copies the \
            backup in (upgrading it if it is older) and records the restore in the history.

            The question is asked on a terminal; --yes skips it (and is needed where nobody can \
            answer, in a script or a pipe). --dry-run shows what would be replaced and changes nothing.

            Examples:
              $ mydex restore ~/pokemon-2026.sqlite
              $ mydex restore ~/pokemon-2026.sqlite --dry-run
              $ mydex restore ~/pokemon-2026.sqlite --yes    # in a script
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The backup file to restore.", valueName: "path"))
    var path: String

    @Flag(name: [.short, .long], help: "Restore without asking.")
    var yes = false

    @Flag(help: "Show what would be replaced; change nothing.")
    var dryRun = false

    func validate() throws {
        if path.isEmpty { throw ValidationError("the backup path is empty.") }
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, dryRun ? .existing : .create)
        let service = CollectionService(store: store, clock: context.clock)
        let source = context.absolutePath(path)
        if dryRun || !yes {
            let preview = try await service.restorePreview(from: source)
            if dryRun {
                return try printer.emit(DryRunOutput(
                    value: preview, lines: ["Would replace your collection with the backup."] + preview.lines))
            }
            try confirm(preview, context: context)
        }
        let summary = try await service.restore(from: source)
        try printer.afterCommit("Restored from \(summary.source)") { try printer.emit(summary) }
    }

    /// Says what the restore replaces and asks; nobody to ask is a refusal, not a yes.
    private func confirm(_ preview: RestorePreview, context: MydexContext) throws {
        // A new, empty collection loses nothing: no question.
        if let current = preview.current, current.entries == 0 && current.historyRows == 0 { return }
        guard context.confirmation.isInteractive else {
            throw MydexFailure(
                "restore replaces your collection (\(preview.currentDescription)) with the backup's "
                    + "(\(describe(preview.backup))), and nobody can be asked here. "
                    + "Nothing was changed; pass --yes to restore anyway (`mydex restore PATH --yes`).")
        }
        for line in preview.lines { try context.output.note(line) }
        guard try context.confirmation.ask("Replace your collection with the backup?", on: context.output) else {
            throw MydexFailure("Restore cancelled; nothing was changed.")
        }
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

extension RestorePreview {
    var currentDescription: String { current.map(describe) ?? "unreadable: damaged" }

    /// What would be replaced, and where the collection now would be saved.
    var lines: [SafeText] {
        [
            SafeText("Your collection now: \(currentDescription)."),
            SafeText("The backup:          \(describe(backup)), in ") + SafeText(source),
            // The folder, not the file: the file's name is the time of the restore itself.
            "Your collection now will first be saved in " + SafeText((safetyBackup as NSString).deletingLastPathComponent) + ".",
        ]
    }
}
