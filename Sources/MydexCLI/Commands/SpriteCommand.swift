import ArgumentParser
import Foundation
import MydexModel
import MydexServices
import MydexText

struct SpriteCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "sprite",
            abstract: tr("sprite.help.abstract"),
            discussion: tr("sprite.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("sprite.argument.pokemon"), valueName: "number|name|random"))
    var pokemon: [String] = []

    @Flag(help: ArgumentHelp(tr("sprite.flag.shiny")))
    var shiny = false

    @Option(help: ArgumentHelp(tr("sprite.option.form"), valueName: "form"))
    var form: String?

    @Option(help: ArgumentHelp(tr("sprite.option.generation"), valueName: "n"))
    var generation: Int?

    @Option(help: ArgumentHelp(tr("sprite.option.seed"), valueName: "n"))
    var seed: UInt64?

    @Flag(help: ArgumentHelp(tr("sprite.flag.no-title")))
    var noTitle = false

    @Flag(help: ArgumentHelp(tr("sprite.flag.big")))
    var big = false

    @OptionGroup var networkOptions: NetworkOptions
    var apiURL: String? { networkOptions.apiURL }

    static let random = "random"

    func validate() throws {
        if pokemon.isEmpty { throw ValidationError(tr("sprite.error.nothing")) }
        if pokemon.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw ValidationError(tr("sprite.error.empty-name"))
        }
        if let generation, generation < 1 { throw ValidationError(tr("sprite.error.generation", ["generation": String(generation)])) }
        if !pokemon.contains(where: Self.isRandom), generation != nil || seed != nil {
            throw ValidationError(tr("sprite.error.without-random"))
        }
        if form != nil, pokemon.allSatisfy(Self.isRandom) {
            throw ValidationError(tr("sprite.error.form-with-random"))
        }
    }

    static func isRandom(_ argument: String) -> Bool {
        // `random` with any spaces around it. Not Foundation's trimming: loading its character
        // sets costs a shell prompt's picture a quarter of a millisecond.
        let words = argument.split(whereSeparator: \.isWhitespace)
        return words.count == 1 && words[0].lowercased() == random
    }

    func run(_ context: MydexContext) async throws {
        let language = context.settings.language
        let printer = global.printer(context, localizer: Localizer(language: language))
        // The Pokédex only (no collection is opened or created), and only when something needs
        // it: a bare random picture, as a shell prompt draws, reads no more than the catalog's
        // species count and one sprite.
        let pokedex = OnDemand { try Library.pokedexOnly(language: language, clock: context.clock) }
        let speciesCount = OnDemand { try PokedexReader.builtInSpeciesCount() }
        if let generation {
            let finder = try pokedex.value().finder
            try await UsageError.naming(generation: generation) { try await finder.checkGeneration(generation) }
        }
        var generator = context.random.generator(seed: seed)
        var picks: [(speciesID: Int, form: PokemonForm?, shiny: Bool)] = []
        for argument in pokemon {
            if Self.isRandom(argument) {
                let pick = generation == nil
                    ? RandomSpecies.offline(amongBuiltIn: try speciesCount.value(), using: &generator)
                    : try await pokedex.value().randomSpecies.offline(generation: generation, using: &generator)
                picks.append((pick.speciesID, nil, shiny || pick.shiny))
            } else if form == nil, let number = Int(argument), number >= 1, try number <= speciesCount.value() {
                picks.append((number, nil, shiny))
            } else {
                // A species, or any form of one (battle-only ones too): `vulpix-alola`, `37 --form alola`.
                let found = try await pokedex.value().finder.pokemon(matching: argument, form: form)
                picks.append((found.species.id, found.form.isSpeciesDefault ? nil : found.form, shiny))
            }
        }
        // Names only when something shows them (a title, JSON, or the note on a form drawn as its species).
        let named = printer.json || !noTitle || picks.contains(where: { $0.form.map { !$0.hasOwnSprite } ?? false })
            ? Dictionary(uniqueKeysWithValues: try await pokedex.value().pokedex.rows(ids: picks.map(\.speciesID)).map { ($0.id, $0) })
            : [:]
        var drawings = picks.map { Drawing(speciesID: $0.speciesID, form: $0.form, row: named[$0.speciesID], shiny: $0.shiny) }
        for drawing in drawings where !printer.json {
            guard let form = drawing.form, !form.hasOwnSprite else { continue }
            let speciesName = drawing.row?.name ?? "#\(drawing.speciesID)"
            try printer.note(SafeText(printer.presentation.formName(form, speciesName: speciesName) + " "
                + tr("form.no-own-sprite", ["name": speciesName])))
        }
        // JSON is about the species only: it needs no picture.
        if !printer.json, big {
            let network = try NetworkOptions.connection(context, budget: .shared)
            let bigSprites = try network.bigSprites()
            let offline = try network.offline()
            let lookup = try pokedex.value().pokedex
            for index in drawings.indices {
                guard let species = try await lookup.species(id: drawings[index].speciesID) else { continue }
                drawings[index].sprite = try await bigSprites.sprite(of: species, shiny: drawings[index].shiny, offline: offline)
            }
        } else if !printer.json {
            guard let sprites = context.sprites else { throw MydexFailure(SpriteSource.missing) }
            for index in drawings.indices {
                let drawing = drawings[index]
                guard let sprite = sprites.sprite(speciesID: drawing.form?.spriteID ?? drawing.speciesID, shiny: drawing.shiny) else {
                    let name = try await pokedex.value().pokedex.rows(ids: [drawing.speciesID]).first?.name ?? "#\(drawing.speciesID)"
                    let arguments: [String: any TextArgument] = ["name": name, "id": String(drawing.speciesID)]
                    throw MydexFailure(drawing.shiny ? tr("sprite.error.no-shiny-sprite", arguments) : tr("sprite.error.no-sprite", arguments))
                }
                drawings[index].sprite = sprite
            }
        }
        try printer.emit(Output(drawings: drawings, titles: !noTitle))
    }

    struct Drawing {
        var speciesID: Int
        /// The form drawn, when it is not the species' own.
        var form: PokemonForm?
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
            /// PokeAPI's identifier of the form, when it is not the species' own.
            var form: String?
            var name: String
            var shiny: Bool
        }

        private enum Keys: String, CodingKey { case sprites }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(drawings.compactMap { drawing in
                drawing.row.map { row in
                    Item(dex: row.id, species: row.speciesName, form: drawing.form?.identifier,
                         name: drawing.form.map { Presentation.formName($0, speciesName: row.name) } ?? row.name, shiny: drawing.shiny)
                }
            }, forKey: .sprites)
        }

        func printText(to printer: Printer) throws {
            try printer.draw(drawings.compactMap { drawing in
                drawing.sprite.map { sprite in
                    let title = drawing.row.map { row in
                        let name = drawing.form.map { printer.presentation.formName($0, speciesName: row.name) } ?? row.name
                        let arguments: [String: any TextArgument] = ["number": printer.presentation.dexNumber(row.id), "name": name]
                        return drawing.shiny ? tr("sprite.title.shiny", arguments) : tr("sprite.title.regular", arguments)
                    }
                    return Picture(sprite, title: titles ? title : nil)
                }
            })
        }
    }
}
