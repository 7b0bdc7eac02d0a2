// The shim is header-only (static inline functions); this file gives the target a
// compilation unit so that SwiftPM builds and links it.
#include "CCurlShim.h"
