import Foundation
import GRDB

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

    /// The key of its box sprite in the sprite data: its own (`SpriteCatalog.key(ofForm:)`),
    /// else its species'.
    public var spriteID: Int { hasOwnSprite ? SpriteCatalog.key(ofForm: id) : speciesID }

    /// The plain default form of a species the catalog has no forms for (one fetched from
    /// PokeAPI beyond it): PokeAPI numbers such a form as its species.
    public static func plain(of species: Species) -> PokemonForm {
        PokemonForm(
            id: species.id, identifier: species.name, formIdentifier: nil, speciesID: species.id, pokemonID: species.id,
            name: nil, formName: nil, isSpeciesDefault: true, battleOnly: false, mega: false, gmax: false,
            regional: false, cosmetic: false, wild: true, hasOwnSprite: false, types: species.types)
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

/// The catalog's form queries, in SQL over an attached catalog; names in the language bound to
/// `:language`, falling back as `DataLanguage.fallbacks` says.
package enum FormSQL {
    /// Forms as `PokemonForm` reads them, `f` the form, filtered by `condition`.
    package static func forms(where condition: String) -> String {
        """
        SELECT f.id, f.identifier, f.form_identifier, f.species_id, f.pokemon_id,
            coalesce(nl.name, nn.name, ne.name) AS name,
            coalesce(nl.form_name, nn.form_name, ne.form_name) AS form_name,
            f.species_default, f.battle_only, f.mega, f.gmax, f.regional, f.cosmetic, f.wild, f.sprite,
            (SELECT group_concat(type, '/') FROM
                (SELECT type FROM catalog.form_types WHERE form_id = f.id ORDER BY slot)) AS type_list
        FROM catalog.forms f
        LEFT JOIN catalog.form_names nl ON nl.form_id = f.id AND nl.language = :language
        LEFT JOIN catalog.form_names nn ON nn.form_id = f.id AND nn.language = \(SpeciesSQL.nearestLanguage)
        LEFT JOIN catalog.form_names ne ON ne.form_id = f.id AND ne.language = 'en'
        WHERE \(condition)
        ORDER BY f.species_id, f.sort_order
        """
    }

    package static func form(_ row: Row) -> PokemonForm {
        let types: String = row["type_list"] ?? ""
        return PokemonForm(
            id: row["id"], identifier: row["identifier"], formIdentifier: row["form_identifier"],
            speciesID: row["species_id"], pokemonID: row["pokemon_id"], name: row["name"], formName: row["form_name"],
            isSpeciesDefault: row["species_default"], battleOnly: row["battle_only"], mega: row["mega"],
            gmax: row["gmax"], regional: row["regional"], cosmetic: row["cosmetic"], wild: row["wild"],
            hasOwnSprite: row["sprite"], types: types.split(separator: "/").map(String.init))
    }

    package static func forms(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [PokemonForm] {
        try Row.fetchAll(db, sql: forms(where: condition), arguments: arguments).map(form)
    }

    /// The variety (PokeAPI Pokémon) `id`: what its forms show of height, weight and battle.
    package static func variety(_ db: Database, id: Int) throws -> PokemonVariety? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM catalog.pokemon WHERE id = ?", arguments: [id]) else {
            return nil
        }
        var stats: [String: Int] = [:]
        for stat in Species.statNames {
            if let value: Int = row[stat.replacingOccurrences(of: "-", with: "_")] { stats[stat] = value }
        }
        let abilities = try Row.fetchAll(db, sql: """
            SELECT ability, hidden FROM catalog.pokemon_abilities WHERE pokemon_id = ? ORDER BY slot
            """, arguments: [id]).map { Species.Ability(name: $0["ability"], hidden: $0["hidden"]) }
        return PokemonVariety(
            id: id, height: row["height"], weight: row["weight"], baseExperience: row["base_experience"],
            stats: stats, abilities: abilities)
    }
}
