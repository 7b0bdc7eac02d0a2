import Foundation
import MydexModel

/// One terminal cell of a picture: two pixels, one above the other (nil: transparent).
struct Cell: Equatable, Sendable {
    var top: SpriteColor?
    var bottom: SpriteColor?

    static let blank = Cell(top: nil, bottom: nil)
}

/// A picture as rows of cells, every row `width` cells long.
struct CellGrid: Equatable, Sendable {
    var width: Int
    var rows: [[Cell]]

    var height: Int { rows.count }

    /// `sprite` at 1:1, one pixel half a cell: cropped to its visible pixels, and an odd height
    /// padded with a transparent row at the top so that the feet sit on the last line.
    init(_ sprite: Sprite) {
        guard let (minX, maxX, minY, maxY) = Self.visibleBounds(of: sprite) else {
            self.init(width: 0, rows: [])
            return
        }
        let height = maxY - minY + 1
        // Pixel row `y` of the cropped picture is sprite row `minY + y`; padding shifts it down by one.
        let top = minY - height % 2
        func pixel(_ x: Int, _ y: Int) -> SpriteColor? { y < minY ? nil : sprite[x, y] }
        let rows = (0..<(height + 1) / 2).map { row in
            (minX...maxX).map { x in Cell(top: pixel(x, top + 2 * row), bottom: pixel(x, top + 2 * row + 1)) }
        }
        self.init(width: maxX - minX + 1, rows: rows)
    }

    /// The smallest box holding every drawn pixel of `sprite`, nil when none is.
    static func visibleBounds(of sprite: Sprite) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
        var (minX, maxX, minY, maxY) = (Int.max, -1, Int.max, -1)
        for y in 0..<max(sprite.height, 0) {
            for x in 0..<max(sprite.width, 0) where sprite[x, y] != nil {
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
            }
        }
        return maxX >= 0 ? (minX, maxX, minY, maxY) : nil
    }

    init(width: Int, rows: [[Cell]]) {
        self.width = width
        self.rows = rows
    }
}

/// A line of a picture as it is written, and as wide as it shows. Made only by `HalfBlocks`.
struct DrawnLine: Equatable, Sendable {
    let rendered: String
    let plain: String

    fileprivate init(rendered: String, plain: String) {
        self.rendered = rendered
        self.plain = plain
    }
}

/// Writes cells as half blocks: `▀` with the top pixel as foreground and the bottom one as
/// background (or `▄` the other way round, whichever needs fewer colour changes; `█` for two
/// pixels of one colour). A transparent
/// pixel is never painted: its half keeps the terminal's own background. Colour codes are written
/// only where the colour changes, trailing blank cells are left out, and every line ends with a
/// reset. Without colour, the picture is a silhouette of `▀`, `▄` and `█`, with no codes at all.
enum HalfBlocks {
    static let reset = "\u{1B}[0m"

    static func line(_ cells: [Cell], depth: ColorDepth) -> DrawnLine {
        let drawn = cells[..<(cells.lastIndex(where: { $0 != .blank }).map { $0 + 1 } ?? 0)]
        guard depth != .none else {
            let plain = String(drawn.map(silhouette))
            return DrawnLine(rendered: plain, plain: plain)
        }
        var rendered = ""
        var plain = ""
        // The SGR parameters in effect; nil: the terminal's default.
        var foreground: String?
        var background: String?
        for cell in drawn {
            let top = cell.top.map { depth.parameters($0, background: false) }
            let bottom = cell.bottom.map { depth.parameters($0, background: false) }
            // (glyph, foreground wanted (nil: any), background wanted (nil: none)).
            var choices: [(Character, String?, String?)]
            switch (top, bottom) {
            case (nil, nil): choices = [(" ", nil, nil)]
            case (let top?, nil): choices = [("▀", top, nil)]
            case (nil, let bottom?): choices = [("▄", bottom, nil)]
            case (let top?, let bottom?):
                // Two pixels of one colour: a full block, whatever the background.
                if top == bottom {
                    choices = [("█", top, background)]
                } else {
                    choices = [("▀", top, Self.background(bottom)), ("▄", bottom, Self.background(top))]
                }
            }
            func changes(_ choice: (Character, String?, String?)) -> Int {
                (choice.1 != nil && choice.1 != foreground ? 1 : 0) + (choice.2 != background ? 1 : 0)
            }
            let (glyph, wantedForeground, wantedBackground) = choices.min { changes($0) < changes($1) } ?? choices[0]
            var parameters: [String] = []
            if let wantedForeground, wantedForeground != foreground {
                parameters.append(wantedForeground)
                foreground = wantedForeground
            }
            if wantedBackground != background {
                parameters.append(wantedBackground ?? "49")
                background = wantedBackground
            }
            if !parameters.isEmpty { rendered += "\u{1B}[" + parameters.joined(separator: ";") + "m" }
            rendered.append(glyph)
            plain.append(glyph)
        }
        return DrawnLine(rendered: rendered + reset, plain: plain)
    }

    /// A foreground's parameters as the same colour's background ("38;…" → "48;…").
    private static func background(_ foreground: String) -> String { "48" + foreground.dropFirst(2) }

    private static func silhouette(_ cell: Cell) -> Character {
        switch (cell.top != nil, cell.bottom != nil) {
        case (true, true): return "█"
        case (true, false): return "▀"
        case (false, true): return "▄"
        case (false, false): return " "
        }
    }
}

extension Sprite {
    /// The sprite's shape in one grey: a living dex's missing slot, drawn so a glance tells what
    /// is still to catch (mid grey reads as dim on dark and light backgrounds alike).
    var silhouette: Sprite {
        let grey = SpriteColor(red: 0x60, green: 0x60, blue: 0x60)
        return Sprite(width: width, height: height, pixels: pixels.map { $0 == nil ? nil : grey })
    }
}
