import ArgumentParser
import Foundation
import MydexServices
import MydexModel
import MydexText

struct BackupCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "backup",
            abstract: tr("backup.help.abstract"),
            discussion: tr("backup.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("backup.option.path"), valueName: "path"))
    var path: String?

    @Option(help: ArgumentHelp(tr("backup.option.keep"), valueName: "n"))
    var keep: Int?

    @Flag(help: ArgumentHelp(tr("backup.option.dry-run")))
    var dryRun = false

    @Flag(help: ArgumentHelp(tr("backup.option.list")))
    var list = false

    func validate() throws {
        if let keep, keep < 1 { throw ValidationError(tr("backup.error.keep-too-small")) }
        if let path, path.isEmpty { throw ValidationError(tr("backup.error.empty-path")) }
        if list, path != nil || keep != nil || dryRun {
            throw ValidationError(tr("backup.error.list-alone"))
        }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .existing)
        if list { return try printer.emit(BackupList(backups: library.entries.automaticBackups(), folder: library.entries.backupDirectory)) }
        let service = library.changes
        if dryRun {
            let plan = try await service.backupPlan(to: path.map(context.absolutePath), keep: keep)
            return try printer.emit(DryRunOutput(
                value: plan,
                lines: [SafeText(tr("backup.dry-run.would-back-up", ["counts": describe(plan.counts), "path": plan.path]))]
                    + plan.pruned.map { SafeText(tr("backup.dry-run.would-remove", ["path": $0])) }))
        }
        let summary = try await service.backup(to: path.map(context.absolutePath), keep: keep)
        try printer.afterCommit(tr("backup.committed", ["path": summary.path])) { try printer.emit(summary) }
    }

    /// `--list`: `folder` and `backups`, oldest first; text: a table.
    struct BackupList: CommandOutput {
        /// "84 KB", "1.2 MB": sizes as `ls -lh` users read them (units and decimal mark in the language's way).
        static func size(_ bytes: Int) -> String {
            let format = Translator.current.format
            if bytes < 1000 { return tr("backup.size.bytes", ["size": bytes]) }
            if bytes < 1_000_000 { return tr("backup.size.kilobytes", ["size": Int((Double(bytes) / 1000).rounded())]) }
            return tr("backup.size.megabytes", ["size": format.decimal(Double(bytes) / 1_000_000, digits: 1)])
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
                return try printer.note(SafeText(tr("backup.list.none", ["folder": folder])))
            }
            var table = Table([
                .init(title: tr("backup.list.header.when"), shrinks: false),
                .init(title: tr("backup.list.header.size"), alignRight: true, shrinks: false),
                .init(title: tr("backup.list.header.held"), alignRight: true, shrinks: false),
                .init(title: tr("backup.list.header.released"), alignRight: true, shrinks: false),
                .init(title: tr("backup.list.header.events"), alignRight: true, shrinks: false),
                .init(title: tr("backup.list.header.file")),
            ])
            let format = Translator.current.format
            for backup in backups {
                let counts = backup.counts
                let file = (backup.path as NSString).lastPathComponent
                table.append([
                    SafeText(printer.presentation.dateTime(backup.createdAt)), SafeText(Self.size(backup.bytes)),
                    SafeText(counts.map { format.integer($0.active) } ?? "?"), SafeText(counts.map { format.integer($0.released) } ?? "?"),
                    SafeText(counts.map { format.integer($0.historyRows) } ?? "?"),
                    SafeText(counts == nil ? tr("backup.list.unreadable", ["file": file]) : file),
                ])
            }
            try printer.table(table)
            try printer.note(SafeText(tr("backup.list.folder", ["folder": folder])))
        }
    }
}

struct RestoreCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "restore",
            abstract: tr("restore.help.abstract"),
            discussion: tr("restore.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("restore.option.path"), valueName: "path"))
    var path: String?

    @Flag(name: [.short, .long], help: ArgumentHelp(tr("restore.option.yes")))
    var yes = false

    @Flag(help: ArgumentHelp(tr("restore.option.dry-run")))
    var dryRun = false

    func validate() throws {
        if path?.isEmpty == true { throw ValidationError(tr("backup.error.empty-path")) }
        if path == nil, yes || dryRun { throw ValidationError(tr("restore.error.which")) }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, dryRun || path == nil ? .existing : .create)
        guard let path else {
            // Which backups there are, and how to restore one.
            let backups = library.entries.automaticBackups()
            try printer.emit(BackupCommand.BackupList(backups: backups, folder: library.entries.backupDirectory))
            if !backups.isEmpty { try printer.note(SafeText(tr("restore.list.how"))) }
            return
        }
        let service = library.changes
        let source = try Self.source(path, backups: library.entries, context: context)
        if dryRun || !yes {
            let preview = try await service.restorePreview(from: source)
            if dryRun {
                return try printer.emit(DryRunOutput(
                    value: preview, lines: [SafeText(tr("restore.dry-run.would-replace"))] + preview.lines))
            }
            try confirm(preview, context: context)
        }
        let summary = try await service.restore(from: source)
        try printer.afterCommit(tr("restore.committed", ["path": summary.source])) { try printer.emit(summary) }
    }

    /// Says what the restore replaces and asks; nobody to ask is a refusal, not a yes.
    private func confirm(_ preview: RestorePreview, context: MydexContext) throws {
        // A new, empty collection loses nothing: no question.
        if let current = preview.current, current.entries == 0 && current.historyRows == 0 { return }
        guard context.confirmation.isInteractive else {
            throw MydexFailure(tr("restore.error.nobody-to-ask", [
                "current": preview.currentDescription, "backup": describe(preview.backup),
            ]))
        }
        for line in preview.lines { try context.output.note(line) }
        guard try context.confirmation.ask(SafeText(tr("restore.question")), on: context.output) else {
            throw Declined(tr("restore.cancelled"))
        }
    }

    /// The file `path` names: `latest`, the newest backup in mydex's backups folder; a path as
    /// typed when it exists (or has a folder in it); else a name in the backups folder, as
    /// `backup --list` prints them.
    static func source(_ path: String, backups: CollectionReader, context: MydexContext) throws -> String {
        if path == "latest" {
            guard let newest = backups.automaticBackups().last else {
                throw MydexFailure(tr("restore.error.no-backups", ["folder": backups.backupDirectory]))
            }
            return newest.path
        }
        let typed = context.absolutePath(path)
        if FileManager.default.fileExists(atPath: typed) { return typed }
        let inFolder = (backups.backupDirectory as NSString).appendingPathComponent(path)
        if !path.contains("/"), FileManager.default.fileExists(atPath: inFolder) { return inFolder }
        throw MydexFailure(tr("restore.error.not-found", ["path": typed, "folder": backups.backupDirectory]))
    }
}

/// "12 entries (10 in the collection, 2 released), 30 history events".
func describe(_ counts: CollectionCounts) -> String {
    tr("backup.counts", [
        "entries": tr("backup.counts.entries", ["count": counts.entries, "active": counts.active, "released": counts.released]),
        "events": tr("backup.counts.events", ["count": counts.historyRows]),
    ])
}

extension BackupSummary: CommandOutput {
    func printText(to printer: Printer) throws {
        try printer.line(SafeText(path))
        try printer.note(SafeText(tr("backup.summary.done", ["counts": describe(counts)])))
        for removed in pruned { try printer.note(SafeText(tr("backup.summary.removed", ["path": removed]))) }
    }
}

extension RestoreSummary: CommandOutput {
    func printText(to printer: Printer) throws {
        try printer.line(SafeText(tr("restore.summary.restored", ["counts": describe(counts), "path": source])))
        try printer.note(SafeText(
            previousWasDamaged
                ? tr("restore.summary.saved-damaged", ["path": safetyBackup]) : tr("restore.summary.saved", ["path": safetyBackup])))
    }
}

extension RestorePreview {
    var currentDescription: String { current.map(describe) ?? tr("restore.preview.unreadable") }

    /// What would be replaced, and where the collection now would be saved.
    var lines: [SafeText] {
        [
            SafeText(tr("restore.preview.current", ["counts": currentDescription])),
            SafeText(tr("restore.preview.backup", ["counts": describe(backup), "path": source])),
            // The folder, not the file: the file's name is the time of the restore itself.
            SafeText(tr("restore.preview.safety", ["folder": (safetyBackup as NSString).deletingLastPathComponent])),
        ]
    }
}
