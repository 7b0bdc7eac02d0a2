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
        var ordered: [CatalogEntry] = []
        var header: [String: String] = [:]
        var current = Pending()
        var field: Field?
        func finish() {
            defer { current = Pending() }
            guard let msgid = current.msgid else { return }
            guard let key = current.msgctxt else {
                if msgid.isEmpty { header = Self.headerFields(current.msgstr[0] ?? "") }
                return
            }
            let count = (current.msgstr.keys.max() ?? -1) + 1
            ordered.append(CatalogEntry(
                key: key, comment: current.comment.joined(separator: "\n"), flags: current.flags,
                english: msgid, englishPlural: current.msgidPlural,
                translations: (0..<count).map { current.msgstr[$0] ?? "" }))
        }
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty {
                finish()
                field = nil
                continue
            }
            if line.hasPrefix("#") {
                // A comment after a message's strings starts the next message.
                if field != nil { finish(); field = nil }
                if line.hasPrefix("#.") {
                    current.comment.append(String(line.dropFirst(2).drop { $0 == " " }))
                } else if line.hasPrefix("#,") {
                    for flag in line.dropFirst(2).split(separator: ",") {
                        current.flags.insert(flag.trimmingSpaces())
                    }
                }
                continue
            }
            if line.hasPrefix("\"") {
                guard let field, let value = Self.quoted(line) else { throw .badLine(number, String(rawLine)) }
                current.append(value, to: field)
                continue
            }
            guard let space = line.firstIndex(of: " "), let value = Self.quoted(line[line.index(after: space)...]) else {
                throw .badLine(number, String(rawLine))
            }
            let keyword = line[..<space]
            let next: Field
            switch keyword {
            case "msgctxt":
                if field != nil { finish() }
                next = .msgctxt
            case "msgid": next = .msgid
            case "msgid_plural": next = .msgidPlural
            case "msgstr": next = .msgstr(0)
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                      let index = Int(keyword.dropFirst(7).dropLast()), (0..<6).contains(index) else {
                    throw .badLine(number, String(rawLine))
                }
                next = .msgstr(index)
            }
            if next == .msgid, current.msgid != nil { finish() }
            field = next
            current.start(next, value)
        }
        finish()
        self.ordered = ordered
        self.header = header
        var entries: [String: CatalogEntry] = [:]
        entries.reserveCapacity(ordered.count)
        for entry in ordered { entries[entry.key] = entry }
        self.entries = entries
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
        var msgstr: [Int: String] = [:]

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

    /// The contents of a quoted string (`"a \"b\"\n"`), or nil when it is not one.
    private static func quoted(_ text: Substring) -> String? {
        let trimmed = text.trimmingSpaces()
        guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return nil }
        var result = ""
        var escaped = false
        for character in trimmed.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return escaped ? nil : result
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
        let file = language.catalogFile
        if let cached = cache.withLock({ $0[file] }) { return cached }
        var length = 0
        let catalog: StringCatalog
        if let bytes = mydex_strings_file(file, &length),
           let parsed = try? StringCatalog(text: String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)) {
            catalog = parsed
        } else {
            // A file that does not parse fails the completeness test; the user gets the keys' English.
            catalog = StringCatalog.empty
        }
        cache.withLock { $0[file] = catalog }
        return catalog
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

extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
