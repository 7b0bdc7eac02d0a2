// The built-in Pokédex, embedded with C23 #embed: a 3 MB file compiles in about a second this
// way, where a Swift array literal (.embedInCode) takes minutes and gigabytes.
#include "CMydexPokedex.h"

// #embed is standard C23; clang also accepts it in older modes with this warning.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char pokedex[] = {
#embed "pokedex.jsonl"
};

const unsigned char *mydex_pokedex_bytes(void) {
    return pokedex;
}

size_t mydex_pokedex_length(void) {
    return sizeof pokedex;
}
