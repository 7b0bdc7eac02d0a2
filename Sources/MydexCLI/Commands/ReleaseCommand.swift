import ArgumentParser
import MydexServices

struct ReleaseCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "release",
        abstract: "Throw a Pokémon back to the wild.",
        discussion: """
            The entry leaves `mydex list` but is kept in the database and the history \
            (`mydex list --all` still shows it). Releasing a favorite needs --force.

            Examples:
              $ mydex release 3
              $ mydex release 7 --force
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The entry id, as shown by `mydex list`.")
    var id: Int64

    @Flag(help: "Release it even if it is a favorite.")
    var force = false

    func validate() throws { try EntryID.validate(id) }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .existing)
        let entry = try await CollectionService(store: store, clock: context.clock).release(entryID: id, force: force)
        try printer.emitChange(EntryChangeOutput(change: .released, entry: entry, changed: true))
    }
}
