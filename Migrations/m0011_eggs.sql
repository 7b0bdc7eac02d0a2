-- mydex schema 11: eggs brought home from a game's save when asked (`import --eggs`, issue 32).
--
-- An egg is an entry of the species it will hatch into, with the individual the game has
-- already given it; `is_egg` says it has not hatched. The games register a Pokémon in the
-- Pokédex when it hatches, not before, so what counts Pokédex progress reads
-- `registered_pokemon`, every entry but eggs; the collection's own counts (entries, held)
-- count eggs as the entries they are. Importing a later save in which it has hatched clears
-- the flag (the same Pokémon by `identity`).

ALTER TABLE caught_pokemon ADD COLUMN is_egg INTEGER NOT NULL DEFAULT 0 CHECK (is_egg IN (0, 1));

CREATE VIEW registered_pokemon AS SELECT * FROM caught_pokemon WHERE is_egg = 0;

-- What the Pokédex's counts read of the view, in one index: without it each entry's row was read
-- for its is_egg (25× slower over 100,000 entries); with it they read no row, as before eggs.
CREATE INDEX caught_pokemon_registered ON caught_pokemon(species_id, released_at, form_id, is_shiny) WHERE is_egg = 0;

-- Eggs are few: what lists ask of them (their names' widths) reads this, not every entry.
CREATE INDEX caught_pokemon_eggs ON caught_pokemon(species_id) WHERE is_egg;
