import ArgumentParser
import MydexServices
import MydexStore

struct ShowCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show everything known about one of your Pokémon.",
        discussion: """
            Shows the entry (nickname, favorite, shiny, when it was caught or released) and its \
            species: names in other languages, types, genus, height, weight and Pokédex text.

            Examples:
              $ mydex show 3
              $ mydex show 3 --json
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The entry id, as shown by `mydex list`.")
    var id: Int64

    @Flag(help: "Draw no picture (pictures appear only on a terminal that shows colour).")
    var noSprite = false

    func validate() throws { try EntryID.validate(id) }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .existing, species: true)
        let entry = try await store.entry(id: id)
        guard let species = try await Pokedex(store: store).species(id: entry.speciesID) else {
            throw StoreError.speciesNotCached(id: entry.speciesID)
        }
        let profile = try await Pokedex(store: store).profile(of: species)
        let picture = printer.picture(of: species.id, shiny: entry.isShiny, from: context.sprites, wanted: !noSprite)
        try printer.emit(Output(entry: entry, species: species, profile: profile, localizer: printer.localizer, picture: picture))
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
