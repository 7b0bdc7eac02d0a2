-- mydex schema 5: entries get a stable identity, and the history two new actions.
--
-- `uuid` names an entry wherever it goes: `export` writes it and `import` matches on it, so
-- importing the same file twice adds nothing the second time. A random version-4 UUID, made by
-- SQLite for every new row (the default) and for every existing entry here.
-- `unrelease` (a released entry brought back) and `import` (an entry that came from a file) join
-- the allowed history actions. SQLite cannot change a CHECK in place, so both tables are rebuilt
-- with their ids and AUTOINCREMENT high-water marks kept.

CREATE TABLE caught_pokemon_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    species_id INTEGER NOT NULL CHECK (species_id > 0),
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

INSERT INTO caught_pokemon_rebuilt (id, species_id, nickname, is_favorite, is_shiny, caught_at, released_at)
SELECT id, species_id, nickname, is_favorite, is_shiny, caught_at, released_at FROM caught_pokemon ORDER BY id;

UPDATE sqlite_sequence
SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'caught_pokemon'), 0))
WHERE name = 'caught_pokemon_rebuilt';

DROP TABLE caught_pokemon;
ALTER TABLE caught_pokemon_rebuilt RENAME TO caught_pokemon;
CREATE INDEX caught_pokemon_species ON caught_pokemon(species_id);

CREATE TABLE history_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_id INTEGER REFERENCES caught_pokemon(id),
    action TEXT NOT NULL CHECK (action IN
        ('catch', 'release', 'nickname-set', 'nickname-cleared', 'favorite', 'unfavorite', 'restore',
         'unrelease', 'import')),
    detail TEXT,
    occurred_at TEXT NOT NULL
) STRICT;

INSERT INTO history_rebuilt (id, entry_id, action, detail, occurred_at)
SELECT id, entry_id, action, detail, occurred_at FROM history ORDER BY id;

UPDATE sqlite_sequence
SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'history'), 0))
WHERE name = 'history_rebuilt';

DROP TABLE history;
ALTER TABLE history_rebuilt RENAME TO history;
CREATE INDEX history_entry ON history(entry_id);
