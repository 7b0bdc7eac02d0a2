import MydexStore
import MydexModel

/// The entries a query selects, read to be printed as they are read (`list`, `export`): their
/// ids in the query's order and what a table needs to size its columns are read first, in one
/// read; the entries then come a page at a time, each page a read of its own. Nothing is read
/// while a page is being printed, so a reader that takes its time (a pager, `head` then a
/// pause, a slow pipe) never holds the database, and a `catch` beside it is never kept waiting
/// with the rollback journal. Memory stays flat: 8 bytes an entry for the ids, one page, and
/// what is shown of the species and forms met so far.
///
/// What a listing shows when the collection changes while it is printed: the entries that
/// matched when it started, in the order they had then, each as it is when its page is read.
/// An entry caught meanwhile is not listed (the next listing shows it); one nicknamed,
/// favorited or released meanwhile is listed as it is now, even if it no longer matches the
/// filters; one that is gone (a restore replaced the collection) is left out.
public struct EntryListing: Sendable, AsyncSequence {
    /// Entries a page: large enough that reading a page costs little more than its rows, small
    /// enough that memory stays flat.
    public static let pageSize = 1000

    /// The ids of the listed entries, in order.
    public let ids: [Int64]
    /// How many entries the query selects, its page (`limit`, `offset`) aside.
    public let total: Int
    /// What a table needs to size its columns, when asked for.
    public let summary: EntrySummary?
    let store: CollectionStore
    /// What is shown of the species and forms met so far, for every page (and every pass).
    let names: EntryNames
    let withCatchRecords: Bool
    /// Entries (or rows) a page.
    public let pageSize: Int

    /// Reads the ids (and the summary, with `summary`) of the entries `query` selects; with
    /// `catchRecords`, each page also carries how its entries were caught from an encounter;
    /// without `stats`, its entries come without their stats (a table that does not show them).
    public init(
        _ query: EntryQuery, in store: CollectionStore, summary: Bool = false, catchRecords: Bool = false, stats: Bool = true,
        pageSize: Int = EntryListing.pageSize
    ) async throws {
        let names = EntryNames(stats: stats)
        let read = try await store.entryListing(query, summary: summary, names: names)
        (ids, total, self.summary) = (read.ids, read.total, read.summary)
        self.names = names
        self.store = store
        withCatchRecords = catchRecords
        self.pageSize = Swift.max(1, pageSize)
    }

    /// A listing of these entries, in this order: ids another query found (`search`'s).
    public init(ids: [Int64], in store: CollectionStore, pageSize: Int = EntryListing.pageSize) {
        self.ids = ids
        total = ids.count
        summary = nil
        names = EntryNames()
        self.store = store
        withCatchRecords = false
        self.pageSize = Swift.max(1, pageSize)
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(listing: self)
    }

    /// Reads the next page when asked for it, in a read of its own.
    public struct Iterator: AsyncIteratorProtocol {
        let listing: EntryListing
        var next = 0

        public mutating func next() async throws -> EntryPage? {
            guard next < listing.ids.count else { return nil }
            let ids = Array(listing.ids[next..<Swift.min(next + listing.pageSize, listing.ids.count)])
            next += ids.count
            let entries = try await listing.store.entries(inOrder: ids, names: listing.names)
            let records = listing.withCatchRecords && !entries.isEmpty
                ? try await listing.store.catchRecords(entryIDs: entries.map(\.id)) : [:]
            return EntryPage(entries: entries, catchRecords: records)
        }
    }
}

/// A page of a listing.
public struct EntryPage: Sendable {
    public var entries: [CollectionEntry]
    /// How the page's entries caught from an encounter were caught, by entry id (when the
    /// listing was asked for them).
    public var catchRecords: [Int64: CatchRecord]
}

/// The history rows a query selects, newest first, read to be printed as they are read
/// (`history`), as `EntryListing` reads entries: how many there are and the newest row now are
/// read first; the rows up to that one then come a page at a time with the entries they
/// mention, each page a read of its own. Rows written while the listing is printed are not
/// in it; the entries it mentions are as they are when their page is read. A listing can be
/// read more than once (a table measures its rows before printing them): each pass reads the
/// same rows again (what is shown of species and forms is read once for every pass).
public struct HistoryListing: Sendable, AsyncSequence {
    /// How many rows the listing holds (the query's limit applied).
    public let count: Int
    /// How many rows the query selects, its limit aside.
    public let total: Int
    let query: HistoryQuery
    let newest: Int64
    let store: CollectionStore
    let names = EntryNames()
    let withCatchRecords: Bool
    /// Entries (or rows) a page.
    public let pageSize: Int

    /// With `catchRecords`, each page also carries how the entries it mentions were caught from
    /// an encounter.
    public init(
        _ query: HistoryQuery, in store: CollectionStore, catchRecords: Bool = false, pageSize: Int = EntryListing.pageSize
    ) async throws {
        let read = try await store.historyListing(query)
        (total, newest) = (read.total, read.newest)
        count = query.limit.map { Swift.min($0, read.total) } ?? read.total
        self.query = query
        self.store = store
        withCatchRecords = catchRecords
        self.pageSize = Swift.max(1, pageSize)
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(listing: self)
    }

    public struct Iterator: AsyncIteratorProtocol {
        let listing: HistoryListing
        var read = 0
        var before: Int64?

        public mutating func next() async throws -> Page? {
            guard read < listing.count else { return nil }
            let events = try await listing.store.historyRows(
                listing.query, newest: listing.newest, before: before,
                count: Swift.min(listing.pageSize, listing.count - read))
            guard let last = events.last else { return nil }
            (read, before) = (read + events.count, last.id)
            let ids = Array(Set(events.compactMap(\.entryID))).sorted()
            let entries = try await listing.store.entries(inOrder: ids, names: listing.names)
            let records = listing.withCatchRecords && !entries.isEmpty
                ? try await listing.store.catchRecords(entryIDs: entries.map(\.id)) : [:]
            return Page(
                events: events, entries: Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
                catchRecords: records)
        }
    }

    /// Rows of the history, newest first, with the entries they mention.
    public struct Page: Sendable {
        public var events: [HistoryEntry]
        /// The entries `events` mention, by id.
        public var entries: [Int64: CollectionEntry]
        /// How the entries caught from an encounter were caught, by entry id (when asked for).
        public var catchRecords: [Int64: CatchRecord]
    }
}
