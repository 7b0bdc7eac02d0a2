import ArgumentParser
import MydexModel
import MydexServices
import MydexText

struct SearchCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "search",
            abstract: tr("search.help.abstract"),
            discussion: tr("search.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("search.argument.text")))
    var text: [String]

    @Option(help: ArgumentHelp(tr("search.option.limit"), valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError(tr("search.error.limit")) }
        if SearchText.normalized(text.joined(separator: " ")).isEmpty {
            throw ValidationError(tr("search.error.empty"))
        }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .pokedexOnly, species: global.json)
        let finder = library.finder
        let query = text.joined(separator: " ")
        let (results, total) = try await finder.search(query, limit: limit)
        guard !results.isEmpty else {
            if printer.json { try printer.emit(Output(results: [], total: 0, species: [:], localizer: printer.localizer)) }
            throw PokedexError.noSearchResult(query: query, suggestions: try await finder.suggestions(for: query))
        }
        let species = printer.json ? try await library.pokedex.species(ids: results.map(\.species.id)) : [:]
        let terms = printer.json ? try await library.pokedex.terms() : SpeciesProfile()
        global.page(context)
        try printer.emit(Output(results: results, total: total, species: species, terms: terms, localizer: printer.localizer))
        if !printer.json, total > results.count {
            try printer.note(SafeText(tr("search.showing-first", ["shown": results.count, "count": total, "limit": String(total)])))
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
                .init(title: tr("search.header.dex"), shrinks: false), .init(title: tr("search.header.name")),
                .init(title: tr("search.header.match")), .init(title: tr("search.header.types")),
                .init(title: tr("search.header.yours")),
            ])
            for result in results {
                table.append([
                    SafeText(printer.presentation.dexNumber(result.species.id)), SafeText(result.species.name),
                    SafeText(result.matchedName.map { tr("search.match", ["name": $0.name, "language": $0.language]) } ?? ""),
                    SafeText(result.species.typeNameList),
                    SafeText(result.entries.map { "#\($0.id)" + ($0.nickname.map { " \($0)" } ?? "") }.listJoined()),
                ])
            }
            try printer.table(table)
        }
    }
}
