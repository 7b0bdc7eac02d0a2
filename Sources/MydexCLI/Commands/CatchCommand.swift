import ArgumentParser
import Foundation
import MydexServices
import MydexStore

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

            Examples:
              $ mydex catch
              $ mydex catch --seed 42          # the same seed catches the same Pokémon
              $ mydex catch --generation 1     # Kanto only
              $ mydex catch --cry              # and hear it
              $ mydex catch --weighted         # common species often, legendaries rarely
              $ mydex catch --offline          # no network at all (also MYDEX_OFFLINE=1)
              $ mydex catch --retry-network    # ask PokeAPI now, though it was unreachable a moment ago
              $ MYDEX_TIMEOUT=5 mydex catch    # wait on PokeAPI at most 5 seconds
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: NetworkOptions

    @Option(help: ArgumentHelp("Make the catch reproducible: the same seed picks the same species and shininess.", valueName: "n"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("Only species from this generation (1 is Kanto, 9 is Paldea).", valueName: "n"))
    var generation: Int?

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
