import Foundation
import Synchronization

/// Text that is safe to write to a terminal: made only by escaping untrusted text, or by mydex's
/// own styling. `Output` accepts nothing else, so no string from outside reaches the terminal raw.
public struct SafeText: Sendable, Equatable, ExpressibleByStringLiteral {
    /// What is written, colour codes included.
    public private(set) var rendered: String
    /// What the user sees (no colour codes): used to measure widths.
    private(set) var plain: String

    /// Escapes whatever `untrusted` holds.
    public init(_ untrusted: String) {
        rendered = TerminalText.escaped(untrusted)
        plain = rendered
    }

    public init(stringLiteral literal: String) { self.init(literal) }

    /// A multi-line message: each line escaped, the line breaks kept.
    init(lines untrusted: String) {
        rendered = untrusted.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.escaped(String($0)) }.joined(separator: "\n")
        plain = rendered
    }

    private init(rendered: String, plain: String) {
        self.rendered = rendered
        self.plain = plain
    }

    /// mydex's own JSON, whose string contents are escaped by `JSONOutput`.
    static func json(_ trustedJSON: String) -> SafeText { SafeText(rendered: trustedJSON, plain: trustedJSON) }

    static func + (lhs: SafeText, rhs: SafeText) -> SafeText {
        SafeText(rendered: lhs.rendered + rhs.rendered, plain: lhs.plain + rhs.plain)
    }

    static func joined(_ parts: [SafeText], separator: SafeText = "") -> SafeText {
        SafeText(
            rendered: parts.map(\.rendered).joined(separator: separator.rendered),
            plain: parts.map(\.plain).joined(separator: separator.plain))
    }

    /// `self` in `style`, when colour is on.
    func styled(_ style: Style, if enabled: Bool) -> SafeText {
        enabled ? SafeText(rendered: style.rawValue + rendered + "\u{1B}[0m", plain: plain) : self
    }
}

enum Style: String {
    case bold = "\u{1B}[1m"
    case dim = "\u{1B}[2m"
    case yellow = "\u{1B}[33m"
    case magenta = "\u{1B}[35m"
    case red = "\u{1B}[31m"
    case green = "\u{1B}[32m"
}

/// Where mydex writes: data to standard output, messages to standard error.
public struct Output: Sendable {
    private let writeStandardOutput: @Sendable (String) -> Void
    private let writeStandardError: @Sendable (String) -> Void
    /// Colour only on a terminal, and never with `NO_COLOR` or `TERM=dumb`.
    public let colorEnabled: Bool
    /// Whether standard error is a terminal (progress and other decoration go there only then).
    public let standardErrorIsTerminal: Bool

    public init(
        colorEnabled: Bool, standardErrorIsTerminal: Bool,
        standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void
    ) {
        self.colorEnabled = colorEnabled
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.writeStandardOutput = standardOutput
        self.writeStandardError = standardError
    }

    /// The process's own streams.
    public static func live(environment: [String: String]) -> Output {
        let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        return Output(
            colorEnabled: stdoutIsTerminal && !noColor,
            standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// One line of data on standard output.
    func print(_ line: SafeText) { writeStandardOutput(line.rendered + "\n") }

    /// One line of news for the user on standard error.
    func note(_ line: SafeText) { writeStandardError(line.rendered + "\n") }

    /// A status line on a terminal's standard error, redrawn in place (call `endStatus` after).
    func status(_ line: SafeText) { writeStandardError("\r\u{1B}[2K" + line.rendered) }

    func endStatus() { writeStandardError("\n") }
}

/// Output captured in memory, for tests and for anything that wants the text back.
public final class CapturedOutput: Sendable {
    private let buffers = Mutex<(standardOutput: String, standardError: String)>(("", ""))

    public init() {}

    public var standardOutput: String { buffers.withLock { $0.standardOutput } }
    public var standardError: String { buffers.withLock { $0.standardError } }

    public func output(colorEnabled: Bool = false) -> Output {
        Output(
            colorEnabled: colorEnabled, standardErrorIsTerminal: false,
            standardOutput: { text in self.buffers.withLock { $0.standardOutput += text } },
            standardError: { text in self.buffers.withLock { $0.standardError += text } })
    }
}
