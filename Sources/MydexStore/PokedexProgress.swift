import Foundation
import GRDB
import MydexCatalog
import MydexModel

extension Pokedex {
    /// Every Pokédex of the games, in PokeAPI's order (the national one first).
    public func gamePokedexes() async throws -> [GamePokedex] {
        let language = self.language
        return try await store.read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.id, p.identifier, p.region, p.main_series, p.size,
                    coalesce(l.name, n.name, e.name, p.identifier) AS name
                FROM catalog.pokedexes p
                LEFT JOIN catalog.pokedex_names l ON l.pokedex_id = p.id AND l.language = :language
                LEFT JOIN catalog.pokedex_names n ON n.pokedex_id = p.id AND n.language = \(SpeciesSQL.nearestLanguage)
                LEFT JOIN catalog.pokedex_names e ON e.pokedex_id = p.id AND e.language = 'en'
                ORDER BY p.id
                """, arguments: ["language": language]).map { row in
                GamePokedex(
                    id: row["id"], identifier: row["identifier"], region: row["region"], mainSeries: row["main_series"],
                    name: row["name"], size: row["size"])
            }
        }
    }

    /// The Pokédexes whose identifier or name (any language) is `text`, as searches compare;
    /// else those whose identifier or name contains it (`johto`: the original and updated one).
    public func gamePokedexes(matching text: String) async throws -> [GamePokedex] {
        let key = SearchText.normalized(text)
        guard !key.isEmpty else { return [] }
        let all = try await gamePokedexes()
        let names = try await store.read { db in
            try Row.fetchAll(db, sql: "SELECT pokedex_id, key FROM catalog.pokedex_names")
                .map { ($0["pokedex_id"] as Int, $0["key"] as String) }
        }
        func keys(_ dex: GamePokedex) -> [String] {
            [SearchText.normalized(dex.identifier)] + names.filter { $0.0 == dex.id }.map(\.1)
        }
        let exact = all.filter { keys($0).contains(key) }
        return exact.isEmpty ? all.filter { keys($0).contains { $0.contains(key) } } : exact
    }

    /// The Pokédexes the games of `versionGroup` use (`scarlet-violet`: Paldea's), the national
    /// one left out, in PokeAPI's order: the first is the one the games open with.
    public func pokedexes(ofVersionGroup versionGroup: String) async throws -> [GamePokedex] {
        let ids = try await store.read { db in
            try Int.fetchAll(db, sql: """
                SELECT pokedex_id FROM catalog.pokedex_version_groups
                WHERE version_group = ? AND pokedex_id <> \(GamePokedex.nationalID) ORDER BY pokedex_id
                """, arguments: [versionGroup])
        }
        return try await gamePokedexes().filter { ids.contains($0.id) }
    }

    /// How much of each Pokédex in `pokedexes` the collection holds, counted in SQL.
    public func progress(of pokedexes: [GamePokedex], _ query: ProgressQuery) async throws -> [DexProgress] {
        let held = "SELECT DISTINCT \(query.forms ? "form_id" : "species_id") AS id FROM main.registered_pokemon"
            + " WHERE released_at IS NULL" + (query.shiny ? " AND is_shiny" : "")
        // A slot: a species of the Pokédex, or (with forms) each of its species' collectible forms.
        let slots = query.forms
            ? "SELECT f.id, f.species_id FROM catalog.forms f WHERE NOT f.battle_only"
            : "SELECT id, id AS species_id FROM catalog.species"
        return try await store.read { db in
            let counts = try Row.fetchAll(db, sql: """
                WITH slot AS MATERIALIZED (\(slots)), held AS MATERIALIZED (\(held))
                SELECT n.pokedex_id, count(*) AS total, count(h.id) AS caught
                FROM (SELECT DISTINCT pokedex_id, species_id FROM catalog.pokedex_numbers
                      WHERE pokedex_id IN (\(pokedexes.map { String($0.id) }.joined(separator: ", ")))) n
                JOIN slot s ON s.species_id = n.species_id
                LEFT JOIN held h ON h.id = s.id
                GROUP BY n.pokedex_id
                """)
            let byDex = Dictionary(counts.map { ($0["pokedex_id"] as Int, (total: $0["total"] as Int, caught: $0["caught"] as Int)) }) { a, _ in a }
            var generations: [(generation: Int, caught: Int, total: Int)] = []
            if pokedexes.contains(where: { $0.id == GamePokedex.nationalID }) {
                generations = try Row.fetchAll(db, sql: """
                    WITH slot AS MATERIALIZED (\(slots)), held AS MATERIALIZED (\(held))
                    SELECT sp.generation, count(*) AS total, count(h.id) AS caught
                    FROM slot s JOIN catalog.species sp ON sp.id = s.species_id
                    LEFT JOIN held h ON h.id = s.id
                    WHERE sp.generation IS NOT NULL
                    GROUP BY sp.generation ORDER BY sp.generation
                    """).map { (generation: $0["generation"], caught: $0["caught"], total: $0["total"]) }
            }
            return pokedexes.map { dex in
                let count = byDex[dex.id] ?? (0, 0)
                return DexProgress(
                    pokedex: dex, caught: count.caught, total: count.total,
                    generations: dex.id == GamePokedex.nationalID ? generations : [])
            }
        }
    }
}

extension Pokedex {
    /// Every slot of `pokedex` in its order, with what the collection holds: a living dex's
    /// boxes (30 a box, as the games' and pokedextracker's).
    public func slots(of pokedex: GamePokedex) async throws -> [DexSlot] {
        let language = self.language
        return try await store.read { db in
            try Row.fetchAll(db, sql: """
                WITH held AS MATERIALIZED (
                    SELECT species_id, count(*) AS held, sum(is_shiny) AS shiny FROM main.registered_pokemon
                    WHERE released_at IS NULL GROUP BY species_id),
                \(SpeciesSQL.shown(ids: "SELECT species_id AS id FROM catalog.pokedex_numbers WHERE pokedex_id = :dex"))
                SELECT n.number, n.species_id, coalesce(w.species_name, 'species-' || n.species_id) AS species_name,
                    coalesce(w.name, '#' || n.species_id) AS name, coalesce(h.held, 0) AS held, coalesce(h.shiny, 0) AS shiny
                FROM catalog.pokedex_numbers n
                LEFT JOIN shown w ON w.id = n.species_id
                LEFT JOIN held h ON h.species_id = n.species_id
                WHERE n.pokedex_id = :dex
                ORDER BY n.number, n.species_id
                """, arguments: ["dex": pokedex.id, "language": language]).map { row in
                DexSlot(
                    number: row["number"], speciesID: row["species_id"], speciesName: row["species_name"], name: row["name"],
                    held: row["held"], shinyHeld: row["shiny"])
            }
        }
    }

    /// The national Pokédex.
    public func nationalPokedex() async throws -> GamePokedex? {
        try await gamePokedexes().first { $0.id == GamePokedex.nationalID }
    }
}

extension Pokedex {
    /// What catching `entry` completed: nothing unless it is the only held one of its species
    /// (a species already held completes nothing new).
    public func milestones(completedBy entry: CollectionEntry, boxSize: Int = 30) async throws -> CatchMilestones {
        let speciesID = entry.speciesID
        let first = (speciesID - 1) / boxSize * boxSize + 1
        let (heldOfSpecies, dexIDs, boxHeld, boxSlots) = try await store.read { db in
            let held = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM main.registered_pokemon WHERE species_id = ? AND released_at IS NULL
                """, arguments: [speciesID]) ?? 0
            // The game Pokédexes listing the species whose every species is held: only they can
            // be complete, and only they are counted in full (form by form, as `progress` does).
            // A Pokédex's search stops at its first species not held: in a collection far from
            // complete, at once (counting every species of each Pokédex took a sixth of a catch).
            let dexes = try Int.fetchAll(db, sql: """
                SELECT p.id FROM catalog.pokedexes p
                WHERE p.main_series AND p.id IN (SELECT pokedex_id FROM catalog.pokedex_numbers WHERE species_id = ?)
                    AND NOT EXISTS (
                        SELECT 1 FROM catalog.pokedex_numbers n WHERE n.pokedex_id = p.id AND NOT EXISTS (
                            SELECT 1 FROM main.registered_pokemon c WHERE c.species_id = n.species_id AND c.released_at IS NULL))
                ORDER BY 1
                """, arguments: [speciesID])
            let slots = try Int.fetchOne(db, sql: "SELECT count(*) FROM catalog.species WHERE id BETWEEN ? AND ?",
                                         arguments: [first, first + boxSize - 1]) ?? 0
            let boxHeld = try Int.fetchOne(db, sql: """
                SELECT count(DISTINCT species_id) FROM main.registered_pokemon
                WHERE released_at IS NULL AND species_id BETWEEN ? AND ?
                """, arguments: [first, first + boxSize - 1]) ?? 0
            return (held, dexes, boxHeld, slots)
        }
        var milestones = CatchMilestones()
        guard heldOfSpecies == 1 else { return milestones }
        if !dexIDs.isEmpty {
            let dexes = try await gamePokedexes().filter { dexIDs.contains($0.id) }
            milestones.pokedexes = try await progress(of: dexes, ProgressQuery())
                .filter { $0.total > 0 && $0.caught == $0.total }.map(\.pokedex)
        }
        if boxSlots > 0, boxHeld == boxSlots {
            milestones.box = ((speciesID - 1) / boxSize + 1, first, first + boxSlots - 1)
        }
        return milestones
    }
}
