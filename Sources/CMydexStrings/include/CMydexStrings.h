#ifndef MYDEX_CMYDEXSTRINGS_H
#define MYDEX_CMYDEXSTRINGS_H

#include <stddef.h>

/// The text of one embedded catalog file (`mydex.pot`, `ko.po`, …; not NUL-terminated), or NULL
/// with *length 0 when there is none of that name.
const unsigned char *mydex_strings_file(const char *name, size_t *length);

#endif
