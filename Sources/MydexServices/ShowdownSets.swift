import MydexModel
import MydexSets
import MydexStore
import MydexText

/// Pokémon Showdown's sets, the community's common text for an individual Pokémon: entries
/// written as sets (in Showdown's English names, whatever the reading language, so that what
/// mydex writes imports anywhere) and sets read into entries, checked against the Pokédex and
/// the games' bounds first, all or nothing.
public struct ShowdownService: Sendable {
    let store: CollectionStore
    let clock: any MydexClock
    let pokedex: Pokedex

    init(store: CollectionStore, clock: any MydexClock) {
        self.store = store
        self.clock = clock
        pokedex = Pokedex(store: store)
    }

    /// Showdown's three ways to write a team.
    public enum SetFormat: String, CaseIterable, Sendable {
        /// Its export text (a paste), as its server writes it.
        case showdown
        /// Its packed team: one line, sets joined by `]`.
        case showdownPacked = "showdown-packed"
        /// Its JSON team: an array of `PokemonSet` objects, on one line.
        case showdownJSON = "showdown-json"

        init(_ format: ShowdownFormat) {
            switch format {
            case .text: self = .showdown
            case .packed: self = .showdownPacked
            case .json: self = .showdownJSON
            }
        }
    }

    /// Entries written as a team.
    public struct SetDocument: Sendable {
        /// The whole file, each line ending in "\n".
        public var text: String
        /// How many sets it holds (entries without an individual have none).
        public var count: Int

        /// Its lines without their ends, for standard output (which adds them).
        public var lines: [String] { Array(text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)) }
    }

    // MARK: Export

    /// The entries as a team in `format`.
    ///
    /// A set says nothing of its generation, which its bounds and a generation 1–2 Pokémon's DVs
    /// depend on: in the text, entries of an earlier generation than the latest go under a team
    /// backup's header naming it (`=== [gen3] mydex ===`, a header at each change), which
    /// Showdown's teambuilder and `import` read back. The packed and JSON teams have no place for
    /// it: read back, their sets are of the latest generation.
    public func document(of entries: [CollectionEntry], format: SetFormat) async throws -> SetDocument {
        let names = try await pokedex.showdownNames()
        let made = entries.compactMap { entry in Self.set(of: entry, names).map { (set: $0, generation: entry.individual?.generation) } }
        let sets = made.map(\.set)
        let text: String
        switch format {
        case .showdown:
            let latest = try await pokedex.latestGeneration()
            guard made.contains(where: { $0.generation != latest }) else {
                text = ShowdownText.export(sets)
                break
            }
            var runs: [(generation: Int, sets: [ShowdownSet])] = []
            for item in made {
                let generation = item.generation ?? latest
                if runs.last?.generation == generation { runs[runs.count - 1].sets.append(item.set) } else { runs.append((generation, [item.set])) }
            }
            text = runs.map { "=== [gen\($0.generation)] mydex ===\n\n" + ShowdownText.export($0.sets) }.joined()
        case .showdownPacked: text = ShowdownPacked.pack(sets) + "\n"
        case .showdownJSON: text = String(decoding: try ShowdownSet.encodeTeam(sets), as: UTF8.self) + "\n"
        }
        return SetDocument(text: text, count: sets.count)
    }

    /// An entry as its set. Generations 1–2: DVs written as Showdown's IVs (2·DV+1, so 15 is 31
    /// and left out) and stat experience as EVs (its square root, up: what Showdown's formula
    /// takes a quarter of), the Special in both special stats.
    static func set(of entry: CollectionEntry, _ names: ShowdownNames) -> ShowdownSet? {
        guard let individual = entry.individual else { return nil }
        let species = names.formNames[entry.formID] ?? Self.titled(entry.speciesName)
        var set = ShowdownSet(name: entry.nickname ?? "", species: species)
        set.item = individual.heldItem.map { names.name("item", $0) ?? Self.titled($0) } ?? ""
        set.ability = individual.ability.map { names.name("ability", $0) ?? Self.titled($0) } ?? ""
        set.moves = individual.moves.map { move in
            // Showdown writes "Hidden Power [Fire]" from its "Hidden Power Fire".
            if move == "hidden-power" { return "Hidden Power " + Self.titled(individual.hiddenPower.type) }
            return names.name("move", move) ?? Self.titled(move)
        }
        set.nature = individual.nature.map { names.name("nature", $0) ?? Self.titled($0) } ?? ""
        set.gender = switch individual.gender {
        case .male: "M"
        case .female: "F"
        case .genderless: ""
        }
        if individual.hasDVs {
            set.ivs = ShowdownStats(individual.ivs) { 2 * $0 + 1 }
            set.evs = ShowdownStats(individual.evs, StatFormula.experienceRoot)
        } else {
            set.ivs = ShowdownStats(individual.ivs) { $0 }
            set.evs = ShowdownStats(individual.evs) { $0 }
        }
        set.level = individual.level
        set.shiny = entry.isShiny ? true : nil
        if let friendship = entry.saved?.details.friendship, entry.saved?.details.isEgg != true, friendship != 255 {
            set.happiness = friendship
        }
        if let ball = entry.origin?.ball, ball != "poke-ball" { set.pokeball = names.name("item", ball) ?? Self.titled(ball) }
        return set
    }

    /// PokeAPI's identifier in Showdown's manner, for a name Showdown's table lacks
    /// (`never-melt-ice` → "Never Melt Ice": the same id to Showdown).
    static func titled(_ identifier: String) -> String {
        identifier.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    // MARK: Import

    /// A set read and checked: what it adds.
    public struct CheckedSet: Sendable {
        /// The 1-based line of its first line, and its number in the file.
        public var line: Int
        public var number: Int
        public var speciesID: Int
        public var formID: Int
        public var isShiny: Bool
        public var nickname: String?
        public var individual: Individual
        public var origin: EntryOrigin
        /// Showdown's name of its species, as the file gave it.
        public var shownSpecies: String
    }

    /// What a file of sets holds: its format and its sets, every one checked.
    public struct SetPlan: Sendable {
        public var format: SetFormat
        public var sets: [CheckedSet]
    }

    /// The sets of `text` (Showdown's export text, packed or JSON team, a team backup), each
    /// checked against the Pokédex and the games' bounds. Throws `ImportProblems` listing every
    /// problem with its set and line when any is wrong; nil when `text` is no team at all.
    public func read(_ text: String) async throws -> SetPlan? {
        guard let read = ShowdownFormat.read(text) else { return nil }
        return try await check(read)
    }

    /// `read` of a file's bytes. A file whose first line starts with `{` (mydex's JSON), or has a
    /// comma, semicolon or tab (a CSV export's header) without being a packed or JSON team, is
    /// told apart by that line, so that a large export is not read as a team first.
    public func read(_ bytes: [UInt8]) async throws -> SetPlan? {
        let start = bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } ?? bytes.endIndex
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
        let firstLine = bytes[start ..< end]
        if firstLine.first == UInt8(ascii: "{") { return nil }
        // A packed team's one line has commas between its EVs, and a JSON team's too.
        let packedOrJSON = firstLine.first == UInt8(ascii: "[") || firstLine.contains(UInt8(ascii: "|"))
        if !packedOrJSON, firstLine.contains(where: { [0x2C, 0x3B, 0x09].contains($0) }) { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return try await read(text)
    }

    /// The sets Showdown's reader found (`ShowdownFormat.read`), checked as `read` checks them.
    func check(_ read: ShowdownImport) async throws -> SetPlan {
        let names = try await pokedex.showdownNames()
        let latest = try await pokedex.latestGeneration()
        // Every problem, the reader's and the checks', listed in the order of the file's lines.
        var problems: [(line: Int, text: String)] = read.team.problems.filter { Self.refuses($0.kind) }.map {
            ($0.line, Self.onSet($0.set, line: $0.line, Self.describe($0)))
        }
        var checked: [CheckedSet] = []
        // A team of many sets has few species: each one's facts are read once.
        var facts = FactsCache(pokedex: pokedex)
        for (index, parsed) in read.team.sets.enumerated() {
            var checker = SetChecker(parsed: parsed, number: index + 1, names: names, latest: latest)
            if let set = try await checker.check(&facts) { checked.append(set) }
            problems += checker.found.map { ($0.line, Self.onSet(index + 1, line: $0.line, $0.text)) }
        }
        guard problems.isEmpty else {
            throw ImportProblems(problems.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
                .map(\.element.text))
        }
        return SetPlan(format: SetFormat(read.format), sets: checked)
    }

    /// Adds the plan's sets, in one transaction (or, with `dryRun`, adds nothing): the new
    /// entries, in order.
    public func merge(_ plan: SetPlan, dryRun: Bool) async throws -> [Int64] {
        if dryRun { return [] }
        return try await store.recordEntries(plan.sets.map {
            CollectionStore.NewEntry(
                speciesID: $0.speciesID, formID: $0.formID, isShiny: $0.isShiny, individual: $0.individual, origin: $0.origin,
                nickname: $0.nickname)
        }, at: clock.now())
    }

    /// Problems of the text that leave a set other than it says: refused, as a wrong name is.
    /// (A field given twice keeps the last, as Showdown does, and is no problem.)
    static func refuses(_ kind: ShowdownProblem.Kind) -> Bool {
        if case .repeatedField = kind { return false }
        return true
    }

    static func describe(_ problem: ShowdownProblem) -> String {
        switch problem.kind {
        case .unknownLine: tr("import.set.problem.unknown-line", ["text": problem.text])
        case .badNumber: tr("import.set.problem.bad-number", ["text": problem.text])
        case .unknownStat: tr("import.set.problem.unknown-stat", ["text": problem.text])
        case .repeatedField, .ignoredText: tr("import.set.problem.ignored", ["text": problem.text])
        case .missingBracket: tr("import.set.problem.bracket", ["text": problem.text])
        case .truncatedPackedSet: tr("import.set.problem.truncated", ["text": problem.text])
        case .extraPackedSets: tr("import.set.problem.too-many", ["text": problem.text])
        }
    }

    /// "set 2, line 14: …", or "line 3: …" for a problem of no set.
    static func onSet(_ set: Int?, line: Int, _ problem: String) -> String {
        guard let set else { return tr("import.problem.on-line", ["line": String(line), "problem": problem]) }
        return tr("import.set.problem.on-set", ["set": String(set), "line": String(line), "problem": problem])
    }
}

/// One set checked against the Pokédex: each name mapped to PokeAPI's identifier, the numbers
/// held to the games' bounds in the set's generation (a team backup's format says which, as in
/// `[gen3ou]`; else the latest), each problem kept with the line it is on.
struct SetChecker {
    let parsed: ShowdownParsedSet
    let number: Int
    let names: ShowdownNames
    let latest: Int
    /// Each problem with its line, as met (a field may be checked after lines below it).
    var found: [(line: Int, text: String)] = []

    init(parsed: ShowdownParsedSet, number: Int, names: ShowdownNames, latest: Int) {
        self.parsed = parsed
        self.number = number
        self.names = names
        self.latest = latest
    }

    mutating func problem(_ field: ShowdownField?, _ text: String, line: Int? = nil) {
        found.append((line ?? field.flatMap { parsed.fieldLines[$0] } ?? parsed.line, text))
    }

    /// The generation a backup's format names ("gen3ou" → 3), else the latest.
    var generation: Int {
        guard let format = parsed.team?.format?.lowercased(), format.hasPrefix("gen") else { return latest }
        let digits = format.dropFirst(3).prefix { $0.isNumber }
        return Int(digits).flatMap { (1...latest).contains($0) ? $0 : nil } ?? latest
    }

    /// The identifier of a name of `kind`; a problem when Showdown's name has none here.
    mutating func identifier(_ kind: String, _ name: String, field: ShowdownField?, line: Int? = nil) -> String? {
        let id = toID(name)
        if let found = names.identifier(kind, id: id) { return found }
        // Showdown's typed Hidden Powers ("Hidden Power Fire") are the one move.
        if kind == "move", id.hasPrefix("hiddenpower") { return "hidden-power" }
        let text = names.showdownOnly[kind]?.contains(id) == true
            ? tr("import.set.problem.showdown-only", ["name": name])
            : tr("import.set.problem.unknown-\(kind)", ["name": name])
        problem(field, text, line: line)
        return nil
    }

    mutating func check(_ cache: inout FactsCache) async throws -> ShowdownService.CheckedSet? {
        let set = parsed.set
        let generation = self.generation
        guard let form = names.forms[toID(set.species)] else {
            let showdownOnly = names.showdownOnly["species"]?.contains(toID(set.species)) == true
            problem(.firstLine, tr(showdownOnly ? "import.set.problem.showdown-only" : "import.set.problem.unknown-species", [
                "name": set.species,
            ]))
            return nil
        }
        guard let facts = try await cache.facts(formID: form.formID, generation: generation) else {
            problem(.firstLine, tr("import.set.problem.not-in-generation", ["name": set.species, "generation": String(generation)]))
            return nil
        }
        let before = found.count
        let item = set.item.isEmpty ? nil : identifier("item", set.item, field: .firstLine)
        var moves: [String] = []
        for (index, move) in set.moves.enumerated() where !move.isEmpty {
            let line = index < parsed.moveLines.count ? parsed.moveLines[index] : nil
            if let found = identifier("move", move, field: .move, line: line) { moves.append(found) }
        }
        if moves.count > 4 { problem(.move, tr("import.set.problem.too-many-moves", ["count": String(moves.count)])) }
        var (nature, ability, hidden): (String?, String?, Bool) = (nil, nil, false)
        if generation >= 3 {
            if !set.nature.isEmpty { nature = identifier("nature", set.nature, field: .nature) }
            if let slot = set.abilitySlot {
                // A packed set's slot: 0 and 1 its first two, H its hidden one.
                let found = facts.abilities[slot == "H" ? 3 : (slot == "1" ? 2 : 1)] ?? facts.abilities[1]
                (ability, hidden) = (found?.name, found?.hidden ?? false)
            } else if !set.ability.isEmpty, let found = identifier("ability", set.ability, field: .ability) {
                if let slot = facts.abilities.values.first(where: { $0.name == found }) {
                    (ability, hidden) = (found, slot.hidden)
                } else {
                    problem(.ability, tr("import.set.problem.wrong-ability", ["name": set.ability, "species": set.species]))
                }
            }
        }
        let gender = self.gender(set.gender, rate: facts.genderRate, species: set.species)
        if !(1...100).contains(set.level) {
            problem(.level, tr("import.set.problem.level", ["level": String(set.level)]))
        }
        let (ivs, evs) = stats(set, generation: generation)
        var ball: String?
        if let name = set.pokeball, !name.isEmpty { ball = identifier("item", name, field: .pokeball) }
        guard found.count == before else { return nil }
        let individual = Individual(
            generation: generation, level: set.level, gender: gender, nature: nature, ability: ability, hiddenAbility: hidden,
            personality: nil, ivs: ivs, evs: evs, moves: moves, heldItem: item)
        return ShowdownService.CheckedSet(
            line: parsed.line, number: number, speciesID: form.speciesID, formID: form.formID, isShiny: set.shiny == true,
            nickname: set.nickname, individual: individual, origin: EntryOrigin(kind: .set, ball: ball), shownSpecies: set.species)
    }

    /// "M" and "F" as given (a problem where the species cannot be it); otherwise what the
    /// species' ratio allows: none for the genderless, the only one for one-gender species, and
    /// male for the rest, where Showdown decides at random in each battle.
    mutating func gender(_ text: String, rate: Int, species: String) -> Gender {
        let allowed = GenderRule.allowed(eighthsFemale: rate)
        let asked: Gender? = switch text {
        case "M": .male
        case "F": .female
        default: nil
        }
        if let asked {
            if allowed.contains(asked) { return asked }
            problem(.firstLine, tr("import.set.problem.gender", ["species": species, "gender": text]))
        }
        if allowed == [.genderless] { return .genderless }
        return allowed.contains(.male) ? .male : .female
    }

    /// The IVs and EVs held to the games' bounds: IVs 0–31; EVs at most 252 a stat (255 in
    /// generations 3–5) and 510 in all; in generations 1–2, Showdown's IVs and EVs made DVs
    /// (⌊IV/2⌋) and stat experience (EV², at most 255 a stat).
    mutating func stats(_ set: ShowdownSet, generation: Int) -> (StatValues, StatValues) {
        for stat in ShowdownStat.allCases where !(0...31).contains(set.ivs[stat]) {
            problem(.ivs, tr("import.set.problem.iv", ["stat": stat.shortName, "value": String(set.ivs[stat])]))
        }
        let most = StatCalculator.highestEV(generation: generation)
        for stat in ShowdownStat.allCases where !(0...most).contains(set.evs[stat]) {
            problem(.evs, tr("import.set.problem.ev", ["stat": stat.shortName, "value": String(set.evs[stat]), "most": String(most)]))
        }
        let total = ShowdownStat.allCases.reduce(0) { $0 + set.evs[$1] }
        if generation >= 3, total > 510 { problem(.evs, tr("import.set.problem.ev-total", ["total": String(total)])) }
        guard generation <= 2 else { return (StatValues(set.ivs) { $0 }, StatValues(set.evs) { $0 }) }
        // One Special: Showdown's SpA is it (generation 1 writes it as "Spc").
        var dvs = StatValues(set.ivs) { max(0, min(31, $0)) / 2 }
        var statExperience = StatValues(set.evs) { max(0, min(255, $0)) * max(0, min(255, $0)) }
        dvs.specialDefense = dvs.specialAttack
        statExperience.specialDefense = statExperience.specialAttack
        // The HP DV is the others' low bits, as the games make it.
        dvs.hp = StatFormula.hpDV(dvs)
        return (dvs, statExperience)
    }
}

/// What a species is in a generation (`Pokedex.individualFacts`), read once a form and generation.
struct FactsCache {
    let pokedex: Pokedex
    var read: [String: IndividualFacts?] = [:]

    init(pokedex: Pokedex) { self.pokedex = pokedex }

    mutating func facts(formID: Int, generation: Int) async throws -> IndividualFacts? {
        let key = "\(formID)/\(generation)"
        if let known = read[key] { return known }
        let facts = try await pokedex.individualFacts(formID: formID, generation: generation)
        read[key] = .some(facts)
        return facts
    }
}

/// Showdown's six stats (HP, Atk, Def, SpA, SpD, Spe) and PokeAPI's, each value made by
/// `transform`: the one place the two orders meet.
extension ShowdownStats {
    init(_ values: StatValues, _ transform: (Int) -> Int) {
        self.init(
            hp: transform(values.hp), atk: transform(values.attack), def: transform(values.defense),
            spa: transform(values.specialAttack), spd: transform(values.specialDefense), spe: transform(values.speed))
    }
}

extension StatValues {
    init(_ stats: ShowdownStats, _ transform: (Int) -> Int) {
        self.init(
            hp: transform(stats.hp), attack: transform(stats.atk), defense: transform(stats.def),
            specialAttack: transform(stats.spa), specialDefense: transform(stats.spd), speed: transform(stats.spe))
    }
}
