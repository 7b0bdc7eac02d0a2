import ArgumentParser
import MydexServices
import MydexStore
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
        let (store, printer) = try await global.open(context, .emptyIfMissing)
        try printer.emit(try await Pokedex(store: store).stats())
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
