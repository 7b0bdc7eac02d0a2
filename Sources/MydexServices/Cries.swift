import Foundation
import MydexCatalog
import MydexModel
import MydexStore
import MydexText
import PokeAPI

/// A species' cry: PokeAPI's Ogg Vorbis file, fetched once and kept in the user's cache folder
/// (never in the collection database, which holds only what the user owns).
public struct CryService: Sendable {
    /// The legacy (Game Boy to Generation 5) cries exist for these species only.
    public static let legacySpecies = 1...649

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case noLegacyCry(speciesID: Int)
        /// The server sent something else (an HTML error page, a truncated file).
        case notOggVorbis(url: String)
        case notCached(speciesID: Int)

        public var description: String {
            switch self {
            case .noLegacyCry(let id):
                return tr("cry-service.no-legacy-cry", [
                    "id": String(id), "first": String(legacySpecies.lowerBound), "last": String(legacySpecies.upperBound),
                ])
            case .notOggVorbis(let url):
                return tr("cry-service.not-ogg-vorbis", ["url": url])
            case .notCached(let id):
                return tr("cry-service.not-cached", ["id": String(id)])
            }
        }
    }

    public struct Cry: Sendable {
        public var bytes: Data
        /// Whether it came from the network just now (else from the cache).
        public var fetched: Bool
    }

    let media: MediaCache

    /// - Parameters:
    ///   - cacheDirectory: mydex's cache (`MydexPaths.cache`); cries go in its `cries` folder.
    ///   - mediaBase: replaces `MediaURL.defaultBase` in the URLs fetched.
    ///   - fetch: the bytes at a URL (the PokeAPI client's `fetchMedia`).
    public init(
        cacheDirectory: String, mediaBase: String = MediaURL.defaultBase, fetch: @escaping @Sendable (String) async throws -> Data
    ) {
        media = MediaCache("cries", cacheDirectory: cacheDirectory, mediaBase: mediaBase, fetch: fetch)
    }

    /// Where the cry is cached: `<id>.ogg` or `<id>-legacy.ogg`.
    public func cachePath(speciesID: Int, legacy: Bool) -> String {
        media.path(Self.fileName(speciesID: speciesID, legacy: legacy))
    }

    static func fileName(speciesID: Int, legacy: Bool) -> String {
        "\(speciesID)\(legacy ? "-legacy" : "").ogg"
    }

    /// The URL of a species' cry: its `cries.latest`, or the legacy file.
    public static func url(for species: Species, legacy: Bool) throws(Problem) -> String {
        let folder = MediaURL.defaultBase + "PokeAPI/cries/main/cries/pokemon/"
        if legacy {
            guard legacySpecies.contains(species.id) else { throw .noLegacyCry(speciesID: species.id) }
            return folder + "legacy/\(species.id).ogg"
        }
        return species.cry ?? folder + "latest/\(species.id).ogg"
    }

    /// Ogg's capture pattern at the start and a Vorbis identification header (packet type 1).
    public static func isOggVorbis(_ data: Data) -> Bool {
        data.starts(with: Array("OggS".utf8)) && data.range(of: Data([0x01] + Array("vorbis".utf8))) != nil
    }

    /// The cry from the cache, else fetched (unless `offline`), checked and cached.
    public func cry(of species: Species, legacy: Bool, offline: Bool = false) async throws -> Cry {
        let (bytes, fetched) = try await media.load(
            try Self.url(for: species, legacy: legacy), cachedAs: Self.fileName(speciesID: species.id, legacy: legacy),
            offline: offline, notCached: Problem.notCached(speciesID: species.id)
        ) { data, source in
            guard Self.isOggVorbis(data) else { throw Problem.notOggVorbis(url: source) }
            return data
        }
        return Cry(bytes: bytes, fetched: fetched)
    }
}

/// Media fetched from PokeAPI's servers and kept in the user's cache folder,
/// `$XDG_CACHE_HOME/mydex/<kind>` (else `~/.cache/mydex/<kind>`): what cries and big sprites share.
struct MediaCache: Sendable {
    let folder: String
    /// Replaces `MediaURL.defaultBase` in the URLs fetched (`MYDEX_MEDIA_URL`).
    let mediaBase: String
    let fetch: @Sendable (String) async throws -> Data

    init(_ kind: String, cacheDirectory: String, mediaBase: String, fetch: @escaping @Sendable (String) async throws -> Data) {
        folder = (cacheDirectory as NSString).appendingPathComponent(kind)
        self.mediaBase = mediaBase
        self.fetch = fetch
    }

    func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    /// What `read` makes of the cached file `name`; when there is none it can read, the file at
    /// `url` fetched (unless `offline`: then `notCached` is thrown), read (`read` is given the
    /// URL asked, for its errors) and cached. Whether it was fetched comes with it.
    func load<Value>(
        _ url: String, cachedAs name: String, offline: Bool, notCached: @autoclosure () -> any Error,
        read: (Data, String) throws -> Value
    ) async throws -> (Value, fetched: Bool) {
        let path = self.path(name)
        if let cached = FileManager.default.contents(atPath: path), let value = try? read(cached, path) {
            return (value, false)
        }
        if offline { throw notCached() }
        let source = MediaURL.rewrite(url, base: mediaBase)
        let bytes = try await fetch(source)
        let value = try read(bytes, source)
        // A cache that cannot be written costs a request next time, nothing more.
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
        return (value, true)
    }
}
