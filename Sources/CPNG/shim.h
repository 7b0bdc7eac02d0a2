#ifndef MYDEX_CPNG_SHIM_H
#define MYDEX_CPNG_SHIM_H

// libpng's simplified API (png_image_*), which reports errors in png_image.message instead of
// longjmp-ing; its format and size macros do not import into Swift, hence this one function.
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Decodes the PNG in `bytes` (`size` bytes) to 8-bit non-premultiplied RGBA, row-major.
/// Returns a buffer of width * height * 4 bytes the caller frees with free(), or NULL with a
/// reason in `message` (NUL-terminated, at most `capacity` bytes).
static inline unsigned char *mydex_png_decode_rgba(const void *bytes, size_t size, uint32_t *width, uint32_t *height,
                                                   char *message, size_t capacity) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    unsigned char *buffer = NULL;
    if (png_image_begin_read_from_memory(&image, bytes, size)) {
        image.format = PNG_FORMAT_RGBA;
        buffer = malloc(PNG_IMAGE_SIZE(image));
        if (buffer == NULL) {
            png_image_free(&image);
            snprintf(message, capacity, "out of memory");
            return NULL;
        }
        if (png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
            *width = image.width;
            *height = image.height;
            return buffer;
        }
        free(buffer);
    }
    snprintf(message, capacity, "%s", image.message);
    png_image_free(&image);
    return NULL;
}

#endif
