-- mydex schema 8: each species' held entries in the order `release --duplicates` keeps them
-- (issue 30): the protected ones (favorite, shiny or nicknamed) apart, the others by catch time
-- and id. Choosing the duplicates asks of each entry at most `keep` protected and `keep` earlier
-- entries of its species, each a range of this index, where a window over every held entry
-- (`row_number()`, sorting them all) was most of a dry run's query.

CREATE INDEX caught_pokemon_held_by_catch ON caught_pokemon (
    species_id, (is_favorite OR is_shiny OR nickname IS NOT NULL), caught_at, id
) WHERE released_at IS NULL;
