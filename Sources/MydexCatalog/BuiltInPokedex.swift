import Foundation

/// The reviewable source of the built-in Pokédex (`Sources/CMydexCatalog/pokedex.jsonl`): every
/// species with its text in every language PokeAPI has, made from real PokeAPI data by
/// `PokedexGenerator` (see the README), which also compiles it into the catalog image mydex embeds.
///
/// The file is JSON Lines: a header line, then one `TermRecord` per line (the names of stats,
/// abilities, evolution triggers, egg groups and habitats, and of the items and moves that
/// evolutions name), then one `Species` per line, so a regenerated file diffs term by term and
/// species by species.
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

    /// Something species refer to by PokeAPI name (or id), with its names by language.
    public struct TermRecord: Codable, Sendable, Equatable {
        /// `stat`, `ability`, `evolution-trigger`, `egg-group` or `habitat`; `item` or `move`,
        /// which evolutions name by PokeAPI id.
        public var kind: String
        /// PokeAPI's name (`lightning-rod`), or for items and moves its id in decimal (`83`).
        public var name: String
        public var names: [String: String]

        public init(kind: String, name: String, names: [String: String]) {
            self.kind = kind
            self.name = name
            self.names = names
        }
    }

    public enum Problem: Error, CustomStringConvertible {
        case malformed(line: Int, detail: String)
        /// A base stat the catalog has no column for (`Species.statNames`).
        case unknownStat(speciesID: Int, stat: String)
        public var description: String {
            switch self {
            case .malformed(let line, let detail): return "the built-in Pokédex is damaged at line \(line): \(detail)"
            case .unknownStat(let id, let stat):
                return "species \(id) has a base stat the catalog has no column for: \(stat) (add one to CatalogSchema)"
            }
        }
    }

    public static let currentFormat = 2

    let bytes: Data

    public init(bytes: Data) { self.bytes = bytes }

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
    public func species() throws -> [Species] { try records().species }

    /// Every term, in file order (by kind, then name).
    public func terms() throws -> [TermRecord] { try records().terms }

    /// Term lines start with their first key in sorted order, `kind`, which no species has.
    private static let termPrefix = Data(#"{"kind":"#.utf8)

    /// Terms and species in one reading of the file.
    public func records() throws -> (terms: [TermRecord], species: [Species]) {
        let decoder = JSONDecoder()
        var species: [Species] = []
        var terms: [TermRecord] = []
        species.reserveCapacity(1100)
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated().dropFirst() {
            do {
                if line.starts(with: Self.termPrefix) {
                    terms.append(try decoder.decode(TermRecord.self, from: line))
                } else {
                    species.append(try decoder.decode(Species.self, from: line))
                }
            } catch {
                throw Problem.malformed(line: index + 1, detail: "\(error)")
            }
        }
        return (terms, species)
    }

    /// Writes the file: the header (with `version` computed from the content), then the species.
    public static func encode(
        source: String, types: [TypeRecord], terms: [TermRecord] = [], species: [Species]
    ) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let sortedTypes = types.sorted { $0.name < $1.name }
        var body = Data()
        for term in terms.sorted(by: { ($0.kind, $0.name) < ($1.kind, $1.name) }) {
            body.append(try encoder.encode(term))
            body.append(UInt8(ascii: "\n"))
        }
        for var record in species.sorted(by: { $0.id < $1.id }) {
            record.fetchedAt = nil  // built-in data has no fetch date
            body.append(try encoder.encode(record))
            body.append(UInt8(ascii: "\n"))
        }
        let version = ContentHash.hex(body + (try encoder.encode(sortedTypes)))
        let header = Header(
            format: currentFormat, version: version, source: source, speciesCount: species.count, types: sortedTypes)
        return try encoder.encode(header) + Data("\n".utf8) + body
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
