import Foundation
import MydexServices
import Testing

/// The rules of catching (issue 21 §2), against values worked by hand from each generation's
/// formula, and a seeded simulation of the draws against the chances `odds` shows.
@Suite("Catching rules")
struct CatchRulesTests {
    static func situation(
        generation: Int, group: String = "", rate: Int, level: Int = 20, maxHP: Int = 60, hp: Int? = nil,
        status: CatchStatus = .none
    ) -> CatchSituation {
        CatchSituation(
            generation: generation, versionGroup: group, captureRate: rate, level: level, maxHP: maxHP, hp: hp ?? maxHP, status: status)
    }

    static func percent(_ value: Double) -> String { String(format: "%.2f%%", value * 100) }

    @Test("Generation 3: capture rate 45 at full HP in a Poké Ball is a = 15, b = 32767, 6.2% a throw")
    func generationThreeKnownAnswer() {
        let odds = CatchRules.odds(.poke, Self.situation(generation: 3, group: "emerald", rate: 45))
        #expect(odds.modifiedRate == 15)
        // (32767 / 65536)^4, four checks.
        #expect(abs(odds.catchChance - 0.062492370954704) < 1e-12)
        #expect(String(format: "%.1f%%", odds.catchChance * 100) == "6.2%")
        #expect(odds.criticalChance == 0)
    }

    @Test("Generation 5: Kyurem (capture rate 3) at full HP in a Poké Ball is 1.57% a throw, 25.03% on a critical capture")
    func generationFiveKnownAnswer() {
        let situation = Self.situation(generation: 5, group: "black-2-white-2", rate: 3, level: 75, maxHP: 300)
        let odds = CatchRules.odds(.poke, situation)
        #expect(odds.modifiedRate == 1)
        // b = ⌈65536 / 255^¼⌉ = 16401; three checks.
        #expect(abs(odds.catchChance - 0.015673687873633) < 1e-12)
        #expect(Self.percent(odds.catchChance) == "1.57%")
        // A critical capture makes one check: 16401 / 65536.
        #expect(odds.criticalCatchChance == 16401.0 / 65536)
        #expect(Self.percent(odds.criticalCatchChance ?? 0) == "25.03%")
        // With the species of the collection too few for critical captures, none happen.
        #expect(odds.criticalChance == 0)
    }

    @Test("Generation 4, an Ultra Ball at 1 HP of 100 on a sleeping capture rate 3: a = 10, b = 29958")
    func generationFourStatusAndHP() {
        let odds = CatchRules.odds(.ultra, Self.situation(generation: 4, group: "platinum", rate: 3, maxHP: 100, hp: 1, status: .sleep))
        // ⌊⌊3 × 20 / 10⌋ × 298 / 300⌋ = 5, × 2 asleep = 10; b = 1048560 / ⌊√⌊√1671168⌋⌋ = 1048560 / 35.
        #expect(odds.modifiedRate == 10)
        #expect(abs(odds.catchChance - pow(29958.0 / 65536, 4)) < 1e-12)
    }

    @Test("Generation 6: a Great Ball on capture rate 45 at full HP is X = 22.5, b = 41571, four checks")
    func generationSix() {
        let odds = CatchRules.odds(.great, Self.situation(generation: 6, group: "x-y", rate: 45))
        #expect(odds.modifiedRate == 22.5)
        #expect(abs(odds.catchChance - 0.16189825367981958) < 1e-12)
    }

    @Test("Sword and Shield make a Pokémon under level 21 easier: level 5 is × 2.5")
    func generationEightLevelTerm() {
        let low = CatchRules.odds(.poke, Self.situation(generation: 8, group: "sword-shield", rate: 45, level: 5))
        let high = CatchRules.odds(.poke, Self.situation(generation: 8, group: "sword-shield", rate: 45, level: 30))
        #expect(low.modifiedRate == 37.5)
        #expect(high.modifiedRate == 15)
    }

    @Test("Generation 2: a = 15 is caught on a byte of at most 15 (6.25%); its shakes are under 126")
    func generationTwo() {
        let odds = CatchRules.odds(.poke, Self.situation(generation: 2, group: "crystal", rate: 45))
        #expect(odds.catchChance == 16.0 / 256)
        let q = 126.0 / 256
        #expect(abs(odds.breakFree[3] - (1 - 16.0 / 256) * q * q * q) < 1e-12)
        // Paralysis adds nothing in Gold, Silver and Crystal (the games' bug); sleep adds 10.
        #expect(CatchRules.odds(.poke, Self.situation(generation: 2, rate: 45, status: .paralysis)).catchChance == 16.0 / 256)
        #expect(CatchRules.odds(.poke, Self.situation(generation: 2, rate: 45, status: .sleep)).catchChance == 26.0 / 256)
    }

    @Test("Generation 1: capture rate 45 at full HP (20) in a Poké Ball: 46 of 256 first numbers, then f = 85")
    func generationOne() {
        let odds = CatchRules.odds(.poke, Self.situation(generation: 1, group: "red-blue", rate: 45, maxHP: 20))
        #expect(abs(odds.catchChance - 46.0 * 86 / 256 / 256) < 1e-12)
    }

    @Test("The Master Ball always catches; a modified rate over 254 catches outright")
    func certain() {
        for generation in 1...9 {
            #expect(CatchRules.odds(.master, Self.situation(generation: generation, rate: 3)).catchChance == 1)
        }
        // Nest Ball at level 5, generation 3: ⌊255 × 35 / 10⌋ × 20 / 60 = 297.
        let nest = CatchRules.odds(.nest, Self.situation(generation: 3, group: "emerald", rate: 255, level: 5, maxHP: 20))
        #expect(nest.catchChance == 1)
    }

    @Test("Each ball's rule: Net on Water and Bug, Dusk in the dark, Quick first, Timer by throws, Heavy by weight, Repeat for a species caught")
    func ballRules() {
        var s = Self.situation(generation: 7, group: "sun-moon", rate: 45)
        func x(_ ball: Ball) -> Double { CatchRules.odds(ball, s).modifiedRate }
        #expect(x(.net) == 15)
        s.types = ["water"]
        #expect(x(.net) == 52.5)
        #expect(x(.dusk) == 15)
        s.isDark = true
        #expect(x(.dusk) == 45)
        #expect(x(.quick) == 75)
        s.throwsSoFar = 1
        #expect(x(.quick) == 15)
        #expect(abs(x(.timer) - 15 * (4096 + 1229) / 4096) < 0.001)
        s.throwsSoFar = 30
        #expect(x(.timer) == 60)
        #expect(x(.repeat) == 15)
        s.alreadyCaught = true
        #expect(x(.repeat) == 52.5)
        s.weight = 50
        // Rate 25 (45 − 20) over 3, to 1/4096 as the games keep it: 34133 / 4096.
        #expect(x(.heavy) == 34133.0 / 4096)
        s.weight = 4000
        #expect(x(.heavy) == 25)
        // Dive: surfing or fishing from generation 4, only underwater in generation 3.
        s.method = "surf"
        #expect(x(.dive) == 52.5)
        s.generation = 3
        #expect(CatchRules.odds(.dive, s).modifiedRate == 15)
        // HeartGold and SoulSilver's Apricorn balls multiply the species' rate, at most 255.
        var hgss = Self.situation(generation: 4, group: "heartgold-soulsilver", rate: 190)
        hgss.method = "old-rod"
        #expect(CatchRules.odds(.lure, hgss).modifiedRate == 85)
        #expect(!Ball.lure.exists(generation: 5, versionGroup: "black-white"))
        #expect(Ball.lure.exists(generation: 4, versionGroup: "heartgold-soulsilver"))
        #expect(!Ball.dusk.exists(generation: 3, versionGroup: "emerald"))
    }

    @Test("A critical capture's chance grows with the species caught: X × 2.5 / 6 over 600")
    func criticalCaptures() {
        var s = Self.situation(generation: 6, group: "x-y", rate: 255, maxHP: 60, hp: 60)
        s.captureRate = 100
        s.hp = 1
        // X = 179 × 100 × 4096 / 180 in 4096ths, 99.44: ⌊99.44 × 2.5 / 6⌋ = 41.
        s.speciesCaught = 601
        #expect(CatchRules.odds(.poke, s).criticalChance == 41.0 / 256)
        s.speciesCaught = 30
        #expect(CatchRules.odds(.poke, s).criticalChance == 0)
        // Not before generation 5.
        s.generation = 4
        s.speciesCaught = 700
        #expect(CatchRules.odds(.poke, s).criticalChance == 0)
    }

    @Test("Throws in a row: 1 − (1 − p)^n within n, 1/p on average; the Quick Ball's first throw counted once")
    func series() {
        let s = Self.situation(generation: 3, group: "emerald", rate: 45)
        let p = CatchRules.odds(.poke, s).catchChance
        let (within, expected) = CatchRules.series(.poke, s, throws: 10)
        #expect(abs(within - (1 - pow(1 - p, 10))) < 1e-12)
        #expect(abs((expected ?? 0) - 1 / p) < 1e-9)
        #expect(abs(CatchRules.series(.poke, s, throws: 100).within - (1 - pow(1 - p, 100))) < 1e-12)
        let quick = Self.situation(generation: 5, group: "black-white", rate: 45)
        let first = CatchRules.odds(.quick, quick).catchChance
        var later = quick
        later.throwsSoFar = 1
        let rest = CatchRules.odds(.quick, later).catchChance
        #expect(abs((CatchRules.series(.quick, quick, throws: 2).within) - (1 - (1 - first) * (1 - rest))) < 1e-12)
        #expect(abs((CatchRules.series(.quick, quick, throws: 1).expected ?? 0) - (1 + (1 - first) / rest)) < 1e-9)
    }

    @Test("20,000 seeded throws land within 3 standard deviations of each computed chance, shakes included",
          arguments: [
              (1, "red-blue", Ball.great, 45, CatchStatus.none), (2, "crystal", .ultra, 45, .sleep), (3, "emerald", .poke, 45, .none),
              (4, "platinum", .great, 3, .paralysis), (5, "black-white", .poke, 120, .burn), (6, "x-y", .ultra, 45, .sleep),
              (8, "sword-shield", .poke, 3, .none),
          ])
    func simulation(generation: Int, group: String, ball: Ball, rate: Int, status: CatchStatus) {
        var s = Self.situation(generation: generation, group: group, rate: rate, maxHP: 60, hp: 20, status: status)
        s.speciesCaught = 500
        let odds = CatchRules.odds(ball, s)
        var generator = SeededGenerator(seed: UInt64(generation) * 7919)
        let count = 20_000
        var caught = 0
        var shakes = [0, 0, 0, 0]
        for _ in 0..<count {
            let outcome = CatchRules.draw(odds, using: &generator)
            if outcome.caught { caught += 1 } else { shakes[outcome.shakes] += 1 }
        }
        func within(_ observed: Int, _ p: Double) -> Bool {
            abs(Double(observed) - Double(count) * p) <= 3 * (Double(count) * p * (1 - p)).squareRoot() + 1e-9
        }
        #expect(within(caught, odds.catchChance), "caught \(caught) of \(count), expected \(odds.catchChance)")
        for k in 0...3 {
            #expect(within(shakes[k], odds.breakFree[k]), "broke free after \(k): \(shakes[k]), expected \(odds.breakFree[k])")
        }
    }

    @Test("Shiny odds: 1/8192 before generation 6, 1/4096 from it, the Shiny Charm three rolls from generation 5")
    func shiny() {
        #expect(CatchRules.shinyRolls(generation: 4, shinyCharm: true) == (1, 8192))
        #expect(CatchRules.shinyRolls(generation: 5, shinyCharm: true) == (3, 8192))
        #expect(CatchRules.shinyRolls(generation: 6, shinyCharm: false) == (1, 4096))
        #expect(CatchRules.shinyRolls(generation: 9, shinyCharm: true) == (3, 4096))
    }

    @Test("Balls are named as typed: great, great-ball, Great Ball, Poké Ball")
    func ballNames() {
        #expect(Ball.named("great") == .great)
        #expect(Ball.named("great-ball") == .great)
        #expect(Ball.named("Great Ball") == .great)
        #expect(Ball.named("Poké Ball") == .poke)
        #expect(Ball.named("greet") == nil)
    }
}
