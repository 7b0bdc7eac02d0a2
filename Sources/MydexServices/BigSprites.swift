import CPNGDecode
import Foundation
import MydexCatalog
import MydexModel
import MydexStore
import MydexText
import PokeAPI

/// PokeAPI's 96×96 sprites (`--big`): fetched once and kept in the user's cache folder, like cries,
/// and decoded with libpng (loaded on first use).
public struct BigSpriteService: Sendable {
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case noSprite(speciesID: Int, shiny: Bool)
        /// The server sent something else (an HTML page, a truncated or damaged file).
        case notPNG(url: String, detail: String)
        case notCached(speciesID: Int)

        public var description: String {
            switch self {
            case .noSprite(let id, let shiny):
                return shiny ? tr("big-sprite.no-shiny-sprite", ["id": String(id)]) : tr("big-sprite.no-sprite", ["id": String(id)])
            case .notPNG(let url, let detail):
                return tr("big-sprite.not-png", ["url": url, "detail": detail])
            case .notCached(let id):
                return tr("big-sprite.not-cached", ["id": String(id)])
            }
        }
    }

    let media: MediaCache

    /// The cache is the `sprites` folder of mydex's (`MydexPaths.cache`).
    public init(
        cacheDirectory: String, mediaBase: String = MediaURL.defaultBase, fetch: @escaping @Sendable (String) async throws -> Data
    ) {
        media = MediaCache("sprites", cacheDirectory: cacheDirectory, mediaBase: mediaBase, fetch: fetch)
    }

    /// Where the picture is cached: `<id>.png` or `<id>-shiny.png`.
    public func cachePath(speciesID: Int, shiny: Bool) -> String {
        media.path(Self.fileName(speciesID: speciesID, shiny: shiny))
    }

    static func fileName(speciesID: Int, shiny: Bool) -> String { "\(speciesID)\(shiny ? "-shiny" : "").png" }

    /// The species' 96×96 sprite: from the cache, else fetched (unless `offline`), decoded and cached.
    public func sprite(of species: Species, shiny: Bool, offline: Bool = false) async throws -> Sprite {
        guard let url = shiny ? species.shinySprite : species.sprite else {
            throw Problem.noSprite(speciesID: species.id, shiny: shiny)
        }
        return try await media.load(
            url, cachedAs: Self.fileName(speciesID: species.id, shiny: shiny), offline: offline,
            notCached: Problem.notCached(speciesID: species.id)
        ) { data, source in
            do throws(DecodeError) {
                return try Self.decode(data)
            } catch {
                throw Problem.notPNG(url: source, detail: error.detail)
            }
        }.0
    }

    public struct DecodeError: Error, Equatable, Sendable {
        public var detail: String
    }

    /// A PNG as a sprite: a pixel at least half opaque is its colour, any other transparent
    /// (sprites are pixel art with binary alpha).
    public static func decode(_ data: Data) throws(DecodeError) -> Sprite {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw DecodeError(detail: tr("big-sprite.not-png-start"))
        }
        var rgba: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            mydex_png_decode(
                bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &rgba, &width, &height, &message, message.count)
        }
        guard status == 0, let rgba else {
            throw DecodeError(detail: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { mydex_png_free(rgba) }
        let count = Int(width) * Int(height)
        var pixels = [SpriteColor?](repeating: nil, count: count)
        for index in 0..<count where rgba[index * 4 + 3] >= 128 {
            pixels[index] = SpriteColor(red: rgba[index * 4], green: rgba[index * 4 + 1], blue: rgba[index * 4 + 2])
        }
        return Sprite(width: Int(width), height: Int(height), pixels: pixels)
    }
}
