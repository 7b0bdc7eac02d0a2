import Foundation
import Testing
@testable import MydexCatalog
@testable import MydexModel
@testable import MydexStore

/// The type chart on the detail page (issue 20 §1), checked against PokeAPI's own tables read
/// here (Fixtures/pokeapi-csv), not through the code under test.
@Suite("Type defenses")
struct TypeDefenseTests {
    /// PokeAPI's CSV tables, read plainly: none of their fields hold commas or quotes.
    struct Tables {
        let typeNames: [Int: String]
        /// Attacking type id → defending type id → percent.
        let efficacy: [Int: [Int: Int]]
        /// Pokémon identifier → (species id, its types' ids).
        let pokemon: [String: (species: Int, types: [Int])]
        /// Species ids whose default Pokémon has each type id.
        let speciesByType: [Int: Set<Int>]

        init() throws {
            let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/MydexTests/Fixtures/pokeapi-csv")
            func rows(_ file: String) throws -> [[String]] {
                try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    .split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            }
            typeNames = Dictionary(try rows("types.csv").map { (Int($0[0]) ?? 0, $0[1]) }) { first, _ in first }
            var efficacy: [Int: [Int: Int]] = [:]
            for row in try rows("type_efficacy.csv") { efficacy[Int(row[0]) ?? 0, default: [:]][Int(row[1]) ?? 0] = Int(row[2]) }
            self.efficacy = efficacy
            var types: [Int: [(slot: Int, type: Int)]] = [:]
            for row in try rows("pokemon_types.csv") { types[Int(row[0]) ?? 0, default: []].append((Int(row[2]) ?? 0, Int(row[1]) ?? 0)) }
            var pokemon: [String: (species: Int, types: [Int])] = [:]
            var speciesByType: [Int: Set<Int>] = [:]
            for row in try rows("pokemon.csv") {
                guard let id = Int(row[0]), let species = Int(row[2]) else { continue }
                pokemon[row[1]] = (species, (types[id] ?? []).sorted { $0.slot < $1.slot }.map(\.type))
                if row.last == "1" { for type in types[id] ?? [] { speciesByType[type.type, default: []].insert(species) } }
            }
            self.pokemon = pokemon
            self.speciesByType = speciesByType
        }

        /// Attacking type name → multiplier, for a Pokémon of these types.
        func defenses(_ types: [Int]) -> [String: Double] {
            Dictionary(uniqueKeysWithValues: efficacy.keys.map { attacking in
                (typeNames[attacking] ?? "?", types.reduce(1.0) { $0 * Double(efficacy[attacking]?[$1] ?? 100) / 100 })
            })
        }
    }

    @Test("dex shows, for Pokémon of every generation and forms of every kind, the multipliers PokeAPI's type chart gives", arguments: [
        "bulbasaur", "charizard", "gengar", "chikorita", "skarmory", "shedinja", "bronzong", "togekiss", "excadrill",
        "sylveon", "rowlet", "corviknight", "sprigatito", "vulpix-alola", "charizard-mega-x", "rotom-wash",
        "darmanitan-galar-standard", "tauros-paldea-combat-breed", "ogerpon-wellspring-mask",
    ])
    func matchesTheTables(identifier: String) async throws {
        let tables = try Tables()
        let pokemon = try #require(tables.pokemon[identifier], "\(identifier) is in pokemon.csv")
        let environment = try TestEnvironment()
        let run = await environment.run("dex", String(pokemon.species), "--form", identifier, "--json")
        #expect(run.status == 0, "\(run.standardError)")
        let document = try #require(try run.document())
        let shown = try #require((document["species"] as? [String: Any])?["typeDefenses"] as? [[String: Any]])
        let multipliers = Dictionary(uniqueKeysWithValues: shown.compactMap { item in
            (item["type"] as? String).map { ($0, (item["multiplier"] as? NSNumber)?.doubleValue ?? -1) }
        })
        #expect(multipliers == tables.defenses(pokemon.types), "\(identifier)")
        // In the games' order: Normal first, Fairy last.
        #expect(shown.first?["type"] as? String == "normal" && shown.last?["type"] as? String == "fairy")
    }

    @Test("The page groups what hurts it: weaknesses (×4 first), resistances (×¼ first), immunities, and the abilities that change them")
    func text() async throws {
        let environment = try TestEnvironment()
        let charizard = await environment.run("dex", "charizard", "--no-sprite")
        #expect(charizard.standardOutput.contains("Weak to          Rock ×4, Water ×2, Electric ×2\n"), "\(charizard.standardOutput)")
        #expect(charizard.standardOutput.contains("Resists          Bug ×¼, Grass ×¼, Fighting ×½, Steel ×½, Fire ×½, Fairy ×½\n"))
        #expect(charizard.standardOutput.contains("Immune to        Ground\n"))
        #expect(!charizard.standardOutput.contains("Ability effects"), "Blaze and Solar Power change nothing here")

        let bronzong = await environment.run("dex", "bronzong", "--no-sprite")
        #expect(bronzong.standardOutput.contains("Ability effects  Levitate: Ground ×0\n                   Heatproof: Fire ×½\n"),
                "\(bronzong.standardOutput)")
        let shedinja = await environment.run("dex", "shedinja", "--no-sprite")
        #expect(shedinja.standardOutput.contains("Wonder Guard: only super-effective moves hit"))

        let korean = await environment.run("dex", "charizard", "--no-sprite", "--lang", "ko")
        #expect(korean.standardOutput.contains("약점         바위 ×4, 물 ×2, 전기 ×2\n"), "\(korean.standardOutput)")
        #expect(korean.standardOutput.contains("무효         땅\n"))
        let json = try #require(try await environment.run("dex", "bronzong", "--json").document())
        let effects = try #require((json["species"] as? [String: Any])?["abilityEffects"] as? [[String: Any]])
        #expect(effects.map { $0["ability"] as? String } == ["levitate", "heatproof"])
    }

    @Test("Earlier generations' charts: Ghost did nothing to Psychic in generation 1, Steel resisted Ghost and Dark until 5, and types come when they came")
    func pastCharts() async throws {
        let store = try CollectionStore.inMemory()
        let chart = try await store.read { db in try TypeChart.read(db) }
        #expect(chart.factor("ghost", against: "psychic", generation: 1) == 0)
        #expect(chart.factor("ghost", against: "psychic") == 200)
        #expect(chart.factor("bug", against: "poison", generation: 1) == 200 && chart.factor("bug", against: "poison") == 50)
        #expect(chart.factor("ice", against: "fire", generation: 1) == 100 && chart.factor("ice", against: "fire") == 50)
        #expect(chart.factor("ghost", against: "steel", generation: 5) == 50 && chart.factor("ghost", against: "steel", generation: 6) == 100)
        #expect(chart.factor("dark", against: "steel", generation: 2) == 50 && chart.factor("dark", against: "steel") == 100)
        #expect(chart.defenses(of: ["normal"], generation: 1).count == 15)
        #expect(chart.defenses(of: ["normal"], generation: 5).count == 17)
        #expect(chart.defenses(of: ["normal"]).count == 18)
        #expect(chart.defenses(of: ["steel"], generation: 5).first { $0.type == "ghost" }?.factor == 50)
    }

    @Test("dex type shows what a type's moves do to each type and what each does to it, as the tables say, in any language; bad names are refused")
    func typePage() async throws {
        let tables = try Tables()
        let environment = try TestEnvironment()
        let fire = await environment.run("dex", "type", "fire")
        #expect(fire.status == 0, "\(fire.standardError)")
        #expect(fire.standardOutput.contains("  Hits hard    Bug ×2, Steel ×2, Grass ×2, Ice ×2\n"), "\(fire.standardOutput)")
        #expect(fire.standardOutput.contains("  Weak to      Ground ×2, Rock ×2, Water ×2\n"))
        for name in ["fire", "불꽃", "ほのお", "Feu"] {
            let json = try #require(try await environment.run("dex", "type", name, "--json").document(), "\(name)")
            #expect(json["type"] as? String == "fire", "\(name)")
            #expect(json["species"] as? Int == tables.speciesByType[10]?.count)
            func multipliers(_ key: String) -> [String: Double] {
                Dictionary(uniqueKeysWithValues: ((json[key] as? [[String: Any]]) ?? []).compactMap { item in
                    (item["type"] as? String).map { ($0, (item["multiplier"] as? NSNumber)?.doubleValue ?? -1) }
                })
            }
            #expect(multipliers("attacking") == Dictionary(uniqueKeysWithValues: (tables.efficacy[10] ?? [:]).map {
                (tables.typeNames[$0.key] ?? "?", Double($0.value) / 100)
            }))
            #expect(multipliers("defending") == tables.defenses([10]))
        }
        let normal = await environment.run("dex", "type", "normal", "--lang", "ko")
        #expect(normal.standardOutput.contains("  효과 없음  고스트\n"), "\(normal.standardOutput)")
        let misspelt = await environment.run("dex", "type", "fyre")
        #expect(misspelt.status == 64 && misspelt.standardError.contains("Did you mean Fire?"), "\(misspelt.standardError)")
        let stellar = await environment.run("dex", "type", "stellar")
        #expect(stellar.status == 64 && stellar.standardError.contains("Stellar is not a type of the games' type chart"))
    }

    @Test("dex type with two types is a Pokémon of both: its weaknesses multiply, its moves hit with the better type, as the tables say")
    func twoTypes() async throws {
        let tables = try Tables()
        let environment = try TestEnvironment()
        for names in [["fire", "flying"], ["불꽃", "비행"], ["flying", "Feu"]] {
            let json = try #require(try await environment.run(["dex", "type"] + names + ["--json"]).document(), "\(names)")
            #expect(Set(json["types"] as? [String] ?? []) == ["fire", "flying"])
            #expect(json["species"] as? Int == (tables.speciesByType[10] ?? []).intersection(tables.speciesByType[3] ?? []).count)
            func multipliers(_ key: String) -> [String: Double] {
                Dictionary(uniqueKeysWithValues: ((json[key] as? [[String: Any]]) ?? []).compactMap { item in
                    (item["type"] as? String).map { ($0, (item["multiplier"] as? NSNumber)?.doubleValue ?? -1) }
                })
            }
            #expect(multipliers("defending") == tables.defenses([10, 3]))
            let either = Dictionary(uniqueKeysWithValues: (tables.efficacy[10] ?? [:]).map { target, fire in
                (tables.typeNames[target] ?? "?", Double(max(fire, tables.efficacy[3]?[target] ?? 0)) / 100)
            })
            #expect(multipliers("attacking") == either)
        }
        let korean = await environment.run("dex", "type", "불꽃", "비행", "--lang", "ko")
        #expect(korean.standardOutput.hasPrefix("불꽃/비행\n") && korean.standardOutput.contains("  약점         바위 ×4, 물 ×2, 전기 ×2\n"),
                "\(korean.standardOutput)")
        #expect(await environment.run("dex", "type", "fire", "water", "grass").status == 64)
    }

    @Test("dex --game follows that generation's chart and the Pokémon's types then, as PokeAPI's tables say", arguments: [
        ("clefairy", "firered", 3), ("gengar", "red", 1), ("magnemite", "yellow", 1), ("magnemite", "gold", 2),
        ("togekiss", "platinum", 4), ("skarmory", "black", 5), ("sylveon", "x", 6), ("charizard", "scarlet", 9),
    ] as [(String, String, Int)])
    func pastGenerations(identifier: String, game: String, generation: Int) async throws {
        let tables = try Tables()
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/MydexTests/Fixtures/pokeapi-csv")
        func rows(_ file: String) throws -> [[Int]] {
            try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst()
                .map { $0.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) ?? 0 } }
        }
        let introduced = Dictionary(uniqueKeysWithValues: try rows("types.csv").map { ($0[0], $0[2]) })
        // A factor of that generation: the earliest past value that still held then, else today's.
        let past = try rows("type_efficacy_past.csv")
        func factor(_ attacking: Int, _ defending: Int) -> Double {
            let earlier = past.filter { $0[0] == attacking && $0[1] == defending && $0[3] >= generation }.min { $0[3] < $1[3] }
            return Double(earlier?[2] ?? tables.efficacy[attacking]?[defending] ?? 100) / 100
        }
        let pokemon = try #require(tables.pokemon[identifier])
        let pokemonLine = try String(contentsOf: folder.appendingPathComponent("pokemon.csv"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).first { $0.split(separator: ",").dropFirst().first == Substring(identifier) }
        let pokemonID = try #require(pokemonLine.flatMap { Int($0.split(separator: ",")[0]) })
        let pastTypes: [[Int]] = try rows("pokemon_types_past.csv").filter { $0[0] == pokemonID && $0[1] >= generation }
        let earliest: Int? = pastTypes.map { $0[1] }.min()
        var types: [Int] = pokemon.types
        if let earliest { types = pastTypes.filter { $0[1] == earliest }.sorted { $0[3] < $1[3] }.map { $0[2] } }
        var expected: [String: Double] = [:]
        for attacking in tables.efficacy.keys where (introduced[attacking] ?? 99) <= generation {
            expected[tables.typeNames[attacking] ?? "?"] = types.reduce(1.0) { $0 * factor(attacking, $1) }
        }
        let environment = try TestEnvironment()
        let run = await environment.run("dex", identifier, "--game", game, "--json")
        #expect(run.status == 0, "\(run.standardError)")
        let species = try #require(try run.document()?["species"] as? [String: Any])
        let shown = try #require(species["typeDefenses"] as? [[String: Any]])
        let multipliers = Dictionary(uniqueKeysWithValues: shown.compactMap { item in
            (item["type"] as? String).map { ($0, (item["multiplier"] as? NSNumber)?.doubleValue ?? -1) }
        })
        #expect(multipliers == expected, "\(identifier) in \(game)")
        #expect((species["typeChart"] as? [String: Any])?["generation"] as? Int == generation)
    }

    @Test("dex --game names the chart it follows, in any language, and refuses a game before the species or one that does not exist")
    func gameOption() async throws {
        let environment = try TestEnvironment()
        let clefairy = await environment.run("dex", "clefairy", "--game", "firered", "--no-sprite")
        #expect(clefairy.standardOutput.contains("  Type chart       FireRed (generation 3)\n  Weak to          Fighting ×2\n"), "\(clefairy.standardOutput)")
        #expect(clefairy.standardOutput.contains("  Immune to        Ghost\n"))
        let korean = await environment.run("dex", "삐삐", "--game", "파이어레드", "--lang", "ko", "--no-sprite")
        #expect(korean.standardOutput.contains("상성표       파이어레드(3세대)\n"), "\(korean.standardOutput)")
        let group = await environment.run("dex", "25", "--game", "scarlet-violet", "--no-sprite")
        #expect(group.standardOutput.contains("Scarlet / Violet (generation 9)"))
        let early = await environment.run("dex", "sylveon", "--game", "firered")
        #expect(early.status == 64 && early.standardError.contains("Sylveon came in generation 6; FireRed is a game of generation 3."))
        let unknown = await environment.run("dex", "25", "--game", "pokemon-purple")
        #expect(unknown.status == 64 && unknown.standardError.contains("no game is named \"pokemon-purple\"") && unknown.standardError.contains("firered-leafgreen"))
        let empty = await environment.run("dex", "25", "--game", " ")
        #expect(empty.status == 64 && empty.standardError.contains("firered-leafgreen"), "\(empty.standardError)")
    }
}
