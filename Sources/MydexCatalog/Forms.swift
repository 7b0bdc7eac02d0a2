import Foundation
import GRDB
import MydexModel

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
