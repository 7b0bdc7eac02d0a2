import CTerminalRescue
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One key from the terminal, without Enter and without echo: the ball prompt of `encounter`.
/// The terminal is put back as it was right after the key (and by the rescue handler if a
/// signal ends mydex while it waits); Ctrl-C and Ctrl-D come back as keys, so that the caller
/// treats them as running away rather than leaving a half-told encounter.
enum KeyPrompt {
    /// The key typed on `input` (a whole character); nil when input ends or fails.
    static func readKey(input: Int32, output: Int32) -> Character? {
        var original = termios()
        guard tcgetattr(input, &original) == 0 else { return nil }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        mydex_rescue_arm(output, &original, "")
        defer {
            var saved = original
            _ = tcsetattr(input, TCSAFLUSH, &saved)
            mydex_rescue_disarm()
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 4, read(input, &byte, 1) == 1 {
            bytes.append(byte)
            if let text = String(validating: bytes, as: UTF8.self), let key = text.first { return key }
        }
        return nil
    }
}
