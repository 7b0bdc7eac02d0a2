import Foundation
import GRDB

/// Text compared the way people search: case, accents, width and kana kind ignored, and only
/// letters and digits kept (`Mr. Mime` = `mrmime`, `Nidoran♀` = `nidoran`, `ぴかちゅう` = `ピカチュウ`).
public enum SearchText {
    public static func normalized(_ text: String) -> String {
        // ASCII (PokeAPI's names, most nicknames) needs no folding tables: lower-case letters
        // and digits are all that is left. `list --name` keys every nickname and name this way.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.compactMap { byte -> UInt8? in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
                default: nil
                }
            }, as: UTF8.self)
        }
        return folded(text)
    }

    /// The whole folding, for any text.
    static func folded(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        // Katakana, then composed: ﾋﾟ (half-width) and ひ゜ become ピ.
        let katakana = String(String.UnicodeScalarView(folded.unicodeScalars.lazy.map(katakana)))
            .precomposedStringWithCanonicalMapping
        return String(String.UnicodeScalarView(katakana.unicodeScalars.lazy.filter { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }))
    }

    /// Hiragana as the katakana it stands for (ぁ–ゖ and ゝゞ sit 0x60 below ァ–ヶ and ヽヾ), and
    /// the sound marks (half-width ﾞﾟ and spacing ゛゜) as the combining ones that compose
    /// with the letter before them: what ICU's Hiragana-Katakana transform does for these,
    /// without loading ICU's transliterators (a release leaves their data out).
    static func katakana(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let mapped: UInt32 = switch scalar.value {
        case 0x3041...0x3096, 0x309D...0x309E: scalar.value + 0x60
        case 0xFF9E, 0x309B: 0x3099
        case 0xFF9F, 0x309C: 0x309A
        default: scalar.value
        }
        return Unicode.Scalar(mapped) ?? scalar
    }

    /// Levenshtein distance over characters, for "did you mean" suggestions.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension SearchText {
    /// `search_key(text)` in SQL: the same normalization, so the catalog's precomputed keys and
    /// keys computed at query time (nicknames, fetched names) compare equal.
    package static let sqlFunction = DatabaseFunction("search_key", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(normalized)
    }
}
