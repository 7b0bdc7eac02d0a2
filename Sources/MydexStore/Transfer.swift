import Foundation
import GRDB
import MydexCatalog
import MydexText
import MydexModel

extension CollectionStore {
    /// Every species of the Pokédex, built in or fetched, by number.
    public func pokedexNames() async throws -> [Int: PokedexName] {
        let language = self.language
        return try await read { db in
            let rows = try Row.fetchAll(
                db, sql: "WITH \(SpeciesSQL.shown(ids: "SELECT id FROM pokedex_species")) SELECT id, species_name, name FROM shown",
                arguments: ["language": language])
            return Dictionary(rows.map { ($0["id"], PokedexName(slug: $0["species_name"], name: $0["name"])) }) { first, _ in first }
        }
    }

    /// Every form of the catalog by PokeAPI identifier (`vulpix-alola`): its id and species.
    public func formIdentifiers() async throws -> [String: (id: Int, speciesID: Int)] {
        try await read { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT identifier, id, species_id FROM catalog.forms").map {
                ($0["identifier"] as String, (id: $0["id"] as Int, speciesID: $0["species_id"] as Int))
            }) { first, _ in first }
        }
    }

    /// Adds, in one transaction, the entries whose uuid the collection does not hold yet, with
    /// their times as given and new local ids. Each is recorded as the history replays it: an
    /// `import` row (its catch), then `nickname-set`, `favorite` and `release` rows for what it
    /// is. An entry that is here takes the file's nickname, favorite mark and release (each
    /// change with its history row, as the commands record them); what else the file says
    /// otherwise is reported, not changed. With `dryRun` nothing is written: the outcomes say
    /// what would happen.
    public func importEntries(_ entries: [ImportedEntry], dryRun: Bool, at date: Date) async throws -> [ImportOutcome] {
        if dryRun {
            return try await read { db in
                try entries.map { entry in
                    guard let existing = try Self.existing(uuid: entry.uuid, db) else { return ImportOutcome(action: .wouldImport) }
                    return Self.compare(entry, existing, dryRun: true)
                }
            }
        }
        return try await write { db in
            // PokeAPI's names, read once: the pokedex_species view costs a scan per lookup.
            let slugs = Dictionary(
                try Row.fetchAll(db, sql: "SELECT id, name FROM pokedex_species").map { ($0["id"] as Int, $0["name"] as String) }
            ) { first, _ in first }
            // Each species' own form, and every form's identifier (for the history).
            let defaultForms = Dictionary(
                try Row.fetchAll(db, sql: "SELECT species_id, id FROM catalog.forms WHERE species_default")
                    .map { ($0["species_id"] as Int, $0["id"] as Int) }
            ) { first, _ in first }
            let forms = Dictionary(
                try Row.fetchAll(db, sql: "SELECT id, species_id, identifier FROM catalog.forms")
                    .map { ($0["id"] as Int, (speciesID: $0["species_id"] as Int, identifier: $0["identifier"] as String)) }
            ) { first, _ in first }
            return try entries.map { entry in
                guard let slug = slugs[entry.speciesID] else { throw StoreError.speciesNotCached(id: entry.speciesID) }
                let ownForm = defaultForms[entry.speciesID] ?? entry.speciesID
                let formID = entry.formID ?? ownForm
                var formSlug: String?
                if formID != ownForm {
                    guard let form = forms[formID], form.speciesID == entry.speciesID else {
                        throw StoreError.formNotInCatalog(id: formID, speciesID: entry.speciesID)
                    }
                    formSlug = form.identifier
                }
                // Inserted unless its uuid is here: the conflict says so, without a lookup per entry.
                if let id = try Self.insert(entry, formID: formID, slug: formSlug ?? slug, at: date, db) {
                    if let encounter = entry.encounter { try Self.insertEncounter(encounter, entryID: id, entry: entry, formID: formID, db) }
                    return ImportOutcome(action: .imported, id: id)
                }
                guard let existing = try Self.existing(uuid: entry.uuid, db) else { return ImportOutcome(action: .alreadyHere) }
                let outcome = Self.compare(entry, existing, dryRun: false)
                try Self.apply(outcome.changes, of: entry, to: existing, at: date, db)
                return outcome
            }
        }
    }

    /// An entry that is here, as an import compares it with the file's.
    struct ExistingEntry: FetchableRecord {
        var id: Int64
        var speciesID: Int
        var formID: Int
        var nickname: String?
        var isFavorite: Bool
        var isShiny: Bool
        var caughtAt: String
        var releasedAt: String?

        init(row: Row) {
            (id, speciesID, formID, nickname) = (row[0], row[1], row[2], row[3])
            (isFavorite, isShiny, caughtAt, releasedAt) = (row[4], row[5], row[6], row[7])
        }
    }

    private static func existing(uuid: String, _ db: Database) throws -> ExistingEntry? {
        try ExistingEntry.fetchOne(db.cachedStatement(sql: """
            SELECT id, species_id, form_id, nickname, is_favorite, is_shiny, caught_at, released_at
            FROM main.caught_pokemon WHERE uuid = ?
            """), arguments: [uuid])
    }

    /// What the file changes of an entry that is here, and what else it says otherwise. A time
    /// is the same to the second (a spreadsheet may drop the milliseconds); a file without a
    /// form says nothing of it.
    static func compare(_ entry: ImportedEntry, _ existing: ExistingEntry, dryRun: Bool) -> ImportOutcome {
        var changes: [ImportOutcome.Change] = []
        if entry.nickname != existing.nickname { changes.append(.nickname) }
        if entry.isFavorite != existing.isFavorite { changes.append(.favorite) }
        if (entry.releasedAt == nil) != (existing.releasedAt == nil) { changes.append(.released) }
        var differences: [ImportOutcome.Difference] = []
        if entry.speciesID != existing.speciesID { differences.append(.species) }
        if let form = entry.formID, form != existing.formID, entry.speciesID == existing.speciesID { differences.append(.form) }
        if entry.isShiny != existing.isShiny { differences.append(.shiny) }
        if let stored = StoredDate.date(existing.caughtAt), abs(stored.timeIntervalSince(entry.caughtAt)) >= 1 { differences.append(.caught) }
        let action: ImportOutcome.Action = changes.isEmpty ? .alreadyHere : dryRun ? .wouldUpdate : .updated
        return ImportOutcome(action: action, id: existing.id, changes: changes, differences: differences)
    }

    /// The file's nickname, favorite mark and release on entry `id`, each with its history row
    /// as the commands write it.
    private static func apply(_ changes: [ImportOutcome.Change], of entry: ImportedEntry, to existing: ExistingEntry, at date: Date, _ db: Database) throws {
        let id = existing.id
        for change in changes {
            switch change {
            case .nickname:
                try db.execute(sql: "UPDATE main.caught_pokemon SET nickname = ? WHERE id = ?", arguments: [entry.nickname, id])
                if let nickname = entry.nickname {
                    try appendHistory(db, entryID: id, action: .nicknameSet,
                                      detail: existing.nickname.map { "\(nickname) (was \($0))" } ?? nickname, at: date)
                } else {
                    try appendHistory(db, entryID: id, action: .nicknameCleared, detail: existing.nickname.map { "was \($0)" }, at: date)
                }
            case .favorite:
                try db.execute(sql: "UPDATE main.caught_pokemon SET is_favorite = ? WHERE id = ?", arguments: [entry.isFavorite, id])
                try appendHistory(db, entryID: id, action: entry.isFavorite ? .favorite : .unfavorite, detail: nil, at: date)
            case .released:
                try db.execute(sql: "UPDATE main.caught_pokemon SET released_at = ? WHERE id = ?", arguments: [
                    entry.releasedAt.map(StoredDate.text), id,
                ])
                if let released = existing.releasedAt {
                    try appendHistory(db, entryID: id, action: .unrelease, detail: "released \(released)", at: date)
                } else {
                    try appendHistory(db, entryID: id, action: .release, detail: existing.isFavorite ? "was a favorite" : nil, at: date)
                }
            }
        }
    }


    /// The new entry's id and its history rows; nil (and nothing written) when its uuid is here.
    private static func insert(_ entry: ImportedEntry, formID: Int, slug: String, at date: Date, _ db: Database) throws -> Int64? {
        try db.cachedStatement(sql: """
            INSERT INTO main.caught_pokemon (species_id, form_id, nickname, is_favorite, is_shiny, caught_at, released_at, uuid)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uuid) DO NOTHING
            """).execute(arguments: [
                entry.speciesID, formID, entry.nickname, entry.isFavorite, entry.isShiny, StoredDate.text(entry.caughtAt),
                entry.releasedAt.map(StoredDate.text), entry.uuid,
            ])
        guard db.changesCount == 1 else { return nil }
        let id = db.lastInsertedRowID
        if let individual = entry.individual {
            // The individual's and its origin's columns, as a record of the same row writes them.
            var columns = CaughtPokemon(
                speciesID: entry.speciesID, formID: formID, isShiny: entry.isShiny, caughtAt: entry.caughtAt,
                individual: individual, origin: entry.origin)
            columns.id = id
            try db.cachedStatement(sql: """
                UPDATE main.caught_pokemon SET generation = ?, level = ?, gender = ?, nature = ?, ability = ?, hidden_ability = ?,
                    personality = ?, iv_hp = ?, iv_attack = ?, iv_defense = ?, iv_special_attack = ?, iv_special_defense = ?,
                    iv_speed = ?, ev_hp = ?, ev_attack = ?, ev_defense = ?, ev_special_attack = ?, ev_special_defense = ?,
                    ev_speed = ?, moves = ?, held_item = ?, origin = ?, game = ?, ball = ?, trainer = ?, trainer_id = ?, drawn = ?
                WHERE id = ?
                """).execute(arguments: [
                    columns.generation, columns.level, columns.gender?.rawValue, columns.nature, columns.ability,
                    columns.hiddenAbility, columns.personality, columns.ivHp, columns.ivAttack, columns.ivDefense,
                    columns.ivSpecialAttack, columns.ivSpecialDefense, columns.ivSpeed, columns.evHp, columns.evAttack,
                    columns.evDefense, columns.evSpecialAttack, columns.evSpecialDefense, columns.evSpeed, columns.moves,
                    columns.heldItem, columns.origin?.rawValue, columns.game, columns.ball, columns.trainer, columns.trainerID,
                    columns.drawn, id,
                ])
            if let saved = entry.saved {
                columns.set(saved.details)
                try db.cachedStatement(sql: """
                    UPDATE main.caught_pokemon SET experience = ?, friendship = ?, pokerus = ?, pp_ups = ?, met_location = ?,
                        met_level = ?, source_game = ?, source_box = ?, source_slot = ?, source_file = ?, identity = ?,
                        is_egg = ?
                    WHERE id = ?
                    """).execute(arguments: [
                        columns.experience, columns.friendship, columns.pokerus, columns.ppUps, columns.metLocation,
                        columns.metLevel, saved.game, saved.box, saved.slot, saved.sha256, saved.identity, columns.isEgg, id,
                    ])
            }
        }
        // Raw SQL, like the entry: a record insert per history row took most of a large import.
        let history = try db.cachedStatement(
            sql: "INSERT INTO main.history (entry_id, action, detail, occurred_at) VALUES (?, ?, ?, ?)")
        let time = StoredDate.text(date)
        func record(_ action: HistoryAction, _ detail: String?) throws {
            try history.execute(arguments: [id, action.rawValue, detail, time])
        }
        try record(.import, slug + (entry.isShiny ? " (shiny)" : ""))
        if let nickname = entry.nickname { try record(.nicknameSet, nickname) }
        if entry.isFavorite { try record(.favorite, nil) }
        if entry.releasedAt != nil { try record(.release, nil) }
        return id
    }
}

extension CollectionStore {
    /// An imported entry's encounter and throws, ended as caught by it.
    static func insertEncounter(_ transferred: TransferredEncounter, entryID: Int64, entry: ImportedEntry, formID: Int, _ db: Database) throws {
        var encounter = WildEncounter(
            game: transferred.game, generation: transferred.generation, location: transferred.location, areaID: transferred.areaId,
            method: transferred.method, speciesID: entry.speciesID, formID: formID, level: transferred.level, isShiny: entry.isShiny,
            hitPoints: transferred.hitPoints, metAt: TransferTime.date(transferred.metAt) ?? entry.caughtAt, randomState: nil)
        encounter.outcome = .caught
        encounter.entryID = entryID
        encounter.endedAt = entry.caughtAt
        try encounter.insert(db)
        guard let id = encounter.id else { return }
        for made in transferred.throwsMade {
            try BallThrow(
                encounterID: id, number: made.number, ball: made.ball, chance: made.chance, shakes: made.shakes, critical: made.critical,
                caught: made.caught, thrownAt: TransferTime.date(made.thrownAt) ?? entry.caughtAt
            ).insert(db)
        }
    }
}
