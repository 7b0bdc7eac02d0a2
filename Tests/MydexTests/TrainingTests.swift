import Foundation
import MydexServices
import Testing

/// Training and breeding on the detail page (issue 20 §4), checked against PokeAPI's own tables
/// read here (Fixtures/pokeapi-csv), not through the code under test.
@Suite("Training and breeding")
struct TrainingTests {
    static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/MydexTests/Fixtures/pokeapi-csv")

    /// A CSV table's rows as dictionaries: fields split at commas outside quotes (a game's name
    /// may hold one: "Let’s Go, Eevee!"), one row a line.
    static func rows(_ file: String) throws -> [[String: String]] {
        func fields(_ line: Substring) -> [String] {
            var fields: [String] = [], field = "", quoted = false
            for character in line {
                switch character {
                case "\"": quoted.toggle()
                case "," where !quoted: fields.append(field); field = ""
                default: field.append(character)
                }
            }
            return fields + [field]
        }
        let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(whereSeparator: \.isNewline)
        let header = lines.first.map(fields) ?? []
        return lines.dropFirst().map { Dictionary(zip(header, fields($0)), uniquingKeysWith: { first, _ in first }) }
    }

    @Test("dex shows the EV yield, base friendship and egg cycles PokeAPI's tables give, for species of every generation",
          arguments: [1, 25, 143, 172, 248, 350, 448, 571, 646, 706, 800, 887, 1000, 1025])
    func matchesTheTables(species: Int) async throws {
        let statNames = ["1": "hp", "2": "attack", "3": "defense", "4": "special-attack", "5": "special-defense", "6": "speed"]
        let defaultPokemon = try #require(try Self.rows("pokemon.csv").first { $0["species_id"] == String(species) && $0["is_default"] == "1" }?["id"])
        var effort: [String: Int] = [:]
        for row in try Self.rows("pokemon_stats.csv") where row["pokemon_id"] == defaultPokemon {
            if let value = Int(row["effort"] ?? ""), value > 0, let stat = statNames[row["stat_id"] ?? ""] { effort[stat] = value }
        }
        let speciesRow = try #require(try Self.rows("pokemon_species.csv").first { $0["id"] == String(species) })
        let environment = try TestEnvironment()
        let run = await environment.run("dex", String(species), "--json")
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try run.document()?["species"] as? [String: Any])
        #expect(json["effortYield"] as? [String: Int] == effort)
        #expect(json["baseFriendship"] as? Int == Int(speciesRow["base_happiness"] ?? ""))
        #expect(json["eggCycles"] as? Int == Int(speciesRow["hatch_counter"] ?? ""))
        #expect(json["eggSteps"] as? Int == (Int(speciesRow["hatch_counter"] ?? "") ?? 0) * 257)
    }

    @Test("dex lists what a wild one holds in every game, as pokemon_items.csv does; the text names one game's",
          arguments: [("pikachu", 25), ("butterfree", 12), ("chansey", 113), ("vulpix-alola", 37), ("bulbasaur", 1)])
    func heldItems(identifier: String, species: Int) async throws {
        let pokemon = try #require(try Self.rows("pokemon.csv").first { $0["identifier"] == identifier }?["id"])
        let versions = Dictionary(uniqueKeysWithValues: try Self.rows("versions.csv").compactMap { row in
            row["id"].flatMap { id in row["identifier"].map { (id, $0) } }
        })
        let expected = Set(try Self.rows("pokemon_items.csv").filter { $0["pokemon_id"] == pokemon }.map {
            "\(versions[$0["version_id"] ?? ""] ?? "?") \($0["item_id"] ?? "") \($0["rarity"] ?? "")"
        })
        let environment = try TestEnvironment()
        let form = identifier.split(separator: "-").dropFirst().joined(separator: "-")
        let run = await environment.run(["dex", String(species), "--json"] + (form.isEmpty ? [] : ["--form", form]))
        let held = try #require(try run.document()?["species"] as? [String: Any])["heldItems"] as? [[String: Any]] ?? []
        #expect(Set(held.map { "\($0["game"] as? String ?? "") \($0["item"] as? Int ?? 0) \($0["rarity"] as? Int ?? 0)" }) == expected)
        #expect(held.count == expected.count)
        let text = await environment.run(["dex", String(species), "--no-sprite"] + (form.isEmpty ? [] : ["--form", form]))
        #expect(text.standardOutput.contains("Held items") == !expected.isEmpty, "the field is there when PokeAPI has items")
    }

    @Test("The Pokédex text names the game PokeAPI's latest entry in the language is from", arguments: [1, 25, 150])
    func pokedexGame(species: Int) async throws {
        struct Resource: Decodable {
            struct Entry: Decodable {
                struct Named: Decodable { var name: String }
                var language: Named
                var version: Named?
            }
            var flavor_text_entries: [Entry]
        }
        let file = Fixtures.root.appendingPathComponent("pokemon-species/\(species)/index.json")
        let entries = try JSONDecoder().decode(Resource.self, from: Data(contentsOf: file)).flavor_text_entries
        let version = try #require(entries.last { $0.language.name == "en" }?.version?.name)
        let versions = try Self.rows("versions.csv")
        let id = try #require(versions.first { $0["identifier"] == version }?["id"])
        let name = try #require(try Self.rows("version_names.csv").first { $0["version_id"] == id && $0["local_language_id"] == "9" }?["name"])
        let environment = try TestEnvironment()
        let run = await environment.run("dex", String(species), "--no-sprite")
        let line = run.standardOutput.split(separator: "\n").first { $0.hasPrefix("  Pokédex") }.map(String.init) ?? ""
        #expect(line.hasSuffix("(\(name))"), "\(line)")
    }

    @Test("A Poké Ball at full HP: the known answers of generation 5 and later")
    func catchChance() async throws {
        // Kyurem (capture rate 3): 1.57% a throw (Bulbapedia's worked example).
        #expect(abs(CatchOdds.pokeBallAtFullHP(captureRate: 3) - 0.0157) < 0.00005)
        #expect(abs(CatchOdds.pokeBallAtFullHP(captureRate: 45) - 0.1194) < 0.00005)
        #expect(CatchOdds.pokeBallAtFullHP(captureRate: 255) < 1, "even 255 needs its shakes at full HP")
        #expect(CatchOdds.pokeBallAtFullHP(captureRate: 765) == 1)
        let environment = try TestEnvironment()
        let kyurem = await environment.run("dex", "646")
        #expect(kyurem.standardOutput.contains("  Catch chance     1.57% with a Poké Ball at full HP (generation 5 on)\n"))
        #expect(kyurem.standardOutput.contains("  Egg cycles       120 (30,840 steps, at 257 a cycle as from generation 5)\n"))
        let korean = await environment.run("dex", "25", "--lang", "ko")
        #expect(korean.standardOutput.contains("  노력치       스피드 2\n"))
    }
}
