import MydexModel
import MydexStore
import MydexText

/// `mydex add`: a Pokémon the user has in a game, recorded by hand. What is given is kept (and
/// checked against the games' bounds and the species); what is not is drawn as a wild one of that
/// game would be (`IndividualMaker`, the one implementation), and the entry says which
/// (`EntryOrigin.drawn`). Its origin is "added by hand", its history row `add`.
public struct AddService: Sendable {
    let store: CollectionStore
    let clock: any MydexClock
    let pokedex: Pokedex

    init(store: CollectionStore, clock: any MydexClock) {
        self.store = store
        self.clock = clock
        pokedex = Pokedex(store: store)
    }

    public struct Request: Sendable {
        public var pokemon: FoundPokemon
        /// The game it is kept in; nil: none named (the latest generation's rules).
        public var game: Game?
        public var given: IndividualMaker.Given
        public var shiny: Bool
        public var nickname: String?
        /// PokeAPI's item identifier of its ball.
        public var ball: String?
        public var trainer: String?
        /// The trainer's ID number as the games show it (0–65535).
        public var trainerNumber: Int?

        public init(
            pokemon: FoundPokemon, game: Game?, given: IndividualMaker.Given, shiny: Bool, nickname: String?, ball: String?,
            trainer: String?, trainerNumber: Int?
        ) {
            self.pokemon = pokemon
            self.game = game
            self.given = given
            self.shiny = shiny
            self.nickname = nickname
            self.ball = ball
            self.trainer = trainer
            self.trainerNumber = trainerNumber
        }
    }

    /// A value the games would not allow for it, said in the user's language: a usage error.
    public typealias Problem = StatCalculator.Problem

    public func add(_ request: Request, using generator: inout SeededGenerator) async throws -> CollectionEntry {
        var generation = request.game?.generation ?? 0
        if request.game == nil { generation = try await pokedex.latestGeneration() }
        let species = request.pokemon.species
        let speciesName = StatCalculator.shownName(species, language: pokedex.language)
        if let born = species.generation, born > generation {
            throw Problem(description: tr("add.error.too-new", [
                "species": speciesName, "generation": String(born), "asked": String(generation),
            ]))
        }
        var given = request.given
        if let level = given.level, !(1...100).contains(level) { throw Problem(description: tr("dex.stats.error.level")) }
        given.ivs = try StatCalculator.checkedIVs(given.ivs, generation: generation, hpGiven: given.ivs != nil)
        try StatCalculator.checkEVs(given.evs ?? StatValues(all: 0), generation: generation)
        if generation <= 2 {
            if given.nature != nil { throw Problem(description: tr("dex.stats.error.no-nature")) }
            if given.ability != nil { throw Problem(description: tr("add.error.no-ability")) }
        }
        guard let facts = try await pokedex.individualFacts(
            formID: request.pokemon.form.id, generation: generation, game: request.game?.identifier) else {
            throw NoAnswer(tr("dex.stats.error.no-stats", ["species": speciesName]))
        }
        if let ability = given.ability {
            guard let slot = facts.abilities.first(where: { $0.value.name == ability.name }) else {
                let shown = Dictionary(try await pokedex.individualTerms(.ability).map { ($0.identifier, $0.name) }) { a, _ in a }
                let names = facts.abilities.sorted { $0.key < $1.key }.map { shown[$0.value.name] ?? $0.value.name }
                throw Problem(description: tr("add.error.ability", [
                    "species": speciesName, "ability": shown[ability.name] ?? ability.name, "abilities": names.listJoined(),
                ]))
            }
            given.ability = (ability.name, slot.value.hidden)
        }
        if let gender = given.gender, GenderRule.allowed(eighthsFemale: facts.genderRate).contains(gender) == false {
            throw Problem(description: tr("add.error.gender", ["species": speciesName, "gender": gender.rawValue]))
        }
        // Generation 2 works shininess out from the DVs: given DVs decide it.
        var shiny = request.shiny
        if generation <= 2, let dvs = given.ivs {
            let shinyDVs = ShinyRule.classic(dvs: dvs)
            if request.shiny && !shinyDVs { throw Problem(description: tr("add.error.shiny-dvs")) }
            shiny = shinyDVs
        }
        // The trainer: the number given (its secret ID drawn), else the collection's own.
        var drawing = IndividualMaker.generator(beside: generator)
        let candidate = UInt32(truncatingIfNeeded: drawing.next())
        let trainerID: UInt32 = if let number = request.trainerNumber {
            (candidate & 0xFFFF_0000) | UInt32(number)
        } else {
            try await store.trainerID(orElse: candidate, at: clock.now())
        }
        let individual = IndividualMaker.make(facts, isShiny: shiny, trainerID: trainerID, given: given, using: &drawing)
        _ = generator.next()
        let origin = EntryOrigin(
            kind: .hand, game: request.game?.identifier, ball: request.ball, trainer: request.trainer, trainerID: trainerID,
            drawn: given.drawnFields)
        let formID = request.pokemon.form.id == species.id ? nil : request.pokemon.form.id
        return try await store.recordCatch(
            speciesID: species.id, formID: formID, isShiny: shiny, individual: individual, origin: origin,
            nickname: request.nickname, at: clock.now())
    }
}

extension GenderRule {
    /// The genders a species of this ratio can have.
    public static func allowed(eighthsFemale rate: Int) -> Set<Gender> {
        switch rate {
        case ..<0: [.genderless]
        case 0: [.male]
        case 8...: [.female]
        default: [.male, .female]
        }
    }
}
