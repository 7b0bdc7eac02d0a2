import Foundation
import MydexTestSupport

/// 1. 32 `mydex catch --offline` processes started together on a fresh database, then a mixed
/// storm of catch, release, nickname, favorite, list and backup from 8 processes.
enum ConcurrencyCheck {
    static func run(_ workspace: Workspace) throws -> CheckResult {
        var result = CheckResult("Concurrency")
        result.figure("SQLite", DatabaseAudit.sqliteVersion())
        try firstRuns(workspace, &result)
        try mixedStorm(workspace, &result)
        return result
    }

    private static func firstRuns(_ workspace: Workspace, _ result: inout CheckResult) throws {
        let count = workspace.scale.concurrentCatches
        let (path, runner) = try workspace.database("first-runs", fresh: true)
        let started = Date()
        let processes = try (0..<count).map { _ in try runner.start(["catch", "--offline"]) }
        let outcomes = processes.map { $0.wait() }
        let wall = Date().timeIntervalSince(started)
        let failures = outcomes.filter { $0.status != 0 }
        for failure in failures.prefix(3) {
            result.problem("a concurrent catch failed (\(failure.status)): \(failure.standardError)")
        }
        let report = try DatabaseAudit(path: path).report()
        result.figure("\(count) catches on a fresh file: failures", failures.count)
        result.figure("entries / history rows", "\(report.counts.entries) / \(report.counts.history)")
        result.figure("wall time, slowest process", String(format: "%.2f s, %.2f s", wall, outcomes.map(\.seconds).max() ?? 0))
        if report.counts.entries != count || report.counts.history != count {
            result.problem("expected \(count) entries and history rows, found \(report.counts.entries) and \(report.counts.history)")
        }
        check(report, &result)
    }

    private static func mixedStorm(_ workspace: Workspace, _ result: inout CheckResult) throws {
        let (path, runner) = try workspace.database("mixed")
        for _ in 0..<10 { _ = try runner.run(["catch", "--offline"]) }
        let deadline = Date().addingTimeInterval(workspace.scale.mixedSeconds)
        let workers = workspace.scale.mixedWorkers
        let tallies = Tallies()
        inParallel(workers) { worker in
            var generator = SystemRandomNumberGenerator()
            var step = 0
            while Date() < deadline {
                step += 1
                let entry = String(Int.random(in: 1...40, using: &generator))
                let arguments: [String]
                switch Int.random(in: 0..<20, using: &generator) {
                case 0..<6: arguments = ["catch", "--offline"]
                case 6..<8: arguments = ["release", entry, "--force"]
                case 8..<11: arguments = ["nickname", entry, "W\(worker)n\(step)"]
                case 11: arguments = ["nickname", entry, "--clear"]
                case 12..<14: arguments = ["favorite", entry]
                case 14: arguments = ["unfavorite", entry]
                case 15..<19: arguments = ["list", "--all"]
                default: arguments = ["backup", "--keep", "3"]
                }
                guard let outcome = try? runner.run(arguments, timeout: 120) else {
                    tallies.add(failure: "could not start mydex")
                    continue
                }
                tallies.add(arguments[0], outcome)
            }
        }
        let report = try DatabaseAudit(path: path).report()
        let summary = tallies.summary
        result.figure("mixed run: \(workers) processes for \(Int(workspace.scale.mixedSeconds)) s, commands", summary.commands)
        result.figure("mixed run: failures", summary.failures.count)
        result.figure("mixed run: refusals (entry released or missing, as designed)", summary.refusals)
        result.figure("mixed run: entries, history rows, released", "\(report.counts.entries), \(report.counts.history), \(report.counts.released)")
        result.figure("mixed run: slowest command", String(format: "%.2f s", summary.slowest))
        for failure in summary.failures { result.problem("mixed run: \(failure)") }
        check(report, &result)
    }

    static func check(_ report: DatabaseAudit.Report, _ result: inout CheckResult) {
        if report.integrity != "ok" { result.problem("integrity_check: \(report.integrity)") }
        for violation in report.violations { result.problem("history disagrees with state: \(violation)") }
    }

    /// Outcomes gathered from concurrent workers.
    final class Tallies: @unchecked Sendable {
        private let lock = NSLock()
        private var commands = 0
        private var refusals = 0
        private var failures: [String] = []
        private var slowest = 0.0

        /// Refusals a concurrent user can cause (another process released the entry first).
        static let expectedRefusals = ["was released", "no entry #"]

        func add(_ command: String, _ outcome: MydexRunner.Outcome) {
            lock.lock()
            defer { lock.unlock() }
            commands += 1
            slowest = max(slowest, outcome.seconds)
            if outcome.status == 0 { return }
            if outcome.status == 1, Self.expectedRefusals.contains(where: outcome.standardError.contains) {
                refusals += 1
            } else {
                failures.append("\(command) exited \(outcome.status)\(outcome.signal.map { " (signal \($0))" } ?? ""): \(outcome.standardError.prefix(200))")
            }
        }

        func add(failure: String) {
            lock.lock()
            defer { lock.unlock() }
            failures.append(failure)
        }

        var summary: (commands: Int, refusals: Int, failures: [String], slowest: Double) {
            lock.lock()
            defer { lock.unlock() }
            return (commands, refusals, failures, slowest)
        }
    }
}
