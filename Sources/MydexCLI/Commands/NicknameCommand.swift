import ArgumentParser
import MydexModel
import MydexServices
import MydexText

struct NicknameCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "nickname",
            abstract: tr("nickname.help.abstract"),
            discussion: tr("nickname.help.discussion", ["max": String(Nickname.maxLength)]))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("nickname.argument.id")))
    var id: Int64

    @Argument(help: ArgumentHelp(tr("nickname.argument.name")))
    var name: String?

    @Flag(help: ArgumentHelp(tr("nickname.option.clear")))
    var clear = false

    func validate() throws {
        try EntryID.validate(id)
        switch (name, clear) {
        case (nil, false): throw ValidationError(tr("nickname.error.missing"))
        case (.some, true): throw ValidationError(tr("nickname.error.both"))
        case (let name?, false):
            do { _ = try Nickname.validate(name) } catch { throw ValidationError(error.description) }
        case (nil, true): break
        }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .existing)
        let service = library.changes
        if let name {
            let change = try await service.setNickname(entryID: id, to: name)
            try printer.emitChange(EntryChangeOutput(change: .nicknamed, entry: change.entry, changed: change.changed))
        } else {
            let change = try await service.clearNickname(entryID: id)
            try printer.emitChange(EntryChangeOutput(change: .nicknameCleared, entry: change.entry, changed: change.changed))
        }
    }
}
