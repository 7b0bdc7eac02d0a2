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

    func validate() throws {
        if query.joined(separator: " ").trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("give a Pokédex number or a name, e.g. `mydex dex 25`.")
        }
    }

    struct SpeciesJSON: Encodable {
        var dex: Int
        var species: String
        var name: String
        var names: [String: String]
        var genus: String?
        var types: [String]
        var typeNames: [String]
        var generation: Int?
        var heightMetres: Double
        var weightKilograms: Double
        var captureRate: Int
        var baseExperience: Int?
        var legendary: Bool
        var mythical: Bool
        var baby: Bool
        var flavorText: String?
        var sprite: String?
        var cry: String?
        var source: String
        var held: [Int64]
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .pokedexOnly)
        let pokedex = PokedexService(store: store, clock: context.clock)
        let species = try await pokedex.species(matching: query.joined(separator: " "), localizer: printer.localizer)
        let held = try await store.entries().filter { $0.species.id == species.id }
        let localizer = printer.localizer
        if global.json {
            try printer.printJSON(SpeciesJSON(
                dex: species.id, species: species.name, name: localizer.name(species),
                names: species.texts(\.name),
                genus: localizer.genus(species), types: species.types, typeNames: species.types.map(localizer.typeName),
                generation: species.generation, heightMetres: Double(species.heightDecimetres) / 10,
                weightKilograms: Double(species.weightHectograms) / 10, captureRate: species.captureRate,
                baseExperience: species.baseExperience, legendary: species.isLegendary, mythical: species.isMythical,
                baby: species.isBaby, flavorText: localizer.flavorText(species), sprite: species.spriteURL,
                cry: species.cryURL, source: species.source.rawValue, held: held.map(\.id)))
            return
        }
        let presentation = printer.presentation
        try printer.line(SafeText("\(presentation.dexNumber(species.id)) ") + SafeText(localizer.name(species)).styled(.bold, if: printer.color))
        var fields: [(String, String)] = []
        if let otherNames = presentation.otherNames(species) { fields.append(("Also", otherNames)) }
        if let genus = localizer.genus(species) { fields.append(("Genus", genus)) }
        fields.append(("Types", presentation.types(species)))
        if let generation = species.generation { fields.append(("Generation", String(generation))) }
        fields += [
            ("Height", presentation.metres(species.heightDecimetres)),
            ("Weight", presentation.kilograms(species.weightHectograms)),
            ("Capture rate", "\(species.captureRate) of 255"),
        ]
        if let experience = species.baseExperience { fields.append(("Base exp.", String(experience))) }
        let kind = [species.isLegendary ? "legendary" : nil, species.isMythical ? "mythical" : nil, species.isBaby ? "baby" : nil]
            .compactMap { $0 }
        if !kind.isEmpty { fields.append(("Kind", kind.joined(separator: ", "))) }
        fields.append(("You hold", held.isEmpty ? "none yet" : "\(held.count) (" + held.map { entry in
            "#\(entry.id)" + (entry.pokemon.nickname.map { " \($0)" } ?? "")
        }.joined(separator: ", ") + ")"))
        if let flavor = localizer.flavorText(species) { fields.append(("Pokédex", flavor)) }
        try printer.fields(fields)
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

    @Option(help: ArgumentHelp("Only this type, by name in any language.", valueName: "type"))
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

    struct RowJSON: Encodable {
        var dex: Int
        var species: String
        var name: String
        var types: [String]
        var generation: Int?
        var caught: Bool
        var held: Int
    }

    struct PageJSON: Encodable {
        var total: Int
        var offset: Int
        var limit: Int
        var species: [RowJSON]
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .pokedexOnly)
        let filter = DexFilter(
            generation: generation, type: type, caught: caught ? .caught : missing ? .missing : .any,
            offset: offset, limit: limit)
        let pokedex = PokedexService(store: store, clock: context.clock)
        let (page, total) = try await UsageError.naming(type: type, generation: generation) {
            try await pokedex.list(filter)
        }
        let localizer = printer.localizer
        if global.json {
            try printer.printJSON(PageJSON(total: total, offset: offset, limit: limit, species: page.map { row in
                RowJSON(
                    dex: row.species.id, species: row.species.name, name: localizer.name(row.species),
                    types: row.species.types, generation: row.species.generation, caught: row.tally.everCaught > 0,
                    held: row.tally.held)
            }))
            return
        }
        guard !page.isEmpty else {
            try printer.note(SafeText(total == 0 ? "No species match." : "No species on this page: there are \(total) (try a smaller --offset)."))
            return
        }
        var table = Table([
            .init(title: "DEX", shrinks: false), .init(title: "NAME"), .init(title: "TYPES"),
            .init(title: "GEN", alignRight: true, shrinks: false), .init(title: "CAUGHT", shrinks: false),
            .init(title: "HELD", alignRight: true, shrinks: false),
        ])
        for row in page {
            table.append([
                SafeText(printer.presentation.dexNumber(row.species.id)), SafeText(localizer.name(row.species)),
                SafeText(localizer.types(row.species)), SafeText(row.species.generation.map(String.init) ?? ""),
                row.tally.everCaught > 0 ? SafeText("✓").styled(.green, if: printer.color) : "",
                row.tally.held > 0 ? SafeText(String(row.tally.held)) : "",
            ])
        }
        try printer.table(table)
        let last = offset + page.count
        var footer = "Species \(offset + 1)–\(last) of \(total)."
        if last < total { footer += " Next page: --offset \(last)" }
        try printer.note(SafeText(footer))
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
        if global.json {
            try printer.printJSON(summary)
        } else if summary.stopped != .interrupted {
            try printer.line(SafeText(try await summaryLine(summary, store: store, localizer: printer.localizer)))
        }
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
    func summaryLine(_ summary: SyncService.Summary, store: CollectionStore, localizer: Localizer) async throws -> String {
        var counts: [String] = []
        if summary.fetched > 0 { counts.append("\(summary.fetched) fetched") }
        if summary.fresh > 0 { counts.append("\(summary.fresh) already fresh") }
        var parts = ["Synced \(summary.synced) of \(summary.total) species" + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))")]
        if !summary.failures.isEmpty {
            var named: [String] = []
            for failure in summary.failures.prefix(Self.namedFailures) {
                let name = try await store.species(id: failure.speciesID).map(localizer.name)
                named.append("#\(failure.speciesID)" + (name.map { " \($0)" } ?? ""))
            }
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
