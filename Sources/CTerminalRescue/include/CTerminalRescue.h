#ifndef MYDEX_TERMINAL_RESCUE_H
#define MYDEX_TERMINAL_RESCUE_H

#include <termios.h>

/// Until `mydex_rescue_disarm`, a crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE: a
/// Swift runtime trap is SIGILL or SIGTRAP) first writes `leave` to `fd` and puts `saved` back
/// on it, then goes on to whatever handled the signal before (Swift's backtracer, or the default
/// action), so a crashed full-screen view never leaves the terminal raw. `leave` is copied.
void mydex_rescue_arm(int fd, const struct termios *saved, const char *leave);

/// The crash handlers that were there before `mydex_rescue_arm`, back in place.
void mydex_rescue_disarm(void);

#endif
