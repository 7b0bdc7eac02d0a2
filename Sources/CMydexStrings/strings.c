// The interface's translations (gettext catalogs beside this file), embedded with C23 #embed:
// a copied `mydex` binary speaks every language with no resource folder. Register a new
// language's file here; a test checks that every .po file beside this one is listed. The
// template, mydex.pot, is not embedded: English is every catalog's msgid, read from ko.po.
#include "CMydexStrings.h"
#include <string.h>

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char ko[] = {
#embed "ko.po"
};
static const unsigned char ja[] = {
#embed "ja.po"
};
static const unsigned char zh_hans[] = {
#embed "zh-Hans.po"
};
static const unsigned char zh_hant[] = {
#embed "zh-Hant.po"
};
static const unsigned char fr[] = {
#embed "fr.po"
};
static const unsigned char de[] = {
#embed "de.po"
};
static const unsigned char es[] = {
#embed "es.po"
};
static const unsigned char it[] = {
#embed "it.po"
};

typedef struct {
    const char *name;
    const unsigned char *bytes;
    size_t length;
} mydex_strings_entry;

static const mydex_strings_entry files[] = {
    { "ko.po", ko, sizeof ko },
    { "ja.po", ja, sizeof ja },
    { "zh-Hans.po", zh_hans, sizeof zh_hans },
    { "zh-Hant.po", zh_hant, sizeof zh_hant },
    { "fr.po", fr, sizeof fr },
    { "de.po", de, sizeof de },
    { "es.po", es, sizeof es },
    { "it.po", it, sizeof it },
};

const unsigned char *mydex_strings_file(const char *name, size_t *length) {
    for (size_t index = 0; index < sizeof files / sizeof files[0]; index++) {
        if (strcmp(files[index].name, name) == 0) {
            *length = files[index].length;
            return files[index].bytes;
        }
    }
    *length = 0;
    return NULL;
}
