import Foundation
import GRDB
import MydexCatalog
import MydexModel

extension Pokedex {
    /// Languages the games of generations 1–3 were released in (their species' names in
    /// capitals are what an un-nicknamed Pokémon is called).
    static let saveLanguages = ["en", "fr", "de", "it", "es", "ja-hrkt", "ja", "ko"]

    /// What reading a save of `generation` needs, for the numbers it holds: one read.
    public func saveFacts(
        generation: Int, speciesIndices: Set<Int>, moveIDs: Set<Int>, itemIndices: Set<Int>, locationIndices: Set<Int>,
        formIdentifiers: Set<String>
    ) async throws -> SaveFacts {
        try await store.read { db in
            func indices(_ kind: String, _ numbers: Set<Int>) throws -> [Int: String] {
                Dictionary(try Row.fetchAll(db, sql: """
                    SELECT game_index, identifier FROM catalog.game_indices
                    WHERE kind = ? AND generation = ? AND game_index IN (SELECT value FROM json_each(?))
                    """, arguments: [kind, generation, Self.jsonArray(numbers.sorted())]).map { ($0[0] as Int, $0[1] as String) }
                ) { first, _ in first }
            }
            var species: [Int: SaveFacts.SavedSpecies] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT g.game_index, p.id, p.species_id, s.name, f.id, s.gender_rate, s.growth_rate,
                    (SELECT json_group_array(upper(n.name)) FROM catalog.species_names n
                     WHERE n.species_id = s.id AND n.language IN (SELECT value FROM json_each(?)))
                FROM catalog.game_indices g JOIN catalog.pokemon p ON p.identifier = g.identifier
                JOIN catalog.species s ON s.id = p.species_id
                JOIN catalog.forms f ON f.pokemon_id = p.id AND f.species_default
                WHERE g.kind = 'pokemon' AND g.generation = ? AND g.game_index IN (SELECT value FROM json_each(?))
                """, arguments: [Self.jsonStrings(Self.saveLanguages), generation, Self.jsonArray(speciesIndices.sorted())]) {
                let pokemonID: Int = row[1], formID: Int = row[4]
                guard let basis = try Self.statBasis(formID: formID, generation: generation, db) else { continue }
                let names = (try? JSONDecoder().decode([String].self, from: Data((row[7] as String? ?? "[]").utf8))) ?? []
                species[row[0]] = SaveFacts.SavedSpecies(
                    pokemonID: pokemonID, speciesID: row[2], identifier: row[3], formID: formID, genderRate: row[5] ?? -1,
                    growthRate: row[6], abilities: try Self.abilities(pokemonID: pokemonID, generation: generation, db),
                    basis: basis, capitalNames: Set(names))
            }
            let moves = Dictionary(try Row.fetchAll(
                db, sql: "SELECT id, identifier FROM catalog.moves WHERE id IN (SELECT value FROM json_each(?))",
                arguments: [Self.jsonArray(moveIDs.sorted())]).map { ($0[0] as Int, $0[1] as String) }) { first, _ in first }
            let forms = Dictionary(try Row.fetchAll(
                db, sql: "SELECT identifier, id FROM catalog.forms WHERE identifier IN (SELECT value FROM json_each(?))",
                arguments: [Self.jsonStrings(formIdentifiers.sorted())]).map { ($0[0] as String, $0[1] as Int) }) { first, _ in first }
            let natures = Dictionary(try Row.fetchAll(db, sql: "SELECT game_index, identifier FROM catalog.natures")
                .map { ($0[0] as Int, $0[1] as String) }) { first, _ in first }
            let effects = try Self.natureEffects(db)
            var experience: [String: [Int]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT growth_rate, experience FROM catalog.experience ORDER BY growth_rate, level") {
                experience[row[0], default: []].append(row[1])
            }
            var formBases: [String: StatBasis] = [:]
            for (identifier, id) in forms { formBases[identifier] = try Self.statBasis(formID: id, generation: generation, db) }
            var facts = SaveFacts(
                generation: generation, species: species, moves: moves, items: try indices("item", itemIndices),
                locations: try indices("location", locationIndices), forms: forms, natures: natures, natureEffects: effects,
                experience: experience)
            facts.formBases = formBases
            return facts
        }
    }

    /// A Pokémon's abilities in `generation` by the games' slots: the catalog keeps its
    /// abilities in order (its `slot` counts them), PokeAPI's earlier generations by the games'
    /// slot, 3 the hidden one.
    static func abilities(pokemonID: Int, generation: Int, _ db: Database) throws -> [Int: Species.Ability] {
        var abilities: [Int: Species.Ability] = [:]
        var nextSlot = 1
        for row in try Row.fetchAll(db, sql: """
            SELECT ability, hidden FROM catalog.pokemon_abilities WHERE pokemon_id = ? ORDER BY slot
            """, arguments: [pokemonID]) {
            let ability = Species.Ability(name: row[0], hidden: row[1])
            if ability.hidden {
                abilities[3] = ability
            } else {
                abilities[nextSlot] = ability
                nextSlot += 1
            }
        }
        for row in try Row.fetchAll(db, sql: """
            SELECT slot, ability, hidden FROM catalog.pokemon_abilities_past WHERE pokemon_id = ? AND until_generation >= ?
            ORDER BY until_generation DESC
            """, arguments: [pokemonID, generation]) {
            abilities[row[0]] = (row[1] as String?).map { Species.Ability(name: $0, hidden: row[2]) }
        }
        return abilities
    }
}

extension Pokedex {
    /// A place's name (PokeAPI's location identifier) in the store's language, else its
    /// nearest, else English; nil when the catalog has no such place.
    public func placeName(_ identifier: String) async throws -> String? {
        try await placeNames(ofSavedEntries: false, [identifier])[identifier]
    }

    /// The names of places by identifier, as `placeName`; with `ofSavedEntries`, of every place
    /// the collection's entries from a game's file were met in (an export's word book).
    func placeNames(ofSavedEntries: Bool, _ identifiers: [String] = []) async throws -> [String: String] {
        let language = self.language
        let wanted = ofSavedEntries
            ? "SELECT DISTINCT met_location FROM main.caught_pokemon WHERE identity IS NOT NULL AND met_location IS NOT NULL"
            : "SELECT value FROM json_each(:identifiers)"
        return try await store.read { db in
            var names: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT l.identifier, coalesce(
                    (SELECT name FROM catalog.location_names WHERE location_id = l.id AND language = :language),
                    (SELECT name FROM catalog.location_names WHERE location_id = l.id AND language = \(SpeciesSQL.nearestLanguage)),
                    (SELECT name FROM catalog.location_names WHERE location_id = l.id AND language = 'en'))
                FROM catalog.locations l WHERE l.identifier IN (\(wanted))
                """, arguments: ["language": language, "identifiers": Self.jsonStrings(identifiers)]) {
                if let name = row[1] as String? { names[row[0]] = name }
            }
            return names
        }
    }

    /// The names, in the store's language (else its nearest, else English), of the species and forms a save's
    /// Pokémon are: forms by their full name ("Unown I", "Speed Deoxys").
    public func savedNames(speciesIDs: Set<Int>, formIDs: Set<Int>) async throws -> (species: [Int: String], forms: [Int: String]) {
        let language = self.language
        return try await store.read { db in
            func names(_ table: String, _ column: String, _ ids: Set<Int>) throws -> [Int: String] {
                Dictionary(try Row.fetchAll(db, sql: """
                    SELECT t.\(column), coalesce(
                        (SELECT name FROM catalog.\(table) WHERE \(column) = t.\(column) AND language = :language),
                        (SELECT name FROM catalog.\(table) WHERE \(column) = t.\(column) AND language = \(SpeciesSQL.nearestLanguage)),
                        (SELECT name FROM catalog.\(table) WHERE \(column) = t.\(column) AND language = 'en'))
                    FROM (SELECT value AS \(column) FROM json_each(:ids)) t
                    """, arguments: ["ids": Self.jsonArray(ids.sorted()), "language": language]).compactMap { row in
                    (row[1] as String?).map { (row[0] as Int, $0) }
                }) { first, _ in first }
            }
            return (try names("species_names", "species_id", speciesIDs), try names("form_names", "form_id", formIDs))
        }
    }
}
