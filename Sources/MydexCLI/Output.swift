import Foundation
import MydexText
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

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

    /// Data written exactly as it is, for a pipe or a file only (`Output.standardOutputIsTerminal`
    /// false): exported records must come back byte for byte.
    static func verbatim(_ data: String) -> SafeText { SafeText(rendered: data, plain: data) }

    /// mydex's own JSON, whose string contents are escaped by `JSONOutput`.
    static func json(_ trustedJSON: String) -> SafeText { SafeText(rendered: trustedJSON, plain: trustedJSON) }

    /// A line of mydex's own drawing, whose only escape codes are the colours `HalfBlocks` wrote.
    static func drawn(_ line: DrawnLine) -> SafeText { SafeText(rendered: line.rendered, plain: line.plain) }

    static func + (lhs: SafeText, rhs: SafeText) -> SafeText {
        SafeText(rendered: lhs.rendered + rhs.rendered, plain: lhs.plain + rhs.plain)
    }

    static func joined(_ parts: [SafeText], separator: SafeText = "") -> SafeText {
        SafeText(
            rendered: parts.map(\.rendered).joined(separator: separator.rendered),
            plain: parts.map(\.plain).joined(separator: separator.plain))
    }

    /// Safe text put together piece by piece, as bytes made into text once: a table's line of
    /// padded cells (a list of 100,000 entries makes 100,000 of them; appending to a `String`
    /// piece by piece cost more than everything else a row takes).
    struct Builder {
        private var rendered: [UInt8] = []
        /// What is shown, kept apart only from the first piece that is styled: until then it is
        /// what is written.
        private var plain: [UInt8]?

        init(capacity: Int) {
            rendered.reserveCapacity(capacity)
        }

        mutating func append(_ text: SafeText) {
            if plain == nil, text.rendered != text.plain { plain = rendered }
            rendered.append(contentsOf: text.rendered.utf8)
            plain?.append(contentsOf: text.plain.utf8)
        }

        /// `count` spaces (none when `count` is not positive).
        mutating func appendSpaces(_ count: Int) {
            guard count > 0 else { return }
            rendered.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
            plain?.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
        }

        var text: SafeText {
            let written = String(decoding: rendered, as: UTF8.self)
            return SafeText(rendered: written, plain: plain.map { String(decoding: $0, as: UTF8.self) } ?? written)
        }
    }

    /// At most `width` columns: cut, with "…", when wider (a cut cell loses its colour).
    func truncated(toWidth width: Int) -> SafeText {
        guard TerminalText.displayWidth(plain) > width else { return self }
        let cut = TerminalText.truncated(plain, toWidth: width)
        return SafeText(rendered: cut, plain: cut)
    }

    /// `self` (unstyled text) in lines of at most `width` columns, broken as prose is (`TextWrap`).
    func wrapped(toWidth width: Int) -> [SafeText] {
        guard TerminalText.displayWidth(plain) > width else { return [self] }
        return TextWrap.lines(plain, width: width).map { SafeText(rendered: $0, plain: $0) }
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

/// Why a write to standard output or standard error failed: the stream and the `errno`.
public struct OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Stream: String, Sendable {
        case standardOutput = "standard output", standardError = "standard error"

        /// The stream's name in the user's language.
        var name: String {
            switch self {
            case .standardOutput: tr("output.stream.standard-output")
            case .standardError: tr("output.stream.standard-error")
            }
        }
    }

    public var stream: Stream
    public var code: Int32
    /// What was already saved when printing failed ("Caught Pikachu (entry #3) and kept it").
    public var committed: String?

    public init(stream: Stream, code: Int32, committed: String? = nil) {
        self.stream = stream
        self.code = code
        self.committed = committed
    }

    /// The reader went away (`mydex list | head`): not a failure, nothing to say.
    public var isBrokenPipe: Bool { code == EPIPE }

    public var description: String {
        // The system's reason (strerror) is in English.
        let reason = String(cString: strerror(code))
        guard let committed else { return tr("output.error.write-failed", ["stream": stream.name, "reason": reason]) }
        return tr("output.error.print-failed", ["committed": committed, "reason": reason, "stream": stream.name])
    }
}

/// Where mydex writes: data to standard output, messages to standard error. Every write goes
/// through here and reports failure (a full disk, a closed stream) as an `OutputError`.
public struct Output: Sendable {
    /// Writes text to a stream; returns why it could not.
    public typealias Writer = @Sendable (OutputError.Stream, String) -> OutputError?

    private let write: Writer
    private let flushStandardOutput: @Sendable () -> OutputError?
    private let writeFinalMessage: @Sendable (String) -> Void
    /// Colour only on a terminal, and never with `NO_COLOR` or `TERM=dumb` (unless `--color` says otherwise).
    public private(set) var colorEnabled: Bool
    /// Whether standard error is a terminal (progress and other decoration go there only then).
    public let standardErrorIsTerminal: Bool
    /// Whether standard output is a terminal (else data may be written verbatim).
    public let standardOutputIsTerminal: Bool
    /// The terminal's width when standard output is a terminal (`COLUMNS`, else its size); nil
    /// when piped or redirected, where lines are never shortened or wrapped.
    public let columns: Int?
    /// The same for standard error, for status lines.
    public let standardErrorColumns: Int?
    /// `--quiet`: notices and status lines are not written; errors still are.
    public private(set) var quiet = false

    public init(
        colorEnabled: Bool, standardErrorIsTerminal: Bool, columns: Int? = nil, standardErrorColumns: Int? = nil,
        standardOutputIsTerminal: Bool? = nil, write: @escaping Writer, flush: @escaping @Sendable () -> OutputError? = { nil },
        finalMessage: (@Sendable (String) -> Void)? = nil
    ) {
        self.colorEnabled = colorEnabled
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.columns = columns
        self.standardErrorColumns = standardErrorColumns
        // A terminal has a width; without it said, output with none is taken for a pipe.
        self.standardOutputIsTerminal = standardOutputIsTerminal ?? (columns != nil)
        self.write = write
        self.flushStandardOutput = flush
        self.writeFinalMessage = finalMessage ?? { _ = write(.standardError, $0) }
    }

    /// The process's own streams.
    public static func live(environment: [String: String]) -> Output {
        let streams = ProcessStreams()
        let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        let stderrIsTerminal = isatty(STDERR_FILENO) == 1
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        return Output(
            colorEnabled: stdoutIsTerminal && !noColor,
            standardErrorIsTerminal: stderrIsTerminal,
            columns: stdoutIsTerminal ? TerminalSize.columns(STDOUT_FILENO, environment: environment) : nil,
            standardErrorColumns: stderrIsTerminal ? TerminalSize.columns(STDERR_FILENO, environment: environment) : nil,
            standardOutputIsTerminal: stdoutIsTerminal,
            write: { stream, text in streams.write(text, to: stream) },
            flush: { streams.flush() },
            finalMessage: { streams.writeFinalMessage($0) })
    }

    /// The same streams, with colour on or off as `--color` decided.
    func coloring(_ enabled: Bool) -> Output {
        var output = self
        output.colorEnabled = enabled
        return output
    }

    /// One line of data on standard output.
    func print(_ line: SafeText) throws(OutputError) { try send(.standardOutput, line.rendered + "\n") }

    /// Part of a line of data on standard output, shown at once (a throw's shakes, one by one).
    func printPart(_ text: SafeText) throws(OutputError) {
        try send(.standardOutput, text.rendered)
        try flush()
    }

    /// The same streams without notices (`--quiet`).
    func quieted() -> Output {
        var output = self
        output.quiet = true
        return output
    }

    /// One line of news for the user on standard error (none with `--quiet`).
    func note(_ line: SafeText) throws(OutputError) {
        guard !quiet else { return }
        try send(.standardError, line.rendered + "\n")
    }

    /// A status line on a terminal's standard error, redrawn in place (call `endStatus` after).
    func status(_ line: SafeText) throws(OutputError) {
        guard !quiet else { return }
        try send(.standardError, "\r\u{1B}[2K" + line.rendered)
    }

    /// A question on standard error, the cursor left after it for the answer.
    func prompt(_ line: SafeText) throws(OutputError) { try send(.standardError, line.rendered) }

    /// Erases the status line.
    func endStatus() throws(OutputError) {
        guard !quiet else { return }
        try send(.standardError, "\r\u{1B}[2K")
    }

    /// The message a failed command ends with, on standard error, whatever happened to standard
    /// output before (if standard error fails too, there is nobody left to tell).
    func finalNote(_ line: SafeText) { writeFinalMessage(line.rendered + "\n") }

    /// Writes out whatever standard output still holds (it is buffered when not a terminal).
    public func flush() throws(OutputError) {
        if let error = flushStandardOutput() { throw error }
    }

    private func send(_ stream: OutputError.Stream, _ text: String) throws(OutputError) {
        if let error = write(stream, text) { throw error }
    }
}

/// Standard output and standard error as file descriptors, written with write(2) so that every
/// failure is seen. Standard output is buffered when it is not a terminal (a long list is a few
/// large writes), and flushed before anything goes to standard error so the two stay in order.
final class ProcessStreams: Sendable {
    private struct State {
        var buffer: [UInt8] = []
        /// The first failure on standard output: later writes report it again rather than retry.
        var failed: Int32?
    }

    private static let bufferLimit = 64 * 1024
    private let state = Mutex(State())
    private let bufferStandardOutput: Bool
    /// A stream that was closed when mydex started (`>&-`): its descriptor now holds /dev/null
    /// so that no file mydex opens can take its place, and writes to it fail with EBADF.
    private let closed: Set<Int32>

    init() {
        var closed: Set<Int32> = []
        for descriptor in [STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let placeholder = open("/dev/null", O_WRONLY)
            if placeholder >= 0, placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
            closed.insert(descriptor)
        }
        self.closed = closed
        bufferStandardOutput = isatty(STDOUT_FILENO) != 1
        // A closed pipe must come back as EPIPE from write(2), not kill the process.
        signal(SIGPIPE, SIG_IGN)
    }

    func write(_ text: String, to stream: OutputError.Stream) -> OutputError? {
        state.withLock { state in
            switch stream {
            case .standardOutput:
                if let failed = state.failed { return OutputError(stream: .standardOutput, code: failed) }
                state.buffer.append(contentsOf: text.utf8)
                guard !bufferStandardOutput || state.buffer.count >= Self.bufferLimit else { return nil }
                return drain(&state)
            case .standardError:
                // Data printed so far goes first, and if it cannot be written the command stops there.
                if let failure = drain(&state) { return failure }
                return writeAll(STDERR_FILENO, Array(text.utf8)).map { OutputError(stream: .standardError, code: $0) }
            }
        }
    }

    func flush() -> OutputError? { state.withLock { drain(&$0) } }

    func writeFinalMessage(_ text: String) {
        state.withLock { state in
            _ = drain(&state)
            _ = writeAll(STDERR_FILENO, Array(text.utf8))
        }
    }

    private func drain(_ state: inout State) -> OutputError? {
        if let failed = state.failed { return OutputError(stream: .standardOutput, code: failed) }
        guard !state.buffer.isEmpty else { return nil }
        let failure = writeAll(STDOUT_FILENO, state.buffer)
        state.buffer.removeAll(keepingCapacity: true)
        state.failed = failure
        return failure.map { OutputError(stream: .standardOutput, code: $0) }
    }

    private func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
        if closed.contains(descriptor) { return EBADF }
        return bytes.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}

/// How wide the terminal is: `COLUMNS` when it is a positive number, else the terminal's own size.
enum TerminalSize {
    static func columns(_ descriptor: Int32, environment: [String: String]) -> Int? {
        if let value = columns(environment) { return value }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// `COLUMNS`, when it is a positive number.
    static func columns(_ environment: [String: String]) -> Int? {
        environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }
}

/// Output captured in memory, for tests and for anything that wants the text back. `failing`
/// makes writes to a stream fail with that `errno`, as a full disk or a closed pipe would.
public final class CapturedOutput: Sendable {
    private let buffers = Mutex<(standardOutput: String, standardError: String)>(("", ""))
    private let failures: [OutputError.Stream: Int32]

    public init(failing failures: [OutputError.Stream: Int32] = [:]) { self.failures = failures }

    public var standardOutput: String { buffers.withLock { $0.standardOutput } }
    public var standardError: String { buffers.withLock { $0.standardError } }

    public func output(colorEnabled: Bool = false, columns: Int? = nil, standardErrorIsTerminal: Bool = false) -> Output {
        Output(
            colorEnabled: colorEnabled, standardErrorIsTerminal: standardErrorIsTerminal, columns: columns,
            standardErrorColumns: standardErrorIsTerminal ? (columns ?? 80) : nil,
            write: { stream, text in
                if let code = self.failures[stream] { return OutputError(stream: stream, code: code) }
                self.buffers.withLock { buffers in
                    switch stream {
                    case .standardOutput: buffers.standardOutput += text
                    case .standardError: buffers.standardError += text
                    }
                }
                return nil
            })
    }
}
