/// A text table whose columns line up on a terminal, wide (CJK) characters included.
struct Table {
    struct Column {
        var title: String
        var alignRight = false
    }

    var columns: [Column]
    var rows: [[SafeText]] = []

    init(_ columns: [Column]) { self.columns = columns }

    mutating func append(_ row: [SafeText]) { rows.append(row) }

    /// The lines to print; the header is bold when colour is on. Cells are already escaped;
    /// widths are measured on what will be shown.
    func lines(color: Bool) -> [SafeText] {
        var widths = columns.map { TerminalText.displayWidth($0.title) }
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], TerminalText.displayWidth(cell.plain))
            }
        }
        func line(_ allCells: [SafeText], header: Bool) -> SafeText {
            // Empty cells at the end would only leave trailing spaces.
            var cells = allCells
            while cells.count > 1, cells.last?.plain.isEmpty == true { cells.removeLast() }
            let padded = cells.enumerated().map { index, cell -> SafeText in
                let isLast = index == cells.count - 1
                let padding = String(repeating: " ", count: max(0, widths[index] - TerminalText.displayWidth(cell.plain)))
                if columns[index].alignRight { return SafeText(padding) + cell }
                return isLast ? cell : cell + SafeText(padding)
            }
            let text = SafeText.joined(padded, separator: "  ")
            return header ? text.styled(.bold, if: color) : text
        }
        return [line(columns.map { SafeText($0.title) }, header: true)] + rows.map { line($0, header: false) }
    }
}
