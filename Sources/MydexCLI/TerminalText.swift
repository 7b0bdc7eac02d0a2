/// Text from outside mydex (API strings, nicknames, paths) must not drive the terminal.
enum TerminalText {
    /// `text` with every character that a terminal could act on written as a visible `\u{…}`:
    /// C0 and C1 controls (ESC, CSI, OSC, NUL, …), DEL, line and paragraph separators and the
    /// bidirectional overrides and isolates that can reorder what is shown.
    static func escaped(_ text: String) -> String {
        // Most text (numbers, English names, dates) is printable ASCII: one pass over the bytes.
        if isPrintableASCII(text) { return text }
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true                       // C0, DEL, C1
        case 0x2028, 0x2029: return true                                  // line/paragraph separator
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi controls
        default: return false
        }
    }

    /// How many terminal columns `text` takes: East Asian wide and fullwidth characters and
    /// emoji take two, combining marks none.
    static func displayWidth(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        if let width = scalarWidth(text) { return width }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// The width of text whose every scalar is a character of its own with a known width
    /// (Latin, Greek, Cyrillic, Hangul syllables, kana, CJK ideographs and punctuation), summed
    /// scalar by scalar; nil for anything that may combine (marks, jamo, emoji), which needs
    /// grapheme breaking. Korean and Japanese names and labels in every table row take this path.
    private static func scalarWidth(_ text: String) -> Int? {
        var total = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x2010...0x2027, 0x2030...0x205E,
                 0x2190...0x21FF, 0x2500...0x259F, 0x25A0...0x25FC, 0x2600...0x2613, 0x2616...0x2647, 0xFF61...0xFF9F:
                total += 1
            case 0x3000...0x303E, 0x3041...0x3096, 0x30A1...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
                 0xF900...0xFAFF, 0xFF01...0xFF60:
                total += 2
            default:
                return nil
            }
        }
        return total
    }

    /// Whether every byte is a printable ASCII character (one column each, nothing to escape).
    static func isPrintableASCII(_ text: String) -> Bool {
        // Over the contiguous bytes when the string has them (native strings do): a tight loop.
        let contiguous = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
            return true
        }
        return contiguous ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Whether `character` takes two columns (CJK, fullwidth, emoji).
    static func isWide(_ character: Character) -> Bool { width(of: character) == 2 }

    /// `text` cut to at most `width` columns, ending in "…" when something was cut.
    static func truncated(_ text: String, toWidth width: Int) -> String {
        guard displayWidth(text) > width else { return text }
        guard width > 1 else { return String(repeating: "…", count: max(width, 0)) }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = self.width(of: character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1,
           character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
            return 2  // emoji presentation selector
        }
        if first.properties.isEmojiPresentation { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(first.value) ? 2 : 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// One line of text broken into lines of at most `width` columns (as a terminal counts them),
    /// the lines after the first indented by `indent` spaces: at spaces (dropped), and between
    /// Chinese and Japanese characters, which are written without spaces, but never before
    /// closing punctuation or after opening punctuation. The first line's first `indent` columns
    /// (a label and its padding) are never broken. A word wider than a line stays whole.
    static func wrapped(_ line: String, width: Int, indent: Int = 0) -> [String] {
        guard displayWidth(line) > width, width > indent + 1 else { return [line] }
        let characters = Array(line)
        var lines: [String] = []
        var current: [Character] = []
        var used = 0
        // Where the current line may end: its length there, and whether a space is dropped.
        var breakAt: (count: Int, dropsSpace: Bool)?
        var previous: Character?
        for character in characters {
            let columns = self.width(of: character)
            if let before = previous, used >= indent {
                if character == " " {
                    breakAt = (current.count, true)
                } else if before != " ", canBreak(between: before, and: character) {
                    breakAt = (current.count, false)
                }
            }
            // Closing punctuation after a word that filled the line (a long path, then 、) goes to
            // the next line after all: past the edge the terminal would put it there, unindented.
            if used + columns > width, columns == 2, breakAt.map({ $0.count <= indent }) ?? true,
               current.count > indent, used > indent {
                breakAt = (current.count, false)
            }
            if used + columns > width, character != " ", let point = breakAt, point.count > indent {
                let kept = current[..<point.count]
                lines.append(String(kept).replacingTrailingSpaces())
                let rest = current[(point.dropsSpace ? point.count + 1 : point.count)...].drop { $0 == " " }
                current = Array(repeating: " ", count: indent) + rest
                used = current.reduce(0) { $0 + self.width(of: $1) }
                breakAt = nil
            }
            current.append(character)
            used += columns
            previous = character
        }
        lines.append(String(current))
        return lines
    }

    /// Whether a line may break between `before` and `after` with no space: around a Chinese or
    /// Japanese character, unless `after` closes or `before` opens (。」）… stay with what precedes them).
    private static func canBreak(between before: Character, and after: Character) -> Bool {
        guard !noBreakBefore.contains(after), !noBreakAfter.contains(before) else { return false }
        return isIdeographicOrKana(before) || isIdeographicOrKana(after)
    }

    /// Closing punctuation and small kana: they stay with what precedes them.
    private static let noBreakBefore: Set<Character> = [
        "、", "。", "，", "．", "）", "」", "』", "】", "〉", "》", "！", "？", "：", "；", "・", "ー", "…", "～",
        "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ",
        ")", ",", ".", ":", ";", "!", "?", "%", "”", "’",
    ]

    /// Opening punctuation and prefixes: they stay with what follows them.
    private static let noBreakAfter: Set<Character> = ["（", "「", "『", "【", "〈", "《", "(", "“", "‘", "#", "$", "-", "/"]

    /// Kana, CJK ideographs and full-width punctuation: written without spaces between words.
    private static func isIdeographicOrKana(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        return (0x3000...0x30FF).contains(value) || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFF01...0xFF60).contains(value)
    }

    /// `text` padded with spaces to `width` columns (on the right, or on the left for numbers).
    static func padded(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - displayWidth(text)))
        return alignRight ? padding + text : text + padding
    }
}

private extension String {
    func replacingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
