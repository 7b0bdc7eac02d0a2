import ArgumentParser
import Foundation
import MydexModel
import MydexServices
import MydexText
import Synchronization

struct DexCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "dex",
            abstract: tr("dex.help.abstract"),
            discussion: tr("dex.help.discussion"),
            subcommands: commands.map(\.type),
            defaultSubcommand: DexShowCommand.self)
    }

    /// Its commands by name, in help's order (`Commands`).
    static let commands: [(name: String, type: any ParsableCommand.Type)] = [
        ("show", DexShowCommand.self), ("list", DexListCommand.self), ("progress", DexProgressCommand.self), ("type", DexTypeCommand.self),
        ("moves", DexMovesCommand.self), ("move", DexMoveCommand.self), ("where", DexWhereCommand.self), ("stats", DexStatsCommand.self),
        ("sync", DexSyncCommand.self),
    ]
}

struct DexShowCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "show",
            abstract: tr("dex.show.help.abstract"),
            discussion: tr("dex.show.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("dex.show.argument.query")))
    var query: [String]

    @Option(help: ArgumentHelp(tr("dex.show.option.form"), valueName: "form"))
    var form: String?

    @Flag(help: ArgumentHelp(tr("dex.show.flag.no-sprite")))
    var noSprite = false

    @OptionGroup var game: GameOption<ForTypeChart>

    /// `--game`: whose type chart says what hurts the Pokémon.
    enum ForTypeChart: GamePurpose { static var help: String { tr("dex.show.option.game") } }

    @Flag(help: ArgumentHelp(tr("dex.show.flag.all-entries")))
    var allEntries = false

    func validate() throws { try PokemonQuery.validate(query) }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .pokedexOnly, species: true)
        let found = try await library.finder.pokemon(matching: query.joined(separator: " "), form: form)
        // That generation's chart, and the types the Pokémon had then.
        let chartGame = try await game.name.asyncMap { try await library.games.chartGame(named: $0) }
        let page = try await library.pokedex.page(of: found, chartGame: chartGame, allEntries: allEntries)
        let picture = printer.picture(of: found.form.spriteID, shiny: false, from: context.sprites, wanted: !noSprite)
        try printer.emit(Output(
            found: found, profile: page.profile, tally: page.tally, entries: page.held, localizer: printer.localizer, picture: picture,
            pokedexEntries: page.pokedexEntries))
    }

    /// `{"species": …, "caught": 2, "held": 1, "entries": [entry, …]}`: the entries still held.
    /// The species object carries the form shown (`form`) and the species' forms (`forms`).
    struct Output: CommandOutput {
        let found: FoundPokemon
        var species: Species { found.species }
        let profile: SpeciesProfile
        let tally: SpeciesTally
        let entries: [CollectionEntry]
        let localizer: Localizer
        /// Drawn beside the text on a terminal; never in JSON.
        var picture: CellGrid?
        /// Every game's Pokédex entry, with `--all-entries`.
        var pokedexEntries: [PokedexEntry]?

        private enum Keys: String, CodingKey { case species, caught, held, entries }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var json = SpeciesJSON(species, localizer, profile: profile)
            json.form = FormJSON(found.form, speciesName: localizer.name(species))
            json.forms = found.forms.map { FormJSON($0, speciesName: localizer.name(species)) }
            json.pokedexEntries = pokedexEntries?.map(PokedexEntryJSON.init)
            try container.encode(json, forKey: .species)
            try container.encode(tally.caught, forKey: .caught)
            try container.encode(tally.held, forKey: .held)
            try container.encode(entries.map(EntryJSON.init), forKey: .entries)
        }

        func printText(to printer: Printer) throws {
            let presentation = printer.presentation
            let speciesName = localizer.name(species)
            let name = presentation.formName(found.form, speciesName: speciesName)
            try printer.line(SafeText("\(presentation.dexNumber(species.id)) ") + SafeText(name).styled(.bold, if: printer.color))
            var fields = presentation.speciesFields(species)
            fields += presentation.formFields(found, speciesName: speciesName)
            fields.append((tr("dex.show.label.you-hold"), entries.isEmpty ? tr("dex.show.none-yet") : tr("dex.show.you-hold", [
                "count": entries.count,
                "entries": entries.map { entry in "#\(entry.id)" + (entry.nickname.map { " \($0)" } ?? "") }.listJoined(),
            ])))
            fields += presentation.profileFields(species, profile)
            if let pokedexEntries {
                // Each game's entry on a line of its own, under one label.
                for (index, entry) in pokedexEntries.enumerated() {
                    fields.append((index == 0 ? tr("entry.field.pokedex") : "", tr("entry.pokedex-entry.games", [
                        "games": entry.games.map(\.name).joined(separator: " / "), "text": entry.text,
                    ])))
                }
            } else {
                fields += presentation.pokedexField(species, game: profile.pokedexGame)
            }
            try printer.fields(fields, beside: picture)
        }
    }
}

struct DexListCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list",
            abstract: tr("dex.list.help.abstract"),
            discussion: tr("dex.list.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp(tr("dex.list.option.generation"), valueName: "n"))
    var generation: Int?

    @Option(help: ArgumentHelp(tr("dex.list.option.type"), valueName: "type"), completion: .pokemonTypes)
    var type: String?

    @Flag(help: ArgumentHelp(tr("dex.list.flag.caught")))
    var caught = false

    @Flag(help: ArgumentHelp(tr("dex.list.flag.missing")))
    var missing = false

    @Flag(help: ArgumentHelp(tr("dex.list.flag.never-caught")))
    var neverCaught = false

    @Option(help: ArgumentHelp(tr("dex.list.option.dex"), valueName: "name"))
    var dex: String?

    @Option(help: ArgumentHelp(tr("dex.list.option.limit"), valueName: "n"))
    var limit = 50

    @Option(help: ArgumentHelp(tr("dex.list.option.offset"), valueName: "n"))
    var offset = 0

    func validate() throws {
        if [caught, missing, neverCaught].filter({ $0 }).count > 1 { throw ValidationError(tr("dex.list.error.caught-and-missing")) }
        if limit < 1 { throw ValidationError(tr("dex.list.error.limit")) }
        if offset < 0 { throw ValidationError(tr("dex.list.error.offset")) }
        if let generation, generation < 1 { throw ValidationError(tr("dex.list.error.generation")) }
        if let dex, SearchText.normalized(dex).isEmpty { throw ValidationError(tr("dex.progress.error.empty-dex")) }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .pokedexOnly, species: global.json)
        let finder = library.finder
        let pokedex = library.pokedex
        let chosen = try await dex.asyncMap { try await library.games.pokedex(named: $0) }
        let (page, total) = try await UsageError.naming(type: type, generation: generation) {
            if let generation { try await finder.checkGeneration(generation) }
            let resolvedType = try await type.asyncMap(finder.resolveType)
            let filter = DexFilter(
                generation: generation, type: resolvedType, caught: caught ? .held : missing ? .missing : neverCaught ? .neverCaught : .any,
                pokedexID: chosen?.id, offset: offset, limit: limit)
            return try await pokedex.page(filter)
        }
        // Whole species only for JSON: the table needs what the page query read.
        let species = printer.json ? try await pokedex.species(ids: page.map(\.id)) : [:]
        let terms = printer.json ? try await pokedex.terms() : SpeciesProfile()
        global.page(context)
        try printer.emit(Output(
            total: total, offset: offset, limit: limit, rows: page, species: species, terms: terms, localizer: printer.localizer))
    }

    /// `{"total": 1025, "offset": 0, "limit": 50, "results": [{"species": …, "caught": 0, "held": 0}, …]}`.
    struct Output: CommandOutput {
        let total: Int
        let offset: Int
        let limit: Int
        let rows: [PokedexRow]
        let species: [Int: Species]
        let terms: SpeciesProfile
        let localizer: Localizer

        struct Result: Encodable {
            var species: SpeciesJSON
            var caught: Int
            var held: Int
        }

        private enum Keys: String, CodingKey { case total, offset, limit, results }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(total, forKey: .total)
            try container.encode(offset, forKey: .offset)
            try container.encode(limit, forKey: .limit)
            try container.encode(rows.compactMap { row in
                species[row.id].map { Result(species: SpeciesJSON($0, localizer, profile: terms), caught: row.caught, held: row.held) }
            }, forKey: .results)
        }

        func printText(to printer: Printer) throws {
            guard !rows.isEmpty else {
                try printer.note(total == 0 ? SafeText(tr("dex.list.no-match")) : PageLine.pastTheEnd(.species, total: total))
                return
            }
            var table = Table([
                .init(title: tr("dex.list.header.dex"), shrinks: false), .init(title: tr("dex.list.header.name")),
                .init(title: tr("dex.list.header.types")),
                .init(title: tr("dex.list.header.generation"), alignRight: true, shrinks: false),
                .init(title: tr("dex.list.header.caught"), shrinks: false),
                .init(title: tr("dex.list.header.held"), alignRight: true, shrinks: false),
            ])
            for row in rows {
                table.append([
                    SafeText(printer.presentation.dexNumber(row.id)), SafeText(row.name),
                    SafeText(row.typeNameList), SafeText(row.generation.map(String.init) ?? ""),
                    row.caught > 0 ? SafeText("✓").styled(.green, if: printer.color) : "",
                    row.held > 0 ? SafeText(String(row.held)) : "",
                ])
            }
            try printer.table(table)
            try printer.note(PageLine.text(.species, offset: offset, shown: rows.count, total: total))
        }
    }
}

struct DexSyncCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "sync",
            abstract: tr("dex.sync.help.abstract"),
            discussion: tr("dex.sync.help.discussion", [
                "concurrency": String(SyncService.maxConcurrency), "limit": String(SyncService.unreachableStreakLimit),
            ]))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var networkOptions: NetworkOptions
    var apiURL: String? { networkOptions.apiURL }

    @Option(help: ArgumentHelp(tr("dex.sync.option.max-age"), valueName: "days"))
    var maxAge: Double = 30

    @Option(help: ArgumentHelp(tr("dex.sync.option.concurrency", ["max": String(SyncService.maxConcurrency)]), valueName: "n"))
    var concurrency = SyncService.maxConcurrency

    /// Failed species named in the summary line; the rest are counted.
    static let namedFailures = 5

    func validate() throws {
        if maxAge < 0 { throw ValidationError(tr("dex.sync.error.max-age")) }
        if !(1...SyncService.maxConcurrency).contains(concurrency) {
            throw ValidationError(tr("dex.sync.error.concurrency", ["max": String(SyncService.maxConcurrency)]))
        }
    }

    func run(_ context: MydexContext) async throws {
        let network = try NetworkOptions.connection(context, budget: .eachRequest)
        let (library, printer) = try await global.open(context, .create)
        let service = library.sync(network)
        let progress = SyncProgress(
            output: context.output, clock: context.clock,
            waiting: WaitingStatus(context, message: tr("sync.waiting")))
        let interrupted = Atomic(false)
        let (maxAge, concurrency) = (maxAge * 24 * 60 * 60, concurrency)
        let work = Task { try await service.sync(maxAge: maxAge, concurrency: concurrency, progress: progress.report) }
        let outcome = await context.interrupts.handling({
            interrupted.store(true, ordering: .relaxed)
            work.cancel()
        }, during: { await work.result })
        progress.finish()

        let summary: SyncService.Summary
        do {
            summary = try outcome.get()
        } catch where interrupted.load(ordering: .relaxed) {
            try printer.note(Self.resumeNote(saved: 0))
            throw ExitCode(130)
        }
        let line = printer.json || summary.stopped == .interrupted ? nil : try await summaryLine(summary, pokedex: library.pokedex)
        try printer.emit(Output(summary: summary, line: line))
        if summary.stopped == .interrupted {
            try printer.note(Self.resumeNote(saved: summary.fetched))
            throw ExitCode(130)
        }
        for failure in summary.failures.prefix(Self.namedFailures) {
            try printer.note(SafeText("#\(failure.speciesID): \(failure.reason)"))
        }
        if summary.failures.count > Self.namedFailures {
            try printer.note(SafeText(tr("sync.failures.more", ["count": summary.failures.count - Self.namedFailures])))
        }
        if let reason = summary.typeNamesFailure { try printer.note(SafeText(tr("sync.type-names.failed", ["reason": reason]))) }
        if summary.stopped == .unreachable {
            throw MydexFailure(tr("sync.error.unreachable", ["count": summary.fetched]))
        }
        if !summary.failures.isEmpty || summary.typeNames == .failed {
            throw MydexFailure(tr("sync.error.some-failed"))
        }
    }

    static func resumeNote(saved: Int) -> SafeText {
        SafeText(tr("sync.stopped", ["count": saved]))
    }

    /// "Synced 1,019 of 1,025 species (19 fetched, 1,000 already fresh); 6 failed: #233 Porygon2, …;
    /// type names refreshed.": the counts add up to the total. Each clause is a whole message.
    func summaryLine(_ summary: SyncService.Summary, pokedex: PokedexReader) async throws -> String {
        let list = tr("sync.list-separator")
        var counts: [String] = []
        if summary.fetched > 0 { counts.append(tr("sync.summary.fetched", ["count": summary.fetched])) }
        if summary.fresh > 0 { counts.append(tr("sync.summary.fresh", ["count": summary.fresh])) }
        let synced: [String: any TextArgument] = ["synced": summary.synced, "count": summary.total]
        var parts = [counts.isEmpty ? tr("sync.summary.synced", synced)
            : tr("sync.summary.synced-details", synced.merging(["details": counts.joined(separator: list)]) { $1 })]
        if !summary.failures.isEmpty {
            let failed = summary.failures.prefix(Self.namedFailures).map(\.speciesID)
            let rows = Dictionary(uniqueKeysWithValues: try await pokedex.rows(ids: failed).map { ($0.id, $0) })
            let named = failed.map { id in "#\(id)" + (rows[id].map { " \($0.name)" } ?? "") }.joined(separator: list)
            let more = summary.failures.count - failed.count
            parts.append(more > 0
                ? tr("sync.summary.failed-more", ["count": summary.failures.count, "species": named, "more": more])
                : tr("sync.summary.failed", ["count": summary.failures.count, "species": named]))
        }
        if summary.notTried > 0 {
            parts.append(tr("sync.summary.not-tried", ["count": summary.notTried]))
        }
        switch summary.typeNames {
        case .refreshed: parts.append(tr("sync.summary.type-names-refreshed"))
        case .fresh: parts.append(tr("sync.summary.type-names-fresh"))
        case .failed, .notTried: parts.append(tr("sync.summary.type-names-not-refreshed"))
        }
        return tr("sync.summary.line", ["clauses": parts.joined(separator: tr("sync.summary.clause-separator"))])
    }
}

extension DexSyncCommand {
    /// `--json`: the summary's fields after `"schema": 1`; text: its summary line (none when interrupted).
    struct Output: CommandOutput {
        let summary: SyncService.Summary
        let line: String?

        func encode(to encoder: any Encoder) throws { try summary.encode(to: encoder) }

        func printText(to printer: Printer) throws {
            if let line { try printer.line(SafeText(line)) }
        }
    }
}

extension Optional {
    /// `map` with an async transform.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
