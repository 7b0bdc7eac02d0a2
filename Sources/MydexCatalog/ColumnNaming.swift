import GRDB

/// How record properties map to columns: snake_case, with `ID` and `URL` as words of their own
/// (`speciesID` ↔ `species_id`). GRDB's `convertFromSnakeCase` alone would look for `speciesId`.
package enum ColumnNaming {
    static let decoding = DatabaseColumnDecodingStrategy.custom { column in
        let words = column.split(separator: "_")
        var key = words.first.map(String.init) ?? column
        for word in words.dropFirst() {
            switch word {
            case "id", "url": key += word.uppercased()
            default: key += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        return AnyCodingKey(key)
    }

    /// `speciesID` → `species_id`, `shinySprite` → `shiny_sprite` (GRDB's rule handles acronyms).
    package static let encoding = DatabaseColumnEncodingStrategy.convertToSnakeCase
}

struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A record whose columns follow `ColumnNaming` (snake_case, `ID` and `URL` as words).
public protocol MydexRecord: FetchableRecord, Decodable {}

public extension MydexRecord {
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { ColumnNaming.decoding }
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { StoredDate.decoding }
}

public extension MydexRecord where Self: EncodableRecord {
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { StoredDate.encoding }
}
