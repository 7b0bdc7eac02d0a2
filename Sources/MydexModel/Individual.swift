/// A Pokémon's gender as the games show it.
public enum Gender: String, CaseIterable, Codable, Sendable {
    case male, female, genderless

    /// ♂, ♀, or nothing.
    public var symbol: String {
        switch self {
        case .male: "♂"
        case .female: "♀"
        case .genderless: ""
        }
    }
}

/// One Pokémon as the games make it: what sets it apart from every other of its species. Made
/// by the rules of one generation (`generation`): in generations 1–2, `ivs` are the DVs (0–15,
/// the Special DV in both special stats, the HP DV made from the others), `evs` the stat
/// experience (0–65,535), and there is no nature, ability or personality value.
public struct Individual: Sendable, Equatable, Hashable {
    /// The generation whose rules made it (its game's).
    public var generation: Int
    public var level: Int
    public var gender: Gender
    /// PokeAPI's identifier (`adamant`); nil in generations 1–2.
    public var nature: String?
    /// PokeAPI's identifier (`static`); nil in generations 1–2.
    public var ability: String?
    public var hiddenAbility: Bool
    /// The personality value (generation 3 and later): what nature, gender, ability and
    /// shininess follow from where its generation derives them, and where a characteristic's
    /// tie starts.
    public var personality: UInt32?
    public var ivs: StatValues
    public var evs: StatValues
    /// PokeAPI's identifiers, at most four, in the order it learned them.
    public var moves: [String]
    /// PokeAPI's identifier of the item it holds.
    public var heldItem: String?

    public init(
        generation: Int, level: Int, gender: Gender, nature: String?, ability: String?, hiddenAbility: Bool,
        personality: UInt32?, ivs: StatValues, evs: StatValues, moves: [String], heldItem: String?
    ) {
        self.generation = generation
        self.level = level
        self.gender = gender
        self.nature = nature
        self.ability = ability
        self.hiddenAbility = hiddenAbility
        self.personality = personality
        self.ivs = ivs
        self.evs = evs
        self.moves = moves
        self.heldItem = heldItem
    }

    /// Whether its IVs are DVs (generations 1–2).
    public var hasDVs: Bool { generation <= 2 }

    /// The highest an IV (or DV) can be in its generation.
    public var maximumIV: Int { hasDVs ? 15 : 31 }

    /// The six IVs' total as a share of the highest, in percent (78.49): what Pokétwo shows.
    public var ivPercent: Double {
        Double(StatKind.allCases.reduce(0) { $0 + ivs[$1] }) * 100 / Double(6 * maximumIV)
    }

    /// Its Hidden Power, as its generation computes it (generation 1, which had none, as
    /// generation 2 computes it from the same DVs).
    public var hiddenPower: (type: String, power: Int) {
        hasDVs ? HiddenPower.classic(dvs: ivs) : HiddenPower.modern(ivs: ivs, generation: generation)
    }

    /// The stat its characteristic is about and its IV mod 5 (which of the five texts): the highest
    /// IV, ties broken from `personality mod 6` on in the order HP, Attack, Defense, Speed,
    /// Sp. Atk, Sp. Def. Nil without a personality value (generations 1–2 have none).
    public var characteristic: (stat: StatKind, geneMod5: Int)? {
        guard let personality else { return nil }
        let order: [StatKind] = [.hp, .attack, .defense, .speed, .specialAttack, .specialDefense]
        let start = Int(personality % 6)
        var best = order[start]
        for step in 1..<6 {
            let stat = order[(start + step) % 6]
            if ivs[stat] > ivs[best] { best = stat }
        }
        return (best, ivs[best] % 5)
    }

    /// Its stats from its species' base stats in its generation (`base`; generation 1: the
    /// Special in both special stats) and its nature's effect.
    public func stats(base: StatValues, nature effect: NatureEffect, isShedinja: Bool) -> StatValues {
        hasDVs
            ? StatFormula.classic(base: base, dvs: ivs, statExperience: evs, level: level)
            : StatFormula.modern(base: base, ivs: ivs, evs: evs, level: level, nature: effect, isShedinja: isShedinja)
    }
}

extension Individual {
    /// PokeAPI's characteristic id: the stat's id (HP 1 … Speed 6) and 6 for each step of IV mod 5.
    public var characteristicID: Int? {
        characteristic.map { value in
            let statID = [StatKind.hp, .attack, .defense, .specialAttack, .specialDefense, .speed].firstIndex(of: value.stat) ?? 0
            return statID + 1 + 6 * value.geneMod5
        }
    }

    /// `ivPercent` to two decimals, as documents give it.
    public var ivPercentRounded: Double { (ivPercent * 100).rounded() / 100 }
}

/// Where an entry came from, beyond the species: how it was made, in which game, by whom.
public struct EntryOrigin: Sendable, Equatable, Hashable {
    public enum Kind: String, CaseIterable, Codable, Sendable {
        /// `mydex catch`.
        case `catch`
        /// `mydex encounter` and `throw`.
        case encounter
        /// `mydex add`: a Pokémon the user has in a game.
        case hand
        /// `mydex import` of a game's save or a Pokémon file: read from the game's own data.
        case save
        /// `mydex import` of a Pokémon Showdown set: what the set says, no game.
        case set
    }

    public var kind: Kind
    /// PokeAPI's version identifier (`firered`) of the game it was met or is kept in.
    public var game: String?
    /// PokeAPI's item identifier of the ball it was caught in, where the user said.
    public var ball: String?
    /// The original trainer's name, where the user gave one.
    public var trainer: String?
    /// The original trainer's ID (the secret ID in the upper 16 bits): what shininess in
    /// generation 3 and later is worked out against.
    public var trainerID: UInt32?
    /// The values `add` drew because they were not given (`ivs`, `nature`, …, as JSON names them).
    public var drawn: [String]

    public init(
        kind: Kind, game: String? = nil, ball: String? = nil, trainer: String? = nil, trainerID: UInt32? = nil,
        drawn: [String] = []
    ) {
        self.kind = kind
        self.game = game
        self.ball = ball
        self.trainer = trainer
        self.trainerID = trainerID
        self.drawn = drawn
    }
}

/// Gender ratios as PokeAPI gives them (the chance of being female in eighths; -1 genderless)
/// turned into each generation's test.
public enum GenderRule {
    /// The games' byte for a ratio: 12.5 % female → 31, 25 % → 63, 50 % → 127, 75 % → 191
    /// (pokefirered `PERCENT_FEMALE`, pokecrystal's `GENDER_F*`); 0 male only, 254 female only,
    /// 255 genderless.
    public static func ratioByte(eighthsFemale rate: Int) -> Int {
        switch rate {
        case ..<0: 255
        case 0: 0
        case 8...: 254
        default: rate * 32 - 1
        }
    }

    /// Generation 3 and later: female when the ratio is above the personality value's low byte
    /// (generation 6 on, a byte drawn on its own).
    public static func modern(eighthsFemale rate: Int, byte: Int) -> Gender {
        let ratio = ratioByte(eighthsFemale: rate)
        return gender(ratio: ratio, femaleIfMixed: ratio > byte)
    }

    /// Generations 1–2 (pokecrystal `GetGender`): the Attack DV and the Speed DV make a byte,
    /// female when it is at most the ratio.
    public static func classic(eighthsFemale rate: Int, dvs: StatValues) -> Gender {
        let ratio = ratioByte(eighthsFemale: rate)
        return gender(ratio: ratio, femaleIfMixed: (dvs.attack << 4 | dvs.speed) <= ratio)
    }

    /// A ratio byte's fixed gender (genderless, male only, female only), else as the test says.
    static func gender(ratio: Int, femaleIfMixed: Bool) -> Gender {
        switch ratio {
        case 255: .genderless
        case 0: .male
        case 254: .female
        default: femaleIfMixed ? .female : .male
        }
    }
}

/// Shininess as the games derive it.
public enum ShinyRule {
    /// Generation 2 (pokecrystal `CheckShininess`): Defense, Speed and Special DVs 10 and an
    /// Attack DV of 2, 3, 6, 7, 10, 11, 14 or 15.
    public static func classic(dvs: StatValues) -> Bool {
        dvs.defense == 10 && dvs.speed == 10 && dvs.specialAttack == 10 && [2, 3, 6, 7, 10, 11, 14, 15].contains(dvs.attack)
    }

    /// Generation 3 and later: the trainer's ID and secret ID and the personality value's
    /// halves, XORed, under 8 (under 16 from generation 6).
    public static func modern(personality: UInt32, trainerID: UInt32, generation: Int) -> Bool {
        shinyValue(personality: personality, trainerID: trainerID) < (generation >= 6 ? 16 : 8)
    }

    static func shinyValue(personality: UInt32, trainerID: UInt32) -> UInt32 {
        (trainerID >> 16) ^ (trainerID & 0xFFFF) ^ (personality >> 16) ^ (personality & 0xFFFF)
    }
}

/// What the Pokédex says that making an individual of one Pokémon needs, by the rules of one
/// generation and from one game's data: read by the store, used by the services' `IndividualMaker`.
public struct IndividualFacts: Sendable, Equatable {
    public var speciesID: Int
    public var pokemonID: Int
    /// The generation whose rules apply.
    public var generation: Int
    /// The chance of being female in eighths; -1 genderless.
    public var genderRate: Int
    /// Its base stats in `generation` (generation 1: the Special in both special stats).
    public var base: StatValues
    /// Its abilities in `generation`, by slot (1, 2; 3 the hidden one).
    public var abilities: [Int: Species.Ability]
    /// Its level-up moves in the version group `versionGroup`, in the game's order.
    public var levelUpMoves: [(level: Int, move: String)]
    /// The version group the moves are from (nil: it has no level-up learnset there).
    public var versionGroup: String?
    /// What it may hold when met in the wild in `heldItemGame`, in percent.
    public var heldItems: [(item: String, rarity: Int)]
    public var heldItemGame: String?
    /// The levels it is met at in the wild in `encounterGroup`, one range per way of meeting it.
    public var encounterLevels: [ClosedRange<Int>]
    public var encounterGroup: String?
    /// The level mydex gives one never met in the wild (`Pokedex.ruleLevel`; where encounters
    /// give levels, the lowest of them).
    public var ruleLevel: Int
    /// Shedinja's HP is 1 at every level.
    public var isShedinja: Bool
    /// The 25 natures' identifiers by their index in the games.
    public var natures: [String]

    public init(
        speciesID: Int, pokemonID: Int, generation: Int, genderRate: Int, base: StatValues,
        abilities: [Int: Species.Ability], levelUpMoves: [(level: Int, move: String)], versionGroup: String?,
        heldItems: [(item: String, rarity: Int)], heldItemGame: String?, encounterLevels: [ClosedRange<Int>],
        encounterGroup: String?, ruleLevel: Int, isShedinja: Bool, natures: [String]
    ) {
        self.speciesID = speciesID
        self.pokemonID = pokemonID
        self.generation = generation
        self.genderRate = genderRate
        self.base = base
        self.abilities = abilities
        self.levelUpMoves = levelUpMoves
        self.versionGroup = versionGroup
        self.heldItems = heldItems
        self.heldItemGame = heldItemGame
        self.encounterLevels = encounterLevels
        self.encounterGroup = encounterGroup
        self.ruleLevel = ruleLevel
        self.isShedinja = isShedinja
        self.natures = natures
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.speciesID == rhs.speciesID && lhs.pokemonID == rhs.pokemonID && lhs.generation == rhs.generation
            && lhs.genderRate == rhs.genderRate && lhs.base == rhs.base && lhs.abilities == rhs.abilities
            && lhs.levelUpMoves.elementsEqual(rhs.levelUpMoves, by: { $0.level == $1.level && $0.move == $1.move })
            && lhs.versionGroup == rhs.versionGroup
            && lhs.heldItems.elementsEqual(rhs.heldItems, by: { $0.item == $1.item && $0.rarity == $1.rarity })
            && lhs.heldItemGame == rhs.heldItemGame && lhs.encounterLevels == rhs.encounterLevels
            && lhs.encounterGroup == rhs.encounterGroup && lhs.ruleLevel == rhs.ruleLevel
            && lhs.isShedinja == rhs.isShedinja && lhs.natures == rhs.natures
    }
}

/// A nature as the Pokédex has it: its identifier, its name in the reading language, and the
/// stats it raises and lowers.
public struct NatureInfo: Sendable, Equatable, Codable {
    public var identifier: String
    public var name: String
    public var effect: NatureEffect
    /// Its index in the games: a generation 3–4 personality value mod 25.
    public var gameIndex: Int

    public init(identifier: String, name: String, effect: NatureEffect, gameIndex: Int) {
        self.identifier = identifier
        self.name = name
        self.effect = effect
        self.gameIndex = gameIndex
    }
}

/// A form's base stats in one generation, as stats are computed from them.
public struct StatBasis: Sendable, Equatable {
    /// Nil when the Pokédex has no stats for it.
    public var base: StatValues?
    public var isShedinja: Bool

    public init(base: StatValues?, isShedinja: Bool) {
        self.base = base
        self.isShedinja = isShedinja
    }

    /// A key of a form and a generation (generations are under 16).
    public static func key(formID: Int, generation: Int) -> Int { formID << 4 | generation }
}

/// An individual's words in the reading language, for its page (`show`, `browse`, HTML):
/// each name by PokeAPI's identifier, the identifier where the Pokédex has none.
public struct IndividualWords: Sendable, Equatable {
    public var nature: NatureInfo?
    public var ability: String?
    /// What the games say of its highest IV ("Likes to thrash about").
    public var characteristic: String?
    public var moves: [String]
    public var heldItem: String?
    /// The stats' names by stat (HP, Attack, … as the games of the language write them).
    public var statNames: [StatKind: String]
    public var game: String?
    public var ball: String?
    /// Where a save says it was met, in the reading language (an entry read from a save).
    public var metPlace: String?

    public init(
        nature: NatureInfo?, ability: String?, characteristic: String?, moves: [String], heldItem: String?,
        statNames: [StatKind: String], game: String?, ball: String?
    ) {
        self.nature = nature
        self.ability = ability
        self.characteristic = characteristic
        self.moves = moves
        self.heldItem = heldItem
        self.statNames = statNames
        self.game = game
        self.ball = ball
    }
}

/// Every word an individual's page needs, in the reading language, read once for a listing
/// (the HTML export): each term by PokeAPI's identifier.
public struct IndividualWordBook: Sendable {
    public var natures: [String: NatureInfo]
    public var abilities: [String: String]
    public var items: [String: String]
    public var moves: [String: String]
    /// Characteristic texts by PokeAPI's id.
    public var characteristics: [Int: String]
    public var statNames: [StatKind: String]
    /// Games' names by PokeAPI's version identifier.
    public var games: [String: String] = [:]
    /// The names of the places the collection's entries from games' files were met in.
    public var places: [String: String] = [:]

    public init(
        natures: [String: NatureInfo], abilities: [String: String], items: [String: String], moves: [String: String],
        characteristics: [Int: String], statNames: [StatKind: String]
    ) {
        self.natures = natures
        self.abilities = abilities
        self.items = items
        self.moves = moves
        self.characteristics = characteristics
        self.statNames = statNames
    }

    /// The words of one individual, as `Pokedex.individualWords` would read them.
    public func words(_ individual: Individual?, origin: EntryOrigin?) -> IndividualWords {
        IndividualWords(
            nature: individual?.nature.flatMap { natures[$0] }, ability: individual?.ability.map { abilities[$0] ?? $0 },
            characteristic: individual?.characteristicID.flatMap { characteristics[$0] },
            moves: (individual?.moves ?? []).map { moves[$0] ?? $0 }, heldItem: individual?.heldItem.map { items[$0] ?? $0 },
            statNames: statNames, game: origin?.game.map { games[$0] ?? $0 }, ball: origin?.ball.map { items[$0] ?? $0 })
    }

    /// The words of an entry's page, where a save says it was met included.
    public func words(of entry: CollectionEntry) -> IndividualWords {
        var result = words(entry.individual, origin: entry.origin)
        result.metPlace = entry.saved?.details.metLocation.flatMap { places[$0] }
        return result
    }
}
