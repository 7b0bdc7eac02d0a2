import ArgumentParser
import MydexServices
import MydexStore

struct ShowCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show everything known about your Pokémon.",
        discussion: """
            Shows the entry (nickname, favorite, shiny, when it was caught or released) and its \
            species: names in other languages, types, genus, height, weight and Pokédex text. \
            Several ids and ranges show one after the other; an unknown id shows none.

            Examples:
              $ mydex show 3
              $ mydex show 1 2 5-7
              $ mydex show 3 --json
            """)

    @OptionGroup var global: GlobalOptions

    @OptionGroup var entries: EntryIDArguments

    @Flag(help: "Draw no picture (pictures appear only on a terminal that shows colour).")
    var noSprite = false

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .existing, species: true)
        let pokedex = Pokedex(store: store)
        var outputs: [Output] = []
        for entry in try await store.entries(ids: entries.list.ids) {
            guard let species = try await pokedex.species(id: entry.speciesID) else {
                throw StoreError.speciesNotCached(id: entry.speciesID)
            }
            let profile = try await pokedex.profile(of: species)
            let picture = printer.picture(of: species.id, shiny: entry.isShiny, from: context.sprites, wanted: !noSprite)
            outputs.append(Output(entry: entry, species: species, profile: profile, localizer: printer.localizer, picture: picture))
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

        private enum Keys: String, CodingKey { case entry, species }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(EntryJSON(entry), forKey: .entry)
            try container.encode(SpeciesJSON(species, localizer, profile: profile), forKey: .species)
        }

        func printText(to printer: Printer) throws {
            let presentation = printer.presentation
            try printer.line(SafeText("Entry #\(entry.id): ") + SafeText(presentation.title(entry)).styled(.bold, if: printer.color))
            var fields = [("Species", "\(presentation.dexNumber(species.id)) \(localizer.name(species))")]
            fields += presentation.speciesFields(species)
            fields += [
                ("Nickname", entry.nickname ?? "—"),
                ("Favorite", entry.isFavorite ? "yes ★" : "no"),
                ("Shiny", entry.isShiny ? "yes ✨" : "no"),
                ("Caught", presentation.dateTime(entry.caughtAt)),
            ]
            if let released = entry.releasedAt { fields.append(("Released", presentation.dateTime(released))) }
            fields += presentation.profileFields(species, profile)
            fields += presentation.pokedexField(species)
            try printer.fields(fields, beside: picture)
        }
    }
}
