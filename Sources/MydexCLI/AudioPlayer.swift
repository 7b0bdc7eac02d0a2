import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Plays an Ogg file with the first player on the user's PATH that works.
struct AudioPlayer {
    /// In order of preference; never `aplay`, which plays Ogg as raw noise.
    static let candidates: [[String]] = [
        ["pw-play"], ["paplay"], ["ffplay", "-nodisp", "-autoexit", "-loglevel", "quiet"],
        ["mpv", "--no-video", "--really-quiet"], ["ogg123", "-q"], ["play", "-q"],
    ]

    struct NoPlayer: Error, CustomStringConvertible {
        let tried: [String]
        var description: String {
            let detail = tried.isEmpty ? "no audio player found on PATH" : "no audio player worked (tried \(tried.joined(separator: ", ")))"
            return "\(detail); set MYDEX_AUDIO_PLAYER, or keep the cry with --save PATH."
        }
    }

    let environment: [String: String]

    /// `$MYDEX_AUDIO_PLAYER` (a command line, split on spaces) first, then the candidates.
    var commandLines: [[String]] {
        let chosen = environment["MYDEX_AUDIO_PLAYER"].map { $0.split(separator: " ").map(String.init) } ?? []
        return (chosen.isEmpty ? [] : [chosen]) + Self.candidates
    }

    /// The executable for `name`: a path as it is, else the first match in PATH.
    func executable(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.lazy.map { ($0 as NSString).appendingPathComponent(name) }.first { access($0, X_OK) == 0 }
    }

    /// Plays `file`; a player that exits non-zero (no sound server) gives way to the next.
    func play(_ file: String) async throws {
        var tried: [String] = []
        for commandLine in commandLines {
            guard let name = commandLine.first, let path = executable(name) else { continue }
            tried.append(name)
            if await Self.run(path, Array(commandLine.dropFirst()) + [file], environment: environment) == 0 { return }
        }
        throw NoPlayer(tried: tried)
    }

    /// Runs a program with stdin from /dev/null and its output discarded, and gives its exit
    /// status (-1 when it could not start or was killed). The wait happens on a thread of its
    /// own, so no cooperative thread blocks.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]) async -> Int32 {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: spawnAndWait(path, arguments, environment: environment)) }
            thread.stackSize = 1 << 18
            thread.start()
        }
    }

    private static func spawnAndWait(_ path: String, _ arguments: [String], environment: [String: String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        // Exited normally: the low 7 bits are 0 and the code is in the next byte.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }

    /// Writes `bytes` to a new temporary file, plays it and removes it.
    func play(bytes: Data) async throws {
        let folder = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        let file = (folder as NSString).appendingPathComponent("mydex-cry-\(UUID().uuidString).ogg")
        try bytes.write(to: URL(fileURLWithPath: file), options: .withoutOverwriting)
        defer { unlink(file) }
        try await play(file)
    }
}
