import Foundation
import Testing
@testable import MydexCatalog
@testable import MydexModel
@testable import MydexStore

/// Where Pokémon are met (issue 20 §3), checked against PokeAPI's own tables read here
/// (Fixtures/pokeapi-csv: every encounter of a sample of Pokémon across the generations, ways
/// and form kinds, and every one of Viridian Forest), not through the code under test.
@Suite("Encounters")
struct EncounterTests {
    /// One row as a person reads it: a game, an area, a way, a Pokémon under a set of conditions,
    /// its levels and its chance.
    struct Row: Hashable, CustomStringConvertible {
        var game: String, location: String, area: String?, method: String, pokemon: Int
        var minLevel: Int, maxLevel: Int, chance: Int, conditions: [String]

        var description: String {
            "\(game) \(location)/\(area ?? "-") \(method) #\(pokemon) \(minLevel)-\(maxLevel) \(chance)% \(conditions)"
        }
    }

    /// PokeAPI's CSV tables, read plainly (none of these fields hold commas or quotes), and
    /// added up as the games' encounter tables are read: each slot of a game once (PokeAPI lists
    /// a few twice), the slots of one place, way, Pokémon and set of conditions summed.
    struct Tables {
        let rows: [Row]

        init() throws {
            let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/MydexTests/Fixtures/pokeapi-csv")
            func rows(_ file: String) throws -> [[String]] {
                try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    .split(whereSeparator: \.isNewline).dropFirst().map {
                        $0.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                    }
            }
            let versions = Dictionary(try rows("versions.csv").map { (Int($0[0]) ?? 0, $0[2]) }) { first, _ in first }
            let methods = Dictionary(try rows("encounter_methods.csv").map { (Int($0[0]) ?? 0, $0[1]) }) { first, _ in first }
            let slots = Dictionary(try rows("encounter_slots.csv").map { (Int($0[0]) ?? 0, (method: Int($0[2]) ?? 0, rarity: Int($0[4]) ?? 0)) }) { first, _ in first }
            let locations = Dictionary(try rows("locations.csv").map { (Int($0[0]) ?? 0, $0[2]) }) { first, _ in first }
            let areas = Dictionary(try rows("location_areas.csv").map { (Int($0[0]) ?? 0, (location: Int($0[1]) ?? 0, identifier: $0[3])) }) { first, _ in first }
            let values = Dictionary(try rows("encounter_condition_values.csv").map { (Int($0[0]) ?? 0, $0[2]) }) { first, _ in first }
            var conditions: [Int: [Int]] = [:]
            for row in try rows("encounter_condition_value_map.csv") { conditions[Int(row[0]) ?? 0, default: []].append(Int(row[1]) ?? 0) }
            struct Slot: Hashable { var version: Int, area: Int, slot: Int, pokemon: Int, min: Int, max: Int, conditions: [Int] }
            var seen: Set<Slot> = []
            var sums: [Row: Int] = [:]
            var levels: [Row: (min: Int, max: Int)] = [:]
            for row in try rows("encounters.csv") {
                let id = Int(row[0]) ?? 0, version = Int(row[1]) ?? 0, area = Int(row[2]) ?? 0, slotID = Int(row[3]) ?? 0
                let pokemon = Int(row[4]) ?? 0, min = Int(row[5]) ?? 0, max = Int(row[6]) ?? 0
                let held = (conditions[id] ?? []).sorted()
                guard seen.insert(Slot(version: version, area: area, slot: slotID, pokemon: pokemon, min: min, max: max, conditions: held))
                    .inserted, let slot = slots[slotID], let place = areas[area] else { continue }
                let key = Row(
                    game: versions[version] ?? "?", location: locations[place.location] ?? "?",
                    area: place.identifier.isEmpty ? nil : place.identifier, method: methods[slot.method] ?? "?", pokemon: pokemon,
                    minLevel: 0, maxLevel: 0, chance: 0, conditions: held.map { values[$0] ?? "?" })
                sums[key, default: 0] += slot.rarity
                levels[key] = (Swift.min(levels[key]?.min ?? .max, min), Swift.max(levels[key]?.max ?? 0, max))
            }
            self.rows = sums.map { key, chance in
                var row = key
                row.minLevel = levels[key]?.min ?? 0
                row.maxLevel = levels[key]?.max ?? 0
                row.chance = chance
                return row
            }
        }
    }

    static func row(_ encounter: Encounter) -> Row {
        Row(game: encounter.game, location: encounter.location, area: encounter.area, method: encounter.method,
            pokemon: encounter.pokemonID, minLevel: encounter.minLevel, maxLevel: encounter.maxLevel, chance: encounter.chance,
            conditions: encounter.conditions)
    }

    static let sample = [10, 19, 25, 129, 133, 144, 193, 201, 251, 263, 385, 403, 446, 710, 821, 891, 10091, 10161]

    @Test("Every encounter of Pokémon across the generations, ways and form kinds is PokeAPI's, in every game", arguments: sample)
    func encountersMatchTheTables(pokemon: Int) async throws {
        let expected = try Tables().rows.filter { $0.pokemon == pokemon }
        #expect(!expected.isEmpty)
        let pokedex = Pokedex(store: try CollectionStore.inMemory())
        let found = try await pokedex.encounters(pokemonIDs: [pokemon]).map(Self.row)
        #expect(found.count == Set(found).count, "each row once")
        let missing = Set(expected).subtracting(found), extra = Set(found).subtracting(expected)
        #expect(missing.isEmpty && extra.isEmpty, "missing \(missing.sorted { $0.description < $1.description }.prefix(5)), extra \(extra.sorted { $0.description < $1.description }.prefix(5))")
    }

    @Test("What lives in Viridian Forest, game by game, is PokeAPI's table: in FireRed, Pikachu 5% at levels 3–5")
    func viridianForest() async throws {
        let expected = try Tables().rows.filter { $0.location == "viridian-forest" }
        let pokedex = Pokedex(store: try CollectionStore.inMemory())
        let place = try #require(try await pokedex.places(matching: "Viridian Forest").first)
        #expect(place.identifier == "viridian-forest")
        let found = try await pokedex.encounters(locationIDs: [place.id]).map(Self.row)
        #expect(Set(found) == Set(expected))
        let firered = try #require(try await pokedex.gameGroups(matching: "firered").first)
        let pikachu = try await pokedex.encounters(locationIDs: [place.id], groupID: firered.id).filter { $0.game == "firered" && $0.pokemonID == 25 }
        #expect(pikachu.map { [$0.minLevel, $0.maxLevel, $0.chance] } == [[3, 5, 5]])
        #expect(pikachu.first?.method == "walk" && pikachu.first?.locationName == "Viridian Forest")
    }

    @Test("Places are found by PokeAPI's name or a name in any language; Route 1 is several")
    func places() async throws {
        let pokedex = Pokedex(store: try CollectionStore.inMemory(language: "ko"))
        #expect(try await pokedex.places(matching: "mossdeep-city").map(\.name) == ["이끼시티"])
        #expect(try await pokedex.places(matching: "이끼시티").map(\.identifier) == ["mossdeep-city"])
        #expect(try await pokedex.places(matching: "Forêt de Jade").map(\.identifier) == ["viridian-forest"])
        // PokeAPI names Kanto's places in English, French and German only: the names tables add
        // the games' own (Let's Go's Korean, from PKHeX's lists), and they are found by them.
        #expect(try await pokedex.places(matching: "viridian forest").map(\.name) == ["상록숲"])
        #expect(try await pokedex.places(matching: "상록숲").map(\.identifier) == ["viridian-forest"])
        #expect(try await pokedex.places(matching: "giants-cap").map(\.name) == ["거인의 모자"])
        // Places PokeAPI made up are named by mydex's rule, never in English.
        #expect(try await pokedex.places(matching: "roaming-johto").map(\.name) == ["성도 (배회)"])
        #expect(try await pokedex.places(matching: "route 1").count > 1)
        // Places PokeAPI names in no language are named in English from their identifiers.
        #expect(try await pokedex.places(matching: "kanto-pokecenter").map(\.name) == ["Kanto Pokémon Center"])
        #expect(try await pokedex.places(matching: "sinnoh-pokemart").map(\.name) == ["Sinnoh Poké Mart"])
        // Emerald's Mirage Island, and Omega Ruby's (a Mirage spot) of the same name.
        #expect(Set(try await pokedex.places(matching: "Mirage Island").map(\.identifier)) == ["mirage-island", "mirage-spot-island"])
        #expect(try await pokedex.places(matching: "nowhere at all").isEmpty)
    }

    @Test("A slot in some games of a version group only says which; a slot listed twice counts once")
    func catalogGames() async throws {
        let pokedex = Pokedex(store: try CollectionStore.inMemory())
        // Red and Blue share Viridian Forest's table: each game has Pikachu.
        let groups = Set(try await pokedex.encounters(pokemonIDs: [25]).filter { $0.location == "viridian-forest" }.map(\.game))
        #expect(groups.isSuperset(of: ["red", "blue", "firered", "leafgreen"]))
        // Ekans is Red's only, Sandshrew Blue's (Route 4).
        let ekans = Set(try await pokedex.encounters(pokemonIDs: [23]).filter { $0.versionGroup == "red-blue" }.map(\.game))
        #expect(ekans == ["red"])
        let sandshrew = Set(try await pokedex.encounters(pokemonIDs: [27]).filter { $0.versionGroup == "red-blue" }.map(\.game))
        #expect(sandshrew == ["blue"])
    }
}
