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

    public var isReleased: Bool { releasedAt != nil }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
