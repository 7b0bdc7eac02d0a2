/// Korean particles that agree with the word before them: 을/를, 이/가, 은/는, 과/와, 으로/로,
/// 아/야, 이라는/라는, chosen by whether that word's last sound has a final consonant (받침).
///
/// A word that ends with a parenthesis (`집게왕(모단단게)`, `파오리(#0083)`) is read up to it:
/// the particle belongs to the name, the parenthesis only adds to it.
///
/// The rule for what is not Hangul (nicknames such as "Sparky", "R2", "피카 ⚡"):
/// - a number as it is read, by its last digit: 1, 7, 8 end in ㄹ (일, 칠, 팔); 0, 3, 6 in
///   another final consonant (영, and a number ending in 0 is read to its last ten, hundred,
///   thousand or ten thousand: 십, 백, 천, 만; 삼; 육); 2, 4, 5, 9 in none (이, 사, 오, 구);
///   `%` is 퍼센트 (none);
/// - a Latin letter as English words end: l in ㄹ; m, n and ng in a final consonant; a vowel,
///   w or y in none (e is silent or spoken without one: "Mike" 마이크);
/// - anything else (another consonant, kana, an emoji, a symbol) is not certain: the combined form,
///   as Korean writes it when the word is unknown: 을(를), 이(가), 은(는), 과(와), (으)로, 아(야),
///   (이)라는.
/// Closing quotes and brackets and trailing spaces are looked through.
public enum KoreanParticle {
    /// How a word ends, for choosing a particle.
    public enum Ending: Equatable, Sendable {
        case vowel
        /// A final consonant other than ㄹ.
        case consonant
        /// A final ㄹ: takes 을, 이, 은, 과, 아 but 로 (not 으로).
        case rieul
        case unknown
    }

    /// (with a final consonant, without one): the marker in a catalog may be either member.
    static let pairs: [(String, String)] = [
        ("을", "를"), ("이", "가"), ("은", "는"), ("과", "와"), ("으로", "로"), ("아", "야"), ("이라는", "라는"),
    ]

    public static func isParticle(_ marker: String) -> Bool { pairs.contains { $0.0 == marker || $0.1 == marker } }

    /// The particle of `marker`'s pair that agrees with `word`.
    public static func particle(_ marker: String, after word: String) -> String {
        guard let (withFinal, withoutFinal) = pairs.first(where: { $0.0 == marker || $0.1 == marker }) else { return marker }
        switch ending(of: word) {
        case .consonant: return withFinal
        case .rieul: return withFinal == "으로" ? withoutFinal : withFinal
        case .vowel: return withoutFinal
        case .unknown:
            // (으)로, (이)라는: the longer one is the shorter with a syllable before it.
            guard withFinal.hasSuffix(withoutFinal) else { return "\(withFinal)(\(withoutFinal))" }
            return "(\(withFinal.dropLast(withoutFinal.count)))\(withoutFinal)"
        }
    }

    public static func ending(of word: String) -> Ending {
        let closing: Set<Character> = [" ", ")", "]", "}", "\"", "'", "”", "’", "」", "』", "》", "〉", "）"]
        let word = Self.beforeParenthesis(word)
        guard let last = word.reversed().first(where: { !closing.contains($0) }) else { return .unknown }
        guard let scalar = last.unicodeScalars.first, last.unicodeScalars.count == 1 else { return .unknown }
        let value = scalar.value
        if (0xAC00...0xD7A3).contains(value) {
            switch (value - 0xAC00) % 28 {
            case 0: return .vowel
            case 8: return .rieul
            default: return .consonant
            }
        }
        switch last {
        case "1", "7", "8": return .rieul
        case "0", "3", "6": return .consonant
        case "2", "4", "5", "9", "%": return .vowel
        default: break
        }
        let lowered = last.lowercased()
        switch lowered {
        case "l": return .rieul
        case "m", "n": return .consonant
        case "a", "e", "i", "o", "u", "w", "y": return .vowel
        case "g":
            let letters = word.lowercased().reversed().drop { closing.contains($0) }
            return letters.dropFirst().first == "n" ? .consonant : .unknown
        default: return .unknown
        }
    }

    /// `word` without the parenthesis that ends it (`파오리(#0083)` → `파오리`), when something
    /// stands before it; else `word`.
    static func beforeParenthesis(_ word: String) -> Substring {
        var index = word.endIndex
        repeat {
            guard index > word.startIndex else { return word[...] }
            index = word.index(before: index)
        } while word[index] == " "
        guard word[index] == ")" || word[index] == "）" else { return word[...] }
        var depth = 0
        while true {
            switch word[index] {
            case ")", "）": depth += 1
            case "(", "（": depth -= 1
            default: break
            }
            if depth == 0 {
                let before = word[..<index]
                return before.contains { $0 != " " } ? before : word[...]
            }
            guard index > word.startIndex else { return word[...] }
            index = word.index(before: index)
        }
    }
}
