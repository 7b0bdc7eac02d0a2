import Testing
import MydexCatalog
import MydexModel
@testable import MydexCLI

/// The full-screen layer's parts: reading keys from the bytes a terminal sends, and writing only
/// what changed between two frames.
@Suite("Terminal layer")
struct TerminalLayerTests {
    func decode(_ chunks: [String]) -> [KeyEvent] {
        var decoder = KeyDecoder()
        return chunks.flatMap { decoder.feed(Array($0.utf8)) }
    }

    @Test("Keys, arrows in both encodings, and control keys")
    func keys() {
        #expect(decode(["q\r\t\u{7F}"]) == [.character("q"), .enter, .tab, .backspace])
        #expect(decode(["\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}OD"]) == [.up, .down, .right, .left])
        #expect(decode(["\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~\u{1B}[Z"]) == [.pageUp, .pageDown, .home, .end, .backTab])
        #expect(decode(["\u{1B}[1;5A"]) == [.up], "modifiers are read past")
        #expect(decode(["\u{0C}\u{03}"]) == [.control("l"), .control("c")])
        #expect(decode(["\u{1B}OP\u{1B}[24~"]) == [.function(1), .function(12)])
    }

    @Test("A sequence or a character split across reads waits for its end")
    func splitInput() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(Array("[".utf8)).isEmpty)
        #expect(decoder.feed(Array("A".utf8)) == [.up])
        let korean = Array("피".utf8)
        #expect(decoder.feed(korean.prefix(1)).isEmpty)
        #expect(decoder.feed(korean.dropFirst().prefix(1)).isEmpty)
        #expect(decoder.feed(korean.suffix(1)) == [.character("피")])
        #expect(decode(["ピカ", "チュウ"]) == "ピカチュウ".map { .character($0) })
    }

    @Test("A lone ESC is the Escape key once nothing follows; ESC before a key is Escape, then the key")
    func escape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.flush() == [.escape])
        #expect(decoder.flush().isEmpty)
        #expect(decode(["\u{1B}x"]) == [.escape, .character("x")])
    }

    @Test("A bracketed paste is text, whatever it holds, even split across reads")
    func paste() {
        #expect(decode(["\u{1B}[200~안녕\u{1B}[A\r\u{1B}[201~q"]) == [.paste("안녕\u{1B}[A\r"), .character("q")])
        #expect(decode(["\u{1B}[200~하나", "\u{1B}[2", "01~"]) == [.paste("하나")])
    }

    @Test("SGR mouse: clicks, releases and the wheel at their cells")
    func mouse() {
        #expect(decode(["\u{1B}[<0;12;5M\u{1B}[<0;12;5m\u{1B}[<64;3;4M\u{1B}[<65;3;4M"]) == [
            .mouse(MouseEvent(kind: .press(button: 0), column: 12, row: 5)),
            .mouse(MouseEvent(kind: .release, column: 12, row: 5)),
            .mouse(MouseEvent(kind: .wheelUp, column: 3, row: 4)),
            .mouse(MouseEvent(kind: .wheelDown, column: 3, row: 4)),
        ])
    }

    @Test("Malformed bytes are one unknown event each, never text")
    func malformed() {
        #expect(decode(["\u{1B}[99~"]) == [.unknown(Array("\u{1B}[99~".utf8))])
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xFF, UInt8(ascii: "a")]) == [.unknown([0xFF]), .character("a")])
    }

    @Test("The first frame draws every cell; the next writes only the cells that changed")
    func diff() {
        var first = ScreenBuffer(width: 20, height: 3)
        first.put("Pikachu", x: 0, y: 0)
        first.put("피카츄", x: 0, y: 1, style: ScreenStyle(bold: true))
        let whole = first.rendered(after: nil, depth: .none)
        #expect(whole.hasPrefix("\u{1B}[0m\u{1B}[2J") && whole.contains("Pikachu") && whole.contains("피카츄"))
        #expect(first.rendered(after: first, depth: .none).isEmpty, "an unchanged frame writes nothing")

        var second = first
        second.put("R", x: 4, y: 2, style: ScreenStyle(reverse: true))
        #expect(second.rendered(after: first, depth: .none) == "\u{1B}[3;5H\u{1B}[0;7mR\u{1B}[0m")

        // One changed cell of a Korean name: the wide character is rewritten whole, at its column.
        var third = first
        third.put("피카추", x: 0, y: 1, style: ScreenStyle(bold: true))
        #expect(third.rendered(after: first, depth: .none) == "\u{1B}[2;5H\u{1B}[0;1m추\u{1B}[0m")
    }

    @Test("Wide characters are never cut: not at the edge, and overwriting half of one blanks the other")
    func wideCharacters() {
        var screen = ScreenBuffer(width: 5, height: 1)
        #expect(screen.put("피카츄", x: 0, y: 0) == 4, "the third does not fit in the last column")
        #expect(screen[4, 0] == .blank)
        screen.put("x", x: 1, y: 0)
        #expect(screen[0, 0] == .blank && screen[1, 0].text == "x")
        screen.put("y", x: 2, y: 0)
        #expect(screen[3, 0] == .blank)
    }

    @Test("Text a terminal would act on is drawn as a replacement character")
    func unsafeText() {
        var screen = ScreenBuffer(width: 10, height: 1)
        screen.put("a\u{1B}]0;x\u{07}", x: 0, y: 0)
        #expect(!screen.rendered(after: nil, depth: .none).contains("\u{1B}]0"))
        #expect(screen[1, 0].text == "\u{FFFD}")
    }

    @Test("Colours at the screen's depth: 24-bit, xterm's 256, or none")
    func colours() {
        let style = ScreenStyle(foreground: SpriteColor(red: 255, green: 0, blue: 0), bold: true)
        #expect(ScreenBuffer.sgr(style, depth: .trueColor) == "\u{1B}[0;1;38;2;255;0;0m")
        #expect(ScreenBuffer.sgr(style, depth: .ansi256) == "\u{1B}[0;1;38;5;196m")
        #expect(ScreenBuffer.sgr(style, depth: .none) == "\u{1B}[0;1m")
    }
}

#if canImport(Glibc)
import Glibc

/// The session on a real pseudo-terminal: raw mode and the screen modes on, then everything put
/// back as it was.
@Suite("Terminal session", .enabled(if: access("/dev/ptmx", R_OK | W_OK) == 0))
struct TerminalSessionTests {
    /// A pseudo-terminal: the side a program uses (`terminal`) and the side a terminal emulator
    /// reads (`emulator`).
    struct PseudoTerminal {
        let emulator: Int32
        let terminal: Int32

        /// Linux's `TIOCSPTLCK` and `TIOCGPTN` (Glibc's Swift module leaves out `posix_openpt`
        /// and its friends, which need _XOPEN_SOURCE): unlock the pair, and read its number.
        static let unlock: UInt = 0x4004_5431
        static let number: UInt = 0x8004_5430

        init() throws {
            emulator = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var locked: Int32 = 0
            var index: UInt32 = 0
            guard emulator >= 0, ioctl(emulator, Self.unlock, &locked) == 0, ioctl(emulator, Self.number, &index) == 0 else {
                throw TerminalSession.Unavailable(detail: "no pseudo-terminal")
            }
            terminal = open("/dev/pts/\(index)", O_RDWR | O_NOCTTY)
            guard terminal >= 0 else { throw TerminalSession.Unavailable(detail: "cannot open /dev/pts/\(index)") }
        }

        func close() {
            _ = Glibc.close(terminal)
            _ = Glibc.close(emulator)
        }

        /// What the program wrote, as far as it is there now.
        func written() -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            var poller = pollfd(fd: emulator, events: Int16(POLLIN), revents: 0)
            while poll(&poller, 1, 50) > 0 {
                let count = read(emulator, &buffer, buffer.count)
                guard count > 0 else { break }
                bytes += buffer.prefix(count)
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        func attributes() -> termios {
            var attributes = termios()
            _ = tcgetattr(terminal, &attributes)
            return attributes
        }
    }

    static func same(_ a: termios, _ b: termios) -> Bool {
        withUnsafeBytes(of: a) { left in withUnsafeBytes(of: b) { right in left.elementsEqual(right) } }
    }

    @Test("Raw mode and the full screen while it runs; the terminal exactly as it was after restore, once")
    func rawAndRestored() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = pty.attributes()
        let session = try TerminalSession(input: pty.terminal, output: pty.terminal)
        let during = pty.attributes()
        #expect(during.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0, "no line editing, no echo, Ctrl-C is a key")
        #expect(pty.written() == TerminalSession.enter)
        session.restore()
        #expect(Self.same(pty.attributes(), before))
        #expect(pty.written() == TerminalSession.leave)
        session.restore()
        #expect(pty.written().isEmpty, "a second restore writes nothing")
    }

    @Test("Without a terminal it refuses and changes nothing")
    func notATerminal() throws {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { _ = close(pipeEnds[0]); _ = close(pipeEnds[1]) }
        #expect(throws: TerminalSession.Unavailable.self) { try TerminalSession(input: pipeEnds[0], output: pipeEnds[1]) }
    }
}
#endif

/// The one-line field of a full-screen view: characters as people see them, wide ones as two columns.
@Suite("Line editor")
struct LineEditorTests {
    func typed(_ events: [KeyEvent], from text: String = "") -> LineEditor {
        var editor = LineEditor(text)
        for event in events { _ = editor.apply(event) }
        return editor
    }

    @Test("Typing, moving and deleting by character; Enter gives the text, Escape gives nothing")
    func editing() {
        var editor = typed("피카".map { .character($0) } + [.left, .character("츄"), .end, .character("!")])
        #expect(editor.text == "피츄카!")
        #expect(editor.apply(.enter) == .done("피츄카!"))
        #expect(editor.apply(.escape) == .cancelled)
        #expect(typed([.backspace, .home, .delete], from: "Sparky").text == "park")
        #expect(typed([.left, .left, .control("u")], from: "abcd").text == "cd")
        #expect(typed([.home, .right, .control("k")], from: "abcd").text == "a")
        #expect(typed([.up, .function(1), .mouse(MouseEvent(kind: .release, column: 1, row: 1))], from: "x").text == "x")
    }

    @Test("Korean typed as jamo composes into one syllable, and Backspace removes it whole; so with an emoji and its modifiers")
    func graphemes() {
        // ㅎ ㅏ ㄴ as conjoining jamo, as some input methods and NFD text send them.
        var editor = typed(["\u{1112}", "\u{1161}", "\u{11AB}"].map { .character(Character($0)) })
        #expect(editor.characters.count == 1)
        _ = editor.apply(.backspace)
        #expect(editor.text.isEmpty)
        let family = typed([.paste("a👩‍👩‍👧🏽")])
        #expect(family.characters.count == 2)
        #expect(typed([.backspace], from: "a👍🏽").text == "a")
    }

    @Test("A paste is one line: its line breaks and controls become spaces")
    func paste() {
        #expect(typed([.paste("번개\r\n짱\u{1B}[A")]).text == "번개 짱 [A")
    }

    @Test("The field scrolls to keep the cursor in sight, wide characters as two columns, never cut")
    func scrolling() {
        let editor = LineEditor("피카츄라이츄")
        let (text, column) = editor.visible(width: 7)
        #expect(text == "라이츄" && column == 6, "the end in sight, a cell left for the cursor")
        var start = editor
        _ = start.apply(.home)
        #expect(start.visible(width: 7) == ("피카츄", 0), "a fourth wide character would not fit whole")
        #expect(LineEditor("ab").visible(width: 10) == ("ab", 2))
    }
}
