import MydexModel
import MydexStore
import MydexText

/// `dex stats`: a Pokémon's six stats from its level, nature, IVs and EVs by a generation's
/// formula (`StatFormula`, the same the collection's individuals use), and the reverse: from
/// the stats it shows, the IVs each stat can have.
public struct StatCalculator: Sendable {
    let pokedex: Pokedex

    init(store: CollectionStore) { pokedex = Pokedex(store: store) }

    /// What the user gave: IVs and EVs in the games' order; nil IVs are 31 (generations 1–2: DV
    /// 15), nil EVs 0. `stats`, for the reverse, instead of IVs.
    public struct Question: Sendable {
        public var level: Int
        public var nature: String?
        public var ivs: StatValues?
        public var evs: StatValues?
        public var stats: StatValues?
        /// The characteristic's stat and IV mod 5, which narrows the reverse.
        public var characteristic: (stat: StatKind, geneMod5: Int)?
        public var generation: Int?

        public init(
            level: Int, nature: String? = nil, ivs: StatValues? = nil, evs: StatValues? = nil, stats: StatValues? = nil,
            characteristic: (stat: StatKind, geneMod5: Int)? = nil, generation: Int? = nil
        ) {
            self.level = level
            self.nature = nature
            self.ivs = ivs
            self.evs = evs
            self.stats = stats
            self.characteristic = characteristic
            self.generation = generation
        }
    }

    public struct Answer: Sendable {
        public var generation: Int
        public var base: StatValues
        public var nature: NatureInfo?
        public var ivs: StatValues?
        public var evs: StatValues
        /// The stats (forward), or the stats given (reverse).
        public var stats: StatValues
        /// The reverse: each stat's possible IVs (empty: none gives that stat).
        public var ivRanges: [StatKind: [Int]]?
    }

    /// A value out of the games' bounds, said in the user's language: a usage error.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public func answer(_ question: Question, pokemon: FoundPokemon) async throws -> Answer {
        var generation = question.generation ?? 0
        if question.generation == nil { generation = try await pokedex.latestGeneration() }
        let classic = generation <= 2
        let species = pokemon.species
        if let born = species.generation, born > generation {
            throw Problem(description: tr("dex.stats.error.too-new", [
                "species": Self.shownName(species, language: pokedex.language), "generation": String(born), "asked": String(generation),
            ]))
        }
        guard (1...100).contains(question.level) else { throw Problem(description: tr("dex.stats.error.level")) }
        let highestIV = classic ? 15 : 31
        let ivs = try Self.checkedIVs(question.ivs, generation: generation, hpGiven: true)
        let evs = question.evs ?? StatValues(all: 0)
        try Self.checkEVs(evs, generation: generation)
        if classic, question.nature != nil { throw Problem(description: tr("dex.stats.error.no-nature")) }
        guard let basis = try await pokedex.statBasis(formID: pokemon.form.id, generation: generation), let base = basis.base else {
            throw NoAnswer(tr("dex.stats.error.no-stats", ["species": Self.shownName(species, language: pokedex.language)]))
        }
        let natures = try await pokedex.natures()
        let nature = question.nature.flatMap { identifier in natures.first { $0.identifier == identifier } }
        let effect = nature?.effect ?? .neutral
        func stats(_ ivs: StatValues) -> StatValues {
            classic
                ? StatFormula.classic(base: base, dvs: ivs, statExperience: evs, level: question.level)
                : StatFormula.modern(base: base, ivs: ivs, evs: evs, level: question.level, nature: effect, isShedinja: basis.isShedinja)
        }
        if let shown = question.stats {
            var ranges: [StatKind: [Int]] = [:]
            for stat in StatKind.allCases {
                ranges[stat] = (0...highestIV).filter { value in
                    var trial = StatValues(all: value)
                    if classic { trial.hp = value }
                    return stats(trial)[stat] == shown[stat]
                }
            }
            if let (stat, mod) = question.characteristic, !classic { ranges = Self.narrow(ranges, highest: stat, mod5: mod) }
            return Answer(generation: generation, base: base, nature: nature, ivs: nil, evs: evs, stats: shown, ivRanges: ranges)
        }
        let given = ivs ?? StatValues(all: highestIV)
        return Answer(generation: generation, base: base, nature: nature, ivs: given, evs: evs, stats: stats(given), ivRanges: nil)
    }

    /// A species' name in the reading language, else English, else PokeAPI's.
    static func shownName(_ species: Species, language: String) -> String {
        DataLanguage.fallbacks(language).lazy.compactMap { species.names[$0] }.first ?? species.names["en"] ?? species.name
    }

    /// IVs within the generation's bounds; in generations 1–2 DVs whose Special is given twice
    /// and whose HP DV (with `hpGiven`) is the one the others make, returned with it.
    static func checkedIVs(_ ivs: StatValues?, generation: Int, hpGiven: Bool) throws -> StatValues? {
        guard var ivs else { return nil }
        let classic = generation <= 2
        guard StatKind.allCases.allSatisfy({ (0...(classic ? 15 : 31)).contains(ivs[$0]) }) else {
            throw Problem(description: classic ? tr("dex.stats.error.dv") : tr("dex.stats.error.iv"))
        }
        guard classic else { return ivs }
        guard ivs.specialAttack == ivs.specialDefense else { throw Problem(description: tr("dex.stats.error.special-dv")) }
        let hp = StatFormula.hpDV(ivs)
        if hpGiven, ivs.hp != hp {
            throw Problem(description: tr("dex.stats.error.hp-dv", [
                "given": String(ivs.hp), "hp": String(hp), "attack": String(ivs.attack), "defense": String(ivs.defense),
                "speed": String(ivs.speed), "special": String(ivs.specialAttack),
            ]))
        }
        ivs.hp = hp
        return ivs
    }

    /// EVs within the generation's bounds: stat experience 0–65,535 in generations 1–2; later
    /// 255 each (252 from generation 6) and 510 in all.
    static func checkEVs(_ evs: StatValues, generation: Int) throws {
        if generation <= 2 {
            guard StatKind.allCases.allSatisfy({ (0...65_535).contains(evs[$0]) }) else {
                throw Problem(description: tr("dex.stats.error.stat-experience"))
            }
            return
        }
        let highestEV = highestEV(generation: generation)
        guard StatKind.allCases.allSatisfy({ (0...highestEV).contains(evs[$0]) }) else {
            throw Problem(description: tr("dex.stats.error.ev", ["highest": String(highestEV)]))
        }
        let total = StatKind.allCases.reduce(0) { $0 + evs[$1] }
        guard total <= 510 else { throw Problem(description: tr("dex.stats.error.ev-total", ["total": String(total)])) }
    }

    /// The most EVs one stat takes from generation 3: 255, and 252 from generation 6.
    static func highestEV(generation: Int) -> Int { generation >= 6 ? 252 : 255 }

    /// A characteristic says which IV is highest and its value mod 5: that stat's IVs keep those
    /// of that remainder no other stat's lowest exceeds, and the others those not above its highest.
    static func narrow(_ ranges: [StatKind: [Int]], highest stat: StatKind, mod5: Int) -> [StatKind: [Int]] {
        var narrowed = ranges
        let othersLowest = StatKind.allCases.filter { $0 != stat }.compactMap { ranges[$0]?.min() }.max() ?? 0
        narrowed[stat] = (ranges[stat] ?? []).filter { $0 % 5 == mod5 && $0 >= othersLowest }
        let top = narrowed[stat]?.max() ?? 31
        for other in StatKind.allCases where other != stat { narrowed[other] = (ranges[other] ?? []).filter { $0 <= top } }
        return narrowed
    }

    /// The characteristic whose text (in any language PokeAPI has) is `text`.
    public func characteristic(named text: String) async throws -> (stat: StatKind, geneMod5: Int)? {
        try await pokedex.characteristic(matching: text)
    }
}
