import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a built `mydex` binary as a user would, capturing its output and how it ended.
public struct MydexRunner: Sendable {
    public struct Outcome: Sendable {
        public var status: Int32
        /// Ended by a signal (a crash, or our own SIGKILL).
        public var signal: Int32?
        public var outputBytes: Data
        public var errorBytes: Data
        public var seconds: Double
        public var timedOut: Bool

        public var standardOutput: String { String(decoding: outputBytes, as: UTF8.self) }
        public var standardError: String { String(decoding: errorBytes, as: UTF8.self) }
        public var crashed: Bool { signal != nil && signal != SIGKILL }
        public var errorLines: [Substring] { standardError.split(separator: "\n") }
    }

    public let binary: URL
    public let environment: [String: String]
    /// Where outputs are captured (files, not pipes: no deadlock on large outputs).
    let scratch: URL

    public init(binary: URL, environment: [String: String], scratch: URL) {
        self.binary = binary
        self.environment = environment
        self.scratch = scratch
    }

    /// The `mydex` built beside this program (or beside the test bundle).
    public static func defaultBinary() -> URL? {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for folder in [here, here.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("mydex")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    public func with(_ extra: [String: String]) -> MydexRunner {
        MydexRunner(binary: binary, environment: environment.merging(extra) { _, new in new }, scratch: scratch)
    }

    /// Runs to completion (or kills it after `timeout` seconds).
    public func run(_ arguments: [String], timeout: Double = 300, asUnprivilegedUser: Bool = false) throws -> Outcome {
        let running = try start(arguments, asUnprivilegedUser: asUnprivilegedUser)
        return running.wait(timeout: timeout)
    }

    /// Runs with writes past `blocks` × 512 bytes per file failing (EFBIG), as on a full disk.
    public func runWithFileSizeLimit(blocks: Int, _ arguments: [String], timeout: Double = 300) throws -> Outcome {
        try start(arguments, fileSizeLimitBlocks: blocks).wait(timeout: timeout)
    }

    /// Starts without waiting.
    public func start(
        _ arguments: [String], asUnprivilegedUser: Bool = false, fileSizeLimitBlocks: Int? = nil
    ) throws -> Running {
        let process = Process()
        if let blocks = fileSizeLimitBlocks {
            // SIGXFSZ ignored, so the write fails with EFBIG instead of killing the process.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "trap '' XFSZ; ulimit -f \(blocks); exec \"$0\" \"$@\"", binary.path] + arguments
        } else if asUnprivilegedUser && geteuid() == 0 {
            // Root ignores file permissions: run as nobody to meet read-only files for real.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.environment = environment
        let id = UUID().uuidString
        let out = scratch.appendingPathComponent("out-\(id)")
        let err = scratch.appendingPathComponent("err-\(id)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        try? outHandle.close()
        try? errHandle.close()
        return Running(process: process, outputFile: out, errorFile: err, started: started)
    }

    public final class Running: @unchecked Sendable {
        let process: Process
        let outputFile: URL
        let errorFile: URL
        let started: Date

        init(process: Process, outputFile: URL, errorFile: URL, started: Date) {
            self.process = process
            self.outputFile = outputFile
            self.errorFile = errorFile
            self.started = started
        }

        public var isRunning: Bool { process.isRunning }

        public func kill(_ signal: Int32 = SIGKILL) {
            Glibc.kill(process.processIdentifier, signal)
        }

        public func wait(timeout: Double = 300) -> Outcome {
            var timedOut = false
            while process.isRunning {
                if Date().timeIntervalSince(started) > timeout {
                    timedOut = true
                    kill()
                    break
                }
                usleep(2_000)
            }
            process.waitUntilExit()
            let seconds = Date().timeIntervalSince(started)
            defer {
                try? FileManager.default.removeItem(at: outputFile)
                try? FileManager.default.removeItem(at: errorFile)
            }
            let signaled = process.terminationReason == .uncaughtSignal
            return Outcome(
                status: signaled ? -1 : process.terminationStatus,
                signal: signaled ? process.terminationStatus : nil,
                outputBytes: (try? Data(contentsOf: outputFile)) ?? Data(),
                errorBytes: (try? Data(contentsOf: errorFile)) ?? Data(),
                seconds: seconds, timedOut: timedOut)
        }
    }
}
