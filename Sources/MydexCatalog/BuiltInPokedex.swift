import Foundation
import MydexModel

/// The reviewable source of the built-in Pokédex (`Sources/CMydexCatalog/pokedex.jsonl` and
/// `pokedex-forms.jsonl`, read as one, `split` writes them): every
/// species with its text in every language PokeAPI has, made from real PokeAPI data by
/// `PokedexGenerator` (see docs/GUIDE.md), which also compiles it into the catalog image mydex embeds.
///
/// The file is JSON Lines: a header line, then one `TermRecord` per line (the names of stats,
/// abilities, evolution triggers, egg groups and habitats, and of the items and moves that
/// evolutions name), then one `Species` per line, so a regenerated file diffs term by term and
/// species by species.
public struct BuiltInPokedex: Sendable {
    public struct Header: Codable, Sendable, Equatable {
        public var format: Int
        /// A hash of the content: the store reinstalls the data when it changes.
        public var version: String
        /// Where the data came from, for people reading the file.
        public var source: String
        public var speciesCount: Int
        public var types: [TypeRecord]
    }

    public struct TypeRecord: Codable, Sendable, Equatable {
        public var name: String
        public var names: [String: String]
        /// For the types of the games' chart (none for `shadow`, `stellar`, `unknown`): PokeAPI's
        /// id (the chart's order), the generation the type came in, what its moves do to each
        /// type in percent where it is not 100, and what they did in earlier generations.
        public var chart: ChartRecord?

        public init(name: String, names: [String: String], chart: ChartRecord? = nil) {
            self.name = name
            self.names = names
            self.chart = chart
        }
    }

    /// A type's row of the type chart (`types.csv`, `type_efficacy.csv`, `type_efficacy_past.csv`).
    public struct ChartRecord: Codable, Sendable, Equatable {
        public var id: Int
        public var generation: Int
        /// Defending type → percent, where it is not 100.
        public var damage: [String: Int]
        /// Earlier values: against `type`, `factor` percent up to and including `untilGeneration`.
        public var pastDamage: [PastDamage]
        /// How many moves of the games have this type (`moves.csv`, shadow moves aside).
        public var moveCount: Int

        public struct PastDamage: Codable, Sendable, Equatable {
            public var type: String
            public var factor: Int
            public var untilGeneration: Int

            public init(type: String, factor: Int, untilGeneration: Int) {
                self.type = type
                self.factor = factor
                self.untilGeneration = untilGeneration
            }
        }

        public init(id: Int, generation: Int, damage: [String: Int], pastDamage: [PastDamage], moveCount: Int) {
            self.id = id
            self.generation = generation
            self.damage = damage
            self.pastDamage = pastDamage
            self.moveCount = moveCount
        }
    }

    /// Something species refer to by PokeAPI name (or id), with its names by language.
    public struct TermRecord: Codable, Sendable, Equatable {
        /// `stat`, `ability`, `evolution-trigger`, `egg-group` or `habitat`; `item` or `move`,
        /// which evolutions name by PokeAPI id.
        public var kind: String
        /// PokeAPI's name (`lightning-rod`), or for items and moves its id in decimal (`83`).
        public var name: String
        public var names: [String: String]

        public init(kind: String, name: String, names: [String: String]) {
            self.kind = kind
            self.name = name
            self.names = names
        }
    }

    /// A PokeAPI Pokémon: one variety of a species (its default one, or a regional form, a Mega,
    /// a Gigantamax or another that PokeAPI models as a Pokémon of its own), with its forms.
    public struct PokemonRecord: Codable, Sendable, Equatable {
        public var id: Int
        /// PokeAPI's identifier, e.g. `vulpix-alola`.
        public var identifier: String
        public var speciesID: Int
        /// The species' default Pokémon.
        public var isDefault: Bool
        public var height: Int
        public var weight: Int
        public var baseExperience: Int?
        public var stats: [String: Int]
        public var types: [String]
        public var abilities: [Species.Ability]
        public var forms: [FormRecord]
        /// Its types in earlier generations where they differed (`pokemon_types_past.csv`:
        /// Clefairy was Normal until generation 5), oldest first.
        public var pastTypes: [PastTypes]?
        /// What it may hold when met in the wild, by game (`pokemon_items.csv`).
        public var heldItems: [HeldItem]?
        /// Its base stats in earlier generations where they differed (`pokemon_stats_past.csv`:
        /// Raichu's Speed was 100 until generation 5; generation 1's `special`), oldest first.
        public var pastStats: [PastStats]?
        /// Its abilities in earlier generations where they differed (`pokemon_abilities_past.csv`),
        /// oldest first: a slot without an ability did not exist (no hidden ability before 5).
        public var pastAbilities: [PastAbilities]?

        public struct PastStats: Codable, Sendable, Equatable {
            /// The last generation they held in.
            public var untilGeneration: Int
            /// The stats that differed, by PokeAPI's identifier (`special` for generation 1's).
            public var stats: [String: Int]

            public init(untilGeneration: Int, stats: [String: Int]) {
                self.untilGeneration = untilGeneration
                self.stats = stats
            }
        }

        public struct PastAbilities: Codable, Sendable, Equatable {
            public var untilGeneration: Int
            public var slots: [PastAbilitySlot]

            public init(untilGeneration: Int, slots: [PastAbilitySlot]) {
                self.untilGeneration = untilGeneration
                self.slots = slots
            }
        }

        public struct PastAbilitySlot: Codable, Sendable, Equatable {
            public var slot: Int
            /// Nil: the slot did not exist then.
            public var ability: String?
            public var hidden: Bool

            public init(slot: Int, ability: String?, hidden: Bool) {
                self.slot = slot
                self.ability = ability
                self.hidden = hidden
            }
        }

        public struct HeldItem: Codable, Sendable, Equatable {
            /// PokeAPI's item id.
            public var item: Int
            /// The game (PokeAPI's version identifier, `firered`).
            public var game: String
            /// In percent.
            public var rarity: Int

            public init(item: Int, game: String, rarity: Int) {
                self.item = item
                self.game = game
                self.rarity = rarity
            }
        }

        public struct PastTypes: Codable, Sendable, Equatable {
            /// The last generation they held in.
            public var untilGeneration: Int
            public var types: [String]

            public init(untilGeneration: Int, types: [String]) {
                self.untilGeneration = untilGeneration
                self.types = types
            }
        }

        public init(
            id: Int, identifier: String, speciesID: Int, isDefault: Bool, height: Int, weight: Int,
            baseExperience: Int?, stats: [String: Int], types: [String], abilities: [Species.Ability], forms: [FormRecord]
        ) {
            self.id = id
            self.identifier = identifier
            self.speciesID = speciesID
            self.isDefault = isDefault
            self.height = height
            self.weight = weight
            self.baseExperience = baseExperience
            self.stats = stats
            self.types = types
            self.abilities = abilities
            self.forms = forms
        }
    }

    /// A PokeAPI form: how a Pokémon looks (Unown B, a Vivillon pattern), or the Pokémon itself
    /// (its default form).
    public struct FormRecord: Codable, Sendable, Equatable {
        public var id: Int
        /// PokeAPI's identifier, e.g. `unown-b`.
        public var identifier: String
        /// The part that names the form, e.g. `b`, `alola`, `mega-x`; nil for a plain default.
        public var formIdentifier: String?
        /// The default form of its Pokémon.
        public var isDefault: Bool
        public var battleOnly: Bool
        public var mega: Bool
        /// PokeAPI's order among the forms of its Pokémon.
        public var order: Int
        /// The form's own types where they differ from its Pokémon's (Arceus' plates).
        public var types: [String]?
        /// The form's name alone by language ("Alolan Form"), where PokeAPI has one.
        public var formNames: [String: String]
        /// The whole name by language ("Alolan Vulpix", "ロコン (アローラのすがた)").
        public var names: [String: String]
        /// The PokéSprite file that is this form's own box sprite (its slug), if there is one.
        public var sprite: String?

        public init(
            id: Int, identifier: String, formIdentifier: String?, isDefault: Bool, battleOnly: Bool, mega: Bool,
            order: Int, types: [String]?, formNames: [String: String], names: [String: String], sprite: String?
        ) {
            self.id = id
            self.identifier = identifier
            self.formIdentifier = formIdentifier
            self.isDefault = isDefault
            self.battleOnly = battleOnly
            self.mega = mega
            self.order = order
            self.types = types
            self.formNames = formNames
            self.names = names
            self.sprite = sprite
        }
    }

    /// A Pokédex of the games: the national one or a regional one, with its species in order.
    public struct PokedexRecord: Codable, Sendable, Equatable {
        public var id: Int
        /// PokeAPI's identifier, e.g. `original-johto`.
        public var identifier: String
        /// The region it belongs to (`johto`); nil for the national Pokédex.
        public var region: String?
        public var mainSeries: Bool
        public var names: [String: String]
        /// `[number, species id]` pairs in the Pokédex's order (a number may start at 0: Victini).
        public var entries: [[Int]]
        /// The version groups whose games use it (`scarlet-violet`), in PokeAPI's order: how a
        /// game's name finds its Pokédex (`--dex 스칼렛`). Nil when the inputs do not say.
        public var versionGroups: [String]?

        public init(
            id: Int, identifier: String, region: String?, mainSeries: Bool, names: [String: String], entries: [[Int]],
            versionGroups: [String]? = nil
        ) {
            self.id = id
            self.identifier = identifier
            self.region = region
            self.mainSeries = mainSeries
            self.names = names
            self.entries = entries
            self.versionGroups = versionGroups
        }
    }

    /// A game (PokeAPI's version: `firered`) with its version group (`firered-leafgreen`, the
    /// unit learnsets and encounters are kept by), its generation and its names by language.
    public struct GameRecord: Codable, Sendable, Equatable {
        public var id: Int
        public var identifier: String
        public var versionGroup: String
        public var versionGroupID: Int
        public var generation: Int
        /// The version group's place in release order (PokeAPI's `order`).
        public var order: Int
        public var names: [String: String]

        public init(
            id: Int, identifier: String, versionGroup: String, versionGroupID: Int, generation: Int, order: Int,
            names: [String: String]
        ) {
            self.id = id
            self.identifier = identifier
            self.versionGroup = versionGroup
            self.versionGroupID = versionGroupID
            self.generation = generation
            self.order = order
            self.names = names
        }
    }

    /// A nature (`natures.csv`): the stat it raises and the one it lowers (the same for the five
    /// neutral ones), its index in the games (a generation 3–4 personality value mod 25), its names.
    public struct NatureRecord: Codable, Sendable, Equatable {
        public var identifier: String
        public var gameIndex: Int
        public var increased: String
        public var decreased: String
        public var names: [String: String]

        public init(identifier: String, gameIndex: Int, increased: String, decreased: String, names: [String: String]) {
            self.identifier = identifier
            self.gameIndex = gameIndex
            self.increased = increased
            self.decreased = decreased
            self.names = names
        }
    }

    /// A characteristic (`characteristics.csv`): what the games say of a Pokémon whose highest
    /// IV is `stat` and is `geneMod5` mod 5, in every language PokeAPI has.
    public struct CharacteristicRecord: Codable, Sendable, Equatable {
        public var id: Int
        public var stat: String
        public var geneMod5: Int
        public var texts: [String: String]

        public init(id: Int, stat: String, geneMod5: Int, texts: [String: String]) {
            self.id = id
            self.stat = stat
            self.geneMod5 = geneMod5
            self.texts = texts
        }
    }

    /// A growth rate's experience table (`experience.csv`): the experience at each level, 1 to 100.
    public struct GrowthRateRecord: Codable, Sendable, Equatable {
        public var identifier: String
        public var experience: [Int]

        public init(identifier: String, experience: [Int]) {
            self.identifier = identifier
            self.experience = experience
        }
    }

    /// An item a Pokémon can hold (`items.csv`, every pocket but key items and machines), with
    /// its names: what `--held-item` takes and an entry names.
    public struct ItemRecord: Codable, Sendable, Equatable {
        public var id: Int
        public var identifier: String
        public var names: [String: String]

        public init(id: Int, identifier: String, names: [String: String]) {
            self.id = id
            self.identifier = identifier
            self.names = names
        }
    }

    /// The numbers a generation's games use inside for its Pokémon, items or places
    /// (`pokemon_game_indices.csv`, `item_game_indices.csv`, `location_game_indices.csv`), for
    /// reading the games' saves: `kind` is `pokemon`, `item` or `location`, `indices` each
    /// number's PokeAPI identifier (keys the numbers in decimal).
    public struct GameIndexRecord: Codable, Sendable, Equatable {
        public var kind: String
        public var generation: Int
        public var indices: [String: String]

        public init(kind: String, generation: Int, indices: [String: String]) {
            self.kind = kind
            self.generation = generation
            self.indices = indices
        }
    }

    /// Pokémon Showdown's names of one kind of thing (`species`, `move`, `item`, `ability`,
    /// `nature`) against PokeAPI's identifiers (`Sources/PokedexGenerator/Names/showdown.tsv`):
    /// each row `[identifier, id, name, exported, imported]`, `id` Showdown's id of the name (its
    /// `toID`: what its import matches), `exported` "1" for the one name export writes of an
    /// identifier Showdown names several ways, `imported` "1" for the one identifier a name
    /// Showdown gives several PokeAPI identifiers reads as. A species' identifier is a form's,
    /// else a Pokémon's.
    public struct ShowdownNamesRecord: Codable, Sendable, Equatable {
        public var kind: String
        public var names: [[String]]

        public init(kind: String, names: [[String]]) {
            self.kind = kind
            self.names = names
        }
    }

    public enum Problem: Error, CustomStringConvertible {
        case malformed(line: Int, detail: String)
        /// A base stat the catalog has no column for (`Species.statNames`).
        case unknownStat(speciesID: Int, stat: String)
        public var description: String {
            switch self {
            case .malformed(let line, let detail): return "the built-in Pokédex is damaged at line \(line): \(detail)"
            case .unknownStat(let id, let stat):
                return "species \(id) has a base stat the catalog has no column for: \(stat) (add one to CatalogSchema)"
            }
        }
    }

    public static let currentFormat = 5

    let bytes: Data

    public init(bytes: Data) { self.bytes = bytes }

    /// The header alone (cheap: the first line).
    public func header() throws -> Header {
        let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        do {
            return try JSONDecoder().decode(Header.self, from: bytes[..<end])
        } catch {
            throw Problem.malformed(line: 1, detail: "\(error)")
        }
    }

    /// Every species record, in Pokédex order.
    public func species() throws -> [Species] { try records().species }

    /// Every term, in file order (by kind, then name).
    public func terms() throws -> [TermRecord] { try records().terms }

    /// Everything after the header, in one reading of the file.
    public struct Records: Sendable {
        public var terms: [TermRecord] = []
        public var species: [Species] = []
        public var pokemon: [PokemonRecord] = []
        public var pokedexes: [PokedexRecord] = []
        public var games: [GameRecord] = []
        public var moves: [MoveRecord] = []
        public var learnsets: [LearnsetRecord] = []
        public var locations: [LocationRecord] = []
        public var encounterMethods: [EncounterMethodRecord] = []
        public var encounterConditions: [EncounterConditionRecord] = []
        public var encounters: [EncounterRecord] = []
        public var entries: [EntriesRecord] = []
        public var natures: [NatureRecord] = []
        public var characteristics: [CharacteristicRecord] = []
        public var growthRates: [GrowthRateRecord] = []
        public var items: [ItemRecord] = []
        public var gameIndices: [GameIndexRecord] = []
        public var showdownNames: [ShowdownNamesRecord] = []
    }

    /// Term lines start with their first key in sorted order, `kind`, which no species has;
    /// Pokémon, Pokédex and game lines are objects of one member that says which they are.
    private static let termPrefix = Data(#"{"kind":"#.utf8)
    static let pokemonPrefix = Data(#"{"pokemon":"#.utf8)
    static let pokedexPrefix = Data(#"{"pokedex":"#.utf8)
    static let gamePrefix = Data(#"{"game":"#.utf8)
    static let movePrefix = Data(#"{"move":"#.utf8)
    static let learnsetPrefix = Data(#"{"learnset":"#.utf8)
    static let locationPrefix = Data(#"{"location":"#.utf8)
    static let encounterMethodPrefix = Data(#"{"encounterMethod":"#.utf8)
    static let encounterConditionPrefix = Data(#"{"encounterCondition":"#.utf8)
    static let encountersPrefix = Data(#"{"encounters":"#.utf8)
    static let entriesPrefix = Data(#"{"entries":"#.utf8)
    static let naturePrefix = Data(#"{"nature":"#.utf8)
    static let characteristicPrefix = Data(#"{"characteristic":"#.utf8)
    static let growthRatePrefix = Data(#"{"growthRate":"#.utf8)
    static let itemPrefix = Data(#"{"item":"#.utf8)
    static let gameIndicesPrefix = Data(#"{"gameIndices":"#.utf8)
    static let showdownNamesPrefix = Data(#"{"showdownNames":"#.utf8)

    private struct PokemonLine: Codable { var pokemon: PokemonRecord }
    private struct PokedexLine: Codable { var pokedex: PokedexRecord }
    fileprivate struct GameLine: Codable { var game: GameRecord }
    private struct MoveLine: Codable { var move: MoveRecord }
    fileprivate struct LearnsetLine: Codable { var learnset: LearnsetRecord }
    private struct LocationLine: Codable { var location: LocationRecord }
    private struct EncounterMethodLine: Codable { var encounterMethod: EncounterMethodRecord }
    private struct EncounterConditionLine: Codable { var encounterCondition: EncounterConditionRecord }
    fileprivate struct EncountersLine: Codable { var encounters: EncounterRecord }
    fileprivate struct EntriesLine: Codable { var entries: EntriesRecord }
    private struct NatureLine: Codable { var nature: NatureRecord }
    private struct CharacteristicLine: Codable { var characteristic: CharacteristicRecord }
    private struct GrowthRateLine: Codable { var growthRate: GrowthRateRecord }
    private struct ItemLine: Codable { var item: ItemRecord }
    private struct GameIndicesLine: Codable { var gameIndices: GameIndexRecord }
    private struct ShowdownNamesLine: Codable { var showdownNames: ShowdownNamesRecord }

    /// Terms, species, Pokémon and Pokédexes in one reading of the file.
    public func records() throws -> Records {
        let decoder = JSONDecoder()
        var records = Records()
        records.species.reserveCapacity(1100)
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated().dropFirst() {
            do {
                if line.starts(with: Self.termPrefix) {
                    records.terms.append(try decoder.decode(TermRecord.self, from: line))
                } else if line.starts(with: Self.pokemonPrefix) {
                    records.pokemon.append(try decoder.decode(PokemonLine.self, from: line).pokemon)
                } else if line.starts(with: Self.pokedexPrefix) {
                    records.pokedexes.append(try decoder.decode(PokedexLine.self, from: line).pokedex)
                } else if line.starts(with: Self.gamePrefix) {
                    records.games.append(try decoder.decode(GameLine.self, from: line).game)
                } else if line.starts(with: Self.learnsetPrefix) {
                    records.learnsets.append(try decoder.decode(LearnsetLine.self, from: line).learnset)
                } else if line.starts(with: Self.movePrefix) {
                    records.moves.append(try decoder.decode(MoveLine.self, from: line).move)
                } else if line.starts(with: Self.entriesPrefix) {
                    records.entries.append(try decoder.decode(EntriesLine.self, from: line).entries)
                } else if line.starts(with: Self.encountersPrefix) {
                    records.encounters.append(try decoder.decode(EncountersLine.self, from: line).encounters)
                } else if line.starts(with: Self.locationPrefix) {
                    records.locations.append(try decoder.decode(LocationLine.self, from: line).location)
                } else if line.starts(with: Self.encounterMethodPrefix) {
                    records.encounterMethods.append(try decoder.decode(EncounterMethodLine.self, from: line).encounterMethod)
                } else if line.starts(with: Self.encounterConditionPrefix) {
                    records.encounterConditions.append(try decoder.decode(EncounterConditionLine.self, from: line).encounterCondition)
                } else if line.starts(with: Self.naturePrefix) {
                    records.natures.append(try decoder.decode(NatureLine.self, from: line).nature)
                } else if line.starts(with: Self.characteristicPrefix) {
                    records.characteristics.append(try decoder.decode(CharacteristicLine.self, from: line).characteristic)
                } else if line.starts(with: Self.growthRatePrefix) {
                    records.growthRates.append(try decoder.decode(GrowthRateLine.self, from: line).growthRate)
                } else if line.starts(with: Self.itemPrefix) {
                    records.items.append(try decoder.decode(ItemLine.self, from: line).item)
                } else if line.starts(with: Self.gameIndicesPrefix) {
                    records.gameIndices.append(try decoder.decode(GameIndicesLine.self, from: line).gameIndices)
                } else if line.starts(with: Self.showdownNamesPrefix) {
                    records.showdownNames.append(try decoder.decode(ShowdownNamesLine.self, from: line).showdownNames)
                } else {
                    records.species.append(try decoder.decode(Species.self, from: line))
                }
            } catch {
                throw Problem.malformed(line: index + 1, detail: "\(error)")
            }
        }
        return records
    }

    /// Writes the file: the header (with `version` computed from the content), then the species.
    public static func encode(
        source: String, types: [TypeRecord], terms: [TermRecord] = [], species: [Species],
        pokemon: [PokemonRecord] = [], pokedexes: [PokedexRecord] = [], games: [GameRecord] = [],
        moves: [MoveRecord] = [], learnsets: [LearnsetRecord] = [], locations: [LocationRecord] = [],
        encounterMethods: [EncounterMethodRecord] = [], encounterConditions: [EncounterConditionRecord] = [],
        encounters: [EncounterRecord] = [], entries: [EntriesRecord] = [], natures: [NatureRecord] = [],
        characteristics: [CharacteristicRecord] = [], growthRates: [GrowthRateRecord] = [], items: [ItemRecord] = [],
        gameIndices: [GameIndexRecord] = [], showdownNames: [ShowdownNamesRecord] = []
    ) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let sortedTypes = types.sorted { $0.name < $1.name }
        var body = Data()
        for term in terms.sorted(by: { ($0.kind, $0.name) < ($1.kind, $1.name) }) {
            body.append(try encoder.encode(term))
            body.append(UInt8(ascii: "\n"))
        }
        for var record in species.sorted(by: { $0.id < $1.id }) {
            record.fetchedAt = nil  // built-in data has no fetch date
            body.append(try encoder.encode(record))
            body.append(UInt8(ascii: "\n"))
        }
        for record in pokemon.sorted(by: { $0.id < $1.id }) {
            body.append(try encoder.encode(PokemonLine(pokemon: record)))
            body.append(UInt8(ascii: "\n"))
        }
        for record in pokedexes.sorted(by: { $0.id < $1.id }) {
            body.append(try encoder.encode(PokedexLine(pokedex: record)))
            body.append(UInt8(ascii: "\n"))
        }
        for record in games.sorted(by: { $0.id < $1.id }) {
            body.append(try encoder.encode(GameLine(game: record)))
            body.append(UInt8(ascii: "\n"))
        }
        for record in moves.sorted(by: { $0.id < $1.id }) {
            body.append(try encoder.encode(MoveLine(move: record)))
            body.append(UInt8(ascii: "\n"))
        }
        // What an individual is made of: natures, characteristics, growth rates, then the items
        // it may hold (a file of their own).
        for record in natures.sorted(by: { $0.gameIndex < $1.gameIndex }) {
            body.append(try encoder.encode(NatureLine(nature: record)))
            body.append(UInt8(ascii: "\n"))
        }
        for record in characteristics.sorted(by: { $0.id < $1.id }) {
            body.append(try encoder.encode(CharacteristicLine(characteristic: record)))
            body.append(UInt8(ascii: "\n"))
        }
        for record in growthRates.sorted(by: { $0.identifier < $1.identifier }) {
            body.append(try encoder.encode(GrowthRateLine(growthRate: record)))
            body.append(UInt8(ascii: "\n"))
        }
        for record in items.sorted(by: { $0.id < $1.id }) {
            body.append(try encoder.encode(ItemLine(item: record)))
            body.append(UInt8(ascii: "\n"))
        }
        for record in gameIndices.sorted(by: { ($0.kind, $0.generation) < ($1.kind, $1.generation) }) {
            body.append(try encoder.encode(GameIndicesLine(gameIndices: record)))
            body.append(UInt8(ascii: "\n"))
        }
        for record in showdownNames.sorted(by: { $0.kind < $1.kind }) {
            body.append(try encoder.encode(ShowdownNamesLine(showdownNames: record)))
            body.append(UInt8(ascii: "\n"))
        }
        // Learnsets by generation (each generation's are a file of their own: `split`), then Pokémon.
        var generations: [String: Int] = [:]
        for game in games { generations[game.versionGroup] = game.generation }
        func order(_ record: LearnsetRecord) -> (Int, Int, String) {
            (generations[record.versionGroup] ?? 0, record.pokemon, record.versionGroup)
        }
        for record in learnsets.sorted(by: { order($0) < order($1) }) {
            body.append(try encoder.encode(LearnsetLine(learnset: record)))
            body.append(UInt8(ascii: "\n"))
        }
        // The places and the ways of meeting Pokémon, then each generation's encounter tables
        // (a file a generation too), game by game in release order, area by area.
        for record in locations.sorted(by: { $0.id < $1.id }) {
            body.append(try encoder.encode(LocationLine(location: record)))
            body.append(UInt8(ascii: "\n"))
        }
        for record in encounterMethods.sorted(by: { $0.id < $1.id }) {
            body.append(try encoder.encode(EncounterMethodLine(encounterMethod: record)))
            body.append(UInt8(ascii: "\n"))
        }
        for record in encounterConditions.sorted(by: { $0.id < $1.id }) {
            body.append(try encoder.encode(EncounterConditionLine(encounterCondition: record)))
            body.append(UInt8(ascii: "\n"))
        }
        var releaseOrder: [String: Int] = [:]
        for game in games { releaseOrder[game.versionGroup] = game.order }
        func encounterOrder(_ record: EncounterRecord) -> (Int, Int, String, Int) {
            (generations[record.versionGroup] ?? 0, releaseOrder[record.versionGroup] ?? 0, record.versionGroup, record.area)
        }
        for record in encounters.sorted(by: { encounterOrder($0) < encounterOrder($1) }) {
            body.append(try encoder.encode(EncountersLine(encounters: record)))
            body.append(UInt8(ascii: "\n"))
        }
        // Every game's Pokédex entries, species by species (a file a generation of species).
        for record in entries.sorted(by: { ($0.species, $0.language) < ($1.species, $1.language) }) {
            body.append(try encoder.encode(EntriesLine(entries: record)))
            body.append(UInt8(ascii: "\n"))
        }
        let version = ContentHash.hex(body + (try encoder.encode(sortedTypes)))
        let header = Header(
            format: currentFormat, version: version, source: source, speciesCount: species.count, types: sortedTypes)
        return try encoder.encode(header) + Data("\n".utf8) + body
    }
}

extension BuiltInPokedex {
    /// An encoded Pokédex as the files it is kept in, each small enough to review, by the suffix
    /// of their name: `""` (the header, terms and species), `"-forms"` (Pokémon, Pokédexes and
    /// games), `"-moves"` (the moves), `"-items"` (natures, characteristics, growth rates,
    /// the items a Pokémon may hold and the games' own numbers), `"-learnsets-genN"` (the learnsets of generation N's
    /// games), `"-places"` (places, ways of meeting Pokémon and their conditions),
    /// `"-encounters-genN"` (the encounter tables of generation N's games), then
    /// `"-entries-genN"` (every game's Pokédex entries of generation N's species). Their
    /// concatenation in this order is the whole (what `init(bytes:)` reads).
    public static func split(_ data: Data) -> [(suffix: String, data: Data)] {
        var parts: [(suffix: String, data: Data)] = [("", Data()), ("-forms", Data()), ("-moves", Data()), ("-items", Data())]
        var generations: [String: Int] = [:]
        var speciesGenerations: [Int: Int] = [:]
        struct SpeciesGeneration: Decodable { var id: Int; var generation: Int? }
        let decoder = JSONDecoder()
        func append(_ line: Data.SubSequence, to suffix: String) {
            if let index = parts.firstIndex(where: { $0.suffix == suffix }) {
                parts[index].data += line + [UInt8(ascii: "\n")]
            } else {
                parts.append((suffix, Data(line) + [UInt8(ascii: "\n")]))
            }
        }
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
            if line.starts(with: gamePrefix), let game = try? decoder.decode(GameLine.self, from: line).game {
                generations[game.versionGroup] = game.generation
                append(line, to: "-forms")
            } else if line.starts(with: pokemonPrefix) || line.starts(with: pokedexPrefix) {
                append(line, to: "-forms")
            } else if line.starts(with: movePrefix) {
                append(line, to: "-moves")
            } else if line.starts(with: naturePrefix) || line.starts(with: characteristicPrefix)
                || line.starts(with: growthRatePrefix) || line.starts(with: itemPrefix) || line.starts(with: gameIndicesPrefix)
                || line.starts(with: showdownNamesPrefix) {
                append(line, to: "-items")
            } else if line.starts(with: learnsetPrefix) {
                let generation = (try? decoder.decode(LearnsetLine.self, from: line)).flatMap { generations[$0.learnset.versionGroup] } ?? 0
                append(line, to: "-learnsets-gen\(generation)")
            } else if line.starts(with: locationPrefix) || line.starts(with: encounterMethodPrefix)
                || line.starts(with: encounterConditionPrefix) {
                append(line, to: "-places")
            } else if line.starts(with: encountersPrefix) {
                let generation = (try? decoder.decode(EncountersLine.self, from: line))
                    .flatMap { generations[$0.encounters.versionGroup] } ?? 0
                append(line, to: "-encounters-gen\(generation)")
            } else if line.starts(with: entriesPrefix) {
                let generation = (try? decoder.decode(EntriesLine.self, from: line)).flatMap { speciesGenerations[$0.entries.species] } ?? 0
                append(line, to: "-entries-gen\(generation)")
            } else {
                if !line.starts(with: termPrefix), let species = try? decoder.decode(SpeciesGeneration.self, from: line) {
                    speciesGenerations[species.id] = species.generation
                }
                append(line, to: "")
            }
        }
        return parts
    }

    /// The suffixes of the files a Pokédex is kept in beside `pokedex.jsonl`, in reading order:
    /// the fixed four, the learnset files there are by generation, the places, the encounter
    /// files there are by generation, then the Pokédex entries' by generation.
    public static func fileSuffixes(existing: (String) -> Bool) -> [String] {
        ["", "-forms", "-moves", "-items"] + (0...99).map { "-learnsets-gen\($0)" }.filter(existing)
            + ["-places"].filter(existing) + (0...99).map { "-encounters-gen\($0)" }.filter(existing)
            + (0...99).map { "-entries-gen\($0)" }.filter(existing)
    }
}

/// FNV-1a, 64 bits: a stable content fingerprint (not for security).
enum ContentHash {
    static func hex(_ data: Data) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16).leftPadded(to: 16)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
