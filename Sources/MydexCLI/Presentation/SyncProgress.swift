import Foundation
import MydexServices
import Synchronization

/// Sync progress on stderr: a bar redrawn in place on a terminal, a line every 10% otherwise.
final class SyncProgress: Sendable {
    private let output: Output
    private let lastReportedTenth = Mutex(-1)

    init(output: Output) { self.output = output }

    var report: @Sendable (SyncService.Progress) -> Void {
        { [self] progress in
            let fraction = progress.total == 0 ? 1 : Double(progress.done) / Double(progress.total)
            let failed = progress.failed > 0 ? ", \(progress.failed) failed" : ""
            if output.standardErrorIsTerminal {
                let width = 30
                let filled = Int(fraction * Double(width))
                let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
                try? output.status(SafeText("\(bar) \(progress.done)/\(progress.total) species\(failed)"))
            } else {
                let tenth = Int(fraction * 10)
                let isNew = lastReportedTenth.withLock { last in
                    defer { last = max(last, tenth) }
                    return tenth > last
                }
                if isNew { try? output.note(SafeText("sync: \(progress.done)/\(progress.total) species\(failed)")) }
            }
        }
    }

    func finish() {
        if output.standardErrorIsTerminal { try? output.endStatus() }
    }
}
