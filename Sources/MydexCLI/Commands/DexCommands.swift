import ArgumentParser
import Foundation
import MydexServices
import MydexStore
import Synchronization

struct DexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dex",
        abstract: "Look up any Pokémon species, caught or not.",
        discussion: """
            The Pokédex is built into mydex (every species, in every language PokeAPI has) and \
            refreshed from PokeAPI by `mydex dex sync`.

            Examples:
              $ mydex dex 25
              $ mydex dex pikachu
              $ mydex dex 피카츄 --lang ko
              $ mydex dex list --generation 1 --missing
              $ mydex dex sync
            """,
        subcommands: [DexShowCommand.self, DexListCommand.self, DexSyncCommand.self],
        defaultSubcommand: DexShowCommand.self)
}

struct DexShowCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one species by number or by name in any language.",
        discussion: """
            Examples:
              $ mydex dex 25
              $ mydex dex show "mr. mime"
              $ mydex dex ピカチュウ --json
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A national Pokédex number, or a name in any language.")
    var query: [String]

    @Flag(help: "Draw no picture (pictures appear only on a terminal that shows colour).")
    var noSprite = false

    func validate() throws {
        if query.joined(separator: " ").trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("give a Pokédex number or a name, e.g. `mydex dex 25`.")
        }
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .pokedexOnly, species: true)
        let species = try await SpeciesFinder(store: store).species(matching: query.joined(separator: " "))
        let pokedex = Pokedex(store: store)
        let tally = try await pokedex.tally(speciesID: species.id)
        let held = tally.held > 0 ? try await store.entries(speciesID: species.id) : []
        let profile = try await pokedex.profile(of: species)
        let picture = printer.picture(of: species.id, shiny: false, from: context.sprites, wanted: !noSprite)
        try printer.emit(Output(
            species: species, profile: profile, tally: tally, entries: held, localizer: printer.localizer, picture: picture))
    }

    /// `{"species": …, "caught": 2, "held": 1, "entries": [entry, …]}`: the entries still held.
    struct Output: CommandOutput {
        let species: Species
        let profile: SpeciesProfile
        let tally: SpeciesTally
        let entries: [CollectionEntry]
        let localizer: Localizer
        /// Drawn beside the text on a terminal; never in JSON.
        var picture: CellGrid?

        private enum Keys: String, CodingKey { case species, caught, held, entries }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(SpeciesJSON(species, localizer, profile: profile), forKey: .species)
            try container.encode(tally.caught, forKey: .caught)
            try container.encode(tally.held, forKey: .held)
            try container.encode(entries.map(EntryJSON.init), forKey: .entries)
        }

        func printText(to printer: Printer) throws {
            let presentation = printer.presentation
            try printer.line(SafeText("\(presentation.dexNumber(species.id)) ") + SafeText(localizer.name(species)).styled(.bold, if: printer.color))
            var fields = presentation.speciesFields(species)
            fields.append(("You hold", entries.isEmpty ? "none yet" : "\(entries.count) (" + entries.map { entry in
                "#\(entry.id)" + (entry.nickname.map { " \($0)" } ?? "")
            }.joined(separator: ", ") + ")"))
            fields += presentation.profileFields(species, profile)
            fields += presentation.pokedexField(species)
            try printer.fields(fields, beside: picture)
        }
    }
}

struct DexListCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Browse the Pokédex page by page, caught species marked.",
        discussion: """
            Examples:
              $ mydex dex list
              $ mydex dex list --offset 50            # the next page
              $ mydex dex list --generation 2 --type fire
              $ mydex dex list --missing --limit 10   # what is left to catch
              $ mydex dex list --type 물 --lang ko     # types by name in any language
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Only this generation (1–9).", valueName: "n"))
    var generation: Int?

    @Option(help: ArgumentHelp("Only this type, by name in any language.", valueName: "type"), completion: .pokemonTypes)
    var type: String?

    @Flag(help: "Only species you have caught.")
    var caught = false

    @Flag(help: "Only species you have never caught.")
    var missing = false

    @Option(help: ArgumentHelp("How many species per page.", valueName: "n"))
    var limit = 50

    @Option(help: ArgumentHelp("How many species to skip (the page start).", valueName: "n"))
    var offset = 0

    func validate() throws {
        if caught && missing { throw ValidationError("--caught and --missing exclude each other.") }
        if limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if offset < 0 { throw ValidationError("--offset cannot be negative.") }
        if let generation, generation < 1 { throw ValidationError("--generation must be 1 or more.") }
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .pokedexOnly, species: global.json)
        let finder = SpeciesFinder(store: store)
        let pokedex = Pokedex(store: store)
        let (page, total) = try await UsageError.naming(type: type, generation: generation) {
            if let generation { try await finder.checkGeneration(generation) }
            let resolvedType = try await type.asyncMap(finder.resolveType)
            let filter = DexFilter(
                generation: generation, type: resolvedType, caught: caught ? .caught : missing ? .missing : .any,
                offset: offset, limit: limit)
            return try await pokedex.page(filter)
        }
        // Whole species only for JSON: the table needs what the page query read.
        let species = printer.json ? try await pokedex.species(ids: page.map(\.id)) : [:]
        let terms = printer.json ? try await pokedex.terms() : SpeciesProfile()
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
                try printer.note(total == 0 ? "No species match." : PageLine.pastTheEnd("Species", total: total))
                return
            }
            var table = Table([
                .init(title: "DEX", shrinks: false), .init(title: "NAME"), .init(title: "TYPES"),
                .init(title: "GEN", alignRight: true, shrinks: false), .init(title: "CAUGHT", shrinks: false),
                .init(title: "HELD", alignRight: true, shrinks: false),
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
            try printer.note(PageLine.text("Species", offset: offset, shown: rows.count, total: total))
        }
    }
}

struct DexSyncCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Refresh every species from PokeAPI into your local Pokédex.",
        discussion: """
            Fetches each species, and the type names, not fetched in the last --max-age days, at \
            most 8 requests at a time; a sync of fresh data asks PokeAPI nothing. Each species is \
            saved as it arrives: an interrupted or partly failed sync keeps what it got, and \
            running it again fetches only the rest. Ctrl-C stops it (exit 130) and says how many \
            species were saved.

            MYDEX_TIMEOUT (default 20 seconds) bounds each request, its retries and waits included, \
            not the whole sync, which is long by nature. When \(SyncService.unreachableStreakLimit) \
            species in a row find PokeAPI unreachable, the sync stops rather than wait on each of \
            the rest.

            Examples:
              $ mydex dex sync
              $ mydex dex sync --max-age 0        # refetch everything
              $ mydex dex sync --concurrency 2    # gentler on a slow link
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: NetworkOptions

    @Option(help: ArgumentHelp("Species and type names fetched within this many days are skipped.", valueName: "days"))
    var maxAge: Double = 30

    @Option(help: ArgumentHelp("Requests in flight at once (1–\(SyncService.maxConcurrency)).", valueName: "n"))
    var concurrency = SyncService.maxConcurrency

    /// Failed species named in the summary line; the rest are counted.
    static let namedFailures = 5

    func validate() throws {
        if maxAge < 0 { throw ValidationError("--max-age cannot be negative.") }
        if !(1...SyncService.maxConcurrency).contains(concurrency) {
            throw ValidationError("--concurrency must be between 1 and \(SyncService.maxConcurrency).")
        }
    }

    func run(_ context: MydexContext) async throws {
        let api = try network.apiClient(context, budget: .eachRequest)
        let (store, printer) = try await global.open(context, .create)
        let service = SyncService(store: store, api: api, clock: context.clock)
        let progress = SyncProgress(
            output: context.output, clock: context.clock,
            waiting: WaitingStatus(context, message: "Asking PokeAPI… Ctrl-C to stop"))
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
        let line = printer.json || summary.stopped == .interrupted ? nil : try await summaryLine(summary, store: store)
        try printer.emit(Output(summary: summary, line: line))
        if summary.stopped == .interrupted {
            try printer.note(Self.resumeNote(saved: summary.fetched))
            throw ExitCode(130)
        }
        for failure in summary.failures.prefix(Self.namedFailures) {
            try printer.note(SafeText("#\(failure.speciesID): \(failure.reason)"))
        }
        if summary.failures.count > Self.namedFailures {
            try printer.note(SafeText("… and \(summary.failures.count - Self.namedFailures) more."))
        }
        if let reason = summary.typeNamesFailure { try printer.note(SafeText("type names: \(reason)")) }
        if summary.stopped == .unreachable {
            throw MydexFailure("PokeAPI stopped answering, so the sync stopped; \(summary.fetched) species were saved. Run `mydex dex sync` again later to resume.")
        }
        if !summary.failures.isEmpty || summary.typeNames == .failed {
            throw MydexFailure("Some requests failed; what was fetched is kept. Run `mydex dex sync` again to retry them.")
        }
    }

    static func resumeNote(saved: Int) -> SafeText {
        SafeText("Stopped: \(saved) species saved; run `mydex dex sync` again to resume.")
    }

    /// "Synced 1019 of 1025 species (19 fetched, 1000 already fresh); 6 failed: #233 Porygon2, …;
    /// type names refreshed.": the counts add up to the total.
    func summaryLine(_ summary: SyncService.Summary, store: CollectionStore) async throws -> String {
        var counts: [String] = []
        if summary.fetched > 0 { counts.append("\(summary.fetched) fetched") }
        if summary.fresh > 0 { counts.append("\(summary.fresh) already fresh") }
        var parts = ["Synced \(summary.synced) of \(summary.total) species" + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))")]
        if !summary.failures.isEmpty {
            let failed = summary.failures.prefix(Self.namedFailures).map(\.speciesID)
            let rows = Dictionary(uniqueKeysWithValues: try await Pokedex(store: store).rows(ids: failed).map { ($0.id, $0) })
            let named = failed.map { id in "#\(id)" + (rows[id].map { " \($0.name)" } ?? "") }
            let more = summary.failures.count - named.count
            parts.append("\(summary.failures.count) failed: \(named.joined(separator: ", "))" + (more > 0 ? " and \(more) more" : ""))
        }
        if summary.notTried > 0 {
            parts.append("\(summary.notTried) not tried (PokeAPI stopped answering)")
        }
        switch summary.typeNames {
        case .refreshed: parts.append("type names refreshed")
        case .fresh: parts.append("type names already fresh")
        case .failed, .notTried: parts.append("type names not refreshed")
        }
        return parts.joined(separator: "; ") + "."
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
