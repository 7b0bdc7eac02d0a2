import ArgumentParser
import MydexModel
import MydexServices
import MydexText

struct ShowCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "show",
            abstract: tr("show.help.abstract"),
            discussion: tr("show.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @OptionGroup var entries: EntryIDArguments

    @Flag(help: ArgumentHelp(tr("show.option.no-sprite")))
    var noSprite = false

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .existing, species: true)
        let outputs = try await library.entries.details(ids: entries.list.ids).map { detail in
            Output(detail: detail, localizer: printer.localizer, picture: printer.picture(of: detail.entry, from: context.sprites, wanted: !noSprite))
        }
        if outputs.count == 1 {
            try printer.emit(outputs[0])
        } else {
            try printer.emit(Several(shown: outputs))
        }
    }

    /// Several entries: `{"results": [{"entry": …, "species": …}, …]}`; text: each in turn, a blank line between.
    struct Several: CommandOutput {
        let shown: [Output]

        private enum Keys: String, CodingKey { case results }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(shown, forKey: .results)
        }

        func printText(to printer: Printer) throws {
            for (index, output) in shown.enumerated() {
                if index > 0 { try printer.line("") }
                try output.printText(to: printer)
            }
        }
    }

    /// `{"entry": …, "species": …}`.
    struct Output: CommandOutput {
        let detail: EntryDetail
        let localizer: Localizer
        /// Drawn beside the text on a terminal; never in JSON.
        var picture: CellGrid?

        private enum Keys: String, CodingKey { case entry, species, encounter }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(EntryJSON(detail.entry), forKey: .entry)
            try container.encode(SpeciesJSON(detail.species, localizer, profile: detail.profile), forKey: .species)
            try container.encode(detail.caught.map { CatchRecordJSON(CatchRecordShown($0)) }, forKey: .encounter)
        }

        func printText(to printer: Printer) throws {
            let title = printer.presentation.title(detail.entry)
            try printer.line(.message(
                ["id": String(detail.entry.id), "title": title], showing: ["title": SafeText(title).styled(.bold, if: printer.color)]
            ) { tr("show.title", $0) })
            try printer.fields(printer.presentation.entryFields(detail), beside: picture)
        }
    }
}
