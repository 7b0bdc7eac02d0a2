import Foundation
import MydexCatalog
import MydexModel
import MydexStore
import MydexText

/// Catching as the games do: a wild Pokémon drawn from a real encounter table of a game, balls
/// thrown at it by its generation's rules (`CatchRules`), and a catch kept with where and how.
public struct EncounterService: Sendable {
    /// A wild Pokémon met: the encounter as stored, and what is shown and thrown against.
    public struct Meeting: Sendable {
        public var encounter: WildEncounter
        public var game: Game
        /// The species as its form is (types, weight, stats).
        public var species: Species
        public var form: PokemonForm?
        public var place: PlaceArea?
        public var throwsMade: [BallThrow]
    }

    /// One ball thrown: its odds, what happened, and the entry when it caught.
    public struct ThrowResult: Sendable {
        public var odds: ThrowOdds
        public var outcome: ThrowOutcome
        public var number: Int
        public var entry: CollectionEntry?
    }

    /// Why an encounter or a throw cannot be made, each a message that says what to do instead.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The game has no wild Pokémon in PokeAPI's data (there, or that way).
        case noWildPokemon(game: String, place: String?, method: String?, methods: [String])
        case noPendingEncounter
        case ballNotInGame(ball: String, game: String, balls: [String])
        case masterBallSpent

        /// Whether what the user asked is at fault (a way the place does not have, a ball the
        /// game does not have): a usage error, not a failure.
        public var isUsage: Bool {
            switch self {
            case .noWildPokemon, .ballNotInGame: true
            case .noPendingEncounter, .masterBallSpent: false
            }
        }

        public var description: String {
            switch self {
            case let .noWildPokemon(game, place?, method?, methods) where !methods.isEmpty:
                tr("encounter.error.no-such-method", ["game": game, "place": place, "method": method, "methods": methods.listJoined()])
            case let .noWildPokemon(game, place?, _, _):
                tr("encounter.error.no-wild-pokemon-at", ["game": game, "place": place])
            case let .noWildPokemon(game, nil, method?, methods):
                tr("encounter.error.no-wild-pokemon-method", ["game": game, "method": method, "methods": methods.listJoined()])
            case let .noWildPokemon(game, nil, nil, _):
                tr("encounter.error.no-wild-pokemon", ["game": game])
            case .noPendingEncounter:
                tr("throw.error.no-encounter")
            case let .ballNotInGame(ball, game, balls):
                tr("throw.error.ball-not-in-game", ["ball": ball, "game": game, "balls": balls.listJoined()])
            case .masterBallSpent:
                tr("throw.error.master-ball-spent")
            }
        }
    }

    let store: CollectionStore
    let pokedex: Pokedex
    let clock: any MydexClock
    let timeZone: TimeZone

    public init(store: CollectionStore, clock: any MydexClock, timeZone: TimeZone) {
        self.store = store
        pokedex = Pokedex(store: store)
        self.clock = clock
        self.timeZone = timeZone
    }

    // MARK: - Meeting

    /// A wild Pokémon of `game`: in a random area of it that has wild Pokémon (or of the place
    /// `place`), its walking grass when it has some (else one of its ways at random) or
    /// the way `method`; drawn from that table as the local clock and the usual world have it;
    /// its level uniform in its slot's; shiny by its generation's odds. A pending encounter flees.
    public func start(
        game: Game, place: Place?, method: String?, using generator: inout SeededGenerator
    ) async throws -> (meeting: Meeting, fled: WildEncounter?) {
        // A random area among those with encounters, another drawn while it has no wild table
        // (only gifts there, or only the other game's): uniform among the areas that have one.
        var areas = try await pokedex.encounterAreaIDs(game: game, locationIDs: place.map { [$0.id] })
        var ways: [EncounterTable] = []
        while ways.isEmpty, !areas.isEmpty {
            let area = areas.remove(at: generator.nextInt(below: areas.count))
            ways = try await pokedex.wildTables(game: game, areaIDs: [area], method: method)
        }
        guard !ways.isEmpty else {
            var methods: [String] = []
            if method != nil {
                let all = try await pokedex.encounterAreaIDs(game: game, locationIDs: place.map { [$0.id] })
                for table in try await pokedex.wildTables(game: game, areaIDs: all, method: nil) where !methods.contains(table.method) {
                    methods.append(table.method)
                }
            }
            throw Refusal.noWildPokemon(game: game.name, place: place?.name, method: method, methods: methods)
        }
        let table = ways.first { $0.method == "walk" } ?? ways[generator.nextInt(below: ways.count)]

        let now = clock.now()
        let slots = try await pokedex.slots(of: table, game: game)
        let conditions = try await state(for: slots, game: game, at: now)
        guard let (slot, level) = Self.draw(slots, in: conditions, using: &generator) else {
            throw Refusal.noWildPokemon(game: game.name, place: place?.name, method: method, methods: [])
        }

        // Its form: one of its Pokémon's wild forms (Unown's letters), each as likely; else
        // that Pokémon's first.
        let forms = try await pokedex.forms(ofSpecies: slot.speciesID).filter { $0.pokemonID == slot.pokemonID }
        let wild = forms.filter(\.wild)
        let form = wild.count > 1 ? wild[generator.nextInt(below: wild.count)] : (wild.first ?? forms.first)
        let facts = try await store.catchingFacts(speciesID: slot.speciesID)
        let shiny = CatchRules.rollShiny(generation: game.generation, shinyCharm: facts.shinyCharm, using: &generator)
        let species = try await shownSpecies(slot.speciesID, form: form)
        let hitPoints = CatchSituation.maxHP(baseHP: species.stats?["hp"] ?? 50, level: level, generation: game.generation)
        guard let location = try await pokedex.placeArea(id: table.areaID) else {
            throw Refusal.noWildPokemon(game: game.name, place: place?.name, method: method, methods: [])
        }
        let encounter = WildEncounter(
            game: game.identifier, generation: game.generation, location: location.location, areaID: table.areaID,
            method: table.method, speciesID: slot.speciesID, formID: form?.id ?? slot.speciesID, level: level, isShiny: shiny,
            hitPoints: hitPoints, metAt: now, randomState: String(generator.state))
        let (started, fled) = try await store.startEncounter(encounter, at: now)
        return (Meeting(encounter: started, game: game, species: species, form: form, place: location, throwsMade: []), fled)
    }

    /// A slot of a table drawn as the games draw one: among the slots whose conditions all hold
    /// in `state`, each as often as its rarity; the level uniform in the slot's. Nil for a table
    /// with nothing to meet.
    public static func draw(
        _ slots: [EncounterSlot], in state: Set<String>, using generator: inout SeededGenerator
    ) -> (slot: EncounterSlot, level: Int)? {
        let open = slots.filter { $0.conditions.allSatisfy(state.contains) }
        var candidates = (open.isEmpty ? slots.filter(\.conditions.isEmpty) : open).filter { $0.rarity > 0 }
        // A table none of whose slots hold now is met as it is at some other time: any slot.
        if candidates.isEmpty { candidates = slots.filter { $0.rarity > 0 } }
        let total = candidates.reduce(0) { $0 + $1.rarity }
        guard total > 0 else { return nil }
        var roll = generator.nextInt(below: total)
        var slot = candidates[candidates.count - 1]
        for candidate in candidates {
            if roll < candidate.rarity { slot = candidate; break }
            roll -= candidate.rarity
        }
        return (slot, slot.minLevel + generator.nextInt(below: max(slot.maxLevel - slot.minLevel, 0) + 1))
    }

    /// The pending encounter, as met.
    public func pending() async throws -> Meeting? {
        guard let (encounter, throwsMade) = try await store.pendingEncounter() else { return nil }
        return try await meeting(encounter, throwsMade: throwsMade)
    }

    /// The encounter as shown: its game, species in its form, and place.
    public func meeting(_ encounter: WildEncounter, throwsMade: [BallThrow]) async throws -> Meeting {
        guard let game = try await pokedex.games(matching: encounter.game).first else { throw Refusal.noPendingEncounter }
        let form = try await pokedex.forms(ids: [encounter.formID])[encounter.formID]
        return Meeting(
            encounter: encounter, game: game, species: try await shownSpecies(encounter.speciesID, form: form), form: form,
            place: try await pokedex.placeArea(id: encounter.areaID), throwsMade: throwsMade)
    }

    /// Ends the pending encounter: the trainer ran (or it fled); nil when none was pending.
    public func end(_ outcome: WildEncounter.Outcome) async throws -> WildEncounter? {
        try await store.endEncounter(outcome, at: clock.now())
    }

    /// The condition values the table is read under: time of day, season and weekday by the
    /// local clock; the optional ones as they usually are (`EncounterChances.usual`: no swarm,
    /// no radar); any other (story, items held) at PokeAPI's default, else its first value.
    func state(for slots: [EncounterSlot], game: Game, at now: Date) async throws -> Set<String> {
        let named = Set(slots.flatMap(\.conditions))
        guard !named.isEmpty else { return [] }
        let kinds = Dictionary(try await pokedex.encounterConditions().map { ($0.identifier, $0.condition) }) { first, _ in first }
        let defaults = try await pokedex.encounterConditionDefaults()
        let used = Set(named.compactMap { kinds[$0] }).sorted()
        let domains = try await pokedex.encounterConditionValues(groups: [game.versionGroup], conditions: used)[game.versionGroup] ?? [:]
        let clock = LocalClock(date: now, timeZone: timeZone, generation: game.generation)
        var state: Set<String> = []
        for kind in used {
            let values = domains[kind] ?? named.filter { kinds[$0] == kind }.sorted()
            let wanted: String? = switch kind {
            case "time": clock.timeOfDay(among: values)
            case "season": "season-" + clock.season
            case "weekday": "weekday-" + clock.weekday
            default: EncounterChances.usual[kind]
            }
            if let wanted, values.contains(wanted) {
                state.insert(wanted)
            } else if let value = values.first(where: { defaults.contains($0) && named.contains($0) })
                ?? values.first(where: named.contains) ?? values.first {
                // A value the table's slots name (Sword and Shield's weather): else nothing is met.
                state.insert(value)
            }
        }
        return state
    }

    func shownSpecies(_ id: Int, form: PokemonForm?) async throws -> Species {
        guard let species = try await pokedex.species(id: id) else { throw StoreError.speciesNotCached(id: id) }
        guard let form else { return species }
        return try await pokedex.shown(species, as: form)
    }

    // MARK: - Throwing

    /// The balls of the meeting's game, in the games' order.
    public static func balls(in game: Game) -> [Ball] {
        Ball.allCases.filter { $0.exists(generation: game.generation, versionGroup: game.versionGroup) }
    }

    /// What a throw at `meeting` now depends on.
    public func situation(_ meeting: Meeting) async throws -> CatchSituation {
        try await situationAndFacts(meeting).situation
    }

    /// The situation, and whether the collection's Master Ball is spent (read with it).
    func situationAndFacts(_ meeting: Meeting) async throws -> (situation: CatchSituation, masterBallUsed: Bool) {
        let encounter = meeting.encounter
        let local = LocalClock(date: clock.now(), timeZone: timeZone, generation: meeting.game.generation)
        var found = try await situation(
            of: meeting.species, in: meeting.game, level: encounter.level, maxHP: encounter.hitPoints, hp: encounter.hitPoints,
            method: encounter.method, isDark: local.isNight || Self.isCave(encounter.location))
        found.situation.throwsSoFar = meeting.throwsMade.count
        return found
    }

    /// What a throw at `species` (as its form is) in `game` depends on: the species' own figures,
    /// the collection's (whether it holds the species, how many species it holds), and how and
    /// where it was met; and whether the collection's Master Ball is spent, read with them.
    public func situation(
        of species: Species, in game: Game, level: Int, maxHP: Int, hp: Int, status: CatchStatus = .none, method: String?,
        isDark: Bool
    ) async throws -> (situation: CatchSituation, masterBallUsed: Bool) {
        let facts = try await store.catchingFacts(speciesID: species.id)
        var situation = CatchSituation(
            generation: game.generation, versionGroup: game.versionGroup, captureRate: species.captureRate, level: level,
            maxHP: maxHP, hp: hp, status: status)
        situation.types = species.types
        situation.weight = species.weight
        situation.baseSpeed = species.stats?["speed"] ?? 0
        situation.evolvesWithMoonStone = try await pokedex.evolvesWithMoonStone(speciesID: species.id)
        situation.alreadyCaught = facts.holds
        situation.speciesCaught = facts.species
        situation.method = method
        situation.isDark = isDark
        return (situation, facts.masterBallUsed)
    }

    /// The odds of each ball of the game at the meeting now; the Master Ball left out once spent.
    public func odds(_ meeting: Meeting) async throws -> (odds: [ThrowOdds], situation: CatchSituation, masterBallSpent: Bool) {
        let (situation, spent) = try await situationAndFacts(meeting)
        return (Self.balls(in: meeting.game).filter { !(spent && $0 == .master) }.map { CatchRules.odds($0, situation) }, situation, spent)
    }

    /// Throws `ball` at the pending meeting: drawn with the encounter's random numbers, recorded
    /// with the throw (and, on a catch, the new entry and its history row) in one transaction;
    /// `meeting` goes on from there (its throws, its random numbers, its outcome).
    public func throwBall(_ ball: Ball, at meeting: inout Meeting) async throws -> ThrowResult {
        guard Self.balls(in: meeting.game).contains(ball) else {
            throw Refusal.ballNotInGame(
                ball: ball.rawValue, game: meeting.game.name, balls: Self.balls(in: meeting.game).map(\.shortName))
        }
        let (situation, spent) = try await situationAndFacts(meeting)
        if ball == .master, spent { throw Refusal.masterBallSpent }
        guard let id = meeting.encounter.id, let state = meeting.encounter.randomState.flatMap(UInt64.init) else {
            throw Refusal.noPendingEncounter
        }
        var generator = SeededGenerator(seed: state)
        let odds = CatchRules.odds(ball, situation)
        let outcome = CatchRules.draw(odds, using: &generator)
        let number = meeting.throwsMade.count + 1
        let made = BallThrow(
            encounterID: id, number: number, ball: ball.rawValue, chance: odds.catchChance, shakes: outcome.shakes,
            critical: outcome.critical, caught: outcome.caught, thrownAt: clock.now())
        // A catch makes the individual, by its game's rules, at the level it was met at.
        var (individual, origin): (Individual?, EntryOrigin?) = (nil, nil)
        if outcome.caught {
            var drawing = IndividualMaker.generator(beside: generator)
            let candidate = UInt32(truncatingIfNeeded: drawing.next())
            if let facts = try await pokedex.individualFacts(
                formID: meeting.encounter.formID, generation: meeting.game.generation, game: meeting.game.identifier) {
                let trainerID = try await store.trainerID(orElse: candidate, at: clock.now())
                individual = IndividualMaker.make(
                    facts, isShiny: meeting.encounter.isShiny, trainerID: trainerID,
                    given: IndividualMaker.Given(level: meeting.encounter.level), using: &drawing)
                origin = EntryOrigin(kind: .encounter, game: meeting.game.identifier, ball: ball.rawValue, trainerID: trainerID)
            }
        }
        let entry: CollectionEntry?
        do {
            entry = try await store.recordThrow(
                made, randomState: String(generator.state), individual: individual, origin: origin, at: made.thrownAt)
        } catch StoreError.noPendingEncounter {
            throw Refusal.noPendingEncounter
        }
        meeting.throwsMade.append(made)
        meeting.encounter.randomState = entry == nil ? String(generator.state) : nil
        if let entry {
            meeting.encounter.outcome = .caught
            meeting.encounter.entryID = entry.id
            meeting.encounter.endedAt = made.thrownAt
        }
        return ThrowResult(odds: odds, outcome: outcome, number: number, entry: entry)
    }

    /// Whether `game` has a wild Pokémon to meet anywhere (its first area with one found).
    public static func hasWildPokemon(_ game: Game, in pokedex: Pokedex) async throws -> Bool {
        for area in try await pokedex.encounterAreaIDs(game: game, locationIDs: nil)
        where !(try await pokedex.wildTables(game: game, areaIDs: [area], method: nil).isEmpty) {
            return true
        }
        return false
    }

    /// Whether a place is under ground, for the Dusk Ball: PokeAPI does not say, so its
    /// identifier is read for the words the games' caves are named with.
    static func isCave(_ location: String) -> Bool {
        let words = ["cave", "cavern", "tunnel", "grotto", "chasm", "mine", "ruins", "chamber", "underground", "mt-moon",
                     "victory-road", "seafoam-islands", "mt-coronet", "meteor-falls", "granite", "wayward", "iron-island"]
        return words.contains { location.contains($0) }
    }
}

/// The local clock as a game of `generation` reads it: time of day, season and weekday.
struct LocalClock {
    let hour: Int
    let month: Int
    let weekdayIndex: Int
    let generation: Int

    init(date: Date, timeZone: TimeZone, generation: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .month, .weekday], from: date)
        hour = parts.hour ?? 12
        month = parts.month ?? 1
        weekdayIndex = (parts.weekday ?? 1) - 1
        self.generation = generation
    }

    /// Gold, Silver and Crystal: morning 4–10, day 10–18, night 18–4; from Diamond and Pearl
    /// night starts at 20; from Sun and Moon day is 6–18.
    var timeOfDay: String {
        if generation >= 7 { return (6..<18).contains(hour) ? "day" : "night" }
        let nightFrom = generation <= 2 ? 18 : 20
        if (4..<10).contains(hour) { return "morning" }
        return (10..<nightFrom).contains(hour) ? "day" : "night"
    }

    var isNight: Bool { timeOfDay == "night" }

    /// The value among `values` (`time-morning`…) the clock gives; a table without mornings
    /// counts a morning as day.
    func timeOfDay(among values: [String]) -> String {
        let wanted = "time-" + timeOfDay
        return values.contains(wanted) || wanted != "time-morning" ? wanted : "time-day"
    }

    /// Black and White's seasons turn every month: January spring, February summer, March
    /// autumn, April winter, and again from May.
    var season: String { ["spring", "summer", "autumn", "winter"][(month - 1) % 4] }

    var weekday: String { ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"][weekdayIndex] }
}
