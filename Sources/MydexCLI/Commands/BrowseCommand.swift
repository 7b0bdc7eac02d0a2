import ArgumentParser
import MydexModel
import MydexServices
import MydexText

struct BrowseCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "browse",
            abstract: tr("browse.help.abstract"),
            discussion: tr("browse.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var networkOptions: NetworkOptions
    var apiURL: String? { networkOptions.apiURL }

    @Option(help: ArgumentHelp(tr("browse.option.dex"), valueName: "name"))
    var dex: String?

    func run(_ context: MydexContext) async throws {
        // A full screen needs a person at a terminal: a script gets the same data from `list`.
        if global.json { throw UsageError(tr("browse.error.json")) }
        guard let terminal = context.terminal.descriptors() else { throw UsageError(tr("browse.error.no-terminal")) }
        let (collection, printer) = try await global.open(context, .emptyIfMissing, species: true)
        let pokedex = collection.pokedex
        let chosen = try await dex.asyncMap { try await collection.games.pokedex(named: $0) }
        let shownPokedex = chosen == nil ? try await collection.games.nationalPokedex() : chosen
        let knownTypes = Set(try await pokedex.typeNames().map(\.type))
        let network = try NetworkOptions.connection(context, budget: .shared)
        let cries = try network.cries()
        let bigSprites = try network.bigSprites()
        let offline = try network.offline()
        let presentation = printer.presentation
        let player = AudioPlayer(context)
        let library = BrowseLibrary(
            collection: collection,
            details: BrowseDetailSource(
                collection: collection, presentation: presentation, sprites: context.sprites,
                cachedBigSprite: { species, shiny in try? await bigSprites.sprite(of: species, shiny: shiny, offline: true) }),
            pokedex: shownPokedex, pokedexes: try await collection.games.gamePokedexes().filter(\.mainSeries),
            types: PokemonTypes.order.filter(knownTypes.contains),
            generations: try await pokedex.generations(),
            playCry: { speciesID in
                guard let species = try await pokedex.species(id: speciesID) else { return }
                try await player.play(bytes: try await cries.cry(of: species, legacy: false, offline: offline).bytes)
            },
            sentence: { change in Self.sentence(change, context: context, localizer: printer.localizer) })
        let session: TerminalSession
        do {
            session = try TerminalSession(input: terminal.input, output: terminal.output)
        } catch {
            throw UsageError(tr("browse.error.no-terminal"))
        }
        let size = session.size() ?? (80, 24)
        let controller = BrowseController(library: library, layout: BrowseLayout(width: size.columns, height: size.rows))
        let depth = ColorDepth.resolve(context.settings.color, outputIsColored: context.output.colorEnabled, environment: context.environment)
        var loop = BrowseLoop(
            session: session, controller: controller,
            renderer: BrowseRenderer(depth: depth, sprites: context.sprites, presentation: presentation))
        if let signal = await loop.run() { throw SignalExit(signal: signal) }
    }

    /// What the command making `change` prints (`favorite 12`, `release 12`), as one line of text.
    static func sentence(_ change: EntryChangesOutput, context: MydexContext, localizer: Localizer) -> String {
        let captured = CapturedOutput()
        var plain = context
        plain.output = captured.output()
        try? change.printText(to: Printer(plain, json: false, localizer: localizer, color: .never))
        return captured.standardOutput.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
