/// The games' rules for an individual Pokémon's stats and Hidden Power, as integer formulas:
/// generations 1–2 from pret/pokered `home/move_mon.asm` (`CalcStat`) and pret/pokecrystal
/// (`engine/battle/hidden_power.asm`), generations 3 and later from pret/pokefirered
/// `src/pokemon.c` (`CALC_STAT`) and `src/battle_script_commands.c` (`Cmd_hiddenpowercalc`).
public enum StatKind: String, CaseIterable, Codable, Sendable {
    case hp, attack, defense, specialAttack = "special-attack", specialDefense = "special-defense", speed
}

/// Six values, one per stat, in the games' order (HP, Attack, Defense, Sp. Atk, Sp. Def, Speed).
public struct StatValues: Equatable, Hashable, Sendable, Codable {
    public var hp, attack, defense, specialAttack, specialDefense, speed: Int

    public init(hp: Int, attack: Int, defense: Int, specialAttack: Int, specialDefense: Int, speed: Int) {
        (self.hp, self.attack, self.defense, self.specialAttack, self.specialDefense, self.speed) =
            (hp, attack, defense, specialAttack, specialDefense, speed)
    }

    /// The same value for every stat.
    public init(all value: Int) { self.init(hp: value, attack: value, defense: value, specialAttack: value, specialDefense: value, speed: value) }

    public subscript(stat: StatKind) -> Int {
        get {
            switch stat {
            case .hp: hp
            case .attack: attack
            case .defense: defense
            case .specialAttack: specialAttack
            case .specialDefense: specialDefense
            case .speed: speed
            }
        }
        set {
            switch stat {
            case .hp: hp = newValue
            case .attack: attack = newValue
            case .defense: defense = newValue
            case .specialAttack: specialAttack = newValue
            case .specialDefense: specialDefense = newValue
            case .speed: speed = newValue
            }
        }
    }
}

/// A nature's effect: the stat it raises by a tenth and the one it lowers (none for the five neutral ones).
public struct NatureEffect: Equatable, Hashable, Sendable, Codable {
    public var raised: StatKind?
    public var lowered: StatKind?
    public init(raised: StatKind?, lowered: StatKind?) {
        (self.raised, self.lowered) = raised == lowered ? (nil, nil) : (raised, lowered)
    }
    public static let neutral = NatureEffect(raised: nil, lowered: nil)
}

public enum StatFormula {
    /// Generations 3 and later: `⌊(2B + IV + ⌊EV/4⌋)·L/100⌋ + 5`, then ×110/100 or ×90/100 by the
    /// nature (integer division, as the games round it); HP `… + L + 10`, and 1 for Shedinja.
    public static func modern(
        base: StatValues, ivs: StatValues, evs: StatValues, level: Int, nature: NatureEffect, isShedinja: Bool = false
    ) -> StatValues {
        var stats = StatValues(all: 0)
        for stat in StatKind.allCases {
            let core = (2 * base[stat] + ivs[stat] + evs[stat] / 4) * level / 100
            if stat == .hp {
                stats.hp = isShedinja ? 1 : core + level + 10
                continue
            }
            var value = core + 5
            if nature.raised == stat { value = value * 110 / 100 }
            if nature.lowered == stat { value = value * 90 / 100 }
            stats[stat] = value
        }
        return stats
    }

    /// Generations 1–2: `⌊((B + DV)·2 + ⌊⌈√E⌉/4⌋)·L/100⌋ + 5` with E the stat experience (the root
    /// at most 255), HP `… + L + 10`. DVs go in `dvs` with the Special DV in both special stats;
    /// the HP DV is made from the others (`hpDV`) whatever `dvs.hp` says.
    public static func classic(base: StatValues, dvs: StatValues, statExperience: StatValues, level: Int) -> StatValues {
        var dvs = dvs
        dvs.hp = hpDV(dvs)
        var stats = StatValues(all: 0)
        for stat in StatKind.allCases {
            let core = ((base[stat] + dvs[stat]) * 2 + experienceBonus(statExperience[stat])) * level / 100
            stats[stat] = stat == .hp ? core + level + 10 : core + 5
        }
        return stats
    }

    /// The HP DV: the lowest bits of the Attack, Defense, Speed and Special DVs (8, 4, 2, 1).
    public static func hpDV(_ dvs: StatValues) -> Int {
        (dvs.attack & 1) << 3 | (dvs.defense & 1) << 2 | (dvs.speed & 1) << 1 | (dvs.specialAttack & 1)
    }

    /// `⌊⌈√E⌉/4⌋`: what stat experience adds to a stat.
    static func experienceBonus(_ experience: Int) -> Int {
        experienceRoot(experience) / 4
    }

    /// `⌈√E⌉`: the smallest root whose square reaches E, at most 255 (pokered's loop); what
    /// Showdown takes for the EVs of stat experience.
    public static func experienceRoot(_ experience: Int) -> Int {
        var root = 0
        while root < 255, root * root < experience { root += 1 }
        return root
    }
}

/// Hidden Power's type and power as each generation computes them.
public enum HiddenPower {
    /// The types it can be, in the games' order (the index the formulas give).
    public static let types = [
        "fighting", "flying", "poison", "ground", "rock", "bug", "ghost", "steel",
        "fire", "water", "grass", "electric", "psychic", "ice", "dragon", "dark",
    ]

    /// Generations 3 and later: the type from the IVs' lowest bits (HP, Attack, Defense, Speed,
    /// Sp. Atk, Sp. Def), the power from the next bits (30–70), 60 from generation 6.
    public static func modern(ivs: StatValues, generation: Int) -> (type: String, power: Int) {
        let order: [StatKind] = [.hp, .attack, .defense, .speed, .specialAttack, .specialDefense]
        var typeBits = 0, powerBits = 0
        for (index, stat) in order.enumerated() {
            typeBits |= (ivs[stat] & 1) << index
            powerBits |= ((ivs[stat] >> 1) & 1) << index
        }
        return (types[15 * typeBits / 63], generation >= 6 ? 60 : 40 * powerBits / 63 + 30)
    }

    /// Generation 2: the type from the Attack and Defense DVs' two lowest bits, the power
    /// (31–70) from the top bits of Special, Speed, Defense and Attack and the Special's two lowest.
    public static func classic(dvs: StatValues) -> (type: String, power: Int) {
        let type = types[4 * (dvs.attack & 3) + (dvs.defense & 3)]
        let top = (dvs.specialAttack >> 3) | (dvs.speed >> 3) << 1 | (dvs.defense >> 3) << 2 | (dvs.attack >> 3) << 3
        return (type, (5 * top + (dvs.specialAttack & 3)) / 2 + 31)
    }
}
