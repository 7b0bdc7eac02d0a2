import ArgumentParser
import MydexServices
import MydexStore

struct SearchCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find Pokémon by number, by name in any language, or by nickname.",
        discussion: """
            Matches part of a name, ignoring case, accents and the kind of kana; results come \
            from the whole Pokédex and your collection, in Pokédex order. When nothing matches, \
            the nearest names are suggested.

            Examples:
              $ mydex search pika
              $ mydex search 피카
              $ mydex search nidoran        # both Nidoran♀ and Nidoran♂
              $ mydex search 25
              $ mydex search sparky         # your nicknames too
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "What to look for.")
    var text: [String]

    func validate() throws {
        if SearchText.normalized(text.joined(separator: " ")).isEmpty {
            throw ValidationError("give something to search for: a number, a name or a nickname.")
        }
    }

    struct ResultJSON: Encodable {
        struct Held: Encodable {
            var id: Int64
            var nickname: String?
        }
        var dex: Int
        var species: String
        var name: String
        var matched: String?
        var matchedLanguage: String?
        var types: [String]
        var yours: [Held]
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .pokedexOnly)
        let pokedex = PokedexService(store: store, clock: context.clock)
        let query = text.joined(separator: " ")
        let localizer = printer.localizer
        let results = try await pokedex.search(query, localizer: localizer)
        if global.json {
            try printer.printJSON(results.map { result in
                ResultJSON(
                    dex: result.species.id, species: result.species.name, name: localizer.name(result.species),
                    matched: result.matchedName?.name, matchedLanguage: result.matchedName?.language,
                    types: result.species.types,
                    yours: result.entries.map { .init(id: $0.id ?? 0, nickname: $0.nickname) })
            })
        } else if !results.isEmpty {
            var table = Table([
                .init(title: "DEX", shrinks: false), .init(title: "NAME"), .init(title: "MATCH"), .init(title: "TYPES"),
                .init(title: "YOURS"),
            ])
            for result in results {
                table.append([
                    SafeText(printer.presentation.dexNumber(result.species.id)), SafeText(localizer.name(result.species)),
                    SafeText(result.matchedName.map { "\($0.name) (\($0.language))" } ?? ""),
                    SafeText(localizer.types(result.species)),
                    SafeText(result.entries.map { "#\($0.id ?? 0)" + ($0.nickname.map { " \($0)" } ?? "") }.joined(separator: ", ")),
                ])
            }
            try printer.table(table)
        }
        guard results.isEmpty else { return }
        let suggestions = try await pokedex.suggestions(for: query, localizer: localizer)
        throw PokedexError.noSearchResult(query: query, suggestions: suggestions)
    }
}
