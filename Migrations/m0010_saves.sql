-- mydex schema 10: Pokémon brought home from the games' saves (issue 32).
--
-- What a game keeps for a Pokémon beside its individual: its experience, friendship, Pokérus
-- byte (strain and days left), the PP Ups of each move (a JSON array in the moves' order), and
-- where it was met (PokeAPI's place identifier) and at what level, where the game keeps them.
--
-- And where an entry read from a game's file came from, at the time it was imported: the save's
-- game (PokeAPI's version-group identifier), its box (NULL for the party) and slot, the file's
-- SHA-256, and `identity`, what makes it the same Pokémon in a later save of the game
-- (generation 3: its personality value and original trainer; generations 1–2: its trainer ID,
-- species, DVs and experience), so that importing a save again adds only what is new.
--
-- Every column is NULL for an entry that did not come from a game's file.

ALTER TABLE caught_pokemon ADD COLUMN experience INTEGER CHECK (experience BETWEEN 0 AND 16777215);
ALTER TABLE caught_pokemon ADD COLUMN friendship INTEGER CHECK (friendship BETWEEN 0 AND 255);
ALTER TABLE caught_pokemon ADD COLUMN pokerus INTEGER CHECK (pokerus BETWEEN 0 AND 255);
ALTER TABLE caught_pokemon ADD COLUMN pp_ups TEXT CHECK (pp_ups IS NULL OR json_valid(pp_ups));
ALTER TABLE caught_pokemon ADD COLUMN met_location TEXT;
ALTER TABLE caught_pokemon ADD COLUMN met_level INTEGER CHECK (met_level BETWEEN 0 AND 100);
ALTER TABLE caught_pokemon ADD COLUMN source_game TEXT;
ALTER TABLE caught_pokemon ADD COLUMN source_box INTEGER CHECK (source_box >= 1);
ALTER TABLE caught_pokemon ADD COLUMN source_slot INTEGER CHECK (source_slot >= 1);
ALTER TABLE caught_pokemon ADD COLUMN source_file TEXT CHECK (source_file IS NULL OR length(source_file) = 64);
ALTER TABLE caught_pokemon ADD COLUMN identity TEXT;

CREATE INDEX caught_pokemon_identity ON caught_pokemon(identity) WHERE identity IS NOT NULL;
