import Foundation
import MydexServices
import Synchronization

/// "Asking PokeAPI…" on a terminal's stderr once a network wait passes `delay`, erased when the
/// wait ends. Decoration only: never on a pipe or a file, never on stdout, and a failed write is
/// ignored. The delay is slept on the context's clock, so tests do not wait.
final class WaitingStatus: Sendable {
    static let delay: Duration = .seconds(1)

    private enum Phase { case waiting, shown, finished }

    private let output: Output
    private let state = Mutex<(phase: Phase, timer: Task<Void, Never>?)>((.waiting, nil))

    /// Starts the timer (on a terminal only).
    init(_ context: MydexContext, message: String) {
        output = context.output
        guard output.standardErrorIsTerminal else {
            state.withLock { $0.phase = .finished }
            return
        }
        let line = SafeText(message).truncated(toWidth: max((output.standardErrorColumns ?? 80) - 1, 1))
        let clock = context.clock
        let timer = Task { [self] in
            do { try await clock.sleep(for: Self.delay) } catch { return }
            show(line)
        }
        state.withLock { $0.timer = timer }
    }

    private func show(_ line: SafeText) {
        state.withLock { state in
            guard state.phase == .waiting else { return }
            try? output.status(line)
            state.phase = .shown
        }
    }

    /// Ends the wait: erases the line if it was shown. Safe to call more than once.
    func finish() {
        state.withLock { state in
            state.timer?.cancel()
            if state.phase == .shown { try? output.endStatus() }
            state.phase = .finished
        }
    }

    /// Runs `body` with the status shown while it takes longer than the delay.
    static func around<T>(_ context: MydexContext, message: String, _ body: () async throws -> T) async throws -> T {
        let status = WaitingStatus(context, message: message)
        defer { status.finish() }
        return try await body()
    }
}
