import Foundation
@testable import MydexServices
import Testing

@Suite("Nickname rules")
struct NicknameTests {
    @Test("Valid nicknames are trimmed and normalized to NFC", arguments: [
        ("  Sparky  ", "Sparky"),
        ("피카", "피카"),
        ("Cafe\u{301}", "Café"),  // decomposed é becomes one precomposed scalar
        ("👨‍👩‍👧 fam", "👨‍👩‍👧 fam"),
        ("123456789012", "123456789012"),
        ("🇯🇵🇰🇷", "🇯🇵🇰🇷"),
    ])
    func valid(raw: String, stored: String) throws {
        let result = try Nickname.validate(raw)
        #expect(result == stored)
        #expect(result.unicodeScalars.elementsEqual(stored.precomposedStringWithCanonicalMapping.unicodeScalars))
    }

    @Test("Length counts characters, not bytes or scalars")
    func lengthInGraphemes() throws {
        #expect(try Nickname.validate(String(repeating: "👨‍👩‍👧", count: 12)).count == 12)
        #expect(throws: Nickname.Problem.tooLong(count: 13)) { try Nickname.validate(String(repeating: "가", count: 13)) }
    }

    @Test("Empty and blank nicknames are refused", arguments: ["", "   ", "\n\t"])
    func empty(raw: String) {
        #expect(throws: Nickname.Problem.empty) { try Nickname.validate(raw) }
    }

    @Test("Control and format characters are refused", arguments: [
        "A\u{1B}[31mB", "Tab\tTab", "Nul\u{0}", "C1\u{9B}", "bidi\u{202E}txt", "iso\u{2066}x",
        "\u{200D}join", "line\u{2028}sep", "bom\u{FEFF}", "del\u{7F}",
    ])
    func forbidden(raw: String) {
        #expect(throws: Nickname.Problem.self) { try Nickname.validate(raw) }
    }
}
