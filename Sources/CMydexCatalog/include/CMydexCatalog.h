#ifndef MYDEX_CMYDEXCATALOG_H
#define MYDEX_CMYDEXCATALOG_H

#include <stddef.h>

/// The built-in Pokédex as a SQLite database image (catalog.sqlite, made by PokedexGenerator from
/// pokedex.jsonl), embedded in the binary.
unsigned char *mydex_catalog_bytes(void);
size_t mydex_catalog_length(void);

/// Makes `image` (`length` bytes, never freed) the content of schema `schema` of `connection`
/// (a sqlite3 *), which must already be attached as an in-memory database. Nothing is copied:
/// SQLite reads the pages in place. Returns an SQLite result code.
int mydex_catalog_deserialize(void *connection, const char *schema, unsigned char *image, size_t length);

#endif
