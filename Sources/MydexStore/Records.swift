import Foundation
import GRDB
import MydexCatalog
import MydexModel

/// A Pokémon in the collection (a row of `caught_pokemon`).
public struct CaughtPokemon: Codable, Sendable, Equatable, MydexRecord, MutablePersistableRecord {
    public static let databaseTableName = "caught_pokemon"
    public static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { ColumnNaming.encoding }

    public var id: Int64?
    public var speciesID: Int
    /// PokeAPI's id of the entry's form (`PokemonForm.id`): 37 Vulpix, 10205 Alolan Vulpix.
    public var formID: Int
    public var nickname: String?
    public var isFavorite: Bool
    public var isShiny: Bool
    public var caughtAt: Date
    public var releasedAt: Date?
    // The individual (schema 9; all nil for an entry made before it): see `Individual`.
    public var generation: Int?
    public var level: Int?
    public var gender: Gender?
    public var nature: String?
    public var ability: String?
    public var hiddenAbility: Bool?
    public var personality: Int64?
    public var ivHp, ivAttack, ivDefense, ivSpecialAttack, ivSpecialDefense, ivSpeed: Int?
    public var evHp, evAttack, evDefense, evSpecialAttack, evSpecialDefense, evSpeed: Int?
    /// A JSON array of PokeAPI's move identifiers.
    public var moves: String?
    public var heldItem: String?
    // Where it came from: `EntryOrigin`.
    public var origin: EntryOrigin.Kind?
    public var game: String?
    public var ball: String?
    public var trainer: String?
    public var trainerID: Int64?
    /// A JSON array of the values `add` drew.
    public var drawn: String?
    // What a game keeps beside the individual, and where an entry read from a game's file
    // came from (schema 10; nil for every other entry): `SavedDetails`, `SavedEntry`.
    public var experience: Int?
    public var friendship: Int?
    public var pokerus: Int?
    /// A JSON array of each move's PP Ups.
    public var ppUps: String?
    public var metLocation: String?
    public var metLevel: Int?
    public var sourceGame: String?
    public var sourceBox: Int?
    public var sourceSlot: Int?
    public var sourceFile: String?
    public var identity: String?
    /// Schema 11: an egg from a save, not hatched yet.
    public var isEgg = false

    public var isReleased: Bool { releasedAt != nil }

    init(speciesID: Int, formID: Int, isShiny: Bool, caughtAt: Date, individual: Individual?, origin: EntryOrigin?) {
        self.speciesID = speciesID
        self.formID = formID
        isFavorite = false
        self.isShiny = isShiny
        self.caughtAt = caughtAt
        if let individual { set(individual) }
        if let origin { set(origin) }
    }

    /// Sets the individual's columns (the entry query reads them back: `CollectionEntry.Stored`).
    mutating func set(_ value: Individual) {
        (generation, level, gender, nature, ability) = (value.generation, value.level, value.gender, value.nature, value.ability)
        hiddenAbility = value.hiddenAbility
        personality = value.personality.map(Int64.init)
        (ivHp, ivAttack, ivDefense, ivSpecialAttack, ivSpecialDefense, ivSpeed) = (
            value.ivs.hp, value.ivs.attack, value.ivs.defense, value.ivs.specialAttack, value.ivs.specialDefense, value.ivs.speed)
        (evHp, evAttack, evDefense, evSpecialAttack, evSpecialDefense, evSpeed) = (
            value.evs.hp, value.evs.attack, value.evs.defense, value.evs.specialAttack, value.evs.specialDefense, value.evs.speed)
        moves = IndividualColumns.json(value.moves)
        heldItem = value.heldItem
    }

    /// Sets its origin's columns.
    mutating func set(_ value: EntryOrigin) {
        (origin, game, ball, trainer) = (value.kind, value.game, value.ball, value.trainer)
        trainerID = value.trainerID.map(Int64.init)
        drawn = value.drawn.isEmpty ? nil : IndividualColumns.json(value.drawn)
    }

    /// Sets what a game keeps beside the individual.
    mutating func set(_ value: SavedDetails) {
        (experience, friendship, pokerus, metLocation, metLevel) = (
            value.experience, value.friendship, value.pokerus, value.metLocation, value.metLevel)
        isEgg = value.isEgg
        ppUps = "[" + value.ppUps.map(String.init).joined(separator: ",") + "]"
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// The individual's columns as the entry query reads them, and the JSON arrays it keeps in text
/// (read back by `CollectionEntry.Stored.strings`).
enum IndividualColumns {
    /// After `CollectionStore.entryColumns`' first nine: what `CollectionEntry.Stored` reads.
    static let columns = """
        c.generation, c.level, c.gender, c.nature, c.ability, c.hidden_ability, c.personality,
            c.iv_hp, c.iv_attack, c.iv_defense, c.iv_special_attack, c.iv_special_defense, c.iv_speed,
            c.ev_hp, c.ev_attack, c.ev_defense, c.ev_special_attack, c.ev_special_defense, c.ev_speed,
            c.moves, c.held_item, c.origin, c.game, c.ball, c.trainer, c.trainer_id, c.drawn,
            CASE WHEN c.identity IS NULL THEN NULL ELSE json_object(
                'experience', c.experience, 'friendship', c.friendship, 'pokerus', c.pokerus, 'ppUps', json(c.pp_ups),
                'metLocation', c.met_location, 'metLevel', c.met_level, 'game', c.source_game, 'box', c.source_box,
                'slot', c.source_slot, 'sha256', c.source_file, 'identity', c.identity,
                'egg', json(CASE WHEN c.is_egg THEN 'true' ELSE 'false' END)) END
        """

    /// A JSON array of strings (identifiers: nothing in them needs more than quotes escaped).
    static func json(_ values: [String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return (try? encoder.encode(values)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
}
