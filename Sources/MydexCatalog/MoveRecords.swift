import GRDB
import Foundation
import MydexModel

extension BuiltInPokedex {
    /// A move of the games (`moves.csv`), with its names, its effect and Pokédex-style text by
    /// language, and the machine that teaches it in each version group.
    public struct MoveRecord: Codable, Sendable, Equatable {
        public var id: Int
        /// PokeAPI's identifier, e.g. `thunderbolt`.
        public var identifier: String
        public var generation: Int
        public var type: String
        /// `physical`, `special` or `status` (none for a few of Colosseum's shadow moves).
        public var damageClass: String?
        public var power: Int?
        public var pp: Int?
        public var accuracy: Int?
        public var priority: Int
        /// The chance in percent of the move's added effect (a burn, a flinch), where it has one.
        public var effectChance: Int?
        public var names: [String: String]
        /// What the move does, by language: PokeAPI writes it in English and French only
        /// (`move_effect_prose.csv`), with the chance filled in.
        public var effects: [String: String]
        /// The latest game's text about the move, by language, for the languages without an
        /// effect (`move_flavor_text.csv`).
        public var flavorTexts: [String: FlavorText]
        /// Version group → the machine's item (`tm24`, `hm05`, `tr12`: `machines.csv`).
        public var machines: [String: String]

        public struct FlavorText: Codable, Sendable, Equatable {
            /// The version group the text is from.
            public var versionGroup: String
            public var text: String

            public init(versionGroup: String, text: String) {
                self.versionGroup = versionGroup
                self.text = text
            }
        }

        public init(
            id: Int, identifier: String, generation: Int, type: String, damageClass: String?, power: Int?, pp: Int?,
            accuracy: Int?, priority: Int, effectChance: Int?, names: [String: String], effects: [String: String],
            flavorTexts: [String: FlavorText], machines: [String: String]
        ) {
            self.id = id
            self.identifier = identifier
            self.generation = generation
            self.type = type
            self.damageClass = damageClass
            self.power = power
            self.pp = pp
            self.accuracy = accuracy
            self.priority = priority
            self.effectChance = effectChance
            self.names = names
            self.effects = effects
            self.flavorTexts = flavorTexts
            self.machines = machines
        }
    }

    /// What one Pokémon learns in one version group (`pokemon_moves.csv`): level-up moves as
    /// `[level, move id]` in the game's order, every other method's move ids ascending.
    public struct LearnsetRecord: Codable, Sendable, Equatable {
        /// PokeAPI's Pokémon id (a form with its own learnset has its own, 10001 and up).
        public var pokemon: Int
        public var versionGroup: String
        public var levelUp: [[Int]]
        /// Method (`machine`, `egg`, `tutor`, … as `pokemon_move_methods.csv` names them) → move ids.
        public var methods: [String: [Int]]

        public init(pokemon: Int, versionGroup: String, levelUp: [[Int]], methods: [String: [Int]]) {
            self.pokemon = pokemon
            self.versionGroup = versionGroup
            self.levelUp = levelUp
            self.methods = methods
        }
    }
}

/// How the catalog stores one learnset method's moves (a `move_lists` blob, shared by every
/// Pokémon and version group with the same list): level-up as (level: UInt8, move: UInt16 LE)
/// triples in the game's order; every other method as the ascending move ids, each the
/// difference from the one before as a LEB128 varint (most fit in a byte). 638,321 rows of
/// `pokemon_moves.csv` take about 0.5 MB this way (docs/PERFORMANCE.md). SQL searches the
/// lists with `learnset_levels(moves, level_up, move)`, written in C in CMydexCatalog.
public enum LearnsetEncoding {
    public static let levelUpMethod = LearnedMove.levelUpMethod

    public static func encodeLevelUp(_ pairs: [[Int]]) -> Data {
        var data = Data(capacity: pairs.count * 3)
        for pair in pairs where pair.count == 2 {
            data.append(UInt8(clamping: pair[0]))
            data.append(UInt8(truncatingIfNeeded: pair[1]))
            data.append(UInt8(truncatingIfNeeded: pair[1] >> 8))
        }
        return data
    }

    public static func encodeSet(_ moves: [Int]) -> Data {
        var data = Data(capacity: moves.count + 8)
        var previous = 0
        for move in Set(moves).sorted() {
            var delta = UInt(move - previous)
            previous = move
            repeat {
                let low = UInt8(delta & 0x7F)
                delta >>= 7
                data.append(delta == 0 ? low : low | 0x80)
            } while delta != 0
        }
        return data
    }

    /// (level, move) in stored order; level is nil for methods other than level-up. A damaged
    /// blob ends the list where it stops making sense rather than failing a page.
    public static func decode(_ bytes: some Collection<UInt8>, levelUp: Bool) -> [(level: Int?, move: Int)] {
        let bytes = Array(bytes)
        var result: [(level: Int?, move: Int)] = []
        if levelUp {
            var index = 0
            while index + 2 < bytes.count {
                result.append((Int(bytes[index]), Int(bytes[index + 1]) | Int(bytes[index + 2]) << 8))
                index += 3
            }
            return result
        }
        var value = 0, shift = 0, previous = 0
        for byte in bytes {
            value |= Int(byte & 0x7F) << shift
            if byte & 0x80 != 0 {
                shift += 7
                if shift > 28 { break }
                continue
            }
            previous += value
            result.append((nil, previous))
            value = 0
            shift = 0
        }
        return result
    }
}

extension CatalogBuilder {
    /// The moves, machines and learnsets: each distinct list of moves stored once.
    static func insertMoves(_ records: BuiltInPokedex.Records, _ db: Database) throws {
        let move = try db.makeStatement(sql: """
            INSERT INTO moves (id, identifier, generation, type, damage_class, power, pp, accuracy, priority, effect_chance)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let name = try db.makeStatement(sql: "INSERT INTO move_names (move_id, language, name, key) VALUES (?, ?, ?, ?)")
        let text = try db.makeStatement(sql: """
            INSERT INTO move_texts (move_id, language, effect, flavor_text, flavor_version_group) VALUES (?, ?, ?, ?, ?)
            """)
        let machine = try db.makeStatement(sql: "INSERT INTO machines (version_group_id, move_id, item) VALUES (?, ?, ?)")
        var groupIDs: [String: Int] = [:]
        for game in records.games { groupIDs[game.versionGroup] = game.versionGroupID }
        func groupID(_ identifier: String) throws -> Int {
            guard let id = groupIDs[identifier] else {
                throw BuiltInPokedex.Problem.malformed(line: 0, detail: "version group \(identifier) has no game")
            }
            return id
        }
        for record in records.moves.sorted(by: { $0.id < $1.id }) {
            try move.execute(arguments: [
                record.id, record.identifier, record.generation, record.type, record.damageClass, record.power, record.pp,
                record.accuracy, record.priority, record.effectChance,
            ])
            for (language, value) in record.names.sorted(by: { $0.key < $1.key }) {
                // A name the same as its nearest language's is read through that one's.
                if let nearest = DataLanguage.storedThrough[language.lowercased()], record.names[nearest] == value { continue }
                try name.execute(arguments: [record.id, language.lowercased(), value, SearchText.normalized(value)])
            }
            for language in Set(record.effects.keys).union(record.flavorTexts.keys).sorted() {
                let flavor = record.flavorTexts[language]
                try text.execute(arguments: [
                    record.id, language.lowercased(), record.effects[language], flavor?.text, flavor?.versionGroup,
                ])
            }
            for (group, item) in record.machines.sorted(by: { $0.key < $1.key }) {
                try machine.execute(arguments: [try groupID(group), record.id, item])
            }
        }
        // Methods are numbered level-up first, then the others by name: the same input always
        // gives the same rows.
        let methods = [LearnsetEncoding.levelUpMethod]
            + Set(records.learnsets.flatMap(\.methods.keys)).subtracting([LearnsetEncoding.levelUpMethod]).sorted()
        let methodIDs = Dictionary(uniqueKeysWithValues: methods.enumerated().map { ($1, $0 + 1) })
        let method = try db.makeStatement(sql: "INSERT INTO move_methods (id, identifier) VALUES (?, ?)")
        for (identifier, id) in methodIDs.sorted(by: { $0.value < $1.value }) { try method.execute(arguments: [id, identifier]) }
        let list = try db.makeStatement(sql: "INSERT INTO move_lists (id, moves) VALUES (?, ?)")
        let learnset = try db.makeStatement(sql: """
            INSERT INTO learnsets (pokemon_id, version_group_id, method_id, list_id) VALUES (?, ?, ?, ?)
            """)
        var lists: [Data: Int] = [:]
        func listID(_ bytes: Data) throws -> Int {
            if let id = lists[bytes] { return id }
            let id = lists.count + 1
            lists[bytes] = id
            try list.execute(arguments: [id, bytes])
            return id
        }
        let ordered = try records.learnsets.map { (group: try groupID($0.versionGroup), record: $0) }
            .sorted { ($0.group, $0.record.pokemon) < ($1.group, $1.record.pokemon) }
        for (group, record) in ordered {
            if !record.levelUp.isEmpty, let id = methodIDs[LearnsetEncoding.levelUpMethod] {
                try learnset.execute(arguments: [record.pokemon, group, id, try listID(LearnsetEncoding.encodeLevelUp(record.levelUp))])
            }
            for (identifier, moves) in record.methods.sorted(by: { $0.key < $1.key }) where !moves.isEmpty {
                guard let id = methodIDs[identifier] else { continue }
                try learnset.execute(arguments: [record.pokemon, group, id, try listID(LearnsetEncoding.encodeSet(moves))])
            }
        }
    }
}
