import Foundation

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
    /// The names (up to `count`) nearest `text` among `candidates`, each a name to show and the
    /// keys it is known by (its identifier's and each language's): a key that starts with the
    /// text first, then keys a few letters off, the nearest first: "did you mean".
    public static func nearest(to text: String, among candidates: [(name: String, keys: [String])], count: Int = 3) -> [String] {
        let wanted = normalized(text)
        let limit = max(2, wanted.count / 3)
        return candidates.compactMap { candidate -> (name: String, rank: (Int, Int))? in
            // A name of no letters or digits (PokeAPI's place "???") is near every short text.
            let ranks = candidate.keys.filter { !$0.isEmpty }.map { key -> (Int, Int) in
                if key.hasPrefix(wanted) { return (0, 0) }
                if abs(key.count - wanted.count) > limit { return (2, .max) }
                return (1, distance(wanted, key))
            }
            guard let best = ranks.min(by: { $0 < $1 }), best.0 == 0 || best.1 <= limit else { return nil }
            return (candidate.name, best)
        }.sorted { ($0.rank.0, $0.rank.1, $0.name) < ($1.rank.0, $1.rank.1, $1.name) }.prefix(count).map(\.name)
    }

}
