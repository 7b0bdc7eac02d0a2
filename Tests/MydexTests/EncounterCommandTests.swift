import Foundation
import Testing
@testable import MydexCLI
@testable import MydexServices
@testable import MydexStore
@testable import MydexModel
import MydexText

/// `dex where` as a user meets it: how often a Pokémon is met worked out from its slots'
/// conditions, the conditions and places in words, and what the command says when PokeAPI has
/// nothing (issue 20 §3).
@Suite("Where to find a Pokémon")
struct EncounterCommandTests {
    static func encounter(
        _ pokemon: Int, _ chance: Int, _ conditions: [String], levels: ClosedRange<Int> = 2...3
    ) -> Encounter {
        Encounter(
            game: "diamond", gameName: "Diamond", versionGroup: "diamond-pearl", generation: 4, locationID: 1,
            location: "sinnoh-route-201", locationName: "Route 201", areaID: 1, area: nil, areaName: nil, method: "walk",
            pokemonID: pokemon, speciesID: pokemon, pokemonName: "#\(pokemon)", minLevel: levels.lowerBound, maxLevel: levels.upperBound,
            chance: chance, conditions: conditions)
    }

    static let values = [
        "time": ["time-morning", "time-day", "time-night"], "swarm": ["swarm-yes", "swarm-no"], "radar": ["radar-on", "radar-off"],
        "slot2": ["slot2-none", "slot2-ruby", "slot2-firered"],
    ]
    static let kinds = Dictionary(uniqueKeysWithValues: values.flatMap { kind, values in values.map { ($0, kind) } })

    @Test("A chance is the slots a Pokémon holds in a state of the world, summed: the usual table by time, then what a swarm, the Poké Radar or a second game change")
    func chancesByState() {
        // Starly (396) on Route 201, as PokeAPI lists Diamond's slots: two always, one replaced at
        // night, one replaced during a swarm, one replaced with the Poké Radar, one with Ruby in
        // the second slot (a slot Bidoof, 399, holds with FireRed).
        let table = [
            Self.encounter(396, 20, []), Self.encounter(396, 20, []), Self.encounter(396, 10, ["time-morning"]),
            Self.encounter(396, 10, ["time-day"]), Self.encounter(396, 10, ["swarm-no"]), Self.encounter(396, 10, ["radar-off"]),
            Self.encounter(396, 4, ["slot2-ruby"]), Self.encounter(399, 4, ["slot2-firered"], levels: 3...3),
        ]
        let rows = EncounterChances.rows(table, values: Self.values, kinds: Self.kinds).map {
            "#\($0.pokemonID) \($0.minLevel)-\($0.maxLevel) \($0.chance) \($0.conditions)"
        }
        #expect(rows == [
            "#396 2-3 70 [[\"time-morning\", \"time-day\"]]", "#396 2-3 60 [[\"time-night\"]]",
            "#396 2-3 60 [[\"radar-on\"], [\"time-morning\", \"time-day\"]]", "#396 2-3 50 [[\"radar-on\"], [\"time-night\"]]",
            "#396 2-3 74 [[\"slot2-ruby\"], [\"time-morning\", \"time-day\"]]", "#396 2-3 64 [[\"slot2-ruby\"], [\"time-night\"]]",
            "#396 2-3 60 [[\"swarm-yes\"], [\"time-morning\", \"time-day\"]]", "#396 2-3 50 [[\"swarm-yes\"], [\"time-night\"]]",
            "#399 3-3 4 [[\"slot2-firered\"]]",
        ])
        // A slot without conditions holds in every state: no condition said.
        #expect(EncounterChances.rows([Self.encounter(25, 5, [])], values: Self.values, kinds: Self.kinds).map(\.conditions) == [[]])
        // A slot asking two values of one condition is no choice of one each: shown as it is.
        let odd = [Self.encounter(25, 5, ["time-morning", "time-day"])]
        #expect(EncounterChances.rows(odd, values: Self.values, kinds: Self.kinds).map(\.conditions) == [[["time-morning"], ["time-day"]]])
    }

    @Test("States are said in as few boxes as a split finds")
    func boxes() {
        // Every state: one box of everything; one condition's value: a box with it alone.
        let all = Set(EncounterChances.allStates([3, 2]))
        #expect(EncounterChances.boxes(all) == [[[0, 1, 2], [0, 1]]])
        #expect(EncounterChances.boxes(Set(all.filter { $0[1] == 0 })) == [[[0, 1, 2], [0]]])
        // An L shape: two boxes.
        let shape: Set<[Int]> = [[0, 0], [0, 1], [1, 0]]
        #expect(EncounterChances.boxes(shape).count == 2)
    }

    @Test("Conditions and parts of places in words, patterns filled with names and numbers")
    func words() {
        Translator.$current.withValue(Translator(.english)) {
            var names = EncounterWords.Names()
            names.pokemon = ["togepi": "Togepi", "togetic": "Togetic", "meowth-galar": "Galarian Meowth", "bulbasaur": "Bulbasaur"]
            names.items = ["helix-fossil": "Helix Fossil"]
            names.games = ["ruby": "Ruby", "firered": "FireRed"]
            let said = { (value: String) in EncounterWords.condition(value, names: names) }
            #expect(said("time-night") == "Night")
            #expect(said("time-minute-00-to-19") == "00–19 minutes past the hour")
            #expect(said("time-04-00-to-19-59") == "04:00–19:59")
            #expect(said("trade-togepi-or-togetic") == "In exchange for Togepi or Togetic")
            #expect(said("trade-meowth-galar") == "In exchange for Galarian Meowth")
            #expect(said("starter-bulbasaur") == "If you chose Bulbasaur first")
            #expect(said("item-helix-fossil") == "With Helix Fossil in the Bag")
            #expect(said("coins-2222") == "At least 2,222 coins in the Coin Case")
            #expect(said("max-den-rating-3-star") == "★★★ Max Raid")
            #expect(said("johto-safari-blocks-forest-min-14") == "Safari Zone: Forest objects worth 14 points or more")
            #expect(said("something-new") == "something new", "PokeAPI's identifier, for a value mydex has no words for")
            #expect(EncounterWords.conditions(["slot2-ruby", "slot2-firered"], names: names) == "Ruby, FireRed in the Game Boy Advance slot")
            #expect(EncounterWords.areaPart("b2f") == "B2F" && EncounterWords.areaPart("1f") == "1F")
            #expect(EncounterWords.areaPart("max-den-a") == "Max Raid den A")
            #expect(EncounterWords.areaPart("area-3") == "area 3" && EncounterWords.areaPart("unknown-area-53") == "unknown area 53")
            #expect(EncounterWords.areaPart("north-of-lilycove") == "North of Lilycove")
            #expect(EncounterWords.areaPart("contest-hall") == "Contest Hall" && EncounterWords.areaPart("sw") == "SW")
            #expect(EncounterWords.method("super-rod") == "Super Rod" && EncounterWords.method("new-way") == "new way")
        }
    }

    @Test("dex where: text and JSON for a game, a place, and a Pokémon at a place")
    func command() async throws {
        let environment = try TestEnvironment()
        let text = await environment.run("dex", "where", "pikachu", "--game", "firered")
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.hasPrefix("Pikachu: where to find it\n\nFireRed / LeafGreen (generation 3)\n"))
        #expect(text.standardOutput.contains("Viridian Forest       Walking                       3–5         5%"))
        #expect(!text.standardError.contains("no encounters for"), "one game asked: no note about the others")

        let json = try #require(try await environment.run("dex", "where", "pikachu", "--game", "firered", "--json").document())
        let encounters = try #require(json["encounters"] as? [[String: Any]])
        let forest = try #require(encounters.first { ($0["location"] as? [String: Any])?["identifier"] as? String == "viridian-forest" })
        #expect(forest["chance"] as? Int == 5 && forest["minLevel"] as? Int == 3 && forest["maxLevel"] as? Int == 5)
        #expect((forest["method"] as? [String: Any])?["name"] as? String == "Walking")
        #expect((json["game"] as? [String: Any])?["identifier"] as? String == "firered-leafgreen")
        #expect(json["origin"] is NSNull && (json["gamesWithoutEncounters"] as? [String])?.isEmpty == true)

        // A place: what lives there; the same name in five regions is told apart by the game.
        let place = await environment.run("dex", "where", "--at", "route 1", "--game", "firered")
        #expect(place.status == 0, "\(place.standardError)")
        #expect(place.standardOutput.hasPrefix("Route 1: what lives there\n\nFireRed / LeafGreen (generation 3)\nPokémon  "))
        #expect(place.standardOutput.contains("Rattata"))
        // A Pokémon at a place; Korean words.
        let korean = await environment.run("dex", "where", "starly", "--at", "route-201", "--game", "diamond", "--lang", "ko")
        #expect(korean.standardOutput.contains("걷기  2–3    50%  아침, 낮"), "\(korean.standardOutput)")
        #expect(korean.standardOutput.contains("대량발생 중; 밤"))
        // PokeAPI names no area in Korean: the names tables do (the Friend Safari's by its types,
        // a contest hall as the games write it), never half in English.
        let safari = await environment.run("dex", "where", "pikachu", "--game", "x", "--lang", "ko")
        #expect(safari.standardOutput.contains("프렌드사파리 (전기)"), "\(safari.standardOutput)")
        let contest = await environment.run("dex", "where", "pikachu", "--game", "omega-ruby", "--lang", "ko")
        #expect(contest.standardOutput.contains("잿빛도시 (콘테스트회장)"), "\(contest.standardOutput)")
    }

    @Test("dex where says what PokeAPI lacks, and how to get a Pokémon met nowhere")
    func nothingToShow() async throws {
        let environment = try TestEnvironment()
        // No encounter data for a game: exit 1, with the games that have some.
        let scarlet = await environment.run("dex", "where", "pikachu", "--game", "scarlet")
        #expect(scarlet.status == 1 && scarlet.standardError.contains("PokeAPI has no encounters for Scarlet / Violet"))
        #expect(scarlet.standardError.contains("firered-leafgreen"))
        // Met nowhere in that game: how to get it, and where it is met (exit 0: that is the answer).
        let raichu = await environment.run("dex", "where", "raichu", "--game", "firered")
        #expect(raichu.status == 0)
        #expect(raichu.standardOutput.contains("PokeAPI lists no place to meet Raichu in FireRed / LeafGreen."))
        #expect(raichu.standardOutput.contains("Evolve it from Pikachu (Use item, Thunder Stone"))
        #expect(raichu.standardError.contains("Games where it is met: red-green-japan, red-blue"))
        let json = try #require(try await environment.run("dex", "where", "raichu", "--game", "firered", "--json").document())
        let origin = try #require(json["origin"] as? [String: Any])
        #expect(origin["kind"] as? String == "evolution" && (origin["species"] as? [[String: Any]])?.first?["id"] as? Int == 25)
        // A generation 9 species: met nowhere, and the note names the games PokeAPI lacks.
        let sprigatito = await environment.run("dex", "where", "sprigatito")
        #expect(sprigatito.status == 0 && sprigatito.standardOutput.contains("PokeAPI lists no place to meet Sprigatito in the wild."))
        #expect(sprigatito.standardError.contains("PokeAPI has no encounters for Brilliant Diamond / Shining Pearl, Legends: Arceus"))
        // Bad input: an unknown place gets the nearest names; a name shared by places, its places.
        let typo = await environment.run("dex", "where", "--at", "viridian forrest")
        #expect(typo.status == 64 && typo.standardError.contains("Did you mean Viridian Forest?"))
        // PokeAPI's place "???" has no letters to be near anything.
        let short = await environment.run("dex", "where", "--at", "sw")
        #expect(short.status == 64 && !short.standardError.contains("???"), "\(short.standardError)")
        let several = await environment.run("dex", "where", "--at", "route 1")
        #expect(several.status == 64 && several.standardError.contains("Route 1 (kanto-route-1)"))
        #expect(await environment.run("dex", "where").status == 64)
        let unknownGame = await environment.run("dex", "where", "pikachu", "--game", "fireredd")
        #expect(unknownGame.status == 64 && unknownGame.standardError.contains("firered-leafgreen"))
        #expect(unknownGame.standardError.contains("Did you mean FireRed?"), "\(unknownGame.standardError)")
        // A town without wild Pokémon.
        let town = await environment.run("dex", "where", "--at", "nimbasa-city")
        #expect(town.status == 1 && town.standardError.contains("PokeAPI lists no Pokémon at Nimbasa City in any game."))
    }

    @Test("dex --all-entries: every game's entry in the user's language, each text once with its games")
    func allEntries() async throws {
        let environment = try TestEnvironment()
        let english = await environment.run("dex", "bulbasaur", "--all-entries", "--no-sprite")
        #expect(english.status == 0)
        #expect(english.standardOutput.contains("Red / Blue / LeafGreen: A strange seed was planted on its back at birth."))
        let json = try #require(try await environment.run("dex", "bulbasaur", "--all-entries", "--json").document())
        let entries = try #require((json["species"] as? [String: Any])?["pokedexEntries"] as? [[String: Any]])
        #expect(entries.first?["games"] as? [String] == ["red", "blue", "leafgreen"])
        #expect(entries.allSatisfy { $0["language"] as? String == "en" })
        let plain = try #require(try await environment.run("dex", "bulbasaur", "--json").document())
        #expect((plain["species"] as? [String: Any])?["pokedexEntries"] == nil, "only when asked")
        let korean = await environment.run("dex", "bulbasaur", "--all-entries", "--no-sprite", "--lang", "ko")
        #expect(korean.standardOutput.contains("X: 태어났을 때부터 등에 이상한 씨앗이 심어져 있으며"))
        #expect(!korean.standardOutput.contains("A strange seed"), "Korean entries only: PokeAPI has none before X and Y")
    }
}
