import Foundation
import GRDB
import MydexCatalog

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

    public var isReleased: Bool { releasedAt != nil }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// What a history row records.
public enum HistoryAction: String, Codable, Sendable, CaseIterable {
    case `catch`
    case release
    case nicknameSet = "nickname-set"
    case nicknameCleared = "nickname-cleared"
    case favorite
    case unfavorite
    case restore
    /// A released entry brought back (`unrelease`).
    case unrelease
    /// An entry that came from an exported file (`import`).
    case `import`
}

/// One change to the collection (a row of `history`).
public struct HistoryEntry: Codable, Sendable, Equatable, MydexRecord, MutablePersistableRecord {
    public static let databaseTableName = "history"
    public static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { ColumnNaming.encoding }

    public var id: Int64?
    public var entryID: Int64?
    public var action: HistoryAction
    public var detail: String?
    public var occurredAt: Date

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// The result of a change that may have been a no-op (a nickname it already had, say).
public struct EntryChange: Sendable, Equatable {
    public var entry: CollectionEntry
    /// False when the entry already was as asked: nothing was written or recorded.
    public var changed: Bool
}

/// An entry of the collection with what lists show of its species, in the store's language:
/// a row of the entry query (`CollectionStore.entries`).
///
/// Read by column position rather than through `Decodable`: `list` decodes one per entry, and
/// GRDB's keyed decoding took half of a 10,000-entry list's time (about 60 µs a row).
public struct CollectionEntry: Sendable, Equatable, FetchableRecord {
    public var id: Int64
    public var speciesID: Int
    /// PokeAPI's id of the entry's form.
    public var formID: Int
    /// PokeAPI's identifier of the form (`vulpix-alola`; `vulpix` for the species' own).
    public var form: String
    /// Whether the form is the species' own (then `name` is the species').
    public var isDefaultForm: Bool
    public var nickname: String?
    public var isFavorite: Bool
    public var isShiny: Bool
    public var caughtAt: Date
    public var releasedAt: Date?
    /// PokeAPI's name of the species, e.g. `mr-mime`.
    public var speciesName: String
    /// The name in the store's language (else English, else PokeAPI's name): the species', or
    /// for another form the form's whole name ("Alolan Vulpix").
    public var name: String
    /// PokeAPI type names in slot order (the form's), joined by "/" (one column reads faster than a list).
    public var typeList: String
    /// The type names in the store's language, joined by "/".
    public var typeNameList: String
    /// The entry's stable identity (a version-4 UUID, lower-case): what `export` writes and
    /// `import` matches on; the id is this collection's own number.
    public var uuid: String

    /// The columns of the entry query (`CollectionStore.entrySQL`), in this order. Its dates
    /// come as seconds since 1970 (SQLite converts GRDB's stored text): parsing the text with
    /// GRDB's calendar made the first row of every list load ICU's calendar data.
    public init(row: Row) throws {
        id = row[0]
        speciesID = row[1]
        nickname = row[2]
        isFavorite = row[3]
        isShiny = row[4]
        caughtAt = Self.date(seconds: row[5])
        releasedAt = (row[6] as Double?).map(Self.date(seconds:))
        speciesName = row[7]
        name = row[8]
        typeList = row[9]
        typeNameList = row[10]
        uuid = row[11]
        formID = row[12]
        form = row[13]
        isDefaultForm = row[14]
    }

    /// Dates are stored to the millisecond; the conversion's floating-point error is rounded away.
    static func date(seconds: Double) -> Date {
        Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000)
    }

    public var isReleased: Bool { releasedAt != nil }
    public var types: [String] { typeList.split(separator: "/").map(String.init) }
    public var typeNames: [String] { typeNameList.split(separator: "/").map(String.init) }
}

/// How many rows the database holds, as printed by backup and restore.
public struct CollectionCounts: Codable, Sendable, Equatable {
    public var entries: Int
    public var released: Int
    public var historyRows: Int
    /// Species fetched from PokeAPI and kept in the collection database.
    public var cachedSpecies: Int

    public var active: Int { entries - released }
}
