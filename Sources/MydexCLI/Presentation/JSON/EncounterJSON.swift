import Foundation
import MydexModel
import MydexServices
import MydexText

// Encounters as `dex where` lists them, wild encounters as `encounter` meets them, a ball's
// odds, and how an entry was caught.

/// One encounter in JSON: every field named by PokeAPI's identifier and in words.
struct EncounterJSON: Encodable, Sendable {
    /// Absent members are null, not missing: every encounter has the same members.
    struct Named: Encodable, Sendable {
        var identifier: String?
        var name: String?

        private enum Keys: String, CodingKey { case identifier, name }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(identifier, forKey: .identifier)
            try container.encode(name, forKey: .name)
        }
    }

    struct PokemonJSON: Encodable, Sendable {
        var id: Int
        var species: Int
        var name: String
    }

    struct ConditionJSON: Encodable, Sendable {
        var identifier: String
        var condition: String?
        var name: String
    }

    var game: GameJSON
    var location: Named
    var area: Named
    var method: Named
    var pokemon: PokemonJSON
    var minLevel: Int
    var maxLevel: Int
    var chance: Int
    var conditions: [ConditionJSON]

    init(_ encounter: Encounter, conditions: EncounterConditions, names: EncounterWords.Names) {
        game = GameJSON(
            identifier: encounter.game, name: encounter.gameName, versionGroup: encounter.versionGroup, generation: encounter.generation)
        location = Named(identifier: encounter.location, name: encounter.locationName)
        area = Named(identifier: encounter.area, name: EncounterWords.place(encounter, names: names))
        method = Named(identifier: encounter.method, name: EncounterWords.method(encounter.method))
        pokemon = PokemonJSON(id: encounter.pokemonID, species: encounter.speciesID, name: encounter.pokemonName)
        minLevel = encounter.minLevel
        maxLevel = encounter.maxLevel
        chance = encounter.chance
        self.conditions = encounter.conditions.map {
            ConditionJSON(identifier: $0, condition: conditions.kinds[$0], name: EncounterWords.condition($0, names: names))
        }
    }
}

/// A ball's odds in JSON: `{"ball", "name", "chance", "breakFree": [4], "critical",
/// "criticalCatch", "modifiedRate", "expectedThrows", "within"}`.
struct OddsJSON: Encodable {
    var ball: String
    var name: String
    var chance: Double
    var breakFree: [Double]
    var critical: Double
    var criticalCatch: Double?
    var modifiedRate: Double
    var expectedThrows: Double?
    var within: Double?

    init(_ row: OddsRow, words: CatchingWords, withinShown: Bool) {
        ball = row.odds.ball.rawValue
        name = words.name(row.odds.ball)
        chance = row.odds.catchChance
        breakFree = row.odds.breakFree
        critical = row.odds.criticalChance
        criticalCatch = row.odds.criticalCatchChance
        modifiedRate = row.odds.modifiedRate
        expectedThrows = row.expected
        within = withinShown ? row.within : nil
    }
}

/// A wild encounter in JSON: `{"game", "gameName", "generation", "location", "areaId", "place",
/// "method", "species", "form", "name", "level", "shiny", "hitPoints", "metAt", "outcome",
/// "entryId"}`.
struct WildEncounterJSON: Encodable {
    var game: String
    var gameName: String?
    var generation: Int
    var location: String
    var areaId: Int
    var place: String?
    var method: String
    var species: Int
    var form: Int
    var name: String?
    var level: Int
    var shiny: Bool
    var hitPoints: Int
    var metAt: Date
    var outcome: String
    var entryId: Int64?

    init(_ encounter: WildEncounter, gameName: String? = nil, place: String? = nil, name: String? = nil) {
        game = encounter.game
        self.gameName = gameName
        generation = encounter.generation
        location = encounter.location
        areaId = encounter.areaID
        self.place = place
        method = encounter.method
        species = encounter.speciesID
        form = encounter.formID
        self.name = name
        level = encounter.level
        shiny = encounter.isShiny
        hitPoints = encounter.hitPoints
        metAt = encounter.metAt
        outcome = encounter.outcome.rawValue
        entryId = encounter.entryID
    }
}

/// Where and how an entry was caught in JSON: the object exports carry
/// (`TransferredEncounter`), with the names `show` prints and the catching throw's summary:
/// `{…, "gameName", "place", "ball", "critical", "chance"}`.
struct CatchRecordJSON: Encodable, Sendable {
    let shown: CatchRecordShown

    init(_ shown: CatchRecordShown) { self.shown = shown }

    private enum Keys: String, CodingKey { case gameName, place, ball, critical, chance }

    func encode(to encoder: any Encoder) throws {
        try TransferredEncounter(shown.record).encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(shown.gameName, forKey: .gameName)
        try container.encode(shown.place, forKey: .place)
        try container.encodeIfPresent(shown.record.ball, forKey: .ball)
        try container.encode(shown.record.critical, forKey: .critical)
        try container.encodeIfPresent(shown.record.chance, forKey: .chance)
    }
}
