#ifndef MYDEX_CMYDEXMIGRATIONS_H
#define MYDEX_CMYDEXMIGRATIONS_H

#include <stddef.h>

/// One SQL migration embedded in the binary (not NUL-terminated: use `length`).
typedef struct {
    const char *identifier;
    const unsigned char *sql;
    size_t length;
} mydex_embedded_migration;

/// The number of embedded migrations.
size_t mydex_migration_count(void);

/// The migration at `index` (0-based, in the order they must be applied).
mydex_embedded_migration mydex_migration_at(size_t index);

// Migrations/schema.sql: the schema all the migrations make, for a new collection.
mydex_embedded_migration mydex_schema_snapshot(void);

#endif
