import Foundation
import GRDB
import MydexCatalog

/// What `show` and `dex` print about a species beyond its own record: its evolution chain, with
/// how many of each species the collection holds, and the names, in the store's language (else
/// the languages `DataLanguage.fallbacks` gives, name by name), of the stats, abilities,
/// triggers, egg groups and habitat it refers to, and of the items and moves its chain's
/// evolutions need.
public struct SpeciesProfile: Sendable, Equatable {
    /// One species of an evolution chain.
    public struct Link: Sendable, Equatable {
        public var id: Int
        /// PokeAPI's name, e.g. `pichu`.
        public var speciesName: String
        /// In the store's language.
        public var name: String
        public var evolvesFrom: Int?
        /// How it evolves from `evolvesFrom`.
        public var evolution: [Species.Evolution]
        /// Entries of it the collection holds.
        public var held: Int
    }

    /// Every species of the chain in Pokédex order (one species alone when it does not evolve).
    public var chain: [Link]
    /// Names of species evolutions refer to (party or trade partners) by id.
    public var otherSpecies: [Int: String]
    /// Localized names by kind (`stat`, `ability`, `evolution-trigger`, `egg-group`, `habitat`),
    /// then PokeAPI name; and by kind `item` and `move`, then PokeAPI id as a decimal string
    /// (`["item"]["83"]`, Thunder Stone): the items (to use or to hold) and moves (to know) that
    /// the chain's evolutions name, in a profile of a species (not in `Pokedex.terms()`).
    public var terms: [String: [String: String]]
    /// What each attacking type does to the species (its types, or its form's), by the current
    /// games' chart, in the chart's order; empty in a profile without the chain.
    public var typeDefenses: [TypeDefense]
    /// Its abilities that change what hits it, noted beside the chart (not applied to it).
    public var abilityDefenses: [AbilityDefense]
    /// The game whose generation's chart (and the Pokémon's types then) `typeDefenses` follow;
    /// nil for the current games'.
    public var chartGame: ChartGame?
    /// What the Pokémon (the form's) may hold when met in the wild, in every game PokeAPI has
    /// it for, in the games' order: set by `dex` (`Pokedex.heldItems(pokemonID:)`).
    public var heldItems: [WildHeldItem] = []
    /// The name of the game the Pokédex text shown is from (the first of the language's
    /// fallbacks that has a text), where the catalog knows it.
    public var pokedexGame: String?

    /// A game asked for with `--game`, as the page names it.
    public struct ChartGame: Sendable, Equatable {
        public var identifier: String
        public var name: String
        public var generation: Int

        public init(identifier: String, name: String, generation: Int) {
            self.identifier = identifier
            self.name = name
            self.generation = generation
        }
    }

    public init(
        chain: [Link] = [], otherSpecies: [Int: String] = [:], terms: [String: [String: String]] = [:],
        typeDefenses: [TypeDefense] = [], abilityDefenses: [AbilityDefense] = []
    ) {
        self.chain = chain
        self.otherSpecies = otherSpecies
        self.terms = terms
        self.typeDefenses = typeDefenses
        self.abilityDefenses = abilityDefenses
    }

    /// The name of `term` of `kind`, else nil: `name("ability", "static")`, `name("item", "83")`.
    public func name(_ kind: String, _ term: String) -> String? { terms[kind]?[term] }
}

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
        var reads = [("kind NOT IN ('item', 'move', ?)", [Self.encounterItemKind])]
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
