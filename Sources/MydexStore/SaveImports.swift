import Foundation
import GRDB
import MydexModel

extension CollectionStore {
    /// Adds the Pokémon of a game's file that are not here yet, in one transaction (with
    /// `dryRun`, only says what would happen): each as an entry with its individual, its origin
    /// and what the game keeps beside it, where it was in the file and the file's SHA-256, and
    /// an `import` row in the history. A Pokémon is here already when an entry has its identity
    /// (`SavedEntry.identity`), as many times as the collection holds it: two alike in one save
    /// are two. Damaged Pokémon are listed and never added; eggs are added only with `eggs`,
    /// and an egg here already that has hatched in this file becomes the Pokémon it hatched as.
    public func importSaved(_ plan: SavePlan, eggs: Bool = false, dryRun: Bool, at date: Date) async throws -> [SavedOutcome] {
        if dryRun { return try await read { db in try Self.savedOutcomes(plan, eggs: eggs, db, at: date, write: false) } }
        return try await write { db in try Self.savedOutcomes(plan, eggs: eggs, db, at: date, write: true) }
    }

    /// Each Pokémon's outcome, writing what it says unless `write` is false (a dry run).
    private static func savedOutcomes(
        _ plan: SavePlan, eggs: Bool, _ db: Database, at date: Date, write: Bool
    ) throws -> [SavedOutcome] {
        var present: [String: [(id: Int64, isEgg: Bool)]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT identity, id, is_egg FROM main.caught_pokemon WHERE identity IN (SELECT value FROM json_each(?)) ORDER BY id
            """, arguments: [Pokedex.jsonStrings(Array(Set(plan.entries.map(\.identity))).sorted())]) {
            present[row[0], default: []].append((row[1], row[2]))
        }
        return try plan.entries.map { entry in
            if entry.damaged { return SavedOutcome(action: .damaged) }
            if let here = present[entry.identity]?.first {
                present[entry.identity]?.removeFirst()
                guard here.isEgg, !entry.isEgg else { return SavedOutcome(action: .alreadyHere, id: here.id) }
                if write { try hatch(here.id, as: entry, of: plan, at: date, db) }
                return SavedOutcome(action: .hatched, id: here.id)
            }
            if entry.isEgg, !eggs { return SavedOutcome(action: .egg) }
            guard write else { return SavedOutcome(action: .wouldImport) }
            return SavedOutcome(action: .imported, id: try insert(entry, of: plan, at: date, db))
        }
    }

    /// An egg entry whose Pokémon a later save holds hatched: it becomes that Pokémon (its
    /// individual, what the game keeps, where it sits now), with an `import` row saying so.
    private static func hatch(_ id: Int64, as entry: SavedEntry, of plan: SavePlan, at date: Date, _ db: Database) throws {
        guard var pokemon = try CaughtPokemon.fetchOne(db, key: id) else { return }
        pokemon.set(entry.individual)
        pokemon.set(entry.origin)
        pokemon.set(entry.details)
        pokemon.isShiny = entry.isShiny
        (pokemon.sourceGame, pokemon.sourceBox, pokemon.sourceSlot) = (plan.game, entry.box, entry.slot)
        pokemon.sourceFile = plan.sha256
        let named = pokemon.nickname == nil ? entry.nickname : nil
        if let named { pokemon.nickname = named }
        try pokemon.update(db)
        try appendHistory(
            db, entryID: id, action: .import, detail: "hatched " + historyDetail(entry, of: plan), at: date)
        if let named { try appendHistory(db, entryID: id, action: .nicknameSet, detail: named, at: date) }
    }

    /// Where it was, as data (`history` says it in the user's words): the game's file and its
    /// place in it, "treecko from emerald box 3 slot 12 551cbd0c4620".
    private static func historyDetail(_ entry: SavedEntry, of plan: SavePlan) -> String {
        var place = [plan.game ?? plan.kind.rawValue]
        if let box = entry.box { place.append("box \(box)") } else if entry.slot != nil { place.append("party") }
        if let slot = entry.slot { place.append("slot \(slot)") }
        return (entry.form ?? entry.species) + (entry.isShiny ? " (shiny)" : "") + (entry.isEgg ? " (egg)" : "")
            + " from " + place.joined(separator: " ") + " " + String(plan.sha256.prefix(12))
    }

    private static func insert(_ entry: SavedEntry, of plan: SavePlan, at date: Date, _ db: Database) throws -> Int64 {
        let formID: Int
        if let form = entry.formID {
            formID = form
        } else {
            formID = try Int.fetchOne(
                db, sql: "SELECT id FROM catalog.forms WHERE species_id = ? AND species_default", arguments: [entry.speciesID])
                ?? entry.speciesID
        }
        var pokemon = CaughtPokemon(
            speciesID: entry.speciesID, formID: formID, isShiny: entry.isShiny, caughtAt: date, individual: entry.individual,
            origin: entry.origin)
        pokemon.nickname = entry.nickname
        pokemon.set(entry.details)
        (pokemon.sourceGame, pokemon.sourceBox, pokemon.sourceSlot) = (plan.game, entry.box, entry.slot)
        (pokemon.sourceFile, pokemon.identity) = (plan.sha256, entry.identity)
        try pokemon.insert(db)
        let id = pokemon.id ?? db.lastInsertedRowID
        try appendHistory(db, entryID: id, action: .import, detail: historyDetail(entry, of: plan), at: date)
        if let nickname = entry.nickname { try appendHistory(db, entryID: id, action: .nicknameSet, detail: nickname, at: date) }
        return id
    }
}
