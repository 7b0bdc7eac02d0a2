// The interface's words (gettext catalogs beside this file), embedded with C23 #embed: a
// copied `mydex` binary speaks every language with no resource folder. What is embedded is each
// catalog compacted (embedded/: no notes for translators, one language's text each), made from
// the catalogs by the test that keeps it current. English, which every command reads, is kept
// as text; the other languages are deflated (embedded/*.po.deflate: the text's length, 4 bytes
// little-endian, then raw deflate), 0.8 MB less of the binary, and inflated once, on the first
// word asked of them (zlib is loaded already: libcurl links it). Register a new language's file
// here; a test checks that every .po file beside this one is listed.
#include "CMydexStrings.h"
#include "CMydexCatalog.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char en[] = {
#embed "embedded/en.po"
};
static const unsigned char ko[] = {
#embed "embedded/ko.po.deflate"
};
static const unsigned char ja[] = {
#embed "embedded/ja.po.deflate"
};
static const unsigned char zh_hans[] = {
#embed "embedded/zh-Hans.po.deflate"
};
static const unsigned char zh_hant[] = {
#embed "embedded/zh-Hant.po.deflate"
};
static const unsigned char fr[] = {
#embed "embedded/fr.po.deflate"
};
static const unsigned char de[] = {
#embed "embedded/de.po.deflate"
};
static const unsigned char es[] = {
#embed "embedded/es.po.deflate"
};
static const unsigned char it[] = {
#embed "embedded/it.po.deflate"
};

typedef struct {
    const char *name;
    const unsigned char *bytes;
    size_t length;
    /// Deflated: inflated into `inflated` on first use.
    int packed;
} mydex_strings_entry;

static const mydex_strings_entry files[] = {
    { "en.po", en, sizeof en, 0 },
    { "ko.po", ko, sizeof ko, 1 },
    { "ja.po", ja, sizeof ja, 1 },
    { "zh-Hans.po", zh_hans, sizeof zh_hans, 1 },
    { "zh-Hant.po", zh_hant, sizeof zh_hant, 1 },
    { "fr.po", fr, sizeof fr, 1 },
    { "de.po", de, sizeof de, 1 },
    { "es.po", es, sizeof es, 1 },
    { "it.po", it, sizeof it, 1 },
};

enum { file_count = sizeof files / sizeof files[0] };
static unsigned char *inflated[file_count];
static size_t inflated_length[file_count];
static pthread_mutex_t inflating = PTHREAD_MUTEX_INITIALIZER;

/// A packed file's text, inflated on first use and kept for the process; NULL when it is
/// damaged or zlib cannot be loaded (the caller then has no catalog: English words).
static const unsigned char *unpacked(size_t index, size_t *length) {
    pthread_mutex_lock(&inflating);
    if (inflated[index] == NULL && files[index].length >= 4) {
        const unsigned char *bytes = files[index].bytes;
        size_t size = (size_t)bytes[0] | (size_t)bytes[1] << 8 | (size_t)bytes[2] << 16 | (size_t)bytes[3] << 24;
        unsigned char *text = malloc(size > 0 ? size : 1);
        if (text != NULL && mydex_inflate_raw(bytes + 4, files[index].length - 4, text, size)) {
            inflated[index] = text;
            inflated_length[index] = size;
        } else {
            free(text);
        }
    }
    const unsigned char *text = inflated[index];
    *length = text != NULL ? inflated_length[index] : 0;
    pthread_mutex_unlock(&inflating);
    return text;
}

const unsigned char *mydex_strings_file(const char *name, size_t *length) {
    for (size_t index = 0; index < file_count; index++) {
        if (strcmp(files[index].name, name) == 0) {
            if (files[index].packed) return unpacked(index, length);
            *length = files[index].length;
            return files[index].bytes;
        }
    }
    *length = 0;
    return NULL;
}
