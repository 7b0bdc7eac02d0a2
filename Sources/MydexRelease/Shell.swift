import Foundation

/// What went wrong while making a release, with what to do about it.
struct ReleaseError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs the tools a release is made with (swift, strip, tar, dpkg-deb, …) and says which failed.
enum Shell {
    /// Runs `arguments` (the program found on PATH) in `directory`: its standard output, or an
    /// error carrying its standard error when it fails.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        // Standard error goes to a file, read once the tool has ended: two pipes read one after
        // the other could stall a tool that fills the second.
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-release-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ReleaseError("cannot run \(arguments[0]): \(error.localizedDescription)")
        }
        let standardOutput = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw ReleaseError("\(arguments.joined(separator: " ")) failed (status \(process.terminationStatus)):\n\(message)")
        }
        return String(decoding: standardOutput, as: UTF8.self)
    }

    /// Whether `program` is on PATH.
    static func has(_ program: String) -> Bool {
        (try? run(["sh", "-c", "command -v \(program)"])) != nil
    }
}
