import Foundation
import MydexStore

/// The two formats `export` writes and `import` reads.
public enum TransferFormat: String, Sendable, CaseIterable {
    case csv, json

    /// The format a file name asks for by its extension (`.csv`, `.json`, any case); nil for others.
    public static func fromExtension(_ path: String) -> TransferFormat? {
        TransferFormat(rawValue: (path as NSString).pathExtension.lowercased())
    }
}

/// The columns of an exported file, in order: CSV header names and JSON keys.
public enum TransferColumn: String, Sendable, CaseIterable {
    case id, uuid, dex, species, name, nickname, favorite, shiny, caughtAt, releasedAt

    /// The CSV header's name: `caught_at`, `released_at`, the rest as they are.
    public var csvName: String {
        switch self {
        case .caughtAt: "caught_at"
        case .releasedAt: "released_at"
        default: rawValue
        }
    }

    /// The column's value for an entry, as CSV writes it (empty when it has none).
    public func csvValue(_ entry: CollectionEntry) -> String {
        switch self {
        case .id: String(entry.id)
        case .uuid: entry.uuid
        case .dex: String(entry.speciesID)
        case .species: entry.speciesName
        case .name: entry.name
        case .nickname: entry.nickname ?? ""
        case .favorite: entry.isFavorite ? "true" : "false"
        case .shiny: entry.isShiny ? "true" : "false"
        case .caughtAt: TransferTime.text(entry.caughtAt)
        case .releasedAt: entry.releasedAt.map(TransferTime.text) ?? ""
        }
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

    public static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
