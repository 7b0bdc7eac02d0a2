import Foundation
import GRDB
import MydexCatalog
import MydexModel
import MydexText

// MARK: - Reading the collection

extension CollectionStore {
    /// The entry query: each entry with what is shown of its species and its form in the
    /// store's language (`CollectionEntry.init(row:)` puts them together). What is shown of a
    /// species is computed once per species among the entries `condition` selects
    /// (`SpeciesSQL.shown`, a materialized CTE), not once per entry.
    static func entrySQL(where condition: String, orderBy: String = "c.id", idsOnly: Bool = false) -> String {
        let columns = idsOnly ? "c.id, \(SpeciesSQL.entryName) AS name" : """
            \(entryColumns),
                w.species_name, w.name, w.type_list, w.type_name_list,
                sf.id, sf.identifier, sf.form_identifier, sf.name, sf.type_list, sf.type_name_list,
                \(SpeciesSQL.entryName) AS name
            """
        return """
        WITH \(SpeciesSQL.shown(ids: "SELECT DISTINCT species_id AS id FROM main.caught_pokemon c WHERE \(condition)")),
            \(SpeciesSQL.shownForms(ids: SpeciesSQL.otherForms(where: condition)))
        SELECT \(columns)
        FROM main.caught_pokemon c LEFT JOIN shown w ON w.id = c.species_id
        LEFT JOIN shown_forms sf ON sf.id = c.form_id
        WHERE \(condition)
        ORDER BY \(orderBy)
        """
    }

    /// An entry's own columns (of `caught_pokemon c`), as `CollectionEntry.Stored` reads them.
    /// Dates come as seconds since 1970 (SQLite converts GRDB's stored text): parsing the text
    /// with GRDB's calendar made the first row of every list load ICU's calendar data.
    static let entryColumns = """
        c.id, c.species_id, c.nickname, c.is_favorite, c.is_shiny,
            (julianday(c.caught_at) - 2440587.5) * 86400.0,
            (julianday(c.released_at) - 2440587.5) * 86400.0, c.uuid, c.form_id,
            \(IndividualColumns.columns)
        """

    /// The ORDER BY of the query's keys, each breaking the ties of those before, then the id.
    /// `--reverse` turns every key but "entries without an individual last".
    static func orderBy(_ query: EntryQuery) -> String {
        var terms: [String] = []
        for key in [query.order] + query.thenBy {
            let keyTerms: [(term: String, descending: Bool)] = switch key {
            case .id, .count: []
            case .dex: [("c.species_id", false)]
            case .caught: [("c.caught_at", false)]
            case .name: [("\(SpeciesSQL.entryNameKey)", false), ("name", false)]
            case .nickname:
                [("c.nickname IS NULL", false), ("search_key(c.nickname)", false), ("c.nickname", false),
                 ("\(SpeciesSQL.entryNameKey)", false), ("name", false)]
            case .iv: [("c.iv_percent", true)]
            case .level: [("c.level", true)]
            }
            if key == .iv || key == .level { terms.append("c.generation IS NULL") }
            terms += keyTerms.map { "\($0.term) \($0.descending != query.reverse ? "DESC" : "ASC")" }
        }
        terms.append("c.id \(query.reverse ? "DESC" : "ASC")")
        return terms.joined(separator: ", ")
    }

    /// The collection in the query's order (entry order by default; released entries only when asked).
    public func entries(_ query: EntryQuery = EntryQuery()) async throws -> [CollectionEntry] {
        let arguments = Self.arguments(query, language: language)
        return try await read { db in
            try Self.fetchEntries(db, sql: Self.entrySQL(query), arguments: arguments)
        }
    }

    /// What a list of the entries `query` selects holds, without reading them one by one: how
    /// many, how many favorites and shiny, the largest id, and the distinct names, type names and
    /// nicknames (what a table needs to size its columns before printing the first row).
    public func entrySummary(_ query: EntryQuery) async throws -> EntrySummary {
        let language = self.language
        return try await read { db in try Self.entrySummary(query, language: language, names: EntryNames(), db) }
    }

    /// The summary, with what is shown of the entries' species and forms read into `names`,
    /// where the listing's pages then find them.
    static func entrySummary(_ query: EntryQuery, language: String, names: EntryNames, _ db: Database) throws -> EntrySummary {
        let arguments = Self.arguments(query, language: language)
        let condition = Self.condition(query)
        // The counts by species, in one pass over the entries (through the species index):
        // the species are those whose names the table must fit.
        var (count, favorites, shiny, largestID) = (0, 0, 0, Int64(0))
        var speciesIDs: [Int] = []
        let bySpecies = try Row.fetchCursor(db, sql: """
            SELECT c.species_id, count(*), sum(c.is_favorite), sum(c.is_shiny), max(c.id)
            FROM main.caught_pokemon c WHERE \(condition) GROUP BY c.species_id
            """, arguments: arguments)
        while let row = try bySpecies.next() {
            speciesIDs.append(row[0])
            count += row[1] as Int
            favorites += row[2] as Int
            shiny += row[3] as Int
            largestID = max(largestID, row[4])
        }
        // The other forms among the entries, with their species (their names fall back to it).
        let forms = try Row.fetchAll(
            db, sql: SpeciesSQL.otherForms(where: condition, columns: "form_id, species_id"), arguments: arguments
        ).map { (form: $0[0] as Int, species: $0[1] as Int) }
        let nicknames = try String.fetchAll(db, sql: """
            SELECT DISTINCT nickname FROM main.caught_pokemon c WHERE nickname IS NOT NULL AND \(condition)
            """, arguments: arguments)
        let shown = try names.shown(speciesIDs: speciesIDs, formIDs: forms.map(\.form), language: language, db)
        var shownNames: Set<String> = []
        var typeNames: Set<String> = []
        for id in speciesIDs {
            guard let species = shown.species[id] else { continue }
            shownNames.insert(species.name)
            typeNames.insert(species.typeNameList)
        }
        // An egg's name says so (`CollectionEntry.name`), and is never cut either.
        for id in try Int.fetchAll(db, sql: """
            SELECT DISTINCT c.species_id FROM main.caught_pokemon c WHERE c.is_egg AND \(condition)
            """, arguments: arguments) {
            if let species = shown.species[id] { shownNames.insert(tr("entry.egg", ["name": species.name])) }
        }
        let speciesNames = shownNames
        for (formID, speciesID) in forms {
            guard case let form?? = shown.forms[formID] else { continue }
            shownNames.insert(form.wholeName(speciesName: shown.species[speciesID]?.name ?? "#\(speciesID)"))
            typeNames.insert(form.typeNameList)
        }
        return EntrySummary(
            count: count, favorites: favorites, shiny: shiny, largestID: largestID, names: shownNames,
            speciesNames: speciesNames, typeNames: typeNames, nicknames: Set(nicknames))
    }

    /// One entry, released or not.
    public func entry(id: Int64) async throws -> CollectionEntry {
        try await read { db in try Self.entry(id, self.language, db) }
    }

    /// Held entries in entry order, `count` of them from the `offset`-th: a box of the collection.
    public func heldEntries(offset: Int, count: Int) async throws -> [CollectionEntry] {
        let language = self.language
        return try await read { db in
            try Self.fetchEntries(
                db, sql: Self.entrySQL(where: "c.released_at IS NULL") + " LIMIT :count OFFSET :offset",
                arguments: ["language": language, "count": count, "offset": offset])
        }
    }

    /// Entries still held of one species, in entry order.
    public func entries(speciesID: Int) async throws -> [CollectionEntry] {
        let language = self.language
        return try await read { db in
            try Self.fetchEntries(
                db, sql: Self.entrySQL(where: "c.species_id = :species AND c.released_at IS NULL"),
                arguments: ["language": language, "species": speciesID])
        }
    }

    static func entry(_ id: Int64, _ language: String, _ db: Database) throws -> CollectionEntry {
        guard let entry = try entries(inOrder: [id], language: language, names: EntryNames(), db).first else {
            throw StoreError.entryNotFound(id: id)
        }
        return entry
    }

    /// The newest history rows first.
    public func history(limit: Int?) async throws -> [HistoryEntry] {
        try await read { db in
            var request = HistoryEntry.order(Column("id").desc)
            if let limit { request = request.limit(limit) }
            return try request.fetchAll(db)
        }
    }

    public func counts() async throws -> CollectionCounts {
        try await read { db in try Self.counts(db) }
    }

    static func counts(_ db: Database) throws -> CollectionCounts {
        let row = try Row.fetchOne(db, sql: """
            SELECT (SELECT count(*) FROM main.caught_pokemon) AS entries,
                (SELECT count(*) FROM main.caught_pokemon WHERE released_at IS NOT NULL) AS released,
                (SELECT count(*) FROM main.history) AS history_rows,
                (SELECT count(*) FROM main.fetched_species) AS cached_species
            """)
        return CollectionCounts(
            entries: row?["entries"] ?? 0, released: row?["released"] ?? 0, historyRows: row?["history_rows"] ?? 0,
            cachedSpecies: row?["cached_species"] ?? 0)
    }
}

// MARK: - Changing the collection

extension CollectionStore {
    /// Adds a caught Pokémon (and saves its freshly fetched species, if given) together with its
    /// history row, in one transaction.
    public func recordCatch(
        speciesID: Int, formID: Int? = nil, isShiny: Bool, individual: Individual? = nil, origin: EntryOrigin? = nil,
        nickname: String? = nil, at date: Date, fetchedSpecies: Species? = nil
    ) async throws -> CollectionEntry {
        let language = self.language
        return try await write { db in
            if let fetchedSpecies { try fetchedSpecies.upsert(db) }
            return try Self.insertCatch(
                db, speciesID: speciesID, formID: formID, isShiny: isShiny, individual: individual, origin: origin,
                nickname: nickname, at: date, language: language)
        }
    }

    /// An entry to add as it is given (`recordEntries`).
    public struct NewEntry: Sendable {
        public var speciesID: Int
        public var formID: Int?
        public var isShiny: Bool
        public var individual: Individual?
        public var origin: EntryOrigin?
        public var nickname: String?

        public init(
            speciesID: Int, formID: Int?, isShiny: Bool, individual: Individual?, origin: EntryOrigin?, nickname: String?
        ) {
            self.speciesID = speciesID
            self.formID = formID
            self.isShiny = isShiny
            self.individual = individual
            self.origin = origin
            self.nickname = nickname
        }
    }

    /// Adds `entries` in one transaction, all or none, each with its history rows as
    /// `recordCatch` writes them (an `import` row for one from a set): their new ids, in order.
    public func recordEntries(_ entries: [NewEntry], at date: Date) async throws -> [Int64] {
        try await write { db in
            try entries.map {
                try Self.insertEntry(
                    db, speciesID: $0.speciesID, formID: $0.formID, isShiny: $0.isShiny, individual: $0.individual,
                    origin: $0.origin, nickname: $0.nickname, at: date)
            }
        }
    }

    /// A catch made an individual in the write's own transaction: the Pokémon's facts by the
    /// latest generation's rules (those of form `factsFormID`) and the collection's trainer ID
    /// (`candidate` becomes it on the first catch) are read there, and `draw` (the services'
    /// `IndividualMaker`) makes the individual from them. A catalog without the form's stats
    /// records the catch without one.
    public func recordCatch(
        speciesID: Int, formID: Int?, isShiny: Bool, factsFormID: Int, trainerCandidate: UInt32, at date: Date,
        fetchedSpecies: Species? = nil, draw: @escaping @Sendable (IndividualFacts, _ trainerID: UInt32) -> Individual
    ) async throws -> CollectionEntry {
        let language = self.language
        return try await write { db in
            if let fetchedSpecies { try fetchedSpecies.upsert(db) }
            var (individual, origin): (Individual?, EntryOrigin?) = (nil, nil)
            if let generation = try Int.fetchOne(db, sql: "SELECT max(generation) FROM catalog.games"),
               let facts = try Pokedex.individualFacts(formID: factsFormID, generation: generation, game: nil, db) {
                let trainerID = try Self.trainerID(orElse: trainerCandidate, at: date, db)
                individual = draw(facts, trainerID)
                origin = EntryOrigin(kind: .catch, trainerID: trainerID)
            }
            return try Self.insertCatch(
                db, speciesID: speciesID, formID: formID, isShiny: isShiny, individual: individual, origin: origin,
                at: date, language: language)
        }
    }

    /// The collection's own trainer ID (the secret ID in the upper 16 bits): the original
    /// trainer of what it catches, against which shininess is worked out from generation 3 on.
    /// Kept in `api_facts` from the first catch that needs it, when `candidate` becomes it.
    public func trainerID(orElse candidate: UInt32, at date: Date) async throws -> UInt32 {
        let read = try await read { db in
            try String.fetchOne(db, sql: "SELECT value FROM api_facts WHERE key = ?", arguments: [Self.trainerIDKey])
        }
        if let read, let id = UInt32(read) { return id }
        return try await write { db in try Self.trainerID(orElse: candidate, at: date, db) }
    }

    /// The trainer ID within the caller's write transaction, saved from `candidate` when none is.
    static func trainerID(orElse candidate: UInt32, at date: Date, _ db: Database) throws -> UInt32 {
        if let value = try String.fetchOne(db, sql: "SELECT value FROM api_facts WHERE key = ?", arguments: [trainerIDKey]),
           let id = UInt32(value) { return id }
        try saveFact(trainerIDKey, value: String(candidate), fetchedAt: date, db)
        return candidate
    }

    static let trainerIDKey = "trainer-id"

    /// A new entry and its `catch` history row, within the caller's transaction.
    static func insertCatch(
        _ db: Database, speciesID: Int, formID: Int?, isShiny: Bool, individual: Individual? = nil,
        origin: EntryOrigin? = nil, nickname: String? = nil, at date: Date, language: String
    ) throws -> CollectionEntry {
        let id = try insertEntry(
            db, speciesID: speciesID, formID: formID, isShiny: isShiny, individual: individual, origin: origin,
            nickname: nickname, at: date)
        return try entry(id, language, db)
    }

    /// `insertCatch` without reading the new entry back: its id.
    static func insertEntry(
        _ db: Database, speciesID: Int, formID: Int?, isShiny: Bool, individual: Individual?, origin: EntryOrigin?,
        nickname: String?, at date: Date
    ) throws -> Int64 {
        guard let slug = try String.fetchOne(
            db.cachedStatement(sql: "SELECT name FROM pokedex_species WHERE id = ?"), arguments: [speciesID])
        else { throw StoreError.speciesNotCached(id: speciesID) }
        // The species' own form unless a form is named (PokeAPI numbers an unknown
        // species' own form as the species).
        let ownForm = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM catalog.forms WHERE species_id = ? AND species_default"),
            arguments: [speciesID]) ?? speciesID
        let form = formID ?? ownForm
        var formSlug: String?
        if form != ownForm {
            formSlug = try String.fetchOne(
                db.cachedStatement(sql: "SELECT identifier FROM catalog.forms WHERE id = ? AND species_id = ?"),
                arguments: [form, speciesID])
            guard formSlug != nil else { throw StoreError.formNotInCatalog(id: form, speciesID: speciesID) }
        }
        var pokemon = CaughtPokemon(
            speciesID: speciesID, formID: form, isShiny: isShiny, caughtAt: date, individual: individual, origin: origin)
        try pokemon.insert(db)
        // One added by hand (`add`) or from a set (`import`) is said so by its action.
        let action: HistoryAction = switch origin?.kind {
        case .hand: .add
        case .set, .save: .import
        default: .catch
        }
        try appendHistory(
            db, entryID: pokemon.id, action: action,
            detail: (formSlug ?? slug) + (isShiny ? " (shiny)" : ""), at: date)
        // A nickname given with it (`add --nickname`) is set as `nickname` sets one, with its row.
        if let nickname {
            pokemon.nickname = nickname
            try pokemon.update(db)
            try appendHistory(db, entryID: pokemon.id, action: .nicknameSet, detail: nickname, at: date)
        }
        return pokemon.id ?? db.lastInsertedRowID
    }

    /// Throws the entry back: it leaves the list but stays in the database and the history. A
    /// released Pokémon is no favorite (the history row says it was one).
    public func release(entryID: Int64, force: Bool, at date: Date) async throws -> CollectionEntry {
        try await release(entryIDs: [entryID], force: force, at: date).entries[0]
    }

    /// Sets (or, with nil, clears) a nickname. The caller validates the text. Setting the name it
    /// already has changes nothing and records nothing.
    public func setNickname(entryID: Int64, to nickname: String?, at date: Date) async throws -> EntryChange {
        let language = self.language
        return try await write { db in
            var pokemon = try Self.activePokemon(entryID, db)
            let previous = pokemon.nickname
            guard previous != nickname else { return EntryChange(entry: try Self.entry(entryID, language, db), changed: false) }
            pokemon.nickname = nickname
            try pokemon.update(db)
            if let nickname {
                try Self.appendHistory(
                    db, entryID: entryID, action: .nicknameSet,
                    detail: previous.map { "\(nickname) (was \($0))" } ?? nickname, at: date)
            } else {
                try Self.appendHistory(
                    db, entryID: entryID, action: .nicknameCleared, detail: previous.map { "was \($0)" }, at: date)
            }
            return EntryChange(entry: try Self.entry(entryID, language, db), changed: true)
        }
    }

    /// Marks or unmarks a favorite; when it already is (or is not) one, records nothing.
    public func setFavorite(entryID: Int64, _ isFavorite: Bool, at date: Date) async throws -> EntryChange {
        let change = try await setFavorite(entryIDs: [entryID], isFavorite, at: date)
        return EntryChange(entry: change.entries[0], changed: change.changed.contains(entryID))
    }

    static func appendHistory(
        _ db: Database, entryID: Int64?, action: HistoryAction, detail: String?, at date: Date
    ) throws {
        var row = HistoryEntry(id: nil, entryID: entryID, action: action, detail: detail, occurredAt: date)
        try row.insert(db)
    }

    private static func activePokemon(_ id: Int64, _ db: Database) throws -> CaughtPokemon {
        guard let pokemon = try CaughtPokemon.fetchOne(db, key: id) else { throw StoreError.entryNotFound(id: id) }
        guard !pokemon.isReleased else { throw StoreError.entryReleased(id: id) }
        return pokemon
    }
}

// MARK: - What was fetched from PokeAPI

extension CollectionStore {
    /// Stores (or replaces) what PokeAPI said about a species; it replaces the catalog's data,
    /// except stats, abilities, evolution and breeding, which are always the catalog's
    /// (`Species.catalogOnlyColumns`).
    public func saveSpecies(_ species: Species) async throws {
        try await write { db in try species.upsert(db) }
    }

    /// When each species was last fetched from PokeAPI (built-in species are absent).
    public func apiFetchDates() async throws -> [Int: Date] {
        try await read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, fetched_at FROM main.fetched_species")
            return Dictionary(uniqueKeysWithValues: rows.compactMap { row in
                StoredDate.date(row["fetched_at"]).map { (row["id"], $0) }
            })
        }
    }

    /// A cached fact, when it was fetched after `freshAfter`.
    public func fact(_ key: String, freshAfter: Date) async throws -> String? {
        try await read { db in
            try String.fetchOne(
                db, sql: "SELECT value FROM api_facts WHERE key = ? AND fetched_at > ?",
                arguments: [key, StoredDate.text(freshAfter)])
        }
    }

    public func saveFact(_ key: String, value: String, fetchedAt: Date) async throws {
        try await write { db in try Self.saveFact(key, value: value, fetchedAt: fetchedAt, db) }
    }

    static func saveFact(_ key: String, value: String, fetchedAt: Date, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO api_facts (key, value, fetched_at) VALUES (?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET value = excluded.value, fetched_at = excluded.fetched_at
                """,
            arguments: [key, value, StoredDate.text(fetchedAt)])
    }
}
