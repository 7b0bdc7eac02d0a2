import Foundation

/// What `ShowdownText.exportSet` may leave out: Showdown's `ExportOptions` (without
/// `useStatPoints` and the function form of `removeNicknames`).
public struct ShowdownExportOptions: Sendable, Equatable {
    /// Leave out the EVs, nature and IVs.
    public var hideStats: Bool
    /// Write the species alone, never "Nickname (Species)".
    public var removeNicknames: Bool

    /// Options, by default none.
    public init(hideStats: Bool = false, removeNicknames: Bool = false) {
        self.hideStats = hideStats
        self.removeNicknames = removeNicknames
    }
}

/// A team backup's header line, `=== [gen9ou] Folder/Team Name ===`, split as Showdown's client
/// splits it (`importTeamBackup`), but kept as written: the client would take a missing format
/// as "gen8" and put "gen6" before one that does not start with "gen".
public struct ShowdownTeamHeader: Sendable, Equatable {
    /// The 1-based line of the header.
    public var line: Int
    /// The format between the brackets ("gen9ou"); nil when there are none.
    public var format: String?
    /// The folder, before the first "/"; "" when none.
    public var folder: String
    /// The team's name.
    public var name: String
}

/// A set read from the export format, with where each part of it was.
public struct ShowdownParsedSet: Sendable, Equatable {
    /// The set, as Showdown's `Teams.import` makes it.
    public var set: ShowdownSet
    /// The 1-based line of its first line (species, nickname, gender, item).
    public var line: Int
    /// The backup header it came under, if any.
    public var team: ShowdownTeamHeader?
    /// The line of each field given, `.firstLine` included (the last one, when a field is
    /// given twice).
    public var fieldLines: [ShowdownField: Int]
    /// The line of each move, in the order of `set.moves`.
    public var moveLines: [Int]

    /// A set read on `line`.
    public init(set: ShowdownSet, line: Int, team: ShowdownTeamHeader? = nil, fieldLines: [ShowdownField: Int] = [:], moveLines: [Int] = []) {
        (self.set, self.line, self.team, self.fieldLines, self.moveLines) = (set, line, team, fieldLines, moveLines)
    }
}

/// What `ShowdownText.parse` (and `ShowdownFormat.read`) found.
public struct ShowdownTextTeam: Sendable, Equatable {
    /// The sets, in order, across every team of a backup.
    public var sets: [ShowdownParsedSet]
    /// The backup headers met, in order.
    public var headers: [ShowdownTeamHeader]
    /// Every problem met, in the order of the lines.
    public var problems: [ShowdownProblem]

    /// A team read so far.
    public init(sets: [ShowdownParsedSet] = [], headers: [ShowdownTeamHeader] = [], problems: [ShowdownProblem] = []) {
        (self.sets, self.headers, self.problems) = (sets, headers, problems)
    }
}

/// Showdown's export format, written as the server writes it (`Teams.exportSet` of
/// smogon/pokemon-showdown `sim/teams.ts`) and read as `Teams.import` reads it.
public enum ShowdownText {
    /// One set as the server's `exportSet` writes it. Every line, the first included, ends with
    /// two spaces before its "\n" (kept for Markdown); the order is the first line, Ability,
    /// Level (not at 100, nor at 0, which Showdown takes as unset), Shiny, Happiness (not at
    /// 255), Pokeball, Hidden Power, Dynamax Level (not at 10), Gigantamax, Tera Type, EVs (only
    /// those not 0), Nature, IVs (only those not 31), moves ("Hidden Power Fire" as
    /// "Hidden Power [Fire]"). Gender is written only when it is "M" or "F".
    public static func exportSet(_ set: ShowdownSet, options: ShowdownExportOptions = .init()) -> String {
        var first = set.species
        if !options.removeNicknames, !set.name.isEmpty, set.name != set.species { first = "\(set.name) (\(set.species))" }
        if set.gender == "M" { first += " (M)" }
        if set.gender == "F" { first += " (F)" }
        if !set.item.isEmpty { first += " @ \(set.item)" }
        var lines = [first]
        if !set.ability.isEmpty { lines.append("Ability: \(set.ability)") }
        if set.level != 0, set.level != 100 { lines.append("Level: \(set.level)") }
        if set.shiny == true { lines.append("Shiny: Yes") }
        if let happiness = set.happiness, happiness != 255 { lines.append("Happiness: \(happiness)") }
        if let ball = set.pokeball, !ball.isEmpty { lines.append("Pokeball: \(ball)") }
        if let type = set.hpType, !type.isEmpty { lines.append("Hidden Power: \(type)") }
        if let dynamax = set.dynamaxLevel, dynamax != 10 { lines.append("Dynamax Level: \(dynamax)") }
        if set.gigantamax == true { lines.append("Gigantamax: Yes") }
        if let type = set.teraType, !type.isEmpty { lines.append("Tera Type: \(type)") }
        if !options.hideStats {
            let evs = ShowdownStat.allCases.filter { set.evs[$0] != 0 }.map { "\(set.evs[$0]) \($0.shortName)" }
            if !evs.isEmpty { lines.append("EVs: " + evs.joined(separator: " / ")) }
            if !set.nature.isEmpty { lines.append("\(set.nature) Nature") }
            let ivs = ShowdownStat.allCases.filter { set.ivs[$0] != 31 }.map { "\(set.ivs[$0]) \($0.shortName)" }
            if !ivs.isEmpty { lines.append("IVs: " + ivs.joined(separator: " / ")) }
        }
        for move in set.moves {
            let type = move.dropFirst(13)
            let bracketed = move.hasPrefix("Hidden Power ") && !type.hasPrefix("[") ? "Hidden Power [\(type)]" : move
            lines.append("- \(bracketed)")
        }
        return lines.map { $0 + "  \n" }.joined()
    }

    /// A team as the server's `Teams.export` writes it: each set followed by an empty line.
    public static func export(_ team: [ShowdownSet], options: ShowdownExportOptions = .init()) -> String {
        team.map { exportSet($0, options: options) + "\n" }.joined()
    }

    /// Reads the export format as `Teams.import` does (sets end at an empty line or "---",
    /// lines after the first in any order, unknown lines skipped), with the client's reading of
    /// "Nickname (Species)" on the last " (", PKHeX's "Friendship:" beside "Happiness:", and the
    /// client's "Dynamax Level:", which the server does not read. Values are kept as written,
    /// numbers out of range included; what cannot be read becomes a problem with its line.
    /// "- Hidden Power [Fire]" becomes the move "Hidden Power Fire" and leaves IVs and `hpType`
    /// alone, as on the server (its IV-setting branch never runs, since import gives every set IVs).
    public static func parse(_ text: String) -> ShowdownTextTeam {
        var reader = TextReader()
        for (index, line) in ShowdownScan.lines(text).enumerated() { reader.read(line, line: index + 1) }
        return reader.team
    }
}

/// `Teams.import`'s loop and `parseExportedTeamLine`, one line at a time.
private struct TextReader {
    var team = ShowdownTextTeam()
    var header: ShowdownTeamHeader?
    var current: Int?

    mutating func read(_ raw: String, line: Int) {
        let text = ShowdownScan.trim(raw)
        if text.isEmpty || text == "---" {
            current = nil
        } else if text.hasPrefix("===") {
            let header = Self.header(text, line: line)
            team.headers.append(header)
            self.header = header
        } else if let index = current {
            var parsed = team.sets[index]
            readField(text, line: line, into: &parsed)
            team.sets[index] = parsed
        } else {
            var parsed = ShowdownParsedSet(set: ShowdownSet(species: ""), line: line, team: header, fieldLines: [.firstLine: line])
            current = team.sets.count
            readFirstLine(text, line: line, into: &parsed)
            team.sets.append(parsed)
        }
    }

    mutating func problem(_ kind: ShowdownProblem.Kind, _ line: Int, _ text: String) {
        team.problems.append(ShowdownProblem(kind, line: line, set: (current ?? team.sets.count) + 1, text: text))
    }

    /// "Nickname (Species) (M) @ Item".
    mutating func readFirstLine(_ text: String, line: Int, into parsed: inout ShowdownParsedSet) {
        let pieces = text.components(separatedBy: " @ ")
        var rest = pieces[0]
        if pieces.count > 1, !pieces[1].isEmpty { parsed.set.item = toID(pieces[1]) == "noitem" ? "" : pieces[1] }
        if pieces.count > 2 { problem(.ignoredText(.firstLine), line, pieces[2...].joined(separator: " @ ")) }
        for gender in ["M", "F"] where rest.hasSuffix(" (\(gender))") {
            parsed.set.gender = gender
            rest = String(rest.dropLast(4))
        }
        if rest.hasSuffix(")"), let open = rest.range(of: " (", options: .backwards) {
            parsed.set.species = ShowdownScan.trim(rest[open.upperBound ..< rest.index(before: rest.endIndex)])
            parsed.set.name = ShowdownScan.trim(rest[..<open.lowerBound])
        } else {
            parsed.set.species = rest
        }
    }

    mutating func readField(_ text: String, line: Int, into parsed: inout ShowdownParsedSet) {
        func after(_ prefix: String) -> String? { text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : nil }
        func mark(_ field: ShowdownField) {
            if parsed.fieldLines[field] != nil { problem(.repeatedField(field), line, text) }
            parsed.fieldLines[field] = line
        }
        // `+value` in Showdown: a number, or a problem (Showdown would keep NaN).
        func number(_ value: String, _ field: ShowdownField) -> Int? {
            mark(field)
            guard let number = ShowdownScan.number(value) else { problem(.badNumber(field), line, value); return nil }
            return number
        }
        if let value = after("Trait: ") ?? after("Ability: ") {
            mark(.ability)
            parsed.set.ability = value
        } else if text == "Shiny: Yes" {
            mark(.shiny)
            parsed.set.shiny = true
        } else if let value = after("Level: ") {
            if let level = number(value, .level) { parsed.set.level = level }
        } else if let value = after("Happiness: ") ?? after("Friendship: ") {
            if let happiness = number(value, .happiness) { parsed.set.happiness = happiness }
        } else if let value = after("Pokeball: ") {
            mark(.pokeball)
            parsed.set.pokeball = value
        } else if let value = after("Hidden Power: ") {
            mark(.hiddenPowerType)
            parsed.set.hpType = value
        } else if let value = after("Tera Type: ") {
            mark(.teraType)
            parsed.set.teraType = value
        } else if text == "Gigantamax: Yes" {
            mark(.gigantamax)
            parsed.set.gigantamax = true
        } else if let value = after("Dynamax Level: ") {
            if let level = number(value, .dynamaxLevel) { parsed.set.dynamaxLevel = level }
        } else if let value = after("EVs: ") {
            mark(.evs)
            parsed.set.evs = readStats(value, .evs, fallback: 0, line: line)
        } else if let value = after("IVs: ") {
            mark(.ivs)
            parsed.set.ivs = readStats(value, .ivs, fallback: 31, line: line)
        } else if let nature = Self.nature(text) {
            mark(.nature)
            if nature != "undefined" { parsed.set.nature = nature }
        } else if text.hasPrefix("-") || text.hasPrefix("~") {
            parsed.set.moves.append(readMove(text, line: line, happiness: &parsed.set.happiness))
            parsed.moveLines.append(line)
        } else {
            problem(.unknownLine, line, text)
        }
    }

    /// "252 HP / 4 SpD / 252 Spe": parts split on "/", each "value name" on single spaces.
    mutating func readStats(_ value: String, _ field: ShowdownField, fallback: Int, line: Int) -> ShowdownStats {
        var stats = ShowdownStats(all: fallback)
        for part in value.split(separator: "/", omittingEmptySubsequences: false) {
            let piece = ShowdownScan.trim(part)
            let words = piece.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count > 1, let stat = ShowdownStat.named(String(words[1])) else {
                if !piece.isEmpty { problem(.unknownStat(field), line, piece) }
                continue
            }
            // Showdown's parseInt: EVs become NaN (kept 0 here), IVs 31, when there is no number.
            let (number, clean) = ShowdownScan.parseInt(words[0])
            if let number { stats[stat] = number }
            if number == nil || !clean { problem(.badNumber(field), line, piece) }
        }
        return stats
    }

    /// "- Move" or "~ Move" (or with no space); Frustration sets friendship 0 if none was given.
    mutating func readMove(_ text: String, line: Int, happiness: inout Int?) -> String {
        var move = String(text.dropFirst())
        if move.hasPrefix(" ") { move.removeFirst() }
        if move.hasPrefix("Hidden Power [") {
            var type = String(move.dropFirst(14))
            if type.hasSuffix("]") { type.removeLast() } else { problem(.missingBracket, line, text) }
            move = "Hidden Power " + type
        }
        if move == "Frustration", happiness == nil { happiness = 0 }
        return move
    }

    /// The nature of a line matching Showdown's `/^[A-Za-z]+ (N|n)ature/`, cut before the first
    /// " Nature" (else " nature"), as Showdown cuts it.
    static func nature(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        let word = scalars.prefix { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
        let tail = String(scalars.dropFirst(word.count))
        guard !word.isEmpty, tail.hasPrefix(" Nature") || tail.hasPrefix(" nature"),
              let cut = text.range(of: " Nature") ?? text.range(of: " nature") else { return nil }
        return String(text[..<cut.lowerBound])
    }

    /// "=== [format] Folder/Name ===".
    static func header(_ text: String, line: Int) -> ShowdownTeamHeader {
        var inner = Substring(ShowdownScan.trim(text.drop { $0 == "=" }))
        while inner.hasSuffix("=") { inner.removeLast() }
        var format: String?
        if inner.hasPrefix("["), let close = inner.firstIndex(of: "]") {
            format = String(inner[inner.index(after: inner.startIndex) ..< close])
            inner = inner[inner.index(after: close)...]
        }
        let rest = ShowdownScan.trim(inner)
        guard let slash = rest.firstIndex(of: "/") else { return ShowdownTeamHeader(line: line, format: format, folder: "", name: rest) }
        return ShowdownTeamHeader(line: line, format: format, folder: String(rest[..<slash]), name: String(rest[rest.index(after: slash)...]))
    }
}
