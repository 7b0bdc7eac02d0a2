// The files of Migrations/, embedded with C23 #embed: a copied `mydex` binary carries its
// schema with it and needs no resource bundle. Register every new file here, in order;
// a test checks that each .sql file in Migrations/ is listed.
#include "CMydexMigrations.h"

// #embed is standard C23; clang also accepts it in older modes with this warning.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char m0001_initial[] = {
#embed "../../Migrations/m0001_initial.sql"
};

static const unsigned char m0002_builtin_pokedex[] = {
#embed "../../Migrations/m0002_builtin_pokedex.sql"
};

static const unsigned char m0003_released_not_favorite[] = {
#embed "../../Migrations/m0003_released_not_favorite.sql"
};

static const unsigned char m0004_catalog_leaves_collection[] = {
#embed "../../Migrations/m0004_catalog_leaves_collection.sql"
};

static const unsigned char m0005_unrelease_and_entry_identity[] = {
#embed "../../Migrations/m0005_unrelease_and_entry_identity.sql"
};

static const unsigned char m0006_entry_forms[] = {
#embed "../../Migrations/m0006_entry_forms.sql"
};

static const unsigned char m0007_encounters[] = {
#embed "../../Migrations/m0007_encounters.sql"
};

static const unsigned char m0008_held_entries_by_catch[] = {
#embed "../../Migrations/m0008_held_entries_by_catch.sql"
};

static const unsigned char m0009_individuals[] = {
#embed "../../Migrations/m0009_individuals.sql"
};

static const unsigned char m0010_saves[] = {
#embed "../../Migrations/m0010_saves.sql"
};

static const unsigned char m0011_eggs[] = {
#embed "../../Migrations/m0011_eggs.sql"
};

// Not a migration: what they all make, for a new collection (Migrations/schema.sql).
static const unsigned char schema_snapshot[] = {
#embed "../../Migrations/schema.sql"
};

static const mydex_embedded_migration migrations[] = {
    { "m0001_initial", m0001_initial, sizeof m0001_initial },
    { "m0002_builtin_pokedex", m0002_builtin_pokedex, sizeof m0002_builtin_pokedex },
    { "m0003_released_not_favorite", m0003_released_not_favorite, sizeof m0003_released_not_favorite },
    { "m0004_catalog_leaves_collection", m0004_catalog_leaves_collection, sizeof m0004_catalog_leaves_collection },
    { "m0005_unrelease_and_entry_identity", m0005_unrelease_and_entry_identity, sizeof m0005_unrelease_and_entry_identity },
    { "m0006_entry_forms", m0006_entry_forms, sizeof m0006_entry_forms },
    { "m0007_encounters", m0007_encounters, sizeof m0007_encounters },
    { "m0008_held_entries_by_catch", m0008_held_entries_by_catch, sizeof m0008_held_entries_by_catch },
    { "m0009_individuals", m0009_individuals, sizeof m0009_individuals },
    { "m0010_saves", m0010_saves, sizeof m0010_saves },
    { "m0011_eggs", m0011_eggs, sizeof m0011_eggs },
};

size_t mydex_migration_count(void) {
    return sizeof migrations / sizeof migrations[0];
}

mydex_embedded_migration mydex_migration_at(size_t index) {
    if (index >= mydex_migration_count()) {
        return (mydex_embedded_migration){ 0, 0, 0 };
    }
    return migrations[index];
}

mydex_embedded_migration mydex_schema_snapshot(void) {
    return (mydex_embedded_migration){ "schema", schema_snapshot, sizeof schema_snapshot };
}
