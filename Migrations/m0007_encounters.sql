-- mydex schema 7: catching as the games do (issue 21).
--
-- An encounter is a wild Pokémon met in a place of a game (`mydex encounter`), drawn from that
-- place's table, then thrown at until it is caught, or it flees or the trainer runs. The
-- collection has one pending at a time (the partial unique index): it lasts between commands
-- (`mydex throw`), with the state of its random numbers, so that a seeded encounter is
-- reproducible to its last throw. A catch makes an entry (`entry_id`), its history row in the
-- same transaction. Places, ways and games are PokeAPI's identifiers, and `area_id` its id of
-- the location area: they mean the same in any build of mydex, and exports carry them.
-- Entries made any other way (`catch`, older collections, older files) have no encounter.

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

-- Every ball thrown, in order: the chance it had, how often it shook, and whether it caught.
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
