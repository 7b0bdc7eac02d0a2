import ArgumentParser
import MydexServices

struct CatchCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "catch",
        abstract: "Catch a random Pokémon.",
        discussion: """
            Picks a species uniformly from the whole national Pokédex (the species count comes \
            from PokeAPI and is cached for a day), fetches what is not cached yet, and keeps the \
            catch. One catch in 4096 is shiny.

            Examples:
              $ mydex catch
              $ mydex catch --seed 42      # the same seed catches the same Pokémon
              $ mydex catch --json
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Make the catch reproducible: the same seed picks the same species and shininess.", valueName: "n"))
    var seed: UInt64?

    func run(_ context: MydexContext) async throws {
        let store = try global.openStore(context)
        let service = CatchService(store: store, api: try global.apiClient(context), clock: context.clock)
        var generator = context.random.generator(seed: seed)
        let result = try await service.catchRandom(using: &generator)
        let printer = Printer(context, json: global.json)
        let entry = result.entry
        if global.json {
            try printer.printJSON(EntryJSON(entry))
            return
        }
        let presentation = printer.presentation
        let name = SafeText(presentation.speciesName(entry.species)).styled(.bold, if: printer.color)
        printer.line(
            "Caught " + name + SafeText(" \(presentation.dexNumber(entry.species.id)) (\(presentation.types(entry.species)))")
                + SafeText("! It is entry #\(entry.id)."))
        if entry.pokemon.isShiny {
            printer.line(SafeText("✨ It's shiny! (1 in \(CatchService.shinyOdds))").styled(.magenta, if: printer.color))
        }
    }
}
