@testable import MydexModel
import Testing

/// The games' formulas on known answers (pret's decompilations; PKHeX's and Showdown's test
/// vectors; worked by hand where noted).
@Suite("Individual rules")
struct IndividualRulesTests {
    @Test("Generation 2: Pidgeot, level 100, every DV 15, stat experience 63504 (63001 in Speed)")
    func pidgeot() {
        let base = StatValues(hp: 83, attack: 80, defense: 75, specialAttack: 70, specialDefense: 70, speed: 91)
        var experience = StatValues(all: 63504)
        experience.speed = 63001
        let stats = StatFormula.classic(base: base, dvs: StatValues(all: 15), statExperience: experience, level: 100)
        #expect(stats == StatValues(hp: 369, attack: 258, defense: 248, specialAttack: 238, specialDefense: 238, speed: 279))
    }

    @Test("Generation 2: Gyarados, level 38, DVs Atk 14 Def 10 Spe 10 Spc 10 (HP DV 0), HP stat experience 5120")
    func gyarados() {
        let base = StatValues(hp: 95, attack: 125, defense: 79, specialAttack: 60, specialDefense: 100, speed: 81)
        let dvs = StatValues(hp: 15, attack: 14, defense: 10, specialAttack: 10, specialDefense: 10, speed: 10)
        #expect(StatFormula.hpDV(dvs) == 0, "the HP DV is made from the others, whatever is given")
        var experience = StatValues(all: 0)
        experience.hp = 5120
        #expect(StatFormula.classic(base: base, dvs: dvs, statExperience: experience, level: 38).hp == 127)
    }

    @Test("The stat experience bonus is the rounded-up root over four, the root at most 255")
    func experienceBonus() {
        #expect(StatFormula.experienceBonus(0) == 0)
        #expect(StatFormula.experienceBonus(1) == 0)
        #expect(StatFormula.experienceBonus(5041) == 17 && StatFormula.experienceBonus(5042) == 18)
        #expect(StatFormula.experienceBonus(65535) == 63)
    }

    @Test("Generation 3+: a level-50 Garchomp, Jolly, 31 IVs, 252 Atk / 4 Def / 252 Spe (by hand)")
    func garchomp() {
        let base = StatValues(hp: 108, attack: 130, defense: 95, specialAttack: 80, specialDefense: 85, speed: 102)
        let evs = StatValues(hp: 0, attack: 252, defense: 4, specialAttack: 0, specialDefense: 0, speed: 252)
        let stats = StatFormula.modern(
            base: base, ivs: StatValues(all: 31), evs: evs, level: 50,
            nature: NatureEffect(raised: .speed, lowered: .specialAttack))
        // HP ⌊(216+31)·50/100⌋+60 = 183; Atk ⌊(260+31+63)/2⌋+5 = 182; Def ⌊(190+31+1)/2⌋+5 = 116;
        // SpA (⌊191/2⌋+5)·90/100 = 90; SpD ⌊201/2⌋+5 = 105; Spe (⌊(204+31+63)/2⌋+5)·110/100 = 169.
        #expect(stats == StatValues(hp: 183, attack: 182, defense: 116, specialAttack: 90, specialDefense: 105, speed: 169))
    }

    @Test("Shedinja has 1 HP at every level; a neutral nature changes nothing")
    func shedinja() {
        let base = StatValues(hp: 1, attack: 90, defense: 45, specialAttack: 30, specialDefense: 30, speed: 40)
        let stats = StatFormula.modern(base: base, ivs: StatValues(all: 31), evs: StatValues(all: 0), level: 100, nature: .neutral, isShedinja: true)
        #expect(stats.hp == 1 && stats.attack == 216)
        #expect(NatureEffect(raised: .attack, lowered: .attack) == .neutral)
    }

    @Test("Hidden Power: IVs 30/31/31/30/31/31 (HP/Atk/Def/SpA/SpD/Spe) are Grass 70; 60 from generation 6; generation 2 from DVs")
    func hiddenPower() {
        let ivs = StatValues(hp: 30, attack: 31, defense: 31, specialAttack: 30, specialDefense: 31, speed: 31)
        #expect(HiddenPower.modern(ivs: ivs, generation: 3) == ("grass", 70))
        #expect(HiddenPower.modern(ivs: ivs, generation: 6) == ("grass", 60))
        #expect(HiddenPower.modern(ivs: StatValues(all: 31), generation: 4) == ("dark", 70))
        #expect(HiddenPower.modern(ivs: StatValues(all: 0), generation: 4) == ("fighting", 30))
        #expect(HiddenPower.classic(dvs: StatValues(all: 15)).type == "dark")
        #expect(HiddenPower.classic(dvs: StatValues(hp: 15, attack: 15, defense: 10, specialAttack: 15, specialDefense: 15, speed: 15)).type == "dragon")
        // All DVs 15: top bits 15, Special & 3 = 3 → ⌊(75+3)/2⌋+31 = 70; all 0 → 31.
        #expect(HiddenPower.classic(dvs: StatValues(all: 15)).power == 70 && HiddenPower.classic(dvs: StatValues(all: 0)).power == 31)
    }
}
