import Foundation

/// Runs a program to completion on a thread of its own, so that waiting for it never holds one
/// of Swift's cooperative threads (two on this machine), and in a folder of its own, so that
/// nothing it writes can land in the checkout.
enum ChildProcess {
    struct Result: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], in folder: URL
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Swift.Result {
                    let process = Process()
                    process.executableURL = executable
                    process.arguments = arguments
                    process.environment = environment
                    process.currentDirectoryURL = folder
                    let output = Pipe()
                    let error = Pipe()
                    process.standardOutput = output
                    process.standardError = error
                    process.standardInput = FileHandle.nullDevice
                    try process.run()
                    // Both pipes are read to the end before waiting, so a chatty child never blocks on a full pipe.
                    let errorData = Data.threadRead(error.fileHandleForReading)
                    let outputData = output.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    return Result(
                        status: process.terminationStatus,
                        standardOutput: String(decoding: outputData, as: UTF8.self),
                        standardError: String(decoding: errorData.value, as: UTF8.self))
                })
            }.start()
        }
    }

    /// A shell command line (for redirections such as `>&-` or `> /dev/full`), `$MYDEX` being the binary.
    static func shell(
        _ script: String, binary: URL, environment: [String: String], in folder: URL
    ) async throws -> Result {
        try await run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script],
            environment: environment.merging(["MYDEX": binary.path]) { _, new in new }, in: folder)
    }
}

private final class ThreadRead: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    /// Waits (on the calling thread, never a cooperative one here) for everything the pipe carried.
    var value: Data {
        done.wait()
        return data
    }
}

private extension Data {
    static func threadRead(_ handle: FileHandle) -> ThreadRead { ThreadRead(handle) }
}
