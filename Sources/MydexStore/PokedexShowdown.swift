import Foundation
import GRDB
import MydexCatalog
import MydexModel

extension Pokedex {
    /// Pokémon Showdown's names (the catalog's `showdown_names`), in one read.
    public func showdownNames() async throws -> ShowdownNames {
        try await store.read { db in
            var names: [String: [String: String]] = [:]
            var identifiers: [String: [String: String]] = [:]
            var showdownOnly: [String: Set<String>] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT kind, id, name, identifier, exported, imported FROM catalog.showdown_names WHERE kind <> 'species'
                """) {
                let (kind, id, name, identifier): (String, String, String, String) = (row[0], row[1], row[2], row[3])
                if identifier.isEmpty {
                    showdownOnly[kind, default: []].insert(id)
                    continue
                }
                if row[5] as Bool { identifiers[kind, default: [:]][id] = identifier }
                if row[4] as Bool { names[kind, default: [:]][identifier] = name }
            }
            // A species row names a form, else a Pokémon: its first form outside battle (Unown's
            // is A, Xerneas' Neutral, not the Active Mode PokeAPI numbers first).
            var forms: [String: ShowdownNames.Form] = [:]
            var byForm: [Int: String] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT n.id, n.name, n.exported, coalesce(f.id, pf.id), coalesce(f.species_id, pf.species_id), n.imported,
                    n.identifier = ''
                FROM catalog.showdown_names n
                LEFT JOIN catalog.forms f ON f.identifier = n.identifier
                LEFT JOIN catalog.pokemon p ON f.id IS NULL AND p.identifier = n.identifier
                LEFT JOIN catalog.forms pf ON pf.id = (
                    SELECT id FROM catalog.forms WHERE pokemon_id = p.id ORDER BY battle_only, sort_order, id LIMIT 1)
                WHERE n.kind = 'species'
                """) {
                if row[6] as Bool {
                    showdownOnly["species", default: []].insert(row[0])
                    continue
                }
                guard let formID = row[3] as Int?, let speciesID = row[4] as Int? else { continue }
                if row[5] as Bool { forms[row[0]] = ShowdownNames.Form(speciesID: speciesID, formID: formID) }
                if row[2] as Bool { byForm[formID] = row[1] }
            }
            // Every form's name: its own, else its Pokémon's first form's, else its species'.
            var formNames: [Int: String] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT f.id,
                    (SELECT id FROM catalog.forms WHERE pokemon_id = f.pokemon_id ORDER BY battle_only, sort_order, id LIMIT 1),
                    (SELECT min(id) FROM catalog.forms WHERE species_id = f.species_id AND species_default)
                FROM catalog.forms f
                """) {
                let id: Int = row[0]
                if let name = byForm[id] ?? (row[1] as Int?).flatMap({ byForm[$0] }) ?? (row[2] as Int?).flatMap({ byForm[$0] }) {
                    formNames[id] = name
                }
            }
            // Items and moves Showdown lacks (a wild Pokémon's Heart Scale) are read back by
            // PokeAPI's identifier under the same id rule, as export writes them.
            for (kind, table) in [("item", "items"), ("move", "moves")] {
                for identifier in try String.fetchAll(db, sql: "SELECT identifier FROM catalog.\(table)") {
                    let id = String(String.UnicodeScalarView(identifier.unicodeScalars.filter { $0 != "-" }))
                    if identifiers[kind]?[id] == nil { identifiers[kind, default: [:]][id] = identifier }
                }
            }
            var result = ShowdownNames(formNames: formNames, forms: forms, names: names, identifiers: identifiers)
            result.showdownOnly = showdownOnly
            return result
        }
    }
}
