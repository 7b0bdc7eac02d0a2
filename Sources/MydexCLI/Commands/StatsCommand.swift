import ArgumentParser
import MydexServices
import MydexModel
import MydexText

struct StatsCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "stats",
            abstract: tr("stats.help.abstract"),
            discussion: tr("stats.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .emptyIfMissing)
        let catching = try await library.entries.catchingStats()
        let words = CatchingWords(ballNames: catching.balls.isEmpty ? [:] : try await library.games.ballNames())
        var games: [String: String] = [:]
        if let luckiest = catching.luckiest { games[luckiest.game] = try await library.games.games(matching: luckiest.game).first?.name }
        try printer.emit(Output(stats: try await library.pokedex.stats(), catching: catching, words: words, gameNames: games))
    }

    /// The Pokédex's stats (as before), and `"catching": {"catches", "catchThrows", "gotAway",
    /// "balls": [{"ball", "thrown", "caught"}], "luckiest": {"entryID", "speciesID", "name",
    /// "ball", "chance", "game"} | null}`.
    struct Output: CommandOutput {
        let stats: PokedexStats
        let catching: CatchingStats
        let words: CatchingWords
        let gameNames: [String: String]

        private enum Keys: String, CodingKey { case catching }

        func encode(to encoder: any Encoder) throws {
            try stats.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(catching, forKey: .catching)
        }

        func printText(to printer: Printer) throws {
            try stats.printText(to: printer)
            guard catching.catches + catching.gotAway > 0 || !catching.balls.isEmpty else { return }
            let color = printer.color
            try printer.line("")
            let perCatch = catching.catches > 0 ? Double(catching.catchThrows) / Double(catching.catches) : 0
            try printer.line(SafeText(tr("stats.label.catching") + "  ").styled(.bold, if: color) + SafeText(tr("stats.catching", [
                "catches": String(catching.catches), "throws": String(catching.catchThrows),
                "perCatch": Translator.current.format.decimal(perCatch, digits: 1), "gotAway": String(catching.gotAway),
            ])))
            var table = Table([
                .init(title: tr("odds.column.ball")), .init(title: tr("stats.catching.thrown"), alignRight: true, shrinks: false),
                .init(title: tr("stats.catching.caught"), alignRight: true, shrinks: false),
                .init(title: tr("stats.catching.rate"), alignRight: true, shrinks: false),
            ])
            for ball in catching.balls {
                table.append([
                    SafeText(words.name(ball: ball.ball)), SafeText(String(ball.thrown)), SafeText(String(ball.caught)),
                    SafeText(CatchingWords.percent(ball.thrown > 0 ? Double(ball.caught) / Double(ball.thrown) : 0)),
                ])
            }
            try printer.table(table)
            if let luckiest = catching.luckiest {
                try printer.line(SafeText(tr("stats.catching.luckiest", [
                    "name": luckiest.name, "id": String(luckiest.entryID), "ball": words.name(ball: luckiest.ball),
                    "chance": CatchingWords.percent(luckiest.chance), "game": gameNames[luckiest.game] ?? luckiest.game,
                ])))
            }
        }
    }
}

extension PokedexStats: CommandOutput {
    func printText(to printer: Printer) throws {
        let color = printer.color
        // The bars start in one column: after the widest of "Pokédex" and the generations' labels.
        // Fractions ("3/1025") are written as they always were, ungrouped, as are the counts beside bars.
        let pokedexLabel = tr("stats.label.pokedex")
        let generationLabels = generations.map { tr("stats.label.generation", ["generation": String($0.generation)]) }
        let labelWidth = ([pokedexLabel] + generationLabels).map(TerminalText.displayWidth).max() ?? 0
        try printer.line(SafeText(TerminalText.padded(pokedexLabel, to: labelWidth) + "  ").styled(.bold, if: color)
            + bar(speciesCaught, of: speciesTotal, color: color)
            + SafeText("  " + tr("stats.pokedex.caught", [
                "caught": String(speciesCaught), "total": String(speciesTotal),
                "percent": percent(speciesCaught, speciesTotal),
            ])))
        for (generation, label) in zip(generations, generationLabels) {
            try printer.line(SafeText(TerminalText.padded(label, to: labelWidth) + "  ")
                + bar(generation.caught, of: generation.total, color: color)
                + SafeText("  " + tr("stats.generation.caught", [
                    "caught": String(generation.caught), "total": String(generation.total),
                ])))
        }
        try printer.line("")
        try printer.line(SafeText(tr("stats.label.collection") + "  ").styled(.bold, if: color)
            + SafeText(tr("stats.collection", [
                "held": tr("stats.collection.held", ["count": held]),
                "released": tr("stats.collection.released", ["count": released]),
                "shiny": tr("stats.collection.shiny", ["count": shiny]),
                "favorites": tr("stats.collection.favorites", ["count": favorites]),
            ])))
        guard let most = types.first?.count else { return }
        try printer.line("")
        try printer.line(SafeText(tr("stats.label.types")).styled(.bold, if: color))
        let width = types.map { TerminalText.displayWidth($0.name) }.max() ?? 0
        for type in types {
            try printer.line(SafeText("  " + TerminalText.padded(type.name, to: width) + "  ")
                + bar(type.count, of: most, color: color) + SafeText("  \(type.count)"))
        }
    }

    /// "12.5%" as the language writes a percentage, to a tenth ("0%" when there is nothing to count).
    private func percent(_ part: Int, _ total: Int) -> String {
        guard total > 0 else { return Translator.current.format.percent(0, digits: 0) }
        let tenths = Int((Double(part) / Double(total) * 1000).rounded())
        return Translator.current.format.percent(Double(tenths) / 10, digits: 1)
    }

    private func bar(_ value: Int, of total: Int, color: Bool, width: Int = 24) -> SafeText {
        let filled = StatsCommand.filledBlocks(value, of: total, width: width)
        return SafeText(String(repeating: "█", count: filled)).styled(.green, if: color)
            + SafeText(String(repeating: "░", count: width - filled)).styled(.dim, if: color)
    }

}

extension StatsCommand {
    /// Rounded down, so that only 100% draws a full bar, and anything at all draws one block.
    static func filledBlocks(_ value: Int, of total: Int, width: Int) -> Int {
        guard total > 0, value > 0 else { return 0 }
        guard value < total else { return width }
        return min(max(Int(Double(value) / Double(total) * Double(width)), 1), width - 1)
    }
}
