/// What the Pokédex knows that turns a game's own numbers into PokeAPI's: read once for a
/// whole save (`Pokedex.saveFacts`), so that reading 420 Pokémon costs a few queries.
public struct SaveFacts: Sendable {
    /// A species as a generation's games have it, by the game's species index.
    public struct SavedSpecies: Sendable, Equatable {
        public var pokemonID: Int
        public var speciesID: Int
        /// PokeAPI's species identifier (`bulbasaur`).
        public var identifier: String
        /// The species' own form.
        public var formID: Int
        /// Female in eighths; -1 genderless.
        public var genderRate: Int
        public var growthRate: String?
        /// Its abilities in that generation by the games' slot (1, 2; 3 hidden).
        public var abilities: [Int: Species.Ability]
        public var basis: StatBasis
        /// Its names in capitals in the languages the games were released in: a nickname that
        /// is one of them is no nickname.
        public var capitalNames: Set<String>

        public init(
            pokemonID: Int, speciesID: Int, identifier: String, formID: Int, genderRate: Int, growthRate: String?,
            abilities: [Int: Species.Ability], basis: StatBasis, capitalNames: Set<String>
        ) {
            self.pokemonID = pokemonID
            self.speciesID = speciesID
            self.identifier = identifier
            self.formID = formID
            self.genderRate = genderRate
            self.growthRate = growthRate
            self.abilities = abilities
            self.basis = basis
            self.capitalNames = capitalNames
        }
    }

    public var generation: Int
    /// By the game's species index.
    public var species: [Int: SavedSpecies]
    /// Move identifiers by id (the games' numbers in generations 1–3 are PokeAPI's ids).
    public var moves: [Int: String]
    /// Item and place identifiers by the game's number.
    public var items: [Int: String]
    public var locations: [Int: String]
    /// Form ids by identifier (`unown-b`, `deoxys-speed`), for the forms a save may name, and
    /// their base stats in the generation (Deoxys' differ by form).
    public var forms: [String: Int]
    public var formBases: [String: StatBasis] = [:]
    /// Nature identifiers by their index in the games (personality value mod 25), and each
    /// one's effect on the stats.
    public var natures: [Int: String]
    public var natureEffects: [String: NatureEffect]
    /// Each growth rate's experience at levels 1–100.
    public var experience: [String: [Int]]

    public init(
        generation: Int, species: [Int: SavedSpecies], moves: [Int: String], items: [Int: String],
        locations: [Int: String], forms: [String: Int], natures: [Int: String], natureEffects: [String: NatureEffect],
        experience: [String: [Int]]
    ) {
        self.generation = generation
        self.species = species
        self.moves = moves
        self.items = items
        self.locations = locations
        self.forms = forms
        self.natures = natures
        self.natureEffects = natureEffects
        self.experience = experience
    }

    /// The level `experience` reaches on `growthRate`'s table: the highest whose threshold it
    /// has passed (1 without a table).
    public func level(experience points: Int, growthRate: String?) -> Int {
        guard let rate = growthRate, let table = experience[rate] else { return 1 }
        var level = 1
        for (index, needed) in table.enumerated() where points >= needed { level = index + 1 }
        return level
    }
}
