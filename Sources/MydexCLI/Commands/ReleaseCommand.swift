import ArgumentParser
import MydexServices

struct ReleaseCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "release",
        abstract: "Throw Pokémon back to the wild.",
        discussion: """
            The entries leave `mydex list` but are kept in the database and the history \
            (`mydex list --all` still shows them; `mydex unrelease` brings them back). Several \
            ids and ranges are released together or not at all: if one is unknown, already \
            released, or a favorite without --force, nothing changes. Releasing a favorite needs --force.

            --duplicates releases, for each species, all but --keep of the Pokémon you hold \
            (default 1). Favorites, shinies and nicknamed Pokémon are never released and count \
            towards those kept; the others kept are the oldest.

            --dry-run prints what would be released and changes nothing.

            Examples:
              $ mydex release 3
              $ mydex release 4 5 9-12
              $ mydex release 7 --force
              $ mydex release --duplicates --dry-run
              $ mydex release --duplicates --keep 2
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Entry ids as shown by `mydex list`, and ranges such as 9-12.", valueName: "id"))
    var ids: [String] = []

    @Flag(help: "Release favorites too.")
    var force = false

    @Flag(help: "Release all but --keep of each species (never a favorite, a shiny or a nicknamed one).")
    var duplicates = false

    @Option(help: ArgumentHelp("With --duplicates: how many of each species to keep (default 1).", valueName: "n"))
    var keep: Int?

    @Flag(help: "Print what would be released; change nothing.")
    var dryRun = false

    func validate() throws {
        if duplicates {
            if !ids.isEmpty { throw ValidationError("--duplicates chooses the entries itself: give no ids with it.") }
            if force { throw ValidationError("--duplicates never releases favorites, so --force does not go with it.") }
            if let keep, keep < 1 { throw ValidationError("--keep must be at least 1.") }
        } else {
            if keep != nil { throw ValidationError("--keep goes with --duplicates.") }
            _ = try EntryIDList(ids)
        }
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .existing)
        let service = CollectionService(store: store, clock: context.clock)
        let result = duplicates
            ? try await service.releaseDuplicates(keeping: keep ?? 1, dryRun: dryRun)
            : try await service.release(entryIDs: EntryIDList(ids).ids, force: force, dryRun: dryRun)
        if duplicates, result.entries.isEmpty, !printer.json {
            try printer.note(SafeText("No duplicates beyond \(keep ?? 1) of each species; nothing to release."))
            return
        }
        try printer.emitChanges(EntryChangesOutput(change: .released, result: result, dryRun: dryRun))
    }
}

struct UnreleaseCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "unrelease",
        abstract: "Bring released Pokémon back into your collection.",
        discussion: """
            Undoes `mydex release`: the entries come back with their ids, nicknames and catch \
            dates (not as favorites), and the history records it. All of them come back or none: \
            an unknown id, or one that is not released, changes nothing. `mydex list --all` shows \
            released entries. --dry-run prints what would come back and changes nothing.

            Examples:
              $ mydex unrelease 3
              $ mydex unrelease 4 5 9-12 --dry-run
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var entries: EntryIDArguments

    @Flag(help: "Print what would come back; change nothing.")
    var dryRun = false

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .existing)
        let result = try await CollectionService(store: store, clock: context.clock)
            .unrelease(entryIDs: entries.list.ids, dryRun: dryRun)
        try printer.emitChanges(EntryChangesOutput(change: .unreleased, result: result, dryRun: dryRun))
    }
}
