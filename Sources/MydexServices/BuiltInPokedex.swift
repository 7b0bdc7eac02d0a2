import CMydexPokedex
import Foundation
import MydexStore

/// The Pokédex compiled into mydex: every species with its names in every language PokeAPI
/// has, made from real PokeAPI data by `PokedexGenerator` (see the README).
///
/// The file is JSON Lines: a header line, then one species per line, so a regenerated file
/// diffs species by species.
public struct BuiltInPokedex: Sendable {
    public struct Header: Codable, Sendable, Equatable {
        public var format: Int
        /// A hash of the content: the store reinstalls the data when it changes.
        public var version: String
        /// Where the data came from, for people reading the file.
        public var source: String
        public var speciesCount: Int
        public var types: [TypeRecord]
    }

    public struct TypeRecord: Codable, Sendable, Equatable {
        public var name: String
        public var names: [String: String]

        public init(name: String, names: [String: String]) {
            self.name = name
            self.names = names
        }
    }

    public struct SpeciesRecord: Codable, Sendable, Equatable {
        public var id: Int
        public var name: String
        public var height: Int
        public var weight: Int
        public var baseExperience: Int?
        public var captureRate: Int
        public var generation: Int?
        public var color: String?
        public var habitat: String?
        public var baby: Bool
        public var legendary: Bool
        public var mythical: Bool
        public var sprite: String?
        public var shinySprite: String?
        public var cry: String?
        public var types: [String]
        public var names: [String: String]
        public var genera: [String: String]
        public var flavorTexts: [String: String]
    }

    public enum Problem: Error, CustomStringConvertible {
        case malformed(line: Int, detail: String)
        public var description: String {
            switch self {
            case .malformed(let line, let detail): return "the built-in Pokédex is damaged at line \(line): \(detail)"
            }
        }
    }

    public static let currentFormat = 1

    let bytes: Data

    public init(bytes: Data) { self.bytes = bytes }

    /// The copy compiled into this binary (static memory: not copied, never freed).
    public static let embedded = BuiltInPokedex(bytes: Data(
        bytesNoCopy: UnsafeMutableRawPointer(mutating: mydex_pokedex_bytes()), count: mydex_pokedex_length(),
        deallocator: .none))

    /// The header alone (cheap: the first line).
    public func header() throws -> Header {
        let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        do {
            return try JSONDecoder().decode(Header.self, from: bytes[..<end])
        } catch {
            throw Problem.malformed(line: 1, detail: "\(error)")
        }
    }

    /// Every species record, in Pokédex order.
    public func speciesRecords() throws -> [SpeciesRecord] {
        let decoder = JSONDecoder()
        var records: [SpeciesRecord] = []
        records.reserveCapacity(1100)
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated().dropFirst() {
            do {
                records.append(try decoder.decode(SpeciesRecord.self, from: line))
            } catch {
                throw Problem.malformed(line: index + 1, detail: "\(error)")
            }
        }
        return records
    }

    /// The data as the store keeps it.
    public func storeData(installedAt date: Date) throws -> (species: [SpeciesData], types: [TypeLocalization]) {
        let types = try header().types.flatMap { type in
            type.names.map { TypeLocalization(type: type.name, language: $0.key, name: $0.value) }
        }
        return (try speciesRecords().map { $0.speciesData(fetchedAt: date) }, types)
    }

    /// Writes the file: the header (with `version` computed from the content), then the species.
    public static func encode(source: String, types: [TypeRecord], species: [SpeciesRecord]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let sortedTypes = types.sorted { $0.name < $1.name }
        var body = Data()
        for record in species.sorted(by: { $0.id < $1.id }) {
            body.append(try encoder.encode(record))
            body.append(UInt8(ascii: "\n"))
        }
        let version = ContentHash.hex(body + (try encoder.encode(sortedTypes)))
        let header = Header(
            format: currentFormat, version: version, source: source, speciesCount: species.count, types: sortedTypes)
        return try encoder.encode(header) + Data("\n".utf8) + body
    }
}

extension BuiltInPokedex.SpeciesRecord {
    public init(_ species: SpeciesData) {
        self.init(
            id: species.id, name: species.name, height: species.heightDecimetres, weight: species.weightHectograms,
            baseExperience: species.baseExperience, captureRate: species.captureRate, generation: species.generation,
            color: species.color, habitat: species.habitat, baby: species.isBaby, legendary: species.isLegendary,
            mythical: species.isMythical, sprite: species.spriteURL, shinySprite: species.shinySpriteURL,
            cry: species.cryURL, types: species.types, names: species.texts(\.name), genera: species.texts(\.genus),
            flavorTexts: species.texts(\.flavorText))
    }

    func speciesData(fetchedAt: Date) -> SpeciesData {
        let languages = Set(names.keys).union(genera.keys).union(flavorTexts.keys).sorted()
        return SpeciesData(
            id: id, name: name, heightDecimetres: height, weightHectograms: weight, baseExperience: baseExperience,
            captureRate: captureRate, generation: generation, color: color, habitat: habitat, isBaby: baby,
            isLegendary: legendary, isMythical: mythical, spriteURL: sprite, shinySpriteURL: shinySprite, cryURL: cry,
            types: types,
            localizations: languages.map {
                SpeciesData.Localization(language: $0, name: names[$0], genus: genera[$0], flavorText: flavorTexts[$0])
            },
            fetchedAt: fetchedAt, source: .builtin)
    }
}

/// FNV-1a, 64 bits: a stable content fingerprint (not for security).
enum ContentHash {
    static func hex(_ data: Data) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16).leftPadded(to: 16)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
