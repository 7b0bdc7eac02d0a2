import Foundation
import MydexTestSupport
import Testing

/// The README promises a binary that can be copied anywhere: it must not need the Swift
/// toolchain (its runtime, Foundation, ICU) at run time.
@Suite("Standalone binary")
struct StandaloneBinaryTests {
    /// The toolchain this test process runs on: the folder above `usr/lib/swift/linux/libswiftCore.so`.
    static var toolchainRoot: String? {
        // Read to the end: /proc files report a size of 0.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        for line in maps.split(separator: "\n") {
            guard let start = line.firstIndex(of: "/"), line.hasSuffix("/libswiftCore.so") else { continue }
            let library = String(line[start...])
            guard let range = library.range(of: "/usr/lib/swift/") else { continue }
            return String(library[..<range.lowerBound])
        }
        return nil
    }

    /// Whether this machine lets the test hide a folder in a private mount namespace (root, or a
    /// user namespace); CI runs as root.
    static func canHideFolders() async -> Bool {
        guard let result = try? await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/unshare"), ["-m", "--map-root-user", "true"],
            environment: ["PATH": "/usr/bin:/bin"], in: FileManager.default.temporaryDirectory)
        else { return false }
        return result.status == 0
    }

    @Test("The binary links no Swift runtime, Foundation or ICU library")
    func noToolchainLibraries() async throws {
        let binary = try EndToEndTests.binary
        let ldd = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/ldd"), [binary.path], environment: ["PATH": "/usr/bin:/bin"],
            in: FileManager.default.temporaryDirectory)
        try #require(ldd.status == 0, "ldd failed: \(ldd.standardError)")
        let toolchain = ldd.standardOutput.split(separator: "\n").filter { line in
            ["libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "libicu", "_FoundationICU"].contains { line.contains($0) }
        }
        #expect(toolchain.isEmpty, "needs the toolchain at run time: \(toolchain)")
    }

    @Test("A copy runs with the toolchain hidden", .enabled("needs a private mount namespace (unshare -m)") {
        await StandaloneBinaryTests.canHideFolders()
    })
    func runsWithoutToolchain() async throws {
        let root = try #require(Self.toolchainRoot, "the test process's own Swift runtime was not found")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-standalone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("mydex")
        try FileManager.default.copyItem(at: try EndToEndTests.binary, to: copy)
        // Inside its own mount namespace the toolchain folder is an empty tmpfs: nothing of it can load.
        let script = #"mount -t tmpfs none "$TOOLCHAIN" && [ -z "$(ls -A "$TOOLCHAIN")" ] && "$BINARY" catch --offline --seed 3 && "$BINARY" dex 25 --lang ko && "$BINARY" search ぴかちゅう"#
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/unshare"), ["-m", "--map-root-user", "/bin/sh", "-c", script],
            environment: [
                "TOOLCHAIN": root, "BINARY": copy.path, "HOME": folder.path, "MYDEX_DB": folder.appendingPathComponent("db.sqlite").path,
                "PATH": "/usr/bin:/bin",
            ],
            in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("It is entry #1."))
        #expect(run.standardOutput.contains("#0025 피카츄"))
        #expect(run.standardOutput.contains("ピカチュウ (ja)"), "ICU's kana folding works without the toolchain")
    }

    @Test("Commands without the network never load libcurl")
    func libcurlLoadedOnDemand() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-nocurl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = [
            "HOME": folder.path, "MYDEX_DB": folder.appendingPathComponent("db.sqlite").path, "PATH": "/usr/bin:/bin",
            "LD_DEBUG": "files",
        ]
        let binary = try EndToEndTests.binary
        for arguments in [["catch", "--offline"], ["list"], ["dex", "25"], ["--version"]] {
            let run = try await ChildProcess.run(binary, arguments, environment: environment, in: folder)
            #expect(run.status == 0, "\(arguments): \(run.standardError.suffix(300))")
            #expect(!run.standardError.contains("libcurl"), "\(arguments) loaded libcurl")
        }
    }

    @Test("Without libcurl, offline work goes on and catch says what to install", .enabled("needs a private mount namespace (unshare -m)") {
        await StandaloneBinaryTests.canHideFolders()
    })
    func withoutLibcurl() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-nocurl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = URL(fileURLWithPath: "/lib/x86_64-linux-gnu/libcurl.so.4").resolvingSymlinksInPath().path
        try #require(FileManager.default.fileExists(atPath: library), "no libcurl.so.4 to hide on this machine")
        // /dev/null mounted over the library: dlopen finds a file that is no library.
        let script = #"mount --bind /dev/null "$LIBRARY" && "$BINARY" catch --offline && "$BINARY" list && "$BINARY" catch --retry-network"#
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/unshare"), ["-m", "--map-root-user", "/bin/sh", "-c", script],
            environment: [
                "LIBRARY": library, "BINARY": try EndToEndTests.binary.path, "HOME": folder.path, "PATH": "/usr/bin:/bin",
                "MYDEX_DB": folder.appendingPathComponent("db.sqlite").path, "MYDEX_API_URL": "http://127.0.0.1:9/api/v2",
            ],
            in: folder)
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("It is entry #1."), "offline catch and list work: \(run.standardError)")
        #expect(run.standardError.contains("mydex needs libcurl to reach PokeAPI and could not load it"))
        #expect(run.standardError.contains("libcurl.so.4"))
        #expect(run.standardError.contains("--offline"))
    }
}
