import Foundation

/// The names PokeAPI lacks, kept in `Sources/PokedexGenerator/Names/*.tsv` with the source of
/// each row (PKHeX's lists of the games' own text, PokeAPI's tables ../shared lacks, or the
/// rule docs/DESIGN.md states): Pokédexes, places and their areas, forms, and the Pokédexes of
/// each version group. PokeAPI's own name wins wherever it has one.
struct NameTables {
    /// Pokédex identifier → language → name.
    var pokedexes: [String: [String: String]] = [:]
    /// Pokédex identifier → the version groups whose games use it.
    var pokedexGames: [String: [String]] = [:]
    /// Place identifier → language → name.
    var places: [String: [String: String]] = [:]
    /// Place identifier → area identifier → language → whole name ("단풍마을 (콘테스트회장)").
    var areas: [String: [String: [String: String]]] = [:]
    /// Form identifier → language → the form's name ("하드록").
    var forms: [String: [String: String]] = [:]

    init() {}

    /// Reads the tables in `directory`; a table that is not there adds nothing (inputs made
    /// for a test have none).
    init(directory: URL) throws {
        for row in try Self.rows(directory, "pokedexes.tsv", columns: 4) {
            pokedexes[row[0], default: [:]][row[1]] = row[2]
        }
        for row in try Self.rows(directory, "pokedex-games.tsv", columns: 2) {
            pokedexGames[row[0], default: []].append(row[1])
        }
        for row in try Self.rows(directory, "places.tsv", columns: 5, optional: [1]) {
            if row[1].isEmpty {
                places[row[0], default: [:]][row[2]] = row[3]
            } else {
                areas[row[0], default: [:]][row[1], default: [:]][row[2]] = row[3]
            }
        }
        for row in try Self.rows(directory, "forms.tsv", columns: 4) {
            forms[row[0], default: [:]][row[1]] = row[2]
        }
    }

    /// The tab-separated rows of `file` (`#` lines are comments), each with `columns` fields,
    /// none empty but those at `optional`.
    static func rows(_ directory: URL, _ file: String, columns: Int, optional: Set<Int> = []) throws -> [[String]] {
        let url = directory.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let text = try String(contentsOf: url, encoding: .utf8)
        var rows: [[String]] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated()
        where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == columns, fields.indices.allSatisfy({ !fields[$0].isEmpty || optional.contains($0) }) else {
                throw GeneratorError.inconsistent("\(file) line \(number + 1): \(columns) tab-separated fields expected")
            }
            rows.append(fields)
        }
        return rows
    }
}
