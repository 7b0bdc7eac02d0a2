import ArgumentParser
import MydexModel
import MydexServices
import MydexText

/// `mydex dex type fire`: a type of the games' chart, what its moves hit hard and weakly, what
/// hurts it, and how much of the Pokédex has it.
struct DexTypeCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "type",
            abstract: tr("dex.type.help.abstract"),
            discussion: tr("dex.type.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("dex.type.argument.type"), valueName: "type"), completion: .pokemonTypes)
    var types: [String] = []

    func validate() throws {
        if types.isEmpty || types.contains(where: { SearchText.normalized($0).isEmpty }) {
            throw ValidationError(tr("dex.type.error.empty"))
        }
        if types.count > 2 { throw ValidationError(tr("dex.type.error.too-many")) }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .pokedexOnly, species: true)
        var resolved: [String] = []
        do {
            for type in types { resolved.append(try await library.finder.resolveType(type)) }
        } catch let error as PokedexError {
            throw UsageError(error.description)
        }
        if resolved.count == 2, resolved[0] == resolved[1] { resolved.removeLast() }
        guard let found = try await library.pokedex.chartTypes(resolved) else {
            throw UsageError(tr("dex.type.error.not-in-chart", ["type": resolved.map(printer.localizer.typeName).joined(separator: "/")]))
        }
        try printer.emit(Output(type: found, localizer: printer.localizer))
    }

    /// `{"type": "fire", "name": "Fire", "generation": 1, "species": 64, "forms": 9, "moves": 47,
    /// "attacking": [{type, name, multiplier}, …], "defending": […]}`: every type of the chart,
    /// in the games' order.
    struct Output: CommandOutput {
        let type: PokedexType
        let localizer: Localizer

        private enum Keys: String, CodingKey { case type, types, name, generation, species, forms, moves, attacking, defending }

        /// "Fire", or "Fire/Flying" for two.
        var name: String { type.types.map(localizer.typeName).joined(separator: "/") }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(type.types.joined(separator: "/"), forKey: .type)
            try container.encode(type.types, forKey: .types)
            try container.encode(name, forKey: .name)
            try container.encode(type.generation, forKey: .generation)
            try container.encode(type.speciesCount, forKey: .species)
            try container.encode(type.formCount, forKey: .forms)
            try container.encode(type.moveCount, forKey: .moves)
            func items(_ defenses: [TypeDefense]) -> [SpeciesJSON.TypeDefenseJSON] {
                defenses.map { .init(type: $0.type, name: localizer.typeName($0.type), multiplier: Double($0.factor) / 100) }
            }
            try container.encode(items(type.attacking), forKey: .attacking)
            try container.encode(items(type.defending), forKey: .defending)
        }

        func printText(to printer: Printer) throws {
            let presentation = printer.presentation
            try printer.line(SafeText(name).styled(.bold, if: printer.color))
            var fields: [(String, String)] = [
                (tr("entry.field.generation"), String(type.generation)),
                (tr("dex.type.label.species"), Translator.current.format.integer(type.speciesCount)),
                (tr("dex.type.label.forms"), Translator.current.format.integer(type.formCount)),
                (tr("dex.type.label.moves"), Translator.current.format.integer(type.moveCount)),
            ]
            let strong = type.attacking.filter { $0.factor > 100 }, weak = type.attacking.filter { $0.factor > 0 && $0.factor < 100 }
            let none = type.attacking.filter { $0.factor == 0 }
            if !strong.isEmpty { fields.append((tr("dex.type.label.hits-hard"), presentation.typeList(strong))) }
            if !weak.isEmpty { fields.append((tr("dex.type.label.hits-weakly"), presentation.typeList(weak))) }
            if !none.isEmpty { fields.append((tr("dex.type.label.no-effect-on"), presentation.typeList(none, multipliers: false))) }
            // What hurts a Pokémon of this type alone: the same fields as on a species' page.
            fields += presentation.defenseFields(SpeciesProfile(typeDefenses: type.defending))
            try printer.fields(fields)
        }
    }
}
