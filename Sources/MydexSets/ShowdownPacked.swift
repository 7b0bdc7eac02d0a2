import Foundation

/// A packed team as `ShowdownPacked.unpack` read it.
public struct ShowdownPackedTeam: Sendable, Equatable {
    /// The sets, at most 24 (Showdown's limit).
    public var sets: [ShowdownSet]
    /// Numbers that were not numbers (kept as Showdown turns them: EVs and IVs 0, the level
    /// 100, friendship and Dynamax level unset) and sets after the 24th.
    public var problems: [ShowdownProblem]
}

/// Why Showdown's `unpack` gives no team at all.
public enum ShowdownPackedError: Error, Sendable, Equatable {
    /// The text is empty.
    case empty
    /// Set `number` (1-based), whose text is `text`, has fewer than 12 fields.
    case truncatedSet(number: Int, text: String)
}

/// Showdown's packed format, as `Teams.pack` and `Teams.unpack` of smogon/pokemon-showdown
/// `sim/teams.ts` write and read it: sets joined by `]`, each
/// `NICKNAME|SPECIES|ITEM|ABILITY|MOVES|NATURE|EVS|GENDER|IVS|SHINY|LEVEL|HAPPINESS,HIDDENPOWERTYPE,POKEBALL,GIGANTAMAX,DYNAMAXLEVEL,TERATYPE`
/// (the code's order of the tail; `sim/TEAMS.md` lists POKEBALL before HIDDENPOWERTYPE).
public enum ShowdownPacked {
    /// Showdown's `packName`: everything but ASCII letters and digits removed, case kept.
    public static func packName(_ name: String) -> String {
        var packed = String.UnicodeScalarView()
        packed.append(contentsOf: name.unicodeScalars.filter(ShowdownScan.isASCIIAlphanumeric))
        return String(packed)
    }

    /// Showdown's `unpackName` without a Pokédex to look names up in (mydex maps names itself,
    /// by `toID`): a space before each capital and around each run of digits, doubled spaces
    /// halved, ends trimmed. "LifeOrb" → "Life Orb", "leftovers" stays, "Porygon2" → "Porygon 2";
    /// `packName` gives the packed text back, so packed → set → packed is exact.
    public static func unpackName(_ name: String) -> String {
        var spaced = String.UnicodeScalarView()
        var previousDigit = false
        for scalar in name.unicodeScalars {
            let digit = ("0"..."9").contains(scalar)
            if digit, !previousDigit { spaced.append(" ") }
            if !digit, previousDigit { spaced.append(" ") }
            if ("A"..."Z").contains(scalar) { spaced.append(" ") }
            spaced.append(scalar)
            previousDigit = digit
        }
        if previousDigit { spaced.append(" ") }
        // /[ ][ ]/g: each pair of spaces, left to right without overlap, becomes one.
        var halved = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in spaced {
            if scalar == " " {
                if pendingSpace { pendingSpace = false } else { pendingSpace = true; halved.append(scalar) }
            } else {
                pendingSpace = false
                halved.append(scalar)
            }
        }
        return ShowdownScan.trim(String(halved))
    }

    /// A team as `Teams.pack` writes it.
    public static func pack(_ team: [ShowdownSet]) -> String {
        team.map(pack).joined(separator: "]")
    }

    /// One set as `Teams.pack` writes it.
    public static func pack(_ set: ShowdownSet) -> String {
        let name = set.name.isEmpty ? set.species : set.name
        let speciesID = packName(set.species.isEmpty ? set.name : set.species)
        let evs = ShowdownStat.allCases.map { set.evs[$0] == 0 ? "" : String(set.evs[$0]) }.joined(separator: ",")
        let ivs = ShowdownStat.allCases.map { set.ivs[$0] == 31 ? "" : String(set.ivs[$0]) }.joined(separator: ",")
        var fields = [
            name, packName(name) == speciesID ? "" : speciesID, packName(set.item), packName(set.ability),
            set.moves.map(packName).joined(separator: ","), set.nature, evs == ",,,,," ? "" : evs, set.gender,
            ivs == ",,,,," ? "" : ivs, set.shiny == true ? "S" : "", set.level != 0 && set.level != 100 ? String(set.level) : "",
            set.happiness.map { $0 == 255 ? "" : String($0) } ?? "",
        ]
        let dynamax = set.dynamaxLevel.flatMap { $0 == 10 ? nil : String($0) }
        let ball = set.pokeball ?? "", hpType = set.hpType ?? "", tera = set.teraType ?? ""
        if !ball.isEmpty || !hpType.isEmpty || set.gigantamax == true || dynamax != nil || !tera.isEmpty {
            fields[11] += [hpType, packName(ball), set.gigantamax == true ? "G" : "", dynamax ?? "", tera].map { "," + $0 }.joined()
        }
        return fields.joined(separator: "|")
    }

    /// A packed team as `Teams.unpack` reads it, without its Pokédex: names come back through
    /// `unpackName`, an ability slot ("0", "1", "H", "S", or "") stays as written (`abilitySlot`),
    /// and an empty moves field gives one empty move, as in Showdown. Problems carry `line`.
    public static func unpack(_ text: String, line: Int = 1) -> Result<ShowdownPackedTeam, ShowdownPackedError> {
        if text.isEmpty { return .failure(.empty) }
        let scalars = Array(text.unicodeScalars)
        var team = ShowdownPackedTeam(sets: [], problems: [])
        var start = 0
        for number in 1 ... 24 {
            // Like Showdown, 11 fields up to the next "|" each (a "]" inside is text), then the
            // tail up to the next "]"; a "]" at the very end leaves a set with no fields.
            var fields: [String] = []
            var cursor = start
            for _ in 0 ..< 11 {
                guard let bar = scalars[cursor...].firstIndex(of: "|") else {
                    let end = scalars[start...].firstIndex(of: "]") ?? scalars.count
                    return .failure(.truncatedSet(number: number, text: string(scalars[start ..< end])))
                }
                fields.append(string(scalars[cursor ..< bar]))
                cursor = bar + 1
            }
            let end = scalars[cursor...].firstIndex(of: "]")
            fields.append(string(scalars[cursor ..< (end ?? scalars.count)]))
            team.sets.append(unpackSet(fields, number: number, line: line, problems: &team.problems))
            guard let end else { return .success(team) }
            start = end + 1
        }
        team.problems.append(ShowdownProblem(.extraPackedSets, line: line, set: 25, text: string(scalars[start...])))
        return .success(team)
    }

    /// The fields of one set (the last one the misc tail).
    private static func unpackSet(_ fields: [String], number: Int, line: Int, problems: inout [ShowdownProblem]) -> ShowdownSet {
        func bad(_ field: ShowdownField, _ text: String) {
            problems.append(ShowdownProblem(.badNumber(field), line: line, set: number, text: text))
        }
        var set = ShowdownSet(name: fields[0], species: "")
        let species = unpackName(fields[1])
        set.species = species.isEmpty ? set.name : species
        set.item = unpackName(fields[2])
        set.ability = ["", "0", "1", "H", "S"].contains(fields[3]) ? fields[3] : unpackName(fields[3])
        set.moves = fields[4].split(separator: ",", omittingEmptySubsequences: false).prefix(24).map { unpackName(String($0)) }
        set.nature = unpackName(fields[5])
        let stats: [(String, ShowdownField, Int)] = [(fields[6], .evs, 0), (fields[8], .ivs, 31)]
        for (text, field, blank) in stats where !text.isEmpty {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).prefix(6).map(String.init)
            var values = ShowdownStats(all: 0)
            // Number(part) || 0, and a blank part is 0 or (IVs) 31; a missing part gives 0 to
            // both, which for IVs is not what the writer meant.
            if field == .ivs, parts.count < 6 { bad(field, text) }
            for (index, stat) in ShowdownStat.allCases.enumerated() where index < parts.count {
                if parts[index].isEmpty { values[stat] = blank; continue }
                if let value = ShowdownScan.number(parts[index]) { values[stat] = value } else { bad(field, parts[index]) }
            }
            if field == .evs { set.evs = values } else { set.ivs = values }
        }
        if !fields[7].isEmpty { set.gender = fields[7] }
        if !fields[9].isEmpty { set.shiny = true }
        if !fields[10].isEmpty {
            // parseInt: "12abc" is 12, kept, and reported as the text format's EVs are.
            let level = ShowdownScan.parseInt(fields[10])
            if let value = level.value { set.level = value }
            if !level.clean { bad(.level, fields[10]) }
        }
        guard !fields[11].isEmpty else { return set }
        let misc = fields[11].split(separator: ",", omittingEmptySubsequences: false).prefix(6).map(String.init)
        func part(_ index: Int) -> String { index < misc.count ? misc[index] : "" }
        if part(0).isEmpty { set.happiness = 255 } else if let value = ShowdownScan.number(part(0)) { set.happiness = value } else { bad(.happiness, part(0)) }
        set.hpType = part(1)
        set.pokeball = unpackName(part(2))
        set.gigantamax = !part(3).isEmpty
        if part(4).isEmpty { set.dynamaxLevel = 10 } else if let value = ShowdownScan.number(part(4)) { set.dynamaxLevel = value } else { bad(.dynamaxLevel, part(4)) }
        set.teraType = misc.count > 5 ? misc[5] : nil
        return set
    }

    /// Whether one line has the shape of a packed team: its first set has Showdown's 12 fields.
    static func looksPacked(_ text: String) -> Bool {
        let first = text.unicodeScalars.prefix { $0 != "]" }
        return first.count { $0 == "|" } >= 11
    }

    /// `unpack` for `ShowdownFormat.read`: a refused team becomes a problem.
    static func read(_ text: String, line: Int) -> ShowdownTextTeam {
        switch unpack(text, line: line) {
        case let .success(team):
            return ShowdownTextTeam(sets: team.sets.map { ShowdownParsedSet(set: $0, line: line) }, problems: team.problems)
        case let .failure(.truncatedSet(number, piece)):
            return ShowdownTextTeam(problems: [ShowdownProblem(.truncatedPackedSet, line: line, set: number, text: piece)])
        case .failure(.empty):
            return ShowdownTextTeam()
        }
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
