-- mydex schema 4: the built-in Pokédex leaves the collection database.
-- It is compiled into mydex as a read-only catalog (attached to each connection as `catalog`), so
-- this file keeps only what is the user's: the collection, its history, what mydex remembers
-- about PokeAPI, and the species and type names actually fetched from PokeAPI. Those replace the
-- catalog's data for the same species or type. (The migrator runs this with foreign keys off and
-- checks them before committing: caught_pokemon is rebuilt.)

-- Species fetched from PokeAPI: one row each, columns as the catalog's, text by language as JSON.
CREATE TABLE fetched_species (
    id INTEGER PRIMARY KEY CHECK (id > 0),
    name TEXT NOT NULL,
    height INTEGER NOT NULL,                    -- decimetres
    weight INTEGER NOT NULL,                    -- hectograms
    base_experience INTEGER,
    capture_rate INTEGER NOT NULL,
    generation INTEGER,
    color TEXT,
    habitat TEXT,
    baby INTEGER NOT NULL CHECK (baby IN (0, 1)),
    legendary INTEGER NOT NULL CHECK (legendary IN (0, 1)),
    mythical INTEGER NOT NULL CHECK (mythical IN (0, 1)),
    sprite TEXT,
    shiny_sprite TEXT,
    cry TEXT,
    types TEXT NOT NULL CHECK (json_valid(types)),                  -- ["grass","poison"], slot order
    names TEXT NOT NULL CHECK (json_valid(names)),                  -- {"en":"Bulbasaur","ko":"이상해씨",…}
    genera TEXT NOT NULL CHECK (json_valid(genera)),
    flavor_texts TEXT NOT NULL CHECK (json_valid(flavor_texts)),
    fetched_at TEXT NOT NULL
) STRICT;

INSERT INTO fetched_species
SELECT s.id, s.name, s.height_decimetres, s.weight_hectograms, s.base_experience, s.capture_rate, s.generation,
    s.color, s.habitat, s.is_baby, s.is_legendary, s.is_mythical, s.sprite_url, s.shiny_sprite_url, s.cry_url,
    (SELECT json_group_array(type) FROM (SELECT type FROM species_types WHERE species_id = s.id ORDER BY slot)),
    (SELECT json_group_object(language, name) FROM species_localizations WHERE species_id = s.id AND name IS NOT NULL),
    (SELECT json_group_object(language, genus) FROM species_localizations WHERE species_id = s.id AND genus IS NOT NULL),
    (SELECT json_group_object(language, flavor_text) FROM species_localizations
        WHERE species_id = s.id AND flavor_text IS NOT NULL),
    s.fetched_at
FROM species s WHERE s.source = 'api';

-- Type names fetched from PokeAPI by `dex sync` (until then the table held the built-in ones).
CREATE TABLE fetched_type_names (
    type TEXT NOT NULL,
    language TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (type, language)
) STRICT, WITHOUT ROWID;

INSERT INTO fetched_type_names (type, language, name)
SELECT type, language, name FROM type_localizations
WHERE EXISTS (SELECT 1 FROM api_facts WHERE key = 'type-names-fetched');

-- The collection, rebuilt without its reference to `species`: a caught Pokémon's species is now
-- in the catalog or in fetched_species. Ids, and the AUTOINCREMENT high-water mark, are kept.
CREATE TABLE caught_pokemon_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    species_id INTEGER NOT NULL CHECK (species_id > 0),
    nickname TEXT CHECK (nickname IS NULL OR length(nickname) > 0),
    is_favorite INTEGER NOT NULL DEFAULT 0 CHECK (is_favorite IN (0, 1)),
    is_shiny INTEGER NOT NULL DEFAULT 0 CHECK (is_shiny IN (0, 1)),
    caught_at TEXT NOT NULL,
    released_at TEXT,                           -- set when thrown back; the row is kept
    CHECK (released_at IS NULL OR is_favorite = 0)
) STRICT;

INSERT INTO caught_pokemon_rebuilt (id, species_id, nickname, is_favorite, is_shiny, caught_at, released_at)
SELECT id, species_id, nickname, is_favorite, is_shiny, caught_at, released_at FROM caught_pokemon ORDER BY id;

UPDATE sqlite_sequence
SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'caught_pokemon'), 0))
WHERE name = 'caught_pokemon_rebuilt';

DROP TABLE caught_pokemon;
ALTER TABLE caught_pokemon_rebuilt RENAME TO caught_pokemon;
CREATE INDEX caught_pokemon_species ON caught_pokemon(species_id);

-- The built-in copy, and the old layout of the fetched rows, leave.
DROP TABLE species_types;
DROP TABLE species_localizations;
DROP TABLE type_localizations;
DROP TABLE species;
DELETE FROM api_facts WHERE key = 'builtin-pokedex-version';
