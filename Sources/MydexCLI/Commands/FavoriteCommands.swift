import ArgumentParser
import MydexServices

struct FavoriteCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorite",
        abstract: "Mark one of your Pokémon as a favorite.",
        discussion: """
            Favorites show a ★ in `mydex list` and need --force to be released.

            Examples:
              $ mydex favorite 3
              $ mydex list --favorites
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The entry id, as shown by `mydex list`.")
    var id: Int64

    func validate() throws { try EntryID.validate(id) }

    func run(_ context: MydexContext) async throws {
        try await markFavorite(true, entryID: id, global: global, context: context)
    }
}

struct UnfavoriteCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "unfavorite",
        abstract: "Remove the favorite mark from one of your Pokémon.",
        discussion: """
            Examples:
              $ mydex unfavorite 3
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The entry id, as shown by `mydex list`.")
    var id: Int64

    func validate() throws { try EntryID.validate(id) }

    func run(_ context: MydexContext) async throws {
        try await markFavorite(false, entryID: id, global: global, context: context)
    }
}

/// What `favorite` and `unfavorite` share: set the mark, say so.
private func markFavorite(_ isFavorite: Bool, entryID: Int64, global: GlobalOptions, context: MydexContext) async throws {
    let (store, printer) = try await global.open(context, .existing)
    let change = try await CollectionService(store: store, clock: context.clock).setFavorite(entryID: entryID, isFavorite)
    try printer.emitChange(EntryChangeOutput(
        change: isFavorite ? .favorited : .unfavorited, entry: change.entry, changed: change.changed))
}
