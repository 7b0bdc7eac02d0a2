-- mydex schema 9: every Pokémon an individual (issue 31).
--
-- An entry gets what sets it apart from every other of its species, as the games make it, by
-- the rules of one generation (`generation`): level, gender, nature, ability, personality value,
-- six IVs (generations 1–2: DVs 0–15, the Special DV in both special columns) and six EVs
-- (generations 1–2: stat experience), its moves (a JSON array of PokeAPI's identifiers, in the
-- order it learned them) and held item. And where it came from: how it was made (`origin`), the
-- game, the ball, its original trainer (name, and ID with the secret ID in the upper 16 bits),
-- and for one added by hand the values that were drawn because the user did not give them.
--
-- Entries made before this have none of it: every column stays NULL, and mydex shows them as
-- unknown, sorts them last and never lets a number filter them in. Nothing is invented for them.
-- Stats, the characteristic and Hidden Power follow from these and the Pokédex: not stored.
-- `iv_percent` is computed (the six IVs' share of their highest, in percent), for sorting and
-- filtering in SQL.
--
-- The history gains `add` (`mydex add`); SQLite cannot change a CHECK in place, so the history
-- table is rebuilt as in schema 5, its ids and counter kept.

ALTER TABLE caught_pokemon ADD COLUMN generation INTEGER CHECK (generation BETWEEN 1 AND 9);
ALTER TABLE caught_pokemon ADD COLUMN level INTEGER CHECK (level BETWEEN 1 AND 100);
ALTER TABLE caught_pokemon ADD COLUMN gender TEXT CHECK (gender IN ('male', 'female', 'genderless'));
ALTER TABLE caught_pokemon ADD COLUMN nature TEXT;
ALTER TABLE caught_pokemon ADD COLUMN ability TEXT;
ALTER TABLE caught_pokemon ADD COLUMN hidden_ability INTEGER CHECK (hidden_ability IN (0, 1));
ALTER TABLE caught_pokemon ADD COLUMN personality INTEGER CHECK (personality BETWEEN 0 AND 4294967295);
ALTER TABLE caught_pokemon ADD COLUMN iv_hp INTEGER CHECK (iv_hp BETWEEN 0 AND 31);
ALTER TABLE caught_pokemon ADD COLUMN iv_attack INTEGER CHECK (iv_attack BETWEEN 0 AND 31);
ALTER TABLE caught_pokemon ADD COLUMN iv_defense INTEGER CHECK (iv_defense BETWEEN 0 AND 31);
ALTER TABLE caught_pokemon ADD COLUMN iv_special_attack INTEGER CHECK (iv_special_attack BETWEEN 0 AND 31);
ALTER TABLE caught_pokemon ADD COLUMN iv_special_defense INTEGER CHECK (iv_special_defense BETWEEN 0 AND 31);
ALTER TABLE caught_pokemon ADD COLUMN iv_speed INTEGER CHECK (iv_speed BETWEEN 0 AND 31);
ALTER TABLE caught_pokemon ADD COLUMN ev_hp INTEGER CHECK (ev_hp BETWEEN 0 AND 65535);
ALTER TABLE caught_pokemon ADD COLUMN ev_attack INTEGER CHECK (ev_attack BETWEEN 0 AND 65535);
ALTER TABLE caught_pokemon ADD COLUMN ev_defense INTEGER CHECK (ev_defense BETWEEN 0 AND 65535);
ALTER TABLE caught_pokemon ADD COLUMN ev_special_attack INTEGER CHECK (ev_special_attack BETWEEN 0 AND 65535);
ALTER TABLE caught_pokemon ADD COLUMN ev_special_defense INTEGER CHECK (ev_special_defense BETWEEN 0 AND 65535);
ALTER TABLE caught_pokemon ADD COLUMN ev_speed INTEGER CHECK (ev_speed BETWEEN 0 AND 65535);
ALTER TABLE caught_pokemon ADD COLUMN moves TEXT CHECK (moves IS NULL OR json_valid(moves));
ALTER TABLE caught_pokemon ADD COLUMN held_item TEXT;
ALTER TABLE caught_pokemon ADD COLUMN origin TEXT;                      -- catch, encounter, hand (later: save, set)
ALTER TABLE caught_pokemon ADD COLUMN game TEXT;                        -- PokeAPI's version, `firered`
ALTER TABLE caught_pokemon ADD COLUMN ball TEXT;                        -- PokeAPI's item, `great-ball`
ALTER TABLE caught_pokemon ADD COLUMN trainer TEXT;
ALTER TABLE caught_pokemon ADD COLUMN trainer_id INTEGER CHECK (trainer_id BETWEEN 0 AND 4294967295);
ALTER TABLE caught_pokemon ADD COLUMN drawn TEXT CHECK (drawn IS NULL OR json_valid(drawn));
ALTER TABLE caught_pokemon ADD COLUMN iv_percent REAL GENERATED ALWAYS AS (
    (iv_hp + iv_attack + iv_defense + iv_special_attack + iv_special_defense + iv_speed) * 100.0
        / (CASE WHEN generation <= 2 THEN 90 ELSE 186 END)) VIRTUAL;

CREATE TABLE history_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_id INTEGER REFERENCES caught_pokemon(id),
    action TEXT NOT NULL CHECK (action IN
        ('catch', 'release', 'nickname-set', 'nickname-cleared', 'favorite', 'unfavorite', 'restore',
         'unrelease', 'import', 'add')),
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
