import Foundation
import MydexCatalog
import MydexSets

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
    /// Pokémon Showdown's names against PokeAPI's identifiers, a record a kind (showdown.tsv).
    var showdown: [BuiltInPokedex.ShowdownNamesRecord] = []

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
        showdown = try Self.showdownNames(directory)
    }

    /// showdown.tsv, read by its header (`kind`, `identifier`, `showdown`, `export`, `import`,
    /// `source`; others, such as `match`, say how a row was made): each row with Showdown's id of
    /// its name (`toID`, what a set is matched by).
    static func showdownNames(_ directory: URL) throws -> [BuiltInPokedex.ShowdownNamesRecord] {
        let url = directory.appendingPathComponent("showdown.tsv")
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
        func column(_ name: String) throws -> Int {
            guard let index = header.firstIndex(of: name) else {
                throw GeneratorError.inconsistent("showdown.tsv: no column \(name)")
            }
            return index
        }
        let (kind, identifier, name, export, source) = (
            try column("kind"), try column("identifier"), try column("showdown"), try column("export"), try column("source"))
        let imported = try column("import")
        var byKind: [String: [[String]]] = [:]
        for (number, line) in lines.dropFirst().enumerated() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == header.count, !fields[kind].isEmpty, !fields[identifier].isEmpty, !fields[name].isEmpty,
                  !fields[source].isEmpty else {
                throw GeneratorError.inconsistent("showdown.tsv line \(number + 2): \(header.count) fields, each with its source")
            }
            byKind[fields[kind], default: []].append([
                fields[identifier], toID(fields[name]), fields[name], fields[export] == "yes" ? "1" : "0",
                fields[imported] == "yes" ? "1" : "0",
            ])
        }
        // What Showdown names and the games' data (PokeAPI) lacks (showdown-missing.tsv, side
        // `showdown`): kept with no identifier, so that import can say so rather than "unknown".
        let missing = directory.appendingPathComponent("showdown-missing.tsv")
        if FileManager.default.fileExists(atPath: missing.path) {
            let rows = try String(contentsOf: missing, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
            let head = rows.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) ?? []
            guard let kindAt = head.firstIndex(of: "kind"), let sideAt = head.firstIndex(of: "side"),
                  let nameAt = head.firstIndex(of: "showdown") else {
                throw GeneratorError.inconsistent("showdown-missing.tsv: kind, side and showdown columns expected")
            }
            for line in rows.dropFirst() {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == head.count else {
                    throw GeneratorError.inconsistent("showdown-missing.tsv: \(head.count) fields expected in \(line)")
                }
                guard fields[sideAt] == "showdown", !fields[nameAt].isEmpty else { continue }
                byKind[fields[kindAt], default: []].append(["", toID(fields[nameAt]), fields[nameAt], "0", "0"])
            }
        }
        return byKind.keys.sorted().map { BuiltInPokedex.ShowdownNamesRecord(kind: $0, names: byKind[$0] ?? []) }
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
