import ArgumentParser
import Foundation
import MydexCatalog
import MydexModel
import MydexServices
import MydexStore
import PokeAPI

/// Regenerates the built-in Pokédex from real PokeAPI data (a local copy of the API's responses
/// plus PokeAPI's CSV tables, or a live PokeAPI): `Sources/CMydexCatalog/pokedex.jsonl` and
/// `pokedex-forms.jsonl` and `pokedex-moves.jsonl`, the reviewable source, and `catalog-N.pages` beside
/// them, the image mydex embeds (with `--database`, also the plain SQLite database). With
/// `--image-only` it rebuilds the image from the JSON Lines as they are; with `--sprites-only` it
/// rebuilds `Sources/CMydexSprites/sprites.bin` from PokéSprite's box sprites instead.
@main
struct PokedexGenerator: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "PokedexGenerator",
        abstract: "Regenerate mydex's built-in Pokédex from PokeAPI data.",
        discussion: """
            Offline, it reads PokeAPI responses laid out as their paths (pokemon-species/{id}/index.json, \
            type/{id}/index.json, pokemon/{id}/index.json where present) and PokeAPI's CSV tables \
            (pokemon.csv, pokemon_types.csv, types.csv) for what the species responses lack, and \
            base stats, abilities, evolutions, egg groups, growth rates and the names of these \
            (pokemon_stats.csv, pokemon_abilities.csv, pokemon_evolution.csv, … and their *_names \
            and *_prose tables, with item_names.csv and move_names.csv for the items and moves \
            evolutions need). With --api-url it fetches species and types from a live PokeAPI \
            instead (8 requests at a time), with base stats, abilities and breeding; the ways \
            of evolving and the names of stats, abilities and the like still come from --csv-dir. \
            Forms, varieties and Pokédexes come from the CSV tables (pokemon_forms.csv, \
            pokemon_form_names.csv, pokemon_form_types.csv, pokedexes.csv, pokemon_dex_numbers.csv, …) \
            either way, and so do the type chart, the games, the moves and every game's learnsets \
            (moves.csv, move_names.csv, move_effect_prose.csv, move_flavor_text.csv, machines.csv, \
            pokemon_moves.csv), wild held items (pokemon_items.csv) and where each Pokémon is met \
            (locations.csv, location_names.csv, location_areas.csv, location_area_prose.csv, \
            encounters.csv, encounter_slots.csv, encounter_methods.csv, encounter_condition*.csv), \
            every game's Pokédex entries (pokemon_species_flavor_text.csv), earlier generations' \
            base stats and abilities (pokemon_stats_past.csv, pokemon_abilities_past.csv), and what \
            an individual is made of: natures, characteristics, the growth rates' experience and \
            the items a Pokémon can hold (natures.csv, characteristics.csv, experience.csv, \
            items.csv and their names). The names PokeAPI \
            lacks (Pokédexes, places, forms in Korean and other languages) and each Pokédex's \
            version groups come from the tables in --names-dir, each row with its source. --sprites-only converts PokéSprite's box sprites (pokemon-gen8/{regular,shiny}/<slug>.png, \
            slugs from data/pokemon.json) of species 1…1025, and of the forms the Pokédex at --output \
            says have their own, into the embedded sprite data.

            Examples:
              $ swift run PokedexGenerator --pokeapi-dir ../shared/pokeapi/v2 --csv-dir ../shared/pokeapi-csv
              $ swift run PokedexGenerator --api-url https://pokeapi.co/api/v2 --csv-dir ../shared/pokeapi-csv
              $ swift run PokedexGenerator --image-only
              $ swift run PokedexGenerator --sprites-only --sprites-dir ../shared/pokesprite
            """)

    @Option(help: ArgumentHelp("A local copy of PokeAPI's /api/v2 responses.", valueName: "dir"))
    var pokeapiDir = "../shared/pokeapi/v2"

    @Option(help: ArgumentHelp("PokeAPI's CSV tables.", valueName: "dir"))
    var csvDir = "../shared/pokeapi-csv"

    @Option(help: ArgumentHelp(
        "The tables of names PokeAPI lacks (pokedexes.tsv, places.tsv, forms.tsv, pokedex-games.tsv) and Showdown's (showdown.tsv).", valueName: "dir"))
    var namesDir = "Sources/PokedexGenerator/Names"

    @Option(help: ArgumentHelp("Fetch from this live PokeAPI instead of local files.", valueName: "url"))
    var apiURL: String?

    @Option(help: ArgumentHelp("Where to write the Pokédex's JSON Lines.", valueName: "path"))
    var output = "Sources/CMydexCatalog/pokedex.jsonl"

    @Option(help: ArgumentHelp(
        "Where to write the Pokémon, forms and Pokédexes' JSON Lines (default: --output's name with -forms).",
        valueName: "path"))
    var formsOutput: String?

    /// The file of a part of the Pokédex (`BuiltInPokedex.split`): `pokedex-forms.jsonl`,
    /// `pokedex-moves.jsonl`, `pokedex-learnsets-gen1.jsonl`… beside `pokedex.jsonl`.
    func path(_ suffix: String) -> String {
        if suffix.isEmpty { return output }
        if suffix == "-forms", let formsOutput { return formsOutput }
        return (output as NSString).deletingPathExtension + suffix + "." + (output as NSString).pathExtension
    }

    /// The files, as one: the header, terms and species; the Pokémon, Pokédexes and games; the
    /// moves; the learnsets, generation by generation.
    func readJSONLines() throws -> Data {
        var data = Data()
        let suffixes = BuiltInPokedex.fileSuffixes { FileManager.default.fileExists(atPath: path($0)) }
        for path in suffixes.map(path) {
            guard let part = try? Data(contentsOf: URL(fileURLWithPath: path)) else { throw GeneratorError.missing(path) }
            data += part
        }
        return data
    }

    @Option(help: ArgumentHelp(
        "Write the catalog image whole here, instead of as the files mydex embeds (Sources/CMydexCatalog/catalog-N.pages).",
        valueName: "path"))
    var image: String?

    @Option(help: ArgumentHelp("Also write the catalog as a plain SQLite database here (for sqlite3).", valueName: "path"))
    var database: String?

    @Flag(help: "Only rebuild the catalog image from the JSON Lines already at --output.")
    var imageOnly = false

    @Option(help: ArgumentHelp("A PokéSprite checkout (pokemon-gen8/ and data/pokemon.json).", valueName: "dir"))
    var spritesDir = "../shared/pokesprite"

    @Option(help: ArgumentHelp("Where to write the sprite data.", valueName: "path"))
    var spritesOutput = "Sources/CMydexSprites/sprites.bin"

    @Flag(help: "Only rebuild the sprite data at --sprites-output from --sprites-dir.")
    var spritesOnly = false

    func run() async throws {
        let started = Date()
        if spritesOnly {
            // Forms with a box sprite of their own, as the Pokédex at --output names them.
            let sprites = try SpriteSource(directory: URL(fileURLWithPath: spritesDir), forms: {
                try BuiltInPokedex(bytes: try readJSONLines()).records().pokemon.flatMap { record in
                    record.forms.compactMap { form in
                        form.sprite.flatMap { slug in
                            FormFlags.hasOwnSprite(form, of: record) ? (Sprite.key(ofForm: form.id), slug) : nil
                        }
                    }
                }
            }).load()
            let data = try SpriteCatalog.encode(sprites)
            try data.write(to: URL(fileURLWithPath: spritesOutput), options: .atomic)
            print("Wrote \(sprites.count) sprites to \(spritesOutput) (\(data.count / 1024) KiB) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
            return
        }
        if imageOnly {
            try writeImage(from: try readJSONLines(), started: started)
            return
        }
        let (source, types, terms, species): (String, [BuiltInPokedex.TypeRecord], [BuiltInPokedex.TermRecord], [Species])
        if let apiURL {
            var live: [Species]
            (types, live) = try await LiveSource(baseURL: apiURL).load()
            // Stats, abilities and breeding come with the species responses; the ways of
            // evolving (/evolution-chain) and the names of stats, abilities, triggers, egg groups
            // and habitats (an endpoint per name) come from the CSV tables.
            terms = try SpeciesDetails(table: LocalSource(apiDirectory: pokeapiDir, csvDirectory: csvDir).csv).fill(&live)
            species = live
            source = "PokeAPI at \(apiURL) and PokeAPI CSV tables" + Self.tablesCommit(csvDir)
        } else {
            (types, terms, species) = try LocalSource(apiDirectory: pokeapiDir, csvDirectory: csvDir).load()
            source = "PokeAPI v2 responses and PokeAPI CSV tables" + Self.tablesCommit(csvDir)
        }
        // Varieties, forms and Pokédexes come from the CSV tables either way; a form's own box
        // sprite is PokéSprite's, when it has one in both colourings.
        let sprites = URL(fileURLWithPath: spritesDir).appendingPathComponent("pokemon-gen8")
        let names = try NameTables(directory: URL(fileURLWithPath: namesDir))
        let (pokemon, pokedexes) = try FormSource(
            table: LocalSource(apiDirectory: pokeapiDir, csvDirectory: csvDir).csv,
            hasSprite: { slug in
                ["regular", "shiny"].allSatisfy {
                    FileManager.default.fileExists(atPath: sprites.appendingPathComponent("\($0)/\(slug).png").path)
                }
            }, names: names).load()
        // The type chart comes from the CSV tables either way.
        let chartedTypes = try TypeChartSource(table: LocalSource(apiDirectory: pokeapiDir, csvDirectory: csvDir).csv).fill(types)
        let games = try GameSource(table: LocalSource(apiDirectory: pokeapiDir, csvDirectory: csvDir).csv).load()
        let (moves, learnsets) = try MoveSource(table: LocalSource(apiDirectory: pokeapiDir, csvDirectory: csvDir).csv).load()
        let places = try EncounterSource(table: LocalSource(apiDirectory: pokeapiDir, csvDirectory: csvDir).csv, names: names).load()
        let entries = try EntrySource(table: LocalSource(apiDirectory: pokeapiDir, csvDirectory: csvDir).csv).load(games: games)
        let individuals = try IndividualSource(table: LocalSource(apiDirectory: pokeapiDir, csvDirectory: csvDir).csv).load()
        let data = try BuiltInPokedex.encode(
            source: source, types: chartedTypes, terms: terms + places.terms, species: species, pokemon: pokemon,
            pokedexes: pokedexes, games: games, moves: moves, learnsets: learnsets, locations: places.locations, encounterMethods: places.methods,
            encounterConditions: places.conditions, encounters: places.encounters, entries: entries,
            natures: individuals.natures, characteristics: individuals.characteristics,
            growthRates: individuals.growthRates, items: individuals.items, gameIndices: individuals.gameIndices,
            showdownNames: names.showdown)
        // Files each diffable line by line and small enough to review: the species; the
        // varieties, forms, Pokédexes and games; the moves; each generation's learnsets (read
        // back as one, in this order). A learnset file of a generation no longer there goes.
        let parts = BuiltInPokedex.split(data)
        for suffix in BuiltInPokedex.fileSuffixes(existing: { FileManager.default.fileExists(atPath: path($0)) })
        where !parts.contains(where: { $0.suffix == suffix }) {
            try FileManager.default.removeItem(atPath: path(suffix))
        }
        for part in parts { try part.data.write(to: URL(fileURLWithPath: path(part.suffix)), options: .atomic) }
        let header = try BuiltInPokedex(bytes: data).header()
        print("Wrote \(species.count) species, \(pokemon.count) Pokémon, \(pokemon.reduce(0) { $0 + $1.forms.count }) forms, \(pokedexes.count) Pokédexes, \(games.count) games, \(types.count) types, \(moves.count) moves, \(learnsets.count) learnsets, \(places.locations.count) places and \(places.encounters.reduce(0) { $0 + $1.slots.count }) encounter slots and \(entries.reduce(0) { $0 + $1.texts.count }) Pokédex entries to \(parts.count) files beside \(output) (\(data.count / 1024) KiB, version \(header.version))")
        try writeImage(from: data, started: started)
    }

    private func writeImage(from jsonLines: Data, started: Date) throws {
        let bytes = try CatalogBuilder.image(from: BuiltInPokedex(bytes: jsonLines))
        if let database { try bytes.write(to: URL(fileURLWithPath: database), options: .atomic) }
        // What the binary embeds: the database's pages, most deflated, in files each small
        // enough to keep in git (`Catalog.pageFiles`), or whole where asked.
        let pages = try Catalog.paged(bytes)
        var written: [String] = []
        if let image {
            try pages.write(to: URL(fileURLWithPath: image), options: .atomic)
            written = [image]
        } else {
            let folder = URL(fileURLWithPath: output).deletingLastPathComponent()
            for (name, part) in zip(Catalog.pageFiles, try Catalog.parts(of: pages)) {
                try part.write(to: folder.appendingPathComponent(name), options: .atomic)
                written.append(folder.appendingPathComponent(name).path)
            }
        }
        print("Wrote the catalog image to \(written.joined(separator: ", ")) (\(pages.count / 1024) KiB, \(bytes.count / 1024) KiB inflated) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }
}

enum GeneratorError: Error, CustomStringConvertible {
    case missing(String)
    case inconsistent(String)

    var description: String {
        switch self {
        case .missing(let what): return "missing input: \(what)"
        case .inconsistent(let what): return "inconsistent input: \(what)"
        }
    }

}

extension PokedexGenerator {
    /// The PokeAPI commit the CSV tables are from, as the folder's SOURCE.txt names it
    /// (`PokeAPI/pokeapi @<commit>`), for `mydex version` to report: " (PokeAPI/pokeapi @…)",
    /// or nothing when the folder does not say.
    static func tablesCommit(_ csvDirectory: String) -> String {
        let file = URL(fileURLWithPath: csvDirectory).appendingPathComponent("SOURCE.txt")
        guard let text = try? String(contentsOf: file, encoding: .utf8),
              let match = text.firstMatch(of: /PokeAPI\/pokeapi @([0-9a-f]{40})/) else { return "" }
        return " (PokeAPI/pokeapi @\(match.1))"
    }
}
