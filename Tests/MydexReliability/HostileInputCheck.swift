import Foundation
import Glibc
import MydexTestSupport

#if canImport(Glibc)
#endif

/// 4. Bad argument lists: each must end with exit 1 or 64 and a clear message, never a trap,
/// and leave the database byte-for-byte as it was.
enum HostileInputCheck {
    static let badIDs = [
        "0", "-1", "-99999999999999999999", "99999999999999999999", "abc", "1.5", "", " ", "0x1F", "１", "1e3",
        "NaN", "'; DROP TABLE caught_pokemon; --", "\u{1B}[31m1",
    ]

    static let badNicknames = [
        "", "   ", String(repeating: "x", count: 1000), "\u{1B}]0;pwned\u{7}", "a\tb", "\u{202E}evil", "\u{200D}",
        "Robert'); DROP TABLE caught_pokemon;--", "del\u{7F}", "csi\u{9B}31m", String(repeating: "👍", count: 13),
        "line\nbreak", "\u{FEFF}bom",
    ]

    /// Argument lists that need no files.
    static func argumentLists() -> [[String]] {
        var lists: [[String]] = []
        for command in ["show", "release", "favorite", "unfavorite"] {
            for id in badIDs { lists.append([command, id]) }
        }
        for id in badIDs { lists.append(["nickname", id, "Zap"]) }
        for nickname in badNicknames { lists.append(["nickname", "1", nickname]) }
        lists += [
            ["list", "--bogus"], ["list", "--sort", "dex; DROP TABLE history"], ["list", "--sort", ""], ["list", "--lang", "xx"],
            ["list", "--lang", "\u{1B}[2J"], ["catch", "--seed"], ["catch", "--seed", "-5"], ["catch", "--seed", "x"],
            ["catch", "--seed", "99999999999999999999999"], ["catch", "--generation", "0"], ["catch", "--generation", "-1"],
            ["catch", "--offline", "--generation", "999"], ["catch", "--api-url", "javascript:alert(1)"],
            ["catch", "--api-url", "file:///etc/passwd"], ["catch", "--api-url", "http://"], ["catch", "--api-url", ""],
            ["history", "--since", "yesterday"], ["history", "--action", "'; DROP TABLE history"],
            ["history", "--since", "2026-02-30"], ["list", "--type", "'; DROP TABLE species"], ["list", "--name", "%"],
            ["list", "--limit", "0"], ["list", "--offset", "-1"], ["list", "--released", "--all"], ["history", "--limit", "-3"],
            ["history", "--limit", "99999999999999999999999"],
            ["dex", "list", "--offset", "-1"], ["dex", "list", "--limit", "0"], ["dex", "list", "--type", "'; DROP TABLE species"],
            ["dex", "list", "--caught", "--missing"], ["dex", "list", "--generation", "77"], ["dex", "0"], ["dex", "99999"],
            ["dex", "\u{1B}[2J"], ["dex", "' OR 1=1 --"], ["dex", String(repeating: "a", count: 5000)], ["dex"],
            ["search", "%"], ["search", "_"], ["search", "*"], ["search", "   "], ["search"], ["search", "qqqqzzzzxxxx"],
            ["frobnicate"], [""], ["\u{1B}[31m"], ["--db"], ["list", "--db", ""], ["dex", "sync", "--concurrency", "0"],
            ["dex", "sync", "--concurrency", "9"], ["dex", "sync", "--max-age", "-1"], ["nickname", "1"],
            ["nickname", "1", "Zap", "--clear"], ["release"], ["show"], ["restore", "--yes"], ["backup", "--keep", "0"],
            ["backup", "--keep", "-1"], ["backup", ""], ["restore", ""], ["stats", "--lang", "tlh"],
            ["show", "1", "--json", "extra"], ["release", "1", "2"],
        ]
        return lists
    }

    static func run(_ workspace: Workspace) throws -> CheckResult {
        var result = CheckResult("Hostile input")
        let (path, runner) = try workspace.database("hostile")
        for _ in 0..<3 { _ = try runner.run(["catch", "--offline"]) }
        _ = try runner.run(["favorite", "2"])
        var cases = argumentLists().map { (arguments: $0, unprivileged: false) }
        cases += try pathCases(workspace, runner: runner).map { (arguments: $0, unprivileged: false) }
        let (nobodyPath, nobodyRunner, nobodyCases) = try unprivilegedCases(workspace)

        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        var statuses: [Int32: Int] = [:]
        var slowest = 0.0
        func judge(_ arguments: [String], _ outcome: MydexRunner.Outcome, database: String, before: Data) {
            statuses[outcome.status, default: 0] += 1
            slowest = max(slowest, outcome.seconds)
            let shown = arguments.map { $0.debugDescription.prefix(40) }.joined(separator: " ")
            if outcome.signal != nil || outcome.timedOut {
                result.problem("\(shown): trapped (signal \(outcome.signal.map(String.init) ?? "timeout"))")
            } else if outcome.status != 1 && outcome.status != 64 {
                result.problem("\(shown): exit \(outcome.status), expected 1 or 64")
            } else if !outcome.standardError.hasPrefix("Error: ") {
                result.problem("\(shown): no clear message: \(outcome.standardError.prefix(120).debugDescription)")
            }
            if (try? Data(contentsOf: URL(fileURLWithPath: database))) != before {
                result.problem("\(shown): the database changed")
            }
        }
        for item in cases {
            judge(item.arguments, try runner.run(item.arguments, timeout: 60), database: path, before: original)
        }
        let nobodyOriginal = try Data(contentsOf: URL(fileURLWithPath: nobodyPath))
        for arguments in nobodyCases {
            judge(arguments, try nobodyRunner.run(arguments, timeout: 60, asUnprivilegedUser: true), database: nobodyPath, before: nobodyOriginal)
        }
        result.figure("argument lists", cases.count + nobodyCases.count)
        result.figure("exit 64 (usage) / exit 1 (refused)", "\(statuses[64] ?? 0) / \(statuses[1] ?? 0)")
        result.figure("slowest", String(format: "%.2f s", slowest))
        return result
    }

    /// Missing files, directories, existing backups, foreign files.
    static func pathCases(_ workspace: Workspace, runner: MydexRunner) throws -> [[String]] {
        let folder = try workspace.folder("hostile-paths")
        let existing = folder.appendingPathComponent("existing.sqlite").path
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: existing))
        return [
            ["restore", "/nonexistent/backup.sqlite"], ["restore", folder.path], ["restore", existing],
            ["restore", "/dev/null"], ["backup", existing], ["backup", "/nonexistent-dir/b.sqlite"],
            // (`backup FOLDER` writes a new file inside it, and `list` on a missing file reads as empty: both fine.)
            ["list", "--db", folder.path], ["show", "1", "--db", "/proc/mydex/x.sqlite"],
            ["catch", "--offline", "--db", "/proc/mydex/x.sqlite"], ["list", "--db", existing],
            ["catch", "--offline", "--db", "/dev/null"],
        ]
    }

    /// A database owned by an unprivileged user, and paths that user may not read or write.
    static func unprivilegedCases(_ workspace: Workspace) throws -> (String, MydexRunner, [[String]]) {
        let (path, runner) = try workspace.database("hostile-nobody")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let unreadable = folder.appendingPathComponent("unreadable.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: unreadable)
        let lockedFolder = folder.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: lockedFolder, withIntermediateDirectories: true)
        if geteuid() == 0 {
            for item in [folder.path, path] { chown(item, 65534, 65534) }
        }
        chmod(unreadable, 0o000)
        chmod(lockedFolder.path, 0o555)
        return (path, runner, [
            ["restore", unreadable], ["backup", lockedFolder.appendingPathComponent("b.sqlite").path],
            ["list", "--db", unreadable], ["catch", "--offline", "--db", lockedFolder.appendingPathComponent("new.sqlite").path],
        ])
    }
}
