import ArgumentParser
import MydexServices
import MydexText

struct FavoriteCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "favorite",
            abstract: tr("favorite.help.abstract"),
            discussion: tr("favorite.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var entries: EntryIDArguments

    func run(_ context: MydexContext) async throws {
        try await markFavorite(true, entries: entries, global: global, context: context)
    }
}

struct UnfavoriteCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "unfavorite",
            abstract: tr("unfavorite.help.abstract"),
            discussion: tr("unfavorite.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var entries: EntryIDArguments

    func run(_ context: MydexContext) async throws {
        try await markFavorite(false, entries: entries, global: global, context: context)
    }
}

/// What `favorite` and `unfavorite` share: set the mark, say so.
private func markFavorite(
    _ isFavorite: Bool, entries: EntryIDArguments, global: GlobalOptions, context: MydexContext
) async throws {
    let (library, printer) = try await global.open(context, .existing)
    let result = try await library.changes
        .setFavorite(entryIDs: entries.list.ids, isFavorite)
    try printer.emitChanges(EntryChangesOutput(change: isFavorite ? .favorited : .unfavorited, result: result))
}
