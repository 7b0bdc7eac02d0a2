-- The schema the migrations in this folder make, in one step: a new collection is created
-- from it (SchemaMigrator), where replaying every migration, table rebuilds included, took a
-- quarter of the first command. Not a migration and never applied to an existing collection.
-- Generated, never edited: a test checks that it makes exactly what the migrations make, and
-- `MYDEX_UPDATE_GOLDEN=1 swift test --filter schemaSnapshot` rewrites it after a new migration.

CREATE TABLE mydex_schema_migrations (
    identifier TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
) STRICT;

CREATE TABLE api_facts (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    fetched_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;

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

CREATE TABLE fetched_type_names (
    type TEXT NOT NULL,
    language TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (type, language)
) STRICT, WITHOUT ROWID;

CREATE TABLE "caught_pokemon" (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    species_id INTEGER NOT NULL CHECK (species_id > 0),
    form_id INTEGER NOT NULL CHECK (form_id > 0),
    nickname TEXT CHECK (nickname IS NULL OR length(nickname) > 0),
    is_favorite INTEGER NOT NULL DEFAULT 0 CHECK (is_favorite IN (0, 1)),
    is_shiny INTEGER NOT NULL DEFAULT 0 CHECK (is_shiny IN (0, 1)),
    caught_at TEXT NOT NULL,
    released_at TEXT,                           -- set when thrown back; the row is kept
    uuid TEXT NOT NULL UNIQUE DEFAULT (lower(
        hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
        substr('89ab', 1 + abs(random() % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))))
        CHECK (length(uuid) = 36), generation INTEGER CHECK (generation BETWEEN 1 AND 9), level INTEGER CHECK (level BETWEEN 1 AND 100), gender TEXT CHECK (gender IN ('male', 'female', 'genderless')), nature TEXT, ability TEXT, hidden_ability INTEGER CHECK (hidden_ability IN (0, 1)), personality INTEGER CHECK (personality BETWEEN 0 AND 4294967295), iv_hp INTEGER CHECK (iv_hp BETWEEN 0 AND 31), iv_attack INTEGER CHECK (iv_attack BETWEEN 0 AND 31), iv_defense INTEGER CHECK (iv_defense BETWEEN 0 AND 31), iv_special_attack INTEGER CHECK (iv_special_attack BETWEEN 0 AND 31), iv_special_defense INTEGER CHECK (iv_special_defense BETWEEN 0 AND 31), iv_speed INTEGER CHECK (iv_speed BETWEEN 0 AND 31), ev_hp INTEGER CHECK (ev_hp BETWEEN 0 AND 65535), ev_attack INTEGER CHECK (ev_attack BETWEEN 0 AND 65535), ev_defense INTEGER CHECK (ev_defense BETWEEN 0 AND 65535), ev_special_attack INTEGER CHECK (ev_special_attack BETWEEN 0 AND 65535), ev_special_defense INTEGER CHECK (ev_special_defense BETWEEN 0 AND 65535), ev_speed INTEGER CHECK (ev_speed BETWEEN 0 AND 65535), moves TEXT CHECK (moves IS NULL OR json_valid(moves)), held_item TEXT, origin TEXT, game TEXT, ball TEXT, trainer TEXT, trainer_id INTEGER CHECK (trainer_id BETWEEN 0 AND 4294967295), drawn TEXT CHECK (drawn IS NULL OR json_valid(drawn)), iv_percent REAL GENERATED ALWAYS AS (
    (iv_hp + iv_attack + iv_defense + iv_special_attack + iv_special_defense + iv_speed) * 100.0
        / (CASE WHEN generation <= 2 THEN 90 ELSE 186 END)) VIRTUAL, experience INTEGER CHECK (experience BETWEEN 0 AND 16777215), friendship INTEGER CHECK (friendship BETWEEN 0 AND 255), pokerus INTEGER CHECK (pokerus BETWEEN 0 AND 255), pp_ups TEXT CHECK (pp_ups IS NULL OR json_valid(pp_ups)), met_location TEXT, met_level INTEGER CHECK (met_level BETWEEN 0 AND 100), source_game TEXT, source_box INTEGER CHECK (source_box >= 1), source_slot INTEGER CHECK (source_slot >= 1), source_file TEXT CHECK (source_file IS NULL OR length(source_file) = 64), identity TEXT, is_egg INTEGER NOT NULL DEFAULT 0 CHECK (is_egg IN (0, 1)),
    CHECK (released_at IS NULL OR is_favorite = 0)
) STRICT;

CREATE INDEX caught_pokemon_species ON caught_pokemon(species_id);

CREATE INDEX caught_pokemon_form ON caught_pokemon(form_id);

CREATE TABLE encounters (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,                         -- PokeAPI's version, `firered`
    generation INTEGER NOT NULL CHECK (generation > 0),
    location TEXT NOT NULL,                     -- PokeAPI's location, `viridian-forest`
    area_id INTEGER NOT NULL,                   -- PokeAPI's location area
    method TEXT NOT NULL,                       -- PokeAPI's encounter method, `walk`, `old-rod`
    species_id INTEGER NOT NULL CHECK (species_id > 0),
    form_id INTEGER NOT NULL CHECK (form_id > 0),
    level INTEGER NOT NULL CHECK (level BETWEEN 1 AND 100),
    is_shiny INTEGER NOT NULL CHECK (is_shiny IN (0, 1)),
    hit_points INTEGER NOT NULL CHECK (hit_points > 0), -- its greatest HP: it is met, and thrown at, at full HP
    met_at TEXT NOT NULL,
    ended_at TEXT,
    outcome TEXT NOT NULL CHECK (outcome IN ('pending', 'caught', 'fled', 'ran')),
    entry_id INTEGER UNIQUE REFERENCES caught_pokemon(id),
    -- The random numbers' state while pending (SeededGenerator), as text: it is an unsigned 64-bit number.
    random_state TEXT,
    CHECK ((outcome = 'pending') = (ended_at IS NULL)),
    CHECK ((outcome = 'caught') = (entry_id IS NOT NULL)),
    CHECK (outcome = 'pending' OR random_state IS NULL)
) STRICT;

CREATE UNIQUE INDEX encounters_one_pending ON encounters(outcome) WHERE outcome = 'pending';

CREATE TABLE throws (
    encounter_id INTEGER NOT NULL REFERENCES encounters(id),
    number INTEGER NOT NULL CHECK (number > 0),
    ball TEXT NOT NULL,                         -- PokeAPI's item, `great-ball`
    chance REAL NOT NULL CHECK (chance BETWEEN 0 AND 1),
    shakes INTEGER NOT NULL CHECK (shakes BETWEEN 0 AND 3),
    critical INTEGER NOT NULL CHECK (critical IN (0, 1)),
    caught INTEGER NOT NULL CHECK (caught IN (0, 1)),
    thrown_at TEXT NOT NULL,
    PRIMARY KEY (encounter_id, number)
) STRICT, WITHOUT ROWID;

CREATE INDEX throws_ball ON throws(ball);

CREATE INDEX caught_pokemon_held_by_catch ON caught_pokemon (
    species_id, (is_favorite OR is_shiny OR nickname IS NOT NULL), caught_at, id
) WHERE released_at IS NULL;

CREATE TABLE "history" (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_id INTEGER REFERENCES caught_pokemon(id),
    action TEXT NOT NULL CHECK (action IN
        ('catch', 'release', 'nickname-set', 'nickname-cleared', 'favorite', 'unfavorite', 'restore',
         'unrelease', 'import', 'add')),
    detail TEXT,
    occurred_at TEXT NOT NULL
) STRICT;

CREATE INDEX history_entry ON history(entry_id);

CREATE INDEX caught_pokemon_identity ON caught_pokemon(identity) WHERE identity IS NOT NULL;

CREATE VIEW registered_pokemon AS SELECT * FROM caught_pokemon WHERE is_egg = 0;

CREATE INDEX caught_pokemon_registered ON caught_pokemon(species_id, released_at, form_id, is_shiny) WHERE is_egg = 0;

CREATE INDEX caught_pokemon_eggs ON caught_pokemon(species_id) WHERE is_egg;

INSERT INTO sqlite_sequence (name, seq) VALUES ('caught_pokemon', 0), ('history', 0);
