import Foundation

/// Showdown's `toID` (smogon/pokemon-showdown `sim/dex-data.ts`): the text lowercased, with
/// everything but `a`–`z` and `0`–`9` removed. "Vulpix-Alola" → "vulpixalola", "Type: Null" →
/// "typenull", "Flabébé" → "flabb" (accented letters go, as in Showdown).
public func toID(_ text: String) -> String {
    var id = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars where ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        id.append(scalar)
    }
    return String(id)
}

/// The three ways Showdown writes a team.
public enum ShowdownFormat: String, Sendable, Equatable, CaseIterable {
    /// The export format people read and paste (`Articuno @ Leftovers` …).
    case text
    /// One line, sets joined by `]` and fields by `|`.
    case packed
    /// An array of `PokemonSet` objects.
    case json

    /// What `text` holds, decided as Showdown's `Teams.import` decides, made strict enough for
    /// `mydex import`, which also reads its own CSV and JSON and the games' saves; nil when the
    /// text is not a Showdown team. The rules, in order:
    /// - nil for text with NUL or U+FFFD (bytes that were not UTF-8 text: a save);
    /// - `.json` when it starts with `[` (after white space and a BOM) and decodes as an array of
    ///   objects that each have a string `species` and an array `moves`, as every set Showdown
    ///   writes has; otherwise Showdown reads it as text, and so does this (below);
    /// - nil when it starts with `{` (mydex's own JSON export, any other JSON object);
    /// - `.packed` when it is one line with a `|` whose first set has Showdown's 12 fields;
    ///   nil for any other single line with a `|`;
    /// - `.text` when the export-format reader finds a set whose first line is plausible (a
    ///   species part with no tab, comma, `;`, `|`, quote, brace or `=`, at most 40 characters)
    ///   and that has an `Ability:`/`Trait:`, `EVs:`, `IVs:`, `Level:` or nature line or a move
    ///   line, and at most as many lines it does not understand as lines it does. A CSV file
    ///   fails on its commas, prose on its unknown lines.
    public static func recognize(_ text: String) -> ShowdownFormat? {
        read(text)?.format
    }

    /// `recognize` for raw bytes: nil when they are not UTF-8.
    public static func recognize(_ bytes: [UInt8]) -> ShowdownFormat? {
        String(bytes: bytes, encoding: .utf8).flatMap(recognize)
    }

    /// Reads `text` in whichever format `recognize` finds: the sets with their lines (packed and
    /// JSON sets carry the line the team starts on, and no field lines) and the problems. A
    /// packed team Showdown refuses whole (a set with too few fields) gives no sets and a
    /// `.truncatedPackedSet` problem. Nil when `recognize` is nil.
    public static func read(_ text: String) -> ShowdownImport? {
        let scalars = text.unicodeScalars
        if scalars.contains("\u{0}") || scalars.contains("\u{FFFD}") { return nil }
        let body = ShowdownScan.trim(text)
        if body.isEmpty { return nil }
        // The line the team starts on, for packed and JSON teams.
        let firstLine = ShowdownScan.lines(text).firstIndex { !ShowdownScan.trim($0).isEmpty }.map { $0 + 1 } ?? 1
        if body.hasPrefix("["), let sets = ShowdownSet.decodeShowdownJSON(Data(body.utf8)) {
            let parsed = sets.map { ShowdownParsedSet(set: $0, line: firstLine) }
            return ShowdownImport(format: .json, team: ShowdownTextTeam(sets: parsed))
        }
        if body.hasPrefix("{") { return nil }
        if !body.unicodeScalars.contains("\n"), body.contains("|") {
            guard ShowdownPacked.looksPacked(body) else { return nil }
            return ShowdownImport(format: .packed, team: ShowdownPacked.read(body, line: firstLine))
        }
        let team = ShowdownText.parse(text)
        return looksLikeTeam(team) ? ShowdownImport(format: .text, team: team) : nil
    }

    /// The `.text` rule of `recognize`.
    static func looksLikeTeam(_ team: ShowdownTextTeam) -> Bool {
        let unknown = team.problems.count { $0.kind == .unknownLine }
        let understood = team.headers.count + team.sets.reduce(0) { $0 + $1.fieldLines.count + $1.moveLines.count }
        guard unknown <= understood else { return false }
        let telling: Set<ShowdownField> = [.ability, .evs, .ivs, .level, .nature]
        return team.sets.contains { parsed in
            let firstLine = [parsed.set.species, parsed.set.name, parsed.set.item]
            let plausible = !parsed.set.species.isEmpty && parsed.set.species.unicodeScalars.count <= 40
                && !firstLine.contains { $0.unicodeScalars.contains { "\t,;|\"{}=".unicodeScalars.contains($0) } }
            return plausible && (!parsed.moveLines.isEmpty || !telling.isDisjoint(with: parsed.fieldLines.keys))
        }
    }
}

/// A team `ShowdownFormat.read` found, and in which format.
public struct ShowdownImport: Sendable, Equatable {
    /// The format it was written in.
    public var format: ShowdownFormat
    /// Its sets, their lines and the problems met.
    public var team: ShowdownTextTeam
}

/// A field of a set, as problems and line numbers name it.
public enum ShowdownField: String, Sendable, Hashable, CaseIterable {
    /// The first line: nickname, species, gender and item.
    case firstLine
    case ability, level, shiny, happiness, pokeball, hiddenPowerType, dynamaxLevel, gigantamax, teraType
    case evs, ivs, nature, move
}

/// Something a reader could not take as written. Readers never throw on input: they keep what
/// Showdown keeps and say what they met here, with where.
public struct ShowdownProblem: Sendable, Equatable {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// A line no rule of Showdown's reader understands (Showdown drops it silently).
        case unknownLine
        /// A value that is not a whole number ("Level: abc", "EVs: x HP"), or one with text after
        /// its digits ("252abc", read as 252 as Showdown's `parseInt` does).
        case badNumber(ShowdownField)
        /// An EV or IV part whose stat name Showdown does not know ("4 Foo"); Showdown skips it.
        case unknownStat(ShowdownField)
        /// A field given twice in one set; the last one counts, as in Showdown.
        case repeatedField(ShowdownField)
        /// Text Showdown drops: what follows a second " @ " on the first line.
        case ignoredText(ShowdownField)
        /// "- Hidden Power [Fire" without its "]" (Showdown would drop the type's last letter).
        case missingBracket
        /// A packed set with fewer than Showdown's 12 fields: Showdown refuses the whole team.
        case truncatedPackedSet
        /// Packed sets after the 24th, which Showdown's `unpack` drops.
        case extraPackedSets
    }

    /// What went wrong.
    public var kind: Kind
    /// The 1-based line of the text it is on.
    public var line: Int
    /// The 1-based number of the set it belongs to, when it belongs to one.
    public var set: Int?
    /// The text as read: the line, or the part of it at fault.
    public var text: String

    /// A problem of `kind` on `line`.
    public init(_ kind: Kind, line: Int, set: Int?, text: String) {
        self.kind = kind
        self.line = line
        self.set = set
        self.text = text
    }
}

/// JavaScript's string and number rules that Showdown's readers rely on.
enum ShowdownScan {
    static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// JavaScript's white space and line terminators (what `String.prototype.trim` removes):
    /// Unicode's White_Space without U+0085, and the BOM.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{FEFF}" || (scalar.properties.isWhitespace && scalar != "\u{85}")
    }

    /// JavaScript's `trim`.
    static func trim(_ text: some StringProtocol) -> String {
        let scalars = String(text).unicodeScalars
        guard let start = scalars.firstIndex(where: { !isSpace($0) }),
              let end = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[start...end])
    }

    /// `text.split("\n")`: on the line feed alone (a CR stays, and `trim` takes it off), every
    /// line kept, so that line numbers are the file's.
    static func lines(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
    }

    /// JavaScript's `Number(text)` when it is a whole number that fits an `Int`; nil where
    /// JavaScript gives NaN, a fraction or a value too large (decimal, `0x`/`0o`/`0b` and
    /// exponents are read as JavaScript reads them; "" is 0).
    static func number(_ text: some StringProtocol) -> Int? {
        let body = trim(text)
        if body.isEmpty { return 0 }
        for (prefix, radix) in [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)] where body.hasPrefix(prefix) {
            let digits = body.dropFirst(2)
            return digits.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit) ? Int(digits, radix: radix) : nil
        }
        if let whole = Int(body) { return whole }
        let decimal = body.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || "+-.eE".unicodeScalars.contains($0) }
        guard decimal, body.rangeOfCharacter(from: .decimalDigits) != nil, let value = Double(body),
              value.isFinite, value.rounded() == value, abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    /// JavaScript's `parseInt(text)` (radix 10, or 16 after `0x`): the value, and whether the
    /// digits were all of the text (`parseInt("252abc")` is 252 but not clean).
    static func parseInt(_ text: some StringProtocol) -> (value: Int?, clean: Bool) {
        var scalars = Substring(trim(text)).unicodeScalars
        var sign = 1
        if let first = scalars.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            scalars = scalars.dropFirst()
        }
        var radix = 10
        if String(scalars.prefix(2)).lowercased() == "0x" {
            radix = 16
            scalars = scalars.dropFirst(2)
        }
        let digits = scalars.prefix { $0.isASCII && Int(String($0), radix: radix) != nil }
        guard !digits.isEmpty, let magnitude = Int(String(digits), radix: radix) else { return (nil, false) }
        return (sign * magnitude, digits.count == scalars.count)
    }
}
