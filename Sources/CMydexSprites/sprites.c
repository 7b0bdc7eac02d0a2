// The box sprites, embedded with C23 #embed like the catalog (CMydexCatalog/catalog.c): about
// 1.6 MB that compile in a moment and are mapped, not copied, when mydex starts.
#include "CMydexSprites.h"

// #embed is standard C23; clang also accepts it in older modes with this warning.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char sprites[] = {
#embed "sprites.bin"
};

const unsigned char *mydex_sprites_bytes(void) {
    return sprites;
}

size_t mydex_sprites_length(void) {
    return sizeof sprites;
}
