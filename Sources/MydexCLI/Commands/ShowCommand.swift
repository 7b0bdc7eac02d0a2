import ArgumentParser
import MydexCatalog
import MydexModel
import MydexServices
import MydexStore
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
        let (store, printer) = try await global.open(context, .existing, species: true)
        let pokedex = Pokedex(store: store)
        var outputs: [Output] = []
        let found = try await store.entries(ids: entries.list.ids)
        let records = try await CatchRecordShown.resolve(try await store.catchRecords(entryIDs: found.map(\.id)), in: pokedex)
        for entry in found {
            let (species, profile) = try await pokedex.species(of: entry)
            let picture = printer.picture(of: entry, from: context.sprites, wanted: !noSprite)
            outputs.append(Output(
                entry: entry, species: species, profile: profile, localizer: printer.localizer, picture: picture, caught: records[entry.id]))
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
        let entry: CollectionEntry
        let species: Species
        let profile: SpeciesProfile
        let localizer: Localizer
        /// Drawn beside the text on a terminal; never in JSON.
        var picture: CellGrid?
        /// Where and how it was caught, when from an encounter.
        var caught: CatchRecordShown?

        private enum Keys: String, CodingKey { case entry, species, encounter }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(EntryJSON(entry), forKey: .entry)
            try container.encode(SpeciesJSON(species, localizer, profile: profile), forKey: .species)
            try container.encode(caught.map(CatchRecordJSON.init), forKey: .encounter)
        }

        func printText(to printer: Printer) throws {
            let presentation = printer.presentation
            let title = presentation.title(entry)
            try printer.line(.message(
                ["id": String(entry.id), "title": title], showing: ["title": SafeText(title).styled(.bold, if: printer.color)]
            ) { tr("show.title", $0) })
            var fields = presentation.entryFields(entry, species, profile)
            if let caught, let index = fields.firstIndex(where: { $0.0 == tr("show.field.caught") }) {
                fields.insert(contentsOf: caught.fields(), at: index + 1)
            }
            try printer.fields(fields, beside: picture)
        }
    }
}
