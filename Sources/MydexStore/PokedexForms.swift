import Foundation
import GRDB
import MydexCatalog
import MydexModel

/// The forms of species, in the store's language (the SQL is the catalog's `FormSQL`).
extension Pokedex {
    /// Every form of a species, its own first, then in PokeAPI's order; none for a species the
    /// catalog lacks.
    public func forms(ofSpecies id: Int) async throws -> [PokemonForm] {
        let language = self.language
        return try await store.read { db in
            try FormSQL.forms(db, where: "f.species_id = :species", arguments: ["species": id, "language": language])
        }
    }

    /// The forms with these ids (those the catalog has), by id.
    public func forms(ids: some Collection<Int>) async throws -> [Int: PokemonForm] {
        let idList = Array(Set(ids))
        guard !idList.isEmpty else { return [:] }
        let language = self.language
        return try await store.read { db in
            let list = idList.map(String.init).joined(separator: ", ")
            let forms = try FormSQL.forms(db, where: "f.id IN (\(list))", arguments: ["language": language])
            return Dictionary(forms.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Forms whose PokeAPI identifier (`vulpix-alola`) or whole name in any language
    /// ("Alolan Vulpix", "ロコン (アローラのすがた)") has the search key `key`.
    public func formIDs(nameKey key: String) async throws -> [Int] {
        try await store.read { db in
            try Int.fetchAll(db, sql: """
                SELECT id FROM catalog.forms WHERE search_key(identifier) = :key
                UNION SELECT form_id FROM catalog.form_names WHERE key = :key
                ORDER BY 1
                """, arguments: ["key": key])
        }
    }

    /// The forms of a species whose form name alone, in any language, has the search key `key`
    /// ("Alolan Form", "アローラのすがた").
    public func formIDs(ofSpecies id: Int, formNameKey key: String) async throws -> [Int] {
        try await store.read { db in
            try Int.fetchAll(db, sql: """
                SELECT DISTINCT n.form_id FROM catalog.form_names n JOIN catalog.forms f ON f.id = n.form_id
                WHERE f.species_id = :species AND n.form_name IS NOT NULL AND search_key(n.form_name) = :key
                ORDER BY 1
                """, arguments: ["species": id, "key": key])
        }
    }

    /// The variety (PokeAPI Pokémon) a form belongs to: its height, weight, stats and abilities.
    public func variety(id: Int) async throws -> PokemonVariety? {
        try await store.read { db in try FormSQL.variety(db, id: id) }
    }

    /// The ids of the forms a catch of this species can meet, in order (its own first); empty
    /// for a species the catalog has no forms for.
    public func wildFormIDs(ofSpecies id: Int) async throws -> [Int] {
        try await store.read { db in
            try Int.fetchAll(db, sql: "SELECT id FROM catalog.forms WHERE species_id = ? AND wild ORDER BY sort_order",
                             arguments: [id])
        }
    }
}

extension Pokedex {
    /// What `show` and `browse` tell about an entry: its species as the entry's form is (the
    /// form's types, stats and abilities), and the species' profile (its evolution chain and
    /// the names of its terms).
    public func species(of entry: CollectionEntry) async throws -> (species: Species, profile: SpeciesProfile) {
        guard var species = try await species(id: entry.speciesID) else {
            throw StoreError.speciesNotCached(id: entry.speciesID)
        }
        let profile = try await profile(of: species)
        if !entry.isDefaultForm, let form = try await forms(ids: [entry.formID])[entry.formID] {
            species = try await shown(species, as: form)
        }
        return (species, profile)
    }

    /// `species` as `form` is (its types, and its variety's height, weight, stats and
    /// abilities); the species itself for its own form.
    public func shown(_ species: Species, as form: PokemonForm) async throws -> Species {
        form.isSpeciesDefault ? species : species.shown(as: form, variety: try await variety(id: form.pokemonID))
    }
}

