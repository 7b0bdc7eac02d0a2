import Foundation
import MydexText
import Synchronization

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
            guard !tried.isEmpty else { return tr("audio.error.no-player") }
            return tr("audio.error.no-player-worked", ["players": tried.listJoined()])
        }
    }

    /// Ctrl-C while a cry plays: the player is stopped, no other is tried, and mydex ends
    /// quietly with exit 130, as a shell reports a process stopped by Ctrl-C.
    struct Interrupted: Error {}

    let environment: [String: String]
    let interrupts: Interrupts

    init(environment: [String: String], interrupts: Interrupts) {
        self.environment = environment
        self.interrupts = interrupts
    }

    init(_ context: MydexContext) { self.init(environment: context.environment, interrupts: context.interrupts) }

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

    /// Plays `file`; a player that exits non-zero (no sound server) gives way to the next. Ctrl-C
    /// stops the player that is playing (the terminal signals it too; a player that ignores that
    /// gets SIGTERM) and throws `Interrupted`.
    func play(_ file: String) async throws {
        let playing = Playing()
        try await interrupts.handling({ playing.interrupt() }, during: {
            var tried: [String] = []
            for commandLine in commandLines {
                guard let name = commandLine.first, let path = executable(name) else { continue }
                tried.append(name)
                let status = await Self.run(path, Array(commandLine.dropFirst()) + [file], environment: environment, playing: playing)
                if playing.wasInterrupted { throw Interrupted() }
                if status == 0 { return }
            }
            throw NoPlayer(tried: tried)
        })
    }

    /// The player running now, and whether Ctrl-C came: shared by the waiting thread and the
    /// signal handler.
    final class Playing: Sendable {
        private let state = Mutex<(pid: pid_t?, interrupted: Bool)>((nil, false))

        var wasInterrupted: Bool { state.withLock { $0.interrupted } }

        func interrupt() {
            state.withLock { state in
                state.interrupted = true
                if let pid = state.pid { kill(pid, SIGTERM) }
            }
        }

        /// Records the child spawned by `spawn` (under the lock, so an interrupt cannot miss it);
        /// false, and nothing spawned, once interrupted.
        func start(_ spawn: () -> pid_t?) -> pid_t? {
            state.withLock { state in
                guard !state.interrupted, let pid = spawn() else { return nil }
                state.pid = pid
                return pid
            }
        }

        func finished() { state.withLock { $0.pid = nil } }
    }

    /// Runs a program with stdin from /dev/null and its output discarded, and gives its exit
    /// status (-1 when it could not start or was killed). The wait happens on a thread of its
    /// own, so no cooperative thread blocks.
    static func run(_ path: String, _ arguments: [String], environment: [String: String], playing: Playing = Playing()) async -> Int32 {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: spawnAndWait(path, arguments, environment: environment, playing: playing))
            }
            thread.stackSize = 1 << 18
            thread.start()
        }
    }

    private static func spawnAndWait(_ path: String, _ arguments: [String], environment: [String: String], playing: Playing) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let spawned = playing.start {
            ChildSpawn.spawn(path, [path] + arguments, environment: environment, actions: &actions)
        }
        guard let pid = spawned else { return -1 }
        // Wait without reaping, forget the pid, then reap: a late Ctrl-C never signals a
        // process that has taken over a reaped pid.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        playing.finished()
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
