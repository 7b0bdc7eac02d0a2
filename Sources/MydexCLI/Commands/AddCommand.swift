import ArgumentParser
import Foundation
import MydexModel
import MydexServices
import MydexText

/// `mydex add pikachu --level 25 --nature jolly --ivs 31/31/31/31/31/31 --game scarlet`: a
/// Pokémon you have in a game, recorded by hand; what is not given is drawn as a wild one of that
/// game would be, and the entry says which.
struct AddCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "add",
            abstract: tr("add.help.abstract"),
            discussion: tr("add.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("dex.show.argument.query")))
    var query: [String]

    @Option(help: ArgumentHelp(tr("dex.show.option.form"), valueName: "form"))
    var form: String?

    @Option(help: ArgumentHelp(tr("add.option.level"), valueName: "n"))
    var level: Int?

    @Option(help: ArgumentHelp(tr("add.option.nature"), valueName: "nature"))
    var nature: String?

    @Option(help: ArgumentHelp(tr("add.option.ivs"), valueName: "hp/atk/def/spa/spd/spe"))
    var ivs: SixStats?

    @Option(help: ArgumentHelp(tr("add.option.evs"), valueName: "hp/atk/def/spa/spd/spe"))
    var evs: SixStats?

    @Option(help: ArgumentHelp(tr("add.option.gender")))
    var gender: Gender?

    @Option(help: ArgumentHelp(tr("add.option.ability"), valueName: "ability"))
    var ability: String?

    @Option(help: ArgumentHelp(tr("add.option.moves"), valueName: "move,move"))
    var moves: String?

    @Option(name: .customLong("held-item"), help: ArgumentHelp(tr("add.option.held-item"), valueName: "item"))
    var heldItem: String?

    @Flag(name: .customLong("no-held-item"), help: ArgumentHelp(tr("add.option.no-held-item")))
    var noHeldItem = false

    @Option(help: ArgumentHelp(tr("add.option.ball"), valueName: "ball"))
    var ball: String?

    @OptionGroup var game: GameOption<KeptIn>

    /// `--game`: the game it is kept in, whose rules draw what is not given.
    enum KeptIn: GamePurpose { static var help: String { tr("add.option.game") } }

    @Flag(help: ArgumentHelp(tr("add.option.shiny")))
    var shiny = false

    @Option(help: ArgumentHelp(tr("add.option.nickname"), valueName: "name"))
    var nickname: String?

    @Option(help: ArgumentHelp(tr("add.option.trainer"), valueName: "name"))
    var trainer: String?

    @Option(name: .customLong("trainer-id"), help: ArgumentHelp(tr("add.option.trainer-id"), valueName: "n"))
    var trainerID: Int?

    @Option(help: ArgumentHelp(tr("catch.option.seed"), valueName: "n"))
    var seed: UInt64?

    /// The moves as typed, one name each.
    var moveNames: [String] {
        (moves ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func validate() throws {
        try PokemonQuery.validate(query)
        if heldItem != nil && noHeldItem { throw ValidationError(tr("add.error.held-item-and-none")) }
        if moves != nil, !(1...4).contains(moveNames.count) { throw ValidationError(tr("add.error.moves")) }
        if let trainerID, !(0...65_535).contains(trainerID) { throw ValidationError(tr("add.error.trainer-id")) }
        if let nickname { do { _ = try Nickname.validate(nickname) } catch { throw ValidationError(error.description) } }
        if let trainer, trainer.trimmingCharacters(in: .whitespaces).isEmpty || trainer.count > 12 {
            throw ValidationError(tr("add.error.trainer"))
        }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .create, species: true)
        let finder = library.finder
        let found = try await UsageError.namingForm { try await finder.pokemon(matching: query.joined(separator: " "), form: form) }
        let keptIn = try await game.name.asyncMap { try await library.games.game(named: $0, configured: nil, oneGame: true) }
        let lookup = library.individuals
        var given = IndividualMaker.Given(level: level, gender: gender, ivs: ivs?.values, evs: evs?.values)
        if let nature { given.nature = try await lookup.nature(named: nature) }
        if let ability { given.ability = (try await lookup.ability(named: ability), false) }
        if moves != nil {
            var identifiers: [String] = []
            for name in moveNames {
                let identifier = try await lookup.move(named: name)
                if identifiers.contains(identifier) { throw UsageError(tr("add.error.moves")) }
                identifiers.append(identifier)
            }
            given.moves = identifiers
        }
        if let heldItem { given.heldItem = .some(try await lookup.item(named: heldItem)) }
        if noHeldItem { given.heldItem = .some(nil) }
        var ballItem: String?
        if let ball {
            let item = try await lookup.item(named: ball)
            guard item.hasSuffix("-ball") else { throw UsageError(tr("add.error.ball", ["ball": ball])) }
            ballItem = item
        }
        var generator = context.random.generator(seed: seed)
        let request = AddService.Request(
            pokemon: found, game: keptIn, given: given, shiny: shiny,
            nickname: try nickname.map { name in try Nickname.validate(name) }, ball: ballItem,
            trainer: trainer?.trimmingCharacters(in: .whitespaces), trainerNumber: trainerID)
        let entry: CollectionEntry
        do {
            entry = try await library.adding.add(request, using: &generator)
        } catch let problem as AddService.Problem {
            throw UsageError(problem.description)
        }
        try printer.afterCommit(tr("add.kept", ["name": entry.name, "id": String(entry.id)])) {
            try printer.emit(Output(entry: entry))
            if let origin = entry.origin, !origin.drawn.isEmpty {
                try printer.note(SafeText(tr("add.drawn", ["values": origin.drawn.map(printer.presentation.drawnName).listJoined()])))
            }
        }
    }

    /// `{"entry": …}`; text: what was added, its level, and its id.
    struct Output: CommandOutput {
        let entry: CollectionEntry

        private enum Keys: String, CodingKey { case entry }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(EntryJSON(entry), forKey: .entry)
        }

        func printText(to printer: Printer) throws {
            let arguments: [String: any TextArgument] = [
                "name": entry.name, "dex": printer.presentation.dexNumber(entry.speciesID), "types": entry.typeNameList,
                "id": String(entry.id), "level": Translator.current.format.integer(entry.individual?.level ?? 0),
            ]
            try printer.line(.message(arguments, showing: ["name": SafeText(entry.name).styled(.bold, if: printer.color)]) {
                tr("add.added", $0)
            })
        }
    }
}
