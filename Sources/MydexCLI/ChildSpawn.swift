import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Starts a program mydex hands the terminal or a file to (an audio player, the pager): with
/// no signal blocked and Ctrl-C, SIGTERM, SIGPIPE and SIGQUIT at their defaults. A thread's
/// blocked signals and mydex's ignored ones are inherited otherwise: a player that never sees
/// Ctrl-C plays on after mydex is gone, a pager that ignores SIGPIPE never ends.
enum ChildSpawn {
    /// The new process's id, or nil when it could not start. `arguments` starts with the name.
    static func spawn(
        _ path: String, _ arguments: [String], environment: [String: String], actions: inout posix_spawn_file_actions_t
    ) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        return posix_spawn(&pid, path, &actions, &attributes, argv, envp) == 0 ? pid : nil
    }
}
