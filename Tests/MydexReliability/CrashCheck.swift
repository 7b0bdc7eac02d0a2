import Foundation
import Glibc
import MydexModel
import MydexTestSupport

#if canImport(Glibc)
#endif

/// 2. SIGKILL at random moments during mutating commands: after every kill the database is
/// intact, every command that had exited 0 is there, and no change is half done.
enum CrashCheck {
    static func run(_ workspace: Workspace) throws -> CheckResult {
        var result = CheckResult("Crashes")
        result.figure("SQLite", DatabaseAudit.sqliteVersion())
        let (path, runner) = try workspace.database("crashes")
        for _ in 0..<8 { _ = try runner.run(["catch", "--offline"]) }

        // Kill within the time a command takes, so that kills land before, during and after commits.
        let probe = try runner.run(["catch", "--offline", "--json"])
        let typical = max(probe.seconds, 0.02)
        var generator = SystemRandomNumberGenerator()
        var killed = 0, completed = 0, audits = 0, checkedEffects = 0, hotJournals = 0
        for step in 0..<workspace.scale.crashRuns {
            let entry = Int.random(in: 1...12, using: &generator)
            let command: [String]
            switch step % 6 {
            case 0, 1: command = ["catch", "--offline", "--json"]
            case 2: command = ["release", String(entry), "--force", "--json"]
            case 3: command = ["nickname", String(entry), "K\(step)", "--json"]
            case 4: command = ["favorite", String(entry), "--json"]
            default: command = ["unfavorite", String(entry), "--json"]
            }
            let running = try runner.start(command)
            usleep(UInt32(Double.random(in: 0...(typical * 1.2), using: &generator) * 1_000_000))
            running.kill(SIGKILL)
            let outcome = running.wait()
            if outcome.signal == SIGKILL { killed += 1 } else { completed += 1 }
            // A journal left behind means the kill landed inside a write transaction.
            let journal = (try? FileManager.default.attributesOfItem(atPath: path + "-journal")[.size] as? Int) ?? 0
            if journal > 0 { hotJournals += 1 }
            let report = try DatabaseAudit(path: path).report()
            audits += 1
            if report.integrity != "ok" { result.problem("after \(command.joined(separator: " ")): integrity_check \(report.integrity)") }
            for violation in report.violations { result.problem("after killing \(command[0]): \(violation)") }
            if outcome.status == 0 {
                checkedEffects += 1
                if let problem = try effectMissing(command, outcome, path: path) { result.problem(problem) }
            } else if outcome.signal == nil, outcome.status != 1 {
                result.problem("\(command.joined(separator: " ")) exited \(outcome.status): \(outcome.standardError)")
            }
        }
        result.figure("mutating commands", workspace.scale.crashRuns)
        result.figure("killed mid-run / finished before the kill", "\(killed) / \(completed)")
        result.figure("kills inside a write transaction (hot journal left, rolled back on next open)", hotJournals)
        result.figure("integrity checks after a kill, all ok", audits)
        result.figure("successful commands whose change was verified", checkedEffects)
        let final = try DatabaseAudit(path: path).report()
        result.figure("final entries, history rows", "\(final.counts.entries), \(final.counts.history)")
        return result
    }

    /// Whether a command that exited 0 left its change behind, as its JSON said.
    private static func effectMissing(_ command: [String], _ outcome: MydexRunner.Outcome, path: String) throws -> String? {
        guard let document = try? outcome.document(), let id = document.object("entry")?["id"] as? Int else {
            return "\(command[0]) exited 0 without its JSON: \(outcome.standardOutput.prefix(100))"
        }
        let entries = try DatabaseAudit(path: path).snapshot().entries
        guard let entry = entries.first(where: { $0.id == id }) else {
            return "\(command[0]) exited 0 but entry #\(id) is missing"
        }
        switch command[0] {
        case "release" where !entry.isReleased: return "release of #\(id) exited 0 but it is not released"
        case "favorite" where !entry.isFavorite && !entry.isReleased: return "favorite of #\(id) exited 0 but it is not a favorite"
        case "nickname" where entry.nickname != command[2]: return "nickname of #\(id) exited 0 but it is \(entry.nickname ?? "none")"
        default: return nil
        }
    }
}
