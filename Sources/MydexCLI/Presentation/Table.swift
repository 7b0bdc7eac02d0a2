/// A text table whose columns line up on a terminal, wide (CJK) characters included.
struct Table {
    struct Column: Sendable {
        var title: String
        var alignRight = false
        /// Whether the column may be shortened to fit a terminal: names and prose may, ids,
        /// numbers, marks and dates may not (a cut date or id is worse than a wider table).
        var shrinks = true
        /// The narrowest it is shrunk to (else `Table.minimumColumnWidth`): a list's names keep
        /// the widest species name whole, and give up only a form's part.
        var minimumWidth: Int?
        /// Whether a cell too long for a shortened column goes on over more lines rather than
        /// being cut ("…"): for text a row is about (an encounter's conditions), not names.
        var wraps = false
        /// Whether the column is left out on a terminal too narrow for the table even with its
        /// other columns shrunk (a list's level and IVs, which a narrow screen can do without).
        var optional = false
    }

    var columns: [Column]
    var rows: [[SafeText]] = []

    init(_ columns: [Column]) { self.columns = columns }

    mutating func append(_ row: [SafeText]) { rows.append(row) }

    /// The narrowest a column is shrunk to when the table must fit a terminal.
    static let minimumColumnWidth = 4

    /// The lines to print; the header is bold when colour is on. Cells are already escaped;
    /// widths are measured on what will be shown. With a `width` (a terminal's), the widest
    /// columns are shrunk and their long cells end in "…" until the table fits.
    func lines(color: Bool, width: Int? = nil) -> [SafeText] {
        var layout = Layout(columns, color: color)
        for row in rows { layout.measure(row) }
        layout.fit(into: width)
        return [layout.header()] + rows.flatMap { layout.lines($0) }
    }

    /// A table printed as it is read (a collection of thousands need not be held in memory):
    /// every row is measured in a first pass, then printed in a second.
    struct Layout: Sendable {
        let columns: [Column]
        let color: Bool
        private(set) var widths: [Int]
        /// Optional columns left out to fit a narrow terminal (`fit`).
        private(set) var hidden: Set<Int> = []

        init(_ columns: [Column], color: Bool) {
            self.columns = columns
            self.color = color
            widths = columns.map { TerminalText.displayWidth($0.title) }
        }

        mutating func measure(_ row: [SafeText]) {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], TerminalText.displayWidth(cell.plain))
            }
        }

        /// Shrinks what may shrink to fit a terminal of `width` columns (nil: piped, as is).
        /// Optional columns are left out, the last first, while even shrunk it would not fit.
        mutating func fit(into width: Int?) {
            guard let width else { return }
            let measured = widths
            while true {
                let shown = columns.indices.filter { !hidden.contains($0) }
                let fitted = Table.fitted(
                    shown.map { measured[$0] },
                    shrinking: shown.map { columns[$0].shrinks ? columns[$0].minimumWidth ?? Table.minimumColumnWidth : nil },
                    into: width)
                for (position, index) in shown.enumerated() { widths[index] = fitted[position] }
                let total = fitted.reduce(0, +) + 2 * max(fitted.count - 1, 0)
                guard total > width, let drop = shown.last(where: { columns[$0].optional }) else { return }
                hidden.insert(drop)
            }
        }

        func header() -> SafeText { line(columns.map { SafeText($0.title) }, header: true) }

        /// The cells of the columns shown.
        func shown<T>(_ cells: [T]) -> [T] {
            hidden.isEmpty ? cells : cells.enumerated().filter { !hidden.contains($0.offset) }.map(\.element)
        }

        /// A row's lines: one, unless a cell of a wrapping column is wider than its column, whose
        /// next lines carry the rest of it, the other cells empty.
        func lines(_ cells: [SafeText]) -> [SafeText] {
            guard hidden.isEmpty else { return Layout(visibleOf: self).lines(shown(cells)) }
            let pieces = cells.enumerated().map { index, cell in
                index < columns.count && columns[index].wraps ? cell.wrapped(toWidth: max(widths[index], 1)) : [cell]
            }
            let count = pieces.map(\.count).max() ?? 1
            return (0..<count).map { line in
                line == 0 ? self.line(pieces.map { $0[0] }) : self.line(pieces.map { line < $0.count ? $0[line] : "" })
            }
        }

        /// This layout without its hidden columns.
        private init(visibleOf layout: Layout) {
            columns = layout.shown(layout.columns)
            color = layout.color
            widths = layout.shown(layout.widths)
        }

        func line(_ cells: [SafeText], header: Bool = false) -> SafeText {
            guard hidden.isEmpty else { return Layout(visibleOf: self).line(shown(cells), header: header) }
            // Empty cells at the end would only leave trailing spaces.
            var count = cells.count
            while count > 1, cells[count - 1].plain.isEmpty { count -= 1 }
            // Built in place: a line of a long list is made once per row.
            var line = SafeText.Builder(capacity: widths.reduce(2 * count, +))
            for index in 0..<count {
                // Each cell is measured once; only a cell wider than its column is cut (and measured again).
                let original = cells[index]
                let width = TerminalText.displayWidth(original.plain)
                let cell = width > widths[index] ? original.truncated(toWidth: widths[index]) : original
                let cellWidth = width > widths[index] ? TerminalText.displayWidth(cell.plain) : width
                let alignRight = columns[index].alignRight
                // The last cell, left-aligned, is not padded: no trailing spaces.
                let padding = index == count - 1 && !alignRight ? 0 : widths[index] - cellWidth
                if index > 0 { line.appendSpaces(2) }
                if alignRight { line.appendSpaces(padding) }
                line.append(cell)
                if !alignRight { line.appendSpaces(padding) }
            }
            return header ? line.text.styled(.bold, if: color) : line.text
        }
    }

    /// Column widths that fit `total` columns: one step at a time, the widest column that may
    /// shrink (`shrinking`: the narrowest it may be, or nil where it may not) is narrowed, down to
    /// the next widest at most, so that the narrowing is shared out. When even that is not
    /// enough the table stays wider than the terminal.
    static func fitted(_ widths: [Int], shrinking minimums: [Int?], into total: Int) -> [Int] {
        var widths = widths
        let separators = 2 * max(widths.count - 1, 0)
        while widths.reduce(0, +) + separators > total {
            let candidates = widths.indices.filter { index in minimums[index].map { widths[index] > $0 } ?? false }
            guard let widest = candidates.max(by: { widths[$0] < widths[$1] }), let minimum = minimums[widest] else { break }
            let excess = widths.reduce(0, +) + separators - total
            let secondWidest = candidates.filter { $0 != widest }.map { widths[$0] }.max() ?? 0
            let step = max(1, min(excess, widths[widest] - max(secondWidest, minimum - 1)))
            widths[widest] = max(minimum, widths[widest] - step)
        }
        return widths
    }
}

/// Prose broken into lines of at most `width` terminal columns, as `TerminalText.wrapped` breaks
/// help: at spaces (Korean too, between its words), between two characters of a script written
/// without spaces (Chinese, Japanese), never before closing punctuation; a word longer than a
/// line is cut.
enum TextWrap {
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0, TerminalText.displayWidth(text) > width else { return [text] }
        return TerminalText.wrapped(text, width: width).flatMap { line -> [String] in
            guard TerminalText.displayWidth(line) > width else { return [line] }
            // A word wider than a line: cut at the line's end.
            var pieces: [String] = []
            var piece = ""
            var used = 0
            for character in line {
                let columns = TerminalText.displayWidth(String(character))
                if used + columns > width, !piece.isEmpty {
                    pieces.append(piece)
                    (piece, used) = ("", 0)
                }
                piece.append(character)
                used += columns
            }
            if !piece.isEmpty { pieces.append(piece) }
            return pieces
        }
    }
}
