import Foundation
import GRDB
import MydexCatalog
import MydexModel

extension CollectionStore {
    /// The pending encounter, if there is one.
    public func pendingEncounter() async throws -> (encounter: WildEncounter, throwsMade: [BallThrow])? {
        try await read { db in
            guard let encounter = try WildEncounter.fetchOne(db, sql: "SELECT * FROM encounters WHERE outcome = 'pending'") else {
                return nil
            }
            return (encounter, try Self.throwsMade(encounter.id, db))
        }
    }

    /// Starts `encounter`; one pending before it flees (returned).
    public func startEncounter(_ encounter: WildEncounter, at date: Date) async throws -> (started: WildEncounter, fled: WildEncounter?) {
        try await write { db in
            let fled = try Self.endPending(.fled, at: date, db)
            var started = encounter
            try started.insert(db)
            return (started, fled)
        }
    }

    /// Ends the pending encounter with `outcome` (it fled, or the trainer ran); nil if none was.
    public func endEncounter(_ outcome: WildEncounter.Outcome, at date: Date) async throws -> WildEncounter? {
        try await write { db in try Self.endPending(outcome, at: date, db) }
    }

    private static func endPending(_ outcome: WildEncounter.Outcome, at date: Date, _ db: Database) throws -> WildEncounter? {
        guard var pending = try WildEncounter.fetchOne(db, sql: "SELECT * FROM encounters WHERE outcome = 'pending'") else { return nil }
        pending.outcome = outcome
        pending.endedAt = date
        pending.randomState = nil
        try pending.update(db)
        return pending
    }

    /// Records a throw at the pending encounter `encounterID` in one transaction: the throw, and
    /// either the random numbers' state for the next or, when it caught, the new entry (with its
    /// history row) and the encounter's end. Fails if that encounter is no longer pending (another
    /// `mydex` ended it meanwhile).
    public func recordThrow(
        _ made: BallThrow, randomState: String, individual: Individual? = nil, origin: EntryOrigin? = nil, at date: Date
    ) async throws -> CollectionEntry? {
        let language = self.language
        return try await write { db in
            guard var encounter = try WildEncounter.fetchOne(db, key: made.encounterID), encounter.outcome == .pending else {
                throw StoreError.noPendingEncounter
            }
            try made.insert(db)
            guard made.caught else {
                encounter.randomState = randomState
                try encounter.update(db)
                return nil
            }
            let entry = try Self.insertCatch(
                db, speciesID: encounter.speciesID, formID: encounter.formID, isShiny: encounter.isShiny, individual: individual,
                origin: origin, at: date, language: language)
            encounter.outcome = .caught
            encounter.entryID = entry.id
            encounter.endedAt = date
            encounter.randomState = nil
            try encounter.update(db)
            return entry
        }
    }

    /// What throws depend on in the collection: whether it holds `speciesID` (the Repeat Ball),
    /// how many species it holds (critical captures), whether its one Master Ball is spent,
    /// and whether its national Pokédex is complete (the Shiny Charm).
    public func catchingFacts(speciesID: Int) async throws -> (holds: Bool, species: Int, masterBallUsed: Bool, shinyCharm: Bool) {
        try await read { db in
            let holds = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM registered_pokemon WHERE species_id = ? AND released_at IS NULL)
                """, arguments: [speciesID]) ?? false
            let species = try Int.fetchOne(db, sql: """
                SELECT count(DISTINCT species_id) FROM registered_pokemon WHERE released_at IS NULL
                """) ?? 0
            let master = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM throws WHERE ball = 'master-ball')") ?? false
            let national = try Int.fetchOne(db, sql: "SELECT count(*) FROM catalog.species") ?? 0
            return (holds, species, master, national > 0 && species >= national)
        }
    }

    /// Where and how the entries `ids` were caught, for those caught from an encounter.
    /// Two queries whatever the number of entries (an export asks for a thousand at a time).
    public func catchRecords(entryIDs ids: [Int64]) async throws -> [Int64: CatchRecord] {
        guard !ids.isEmpty else { return [:] }
        let list = Self.jsonList(ids)
        return try await read { db in
            var throwsBy: [Int64: [BallThrow]] = [:]
            for made in try BallThrow.fetchAll(db, sql: """
                SELECT t.* FROM throws t JOIN encounters e ON e.id = t.encounter_id
                WHERE e.entry_id IN (SELECT value FROM json_each(?)) ORDER BY t.encounter_id, t.number
                """, arguments: [list]) {
                throwsBy[made.encounterID, default: []].append(made)
            }
            var records: [Int64: CatchRecord] = [:]
            for encounter in try WildEncounter.fetchAll(db, sql: """
                SELECT * FROM encounters WHERE entry_id IN (SELECT value FROM json_each(?))
                """, arguments: [list]) {
                guard let entryID = encounter.entryID, let id = encounter.id else { continue }
                records[entryID] = CatchRecord(encounter: encounter, throwsMade: throwsBy[id] ?? [])
            }
            return records
        }
    }

    /// Catching in numbers: throws per catch, each ball's catches, the luckiest catch.
    public func catchingStats() async throws -> CatchingStats {
        let language = self.language
        return try await read { db in
            let totals = try Row.fetchOne(db, sql: """
                SELECT count(*) FILTER (WHERE outcome = 'caught') AS catches,
                    count(*) FILTER (WHERE outcome IN ('fled', 'ran')) AS got_away,
                    (SELECT count(*) FROM throws t JOIN encounters e ON e.id = t.encounter_id WHERE e.outcome = 'caught') AS catch_throws
                FROM encounters
                """)
            let balls = try Row.fetchAll(db, sql: """
                SELECT ball, count(*) AS thrown, sum(caught) AS caught FROM throws GROUP BY ball ORDER BY thrown DESC, ball
                """).map { CatchingStats.BallRow(ball: $0["ball"], thrown: $0["thrown"], caught: $0["caught"]) }
            let luckiest = try Row.fetchOne(db, sql: """
                WITH \(SpeciesSQL.shown(ids: "SELECT DISTINCT species_id AS id FROM encounters WHERE outcome = 'caught'"))
                SELECT e.entry_id, e.species_id, s.name, t.ball, t.chance, e.game FROM throws t
                JOIN encounters e ON e.id = t.encounter_id
                JOIN shown s ON s.id = e.species_id
                WHERE t.caught ORDER BY t.chance, t.thrown_at LIMIT 1
                """, arguments: ["language": language]).map {
                CatchingStats.Luckiest(
                    entryID: $0["entry_id"], speciesID: $0["species_id"], name: $0["name"], ball: $0["ball"], chance: $0["chance"],
                    game: $0["game"])
            }
            return CatchingStats(
                catches: totals?["catches"] ?? 0, catchThrows: totals?["catch_throws"] ?? 0, gotAway: totals?["got_away"] ?? 0,
                balls: balls, luckiest: luckiest)
        }
    }

    static func throwsMade(_ encounterID: Int64?, _ db: Database) throws -> [BallThrow] {
        try BallThrow.fetchAll(db, sql: "SELECT * FROM throws WHERE encounter_id = ? ORDER BY number", arguments: [encounterID])
    }
}

extension Pokedex {
    /// PokeAPI's ways of meeting a Pokémon that are no wild battle: gifts, eggs, trades, and
    /// other games' events (Pokémon Ranger, Colosseum's bonus disc, Snagging in Orre).
    public static let methodsNotWild: Set<String> = [
        "gift", "gift-egg", "npc-trade", "colosseum-bonus-disc-us", "colosseum-bonus-disc-jpn", "pokemon-channel-pal",
        "pokemon-ranger", "pokemon-battle-revolution", "new-york-pokecenter-wish-eggs", "snag", "snag-rematch",
    ]

    /// The areas with encounters in `game`'s version group, of the places `locationIDs` (nil:
    /// every place), by id: what an encounter's place is drawn from (their tables then read
    /// area by area: reading a whole game's tables at once was most of an encounter's time).
    public func encounterAreaIDs(game: Game, locationIDs: [Int]?) async throws -> [Int] {
        try await store.read { db in
            // A place's areas are a seek each (by location, then area and version group);
            // every area of a game, a scan of the areas.
            let group = "(SELECT version_group_id FROM catalog.games WHERE id = :game)"
            return try Int.fetchAll(db, sql: locationIDs == nil ? """
                SELECT area_id FROM catalog.encounter_areas WHERE version_group_id = \(group) ORDER BY area_id
                """ : """
                SELECT a.id FROM catalog.location_areas a
                WHERE a.location_id IN (SELECT value FROM json_each(:locations))
                    AND EXISTS (SELECT 1 FROM catalog.encounter_areas ea WHERE ea.area_id = a.id AND ea.version_group_id = \(group))
                ORDER BY a.id
                """, arguments: ["game": game.id, "locations": locationIDs.map { Self.jsonArray($0) }])
        }
    }

    /// The game's tables of wild Pokémon (each way that has some) in the areas `areaIDs`, of way
    /// `method` (nil: any), by area then way.
    public func wildTables(game: Game, areaIDs: [Int], method: String?) async throws -> [EncounterTable] {
        try await store.read { db in
            try Row.fetchAll(db, sql: """
                WITH g AS (SELECT version_group_id,
                    (SELECT count(*) FROM catalog.games o WHERE o.version_group_id = x.version_group_id AND o.id < x.id) AS bit
                    FROM catalog.games x WHERE x.id = :game)
                SELECT DISTINCT ea.area_id, a.location_id, m.identifier AS method
                FROM g JOIN json_each(:areas) w
                JOIN catalog.encounter_areas ea ON ea.area_id = w.value AND ea.version_group_id = g.version_group_id
                JOIN catalog.location_areas a ON a.id = ea.area_id
                JOIN json_each(ea.pokemon) k
                JOIN catalog.encounters e ON e.pokemon_id = k.value AND e.version_group_id = ea.version_group_id AND e.area_id = ea.area_id
                JOIN catalog.encounter_slots s ON s.id = e.slot
                JOIN catalog.encounter_methods m ON m.id = s.method_id
                WHERE (e.games >> g.bit) & 1
                    AND m.identifier NOT IN (SELECT value FROM json_each(:notWild))
                    AND (:method IS NULL OR m.identifier = :method)
                ORDER BY ea.area_id, m.sort_order
                """, arguments: [
                    "game": game.id, "notWild": Self.jsonStrings(Self.methodsNotWild.sorted()), "areas": Self.jsonArray(areaIDs),
                    "method": method,
                ]).map { EncounterTable(areaID: $0["area_id"], locationID: $0["location_id"], method: $0["method"]) }
        }
    }

    /// The slots of a table of `game`, in PokeAPI's order of slots.
    public func slots(of table: EncounterTable, game: Game) async throws -> [EncounterSlot] {
        try await store.read { db in
            try Row.fetchAll(db, sql: """
                WITH g AS (SELECT version_group_id,
                    (SELECT count(*) FROM catalog.games o WHERE o.version_group_id = x.version_group_id AND o.id < x.id) AS bit
                    FROM catalog.games x WHERE x.id = :game)
                SELECT e.pokemon_id, p.species_id, s.rarity, e.min_level, e.max_level,
                    coalesce((SELECT json_group_array(identifier) FROM (
                        SELECT c.identifier FROM catalog.encounter_condition_sets cs
                        JOIN catalog.encounter_conditions c ON c.id = cs.condition_id
                        WHERE cs.set_id = e.condition_set ORDER BY c.id)), '[]') AS conditions
                FROM g JOIN catalog.encounter_areas ea ON ea.version_group_id = g.version_group_id AND ea.area_id = :area
                JOIN json_each(ea.pokemon) k
                JOIN catalog.encounters e ON e.pokemon_id = k.value AND e.version_group_id = ea.version_group_id AND e.area_id = ea.area_id
                JOIN catalog.encounter_slots s ON s.id = e.slot
                JOIN catalog.encounter_methods m ON m.id = s.method_id
                JOIN catalog.pokemon p ON p.id = e.pokemon_id
                WHERE (e.games >> g.bit) & 1 AND m.identifier = :method
                ORDER BY s.id, e.pokemon_id, e.condition_set
                """, arguments: ["game": game.id, "area": table.areaID, "method": table.method]).map { row in
                let conditions = (try? JSONDecoder().decode([String].self, from: Data((row["conditions"] as String).utf8))) ?? []
                return EncounterSlot(
                    pokemonID: row["pokemon_id"], speciesID: row["species_id"], rarity: row["rarity"], minLevel: row["min_level"],
                    maxLevel: row["max_level"], conditions: conditions)
            }
        }
    }

    /// The location area `id` and its place, named in the store's language.
    public func placeArea(id: Int) async throws -> PlaceArea? {
        let language = self.language
        return try await store.read { db in
            try PlaceArea.fetchOne(db, sql: """
                SELECT a.id AS area_id, l.id AS location_id, l.identifier AS location, \(Self.placeName("l")) AS location_name,
                    a.identifier AS area,
                    coalesce(
                        (SELECT name FROM catalog.location_area_names WHERE area_id = a.id AND language = :language),
                        (SELECT name FROM catalog.location_area_names WHERE area_id = a.id AND language = \(SpeciesSQL.nearestLanguage)))
                        AS area_name
                FROM catalog.location_areas a JOIN catalog.locations l ON l.id = a.location_id WHERE a.id = :id
                """, arguments: ["id": id, "language": language])
        }
    }

    /// PokeAPI's id of the Moon Stone item.
    static let moonStone = 81

    /// Whether species `id` evolves with a Moon Stone (the Moon Ball).
    public func evolvesWithMoonStone(speciesID id: Int) async throws -> Bool {
        try await store.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM catalog.species c, json_each(c.evolution) e
                    WHERE c.evolves_from = ? AND json_extract(e.value, '$.item') = ?)
                """, arguments: [id, Self.moonStone]) ?? false
        }
    }
}
