import Foundation
import MydexCatalog
import MydexModel
import MydexText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Box sprites as PNG files, for pages that carry their pictures inside them (`export --format
/// html`). A sprite of at most 256 colours (transparency counting as one) is written indexed, in
/// the fewest bits per pixel that hold its palette, with transparency as palette entry 0 in a
/// one-byte `tRNS`; one of more colours as 8-bit RGBA. Rows are unfiltered (the PNG specification's
/// advice for palettes; sprites are too small for filters to pay) and compressed with zlib.
public enum PNGEncoder {
    /// Why no PNG could be made.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Throws when zlib cannot be loaded, so that a command can refuse before writing anything.
    public static func checkAvailable() throws(Failure) {
        _ = try Zlib.library.get()
    }

    /// The sprite as a PNG file: exactly its pixels, transparent ones with alpha 0; nil for a
    /// sprite with no pixel (a PNG cannot be empty).
    public static func encode(_ sprite: Sprite) throws(Failure) -> [UInt8]? {
        let zlib = try Zlib.library.get()
        let width = sprite.width, height = sprite.height
        guard width > 0, height > 0 else { return nil }
        // Transparency first, so that a one-byte tRNS covers it and every colour after is opaque.
        var palette: [SpriteColor?] = [nil]
        var index: [SpriteColor: Int] = [:]
        for case let color? in sprite.pixels.prefix(width * height) where index[color] == nil {
            index[color] = palette.count
            palette.append(color)
            if palette.count > 256 { break }
        }
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        var chunks: [(String, [UInt8])] = []
        var raw: [UInt8] = []
        if palette.count <= 256 {
            let depth = palette.count <= 2 ? 1 : palette.count <= 4 ? 2 : palette.count <= 16 ? 4 : 8
            header += [UInt8(depth), 3, 0, 0, 0]  // bit depth, indexed colour, deflate, no filter, no interlace
            chunks.append(("PLTE", palette.flatMap { color in [color?.red ?? 0, color?.green ?? 0, color?.blue ?? 0] }))
            chunks.append(("tRNS", [0]))
            let perByte = 8 / depth
            raw.reserveCapacity(height * (1 + (width + perByte - 1) / perByte))
            for y in 0..<height {
                raw.append(0)  // filter: none
                var byte: UInt8 = 0
                for x in 0..<width {
                    let value = UInt8(sprite[x, y].flatMap { index[$0] } ?? 0)
                    let slot = x % perByte
                    byte |= value << UInt8(8 - depth * (slot + 1))
                    if slot == perByte - 1 || x == width - 1 {
                        raw.append(byte)
                        byte = 0
                    }
                }
            }
        } else {
            header += [8, 6, 0, 0, 0]  // 8 bits a channel, RGBA
            raw.reserveCapacity(height * (1 + width * 4))
            for y in 0..<height {
                raw.append(0)
                for x in 0..<width {
                    if let color = sprite[x, y] {
                        raw += [color.red, color.green, color.blue, 255]
                    } else {
                        raw += [0, 0, 0, 0]
                    }
                }
            }
        }
        chunks.insert(("IHDR", header), at: 0)
        chunks.append(("IDAT", try zlib.compress(raw)))
        chunks.append(("IEND", []))
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, data) in chunks {
            png.appendBigEndian(UInt32(data.count))
            let typed = Array(type.utf8) + data
            png += typed
            png.appendBigEndian(CRC32.checksum(typed))
        }
        return png
    }
}

/// CRC-32 as PNG chunks use it (ISO 3309, the polynomial 0xEDB88320 reflected).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

/// zlib's `compress2`, from the system's libz loaded with `dlopen` on first use, as `CCurlShim`
/// loads libcurl and `CPNGDecode` libpng: linking it would make every command map one more
/// library at start (the binary needs only libc and libsqlite3), for the one export that uses it.
/// Called from Swift through typed C function pointers: no C target is needed for two functions.
struct Zlib: @unchecked Sendable {  // C function pointers: immutable code addresses.
    typealias Compress2 = @convention(c) (
        UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt, Int32
    ) -> Int32
    typealias CompressBound = @convention(c) (UInt) -> UInt

    private let compress2: Compress2
    private let compressBound: CompressBound

    #if canImport(Darwin)
    static let names = ["libz.1.dylib", "libz.dylib"]
    #else
    /// The SONAME of zlib 1.x on every Linux; the unversioned name where a -dev package adds it.
    static let names = ["libz.so.1", "libz.so"]
    #endif

    /// Loaded once per process (a static `let` is initialized once, under a lock).
    static let library: Result<Zlib, PNGEncoder.Failure> = load()

    private static func load() -> Result<Zlib, PNGEncoder.Failure> {
        var reason = ""
        for name in names {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                // What went wrong with the real name is what the user needs to hear.
                if reason.isEmpty { reason = dlerror().map { String(cString: $0) } ?? name }
                continue
            }
            guard let compress = dlsym(handle, "compress2"), let bound = dlsym(handle, "compressBound") else {
                reason = "\(name) lacks compress2"
                continue
            }
            return .success(Zlib(
                compress2: unsafeBitCast(compress, to: Compress2.self),
                compressBound: unsafeBitCast(bound, to: CompressBound.self)))
        }
        return .failure(PNGEncoder.Failure(description: tr("png.error.no-zlib", ["library": names[0], "reason": reason])))
    }

    /// `bytes` as a zlib stream (RFC 1950), compressed as well as zlib can (level 9).
    func compress(_ bytes: [UInt8]) throws(PNGEncoder.Failure) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(compressBound(UInt(bytes.count))))
        var length = UInt(output.count)
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &length, input.baseAddress, UInt(input.count), 9)
            }
        }
        // Z_OK is 0; the others (Z_MEM_ERROR, Z_BUF_ERROR) mean memory ran out or a bound was wrong.
        guard status == 0 else {
            throw PNGEncoder.Failure(description: tr("png.error.compress", ["code": String(status)]))
        }
        return Array(output.prefix(Int(length)))
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}
