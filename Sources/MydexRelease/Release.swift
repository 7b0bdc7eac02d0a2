import ArgumentParser
import Foundation

/// Builds mydex's release from a checkout: the stripped binary, its man page and completions,
/// as a tarball and a Debian package, with their checksums. A tool of the package, as swiftly
/// builds its releases with one of its own; not part of the app.
@main
struct MydexRelease: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "MydexRelease",
        abstract: "Builds mydex's release, and the ICU data its binary links.",
        subcommands: [BuildCommand.self, ICUDataCommand.self],
        defaultSubcommand: BuildCommand.self)
}

/// Where the repository is: `--package-path`, else the current folder; it must hold Package.swift.
enum Repository {
    static func root(_ packagePath: String?) throws -> URL {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let folder = packagePath.map { URL(fileURLWithPath: $0, relativeTo: current).standardizedFileURL } ?? current
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else {
            throw ReleaseError("no Package.swift in \(folder.path): run MydexRelease from the repository, or pass --package-path")
        }
        return folder
    }
}

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Builds mydex's release: a tarball, a .deb and SHA256SUMS (the default).",
        discussion: """
            Run it from the repository. It builds `mydex` in release mode, strips it, and writes \
            mydex-VERSION-linux-ARCH.tar.gz (the binary, the man page, completions for bash, zsh \
            and fish, README, LICENSE, NOTICE), mydex_VERSION_ARCH.deb (made with dpkg-deb; its \
            Depends computed by dpkg-shlibdeps) and SHA256SUMS. The version is the binary's \
            (`MydexVersion.current`); when HEAD has a tag vX.Y.Z, the two must agree.

            Examples:
              $ swift run MydexRelease
              $ swift run MydexRelease --output /tmp/mydex-release --binary .build/release/mydex
            """)

    @Option(help: "Where the artifacts go (made afresh), relative to the repository.")
    var output = ".build/release-artifacts"

    @Option(help: "Package this mydex binary as it is, instead of building one in release mode.")
    var binary: String?

    @Option(help: "The repository (where Package.swift is); the current folder by default.")
    var packagePath: String?

    func run() throws {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let root = try Repository.root(packagePath)
        for tool in ["strip", "tar", "gzip", "dpkg-deb", "dpkg-shlibdeps", "sha256sum", "md5sum"] where !Shell.has(tool) {
            throw ReleaseError("\(tool) is missing: sudo apt-get install binutils dpkg-dev")
        }
        let built: URL
        if let binary {
            built = URL(fileURLWithPath: binary, relativeTo: current).standardizedFileURL
        } else {
            try Shell.run(["swift", "build", "-c", "release", "--product", "mydex"], in: root)
            let binaries = try Shell.run(["swift", "build", "-c", "release", "--show-bin-path"], in: root)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            built = URL(fileURLWithPath: binaries).appendingPathComponent("mydex")
        }
        guard FileManager.default.isExecutableFile(atPath: built.path) else {
            throw ReleaseError("no mydex binary at \(built.path)")
        }
        try ICUData.checkLinked(in: built, root: root)
        let version = try Shell.run([built.path, "--version"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try Self.checkTag(version, in: root)

        let artifacts = URL(fileURLWithPath: output, relativeTo: root).standardizedFileURL
        try? FileManager.default.removeItem(at: artifacts)
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-release-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        let contents = try ReleaseContents.gather(from: built, root: root, into: work.appendingPathComponent("contents"))
        let machine = try Shell.run(["uname", "-m"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let tarball = try Tarball.make(contents, version: version, machine: machine, root: root, in: artifacts, work: work)
        let package = try DebianPackage.make(contents, version: version, root: root, in: artifacts, work: work)
        let sums = try Shell.run(["sha256sum", tarball.lastPathComponent, package.lastPathComponent], in: artifacts)
        try sums.write(to: artifacts.appendingPathComponent("SHA256SUMS"), atomically: true, encoding: .utf8)
        for file in [tarball, package, artifacts.appendingPathComponent("SHA256SUMS")] { print(file.path) }
    }

    /// A release from a tagged commit carries the tag's version: `v` and the binary's.
    static func checkTag(_ version: String, in root: URL) throws {
        guard let tag = try? Shell.run(["git", "describe", "--tags", "--exact-match", "HEAD"], in: root)
            .trimmingCharacters(in: .whitespacesAndNewlines), !tag.isEmpty else { return }
        guard tag == "v\(version)" else {
            throw ReleaseError("HEAD is tagged \(tag) but mydex says it is \(version): make MydexVersion.current (Sources/MydexServices/MydexVersion.swift) and the tag agree")
        }
    }
}

/// What a release holds, made once for both packages: the stripped binary, the man page and
/// the completions the binary writes.
struct ReleaseContents {
    let binary: URL
    let manual: URL
    /// bash, zsh and fish, as each shell names its completion file.
    let completions: (bash: URL, zsh: URL, fish: URL)

    static func gather(from built: URL, root: URL, into folder: URL) throws -> ReleaseContents {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let binary = folder.appendingPathComponent("mydex")
        try FileManager.default.copyItem(at: built, to: binary)
        // Symbols and notes are for debugging; the release does without (76 MB → 39.5 MB).
        try Shell.run(["strip", "--strip-unneeded", "--remove-section=.comment", "--remove-section=.note", binary.path])
        try BuildStamp.write(into: binary, root: root)
        let manual = folder.appendingPathComponent("mydex.1")
        try FileManager.default.copyItem(at: root.appendingPathComponent("docs/mydex.1"), to: manual)
        func completion(_ shell: String, _ name: String) throws -> URL {
            let file = folder.appendingPathComponent(name)
            var script = try Shell.run([binary.path, "--generate-completion-script", shell])
            // bash sources a completion file; a #! line would say it is a program to run.
            if shell == "bash", script.hasPrefix("#!"), let end = script.firstIndex(of: "\n") {
                script = String(script[script.index(after: end)...])
            }
            try script.write(to: file, atomically: true, encoding: .utf8)
            return file
        }
        return ReleaseContents(
            binary: binary, manual: manual,
            completions: (try completion("bash", "mydex.bash"), try completion("zsh", "_mydex"), try completion("fish", "mydex.fish")))
    }
}

/// Files laid out for an archive or a package: each placed at its path, with its mode.
enum Staging {
    static func place(_ source: URL, at path: String, in root: URL, mode: Int) throws {
        let target = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: target)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: target.path)
    }

    /// The time files in an archive carry: the commit's (the build stamp inside the binary says when it was built).
    static func commitTime(_ root: URL) -> String {
        ((try? Shell.run(["git", "log", "-1", "--format=%ct"], in: root)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// `mydex-VERSION-linux-MACHINE.tar.gz`: one folder holding the binary, the man page, the
/// completions, README, LICENSE and NOTICE.
enum Tarball {
    static func make(
        _ contents: ReleaseContents, version: String, machine: String, root: URL, in artifacts: URL, work: URL
    ) throws -> URL {
        let name = "mydex-\(version)-linux-\(machine)"
        let folder = work.appendingPathComponent("tar/\(name)")
        try Staging.place(contents.binary, at: "mydex", in: folder, mode: 0o755)
        try Staging.place(contents.manual, at: "mydex.1", in: folder, mode: 0o644)
        try Staging.place(contents.completions.bash, at: "completions/mydex.bash", in: folder, mode: 0o644)
        try Staging.place(contents.completions.zsh, at: "completions/_mydex", in: folder, mode: 0o644)
        try Staging.place(contents.completions.fish, at: "completions/mydex.fish", in: folder, mode: 0o644)
        for file in ["README.md", "LICENSE", "NOTICE"] {
            try Staging.place(root.appendingPathComponent(file), at: file, in: folder, mode: 0o644)
        }
        let archive = artifacts.appendingPathComponent("\(name).tar.gz")
        let time = Staging.commitTime(root)
        try Shell.run(
            ["tar", "--owner=0", "--group=0", "--numeric-owner", "--sort=name"] + (time.isEmpty ? [] : ["--mtime=@\(time)"])
                + ["--use-compress-program=gzip -9n", "-cf", archive.path, name],
            in: work.appendingPathComponent("tar"))
        return archive
    }
}

/// The commit and date `mydex version` reports, written into the place the binary keeps for
/// them (`CMydexBuildStamp`): after its marker, NUL-terminated, within its 128 bytes.
enum BuildStamp {
    static let marker = Array("mydex-build-stamp:".utf8)
    static let capacity = 128

    static func write(into binary: URL, root: URL) throws {
        var bytes = try Data(contentsOf: binary)
        let commit = try Shell.run(["git", "rev-parse", "HEAD"], in: root).trimmingCharacters(in: .whitespacesAndNewlines)
        let changed = !((try? Shell.run(["git", "status", "--porcelain", "--untracked-files=no"], in: root)) ?? "").isEmpty
        let date = ISO8601DateFormatter().string(from: Date())
        let text = Array("commit=\(commit)\(changed ? "+changes" : "");date=\(date)".utf8) + [0]
        guard text.count <= capacity - marker.count else { throw ReleaseError("the build stamp \(text) is too long") }
        guard let start = bytes.firstRange(of: marker), bytes[start.upperBound...].firstRange(of: marker) == nil else {
            throw ReleaseError("\(binary.path) has no single build stamp (CMydexBuildStamp): is it mydex?")
        }
        bytes.replaceSubrange(start.upperBound..<(start.upperBound + text.count), with: text)
        try bytes.write(to: binary)
    }
}
