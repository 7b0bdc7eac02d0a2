#include "CMydexBuildStamp.h"

// A fixed place in the binary that MydexRelease fills after building (it finds the marker and
// writes the commit and the build date after it, in the copy it packages): the commit is known
// then without building again, and a development build says it has none. Volatile, so that no
// compiler takes the empty text for a constant.
#define MARKER "mydex-build-stamp:"
__attribute__((used)) static const volatile char stamp[128] = MARKER;

const char *mydex_build_stamp(void) {
    return (const char *)stamp + sizeof(MARKER) - 1;
}
