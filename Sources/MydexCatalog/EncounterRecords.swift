import Foundation
import GRDB
import MydexModel

extension BuiltInPokedex {
    /// A place of the games (`locations.csv`: a route, a town, a cave), with its names and its
    /// areas (`location_areas.csv`: a cave's floors, a route's parts; most places have one, with
    /// no name of its own).
    public struct LocationRecord: Codable, Sendable, Equatable {
        public var id: Int
        /// PokeAPI's identifier, e.g. `viridian-forest`.
        public var identifier: String
        /// The region (`kanto`); none for a few places outside every region.
        public var region: String?
        /// By language (`location_names.csv`).
        public var names: [String: String]
        public var areas: [AreaRecord]

        public struct AreaRecord: Codable, Sendable, Equatable {
            public var id: Int
            /// The part of the place it is (`1f`, `south`, `max-den-a`); nil for the whole place.
            public var identifier: String?
            /// Its whole name by language ("Mt. Moon B1F"), where PokeAPI has one (English,
            /// French, German: `location_area_prose.csv`) other than its place's.
            public var names: [String: String]

            public init(id: Int, identifier: String?, names: [String: String]) {
                self.id = id
                self.identifier = identifier
                self.names = names
            }
        }

        public init(id: Int, identifier: String, region: String?, names: [String: String], areas: [AreaRecord]) {
            self.id = id
            self.identifier = identifier
            self.region = region
            self.names = names
            self.areas = areas
        }
    }

    /// How a Pokémon is met (`encounter_methods.csv`: `walk`, `old-rod`, `surf`, `gift`, …), in
    /// the games' order. mydex's catalogs name them (`dex.where.method.*`).
    public struct EncounterMethodRecord: Codable, Sendable, Equatable {
        public var id: Int
        public var identifier: String
        public var order: Int

        public init(id: Int, identifier: String, order: Int) {
            self.id = id
            self.identifier = identifier
            self.order = order
        }
    }

    /// One value of a condition of an encounter (`encounter_condition_values.csv`: `time-night`
    /// of `time`, `swarm-yes` of `swarm`), and whether it is the condition's usual state.
    public struct EncounterConditionRecord: Codable, Sendable, Equatable {
        public var id: Int
        public var identifier: String
        /// The condition it is a value of (`encounter_conditions.csv`: `time`, `swarm`, `radar`, …).
        public var condition: String
        public var isDefault: Bool

        public init(id: Int, identifier: String, condition: String, isDefault: Bool) {
            self.id = id
            self.identifier = identifier
            self.condition = condition
            self.isDefault = isDefault
        }
    }

    /// The encounter table of one area in one version group (`encounters.csv` with
    /// `encounter_slots.csv` and `encounter_condition_value_map.csv`): every slot, with the
    /// games of the group it is in.
    public struct EncounterRecord: Codable, Sendable, Equatable {
        /// PokeAPI's location area id.
        public var area: Int
        public var versionGroup: String
        public var slots: [Slot]

        /// One slot of a table: a Pokémon met one way, at levels `minLevel`…`maxLevel`, `rarity`
        /// percent of the time, when every one of `conditions` holds. Written as an array, so
        /// that a table is one short line: `[method, slot, pokemon, min, max, rarity,
        /// [conditions], [games]]`, the games left out when the slot is in every game of the group.
        public struct Slot: Codable, Sendable, Equatable, Hashable {
            public var method: String
            /// PokeAPI's id of the slot (`encounter_slots.csv`: its version group, method, number
            /// and rarity), which tells apart two slots of a table that hold the same Pokémon.
            public var slot: Int
            /// PokeAPI's Pokémon id (a regional form has its own: 10091 Alolan Rattata).
            public var pokemon: Int
            public var minLevel: Int
            public var maxLevel: Int
            public var rarity: Int
            /// Condition values (`time-night`), sorted.
            public var conditions: [String]
            /// The games (versions) of the group it is in, in PokeAPI's order; nil for all.
            public var games: [String]?

            public init(
                method: String, slot: Int, pokemon: Int, minLevel: Int, maxLevel: Int, rarity: Int, conditions: [String],
                games: [String]?
            ) {
                self.method = method
                self.slot = slot
                self.pokemon = pokemon
                self.minLevel = minLevel
                self.maxLevel = maxLevel
                self.rarity = rarity
                self.conditions = conditions
                self.games = games
            }

            public init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                method = try container.decode(String.self)
                slot = try container.decode(Int.self)
                pokemon = try container.decode(Int.self)
                minLevel = try container.decode(Int.self)
                maxLevel = try container.decode(Int.self)
                rarity = try container.decode(Int.self)
                conditions = try container.decode([String].self)
                games = container.isAtEnd ? nil : try container.decode([String].self)
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(method)
                try container.encode(slot)
                try container.encode(pokemon)
                try container.encode(minLevel)
                try container.encode(maxLevel)
                try container.encode(rarity)
                try container.encode(conditions)
                if let games { try container.encode(games) }
            }
        }

        public init(area: Int, versionGroup: String, slots: [Slot]) {
            self.area = area
            self.versionGroup = versionGroup
            self.slots = slots
        }
    }
}

extension CatalogBuilder {
    /// The places, the ways of meeting Pokémon and their conditions, and every encounter table:
    /// a slot's method and rarity once (`encounter_slots`), and one row a Pokémon in a slot of
    /// an area in a version group (`encounters`), keyed by Pokémon first (where a Pokémon
    /// lives is a seek); a slot in some games of its group only says which (`games`, a bit a
    /// game in PokeAPI's order), so a table both games share is stored once.
    static func insertEncounters(_ records: BuiltInPokedex.Records, _ db: Database) throws {
        let location = try db.makeStatement(sql: "INSERT INTO locations (id, identifier, region) VALUES (?, ?, ?)")
        let locationName = try db.makeStatement(
            sql: "INSERT INTO location_names (location_id, language, name, key) VALUES (?, ?, ?, ?)")
        let area = try db.makeStatement(sql: "INSERT INTO location_areas (id, location_id, identifier) VALUES (?, ?, ?)")
        let areaName = try db.makeStatement(sql: "INSERT INTO location_area_names (area_id, language, name) VALUES (?, ?, ?)")
        for record in records.locations.sorted(by: { $0.id < $1.id }) {
            try location.execute(arguments: [record.id, record.identifier, record.region])
            for (language, name) in record.names.sorted(by: { $0.key < $1.key }) {
                if let nearest = DataLanguage.storedThrough[language.lowercased()], record.names[nearest] == name { continue }
                try locationName.execute(arguments: [record.id, language.lowercased(), name, SearchText.normalized(name)])
            }
            for part in record.areas.sorted(by: { $0.id < $1.id }) {
                try area.execute(arguments: [part.id, record.id, part.identifier])
                for (language, name) in part.names.sorted(by: { $0.key < $1.key }) {
                    try areaName.execute(arguments: [part.id, language.lowercased(), name])
                }
            }
        }
        let method = try db.makeStatement(sql: "INSERT INTO encounter_methods (id, identifier, sort_order) VALUES (?, ?, ?)")
        var methodIDs: [String: Int] = [:]
        for record in records.encounterMethods.sorted(by: { $0.id < $1.id }) {
            try method.execute(arguments: [record.id, record.identifier, record.order])
            methodIDs[record.identifier] = record.id
        }
        let condition = try db.makeStatement(
            sql: "INSERT INTO encounter_conditions (id, identifier, condition, is_default) VALUES (?, ?, ?, ?)")
        var conditionIDs: [String: Int] = [:]
        for record in records.encounterConditions.sorted(by: { $0.id < $1.id }) {
            try condition.execute(arguments: [record.id, record.identifier, record.condition, record.isDefault])
            conditionIDs[record.identifier] = record.id
        }
        // Each distinct set of conditions once, numbered in the order first met (0: none).
        let conditionSet = try db.makeStatement(sql: "INSERT INTO encounter_condition_sets (set_id, condition_id) VALUES (?, ?)")
        var setIDs: [[String]: Int] = [[]: 0]
        func setID(_ conditions: [String]) throws -> Int {
            if let id = setIDs[conditions] { return id }
            let id = setIDs.count
            setIDs[conditions] = id
            for value in conditions {
                guard let valueID = conditionIDs[value] else {
                    throw BuiltInPokedex.Problem.malformed(line: 0, detail: "encounter condition \(value) is not listed")
                }
                try conditionSet.execute(arguments: [id, valueID])
            }
            return id
        }
        var groups: [String: (id: Int, games: [String])] = [:]
        for game in records.games.sorted(by: { $0.id < $1.id }) {
            groups[game.versionGroup, default: (game.versionGroupID, [])].games.append(game.identifier)
        }
        let encounter = try db.makeStatement(sql: """
            INSERT INTO encounters (pokemon_id, version_group_id, area_id, slot, condition_set, min_level, max_level, games)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let slotRow = try db.makeStatement(
            sql: "INSERT INTO encounter_slots (id, method_id, rarity) VALUES (?, ?, ?)")
        var slots: [Int: [Int]] = [:]
        var rows: [[Int]] = []
        for record in records.encounters {
            guard let group = groups[record.versionGroup] else {
                throw BuiltInPokedex.Problem.malformed(line: 0, detail: "version group \(record.versionGroup) has no game")
            }
            for slot in record.slots {
                guard let methodID = methodIDs[slot.method] else {
                    throw BuiltInPokedex.Problem.malformed(line: 0, detail: "encounter method \(slot.method) is not listed")
                }
                var games = 0
                for game in slot.games ?? group.games {
                    guard let index = group.games.firstIndex(of: game) else {
                        throw BuiltInPokedex.Problem.malformed(line: 0, detail: "\(game) is not a game of \(record.versionGroup)")
                    }
                    games |= 1 << index
                }
                // A slot is PokeAPI's, with its method and rarity; a game of another version
                // group may use it (Yellow uses some of Red and Blue's).
                let slotValues = [methodID, slot.rarity]
                if let known = slots[slot.slot], known != slotValues {
                    throw BuiltInPokedex.Problem.malformed(line: 0, detail: "encounter slot \(slot.slot) has two methods or rarities")
                }
                slots[slot.slot] = slotValues
                rows.append([
                    slot.pokemon, group.id, record.area, slot.slot, try setID(slot.conditions), slot.minLevel, slot.maxLevel, games,
                ])
            }
        }
        for (id, values) in slots.sorted(by: { $0.key < $1.key }) { try slotRow.execute(arguments: StatementArguments([id] + values)) }
        let groupCondition = try db.makeStatement(
            sql: "INSERT INTO encounter_group_conditions (version_group_id, condition_id) VALUES (?, ?)")
        var groupConditions: Set<[Int]> = []
        for record in records.encounters {
            guard let group = groups[record.versionGroup]?.id else { continue }
            for value in Set(record.slots.flatMap(\.conditions)) {
                if let id = conditionIDs[value] { groupConditions.insert([group, id]) }
            }
        }
        for pair in groupConditions.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            try groupCondition.execute(arguments: StatementArguments(pair))
        }
        // Each area's Pokémon in each version group, in order.
        let areaRow = try db.makeStatement(sql: "INSERT INTO encounter_areas (area_id, version_group_id, pokemon) VALUES (?, ?, ?)")
        var areaPokemon: [[Int]: Set<Int>] = [:]
        for row in rows { areaPokemon[[row[2], row[1]], default: []].insert(row[0]) }
        for (key, pokemon) in areaPokemon.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            try areaRow.execute(arguments: [key[0], key[1], "[" + pokemon.sorted().map(String.init).joined(separator: ",") + "]"])
        }
        // In key order: the table's pages are written full, and the same input gives the same bytes.
        for row in rows.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            try encounter.execute(arguments: StatementArguments(row))
        }
    }
}
