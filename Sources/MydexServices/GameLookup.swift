import MydexModel
import MydexStore
import MydexText

/// A name the Pokédex does not know, or knows several things by (a game, a place, a Pokédex, a
/// ball, a move): the value the user chose is wrong, so the command line reports it as a usage
/// error (exit 64), with the nearest names or what there is.
public enum LookupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No game is named so: the nearest names, and `listing`, the games (or version groups) that
    /// have what was asked.
    case unknownGame(query: String, suggestions: [String], listing: [String])
    /// An encounter is in one game: a version group of several names them.
    case severalGames(query: String, games: [String])
    /// PokeAPI's data has no game with wild Pokémon at all.
    case noEncounterGames
    case unknownPlace(query: String, suggestions: [String])
    /// Several places have the name, and none or several of them the encounters asked for.
    case ambiguousPlace(query: String, matches: [String])
    case unknownPokedex(query: String, known: [String])
    case ambiguousPokedex(query: String, matches: [String])
    case unknownBall(query: String, suggestions: [String], balls: [String])
    /// The game named for a page is older than the species (`dex --game`).
    case gameBeforeSpecies(species: String, generation: Int, game: String, gameGeneration: Int)
    case unknownMove(query: String, suggestions: [String])
    case ambiguousMove(query: String, matches: [String])
    /// No nature, ability or item is named so: the nearest names.
    case unknownTerm(kind: IndividualTermKind, query: String, suggestions: [String])

    public var description: String {
        switch self {
        case let .unknownGame(query, suggestions, listing):
            suggestions.isEmpty
                ? tr("dex.show.error.unknown-game", ["game": query, "games": listing.listJoined()])
                : tr("dex.show.error.unknown-game.did-you-mean", [
                    "game": query, "suggestions": suggestions.listJoined(), "games": listing.listJoined(),
                ])
        case let .severalGames(query, games):
            tr("encounter.error.one-game", ["query": query, "games": games.listJoined()])
        case .noEncounterGames:
            tr("encounter.error.no-games")
        case let .unknownPlace(query, suggestions):
            suggestions.isEmpty
                ? tr("dex.where.error.unknown-place", ["query": query])
                : tr("dex.where.error.unknown-place.did-you-mean", ["query": query, "suggestions": suggestions.listJoined()])
        case let .ambiguousPlace(query, matches):
            tr("dex.where.error.ambiguous-place", ["query": query, "matches": matches.listJoined()])
        case let .unknownPokedex(query, known):
            tr("dex.progress.error.unknown-dex", ["dex": query, "known": known.listJoined()])
        case let .ambiguousPokedex(query, matches):
            tr("dex.progress.error.ambiguous-dex", ["dex": query, "matches": matches.listJoined()])
        case let .unknownBall(query, suggestions, balls):
            suggestions.isEmpty
                ? tr("throw.error.unknown-ball", ["ball": query, "balls": balls.listJoined()])
                : tr("throw.error.unknown-ball.did-you-mean", [
                    "ball": query, "suggestions": suggestions.listJoined(), "balls": balls.listJoined(),
                ])
        case let .gameBeforeSpecies(species, generation, game, gameGeneration):
            tr("dex.show.error.game-before-species", [
                "species": species, "generation": String(generation), "game": game, "gameGeneration": String(gameGeneration),
            ])
        case let .unknownMove(query, suggestions):
            suggestions.isEmpty
                ? tr("dex.move.error.unknown", ["query": query])
                : tr("dex.move.error.unknown.did-you-mean", ["query": query, "suggestions": suggestions.listJoined()])
        case let .ambiguousMove(query, matches):
            tr("dex.move.error.ambiguous", ["query": query, "matches": matches.listJoined()])
        case let .unknownTerm(kind, query, suggestions):
            switch (kind, suggestions.isEmpty) {
            case (.nature, true): tr("individual.error.unknown-nature", ["query": query])
            case (.nature, false): tr("individual.error.unknown-nature.did-you-mean", ["query": query, "suggestions": suggestions.listJoined()])
            case (.ability, true): tr("individual.error.unknown-ability", ["query": query])
            case (.ability, false): tr("individual.error.unknown-ability.did-you-mean", ["query": query, "suggestions": suggestions.listJoined()])
            case (.item, true): tr("individual.error.unknown-item", ["query": query])
            case (.item, false): tr("individual.error.unknown-item.did-you-mean", ["query": query, "suggestions": suggestions.listJoined()])
            }
        }
    }
}

/// A question the built-in data has no answer for (a game without that Pokémon's moves, a
/// place without wild Pokémon): exit 1, with what to ask instead.
public struct NoAnswer: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// Games, version groups, places, the games' Pokédexes and balls, by what the user typed: their
/// PokeAPI names, their names in any language; and the game a command plays when none is named.
public struct GameLookup: Sendable {
    let pokedex: Pokedex

    init(store: CollectionStore) { pokedex = Pokedex(store: store) }

    /// Every game (PokeAPI's versions), in release order.
    public func games() async throws -> [Game] { try await pokedex.games() }

    /// The games `text` names: a version, a version group (its games), a name in any language.
    public func games(matching text: String) async throws -> [Game] { try await pokedex.games(matching: text) }

    /// The game `name` names; none: `configured` (the config file's `game`), else the latest
    /// game PokeAPI has wild Pokémon for. With `oneGame`, a version group of several games is
    /// refused: an encounter is in one game.
    public func game(named name: String?, configured: String?, oneGame: Bool) async throws -> Game {
        guard let text = name ?? configured else {
            // The latest game with wild Pokémon to meet (some groups' encounters are all raids or gifts).
            for group in try await pokedex.gameGroupsWithEncounters().reversed() {
                for game in try await pokedex.games(matching: group.identifier)
                where try await EncounterService.hasWildPokemon(game, in: pokedex) {
                    return game
                }
            }
            throw LookupError.noEncounterGames
        }
        let games = try await pokedex.games(matching: text)
        guard let first = games.first else {
            throw try await unknownGame(text, listing: try await pokedex.games().map(\.identifier))
        }
        if oneGame, games.count > 1 { throw LookupError.severalGames(query: text, games: games.map(\.identifier)) }
        return first
    }

    /// The games `text` names for a filter (`list --game`): every game of a version group.
    public func gameFilter(_ text: String) async throws -> [Game] {
        let games = try await pokedex.games(matching: text)
        guard !games.isEmpty else { throw try await unknownGame(text, listing: try await pokedex.games().map(\.identifier)) }
        return games
    }

    /// The game whose type chart a page shows (`dex --game`), named as the page names it: a
    /// version group names its games together ("FireRed / LeafGreen").
    public func chartGame(named name: String) async throws -> SpeciesProfile.ChartGame {
        let found = try await pokedex.games(matching: name)
        guard let first = found.first, found.allSatisfy({ $0.generation == first.generation }) else {
            var groups: [String] = []
            for game in try await pokedex.games() where !groups.contains(game.versionGroup) { groups.append(game.versionGroup) }
            throw try await unknownGame(name, listing: groups)
        }
        return SpeciesProfile.ChartGame(
            identifier: found.count == 1 ? first.identifier : first.versionGroup,
            name: found.map(\.name).joined(separator: " / "), generation: first.generation)
    }

    /// Every version group, in release order.
    public func gameGroups() async throws -> [GameGroup] { try await pokedex.gameGroups() }

    /// The version groups PokeAPI has encounters for, in release order.
    public func gameGroupsWithEncounters() async throws -> [GameGroup] { try await pokedex.gameGroupsWithEncounters() }

    /// The version group `name` names, for a learnset question (or another: `listing`, the
    /// version groups that have answers, said when none is named so).
    public func gameGroup(named name: String, listing: [GameGroup]? = nil) async throws -> GameGroup {
        let groups = try await pokedex.gameGroups(matching: name)
        guard let first = groups.first, groups.count == 1 else {
            var known = listing
            if known == nil { known = try await pokedex.gameGroupsWithLearnsets() }
            throw try await unknownGame(name, listing: (known ?? []).map(\.identifier))
        }
        return first
    }

    /// The version group of `game`.
    public func gameGroup(of game: Game) async throws -> GameGroup? {
        try await pokedex.gameGroups(matching: game.versionGroup).first
    }

    /// "No game is named …", with the nearest names when some are close, and `listing`.
    func unknownGame(_ name: String, listing: [String]) async throws -> LookupError {
        .unknownGame(query: name, suggestions: SearchText.nearest(to: name, among: try await pokedex.gameNames()), listing: listing)
    }

    /// The places `text` names, for a filter (`list --place`).
    public func placeFilter(_ text: String) async throws -> [Place] {
        let places = try await pokedex.places(matching: text)
        guard !places.isEmpty else { throw try await unknownPlace(text) }
        return places
    }

    /// The place `name` names; among several of that name, the one that has encounters (in
    /// `game`, of the Pokémon `pokemon`), else an error naming them all.
    public func place(named name: String, game: GameGroup?, pokemon: [Int]?) async throws -> Place {
        let places = try await pokedex.places(matching: name)
        guard let first = places.first else { throw try await unknownPlace(name) }
        guard places.count > 1 else { return first }
        var met: [Place] = []
        for place in places where !(try await pokedex.encounters(locationIDs: [place.id], groupID: game?.id)
            .filter { pokemon?.contains($0.pokemonID) ?? true }.isEmpty) {
            met.append(place)
        }
        guard met.count == 1 else {
            throw LookupError.ambiguousPlace(query: name, matches: places.map { "\($0.name) (\($0.identifier))" })
        }
        return met[0]
    }

    /// The place of an encounter in `game` (`encounter --at`): the one so named, else the one
    /// of that name where `game` has encounters.
    public func place(named name: String, in game: Game) async throws -> Place {
        let named = try await pokedex.places(matching: name)
        if named.count == 1 { return named[0] }
        return try await place(named: name, game: try await gameGroup(of: game), pokemon: nil)
    }

    func unknownPlace(_ name: String) async throws -> LookupError {
        .unknownPlace(query: name, suggestions: SearchText.nearest(to: name, among: try await pokedex.placeNames()))
    }

    /// The games' Pokédexes (the Conquest gallery and the like not: `mainSeries`), in order.
    public func gamePokedexes() async throws -> [GamePokedex] { try await pokedex.gamePokedexes() }

    /// The national Pokédex.
    public func nationalPokedex() async throws -> GamePokedex? { try await pokedex.nationalPokedex() }

    /// The one Pokédex of the games `name` names (`kanto`, `Paldea`, `관동`, `전국`); a region's
    /// name with several whole-region Pokédexes, its newest (`성도`: HeartGold/SoulSilver's); a
    /// game's name or short name, the Pokédex its games open with (`스칼렛`, `sv`: Paldea's);
    /// else an error listing them (none) or the matches (several), by their names.
    public func pokedex(named name: String) async throws -> GamePokedex {
        let found = try await pokedex.gamePokedexes(matching: name)
        if found.count == 1, let chosen = found.first { return chosen }
        if let newest = found.last, found.allSatisfy({ Self.wholeRegion($0) && $0.region == newest.region }) { return newest }
        if found.isEmpty {
            if let game = try await pokedex.games(matching: name).first,
               let first = try await pokedex.pokedexes(ofVersionGroup: game.versionGroup).first {
                return first
            }
            throw LookupError.unknownPokedex(
                query: name, known: try await pokedex.gamePokedexes().filter(\.mainSeries).map(\.name))
        }
        throw LookupError.ambiguousPokedex(query: name, matches: found.map(\.name))
    }

    /// A Pokédex of a whole region (`original-johto`, `letsgo-kanto`), not of a part of one
    /// (`kalos-central`, `original-melemele`).
    static func wholeRegion(_ dex: GamePokedex) -> Bool {
        guard let region = dex.region else { return false }
        return dex.identifier == region || dex.identifier.hasSuffix("-" + region)
    }

    /// The balls' names in the reading language, by PokeAPI's item identifier.
    public func ballNames() async throws -> [String: String] { try await pokedex.ballNames() }

    /// The ball `text` names: `great`, `great-ball`, "Great Ball", or its name in the reading
    /// language (`몬스터볼`, from `names`, `ballNames()`); else an error with the nearest names.
    public static func ball(named text: String, names: [String: String]) throws(LookupError) -> Ball {
        if let ball = Ball.named(text) { return ball }
        func name(_ ball: Ball) -> String { names[ball.rawValue] ?? IdentifierWords.titled(ball.rawValue) }
        let key = SearchText.normalized(text)
        if let found = Ball.allCases.first(where: { SearchText.normalized(name($0)) == key }) { return found }
        // Offered by their names in the reading language (`몬스터` → 몬스터볼), which are taken too.
        let candidates = Ball.allCases.map { (name($0), [SearchText.normalized($0.shortName), SearchText.normalized(name($0))]) }
        throw .unknownBall(query: text, suggestions: SearchText.nearest(to: text, among: candidates), balls: Ball.allCases.map(name))
    }
}
