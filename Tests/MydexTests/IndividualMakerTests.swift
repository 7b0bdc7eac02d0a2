import Foundation
import MydexModel
import MydexServices
import Testing

/// The individuals `IndividualMaker` draws: each generation's derivations, and 10,000 seeded
/// ones against their odds.
@Suite("Making individuals")
struct IndividualMakerTests {
    static let natures = [
        "hardy", "lonely", "brave", "adamant", "naughty", "bold", "docile", "relaxed", "impish", "lax", "timid", "hasty",
        "serious", "jolly", "naive", "modest", "mild", "quiet", "bashful", "rash", "calm", "gentle", "sassy", "careful",
        "quirky",
    ]

    static func facts(generation: Int, genderRate: Int = 4, levels: [ClosedRange<Int>] = [3...5]) -> IndividualFacts {
        IndividualFacts(
            speciesID: 25, pokemonID: 25, generation: generation, genderRate: genderRate,
            base: StatValues(hp: 35, attack: 55, defense: 40, specialAttack: 50, specialDefense: 50, speed: 90),
            abilities: [1: .init(name: "static", hidden: false), 3: .init(name: "lightning-rod", hidden: true)],
            levelUpMoves: [(1, "thunder-shock"), (1, "growl"), (6, "tail-whip"), (8, "thunder-wave"), (11, "quick-attack"),
                           (15, "double-team")],
            versionGroup: "firered-leafgreen", heldItems: [("light-ball", 5)], heldItemGame: "firered",
            encounterLevels: levels, encounterGroup: "firered-leafgreen", ruleLevel: 5, isShedinja: false,
            natures: natures)
    }

    @Test("Generations 3–4: nature, gender and ability follow from the personality value; shiny against the trainer")
    func generationThree() {
        var facts = Self.facts(generation: 3)
        facts.abilities[2] = .init(name: "plus", hidden: false)
        for seed in UInt64(1)...200 {
            var generator = SeededGenerator(seed: seed)
            let made = IndividualMaker.make(facts, isShiny: seed % 7 == 0, trainerID: 0x1234_ABCD, using: &generator)
            let pid = try! #require(made.personality)
            #expect(made.nature == Self.natures[Int(pid % 25)])
            #expect(made.gender == ((pid & 0xFF) < 127 ? .female : .male))
            #expect(made.ability == (pid & 1 == 1 ? "plus" : "static"))
            #expect(!made.hiddenAbility, "a wild one never has its hidden ability")
            #expect(ShinyRule.modern(personality: pid, trainerID: 0x1234_ABCD, generation: 3) == (seed % 7 == 0))
            #expect((3...5).contains(made.level))
            #expect(made.evs == StatValues(all: 0))
        }
    }

    @Test("Generation 2: DVs 0–15, the HP DV from the others, shiny DVs exactly when shiny, gender from Attack and Speed")
    func generationTwo() {
        let facts = Self.facts(generation: 2, genderRate: 1)
        for seed in UInt64(1)...300 {
            var generator = SeededGenerator(seed: seed)
            let shiny = seed % 5 == 0
            let made = IndividualMaker.make(facts, isShiny: shiny, trainerID: 0, using: &generator)
            #expect(made.nature == nil && made.ability == nil && made.personality == nil)
            #expect(made.ivs.hp == StatFormula.hpDV(made.ivs) && made.ivs.specialAttack == made.ivs.specialDefense)
            #expect(ShinyRule.classic(dvs: made.ivs) == shiny)
            // 12.5 % female: the byte Attack·16 + Speed at most 31.
            #expect(made.gender == (made.ivs.attack * 16 + made.ivs.speed <= 31 ? .female : .male))
            #expect(StatKind.allCases.allSatisfy { (0...15).contains(made.ivs[$0]) })
        }
    }

    @Test("A wild one knows the last four level-up moves at its level, in the game's order, none twice")
    func wildMoves() {
        let learnset: [(level: Int, move: String)] = [
            (0, "evolved"), (1, "a"), (1, "b"), (5, "c"), (9, "a"), (12, "d"), (15, "e"), (30, "f"),
        ]
        #expect(IndividualMaker.wildMoves(learnset, level: 1) == ["a", "b"])
        #expect(IndividualMaker.wildMoves(learnset, level: 12) == ["a", "b", "c", "d"])
        #expect(IndividualMaker.wildMoves(learnset, level: 29) == ["b", "c", "d", "e"])
    }

    @Test("What is given is kept; generation 2 recomputes the HP DV and gender from given DVs")
    func given() {
        var generator = SeededGenerator(seed: 9)
        let ivs = StatValues(hp: 31, attack: 31, defense: 0, specialAttack: 31, specialDefense: 31, speed: 31)
        let made = IndividualMaker.make(
            Self.facts(generation: 9), isShiny: false, trainerID: 1,
            given: .init(level: 50, nature: "jolly", ivs: ivs, moves: ["thunderbolt"], heldItem: .some(nil)), using: &generator)
        #expect(made.level == 50 && made.nature == "jolly" && made.ivs == ivs && made.moves == ["thunderbolt"] && made.heldItem == nil)
        var old = SeededGenerator(seed: 9)
        let dvs = StatValues(hp: 0, attack: 1, defense: 3, specialAttack: 5, specialDefense: 0, speed: 7)
        let classic = IndividualMaker.make(Self.facts(generation: 2), isShiny: false, trainerID: 0, given: .init(ivs: dvs), using: &old)
        #expect(classic.ivs == StatValues(hp: 15, attack: 1, defense: 3, specialAttack: 5, specialDefense: 5, speed: 7))
        #expect(classic.gender == .female, "Attack 1, Speed 7: 23 ≤ 127")
    }

    /// `observed` against `n` trials of probability `p`, within 4 standard deviations.
    static func withinFourSigma(_ observed: Int, n: Int, p: Double) -> Bool {
        let mean = Double(n) * p
        return abs(Double(observed) - mean) <= 4 * (mean * (1 - p)).squareRoot()
    }

    @Test("10,000 seeded catches: every IV value, every nature, each gender-ratio class within 4σ of its odds; no gender on a genderless one",
          arguments: [3, 4, 5, 9])
    func distribution(generation: Int) {
        let n = 10_000
        for rate in [-1, 0, 1, 2, 4, 6, 8] {
            var generator = SeededGenerator(seed: UInt64(generation * 100 + rate + 1))
            var ivCounts = Array(repeating: 0, count: 32), natureCounts: [String: Int] = [:], females = 0, genderless = 0
            let facts = Self.facts(generation: generation, genderRate: rate)
            for _ in 0..<n {
                var drawing = IndividualMaker.generator(beside: generator)
                _ = generator.next()
                let made = IndividualMaker.make(facts, isShiny: false, trainerID: 0xBEEF_CAFE, using: &drawing)
                ivCounts[made.ivs.attack] += 1
                natureCounts[made.nature ?? "", default: 0] += 1
                if made.gender == .female { females += 1 }
                if made.gender == .genderless { genderless += 1 }
            }
            #expect(ivCounts.allSatisfy { Self.withinFourSigma($0, n: n, p: 1.0 / 32) }, "\(ivCounts)")
            #expect(Self.natures.allSatisfy { Self.withinFourSigma(natureCounts[$0] ?? 0, n: n, p: 1.0 / 25) }, "\(natureCounts)")
            switch rate {
            case -1: #expect(genderless == n && females == 0)
            case 0: #expect(females == 0 && genderless == 0)
            case 8: #expect(females == n)
            default:
                // The games' byte: female below 31, 63, 127 or 191 of 256.
                #expect(Self.withinFourSigma(females, n: n, p: Double(rate * 32 - 1) / 256), "\(rate): \(females)")
                #expect(genderless == 0)
            }
        }
    }

    @Test("Generations 1–2: 10,000 DVs each as likely, and genders by the Attack and Speed DVs' byte", arguments: [1, 2])
    func classicDistribution(generation: Int) {
        let n = 10_000
        var generator = SeededGenerator(seed: 77)
        var counts = Array(repeating: 0, count: 16), females = 0
        for _ in 0..<n {
            let made = IndividualMaker.make(Self.facts(generation: generation, genderRate: 2), isShiny: false, trainerID: 0, using: &generator)
            counts[made.ivs.defense] += 1
            if made.gender == .female { females += 1 }
        }
        #expect(counts.allSatisfy { Self.withinFourSigma($0, n: n, p: 1.0 / 16) }, "\(counts)")
        #expect(Self.withinFourSigma(females, n: n, p: 64.0 / 256), "\(females)")
    }
}
