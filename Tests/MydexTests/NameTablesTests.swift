import Foundation
import MydexCatalog
import Testing
@testable import PokedexGenerator

/// The names PokeAPI lacks (`Sources/PokedexGenerator/Names/*.tsv`): read with their sources,
/// added where PokeAPI has no name, never over one it has.
@Suite("Names PokeAPI lacks")
struct NameTablesTests {
    /// A folder of tables, removed when the value goes.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString)")
        init(_ files: [String: String]) throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// PokeAPI's tables for one place with two areas, named in English only (and one area in German).
    static func placeTables(_ file: String) -> [[String: String]] {
        switch file {
        case "languages.csv": [["id": "3", "identifier": "ko"], ["id": "9", "identifier": "en"], ["id": "6", "identifier": "de"]]
        case "regions.csv": [["id": "3", "identifier": "hoenn"]]
        case "locations.csv": [["id": "1", "region_id": "3", "identifier": "fallarbor-town"]]
        case "location_names.csv": [
            ["location_id": "1", "local_language_id": "9", "name": "Fallarbor Town"],
        ]
        case "location_areas.csv": [
            ["id": "10", "location_id": "1", "identifier": "contest-hall"], ["id": "11", "location_id": "1", "identifier": "main"],
        ]
        case "location_area_prose.csv": [
            ["location_area_id": "10", "local_language_id": "9", "name": "Contest Hall (Fallarbor Town)"],
            ["location_area_id": "11", "local_language_id": "6", "name": "Laubwechselfeld (Mitte)"],
        ]
        default: []
        }
    }

    @Test("A place and an area get the table's names where PokeAPI has none; PokeAPI's own stay")
    func places() throws {
        let folder = try Folder([
            "places.tsv": """
                # location, area, language, name, source
                fallarbor-town\t\tko\t단풍마을\tPKHeX list line 1
                fallarbor-town\t\ten\tNot This\tPokeAPI has an English name: it wins
                fallarbor-town\tcontest-hall\tko\t단풍마을 (콘테스트회장)\tplace as above; part: PKHeX list line 2
                fallarbor-town\tmain\tde\tNicht dies\tPokeAPI has a German name: it wins

                """,
        ])
        let names = try NameTables(directory: folder.url)
        let loaded = try EncounterSource(table: Self.placeTables, names: names).load()
        let place = try #require(loaded.locations.first)
        #expect(place.names == ["en": "Fallarbor Town", "ko": "단풍마을"])
        let areas = Dictionary(uniqueKeysWithValues: place.areas.map { ($0.identifier ?? "", $0.names) })
        #expect(areas["contest-hall"]?["ko"] == "단풍마을 (콘테스트회장)")
        #expect(areas["main"]?["de"] == "Laubwechselfeld (Mitte)")
    }

    @Test("A row without its source, or with a field missing, is refused with its line")
    func malformed() throws {
        let folder = try Folder(["pokedexes.tsv": "# pokedex, language, name, source\nnational\tko\t전국\n"])
        #expect {
            _ = try NameTables(directory: folder.url)
        } throws: { error in
            "\(error)".contains("pokedexes.tsv line 2")
        }
    }

    @Test("The committed tables read; every row names its source; a Pokédex's version groups are PokeAPI's")
    func committed() throws {
        let directory = Fixtures.repositoryRoot.appendingPathComponent("Sources/PokedexGenerator/Names")
        let names = try NameTables(directory: directory)
        #expect(names.pokedexes["national"]?["ko"] == "전국")
        #expect(names.pokedexes["updated-johto"]?["ko"] == "성도 (하트골드·소울실버)")
        #expect(names.places["viridian-forest"]?["ko"] == "상록숲")
        #expect(names.forms["pikachu-rock-star"]?["ko"] == "하드록")
        #expect(names.pokedexGames["paldea"] == ["scarlet-violet"])
        // No English in a Korean name (the rule builds from Korean words, never English ones).
        for (identifier, byLanguage) in names.pokedexes {
            if let korean = byLanguage["ko"] { #expect(!korean.contains(/[A-Za-z]{2,}/), "\(identifier): \(korean)") }
        }
        for file in ["pokedexes.tsv", "places.tsv", "forms.tsv"] {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                #expect(line.split(separator: "\t", omittingEmptySubsequences: false).last?.isEmpty == false, "\(file): \(line)")
            }
        }
    }
}
