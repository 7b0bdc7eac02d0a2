import Foundation
import MydexText
import Synchronization

/// How long a caller may wait on PokeAPI in all: attempts, backoff and `Retry-After` included
/// (`MYDEX_TIMEOUT`). The client turns it into a deadline on the injected clock, checks it
/// before each attempt, and caps each attempt's own deadline and each wait by what remains.
public final class NetworkBudget: Sendable {
    public enum Scope: Sendable, Equatable {
        /// One deadline for every request made with the budget, set by the first one: a
        /// command's whole wait (`catch`).
        case shared
        /// Each request, with its retries and waits, gets the whole budget (`dex sync`, which
        /// makes two thousand requests and is long by nature).
        case eachRequest
    }

    public let limit: Duration
    public let scope: Scope
    private let sharedDeadline = Mutex<Date?>(nil)

    public init(_ limit: Duration, scope: Scope) {
        self.limit = limit
        self.scope = scope
    }

    /// The instant a request starting at `now` must be done by.
    func deadline(forRequestStartingAt now: Date) -> Date {
        switch scope {
        case .eachRequest:
            return now + limit.timeInterval
        case .shared:
            return sharedDeadline.withLock { deadline in
                if let deadline { return deadline }
                let started = now + limit.timeInterval
                deadline = started
                return started
            }
        }
    }
}

extension Duration {
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    init(timeInterval: TimeInterval) {
        self = .milliseconds(Int64((max(timeInterval, 0) * 1000).rounded(.down)))
    }

    /// "20 s", "1.5 s": how the user's whole seconds (and tests' fractions) read in messages,
    /// in the current language ("20초", "1,5 s").
    var secondsText: String {
        let (seconds, attoseconds) = components
        let format = Translator.current.format
        let number = attoseconds == 0 ? format.integer(seconds) : format.decimal(timeInterval, digits: 1)
        return tr("network.seconds", ["seconds": number])
    }

    /// "20", "1.5": as `MYDEX_TIMEOUT` is written (never localized).
    var secondsNumber: String {
        let (seconds, attoseconds) = components
        return attoseconds == 0 ? "\(seconds)" : String(format: "%.1f", timeInterval)
    }
}
