import Foundation
import GRDB
import MydexModel

extension CollectionStore {
    /// Adds the Pokémon of a game's file that are not here yet, in one transaction (with
    /// `dryRun`, only says what would happen): each as an entry with its individual, its origin
    /// and what the game keeps beside it, where it was in the file and the file's SHA-256, and
    /// an `import` row in the history. A Pokémon is here already when an entry has its identity
    /// (`SavedEntry.identity`), as many times as the collection holds it: two alike in one save
    /// are two. Eggs and damaged Pokémon are listed and never added.
    public func importSaved(_ plan: SavePlan, dryRun: Bool, at date: Date) async throws -> [SavedOutcome] {
        if dryRun { return try await read { db in try Self.savedOutcomes(plan, db, insert: nil) } }
        return try await write { db in
            try Self.savedOutcomes(plan, db) { entry in try Self.insert(entry, of: plan, at: date, db) }
        }
    }

    /// Each Pokémon's outcome, `insert` adding those not here (nil: a dry run).
    private static func savedOutcomes(
        _ plan: SavePlan, _ db: Database, insert: ((SavedEntry) throws -> Int64)?
    ) throws -> [SavedOutcome] {
        var present: [String: [Int64]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT identity, id FROM main.caught_pokemon WHERE identity IN (SELECT value FROM json_each(?)) ORDER BY id
            """, arguments: [Pokedex.jsonStrings(Array(Set(plan.entries.map(\.identity))).sorted())]) {
            present[row[0], default: []].append(row[1])
        }
        return try plan.entries.map { entry in
            if entry.damaged { return SavedOutcome(action: .damaged) }
            if entry.isEgg { return SavedOutcome(action: .egg) }
            if let id = present[entry.identity]?.first {
                present[entry.identity]?.removeFirst()
                return SavedOutcome(action: .alreadyHere, id: id)
            }
            guard let insert else { return SavedOutcome(action: .wouldImport) }
            return SavedOutcome(action: .imported, id: try insert(entry))
        }
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
        // Where it was, as data (`history` says it in the user's words): the game's file and
        // its place in it, "treecko from emerald box 3 slot 12 551cbd0c4620".
        var place = [plan.game ?? plan.kind.rawValue]
        if let box = entry.box { place.append("box \(box)") } else if entry.slot != nil { place.append("party") }
        if let slot = entry.slot { place.append("slot \(slot)") }
        try appendHistory(
            db, entryID: id, action: .import,
            detail: (entry.form ?? entry.species) + (entry.isShiny ? " (shiny)" : "") + " from " + place.joined(separator: " ")
                + " " + String(plan.sha256.prefix(12)),
            at: date)
        if let nickname = entry.nickname { try appendHistory(db, entryID: id, action: .nicknameSet, detail: nickname, at: date) }
        return id
    }
}
