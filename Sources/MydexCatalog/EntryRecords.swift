import CMydexCatalog
import Foundation
import GRDB
import MydexModel

extension BuiltInPokedex {
    /// Every game's Pokédex entry of a species in one language (`pokemon_species_flavor_text.csv`):
    /// each distinct text once, with the games that show it, in release order. Kana entries
    /// (`ja-hrkt`) are kept for the games without one in kanji (`ja`), and Latin American Spanish
    /// (`es-419`) where it differs from Spain's: reads fall back as `DataLanguage` says.
    public struct EntriesRecord: Codable, Sendable, Equatable {
        public var species: Int
        public var language: String
        public var texts: [Text]

        public struct Text: Codable, Sendable, Equatable {
            /// PokeAPI's version identifiers (`red`, `blue`), in release order.
            public var games: [String]
            public var text: String

            public init(games: [String], text: String) {
                self.games = games
                self.text = text
            }
        }

        public init(species: Int, language: String, texts: [Text]) {
            self.species = species
            self.language = language
            self.texts = texts
        }
    }
}

extension CatalogBuilder {
    /// Every game's Pokédex entries: a language's texts, species by species and one a line, as
    /// one xz stream (`EntryPacking`); and for each species and language the games of each of
    /// its texts and where its first text is in that list. A text that is the species' current
    /// one (`species_texts`) is an empty line: it is stored once.
    static func insertEntries(_ records: BuiltInPokedex.Records, _ db: Database) throws {
        let gameIDs = Dictionary(records.games.map { ($0.identifier, $0.id) }) { first, _ in first }
        let current = Dictionary(records.species.map { ($0.id, $0.flavorTexts) }) { first, _ in first }
        let entry = try db.makeStatement(sql: """
            INSERT INTO species_entries (species_id, language, games, first_text) VALUES (?, ?, ?, ?)
            """)
        let texts = try db.makeStatement(sql: "INSERT INTO entry_texts (language, length, texts) VALUES (?, ?, ?)")
        let byLanguage = Dictionary(grouping: records.entries) { $0.language.lowercased() }
        for (language, entries) in byLanguage.sorted(by: { $0.key < $1.key }) {
            var lines: [String] = []
            for record in entries.sorted(by: { $0.species < $1.species }) {
                let groups = try record.texts.map { text in
                    try text.games.map { game -> String in
                        guard let id = gameIDs[game] else {
                            throw BuiltInPokedex.Problem.malformed(line: 0, detail: "Pokédex entry of \(record.species) names the game \(game)")
                        }
                        return String(id)
                    }.joined(separator: ",")
                }
                try entry.execute(arguments: [record.species, language, groups.joined(separator: " "), lines.count])
                let latest = current[record.species]?[record.language]
                lines += record.texts.map { $0.text == latest ? "" : $0.text }
            }
            let plain = Data(lines.joined(separator: "\n").utf8)
            guard let packed = EntryPacking.pack(plain) else {
                throw BuiltInPokedex.Problem.malformed(line: 0, detail: "no liblzma (liblzma.so.5) to pack Pokédex entries")
            }
            try texts.execute(arguments: [language, plain.count, packed])
        }
    }
}

/// How every game's Pokédex entries are kept small: all of a language's, one a line, as one xz
/// stream. Its texts repeat each other from game to game, further apart than deflate's 32 KiB
/// window sees: deflating them page by page took 3.4 MB, deflating each species' alone with a
/// dictionary of its language 1.9 MB, and xz takes 1.2 MB (docs/PERFORMANCE.md). Reading a
/// species' entries unpacks its language's stream whole (English: 0.9 MB, a few milliseconds),
/// which only `dex --all-entries` does. liblzma is loaded with `dlopen` then (CMydexCatalog).
public enum EntryPacking {
    static func pack(_ data: Data) -> Data? {
        var out = [UInt8](repeating: 0, count: data.count + data.count / 2 + 1024)
        let written = data.withUnsafeBytes { input in
            out.withUnsafeMutableBufferPointer { buffer in
                mydex_xz_compress(input.bindMemory(to: UInt8.self).baseAddress, input.count, buffer.baseAddress, buffer.count)
            }
        }
        return written > 0 ? Data(out[..<written]) : nil
    }

    /// `data` (an xz stream) unpacked to its `length` bytes; nil when damaged or liblzma is missing.
    public static func unpack(_ data: Data, length: Int) -> Data? {
        guard length >= 0, length < 1 << 26 else { return nil }
        if length == 0 { return Data() }
        var out = [UInt8](repeating: 0, count: length)
        let done = data.withUnsafeBytes { input in
            out.withUnsafeMutableBufferPointer { buffer in
                mydex_xz_decompress(input.bindMemory(to: UInt8.self).baseAddress, input.count, buffer.baseAddress, buffer.count)
            }
        }
        return done != 0 ? Data(out) : nil
    }
}
