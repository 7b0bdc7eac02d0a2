import ArgumentParser
import Foundation
import MydexServices
import MydexStore

struct SpriteCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "sprite",
        abstract: "Draw Pokémon in the terminal, offline.",
        discussion: """
            Draws species by Pokédex number, by name in any language (as `mydex dex` takes them; \
            quote a name with a space) or `random`, which picks as `mydex catch --offline` does \
            (one in 4096 is shiny). Several are drawn side by side, wrapped at the terminal's \
            width. Titles go to stderr, so a pipe carries only the picture. Needs no collection \
            and no network: it creates no database and makes no request.

            One pixel is half a cell. Colour: 24-bit when COLORTERM is truecolor or 24bit (or \
            the terminal is known to have it), else xterm's 256 colours. Into a pipe, with \
            NO_COLOR, TERM=dumb or --color never, the picture is a plain silhouette without \
            colour codes; --color always draws in colour into a pipe too.

            Examples:
              $ mydex sprite 25
              $ mydex sprite pikachu 피카츄 --shiny
              $ mydex sprite 1 4 7
              $ mydex sprite random --generation 1
              $ mydex sprite random --seed 42    # as `mydex catch --offline --seed 42`
              $ mydex sprite random --color always --no-title | fastfetch --file-raw -
              $ mydex sprite 25 --json
              $ mydex sprite 150 --big         # PokeAPI's 96×96 sprite, fetched once
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Pokédex numbers, names in any language, or `random`.", valueName: "number|name|random"))
    var pokemon: [String] = []

    @Flag(help: "Draw the shiny sprites.")
    var shiny = false

    @Option(help: ArgumentHelp("`random` picks only from this generation (1 is Kanto, 9 is Paldea).", valueName: "n"))
    var generation: Int?

    @Option(help: ArgumentHelp("Make `random` reproducible: the same seed picks what `mydex catch --seed` would.", valueName: "n"))
    var seed: UInt64?

    @Flag(help: "No names on stderr: only the picture.")
    var noTitle = false

    @Flag(help: "PokeAPI's 96×96 sprites instead of the built-in box sprites (online; cached after the first time).")
    var big = false

    @OptionGroup var network: NetworkOptions

    static let random = "random"

    func validate() throws {
        if pokemon.isEmpty { throw ValidationError("give a Pokédex number, a name or `random`, e.g. `mydex sprite 25`.") }
        if pokemon.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw ValidationError("an empty name: give a Pokédex number, a name or `random`.")
        }
        if let generation, generation < 1 { throw ValidationError("--generation \(generation): generations start at 1.") }
        if !pokemon.contains(where: Self.isRandom), generation != nil || seed != nil {
            throw ValidationError("--generation and --seed choose what `random` picks: add `random`, e.g. `mydex sprite random --generation 1`.")
        }
    }

    static func isRandom(_ argument: String) -> Bool {
        // `random` with any spaces around it. Not Foundation's trimming: loading its character
        // sets costs a shell prompt's picture a quarter of a millisecond.
        let words = argument.split(whereSeparator: \.isWhitespace)
        return words.count == 1 && words[0].lowercased() == random
    }

    func run(_ context: MydexContext) async throws {
        let language = try global.language(context)
        let printer = global.printer(context, localizer: Localizer(language: language))
        // The Pokédex only (an in-memory store: no collection is opened or created), and only
        // when something needs it: a bare random picture, as a shell prompt draws, reads no more
        // than the catalog's species count and one sprite.
        let pokedex = OnDemand { try CollectionStore.inMemory(now: context.clock.now(), language: language) }
        let speciesCount = OnDemand { try Catalog.embedded.speciesCount() }
        if let generation {
            let finder = SpeciesFinder(store: try pokedex.value())
            try await UsageError.naming(generation: generation) { try await finder.checkGeneration(generation) }
        }
        var generator = context.random.generator(seed: seed)
        var picks: [(speciesID: Int, shiny: Bool)] = []
        for argument in pokemon {
            if Self.isRandom(argument) {
                let pick = generation == nil
                    ? RandomSpecies.offline(amongBuiltIn: try speciesCount.value(), using: &generator)
                    : try await RandomSpecies(store: try pokedex.value()).offline(generation: generation, using: &generator)
                picks.append((pick.speciesID, shiny || pick.shiny))
            } else if let number = Int(argument), number >= 1, try number <= speciesCount.value() {
                picks.append((number, shiny))
            } else {
                picks.append((try await SpeciesFinder(store: try pokedex.value()).species(matching: argument).id, shiny))
            }
        }
        // Names only when something shows them.
        let named = printer.json || !noTitle
            ? Dictionary(uniqueKeysWithValues: try await Pokedex(store: try pokedex.value()).rows(ids: picks.map(\.speciesID)).map { ($0.id, $0) })
            : [:]
        var drawings = picks.map { Drawing(speciesID: $0.speciesID, row: named[$0.speciesID], shiny: $0.shiny) }
        // JSON is about the species only: it needs no picture.
        if !printer.json, big {
            let bigSprites = try network.bigSprites(context)
            let offline = try NetworkOptions.offlineFromEnvironment(context)
            let lookup = Pokedex(store: try pokedex.value())
            for index in drawings.indices {
                guard let species = try await lookup.species(id: drawings[index].speciesID) else { continue }
                drawings[index].sprite = try await bigSprites.sprite(of: species, shiny: drawings[index].shiny, offline: offline)
            }
        } else if !printer.json {
            guard let sprites = context.sprites else { throw MydexFailure(SpriteSource.missing) }
            for index in drawings.indices {
                let drawing = drawings[index]
                guard let sprite = sprites.sprite(speciesID: drawing.speciesID, shiny: drawing.shiny) else {
                    let name = try await Pokedex(store: try pokedex.value()).rows(ids: [drawing.speciesID]).first?.name ?? "#\(drawing.speciesID)"
                    throw MydexFailure("this mydex has no \(drawing.shiny ? "shiny " : "")sprite of \(name) (#\(drawing.speciesID)).")
                }
                drawings[index].sprite = sprite
            }
        }
        try printer.emit(Output(drawings: drawings, titles: !noTitle))
    }

    struct Drawing {
        var speciesID: Int
        /// The species as lists show it; nil when nothing prints its name.
        var row: PokedexRow?
        var shiny: Bool
        var sprite: Sprite?
    }

    /// `{"sprites": [{"dex": 25, "species": "pikachu", "name": "Pikachu", "shiny": false}, …]}`: what
    /// would be drawn, never the picture.
    struct Output: CommandOutput {
        let drawings: [Drawing]
        let titles: Bool

        private struct Item: Encodable {
            var dex: Int
            var species: String
            var name: String
            var shiny: Bool
        }

        private enum Keys: String, CodingKey { case sprites }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(drawings.compactMap { drawing in
                drawing.row.map { Item(dex: $0.id, species: $0.speciesName, name: $0.name, shiny: drawing.shiny) }
            }, forKey: .sprites)
        }

        func printText(to printer: Printer) throws {
            try printer.draw(drawings.compactMap { drawing in
                drawing.sprite.map { sprite in
                    let title = drawing.row.map { "\(printer.presentation.dexNumber($0.id)) \($0.name)" + (drawing.shiny ? " ✨" : "") }
                    return Picture(sprite, title: titles ? title : nil)
                }
            })
        }
    }
}
