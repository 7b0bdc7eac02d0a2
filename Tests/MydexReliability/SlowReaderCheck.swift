import Foundation
import GRDB
import Glibc
import MydexTestSupport

#if canImport(Glibc)
#endif

/// 9. No reader blocks a writer: every reading command, its output read by a pipe that takes one
/// line and then nothing for 20 seconds (a pager, `head` then a pause, a slow network pipe), while
/// `catch`, `nickname`, `release`, `import` and `backup` run beside them, one after another.
/// Every write must complete within 2 seconds (with the rollback journal a reader that held a
/// read transaction while it printed kept every commit waiting, up to the 30-second busy
/// timeout), and every reader must then finish its output whole.
enum SlowReaderCheck {
    /// Entries in the collection: enough that every long listing fills the pipe's 64 KiB and is
    /// left waiting in the middle of its output.
    static let entries = 3000
    static let pause: Double = 20
    static let writeLimit: Double = 2

    /// The reading commands, each with how its complete output ends.
    static let readers: [(arguments: [String], ends: String)] = [
        (["list"], ""),
        (["list", "--all", "--json"], "}"),
        (["export"], ""),
        (["export", "--json"], "}"),
        (["export", "--format", "html"], "</html>"),
        (["history"], ""),
        (["history", "--json"], "}"),
        (["dex", "list", "--limit", "2000"], ""),
        (["search", "a", "--json"], "}"),
        (["box", "1"], ""),
        (["stats"], ""),
    ]

    static func run(_ workspace: Workspace) throws -> CheckResult {
        var result = CheckResult("Slow readers")
        let (path, runner) = try workspace.database("slow-readers")
        _ = try runner.run(["catch", "--offline"])
        try plant(entries - 1, in: path)
        // What `import` will bring: entries exported from another collection.
        let (_, other) = try workspace.database("slow-readers-source")
        _ = try other.run(["catch", "--offline", "--count", "5"])
        let exported = try workspace.folder("slow-readers-export").appendingPathComponent("five.csv").path
        let export = try other.run(["export", exported])
        if export.status != 0 { result.problem("could not export the entries to import: \(export.standardError)") }

        let started = try readers.map { reader in try PausedReader(runner.binary, reader.arguments, environment: runner.environment) }
        // Each reader has printed its first line (or ended: a short output fits the pipe).
        for reader in started { reader.readFirstLine() }
        let pauseEnds = Date().addingTimeInterval(pause)

        let writes: [[String]] = [
            ["catch", "--offline"], ["nickname", "2", "Slowpoke"], ["release", "3", "--force"], ["import", exported],
            ["backup"],
        ]
        var slowest = 0.0
        for arguments in writes {
            let outcome = try runner.run(arguments, timeout: pause)
            slowest = max(slowest, outcome.seconds)
            if outcome.status != 0 {
                result.problem("`mydex \(arguments.joined(separator: " "))` failed beside paused readers (\(outcome.status), \(String(format: "%.1f s", outcome.seconds))): \(outcome.standardError)")
            } else if outcome.seconds > writeLimit {
                result.problem("`mydex \(arguments.joined(separator: " "))` took \(String(format: "%.2f s", outcome.seconds)) beside paused readers")
            }
            result.figure("`\(arguments[0])` beside paused readers", String(format: "%.2f s", outcome.seconds))
        }
        let stillPaused = started.filter(\.isRunning).count
        Thread.sleep(until: pauseEnds)

        for (reader, expected) in zip(started, readers) {
            let outcome = reader.finish(timeout: 60)
            let command = "`mydex \(expected.arguments.joined(separator: " "))`"
            if outcome.status != 0 {
                result.problem("\(command) failed after its reader paused (\(outcome.status)): \(outcome.standardError)")
            } else if !outcome.output.utf8.reversed().starts(with: (expected.ends + "\n").utf8.reversed()) {
                result.problem("\(command) did not end its output whole: …\(outcome.output.suffix(80))")
            }
        }
        result.figure("readers paused mid-output (of \(readers.count))", stillPaused)
        result.figure("slowest write", String(format: "%.2f s", slowest))
        let report = try DatabaseAudit(path: path).report()
        ConcurrencyCheck.check(report, &result)
        return result
    }

    /// `count` entries and their catch rows, written as the benchmark writes them (mydex would
    /// take a process a catch), spread over every species.
    static func plant(_ count: Int, in path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO caught_pokemon (species_id, form_id, nickname, is_favorite, is_shiny, caught_at)
                SELECT (i * 7919) % 1025 + 1, (i * 7919) % 1025 + 1, NULL, 0, 0,
                    strftime('%Y-%m-%d %H:%M:%f', '2026-01-01', '+' || i || ' minutes') FROM n;
                INSERT INTO history (entry_id, action, detail, occurred_at)
                SELECT id, 'catch', NULL, caught_at FROM caught_pokemon WHERE id > 1;
                """, arguments: [count])
        }
        try queue.close()
    }
}

/// A `mydex` whose standard output is a pipe this side reads as a slow reader does: the first
/// line, then nothing until `finish`.
final class PausedReader: @unchecked Sendable {
    private let process = Process()
    private let pipe = Pipe()
    private let errors: URL
    private var read = Data()

    init(_ binary: URL, _ arguments: [String], environment: [String: String]) throws {
        errors = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-paused-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        process.standardOutput = pipe
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: errors)
    }

    var isRunning: Bool { process.isRunning }

    /// Reads until the first line has come (or the output ended).
    func readFirstLine() {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        var byte: UInt8 = 0
        while Glibc.read(descriptor, &byte, 1) == 1 {
            read.append(byte)
            if byte == UInt8(ascii: "\n") { return }
        }
    }

    /// Reads the rest and waits for the process to end (killing it after `timeout` seconds).
    func finish(timeout: Double) -> (status: Int32, output: String, standardError: String) {
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        read += pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        let standardError = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: read, as: UTF8.self), standardError)
    }
}
