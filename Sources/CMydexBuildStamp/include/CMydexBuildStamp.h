#ifndef MYDEX_BUILD_STAMP_H
#define MYDEX_BUILD_STAMP_H

/// What the release stamped into this binary after building it ("commit=…;date=…"), or an
/// empty string in a build that was not made by MydexRelease.
const char *mydex_build_stamp(void);

#endif
