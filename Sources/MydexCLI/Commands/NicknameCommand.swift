import ArgumentParser
import MydexServices

struct NicknameCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "nickname",
        abstract: "Give one of your Pokémon a nickname, or clear it.",
        discussion: """
            A nickname is 1 to \(Nickname.maxLength) characters (emoji and accents count as one), \
            without control characters; surrounding spaces are trimmed.

            Examples:
              $ mydex nickname 3 Sparky
              $ mydex nickname 3 "피카 ⚡"
              $ mydex nickname 3 --clear
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The entry id, as shown by `mydex list`.")
    var id: Int64

    @Argument(help: "The new nickname.")
    var name: String?

    @Flag(help: "Remove the nickname.")
    var clear = false

    func validate() throws {
        try EntryID.validate(id)
        switch (name, clear) {
        case (nil, false): throw ValidationError("give a nickname, or --clear to remove it.")
        case (.some, true): throw ValidationError("give a nickname or --clear, not both.")
        case (let name?, false):
            do { _ = try Nickname.validate(name) } catch { throw ValidationError(error.description) }
        case (nil, true): break
        }
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .existing)
        let service = CollectionService(store: store, clock: context.clock)
        if let name {
            let change = try await service.setNickname(entryID: id, to: name)
            try printer.emitChange(EntryChangeOutput(change: .nicknamed, entry: change.entry, changed: change.changed))
        } else {
            let change = try await service.clearNickname(entryID: id)
            try printer.emitChange(EntryChangeOutput(change: .nicknameCleared, entry: change.entry, changed: change.changed))
        }
    }
}
