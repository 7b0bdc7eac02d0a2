import Foundation
import GRDB
import MydexCatalog
import MydexModel

extension Pokedex {
    /// What PokeAPI's Pokémon `pokemonID` may hold in the wild, game by game in release order,
    /// the likeliest item first.
    public func heldItems(pokemonID: Int) async throws -> [WildHeldItem] {
        let language = self.language
        return try await store.read { db in
            try WildHeldItem.fetchAll(db, sql: """
                SELECT h.item, h.rarity, g.identifier AS game, g.version_group,
                    coalesce(
                        (SELECT name FROM catalog.term_names WHERE kind = 'item' AND term = CAST(h.item AS TEXT) AND language = :language),
                        (SELECT name FROM catalog.term_names WHERE kind = 'item' AND term = CAST(h.item AS TEXT)
                            AND language = \(SpeciesSQL.nearestLanguage)),
                        (SELECT name FROM catalog.term_names WHERE kind = 'item' AND term = CAST(h.item AS TEXT) AND language = 'en'),
                        '#' || h.item) AS name,
                    \(Self.gameName("g")) AS game_name
                FROM catalog.pokemon_items h JOIN catalog.games g ON g.id = h.game_id
                WHERE h.pokemon_id = :pokemon
                ORDER BY g.sort_order, g.id, h.rarity DESC, h.item
                """, arguments: ["pokemon": pokemonID, "language": language])
        }
    }
}
