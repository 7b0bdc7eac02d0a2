import CTerminalRescue
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A terminal in full-screen mode for as long as a view runs: raw input (keys byte by byte, no
/// echo, Ctrl-C as a key), the alternate screen, the cursor hidden, bracketed paste and SGR
/// mouse reporting on. `restore()` puts back exactly what was there (the saved termios, the main
/// screen, the cursor, the modes off); it is idempotent, and the view calls it on every way out:
/// `q`, an error, and the signals that end a process politely (the view's signal sources call
/// it before exiting). Only `kill -9` can leave the terminal raw (`reset` fixes that).
final class TerminalSession {
    /// What the terminal could not do, with what to try instead.
    struct Unavailable: Error, CustomStringConvertible {
        let detail: String
        var description: String { detail }
    }

    let input: Int32
    let output: Int32
    private let saved: termios
    private let raw: termios
    private var active = true

    /// Alternate screen, cursor hidden, bracketed paste, mouse clicks and wheel in SGR form.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h"
    /// The reverse of `enter`, in the reverse order, and the style reset.
    static let leave = "\u{1B}[0m\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"

    /// Switches the terminal on `input`/`output` to full-screen mode. Throws, changing nothing,
    /// when `input` is not a terminal.
    init(input: Int32, output: Int32) throws {
        var original = termios()
        guard tcgetattr(input, &original) == 0 else {
            throw Unavailable(detail: String(cString: strerror(errno)))
        }
        var raw = original
        // cfmakeraw, but keep output processing off too: every move is an explicit cursor address.
        cfmakeraw(&raw)
        // Reads return as soon as one byte is there; the view waits with poll.
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            throw Unavailable(detail: String(cString: strerror(errno)))
        }
        self.input = input
        self.output = output
        saved = original
        self.raw = raw
        mydex_rescue_arm(output, &original, Self.leave)
        write(Self.enter)
    }

    deinit { restore() }

    /// Puts the terminal back as it was found; later calls do nothing.
    func restore() {
        guard active else { return }
        active = false
        write(Self.leave)
        var original = saved
        _ = tcsetattr(input, TCSAFLUSH, &original)
        mydex_rescue_disarm()
    }

    /// Ctrl-Z: the terminal as it was found while the shell has it, then full-screen mode again
    /// once the process is continued (the caller redraws everything).
    func suspend() {
        guard active else { return }
        write(Self.leave)
        var original = saved
        _ = tcsetattr(input, TCSAFLUSH, &original)
        // Stops here until `fg` (SIGTSTP's default action). raise, not kill: it signals this
        // thread, so the process has stopped before it returns (with kill another thread could
        // take the signal while this one went on to enter full-screen mode again). Dispatch's
        // threads block signals: this one takes SIGTSTP for that moment.
        var stop = sigset_t()
        var mask = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &stop, &mask)
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        var raw = self.raw
        _ = tcsetattr(input, TCSAFLUSH, &raw)
        write(Self.enter)
    }

    /// Writes all of `text`, retrying after interruptions; a closed terminal is given up on
    /// (there is nobody left to show anything to).
    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// The terminal's size in cells (columns, rows), nil when it does not say.
    func size() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
