/// A one-line text field in a full-screen view (a nickname, a search): editing by character as
/// people see characters (a Hangul syllable, one typed as jamo too, an emoji with its modifiers
/// is one), wide characters measured as two columns, and the view scrolled to keep the cursor
/// in sight.
struct LineEditor: Equatable, Sendable {
    enum Outcome: Equatable, Sendable {
        case editing
        /// Enter: the text as it stands.
        case done(String)
        /// Escape: nothing is to change.
        case cancelled
    }

    private(set) var characters: [Character]
    /// Where the cursor is, as a count of characters before it.
    private(set) var cursor: Int

    init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    var text: String { String(characters) }

    /// Applies one key; what is not for a text field (arrows up and down, function keys, the
    /// mouse) changes nothing.
    mutating func apply(_ event: KeyEvent) -> Outcome {
        switch event {
        case .character(let character):
            insert(String(character))
        case .paste(let pasted):
            // One line: line breaks and other controls become spaces, never keys.
            insert(String(pasted.map { $0.unicodeScalars.contains(where: TerminalText.isUnsafe) ? " " : $0 }))
        case .backspace:
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .control("u"):
            characters.removeFirst(cursor)
            cursor = 0
        case .control("k"):
            characters.removeLast(characters.count - cursor)
        case .enter: return .done(text)
        case .escape: return .cancelled
        default: break
        }
        return .editing
    }

    /// Inserts `text` at the cursor. A combining mark or a jamo that joins the character before
    /// it becomes part of that character (Swift's characters are grapheme clusters): the text is
    /// re-split around the cursor.
    private mutating func insert(_ text: String) {
        let before = String(characters[..<cursor]) + text
        let after = characters[cursor...]
        let joined = Array(before)
        characters = joined + after
        cursor = joined.count
    }

    /// What a field `width` columns wide shows: the part of the text around the cursor, and the
    /// cursor's column in it. The text scrolls by whole characters; a wide character that does
    /// not fit at the right edge is left for the next scroll.
    func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        let widths = characters.map { TerminalText.width(of: $0) }
        // The first character shown: as far left as lets the cursor (and one cell for it) fit.
        var first = 0
        while first < cursor, widths[first..<cursor].reduce(0, +) + 1 > width { first += 1 }
        var shown = ""
        var used = 0
        var cursorColumn = 0
        for index in first..<characters.count {
            if index == cursor { cursorColumn = used }
            guard used + widths[index] <= width else { break }
            shown.append(characters[index])
            used += widths[index]
        }
        if cursor == characters.count { cursorColumn = used }
        return (shown, cursorColumn)
    }
}
