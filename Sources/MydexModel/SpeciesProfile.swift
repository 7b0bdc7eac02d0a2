import Foundation

/// What `show` and `dex` print about a species beyond its own record: its evolution chain, with
/// how many of each species the collection holds, and the names, in the store's language (else
/// the languages `DataLanguage.fallbacks` gives, name by name), of the stats, abilities,
/// triggers, egg groups and habitat it refers to, and of the items and moves its chain's
/// evolutions need.
public struct SpeciesProfile: Sendable, Equatable {
    /// One species of an evolution chain.
    public struct Link: Sendable, Equatable {
        public var id: Int
        /// PokeAPI's name, e.g. `pichu`.
        public var speciesName: String
        /// In the store's language.
        public var name: String
        public var evolvesFrom: Int?
        /// How it evolves from `evolvesFrom`.
        public var evolution: [Species.Evolution]
        /// Entries of it the collection holds.
        public var held: Int

        package init(
            id: Int, speciesName: String, name: String, evolvesFrom: Int? = nil, evolution: [Species.Evolution],
            held: Int
        ) {
            self.id = id
            self.speciesName = speciesName
            self.name = name
            self.evolvesFrom = evolvesFrom
            self.evolution = evolution
            self.held = held
        }
    }

    /// Every species of the chain in Pokédex order (one species alone when it does not evolve).
    public var chain: [Link]
    /// Names of species evolutions refer to (party or trade partners) by id.
    public var otherSpecies: [Int: String]
    /// Localized names by kind (`stat`, `ability`, `evolution-trigger`, `egg-group`, `habitat`),
    /// then PokeAPI name; and by kind `item` and `move`, then PokeAPI id as a decimal string
    /// (`["item"]["83"]`, Thunder Stone): the items (to use or to hold) and moves (to know) that
    /// the chain's evolutions name, in a profile of a species (not in `Pokedex.terms()`).
    public var terms: [String: [String: String]]
    /// What each attacking type does to the species (its types, or its form's), by the current
    /// games' chart, in the chart's order; empty in a profile without the chain.
    public var typeDefenses: [TypeDefense]
    /// Its abilities that change what hits it, noted beside the chart (not applied to it).
    public var abilityDefenses: [AbilityDefense]
    /// The game whose generation's chart (and the Pokémon's types then) `typeDefenses` follow;
    /// nil for the current games'.
    public var chartGame: ChartGame?
    /// What the Pokémon (the form's) may hold when met in the wild, in every game PokeAPI has
    /// it for, in the games' order: set by `dex` (`Pokedex.heldItems(pokemonID:)`).
    public var heldItems: [WildHeldItem] = []
    /// The name of the game the Pokédex text shown is from (the first of the language's
    /// fallbacks that has a text), where the catalog knows it.
    public var pokedexGame: String?

    /// A game asked for with `--game`, as the page names it.
    public struct ChartGame: Sendable, Equatable {
        public var identifier: String
        public var name: String
        public var generation: Int

        public init(identifier: String, name: String, generation: Int) {
            self.identifier = identifier
            self.name = name
            self.generation = generation
        }
    }

    public init(
        chain: [Link] = [], otherSpecies: [Int: String] = [:], terms: [String: [String: String]] = [:],
        typeDefenses: [TypeDefense] = [], abilityDefenses: [AbilityDefense] = []
    ) {
        self.chain = chain
        self.otherSpecies = otherSpecies
        self.terms = terms
        self.typeDefenses = typeDefenses
        self.abilityDefenses = abilityDefenses
    }

    /// The name of `term` of `kind`, else nil: `name("ability", "static")`, `name("item", "83")`.
    public func name(_ kind: String, _ term: String) -> String? { terms[kind]?[term] }
}
