#ifndef MYDEX_CMYDEXSPRITES_H
#define MYDEX_CMYDEXSPRITES_H

#include <stddef.h>

/// The box sprites (sprites.bin, made by PokedexGenerator --sprites-only from PokéSprite's PNGs),
/// embedded in the binary. The format is described in Sources/MydexStore/Sprites.swift.
const unsigned char *mydex_sprites_bytes(void);
size_t mydex_sprites_length(void);

#endif
