import ArgumentParser
import Foundation
import MydexModel
import MydexServices
import MydexText

/// `mydex encounter --game firered --at viridian-forest`: a wild Pokémon from a real encounter
/// table, and balls thrown at it until it is caught or the trainer runs.
struct EncounterCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "encounter",
            abstract: tr("encounter.help.abstract"),
            discussion: tr("encounter.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @OptionGroup var game: GameOption<ToPlay>

    /// `--game`: the game to meet a wild Pokémon in.
    enum ToPlay: GamePurpose { static var help: String { tr("encounter.option.game") } }

    @Option(help: ArgumentHelp(tr("encounter.option.at"), valueName: "place"))
    var at: String?

    @Option(help: ArgumentHelp(tr("encounter.option.method"), valueName: "method"))
    var method: String?

    @Option(name: .customLong("throw"), help: ArgumentHelp(tr("encounter.option.throw"), valueName: "ball"))
    var balls: [String] = []

    @Flag(help: ArgumentHelp(tr("encounter.option.until-caught")))
    var untilCaught = false

    @Option(help: ArgumentHelp(tr("encounter.option.seed"), valueName: "n"))
    var seed: UInt64?

    @Flag(help: ArgumentHelp(tr("catch.option.no-sprite")))
    var noSprite = false

    @Flag(name: .customLong("run"), help: ArgumentHelp(tr("encounter.option.run")))
    var runAway = false

    func validate() throws {
        if runAway && (game.name != nil || at != nil || method != nil || !balls.isEmpty || untilCaught || seed != nil) {
            throw ValidationError(tr("encounter.error.run-alone"))
        }
    }

    func run(_ context: MydexContext) async throws {
        // Nothing shown names a type: the type names are not read.
        let (library, printer) = try await global.open(context, .create)
        let service = library.encounters(timeZone: context.timeZone ?? .current)
        let words = CatchingWords(ballNames: try await library.games.ballNames())
        if runAway { return try await Self.runAway(service: service, printer: printer) }
        let chosen = try await library.games.game(named: game.name, configured: context.settings.game, oneGame: true)
        let scripted = try balls.map { try GameLookup.ball(named: $0, names: words.ballNames) }
        // Several places of that name: settled by the game, as `dex where --at` settles it.
        let place = try await at.asyncMap { try await library.games.place(named: $0, in: chosen) }
        var generator = context.random.generator(seed: seed)
        let (meeting, fled) = try await service.start(game: chosen, place: place, method: method, using: &generator)
        if let fled, !printer.json {
            let name = try await EncounterPlay.name(of: fled, service: service, printer: printer)
            try printer.note(SafeText(tr("encounter.fled", ["name": name])))
        }
        var play = EncounterPlay(meeting: meeting, service: service, library: library, words: words, printer: printer, context: context)
        play.fled = fled
        play.isNew = true
        try await play.run(scripted: scripted, untilCaught: untilCaught, picture: !noSprite)
    }

    /// `encounter --run`: the trainer runs from the pending encounter.
    static func runAway(service: EncounterService, printer: Printer) async throws {
        guard let pending = try await service.pending() else { throw EncounterService.Refusal.noPendingEncounter }
        _ = try await service.end(.ran)
        let name = try await EncounterPlay.name(of: pending.encounter, service: service, printer: printer)
        try printer.emit(RanOutput(encounter: pending.encounter, name: name))
    }

    struct RanOutput: CommandOutput {
        let encounter: WildEncounter
        let name: String
        private enum Keys: String, CodingKey { case encounter }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var ended = encounter
            ended.outcome = .ran
            try container.encode(WildEncounterJSON(ended, name: name), forKey: .encounter)
        }
        func printText(to printer: Printer) throws { try printer.line(SafeText(tr("encounter.ran", ["name": name]))) }
    }
}

/// `mydex throw great`: a ball at the pending wild Pokémon; without a ball, on a terminal, the
/// prompt; in a pipe, the encounter and its odds.
struct ThrowCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "throw",
            abstract: tr("throw.help.abstract"),
            discussion: tr("throw.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("throw.argument.ball"), valueName: "ball"))
    var balls: [String] = []

    @Flag(help: ArgumentHelp(tr("encounter.option.until-caught")))
    var untilCaught = false

    @Flag(help: ArgumentHelp(tr("catch.option.no-sprite")))
    var noSprite = false

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .pokedexOnly)
        let service = library.encounters(timeZone: context.timeZone ?? .current)
        let words = CatchingWords(ballNames: try await library.games.ballNames())
        let scripted = try balls.map { try GameLookup.ball(named: $0, names: words.ballNames) }
        guard let meeting = try await service.pending() else { throw EncounterService.Refusal.noPendingEncounter }
        var play = EncounterPlay(meeting: meeting, service: service, library: library, words: words, printer: printer, context: context)
        try await play.run(scripted: scripted, untilCaught: untilCaught, picture: !noSprite)
    }
}

/// A meeting played out: shown, then balls thrown as scripted, at the prompt, or not at all.
struct EncounterPlay {
    var meeting: EncounterService.Meeting
    let service: EncounterService
    let library: Library
    let words: CatchingWords
    let printer: Printer
    let context: MydexContext
    let name: String
    var fled: WildEncounter?
    /// Whether the meeting starts now (`encounter`), not goes on (`throw`).
    var isNew = false
    /// The most throws `--until-caught` makes: a capture rate 3 Pokémon takes 64 on average.
    static let throwLimit = 10_000

    init(
        meeting: EncounterService.Meeting, service: EncounterService, library: Library, words: CatchingWords, printer: Printer,
        context: MydexContext
    ) {
        self.meeting = meeting
        self.service = service
        self.library = library
        self.words = words
        self.printer = printer
        self.context = context
        name = Self.name(of: meeting, printer: printer)
    }

    /// The wild Pokémon's name in the user's language, its form's where it has one ("Alolan Rattata").
    static func name(of meeting: EncounterService.Meeting, printer: Printer) -> String {
        let speciesName = printer.localizer.name(meeting.species)
        return meeting.form.map { printer.presentation.formName($0, speciesName: speciesName) } ?? speciesName
    }

    static func name(of encounter: WildEncounter, service: EncounterService, printer: Printer) async throws -> String {
        name(of: try await service.meeting(encounter, throwsMade: []), printer: printer)
    }

    var interactive: Bool { !printer.json && context.terminal.descriptors() != nil }

    mutating func run(scripted: [Ball], untilCaught: Bool, picture: Bool) async throws {
        var entry: CollectionEntry?
        var ran = false
        let (odds, situation, spent) = try await service.odds(meeting)
        // `throw BALL` goes on with a Pokémon already shown: only the throws are told.
        let goingOn = !isNew
        if !printer.json && !(goingOn && (!scripted.isEmpty || untilCaught)) {
            let encounter = meeting.encounter
            let own = meeting.form.map { !$0.isSpeciesDefault } ?? false
            if let grid = (own ? printer.picture(of: Sprite.key(ofForm: encounter.formID), shiny: encounter.isShiny,
                                                 from: context.sprites, wanted: picture) : nil)
                ?? printer.picture(of: encounter.speciesID, shiny: encounter.isShiny, from: context.sprites, wanted: picture) {
                try printer.draw(grid)
            }
            try words.header(meeting, name: name, printer: printer)
            if !meeting.throwsMade.isEmpty {
                try printer.line(SafeText(tr("encounter.throws-so-far", ["count": String(meeting.throwsMade.count)])))
            }
        }
        let wantsPrompt = scripted.isEmpty && !untilCaught && interactive
        if !printer.json && scripted.isEmpty && !untilCaught {
            try printer.line("")
            let rows = odds.map { OddsRow(odds: $0, within: 0, expected: CatchRules.series($0.ball, situation, throws: 1).expected) }
            try printer.table(words.table(rows, within: nil, keys: wantsPrompt, width: printer.columns))
            if spent { try printer.note(SafeText(tr("throw.master-ball-spent-note"))) }
        }
        if !scripted.isEmpty || untilCaught {
            var queue = scripted
            let last = scripted.last ?? .poke
            var thrown = 0
            while entry == nil {
                let ball: Ball
                if !queue.isEmpty {
                    ball = queue.removeFirst()
                } else if untilCaught, thrown < Self.throwLimit {
                    ball = last
                } else {
                    break
                }
                entry = try await throwOnce(ball).entry
                thrown += 1
            }
        } else if wantsPrompt {
            (entry, ran) = try await prompt(odds: odds)
        }
        var output = Output(
            meeting: meeting, name: name, place: words.place(meeting), odds: odds, words: words, entry: entry, fled: fled, ran: ran)
        guard let entry else { return try printer.emit(output) }
        // A new species may complete a box or a Pokédex: only a nicety, the catch is kept anyway.
        if !printer.json { output.milestones = (try? await library.pokedex.milestones(completedBy: entry)) ?? CatchMilestones() }
        try printer.afterCommit(tr("catch.kept", ["name": entry.name, "id": String(entry.id)])) { try printer.emit(output) }
    }

    /// One throw, told as it happens: on a terminal the shakes one by one with a pause.
    mutating func throwOnce(_ ball: Ball) async throws -> EncounterService.ThrowResult {
        var meeting = self.meeting
        let result = try await service.throwBall(ball, at: &meeting)
        self.meeting = meeting
        guard !printer.json else { return result }
        if printer.columns != nil {
            let (start, shakes, end) = words.narration(result, name: name)
            try printer.output.printPart(SafeText(start))
            for shake in shakes {
                try await Task.sleep(for: .milliseconds(450))
                try printer.output.printPart(SafeText(" " + shake))
            }
            try await Task.sleep(for: .milliseconds(450))
            try printer.line(SafeText(" ") + SafeText(end).styled(result.outcome.caught ? .green : .bold, if: printer.color))
        } else {
            try printer.line(SafeText(words.line(result, name: name)))
        }
        return result
    }

    /// The prompt: a key a ball, `r` to run, until it is caught or the trainer runs.
    mutating func prompt(odds: [ThrowOdds]) async throws -> (CollectionEntry?, Bool) {
        guard let (input, output) = context.terminal.descriptors() else { return (nil, false) }
        var balls = odds.map(\.ball)
        while true {
            let keys = balls.indices.map { String(CatchingWords.key($0)) }
            try printer.output.prompt(SafeText(tr("throw.prompt", ["first": keys.first ?? "1", "last": keys.last ?? "1"])) + " ")
            let key = KeyPrompt.readKey(input: input, output: output)
            // The key as typed (a printable one), then the line ends: the throw is told below.
            let shown = key.map { $0.isLetter || $0.isNumber ? String($0) : "" } ?? ""
            try printer.output.prompt(SafeText(lines: shown + "\n"))
            guard let key, key != "r", key != "q", key != "\u{03}", key != "\u{04}", key != "\u{1B}" else {
                _ = try await service.end(.ran)
                try printer.line(SafeText(tr("encounter.ran", ["name": name])))
                return (nil, true)
            }
            guard let index = keys.firstIndex(of: String(key)) else { continue }
            if let entry = try await throwOnce(balls[index]).entry { return (entry, false) }
            // The Master Ball is thrown once; the Quick and Timer Balls change with each throw.
            if balls[index] == .master { balls.remove(at: index) }
        }
    }

    /// `{"encounter": {…}, "odds": [ball odds before the first throw], "throws": [{…}],
    /// "entry": entry | null, "fled": encounter | null, "ran": bool}`.
    struct Output: CommandOutput {
        let meeting: EncounterService.Meeting
        let name: String
        let place: String
        let odds: [ThrowOdds]
        let words: CatchingWords
        let entry: CollectionEntry?
        let fled: WildEncounter?
        let ran: Bool
        /// What the catch completed (text only).
        var milestones = CatchMilestones()

        private enum Keys: String, CodingKey { case encounter, odds, throwsMade = "throws", entry, fled, ran }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(
                WildEncounterJSON(meeting.encounter, gameName: meeting.game.name, place: place, name: name), forKey: .encounter)
            try container.encode(
                odds.map { OddsJSON(OddsRow(odds: $0, within: 0, expected: nil), words: words, withinShown: false) }, forKey: .odds)
            try container.encode(TransferredEncounter.transferred(meeting.throwsMade), forKey: .throwsMade)
            try container.encode(entry.map(EntryJSON.init), forKey: .entry)
            try container.encode(fled.map { WildEncounterJSON($0) }, forKey: .fled)
            try container.encode(ran, forKey: .ran)
        }

        /// The meeting and the throws were told as they happened: what is left is how it ended.
        func printText(to printer: Printer) throws {
            if let entry {
                try printer.line(SafeText(tr("throw.kept", ["name": name, "id": String(entry.id)])))
                try milestones.printNotes(to: printer)
            } else if !ran {
                try printer.note(SafeText(tr("encounter.still-here", ["name": name])))
            }
        }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async throws -> [T] {
        var mapped: [T] = []
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
