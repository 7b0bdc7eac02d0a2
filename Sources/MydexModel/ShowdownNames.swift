/// Pokémon Showdown's names against PokeAPI's identifiers, read once for a whole export or
/// import of sets (`Pokedex.showdownNames`): Showdown's names are English whatever the reading
/// language, so that what mydex writes stays importable.
public struct ShowdownNames: Sendable {
    /// A form as a set's species names it.
    public struct Form: Sendable, Equatable {
        public var speciesID: Int
        public var formID: Int

        public init(speciesID: Int, formID: Int) {
            self.speciesID = speciesID
            self.formID = formID
        }
    }

    /// The name export writes for each form, by its catalog id: its own, else its Pokémon's,
    /// else its species' default Pokémon's (a form Showdown does not tell apart, as Unown's
    /// letters are in the games' sets).
    public var formNames: [Int: String]
    /// Each Showdown species id (`vulpixalola`), the form it names.
    public var forms: [String: Form]
    /// Showdown's name of each PokeAPI identifier, by kind (`move`, `item`, `ability`, `nature`).
    public var names: [String: [String: String]]
    /// The PokeAPI identifier of each Showdown id, by kind.
    public var identifiers: [String: [String: String]]
    /// The ids of what Showdown names and the games' data (PokeAPI) lacks, by kind (`species`
    /// included): G-Max moves, generation 2's own items, Create-A-Pokémon.
    public var showdownOnly: [String: Set<String>] = [:]

    public init(
        formNames: [Int: String], forms: [String: Form], names: [String: [String: String]], identifiers: [String: [String: String]]
    ) {
        self.formNames = formNames
        self.forms = forms
        self.names = names
        self.identifiers = identifiers
    }

    /// Showdown's name of a move, item, ability or nature.
    public func name(_ kind: String, _ identifier: String) -> String? { names[kind]?[identifier] }

    /// The PokeAPI identifier of a Showdown id of `kind`.
    public func identifier(_ kind: String, id: String) -> String? { identifiers[kind]?[id] }
}
