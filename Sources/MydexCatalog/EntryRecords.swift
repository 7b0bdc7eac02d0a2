import CMydexCatalog
import Foundation
import GRDB

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
    /// Every game's Pokédex entries: a row a species and language, its texts (one a line)
    /// deflated with that language's preset dictionary (`EntryCompression`), and the games of
    /// each text (plain: the page they are on is deflated whole, which shrinks digits more
    /// than the texts' dictionary does). A text that is the species' current one
    /// (`species_texts`) is an empty line: it is stored once.
    static func insertEntries(_ records: BuiltInPokedex.Records, _ db: Database) throws {
        let gameIDs = Dictionary(records.games.map { ($0.identifier, $0.id) }) { first, _ in first }
        let current = Dictionary(records.species.map { ($0.id, $0.flavorTexts) }) { first, _ in first }
        let entry = try db.makeStatement(sql: """
            INSERT INTO species_entries (species_id, language, games, length, texts) VALUES (?, ?, ?, ?, ?)
            """)
        let dictionary = try db.makeStatement(sql: "INSERT INTO entry_dictionaries (language, dictionary) VALUES (?, ?)")
        let byLanguage = Dictionary(grouping: records.entries) { $0.language.lowercased() }
        for (language, entries) in byLanguage.sorted(by: { $0.key < $1.key }) {
            let sorted = entries.sorted { $0.species < $1.species }
            let preset = EntryCompression.dictionary(sorted.map { ($0.species, $0.texts.map(\.text)) })
            try dictionary.execute(arguments: [language, preset])
            for record in sorted {
                let latest = current[record.species]?[record.language]
                var groups: [String] = []
                for text in record.texts {
                    let ids = try text.games.map { game -> Int in
                        guard let id = gameIDs[game] else {
                            throw BuiltInPokedex.Problem.malformed(line: 0, detail: "Pokédex entry of \(record.species) names the game \(game)")
                        }
                        return id
                    }
                    groups.append(ids.map(String.init).joined(separator: ","))
                }
                let lines = Data(record.texts.map { $0.text == latest ? "" : $0.text }.joined(separator: "\n").utf8)
                guard let deflated = EntryCompression.deflate(lines, dictionary: preset) else {
                    throw BuiltInPokedex.Problem.malformed(line: 0, detail: "no zlib (libz.so.1) to deflate Pokédex entries")
                }
                try entry.execute(arguments: [record.species, language, groups.joined(separator: " "), lines.count, deflated])
            }
        }
    }
}

/// How every game's Pokédex entries are kept small: a species' texts in a language are one
/// raw-deflate stream, primed with a preset dictionary of that language's texts (the texts of
/// every 13th species, the last 32 KiB: what zlib's window holds). Alone, a species' few
/// hundred bytes barely shrink; with the words of its language already seen, they take half
/// what deflating the catalog's pages does (docs/PERFORMANCE.md).
public enum EntryCompression {
    /// zlib's window: a longer dictionary is cut to its end.
    static let dictionaryLength = 32 * 1024

    static func dictionary(_ species: [(id: Int, texts: [String])]) -> Data {
        let sample = species.filter { $0.id % 13 == 0 }.map { $0.texts.joined(separator: "\n") }.joined(separator: "\n")
        return Data(Data(sample.utf8).suffix(dictionaryLength))
    }

    static func deflate(_ data: Data, dictionary: Data) -> Data? {
        var out = [UInt8](repeating: 0, count: data.count + 128)
        let written = data.withUnsafeBytes { input in
            dictionary.withUnsafeBytes { preset in
                out.withUnsafeMutableBufferPointer { buffer in
                    mydex_deflate_raw(
                        input.bindMemory(to: UInt8.self).baseAddress, input.count, preset.bindMemory(to: UInt8.self).baseAddress,
                        preset.count, buffer.baseAddress, buffer.count)
                }
            }
        }
        return written > 0 ? Data(out[..<written]) : nil
    }

    /// `data` (deflated with `dictionary`) inflated to its `length` bytes; nil when damaged.
    public static func inflate(_ data: Data, dictionary: Data, length: Int) -> Data? {
        guard length >= 0, length < 1 << 24 else { return nil }
        if length == 0 { return Data() }
        var out = [UInt8](repeating: 0, count: length)
        let done = data.withUnsafeBytes { input in
            dictionary.withUnsafeBytes { preset in
                out.withUnsafeMutableBufferPointer { buffer in
                    mydex_inflate_raw(
                        input.bindMemory(to: UInt8.self).baseAddress, input.count, preset.bindMemory(to: UInt8.self).baseAddress,
                        preset.count, buffer.baseAddress, buffer.count)
                }
            }
        }
        return done != 0 ? Data(out) : nil
    }
}
