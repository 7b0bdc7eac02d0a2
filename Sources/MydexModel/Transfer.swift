import Foundation
import MydexText

/// An entry read from an exported file and checked (`ImportService`): what `importEntries` adds.
public struct ImportedEntry: Sendable, Equatable {
    /// The line of the file its record starts on, for messages.
    public var line: Int
    /// Its stable identity, lower-case: an entry whose uuid the collection holds is not added again.
    public var uuid: String
    public var speciesID: Int
    /// PokeAPI's id of its form; nil for the species' own (files written before forms).
    public var formID: Int?
    public var nickname: String?
    public var isFavorite: Bool
    public var isShiny: Bool
    public var caughtAt: Date
    public var releasedAt: Date?
    /// Where and how it was caught, when from an encounter (mydex's JSON only).
    public var encounter: TransferredEncounter?
    /// Its individual and origin, when the file has them (files written before have not).
    public var individual: Individual?
    public var origin: EntryOrigin?
    /// What a game's file kept of it, when it was read from one.
    public var saved: SavedRecord?

    public init(
        line: Int, uuid: String, speciesID: Int, formID: Int? = nil, nickname: String?, isFavorite: Bool, isShiny: Bool,
        caughtAt: Date, releasedAt: Date?, encounter: TransferredEncounter? = nil, individual: Individual? = nil,
        origin: EntryOrigin? = nil, saved: SavedRecord? = nil
    ) {
        self.saved = saved
        self.individual = individual
        self.origin = origin
        self.encounter = encounter
        self.line = line
        self.uuid = uuid
        self.speciesID = speciesID
        self.formID = formID
        self.nickname = nickname
        self.isFavorite = isFavorite
        self.isShiny = isShiny
        self.caughtAt = caughtAt
        self.releasedAt = releasedAt
    }
}

/// What importing did (or, in a dry run, would do) with one entry of the file: the outcomes
/// come in the order of the entries given, and say only what happened (the entry is the
/// caller's already: 100,000 copies of it held a fifth of a large import's memory).
public struct ImportOutcome: Sendable, Equatable {
    public enum Action: String, Sendable {
        case imported
        /// An entry with the same uuid is in the collection, as the file has it.
        case alreadyHere = "already-here"
        /// A dry run's new entry.
        case wouldImport = "would-import"
        /// An entry here whose nickname, favorite mark or release the file changes (a sheet
        /// edited and imported back): changed, each change in the history.
        case updated
        case wouldUpdate = "would-update"
    }

    /// What a file may change of an entry that is here: what the commands change.
    public enum Change: String, Sendable, CaseIterable {
        case nickname, favorite, released
    }

    /// What the file says otherwise of an entry that is here, which an import does not change
    /// (what it is and when it was caught): listed, the entry kept as it is.
    public enum Difference: String, Sendable, CaseIterable {
        case species, form, shiny, caught
    }

    public var action: Action
    /// The entry's local id: the new one, or the one already here; nil for `wouldImport`.
    public var id: Int64?
    public var changes: [Change]
    public var differences: [Difference]

    package init(action: Action, id: Int64? = nil, changes: [Change] = [], differences: [Difference] = []) {
        self.action = action
        self.id = id
        self.changes = changes
        self.differences = differences
    }
}

/// A species of the Pokédex as import checks and names one.
public struct PokedexName: Sendable, Equatable {
    /// PokeAPI's name, e.g. `mr-mime`.
    public var slug: String
    /// The name in the store's language (else English, else PokeAPI's name).
    public var name: String

    package init(slug: String, name: String) {
        self.slug = slug
        self.name = name
    }
}

/// Times in exported files: ISO 8601 in UTC to the millisecond, `2026-11-22T04:05:06.123Z`
/// (mydex keeps times to the millisecond, so they come back exactly).
public enum TransferTime {
    public static func text(_ date: Date) -> String {
        // Rounded, not cut: a time read back from the database may lie a hair below its millisecond.
        StoredDate.text(date, separator: "T", rounding: .toNearestOrAwayFromZero) + "Z"
    }

    /// `YYYY-MM-DDTHH:MM:SS`, with or without a fraction (kept to the millisecond), then `Z` or an
    /// offset (`+09:00`, `+0900`); a space may stand for the `T`. Nil for anything else.
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? { StoredDate.number(bytes, range) }
        guard bytes.count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 32,
              bytes[13] == 58, bytes[16] == 58,
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), day >= 1, day <= GregorianDays.daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        var index = 19
        var milliseconds = 0
        if bytes[index] == 46 {
            let digits = bytes[(index + 1)...].prefix { $0 >= 48 && $0 <= 57 }
            guard !digits.isEmpty else { return nil }
            for (position, digit) in digits.prefix(3).enumerated() { milliseconds += Int(digit - 48) * [100, 10, 1][position] }
            index += 1 + digits.count
        }
        guard index < bytes.count else { return nil }
        var offsetMinutes = 0
        switch bytes[index] {
        case 90 where index + 1 == bytes.count:  // Z
            break
        case 43, 45:  // + or -
            let rest = bytes.count - index - 1
            guard rest == 5 || rest == 4, let hours = number(index + 1..<index + 3),
                  let minutes = rest == 5 ? (bytes[index + 3] == 58 ? number(index + 4..<index + 6) : nil) : number(index + 3..<index + 5),
                  hours < 24, minutes < 60 else { return nil }
            offsetMinutes = (hours * 60 + minutes) * (bytes[index] == 45 ? -1 : 1)
        default:
            return nil
        }
        let days = GregorianDays.days(year: year, month: month, day: day)
        let seconds = ((hour * 60 + minute - offsetMinutes) * 60 + second)
        return Date(timeIntervalSince1970: Double(Int64(days) * 86_400_000 + Int64(seconds) * 1000 + Int64(milliseconds)) / 1000)
    }
}

/// Where and how an entry was caught, as exported files carry it (mydex's JSON: the entry's
/// `encounter`): PokeAPI's identifiers, times as `TransferTime` writes them. The same object
/// reads back, so a catch keeps its game, place, way and every throw through export and import.
public struct TransferredEncounter: Codable, Sendable, Equatable {
    public struct Throw: Codable, Sendable, Equatable {
        public var number: Int
        public var ball: String
        public var chance: Double
        public var shakes: Int
        public var critical: Bool
        public var caught: Bool
        public var thrownAt: String
    }

    public var game: String
    public var generation: Int
    public var location: String
    public var areaId: Int
    public var method: String
    public var level: Int
    public var hitPoints: Int
    public var metAt: String
    public var throwsMade: [Throw]

    enum CodingKeys: String, CodingKey {
        case game, generation, location, areaId, method, level, hitPoints, metAt, throwsMade = "throws"
    }

    public init(_ record: CatchRecord) {
        let encounter = record.encounter
        game = encounter.game
        generation = encounter.generation
        location = encounter.location
        areaId = encounter.areaID
        method = encounter.method
        level = encounter.level
        hitPoints = encounter.hitPoints
        metAt = TransferTime.text(encounter.metAt)
        throwsMade = Self.transferred(record.throwsMade)
    }

    /// Throws as files (and every JSON document) carry them, their times to the millisecond.
    public static func transferred(_ made: [BallThrow]) -> [Throw] {
        made.map {
            Throw(number: $0.number, ball: $0.ball, chance: $0.chance, shakes: $0.shakes, critical: $0.critical, caught: $0.caught,
                  thrownAt: TransferTime.text($0.thrownAt))
        }
    }

    /// What is wrong with it, in words for an import's problem list; nil when it holds.
    public var problem: String? {
        guard !game.isEmpty, !location.isEmpty, !method.isEmpty, generation > 0, (1...100).contains(level), hitPoints > 0 else {
            return "game, location, method, generation, level (1–100) and hitPoints must be set"
        }
        guard TransferTime.date(metAt) != nil else { return "metAt is not a time" }
        guard let last = throwsMade.last, last.caught, throwsMade.dropLast().allSatisfy({ !$0.caught }) else {
            return "the last throw, and only it, must have caught"
        }
        for (index, made) in throwsMade.enumerated() {
            guard made.number == index + 1, (0...3).contains(made.shakes), (0...1).contains(made.chance),
                  TransferTime.date(made.thrownAt) != nil, !made.ball.isEmpty else {
                return "throw \(index + 1) is not a throw mydex makes"
            }
        }
        return nil
    }
}

/// An entry's individual and origin as exported files carry them: in mydex's JSON the entry's
/// own fields (`level`, `gender`, `nature`, …, `origin`: the names `EntryJSON` writes), in CSV
/// one cell of that JSON. Reads back what export wrote, so an individual comes through whole.
public struct TransferredIndividual: Codable, Sendable, Equatable {
    public var generation: Int
    public var level: Int
    public var gender: Gender
    public var nature: String?
    public var ability: String?
    public var hiddenAbility: Bool?
    public var personality: UInt32?
    public var ivs: [String: Int]
    public var evs: [String: Int]
    public var moves: [String]?
    public var heldItem: String?
    public var origin: Origin?
    /// What a game's file kept of an entry read from one (`saved` in mydex's JSON).
    public var saved: SavedRecord?

    public struct Origin: Codable, Sendable, Equatable {
        public var kind: String
        public var game: String?
        public var ball: String?
        public var trainer: String?
        public var trainerID: UInt32?
        public var drawn: [String]?
    }

    public init(_ individual: Individual, origin: EntryOrigin?, saved: SavedRecord? = nil) {
        self.saved = saved
        generation = individual.generation
        level = individual.level
        gender = individual.gender
        nature = individual.nature
        ability = individual.ability
        hiddenAbility = individual.ability == nil ? nil : individual.hiddenAbility
        personality = individual.personality
        ivs = Self.keyed(individual.ivs)
        evs = Self.keyed(individual.evs)
        moves = individual.moves
        heldItem = individual.heldItem
        self.origin = origin.map {
            Origin(kind: $0.kind.rawValue, game: $0.game, ball: $0.ball, trainer: $0.trainer, trainerID: $0.trainerID,
                   drawn: $0.kind == .hand ? $0.drawn : nil)
        }
    }

    static func keyed(_ values: StatValues) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: StatKind.allCases.map { ($0.rawValue, values[$0]) })
    }

    /// The individual, or why the file's cannot be one (a value out of the games' bounds).
    public func individual() -> Result<Individual, TransferProblem> {
        guard (1...9).contains(generation) else { return .failure(.init("generation \(generation)")) }
        guard (1...100).contains(level) else { return .failure(.init("level \(level)")) }
        let highestIV = generation <= 2 ? 15 : 31
        var values = (ivs: StatValues(all: 0), evs: StatValues(all: 0))
        for stat in StatKind.allCases {
            guard let iv = ivs[stat.rawValue], (0...highestIV).contains(iv) else { return .failure(.init("ivs.\(stat.rawValue)")) }
            guard let ev = evs[stat.rawValue], (0...65_535).contains(ev) else { return .failure(.init("evs.\(stat.rawValue)")) }
            values.ivs[stat] = iv
            values.evs[stat] = ev
        }
        guard (moves ?? []).count <= 4 else { return .failure(.init("moves")) }
        return .success(Individual(
            generation: generation, level: level, gender: gender, nature: nature, ability: ability,
            hiddenAbility: hiddenAbility ?? false, personality: personality, ivs: values.ivs, evs: values.evs,
            moves: moves ?? [], heldItem: heldItem))
    }

    /// What a game's file kept, or why the file's cannot be (a value the collection refuses).
    public func savedRecord() -> Result<SavedRecord?, TransferProblem> {
        guard let saved else { return .success(nil) }
        guard saved.sha256.count == 64, saved.sha256.allSatisfy(\.isHexDigit) else { return .failure(.init("saved.sha256")) }
        guard (0...16_777_215).contains(saved.details.experience) else { return .failure(.init("saved.experience")) }
        for (name, value, range) in [("friendship", saved.details.friendship, 0...255), ("pokerus", saved.details.pokerus, 0...255),
                                     ("metLevel", saved.details.metLevel, 0...100), ("box", saved.box, 1...Int.max), ("slot", saved.slot, 1...Int.max)] {
            if let value, !range.contains(value) { return .failure(.init("saved." + name)) }
        }
        return .success(saved)
    }

    /// Its origin, nil when the file has none or one of a kind this mydex does not know.
    public var entryOrigin: EntryOrigin? {
        origin.flatMap { origin in
            EntryOrigin.Kind(rawValue: origin.kind).map {
                EntryOrigin(kind: $0, game: origin.game, ball: origin.ball, trainer: origin.trainer, trainerID: origin.trainerID,
                            drawn: origin.drawn ?? [])
            }
        }
    }
}

/// What is wrong with a file's individual: the field, as the file names it.
public struct TransferProblem: Error, Sendable, Equatable {
    public var field: String
    public init(_ field: String) { self.field = field }
}
