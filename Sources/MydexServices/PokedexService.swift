import Foundation
import MydexStore

/// Problems looking things up in the Pokédex, with what to try instead.
public enum PokedexError: Error, Equatable, CustomStringConvertible {
    /// `dex NAME` found nothing.
    case noMatch(query: String, suggestions: [String])
    /// `search TEXT` found nothing.
    case noSearchResult(query: String, suggestions: [String])
    case ambiguous(query: String, matches: [String])
    case unknownType(String, known: [String])
    case unknownGeneration(Int, known: [Int])

    /// A value the user chose from a fixed set (a type, a generation): a usage error.
    public var isUnknownValue: Bool {
        switch self {
        case .unknownType, .unknownGeneration: return true
        default: return false
        }
    }

    public var description: String {
        func quoted(_ text: String) -> String { "\"" + (text.count > 60 ? text.prefix(60) + "…" : text) + "\"" }
        func didYouMean(_ suggestions: [String]) -> String { "Did you mean \(suggestions.joined(separator: ", "))?" }
        switch self {
        case .noMatch(let query, let suggestions):
            let hint = suggestions.isEmpty ? "Try `mydex search` with part of the name." : didYouMean(suggestions)
            return "no Pokémon matches \(quoted(query)). \(hint)"
        case .noSearchResult(let query, let suggestions):
            let hint = suggestions.isEmpty
                ? "Try fewer letters, a name in another language, or a Pokédex number." : didYouMean(suggestions)
            return "nothing matches \(quoted(query)). \(hint)"
        case .ambiguous(let query, let matches):
            return "\(quoted(query)) matches several Pokémon: \(matches.joined(separator: ", ")). Use the number."
        case .unknownType(_, let known):
            return "no such type. Types: \(known.joined(separator: ", ")) (or their names in any language)."
        case .unknownGeneration(_, let known):
            let range = known.isEmpty ? "" : " Generations are \(known.first ?? 1)–\(known.last ?? 1)."
            return "no species in that generation.\(range)"
        }
    }
}

/// A species with how many of it the collection has.
public struct PokedexEntry: Sendable {
    public var species: SpeciesData
    public var tally: SpeciesTally
}

/// One row of `mydex search`: a species that matched, and the user's Pokémon of that species.
public struct SearchResult: Sendable {
    public var species: SpeciesData
    /// The name that matched, with its language, when it is not the displayed one.
    public var matchedName: (language: String, name: String)?
    /// Held entries of this species (those whose nickname matched, or all when the species did).
    public var entries: [CaughtPokemon]
}

/// Filters for `mydex dex list`.
public struct DexFilter: Sendable {
    public enum Caught: Sendable { case any, caught, missing }
    public var generation: Int?
    public var type: String?
    public var caught: Caught = .any
    public var offset = 0
    public var limit: Int?

    public init(generation: Int? = nil, type: String? = nil, caught: Caught = .any, offset: Int = 0, limit: Int? = nil) {
        self.generation = generation
        self.type = type
        self.caught = caught
        self.offset = offset
        self.limit = limit
    }
}

/// Completion and collection figures for `mydex stats`.
public struct PokedexStats: Sendable, Codable, Equatable {
    public struct Generation: Sendable, Codable, Equatable {
        public var generation: Int
        public var caught: Int
        public var total: Int
    }
    public struct TypeCount: Sendable, Codable, Equatable {
        public var type: String
        public var name: String
        public var count: Int
    }
    public var speciesCaught: Int
    public var speciesTotal: Int
    public var generations: [Generation]
    public var entries: Int
    public var held: Int
    public var released: Int
    public var shiny: Int
    public var favorites: Int
    /// Types of the held Pokémon (a dual-type Pokémon counts for both), most common first.
    public var types: [TypeCount]
}

/// The whole Pokédex: the built-in data installed into the store, refreshed by PokeAPI.
public struct PokedexService: Sendable {
    let store: CollectionStore
    let clock: any MydexClock
    let builtIn: BuiltInPokedex

    public init(store: CollectionStore, clock: any MydexClock, builtIn: BuiltInPokedex = .embedded) {
        self.store = store
        self.clock = clock
        self.builtIn = builtIn
    }

    /// Installs the built-in Pokédex into the store when this binary carries a new one.
    public func prepare() async throws {
        let version = try builtIn.header().version
        guard try await store.builtInPokedexVersion() != version else { return }
        let builtIn = self.builtIn
        let now = clock.now()
        try await store.installBuiltInPokedex(version: version, at: now) { try builtIn.storeData(installedAt: now) }
    }

    public func localizer(language: String) async throws -> Localizer {
        Localizer(language: language, typeNames: try await store.typeNames())
    }

    /// The species with this national number, or whose name (in any language) is `query`, or
    /// whose name in the user's language is the only one that starts with it (`pika`).
    public func species(matching query: String, localizer: Localizer) async throws -> SpeciesData {
        let all = try await store.allSpecies()
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        if let number = Int(trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed) {
            guard let species = all.first(where: { $0.id == number }) else {
                throw PokedexError.noMatch(query: query, suggestions: [])
            }
            return species
        }
        let wanted = SearchText.normalized(trimmed)
        let matches = all.filter { species in names(of: species).contains { SearchText.normalized($0.name) == wanted } }
        switch matches.count {
        case 1: return matches[0]
        case 0: break
        default: throw PokedexError.ambiguous(query: query, matches: matches.map { label($0, localizer) })
        }
        let prefixed = wanted.isEmpty ? [] : all.filter { SearchText.normalized(localizer.name($0)).hasPrefix(wanted) }
        if prefixed.count == 1 { return prefixed[0] }
        throw PokedexError.noMatch(query: query, suggestions: suggestions(for: trimmed, in: all, localizer: localizer))
    }

    /// A page of the Pokédex, with the number of species that passed the filter.
    public func list(_ filter: DexFilter) async throws -> (page: [PokedexEntry], total: Int) {
        let all = try await store.allSpecies()
        let tallies = try await store.speciesTallies()
        var type: String?
        if let wanted = filter.type { type = try await resolveType(wanted) }
        if let generation = filter.generation {
            let known = Set(all.compactMap(\.generation)).sorted()
            guard known.contains(generation) else { throw PokedexError.unknownGeneration(generation, known: known) }
        }
        let matching = all.lazy
            .filter { filter.generation == nil || $0.generation == filter.generation }
            .filter { type == nil || $0.types.contains(type ?? "") }
            .map { PokedexEntry(species: $0, tally: tallies[$0.id] ?? SpeciesTally(held: 0, everCaught: 0)) }
            .filter { entry in
                switch filter.caught {
                case .any: return true
                case .caught: return entry.tally.everCaught > 0
                case .missing: return entry.tally.everCaught == 0
                }
            }
        let rows = Array(matching)
        let page = rows.dropFirst(filter.offset).prefix(filter.limit ?? rows.count)
        return (Array(page), rows.count)
    }

    /// Species whose number or any name contains `text`, and the user's Pokémon whose nickname
    /// does, in Pokédex order.
    public func search(_ text: String, localizer: Localizer) async throws -> [SearchResult] {
        let wanted = SearchText.normalized(text)
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = Int(trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed)
        guard !wanted.isEmpty || number != nil else { return [] }
        let held = Dictionary(grouping: try await store.entries(), by: \.species.id)
        var results: [SearchResult] = []
        for species in try await store.allSpecies() {
            let entries = held[species.id, default: []].map(\.pokemon)
            let nicknamed = entries.filter { SearchText.normalized($0.nickname ?? "").contains(wanted) && !wanted.isEmpty }
            if species.id == number {
                results.append(SearchResult(species: species, matchedName: nil, entries: entries))
            } else if !wanted.isEmpty, let match = names(of: species).first(where: { SearchText.normalized($0.name).contains(wanted) }) {
                let shown = localizer.name(species)
                let matched = SearchText.normalized(shown).contains(wanted) ? nil : (match.language, match.name)
                results.append(SearchResult(species: species, matchedName: matched, entries: entries))
            } else if !nicknamed.isEmpty {
                results.append(SearchResult(species: species, matchedName: nil, entries: nicknamed))
            }
        }
        return results
    }

    /// The names closest to `text` (any language), as "Pikachu (#0025)".
    public func suggestions(for text: String, localizer: Localizer) async throws -> [String] {
        suggestions(for: text, in: try await store.allSpecies(), localizer: localizer)
    }

    public func stats(localizer: Localizer) async throws -> PokedexStats {
        let all = try await store.allSpecies()
        let tallies = try await store.speciesTallies()
        let entries = try await store.entries(includeReleased: true)
        let held = entries.filter { !$0.pokemon.isReleased }
        let byGeneration = Dictionary(grouping: all.filter { $0.generation != nil }, by: { $0.generation ?? 0 })
        var typeCounts: [String: Int] = [:]
        for entry in held { for type in entry.species.types { typeCounts[type, default: 0] += 1 } }
        return PokedexStats(
            speciesCaught: all.filter { (tallies[$0.id]?.everCaught ?? 0) > 0 }.count,
            speciesTotal: all.count,
            generations: byGeneration.keys.sorted().map { generation in
                let species = byGeneration[generation] ?? []
                return .init(
                    generation: generation, caught: species.filter { (tallies[$0.id]?.everCaught ?? 0) > 0 }.count,
                    total: species.count)
            },
            entries: entries.count, held: held.count, released: entries.count - held.count,
            shiny: held.filter(\.pokemon.isShiny).count, favorites: held.filter(\.pokemon.isFavorite).count,
            types: typeCounts.map { .init(type: $0.key, name: localizer.typeName($0.key), count: $0.value) }
                .sorted { ($1.count, $0.type) < ($0.count, $1.type) })
    }

    /// A type given by its API name or its name in any language.
    func resolveType(_ text: String) async throws -> String {
        let names = try await store.typeNames()
        let wanted = SearchText.normalized(text)
        if let match = names.first(where: { type, localized in
            SearchText.normalized(type) == wanted || localized.values.contains { SearchText.normalized($0) == wanted }
        }) {
            return match.key
        }
        throw PokedexError.unknownType(text, known: names.keys.sorted())
    }

    private func names(of species: SpeciesData) -> [(language: String, name: String)] {
        [("api", species.name)] + species.localizations.compactMap { l in l.name.map { (l.language, $0) } }
    }

    private func label(_ species: SpeciesData, _ localizer: Localizer) -> String {
        "\(localizer.name(species)) (#\(String(species.id).leftPadded(to: 4)))"
    }

    /// Up to three names near `text`: names that start with it first, then names that contain
    /// it, then names a few letters off; names in the user's language before others. A name in
    /// another language says which: "Charmina (fr, Medicham #0308)".
    private func suggestions(for text: String, in all: [SpeciesData], localizer: Localizer) -> [String] {
        let wanted = SearchText.normalized(text)
        // No Pokémon name is longer than this: a longer query has no near name.
        guard !wanted.isEmpty, wanted.count <= 40 else { return [] }
        let limit = max(2, wanted.count / 3)
        struct Candidate {
            var rank: (kind: Int, distance: Int, foreign: Int)
            var species: SpeciesData
            var name: (language: String, name: String)
        }
        let candidates = all.compactMap { species -> Candidate? in
            // The language the name is shown in: the user's, or English where it has none.
            let shownLanguage = species.localization(localizer.language)?.name != nil ? localizer.language : "en"
            return names(of: species).compactMap { name -> Candidate? in
                let candidate = SearchText.normalized(name.name)
                let foreign = name.language == shownLanguage || name.language == "api" ? 0 : 1
                if candidate.hasPrefix(wanted) { return Candidate(rank: (0, 0, foreign), species: species, name: name) }
                if candidate.contains(wanted) { return Candidate(rank: (1, 0, foreign), species: species, name: name) }
                // Lengths that differ by more than the limit cannot be within it.
                guard abs(candidate.count - wanted.count) <= limit else { return nil }
                let distance = SearchText.distance(wanted, candidate)
                return distance <= limit ? Candidate(rank: (2, distance, foreign), species: species, name: name) : nil
            }.min { $0.rank < $1.rank }
        }
        return candidates
            .sorted { ($0.rank.kind, $0.rank.distance, $0.rank.foreign, $0.species.id) < ($1.rank.kind, $1.rank.distance, $1.rank.foreign, $1.species.id) }
            .prefix(3)
            .map { candidate in
                let shown = localizer.name(candidate.species)
                guard candidate.rank.foreign == 1, candidate.name.name != shown else { return label(candidate.species, localizer) }
                return "\(candidate.name.name) (\(candidate.name.language), \(shown) #\(String(candidate.species.id).leftPadded(to: 4)))"
            }
    }
}
