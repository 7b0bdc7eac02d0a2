import Foundation
import MydexTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs a built `mydex` binary as a user would, capturing its output and how it ended. Every run
/// is a `ChildProcess`: its own temporary working directory, output in files.
public struct MydexRunner: Sendable {
    public typealias Outcome = ChildProcess.Outcome
    public typealias Running = ChildProcess

    public let binary: URL
    public let environment: [String: String]
    /// Where each run's temporary folder (working directory and captured output) is made.
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

    /// Runs to completion (or kills it after `timeout` seconds), blocking this thread.
    public func run(_ arguments: [String], timeout: Double = 300, asUnprivilegedUser: Bool = false) throws -> Outcome {
        let running = try start(arguments, asUnprivilegedUser: asUnprivilegedUser)
        return running.wait(timeout: timeout)
    }

    /// Runs with writes past `blocks` × 512 bytes per file failing (EFBIG), as on a full disk.
    public func runWithFileSizeLimit(blocks: Int, _ arguments: [String], timeout: Double = 300) throws -> Outcome {
        try start(arguments, fileSizeLimitBlocks: blocks).wait(timeout: timeout)
    }

    /// Runs on a pseudo-terminal (through `script`, which must exist), as in an interactive shell.
    func runOnTerminal(_ arguments: [String], environment extra: [String: String?], timeout: Double = 300) throws -> Outcome {
        var environment = environment
        for (name, value) in extra { environment[name] = value }
        let line = ([binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", line, "/dev/null"], environment: environment, in: scratch
        ).wait(timeout: timeout)
    }

    /// Starts without waiting.
    public func start(
        _ arguments: [String], asUnprivilegedUser: Bool = false, fileSizeLimitBlocks: Int? = nil
    ) throws -> Running {
        let executable: URL
        let fullArguments: [String]
        var unprivileged = false
        if let blocks = fileSizeLimitBlocks {
            // SIGXFSZ ignored, so the write fails with EFBIG instead of killing the process.
            executable = URL(fileURLWithPath: "/bin/sh")
            fullArguments = ["-c", "trap '' XFSZ; ulimit -f \(blocks); exec \"$0\" \"$@\"", binary.path] + arguments
        } else if asUnprivilegedUser && geteuid() == 0 {
            // Root ignores file permissions: run as nobody to meet read-only files for real.
            executable = URL(fileURLWithPath: "/usr/bin/setpriv")
            fullArguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", binary.path] + arguments
            unprivileged = true
        } else {
            executable = binary
            fullArguments = arguments
        }
        return try ChildProcess(executable, fullArguments, environment: environment, in: scratch, sharedWithOtherUsers: unprivileged)
    }
}
