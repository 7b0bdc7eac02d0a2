import Foundation

/// A Pokédex of the games (`catalog.pokedexes`), named in the store's language.
public struct GamePokedex: Sendable, Equatable {
    public var id: Int
    /// PokeAPI's identifier, e.g. `original-johto`, `paldea`.
    public var identifier: String
    /// The region (`johto`); nil for the national Pokédex.
    public var region: String?
    public var mainSeries: Bool
    /// The name in the store's language (else its nearest, else English, else the identifier).
    public var name: String
    /// How many species it lists.
    public var size: Int

    public static let nationalID = 1

    package init(id: Int, identifier: String, region: String? = nil, mainSeries: Bool, name: String, size: Int) {
        self.id = id
        self.identifier = identifier
        self.region = region
        self.mainSeries = mainSeries
        self.name = name
        self.size = size
    }
}

/// How much of a Pokédex the collection holds: the living dex (one held Pokémon of each), or of
/// every collectible form, shiny or not. Released entries never count.
public struct DexProgress: Sendable, Equatable {
    public var pokedex: GamePokedex
    public var caught: Int
    public var total: Int
    /// The national Pokédex by generation (`generation`, caught, total); empty for others.
    public var generations: [(generation: Int, caught: Int, total: Int)]

    public static func == (a: DexProgress, b: DexProgress) -> Bool {
        a.pokedex == b.pokedex && a.caught == b.caught && a.total == b.total
            && a.generations.map { [$0.generation, $0.caught, $0.total] } == b.generations.map { [$0.generation, $0.caught, $0.total] }
    }

    package init(
        pokedex: GamePokedex, caught: Int, total: Int, generations: [(generation: Int, caught: Int, total: Int)]
    ) {
        self.pokedex = pokedex
        self.caught = caught
        self.total = total
        self.generations = generations
    }
}

/// What `dex progress` counts.
public struct ProgressQuery: Sendable, Equatable {
    /// Only shiny entries count (the shiny living dex).
    public var shiny = false
    /// Every collectible form is a slot (the living form dex), not every species.
    public var forms = false

    public init(shiny: Bool = false, forms: Bool = false) {
        self.shiny = shiny
        self.forms = forms
    }
}

/// One slot of a living dex: a species at its number in a Pokédex, and what the collection
/// holds of it.
public struct DexSlot: Sendable, Equatable {
    /// Its number in the Pokédex (regional numbers may start at 0: Victini in Unova).
    public var number: Int
    public var speciesID: Int
    /// PokeAPI's name, e.g. `mr-mime`.
    public var speciesName: String
    /// In the store's language (else English, else PokeAPI's name).
    public var name: String
    /// Entries of it held (released ones never count), and how many of those are shiny.
    public var held: Int
    public var shinyHeld: Int

    package init(number: Int, speciesID: Int, speciesName: String, name: String, held: Int, shinyHeld: Int) {
        self.number = number
        self.speciesID = speciesID
        self.speciesName = speciesName
        self.name = name
        self.held = held
        self.shinyHeld = shinyHeld
    }
}

/// What a catch completed: Pokédexes of the games whose every species is now held, and the box
/// of the national living dex it filled (box 1: #1–#30).
public struct CatchMilestones: Sendable, Equatable {
    public var pokedexes: [GamePokedex] = []
    /// The national box completed, 1-based, with its first and last number.
    public var box: (number: Int, first: Int, last: Int)?

    public init() {}

    public static func == (a: CatchMilestones, b: CatchMilestones) -> Bool {
        a.pokedexes == b.pokedexes && a.box.map { [$0.number, $0.first, $0.last] } == b.box.map { [$0.number, $0.first, $0.last] }
    }
}
