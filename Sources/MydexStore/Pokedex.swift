import Foundation
import GRDB
import MydexCatalog
import MydexModel

/// The Pokédex: SQL over the read-only catalog and the species fetched from PokeAPI, joined
/// with the collection where a question involves it. Nothing is loaded that a query does not
/// return; names and types come in the store's language.
public struct Pokedex: Sendable {
    let store: CollectionStore

    public init(store: CollectionStore) { self.store = store }

    public var language: String { store.language }

    /// The whole species, or nil when neither the catalog nor the fetched data has it.
    public func species(id: Int) async throws -> Species? {
        try await store.read { db in
            try Species.fetchOne(db, sql: "SELECT * FROM (\(CatalogSchema.speciesRecords)) WHERE id = ?", arguments: [id])
        }
    }

    /// Where a species' data comes from, or nil when there is none (cheaper than the species).
    public func source(ofSpecies id: Int) async throws -> Species.Source? {
        try await store.read { db in
            try Bool.fetchOne(db, sql: "SELECT fetched_at IS NOT NULL FROM pokedex_species WHERE id = ?", arguments: [id])
                .map { $0 ? .api : .builtin }
        }
    }

    /// Whole species for the given ids (those that exist), by id.
    public func species(ids: some Collection<Int>) async throws -> [Int: Species] {
        let idList = Array(Set(ids))
        guard !idList.isEmpty else { return [:] }
        return try await store.read { db in
            let list = idList.map(String.init).joined(separator: ", ")
            let all = try Species.fetchAll(db, sql: "SELECT * FROM (\(CatalogSchema.speciesRecords)) WHERE id IN (\(list))")
            return Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Species with a name (any language, or PokeAPI's) whose search key is exactly `key`.
    public func speciesIDs(nameKey key: String) async throws -> [Int] {
        try await store.read { db in
            try Int.fetchAll(db, sql: """
                SELECT species_id FROM catalog.species_names
                WHERE key = :key AND species_id NOT IN (SELECT id FROM main.fetched_species)
                UNION SELECT f.id FROM main.fetched_species f, json_each(f.names) n WHERE search_key(n.value) = :key
                -- The catalog's PokeAPI names are lower-case letters, digits and hyphens (a
                -- test holds it to that): their key is the name without hyphens, and calling
                -- search_key on each of them cost more than the rest of `mydex dex where`.
                UNION SELECT id FROM catalog.species
                WHERE replace(name, '-', '') = :key AND id NOT IN (SELECT id FROM main.fetched_species)
                UNION SELECT id FROM main.fetched_species WHERE search_key(name) = :key
                ORDER BY 1
                """, arguments: ["key": key])
        }
    }

    /// Species whose name as shown (the store's language, else its nearest, else English)
    /// starts with `key`.
    public func speciesIDs(shownNamePrefix key: String) async throws -> [Int] {
        try await store.read { db in
            try Int.fetchAll(db, sql: """
                SELECT s.id FROM pokedex_species s
                LEFT JOIN pokedex_names l ON l.species_id = s.id AND l.language = :language
                LEFT JOIN pokedex_names n ON n.species_id = s.id AND n.language = \(SpeciesSQL.nearestLanguage)
                LEFT JOIN pokedex_names e ON e.species_id = s.id AND e.language = 'en'
                WHERE substr(coalesce(l.key, n.key, e.key, search_key(s.name)), 1, length(:key)) = :key
                ORDER BY s.id
                """, arguments: ["key": key, "language": language])
        }
    }

    /// Every name of every species with its search key, PokeAPI's own as language `api`: what
    /// "did you mean" suggestions are chosen from (only read when a lookup failed).
    public func names() async throws -> [SpeciesName] {
        try await store.read { db in
            try SpeciesName.fetchAll(db, sql: "SELECT * FROM \(SpeciesSQL.allNames) ORDER BY 1, 2")
        }
    }

    /// Species as lists show them, for the given ids, in Pokédex order.
    public func rows(ids: some Collection<Int>) async throws -> [PokedexRow] {
        let idList = Array(Set(ids))
        guard !idList.isEmpty else { return [] }
        let language = self.language
        return try await store.read { db in
            // Named arguments throughout: SQLite's statements cannot mix them with positional ones.
            var arguments: [String: (any DatabaseValueConvertible)?] = ["language": language]
            for (index, id) in idList.enumerated() { arguments["id\(index)"] = id }
            let list = idList.indices.map { ":id\($0)" }.joined(separator: ", ")
            return try PokedexRow.fetchAll(
                db, sql: Self.rowSQL(where: "s.id IN (\(list))", limit: false), arguments: StatementArguments(arguments))
        }
    }

    /// A page of the Pokédex and how many species pass the filter.
    public func page(_ filter: DexFilter) async throws -> (rows: [PokedexRow], total: Int) {
        let arguments: StatementArguments = [
            "language": language, "generation": filter.generation, "type": filter.type,
            "limit": filter.limit ?? -1, "offset": filter.offset, "pokedex": filter.pokedexID,
        ]
        let condition = Self.condition(filter)
        return try await store.read { db in
            let rows = try PokedexRow.fetchAll(db, sql: Self.rowSQL(where: condition, limit: true), arguments: arguments)
            let total = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM pokedex_species s WHERE \(condition)", arguments: arguments) ?? 0
            return (rows, total)
        }
    }

    /// The ids of the species that pass the filter (its page aside), in Pokédex order.
    public func speciesIDs(_ filter: DexFilter) async throws -> [Int] {
        let arguments: StatementArguments = ["generation": filter.generation, "type": filter.type, "pokedex": filter.pokedexID]
        return try await store.read { db in
            try Int.fetchAll(db, sql: "SELECT s.id FROM pokedex_species s WHERE \(Self.condition(filter)) ORDER BY s.id", arguments: arguments)
        }
    }

    /// The filter as an SQL condition on `pokedex_species s` (:generation, :type, :pokedex bound).
    static func condition(_ filter: DexFilter) -> String {
        var conditions = [
            "(:generation IS NULL OR s.generation = :generation)",
            "(:type IS NULL OR s.id IN (SELECT species_id FROM pokedex_types WHERE type = :type))",
            "(:pokedex IS NULL OR s.id IN (SELECT species_id FROM catalog.pokedex_numbers WHERE pokedex_id = :pokedex))",
        ]
        switch filter.caught {
        case .any: break
        case .held: conditions.append("s.id IN (SELECT species_id FROM main.registered_pokemon WHERE released_at IS NULL)")
        case .missing: conditions.append("s.id NOT IN (SELECT species_id FROM main.registered_pokemon WHERE released_at IS NULL)")
        case .neverCaught: conditions.append("s.id NOT IN (SELECT species_id FROM main.registered_pokemon)")
        }
        if let kind = filter.kind { conditions.append("s.id IN (\(kind.speciesIDsSQL))") }
        return conditions.joined(separator: " AND ")
    }

    static func rowSQL(where condition: String, limit: Bool) -> String {
        """
        WITH page AS MATERIALIZED (
            SELECT s.id FROM pokedex_species s WHERE \(condition)
            ORDER BY s.id \(limit ? "LIMIT :limit OFFSET :offset" : "")),
        \(SpeciesSQL.shown(ids: "SELECT id FROM page"))
        SELECT w.id, w.species_name, w.name, w.generation, w.type_list, w.type_name_list,
            (SELECT count(*) FROM main.registered_pokemon c WHERE c.species_id = w.id) AS caught,
            (SELECT count(*) FROM main.registered_pokemon c WHERE c.species_id = w.id AND c.released_at IS NULL) AS held
        FROM shown w ORDER BY w.id
        """
    }

    /// How many of a species the collection has.
    public func tally(speciesID: Int) async throws -> SpeciesTally {
        try await store.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT count(*) AS caught, coalesce(sum(released_at IS NULL), 0) AS held
                FROM main.registered_pokemon WHERE species_id = ?
                """, arguments: [speciesID])
            return SpeciesTally(caught: row?["caught"] ?? 0, held: row?["held"] ?? 0)
        }
    }

    /// Species whose number is `number` or one of whose names contains `key` (a search key),
    /// in Pokédex order, each with the first name that matched (by language: the store's, its
    /// nearest, English, then the rest in code order; PokeAPI's own name last).
    public func speciesMatching(key: String, number: Int?) async throws -> [(id: Int, matched: SpeciesName?)] {
        try await store.read { db in
            let matches = key.isEmpty ? [] : try SpeciesName.fetchAll(db, sql: """
                SELECT species_id, language, name, key FROM (
                    SELECT species_id, language, name, key,
                        row_number() OVER (PARTITION BY species_id ORDER BY
                            language = 'api', language <> :language, language IS NOT \(SpeciesSQL.nearestLanguage),
                            language <> 'en', form, language) AS rank
                    FROM (SELECT species_id, language, name, key, 0 AS form FROM \(SpeciesSQL.allNames)
                        -- A form's name finds its species ("alolan" finds Vulpix), after its own names.
                        UNION ALL SELECT f.species_id, n.language, n.name, n.key, 1
                        FROM catalog.form_names n JOIN catalog.forms f ON f.id = n.form_id)
                    WHERE instr(key, :key) > 0)
                WHERE rank = 1 ORDER BY species_id
                """, arguments: ["key": key, "language": language])
            var result = matches.map { (id: $0.speciesID, matched: Optional($0)) }
            if let number, !result.contains(where: { $0.id == number }),
               try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM pokedex_species WHERE id = ?)", arguments: [number]) == true {
                result.append((id: number, matched: nil))
                result.sort { $0.id < $1.id }
            }
            return result
        }
    }

    /// The held entries of these species and those whose nickname contains `key` (a search
    /// key; none when it is empty), as (species, entry) in Pokédex order, then entry order:
    /// the entries `search` shows, found in one statement rather than one per species.
    public func heldEntries(ofSpecies ids: [Int], orNicknamed key: String) async throws -> [(speciesID: Int, entryID: Int64)] {
        try await store.read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT species_id, id FROM main.caught_pokemon
                WHERE released_at IS NULL AND (species_id IN (SELECT value FROM json_each(:species))
                    OR (:key <> '' AND nickname IS NOT NULL AND instr(search_key(nickname), :key) > 0))
                ORDER BY species_id, id
                """, arguments: ["species": CollectionStore.jsonList(ids), "key": key])
            var found: [(speciesID: Int, entryID: Int64)] = []
            while let row = try rows.next() { found.append((row[0], row[1])) }
            return found
        }
    }

    /// Every type's name in every language (the catalog's, or PokeAPI's where fetched).
    public func typeNames() async throws -> [TypeName] {
        try await store.read { db in
            try TypeName.fetchAll(db, sql: "SELECT type, language, name FROM pokedex_type_names ORDER BY type, language")
        }
    }

    /// The generations that have species.
    public func generations() async throws -> [Int] {
        try await store.read { db in
            try Int.fetchAll(db, sql: "SELECT DISTINCT generation FROM pokedex_species WHERE generation IS NOT NULL ORDER BY 1")
        }
    }

    /// The species (no forms) a catch can pick from, optionally one generation only.
    public func catchCandidates(generation: Int?) async throws -> [(id: Int, captureRate: Int)] {
        try await store.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, capture_rate FROM pokedex_species
                WHERE id < :forms AND (:generation IS NULL OR generation = :generation) ORDER BY id
                """, arguments: ["generation": generation, "forms": Catalog.firstFormID])
            return rows.map { (id: $0["id"], captureRate: $0["capture_rate"]) }
        }
    }

    /// How many species (no forms) the built-in catalog has: what an offline catch picks from.
    public func builtInSpeciesCount() async throws -> Int {
        try await store.read { db in try Catalog.speciesCount(db) }
    }

    /// The catalog's content version (of the JSON Lines it was built from).
    /// What `mydex version` says of the data: the built-in Pokédex's image (its format, source
    /// and content version) and the SQLite library in use.
    public func about() async throws -> PokedexAbout {
        try await store.read { db in
            let info = try Dictionary(
                Row.fetchAll(db, sql: "SELECT key, value FROM catalog.info").map { ($0["key"] as String, $0["value"] as String) },
                uniquingKeysWith: { first, _ in first })
            return PokedexAbout(
                catalogFormat: info["format"], catalogSource: info["source"], catalogVersion: info["version"],
                sqliteVersion: try String.fetchOne(db, sql: "SELECT sqlite_version()") ?? "")
        }
    }

    public func catalogVersion() async throws -> String? {
        try await store.read { db in try Catalog.version(db) }
    }

    public func stats() async throws -> PokedexStats {
        let language = self.language
        return try await store.read { db in
            let species = try Row.fetchOne(db, sql: """
                SELECT count(*) AS total,
                    (SELECT count(DISTINCT species_id) FROM main.registered_pokemon
                     WHERE species_id IN (SELECT id FROM pokedex_species)) AS caught
                FROM pokedex_species
                """)
            let generations = try PokedexStats.Generation.fetchAll(db, sql: """
                SELECT generation, count(*) AS total,
                    sum(id IN (SELECT species_id FROM main.registered_pokemon)) AS caught
                FROM pokedex_species WHERE generation IS NOT NULL GROUP BY generation ORDER BY generation
                """)
            let collection = try Row.fetchOne(db, sql: """
                SELECT count(*) AS entries, coalesce(sum(released_at IS NULL), 0) AS held,
                    coalesce(sum(released_at IS NULL AND is_shiny), 0) AS shiny,
                    coalesce(sum(released_at IS NULL AND is_favorite), 0) AS favorites
                FROM main.caught_pokemon
                """)
            let types = try PokedexStats.TypeCount.fetchAll(db, sql: """
                SELECT t.type, coalesce(tl.name, tn.name, te.name, t.type) AS name, count(*) AS count
                FROM (
                    -- Each entry's types: its form's, for a form other than its species' own.
                    SELECT t.type FROM main.caught_pokemon c JOIN pokedex_types t ON t.species_id = c.species_id
                    WHERE c.released_at IS NULL AND c.form_id NOT IN (SELECT id FROM catalog.forms WHERE NOT species_default)
                    UNION ALL
                    SELECT ft.type FROM main.caught_pokemon c JOIN catalog.form_types ft ON ft.form_id = c.form_id
                    WHERE c.released_at IS NULL AND c.form_id IN (SELECT id FROM catalog.forms WHERE NOT species_default)) t
                LEFT JOIN pokedex_type_names tl ON tl.type = t.type AND tl.language = :language
                LEFT JOIN pokedex_type_names tn ON tn.type = t.type AND tn.language = \(SpeciesSQL.nearestLanguage)
                LEFT JOIN pokedex_type_names te ON te.type = t.type AND te.language = 'en'
                GROUP BY t.type ORDER BY count DESC, t.type
                """, arguments: ["language": language])
            let entries: Int = collection?["entries"] ?? 0
            let held: Int = collection?["held"] ?? 0
            return PokedexStats(
                speciesCaught: species?["caught"] ?? 0, speciesTotal: species?["total"] ?? 0, generations: generations,
                entries: entries, held: held, released: entries - held, shiny: collection?["shiny"] ?? 0,
                favorites: collection?["favorites"] ?? 0, types: types)
        }
    }
}

extension Pokedex {
    /// `type` (PokeAPI's name) as `dex type` shows it; nil for a type outside the games' chart.
    public func chartType(_ type: String) async throws -> PokedexType? {
        try await chartTypes([type])
    }

    /// One type of the chart, or two together (`[fire, flying]`: a Pokémon of both): nil when
    /// one is not in the chart.
    public func chartTypes(_ types: [String]) async throws -> PokedexType? {
        guard let first = types.first else { return nil }
        let list = Self.jsonStrings(types)
        return try await store.read { db in
            let chart = try TypeChart.read(db)
            guard let row = try Row.fetchOne(db, sql: """
                SELECT max(generation) AS generation, sum(move_count) AS move_count, count(*) AS known,
                    (SELECT count(*) FROM (SELECT species_id FROM pokedex_types WHERE type IN (SELECT value FROM json_each(:types))
                        GROUP BY species_id HAVING count(DISTINCT type) = :count)) AS species_count,
                    (SELECT count(*) FROM catalog.forms f WHERE NOT f.species_default
                        AND (SELECT count(DISTINCT t.type) FROM catalog.form_types t
                            WHERE t.form_id = f.id AND t.type IN (SELECT value FROM json_each(:types))) = :count
                        AND (SELECT count(DISTINCT s.type) FROM pokedex_types s
                            WHERE s.species_id = f.species_id AND s.type IN (SELECT value FROM json_each(:types))) < :count) AS form_count
                FROM catalog.types WHERE type IN (SELECT value FROM json_each(:types))
                """, arguments: ["types": list, "count": types.count]), row["known"] as Int == types.count else { return nil }
            var found = PokedexType(
                type: first, generation: row["generation"], speciesCount: row["species_count"], formCount: row["form_count"],
                moveCount: row["move_count"],
                attacking: chart.types.map { defender in
                    TypeDefense(type: defender.name, factor: types.map { chart.factor($0, against: defender.name) }.max() ?? 100)
                },
                defending: chart.defenses(of: types))
            found.types = types
            return found
        }
    }

}

extension Pokedex {
    /// Every game, in release order (by version group, then PokeAPI's id).
    public func games() async throws -> [Game] {
        try await games(where: "1", arguments: [:])
    }

    /// The games `text` names: a game's identifier (`firered`), a version group's
    /// (`firered-leafgreen`, `scarlet-violet`: all its games), or a game's name in any language
    /// (`FireRed`, `ファイアレッド`, `Rouge Feu`), compared as searches compare names.
    public func games(matching text: String) async throws -> [Game] {
        // A fan's short name (`sv`, `hgss`) stands for its identifier.
        let wanted = GameAbbreviations.identifier(for: text) ?? text.trimmingCharacters(in: .whitespaces).lowercased()
        // An identifier first: `red` is Red, though Japan's Red is named "Red" too.
        for condition in ["g.identifier = :text", "g.version_group = :text",
                          "g.id IN (SELECT game_id FROM catalog.game_names WHERE key = :key AND key <> '')"] {
            let found = try await games(where: condition, arguments: ["text": wanted, "key": SearchText.normalized(text)])
            if !found.isEmpty { return found }
        }
        return []
    }

    /// Every game's and version group's names (identifiers and each language's key), with the
    /// name to show in the store's language: what suggestions are drawn from.
    public func gameNames() async throws -> [(name: String, keys: [String])] {
        let games = try await games()
        let keys = try await store.read { db in
            var keys: [Int: [String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT game_id, key FROM catalog.game_names") {
                keys[row["game_id"], default: []].append(row["key"])
            }
            return keys
        }
        var groups: [(name: String, keys: [String])] = []
        for game in games where !groups.contains(where: { $0.name == game.versionGroup }) {
            groups.append((game.versionGroup, [SearchText.normalized(game.versionGroup)]))
        }
        for (abbreviation, identifier) in GameAbbreviations.all {
            if let index = groups.firstIndex(where: { $0.name == identifier }) { groups[index].keys.append(abbreviation) }
        }
        return games.map { game in
            let short = GameAbbreviations.all.filter { $0.value == game.identifier }.map(\.key)
            return (game.name, [SearchText.normalized(game.identifier)] + (keys[game.id] ?? []) + short)
        } + groups
    }

    private func games(where condition: String, arguments: [String: String]) async throws -> [Game] {
        let language = self.language
        return try await store.read { db in
            var bound = arguments
            bound["language"] = language
            return try Row.fetchAll(db, sql: """
                SELECT g.id, g.identifier, g.version_group, g.generation, \(Self.gameName("g")) AS name
                FROM catalog.games g WHERE \(condition) ORDER BY g.sort_order, g.id
                """, arguments: StatementArguments(bound)).map { row in
                Game(id: row["id"], identifier: row["identifier"], versionGroup: row["version_group"],
                     generation: row["generation"], name: row["name"])
            }
        }
    }
}

extension Pokedex {
    /// What each attacking type of `generation` does to PokeAPI's Pokémon `pokemonID` (of
    /// `types` in the current games), by that generation's chart and the types it had then.
    public func typeDefenses(pokemonID: Int, types: [String], generation: Int) async throws -> [TypeDefense] {
        try await store.read { db in
            let chart = try TypeChart.read(db)
            let earlier = try Row.fetchAll(db, sql: """
                SELECT until_generation, type FROM catalog.pokemon_types_past
                WHERE pokemon_id = ? AND until_generation >= ? ORDER BY until_generation, slot
                """, arguments: [pokemonID, generation])
            let then = earlier.first.map { first in
                earlier.filter { $0["until_generation"] == (first["until_generation"] as Int) }.map { $0["type"] as String }
            }
            return chart.defenses(of: then ?? types, generation: generation)
        }
    }
}
