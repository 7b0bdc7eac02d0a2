import Foundation
import GRDB

/// A wild Pokémon met in a place of a game (a row of `encounters`): pending while the trainer
/// throws, then caught (with its entry), fled or run from.
public struct WildEncounter: Codable, Sendable, Equatable, MydexRecord, MutablePersistableRecord {
    public static let databaseTableName = "encounters"
    public static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { ColumnNaming.encoding }

    public enum Outcome: String, Codable, Sendable {
        case pending, caught, fled, ran
    }

    public var id: Int64?
    /// PokeAPI's version (`firered`) and its generation.
    public var game: String
    public var generation: Int
    /// PokeAPI's location (`viridian-forest`) and location area id.
    public var location: String
    public var areaID: Int
    /// PokeAPI's encounter method (`walk`, `old-rod`).
    public var method: String
    public var speciesID: Int
    public var formID: Int
    public var level: Int
    public var isShiny: Bool
    /// Its greatest HP: it is met, and thrown at, at full HP.
    public var hitPoints: Int
    public var metAt: Date
    public var endedAt: Date?
    public var outcome: Outcome
    public var entryID: Int64?
    /// The random numbers' state while pending (`SeededGenerator`'s, in decimal).
    public var randomState: String?

    public init(
        game: String, generation: Int, location: String, areaID: Int, method: String, speciesID: Int, formID: Int, level: Int,
        isShiny: Bool, hitPoints: Int, metAt: Date, randomState: String?
    ) {
        self.game = game
        self.generation = generation
        self.location = location
        self.areaID = areaID
        self.method = method
        self.speciesID = speciesID
        self.formID = formID
        self.level = level
        self.isShiny = isShiny
        self.hitPoints = hitPoints
        self.metAt = metAt
        outcome = .pending
        self.randomState = randomState
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// One ball thrown at a wild Pokémon (a row of `throws`).
public struct BallThrow: Codable, Sendable, Equatable, MydexRecord, PersistableRecord {
    public static let databaseTableName = "throws"
    public static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { ColumnNaming.encoding }

    public var encounterID: Int64
    /// 1 for the first throw at it.
    public var number: Int
    /// PokeAPI's item identifier, `great-ball`.
    public var ball: String
    /// The chance it had of a catch.
    public var chance: Double
    public var shakes: Int
    public var critical: Bool
    public var caught: Bool
    public var thrownAt: Date

    public init(encounterID: Int64, number: Int, ball: String, chance: Double, shakes: Int, critical: Bool, caught: Bool, thrownAt: Date) {
        self.encounterID = encounterID
        self.number = number
        self.ball = ball
        self.chance = chance
        self.shakes = shakes
        self.critical = critical
        self.caught = caught
        self.thrownAt = thrownAt
    }
}

/// Where and how an entry was caught, when it came from an encounter: what `show`, `history`
/// and exports tell beside the entry.
public struct CatchRecord: Sendable, Equatable {
    public var encounter: WildEncounter
    /// Every ball thrown at it, in order; the last caught it.
    public var throwsMade: [BallThrow]

    public var ball: String? { throwsMade.last?.ball }
    public var critical: Bool { throwsMade.last?.critical ?? false }
    /// The chance the catching throw had.
    public var chance: Double? { throwsMade.last?.chance }

    package init(encounter: WildEncounter, throwsMade: [BallThrow]) {
        self.encounter = encounter
        self.throwsMade = throwsMade
    }
}

/// What the collection's encounters add up to (`stats`).
public struct CatchingStats: Sendable, Equatable, Codable {
    public struct BallRow: Sendable, Equatable, Codable {
        public var ball: String
        public var thrown: Int
        public var caught: Int

        package init(ball: String, thrown: Int, caught: Int) {
            self.ball = ball
            self.thrown = thrown
            self.caught = caught
        }
    }

    public struct Luckiest: Sendable, Equatable, Codable {
        public var entryID: Int64
        public var speciesID: Int
        public var name: String
        public var ball: String
        public var chance: Double
        public var game: String

        package init(entryID: Int64, speciesID: Int, name: String, ball: String, chance: Double, game: String) {
            self.entryID = entryID
            self.speciesID = speciesID
            self.name = name
            self.ball = ball
            self.chance = chance
            self.game = game
        }
    }

    /// Pokémon caught from encounters, and the throws those catches took.
    public var catches: Int
    public var catchThrows: Int
    /// Encounters that fled or were run from.
    public var gotAway: Int
    public var balls: [BallRow]
    public var luckiest: Luckiest?

    package init(catches: Int, catchThrows: Int, gotAway: Int, balls: [BallRow], luckiest: Luckiest? = nil) {
        self.catches = catches
        self.catchThrows = catchThrows
        self.gotAway = gotAway
        self.balls = balls
        self.luckiest = luckiest
    }
}
