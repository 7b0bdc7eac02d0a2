import ArgumentParser
import Foundation
import MydexModel
import MydexServices
import MydexText

/// Which entries a command takes, as `list` chooses them: by species (type, generation, name,
/// form, kind), by mark, by where and how they were caught, by the individual, and released or
/// not. `list` shows them; `export` writes them.
struct EntryFilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp(tr("list.option.type"), valueName: "type"), completion: .pokemonTypes)
    var type: String?

    @Option(help: ArgumentHelp(tr("list.option.generation"), valueName: "n"))
    var generation: Int?

    @Flag(help: ArgumentHelp(tr("list.option.shiny")))
    var shiny = false

    @Flag(help: ArgumentHelp(tr("list.option.favorites")))
    var favorites = false

    @Option(help: ArgumentHelp(tr("list.option.name"), valueName: "text"))
    var name: String?

    @Option(help: ArgumentHelp(tr("list.option.form"), valueName: "form"))
    var form: String?

    @Flag(help: ArgumentHelp(tr("list.option.regional")))
    var regional = false

    @Flag(help: ArgumentHelp(tr("list.option.legendary")))
    var legendary = false

    @Flag(help: ArgumentHelp(tr("list.option.mythical")))
    var mythical = false

    @Flag(help: ArgumentHelp(tr("list.option.ultra-beast")))
    var ultraBeast = false

    @OptionGroup var game: GameOption<ForFilter>

    /// `--game`: only entries met, kept or imported from a save there.
    enum ForFilter: GamePurpose { static var help: String { tr("list.option.game") } }

    @Option(help: ArgumentHelp(tr("list.option.place"), valueName: "place"))
    var place: String?

    @Option(help: ArgumentHelp(tr("list.option.ball"), valueName: "ball"))
    var ball: String?

    @Option(help: ArgumentHelp(tr("list.option.trainer"), valueName: "name|id"))
    var trainer: String?

    @OptionGroup var individual: IndividualFilterOptions

    @Flag(help: ArgumentHelp(tr("list.option.released")))
    var released = false

    @Flag(help: ArgumentHelp(tr("list.option.all")))
    var all = false

    func validate() throws {
        if released && all { throw ValidationError(tr("list.error.released-and-all")) }
        if let generation, generation < 1 { throw ValidationError(tr("list.error.generation")) }
        if let name, SearchText.normalized(name).isEmpty {
            throw ValidationError(tr("list.error.name"))
        }
        if let form, SearchText.normalized(form).isEmpty { throw ValidationError(tr("list.error.form")) }
    }

    /// Whether any filter narrows the entries (`--all` and `--released` included).
    var isSet: Bool {
        type != nil || generation != nil || shiny || favorites || name != nil || form != nil || regional || legendary
            || mythical || ultraBeast || game.name != nil || place != nil || ball != nil || trainer != nil || individual.isSet
            || released || all
    }

    /// Whether a filter of what entries are (not which of them are held) narrows them.
    var narrows: Bool {
        type != nil || generation != nil || shiny || name != nil || (released && favorites) || game.name != nil
            || place != nil || ball != nil || individual.isSet
    }

    /// The query these filters make, with every name they take resolved as `list` resolves it.
    func query(_ library: Library, order: EntryQuery.Order = .id) async throws -> EntryQuery {
        let finder = library.finder
        let resolvedType = try await UsageError.naming(type: type, generation: generation) {
            if let generation { try await finder.checkGeneration(generation) }
            return try await type.asyncMap(finder.resolveType)
        }
        var query = EntryQuery(
            order: order, includeReleased: all, favoritesOnly: favorites, releasedOnly: released, shinyOnly: shiny,
            type: resolvedType, generation: generation, name: name, form: form, regionalOnly: regional)
        query.individual = try await individual.filter(library.individuals)
        query.kinds = Set([legendary ? .legendary : nil, mythical ? .mythical : nil, ultraBeast ? .ultraBeast : nil].compactMap { $0 })
        // `--game`, `--place`, `--ball` and `--trainer`: the entries caught from an encounter
        // there, so, or of that original trainer; each named as `encounter` names them.
        let games = library.games
        if let game = game.name { query.games = try await games.gameFilter(game).map(\.identifier) }
        if let place { query.places = try await games.placeFilter(place).map(\.identifier) }
        if let ball { query.ball = try GameLookup.ball(named: ball, names: try await games.ballNames()).rawValue }
        if let trainer { query.trainer = trainer.trimmingCharacters(in: .whitespaces) }
        return query
    }
}
