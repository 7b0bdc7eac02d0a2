import Foundation
import MydexTestSupport

extension ChildProcess {
    /// Runs a program to completion in a working directory of its own (made inside `parent`),
    /// suspending, never blocking, until it ends.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], in parent: URL
    ) async throws -> Outcome {
        try await ChildProcess(executable, arguments, environment: environment, in: parent).outcome()
    }

    /// A shell command line (for redirections such as `>&-` or `> /dev/full`), `$MYDEX` being the binary.
    static func shell(
        _ script: String, binary: URL, environment: [String: String], in parent: URL
    ) async throws -> Outcome {
        try await run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script],
            environment: environment.merging(["MYDEX": binary.path]) { _, new in new }, in: parent)
    }
}
