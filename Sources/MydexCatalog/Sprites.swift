import CMydexCatalog
import CMydexSprites
import Foundation
import MydexModel

/// The box sprites compiled into mydex (Sources/CMydexSprites/sprites.bin, made by
/// `swift run PokedexGenerator --sprites-only` from PokéSprite's PNGs). Part of the read-only
/// catalog: nothing here touches the user's database.
///
/// The format, little-endian throughout:
///
///     header   "MYDEXSPR", UInt16 version (1), UInt16 entry count n, UInt32 length of the whole blob
///     index    n × (UInt16 id, UInt8 variant: 0 regular / 1 shiny, UInt8 0, UInt32 record offset),
///              sorted by id, regular before shiny, no key twice; the id is a species' number,
///              or for a form with a box sprite of its own `Sprite.key(ofForm:)`: the form's PokeAPI id
///              (10001 and up), or 20000 + its id for a form PokeAPI numbers as a species
///              (Xerneas' Active Mode, 716, is 20716)
///     records  UInt16 stored length s, UInt16 sprite length l, then s bytes: the sprite deflated
///              (raw deflate, zlib's, loaded when a sprite is first drawn), or when s = l the
///              sprite as it is (it would not shrink); or, for a sprite that is an earlier one
///              in other colours (a shiny is its regular sprite recoloured, pixel for pixel),
///              UInt16 0, UInt16 colours c, UInt32 the earlier record's offset, c × RGB: that
///              sprite with this palette (half the sprite data is shinies; this keeps 0.5 MB). A sprite is UInt8 width, UInt8 height,
///              UInt8 colours c, UInt8 bits per index (4 or 8), c × RGB, then width × height
///              indices row-major (index 0 = transparent, k = colour k); 4-bit indices (when
///              c ≤ 15) pack two pixels a byte, the first in the high nibble; a sprite of more than
///              255 colours has c = 0 and 32 bits a pixel: (0 transparent or 255 opaque, R, G, B),
///              row-major. Deflating each sprite alone halves the data (2.0 → 1.0 MB), and one
///              sprite inflates in microseconds.
///
/// Identical sprites are stored once (index entries share a record: #1025's shiny is its regular).
/// Colours are numbered in order of first appearance, so the same PNGs always give the same bytes.
public struct SpriteCatalog: Sendable {
    /// What a damaged blob looks like to `init(data:)`.
    public struct DamagedData: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { "the sprite data is damaged: \(reason)" }
    }

    struct Entry: Sendable {
        let speciesID: Int
        let shiny: Bool
        let offset: Int
    }

    static let magic = Array("MYDEXSPR".utf8)
    static let version: UInt16 = 3
    static let headerLength = 16
    static let entryLength = 8
    static let recordHeaderLength = 4
    /// A record's stored and sprite lengths, before its bytes.
    static let storedHeaderLength = 4

    private let data: Data
    private let entries: [Entry]

    /// The sprites embedded in the binary, read in place (nothing is copied). The data is checked
    /// by the tests; were it damaged anyway, mydex would show no sprites rather than stop.
    public static let embedded: SpriteCatalog = {
        let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: mydex_sprites_bytes()),
                        count: mydex_sprites_length(), deallocator: .none)
        return (try? SpriteCatalog(data: data)) ?? SpriteCatalog(empty: ())
    }()

    private init(empty: Void) {
        data = Data()
        entries = []
    }

    /// Reads the header, the index and every record's lengths; throws `DamagedData` on anything
    /// out of place. A sprite's own header and pixels are checked when it is read.
    public init(data: Data) throws {
        let data = data.startIndex == 0 ? data : Data(data)
        self.data = data
        self.entries = try data.withUnsafeBytes { bytes in try Self.index(bytes) }
    }

    private static func index(_ bytes: UnsafeRawBufferPointer) throws -> [Entry] {
        func damaged(_ reason: String) -> DamagedData { DamagedData(reason: reason) }
        guard bytes.count >= headerLength, Array(bytes[0..<magic.count]) == magic else {
            throw damaged("no sprite header")
        }
        guard bytes.uint16(at: 8) == version else { throw damaged("format version \(bytes.uint16(at: 8)), expected \(version)") }
        let count = Int(bytes.uint16(at: 10))
        guard Int(bytes.uint32(at: 12)) == bytes.count else {
            throw damaged("\(bytes.count) bytes where the header says \(bytes.uint32(at: 12))")
        }
        let recordsStart = headerLength + count * entryLength
        guard recordsStart <= bytes.count else { throw damaged("the index is cut short") }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for number in 0..<count {
            let at = headerLength + number * entryLength
            let variant = bytes[at + 2]
            guard variant <= 1, bytes[at + 3] == 0 else { throw damaged("index entry \(number) is malformed") }
            let entry = Entry(speciesID: Int(bytes.uint16(at: at)), shiny: variant == 1, offset: Int(bytes.uint32(at: at + 4)))
            if let previous = entries.last,
               (previous.speciesID, previous.shiny ? 1 : 0) >= (entry.speciesID, entry.shiny ? 1 : 0) {
                throw damaged("index entry \(number) is out of order")
            }
            guard entry.offset >= recordsStart, let length = recordLength(bytes, at: entry.offset),
                  entry.offset + length <= bytes.count
            else { throw damaged("the sprite of #\(entry.speciesID)\(entry.shiny ? " (shiny)" : "") lies outside the data") }
            entries.append(entry)
        }
        return entries
    }

    /// The length of the record at `offset` (its lengths and stored bytes), or nil when it is cut
    /// short or impossible.
    private static func recordLength(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int? {
        guard offset + storedHeaderLength <= bytes.count else { return nil }
        let (stored, length) = (Int(bytes.uint16(at: offset)), Int(bytes.uint16(at: offset + 2)))
        // A recoloured sprite: its colours, the earlier record's offset, its palette.
        if stored == 0 { return length > 0 && length <= 255 ? recolouredHeaderLength + length * 3 : nil }
        guard stored <= length, length >= recordHeaderLength else { return nil }
        return storedHeaderLength + stored
    }

    /// A recoloured record's lengths: its marker, colours and the earlier record's offset.
    static let recolouredHeaderLength = 8

    /// The length of a sprite from its header, or nil when the header is impossible.
    private static func spriteLength(_ sprite: [UInt8]) -> Int? {
        guard sprite.count >= recordHeaderLength else { return nil }
        let (width, height, colours, bits) = (Int(sprite[0]), Int(sprite[1]), Int(sprite[2]), Int(sprite[3]))
        if bits == 32 { return colours == 0 ? recordHeaderLength + width * height * 4 : nil }
        guard bits == 4 || bits == 8, bits == 8 || colours <= 15 else { return nil }
        let pixels = width * height
        return recordHeaderLength + colours * 3 + (bits == 8 ? pixels : (pixels + 1) / 2)
    }

    /// The species with a sprite, in dex order.
    public var speciesIDs: [Int] {
        var ids: [Int] = []
        for entry in entries where ids.last != entry.speciesID { ids.append(entry.speciesID) }
        return ids
    }

    /// The sprite of a species, or nil when there is none (or its pixels are damaged).
    public func sprite(speciesID: Int, shiny: Bool) -> Sprite? {
        let key = (speciesID, shiny ? 1 : 0)
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let entry = entries[middle]
            if (entry.speciesID, entry.shiny ? 1 : 0) < key { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].speciesID == speciesID, entries[low].shiny == shiny else { return nil }
        let offset = entries[low].offset
        return data.withUnsafeBytes { bytes in Self.decode(bytes, at: offset) }
    }

    /// The record at `offset`, inflated and drawn; nil when it is damaged (or zlib is missing).
    private static func decode(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Sprite? {
        guard let sprite = spriteBytes(bytes, at: offset) else { return nil }
        return draw(sprite)
    }

    /// The sprite the record at `offset` holds, as its bytes: inflated, or an earlier record's
    /// recoloured; nil when it is damaged (or zlib is missing).
    private static func spriteBytes(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> [UInt8]? {
        let (stored, length) = (Int(bytes.uint16(at: offset)), Int(bytes.uint16(at: offset + 2)))
        if stored == 0 {
            // Only an earlier, stored record may be recoloured: no loop, no chain.
            let base = Int(bytes.uint32(at: offset + 4))
            guard base < offset, base >= 0, bytes.uint16(at: base) != 0, recordLength(bytes, at: base) != nil,
                  var sprite = spriteBytes(bytes, at: base), sprite.count >= recordHeaderLength,
                  Int(sprite[2]) == length, sprite[3] != 32, sprite.count >= recordHeaderLength + length * 3 else { return nil }
            let palette = offset + recolouredHeaderLength
            for index in 0..<(length * 3) { sprite[recordHeaderLength + index] = bytes[palette + index] }
            return sprite
        }
        let start = offset + storedHeaderLength
        var sprite = [UInt8](repeating: 0, count: length)
        if stored == length {
            sprite = Array(bytes[start..<(start + stored)])
        } else {
            let done = sprite.withUnsafeMutableBufferPointer { out in
                mydex_inflate_raw(bytes.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) + start }, stored, out.baseAddress, length)
            }
            guard done != 0 else { return nil }
        }
        guard spriteLength(sprite) == length else { return nil }
        return sprite
    }

    private static func draw(_ bytes: [UInt8]) -> Sprite? {
        let (width, height, colours, bits) = (Int(bytes[0]), Int(bytes[1]), Int(bytes[2]), Int(bytes[3]))
        if bits == 32 {
            // More colours than a palette holds: every pixel as (opaque, red, green, blue).
            let start = recordHeaderLength
            return Sprite(width: width, height: height, pixels: (0..<(width * height)).map { number in
                let at = start + number * 4
                return bytes[at] == 0 ? nil : SpriteColor(red: bytes[at + 1], green: bytes[at + 2], blue: bytes[at + 3])
            })
        }
        var palette: [SpriteColor?] = [nil]
        palette.reserveCapacity(colours + 1)
        for number in 0..<colours {
            let at = recordHeaderLength + number * 3
            palette.append(SpriteColor(red: bytes[at], green: bytes[at + 1], blue: bytes[at + 2]))
        }
        let start = recordHeaderLength + colours * 3
        var pixels: [SpriteColor?] = []
        pixels.reserveCapacity(width * height)
        for number in 0..<(width * height) {
            let index = bits == 8 ? Int(bytes[start + number])
                : Int(number % 2 == 0 ? bytes[start + number / 2] >> 4 : bytes[start + number / 2] & 0x0F)
            guard index <= colours else { return nil }
            pixels.append(palette[index])
        }
        return Sprite(width: width, height: height, pixels: pixels)
    }

    /// The blob for these sprites (what the generator writes and `init(data:)` reads). Throws
    /// when a sprite is wider or taller than 255 pixels, or when a species and variant come twice.
    public static func encode(_ sprites: [(speciesID: Int, shiny: Bool, sprite: Sprite)]) throws -> Data {
        let sorted = sprites.sorted { ($0.speciesID, $0.shiny ? 1 : 0) < ($1.speciesID, $1.shiny ? 1 : 0) }
        guard sorted.count <= Int(UInt16.max) else { throw DamagedData(reason: "more than \(UInt16.max) sprites") }
        var records: [UInt8] = []
        var recordOffsets: [[UInt8]: Int] = [:]
        // The regular sprite stored for each id, with its offset: its shiny is most often it
        // recoloured, pixel for pixel.
        var regulars: [Int: (offset: Int, sprite: Sprite, colours: Int)] = [:]
        var index: [UInt8] = []
        let recordsStart = headerLength + sorted.count * entryLength
        for (number, item) in sorted.enumerated() {
            let name = "#\(item.speciesID)\(item.shiny ? " (shiny)" : "")"
            guard (1...Int(UInt16.max)).contains(item.speciesID) else { throw DamagedData(reason: "species id \(item.speciesID)") }
            if number > 0, sorted[number - 1].speciesID == item.speciesID, sorted[number - 1].shiny == item.shiny {
                throw DamagedData(reason: "\(name) comes twice")
            }
            func store(_ record: [UInt8]) -> Int {
                if let known = recordOffsets[record] { return known }
                let offset = recordsStart + records.count
                records += record
                recordOffsets[record] = offset
                return offset
            }
            let sprite = try encode(item.sprite, name: name)
            var record = try stored(sprite, name: name)
            if item.shiny, recordOffsets[record] == nil, let regular = regulars[item.speciesID],
               let palette = recolouring(of: regular.sprite, colours: regular.colours, into: item.sprite) {
                record = [0, 0] + UInt16(regular.colours).littleEndianBytes + UInt32(regular.offset).littleEndianBytes + palette
            } else if !item.shiny, sprite[3] != 32, number + 1 < sorted.count, sorted[number + 1].speciesID == item.speciesID,
                      recolouring(of: item.sprite, colours: Int(sprite[2]), into: sorted[number + 1].sprite) == nil {
                // The shiny has colours the regular sprite merges: when the regular one is the
                // shiny recoloured, the shiny is stored first and the regular drawn from it.
                let shiny = try encode(sorted[number + 1].sprite, name: name + " (shiny)")
                if shiny[3] != 32, let palette = recolouring(of: sorted[number + 1].sprite, colours: Int(shiny[2]), into: item.sprite) {
                    let base = store(try stored(shiny, name: name + " (shiny)"))
                    record = [0, 0] + UInt16(shiny[2]).littleEndianBytes + UInt32(base).littleEndianBytes + palette
                }
            }
            let offset = store(record)
            if !item.shiny, record[0] != 0 || record[1] != 0, sprite[3] != 32 {
                regulars[item.speciesID] = (offset, item.sprite, Int(sprite[2]))
            }
            index += UInt16(item.speciesID).littleEndianBytes + [item.shiny ? 1 : 0, 0] + UInt32(offset).littleEndianBytes
        }
        let length = recordsStart + records.count
        guard length <= Int(UInt32.max) else { throw DamagedData(reason: "more than 4 GB of sprites") }
        let header = magic + version.littleEndianBytes + UInt16(sorted.count).littleEndianBytes + UInt32(length).littleEndianBytes
        return Data(header + index + records)
    }

    /// A sprite as a record: its lengths, then it deflated (or as it is, if that is no shorter).
    private static func stored(_ sprite: [UInt8], name: String) throws -> [UInt8] {
        guard sprite.count <= Int(UInt16.max) else { throw DamagedData(reason: "\(name) takes more than 64 KB") }
        var deflated = [UInt8](repeating: 0, count: sprite.count + 64)
        let written = sprite.withUnsafeBufferPointer { input in
            deflated.withUnsafeMutableBufferPointer { out in
                mydex_deflate_raw(input.baseAddress, input.count, out.baseAddress, out.count)
            }
        }
        guard written > 0 else { throw DamagedData(reason: "no zlib (libz.so.1) to deflate \(name)") }
        let body = written < sprite.count ? Array(deflated[..<written]) : sprite
        return UInt16(body.count).littleEndianBytes + UInt16(sprite.count).littleEndianBytes + body
    }

    /// A sprite of more colours than a palette holds (Gigantamax Garbodor has 272): each pixel
    /// as four bytes, (0 or 255, red, green, blue).
    private static func direct(_ sprite: Sprite) -> [UInt8] {
        var record: [UInt8] = [UInt8(sprite.width), UInt8(sprite.height), 0, 32]
        record.reserveCapacity(4 + sprite.pixels.count * 4)
        for pixel in sprite.pixels {
            record += pixel.map { [255, $0.red, $0.green, $0.blue] } ?? [0, 0, 0, 0]
        }
        return record
    }

    /// The palette that draws `sprite` from `base`'s pixels (`colours` of them, numbered in order
    /// of first appearance as `encode` numbers them): each of base's colours becomes the one
    /// `sprite` has where base has it. Nil when a colour of base would have to become two, or
    /// transparency differs: then `sprite` is no recolouring of base.
    static func recolouring(of base: Sprite, colours: Int, into sprite: Sprite) -> [UInt8]? {
        guard base.width == sprite.width, base.height == sprite.height, base.pixels.count == sprite.pixels.count else { return nil }
        var numbers: [SpriteColor: Int] = [:]
        var mapped = [SpriteColor?](repeating: nil, count: colours)
        for (from, to) in zip(base.pixels, sprite.pixels) {
            guard let from else {
                if to != nil { return nil }
                continue
            }
            guard let to else { return nil }
            let number = numbers[from] ?? {
                let number = numbers.count
                numbers[from] = number
                return number
            }()
            guard number < colours else { return nil }
            if let known = mapped[number], known != to { return nil }
            mapped[number] = to
        }
        guard numbers.count == colours else { return nil }
        return mapped.flatMap { colour in colour.map { [$0.red, $0.green, $0.blue] } ?? [0, 0, 0] }
    }

    private static func encode(_ sprite: Sprite, name: String) throws -> [UInt8] {
        guard sprite.width <= 255, sprite.height <= 255 else {
            throw DamagedData(reason: "\(name) is \(sprite.width)×\(sprite.height), larger than 255×255")
        }
        var palette: [SpriteColor] = []
        var numbers: [SpriteColor: UInt8] = [:]
        var indices: [UInt8] = []
        indices.reserveCapacity(sprite.pixels.count)
        for pixel in sprite.pixels {
            guard let colour = pixel else { indices.append(0); continue }
            if let number = numbers[colour] { indices.append(number); continue }
            guard palette.count < 255 else { return direct(sprite) }
            palette.append(colour)
            numbers[colour] = UInt8(palette.count)
            indices.append(UInt8(palette.count))
        }
        let bits: UInt8 = palette.count <= 15 ? 4 : 8
        var record: [UInt8] = [UInt8(sprite.width), UInt8(sprite.height), UInt8(palette.count), bits]
        for colour in palette { record += [colour.red, colour.green, colour.blue] }
        if bits == 8 {
            record += indices
        } else {
            for pair in stride(from: 0, to: indices.count, by: 2) {
                record.append(indices[pair] << 4 | (pair + 1 < indices.count ? indices[pair + 1] : 0))
            }
        }
        return record
    }
}

extension UnsafeRawBufferPointer {
    fileprivate func uint16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    fileprivate func uint32(at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { value, byte in value | UInt32(self[offset + byte]) << (8 * UInt32(byte)) }
    }
}

extension FixedWidthInteger {
    fileprivate var littleEndianBytes: [UInt8] {
        (0..<(Self.bitWidth / 8)).map { UInt8(truncatingIfNeeded: self >> ($0 * 8)) }
    }
}
