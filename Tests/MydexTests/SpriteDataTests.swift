import CMydexSprites
import Foundation
import MydexCatalog
import MydexModel
import MydexServices
import MydexStore
import MydexTestSupport
@testable import PokedexGenerator
import Testing

/// The box sprites compiled into mydex (Sources/CMydexSprites/sprites.bin) and the generator
/// that makes them from PokéSprite's PNGs.
@Suite("Sprite data")
struct SpriteDataTests {
    static let catalog = SpriteCatalog.embedded
    /// Copies of a few of PokéSprite's PNGs, unedited.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pokesprite/pokemon-gen8")
    static let pokesprite = Fixtures.sharedData.appendingPathComponent("pokesprite")
    /// The committed JSON Lines, which say which forms have a sprite of their own.
    static let committedPokedex = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/CMydexCatalog/pokedex.jsonl").standardizedFileURL

    static var embeddedBytes: Data {
        Data(bytes: mydex_sprites_bytes(), count: mydex_sprites_length())
    }

    @Test("Every species 1…1025 has a regular and a shiny sprite, visible and no larger than a box sprite")
    func everySpecies() throws {
        // Species, then the forms with a box sprite of their own, keyed by their PokeAPI ids.
        #expect(Self.catalog.speciesIDs.prefix(1025) == ArraySlice(1...1025))
        #expect(Self.catalog.speciesIDs.dropFirst(1025).allSatisfy { $0 >= Catalog.firstFormID })
        for id in 1...1025 {
            for shiny in [false, true] {
                let sprite = try #require(Self.catalog.sprite(speciesID: id, shiny: shiny), "#\(id) shiny: \(shiny)")
                #expect((1...68).contains(sprite.width) && (1...56).contains(sprite.height), "#\(id) is \(sprite.width)×\(sprite.height)")
                // Cropped: the first and last rows and columns each have a visible pixel.
                let columns = [0, sprite.width - 1], rows = [0, sprite.height - 1]
                for y in rows { #expect((0..<sprite.width).contains { sprite[$0, y] != nil }, "#\(id) row \(y) is empty") }
                for x in columns { #expect((0..<sprite.height).contains { sprite[x, $0] != nil }, "#\(id) column \(x) is empty") }
            }
        }
        #expect(Self.catalog.sprite(speciesID: 0, shiny: false) == nil)
        #expect(Self.catalog.sprite(speciesID: 1026, shiny: true) == nil)
        #expect(Self.catalog.sprite(speciesID: 10205, shiny: false) != nil, "Alolan Vulpix")
    }

    @Test("Shinies differ from their regular sprite, except Minior's meteor form and shiny-locked Pecharunt")
    func shiniesDiffer() {
        let same = (1...1025).filter { Self.catalog.sprite(speciesID: $0, shiny: true) == Self.catalog.sprite(speciesID: $0, shiny: false) }
        #expect(same == [774, 1025])
    }

    @Test("Sprites are the PNGs' visible pixels, pixel for pixel",
          arguments: [(25, "pikachu", false), (25, "pikachu", true), (906, "sprigatito", false), (906, "sprigatito", true),
                      (1025, "pecharunt", false), (1025, "pecharunt", true), (716, "xerneas", false), (716, "xerneas", true),
                      (Sprite.key(ofForm: 716), "xerneas-active", false), (Sprite.key(ofForm: 716), "xerneas-active", true)])
    func matchesPNG(id: Int, slug: String, shiny: Bool) throws {
        let file = Self.fixtures.appendingPathComponent("\(shiny ? "shiny" : "regular")/\(slug).png")
        let png = try PNGImage(try Data(contentsOf: file))
        #expect((png.width, png.height) == (68, 56))
        let sprite = try #require(Self.catalog.sprite(speciesID: id, shiny: shiny))
        let visible = (0..<png.width * png.height).filter { png.rgba[$0 * 4 + 3] != 0 }
        let left = try #require(visible.map { $0 % png.width }.min()), top = try #require(visible.map { $0 / png.width }.min())
        var mismatches = 0
        for y in 0..<png.height {
            for x in 0..<png.width {
                let at = (y * png.width + x) * 4
                let expected = png.rgba[at + 3] == 0 ? nil : SpriteColor(red: png.rgba[at], green: png.rgba[at + 1], blue: png.rgba[at + 2])
                let (sx, sy) = (x - left, y - top)
                let inside = (0..<sprite.width).contains(sx) && (0..<sprite.height).contains(sy)
                if (inside ? sprite[sx, sy] : nil) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0, "\(slug) shiny: \(shiny)")
    }

    @Test("The embedded data is what the generator makes from ../shared/pokesprite",
          .enabled(if: Fixtures.hasSharedData, Fixtures.noSharedData))
    func generatorReproducesEmbeddedData() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sprites-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: output) }
        let generator = try await EndToEndTests.runGenerator([
            "--sprites-only", "--sprites-dir", Self.pokesprite.path, "--sprites-output", output.path,
            "--output", Self.committedPokedex.path,
        ])
        #expect(generator.status == 0, "\(generator.standardError)")
        #expect(try Data(contentsOf: output) == Self.embeddedBytes,
                "regenerate with `swift run PokedexGenerator --sprites-only` and commit")
    }

    @Test("A missing PokéSprite folder is a one-line error naming what is missing")
    func generatorWithoutInput() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-pokesprite-\(UUID().uuidString)")
        let generator = try await EndToEndTests.runGenerator([
            "--sprites-only", "--sprites-dir", missing.path, "--sprites-output", missing.appendingPathComponent("sprites.bin").path,
        ])
        #expect(generator.status != 0)
        #expect(generator.standardError.contains("missing input") && generator.standardError.contains("pokemon.json"))
    }

    @Test("What is not a PNG is an error, not a crash", arguments: [Data(), Data("not a png".utf8), Data([0x89, 0x50, 0x4E, 0x47])])
    func notPNG(_ bytes: Data) {
        #expect(throws: PNGImage.Unreadable.self) { try PNGImage(bytes) }
    }
}

@Suite("Sprite data format")
struct SpriteFormatTests {
    static let red = SpriteColor(red: 255, green: 0, blue: 0)

    /// A sprite of `colours` distinct colours (and a transparent corner), `width` × `height`.
    static func sprite(width: Int, height: Int, colours: Int) -> Sprite {
        let pixels: [SpriteColor?] = (0..<width * height).map { index in
            index == 0 ? nil : SpriteColor(red: UInt8(index % colours), green: UInt8(index % colours / 2), blue: 7)
        }
        return Sprite(width: width, height: height, pixels: pixels)
    }

    @Test("Sprites of few and many colours, odd sizes and none at all read back as they were written")
    func roundTrip() throws {
        let sprites: [(speciesID: Int, shiny: Bool, sprite: Sprite)] = [
            (3, true, Self.sprite(width: 3, height: 3, colours: 15)),  // 4-bit, odd pixel count
            (3, false, Self.sprite(width: 5, height: 2, colours: 9)),
            (1, false, Self.sprite(width: 20, height: 13, colours: 200)),  // 8-bit
            (2, false, Sprite(width: 0, height: 0, pixels: [])),
            (1, true, Self.sprite(width: 20, height: 13, colours: 200)),  // the same as #1: stored once
        ]
        let data = try SpriteCatalog.encode(sprites)
        let catalog = try SpriteCatalog(data: data)
        #expect(catalog.speciesIDs == [1, 2, 3])
        for item in sprites { #expect(catalog.sprite(speciesID: item.speciesID, shiny: item.shiny) == item.sprite) }
        #expect(catalog.sprite(speciesID: 2, shiny: true) == nil)
        #expect(try SpriteCatalog.encode(sprites.reversed()) == data, "the order given does not change the bytes")
        // A slice that does not start at 0 reads the same.
        let sliced = (Data([0, 0, 0]) + data).dropFirst(3)
        #expect(try SpriteCatalog(data: sliced).sprite(speciesID: 1, shiny: false) == sprites[2].sprite)
    }

    @Test("More than 255 colours are kept pixel for pixel (Gigantamax Garbodor has 272)")
    func manyColours() throws {
        let sprite = Self.sprite(width: 30, height: 30, colours: 256)
        let catalog = try SpriteCatalog(data: try SpriteCatalog.encode([(10376, false, sprite)]))
        #expect(catalog.sprite(speciesID: 10376, shiny: false) == sprite)
        #expect(SpriteDataTests.catalog.sprite(speciesID: 10376, shiny: false).map { Set($0.pixels.compactMap { $0 }).count } == 272)
    }

    @Test("The same species twice cannot be written")
    func unwritable() {
        #expect(throws: SpriteCatalog.DamagedData.self) {
            try SpriteCatalog.encode([(1, false, Self.sprite(width: 2, height: 2, colours: 2)), (1, false, Self.sprite(width: 1, height: 1, colours: 1))])
        }
    }

    @Test("Empty, cut-short and damaged data is rejected with an error")
    func damaged() throws {
        let data = try SpriteCatalog.encode([
            (1, false, Self.sprite(width: 4, height: 4, colours: 5)), (1, true, Self.sprite(width: 6, height: 3, colours: 40)),
        ])
        func rejected(_ bytes: Data) -> Bool { (try? SpriteCatalog(data: bytes)) == nil }
        #expect(rejected(Data()))
        for length in [1, 8, 15, 16, 20, 31, data.count - 1] { #expect(rejected(data.prefix(length)), "\(length) bytes") }
        #expect(rejected(data + [0]))
        var magic = data; magic[0] = UInt8(ascii: "X")
        #expect(rejected(magic))
        var version = data; version[8] = 1  // the first format, before each sprite was deflated
        #expect(rejected(version))
        var count = data; count[10] = 3  // three entries where there are two: the index runs into the records
        #expect(rejected(count))
        var offset = data; offset[16 + 4 + 2] = 0xFF  // the first record's offset far beyond the end
        #expect(rejected(offset))
        var order = data; order[16 + 8 + 2] = 0  // two regular #1
        #expect(rejected(order))
        var lengths = data; lengths[Int(data[16 + 4]) + 1] = 0xFF  // more stored bytes than the sprite has
        #expect(rejected(lengths))
        // A sprite whose stored bytes do not inflate to one is no sprite, not a crash.
        var deflated = data; deflated[Int(data[16 + 4]) + 4] ^= 0xFF
        #expect((try? SpriteCatalog(data: deflated))?.sprite(speciesID: 1, shiny: false) == nil)
    }

    @Test("Any single damaged byte of the real data is an error or a readable catalog, never a crash")
    func damagedBytes() {
        let data = SpriteDataTests.embeddedBytes
        var random = SeededGenerator(seed: 9)
        // The header and the index of species 1…40 in full, then bytes at random in their records.
        let recordsStart = 16 + 8 * 2050
        let positions = Array(0..<(16 + 8 * 80)) + (0..<150).map { _ in Int.random(in: recordsStart..<recordsStart + 40_000, using: &random) }
        for position in positions {
            var damaged = data
            damaged[position] ^= 0xA5
            guard let catalog = try? SpriteCatalog(data: damaged) else { continue }
            for id in 1...40 { _ = catalog.sprite(speciesID: id, shiny: position % 2 == 0) }
        }
        #expect(throws: SpriteCatalog.DamagedData.self) { try SpriteCatalog(data: data.prefix(data.count / 2)) }
    }
}
