import Foundation
import MydexModel

/// A picture to draw, and the title shown over it (nil: none).
struct Picture: Sendable {
    var grid: CellGrid
    var title: String?

    init(_ sprite: Sprite, title: String?) {
        grid = CellGrid(sprite)
        self.title = title
    }
}

/// Several pictures side by side: bottom-aligned, one column apart, wrapped at a width.
enum SpriteLayout {
    /// The pictures that share each row, in order: as many as fit in `width` columns, one column
    /// apart (a picture wider than `width` gets a row of its own); one row when `width` is nil.
    static func rows(widths: [Int], width: Int?) -> [Range<Int>] {
        var rows: [Range<Int>] = []
        var start = 0
        var used = 0
        for (index, columnWidth) in widths.enumerated() {
            if index > start, let width, used + 1 + columnWidth > width {
                rows.append(start..<index)
                (start, used) = (index, columnWidth)
            } else {
                used += (index > start ? 1 : 0) + columnWidth
            }
        }
        if start < widths.count { rows.append(start..<widths.count) }
        return rows
    }

    /// The lines of `grids` side by side, each in a column `columnWidths[i]` wide, one blank
    /// column apart; shorter pictures get blank lines above, so that all stand on the last line.
    static func compose(_ grids: [CellGrid], columnWidths: [Int]) -> [[Cell]] {
        let height = grids.map(\.height).max() ?? 0
        return (0..<height).map { line in
            var cells: [Cell] = []
            for (index, grid) in grids.enumerated() {
                if index > 0 { cells.append(.blank) }
                let row = line - (height - grid.height)
                let drawn = row >= 0 ? grid.rows[row] : []
                cells += drawn + Array(repeating: Cell.blank, count: max(columnWidths[index] - drawn.count, 0))
            }
            return cells
        }
    }
}

extension Printer {
    /// Draws `pictures` on standard output, side by side and wrapped at the terminal's width,
    /// their titles on standard error above each row (so a pipe carries only the pictures). Rows
    /// after the first are one empty line apart.
    func draw(_ pictures: [Picture]) throws(OutputError) {
        let widths = pictures.map { max($0.grid.width, $0.title.map(TerminalText.displayWidth) ?? 0) }
        for (index, row) in SpriteLayout.rows(widths: widths, width: drawingWidth).enumerated() {
            if index > 0 { try line("") }
            if pictures[row].contains(where: { $0.title != nil }) {
                let titles = row.map { TerminalText.padded(pictures[$0].title ?? "", to: widths[$0]) }
                try note(SafeText(titles.joined(separator: " ").replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)))
            }
            for cells in SpriteLayout.compose(pictures[row].map(\.grid), columnWidths: Array(widths[row])) {
                try line(.drawn(HalfBlocks.line(cells, depth: colorDepth)))
            }
        }
    }
}
