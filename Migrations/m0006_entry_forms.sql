-- mydex schema 6: an entry is a species in a form.
--
-- `form_id` is PokeAPI's id of the entry's form (a /pokemon-form): 37 is Vulpix, 10205 Alolan
-- Vulpix, 10001 Unown B. Every entry caught before forms existed gets its species' default form,
-- whose id is the species' own number for every species but Xerneas (#716), whose default form
-- in PokeAPI is the Neutral Mode, 10132. A species mydex does not know yet keeps its own number,
-- which PokeAPI gives its default form.
-- SQLite cannot add a NOT NULL column with a check in place, so the table is rebuilt with its
-- ids, uuids and AUTOINCREMENT high-water mark kept.

CREATE TABLE caught_pokemon_rebuilt (
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
        CHECK (length(uuid) = 36),
    CHECK (released_at IS NULL OR is_favorite = 0)
) STRICT;

INSERT INTO caught_pokemon_rebuilt
    (id, species_id, form_id, nickname, is_favorite, is_shiny, caught_at, released_at, uuid)
SELECT id, species_id, CASE species_id WHEN 716 THEN 10132 ELSE species_id END,
    nickname, is_favorite, is_shiny, caught_at, released_at, uuid
FROM caught_pokemon ORDER BY id;

UPDATE sqlite_sequence
SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'caught_pokemon'), 0))
WHERE name = 'caught_pokemon_rebuilt';

DROP TABLE caught_pokemon;
ALTER TABLE caught_pokemon_rebuilt RENAME TO caught_pokemon;
CREATE INDEX caught_pokemon_species ON caught_pokemon(species_id);
CREATE INDEX caught_pokemon_form ON caught_pokemon(form_id);
