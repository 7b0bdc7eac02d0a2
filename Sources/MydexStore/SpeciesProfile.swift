import Foundation
import GRDB
import MydexCatalog
import MydexModel

extension Pokedex {
    /// The evolution chain and localized terms of `species` (from the catalog: a species it lacks
    /// has no chain but itself, and no term names).
    public func profile(of species: Species) async throws -> SpeciesProfile {
        let links: [(id: Int, evolvesFrom: Int?, evolution: [Species.Evolution])]
        if let chain = species.evolutionChain {
            links = try await store.read { db in
                // The chain, joined with the species PokeAPI's species table links to it though its
                // chain table keeps them apart (Meltan and Melmetal).
                try Row.fetchAll(db, sql: """
                    WITH RECURSIVE linked(id) AS (
                        SELECT id FROM catalog.species WHERE evolution_chain = ?
                        UNION
                        SELECT s.id FROM catalog.species s, linked l, catalog.species m
                        WHERE m.id = l.id AND (s.evolves_from = l.id OR s.id = m.evolves_from))
                    SELECT id, evolves_from, evolution FROM catalog.species WHERE id IN (SELECT id FROM linked) ORDER BY id
                    """, arguments: [chain]).map { row in
                    let json: String? = row["evolution"]
                    let evolution = try json.map { try JSONDecoder().decode([Species.Evolution].self, from: Data($0.utf8)) }
                    return (row["id"], row["evolves_from"], evolution ?? [])
                }
            }
        } else {
            links = [(species.id, nil, [])]
        }
        let partners = links.flatMap { $0.evolution.flatMap { [$0.partySpecies, $0.tradeSpecies].compactMap { $0 } } }
        let rows = Dictionary(try await rows(ids: links.map(\.id) + partners).map { ($0.id, $0) },
                              uniquingKeysWith: { first, _ in first })
        let chain = links.compactMap { link in
            rows[link.id].map { row in
                SpeciesProfile.Link(
                    id: link.id, speciesName: row.speciesName, name: row.name, evolvesFrom: link.evolvesFrom,
                    evolution: link.evolution, held: row.held)
            }
        }
        let evolutions = links.flatMap(\.evolution)
        var profile = try await terms(
            items: Set(evolutions.flatMap { [$0.item, $0.heldItem].compactMap { $0 } }),
            moves: Set(evolutions.compactMap(\.knownMove)))
        profile.chain = chain
        // The names of the forms that evolve in ways of their own ("Alolan Vulpix").
        let forms = Set(evolutions.flatMap { [$0.fromForm, $0.toForm].compactMap { $0 } })
        if !forms.isEmpty {
            let language = self.language
            let named = try await store.read { db in
                try FormSQL.forms(db, where: "f.identifier IN (SELECT value FROM json_each(:forms))", arguments: [
                    "language": language,
                    "forms": String(decoding: try JSONEncoder().encode(forms.sorted()), as: UTF8.self),
                ])
            }
            profile.terms["form"] = Dictionary(named.compactMap { form in form.name.map { (form.identifier, $0) } },
                                               uniquingKeysWith: { first, _ in first })
        }
        profile.otherSpecies = Dictionary(partners.compactMap { id in rows[id].map { (id, $0.name) } },
                                          uniquingKeysWith: { first, _ in first })
        profile.typeDefenses = try await store.read { db in try TypeChart.read(db) }.defenses(of: species.types)
        profile.abilityDefenses = AbilityDefense.notes(for: species.abilities?.map(\.name) ?? [])
        // The game of the text a page shows: the same fallbacks `Localizer` reads texts by.
        if let language = DataLanguage.fallbacks(language).first(where: { species.flavorTexts[$0] != nil }),
           let game = species.flavorTextGames?[language] {
            profile.pokedexGame = try await games(matching: game).first?.name
        }
        return profile
    }

    /// A profile with the localized terms alone (no chain, no items or moves): what lists of
    /// species need.
    public func terms() async throws -> SpeciesProfile { try await terms(items: [], moves: []) }

    /// The localized terms, with the names of these items and moves (PokeAPI ids).
    func terms(items: Set<Int>, moves: Set<Int>) async throws -> SpeciesProfile {
        var reads = [("kind NOT IN ('item', 'move', 'nature', 'characteristic', ?)", [Self.encounterItemKind])]
        // Items and moves by key: a profile needs a few of hundreds.
        for (kind, ids) in [("item", items), ("move", moves)] where !ids.isEmpty {
            reads.append(("kind = ? AND term IN (\(databaseQuestionMarks(count: ids.count)))", [kind] + ids.sorted().map(String.init)))
        }
        return SpeciesProfile(terms: try await termNames(reads))
    }

    /// The names of the catalog's terms each read (a condition on `term_names` and its
    /// arguments) selects, by kind and term. Each name is the first of `DataLanguage.fallbacks`
    /// the catalog has it in: Japanese egg groups exist in kana (ja-hrkt) only.
    func termNames(_ reads: [(condition: String, arguments: [String])]) async throws -> [String: [String: String]] {
        let languages = DataLanguage.fallbacks(language)
        // The rows of every language of the chain, the best last, so that it wins.
        let inLanguages = "language IN (\(databaseQuestionMarks(count: languages.count)))"
        let bestLast = "ORDER BY CASE language " + languages.indices.map { "WHEN ? THEN \($0) " }.joined() + "END DESC"
        return try await store.read { db in
            var names: [String: [String: String]] = [:]
            for (condition, arguments) in reads {
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT kind, term, name FROM catalog.term_names WHERE \(condition) AND \(inLanguages) \(bestLast)
                    """, arguments: StatementArguments(arguments + languages + languages))
                while let row = try rows.next() {
                    names[row[0], default: [:]][row[1]] = row[2]
                }
            }
            return names
        }
    }
}
