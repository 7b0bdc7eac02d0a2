import MydexCatalog
import MydexModel
import MydexStore

/// The Pokédex joined with the collection, as commands read it: species and their forms and
/// pages, the type chart, moves and learnsets, where each Pokémon is met, the games' Pokédexes
/// and how much of each the collection holds. The queries are the store's (`Pokedex`, in SQL);
/// what a command reads of them goes through here.
public struct PokedexReader: Sendable {
    let store: CollectionStore
    let base: Pokedex

    init(store: CollectionStore) {
        self.store = store
        base = Pokedex(store: store)
    }

    /// How many species the built-in Pokédex has, read from its image alone (no collection is
    /// opened: a shell prompt's `sprite random` reads no more than this and one sprite).
    public static func builtInSpeciesCount() throws -> Int { try Catalog.embedded.speciesCount() }

    /// The types of the built-in Pokédex, for completions (read when the shell asks).
    public static func builtInTypes() throws -> [String] { try Catalog.embedded.speciesTypes() }

    /// The box sprite the built-in sprite data has under `key` (a species' number, or
    /// `Sprite.key(ofForm:)`), its shiny one with `shiny`.
    public static func builtInSprite(_ key: Int, shiny: Bool) -> Sprite? { SpriteCatalog.embedded.sprite(speciesID: key, shiny: shiny) }

    /// The whole species, or nil when neither the catalog nor the fetched data has it.
    public func species(id: Int) async throws -> Species? { try await base.species(id: id) }

    /// Whole species for the given ids (those that exist), by id.
    public func species(ids: some Collection<Int>) async throws -> [Int: Species] { try await base.species(ids: ids) }

    /// Species as lists show them, for the given ids, in Pokédex order.
    public func rows(ids: some Collection<Int>) async throws -> [PokedexRow] { try await base.rows(ids: ids) }

    /// A page of the Pokédex and how many species pass the filter.
    public func page(_ filter: DexFilter) async throws -> (rows: [PokedexRow], total: Int) {
        try await base.page(filter)
    }

    /// The ids of the species that pass the filter (its page aside), in Pokédex order.
    public func speciesIDs(_ filter: DexFilter) async throws -> [Int] { try await base.speciesIDs(filter) }

    /// How many of a species the collection has.
    public func tally(speciesID: Int) async throws -> SpeciesTally { try await base.tally(speciesID: speciesID) }

    /// Species whose number is `number` or one of whose names contains `key` (a search key),
    /// in Pokédex order, each with the first name that matched (by language: the store's, its
    /// nearest, English, then the rest in code order; PokeAPI's own name last).
    public func speciesMatching(key: String, number: Int?) async throws -> [(id: Int, matched: SpeciesName?)] {
        try await base.speciesMatching(key: key, number: number)
    }

    /// Every type's name in every language (the catalog's, or PokeAPI's where fetched).
    public func typeNames() async throws -> [TypeName] { try await base.typeNames() }

    /// The generations that have species.
    public func generations() async throws -> [Int] { try await base.generations() }

    /// What `mydex version` says of the data: the built-in Pokédex's image (its format, source
    /// and content version) and the SQLite library in use.
    public func about() async throws -> PokedexAbout { try await base.about() }


    /// The collection counted: species caught of the Pokédex, by generation and type; entries
    /// held, released, shiny and favorite.
    public func stats() async throws -> PokedexStats { try await base.stats() }

    /// One type, or two together (PokeAPI's names), as `dex type` shows them; nil for a type
    /// outside the games' chart.
    public func chartTypes(_ types: [String]) async throws -> PokedexType? { try await base.chartTypes(types) }

    /// What each attacking type of `generation` does to PokeAPI's Pokémon `pokemonID` (of
    /// `types` in the current games), by that generation's chart and the types it had then.
    public func typeDefenses(pokemonID: Int, types: [String], generation: Int) async throws -> [TypeDefense] {
        try await base.typeDefenses(pokemonID: pokemonID, types: types, generation: generation)
    }

    /// What PokeAPI's Pokémon `pokemonID` may hold in the wild, game by game in release order,
    /// the likeliest item first.
    public func heldItems(pokemonID: Int) async throws -> [WildHeldItem] {
        try await base.heldItems(pokemonID: pokemonID)
    }

    /// Every form of a species, its own first, then in PokeAPI's order; none for a species the
    /// catalog lacks.
    public func forms(ofSpecies id: Int) async throws -> [PokemonForm] { try await base.forms(ofSpecies: id) }

    /// The forms with these ids (those the catalog has), by id.
    public func forms(ids: some Collection<Int>) async throws -> [Int: PokemonForm] { try await base.forms(ids: ids) }

    /// What `show` and `browse` tell about an entry: its species as the entry's form is (the
    /// form's types, stats and abilities), and the species' profile (its evolution chain and
    /// the names of its terms).
    public func species(of entry: CollectionEntry) async throws -> (species: Species, profile: SpeciesProfile) {
        try await base.species(of: entry)
    }

    /// `species` as `form` is (its types, and its variety's height, weight, stats and
    /// abilities); the species itself for its own form.
    public func shown(_ species: Species, as form: PokemonForm) async throws -> Species {
        try await base.shown(species, as: form)
    }

    /// How much of each Pokédex in `pokedexes` the collection holds, counted in SQL.
    public func progress(of pokedexes: [GamePokedex], _ query: ProgressQuery) async throws -> [DexProgress] {
        try await base.progress(of: pokedexes, query)
    }

    /// Every slot of `pokedex` in its order, with what the collection holds: a living dex's
    /// boxes (30 a box, as the games' and pokedextracker's).
    public func slots(of pokedex: GamePokedex) async throws -> [DexSlot] { try await base.slots(of: pokedex) }

    /// What catching `entry` completed: nothing unless it is the only held one of its species
    /// (a species already held completes nothing new).
    public func milestones(completedBy entry: CollectionEntry, boxSize: Int = 30) async throws -> CatchMilestones {
        try await base.milestones(completedBy: entry, boxSize: boxSize)
    }

    /// Every encounter of the Pokémon `pokemonIDs` (a species' varieties, or one of them), in
    /// every game or the version group `groupID`'s: by game in release order, then place,
    /// method, and the likeliest first.
    public func encounters(pokemonIDs: [Int], groupID: Int? = nil) async throws -> [Encounter] {
        try await base.encounters(pokemonIDs: pokemonIDs, groupID: groupID)
    }

    /// What lives in the areas of the places `locationIDs` (all of a place's areas), in every
    /// game or the version group `groupID`'s: the Pokémon each area has in each version group
    /// (`encounter_areas`), then their rows there, each a seek in the table keyed by Pokémon.
    public func encounters(locationIDs: [Int], groupID: Int? = nil) async throws -> [Encounter] {
        try await base.encounters(locationIDs: locationIDs, groupID: groupID)
    }

    /// The names of PokeAPI's Pokémon `identifiers` (`nidoran-m`, `meowth-galar`) in the store's
    /// language, by identifier: what conditions of encounters name (a trade, a first partner).
    public func pokemonNames(identifiers: [String]) async throws -> [String: String] {
        try await base.pokemonNames(identifiers: identifiers)
    }

    /// The names of the items conditions of encounters name (`helix-fossil`), in the store's
    /// language (its nearest, English), by item identifier.
    public func encounterItemNames() async throws -> [String: String] { try await base.encounterItemNames() }

    /// The values each of the conditions `conditions` (`time`, `swarm`) takes in the version
    /// groups `groups` (identifiers), in PokeAPI's order: group → condition → values (`time` →
    /// morning, day, night).
    public func encounterConditionValues(
        groups: [String], conditions: [String]
    ) async throws -> [String: [String: [String]]] {
        try await base.encounterConditionValues(groups: groups, conditions: conditions)
    }

    /// Every condition value with the condition it belongs to (`time-night` of `time`), in
    /// PokeAPI's order (morning, day, night).
    public func encounterConditions() async throws -> [(identifier: String, condition: String)] {
        try await base.encounterConditions()
    }

    /// Every game's Pokédex entry of species `speciesID` in the store's language, each text
    /// once with the games that show it, by the first of them in release order: each game's in
    /// that language, else in its nearest (kana where a game has no kanji entry); English only
    /// when PokeAPI has none in either (Czech), not for the games it lacks (Korean has entries
    /// from X and Y on).
    public func pokedexEntries(speciesID: Int) async throws -> [PokedexEntry] {
        try await base.pokedexEntries(speciesID: speciesID)
    }

    /// The version groups in which `pokemonID` has a learnset, latest first.
    public func learnsetGroups(pokemonID: Int) async throws -> [GameGroup] {
        try await base.learnsetGroups(pokemonID: pokemonID)
    }

    /// What `pokemonID` learns in the version group `groupID`: level-up in the game's order,
    /// then machines by number, then every other method by the moves' names.
    public func learnset(pokemonID: Int, groupID: Int) async throws -> [LearnedMove] {
        try await base.learnset(pokemonID: pokemonID, groupID: groupID)
    }

    /// A move's page: its figures and its effect in the store's language.
    public func moveDetail(id: Int) async throws -> MoveDetail? { try await base.moveDetail(id: id) }

    /// The version groups in which some Pokémon learns move `id`, latest first: each game's
    /// rows are read until one learns it.
    public func moveGroups(moveID: Int) async throws -> [GameGroup] { try await base.moveGroups(moveID: moveID) }

    /// The Pokémon that learn move `id` in version group `groupID`, by method, then in
    /// Pokédex order (a species before its forms).
    public func learners(moveID: Int, groupID: Int) async throws -> [MoveLearner] {
        try await base.learners(moveID: moveID, groupID: groupID)
    }

    /// The evolution chain and localized terms of `species` (from the catalog: a species it lacks
    /// has no chain but itself, and no term names).
    public func profile(of species: Species) async throws -> SpeciesProfile { try await base.profile(of: species) }

    /// A profile with the localized terms alone (no chain, no items or moves): what lists of
    /// species need.
    public func terms() async throws -> SpeciesProfile { try await base.terms() }

    /// The slots of a table of `game`, in PokeAPI's order of slots.
    public func slots(of table: EncounterTable, game: Game) async throws -> [EncounterSlot] {
        try await base.slots(of: table, game: game)
    }

    // MARK: - Pages

    /// What `dex` shows of a species in one of its forms: how many the collection has and the
    /// entries still held, the species' profile, what the form may hold in the wild, and with
    /// `chartGame` what hurts it in that game's generation (its chart, and its types then),
    /// with `allEntries` every game's Pokédex entry.
    public func page(
        of found: FoundPokemon, chartGame: SpeciesProfile.ChartGame? = nil, allEntries: Bool = false
    ) async throws -> DexPage {
        let species = found.species
        let tally = try await base.tally(speciesID: species.id)
        let held = tally.held > 0 ? try await store.entries(speciesID: species.id) : []
        var profile = try await base.profile(of: species)
        if let chartGame {
            if let introduced = species.generation, introduced > chartGame.generation {
                throw LookupError.gameBeforeSpecies(
                    species: Localizer(language: store.language).name(species), generation: introduced, game: chartGame.name,
                    gameGeneration: chartGame.generation)
            }
            profile.typeDefenses = try await base.typeDefenses(
                pokemonID: found.form.pokemonID, types: species.types, generation: chartGame.generation)
            profile.chartGame = chartGame
        }
        profile.heldItems = try await base.heldItems(pokemonID: found.form.pokemonID)
        let entries = allEntries ? try await base.pokedexEntries(speciesID: species.id) : nil
        return DexPage(found: found, profile: profile, tally: tally, held: held, pokedexEntries: entries)
    }

    /// Every word individuals' pages need, read once (the HTML export).
    public func individualWordBook() async throws -> IndividualWordBook { try await base.individualWordBook() }

    /// The six stats' names in the reading language.
    public func statNames() async throws -> [StatKind: String] { try await base.statNames() }

    /// The move `text` names (its identifier, or its name in any language), with what `dex
    /// move` shows of it; else an error with the nearest names, or naming the moves it is.
    public func move(named text: String) async throws -> MoveDetail {
        func unknown() async throws -> LookupError {
            .unknownMove(query: text, suggestions: SearchText.nearest(to: text, among: try await base.moveNames().map { ($0.name, $0.keys) }))
        }
        let matches = try await base.moves(matching: text)
        guard let move = matches.first else { throw try await unknown() }
        if matches.count > 1 { throw LookupError.ambiguousMove(query: text, matches: matches.map { "\($0.name) (\($0.identifier))" }) }
        guard let detail = try await base.moveDetail(id: move.id) else { throw try await unknown() }
        return detail
    }
}

/// What `dex` shows of a species in one of its forms (`PokedexReader.page`).
public struct DexPage: Sendable {
    public var found: FoundPokemon
    public var profile: SpeciesProfile
    public var tally: SpeciesTally
    /// The entries of the species still held, in entry order.
    public var held: [CollectionEntry]
    /// Every game's Pokédex entry, when asked for.
    public var pokedexEntries: [PokedexEntry]?
}
