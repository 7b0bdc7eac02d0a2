import Foundation
import MydexTestSupport

/// 6. `backup` while 4 processes write: every copy passes integrity_check, is consistent (each
/// entry with its catch row: the collection at one moment), and restores.
enum BackupUnderLoadCheck {
    static func run(_ workspace: Workspace) throws -> CheckResult {
        var result = CheckResult("Backup under load")
        let (_, runner) = try workspace.database("backup-load")
        for _ in 0..<5 { _ = try runner.run(["catch", "--offline"]) }
        let stop = Flag()
        let writes = Counter()
        let writers = workspace.scale.loadedBackupWriters
        let writerGroup = DispatchGroup()
        for _ in 0..<writers {
            writerGroup.enter()
            Thread {
                while !stop.isSet {
                    if let outcome = try? runner.run(["catch", "--offline"]), outcome.status == 0 { writes.increment() } else { writes.fail() }
                }
                writerGroup.leave()
            }.start()
        }
        let folder = try workspace.folder("load-backups")
        var copies: [(path: String, counts: DatabaseAudit.Counts)] = []
        var sound = 0
        for index in 0..<workspace.scale.loadedBackups {
            usleep(300_000)
            let path = folder.appendingPathComponent("backup-\(index).sqlite").path
            let outcome = try runner.run(["backup", path])
            guard outcome.status == 0 else {
                result.problem("backup \(index) failed under load: \(outcome.standardError)")
                continue
            }
            let report = try DatabaseAudit(path: path).report()
            if report.integrity != "ok" { result.problem("backup \(index): integrity_check \(report.integrity)") }
            for violation in report.violations { result.problem("backup \(index) is not a moment in time: \(violation)") }
            if report.isSound { sound += 1 }
            copies.append((path, report.counts))
        }
        stop.set()
        writerGroup.wait()

        var restored = 0
        for (index, copy) in copies.enumerated() {
            let (_, scratch) = try workspace.database("restore-target")
            let outcome = try scratch.run(["restore", copy.path, "--yes"])
            let list = try scratch.run(["list", "--all", "--json"])
            let entries = (try? list.document())?.objects("entries")?.count
            if outcome.status == 0 && entries == copy.counts.entries {
                restored += 1
            } else {
                result.problem("backup \(index) did not restore (\(outcome.status), \(entries ?? -1) entries): \(outcome.standardError)")
            }
        }
        if copies.count >= 2, copies.map(\.counts.entries) != copies.map(\.counts.entries).sorted() {
            result.problem("backups went back in time: \(copies.map(\.counts.entries))")
        }
        result.figure("writers / catches written meanwhile / writer failures", "\(writers) / \(writes.value) / \(writes.failures)")
        result.figure("backups taken under load", copies.count)
        result.figure("entries in each backup", copies.map { String($0.counts.entries) }.joined(separator: ", "))
        result.figure("intact and consistent / restored", "\(sound) / \(restored)")
        if writes.failures > 0 { result.problem("\(writes.failures) writes failed during the backups") }
        return result
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private var failed = 0
        var value: Int { lock.withLock { count } }
        var failures: Int { lock.withLock { failed } }
        func increment() { lock.withLock { count += 1 } }
        func fail() { lock.withLock { failed += 1 } }
    }
}
