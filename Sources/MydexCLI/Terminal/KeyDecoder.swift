/// What a full-screen view hears from the terminal: a key, pasted text or a mouse event.
enum KeyEvent: Equatable, Sendable {
    /// Printable text: one character (a Hangul syllable, a kana, a letter, an emoji).
    case character(Character)
    case up, down, left, right, home, end, pageUp, pageDown, insert, delete
    case enter, tab, backTab, backspace, escape
    /// Ctrl with a letter (`a`…`z`), other than those that are keys of their own (Tab, Enter).
    case control(Character)
    /// F1…F12.
    case function(Int)
    /// Bracketed paste: the text as it came, never taken for keys.
    case paste(String)
    case mouse(MouseEvent)
    /// A sequence mydex does not know, kept so that it is ignored whole rather than typed.
    case unknown([UInt8])
}

/// A mouse event in SGR reporting (mode 1006): 1-based cell coordinates.
struct MouseEvent: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// 0 left, 1 middle, 2 right.
        case press(button: Int)
        case release
        case wheelUp, wheelDown
        case drag
    }

    var kind: Kind
    var column: Int
    var row: Int
}

/// Turns the bytes a terminal sends into key events. Bytes may arrive split anywhere (an escape
/// sequence or a UTF-8 character across two reads): what is incomplete waits for the next feed.
/// A lone ESC cannot be told from the start of a sequence by its bytes, so it waits too, until
/// the caller has heard nothing more for a moment and calls `flush()`.
struct KeyDecoder {
    private var pending: [UInt8] = []
    /// The text of a bracketed paste being read, until its end marker.
    private var pasting: [UInt8]?

    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Whether bytes wait for more (a sequence begun, a lone ESC, a paste in progress): the
    /// caller then listens a moment before calling `flush()`.
    var isWaiting: Bool { !pending.isEmpty || pasting != nil }

    /// The events `bytes` complete, in order.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
        pending += bytes
        var events: [KeyEvent] = []
        while let (event, used) = next() {
            pending.removeFirst(used)
            if let event { events.append(event) }
        }
        return events
    }

    /// What the waiting bytes mean when no more are coming: a lone ESC is the Escape key, a cut
    /// sequence is unknown. A paste in progress keeps waiting for its end.
    mutating func flush() -> [KeyEvent] {
        guard pasting == nil, !pending.isEmpty else { return [] }
        let rest = pending
        pending = []
        return rest == [0x1B] ? [.escape] : [.unknown(rest)]
    }

    /// The next event at the start of `pending` and how many bytes it takes (nil event: bytes
    /// consumed with nothing to report), or nil when the bytes there are incomplete.
    private mutating func next() -> (KeyEvent?, Int)? {
        if var text = pasting {
            guard let end = Self.index(of: Self.pasteEnd, in: pending) else {
                // Keep the bytes that could start the end marker; take the rest into the text.
                let keep = Self.partialSuffix(of: pending, matching: Self.pasteEnd)
                let take = pending.count - keep
                guard take > 0 else { return nil }
                text += pending[..<take]
                pasting = text
                return (nil, take)
            }
            text += pending[..<end]
            pasting = nil
            return (.paste(String(decoding: text, as: UTF8.self)), end + Self.pasteEnd.count)
        }
        guard let first = pending.first else { return nil }
        switch first {
        case 0x1B: return escape()
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00: return (.control("@"), 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x1C...0x1F: return (.unknown([first]), 1)
        default: return utf8Character()
        }
    }

    /// ESC alone, CSI (`ESC [`), SS3 (`ESC O`), or ESC before another key (Alt): the Escape key,
    /// then that key.
    private mutating func escape() -> (KeyEvent?, Int)? {
        guard pending.count >= 2 else { return nil }
        switch pending[1] {
        case UInt8(ascii: "["): return controlSequence()
        case UInt8(ascii: "O"):
            guard pending.count >= 3 else { return nil }
            let event: KeyEvent = switch pending[2] {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "D"): .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(pending[2] - UInt8(ascii: "P")) + 1)
            default: .unknown(Array(pending[0..<3]))
            }
            return (event, 3)
        default:
            return (.escape, 1)
        }
    }

    /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), a final byte (0x40–0x7E).
    private mutating func controlSequence() -> (KeyEvent?, Int)? {
        var end = 2
        while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return nil }
        let final = pending[end]
        let length = end + 1
        guard (0x40...0x7E).contains(final) else { return (.unknown(Array(pending[0..<length])), length) }
        let parameters = String(decoding: pending[2..<end], as: UTF8.self)
        if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            return (mouse(String(parameters.dropFirst()), released: final == UInt8(ascii: "m")) ?? .unknown(Array(pending[0..<length])), length)
        }
        let numbers = parameters.split(separator: ";").map { Int($0) }
        switch final {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (.right, length)
        case UInt8(ascii: "D"): return (.left, length)
        case UInt8(ascii: "H"): return (.home, length)
        case UInt8(ascii: "F"): return (.end, length)
        case UInt8(ascii: "Z"): return (.backTab, length)
        case UInt8(ascii: "~"):
            switch numbers.first ?? nil {
            case 1, 7: return (.home, length)
            case 4, 8: return (.end, length)
            case 2: return (.insert, length)
            case 3: return (.delete, length)
            case 5: return (.pageUp, length)
            case 6: return (.pageDown, length)
            case 200:
                pasting = []
                return (nil, length)
            case let code?:
                let functionKeys = [11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 17: 6, 18: 7, 19: 8, 20: 9, 21: 10, 23: 11, 24: 12]
                if let key = functionKeys[code] { return (.function(key), length) }
                return (.unknown(Array(pending[0..<length])), length)
            case nil:
                return (.unknown(Array(pending[0..<length])), length)
            }
        default:
            return (.unknown(Array(pending[0..<length])), length)
        }
    }

    /// SGR mouse: `button;column;row`, the button's bits saying wheel (64) and motion (32).
    private func mouse(_ parameters: String, released: Bool) -> KeyEvent? {
        let values = parameters.split(separator: ";").compactMap { Int($0) }
        guard values.count == 3 else { return nil }
        let (button, column, row) = (values[0], values[1], values[2])
        let kind: MouseEvent.Kind
        if button & 64 != 0 {
            kind = button & 1 == 0 ? .wheelUp : .wheelDown
        } else if button & 32 != 0 {
            kind = .drag
        } else if released {
            kind = .release
        } else {
            kind = .press(button: button & 3)
        }
        return .mouse(MouseEvent(kind: kind, column: column, row: row))
    }

    /// One UTF-8 character, or nil while its bytes are incomplete; a malformed byte is unknown.
    private func utf8Character() -> (KeyEvent?, Int)? {
        let lead = pending[0]
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        guard length > 0 else { return (.unknown([lead]), 1) }
        guard pending.count >= length else { return nil }
        let bytes = Array(pending[0..<length])
        guard bytes.dropFirst().allSatisfy({ $0 >> 6 == 0b10 }),
              let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first else {
            return (.unknown([lead]), 1)
        }
        return (.character(Character(scalar)), length)
    }

    static func index(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// How many bytes at the end of `bytes` could be the start of `marker`.
    static func partialSuffix(of bytes: [UInt8], matching marker: [UInt8]) -> Int {
        for length in stride(from: min(bytes.count, marker.count - 1), through: 1, by: -1)
        where bytes.suffix(length).elementsEqual(marker.prefix(length)) {
            return length
        }
        return 0
    }
}
