import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C, as a value in the context. A command that can stop cleanly (`dex sync`) asks to be
/// told while it runs; everywhere else, and outside that span, SIGINT keeps its default and ends
/// the process at once. Tests install their own and press Ctrl-C in-process.
public struct Interrupts: Sendable {
    /// Starts calling the handler on each Ctrl-C; the returned function stops that and restores
    /// the default.
    public typealias Install = @Sendable (_ handler: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)

    private let install: Install

    public init(install: @escaping Install) { self.install = install }

    /// Calls `onInterrupt` on Ctrl-C while `body` runs.
    func handling<T>(_ onInterrupt: @escaping @Sendable () -> Void, during body: () async throws -> T) async rethrows -> T {
        let uninstall = install(onInterrupt)
        defer { uninstall() }
        return try await body()
    }

    /// Never interrupts (the default for contexts that do not say).
    public static let none = Interrupts { _ in {} }

    /// The process's SIGINT, through a dispatch source. After the first Ctrl-C the default comes
    /// back, so a second one ends mydex at once if stopping cleanly takes too long.
    public static let live = Interrupts { handler in
        signal(SIGINT, SIG_IGN)
        let source = SignalSource(DispatchSource.makeSignalSource(signal: SIGINT, queue: .global()))
        source.source.setEventHandler {
            signal(SIGINT, SIG_DFL)
            handler()
        }
        source.source.resume()
        return {
            source.source.cancel()
            signal(SIGINT, SIG_DFL)
        }
    }
}

/// A dispatch source is safe to cancel from any thread; the type just does not say so.
private final class SignalSource: @unchecked Sendable {
    let source: any DispatchSourceSignal
    init(_ source: any DispatchSourceSignal) { self.source = source }
}
