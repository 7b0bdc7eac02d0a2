import ArgumentParser
import Foundation
import MydexModel
import MydexServices
import MydexText

/// Six numbers in the games' order, `HP/ATK/DEF/SPA/SPD/SPE`.
struct SixStats: ExpressibleByArgument, Sendable {
    var values: StatValues

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
            .map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 6, parts.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        let numbers = parts.compactMap { $0 }
        values = StatValues(
            hp: numbers[0], attack: numbers[1], defense: numbers[2], specialAttack: numbers[3], specialDefense: numbers[4],
            speed: numbers[5])
    }
}

/// `mydex dex stats 피카츄 --level 50 --nature 고집 --ivs 31/31/31/31/31/31`: a Pokémon's six
/// stats by a generation's formula, or from the stats it shows the IVs each can be.
struct DexStatsCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "stats",
            abstract: tr("dex.stats.help.abstract"),
            discussion: tr("dex.stats.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("dex.show.argument.query")))
    var query: [String]

    @Option(help: ArgumentHelp(tr("dex.show.option.form"), valueName: "form"))
    var form: String?

    @Option(help: ArgumentHelp(tr("dex.stats.option.level"), valueName: "n"))
    var level: Int

    @Option(help: ArgumentHelp(tr("dex.stats.option.nature"), valueName: "nature"))
    var nature: String?

    @Option(help: ArgumentHelp(tr("dex.stats.option.ivs"), valueName: "hp/atk/def/spa/spd/spe"))
    var ivs: SixStats?

    @Option(help: ArgumentHelp(tr("dex.stats.option.evs"), valueName: "hp/atk/def/spa/spd/spe"))
    var evs: SixStats?

    @Option(help: ArgumentHelp(tr("dex.stats.option.stats"), valueName: "hp/atk/def/spa/spd/spe"))
    var stats: SixStats?

    @Option(help: ArgumentHelp(tr("dex.stats.option.characteristic"), valueName: "text"))
    var characteristic: String?

    @OptionGroup var game: GameOption<ForRules>

    /// `--game`: whose generation's formula and base stats.
    enum ForRules: GamePurpose { static var help: String { tr("dex.stats.option.game") } }

    @Option(help: ArgumentHelp(tr("dex.stats.option.generation"), valueName: "n"))
    var generation: Int?

    func validate() throws {
        try PokemonQuery.validate(query)
        if ivs != nil && stats != nil { throw ValidationError(tr("dex.stats.error.ivs-and-stats")) }
        if characteristic != nil && stats == nil { throw ValidationError(tr("dex.stats.error.characteristic-alone")) }
        if game.name != nil && generation != nil { throw ValidationError(tr("dex.stats.error.game-and-generation")) }
        if let generation, !(1...9).contains(generation) { throw ValidationError(tr("list.error.generation")) }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .pokedexOnly, species: true)
        let finder = library.finder
        let found = try await UsageError.namingForm { try await finder.pokemon(matching: query.joined(separator: " "), form: form) }
        let rulesGeneration = try await game.name.asyncMap { try await library.games.chartGame(named: $0).generation } ?? generation
        var question = StatCalculator.Question(
            level: level, nature: try await nature.asyncMap { try await library.individuals.nature(named: $0) },
            ivs: ivs?.values, evs: evs?.values, stats: stats?.values, generation: rulesGeneration)
        if let characteristic {
            guard let found = try await library.statCalculator.characteristic(named: characteristic) else {
                throw UsageError(tr("dex.stats.error.unknown-characteristic", ["query": characteristic]))
            }
            question.characteristic = found
        }
        let answer: StatCalculator.Answer
        do {
            answer = try await library.statCalculator.answer(question, pokemon: found)
        } catch let problem as StatCalculator.Problem {
            throw UsageError(problem.description)
        }
        let statNames = try await library.pokedex.statNames()
        try printer.emit(Output(found: found, level: level, answer: answer, statNames: statNames, localizer: printer.localizer))
    }

    /// `{"species", "form", "level", "generation", "nature", "base", "ivs", "evs", "stats"}`, and
    /// for the reverse `ivRanges` (each stat's possible IVs, none: no IV gives that stat).
    struct Output: CommandOutput {
        let found: FoundPokemon
        let level: Int
        let answer: StatCalculator.Answer
        let statNames: [StatKind: String]
        let localizer: Localizer

        private enum Keys: String, CodingKey { case species, form, name, level, generation, nature, base, ivs, evs, stats, ivRanges }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(found.species.name, forKey: .species)
            try container.encode(found.form.identifier, forKey: .form)
            try container.encode(localizer.name(found.species), forKey: .name)
            try container.encode(level, forKey: .level)
            try container.encode(answer.generation, forKey: .generation)
            try container.encodeIfPresent(answer.nature?.identifier, forKey: .nature)
            try container.encode(StatsJSON(values: answer.base), forKey: .base)
            try container.encodeIfPresent(answer.ivs.map(StatsJSON.init(values:)), forKey: .ivs)
            try container.encode(StatsJSON(values: answer.evs), forKey: .evs)
            try container.encode(StatsJSON(values: answer.stats), forKey: .stats)
            if let ranges = answer.ivRanges {
                try container.encode(Dictionary(uniqueKeysWithValues: ranges.map { ($0.key.rawValue, $0.value) }), forKey: .ivRanges)
            }
        }

        func printText(to printer: Printer) throws {
            let format = Translator.current.format
            var title = [
                localizer.name(found.species), tr("dex.stats.title.level", ["level": format.integer(level)]),
                tr("dex.stats.title.generation", ["generation": format.integer(answer.generation)]),
            ]
            if let nature = answer.nature { title.append(printer.presentation.natureText(nature, statNames: statNames)) }
            try printer.line(SafeText(title.joined(separator: "  ")).styled(.bold, if: printer.color))
            let classic = answer.generation <= 2
            var fields: [(String, String)] = []
            // The stats right-aligned, so that the numbers line up.
            let numbers = StatKind.allCases.map { format.integer(answer.stats[$0]) }
            let width = numbers.map(\.count).max() ?? 0
            for (index, stat) in StatKind.allCases.enumerated() {
                let values: [String: String] = [
                    "value": String(repeating: " ", count: width - numbers[index].count) + numbers[index],
                    "base": format.integer(answer.base[stat]),
                    "iv": answer.ivs.map { format.integer($0[stat]) } ?? ivRange(answer.ivRanges?[stat] ?? []),
                    "ev": format.integer(answer.evs[stat]),
                ]
                fields.append((statNames[stat] ?? stat.rawValue,
                               classic ? tr("dex.stats.line.classic", values) : tr("dex.stats.line", values)))
            }
            try printer.fields(fields)
        }

        /// "31", "28–31", "8, 13, 18", or "none".
        func ivRange(_ values: [Int]) -> String {
            guard let first = values.first, let last = values.last else { return tr("dex.stats.iv.none") }
            if first == last { return String(first) }
            if values.count == last - first + 1 { return "\(first)–\(last)" }
            return values.map(String.init).listJoined()
        }
    }
}
