-- mydex schema 1: the PokeAPI cache, the collection and its history.
-- Shipped migrations are never edited: change the schema with a new file.

-- PokeAPI data for the species seen so far (from /pokemon/{id} and /pokemon-species/{id}).
CREATE TABLE species (
    id INTEGER PRIMARY KEY CHECK (id > 0),      -- national Pokédex number
    name TEXT NOT NULL,                         -- PokeAPI name, e.g. 'mr-mime'
    height_decimetres INTEGER NOT NULL,
    weight_hectograms INTEGER NOT NULL,
    base_experience INTEGER,                    -- null in PokeAPI for some species
    capture_rate INTEGER NOT NULL,
    generation INTEGER,                         -- 1 for 'generation-i', …
    color TEXT,
    habitat TEXT,
    is_baby INTEGER NOT NULL CHECK (is_baby IN (0, 1)),
    is_legendary INTEGER NOT NULL CHECK (is_legendary IN (0, 1)),
    is_mythical INTEGER NOT NULL CHECK (is_mythical IN (0, 1)),
    sprite_url TEXT,
    shiny_sprite_url TEXT,
    cry_url TEXT,
    fetched_at TEXT NOT NULL
) STRICT;

-- Localized text of a species, one row per language code (stored lower-case).
CREATE TABLE species_localizations (
    species_id INTEGER NOT NULL REFERENCES species(id) ON DELETE CASCADE,
    language TEXT NOT NULL,
    name TEXT,
    genus TEXT,
    flavor_text TEXT,
    PRIMARY KEY (species_id, language)
) STRICT, WITHOUT ROWID;

-- Types of a species in slot order (PokeAPI type names, e.g. 'electric').
CREATE TABLE species_types (
    species_id INTEGER NOT NULL REFERENCES species(id) ON DELETE CASCADE,
    slot INTEGER NOT NULL,
    type TEXT NOT NULL,
    PRIMARY KEY (species_id, slot)
) STRICT, WITHOUT ROWID;

-- Small facts fetched from PokeAPI with the time they were fetched (e.g. the species count).
CREATE TABLE api_facts (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    fetched_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- The collection. AUTOINCREMENT: an entry id is never given to another Pokémon.
CREATE TABLE caught_pokemon (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    species_id INTEGER NOT NULL REFERENCES species(id),
    nickname TEXT CHECK (nickname IS NULL OR length(nickname) > 0),
    is_favorite INTEGER NOT NULL DEFAULT 0 CHECK (is_favorite IN (0, 1)),
    is_shiny INTEGER NOT NULL DEFAULT 0 CHECK (is_shiny IN (0, 1)),
    caught_at TEXT NOT NULL,
    released_at TEXT                            -- set when thrown back; the row is kept
) STRICT;

CREATE INDEX caught_pokemon_species ON caught_pokemon(species_id);

-- Every change to the collection, written in the same transaction as the change.
CREATE TABLE history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_id INTEGER REFERENCES caught_pokemon(id),
    action TEXT NOT NULL CHECK (action IN
        ('catch', 'release', 'nickname-set', 'nickname-cleared', 'favorite', 'unfavorite', 'restore')),
    detail TEXT,
    occurred_at TEXT NOT NULL
) STRICT;

CREATE INDEX history_entry ON history(entry_id);
