import Foundation
import MydexServices
import MydexStore
import MydexModel
import MydexTestSupport
import Synchronization

/// How hard the suite pushes: `quick` runs in CI within a minute or two, `full` is the
/// published run (docs/RELIABILITY.md).
public enum Scale: String, Sendable, CaseIterable {
    case quick, full

    var concurrentCatches: Int { 32 }
    var mixedWorkers: Int { 8 }
    var mixedSeconds: Double { self == .full ? 30 : 4 }
    var crashRuns: Int { self == .full ? 240 : 30 }
    /// The network budget given to mydex (MYDEX_TIMEOUT) for the network faults. Quick runs
    /// share the machine with the rest of `swift test`: 2 s was too short there for a 64 MB
    /// answer's headers to arrive, so the deadline, not the size cap, decided.
    var networkDeadline: Int { self == .full ? 20 : 5 }
    var loadedBackupWriters: Int { 4 }
    var loadedBackups: Int { self == .full ? 12 : 3 }
    var fuzzSeconds: Double { self == .full ? 60 : 3 }
}

/// What one check found: figures to publish, and problems (none when it passed).
public struct CheckResult: Sendable {
    public var name: String
    public var figures: [(label: String, value: String)]
    public var problems: [String]

    public var passed: Bool { problems.isEmpty }

    init(_ name: String) {
        self.name = name
        figures = []
        problems = []
    }

    mutating func figure(_ label: String, _ value: CustomStringConvertible) { figures.append((label, value.description)) }

    mutating func problem(_ text: String) {
        // Keep reports readable: the first dozen problems say enough.
        if problems.count < 12 { problems.append(text) } else if problems.count == 12 { problems.append("…") }
    }
}

/// A temporary home for one suite run: databases, a fake HOME, outputs.
public final class Workspace: Sendable {
    public let root: URL
    public let binary: URL
    public let scale: Scale
    let template: URL
    /// Where the children's temporary folders are made: apart from the databases, so that a
    /// child's files never count against a small disk or show up as a database's leftovers.
    let runs: URL

    /// Creates the workspace and a template database with the built-in Pokédex installed, which
    /// each check copies instead of paying for the first-use install again.
    public init(binary: URL, scale: Scale) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-reliability-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // World-readable so that checks can run mydex as an unprivileged user.
        chmod(root.path, 0o755)
        self.binary = binary
        self.scale = scale
        template = root.appendingPathComponent("template.sqlite")
        runs = root.appendingPathComponent("runs")
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        chmod(runs.path, 0o755)
        // Reading commands never create a collection, so the template is made the way `catch`
        // makes one. Callers run this on a thread of their own (the checks block).
        let path = template.path
        do {
            try blocking {
                let store = try CollectionStore.open(path: path, create: true)
                try store.close()
            }
        } catch {
            throw SuiteError("could not create a template database: \(error)")
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    static func baseEnvironment(home: URL, database: String) -> [String: String] {
        [
            "HOME": home.path, "MYDEX_DB": database, "NO_COLOR": "1", "TZ": "UTC", "LANG": "C.UTF-8",
            "PATH": "/usr/local/bin:/usr/bin:/bin", "MYDEX_API_URL": "http://127.0.0.1:9/api/v2",
        ]
    }

    /// `text` with this run's temporary folder written as `<tmp>`, for readable figures.
    public func redact(_ text: some StringProtocol) -> String {
        String(text).replacingOccurrences(of: root.path, with: "<tmp>")
    }

    /// A new folder.
    public func folder(_ name: String) throws -> URL {
        let url = root.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        chmod(url.path, 0o755)
        return url
    }

    /// A new database (a copy of the template unless `fresh`) and a runner pointed at it.
    public func database(_ name: String, fresh: Bool = false) throws -> (path: String, runner: MydexRunner) {
        let folder = try folder(name)
        let path = folder.appendingPathComponent("mydex.sqlite").path
        if !fresh { try FileManager.default.copyItem(atPath: template.path, toPath: path) }
        let runner = MydexRunner(binary: binary, environment: Self.baseEnvironment(home: folder, database: path), scratch: runs)
        return (path, runner)
    }
}

struct SuiteError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Every check, in the order of docs/RELIABILITY.md.
public enum ReliabilitySuite {
    public static let checks: [(name: String, run: @Sendable (Workspace) throws -> CheckResult)] = [
        ("concurrency", ConcurrencyCheck.run),
        ("crashes", CrashCheck.run),
        ("network", NetworkFaultCheck.run),
        ("hostile-input", HostileInputCheck.run),
        ("damaged-databases", DamagedDatabaseCheck.run),
        ("backup-under-load", BackupUnderLoadCheck.run),
        ("terminal-safety", TerminalSafetyCheck.run),
        ("fuzzing", FuzzCheck.run),
        ("slow-readers", SlowReaderCheck.run),
    ]

    /// Runs one check in a workspace of its own. The checks block while their processes run, so
    /// they run on a thread of their own: awaiting this never holds a cooperative thread.
    public static func run(_ name: String, binary: URL, scale: Scale) async throws -> CheckResult {
        guard let check = checks.first(where: { $0.name == name }) else { throw SuiteError("no check named \(name)") }
        return try await onDedicatedThread { try check.run(try Workspace(binary: binary, scale: scale)) }
    }
}

/// Runs `body` on `count` threads at once (not limited to the number of cores, unlike
/// `concurrentPerform`: the point is many processes at once), and waits for all, blocking the
/// calling thread (the checks' own, never a cooperative one).
func inParallel(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    group.wait()
}

/// Runs async work (mydex's own store and commands) to completion and returns its result,
/// blocking the calling thread: only from the suite's own threads, never a cooperative one.
func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let result: Result<T, any Error>
        do {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    guard let result = outcome.withLock({ $0 }) else { throw SuiteError("the work ended without a result") }
    return try result.get()
}
