import Foundation
import Testing
import MydexTestSupport
@testable import MydexStore
@testable import MydexModel

/// The real binary's `browse` in a real terminal emulator: tmux (installed by `.ci/run`), a pane
/// of a given size, keys sent as a person types them, the screen read back with
/// `capture-pane`, and the terminal's state checked after each way of leaving.
@Suite("Browse in tmux", .enabled(if: TmuxProgram.path != nil, "tmux is not installed (sudo apt-get install tmux)"))
struct BrowseTerminalTests {
    static var tmux: URL? { TmuxProgram.path }

    let environment: TestEnvironment
    let server = Server()

    /// A tmux server of this test's own, so that tests running side by side never meet; it goes
    /// (with the pane and anything still running in it) when the test ends, passed or failed.
    final class Server: Sendable {
        let socket = "mydex-test-\(UUID().uuidString.prefix(8))"

        deinit {
            if let process = try? TmuxProgram.process(["-L", socket, "kill-server"], environment: ["PATH": "/usr/bin:/bin"]) {
                _ = process.wait(timeout: 10)
            }
            // The server leaves its socket behind.
            unlink("/tmp/tmux-\(getuid())/\(socket)")
        }
    }

    /// The tmux server processes running for `socket`.
    static func servers(_ socket: String) -> [String] {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.filter { $0.allSatisfy(\.isNumber) }.filter { pid in
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: command, as: UTF8.self).split(separator: "\0").contains { $0 == socket }
        }
    }

    @Test("A test's tmux server, and what runs in its pane, end with the test")
    func serverEnds() async throws {
        var server: Server? = Server()
        let socket = try #require(server?.socket)
        let started = try TmuxProgram.process(
            ["-u", "-L", socket, "new-session", "-d", "-x", "80", "-y", "24", "/bin/sh", "-c", "sleep 600"],
            environment: ["PATH": "/usr/bin:/bin"], in: environment.directory)
        #expect(await started.outcome(timeout: 30).status == 0)
        #expect(!Self.servers(socket).isEmpty)
        server = nil
        var left = Self.servers(socket)
        for _ in 0..<100 where !left.isEmpty {
            try await Task.sleep(for: .milliseconds(50))
            left = Self.servers(socket)
        }
        #expect(left.isEmpty, "tmux -L \(socket) still runs as \(left)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/tmux-\(getuid())/\(socket)"))
    }

    var socket: String { server.socket }

    init() throws {
        environment = try TestEnvironment()
    }

    @discardableResult
    func tmux(_ arguments: String...) async throws -> String {
        try await tmux(arguments)
    }

    @discardableResult
    func tmux(_ arguments: [String]) async throws -> String {
        let process = try TmuxProgram.process(
            ["-u", "-L", socket] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": environment.directory.path, "TERM": "xterm-256color"],
            in: environment.directory)
        return await process.outcome(timeout: 30).standardOutput
    }

    /// Starts `mydex browse` (or `command`) in a pane `width`×`height`; the shell around it
    /// records the terminal's settings before and after, and the exit status.
    func start(
        width: Int = 120, height: Int = 40, environment extra: String = "", command: String = "browse", waitingFor ready: String = "Entries"
    ) async throws {
        let binary = try EndToEndTests.binary.path
        let folder = environment.directory.path
        let script = """
            stty -a > \(folder)/stty-before; \
            env HOME=\(folder) MYDEX_DB=\(environment.databasePath) MYDEX_OFFLINE=1 TZ=UTC LANG=C.UTF-8 \(extra) \(binary) \(command); \
            echo $? > \(folder)/status; stty -a > \(folder)/stty-after; sleep 600
            """
        try await tmux("new-session", "-d", "-x", String(width), "-y", String(height), "/bin/sh", "-c", script)
        try await waitFor { $0.contains(ready) }
    }

    func screen() async throws -> String { try await tmux("capture-pane", "-p") }

    func send(_ keys: String...) async throws {
        for key in keys { try await tmux(["send-keys", "-t", "0"] + [key]) }
    }

    func type(_ text: String) async throws { try await tmux(["send-keys", "-t", "0", "-l", text]) }

    /// Waits (at most 10 s) until the screen satisfies `condition`, and returns it.
    @discardableResult
    func waitFor(_ what: String = #function, _ condition: (String) -> Bool) async throws -> String {
        var last = ""
        for _ in 0..<200 {
            last = try await screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the screen never showed what was awaited; it shows:\n\(last)")
        return last
    }

    /// After the view ended: the main screen back, the cursor shown, mouse reporting off, the
    /// settings exactly as before, and the exit status.
    func expectRestored(status: Int32) async throws {
        let folder = environment.directory
        var recorded: String?
        for _ in 0..<100 {
            // The shell creates the file, then stty writes it: whole once it ends a line.
            recorded = try? String(contentsOf: folder.appendingPathComponent("stty-after"), encoding: .utf8)
            if let recorded, recorded.hasSuffix("\n") { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let before = try String(contentsOf: folder.appendingPathComponent("stty-before"), encoding: .utf8)
        // The first line has the size, which a resize changes; the rest is the terminal's state.
        #expect(recorded?.split(separator: "\n").dropFirst() == before.split(separator: "\n").dropFirst(), "stty -a differs after browse")
        let code = try String(contentsOf: folder.appendingPathComponent("status"), encoding: .utf8)
        #expect(code.trimmingCharacters(in: .whitespacesAndNewlines) == String(status))
        #expect(try await flags() == "0 1 0", "alternate screen, cursor, mouse")
    }

    @Test("A session as a person has it: grid, moves, search in Korean and Japanese, favorite, nickname, release and undo, detail, resize, q")
    func session() async throws {
        try await environment.recordCatches([25, 1, 4, 7, 172, 39, 133, 150, 151, 52, 143, 94])
        try await start()
        var shown = try await screen()
        #expect(shown.contains("Entries 1–12 of 12") && shown.contains("Pikachu") && shown.contains("Snorlax"))

        try await send("Right", "Right")
        try await send("f")
        try await waitFor { $0.contains("Charmander (entry #3) is a favorite") }
        let store = try environment.openStore()
        #expect(try await store.entry(id: 3).isFavorite)

        try await send("n")
        try await type("리자드")
        try await send("Enter")
        try await waitFor { $0.contains("Entry #3 is now called 리자드") && $0.contains("#3 ★") }
        #expect(try await store.entry(id: 3).nickname == "리자드")
        #expect(try await store.historyPage(HistoryQuery(entryID: 3)).events.map(\.action) == [.nicknameSet, .favorite, .catch])

        try await send("/")
        try await type("피카")
        try await waitFor { $0.contains("Entries 1–1 of 1") && $0.contains("Pikachu") }
        try await send("C-u")
        try await type("ミュウ")
        shown = try await waitFor { $0.contains("Entries 1–2 of 2") }
        #expect(shown.contains("Mewtwo") && shown.contains("Mew"))
        try await send("Escape")
        try await waitFor { $0.contains("Entries 1–12 of 12") }

        try await send("Home", "r", "y")
        try await waitFor { $0.contains("back to the wild") && $0.contains("Entries 1–11 of 11") }
        #expect(try await store.entry(id: 1).releasedAt != nil)
        try await send("u")
        try await waitFor { $0.contains("Entries 1–12 of 12") }
        #expect(try await store.entry(id: 1).releasedAt == nil)

        try await send("Enter")
        shown = try await waitFor { $0.contains("Entry #1: Pikachu") }
        #expect(shown.contains("Raichu") && shown.contains("Static") && shown.contains("Pokédex"))
        try await send("Escape")
        try await waitFor { $0.contains("Entries 1–12 of 12") }

        try await tmux("resize-window", "-t", "0", "-x", "40", "-y", "20")
        shown = try await waitFor { $0.contains("#1 Pikachu") }
        #expect(shown.split(separator: "\n").allSatisfy { $0.count <= 40 })
        try await tmux("resize-window", "-t", "0", "-x", "120", "-y", "40")
        try await waitFor { $0.contains("Snorlax") && $0.contains("Bulbasaur") }

        try await send("q")
        try await expectRestored(status: 0)
    }

    @Test("Ctrl-C, SIGTERM, SIGHUP and a crash (SIGSEGV) leave the terminal as it was found", arguments: [
        ("C-c", 0), ("SIGTERM", 128 + SIGTERM), ("SIGHUP", 128 + SIGHUP), ("SIGSEGV", 128 + SIGSEGV),
    ])
    func leaving(way: String, status: Int32) async throws {
        try await environment.recordCatches([25])
        try await start(width: 80, height: 24)
        let signals = ["SIGTERM": SIGTERM, "SIGHUP": SIGHUP, "SIGSEGV": SIGSEGV]
        if let signal = signals[way] {
            let pid = try await tmux("display-message", "-p", "-t", "0", "#{pane_pid}").trimmingCharacters(in: .whitespacesAndNewlines)
            // The pane runs the shell; mydex is its child.
            let children = try String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)
            for child in children.split(separator: " ") { kill(pid_t(child) ?? 0, signal) }
        } else {
            try await send(way)
        }
        try await expectRestored(status: status)
    }

    @Test("In Korean the screen speaks Korean, and a Korean nickname is typed as composed syllables")
    func korean() async throws {
        try await environment.recordCatches([25, 1])
        try await start(width: 80, height: 24, environment: "LANG=ko_KR.UTF-8", waitingFor: "항목")
        let shown = try await screen()
        #expect(shown.contains("컬렉션") && shown.contains("피카츄") && shown.contains("도움말"))
        try await send("n")
        try await type("피카")
        try await send("BSpace")
        try await type("츄")
        try await send("Enter")
        try await waitFor { $0.contains("항목 #1의 닉네임이 이제 피츄입니다.") }
        #expect(try await environment.openStore().entry(id: 1).nickname == "피츄")
        try await send("q")
        try await expectRestored(status: 0)
    }

    @Test("NO_COLOR gives a monochrome screen that still shows the selection (reverse video)")
    func monochrome() async throws {
        try await environment.recordCatches([25, 1])
        try await start(width: 80, height: 24, environment: "NO_COLOR=1")
        let styled = try await tmux("capture-pane", "-p", "-e", "-t", "0")
        #expect(!styled.contains("38;2;") && !styled.contains("38;5;") && !styled.contains("48;5;"), "no colour with NO_COLOR")
        #expect(styled.contains("\u{1B}[7m") || styled.contains(";7m"), "reverse video marks the selection")
        try await send("q")
        try await expectRestored(status: 0)
    }

    @Test("Ctrl-Z gives the shell back a normal terminal; fg brings the full screen back, in raw mode")
    func suspend() async throws {
        try await environment.recordCatches([25])
        let folder = environment.directory.path
        try await tmux("new-session", "-d", "-x", "80", "-y", "24", "/bin/bash", "--norc", "--noprofile", "-i")
        try await type("stty -a > \(folder)/stty-before; env HOME=\(folder) MYDEX_DB=\(environment.databasePath) LANG=C.UTF-8 \(try EndToEndTests.binary.path) browse")
        try await send("Enter")
        try await waitFor { $0.contains("Entries 1–1 of 1") }
        try await send("C-z")
        try await waitFor { $0.contains("Stopped") }
        #expect(try await flags() == "0 1 0", "the main screen, the cursor shown, no mouse while stopped")
        try await type("stty -a > \(folder)/stty-stopped; fg")
        try await send("Enter")
        try await waitFor { $0.contains("Entries 1–1 of 1") }
        #expect(try await flags() == "1 0 1")
        try await send("Enter")  // raw mode: a key, not a line
        try await waitFor { $0.contains("Entry #1: Pikachu") }
        try await send("Escape")
        try await send("q")
        try await type("stty -a > \(folder)/stty-after")
        try await send("Enter")
        let before = try String(contentsOfFile: "\(folder)/stty-before", encoding: .utf8)
        for name in ["stty-stopped", "stty-after"] {
            var recorded = ""
            for _ in 0..<100 where !recorded.hasSuffix("\n") {
                recorded = (try? String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)) ?? ""
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(recorded == before, "\(name) differs")
        }
        #expect(try await flags() == "0 1 0")
    }

    /// The alternate screen, the cursor and mouse reporting: "1 0 1" in full screen.
    func flags() async throws -> String {
        try await tmux("display-message", "-p", "-t", "0", "#{alternate_on} #{cursor_flag} #{mouse_any_flag}")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Where tmux is, if it is installed, and how to run it.
enum TmuxProgram {
    static let path: URL? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// tmux with `arguments`, every descriptor above 2 closed first and every signal unblocked
    /// and at its default. Its server lives on after the command; holding a descriptor of this
    /// process (Foundation learns that a child ended when such a descriptor closes) it would make
    /// every later child here seem to run forever. And a child starts with the signal mask of
    /// the thread that spawned it, where the test runner blocks SIGHUP, SIGTERM and SIGCHLD: a
    /// server that inherited that mask never learnt that its panes had ended, so `kill-server`
    /// left it running (`sleep 600` in its pane, which SIGHUP could not end either) long after
    /// the tests. `env --default-signal` (GNU coreutils) unblocks them.
    static func process(
        _ arguments: [String], environment: [String: String], in parent: URL = FileManager.default.temporaryDirectory
    ) throws -> ChildProcess {
        let closing = #"for fd in /proc/$$/fd/*; do n=${fd##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done 2>/dev/null; exec /usr/bin/env --default-signal "$0" "$@""#
        return try ChildProcess(
            URL(fileURLWithPath: "/bin/bash"), ["-c", closing, path?.path ?? "tmux"] + arguments, environment: environment, in: parent)
    }
}
