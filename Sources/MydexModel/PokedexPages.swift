import Foundation
import GRDB

/// One row of a Pokédex page: a species as lists show it, in the store's language, with how
/// many of it the collection has.
public struct PokedexRow: Codable, Sendable, Equatable, MydexRecord {
    public var id: Int
    /// PokeAPI's name, e.g. `mr-mime`.
    public var speciesName: String
    public var name: String
    public var generation: Int?
    /// PokeAPI type names in slot order, joined by "/".
    public var typeList: String
    public var typeNameList: String
    /// Entries ever caught of this species, released ones included.
    public var caught: Int
    /// Entries still held.
    public var held: Int

    public var types: [String] { typeList.split(separator: "/").map(String.init) }
    public var typeNames: [String] { typeNameList.split(separator: "/").map(String.init) }
}

/// Filters of a Pokédex page (`mydex dex list`).
public struct DexFilter: Sendable, Equatable {
    /// Held is what the collection holds now: a released entry is not held, and its species
    /// is missing (as `dex progress` counts it) though it was once caught.
    public enum Caught: Sendable { case any, held, missing, neverCaught }
    public var generation: Int?
    /// A PokeAPI type name (resolve what the user typed first).
    public var type: String?
    public var caught: Caught = .any
    /// Only species of this Pokédex of the games (`GamePokedex.id`).
    public var pokedexID: Int?
    /// Only legendary, mythical or Ultra Beast species.
    public var kind: SpeciesKind?
    public var offset = 0
    public var limit: Int?

    public init(
        generation: Int? = nil, type: String? = nil, caught: Caught = .any, pokedexID: Int? = nil, offset: Int = 0,
        limit: Int? = nil
    ) {
        self.pokedexID = pokedexID
        self.generation = generation
        self.type = type
        self.caught = caught
        self.offset = offset
        self.limit = limit
    }
}

/// A name of a species in one language (`api` for PokeAPI's own name), with its search key.
public struct SpeciesName: Codable, Sendable, Equatable, MydexRecord {
    public var speciesID: Int
    public var language: String
    public var name: String
    public var key: String
}

/// How many of a species the collection has.
public struct SpeciesTally: Codable, Sendable, Equatable {
    /// Entries ever caught, released ones included.
    public var caught: Int
    /// Entries still in the collection.
    public var held: Int

    public init(caught: Int, held: Int) {
        self.caught = caught
        self.held = held
    }
}

/// Completion and collection figures for `mydex stats`.
public struct PokedexStats: Sendable, Codable, Equatable {
    public struct Generation: Sendable, Codable, Equatable, MydexRecord {
        public var generation: Int
        public var caught: Int
        public var total: Int
    }
    public struct TypeCount: Sendable, Codable, Equatable, MydexRecord {
        public var type: String
        public var name: String
        public var count: Int
    }
    public var speciesCaught: Int
    public var speciesTotal: Int
    public var generations: [Generation]
    public var entries: Int
    public var held: Int
    public var released: Int
    public var shiny: Int
    public var favorites: Int
    /// Types of the held Pokémon (a dual-type Pokémon counts for both), most common first.
    public var types: [TypeCount]

    package init(
        speciesCaught: Int, speciesTotal: Int, generations: [Generation], entries: Int, held: Int, released: Int,
        shiny: Int, favorites: Int, types: [TypeCount]
    ) {
        self.speciesCaught = speciesCaught
        self.speciesTotal = speciesTotal
        self.generations = generations
        self.entries = entries
        self.held = held
        self.released = released
        self.shiny = shiny
        self.favorites = favorites
        self.types = types
    }
}

/// The built-in Pokédex's image and the SQLite library, as `mydex version` tells them.
public struct PokedexAbout: Sendable, Equatable {
    public var catalogFormat: String?
    public var catalogSource: String?
    public var catalogVersion: String?
    public var sqliteVersion: String

    package init(
        catalogFormat: String? = nil, catalogSource: String? = nil, catalogVersion: String? = nil,
        sqliteVersion: String
    ) {
        self.catalogFormat = catalogFormat
        self.catalogSource = catalogSource
        self.catalogVersion = catalogVersion
        self.sqliteVersion = sqliteVersion
    }
}

/// A type of the games' chart as `dex type` shows it: what it hits and what hits it, and how much
/// of the Pokédex has it.
public struct PokedexType: Sendable, Equatable {
    /// PokeAPI's name, e.g. `fire`; for two types (`dex type fire flying`), the first.
    public var type: String
    /// The one type, or the two of a combination, as asked.
    public var types: [String]
    /// The generation it came in (of two, the later).
    public var generation: Int
    /// Species whose own types include it (of two: both).
    public var speciesCount: Int
    /// Forms that have it (both) though their species does not (Alolan Marowak for Fire).
    public var formCount: Int
    /// Moves of the games of this type (of two: of either).
    public var moveCount: Int
    /// What its moves do to each type (of two: the better of its two types' moves, as a Pokémon
    /// of both types hits with either), and what each type's moves do to it (to a Pokémon of
    /// both), in the chart's order.
    public var attacking: [TypeDefense]
    public var defending: [TypeDefense]

    package init(
        type: String, generation: Int, speciesCount: Int, formCount: Int, moveCount: Int, attacking: [TypeDefense],
        defending: [TypeDefense]
    ) {
        self.type = type
        self.types = [type]
        self.generation = generation
        self.speciesCount = speciesCount
        self.formCount = formCount
        self.moveCount = moveCount
        self.attacking = attacking
        self.defending = defending
    }
}

/// A game of the series (PokeAPI's version, `firered`), with its version group (`firered-leafgreen`),
/// its generation and its name in the store's language.
public struct Game: Sendable, Equatable {
    public var id: Int
    public var identifier: String
    public var versionGroup: String
    public var generation: Int
    public var name: String

    package init(id: Int, identifier: String, versionGroup: String, generation: Int, name: String) {
        self.id = id
        self.identifier = identifier
        self.versionGroup = versionGroup
        self.generation = generation
        self.name = name
    }
}

/// A Pokédex entry of a species as one or more games show it, in the store's language (or the
/// nearest that has one for those games).
public struct PokedexEntry: Sendable, Equatable {
    /// In release order.
    public var games: [Game]
    public var text: String
    /// The language the text is in (`ja-hrkt` where a game has no kanji entry).
    public var language: String

    package init(games: [Game], text: String, language: String) {
        self.games = games
        self.text = text
        self.language = language
    }
}
