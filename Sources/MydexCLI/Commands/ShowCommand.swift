import ArgumentParser
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

    func validate() throws { try EntryID.validate(id) }

    struct ShowJSON: Encodable {
        var entry: EntryJSON
        var heightMetres: Double
        var weightKilograms: Double
        var genus: String?
        var flavorText: String?
        var names: [String: String]
        var generation: Int?
        var captureRate: Int
        var baseExperience: Int?
        var legendary: Bool
        var mythical: Bool
        var sprite: String?
        var cry: String?
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .existing)
        let entry = try await store.entry(id: id)
        let species = entry.species

        if global.json {
            try printer.printJSON(ShowJSON(
                entry: printer.entryJSON(entry), heightMetres: Double(species.heightDecimetres) / 10,
                weightKilograms: Double(species.weightHectograms) / 10, genus: printer.localizer.genus(species),
                flavorText: printer.localizer.flavorText(species),
                names: species.texts(\.name),
                generation: species.generation, captureRate: species.captureRate,
                baseExperience: species.baseExperience, legendary: species.isLegendary, mythical: species.isMythical,
                sprite: entry.pokemon.isShiny ? species.shinySpriteURL : species.spriteURL, cry: species.cryURL))
            return
        }
        let presentation = printer.presentation
        let pokemon = entry.pokemon
        try printer.line(SafeText("Entry #\(entry.id): ") + SafeText(presentation.title(entry)).styled(.bold, if: printer.color))
        var fields: [(String, String)] = [
            ("Species", "\(presentation.dexNumber(species.id)) \(presentation.speciesName(species))"),
        ]
        if let otherNames = presentation.otherNames(species) { fields.append(("Also", otherNames)) }
        if let genus = printer.localizer.genus(species) { fields.append(("Genus", genus)) }
        fields += [
            ("Types", presentation.types(species)),
            ("Height", presentation.metres(species.heightDecimetres)),
            ("Weight", presentation.kilograms(species.weightHectograms)),
        ]
        if let generation = species.generation { fields.append(("Generation", String(generation))) }
        if species.isLegendary { fields.append(("Legendary", "yes")) }
        if species.isMythical { fields.append(("Mythical", "yes")) }
        fields += [
            ("Nickname", pokemon.nickname ?? "—"),
            ("Favorite", pokemon.isFavorite ? "yes ★" : "no"),
            ("Shiny", pokemon.isShiny ? "yes ✨" : "no"),
            ("Caught", presentation.dateTime(pokemon.caughtAt)),
        ]
        if let released = pokemon.releasedAt { fields.append(("Released", presentation.dateTime(released))) }
        if let flavor = printer.localizer.flavorText(species) { fields.append(("Pokédex", flavor)) }
        try printer.fields(fields)
    }
}
