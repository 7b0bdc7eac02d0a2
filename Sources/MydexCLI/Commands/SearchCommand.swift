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
              $ mydex search a --limit 10   # the first 10 results
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "What to look for.")
    var text: [String]

    @Option(help: ArgumentHelp("Show only the first n results.", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if SearchText.normalized(text.joined(separator: " ")).isEmpty {
            throw ValidationError("give something to search for: a number, a name or a nickname.")
        }
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .pokedexOnly, species: global.json)
        let finder = SpeciesFinder(store: store)
        let query = text.joined(separator: " ")
        let (results, total) = try await finder.search(query, limit: limit)
        guard !results.isEmpty else {
            if printer.json { try printer.emit(Output(results: [], total: 0, species: [:], localizer: printer.localizer)) }
            throw PokedexError.noSearchResult(query: query, suggestions: try await finder.suggestions(for: query))
        }
        let species = printer.json ? try await Pokedex(store: store).species(ids: results.map(\.species.id)) : [:]
        let terms = printer.json ? try await Pokedex(store: store).terms() : SpeciesProfile()
        try printer.emit(Output(results: results, total: total, species: species, terms: terms, localizer: printer.localizer))
        if !printer.json, total > results.count {
            try printer.note(SafeText("Showing the first \(results.count) of \(PageLine.grouped(total)) results. All: --limit \(total)"))
        }
    }

    /// `{"results": [{"species": …, "matched": {"name": "Pikachu", "language": "fr"}, "entries": [entry, …]}, …],
    /// "total": 2}`: `total` counts the results --limit left out too.
    struct Output: CommandOutput {
        let results: [SearchResult]
        let total: Int
        let species: [Int: Species]
        var terms = SpeciesProfile()
        let localizer: Localizer

        struct Result: Encodable {
            struct Matched: Encodable {
                var name: String
                var language: String
            }
            var species: SpeciesJSON
            var matched: Matched?
            var entries: [EntryJSON]
        }

        private enum Keys: String, CodingKey { case results, total }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(results.compactMap { result in
                species[result.species.id].map { species in
                    Result(
                        species: SpeciesJSON(species, localizer, profile: terms),
                        matched: result.matchedName.map { Result.Matched(name: $0.name, language: $0.language) },
                        entries: result.entries.map(EntryJSON.init))
                }
            }, forKey: .results)
            try container.encode(total, forKey: .total)
        }

        func printText(to printer: Printer) throws {
            var table = Table([
                .init(title: "DEX", shrinks: false), .init(title: "NAME"), .init(title: "MATCH"), .init(title: "TYPES"),
                .init(title: "YOURS"),
            ])
            for result in results {
                table.append([
                    SafeText(printer.presentation.dexNumber(result.species.id)), SafeText(result.species.name),
                    SafeText(result.matchedName.map { "\($0.name) (\($0.language))" } ?? ""),
                    SafeText(result.species.typeNameList),
                    SafeText(result.entries.map { "#\($0.id)" + ($0.nickname.map { " \($0)" } ?? "") }.joined(separator: ", ")),
                ])
            }
            try printer.table(table)
        }
    }
}
