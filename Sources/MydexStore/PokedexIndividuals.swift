import Foundation
import GRDB
import MydexCatalog
import MydexModel

extension Pokedex {
    /// What making an individual of the form `formID` needs, by the rules of `generation`,
    /// from the game `game` (PokeAPI's version identifier) where given; without one, each
    /// table's newest game of `generation` or before that has the Pokémon (its level-up moves,
    /// its wild held items, its encounter levels), as `catch` uses them. Nil when the catalog
    /// does not have the form (a species only PokeAPI knows).
    /// Without `generation`, the latest generation's rules (the newest game's).
    public func individualFacts(formID: Int, generation: Int? = nil, game: String? = nil) async throws -> IndividualFacts? {
        try await store.read { db in
            guard let generation = try generation ?? Int.fetchOne(db, sql: "SELECT max(generation) FROM catalog.games") else {
                return nil
            }
            return try Self.individualFacts(formID: formID, generation: generation, game: game, db)
        }
    }

    /// `derived: false` reads every game's learnsets and encounters even where `pokemon_wild`
    /// holds the answer (tests hold the two equal).
    static func individualFacts(
        formID: Int, generation: Int, game: String?, derived: Bool = true, _ db: Database
    ) throws -> IndividualFacts? {
        guard let form = try Row.fetchOne(db, sql: """
            SELECT f.pokemon_id, f.species_id, s.gender_rate
            FROM catalog.forms f JOIN catalog.species s ON s.id = f.species_id WHERE f.id = ?
            """, arguments: [formID]), let basis = try statBasis(formID: formID, generation: generation, db),
            let base = basis.base else { return nil }
        let pokemonID: Int = form[0], speciesID: Int = form[1]

        let abilities = try Self.abilities(pokemonID: pokemonID, generation: generation, db)

        // The games whose data applies: `game`'s, else every game up to `generation`, newest first.
        let games = try Row.fetchAll(db, sql: """
            SELECT id, identifier, version_group, version_group_id, generation FROM catalog.games
            WHERE (:game IS NULL AND generation <= :generation) OR identifier = :game
            ORDER BY sort_order DESC, id DESC
            """, arguments: ["game": game, "generation": generation])
        let groupName = Dictionary(games.map { ($0[3] as Int, $0[2] as String) }) { first, _ in first }
        var (levelUp, versionGroup): ([(level: Int, move: String)], String?) = ([], nil)
        var (levels, encounterGroup): ([ClosedRange<Int>], String?) = ([], nil)
        if derived, game == nil, generation >= games.map({ $0[4] as Int }).max() ?? 0 {
            // Every game applies: the newest learnset and encounters, derived when the catalog
            // was built (`pokemon_wild`), in one seek.
            if let row = try Row.fetchOne(db, sql: """
                SELECT learnset_version_group_id, level_up, encounter_version_group_id, encounter_levels
                FROM catalog.pokemon_wild WHERE pokemon_id = ?
                """, arguments: [pokemonID]) {
                if let group = row[0] as Int?, let moves = row[1] as Data? {
                    (levelUp, versionGroup) = (try levelUpMoves(moves, db), groupName[group])
                }
                if let group = row[2] as Int?, let json = row[3] as String? {
                    let pairs = (try? JSONDecoder().decode([[Int]].self, from: Data(json.utf8))) ?? []
                    levels = pairs.compactMap { $0.count == 2 && $0[0] <= $0[1] ? $0[0]...$0[1] : nil }
                    encounterGroup = groupName[group]
                }
            }
        } else {
            var checkedGroups: Set<Int> = []
            for row in games where checkedGroups.insert(row[3]).inserted {
                guard let moves = try Data.fetchOne(db, sql: """
                    SELECT ml.moves FROM catalog.learnsets l JOIN catalog.move_methods m ON m.id = l.method_id
                    JOIN catalog.move_lists ml ON ml.id = l.list_id
                    WHERE l.version_group_id = ? AND l.pokemon_id = ? AND m.identifier = ?
                    """, arguments: [row[3], pokemonID, LearnsetEncoding.levelUpMethod]) else { continue }
                (levelUp, versionGroup) = (try levelUpMoves(moves, db), row[2])
                break
            }
            // Encounter levels, one seek by Pokémon (the table is keyed by it first), then the
            // newest of the games that apply.
            var levelsByGroup: [Int: [ClosedRange<Int>]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT DISTINCT version_group_id, min_level, max_level FROM catalog.encounters WHERE pokemon_id = ?
                ORDER BY version_group_id, min_level, max_level
                """, arguments: [pokemonID]) {
                let (low, high) = (row[1] as Int, row[2] as Int)
                if low >= 1, low <= high, high <= 100 { levelsByGroup[row[0], default: []].append(low...high) }
            }
            if let row = games.first(where: { levelsByGroup[$0[3]] != nil }) {
                (levels, encounterGroup) = (levelsByGroup[row[3]] ?? [], row[2])
            }
        }
        // Held items, one seek by Pokémon, then the newest of the games that apply.
        var itemsByGame: [Int: [(item: String, rarity: Int)]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT h.game_id, i.identifier, h.rarity FROM catalog.pokemon_items h JOIN catalog.items i ON i.id = h.item
            WHERE h.pokemon_id = ? ORDER BY h.game_id, h.item
            """, arguments: [pokemonID]) {
            itemsByGame[row[0], default: []].append((row[1], row[2]))
        }
        var (heldItems, heldItemGame): ([(item: String, rarity: Int)], String?) = ([], nil)
        if let row = games.first(where: { itemsByGame[$0[0]] != nil }) { (heldItems, heldItemGame) = (itemsByGame[row[0]] ?? [], row[1]) }
        let natures = try String.fetchAll(db, sql: "SELECT identifier FROM catalog.natures ORDER BY game_index")
        return IndividualFacts(
            speciesID: speciesID, pokemonID: pokemonID, generation: generation, genderRate: form[2] ?? -1, base: base,
            abilities: abilities, levelUpMoves: levelUp, versionGroup: versionGroup, heldItems: heldItems,
            heldItemGame: heldItemGame, encounterLevels: levels, encounterGroup: encounterGroup,
            // The rule level only where no encounter gives one (it reads the evolution chain).
            ruleLevel: levels.isEmpty ? try ruleLevel(speciesID: speciesID, db) : levels[0].lowerBound, isShedinja: basis.isShedinja,
            natures: natures)
    }

    /// A level-up learnset's moves (`LearnsetEncoding`) with their identifiers, in its order.
    static func levelUpMoves(_ encoded: Data, _ db: Database) throws -> [(level: Int, move: String)] {
        let learned = LearnsetEncoding.decode(encoded, levelUp: true)
        let names = Dictionary(try Row.fetchAll(
            db, sql: "SELECT id, identifier FROM catalog.moves WHERE id IN (SELECT value FROM json_each(?))",
            arguments: [Self.jsonArray(learned.map(\.move))]).map { ($0[0] as Int, $0[1] as String) }) { first, _ in first }
        return learned.compactMap { item in names[item.move].map { (item.level ?? 1, $0) } }
    }

    /// The base stats of the form `formID` in `generation`: its Pokémon's, each stat as the
    /// first of `pokemon_stats_past` that still held then (generation 1: the Special in both
    /// special stats). Nil when the catalog lacks the form.
    static func statBasis(formID: Int, generation: Int, _ db: Database) throws -> StatBasis? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT p.id, p.hp, p.attack, p.defense, p.special_attack, p.special_defense, p.speed, p.identifier
            FROM catalog.forms f JOIN catalog.pokemon p ON p.id = f.pokemon_id WHERE f.id = ?
            """, arguments: [formID]) else { return nil }
        guard let hp = row[1] as Int?, let attack = row[2] as Int?, let defense = row[3] as Int?,
              let specialAttack = row[4] as Int?, let specialDefense = row[5] as Int?, let speed = row[6] as Int?
        else { return StatBasis(base: nil, isShedinja: false) }
        var base = StatValues(
            hp: hp, attack: attack, defense: defense, specialAttack: specialAttack, specialDefense: specialDefense, speed: speed)
        var special = false
        for past in try Row.fetchAll(db, sql: """
            SELECT stat, base FROM catalog.pokemon_stats_past WHERE pokemon_id = ? AND until_generation >= ?
            ORDER BY until_generation DESC
            """, arguments: [row[0], generation]) {
            let value: Int = past[1]
            switch past[0] as String {
            case "special":
                (base.specialAttack, base.specialDefense, special) = (value, value, true)
            case let stat: if let kind = StatKind(rawValue: stat) { base[kind] = value }
            }
        }
        if generation == 1, !special { base.specialDefense = base.specialAttack }
        return StatBasis(base: base, isShedinja: (row[7] as String) == "shedinja")
    }

    /// Each nature's effect, by identifier.
    static func natureEffects(_ db: Database) throws -> [String: NatureEffect] {
        Dictionary(try Row.fetchAll(db, sql: "SELECT identifier, increased_stat, decreased_stat FROM catalog.natures").map {
            ($0[0] as String, NatureEffect(raised: StatKind(rawValue: $0[1]), lowered: StatKind(rawValue: $0[2])))
        }) { first, _ in first }
    }

    /// The level mydex gives a Pokémon never met in the wild in the games' data: the level its
    /// line first evolves into it by levelling up (at least 5); a first stage 5, or 50 for a
    /// legendary or mythical one.
    static func ruleLevel(speciesID: Int, _ db: Database) throws -> Int {
        var level = 5
        var id: Int? = speciesID
        var seen: Set<Int> = []
        while let current = id, seen.insert(current).inserted {
            guard let row = try Row.fetchOne(
                db, sql: "SELECT evolves_from, evolution, legendary OR mythical FROM catalog.species WHERE id = ?",
                arguments: [current]) else { break }
            let evolution = (row[1] as String?).flatMap { try? JSONDecoder().decode([Species.Evolution].self, from: Data($0.utf8)) }
            if let levels = evolution?.compactMap(\.minLevel), let lowest = levels.min() { level = max(level, lowest) }
            if row[0] == nil, row[2] as Bool { level = max(level, 50) }
            id = row[0]
        }
        return level
    }

    /// Every nature with its name in the store's language and its effect, by index in the games.
    public func natures() async throws -> [NatureInfo] {
        let names = try await termNames([("kind = 'nature'", [])])["nature"] ?? [:]
        return try await store.read { db in
            try Row.fetchAll(db, sql: """
                SELECT identifier, game_index, increased_stat, decreased_stat FROM catalog.natures ORDER BY game_index
                """).map { row in
                    let identifier: String = row[0]
                    return NatureInfo(
                        identifier: identifier, name: names[identifier] ?? identifier,
                        effect: NatureEffect(
                            raised: StatKind(rawValue: row[2]), lowered: StatKind(rawValue: row[3])),
                        gameIndex: row[1])
                }
        }
    }
}

extension Pokedex {
    /// The words of an entry's individual and origin in the store's language.
    public func individualWords(_ individual: Individual?, origin: EntryOrigin?) async throws -> IndividualWords {
        let language = self.language
        var itemID: Int?
        if let item = individual?.heldItem {
            itemID = try await store.read { db in try Int.fetchOne(db, sql: "SELECT id FROM catalog.items WHERE identifier = ?", arguments: [item]) }
        }
        var reads: [(condition: String, arguments: [String])] = [("kind = 'stat'", [])]
        if let ability = individual?.ability { reads.append(("kind = 'ability' AND term = ?", [ability])) }
        if let id = individual?.characteristicID { reads.append(("kind = 'characteristic' AND term = ?", [String(id)])) }
        if let itemID { reads.append(("kind = 'item' AND term = ?", [String(itemID)])) }
        if let ball = origin?.ball { reads.append(("kind = ? AND term = ?", [Self.ballKind, ball])) }
        let terms = try await termNames(reads)
        let moves = individual?.moves ?? []
        let moveNames = try await store.read { db in
            let ids = try Int.fetchAll(db, sql: """
                SELECT id FROM catalog.moves WHERE identifier IN (SELECT value FROM json_each(?))
                """, arguments: [Self.jsonStrings(moves)])
            return Dictionary(try Self.moveSummaries(db, ids: ids, language: language).map { ($0.identifier, $0.name) }) { first, _ in first }
        }
        var (nature, game): (NatureInfo?, String?) = (nil, nil)
        if let identifier = individual?.nature { nature = try await natures().first { $0.identifier == identifier } }
        if let identifier = origin?.game { game = try await games().first { $0.identifier == identifier }?.name ?? identifier }
        var statNames: [StatKind: String] = [:]
        for stat in StatKind.allCases { statNames[stat] = terms["stat"]?[stat.rawValue] ?? stat.rawValue }
        return IndividualWords(
            nature: nature, ability: individual?.ability.map { terms["ability"]?[$0] ?? $0 },
            characteristic: individual?.characteristicID.flatMap { terms["characteristic"]?[String($0)] },
            moves: moves.map { moveNames[$0] ?? $0 },
            heldItem: individual?.heldItem.map { item in itemID.flatMap { terms["item"]?[String($0)] } ?? item },
            statNames: statNames, game: game, ball: origin?.ball.map { terms[Self.ballKind]?[$0] ?? $0 })
    }
}

extension Pokedex {
    /// The natures, abilities or items a Pokémon can hold, each with its name in the store's
    /// language and every key it is found by (its identifier, and its name in every language,
    /// as searches compare names): what `--nature`, `--ability` and `--held-item` take.
    public func individualTerms(_ kind: IndividualTermKind) async throws -> [(identifier: String, name: String, keys: [String])] {
        let names = try await termNames([("kind = ?", [kind.rawValue])])[kind.rawValue] ?? [:]
        return try await store.read { db in
            let identifiers: [String: String]  // term → identifier
            switch kind {
            case .nature:
                identifiers = Dictionary(try String.fetchAll(db, sql: "SELECT identifier FROM catalog.natures").map { ($0, $0) }) { a, _ in a }
            case .ability:
                identifiers = Dictionary(try String.fetchAll(db, sql: "SELECT DISTINCT term FROM catalog.term_names WHERE kind = 'ability'")
                    .map { ($0, $0) }) { a, _ in a }
            case .item:
                identifiers = Dictionary(try Row.fetchAll(db, sql: "SELECT id, identifier FROM catalog.items").map {
                    (String($0[0] as Int), $0[1] as String)
                }) { a, _ in a }
            }
            var keys: [String: [String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT term, name FROM catalog.term_names WHERE kind = ?", arguments: [kind.rawValue]) {
                keys[row[0], default: []].append(SearchText.normalized(row[1]))
            }
            return identifiers.map { term, identifier in
                (identifier, names[term] ?? identifier, [SearchText.normalized(identifier)] + (keys[term] ?? []))
            }.sorted { $0.identifier < $1.identifier }
        }
    }
}

/// What `Pokedex.individualTerms` lists.
public enum IndividualTermKind: String, Sendable {
    case nature, ability, item
}

extension Pokedex {
    /// The form's base stats in `generation` (`statBasis`), nil when the catalog lacks them.
    public func statBasis(formID: Int, generation: Int) async throws -> StatBasis? {
        try await store.read { db in try Self.statBasis(formID: formID, generation: generation, db) }
    }

    /// The newest generation of the games.
    public func latestGeneration() async throws -> Int {
        try await store.read { db in try Int.fetchOne(db, sql: "SELECT max(generation) FROM catalog.games") ?? 9 }
    }
}

extension Pokedex {
    /// The characteristic whose text in any language is `text` (compared as searches compare).
    public func characteristic(matching text: String) async throws -> (stat: StatKind, geneMod5: Int)? {
        let key = SearchText.normalized(text)
        return try await store.read { db in
            for row in try Row.fetchAll(db, sql: """
                SELECT c.stat, c.gene_mod_5, t.name FROM catalog.characteristics c
                JOIN catalog.term_names t ON t.kind = 'characteristic' AND t.term = CAST(c.id AS TEXT)
                """) where SearchText.normalized(row[2]) == key {
                if let stat = StatKind(rawValue: row[0]) { return (stat, row[1]) }
            }
            return nil
        }
    }
}

extension Pokedex {
    /// The six stats' names in the store's language (as its games write them).
    public func statNames() async throws -> [StatKind: String] {
        let names = try await termNames([("kind = 'stat'", [])])["stat"] ?? [:]
        var result: [StatKind: String] = [:]
        for stat in StatKind.allCases { result[stat] = names[stat.rawValue] ?? stat.rawValue }
        return result
    }
}

extension Pokedex {
    /// Every nature, ability, item, move, characteristic and stat name in the store's language.
    public func individualWordBook() async throws -> IndividualWordBook {
        let natures = Dictionary(try await natures().map { ($0.identifier, $0) }) { a, _ in a }
        let language = self.language
        let (moves, itemIdentifiers) = try await store.read { db in
            (Dictionary(try Self.moveSummaries(db, ids: nil, language: language).map { ($0.identifier, $0.name) }) { a, _ in a },
             Dictionary(try Row.fetchAll(db, sql: "SELECT id, identifier FROM catalog.items").map {
                 (String($0[0] as Int), $0[1] as String)
             }) { a, _ in a })
        }
        // Names alone (the term lookups' search keys are not needed here); items by id.
        let terms = try await termNames([("kind IN ('ability', 'item', 'characteristic')", [])])
        let items = Dictionary((terms["item"] ?? [:]).compactMap { id, name in itemIdentifiers[id].map { ($0, name) } }) { a, _ in a }
        let characteristics = terms["characteristic"] ?? [:]
        var book = IndividualWordBook(
            natures: natures, abilities: terms["ability"] ?? [:], items: items, moves: moves,
            characteristics: Dictionary(characteristics.compactMap { key, value in Int(key).map { ($0, value) } }) { a, _ in a },
            statNames: try await statNames())
        book.games = Dictionary(try await games().map { ($0.identifier, $0.name) }) { a, _ in a }
        book.places = try await placeNames(ofSavedEntries: true)
        return book
    }
}
