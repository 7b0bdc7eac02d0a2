import GRDB

/// How record properties map to columns: snake_case, with `ID` and `URL` as words of their own
/// (`speciesID` ↔ `species_id`). GRDB's `convertFromSnakeCase` alone would look for `speciesId`.
package enum ColumnNaming {
    static let decoding = DatabaseColumnDecodingStrategy.custom { column in AnyCodingKey(propertyName(column)) }

    /// `species_id` → `speciesID`, `shiny_sprite` → `shinySprite`. GRDB asks for every column of
    /// every row it decodes, so this works on the (ASCII) bytes: with `String`'s Unicode case
    /// mapping it was a tenth of the time of a 300-row `mydex dex where`.
    package static func propertyName(_ column: String) -> String {
        let underscore = UInt8(ascii: "_")
        var source = column
        return source.withUTF8 { bytes in
            guard bytes.contains(underscore) else { return column }
            return String(unsafeUninitializedCapacity: bytes.count) { name in
                var count = 0, start = 0, firstWord = true
                while start < bytes.count {
                    guard bytes[start] != underscore else { start += 1; continue }
                    var end = start
                    while end < bytes.count, bytes[end] != underscore { end += 1 }
                    let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    let whole = word.elementsEqual("id".utf8) || word.elementsEqual("url".utf8)
                    for (offset, byte) in word.enumerated() {
                        let upper = !firstWord && (whole || offset == 0) && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        name[count] = upper ? byte - 32 : byte
                        count += 1
                    }
                    firstWord = false
                    start = end
                }
                return count
            }
        }
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
