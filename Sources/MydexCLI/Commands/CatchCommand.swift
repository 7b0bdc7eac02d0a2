import ArgumentParser
import Foundation
import MydexServices
import MydexStore
import Synchronization

struct CatchCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "catch",
        abstract: "Catch a random Pokémon.",
        discussion: """
            Picks a species uniformly from the whole national Pokédex (the species count comes \
            from PokeAPI and is cached for a day), fetches what is not cached yet, and keeps the \
            catch. One catch in 4096 is shiny. The first catch starts the collection.

            mydex waits on PokeAPI at most MYDEX_TIMEOUT seconds in all (default 20), retries \
            included; on a terminal, a status line says so after a second. When PokeAPI cannot \
            be reached in that time, the built-in Pokédex stands in and a note on stderr says \
            so; for the next \(Int(PokeAPIFacts.unreachableWindow / 60)) minutes catches then use \
            the built-in Pokédex without waiting, unless --retry-network asks PokeAPI again.

            --count N catches N Pokémon in a row, each kept (with its history row) as it is \
            caught; a network failure falls back for that catch as above. A progress bar shows \
            on a terminal, a line per catch goes to standard output and a summary to stderr. \
            Ctrl-C stops between two catches, keeping those caught (exit 130).

            Examples:
              $ mydex catch
              $ mydex catch --seed 42          # the same seed catches the same Pokémon
              $ mydex catch --generation 1     # Kanto only
              $ mydex catch --cry              # and hear it
              $ mydex catch --weighted         # common species often, legendaries rarely
              $ mydex catch --offline          # no network at all (also MYDEX_OFFLINE=1)
              $ mydex catch --count 50         # fifty in a row
              $ mydex catch --offline --count 300 --json
              $ mydex catch --retry-network    # ask PokeAPI now, though it was unreachable a moment ago
              $ MYDEX_TIMEOUT=5 mydex catch    # wait on PokeAPI at most 5 seconds
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: NetworkOptions

    @Option(help: ArgumentHelp("Make the catch reproducible: the same seed picks the same species and shininess.", valueName: "n"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("Only species from this generation (1 is Kanto, 9 is Paldea).", valueName: "n"))
    var generation: Int?

    @Option(help: ArgumentHelp("Catch n Pokémon in a row, each kept as it is caught (1–\(Self.maxCount)).", valueName: "n"))
    var count: Int?

    /// More catches than anyone means in one go: `--count 1000000` is a typo, refused.
    static let maxCount = 100_000

    @Flag(help: "Weight species by capture rate, so that legendaries are rare.")
    var weighted = false

    @Flag(help: "Use the built-in Pokédex only, without the network (also MYDEX_OFFLINE=1).")
    var offline = false

    @Flag(help: "Draw no picture (pictures appear only on a terminal that shows colour).")
    var noSprite = false

    @Flag(help: "Play the caught Pokémon's cry after printing (see `mydex cry`).")
    var cry = false

    @Flag(help: ArgumentHelp(
        "Ask PokeAPI even if it was unreachable in the last \(Int(PokeAPIFacts.unreachableWindow / 60)) minutes (and despite MYDEX_OFFLINE=1)."))
    var retryNetwork = false

    func validate() throws {
        if let generation, generation < 1 { throw ValidationError("--generation \(generation): generations start at 1.") }
        if offline && retryNetwork { throw ValidationError("--offline and --retry-network contradict each other: choose one.") }
        if let count {
            guard (1...Self.maxCount).contains(count) else {
                throw ValidationError("--count \(count): catch from 1 to \(Self.maxCount) Pokémon at once.")
            }
            if cry && count > 1 { throw ValidationError("--cry plays one catch's cry: it does not go with --count.") }
        }
    }

    func run(_ context: MydexContext) async throws {
        // The flag wins over the environment, as everywhere.
        let offlineFromEnvironment = try NetworkOptions.offlineFromEnvironment(context) && !retryNetwork
        let api = try network.apiClient(context, budget: .shared)
        let (store, printer) = try await global.open(context, .create)
        let options = CatchService.Options(
            offline: offline || offlineFromEnvironment, generation: generation, weighted: weighted, retryNetwork: retryNetwork)
        let service = CatchService(store: store, api: api, clock: context.clock)
        var generator = context.random.generator(seed: seed)
        if let count {
            return try await catchMany(count, service: service, options: options, using: &generator, printer: printer, context)
        }
        let status = options.offline ? nil : WaitingStatus(context, message: "Asking PokeAPI… Ctrl-C or --offline to skip")
        let result = try await UsageError.naming(generation: generation) {
            defer { status?.finish() }
            return try await service.catchRandom(using: &generator, options: options)
        }
        let entry = result.entry
        try printer.afterCommit("Caught \(entry.name) (entry #\(entry.id)) and kept it") {
            if let note = Self.fallbackNote(result, options: options, now: context.clock.now()) {
                try printer.note(SafeText(note))
            }
            let picture = printer.picture(of: entry.speciesID, shiny: entry.isShiny, from: context.sprites, wanted: !noSprite)
            try printer.emit(Output(
                entry: entry, fetched: result.fetchedSpecies, offlineReason: result.offlineReason, picture: picture))
        }
        if cry { try await playCry(speciesID: entry.speciesID, store: store, context, offline: options.offline) }
    }

    /// `--count`: one catch after another, each its own transaction, a bar on a terminal, the
    /// lines and a summary once done or stopped. Ctrl-C is heard between catches only, so a catch
    /// is whole or not made.
    private func catchMany(
        _ count: Int, service: CatchService, options: CatchService.Options, using generator: inout SeededGenerator,
        printer: Printer, _ context: MydexContext
    ) async throws {
        let progress = context.output.standardErrorIsTerminal ? SyncProgress(
            output: context.output, clock: context.clock,
            waiting: options.offline ? nil : WaitingStatus(context, message: "Asking PokeAPI… Ctrl-C to stop"),
            unit: "caught", label: "catch") : nil
        let interrupted = Atomic(false)
        var results: [CatchService.Result] = []
        var failure: (any Error)?
        await context.interrupts.handling({ interrupted.store(true, ordering: .relaxed) }) {
            while results.count < count && !interrupted.load(ordering: .relaxed) {
                do {
                    results.append(try await service.catchRandom(using: &generator, options: options))
                } catch {
                    failure = error
                    return
                }
                progress?.report(SyncService.Progress(done: results.count, total: count, failed: 0))
            }
        }
        progress?.finish()
        if let failure, results.isEmpty { try await rethrow(failure) }
        let stopped = interrupted.load(ordering: .relaxed)
        let many = ManyOutput(results: results, requested: count, interrupted: stopped)
        try printer.afterCommit("Caught \(results.count) Pokémon and kept them") {
            if let note = results.lazy.compactMap({ Self.fallbackNote($0, options: options, now: context.clock.now()) }).first {
                try printer.note(SafeText(note))
            }
            try printer.emit(many)
            if !printer.json || stopped || failure != nil { try printer.note(SafeText(many.summary)) }
        }
        if let failure { try await rethrow(failure) }
        if stopped { throw ExitCode(130) }
    }

    /// A bad --generation fails the first catch: a usage error, as without --count.
    private func rethrow(_ error: any Error) async throws {
        let body: () async throws -> Void = { throw error }
        try await UsageError.naming(generation: generation, body)
    }

    /// `--count`: `{"entries": […], "requested": N, "caught": n}` (and `"interrupted": true`
    /// after Ctrl-C); text: a line per catch.
    struct ManyOutput: CommandOutput {
        let results: [CatchService.Result]
        let requested: Int
        let interrupted: Bool

        private enum Keys: String, CodingKey { case entries, requested, caught, interrupted }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(results.map { EntryJSON($0.entry) }, forKey: .entries)
            try container.encode(requested, forKey: .requested)
            try container.encode(results.count, forKey: .caught)
            if interrupted { try container.encode(true, forKey: .interrupted) }
        }

        func printText(to printer: Printer) throws {
            for result in results {
                try Output(entry: result.entry, fetched: result.fetchedSpecies, offlineReason: result.offlineReason)
                    .printText(to: printer)
            }
        }

        /// "Caught 300 Pokémon of 212 species, 1 shiny." (with "Stopped: " and "of 500" when cut short).
        var summary: String {
            let species = Set(results.map(\.entry.speciesID)).count
            let shiny = results.filter(\.entry.isShiny).count
            let caught = results.count == requested ? "\(results.count)" : "\(results.count) of \(requested)"
            var text = "Caught \(caught) Pokémon of \(species) species, \(shiny) shiny."
            if interrupted { text = "Stopped: " + text + " Every catch so far is kept." }
            return text
        }
    }

    /// The catch is kept whatever happens here: a cry that cannot play is only a note.
    private func playCry(speciesID: Int, store: CollectionStore, _ context: MydexContext, offline: Bool) async throws {
        do {
            let species = try await SpeciesFinder(store: store).species(matching: String(speciesID))
            let sound = try await network.cries(context).cry(of: species, legacy: false, offline: offline)
            try await AudioPlayer(context).play(bytes: sound.bytes)
        } catch let interrupted as AudioPlayer.Interrupted {
            throw interrupted
        } catch {
            try context.output.note(SafeText("No cry played: \(error)"))
        }
    }

    /// `{"entry": …, "fetched": true}`: the new entry, and whether its species came from PokeAPI just now.
    struct Output: CommandOutput {
        let entry: CollectionEntry
        let fetched: Bool
        let offlineReason: String?
        /// Drawn above the text on a terminal; never in JSON.
        var picture: CellGrid?

        private enum Keys: String, CodingKey { case entry, fetched, offlineReason }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(EntryJSON(entry), forKey: .entry)
            try container.encode(fetched, forKey: .fetched)
            try container.encodeIfPresent(offlineReason, forKey: .offlineReason)
        }

        func printText(to printer: Printer) throws {
            if let picture { try printer.draw(picture) }
            let name = SafeText(entry.name).styled(.bold, if: printer.color)
            try printer.line(
                "Caught " + name + SafeText(" \(printer.presentation.dexNumber(entry.speciesID)) (\(entry.typeNameList))")
                    + SafeText("! It is entry #\(entry.id)."))
            if entry.isShiny {
                try printer.line(SafeText("✨ It's shiny! (1 in \(CatchService.shinyOdds))").styled(.magenta, if: printer.color))
            }
        }
    }

    /// Why the built-in Pokédex stood in, and what the next catches will do.
    static func fallbackNote(_ result: CatchService.Result, options: CatchService.Options, now: Date) -> String? {
        guard let reason = result.offlineReason, !options.offline else { return nil }
        let window = Int(PokeAPIFacts.unreachableWindow / 60)
        guard let since = result.unreachableSince else {
            return "PokeAPI unavailable (\(reason)); caught from the built-in Pokédex. "
                + "Catches in the next \(window) minutes will not wait on it (--retry-network asks anyway)."
        }
        let minutes = Int(max(now.timeIntervalSince(since), 0) / 60)
        let ago = minutes == 0 ? "less than a minute ago" : minutes == 1 ? "a minute ago" : "\(minutes) minutes ago"
        return "PokeAPI was unreachable \(ago) (\(reason)); caught from the built-in Pokédex without asking it again. "
            + "`mydex catch --retry-network` asks it now."
    }
}
