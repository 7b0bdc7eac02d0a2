import Foundation
import MydexStore
import MydexModel
import MydexText

/// The two formats `export` writes and `import` reads.
public enum TransferFormat: String, Sendable, CaseIterable {
    case csv, json

    /// The format a file name asks for by its extension (`.csv`, `.json`, any case); nil for others.
    public static func fromExtension(_ path: String) -> TransferFormat? {
        TransferFormat(rawValue: (path as NSString).pathExtension.lowercased())
    }

    /// What a file holds, by its first character (after a byte order mark and white space):
    /// `{` (or `[`) is JSON, anything else CSV.
    public static func detect(_ bytes: [UInt8]) -> TransferFormat {
        let start = bytes.starts(with: CSVText.byteOrderMark) ? 3 : 0
        let first = bytes[start...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .csv
    }
}

/// The columns of an exported file, in order: CSV header names and JSON keys.
public enum TransferColumn: String, Sendable, CaseIterable {
    case id, uuid, dex, species, form, name, nickname, favorite, shiny, caughtAt, releasedAt
    /// Where and how it was caught from an encounter: in CSV, the JSON object mydex's JSON
    /// carries, as the cell's text (empty for other entries).
    case encounter
    /// The individual and its origin: in CSV one cell, the JSON of the fields mydex's JSON gives
    /// the entry (`level`, `gender`, `nature`, …, `origin`); empty for an entry without one.
    case individual

    /// Where the column is among all of them (`TransferValues`' slot).
    var position: Int {
        switch self {
        case .id: 0
        case .uuid: 1
        case .dex: 2
        case .species: 3
        case .form: 4
        case .name: 5
        case .nickname: 6
        case .favorite: 7
        case .shiny: 8
        case .caughtAt: 9
        case .releasedAt: 10
        case .encounter: 11
        case .individual: 12
        }
    }

    /// The CSV header's name: `caught_at`, `released_at`, the rest as they are.
    public var csvName: String {
        switch self {
        case .caughtAt: "caught_at"
        case .releasedAt: "released_at"
        default: rawValue
        }
    }

    /// The column's value for an entry, as CSV writes it (empty when it has none).
    public func csvValue(_ entry: CollectionEntry, encounter: TransferredEncounter? = nil) -> String {
        switch self {
        case .encounter: encounter.flatMap(Self.compactJSON) ?? ""
        case .individual:
            entry.individual.flatMap { Self.compactJSON(TransferredIndividual($0, origin: entry.origin, saved: entry.saved)) } ?? ""
        case .id: String(entry.id)
        case .uuid: entry.uuid
        case .dex: String(entry.speciesID)
        case .species: entry.speciesName
        case .form: entry.form
        case .name: entry.name
        case .nickname: entry.nickname ?? ""
        case .favorite: entry.isFavorite ? "true" : "false"
        case .shiny: entry.isShiny ? "true" : "false"
        case .caughtAt: TransferTime.text(entry.caughtAt)
        case .releasedAt: entry.releasedAt.map(TransferTime.text) ?? ""
        }
    }

    /// An encounter as one line of JSON, its keys sorted: a CSV cell.
    static func compactJSON(_ encounter: some Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(encounter)).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// CSV as RFC 4180 has it: records end in CRLF; a field holding a comma, a quote, CR or LF is
/// quoted, its quotes doubled. Text is UTF-8.
public enum CSVText {
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// One record, without its line end.
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",")
    }

    /// What starts a formula in a spreadsheet (OWASP's "CSV injection": `=`, `+`, `-`, `@`, a
    /// tab, a carriage return).
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    /// `text` as an exported cell: one that a spreadsheet would run as a formula gets a leading
    /// `'`, which spreadsheets show as text and `revealed` takes off again. A value that already
    /// starts with `'` before such a character (or before another `'`) gets one too, so that the
    /// round trip stays exact; any other `'` is left as it is (files written before keep reading
    /// as they were).
    public static func neutralized(_ text: String) -> String {
        guard let first = text.first else { return text }
        if formulaStarts.contains(first) { return "'" + text }
        if first == "'", let second = text.dropFirst().first, second == "'" || formulaStarts.contains(second) {
            return "'" + text
        }
        return text
    }

    /// An imported cell as it was before `neutralized`.
    public static func revealed(_ text: String) -> String {
        guard text.first == "'", let second = text.dropFirst().first, second == "'" || formulaStarts.contains(second) else {
            return text
        }
        return String(text.dropFirst())
    }

    public static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A record read back, with the line it starts on.
    public struct Record: Sendable, Equatable {
        public var line: Int
        public var fields: [String]
    }

    /// Why a file is not CSV, and where.
    public struct Problem: Error, Sendable, Equatable {
        public var line: Int
        public var message: String
    }

    /// The records of `bytes` (a byte order mark at the start is skipped). Lines may end in
    /// CRLF, LF or CR; blank lines are skipped; quoted fields may hold line breaks. Fields are
    /// separated by commas, or by semicolons or tabs when the first line has those and no comma
    /// (Excel saves CSV with semicolons where the comma is the decimal mark).
    public static func records(_ bytes: [UInt8]) throws(Problem) -> [Record] {
        var records: [Record] = []
        try forEachRecord(bytes) { records.append($0) }
        return records
    }

    /// Each record of `bytes` in turn, as it is read: an import of 100,000 rows never holds
    /// them all at once.
    public static func forEachRecord(_ bytes: [UInt8], _ body: (Record) -> Void) throws(Problem) {
        let firstLine = bytes.prefix { $0 != 0x0A && $0 != 0x0D }
        let separator: UInt8 = firstLine.contains(0x2C) ? 0x2C
            : firstLine.contains(0x3B) ? 0x3B : firstLine.contains(0x09) ? 0x09 : 0x2C
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var index = bytes.starts(with: byteOrderMark) ? 3 : 0
        var quoted = false  // the current field started with a quote
        var fieldHasContent = false

        func endField() throws(Problem) {
            guard let text = String(validating: field, as: UTF8.self) else {
                throw Problem(line: recordLine, message: tr("transfer.csv.not-utf8"))
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
            quoted = false
            fieldHasContent = false
        }
        func endRecord() throws(Problem) {
            try endField()
            // A line with nothing on it is no record.
            if !(fields.count == 1 && fields[0].isEmpty) { body(Record(line: recordLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
        }

        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == 0x22 {
                    if index + 1 < bytes.count, bytes[index + 1] == 0x22 {
                        field.append(0x22)
                        index += 2
                        continue
                    }
                    // The closing quote: a separator, a line end or the end must follow.
                    index += 1
                    if index < bytes.count, ![separator, 0x0D, 0x0A].contains(bytes[index]) {
                        throw Problem(line: line, message: tr("transfer.csv.text-after-quote"))
                    }
                    quoted = false
                    fieldHasContent = true
                    continue
                }
                if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) { line += 1 }
                field.append(byte)
                index += 1
                continue
            }
            switch byte {
            case separator:
                try endField()
                index += 1
            case 0x0D, 0x0A:
                try endRecord()
                index += (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) ? 2 : 1
                line += 1
                recordLine = line
            case 0x22 where field.isEmpty && !fieldHasContent:
                quoted = true
                index += 1
            case 0x22:
                throw Problem(line: line, message: tr("transfer.csv.quote-in-field"))
            default:
                field.append(byte)
                index += 1
            }
        }
        if quoted { throw Problem(line: recordLine, message: tr("transfer.csv.unclosed-quote")) }
        if !field.isEmpty || !fields.isEmpty || fieldHasContent { try endRecord() }
    }
}
