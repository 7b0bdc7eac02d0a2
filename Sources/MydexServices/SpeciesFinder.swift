import Foundation
import MydexCatalog
import MydexModel
import MydexStore
import MydexText

/// Problems looking things up in the Pokédex, with what to try instead.
public enum PokedexError: Error, Equatable, CustomStringConvertible {
    /// `dex NAME` found nothing.
    case noMatch(query: String, suggestions: [String])
    /// `search TEXT` found nothing.
    case noSearchResult(query: String, suggestions: [String])
    case ambiguous(query: String, matches: [String])
    /// A type no language names: the types, and the names nearest to what was typed.
    case unknownType(String, known: [String], nearest: [String] = [])
    case unknownGeneration(Int, known: [Int])
    /// `--form NAME` names no form of the species: its forms' identifiers.
    case noForm(species: String, query: String, forms: [String])

    /// A value the user chose from a fixed set (a type, a generation): a usage error.
    public var isUnknownValue: Bool {
        switch self {
        case .unknownType, .unknownGeneration: return true
        default: return false
        }
    }

    public var description: String {
        // What the user typed, cut when long; the message puts it in quotes.
        func shown(_ text: String) -> String { text.count > 60 ? text.prefix(60) + "…" : text }
        switch self {
        case .noMatch(let query, let suggestions):
            return suggestions.isEmpty
                ? tr("finder.no-match", ["query": shown(query)])
                : tr("finder.no-match.did-you-mean", ["query": shown(query), "suggestions": suggestions.listJoined()])
        case .noSearchResult(let query, let suggestions):
            return suggestions.isEmpty
                ? tr("finder.no-search-result", ["query": shown(query)])
                : tr("finder.no-search-result.did-you-mean", ["query": shown(query), "suggestions": suggestions.listJoined()])
        case .ambiguous(let query, let matches):
            return tr("finder.ambiguous", ["query": shown(query), "matches": matches.listJoined()])
        case .unknownType(_, let known, let nearest):
            return nearest.isEmpty
                ? tr("finder.unknown-type", ["types": known.listJoined()])
                : tr("finder.unknown-type.did-you-mean", ["suggestions": nearest.listJoined(), "types": known.listJoined()])
        case .noForm(let species, let query, let forms):
            return tr("finder.no-form", ["species": species, "query": shown(query), "forms": forms.listJoined()])
        case .unknownGeneration(_, let known):
            guard let first = known.first, let last = known.last else { return tr("finder.unknown-generation") }
            return tr("finder.unknown-generation.range", ["first": String(first), "last": String(last)])
        }
    }
}

/// A species in one of its forms, as a lookup found it.
public struct FoundPokemon: Sendable {
    /// The species as the form is (its types, stats, abilities, height and weight).
    public var species: Species
    public var form: PokemonForm
    /// Every form of the species, its own first (none for a species the catalog lacks).
    public var forms: [PokemonForm]
}

/// One row of `mydex search`: a species that matched, and the user's Pokémon of that species.
public struct SearchResult: Sendable, Equatable {
    public var species: PokedexRow
    /// The name that matched, with its language, when it is not the displayed one.
    public var matchedName: SpeciesName?
    /// Held entries of this species (those whose nickname matched, or all when the species did).
    public var entries: [CollectionEntry]
}

/// Turns what the user typed into species, types and generations: numbers, names in any
/// language, unique prefixes, and the nearest names when nothing matches. The SQL is the
/// Pokédex's; the rules of matching are here.
public struct SpeciesFinder: Sendable {
    let pokedex: Pokedex
    let store: CollectionStore

    public init(store: CollectionStore) {
        self.store = store
        pokedex = Pokedex(store: store)
    }

    /// The species with this national number, or whose name (in any language) is `query`, or
    /// whose name in the user's language is the only one that starts with it (`pika`), or of
    /// the form `query` names (`vulpix-alola`).
    public func species(matching query: String) async throws -> Species {
        try await lookUp(query).species
    }

    /// A species in one of its forms: what `species(matching:)` finds, in the form `query`
    /// names (`vulpix-alola`, `charizard-mega-x`, "Alolan Vulpix", "ロコン (アローラのすがた)"),
    /// or in the form `form` names among the species' (`alola`, `mega-x`, "Alolan Form"), else
    /// in its own form. The species comes as the form is: its types, stats and abilities.
    public func pokemon(matching query: String, form formQuery: String? = nil) async throws -> FoundPokemon {
        let (species, named) = try await lookUp(query)
        let forms = try await pokedex.forms(ofSpecies: species.id)
        var form = named ?? forms.first(where: \.isSpeciesDefault) ?? .plain(of: species)
        if let formQuery, !formQuery.trimmingCharacters(in: .whitespaces).isEmpty {
            var named = Self.form(formQuery, among: forms, of: species)
            if named == nil {
                // The form's name in another language than the reading one.
                let ids = try await pokedex.formIDs(ofSpecies: species.id, formNameKey: SearchText.normalized(formQuery))
                if ids.count == 1 { named = forms.first { $0.id == ids[0] } }
            }
            guard let chosen = named else {
                let row = try await pokedex.rows(ids: [species.id]).first
                // Offered by their names in the reading language, which are taken too.
                throw PokedexError.noForm(species: row.map(Self.label) ?? species.name, query: formQuery, forms: forms.map { form in
                    form.name ?? (form.isSpeciesDefault ? row?.name ?? species.name : form.formIdentifier ?? form.identifier)
                })
            }
            form = chosen
        }
        return FoundPokemon(species: try await pokedex.shown(species, as: form), form: form, forms: forms)
    }

    /// The form of `species` that `query` names: by its identifier, whole or without the
    /// species' (`vulpix-alola`, `alola`), by its name or its form's name in the reading
    /// language, else the only one whose identifier or name starts with it. (`pokemon(matching:
    /// form:)` then tries form names in every language.)
    static func form(_ query: String, among forms: [PokemonForm], of species: Species) -> PokemonForm? {
        let wanted = SearchText.normalized(query)
        guard !wanted.isEmpty else { return nil }
        func keys(_ form: PokemonForm) -> [String] {
            [form.identifier, form.formIdentifier, form.name, form.formName].compactMap { $0 }.map(SearchText.normalized)
        }
        if let exact = forms.first(where: { keys($0).contains(wanted) }) { return exact }
        let prefixed = forms.filter { form in keys(form).contains { $0.hasPrefix(wanted) } }
        if prefixed.count == 1 { return prefixed[0] }
        // A name written short, its letters in order (`메가X` for 메가리자몽X, `gmax`): the only one.
        let abridged = forms.filter { form in keys(form).contains { Self.abridges(wanted, $0) } }
        return abridged.count == 1 ? abridged[0] : nil
    }

    /// Whether `short` is `name` with letters left out (the first kept): `메가x` of `메가리자몽x`.
    static func abridges(_ short: String, _ name: String) -> Bool {
        guard let first = short.first, name.first == first else { return false }
        var rest = name[...]
        for character in short {
            guard let found = rest.firstIndex(of: character) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }

    /// What `query` names: a species by number or name, else a form by its identifier or whole
    /// name (then the species is the form's), else a species by a unique prefix of its name.
    func lookUp(_ query: String) async throws -> (species: Species, form: PokemonForm?) {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        if let number = Self.number(trimmed) {
            guard let species = try await pokedex.species(id: number) else {
                throw PokedexError.noMatch(query: query, suggestions: [])
            }
            return (species, nil)
        }
        let wanted = SearchText.normalized(trimmed)
        var ids = wanted.isEmpty ? [] : try await pokedex.speciesIDs(nameKey: wanted)
        if ids.count > 1 {
            let rows = try await pokedex.rows(ids: ids)
            throw PokedexError.ambiguous(query: query, matches: rows.map(Self.label))
        }
        if ids.isEmpty, !wanted.isEmpty {
            let formIDs = try await pokedex.formIDs(nameKey: wanted)
            var forms = try await pokedex.forms(ids: formIDs).values.sorted { $0.id < $1.id }
            // Keys drop punctuation, so `zygarde-50` is also "Zygarde (50%)", a name of
            // `zygarde-50-power-construct`: the form whose identifier is what was typed wins.
            let typed = trimmed.lowercased()
            if forms.count > 1, let exact = forms.first(where: { $0.identifier == typed }) { forms = [exact] }
            if forms.count > 1 {
                throw PokedexError.ambiguous(query: query, matches: forms.map { form in form.name.map { "\($0) (\(form.identifier))" } ?? form.identifier })
            }
            if let form = forms.first, let species = try await pokedex.species(id: form.speciesID) {
                return (species, form)
            }
            let prefixed = try await pokedex.speciesIDs(shownNamePrefix: wanted)
            if prefixed.count == 1 { ids = prefixed }
        }
        if let id = ids.first, let species = try await pokedex.species(id: id) { return (species, nil) }
        throw PokedexError.noMatch(query: query, suggestions: try await suggestions(for: trimmed))
    }

    /// Species whose number or any name contains `text`, and the user's Pokémon whose nickname
    /// does, in Pokédex order.
    public func search(_ text: String) async throws -> [SearchResult] {
        try await search(text, limit: nil).results
    }

    /// The first `limit` results of `search(text)` (all: nil), and how many there are in all.
    /// Only the species shown are read in full.
    public func search(_ text: String, limit: Int?) async throws -> (results: [SearchResult], total: Int) {
        let wanted = SearchText.normalized(text)
        let number = Self.number(text.trimmingCharacters(in: .whitespaces))
        guard !wanted.isEmpty || number != nil else { return ([], 0) }
        let matches = try await pokedex.speciesMatching(key: wanted, number: number)
        let held = try await pokedex.heldEntries(ofSpecies: matches.map(\.id), orNicknamed: wanted)
        let all = Set(matches.map(\.id)).union(held.map(\.speciesID)).sorted()
        let ids = limit.map { Array(all.prefix($0)) } ?? all
        let rows = Dictionary(uniqueKeysWithValues: try await pokedex.rows(ids: ids).map { ($0.id, $0) })
        let matchedByID = Dictionary(matches.map { ($0.id, $0.matched) }, uniquingKeysWith: { first, _ in first })
        // The entries of the species shown, read as `list` reads them: a page of a thousand at a time.
        let shown = Set(ids)
        var entries: [Int: [CollectionEntry]] = [:]
        for try await page in EntryListing(ids: held.filter { shown.contains($0.speciesID) }.map(\.entryID), in: store) {
            for entry in page.entries { entries[entry.speciesID, default: []].append(entry) }
        }
        var results: [SearchResult] = []
        for id in ids {
            guard let row = rows[id] else { continue }
            // The displayed name needs no "matched" note when it contains the text itself.
            let matched = matchedByID[id].flatMap { matched in
                SearchText.normalized(row.name).contains(wanted) && !wanted.isEmpty ? nil : matched
            }
            results.append(SearchResult(species: row, matchedName: matched, entries: entries[id] ?? []))
        }
        return (results, all.count)
    }

    /// A type given by its API name or its name in any language.
    public func resolveType(_ text: String) async throws -> String {
        let names = try await pokedex.typeNames()
        let wanted = SearchText.normalized(text)
        if let match = names.first(where: { SearchText.normalized($0.type) == wanted || SearchText.normalized($0.name) == wanted }) {
            return match.type
        }
        // What is offered is in the user's language, in the games' order, without the types no
        // Pokémon has (shadow, unknown: "???" in most languages); the nearest first (`불` → 불꽃).
        let shown = Dictionary(names.filter { $0.language == pokedex.language }.map { ($0.type, $0.name) }) { first, _ in first }
        let offered = Set(names.map(\.type)).subtracting(PokemonTypes.unheld)
            .sorted { (PokemonTypes.rank($0), $0) < (PokemonTypes.rank($1), $1) }
        let nearest = SearchText.nearest(to: text, among: offered.map { type in
            (shown[type] ?? type, [SearchText.normalized(type)] + (shown[type].map { [SearchText.normalized($0)] } ?? []))
        })
        throw PokedexError.unknownType(text, known: offered.map { shown[$0] ?? $0 }, nearest: Array(nearest))
    }

    /// `generation` when the Pokédex has species in it.
    public func checkGeneration(_ generation: Int) async throws {
        let known = try await pokedex.generations()
        guard known.contains(generation) else { throw PokedexError.unknownGeneration(generation, known: known) }
    }

    /// Up to three names near `text`: names that start with it first, then names that contain
    /// it, then names a few letters off; names in the user's language before others. A name in
    /// another language says which: "Charmina (fr, Medicham #0308)".
    public func suggestions(for text: String) async throws -> [String] {
        let wanted = SearchText.normalized(text)
        // No Pokémon name is longer than this: a longer query has no near name.
        guard !wanted.isEmpty, wanted.count <= 40 else { return [] }
        let limit = max(2, wanted.count / 3)
        let names = try await pokedex.names()
        let language = pokedex.language
        // The language each species is shown in: the user's, or English where it has none.
        let hasOwnName = Set(names.filter { $0.language == language }.map(\.speciesID))
        struct Candidate {
            var rank: (kind: Int, distance: Int, foreign: Int)
            var name: SpeciesName
        }
        var best: [Int: Candidate] = [:]
        for name in names {
            let shownLanguage = hasOwnName.contains(name.speciesID) ? language : "en"
            let foreign = name.language == shownLanguage || name.language == "api" ? 0 : 1
            let candidate: Candidate
            if name.key.hasPrefix(wanted) {
                candidate = Candidate(rank: (0, 0, foreign), name: name)
            } else if name.key.contains(wanted) {
                candidate = Candidate(rank: (1, 0, foreign), name: name)
            } else {
                // Lengths that differ by more than the limit cannot be within it.
                guard abs(name.key.count - wanted.count) <= limit else { continue }
                let distance = SearchText.distance(wanted, name.key)
                guard distance <= limit else { continue }
                candidate = Candidate(rank: (2, distance, foreign), name: name)
            }
            if let current = best[name.speciesID], current.rank <= candidate.rank { continue }
            best[name.speciesID] = candidate
        }
        let chosen = best.values
            .sorted { ($0.rank.kind, $0.rank.distance, $0.rank.foreign, $0.name.speciesID) < ($1.rank.kind, $1.rank.distance, $1.rank.foreign, $1.name.speciesID) }
            .prefix(3)
        let rows = Dictionary(uniqueKeysWithValues: try await pokedex.rows(ids: chosen.map(\.name.speciesID)).map { ($0.id, $0) })
        return chosen.compactMap { candidate in
            guard let row = rows[candidate.name.speciesID] else { return nil }
            guard candidate.rank.foreign == 1, candidate.name.name != row.name else { return Self.label(row) }
            return tr("finder.suggestion.other-language", [
                "match": candidate.name.name, "language": candidate.name.language, "name": row.name,
                "number": Self.paddedNumber(row.id),
            ])
        }
    }

    static func number(_ text: String) -> Int? {
        Int(text.hasPrefix("#") ? String(text.dropFirst()) : text)
    }

    static func label(_ row: PokedexRow) -> String { tr("finder.label", ["name": row.name, "number": paddedNumber(row.id)]) }

    static func paddedNumber(_ id: Int) -> String {
        let digits = String(id)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
