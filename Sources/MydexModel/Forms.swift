import Foundation

/// A form of a species as mydex shows it: PokeAPI's form (`vulpix-alola`, `unown-b`,
/// `charizard-mega-x`) with its kind, its types and its names in the reading language. The
/// species stays the unit of the national Pokédex; a form is how one of it looks or battles.
public struct PokemonForm: Sendable, Equatable, Codable {
    /// PokeAPI's id of the form (`/pokemon-form/{id}`): 10205 is Alolan Vulpix.
    public var id: Int
    /// PokeAPI's identifier, e.g. `vulpix-alola`: what users type and files carry.
    public var identifier: String
    /// The part that names the form (`alola`, `b`, `mega-x`); nil for a plain default.
    public var formIdentifier: String?
    public var speciesID: Int
    /// PokeAPI's Pokémon (variety) the form belongs to: its stats, abilities, height, weight.
    public var pokemonID: Int
    /// The whole name in the reading language ("Alolan Vulpix", "ロコン (アローラのすがた)"), nil
    /// where PokeAPI has none (a species' plain default form: its name is the species').
    public var name: String?
    /// The form's name alone ("Alolan Form"), where PokeAPI has one.
    public var formName: String?
    /// The species' own form: what the species shows when no form is named.
    public var isSpeciesDefault: Bool
    public var battleOnly: Bool
    public var mega: Bool
    public var gmax: Bool
    public var regional: Bool
    /// Another look of a Pokémon, the same in battle (Unown B, a Vivillon pattern).
    public var cosmetic: Bool
    /// Met in the wild: what a catch can give (`FormFlags.wild`).
    public var wild: Bool
    /// Whether the sprite data has a box sprite of this form's own (else its species' is drawn).
    public var hasOwnSprite: Bool
    /// PokeAPI type names in slot order.
    public var types: [String]

    /// Where PokeAPI's numbers of forms other than a species' own start (10001): below it they
    /// are species numbers.
    public static let firstFormID = 10_001

    /// The key of its box sprite in the sprite data: its own (`Sprite.key(ofForm:)`), else its
    /// species'.
    public var spriteID: Int { hasOwnSprite ? Sprite.key(ofForm: id) : speciesID }

    /// The plain default form of a species the catalog has no forms for (one fetched from
    /// PokeAPI beyond it): PokeAPI numbers such a form as its species.
    public static func plain(of species: Species) -> PokemonForm {
        PokemonForm(
            id: species.id, identifier: species.name, formIdentifier: nil, speciesID: species.id, pokemonID: species.id,
            name: nil, formName: nil, isSpeciesDefault: true, battleOnly: false, mega: false, gmax: false,
            regional: false, cosmetic: false, wild: true, hasOwnSprite: false, types: species.types)
    }

    package init(
        id: Int, identifier: String, formIdentifier: String? = nil, speciesID: Int, pokemonID: Int, name: String? = nil,
        formName: String? = nil, isSpeciesDefault: Bool, battleOnly: Bool, mega: Bool, gmax: Bool, regional: Bool,
        cosmetic: Bool, wild: Bool, hasOwnSprite: Bool, types: [String]
    ) {
        self.id = id
        self.identifier = identifier
        self.formIdentifier = formIdentifier
        self.speciesID = speciesID
        self.pokemonID = pokemonID
        self.name = name
        self.formName = formName
        self.isSpeciesDefault = isSpeciesDefault
        self.battleOnly = battleOnly
        self.mega = mega
        self.gmax = gmax
        self.regional = regional
        self.cosmetic = cosmetic
        self.wild = wild
        self.hasOwnSprite = hasOwnSprite
        self.types = types
    }
}

/// What differs between the varieties (PokeAPI Pokémon) of a species: a form shows its own.
public struct PokemonVariety: Sendable, Equatable {
    public var id: Int
    public var height: Int
    public var weight: Int
    public var baseExperience: Int?
    public var stats: [String: Int]
    public var abilities: [Species.Ability]

    package init(id: Int, height: Int, weight: Int, baseExperience: Int? = nil, stats: [String: Int], abilities: [Species.Ability]) {
        self.id = id
        self.height = height
        self.weight = weight
        self.baseExperience = baseExperience
        self.stats = stats
        self.abilities = abilities
    }
}

extension Species {
    /// The species as `form` is: its types, and its variety's height, weight, base experience,
    /// base stats and abilities (Alolan Vulpix is Ice, with Snow Cloak). Names, Pokédex text,
    /// breeding and evolution stay the species'.
    public func shown(as form: PokemonForm, variety: PokemonVariety?) -> Species {
        var shown = self
        shown.types = form.types.isEmpty ? types : form.types
        if let variety {
            shown.height = variety.height
            shown.weight = variety.weight
            shown.baseExperience = variety.baseExperience
            if !variety.stats.isEmpty { shown.stats = variety.stats }
            if !variety.abilities.isEmpty { shown.abilities = variety.abilities }
        }
        return shown
    }
}
