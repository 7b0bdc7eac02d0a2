import MydexModel
import MydexStore

/// Natures, abilities, items and moves by what the user typed: PokeAPI's identifier or a name in
/// any language, compared as searches compare names; else an error with the nearest names.
public struct IndividualLookup: Sendable {
    let store: CollectionStore
    let pokedex: Pokedex

    init(store: CollectionStore) {
        self.store = store
        pokedex = Pokedex(store: store)
    }

    public func nature(named text: String) async throws -> String { try await term(.nature, text) }
    public func ability(named text: String) async throws -> String { try await term(.ability, text) }
    public func item(named text: String) async throws -> String { try await term(.item, text) }

    /// A move's identifier (`PokedexReader.move(named:)`'s rule).
    public func move(named text: String) async throws -> String {
        try await PokedexReader(store: store).move(named: text).summary.identifier
    }

    /// Every nature, with its name and effect in the reading language.
    public func natures() async throws -> [NatureInfo] { try await pokedex.natures() }

    func term(_ kind: IndividualTermKind, _ text: String) async throws -> String {
        let key = SearchText.normalized(text)
        let terms = try await pokedex.individualTerms(kind)
        if let found = terms.first(where: { $0.keys.contains(key) }) { return found.identifier }
        let suggestions = SearchText.nearest(to: text, among: terms.map { ($0.name, $0.keys) })
        throw LookupError.unknownTerm(kind: kind, query: text, suggestions: suggestions)
    }
}
