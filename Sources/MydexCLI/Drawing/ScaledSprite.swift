import MydexModel

extension CellGrid {
    /// `sprite` cropped to its visible pixels and scaled to fit `columns` × `rows` cells (two
    /// pixels a cell), never more than `largest` times its size: the grid's small pictures and
    /// the detail page's large one. Each pixel of the result covers a block of the sprite: it is
    /// drawn when at least half the block is, in the block's mean colour (so a shrunken sprite
    /// keeps its outline and does not flicker between neighbours' colours).
    init(_ sprite: Sprite, fitting columns: Int, rows: Int, largest: Double) {
        guard let (minX, maxX, minY, maxY) = Self.visibleBounds(of: sprite), columns > 0, rows > 0 else {
            self.init(width: 0, rows: [])
            return
        }
        let (width, height) = (maxX - minX + 1, maxY - minY + 1)
        let scale = min(largest, Double(columns) / Double(width), Double(rows * 2) / Double(height))
        let targetWidth = max(1, min(columns, Int((Double(width) * scale).rounded())))
        let targetHeight = max(1, min(rows * 2, Int((Double(height) * scale).rounded())))
        func block(_ index: Int, _ target: Int, _ source: Int) -> Range<Int> {
            let start = index * source / target
            return start..<max(start + 1, (index + 1) * source / target)
        }
        func pixel(_ x: Int, _ y: Int) -> SpriteColor? {
            var (red, green, blue, drawn, total) = (0, 0, 0, 0, 0)
            for sy in block(y, targetHeight, height) {
                for sx in block(x, targetWidth, width) {
                    total += 1
                    guard let color = sprite[minX + sx, minY + sy] else { continue }
                    (red, green, blue, drawn) = (red + Int(color.red), green + Int(color.green), blue + Int(color.blue), drawn + 1)
                }
            }
            guard drawn * 2 >= total, drawn > 0 else { return nil }
            return SpriteColor(red: UInt8(red / drawn), green: UInt8(green / drawn), blue: UInt8(blue / drawn))
        }
        // An odd height gets a transparent row on top, so that the feet sit on the last line.
        let padding = targetHeight % 2
        func scaled(_ x: Int, _ y: Int) -> SpriteColor? { y < 0 ? nil : pixel(x, y) }
        let cellRows = (0..<(targetHeight + padding) / 2).map { row in
            (0..<targetWidth).map { x in
                Cell(top: scaled(x, 2 * row - padding), bottom: scaled(x, 2 * row + 1 - padding))
            }
        }
        self.init(width: targetWidth, rows: cellRows)
    }
}

extension ScreenBuffer {
    /// Draws `picture` with its top-left cell at (`x`, `y`), clipped to the buffer: half blocks
    /// in colour, or its shape in block characters at no colour depth (`NO_COLOR`). Transparent
    /// cells keep `background`.
    mutating func draw(_ picture: CellGrid, x: Int, y: Int, depth: ColorDepth, background: SpriteColor? = nil, dim: Bool = false) {
        for (row, cells) in picture.rows.enumerated() {
            for (column, cell) in cells.enumerated() {
                let (cx, cy) = (x + column, y + row)
                guard cx >= 0, cy >= 0, cx < width, cy < height, cell != .blank else { continue }
                var style = ScreenStyle(background: background, dim: dim)
                let text: String
                if depth == .none {
                    text = switch (cell.top != nil, cell.bottom != nil) {
                    case (true, true): "█"
                    case (true, false): "▀"
                    default: "▄"
                    }
                } else if let top = cell.top {
                    text = "▀"
                    style.foreground = top
                    if let bottom = cell.bottom { style.background = bottom }
                } else {
                    text = "▄"
                    style.foreground = cell.bottom
                }
                put(text, x: cx, y: cy, style: style, limit: 1)
            }
        }
    }
}
