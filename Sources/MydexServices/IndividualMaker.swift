import MydexModel

/// Makes an individual Pokémon as the games make a wild one, by the rules of its generation: the
/// one implementation that `catch`, `encounter`, `add` and imports use (a value given is kept,
/// the rest drawn). Pure: the Pokédex's facts (`IndividualFacts`) and a generator in, an
/// `Individual` out, so a seed makes the same Pokémon on every machine.
///
/// - Generations 1–2 (pret/pokered, pret/pokecrystal): four DVs of 0–15, the HP DV made from
///   them; shininess and gender follow from them as generation 2 works them out (a shiny one has
///   the shiny DVs; generation 1, which had neither, gets what its DVs give in generation 2).
///   No nature, ability or personality value; stat experience 0.
/// - Generations 3–5 (pret/pokefirered `CreateBoxMon`): a 32-bit personality value, shiny
///   against the trainer's ID exactly when the catch is; generations 3–4 take the nature from it
///   (mod 25), the gender from its low byte and the ability from bit 0; generation 5 draws the
///   nature apart and takes the ability from bit 16. Generation 6 on draws nature, gender and
///   ability apart, the shiny test against 16 instead of 8. IVs 0–31 each, EVs 0.
/// - A wild Pokémon never has its hidden ability (mydex models no Hidden Grotto, horde or raid).
/// - Level: one of the levels it is met at in the game's data (a way of meeting it, then a level
///   in its range), else the rule level (`Pokedex.ruleLevel`). Moves: the last four level-up
///   moves it knows at its level, learned in the game's order (a move it knows is not learned
///   twice; level-0 moves, learned on evolving, are not a wild one's). Held item: the game's
///   wild chances, in percent.
public enum IndividualMaker {
    /// What is fixed before the draw: nil draws it.
    public struct Given: Sendable, Equatable {
        public var level: Int?
        public var gender: Gender?
        public var nature: String?
        /// An ability's identifier, and whether it is the species' hidden one.
        public var ability: (name: String, hidden: Bool)?
        public var ivs: StatValues?
        public var evs: StatValues?
        public var moves: [String]?
        /// `.some(nil)`: it holds nothing.
        public var heldItem: String??

        public init(
            level: Int? = nil, gender: Gender? = nil, nature: String? = nil, ability: (name: String, hidden: Bool)? = nil,
            ivs: StatValues? = nil, evs: StatValues? = nil, moves: [String]? = nil, heldItem: String?? = nil
        ) {
            self.level = level
            self.gender = gender
            self.nature = nature
            self.ability = ability
            self.ivs = ivs
            self.evs = evs
            self.moves = moves
            self.heldItem = heldItem
        }

        public static func == (lhs: Given, rhs: Given) -> Bool {
            lhs.level == rhs.level && lhs.gender == rhs.gender && lhs.nature == rhs.nature
                && lhs.ability?.name == rhs.ability?.name && lhs.ability?.hidden == rhs.ability?.hidden
                && lhs.ivs == rhs.ivs && lhs.evs == rhs.evs && lhs.moves == rhs.moves && lhs.heldItem == rhs.heldItem
        }

        /// The names (as JSON names them) of what is not given: what a draw makes.
        public var drawnFields: [String] {
            var drawn: [String] = []
            if level == nil { drawn.append("level") }
            if gender == nil { drawn.append("gender") }
            if nature == nil { drawn.append("nature") }
            if ability == nil { drawn.append("ability") }
            if ivs == nil { drawn.append("ivs") }
            if moves == nil { drawn.append("moves") }
            if heldItem == nil { drawn.append("heldItem") }
            return drawn
        }
    }

    /// An individual of `facts`' Pokémon, shiny or not as `isShiny` says (the catch decides, by
    /// issue 21's odds), with what `given` fixes. The draws come in a fixed order, whatever is
    /// given, so that a seed makes the same Pokémon.
    public static func make(
        _ facts: IndividualFacts, isShiny: Bool, trainerID: UInt32, given: Given = Given(),
        using generator: inout SeededGenerator
    ) -> Individual {
        let generation = facts.generation
        let level = drawLevel(facts, using: &generator)
        var individual: Individual
        if generation <= 2 {
            let dvs = drawDVs(shiny: isShiny, using: &generator)
            individual = Individual(
                generation: generation, level: level, gender: GenderRule.classic(eighthsFemale: facts.genderRate, dvs: dvs),
                nature: nil, ability: nil, hiddenAbility: false, personality: nil, ivs: dvs, evs: StatValues(all: 0),
                moves: [], heldItem: nil)
        } else {
            let personality = drawPersonality(shiny: isShiny, trainerID: trainerID, generation: generation, using: &generator)
            var ivs = StatValues(all: 0)
            for stat in StatKind.allCases { ivs[stat] = generator.nextInt(below: 32) }
            let natureIndex = generation <= 4 ? Int(personality % 25) : generator.nextInt(below: 25)
            let genderByte = generation <= 5 ? Int(personality & 0xFF) : generator.nextInt(below: 256)
            let abilityBit = switch generation {
            case ...4: Int(personality & 1)
            case 5: Int(personality >> 16 & 1)
            default: generator.nextInt(below: 2)
            }
            // Slot 2 where the species has a second ability, else slot 1.
            let ability = (abilityBit == 1 ? facts.abilities[2] : nil) ?? facts.abilities[1]
            individual = Individual(
                generation: generation, level: level,
                gender: GenderRule.modern(eighthsFemale: facts.genderRate, byte: genderByte),
                nature: facts.natures.indices.contains(natureIndex) ? facts.natures[natureIndex] : nil,
                ability: ability?.name, hiddenAbility: false, personality: personality, ivs: ivs, evs: StatValues(all: 0),
                moves: [], heldItem: nil)
        }
        let roll = generator.nextInt(below: 100)
        if generation >= 2 {
            var total = 0
            for held in facts.heldItems {
                total += held.rarity
                if roll < total {
                    individual.heldItem = held.item
                    break
                }
            }
        }
        // What is given replaces what was drawn.
        if let value = given.level { individual.level = value }
        if let value = given.ivs { individual.ivs = value }
        if generation <= 2 {
            // The HP DV and the gender follow from the DVs, given or drawn.
            individual.ivs.specialDefense = individual.ivs.specialAttack
            individual.ivs.hp = StatFormula.hpDV(individual.ivs)
            individual.gender = GenderRule.classic(eighthsFemale: facts.genderRate, dvs: individual.ivs)
        }
        if let value = given.evs { individual.evs = value }
        if let value = given.nature, generation >= 3 { individual.nature = value }
        if let value = given.ability, generation >= 3 { (individual.ability, individual.hiddenAbility) = (value.name, value.hidden) }
        if let value = given.gender { individual.gender = value }
        if let value = given.heldItem { individual.heldItem = value }
        individual.moves = given.moves ?? wildMoves(facts.levelUpMoves, level: individual.level)
        return individual
    }

    /// The generator an individual is drawn with, from where `generator` is, without advancing
    /// it: a `catch --count` picks the same species whether or not its individuals are drawn.
    public static func generator(beside generator: SeededGenerator) -> SeededGenerator {
        SeededGenerator(seed: generator.state ^ 0x6D79_6465_7831_3331)
    }

    /// A level it is met at in the game, else its rule level.
    static func drawLevel(_ facts: IndividualFacts, using generator: inout SeededGenerator) -> Int {
        guard !facts.encounterLevels.isEmpty else { return facts.ruleLevel }
        let range = facts.encounterLevels[generator.nextInt(below: facts.encounterLevels.count)]
        return range.lowerBound + generator.nextInt(below: range.count)
    }

    /// Generations 1–2: Attack, Defense, Speed and Special DVs (the Special in both special
    /// stats, the HP DV from the others), shiny or not as asked: each shiny set as likely, each
    /// other set as likely.
    static func drawDVs(shiny: Bool, using generator: inout SeededGenerator) -> StatValues {
        var dvs: StatValues
        if shiny {
            let attacks = [2, 3, 6, 7, 10, 11, 14, 15]
            dvs = StatValues(hp: 0, attack: attacks[generator.nextInt(below: 8)], defense: 10, specialAttack: 10, specialDefense: 10, speed: 10)
        } else {
            repeat {
                let bits = generator.nextInt(below: 1 << 16)
                dvs = StatValues(
                    hp: 0, attack: bits >> 12 & 15, defense: bits >> 8 & 15, specialAttack: bits & 15, specialDefense: bits & 15,
                    speed: bits >> 4 & 15)
            } while ShinyRule.classic(dvs: dvs)
        }
        dvs.hp = StatFormula.hpDV(dvs)
        return dvs
    }

    /// A personality value shiny against `trainerID` exactly when asked: a shiny one by its low
    /// half and how far its high half is from the trainer's (each shiny value as likely), any
    /// other by drawing again until it is not shiny.
    static func drawPersonality(shiny: Bool, trainerID: UInt32, generation: Int, using generator: inout SeededGenerator) -> UInt32 {
        let threshold = generation >= 6 ? 16 : 8
        if shiny {
            let low = UInt32(generator.nextInt(below: 1 << 16))
            let offset = UInt32(generator.nextInt(below: threshold))
            let high = (trainerID >> 16) ^ (trainerID & 0xFFFF) ^ low ^ offset
            return high << 16 | low
        }
        var value: UInt32
        repeat {
            value = UInt32(truncatingIfNeeded: generator.next())
        } while ShinyRule.modern(personality: value, trainerID: trainerID, generation: generation)
        return value
    }

    /// The moves a wild one knows at `level`: its level-up moves up to it in the game's order,
    /// each new one pushing out the oldest past four, one it knows not learned again.
    public static func wildMoves(_ learnset: [(level: Int, move: String)], level: Int) -> [String] {
        var known: [String] = []
        for item in learnset where item.level >= 1 && item.level <= level && !known.contains(item.move) {
            if known.count == 4 { known.removeFirst() }
            known.append(item.move)
        }
        return known
    }
}
