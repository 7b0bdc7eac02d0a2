import Foundation
import GRDB
import MydexCatalog
import Synchronization
import MydexModel

extension CollectionStore {
    /// The WHERE clause of the entries `query` selects (on `caught_pokemon c`); its values are
    /// bound by name from `arguments(_:language:)`.
    static func condition(_ query: EntryQuery) -> String {
        var conditions = ["1"]
        if query.releasedOnly {
            conditions.append("c.released_at IS NOT NULL")
        } else if !query.includeReleased {
            conditions.append("c.released_at IS NULL")
        }
        if query.favoritesOnly { conditions.append("c.is_favorite") }
        if query.shinyOnly { conditions.append("c.is_shiny") }
        // Each subquery is independent of the row: SQLite runs it once per statement. `+` keeps
        // it from starting at the species index: it then joined what is shown of each species
        // by scanning it once per entry, instead of through an automatic index.
        if query.generation != nil {
            conditions.append("+c.species_id IN (SELECT id FROM pokedex_species WHERE generation = :generation)")
        }
        if query.type != nil {
            // The entry's types: its form's, for a form other than the species' own.
            conditions.append("""
                (CASE WHEN c.form_id IN (SELECT id FROM catalog.forms WHERE NOT species_default)
                    THEN c.form_id IN (SELECT form_id FROM catalog.form_types WHERE type = :type)
                    ELSE +c.species_id IN (SELECT species_id FROM pokedex_types WHERE type = :type) END)
                """)
        }
        if query.name != nil {
            // Names first: most matches end there, before a nickname's key is computed in Swift.
            conditions.append("""
                (+c.species_id IN (SELECT species_id FROM \(SpeciesSQL.allNames) WHERE instr(key, :name) > 0)
                 OR +c.form_id IN (SELECT form_id FROM catalog.form_names WHERE instr(key, :name) > 0)
                 OR (c.nickname IS NOT NULL AND instr(search_key(c.nickname), :name) > 0))
                """)
        }
        if query.form != nil {
            conditions.append("""
                c.form_id IN (SELECT id FROM catalog.forms
                    WHERE form_identifier = :form OR form_identifier LIKE :form || '-%' OR identifier = :form
                    UNION SELECT form_id FROM catalog.form_names WHERE search_key(form_name) = :formKey)
                """)
        }
        if query.regionalOnly { conditions.append("c.form_id IN (SELECT id FROM catalog.forms WHERE regional)") }
        if !query.kinds.isEmpty {
            let kinds = SpeciesKind.allCases.filter(query.kinds.contains).map(\.speciesIDsSQL)
            conditions.append("+c.species_id IN (\(kinds.joined(separator: " UNION ")))")
        }
        if query.games != nil {
            // Met there (an encounter), kept there (`add --game`, a save's game of origin), or
            // imported from a save of it (its version group).
            conditions.append("""
                (c.id IN (SELECT entry_id FROM encounters WHERE game IN (SELECT value FROM json_each(:games)))
                 OR c.game IN (SELECT value FROM json_each(:games))
                 OR c.source_game IN (SELECT version_group FROM catalog.games WHERE identifier IN (SELECT value FROM json_each(:games))))
                """)
        }
        if query.ids != nil { conditions.append("c.id IN (SELECT value FROM json_each(:ids))") }
        if query.trainer != nil {
            conditions.append("(c.trainer = :trainer COLLATE NOCASE OR (c.trainer_id & 65535) = :trainerNumber)")
        }
        if query.places != nil {
            conditions.append("c.id IN (SELECT entry_id FROM encounters WHERE location IN (SELECT value FROM json_each(:places)))")
        }
        if query.ball != nil {
            conditions.append("""
                c.id IN (SELECT e.entry_id FROM encounters e JOIN throws t ON t.encounter_id = e.id WHERE t.caught AND t.ball = :ball)
                """)
        }
        conditions += individualConditions(query.individual)
        return conditions.joined(separator: " AND ")
    }

    /// The individual's filters: each on its own column, so an entry without an individual
    /// (NULL) never passes one. Numbers are the filter's own; names are bound (`arguments`).
    static func individualConditions(_ filter: IndividualFilter) -> [String] {
        var conditions: [String] = []
        if let level = filter.level { conditions.append(level.sql("c.level")) }
        if let percent = filter.ivPercent { conditions.append(percent.sql("c.iv_percent")) }
        for stat in StatKind.allCases {
            if let value = filter.statIVs[stat] { conditions.append(value.sql("c.iv_" + stat.rawValue.replacingOccurrences(of: "-", with: "_"))) }
        }
        if filter.nature != nil { conditions.append("c.nature = :nature") }
        if filter.gender != nil { conditions.append("c.gender = :gender") }
        if filter.ability != nil { conditions.append("c.ability = :ability") }
        if filter.heldItem != nil { conditions.append("c.held_item = :heldItem") }
        if filter.move != nil { conditions.append("EXISTS (SELECT 1 FROM json_each(c.moves) WHERE value = :move)") }
        if let same = filter.sameIVs {
            let columns = StatKind.allCases.map { "(c.iv_\($0.rawValue.replacingOccurrences(of: "-", with: "_")) = \(same.value))" }
            conditions.append("(" + columns.joined(separator: " + ") + ") >= \(same.count)")
        }
        return conditions
    }

    static func arguments(_ query: EntryQuery, language: String) -> StatementArguments {
        [
            "language": language, "generation": query.generation, "type": query.type,
            "name": query.name.map(SearchText.normalized), "limit": query.limit ?? -1, "offset": query.offset,
            "form": query.form.map { $0.trimmingCharacters(in: .whitespaces).lowercased() },
            "formKey": query.form.map(SearchText.normalized),
            "games": query.games.map(Pokedex.jsonStrings), "places": query.places.map(Pokedex.jsonStrings), "ball": query.ball,
            "nature": query.individual.nature, "gender": query.individual.gender?.rawValue, "ability": query.individual.ability,
            "heldItem": query.individual.heldItem, "move": query.individual.move,
            "trainer": query.trainer, "trainerNumber": query.trainer.flatMap { Int($0) },
            "ids": query.ids.map { "[" + $0.map(String.init).joined(separator: ",") + "]" },
        ]
    }

    /// The entry query for `query`, its page included.
    static func entrySQL(_ query: EntryQuery) -> String {
        entrySQL(where: condition(query), orderBy: orderBy(query)) + page(query)
    }

    static func page(_ query: EntryQuery) -> String {
        query.limit == nil && query.offset == 0 ? "" : "\nLIMIT :limit OFFSET :offset"
    }

    /// One page of the entries `query` selects (its `limit` and `offset`), as `entries` reads
    /// them, for a view that turns pages of a large collection: when the order is the entries'
    /// own (id, Pokédex number, date), the page's ids are found first from the entries table
    /// alone, and only those entries are read with what is shown of their species; the full
    /// query otherwise (by name, the order needs every entry's name). On 100,000 entries a page
    /// costs a few milliseconds instead of tens (docs/PERFORMANCE.md).
    ///
    /// With `total` (what `entryCount` said), a page in the second half is found from the end,
    /// in the reverse order: SQLite steps over the rows before an OFFSET one by one, and the last
    /// page of 100,000 entries then costs what the first does.
    public func entryPage(_ query: EntryQuery, total: Int? = nil) async throws -> [CollectionEntry] {
        guard ([query.order] + query.thenBy).allSatisfy(\.isEntryColumn) else { return try await entries(query) }
        var found = query
        if let total, let limit = query.limit, query.offset * 2 > total {
            found.reverse.toggle()
            found.limit = max(0, min(limit, total - query.offset))
            found.offset = max(0, total - query.offset - limit)
        }
        let arguments = Self.arguments(found, language: language)
        let order = Self.orderBy(query)
        let sql = Self.entrySQL(
            where: """
                c.id IN (SELECT c.id FROM main.caught_pokemon c WHERE \(Self.condition(found))
                    ORDER BY \(Self.orderBy(found)) LIMIT :limit OFFSET :offset)
                """,
            orderBy: order)
        return try await read { db in try Self.fetchEntries(db, sql: sql, arguments: arguments) }
    }

    /// The ids of every entry `query` selects, in its order (its page aside): 8 bytes an entry,
    /// for a view that turns pages of a large collection in an order only the full query knows
    /// (by name), and then reads each page by these ids.
    public func entryIDs(_ query: EntryQuery) async throws -> [Int64] {
        var all = query
        (all.limit, all.offset) = (nil, 0)
        let (whole, language) = (all, self.language)
        return try await read { db in try Self.entryIDs(whole, language: language, db) }
    }

    /// A listing's fixed part, read at once: the ids of the entries `query` selects in its order,
    /// its page applied, and with `summary` what a table needs to size its columns (what it read
    /// of species and forms kept in `names` for the pages). The listing
    /// then reads its entries page by page (`entries(inOrder:names:)`), each page a read of its
    /// own, so that printing, however slowly its reader takes it, never holds the database.
    public func entryListing(
        _ query: EntryQuery, summary: Bool, names: EntryNames
    ) async throws -> (ids: [Int64], total: Int, summary: EntrySummary?) {
        let language = self.language
        return try await read { db in
            let ids = try Self.entryIDs(query, language: language, db)
            let summary = summary ? try Self.entrySummary(query, language: language, names: names, db) : nil
            let paged = query.limit != nil || query.offset > 0
            let total = try summary?.count ?? (paged ? Self.entryCount(query, language: language, db) : ids.count)
            return (ids, total, summary)
        }
    }

    /// The ids of the entries `query` selects, in its order, its page applied: from the entries
    /// table alone when the order is the entries' own (id, Pokédex number, date).
    static func entryIDs(_ query: EntryQuery, language: String, _ db: Database) throws -> [Int64] {
        let sql = ([query.order] + query.thenBy).allSatisfy(\.isEntryColumn)
            ? "SELECT c.id FROM main.caught_pokemon c WHERE \(condition(query)) ORDER BY \(orderBy(query))"
            : entrySQL(where: condition(query), orderBy: orderBy(query), idsOnly: true)
        return try Int64.fetchAll(db, sql: sql + page(query), arguments: arguments(query, language: language))
    }

    /// The entries with these ids, in this order (a page of `entryIDs`); ids that are gone are
    /// left out. What is shown of their species and forms is read once for all the pages that
    /// share `names`: a listing that turns a thousand pages reads each species once, as one
    /// query over every entry would.
    public func entries(inOrder ids: [Int64], names: EntryNames = EntryNames()) async throws -> [CollectionEntry] {
        guard !ids.isEmpty else { return [] }
        let language = self.language
        return try await read { db in try Self.entries(inOrder: ids, language: language, names: names, db) }
    }

    /// The entries with these ids, in this order, those that are gone left out: their own rows,
    /// then what is shown of their species and forms, through `names`. Every read of entries by
    /// id goes this way (one entry, a page, a bulk change's entries): the statements are short
    /// to prepare, where one statement that joins the species' names and types is not.
    static func entries(inOrder ids: [Int64], language: String, names: EntryNames, _ db: Database) throws -> [CollectionEntry] {
        // The outer loop walks the list, so the rows come in its order (a test holds it).
        var stored: [CollectionEntry.Stored] = []
        stored.reserveCapacity(ids.count)
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT \(Self.entryColumns) FROM json_each(?) j CROSS JOIN main.caught_pokemon c ON c.id = j.value
            """), arguments: [Self.jsonList(ids)])
        while let row = try rows.next() { stored.append(CollectionEntry.Stored(row: row)) }
        let shown = try names.shown(for: stored, language: language, db)
        return try names.withStats(
            stored.map { CollectionEntry($0, species: shown.species[$0.speciesID], form: shown.forms[$0.formID] ?? nil) }, db)
    }

    /// The entries a query of the entry SQL reads, with their stats.
    static func fetchEntries(_ db: Database, sql: String, arguments: StatementArguments) throws -> [CollectionEntry] {
        try EntryNames().withStats(try CollectionEntry.fetchAll(db, sql: sql, arguments: arguments), db)
    }

    /// `[1,2,3]`, for `json_each`: one statement whatever the number of values.
    static func jsonList(_ values: some Sequence<some BinaryInteger>) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        var digits: [UInt8] = []
        for value in values {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            var rest = value.magnitude
            digits.removeAll(keepingCapacity: true)
            repeat {
                digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: digits.reversed())
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How many entries `query` selects, its page aside.
    public func entryCount(_ query: EntryQuery) async throws -> Int {
        let language = self.language
        return try await read { db in try Self.entryCount(query, language: language, db) }
    }

    static func entryCount(_ query: EntryQuery, language: String, _ db: Database) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT count(*) FROM main.caught_pokemon c WHERE \(condition(query))",
            arguments: arguments(query, language: language)) ?? 0
    }

    /// The entries `query` selects, one row per species in its order, the page applied to
    /// groups, and how many groups there are in all.
    public func entryGroups(_ query: EntryQuery) async throws -> (groups: [EntryGroup], total: Int) {
        let arguments = Self.arguments(query, language: language)
        let condition = Self.condition(query)
        let terms: [(term: String, descending: Bool)]
        switch query.order {
        case .count: terms = [("g.held", true), ("g.species_id", false)]
        case .id, .nickname, .iv, .level: terms = [("g.first_id", false)]
        case .dex: terms = [("g.species_id", false)]
        case .caught: terms = [("g.first_caught", false), ("g.species_id", false)]
        case .name: terms = [("w.name_key", false), ("w.name", false), ("g.species_id", false)]
        }
        let orderBy = terms.map { "\($0.term) \($0.descending != query.reverse ? "DESC" : "ASC")" }.joined(separator: ", ")
        let sql = """
            WITH \(SpeciesSQL.shown(ids: "SELECT DISTINCT species_id AS id FROM main.caught_pokemon c WHERE \(condition)")),
            g AS (
                SELECT c.species_id, count(*) AS held, sum(c.is_shiny) AS shiny, sum(c.is_favorite) AS favorites,
                    min(c.id) AS first_id, min(c.caught_at) AS first_caught
                FROM main.caught_pokemon c WHERE \(condition) GROUP BY c.species_id)
            SELECT g.species_id, coalesce(w.species_name, 'species-' || g.species_id) AS species_name,
                coalesce(w.name, '#' || g.species_id) AS name, coalesce(w.type_list, '') AS type_list,
                coalesce(w.type_name_list, '') AS type_name_list, g.held, g.shiny, g.favorites
            FROM g LEFT JOIN shown w ON w.id = g.species_id
            ORDER BY \(orderBy)
            """ + Self.page(query)
        return try await read { db in
            let groups = try EntryGroup.fetchAll(db, sql: sql, arguments: arguments)
            let total = try Int.fetchOne(
                db, sql: "SELECT count(DISTINCT c.species_id) FROM main.caught_pokemon c WHERE \(condition)",
                arguments: arguments) ?? 0
            return (groups, total)
        }
    }

    /// The WHERE clause of the history rows `query` selects (on `history h`, its limit aside),
    /// its values bound by name from `historyArguments`.
    static func historyCondition(_ query: HistoryQuery) -> String {
        var conditions = ["1"]
        if query.entryID != nil { conditions.append("h.entry_id = :entry") }
        if query.action != nil { conditions.append("h.action = :action") }
        if query.since != nil { conditions.append("h.occurred_at >= :since") }
        return conditions.joined(separator: " AND ")
    }

    func historyArguments(_ query: HistoryQuery) -> StatementArguments {
        [
            "language": language, "entry": query.entryID, "action": query.action?.rawValue,
            "since": query.since.map(StoredDate.text), "limit": query.limit ?? -1,
        ]
    }

    /// A history listing's fixed part, read at once: how many rows `query` selects (its limit
    /// aside) and the newest row now. The listing then reads the rows up to that one a page at
    /// a time (`historyRows`), each page a read of its own: rows written meanwhile are not
    /// listed, and history rows never change.
    public func historyListing(_ query: HistoryQuery) async throws -> (total: Int, newest: Int64) {
        let (condition, arguments) = (Self.historyCondition(query), historyArguments(query))
        return try await read { db in
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.history h WHERE \(condition)", arguments: arguments) ?? 0
            let newest = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM main.history") ?? 0
            return (total, newest)
        }
    }

    /// The history rows `query` selects with ids below `before` (and at most `newest`), newest
    /// first, at most `count` of them: a page of a history listing.
    public func historyRows(_ query: HistoryQuery, newest: Int64, before: Int64?, count: Int) async throws -> [HistoryEntry] {
        let arguments = historyArguments(query) + ["newest": newest, "before": before ?? Int64.max, "count": count]
        let sql = """
            SELECT h.* FROM main.history h WHERE \(Self.historyCondition(query)) AND h.id <= :newest AND h.id < :before
            ORDER BY h.id DESC LIMIT :count
            """
        return try await read { db in try HistoryEntry.fetchAll(db, sql: sql, arguments: arguments) }
    }

    /// The newest history rows `query` selects, the entries they mention, and how many rows
    /// pass its filters: one read, so the three agree. For a few rows (an entry's page in
    /// `browse`); a listing of any length reads them in pages (`historyListing`).
    public func historyPage(_ query: HistoryQuery) async throws -> HistoryPage {
        let condition = Self.historyCondition(query)
        let arguments = historyArguments(query)
        // Without a filter or a limit, every entry (history mentions every entry there is).
        // Otherwise `+c.id`: a condition on the id itself would have SQLite start from the list
        // of ids and scan what is shown of each species once per entry (0.4 s for 4,000 entries).
        let entryCondition = !query.isFiltered && query.limit == nil ? "1" : """
            +c.id IN (SELECT entry_id FROM (
                SELECT h.entry_id FROM main.history h WHERE \(condition) ORDER BY h.id DESC LIMIT :limit))
            """
        return try await read { db in
            let events = try HistoryEntry.fetchAll(db, sql: """
                SELECT h.* FROM main.history h WHERE \(condition) ORDER BY h.id DESC LIMIT :limit
                """, arguments: arguments)
            let entries = try Self.fetchEntries(db, sql: Self.entrySQL(where: entryCondition), arguments: arguments)
            let total = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM main.history h WHERE \(condition)", arguments: arguments) ?? 0
            return HistoryPage(
                events: events, entries: Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
                total: total)
        }
    }
}

extension SpeciesSQL {
    /// Every name of every species in every language, PokeAPI's own as language `api`, with
    /// its search key: a table of `(species_id, language, name, key)`.
    static let allNames = """
        (SELECT species_id, language, name, key FROM pokedex_names
         UNION ALL SELECT id AS species_id, 'api' AS language, name, search_key(name) AS key FROM pokedex_species)
        """
}

/// What lists show of the species and forms of entries, in the store's language, kept for the
/// pages of one listing (`CollectionStore.entries(inOrder:names:)`): a thousand species and
/// forms at most. Pages read outside one transaction may see a species fetched meanwhile; they
/// show the name read first, as one query would have.
///
/// Types are named here from one read of every type's name (`SpeciesSQL.allTypeNames`, the same
/// rule as the SQL of whole entries), not by the statement that reads the species: that
/// statement is half as long, and a short command spends more preparing it than running it.
public final class EntryNames: Sendable {
    struct Shown: Sendable {
        var species: [Int: ShownSpecies] = [:]
        /// Forms other than their species' own; nil for a species' own (shown as the species).
        var forms: [Int: ShownForm?] = [:]
        /// Type names in the store's language by PokeAPI's name; nil until a species or form is read.
        var typeNames: [String: String]?
        /// Base stats by form and generation (`StatBasis.key`), as individuals' stats need them.
        var bases: [Int: StatBasis] = [:]
        var natureEffects: [String: NatureEffect]?
    }

    /// `entries` with their stats: the base stats of their forms in their individuals'
    /// generations read once per listing.
    func withStats(_ entries: [CollectionEntry], _ db: Database) throws -> [CollectionEntry] {
        guard computesStats, entries.contains(where: { $0.individual != nil }) else { return entries }
        var shown = known.withLock { $0 }
        let effects = try shown.natureEffects ?? Pokedex.natureEffects(db)
        shown.natureEffects = effects
        var result = entries
        for index in result.indices {
            guard let individual = result[index].individual else { continue }
            let key = StatBasis.key(formID: result[index].formID, generation: individual.generation)
            if shown.bases[key] == nil {
                shown.bases[key] = try Pokedex.statBasis(formID: result[index].formID, generation: individual.generation, db)
                    ?? StatBasis(base: nil, isShedinja: false)
            }
            guard let basis = shown.bases[key], let base = basis.base else { continue }
            result[index].stats = individual.stats(
                base: base, nature: individual.nature.flatMap { effects[$0] } ?? .neutral, isShedinja: basis.isShedinja)
        }
        known.withLock { [shown] in $0 = shown }
        return result
    }

    private let known = Mutex(Shown())
    /// Whether entries read through these names get their stats (`withStats`).
    let computesStats: Bool

    public init(stats: Bool = true) { computesStats = stats }

    /// What is shown of the species and forms of `entries`, reading in `db` those not read before.
    func shown(for entries: [CollectionEntry.Stored], language: String, _ db: Database) throws -> Shown {
        try shown(speciesIDs: entries.lazy.map(\.speciesID), formIDs: entries.lazy.map(\.formID), language: language, db)
    }

    /// What is shown of these species and forms, reading in `db` those not read before.
    func shown(
        speciesIDs: some Sequence<Int>, formIDs: some Sequence<Int>, language: String, _ db: Database
    ) throws -> Shown {
        var shown = known.withLock { $0 }
        let newSpecies = Set(speciesIDs.lazy.filter { shown.species[$0] == nil })
        let newForms = Set(formIDs.lazy.filter { shown.forms[$0] == nil })
        guard !newSpecies.isEmpty || !newForms.isEmpty else { return shown }
        let typeNames = try shown.typeNames ?? Self.typeNames(language: language, db)
        shown.typeNames = typeNames
        func named(_ typeList: String) -> String {
            typeList.split(separator: "/").map { typeNames[String($0)] ?? String($0) }.joined(separator: "/")
        }
        if !newSpecies.isEmpty {
            let rows = try Row.fetchCursor(db, sql: """
                WITH \(SpeciesSQL.shown(ids: "SELECT value AS id FROM json_each(:ids)", columns: []))
                SELECT id, species_name, name, type_list FROM shown
                """, arguments: ["ids": CollectionStore.jsonList(newSpecies), "language": language])
            while let row = try rows.next() {
                let typeList: String = row[3]
                shown.species[row[0]] = ShownSpecies(
                    speciesName: row[1], name: row[2], typeList: typeList, typeNameList: named(typeList))
            }
        }
        if !newForms.isEmpty {
            for id in newForms { shown.forms[id] = .some(nil) }
            // Most entries are of their species' own form, shown as the species: the forms'
            // statement is prepared only when another form is among them.
            let others = try Int.fetchAll(db, sql: """
                SELECT id FROM catalog.forms WHERE id IN (SELECT value FROM json_each(?)) AND NOT species_default
                """, arguments: [CollectionStore.jsonList(newForms)])
            let rows = try others.isEmpty ? nil : Row.fetchCursor(db, sql: """
                WITH \(SpeciesSQL.shownForms(ids: "SELECT value AS id FROM json_each(:ids)", columns: []))
                SELECT id, identifier, form_identifier, name, type_list FROM shown_forms
                """, arguments: ["ids": CollectionStore.jsonList(others), "language": language])
            while let row = try rows?.next() {
                let typeList: String = row[4]
                shown.forms[row[0]] = ShownForm(
                    identifier: row[1], formIdentifier: row[2], name: row[3], typeList: typeList, typeNameList: named(typeList))
            }
        }
        known.withLock { [shown] in $0 = shown }
        return shown
    }

    /// Every type's name in `language` (its nearest language, English, else PokeAPI's name).
    static func typeNames(language: String, _ db: Database) throws -> [String: String] {
        var names: [String: String] = [:]
        let rows = try Row.fetchCursor(db, sql: SpeciesSQL.allTypeNames, arguments: ["language": language])
        while let row = try rows.next() { names[row[0]] = row[1] }
        return names
    }
}

extension SpeciesKind {
    /// The ids of the species of this kind, as SQL: PokeAPI's flags; Ultra Beasts are the
    /// species with Beast Boost, the ability the games give them alone.
    var speciesIDsSQL: String {
        switch self {
        case .legendary: "SELECT id FROM catalog.species WHERE legendary"
        case .mythical: "SELECT id FROM catalog.species WHERE mythical"
        case .ultraBeast: "SELECT species_id FROM catalog.species_abilities WHERE ability = 'beast-boost'"
        }
    }
}
