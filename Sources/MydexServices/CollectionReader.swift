import MydexModel
import MydexStore

/// Everything an entry's page shows, the same for `show` and `browse`: the entry, its species as
/// its form is (the form's types, stats and abilities) with the species' profile (its evolution
/// chain and the names of its terms), how it was caught from an encounter, and its latest history.
public struct EntryDetail: Sendable {
    public var entry: CollectionEntry
    public var species: Species
    public var profile: SpeciesProfile
    /// Where and how it was caught, when from an encounter.
    public var caught: CaughtFrom?
    /// The newest history rows of the entry, as many as asked (none for `show`).
    public var history: [HistoryEntry]
    /// The names of its individual's nature, ability, moves and the rest, and of its origin's
    /// game and ball, in the reading language.
    public var words: IndividualWords
}

/// How an entry caught from an encounter was caught, with what names it: the game's, the place's
/// (as the catalog has it: `EncounterWords` puts it in words) and the balls'.
public struct CaughtFrom: Sendable {
    public var record: CatchRecord
    public var gameName: String
    /// The place and area met in; nil when the catalog has none by that id.
    public var placeArea: PlaceArea?
    /// The balls' names in the reading language, by PokeAPI's item identifier.
    public var ballNames: [String: String]
}

/// The collection's entries and history as commands read them, each read short: what a listing
/// of any length prints is read a page at a time (`listing`, `history`), never inside a read
/// that printing could hold open.
public struct CollectionReader: Sendable {
    let store: CollectionStore

    init(store: CollectionStore) { self.store = store }

    /// The entries `query` selects, to print as they are read (`EntryListing`).
    public func listing(
        _ query: EntryQuery, summary: Bool = false, catchRecords: Bool = false, stats: Bool = true
    ) async throws -> EntryListing {
        try await EntryListing(query, in: store, summary: summary, catchRecords: catchRecords, stats: stats)
    }

    /// The history rows `query` selects, newest first, to print as they are read (`HistoryListing`).
    public func history(_ query: HistoryQuery, catchRecords: Bool = false) async throws -> HistoryListing {
        try await HistoryListing(query, in: store, catchRecords: catchRecords)
    }

    /// The newest history rows `query` selects, the entries they mention, and how many rows
    /// pass its filters, in one read (a few rows: an entry's page).
    public func historyPage(_ query: HistoryQuery) async throws -> HistoryPage { try await store.historyPage(query) }

    /// One entry, released or not.
    public func entry(id: Int64) async throws -> CollectionEntry { try await store.entry(id: id) }

    /// The entries `ids`, in that order; `EntryProblems` naming those that are not there.
    public func entries(ids: [Int64]) async throws -> [CollectionEntry] { try await store.entries(ids: ids) }

    /// The entries with these ids, in this order (ids that are gone are left out).
    public func entries(inOrder ids: [Int64]) async throws -> [CollectionEntry] { try await store.entries(inOrder: ids) }

    /// One page of the entries `query` selects (its `limit` and `offset`), the page's ids found
    /// from the entries table alone where the order allows (`total`: from the nearer end).
    public func entryPage(_ query: EntryQuery, total: Int? = nil) async throws -> [CollectionEntry] {
        try await store.entryPage(query, total: total)
    }

    /// The ids of every entry `query` selects, in its order.
    public func entryIDs(_ query: EntryQuery) async throws -> [Int64] { try await store.entryIDs(query) }

    /// How many entries `query` selects, its page aside.
    public func count(_ query: EntryQuery) async throws -> Int { try await store.entryCount(query) }

    /// The entries `query` selects, one row per species in its order, the page applied to
    /// groups, and how many groups there are in all.
    public func groups(_ query: EntryQuery) async throws -> (groups: [EntryGroup], total: Int) {
        try await store.entryGroups(query)
    }

    /// Held entries in entry order, `count` of them from the `offset`-th: a box of the collection.
    public func held(offset: Int, count: Int) async throws -> [CollectionEntry] {
        try await store.heldEntries(offset: offset, count: count)
    }

    /// Entries still held of one species, in entry order.
    public func held(speciesID: Int) async throws -> [CollectionEntry] { try await store.entries(speciesID: speciesID) }

    /// How many rows the collection holds.
    public func counts() async throws -> CollectionCounts { try await store.counts() }

    /// Where and how the entries `ids` were caught, for those caught from an encounter.
    public func catchRecords(entryIDs ids: [Int64]) async throws -> [Int64: CatchRecord] {
        try await store.catchRecords(entryIDs: ids)
    }

    /// Catching in numbers: throws per catch, each ball's catches, the luckiest catch.
    public func catchingStats() async throws -> CatchingStats { try await store.catchingStats() }

    /// The automatic backups beside the collection, oldest first, each counted.
    public func automaticBackups() -> [BackupFile] { store.automaticBackups() }

    /// Where the automatic backups go.
    public var backupDirectory: String { store.backupDirectory }

    /// The pages of the entries `ids` (`show`), in that order: `EntryProblems` when one is not there.
    public func details(ids: [Int64]) async throws -> [EntryDetail] {
        let entries = try await store.entries(ids: ids)
        let records = try await caught(try await store.catchRecords(entryIDs: entries.map(\.id)))
        var details: [EntryDetail] = []
        for entry in entries {
            let pokedex = Pokedex(store: store)
            let (species, profile) = try await pokedex.species(of: entry)
            let words = try await words(of: entry, pokedex)
            details.append(EntryDetail(
                entry: entry, species: species, profile: profile, caught: records[entry.id], history: [], words: words))
        }
        return details
    }

    /// `entry`'s page (`browse`) as it is now, with its newest `history` rows.
    public func detail(of entry: CollectionEntry, history: Int) async throws -> EntryDetail {
        let pokedex = Pokedex(store: store)
        let (species, profile) = try await pokedex.species(of: entry)
        let records = try await caught(try await store.catchRecords(entryIDs: [entry.id]))
        let events = try await store.historyPage(HistoryQuery(entryID: entry.id, limit: history)).events
        let words = try await words(of: entry, pokedex)
        return EntryDetail(
            entry: entry, species: species, profile: profile, caught: records[entry.id], history: events, words: words)
    }

    /// The words of an entry's page: its individual's, and where a save says it was met.
    func words(of entry: CollectionEntry, _ pokedex: Pokedex) async throws -> IndividualWords {
        var words = try await pokedex.individualWords(entry.individual, origin: entry.origin)
        if let place = entry.saved?.details.metLocation { words.metPlace = try await pokedex.placeName(place) }
        return words
    }

    /// The records with the names they show, read once for all of them.
    func caught(_ records: [Int64: CatchRecord]) async throws -> [Int64: CaughtFrom] {
        guard !records.isEmpty else { return [:] }
        let pokedex = Pokedex(store: store)
        let games = Dictionary(try await pokedex.games().map { ($0.identifier, $0.name) }) { first, _ in first }
        let balls = try await pokedex.ballNames()
        var places: [Int: PlaceArea?] = [:]
        var shown: [Int64: CaughtFrom] = [:]
        for (id, record) in records {
            let area = record.encounter.areaID
            if places[area] == nil { places[area] = .some(try await pokedex.placeArea(id: area)) }
            shown[id] = CaughtFrom(
                record: record, gameName: games[record.encounter.game] ?? record.encounter.game, placeArea: places[area] ?? nil,
                ballNames: balls)
        }
        return shown
    }
}
