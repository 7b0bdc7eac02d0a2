-- mydex schema 3: a released Pokémon is no favorite.
-- Before this, `release --force` of a favorite left its mark set, so counts of favorites that
-- included released entries were wrong. Releases now clear the mark; this clears old ones.
UPDATE caught_pokemon SET is_favorite = 0 WHERE released_at IS NOT NULL AND is_favorite = 1;
