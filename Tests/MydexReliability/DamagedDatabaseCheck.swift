import Foundation
import GRDB
import Glibc
import MydexTestSupport

#if canImport(Glibc)
#endif

/// 5. Databases mydex must not touch or cannot write: refused or failed cleanly, the original
/// untouched, no partial backup left behind.
enum DamagedDatabaseCheck {
    static func run(_ workspace: Workspace) throws -> CheckResult {
        var result = CheckResult("Damaged databases")
        try refusals(workspace, &result)
        try readOnly(workspace, &result)
        try fullDisk(workspace, &result)
        return result
    }

    /// A way to damage a collection, and what a command met with it must say.
    private struct Damage {
        var name: String
        var expected: String
        /// The commands that must refuse; the others may also work (nil: all must refuse).
        var refusedBy: Set<String>?
        var damage: (String) throws -> Void

        init(_ name: String, _ expected: String, refusedBy: Set<String>? = nil, damage: @escaping (String) throws -> Void) {
            self.name = name
            self.expected = expected
            self.refusedBy = refusedBy
            self.damage = damage
        }
    }

    /// Newer, foreign, non-SQLite, truncated and corrupted files: every command refuses them,
    /// in one line naming the file. Opening checks only what is cheap and decisive, so a
    /// corrupted page is met by the commands that read it, and always by `backup`.
    private static func refusals(_ workspace: Workspace, _ result: inout CheckResult) throws {
        let damages: [Damage] = [
            Damage("newer schema", "newer mydex") { path in
                let queue = try DatabaseQueue(path: path)
                try queue.write { try $0.execute(sql: "INSERT INTO mydex_schema_migrations VALUES ('m9999_from_the_future', '2030-01-01')") }
                try queue.close()
            },
            Damage("foreign SQLite file", "not a mydex database") { path in
                try FileManager.default.removeItem(atPath: path)
                let queue = try DatabaseQueue(path: path)
                try queue.write { try $0.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')") }
                try queue.close()
            },
            Damage("non-SQLite file", "not a mydex database") { path in
                try Data(String(repeating: "Dear diary,\n", count: 4000).utf8).write(to: URL(fileURLWithPath: path))
            },
            Damage("truncated file", "damaged") { path in
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
            },
            // The page holding the entries, which every command reads.
            Damage("corrupted page", "damaged") { path in try DatabaseDamage.overwritePage(of: "caught_pokemon", in: path) },
            // The history's page, which `list` and `stats` need not read: `backup` checks every page.
            Damage("corrupted history page", "damaged", refusedBy: ["catch", "backup", "history"]) { path in
                try DatabaseDamage.overwritePage(of: "history", in: path)
            },
        ]
        let commands = [["list"], ["catch", "--offline"], ["backup"], ["history"], ["stats"]]
        for damage in damages {
            let (path, runner) = try workspace.database("damaged")
            _ = try runner.run(["catch", "--offline"])
            try damage.damage(path)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            var refused = 0, worked = 0
            var message = ""
            for command in commands {
                let outcome = try runner.run(command)
                let lines = outcome.errorLines
                if outcome.status == 1, lines.count == 1, lines[0].hasPrefix("Error: \(path) "), lines[0].contains(damage.expected) {
                    refused += 1
                    if message.isEmpty { message = String(lines[0]) }
                } else if outcome.status == 0, let refusedBy = damage.refusedBy, !refusedBy.contains(command[0]) {
                    worked += 1
                } else {
                    result.problem("\(damage.name), \(command[0]): expected a one-line refusal, got \(outcome.status): \(outcome.standardError.prefix(200))")
                }
                if (try? Data(contentsOf: URL(fileURLWithPath: path))) != before {
                    result.problem("\(damage.name), \(command[0]): the file changed")
                }
            }
            try expectNoLeftovers(URL(fileURLWithPath: path).deletingLastPathComponent(), damage.name, &result)
            let working = worked > 0 ? ", \(worked) worked without reading it" : ""
            result.figure(damage.name, "\(refused)/\(commands.count) commands refused\(working), file unchanged: \(workspace.redact(message))")
        }
    }

    /// A read-only file and a read-only folder, met as an ordinary user.
    private static func readOnly(_ workspace: Workspace, _ result: inout CheckResult) throws {
        guard geteuid() == 0 || getuid() != 0 else { return }
        for (name, lockFolder) in [("read-only file", false), ("read-only folder", true)] {
            let (path, runner) = try workspace.database("read-only")
            _ = try runner.run(["catch", "--offline"])
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if geteuid() == 0 {
                chown(folder, 65534, 65534)
                chown(path, 65534, 65534)
            }
            chmod(path, lockFolder ? 0o644 : 0o444)
            if lockFolder { chmod(folder, 0o555) }
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let read = try runner.run(["list"], asUnprivilegedUser: true)
            let write = try runner.run(["catch", "--offline"], asUnprivilegedUser: true)
            if read.status != 0 { result.problem("\(name): list should still work, got \(read.status): \(read.standardError)") }
            if write.status != 1 || write.errorLines.count != 1 {
                result.problem("\(name): catch should fail with one line, got \(write.status): \(write.standardError)")
            }
            if (try? Data(contentsOf: URL(fileURLWithPath: path))) != before { result.problem("\(name): the file changed") }
            chmod(folder, 0o755)
            try expectNoLeftovers(URL(fileURLWithPath: folder), name, &result)
            result.figure(name, "list works, catch refused: \(workspace.redact(write.errorLines.first ?? ""))")
        }
    }

    /// Backup and restore when the disk fills up: a small tmpfs when this process may mount one,
    /// else a file-size limit (EFBIG), which fails the same writes.
    private static func fullDisk(_ workspace: Workspace, _ result: inout CheckResult) throws {
        let (path, runner) = try workspace.database("full-disk")
        for _ in 0..<3 { _ = try runner.run(["catch", "--offline"]) }
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let folder = try workspace.folder("small-disk")
        let mounted = mountTmpfs(at: folder.path, bytes: size / 2)
        defer { if mounted { umount(folder.path) } }
        result.figure("full disk simulated with", mounted ? "a \(size / 2 / 1024) KiB tmpfs" : "a file-size limit (ulimit -f)")

        let target = folder.appendingPathComponent("backup.sqlite").path
        let backup = mounted
            ? try runner.run(["backup", target])
            : try runner.runWithFileSizeLimit(blocks: size / 1024, ["backup", target])
        if backup.status != 1 || !backup.standardError.contains("No backup file was left behind") {
            result.problem("backup on a full disk: expected a clean failure, got \(backup.status): \(backup.standardError)")
        }
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        if !leftovers.isEmpty { result.problem("backup on a full disk left \(leftovers)") }
        result.figure("backup, disk full", "exit \(backup.status), nothing left behind: \(workspace.redact(backup.errorLines.first ?? ""))")

        // Restore: the safety copy of the current collection cannot be written.
        let source = workspace.root.appendingPathComponent("restore-source-\(UUID().uuidString).sqlite").path
        _ = try runner.run(["backup", source])
        _ = try runner.run(["catch", "--offline"])
        let small = mounted ? try databaseOnSmallDisk(workspace, copying: path, bytes: size + size / 2) : nil
        defer { if let small { umount(small.folder) } }
        let (smallPath, smallRunner) = small.map { ($0.path, $0.runner) } ?? (path, runner)
        let liveBefore = try Data(contentsOf: URL(fileURLWithPath: smallPath))
        let restore = mounted
            ? try smallRunner.run(["restore", source, "--yes"])
            : try smallRunner.runWithFileSizeLimit(blocks: size / 1024, ["restore", source, "--yes"])
        if restore.status != 1 || restore.errorLines.count != 1 {
            result.problem("restore on a full disk: expected one error line, got \(restore.status): \(restore.standardError)")
        }
        if (try? Data(contentsOf: URL(fileURLWithPath: smallPath))) != liveBefore {
            result.problem("restore on a full disk changed the live database")
        }
        try expectNoLeftovers(URL(fileURLWithPath: smallPath).deletingLastPathComponent(), "restore on a full disk", &result)
        result.figure("restore, disk full", "exit \(restore.status), live database unchanged: \(workspace.redact(restore.errorLines.first ?? ""))")
    }

    private static func databaseOnSmallDisk(
        _ workspace: Workspace, copying path: String, bytes: Int
    ) throws -> (path: String, runner: MydexRunner, folder: String) {
        let (target, runner) = try workspace.database("small-live")
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
        try FileManager.default.removeItem(atPath: target)
        guard mountTmpfs(at: folder, bytes: bytes) else { throw SuiteError("cannot mount a tmpfs at \(folder)") }
        try FileManager.default.copyItem(atPath: path, toPath: target)
        return (target, runner, folder)
    }

    /// A small tmpfs, when this process may mount one (root with CAP_SYS_ADMIN) and
    /// MYDEX_RELIABILITY_NO_MOUNT is unset.
    static func mountTmpfs(at path: String, bytes: Int) -> Bool {
        guard ProcessInfo.processInfo.environment["MYDEX_RELIABILITY_NO_MOUNT"] == nil else { return false }
        return mount("tmpfs", path, "tmpfs", 0, "size=\(max(bytes, 4096)),mode=0755") == 0
    }

    static func expectNoLeftovers(_ folder: URL, _ name: String, _ result: inout CheckResult) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let backups = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("backups").path)) ?? []
        let partial = (names + backups).filter { $0.contains(".partial-") || $0.contains(".restore-") || $0.hasSuffix("-journal") }
        if !partial.isEmpty { result.problem("\(name): left \(partial)") }
    }
}

/// Damage done to a collection file, for the checks and the tests.
public enum DatabaseDamage {
    /// Overwrites the root page of `table` with garbage, as a bad disk block would.
    public static func overwritePage(of table: String, in path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let (root, size) = try queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_schema WHERE name = ?", arguments: [table]),
             try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096)
        }
        try queue.close()
        guard let root else { throw SuiteError("\(path) has no table \(table)") }
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        data.replaceSubrange((root - 1) * size ..< root * size, with: Data(repeating: 0xA5, count: size))
        try data.write(to: URL(fileURLWithPath: path))
    }
}
