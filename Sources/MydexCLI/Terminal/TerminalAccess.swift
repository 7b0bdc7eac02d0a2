#if canImport(Glibc)
import Glibc
#endif

/// The terminal a full-screen view may take over, as the context offers it: the live process's
/// standard input and output when both are terminals, none in tests that do not give one (the
/// view then refuses, as it does in a pipe), or a pseudo-terminal's descriptors.
public struct TerminalAccess: Sendable {
    /// The input and output descriptors, nil when there is no terminal to take.
    let descriptors: @Sendable () -> (input: Int32, output: Int32)?

    public init(_ descriptors: @escaping @Sendable () -> (input: Int32, output: Int32)?) {
        self.descriptors = descriptors
    }

    /// No terminal: what a pipe, a script and most tests have.
    public static let none = TerminalAccess { nil }

    /// Standard input and output, when both are terminals.
    public static let live = TerminalAccess { isatty(0) == 1 && isatty(1) == 1 ? (0, 1) : nil }

    /// Given descriptors (a test's pseudo-terminal).
    public static func descriptors(input: Int32, output: Int32) -> TerminalAccess { TerminalAccess { (input, output) } }
}
