import Foundation
import GRDB
import Synchronization

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
    /// A Pokémon the user has in a game, recorded by hand (`add`).
    case add
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

    package init(
        id: Int64? = nil, entryID: Int64? = nil, action: HistoryAction, detail: String? = nil, occurredAt: Date
    ) {
        self.id = id
        self.entryID = entryID
        self.action = action
        self.detail = detail
        self.occurredAt = occurredAt
    }
}

/// Which history rows `historyPage` returns.
public struct HistoryQuery: Sendable, Equatable {
    public var entryID: Int64?
    public var action: HistoryAction?
    /// Only rows at or after this moment.
    public var since: Date?
    /// The newest `limit` rows (nil: all).
    public var limit: Int?

    public init(entryID: Int64? = nil, action: HistoryAction? = nil, since: Date? = nil, limit: Int? = nil) {
        self.entryID = entryID
        self.action = action
        self.since = since
        self.limit = limit
    }

    package var isFiltered: Bool { entryID != nil || action != nil || since != nil }
}

/// History rows, newest first, with the entries they mention and how many rows the filters select.
public struct HistoryPage: Sendable, Equatable {
    public var events: [HistoryEntry]
    /// The entries `events` mention, by id.
    public var entries: [Int64: CollectionEntry]
    /// Rows passing the filters, the limit aside.
    public var total: Int

    package init(events: [HistoryEntry], entries: [Int64: CollectionEntry], total: Int) {
        self.events = events
        self.entries = entries
        self.total = total
    }
}
