import Foundation
import MydexText
#if canImport(Glibc)
import Glibc
#endif

/// A yes-or-no question to the person at the terminal (`restore`'s "Replace it? [y/N]"), as a
/// value in the context: the live one reads standard input, tests answer for the user.
public struct Confirmation: Sendable {
    /// Whether someone can answer: standard input is a terminal.
    public var isInteractive: Bool
    private let readAnswer: @Sendable () -> String?

    public init(isInteractive: Bool, readAnswer: @escaping @Sendable () -> String?) {
        self.isInteractive = isInteractive
        self.readAnswer = readAnswer
    }

    /// Nobody to ask (standard input is not a terminal): the default for contexts that do not say.
    public static let none = Confirmation(isInteractive: false) { nil }

    /// A terminal where the user types `answer` (nil: ends the input, as Ctrl-D does).
    public static func answering(_ answer: String?) -> Confirmation {
        Confirmation(isInteractive: true) { answer }
    }

    /// The process's standard input.
    public static func live() -> Confirmation {
        Confirmation(isInteractive: isatty(STDIN_FILENO) == 1) { readLine(strippingNewline: true) }
    }

    /// Asks `question` on standard error and reads the answer: "y" or "yes" (any case), or a yes
    /// of the interface's language (`isYes`); anything else, or no answer, is no.
    func ask(_ question: SafeText, on output: Output) throws -> Bool {
        try output.prompt(question + " [y/N] ")
        guard let answer = readAnswer() else {
            try output.note("")
            return false
        }
        return Self.isYes(answer)
    }

    /// Whether `answer` means yes: "y" and "yes" in every language, and the words of the current
    /// one (the catalog's `prompt.yes-words`: 예, 네, ㅇ in Korean, and ㅛ, the y key with the
    /// Korean keyboard on; oui, o in French…), compared trimmed and lower-cased, full-width
    /// letters (a Japanese or Chinese input method's ｙ) as the letters they are.
    static func isYes(_ answer: String) -> Bool {
        let halfWidth = String(String.UnicodeScalarView(answer.unicodeScalars.map { scalar in
            (0xFF01...0xFF5E).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar : scalar
        }))
        let word = halfWidth.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !word.isEmpty else { return false }
        let local = tr("prompt.yes-words").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return word == "y" || word == "yes" || local.contains(word)
    }
}
