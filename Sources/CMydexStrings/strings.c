// The interface's words (gettext catalogs beside this file), embedded with C23 #embed: a
// copied `mydex` binary speaks every language with no resource folder. What is embedded is each
// catalog compacted (embedded/: no notes for translators, one language's text each; English
// from ko.po's msgid), made from the catalogs by the test that keeps it current. Register a new
// language's file here; a test checks that every .po file beside this one is listed.
#include "CMydexStrings.h"
#include <string.h>

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char en[] = {
#embed "embedded/en.po"
};
static const unsigned char ko[] = {
#embed "embedded/ko.po"
};
static const unsigned char ja[] = {
#embed "embedded/ja.po"
};
static const unsigned char zh_hans[] = {
#embed "embedded/zh-Hans.po"
};
static const unsigned char zh_hant[] = {
#embed "embedded/zh-Hant.po"
};
static const unsigned char fr[] = {
#embed "embedded/fr.po"
};
static const unsigned char de[] = {
#embed "embedded/de.po"
};
static const unsigned char es[] = {
#embed "embedded/es.po"
};
static const unsigned char it[] = {
#embed "embedded/it.po"
};

typedef struct {
    const char *name;
    const unsigned char *bytes;
    size_t length;
} mydex_strings_entry;

static const mydex_strings_entry files[] = {
    { "en.po", en, sizeof en },
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
