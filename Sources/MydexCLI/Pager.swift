import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Long output through a pager on a terminal, as git does it: the pager is `MYDEX_PAGER`, else
/// `PAGER`, else `less` (run by `sh -c`, with `LESS=FRX` unless `LESS` is set: it quits when
/// the output fits one screen, keeps colours, and leaves the text on the screen; and
/// `LESSCHARSET=utf-8`, as mydex writes UTF-8 whatever the locale); an empty one
/// or `cat` is none. Never in a pipe (standard output not a terminal) and never with
/// `--no-pager`. A listing (`list`, `history`, `search`, `dex list`, `release --dry-run`) starts
/// it before its first line; `Mydex.run` closes it and waits for it once the command is done.
public struct Pager: Sendable {
    /// Starts `command` on this process's standard output (and its standard error, when that
    /// is the terminal too); whether it started.
    let start: @Sendable (_ command: String, _ environment: [String: String]) -> Bool
    /// Gives the pager the end of the output and waits until the user leaves it.
    let finish: @Sendable () -> Void

    public init(
        start: @escaping @Sendable (_ command: String, _ environment: [String: String]) -> Bool,
        finish: @escaping @Sendable () -> Void = {}
    ) {
        self.start = start
        self.finish = finish
    }

    /// No pager (tests, and where no terminal shows the output).
    public static let none = Pager(start: { _, _ in false })

    /// The pager `environment` chooses, or nil for none.
    static func command(_ environment: [String: String]) -> String? {
        let chosen = (environment["MYDEX_PAGER"] ?? environment["PAGER"] ?? "less").trimmingCharacters(in: .whitespaces)
        return chosen.isEmpty || chosen == "cat" ? nil : chosen
    }

    /// The real process's pager.
    public static var live: Pager {
        let running = LivePager()
        return Pager(start: running.start, finish: running.finish)
    }
}

/// The pager process and the descriptors it took over, to give back when it is done.
private final class LivePager: Sendable {
    private struct Started {
        var pid: pid_t
        var savedOutput: Int32
        var savedError: Int32?
    }

    private let started = Mutex<Started?>(nil)

    func start(_ command: String, _ environment: [String: String]) -> Bool {
        guard isatty(STDOUT_FILENO) == 1 else { return false }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        var pagerEnvironment = environment
        if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
        if pagerEnvironment["LV"] == nil { pagerEnvironment["LV"] = "-c" }
        // mydex writes UTF-8 whatever the locale says (one not installed makes less show bytes).
        if pagerEnvironment["LESSCHARSET"] == nil { pagerEnvironment["LESSCHARSET"] = "utf-8" }
        // With Ctrl-C and SIGPIPE at their defaults (mydex ignores SIGPIPE).
        guard let pid = ChildSpawn.spawn("/bin/sh", ["sh", "-c", command], environment: pagerEnvironment, actions: &actions) else {
            close(ends[0])
            close(ends[1])
            return false
        }
        close(ends[0])
        let savedOutput = dup(STDOUT_FILENO)
        dup2(ends[1], STDOUT_FILENO)
        // Messages on a terminal go through the pager too, after the lines they follow.
        var savedError: Int32?
        if isatty(STDERR_FILENO) == 1 {
            savedError = dup(STDERR_FILENO)
            dup2(ends[1], STDERR_FILENO)
        }
        close(ends[1])
        started.withLock { $0 = Started(pid: pid, savedOutput: savedOutput, savedError: savedError) }
        return true
    }

    func finish() {
        guard let pager = started.withLock({ value -> Started? in defer { value = nil }; return value }) else { return }
        // The terminal's own descriptors back: the pipe's last write end closes, the pager
        // reads the end of the output, and the user leaves it when they are done.
        dup2(pager.savedOutput, STDOUT_FILENO)
        close(pager.savedOutput)
        if let savedError = pager.savedError {
            dup2(savedError, STDERR_FILENO)
            close(savedError)
        }
        var status: Int32 = 0
        while waitpid(pager.pid, &status, 0) < 0 && errno == EINTR {}
    }
}
