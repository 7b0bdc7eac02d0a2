import MydexModel

/// How a cell is drawn: colours (sprite colours, drawn at the screen's colour depth) and marks.
struct ScreenStyle: Equatable, Sendable {
    var foreground: SpriteColor?
    var background: SpriteColor?
    var bold = false
    var dim = false
    /// Swapped colours: how a selection shows without colour (`NO_COLOR`).
    var reverse = false

    static let plain = ScreenStyle()
}

/// One terminal cell: a character (a wide one fills this cell, and the next is its
/// continuation, empty text), or a space.
struct ScreenCell: Equatable, Sendable {
    var text: String = " "
    var style: ScreenStyle = .plain

    static let blank = ScreenCell()
    /// The right half of a wide character.
    static let continuation = ScreenCell(text: "", style: .plain)
}

/// A frame of a full-screen view: what each cell shows. `rendered(after:)` writes only the cells
/// that differ from the last frame, so a moved selection costs a few hundred bytes, not a
/// screen.
struct ScreenBuffer: Equatable, Sendable {
    let width: Int
    let height: Int
    private(set) var cells: [ScreenCell]

    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    subscript(x: Int, y: Int) -> ScreenCell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Writes `text` from column `x` of row `y`, at most `limit` columns (to the edge by
    /// default), and returns the columns it took. Text from outside is made safe here: a
    /// character a terminal would act on is drawn as U+FFFD, and a wide character that does not
    /// fit whole is left out.
    @discardableResult
    mutating func put(_ text: String, x: Int, y: Int, style: ScreenStyle = .plain, limit: Int? = nil) -> Int {
        guard (0..<height).contains(y), x >= 0 else { return 0 }
        let end = min(width, x + (limit ?? width))
        var column = x
        for character in text {
            let safe: Character = character.unicodeScalars.contains(where: TerminalText.isUnsafe) ? "\u{FFFD}" : character
            let columns = TerminalText.width(of: safe)
            guard columns > 0 else { continue }
            guard column + columns <= end else { break }
            set(ScreenCell(text: String(safe), style: style), x: column, y: y)
            if columns == 2 { set(.continuation, x: column + 1, y: y) }
            column += columns
        }
        return column - x
    }

    /// Fills `width` columns from `x` on row `y` with blanks in `style` (a highlighted row).
    mutating func fill(x: Int, y: Int, width count: Int, style: ScreenStyle) {
        guard (0..<height).contains(y) else { return }
        for column in max(0, x)..<min(width, x + count) { set(ScreenCell(text: " ", style: style), x: column, y: y) }
    }

    /// Sets one cell, never leaving half of a wide character: overwriting either half blanks
    /// the other.
    private mutating func set(_ cell: ScreenCell, x: Int, y: Int) {
        if self[x, y] == .continuation, cell != .continuation, x > 0 { self[x - 1, y] = .blank }
        if x + 1 < width, self[x + 1, y] == .continuation, TerminalText.displayWidth(self[x, y].text) == 2 {
            self[x + 1, y] = .blank
        }
        self[x, y] = cell
    }

    /// The escape codes and text that turn the screen from `previous` into this frame: every cell
    /// when there is none (or its size differs), else only the runs of changed cells, each
    /// reached with one cursor move. Styles are set only when they change. Ends with the style
    /// reset.
    func rendered(after previous: ScreenBuffer?, depth: ColorDepth) -> String {
        var output = ""
        let whole = previous.map { $0.width != width || $0.height != height } ?? true
        if whole { output += "\u{1B}[0m\u{1B}[2J" }
        var current: ScreenStyle?
        var cursor: (x: Int, y: Int)?
        for y in 0..<height {
            var x = 0
            while x < width {
                let cell = self[x, y]
                let changed = whole || previous.map { $0[x, y] != cell } ?? true
                // A continuation is drawn by its wide character; a changed one redraws that.
                if !changed || cell == .continuation {
                    x += 1
                    continue
                }
                if cursor.map({ $0.x != x || $0.y != y }) ?? true { output += "\u{1B}[\(y + 1);\(x + 1)H" }
                if current != cell.style {
                    output += Self.sgr(cell.style, depth: depth)
                    current = cell.style
                }
                output += cell.text
                let columns = max(1, TerminalText.displayWidth(cell.text))
                x += columns
                cursor = (x, y)
            }
        }
        if current != nil { output += "\u{1B}[0m" }
        return output
    }

    /// The SGR sequence of `style` from a reset, at the screen's colour depth (none: only bold,
    /// dim and reverse).
    static func sgr(_ style: ScreenStyle, depth: ColorDepth) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.reverse { codes.append("7") }
        func color(_ color: SpriteColor, _ layer: Int) -> String? {
            switch depth {
            case .none: nil
            case .ansi256: "\(layer);5;\(ColorDepth.xterm256(color))"
            case .trueColor: "\(layer);2;\(color.red);\(color.green);\(color.blue)"
            }
        }
        if let foreground = style.foreground, let code = color(foreground, 38) { codes.append(code) }
        if let background = style.background, let code = color(background, 48) { codes.append(code) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
