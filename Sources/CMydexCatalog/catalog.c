// The built-in Pokédex as a read-only SQLite image, embedded with C23 #embed: megabytes compile
// in about a second this way, where a Swift array literal (.embedInCode) takes minutes and
// gigabytes. catalog.sqlite is generated from pokedex.jsonl (the reviewable source) by
// PokedexGenerator; a test checks that the two agree.
#include "CMydexCatalog.h"
#include <sqlite3.h>

// #embed is standard C23; clang also accepts it in older modes with this warning.
#pragma clang diagnostic ignored "-Wc23-extensions"

// Not const: SQLite may take its (in-memory) write lock on every attached database when a write
// transaction begins, which a READONLY image refuses. The array lives in the binary's data pages,
// mapped copy-on-write: nothing is copied at start, and mydex never writes to the catalog.
static unsigned char catalog[] = {
#embed "catalog.sqlite"
};

unsigned char *mydex_catalog_bytes(void) {
    return catalog;
}

size_t mydex_catalog_length(void) {
    return sizeof catalog;
}

int mydex_catalog_deserialize(void *connection, const char *schema, unsigned char *image, size_t length) {
    // No FREEONCLOSE or RESIZEABLE: SQLite never grows or frees the buffer, so the image is
    // used in place. (Not READONLY either: see above.)
    return sqlite3_deserialize(
        (sqlite3 *)connection, schema, image, (sqlite3_int64)length, (sqlite3_int64)length, 0);
}
