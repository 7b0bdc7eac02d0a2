import Foundation
import GRDB
import MydexCatalog
import MydexModel

extension Pokedex {
    /// Every encounter of the Pokémon `pokemonIDs` (a species' varieties, or one of them), in
    /// every game or the version group `groupID`'s: by game in release order, then place,
    /// method, and the likeliest first.
    public func encounters(pokemonIDs: [Int], groupID: Int? = nil) async throws -> [Encounter] {
        try await encounters(
            where: "e.pokemon_id IN (SELECT value FROM json_each(:pokemon))"
                + (groupID == nil ? "" : " AND e.version_group_id = :group"),
            arguments: ["pokemon": Self.jsonArray(pokemonIDs).databaseValue, "group": groupID.databaseValue])
    }

    /// What lives in the areas of the places `locationIDs` (all of a place's areas), in every
    /// game or the version group `groupID`'s: the Pokémon each area has in each version group
    /// (`encounter_areas`), then their rows there, each a seek in the table keyed by Pokémon.
    public func encounters(locationIDs: [Int], groupID: Int? = nil) async throws -> [Encounter] {
        try await encounters(
            keys: """
                SELECT p.value AS pokemon_id, ea.version_group_id, ea.area_id FROM catalog.encounter_areas ea, json_each(ea.pokemon) p
                WHERE ea.area_id IN (SELECT id FROM catalog.location_areas WHERE location_id IN (SELECT value FROM json_each(:locations)))
                """ + (groupID == nil ? "" : " AND ea.version_group_id = :group"),
            where: "1", arguments: ["locations": Self.jsonArray(locationIDs).databaseValue, "group": groupID.databaseValue])
    }

    /// Encounters: the table's rows `condition` selects, or those of the (Pokémon, version group,
    /// area) triples `keys` gives, added up.
    private func encounters(keys: String? = nil, where condition: String, arguments: [String: DatabaseValue]) async throws -> [Encounter] {
        let language = self.language
        return try await store.read { db in
            var bound = arguments
            bound["language"] = language.databaseValue
            return try Encounter.fetchAll(db, sql: """
                WITH game_bits AS MATERIALIZED (
                    -- Each game's bit in `games`: its place among its group's games, by id.
                    SELECT g.id, g.identifier, g.version_group, g.version_group_id, g.generation, g.sort_order,
                        (SELECT count(*) FROM catalog.games o WHERE o.version_group_id = g.version_group_id AND o.id < g.id) AS bit
                    FROM catalog.games g),
                found AS MATERIALIZED (
                    SELECT g.id AS game_id, e.area_id, s.method_id, e.pokemon_id, e.condition_set,
                        min(e.min_level) AS min_level, max(e.max_level) AS max_level, sum(s.rarity) AS chance
                    FROM \(keys.map { """
                        (\($0)) k CROSS JOIN catalog.encounters e ON e.pokemon_id = k.pokemon_id
                            AND e.version_group_id = k.version_group_id AND e.area_id = k.area_id
                        """ } ?? "catalog.encounters e")
                    JOIN catalog.encounter_slots s ON s.id = e.slot
                    JOIN game_bits g ON g.version_group_id = e.version_group_id AND (e.games >> g.bit) & 1
                    WHERE \(condition)
                    GROUP BY g.id, e.area_id, s.method_id, e.pokemon_id, e.condition_set)
                SELECT g.identifier AS game, \(Self.gameName("g")) AS gameName, g.version_group AS versionGroup, g.generation,
                    l.id AS locationID, l.identifier AS location, \(Self.placeName("l")) AS locationName,
                    a.id AS areaID, a.identifier AS area,
                    coalesce(
                        (SELECT name FROM catalog.location_area_names WHERE area_id = a.id AND language = :language),
                        (SELECT name FROM catalog.location_area_names WHERE area_id = a.id AND language = \(SpeciesSQL.nearestLanguage)))
                        AS areaName,
                    m.identifier AS method, f.pokemon_id AS pokemonID, p.species_id AS speciesID,
                    \(Self.pokemonName("f.pokemon_id", "p")) AS pokemonName,
                    f.min_level AS minLevel, f.max_level AS maxLevel, f.chance,
                    coalesce((SELECT json_group_array(identifier) FROM (
                        SELECT c.identifier FROM catalog.encounter_condition_sets cs
                        JOIN catalog.encounter_conditions c ON c.id = cs.condition_id
                        WHERE cs.set_id = f.condition_set ORDER BY c.id)), '[]') AS conditions
                FROM found f
                JOIN game_bits g ON g.id = f.game_id
                JOIN catalog.location_areas a ON a.id = f.area_id
                JOIN catalog.locations l ON l.id = a.location_id
                JOIN catalog.encounter_methods m ON m.id = f.method_id
                JOIN catalog.pokemon p ON p.id = f.pokemon_id
                ORDER BY g.sort_order, g.id, l.id, a.id, m.sort_order, f.chance DESC, p.species_id, f.pokemon_id, f.min_level,
                    f.condition_set
                """, arguments: StatementArguments(bound))
        }
    }

    /// The places `text` names: PokeAPI's identifier (`viridian-forest`) or a name in any
    /// language, compared as searches compare names (several: "Route 1" is in five regions).
    public func places(matching text: String) async throws -> [Place] {
        let language = self.language
        let key = SearchText.normalized(text)
        let identifier = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "-")
        return try await store.read { db in
            try Place.fetchAll(db, sql: """
                SELECT l.id, l.identifier, \(Self.placeName("l")) AS name, l.region FROM catalog.locations l
                WHERE l.identifier = :identifier
                    OR l.id IN (SELECT location_id FROM catalog.location_names WHERE key = :key AND key <> '')
                ORDER BY l.id
                """, arguments: ["identifier": identifier, "key": key, "language": language])
        }
    }

    /// Every place's names (its identifier and each language's key) with its name in the
    /// store's language: what suggestions are drawn from.
    public func placeNames() async throws -> [(name: String, keys: [String])] {
        let language = self.language
        return try await store.read { db in
            var keys: [Int: [String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT location_id, key FROM catalog.location_names") {
                keys[row["location_id"], default: []].append(row["key"])
            }
            return try Place.fetchAll(db, sql: """
                SELECT l.id, l.identifier, \(Self.placeName("l")) AS name, l.region FROM catalog.locations l ORDER BY l.id
                """, arguments: ["language": language]).map { place in
                (place.name, [SearchText.normalized(place.identifier)] + (keys[place.id] ?? []))
            }
        }
    }

    /// The names of PokeAPI's Pokémon `identifiers` (`nidoran-m`, `meowth-galar`) in the store's
    /// language, by identifier: what conditions of encounters name (a trade, a first partner).
    public func pokemonNames(identifiers: [String]) async throws -> [String: String] {
        let language = self.language
        return try await store.read { db in
            Dictionary(try Row.fetchAll(db, sql: """
                SELECT p.identifier, \(Self.pokemonName("p.id", "p")) AS name FROM catalog.pokemon p
                WHERE p.identifier IN (SELECT value FROM json_each(:identifiers))
                """, arguments: ["identifiers": Self.jsonStrings(identifiers), "language": language]).map { row -> (String, String) in
                (row["identifier"], row["name"])
            }) { first, _ in first }
        }
    }

    /// The names of the items conditions of encounters name (`helix-fossil`), in the store's
    /// language (its nearest, English), by item identifier.
    public func encounterItemNames() async throws -> [String: String] {
        try await termNames([("kind = ?", [Self.encounterItemKind])])[Self.encounterItemKind] ?? [:]
    }

    /// The term kind of the items conditions of encounters name, keyed by identifier.
    public static let encounterItemKind = "encounter-item"

    /// The term kind of the balls catching throws, keyed by item identifier (`great-ball`).
    public static let ballKind = "ball"

    /// The balls whose names the catalog keeps: every ball whose rule needs only what mydex
    /// knows (`CatchRules`), PokeAPI's item identifiers.
    public static let ballIdentifiers = [
        "poke-ball", "great-ball", "ultra-ball", "master-ball", "premier-ball", "luxury-ball", "heal-ball", "net-ball",
        "nest-ball", "repeat-ball", "quick-ball", "timer-ball", "dusk-ball", "dive-ball", "lure-ball", "heavy-ball",
        "fast-ball", "moon-ball", "level-ball", "love-ball", "friend-ball",
    ]

    /// The names of the balls (`ballIdentifiers`) in the store's language (its nearest, English),
    /// by item identifier.
    public func ballNames() async throws -> [String: String] {
        try await termNames([("kind = ?", [Self.ballKind])])[Self.ballKind] ?? [:]
    }

    /// The values each of the conditions `conditions` (`time`, `swarm`) takes in the version
    /// groups `groups` (identifiers), in PokeAPI's order: group → condition → values (`time` →
    /// morning, day, night).
    public func encounterConditionValues(groups: [String], conditions: [String]) async throws -> [String: [String: [String]]] {
        try await store.read { db in
            var values: [String: [String: [String]]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT g.identifier AS version_group, c.condition, c.identifier
                FROM catalog.encounter_group_conditions gc
                JOIN (SELECT DISTINCT version_group_id, version_group AS identifier FROM catalog.games) g
                    ON g.version_group_id = gc.version_group_id
                JOIN catalog.encounter_conditions c ON c.id = gc.condition_id
                WHERE g.identifier IN (SELECT value FROM json_each(:groups))
                    AND c.condition IN (SELECT value FROM json_each(:conditions))
                ORDER BY c.id
                """, arguments: ["groups": Self.jsonStrings(groups), "conditions": Self.jsonStrings(conditions)]) {
                values[row["version_group"], default: [:]][row["condition"], default: []].append(row["identifier"])
            }
            return values
        }
    }

    /// Every condition value with the condition it belongs to (`time-night` of `time`), in
    /// PokeAPI's order (morning, day, night).
    public func encounterConditions() async throws -> [(identifier: String, condition: String)] {
        try await store.read { db in
            try Row.fetchAll(db, sql: "SELECT identifier, condition FROM catalog.encounter_conditions ORDER BY id").map { row in
                (row["identifier"], row["condition"])
            }
        }
    }

    /// The condition values PokeAPI marks as the default of their condition (`story-progress-none`).
    public func encounterConditionDefaults() async throws -> Set<String> {
        Set(try await store.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM catalog.encounter_conditions WHERE is_default")
        })
    }

    static func jsonStrings(_ values: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(values)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// The version groups with encounters (all Pokémon), in release order.
    public func gameGroupsWithEncounters() async throws -> [GameGroup] {
        let ids = Set(try await store.read { db in
            try Int.fetchAll(db, sql: "SELECT DISTINCT version_group_id FROM catalog.encounter_areas")
        })
        return try await gameGroups(ids: ids)
    }

    /// A place's name in `:language`, its nearest, English, or its identifier in words (`l` a
    /// row of `catalog.locations`; the generator gives English names to the places PokeAPI
    /// names in no language).
    static func placeName(_ l: String) -> String {
        """
        coalesce(
            (SELECT name FROM catalog.location_names WHERE location_id = \(l).id AND language = :language),
            (SELECT name FROM catalog.location_names WHERE location_id = \(l).id AND language = \(SpeciesSQL.nearestLanguage)),
            (SELECT name FROM catalog.location_names WHERE location_id = \(l).id AND language = 'en'),
            replace(\(l).identifier, '-', ' '))
        """
    }

    /// The name of game `g` (a row with the columns of `catalog.games`) in `:language`, its
    /// nearest, English, or its identifier.
    static func gameName(_ g: String) -> String {
        """
        coalesce(
            (SELECT name FROM catalog.game_names WHERE game_id = \(g).id AND language = :language),
            (SELECT name FROM catalog.game_names WHERE game_id = \(g).id AND language = \(SpeciesSQL.nearestLanguage)),
            (SELECT name FROM catalog.game_names WHERE game_id = \(g).id AND language = 'en'),
            \(g).identifier)
        """
    }

    /// The name of PokeAPI's Pokémon `id` (its row of `catalog.pokemon` is `p`) in `:language`:
    /// its species', or for another variety its form's whole name ("Alolan Raichu"), falling
    /// back as names do.
    static func pokemonName(_ id: String, _ p: String) -> String {
        """
        coalesce(
            CASE WHEN \(p).is_default THEN NULL ELSE (
                SELECT coalesce(fl.name, fn.name, fe.name) FROM catalog.forms fo
                LEFT JOIN catalog.form_names fl ON fl.form_id = fo.id AND fl.language = :language
                LEFT JOIN catalog.form_names fn ON fn.form_id = fo.id AND fn.language = \(SpeciesSQL.nearestLanguage)
                LEFT JOIN catalog.form_names fe ON fe.form_id = fo.id AND fe.language = 'en'
                WHERE fo.pokemon_id = \(id) ORDER BY fo.sort_order, fo.id LIMIT 1) END,
            -- By key, not through the pokedex_names view: SQLite materializes the view's
            -- UNION for each row, which cost a list of encounters a fifth of its time.
            (SELECT \(SpeciesSQL.fetchedName("fs")) FROM main.fetched_species fs WHERE fs.id = \(p).species_id),
            (SELECT name FROM catalog.species_names WHERE species_id = \(p).species_id AND language = :language),
            (SELECT name FROM catalog.species_names WHERE species_id = \(p).species_id AND language = \(SpeciesSQL.nearestLanguage)),
            (SELECT name FROM catalog.species_names WHERE species_id = \(p).species_id AND language = 'en'),
            \(p).identifier)
        """
    }
}

extension Pokedex {
    /// Every game's Pokédex entry of species `speciesID` in the store's language, each text
    /// once with the games that show it, by the first of them in release order: each game's in
    /// that language, else in its nearest (kana where a game has no kanji entry); English only
    /// when PokeAPI has none in either (Czech), not for the games it lacks (Korean has entries
    /// from X and Y on).
    public func pokedexEntries(speciesID: Int) async throws -> [PokedexEntry] {
        let fallbacks = DataLanguage.fallbacks(language)
        let own = fallbacks.count > 1 ? Array(fallbacks.dropLast()) : fallbacks
        let found = try await pokedexEntries(speciesID: speciesID, languages: own)
        return found.isEmpty && own != ["en"] ? try await pokedexEntries(speciesID: speciesID, languages: ["en"]) : found
    }

    private func pokedexEntries(speciesID: Int, languages: [String]) async throws -> [PokedexEntry] {
        // Game id → (the rank of its language among the fallbacks, text, language).
        let chosen = try await store.read { db in
            var chosen: [Int: (rank: Int, text: String, language: String)] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT e.language, e.games, e.first_text, t.length, t.texts,
                    coalesce(
                        (SELECT flavor_text FROM catalog.species_texts WHERE species_id = e.species_id AND language = e.language),
                        (SELECT flavor_text FROM catalog.species_texts
                            WHERE species_id = e.species_id AND language = \(DataLanguage.nearestSQL("e.language")))) AS current
                FROM catalog.species_entries e JOIN catalog.entry_texts t ON t.language = e.language
                WHERE e.species_id = :species AND e.language IN (SELECT value FROM json_each(:languages))
                """, arguments: ["species": speciesID, "languages": Self.jsonStrings(languages)]) {
                let language: String = row["language"]
                guard let rank = languages.firstIndex(of: language),
                      let data = EntryPacking.unpack(row["texts"], length: row["length"]) else { continue }
                let groups = (row["games"] as String).split(separator: " ")
                let first: Int = row["first_text"]
                // The species' texts: its lines of its language's list.
                let texts = Array(data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                    .dropFirst(first).prefix(groups.count)).map { String(decoding: $0, as: UTF8.self) }
                let current: String? = row["current"]
                for (games, text) in zip(groups, texts) {
                    guard let shown = text.isEmpty ? current : text else { continue }
                    for game in games.split(separator: ",").compactMap({ Int($0) }) where (chosen[game]?.rank ?? .max) > rank {
                        chosen[game] = (rank, shown, language)
                    }
                }
            }
            return chosen
        }
        var entries: [PokedexEntry] = []
        for game in try await games() {
            guard let found = chosen[game.id] else { continue }
            if let index = entries.firstIndex(where: { $0.text == found.text && $0.language == found.language }) {
                entries[index].games.append(game)
            } else {
                entries.append(PokedexEntry(games: [game], text: found.text, language: found.language))
            }
        }
        return entries
    }
}
