import Foundation
import MydexCatalog
import MydexModel
import MydexServices

/// Every game's Pokédex entries, from PokeAPI's `pokemon_species_flavor_text.csv`, cleaned as
/// the species' latest entry is (`FlavorText.clean`).
struct EntrySource {
    let table: (String) throws -> [[String: String]]

    /// Languages whose entry for a game is left out where their nearest language has one
    /// (`ja-hrkt`'s kana where `ja` has kanji) or the same one (`es-419`'s where it reads as `es`').
    private static let readThrough: [String: (language: String, onlyWhenSame: Bool)] = [
        "ja-hrkt": ("ja", false), "es-419": ("es", true),
    ]

    func load(games: [BuiltInPokedex.GameRecord]) throws -> [BuiltInPokedex.EntriesRecord] {
        let languages = Dictionary(try table("languages.csv").compactMap { row in
            int(row["id"]).flatMap { id in row["identifier"].map { (id, $0) } }
        }) { first, _ in first }
        let byID = Dictionary(games.map { ($0.id, $0) }) { first, _ in first }
        // (species, language) → game → text.
        var texts: [Int: [String: [Int: String]]] = [:]
        for row in try table("pokemon_species_flavor_text.csv") {
            guard let species = int(row["species_id"]), let version = int(row["version_id"]), byID[version] != nil,
                  let language = int(row["language_id"]).flatMap({ languages[$0] }),
                  let text = row["flavor_text"].map(FlavorText.clean), !text.isEmpty
            else { throw GeneratorError.inconsistent("pokemon_species_flavor_text.csv row \(row)") }
            texts[species, default: [:]][language, default: [:]][version] = text
        }
        let release = { (id: Int) -> (Int, Int) in (byID[id]?.order ?? 0, id) }
        var records: [BuiltInPokedex.EntriesRecord] = []
        for (species, byLanguage) in texts {
            for (language, byGame) in byLanguage {
                var kept = byGame
                if let through = Self.readThrough[language], let nearest = byLanguage[through.language] {
                    kept = kept.filter { game, text in nearest[game] == nil || (through.onlyWhenSame && nearest[game] != text) }
                }
                // Each text once, with its games in release order; texts by their first game.
                var games: [String: [Int]] = [:]
                for (game, text) in kept { games[text, default: []].append(game) }
                let ordered = games.map { text, ids in (text: text, ids: ids.sorted { release($0) < release($1) }) }
                    .sorted { release($0.ids[0]) < release($1.ids[0]) }
                guard !ordered.isEmpty else { continue }
                records.append(.init(species: species, language: language, texts: ordered.map { entry in
                    .init(games: entry.ids.compactMap { byID[$0]?.identifier }, text: entry.text)
                }))
            }
        }
        return records
    }

    private func int(_ text: String?) -> Int? { text.flatMap { Int($0) } }
}
