import CPNG
import Foundation
import MydexCatalog
import MydexModel
import MydexStore

/// PokéSprite's box sprites (`pokemon-gen8/{regular,shiny}/<slug>.png`, 68×56 RGBA) of species
/// 1…`lastSpecies`, cropped to their visible box: what `SpriteCatalog.encode` turns into
/// sprites.bin.
struct SpriteSource {
    let directory: URL
    /// Forms with a box sprite of their own: (key, PokéSprite slug). Their sprites are keyed by
    /// `Sprite.key(ofForm:)`, apart from species numbers: the form's id (10001 and up),
    /// or 20000 + it for a form PokeAPI numbers as a species (Xerneas' Active Mode, 716).
    var forms: () throws -> [(id: Int, slug: String)] = { [] }
    var lastSpecies = 1025

    /// `data/pokemon.json`: entries keyed by zero-padded dex number ("0025"); only the English slug
    /// names the files.
    private struct Entry: Decodable {
        struct Slug: Decodable { let eng: String }
        let slug: Slug
    }

    func load() throws -> [(speciesID: Int, shiny: Bool, sprite: Sprite)] {
        let index = directory.appendingPathComponent("data/pokemon.json")
        guard let json = try? Data(contentsOf: index) else { throw GeneratorError.missing(index.path) }
        let entries = try JSONDecoder().decode([String: Entry].self, from: json)
        var sprites: [(speciesID: Int, shiny: Bool, sprite: Sprite)] = []
        var files: [(id: Int, slug: String)] = []
        for id in 1...lastSpecies {
            let key = String(format: "%04d", id)
            guard let slug = entries[key]?.slug.eng, !slug.isEmpty, !slug.contains("/") else {
                throw GeneratorError.missing("species \(key) in \(index.path)")
            }
            files.append((id, slug))
        }
        for (id, slug) in files + (try forms()).sorted(by: { $0.id < $1.id }) {
            guard !slug.isEmpty, !slug.contains("/") else { throw GeneratorError.inconsistent("sprite slug \(slug)") }
            for shiny in [false, true] {
                let file = directory.appendingPathComponent("pokemon-gen8/\(shiny ? "shiny" : "regular")/\(slug).png")
                guard let png = try? Data(contentsOf: file) else { throw GeneratorError.missing(file.path) }
                do {
                    sprites.append((id, shiny, try Self.cropped(try PNGImage(png))))
                } catch {
                    throw GeneratorError.inconsistent("\(file.path): \(error)")
                }
            }
        }
        return sprites
    }

    /// The image cut to the box of its visible pixels. Alpha must be 0 or 255: sprites are pixel
    /// art and are drawn without blending.
    static func cropped(_ image: PNGImage) throws -> Sprite {
        var (left, top, right, bottom) = (image.width, image.height, -1, -1)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let alpha = image.rgba[(y * image.width + x) * 4 + 3]
                guard alpha == 0 || alpha == 255 else {
                    throw GeneratorError.inconsistent("pixel (\(x), \(y)) is partly transparent (alpha \(alpha))")
                }
                guard alpha == 255 else { continue }
                (left, top, right, bottom) = (min(left, x), min(top, y), max(right, x), max(bottom, y))
            }
        }
        guard right >= 0 else { return Sprite(width: 0, height: 0, pixels: []) }
        var pixels: [SpriteColor?] = []
        for y in top...bottom {
            for x in left...right {
                let at = (y * image.width + x) * 4
                pixels.append(image.rgba[at + 3] == 0 ? nil
                    : SpriteColor(red: image.rgba[at], green: image.rgba[at + 1], blue: image.rgba[at + 2]))
            }
        }
        return Sprite(width: right - left + 1, height: bottom - top + 1, pixels: pixels)
    }
}

/// A PNG decoded by libpng's simplified API to 8-bit non-premultiplied RGBA, row-major.
struct PNGImage {
    struct Unreadable: Error, CustomStringConvertible {
        let reason: String
        var description: String { "not a readable PNG (\(reason))" }
    }

    let width: Int
    let height: Int
    let rgba: [UInt8]

    init(_ png: Data) throws {
        var width: UInt32 = 0, height: UInt32 = 0
        let capacity = 128
        var message = [CChar](repeating: 0, count: capacity)
        let decoded = png.withUnsafeBytes { bytes in
            mydex_png_decode_rgba(bytes.baseAddress, bytes.count, &width, &height, &message, capacity)
        }
        guard let decoded else {
            throw Unreadable(reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { free(decoded) }
        self.width = Int(width)
        self.height = Int(height)
        rgba = Array(UnsafeBufferPointer(start: decoded, count: self.width * self.height * 4))
    }
}
