-- mydex schema 2: the built-in Pokédex and localized type names.

-- Where a species row came from: 'api' (fetched from PokeAPI) or 'builtin' (compiled into
-- mydex). PokeAPI data replaces built-in data, never the reverse. Rows cached before this
-- migration came from PokeAPI.
ALTER TABLE species ADD COLUMN source TEXT NOT NULL DEFAULT 'api' CHECK (source IN ('api', 'builtin'));

CREATE INDEX species_generation ON species(generation);

-- Type names in every language PokeAPI has (language codes stored lower-case).
CREATE TABLE type_localizations (
    type TEXT NOT NULL,                         -- PokeAPI type name, e.g. 'electric'
    language TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (type, language)
) STRICT, WITHOUT ROWID;
