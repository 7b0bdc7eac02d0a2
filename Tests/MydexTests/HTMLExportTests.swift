import Foundation
import Testing
import MydexCatalog
@testable import MydexCLI
import MydexServices
@testable import PokedexGenerator

/// `PNGEncoder`: the pictures of `export --format html`.
@Suite("HTML export")
struct HTMLExportTests {
    static let sprites = MydexCLI.SpriteSource.builtIn

    /// Whether a decoded PNG holds exactly the sprite's pixels (transparent ones with alpha 0).
    static func same(_ png: PNGImage, _ sprite: Sprite) -> Bool {
        guard png.width == sprite.width, png.height == sprite.height else { return false }
        for y in 0..<sprite.height {
            for x in 0..<sprite.width {
                let offset = (y * png.width + x) * 4
                let rgba = Array(png.rgba[offset..<offset + 4])
                if let color = sprite[x, y] {
                    if rgba != [color.red, color.green, color.blue, 255] { return false }
                } else if rgba[3] != 0 {
                    return false
                }
            }
        }
        return true
    }

    @Test("PNGs of every palette size and of more colours than a palette holds decode to exactly the sprite",
          arguments: [(1, 1), (3, 2), (15, 4), (255, 8), (300, 8)])
    func png(colors: Int, depth: UInt8) throws {
        // A 31×19 picture (rows end mid-byte at 1, 2 and 4 bits), every seventh pixel transparent:
        // 255 colours and transparency fill a palette exactly, 300 do not.
        let (width, height) = (31, 19)
        let pixels: [SpriteColor?] = (0..<width * height).map { index in
            guard index % 7 != 0 else { return nil }
            let value = index % colors
            return SpriteColor(red: UInt8(value % 256), green: UInt8((value * 7) % 256), blue: UInt8(value / 256 * 90 + 17))
        }
        let sprite = Sprite(width: width, height: height, pixels: pixels)
        let bytes = try #require(try PNGEncoder.encode(sprite))
        #expect(Self.same(try PNGImage(Data(bytes)), sprite))
        // Indexed while the palette (transparency included) fits 256 entries; RGBA (colour type 6) past that.
        #expect(bytes[24] == depth && bytes[25] == (colors < 256 ? 3 : 6))
        #expect(try PNGEncoder.encode(Sprite(width: 0, height: 0, pixels: [])) == nil)
    }

    @Test("Every built-in sprite round-trips through the encoder")
    func everySprite() throws {
        var bytes = 0
        for id in 1...1025 {
            for shiny in [false, true] {
                let sprite = try #require(Self.sprites?.sprite(speciesID: id, shiny: shiny))
                let png = try #require(try PNGEncoder.encode(sprite))
                bytes += png.count
                #expect(Self.same(try PNGImage(Data(png)), sprite), "#\(id) shiny: \(shiny)")
            }
        }
        // About 500 bytes a sprite: what keeps a page of the whole national dex small.
        #expect(bytes / 2050 < 600, "\(bytes / 2050) bytes a sprite on average")
    }
}
