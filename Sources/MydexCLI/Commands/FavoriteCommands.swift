import ArgumentParser
import MydexServices

struct FavoriteCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorite",
        abstract: "Mark Pokémon as favorites.",
        discussion: """
            Favorites show a ★ in `mydex list` and need --force to be released. Several ids and \
            ranges are marked together, or, if one is unknown or released, none.

            Examples:
              $ mydex favorite 3
              $ mydex favorite 1 2 7-9
              $ mydex list --favorites
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var entries: EntryIDArguments

    func run(_ context: MydexContext) async throws {
        try await markFavorite(true, entries: entries, global: global, context: context)
    }
}

struct UnfavoriteCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "unfavorite",
        abstract: "Remove the favorite mark from Pokémon.",
        discussion: """
            Several ids and ranges are unmarked together, or, if one is unknown or released, none.

            Examples:
              $ mydex unfavorite 3
              $ mydex unfavorite 3-5
            """)

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
    let (store, printer) = try await global.open(context, .existing)
    let result = try await CollectionService(store: store, clock: context.clock)
        .setFavorite(entryIDs: entries.list.ids, isFavorite)
    try printer.emitChanges(EntryChangesOutput(change: isFavorite ? .favorited : .unfavorited, result: result))
}
