#ifndef MYDEX_CPNGDECODE_H
#define MYDEX_CPNGDECODE_H

#include <stddef.h>
#include <stdint.h>

/// Decodes a PNG held in memory into 8-bit RGBA, row by row, with libpng's simplified API.
/// libpng is loaded with dlopen on first use, so mydex maps it only when it decodes a picture.
/// Returns 0 and sets `rgba` (free it with mydex_png_free), `width` and `height`; or -1 with a
/// message in `error`.
int mydex_png_decode(const unsigned char *bytes, size_t length, unsigned char **rgba, uint32_t *width,
                     uint32_t *height, char *error, size_t error_length);

void mydex_png_free(unsigned char *rgba);

#endif
