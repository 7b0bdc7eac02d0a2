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
        let service = CollectionService(store: try global.openStore(context), clock: context.clock)
        let entry = try await service.setFavorite(entryID: id, true)
        let printer = Printer(context, json: global.json)
        try printer.entryChanged(entry, SafeText("★ ").styled(.yellow, if: printer.color) + printer.describe(entry) + " is a favorite.")
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
        let service = CollectionService(store: try global.openStore(context), clock: context.clock)
        let entry = try await service.setFavorite(entryID: id, false)
        let printer = Printer(context, json: global.json)
        try printer.entryChanged(entry, printer.describe(entry) + " is no longer a favorite.")
    }
}
