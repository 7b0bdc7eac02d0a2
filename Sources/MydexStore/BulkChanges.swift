import Foundation
import GRDB
import MydexCatalog
import MydexText
import MydexModel

// MARK: - Changing several entries at once

extension CollectionStore {
    /// Releases every entry in `ids`, in one transaction with a history row each; if any is
    /// missing, already released, or a favorite without `force`, none is (`EntryProblems`).
    /// `dryRun` checks the same and returns the entries as they are, writing nothing.
    public func release(entryIDs ids: [Int64], force: Bool, at date: Date, dryRun: Bool = false) async throws -> BulkChange {
        try await change({ _ in ids }, dryRun: dryRun, decide: Self.releasing(force: force, at: date))
    }

    /// Releases, for each species, the entries held beyond `keep` (`duplicatesSQL`), chosen and
    /// released in the same transaction.
    public func releaseDuplicates(keeping keep: Int, at date: Date, dryRun: Bool = false) async throws -> BulkChange {
        try await change(
            { db in try Int64.fetchAll(db, sql: Self.duplicatesSQL, arguments: ["keep": keep]) },
            dryRun: dryRun, decide: Self.releasing(force: false, at: date))
    }

    private static func releasing(force: Bool, at date: Date) -> @Sendable (CollectionEntry) -> Decision {
        { entry in
            guard !entry.isReleased else { return .problem(.released(entry.id)) }
            if entry.isFavorite && !force { return .problem(.favorite(entry.id)) }
            return .change { db, pokemon in
                let wasFavorite = pokemon.isFavorite
                pokemon.releasedAt = date
                pokemon.isFavorite = false
                try pokemon.update(db)
                try Self.appendHistory(
                    db, entryID: pokemon.id, action: .release, detail: wasFavorite ? "was a favorite" : nil, at: date)
            }
        }
    }

    /// Brings released entries back into the collection (not as favorites: the release history
    /// row says whether one was), each with an `unrelease` history row, all in one transaction.
    /// An id that is missing or not released changes nothing at all.
    public func unrelease(entryIDs ids: [Int64], at date: Date, dryRun: Bool = false) async throws -> BulkChange {
        try await change({ _ in ids }, dryRun: dryRun) { entry in
            guard entry.isReleased else { return .problem(.notReleased(entry.id)) }
            return .change { db, pokemon in
                // The time as stored, from the record (the entry's went through julianday).
                let released = pokemon.releasedAt.map { "released \(StoredDate.text($0))" }
                pokemon.releasedAt = nil
                try pokemon.update(db)
                try Self.appendHistory(db, entryID: pokemon.id, action: .unrelease, detail: released, at: date)
            }
        }
    }

    /// Marks or unmarks favorites; entries that already are as asked are left alone and recorded
    /// nowhere. A missing or released entry changes nothing at all.
    public func setFavorite(entryIDs ids: [Int64], _ isFavorite: Bool, at date: Date) async throws -> BulkChange {
        try await change({ _ in ids }, dryRun: false) { entry in
            guard !entry.isReleased else { return .problem(.released(entry.id)) }
            guard entry.isFavorite != isFavorite else { return .unchanged }
            return .change { db, pokemon in
                pokemon.isFavorite = isFavorite
                try pokemon.update(db)
                try Self.appendHistory(db, entryID: pokemon.id, action: isFavorite ? .favorite : .unfavorite, detail: nil, at: date)
            }
        }
    }

    /// What one entry of a bulk change comes to, decided before anything is written.
    enum Decision {
        case problem(EntryProblem)
        case unchanged
        case change(@Sendable (Database, inout CaughtPokemon) throws -> Void)
    }

    /// The shape every bulk change shares: read every named entry, decide for each, and only
    /// when no entry has a problem apply the changes, all in one transaction (a read one when dry).
    /// Entries are read and decided on as lists read them (`entries(inOrder:)`: one statement,
    /// no record decoded), which is also what a dry run returns; only the entries that change
    /// are read as records, to be written.
    private func change(
        _ select: @Sendable @escaping (Database) throws -> [Int64], dryRun: Bool,
        decide: @Sendable @escaping (CollectionEntry) -> Decision
    ) async throws -> BulkChange {
        let language = self.language
        let body: @Sendable (Database) throws -> BulkChange = { db in
            let ids = try select(db)
            let found = Dictionary(
                try Self.entries(inOrder: ids, language: language, names: EntryNames(), db).map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first })
            var problems: [EntryProblem] = []
            var planned: [(id: Int64, apply: @Sendable (Database, inout CaughtPokemon) throws -> Void)] = []
            for id in ids {
                guard let entry = found[id] else {
                    problems.append(.notFound(id))
                    continue
                }
                switch decide(entry) {
                case .problem(let problem): problems.append(problem)
                case .unchanged: break
                case .change(let apply): planned.append((id, apply))
                }
            }
            guard problems.isEmpty else { throw EntryProblems(problems).reported(forSingleEntry: ids.count == 1) }
            let changed = Set(planned.map(\.id))
            if dryRun { return BulkChange(entries: ids.compactMap { found[$0] }, changed: changed) }
            let records = try Self.caughtPokemon(planned.map(\.id), db)
            for (id, apply) in planned {
                guard var pokemon = records[id] else { throw StoreError.entryNotFound(id: id) }
                try apply(db, &pokemon)
            }
            return BulkChange(entries: try Self.entries(ids, language, db), changed: changed)
        }
        return dryRun ? try await read(body) : try await write(body)
    }

    /// The records of these entries by id, those that are gone left out: one statement whatever
    /// their number (a statement each made `release --duplicates` of thousands take seconds).
    static func caughtPokemon(_ ids: [Int64], _ db: Database) throws -> [Int64: CaughtPokemon] {
        guard !ids.isEmpty else { return [:] }
        let rows = try CaughtPokemon.fetchAll(db, sql: """
            SELECT * FROM main.caught_pokemon WHERE id IN (SELECT value FROM json_each(?))
            """, arguments: [jsonList(ids)])
        return Dictionary(rows.compactMap { row in row.id.map { ($0, row) } }, uniquingKeysWith: { first, _ in first })
    }

    /// Entries by id, in the order given (what is shown of each species read once, not once per
    /// entry); a missing id fails them all.
    static func entries(_ ids: [Int64], _ language: String, _ db: Database) throws -> [CollectionEntry] {
        let found = try entries(inOrder: ids, language: language, names: EntryNames(), db)
        let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return try ids.map { id in
            guard let entry = byID[id] else { throw StoreError.entryNotFound(id: id) }
            return entry
        }
    }

    /// Entries by id in the order given, released or not; a missing id fails them all.
    public func entries(ids: [Int64]) async throws -> [CollectionEntry] {
        let language = self.language
        return try await read { db in
            let found = try Set(Int64.fetchAll(db, sql: """
                SELECT id FROM main.caught_pokemon WHERE id IN (SELECT value FROM json_each(?))
                """, arguments: [Self.jsonList(ids)]))
            let missing = ids.filter { !found.contains($0) }
            guard missing.isEmpty else {
                throw EntryProblems(missing.map(EntryProblem.notFound)).reported(forSingleEntry: ids.count == 1)
            }
            return try Self.entries(ids, language, db)
        }
    }
}

// MARK: - Duplicates

extension CollectionStore {
    /// The entries `release --duplicates` releases: for each species, those held beyond `:keep`.
    /// Favorites, shinies and nicknamed entries are never among them but count towards the
    /// `keep` held; the others kept are the oldest (caught first, then by id). An entry goes
    /// when its species holds `keep` protected ones and earlier ones together: each count a
    /// range of `caught_pokemon_held_by_catch` that stops at `keep` rows (m0008), where a window
    /// ranking every held entry sorted them all.
    static let duplicatesSQL = """
        SELECT c.id FROM main.caught_pokemon c
        WHERE c.released_at IS NULL AND NOT (c.is_favorite OR c.is_shiny OR c.nickname IS NOT NULL)
            AND (SELECT count(*) FROM (
                    SELECT 1 FROM main.caught_pokemon o
                    WHERE o.species_id = c.species_id AND o.released_at IS NULL
                        AND (o.is_favorite OR o.is_shiny OR o.nickname IS NOT NULL) = 1
                    LIMIT :keep))
                + (SELECT count(*) FROM (
                    SELECT 1 FROM main.caught_pokemon o
                    WHERE o.species_id = c.species_id AND o.released_at IS NULL
                        AND (o.is_favorite OR o.is_shiny OR o.nickname IS NOT NULL) = 0
                        AND (o.caught_at, o.id) < (c.caught_at, c.id)
                    LIMIT :keep)) >= :keep
        ORDER BY c.id
        """
}
