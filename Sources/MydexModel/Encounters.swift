import Foundation
import GRDB

/// A place of the games (a route, a town, a cave) in the store's language.
public struct Place: Sendable, Equatable, Codable, MydexRecord {
    public var id: Int
    /// PokeAPI's identifier, e.g. `viridian-forest`.
    public var identifier: String
    public var name: String
    public var region: String?
}

/// Where and how a Pokémon is met in one game: one row of an encounter table, its slots added
/// up (the levels of all, the sum of their rarities), under one set of conditions.
public struct Encounter: Sendable, Equatable, Codable, MydexRecord {
    /// The game (PokeAPI's version identifier, `firered`), its name, version group and
    /// generation.
    public var game: String
    public var gameName: String
    public var versionGroup: String
    public var generation: Int
    public var locationID: Int
    public var location: String
    public var locationName: String
    public var areaID: Int
    /// The part of the place (`1f`, `south`); nil for the whole place.
    public var area: String?
    /// The area's whole name where PokeAPI gives one in the store's language or its nearest
    /// (English, French, German: "Mt. Moon B1F"); elsewhere the place's name and the part's
    /// words make it.
    public var areaName: String?
    /// How it is met (PokeAPI's method: `walk`, `old-rod`, `surf`, `gift`, …).
    public var method: String
    /// PokeAPI's Pokémon id (a regional form has its own) and species, and its name: the
    /// species', or the form's whole name ("Alolan Rattata").
    public var pokemonID: Int
    public var speciesID: Int
    public var pokemonName: String
    public var minLevel: Int
    public var maxLevel: Int
    /// The slots' rarities summed: how often, in percent, an encounter this way there is this one.
    public var chance: Int
    /// The condition values that must all hold (`time-night`, `swarm-yes`), in PokeAPI's order.
    public var conditions: [String]

    /// The query names its columns as the properties are named: `dex where` decodes hundreds
    /// of encounters, and mapping snake_case columns row by row cost a tenth of its time.
    public static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .useDefaultKeys }
}

/// An item a wild Pokémon may hold in one game (`pokemon_items.csv`), named in the store's language.
public struct WildHeldItem: Sendable, Equatable, Codable, MydexRecord {
    /// PokeAPI's item id.
    public var item: Int
    public var name: String
    /// In percent.
    public var rarity: Int
    /// The game: PokeAPI's version identifier (`firered`), its version group and its name.
    public var game: String
    public var versionGroup: String
    public var gameName: String
}

/// One slot of an encounter table: a Pokémon, how often (its rarity in percent), its levels,
/// and the condition values that must hold for it (`time-night`).
public struct EncounterSlot: Sendable, Equatable {
    public var pokemonID: Int
    public var speciesID: Int
    public var rarity: Int
    public var minLevel: Int
    public var maxLevel: Int
    public var conditions: [String]

    package init(pokemonID: Int, speciesID: Int, rarity: Int, minLevel: Int, maxLevel: Int, conditions: [String]) {
        self.pokemonID = pokemonID
        self.speciesID = speciesID
        self.rarity = rarity
        self.minLevel = minLevel
        self.maxLevel = maxLevel
        self.conditions = conditions
    }
}

/// A table of a game: an area and a way of meeting Pokémon there.
public struct EncounterTable: Sendable, Equatable, Hashable {
    public var areaID: Int
    public var locationID: Int
    public var method: String

    package init(areaID: Int, locationID: Int, method: String) {
        self.areaID = areaID
        self.locationID = locationID
        self.method = method
    }
}

/// A location area in the store's language: its place, its part, and their names.
public struct PlaceArea: Sendable, Equatable, Codable, MydexRecord {
    public var areaID: Int
    public var locationID: Int
    public var location: String
    public var locationName: String
    /// The part of the place (`1f`, `south`); nil for the whole place.
    public var area: String?
    /// PokeAPI's whole name of the area in the store's language or its nearest, where it has one.
    public var areaName: String?
}
