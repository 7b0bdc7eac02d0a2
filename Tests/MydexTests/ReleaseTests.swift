import Foundation
import Testing
@testable import MydexCLI
import MydexServices
import MydexTestSupport

/// `MydexRelease` and what it makes, tested as a person installs it: the tarball's binary run
/// from another folder, lintian on the .deb, and the .deb installed with dpkg, used by an
/// unprivileged user, and removed. The built (debug) `mydex` is packaged: a release build would
/// take minutes and packages the same way.
@Suite("Release artifacts", .serialized, .enabled(if: ReleaseTools.packaging, "dpkg-deb, dpkg-shlibdeps or strip is missing (sudo apt-get install dpkg-dev binutils)"))
struct ReleaseTests {
    /// This test's temporary folder, removed when it ends.
    let environment: TestEnvironment
    var folder: URL { environment.directory }

    init() throws {
        environment = try TestEnvironment()
    }

    /// Runs `arguments` through `/bin/sh -c` (the tools of the system), its outcome.
    func shell(_ script: String, environment: [String: String] = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]) async throws -> ChildProcess.Outcome {
        try await ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: environment, in: folder).outcome()
    }

    /// The artifacts, made once per test into this test's folder.
    func release() async throws -> (tarball: URL, package: URL, sums: URL) {
        let tool = try EndToEndTests.sibling("MydexRelease")
        let output = folder.appendingPathComponent("artifacts")
        let run = try await ChildProcess(
            tool, ["--package-path", Fixtures.repositoryRoot.path, "--binary", try EndToEndTests.binary.path, "--output", output.path],
            environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "HOME": folder.path], in: folder).outcome()
        #expect(run.status == 0, "\(run.standardError)")
        let version = try await ChildProcess(try EndToEndTests.binary, ["--version"], environment: [:], in: folder).outcome()
            .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let architecture = try await shell("dpkg --print-architecture").standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let machine = try await shell("uname -m").standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        return (
            output.appendingPathComponent("mydex-\(version)-linux-\(machine).tar.gz"),
            output.appendingPathComponent("mydex_\(version)_\(architecture).deb"),
            output.appendingPathComponent("SHA256SUMS"))
    }

    @Test("One command makes the tarball (binary, man page, three completions, README, LICENSE, NOTICE), the .deb and their checksums; the tarball's binary runs from anywhere")
    func artifacts() async throws {
        let (tarball, package, sums) = try await release()
        let checked = try await shell("cd '\(sums.deletingLastPathComponent().path)' && sha256sum -c SHA256SUMS")
        #expect(checked.status == 0 && checked.standardOutput.components(separatedBy: ": OK").count == 3, "\(checked.standardOutput)")

        let listing = try await shell("tar tzf '\(tarball.path)'").standardOutput.split(separator: "\n").map { $0.split(separator: "/").dropFirst().joined(separator: "/") }
        for file in ["mydex", "mydex.1", "completions/mydex.bash", "completions/_mydex", "completions/mydex.fish", "README.md", "LICENSE", "NOTICE"] {
            #expect(listing.contains(file), "the tarball lacks \(file)")
        }
        // Unpacked elsewhere, run with nothing of the build or the toolchain around it.
        let unpacked = folder.appendingPathComponent("unpacked")
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        #expect(try await shell("tar xzf '\(tarball.path)' -C '\(unpacked.path)'").status == 0)
        let binary = try #require(try FileManager.default.contentsOfDirectory(at: unpacked, includingPropertiesForKeys: nil).first)
            .appendingPathComponent("mydex")
        let caught = try await ChildProcess(
            binary, ["catch", "--offline"], environment: ["HOME": folder.appendingPathComponent("home").path, "PATH": "/usr/bin:/bin"],
            in: folder).outcome()
        #expect(caught.status == 0 && caught.standardOutput.hasPrefix("Caught "), "\(caught.standardError)")
        // The release stamps the commit it was made from and when.
        let version = try await ChildProcess(binary, ["version", "--json"], environment: ["PATH": "/usr/bin:/bin"], in: folder).outcome()
        let stamped = try #require(try MydexJSON.document(version.outputBytes))
        let head = try await shell("git -C '\(Fixtures.repositoryRoot.path)' rev-parse HEAD").standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect((stamped["commit"] as? String)?.hasPrefix(head) == true, "\(version.standardOutput)")
        #expect((stamped["builtAt"] as? String)?.hasPrefix("20") == true)
        let stripped = try await shell("file -b '\(binary.path)' 2>/dev/null || readelf -S '\(binary.path)'").standardOutput
        #expect(!stripped.contains("not stripped") && !stripped.contains(".symtab"), "the binary is not stripped: \(stripped)")

        let contents = try await shell("dpkg-deb -c '\(package.path)'").standardOutput
        for path in [
            "./usr/bin/mydex", "./usr/share/man/man1/mydex.1.gz", "./usr/share/bash-completion/completions/mydex",
            "./usr/share/zsh/vendor-completions/_mydex", "./usr/share/fish/vendor_completions.d/mydex.fish",
            "./usr/share/doc/mydex/copyright", "./usr/share/doc/mydex/changelog.gz",
        ] {
            #expect(contents.contains(path), "the .deb lacks \(path)")
        }
        let control = try await shell("dpkg-deb -f '\(package.path)'").standardOutput
        #expect(control.contains("Depends: libc6") && control.contains("libsqlite3-0") && control.contains("zlib1g")
                && control.contains("liblzma5"), "\(control)")
        #expect(control.contains("Recommends: libcurl4") && control.contains("Suggests: libpng16-16"))
        #expect(!control.contains("libcurl4,") && !control.contains("Depends: libcurl"), "libcurl is loaded when needed, not depended on")
    }

    @Test("lintian passes the .deb with no error and no warning (the one override says why)",
          .enabled(if: ReleaseTools.has("lintian"), "lintian is not installed (sudo apt-get install lintian)"))
    func lintian() async throws {
        let (_, package, _) = try await release()
        let run = try await shell("lintian --pedantic --fail-on error,warning '\(package.path)'")
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(!run.standardOutput.contains("E: ") && !run.standardOutput.contains("W: "), "\(run.standardOutput)")
    }

    @Test("Installed with dpkg, an unprivileged user with a fresh HOME catches, lists, finds the manual and the completion; dpkg -r removes every file and leaves the collection",
          .enabled(if: ReleaseTools.canInstall, "dpkg cannot install here (needs root, runuser, and no mydex package installed already)"))
    func installAndRemove() async throws {
        let (_, package, _) = try await release()
        let installed = try await shell("dpkg -i '\(package.path)'")
        #expect(installed.status == 0, "\(installed.standardError)")
        let files = try await shell("dpkg -L mydex").standardOutput.split(separator: "\n").map(String.init)
        var removed = false
        defer {
            if !removed { _ = (try? ChildProcess(URL(fileURLWithPath: "/usr/bin/dpkg"), ["-r", "mydex"], environment: [:]))?.wait(timeout: 60) }
        }

        let home = folder.appendingPathComponent("nobody")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        #expect(try await shell("chown nobody '\(home.path)' && chmod 0755 '\(folder.path)'").status == 0)
        func asUser(_ command: String) async throws -> ChildProcess.Outcome {
            try await shell("runuser -u nobody -- env -i HOME='\(home.path)' PATH=/usr/bin:/bin LANG=C.UTF-8 \(command)")
        }
        let caught = try await asUser("mydex catch --offline")
        #expect(caught.status == 0 && caught.standardOutput.hasPrefix("Caught "), "\(caught.standardError)")
        let listed = try await asUser("mydex list")
        #expect(listed.status == 0 && listed.standardOutput.contains(/#\d{4}/), "\(listed.standardOutput)\(listed.standardError)")
        if ReleaseTools.has("man") {
            let manual = try await asUser("man -w mydex")
            #expect(manual.standardOutput.hasPrefix("/usr/share/man/man1/mydex.1"), "\(manual.standardOutput)\(manual.standardError)")
        } else {
            #expect(files.contains("/usr/share/man/man1/mydex.1.gz"), "man is not installed: the page is checked where it would look")
        }
        // bash-completion loads a command's file from its folder on first use; without it, the
        // file is sourced from there as it would.
        let completion = try await asUser(
            "bash -ic '. /usr/share/bash-completion/bash_completion 2>/dev/null; __load_completion mydex 2>/dev/null || . /usr/share/bash-completion/completions/mydex; complete -p mydex'")
        #expect(completion.standardOutput.contains("-F _mydex mydex"), "\(completion.standardOutput)\(completion.standardError)")

        let removal = try await shell("dpkg -r mydex")
        removed = removal.status == 0
        #expect(removed, "\(removal.standardError)")
        let left = files.filter { FileManager.default.fileExists(atPath: $0) && !Self.isFolder($0) }
        #expect(left.isEmpty, "dpkg -r left \(left)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/mydex/mydex.sqlite").path),
                "the user's collection stays")
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}

/// What the machine has for packaging.
enum ReleaseTools {
    static func has(_ program: String) -> Bool {
        ["/usr/bin", "/bin", "/usr/sbin", "/sbin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }

    static let packaging = ["dpkg-deb", "dpkg-shlibdeps", "strip", "sha256sum"].allSatisfy(has)

    /// Root, dpkg and runuser, and no mydex package already there (the test would replace it).
    static let canInstall: Bool = {
        guard getuid() == 0, packaging, has("dpkg"), has("runuser") else { return false }
        let status = Process()
        status.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-query")
        status.arguments = ["-W", "-f=${Status}", "mydex"]
        let output = Pipe()
        status.standardOutput = output
        status.standardError = FileHandle.nullDevice
        guard (try? status.run()) != nil else { return false }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        status.waitUntilExit()
        return !text.contains("install ok installed")
    }()
}

/// `mydex version` and `--version --verbose`: what a bug report needs.
@Suite("Version")
struct VersionTests {
    @Test("version says the version, that no release stamped this build, the Pokédex data and SQLite; --version --verbose is the same; --version alone is the version")
    func unstamped() async throws {
        let environment = try TestEnvironment()
        let text = await environment.run("version")
        #expect(text.status == 0)
        #expect(text.standardOutput.hasPrefix("mydex \(MydexVersion.current)\n"))
        #expect(text.standardOutput.contains("not recorded (not built by MydexRelease)"))
        #expect(text.standardOutput.contains("PokeAPI v2 responses and PokeAPI CSV tables"))
        #expect(text.standardOutput.contains(/PokeAPI\/pokeapi @[0-9a-f]{40}/), "the data's PokeAPI commit")
        #expect(await environment.run("--version", "--verbose").standardOutput == text.standardOutput)
        #expect(await environment.run("--version").standardOutput == "\(MydexVersion.current)\n")
        let json = try #require(try await environment.run("version", "--json").document())
        #expect(json["version"] as? String == MydexVersion.current)
        #expect(json["commit"] is NSNull && json["builtAt"] is NSNull)
        #expect((json["sqlite"] as? String)?.hasPrefix("3.") == true)
        #expect((json["catalog"] as? [String: Any])?["format"] as? String == "15")
        #expect(!FileManager.default.fileExists(atPath: environment.databasePath), "no collection is opened or created")
    }

    @Test("A stamp reads back as its commit and date; an empty one as none")
    func stamp() {
        let stamp = BuildStamp("commit=6f4c006+changes;date=2026-11-25T07:52:05Z")
        #expect(stamp.commit == "6f4c006+changes" && stamp.date == "2026-11-25T07:52:05Z")
        #expect(BuildStamp("") == BuildStamp(""))
        #expect(BuildStamp("").commit == nil && BuildStamp("").date == nil)
    }
}
