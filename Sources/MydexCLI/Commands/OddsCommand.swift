import ArgumentParser
import Foundation
import MydexModel
import MydexServices
import MydexText

/// `mydex odds pikachu --game firered`: the chance of each ball, worked out by the rules the
/// throws use (`CatchRules`).
struct OddsCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "odds",
            abstract: tr("odds.help.abstract"),
            discussion: tr("odds.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("odds.argument.species"), valueName: "pokemon"))
    var query: [String]

    @OptionGroup var game: GameOption<ForRules>

    /// `--game`: whose catch rules apply.
    enum ForRules: GamePurpose { static var help: String { tr("odds.option.game") } }

    @Option(help: ArgumentHelp(tr("odds.option.ball"), valueName: "ball"))
    var ball: String?

    @Option(help: ArgumentHelp(tr("odds.option.hp"), valueName: "percent"))
    var hp: Double = 100

    @Option(help: ArgumentHelp(tr("odds.option.status"), valueName: "status"))
    var status: CatchStatus = .none

    @Option(help: ArgumentHelp(tr("odds.option.level", ["level": String(Self.defaultLevel)]), valueName: "n"))
    var level: Int = Self.defaultLevel

    @Option(name: .customLong("throws"), help: ArgumentHelp(tr("odds.option.throws"), valueName: "n"))
    var throwCount: Int = 5

    @Option(help: ArgumentHelp(tr("odds.option.method"), valueName: "method"))
    var method: String?

    @Flag(help: ArgumentHelp(tr("odds.option.dark")))
    var dark = false

    @Option(help: ArgumentHelp(tr("dex.show.option.form"), valueName: "form"))
    var form: String?

    static let defaultLevel = 20

    func validate() throws {
        guard hp > 0 && hp <= 100 else { throw ValidationError(tr("odds.error.hp", ["value": Translator.current.format.decimal(hp, digits: 1)])) }
        guard (1...100).contains(level) else { throw ValidationError(tr("odds.error.level", ["value": String(level)])) }
        guard (1...10_000).contains(throwCount) else { throw ValidationError(tr("odds.error.throws", ["value": String(throwCount)])) }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .pokedexOnly, species: true)
        let chosen = try await library.games.game(named: game.name, configured: context.settings.game, oneGame: false)
        let found = try await library.finder.pokemon(matching: query.joined(separator: " "), form: form)
        // The species as the form asked for is (an Alolan Vulpix is Ice).
        let species = found.species
        let words = CatchingWords(ballNames: try await library.games.ballNames())
        let balls = EncounterService.balls(in: chosen)
        var shown = balls
        if let ball {
            let asked = try GameLookup.ball(named: ball, names: words.ballNames)
            guard balls.contains(asked) else {
                throw UsageError(EncounterService.Refusal.ballNotInGame(
                    ball: words.name(asked), game: chosen.name, balls: balls.map(\.shortName)).description)
            }
            shown = [asked]
        }
        let maxHP = CatchSituation.maxHP(baseHP: species.stats?["hp"] ?? 50, level: level, generation: chosen.generation)
        let service = library.encounters(timeZone: context.timeZone ?? .current)
        let (situation, _) = try await service.situation(
            of: species, in: chosen, level: level, maxHP: maxHP, hp: CatchSituation.hp(percent: hp, maxHP: maxHP), status: status,
            method: method, isDark: dark)
        let rows = shown.map { ball in
            let series = CatchRules.series(ball, situation, throws: throwCount)
            return OddsRow(odds: CatchRules.odds(ball, situation), within: series.within, expected: series.expected)
        }
        let name = printer.presentation.formName(found.form, speciesName: printer.localizer.name(found.species))
        try printer.emit(Output(
            name: name, species: species, game: chosen, situation: situation, hpPercent: hp, rows: rows, throwCount: throwCount,
            words: words))
    }

    /// `{"species", "name", "game": {identifier, name, versionGroup, generation}, "level", "hp",
    /// "status", "captureRate", "speciesCaught", "throws", "balls": [odds, …]}`.
    struct Output: CommandOutput {
        let name: String
        let species: Species
        let game: Game
        let situation: CatchSituation
        let hpPercent: Double
        let rows: [OddsRow]
        let throwCount: Int
        let words: CatchingWords

        private enum Keys: String, CodingKey {
            case species, name, game, level, hp, status, captureRate, speciesCaught, method, dark, throwCount = "throws", balls
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(species.id, forKey: .species)
            try container.encode(name, forKey: .name)
            try container.encode(GameJSON(game), forKey: .game)
            try container.encode(situation.level, forKey: .level)
            try container.encode(hpPercent, forKey: .hp)
            try container.encode(situation.status, forKey: .status)
            try container.encode(situation.captureRate, forKey: .captureRate)
            try container.encode(situation.speciesCaught, forKey: .speciesCaught)
            try container.encodeIfPresent(situation.method, forKey: .method)
            try container.encode(situation.isDark, forKey: .dark)
            try container.encode(throwCount, forKey: .throwCount)
            try container.encode(rows.map { OddsJSON($0, words: words, withinShown: true) }, forKey: .balls)
        }

        func printText(to printer: Printer) throws {
            let status = situation.status == .none ? tr("odds.status.none") : tr("odds.status.\(situation.status.rawValue)")
            try printer.line(SafeText(tr("odds.title", ["name": name, "game": game.name])).styled(.bold, if: printer.color))
            try printer.line(SafeText(tr("odds.situation", [
                "level": String(situation.level), "hp": Translator.current.format.percent(hpPercent, digits: hpPercent.rounded() == hpPercent ? 0 : 1),
                "status": status, "rate": String(situation.captureRate), "generation": String(game.generation),
            ])))
            try printer.line("")
            try printer.table(words.table(rows, within: throwCount, keys: false, width: printer.columns))
            if rows.contains(where: { $0.odds.criticalChance > 0 }) || game.generation >= 5 {
                try printer.line("")
                try printer.line(SafeText(tr("odds.critical-note", ["count": String(situation.speciesCaught)])))
            }
        }
    }
}

extension CatchStatus: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
