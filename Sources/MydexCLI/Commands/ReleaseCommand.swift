import ArgumentParser
import MydexModel
import MydexServices
import MydexText

struct ReleaseCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "release",
            abstract: tr("release.help.abstract"),
            discussion: tr("release.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("release.argument.ids"), valueName: "id"))
    var ids: [String] = []

    @Flag(help: ArgumentHelp(tr("release.option.force")))
    var force = false

    @Flag(help: ArgumentHelp(tr("release.option.duplicates")))
    var duplicates = false

    @Option(help: ArgumentHelp(tr("release.option.keep"), valueName: "n"))
    var keep: Int?

    @Flag(help: ArgumentHelp(tr("release.option.dry-run")))
    var dryRun = false

    func validate() throws {
        if duplicates {
            if !ids.isEmpty { throw ValidationError(tr("release.error.duplicates-with-ids")) }
            if force { throw ValidationError(tr("release.error.duplicates-with-force")) }
            if let keep, keep < 1 { throw ValidationError(tr("release.error.keep")) }
        } else {
            if keep != nil { throw ValidationError(tr("release.error.keep-without-duplicates")) }
            _ = try EntryIDList(ids)
        }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .existing)
        let service = library.changes
        let result = duplicates
            ? try await service.releaseDuplicates(keeping: keep ?? 1, dryRun: dryRun)
            : try await service.release(entryIDs: EntryIDList(ids).ids, force: force, dryRun: dryRun)
        if duplicates, result.entries.isEmpty, !printer.json {
            try printer.note(SafeText(tr("release.no-duplicates", ["count": keep ?? 1])))
            return
        }
        // A dry run of many (`--duplicates`) is a listing to read.
        if dryRun { global.page(context) }
        try printer.emitChanges(EntryChangesOutput(change: .released, result: result, dryRun: dryRun))
    }
}

struct UnreleaseCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "unrelease",
            abstract: tr("unrelease.help.abstract"),
            discussion: tr("unrelease.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var entries: EntryIDArguments

    @Flag(help: ArgumentHelp(tr("unrelease.option.dry-run")))
    var dryRun = false

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .existing)
        let result = try await library.changes
            .unrelease(entryIDs: entries.list.ids, dryRun: dryRun)
        try printer.emitChanges(EntryChangesOutput(change: .unreleased, result: result, dryRun: dryRun))
    }
}
