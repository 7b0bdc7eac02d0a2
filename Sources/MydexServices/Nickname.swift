import Foundation
import MydexText
import MydexModel

/// The rules for a nickname: trimmed, Unicode NFC, 1–12 characters (grapheme clusters), no
/// control or format characters, except joiners and tags inside an emoji or a word.
public enum Nickname {
    public static let maxLength = 12

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        case tooLong(count: Int)
        case forbiddenCharacter(Unicode.Scalar)

        public var description: String {
            switch self {
            case .empty:
                return tr("nickname-rule.empty")
            case .tooLong(let count):
                return tr("nickname-rule.too-long", ["max": Nickname.maxLength, "count": count])
            case .forbiddenCharacter(let scalar):
                let code = String(scalar.value, radix: 16, uppercase: true)
                return tr("nickname-rule.forbidden-character", ["code": "U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code])
            }
        }
    }

    /// The nickname as it will be stored, or why it cannot be.
    public static func validate(_ raw: String) throws(Problem) -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !text.isEmpty else { throw .empty }
        for character in text {
            for (index, scalar) in character.unicodeScalars.enumerated() where isForbidden(scalar, atStartOfCharacter: index == 0) {
                throw .forbiddenCharacter(scalar)
            }
        }
        guard text.count <= maxLength else { throw .tooLong(count: text.count) }
        return text
    }

    private static func isForbidden(_ scalar: Unicode.Scalar, atStartOfCharacter: Bool) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        case .format:
            // ZWNJ/ZWJ and emoji tag characters are part of a character (👨‍👩‍👧, 🏴󠁧󠁢󠁳󠁣󠁴󠁿, Persian words);
            // alone, or any other format character (bidi overrides, BOM…), they are refused.
            let joinsOrTags = scalar.value == 0x200C || scalar.value == 0x200D || (0xE0020...0xE007F).contains(scalar.value)
            return atStartOfCharacter || !joinsOrTags
        default:
            return false
        }
    }
}
