import Foundation
import MydexModel
import MydexServices
import MydexText

/// A command's result: printed as text, or with `--json` as one JSON document that starts with
/// `"schema": 1` (docs/GUIDE.md's "JSON output" documents every document and object). A command
/// builds one such value and gives it to `Printer.emit`, the one place that chooses.
protocol CommandOutput: Encodable {
    func printText(to printer: Printer) throws
}

/// A command's result written as its pages are read, in either form (`list`, `history`): what
/// memory could not hold whole. The document it writes is the one `JSONOutput` would render.
protocol StreamedOutput: Sendable {
    func printText(to printer: Printer) async throws
    func printJSON(to printer: Printer) async throws
}

/// The version of mydex's JSON: bumped only when a field changes meaning or disappears.
enum JSONSchema {
    static let version = 1
}

/// A command's JSON document: `"schema": 1`, then the output's own fields.
struct JSONDocument<Value: Encodable>: Encodable {
    let value: Value

    private enum Keys: String, CodingKey { case schema }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(JSONSchema.version, forKey: .schema)
        try value.encode(to: encoder)
    }
}

/// mydex's JSON: sorted keys, ISO 8601 dates, and every character a terminal could act on
/// written as a `\u` escape (JSONEncoder leaves C1 controls and bidi overrides raw).
struct JSONOutput {
    private let encoder: JSONEncoder

    init() {
        encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
    }

    static func render(_ value: some Encodable) throws -> SafeText { try JSONOutput().render(value) }

    func render(_ value: some Encodable) throws -> SafeText {
        // Foundation pretty-prints empty containers over three lines; raw newlines only occur
        // between tokens in JSON, so this cannot touch string contents.
        var json = String(decoding: try encoder.encode(value), as: UTF8.self)
        // An empty container is the only place a line holds nothing but spaces.
        if json.contains("\n\n") || json.contains(" \n") {
            json = json
                .replacingOccurrences(of: #"\[\n\s*\n\s*\]"#, with: "[]", options: .regularExpression)
                .replacingOccurrences(of: #"\{\n\s*\n\s*\}"#, with: "{}", options: .regularExpression)
        }
        guard json.unicodeScalars.contains(where: { TerminalText.isUnsafe($0) && $0.value > 0x1F }) else { return .json(json) }
        var escaped = ""
        for scalar in json.unicodeScalars {
            // C0 controls are already escaped by JSONEncoder; the rest (DEL, C1, bidi, separators) here.
            if TerminalText.isUnsafe(scalar), scalar.value > 0x1F {
                escaped += String(format: "\\u%04X", scalar.value)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return .json(escaped)
    }
}

extension JSONOutput {
    /// `value` as an element of a document's array, at the depth `JSONArrayStream` puts it.
    static func element(_ value: some Encodable) throws -> SafeText {
        .json("    " + (EntryJSON.nested(value, indent: "    ") ?? "null"))
    }
}

/// A document whose array is written element by element as its pages are read (`list`,
/// `export`, `history`): `{"key" : [ … ], …the rest}`, exactly as `JSONOutput` renders the
/// whole document, which memory could not hold for a large collection. Keys are sorted: the
/// array's key sorts before every other key of the document.
struct JSONArrayStream {
    let key: String
    private var previous: SafeText?

    init(key: String) { self.key = key }

    /// Adds an element rendered at depth 2 (`EntryJSON.element(depth: 2)`,
    /// `JSONOutput.element`). Each is written once the next one comes: all but the last take a comma.
    mutating func append(_ element: SafeText, to emit: (SafeText) throws -> Void) throws {
        if let previous { try emit(previous + ",") } else { try emit(.json("{\n  \"\(key)\" : [")) }
        previous = element
    }

    /// Ends the array and the document with the rest of its fields (`"schema" : 1`), in key order.
    func finish(_ rest: [String], to emit: (SafeText) throws -> Void) throws {
        let tail = rest.isEmpty ? "" : ",\n" + rest.map { "  " + $0 }.joined(separator: ",\n")
        if let previous {
            try emit(previous)
            try emit(.json("  ]" + tail + "\n}"))
        } else {
            try emit(.json("{\n  \"\(key)\" : []" + tail + "\n}"))
        }
    }
}

/// JSON text as `JSONOutput` writes it: JSONEncoder's escapes, plus `\u` escapes for what a
/// terminal could act on.
enum JSONText {
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 {
                    result += "\\u" + hex4(scalar.value, uppercase: false)
                } else if TerminalText.isUnsafe(scalar) {
                    result += "\\u" + hex4(scalar.value, uppercase: true)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func hex4(_ value: UInt32, uppercase: Bool) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `2026-11-21T07:35:00Z`, as JSONEncoder's `.iso8601` writes a date (whole seconds, UTC).
    static func iso8601(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = GregorianDays.civil(fromDays: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60))Z"
    }
}
