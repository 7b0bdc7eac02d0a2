import ArgumentParser
import MydexServices

struct CatchCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "catch",
        abstract: "Catch a random Pokémon.",
        discussion: """
            Picks a species uniformly from the whole national Pokédex (the species count comes \
            from PokeAPI and is cached for a day), fetches what is not cached yet, and keeps the \
            catch. One catch in 4096 is shiny. When PokeAPI cannot be reached, the built-in \
            Pokédex stands in and a note on stderr says so. The first catch starts the collection.

            Examples:
              $ mydex catch
              $ mydex catch --seed 42          # the same seed catches the same Pokémon
              $ mydex catch --generation 1     # Kanto only
              $ mydex catch --weighted         # common species often, legendaries rarely
              $ mydex catch --offline          # no network at all (also MYDEX_OFFLINE=1)
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

    func validate() throws {
        if let generation, generation < 1 { throw ValidationError("--generation \(generation): generations start at 1.") }
    }

    func run(_ context: MydexContext) async throws {
        let offlineFromEnvironment = try NetworkOptions.offlineFromEnvironment(context)
        let api = try network.apiClient(context)
        let (store, printer) = try await global.open(context, .create)
        let options = CatchService.Options(
            offline: offline || offlineFromEnvironment, generation: generation, weighted: weighted)
        let service = CatchService(store: store, api: api, clock: context.clock)
        var generator = context.random.generator(seed: seed)
        let result = try await UsageError.naming(generation: generation) {
            try await service.catchRandom(using: &generator, options: options)
        }
        let entry = result.entry
        let presentation = printer.presentation
        let committed = "Caught \(presentation.speciesName(entry.species)) (entry #\(entry.id)) and kept it"
        try printer.afterCommit(committed) {
            if let reason = result.offlineReason, !options.offline {
                try printer.note(SafeText("PokeAPI unavailable (\(reason)); caught from the built-in Pokédex."))
            }
            if global.json {
                try printer.printJSON(printer.entryJSON(entry))
                return
            }
            let name = SafeText(presentation.speciesName(entry.species)).styled(.bold, if: printer.color)
            try printer.line(
                "Caught " + name + SafeText(" \(presentation.dexNumber(entry.species.id)) (\(presentation.types(entry.species)))")
                    + SafeText("! It is entry #\(entry.id)."))
            if entry.pokemon.isShiny {
                try printer.line(SafeText("✨ It's shiny! (1 in \(CatchService.shinyOdds))").styled(.magenta, if: printer.color))
            }
        }
    }
}
