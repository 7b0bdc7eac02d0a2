#ifndef MYDEX_CMYDEXPOKEDEX_H
#define MYDEX_CMYDEXPOKEDEX_H

#include <stddef.h>

/// The built-in Pokédex (pokedex.jsonl, made by the PokedexGenerator target), embedded in the binary.
const unsigned char *mydex_pokedex_bytes(void);
size_t mydex_pokedex_length(void);

#endif
