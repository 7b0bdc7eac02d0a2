import Foundation
import MydexServices
import MydexText
import Synchronization

/// Progress on stderr (`dex sync`, `catch --count`): on a terminal a bar redrawn in place, as
/// wide as the terminal allows, with the rate and the time left; otherwise a line every 10%.
final class SyncProgress: Sendable {
    private let output: Output
    private let clock: any MydexClock
    /// The "Asking PokeAPI…" line, which the first report replaces.
    private let waiting: WaitingStatus?
    private let state = Mutex<(started: Date?, lastTenth: Int)>((nil, -1))
    /// What is counted ("species": the catalog's phrase; any other word is shown as it is given)
    /// and the command the log lines start with.
    private let unit: String
    private let label: String

    init(output: Output, clock: any MydexClock, waiting: WaitingStatus? = nil, unit: String = "species", label: String = "sync") {
        self.output = output
        self.clock = clock
        self.waiting = waiting
        self.unit = unit
        self.label = label
    }

    var report: @Sendable (SyncService.Progress) -> Void {
        { [self] progress in
            waiting?.finish()
            let now = clock.now()
            let (started, isNewTenth) = state.withLock { state in
                let started = state.started ?? now
                state.started = started
                let tenth = progress.total == 0 ? 10 : progress.done * 10 / progress.total
                defer { state.lastTenth = max(state.lastTenth, tenth) }
                return (started, tenth > state.lastTenth)
            }
            let pace = Pace(progress, elapsed: now.timeIntervalSince(started))
            if output.standardErrorIsTerminal {
                try? output.status(SafeText(Self.bar(
                    progress, pace: pace, columns: output.standardErrorColumns ?? 80, unit: unit)))
            } else if isNewTenth {
                try? output.note(SafeText(Self.line(progress, pace: pace, unit: unit, label: label)))
            }
        }
    }

    func finish() {
        waiting?.finish()
        if output.standardErrorIsTerminal { try? output.endStatus() }
    }

    /// How fast this run goes: species done by it (not those already fresh) per second.
    struct Pace: Equatable {
        var perSecond: Double?
        var secondsLeft: Double?

        init(_ progress: SyncService.Progress, elapsed: TimeInterval) {
            let doneNow = progress.done - progress.fresh
            guard elapsed >= 1, doneNow > 0 else { return }
            let rate = Double(doneNow) / elapsed
            perSecond = rate
            secondsLeft = Double(progress.total - progress.done) / rate
        }

        /// "18/s", "1.5/s" ("1,5/s" in French): a rate per second, as the language writes numbers.
        var rateText: String? {
            perSecond.map { rate in
                let format = Translator.current.format
                return tr("sync.progress.rate", ["rate": rate >= 10 ? format.integer(Int(rate.rounded())) : format.decimal(rate, digits: 1)])
            }
        }

        /// "0:42", "1:05:00".
        var timeLeftText: String? {
            secondsLeft.map { seconds in
                let total = Int(seconds.rounded(.up))
                let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
                return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
            }
        }
    }

    /// "412/1025 species", or with another unit (`catch --count` passes its own word, already
    /// translated) "3/50 caught": a counter, its numbers never grouped.
    static func counter(_ progress: SyncService.Progress, unit: String) -> String {
        let (done, total) = (String(progress.done), String(progress.total))
        guard unit == "species" else { return tr("sync.progress.count.unit", ["done": done, "total": total, "unit": unit]) }
        // The plural form follows the total.
        return tr("sync.progress.count.species", ["done": done, "total": total, "count": progress.total])
    }

    /// "██████░░░░ 412/1025 species  18/s  0:34 left  2 failed", at most `columns - 1` wide (the
    /// last column would wrap on some terminals). The bar shrinks first, then goes.
    static func bar(_ progress: SyncService.Progress, pace: Pace, columns: Int, unit: String = "species") -> String {
        var text = counter(progress, unit: unit)
        if let rate = pace.rateText { text += "  \(rate)" }
        if let left = pace.timeLeftText, progress.done < progress.total { text += "  " + tr("sync.progress.time-left", ["time": left]) }
        if progress.failed > 0 { text += "  " + tr("sync.progress.failed", ["count": progress.failed]) }
        let width = max(columns - 1, 1)
        let barWidth = min(30, width - TerminalText.displayWidth(text) - 1)
        guard barWidth >= 5 else { return TerminalText.truncated(text, toWidth: width) }
        let fraction = progress.total == 0 ? 1 : Double(progress.done) / Double(progress.total)
        let filled = min(Int(fraction * Double(barWidth)), barWidth)
        return String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + " " + text
    }

    /// "sync: 412/1025 species, 18/s, about 0:34 left, 2 failed": for logs. `label` is the
    /// command's name (`sync`, `catch`), never translated.
    static func line(_ progress: SyncService.Progress, pace: Pace, unit: String = "species", label: String = "sync") -> String {
        var parts = [counter(progress, unit: unit)]
        if let rate = pace.rateText { parts.append(rate) }
        if let left = pace.timeLeftText, progress.done < progress.total { parts.append(tr("sync.progress.about-time-left", ["time": left])) }
        if progress.failed > 0 { parts.append(tr("sync.progress.failed", ["count": progress.failed])) }
        return tr("sync.progress.line", ["command": label, "progress": parts.joined(separator: tr("sync.list-separator"))])
    }
}
