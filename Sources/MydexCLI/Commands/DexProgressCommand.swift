import ArgumentParser
import Foundation
import MydexModel
import MydexServices
import MydexText

/// `mydex dex progress`: how complete the living dex is, for the national Pokédex (and each
/// generation) and every regional one of the games.
struct DexProgressCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "progress",
            abstract: tr("dex.progress.help.abstract"),
            discussion: tr("dex.progress.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp(tr("dex.progress.option.dex"), valueName: "name"))
    var dex: String?

    @Flag(help: ArgumentHelp(tr("dex.progress.flag.shiny")))
    var shiny = false

    @Flag(help: ArgumentHelp(tr("dex.progress.flag.forms")))
    var forms = false

    func validate() throws {
        if let dex, SearchText.normalized(dex).isEmpty { throw ValidationError(tr("dex.progress.error.empty-dex")) }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .pokedexOnly)
        let chosen: [GamePokedex]
        if let dex {
            chosen = [try await library.games.pokedex(named: dex)]
        } else {
            // The games' Pokédexes; others (the Conquest gallery) only when named.
            chosen = try await library.games.gamePokedexes().filter(\.mainSeries)
        }
        let query = ProgressQuery(shiny: shiny, forms: forms)
        try printer.emit(Output(query: query, progress: try await library.pokedex.progress(of: chosen, query)))
    }

    /// `{"shiny": false, "forms": false, "pokedexes": [{"pokedex": "national", "name": "National",
    /// "caught": 151, "total": 1025, "generations": [{"generation": 1, "caught": 151, "total": 151}, …]}, …]}`.
    struct Output: CommandOutput {
        let query: ProgressQuery
        let progress: [DexProgress]

        struct GenerationJSON: Encodable {
            var generation: Int
            var caught: Int
            var total: Int
        }

        struct PokedexJSON: Encodable {
            var pokedex: String
            var name: String
            var region: String?
            var caught: Int
            var total: Int
            var generations: [GenerationJSON]?
        }

        private enum Keys: String, CodingKey { case shiny, forms, pokedexes }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(query.shiny, forKey: .shiny)
            try container.encode(query.forms, forKey: .forms)
            try container.encode(progress.map { item in
                PokedexJSON(
                    pokedex: item.pokedex.identifier, name: item.pokedex.name, region: item.pokedex.region,
                    caught: item.caught, total: item.total,
                    generations: item.generations.isEmpty ? nil
                        : item.generations.map { GenerationJSON(generation: $0.generation, caught: $0.caught, total: $0.total) })
            }, forKey: .pokedexes)
        }

        func printText(to printer: Printer) throws {
            let format = Translator.current.format
            var table = Table([
                .init(title: tr("dex.progress.header.pokedex")),
                .init(title: tr("dex.progress.header.caught"), alignRight: true, shrinks: false),
                .init(title: tr("dex.progress.header.complete"), alignRight: true, shrinks: false),
                .init(title: "", shrinks: false),
            ])
            // A narrow terminal gets a shorter bar rather than wrapped lines.
            let cells = (printer.columns ?? 80) < 60 ? 10 : 20
            func append(_ name: String, caught: Int, total: Int) {
                let fraction = total == 0 ? 0 : Double(caught) / Double(total)
                let percent = (fraction * 1000).rounded(.down) / 10
                let bar = Self.bar(fraction, cells: cells)
                table.append([
                    SafeText(name),
                    SafeText(tr("dex.progress.caught-of", ["caught": format.integer(caught), "total": format.integer(total)])),
                    SafeText(format.percent(percent, digits: 1)),
                    caught == total && total > 0 ? SafeText(bar).styled(.green, if: printer.color) : SafeText(bar),
                ])
            }
            for item in progress {
                append(item.pokedex.name, caught: item.caught, total: item.total)
                for generation in item.generations {
                    append("  " + tr("dex.progress.generation", ["generation": String(generation.generation)]),
                           caught: generation.caught, total: generation.total)
                }
            }
            try printer.table(table)
            let counted = switch (query.shiny, query.forms) {
            case (false, false): tr("dex.progress.counted.species")
            case (true, false): tr("dex.progress.counted.shiny-species")
            case (false, true): tr("dex.progress.counted.forms")
            case (true, true): tr("dex.progress.counted.shiny-forms")
            }
            try printer.note(SafeText(counted))
        }

        /// `cells` cells: full ones, then one of seven eighths; empty cells as dots, so a glance
        /// shows what is left even without colour.
        static func bar(_ fraction: Double, cells: Int) -> String {
            let eighths = Int((min(max(fraction, 0), 1) * Double(cells * 8)).rounded(.down))
            let partial = eighths % 8 == 0 ? "" : String(Presentation.barGlyphs[eighths % 8])
            let used = eighths / 8 + (partial.isEmpty ? 0 : 1)
            return String(repeating: Presentation.barGlyphs[0], count: eighths / 8) + partial
                + String(repeating: "·", count: cells - used)
        }
    }
}
