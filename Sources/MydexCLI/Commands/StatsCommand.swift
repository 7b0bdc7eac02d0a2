import ArgumentParser
import MydexServices

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
        let stats = try await PokedexService(store: store, clock: context.clock).stats(localizer: printer.localizer)
        if global.json {
            try printer.printJSON(stats)
            return
        }
        let color = printer.color
        try printer.line(SafeText("Pokédex  ").styled(.bold, if: color)
            + bar(stats.speciesCaught, of: stats.speciesTotal, color: color)
            + SafeText("  \(stats.speciesCaught)/\(stats.speciesTotal) species (\(percent(stats.speciesCaught, stats.speciesTotal)))"))
        for generation in stats.generations {
            try printer.line(SafeText(TerminalText.padded("Gen \(generation.generation)", to: 7) + "  ")
                + bar(generation.caught, of: generation.total, color: color)
                + SafeText("  \(generation.caught)/\(generation.total)"))
        }
        try printer.line("")
        try printer.line(SafeText("Collection  ").styled(.bold, if: color)
            + SafeText("\(stats.held) Pokémon held, \(stats.released) released, \(stats.shiny) shiny ✨, \(stats.favorites) favorite\(stats.favorites == 1 ? "" : "s") ★"))
        guard let most = stats.types.first?.count else { return }
        try printer.line("")
        try printer.line(SafeText("Types").styled(.bold, if: color))
        let width = stats.types.map { TerminalText.displayWidth($0.name) }.max() ?? 0
        for type in stats.types {
            try printer.line(SafeText("  " + TerminalText.padded(type.name, to: width) + "  ")
                + bar(type.count, of: most, color: color) + SafeText("  \(type.count)"))
        }
    }

    private func bar(_ value: Int, of total: Int, color: Bool, width: Int = 24) -> SafeText {
        let filled = Self.filledBlocks(value, of: total, width: width)
        return SafeText(String(repeating: "█", count: filled)).styled(.green, if: color)
            + SafeText(String(repeating: "░", count: width - filled)).styled(.dim, if: color)
    }

    /// Rounded down, so that only 100% draws a full bar, and anything at all draws one block.
    static func filledBlocks(_ value: Int, of total: Int, width: Int) -> Int {
        guard total > 0, value > 0 else { return 0 }
        guard value < total else { return width }
        return min(max(Int(Double(value) / Double(total) * Double(width)), 1), width - 1)
    }

    private func percent(_ part: Int, _ total: Int) -> String {
        total == 0 ? "0%" : String(format: "%.1f%%", Double(part) / Double(total) * 100)
    }
}
