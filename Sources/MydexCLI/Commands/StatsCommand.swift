import ArgumentParser
import MydexServices
import MydexStore

struct StatsCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "How complete your Pokédex is, and what your collection is made of.",
        discussion: """
            Species caught (released ones count: you did catch them) out of the whole Pokédex, \
            overall and per generation; shiny and favorite counts; the types of the Pokémon you hold.

            Examples:
              $ mydex stats
              $ mydex stats --lang ko
              $ mydex stats --json
            """)

    @OptionGroup var global: GlobalOptions

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .emptyIfMissing)
        try printer.emit(try await Pokedex(store: store).stats())
    }
}

extension PokedexStats: CommandOutput {
    func printText(to printer: Printer) throws {
        let color = printer.color
        try printer.line(SafeText("Pokédex  ").styled(.bold, if: color)
            + bar(speciesCaught, of: speciesTotal, color: color)
            + SafeText("  \(speciesCaught)/\(speciesTotal) species (\(percent(speciesCaught, speciesTotal)))"))
        for generation in generations {
            try printer.line(SafeText(TerminalText.padded("Gen \(generation.generation)", to: 7) + "  ")
                + bar(generation.caught, of: generation.total, color: color)
                + SafeText("  \(generation.caught)/\(generation.total)"))
        }
        try printer.line("")
        try printer.line(SafeText("Collection  ").styled(.bold, if: color)
            + SafeText("\(held) Pokémon held, \(released) released, \(shiny) shiny ✨, \(favorites) favorite\(favorites == 1 ? "" : "s") ★"))
        guard let most = types.first?.count else { return }
        try printer.line("")
        try printer.line(SafeText("Types").styled(.bold, if: color))
        let width = types.map { TerminalText.displayWidth($0.name) }.max() ?? 0
        for type in types {
            try printer.line(SafeText("  " + TerminalText.padded(type.name, to: width) + "  ")
                + bar(type.count, of: most, color: color) + SafeText("  \(type.count)"))
        }
    }

    private func percent(_ part: Int, _ total: Int) -> String {
        guard total > 0 else { return "0%" }
        let tenths = Int((Double(part) / Double(total) * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
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
