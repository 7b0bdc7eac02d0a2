import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One child process (a `mydex` binary, the Pokédex generator, `script`) started by the suite or
/// the tests.
///
/// - It runs in a new temporary working directory, removed when it has ended, so that nothing it
///   writes by a relative path can land in the checkout.
/// - Its output goes to files in that folder, not pipes: a large output cannot block it.
/// - Built with coverage, it writes its profile there too (`LLVM_PROFILE_FILE`): never into the
///   working directory of the tests, and never as a warning on stderr that it could not.
/// - `outcome()` suspends until the process ends (its termination handler resumes the caller),
///   so awaiting a child never holds one of Swift's few cooperative threads. `wait()` blocks the
///   calling thread: only for the suite's own threads, never from async code.
public final class ChildProcess: @unchecked Sendable {
    public struct Outcome: Sendable {
        public var status: Int32
        /// Ended by a signal (a crash, or our own SIGKILL).
        public var signal: Int32?
        public var outputBytes: Data
        public var errorBytes: Data
        public var seconds: Double
        public var timedOut: Bool

        public var standardOutput: String { String(decoding: outputBytes, as: UTF8.self) }
        /// What the program wrote to stderr, without the lines an instrumented (coverage) build's
        /// runtime adds: checks judge the program's own messages.
        public var standardError: String {
            String(decoding: errorBytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("LLVM Profile ") }.joined(separator: "\n")
        }
        public var crashed: Bool { signal != nil && signal != SIGKILL }
        public var errorLines: [Substring] { standardError.split(separator: "\n") }
    }

    let process = Process()
    let folder: URL
    let outputFile: URL
    let errorFile: URL
    let started: Date
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var ended = false
    private var endedAt = Date()
    private var timedOut = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var result: Outcome?

    /// Starts `executable` with exactly `environment` (plus `LLVM_PROFILE_FILE`).
    /// - Parameters:
    ///   - parent: where the child's temporary folder is made.
    ///   - sharedWithOtherUsers: the folder is writable by everyone, for a child that drops privileges.
    public init(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        in parent: URL = FileManager.default.temporaryDirectory, sharedWithOtherUsers: Bool = false
    ) throws {
        folder = parent.appendingPathComponent("mydex-child-\(UUID().uuidString)")
        let workingDirectory = folder.appendingPathComponent("cwd")
        try FileManager.default.createDirectory(at: workingDirectory, withIntermediateDirectories: true)
        if sharedWithOtherUsers {
            chmod(folder.path, 0o777)
            chmod(workingDirectory.path, 0o777)
        }
        outputFile = folder.appendingPathComponent("stdout")
        errorFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outputFile)
        let errHandle = try FileHandle(forWritingTo: errorFile)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = workingDirectory
        process.environment = environment.merging(["LLVM_PROFILE_FILE": Self.profileFile(in: folder)]) { _, ours in ours }
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        started = Date()
        process.terminationHandler = { [weak self] _ in self?.markEnded() }
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Where an instrumented child writes its coverage profile: its own folder (thrown away), or,
    /// when `MYDEX_CHILD_PROFILES` names a folder (docs/COVERAGE.md), a pool of four files there
    /// that every child merges into (`%4m`), so that what children run counts too.
    static func profileFile(in folder: URL) -> String {
        if let kept = ProcessInfo.processInfo.environment["MYDEX_CHILD_PROFILES"], kept.hasPrefix("/") {
            return (kept as NSString).appendingPathComponent("child-%4m.profraw")
        }
        return folder.appendingPathComponent("%p.profraw").path
    }

    private func markEnded() {
        condition.lock()
        ended = true
        endedAt = Date()
        let resumed = waiters
        waiters = []
        condition.broadcast()
        condition.unlock()
        for waiter in resumed { waiter.resume() }
    }

    public var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !ended
    }

    /// Sends `signal`, unless the process has already ended.
    public func kill(_ signal: Int32 = SIGKILL) {
        condition.lock()
        defer { condition.unlock() }
        guard !ended else { return }
        Glibc.kill(process.processIdentifier, signal)
    }

    private func killForTimeout() {
        condition.lock()
        let running = !ended
        if running { timedOut = true }
        condition.unlock()
        if running { kill() }
    }

    /// How the process ended; kills it after `timeout` seconds. Suspends without blocking a thread.
    public func outcome(timeout: Double = 300) async -> Outcome {
        let watchdog = Task { [weak self] in
            try await Task.sleep(for: .seconds(timeout))
            self?.killForTimeout()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if ended {
                condition.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                condition.unlock()
            }
        }
        watchdog.cancel()
        return collect()
    }

    /// How the process ended; kills it after `timeout` seconds. Blocks the calling thread: for the
    /// suite's own threads only.
    public func wait(timeout: Double = 300) -> Outcome {
        let deadline = started.addingTimeInterval(timeout)
        condition.lock()
        while !ended {
            if !condition.wait(until: deadline), !ended {
                condition.unlock()
                killForTimeout()
                condition.lock()
                while !ended { condition.wait() }
            }
        }
        condition.unlock()
        return collect()
    }

    /// The outcome, read once from the output files (then removed with the folder).
    private func collect() -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        if let result { return result }
        let signaled = process.terminationReason == .uncaughtSignal
        let outcome = Outcome(
            status: signaled ? -1 : process.terminationStatus,
            signal: signaled ? process.terminationStatus : nil,
            outputBytes: (try? Data(contentsOf: outputFile)) ?? Data(),
            errorBytes: (try? Data(contentsOf: errorFile)) ?? Data(),
            seconds: endedAt.timeIntervalSince(started), timedOut: timedOut)
        try? FileManager.default.removeItem(at: folder)
        result = outcome
        return outcome
    }
}

/// Runs blocking work (a reliability check, waits on SQLite locks, a child process waited for
/// synchronously) on a thread of its own and suspends until it is done, so that it never holds
/// one of Swift's cooperative threads, which unrelated async work needs.
public func onDedicatedThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
