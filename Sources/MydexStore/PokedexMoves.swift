import Foundation
import GRDB
import MydexCatalog
import MydexModel

extension Pokedex {
    /// The version groups `text` names (a game, a version group, or a game's name in any
    /// language: `games(matching:)`), each once and named whole ("Red / Blue" for `red`), in
    /// release order.
    public func gameGroups(matching text: String) async throws -> [GameGroup] {
        let named = Set(try await groups(of: try await games(matching: text)).map(\.id))
        return try await groups(of: try await games()).filter { named.contains($0.id) }
    }

    /// Every version group that has learnsets, in release order.
    public func gameGroupsWithLearnsets() async throws -> [GameGroup] {
        let ids = Set(try await store.read { db in
            try Int.fetchAll(db, sql: """
                SELECT g.version_group_id FROM (SELECT DISTINCT version_group_id FROM catalog.games) g
                WHERE EXISTS (SELECT 1 FROM catalog.learnsets l WHERE l.version_group_id = g.version_group_id)
                """)
        })
        return try await gameGroups(ids: ids)
    }

    /// Every version group, in release order.
    public func gameGroups() async throws -> [GameGroup] {
        try await groups(of: try await games())
    }

    /// The version groups whose ids are `ids`, in release order.
    func gameGroups(ids: Set<Int>) async throws -> [GameGroup] {
        try await groups(of: try await games()).filter { ids.contains($0.id) }
    }

    private func groups(of games: [Game]) async throws -> [GameGroup] {
        let ids = try await store.read { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT identifier, version_group_id FROM catalog.games").map { row -> (String, Int) in
                (row["identifier"], row["version_group_id"])
            }) { first, _ in first }
        }
        var groups: [GameGroup] = []
        for game in games {
            guard let id = ids[game.identifier] else { continue }
            if let index = groups.firstIndex(where: { $0.id == id }) {
                groups[index].name += " / " + game.name
            } else {
                groups.append(GameGroup(id: id, identifier: game.versionGroup, name: game.name, generation: game.generation))
            }
        }
        return groups
    }

    /// The version groups in which `pokemonID` has a learnset, latest first.
    public func learnsetGroups(pokemonID: Int) async throws -> [GameGroup] {
        let ids = Set(try await store.read { db in
            // A seek a version group (the table is keyed by version group first).
            try Int.fetchAll(db, sql: """
                SELECT g.version_group_id FROM (SELECT DISTINCT version_group_id FROM catalog.games) g
                WHERE EXISTS (SELECT 1 FROM catalog.learnsets l WHERE l.version_group_id = g.version_group_id AND l.pokemon_id = ?)
                """, arguments: [pokemonID])
        })
        return try await gameGroups(ids: ids).reversed()
    }

    /// What `pokemonID` learns in the version group `groupID`: level-up in the game's order,
    /// then machines by number, then every other method by the moves' names.
    public func learnset(pokemonID: Int, groupID: Int) async throws -> [LearnedMove] {
        let language = self.language
        return try await store.read { db in
            let lists = try Row.fetchAll(db, sql: """
                SELECT m.identifier AS method, ml.moves FROM catalog.learnsets l
                JOIN catalog.move_methods m ON m.id = l.method_id
                JOIN catalog.move_lists ml ON ml.id = l.list_id
                WHERE l.pokemon_id = ? AND l.version_group_id = ? ORDER BY l.method_id
                """, arguments: [pokemonID, groupID])
            var learned: [(method: String, level: Int?, move: Int)] = []
            for row in lists {
                let method: String = row["method"]
                let moves: Data = row["moves"]
                for item in LearnsetEncoding.decode(moves, levelUp: method == LearnsetEncoding.levelUpMethod) {
                    learned.append((method, item.level, item.move))
                }
            }
            let ids = Array(Set(learned.map(\.move)))
            let summaries = Dictionary(try Self.moveSummaries(db, ids: ids, language: language).map { ($0.id, $0) }) { first, _ in first }
            let machines = Dictionary(try Row.fetchAll(db, sql: """
                SELECT move_id, item FROM catalog.machines WHERE version_group_id = ? AND move_id IN (SELECT value FROM json_each(?))
                """, arguments: [groupID, Self.jsonArray(ids)]).map { row -> (Int, String) in (row["move_id"], row["item"]) }) { first, _ in first }
            let moves = learned.compactMap { item in
                summaries[item.move].map {
                    LearnedMove(method: item.method, level: item.level,
                                machine: item.method == "machine" ? machines[item.move] : nil, move: $0)
                }
            }
            return Self.ordered(moves)
        }
    }

    /// Level-up as stored (the game's order), machines by kind and number, the rest by name.
    static func ordered(_ moves: [LearnedMove]) -> [LearnedMove] {
        let methodRank = { (method: String) -> Int in
            ["level-up": 0, "machine": 1, "egg": 2, "tutor": 3][method] ?? 4
        }
        return moves.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if methodRank(x.method) != methodRank(y.method) { return methodRank(x.method) < methodRank(y.method) }
            if x.method != y.method { return x.method < y.method }
            switch x.method {
            case LearnsetEncoding.levelUpMethod: return a.offset < b.offset
            case "machine":
                let (p, q) = (MachineLabel(x.machine), MachineLabel(y.machine))
                if p != q { return p < q }
            default: break
            }
            return (x.move.name, x.move.id) < (y.move.name, y.move.id)
        }.map(\.element)
    }

    /// The moves `text` names: an identifier (`thunderbolt`) or a name in any language,
    /// compared as searches compare names; several when different moves share a name.
    public func moves(matching text: String) async throws -> [MoveSummary] {
        let language = self.language
        let key = SearchText.normalized(text)
        let identifier = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "-")
        return try await store.read { db in
            let ids = try Int.fetchAll(db, sql: """
                SELECT id FROM catalog.moves WHERE identifier = :identifier
                UNION SELECT move_id FROM catalog.move_names WHERE key = :key AND key <> ''
                """, arguments: ["identifier": identifier, "key": key])
            return try Self.moveSummaries(db, ids: ids, language: language).sorted { $0.id < $1.id }
        }
    }

    /// Every move's names (identifier and each language's key) with its name in the store's
    /// language: what suggestions are drawn from.
    public func moveNames() async throws -> [(id: Int, name: String, keys: [String])] {
        let language = self.language
        return try await store.read { db in
            let shown = Dictionary(try Self.moveSummaries(db, ids: nil, language: language).map { ($0.id, $0) }) { first, _ in first }
            var keys: [Int: [String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT move_id, key FROM catalog.move_names") {
                keys[row["move_id"], default: []].append(row["key"])
            }
            return shown.values.sorted { $0.id < $1.id }.map { summary in
                (summary.id, summary.name, [SearchText.normalized(summary.identifier)] + (keys[summary.id] ?? []))
            }
        }
    }

    /// A move's page: its figures and its effect in the store's language.
    public func moveDetail(id: Int) async throws -> MoveDetail? {
        let language = self.language
        let found = try await store.read { db -> (MoveDetail, String?)? in
            guard let summary = try Self.moveSummaries(db, ids: [id], language: language).first,
                  let row = try Row.fetchOne(db, sql: "SELECT generation, priority, effect_chance FROM catalog.moves WHERE id = ?",
                                             arguments: [id]) else { return nil }
            var detail = MoveDetail(summary: summary, generation: row["generation"], priority: row["priority"],
                                    effectChance: row["effect_chance"], effect: nil, effectGame: nil)
            // The user's language, its nearest, then English: the first that has a text.
            let text = try Row.fetchOne(db, sql: """
                SELECT effect, flavor_text, flavor_version_group FROM catalog.move_texts
                WHERE move_id = :id AND language IN (:language, \(SpeciesSQL.nearestLanguage), 'en')
                ORDER BY CASE language WHEN :language THEN 0 WHEN 'en' THEN 2 ELSE 1 END LIMIT 1
                """, arguments: ["id": id, "language": language])
            var flavorGroup: String?
            if let text {
                if let effect: String = text["effect"] {
                    detail.effect = effect
                } else if let flavor: String = text["flavor_text"] {
                    detail.effect = flavor
                    flavorGroup = text["flavor_version_group"]
                }
            }
            return (detail, flavorGroup)
        }
        guard let found else { return nil }
        var detail = found.0
        if let group = found.1 { detail.effectGame = try await gameGroups(matching: group).first }
        return detail
    }

    /// The version groups in which some Pokémon learns move `id`, latest first: each game's
    /// rows are read until one learns it.
    public func moveGroups(moveID: Int) async throws -> [GameGroup] {
        let ids = Set(try await store.read { db in
            try Int.fetchAll(db, sql: """
                SELECT g.version_group_id FROM (SELECT DISTINCT version_group_id FROM catalog.games) g
                WHERE EXISTS (
                    SELECT 1 FROM catalog.learnsets l JOIN catalog.move_lists ml ON ml.id = l.list_id
                    WHERE l.version_group_id = g.version_group_id
                        AND learnset_levels(ml.moves, l.method_id = (SELECT id FROM catalog.move_methods WHERE identifier = 'level-up'), ?)
                            IS NOT NULL)
                """, arguments: [moveID])
        })
        return try await gameGroups(ids: ids).reversed()
    }

    /// The Pokémon that learn move `id` in version group `groupID`, by method, then in
    /// Pokédex order (a species before its forms).
    public func learners(moveID: Int, groupID: Int) async throws -> [MoveLearner] {
        let language = self.language
        return try await store.read { db in
            let rows = try Row.fetchAll(db, sql: """
                WITH found AS (
                    SELECT l.pokemon_id, m.identifier AS method,
                        learnset_levels(ml.moves, m.identifier = 'level-up', :move) AS levels
                    FROM catalog.learnsets l
                    JOIN catalog.move_methods m ON m.id = l.method_id
                    JOIN catalog.move_lists ml ON ml.id = l.list_id
                    WHERE l.version_group_id = :group)
                SELECT f.pokemon_id, p.species_id, f.method, f.levels,
                    (SELECT item FROM catalog.machines WHERE version_group_id = :group AND move_id = :move) AS machine,
                    \(Self.pokemonName("f.pokemon_id", "p")) AS name
                FROM found f JOIN catalog.pokemon p ON p.id = f.pokemon_id
                WHERE f.levels IS NOT NULL
                ORDER BY CASE f.method WHEN 'level-up' THEN 0 WHEN 'machine' THEN 1 WHEN 'egg' THEN 2 WHEN 'tutor' THEN 3 ELSE 4 END,
                    f.method, p.species_id, p.id
                """, arguments: ["move": moveID, "group": groupID, "language": language])
            return try rows.map { row in
                let levels: String = row["levels"]
                return MoveLearner(
                    pokemonID: row["pokemon_id"], speciesID: row["species_id"], name: row["name"], method: row["method"],
                    levels: try JSONDecoder().decode([Int].self, from: Data(levels.utf8)),
                    machine: row["method"] == "machine" ? row["machine"] : nil)
            }
        }
    }

    /// Moves by id (all: nil) in `language`, falling back to its nearest, then English, then
    /// PokeAPI's identifier.
    static func moveSummaries(_ db: Database, ids: [Int]?, language: String) throws -> [MoveSummary] {
        try MoveSummary.fetchAll(db, sql: """
            SELECT m.id, m.identifier, coalesce(nl.name, nn.name, ne.name, m.identifier) AS name, m.type, m.damage_class,
                m.power, m.accuracy, m.pp
            FROM catalog.moves m
            LEFT JOIN catalog.move_names nl ON nl.move_id = m.id AND nl.language = :language
            LEFT JOIN catalog.move_names nn ON nn.move_id = m.id AND nn.language = \(SpeciesSQL.nearestLanguage)
            LEFT JOIN catalog.move_names ne ON ne.move_id = m.id AND ne.language = 'en'
            WHERE :all OR m.id IN (SELECT value FROM json_each(:ids))
            """, arguments: ["language": language, "all": ids == nil, "ids": jsonArray(ids ?? [])])
    }

    static func jsonArray(_ ids: [Int]) -> String { "[" + ids.map(String.init).joined(separator: ",") + "]" }
}
