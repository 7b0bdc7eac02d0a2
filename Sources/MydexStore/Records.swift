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

    /// A row of the entry query (`CollectionStore.entrySQL`): the entry's own columns, then
    /// what is shown of its species, then of its form when it is not the species' own.
    public init(row: Row) throws {
        let species = (row[9] as String?).map { speciesName in
            ShownSpecies(speciesName: speciesName, name: row[10], typeList: row[11], typeNameList: row[12])
        }
        let form = (row[13] as Int?).map { _ in
            ShownForm(identifier: row[14], formIdentifier: row[15], name: row[16], typeList: row[17], typeNameList: row[18])
        }
        self.init(Stored(row: row), species: species, form: form)
    }

    /// An entry as its row stores it, shown with its species' and its form's names and types:
    /// the form's whole name ("Alolan Vulpix"), else the species' with the form's identifier,
    /// else the species'; the form's types, else the species'.
    init(_ stored: Stored, species: ShownSpecies?, form: ShownForm?) {
        id = stored.id
        speciesID = stored.speciesID
        nickname = stored.nickname
        isFavorite = stored.isFavorite
        isShiny = stored.isShiny
        caughtAt = stored.caughtAt
        releasedAt = stored.releasedAt
        uuid = stored.uuid
        formID = stored.formID
        speciesName = species?.speciesName ?? "species-\(stored.speciesID)"
        let speciesShownName = species?.name ?? "#\(stored.speciesID)"
        if let form {
            name = form.name ?? "\(speciesShownName) (\(form.formIdentifier ?? form.identifier))"
            (typeList, typeNameList) = (form.typeList, form.typeNameList)
            self.form = form.identifier
        } else {
            name = speciesShownName
            (typeList, typeNameList) = (species?.typeList ?? "", species?.typeNameList ?? "")
            self.form = speciesName
        }
        isDefaultForm = form == nil
    }

    /// An entry's own columns (`CollectionStore.entryColumns`), first in a row.
    struct Stored: Sendable {
        var id: Int64
        var speciesID: Int
        var nickname: String?
        var isFavorite: Bool
        var isShiny: Bool
        var caughtAt: Date
        var releasedAt: Date?
        var uuid: String
        var formID: Int

        init(row: Row) {
            id = row[0]
            speciesID = row[1]
            nickname = row[2]
            isFavorite = row[3]
            isShiny = row[4]
            caughtAt = CollectionEntry.date(seconds: row[5])
            releasedAt = (row[6] as Double?).map(CollectionEntry.date(seconds:))
            uuid = row[7]
            formID = row[8]
        }
    }

    /// Dates are stored to the millisecond; the conversion's floating-point error is rounded away.
    static func date(seconds: Double) -> Date {
        Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000)
    }

    public var isReleased: Bool { releasedAt != nil }
    public var types: [String] { typeList.split(separator: "/").map(String.init) }
    public var typeNames: [String] { typeNameList.split(separator: "/").map(String.init) }
}

/// What lists show of a species in the store's language (a row of `SpeciesSQL.shown`).
struct ShownSpecies: Sendable {
    /// PokeAPI's name, e.g. `mr-mime`.
    var speciesName: String
    var name: String
    var typeList: String
    var typeNameList: String
}

/// What lists show of a form other than its species' own (a row of `SpeciesSQL.shownForms`).
struct ShownForm: Sendable {
    /// PokeAPI's identifier, e.g. `vulpix-alola`.
    var identifier: String
    /// The form's part of it, e.g. `alola`.
    var formIdentifier: String?
    /// The whole name ("Alolan Vulpix"); nil where no language names the form.
    var name: String?
    var typeList: String
    var typeNameList: String
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
