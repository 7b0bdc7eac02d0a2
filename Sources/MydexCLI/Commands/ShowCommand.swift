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

    @Option(help: ArgumentHelp(tr("show.option.format"), valueName: Format.allCases.map(\.rawValue).joined(separator: "|")))
    var format: Format = .page

    /// The entry's page, or its set in Showdown's text.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case page, showdown
    }

    func validate() throws {
        if format == .showdown, global.json { throw ValidationError(tr("show.error.json-not-showdown")) }
    }

    func run(_ context: MydexContext) async throws {
        if format == .showdown { return try await runSets(context) }
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

    /// The entries as Showdown's export text, a blank line between them: what a teambuilder
    /// or a damage calculator imports.
    private func runSets(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .existing)
        var shown: [CollectionEntry] = []
        for id in try entries.list.ids { shown.append(try await library.entries.entry(id: id)) }
        let document = try await library.showdown.document(of: shown, format: .showdown)
        if document.count < shown.count {
            try printer.note(SafeText(tr("export.showdown.without-individual", ["count": shown.count - document.count])))
        }
        // Nicknames come from outside: escaped on a terminal, as written to a pipe.
        let terminal = context.output.standardOutputIsTerminal
        for line in document.lines { try printer.line(terminal ? SafeText(line) : .verbatim(line)) }
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
