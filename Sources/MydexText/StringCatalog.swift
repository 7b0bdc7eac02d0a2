import CMydexStrings
import Synchronization

/// One message of a gettext catalog, keyed by meaning (`msgctxt`, e.g. `catch.caught`).
public struct CatalogEntry: Sendable, Equatable {
    public var key: String
    /// The note for translators (`#.` lines).
    public var comment: String
    /// Flags (`#,` lines), e.g. `same-as-english` for a word that is the same in every language.
    public var flags: Set<String>
    /// The English text (`msgid`), and its plural (`msgid_plural`) for a message that counts.
    public var english: String
    public var englishPlural: String?
    /// The translation: one form, or one per plural form of the language (`msgstr[n]`).
    public var translations: [String]
}

/// A gettext catalog (`mydex.pot`, `ko.po`, …): parsed from the text translators edit, once per
/// language and process, from the copy embedded in the binary.
public struct StringCatalog: Sendable {
    public let entries: [String: CatalogEntry]
    /// The entries in file order (the completeness test reads them all).
    public let ordered: [CatalogEntry]
    /// The header's fields (`Language`, `Plural-Forms`, …).
    public let header: [String: String]

    public enum ParseError: Error, CustomStringConvertible {
        case badLine(Int, String)
        public var description: String {
            switch self {
            case .badLine(let number, let line): "line \(number): cannot read \(line)"
            }
        }
    }

    public init(text: String) throws(ParseError) {
        let bytes = Array(text.utf8)
        self = try bytes.withUnsafeBufferPointer { buffer throws(ParseError) in try StringCatalog(bytes: buffer) }
    }

    /// Parses the UTF-8 bytes of a catalog. Works on bytes, not Characters: the catalog is read at
    /// the first message of every command, and grapheme-by-grapheme parsing costs milliseconds.
    /// `notes`: whether to keep the translators' notes and flags (`#.`, `#,`): tests read them,
    /// a command never does, and skipping them is most of the parse.
    init(bytes: UnsafeBufferPointer<UInt8>, notes: Bool = true) throws(ParseError) {
        (ordered, header) = try Self.messages(bytes, notes: notes)
        var entries: [String: CatalogEntry] = [:]
        entries.reserveCapacity(ordered.count)
        for entry in ordered { entries[entry.key] = entry }
        self.entries = entries
    }

    /// The messages of a catalog's bytes in file order, and its header's fields: what `init`
    /// keys by message, and all `embeddedEntry` needs of the one message it parses.
    private static func messages(
        _ bytes: UnsafeBufferPointer<UInt8>, notes: Bool
    ) throws(ParseError) -> (ordered: [CatalogEntry], header: [String: String]) {
        var ordered: [CatalogEntry] = []
        var header: [String: String] = [:]
        var current = Pending()
        var field: Field?
        func finish() {
            defer { current = Pending() }
            // A compacted catalog's messages carry no English (`compacted`): an empty msgid.
            guard let msgid = current.msgid ?? (current.msgctxt != nil && current.msgstr.contains { $0 != nil } ? "" : nil) else { return }
            guard let key = current.msgctxt else {
                if msgid.isEmpty { header = Self.headerFields(current.msgstr[0] ?? "") }
                return
            }
            let count = (current.msgstr.lastIndex { $0 != nil } ?? -1) + 1
            ordered.append(CatalogEntry(
                key: key, comment: current.comment.joined(separator: "\n"), flags: current.flags,
                english: msgid, englishPlural: current.msgidPlural,
                translations: current.msgstr[..<count].map { $0 ?? "" }))
        }
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        let hash = UInt8(ascii: "#"), quote = UInt8(ascii: "\"")
        var number = 0
        var lineStart = 0
        while lineStart <= bytes.count {
            number += 1
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != newline { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            var start = lineStart
            while start < lineEnd, bytes[start] == space || bytes[start] == tab { start += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
            func bad() -> ParseError { .badLine(number, String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self)) }
            if line.isEmpty {
                finish()
                field = nil
                continue
            }
            if line[0] == hash {
                // A comment after a message's strings starts the next message.
                if field != nil { finish(); field = nil }
                guard notes, line.count >= 2 else { continue }
                let rest = String(decoding: UnsafeBufferPointer(rebasing: line.dropFirst(2)), as: UTF8.self)
                if line[1] == UInt8(ascii: ".") {
                    current.comment.append(rest.trimmingSpaces())
                } else if line[1] == UInt8(ascii: ",") {
                    for flag in rest.split(separator: ",") { current.flags.insert(flag.trimmingSpaces()) }
                }
                continue
            }
            if line[0] == quote {
                guard let field, let value = Self.quoted(line) else { throw bad() }
                current.append(value, to: field)
                continue
            }
            guard let space = line.firstIndex(of: space),
                  let value = Self.quoted(UnsafeBufferPointer(rebasing: line[(space + 1)...])) else { throw bad() }
            let next: Field
            switch String(decoding: UnsafeBufferPointer(rebasing: line[..<space]), as: UTF8.self) {
            case "msgctxt":
                if field != nil { finish() }
                next = .msgctxt
            case "msgid": next = .msgid
            case "msgid_plural": next = .msgidPlural
            case "msgstr": next = .msgstr(0)
            case let keyword:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                      let index = Int(keyword.dropFirst(7).dropLast()), (0..<6).contains(index) else { throw bad() }
                next = .msgstr(index)
            }
            if next == .msgid, current.msgid != nil { finish() }
            field = next
            current.start(next, value)
        }
        finish()
        return (ordered, header)
    }

    private enum Field: Equatable {
        case msgctxt, msgid, msgidPlural
        case msgstr(Int)
    }

    private struct Pending {
        var comment: [String] = []
        var flags: Set<String> = []
        var msgctxt: String?
        var msgid: String?
        var msgidPlural: String?
        /// `msgstr`, or `msgstr[n]` for the plural forms (at most six, as gettext's languages have).
        var msgstr: [String?] = Array(repeating: nil, count: 6)

        mutating func start(_ field: Field, _ value: String) {
            switch field {
            case .msgctxt: msgctxt = value
            case .msgid: msgid = value
            case .msgidPlural: msgidPlural = value
            case .msgstr(let index): msgstr[index] = value
            }
        }

        mutating func append(_ value: String, to field: Field) {
            switch field {
            case .msgctxt: msgctxt = (msgctxt ?? "") + value
            case .msgid: msgid = (msgid ?? "") + value
            case .msgidPlural: msgidPlural = (msgidPlural ?? "") + value
            case .msgstr(let index): msgstr[index] = (msgstr[index] ?? "") + value
            }
        }
    }

    /// The contents of a quoted string (`"a \"b\"\n"`, trailing spaces allowed), or nil when it is not one.
    private static func quoted(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        var end = text.count
        while end > 0, text[end - 1] == UInt8(ascii: " ") || text[end - 1] == UInt8(ascii: "\t") || text[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard end >= 2, text[0] == quote, text[end - 1] == quote else { return nil }
        let body = UnsafeBufferPointer(rebasing: text[1..<(end - 1)])
        guard body.contains(backslash) else { return String(decoding: body, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(body.count)
        var escaped = false
        for byte in body {
            if escaped {
                switch byte {
                case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
                default: result.append(byte)
                }
                escaped = false
            } else if byte == backslash {
                escaped = true
            } else {
                if byte == quote { return nil }
                result.append(byte)
            }
        }
        return escaped ? nil : String(decoding: result, as: UTF8.self)
    }

    private static func headerFields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingSpaces()
        }
        return fields
    }

    /// The embedded catalog of `language`: parsed on first use, then kept for the process (the
    /// bytes are part of the binary and never change).
    public static func embedded(_ language: InterfaceLanguage) -> StringCatalog {
        let file = language.embeddedFile
        if let cached = cache.withLock({ $0[file] }) { return cached }
        var length = 0
        let catalog: StringCatalog
        if let bytes = mydex_strings_file(file, &length),
           let parsed = try? StringCatalog(bytes: UnsafeBufferPointer(start: bytes, count: length), notes: false) {
            catalog = parsed
        } else {
            // A file that does not parse fails the completeness test; the user gets the keys' English.
            catalog = StringCatalog.empty
        }
        cache.withLock { $0[file] = catalog }
        return catalog
    }

    /// The message `key` of `language`'s embedded catalog, found without parsing the catalog:
    /// the catalogs are sorted by key (a test keeps them so), so a binary search over the bytes
    /// finds the message's lines and only they are parsed. Parsing a whole catalog took most of
    /// a millisecond at every command's first word; a lookup takes a few microseconds.
    /// Messages are kept once found: swift-argument-parser reads every command's configuration,
    /// and so its words, many times over while it parses.
    public static func embeddedEntry(_ key: String, in language: InterfaceLanguage) -> CatalogEntry? {
        let file = language.embeddedFile
        if let known = found.withLock({ $0[file]?[key] }) { return known }
        var length = 0
        guard let bytes = mydex_strings_file(file, &length) else { return nil }
        let text = UnsafeBufferPointer(start: bytes, count: length)
        var entry: CatalogEntry?
        if let range = SortedCatalogText(text).range(of: Array(key.utf8)),
           let parsed = try? messages(UnsafeBufferPointer(rebasing: text[range]), notes: false).ordered.first,
           parsed.key == key {
            entry = parsed
        }
        found.withLock { $0[file, default: [:]][key] = .some(entry) }
        return entry
    }

    /// What `embeddedEntry` found (or that it found nothing), by file and key.
    private static let found = Mutex<[String: [String: CatalogEntry?]]>([:])

    /// What the binary embeds of this catalog (`CMydexStrings/embedded/`): its messages sorted by
    /// key, without the notes for translators and flags, and only one language's text: the
    /// English (`msgid`, `msgid_plural`) with `english`, else the translation (`msgstr`, no
    /// `msgid`; an empty `msgid_plural` marks a message that counts). The full catalogs are for translators; this
    /// is 40% of their size, which the binary's size goal needs (docs/PERFORMANCE.md). A test
    /// keeps the embedded files equal to what this makes of the tree's catalogs.
    public func compacted(english: Bool, source: String) -> String {
        func quoted(_ text: String) -> String {
            var result = "\""
            for character in text {
                switch character {
                case "\\": result += "\\\\"
                case "\"": result += "\\\""
                case "\n": result += "\\n"
                case "\t": result += "\\t"
                default: result.append(character)
                }
            }
            return result + "\""
        }
        var lines = [
            "# What the binary embeds of \(source), made from it: edit \(source), then run",
            "# MYDEX_UPDATE_GOLDEN=1 swift test --filter embeddedCatalogs",
            "msgid \"\"",
            "msgstr " + quoted(header.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\n" }.joined()),
        ]
        for entry in ordered.sorted(by: { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }) {
            lines += ["", "msgctxt " + quoted(entry.key)]
            if english { lines.append("msgid " + quoted(entry.english)) }
            if let plural = entry.englishPlural { lines.append("msgid_plural " + quoted(english ? plural : "")) }
            if english {
                lines.append("msgstr \"\"")
            } else if entry.englishPlural == nil {
                lines.append("msgstr " + quoted(entry.translations.first ?? ""))
            } else {
                for (index, text) in entry.translations.enumerated() { lines.append("msgstr[\(index)] " + quoted(text)) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The raw text of an embedded catalog file, for tests that compare it with the source tree.
    public static func embeddedText(_ file: String) -> String? {
        var length = 0
        guard let bytes = mydex_strings_file(file, &length) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    private init() {
        entries = [:]
        ordered = []
        header = [:]
    }

    private static let empty = StringCatalog()
    private static let cache = Mutex<[String: StringCatalog]>([:])
}

/// A catalog's text, its messages sorted by key: where a message's lines are, by binary search.
struct SortedCatalogText {
    let bytes: UnsafeBufferPointer<UInt8>
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private static let keyword = Array("msgctxt \"".utf8)
    private static let newline = UInt8(ascii: "\n")

    /// The bytes from the `msgctxt` line of `key` to the blank line after its message.
    func range(of key: [UInt8]) -> Range<Int>? {
        // Invariant: the message of `key`, if there is one, starts in lower..<upper.
        var lower = 0, upper = bytes.count
        while lower < upper {
            let middle = lower + (upper - lower) / 2
            guard let start = nextMessage(from: middle), start < upper else {
                upper = middle
                continue
            }
            let found = self.key(at: start)
            if found.elementsEqual(key) { return start..<end(of: start) }
            if found.lexicographicallyPrecedes(key) { lower = start + 1 } else { upper = start }
        }
        return nil
    }

    /// Where the first `msgctxt` line at or after `offset` starts.
    private func nextMessage(from offset: Int) -> Int? {
        var line = offset
        // From inside a line, the next line.
        if line > 0, bytes[line - 1] != Self.newline {
            guard let end = bytes[line...].firstIndex(of: Self.newline) else { return nil }
            line = end + 1
        }
        while line + Self.keyword.count <= bytes.count {
            if bytes[line..<(line + Self.keyword.count)].elementsEqual(Self.keyword) { return line }
            guard let end = bytes[line...].firstIndex(of: Self.newline) else { return nil }
            line = end + 1
        }
        return nil
    }

    /// The key on the `msgctxt` line at `start` (keys have no escapes: they are ASCII names).
    private func key(at start: Int) -> Slice<UnsafeBufferPointer<UInt8>> {
        let from = start + Self.keyword.count
        let to = bytes[from...].firstIndex(of: UInt8(ascii: "\"")) ?? from
        return bytes[from..<to]
    }

    /// The end of the message starting at `start`: its blank line, or the end of the text.
    private func end(of start: Int) -> Int {
        var index = start
        while let newline = bytes[index...].firstIndex(of: Self.newline) {
            if newline + 1 >= bytes.count || bytes[newline + 1] == Self.newline { return newline + 1 }
            index = newline + 1
        }
        return bytes.count
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
