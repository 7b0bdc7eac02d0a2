// PNG decoding for `--big` pictures, through libpng's simplified API (png_image_*: no setjmp).
// libpng is loaded with dlopen on the first decode, as libcurl is on the first request: commands
// that draw no downloaded picture never map it. png.h (libpng-dev) is needed to build only.
#include "CPNGDecode.h"
#include <dlfcn.h>
#include <png.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *library_name = "libpng16.so.16";

static struct {
    int (*begin_read_from_memory)(png_imagep, png_const_voidp, size_t);
    int (*finish_read)(png_imagep, png_const_colorp, void *, png_int_32, void *);
    void (*image_free)(png_imagep);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;

static void load_library(void) {
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    *(void **)(&api.begin_read_from_memory) = dlsym(library, "png_image_begin_read_from_memory");
    *(void **)(&api.finish_read) = dlsym(library, "png_image_finish_read");
    *(void **)(&api.image_free) = dlsym(library, "png_image_free");
    loaded = api.begin_read_from_memory != NULL && api.finish_read != NULL && api.image_free != NULL;
}

/// Sprites are 96×96; anything much larger is no sprite, and would cost memory for nothing.
static const png_uint_32 max_side = 4096;

int mydex_png_decode(const unsigned char *bytes, size_t length, unsigned char **rgba, uint32_t *width,
                     uint32_t *height, char *error, size_t error_length) {
    pthread_once(&load_once, load_library);
    if (!loaded) {
        snprintf(error, error_length, "%s could not be loaded; install it (Debian: apt-get install libpng16-16)",
                 library_name);
        return -1;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!api.begin_read_from_memory(&image, bytes, length)) {
        snprintf(error, error_length, "%s", image.message);
        api.image_free(&image);
        return -1;
    }
    if (image.width == 0 || image.height == 0 || image.width > max_side || image.height > max_side) {
        snprintf(error, error_length, "a %ux%u picture is no sprite", (unsigned)image.width, (unsigned)image.height);
        api.image_free(&image);
        return -1;
    }
    image.format = PNG_FORMAT_RGBA;
    unsigned char *buffer = malloc(PNG_IMAGE_SIZE(image));
    if (buffer == NULL) {
        snprintf(error, error_length, "out of memory");
        api.image_free(&image);
        return -1;
    }
    if (!api.finish_read(&image, NULL, buffer, 0, NULL)) {
        snprintf(error, error_length, "%s", image.message);
        api.image_free(&image);
        free(buffer);
        return -1;
    }
    *rgba = buffer;
    *width = image.width;
    *height = image.height;
    return 0;
}

void mydex_png_free(unsigned char *rgba) {
    free(rgba);
}
