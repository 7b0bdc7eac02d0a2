#include "CTerminalRescue.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

// A signal handler cannot capture anything: what it restores has to sit where it can reach it.
// Only one full-screen view runs in a process, so one slot is enough; everything the handler
// calls (write, tcsetattr, sigaction, raise) is async-signal-safe.
static const int rescued_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };
#define RESCUED_COUNT (sizeof rescued_signals / sizeof rescued_signals[0])

static struct sigaction previous[RESCUED_COUNT];
static struct termios saved_termios;
static char leave_sequence[128];
static size_t leave_length;
static int terminal_fd = -1;
static volatile sig_atomic_t armed;

static void rescue(int signal_number) {
    if (armed) {
        armed = 0;
        size_t written = 0;
        while (written < leave_length) {
            ssize_t result = write(terminal_fd, leave_sequence + written, leave_length - written);
            if (result <= 0) break;
            written += (size_t)result;
        }
        tcsetattr(terminal_fd, TCSAFLUSH, &saved_termios);
    }
    for (size_t i = 0; i < RESCUED_COUNT; i++) {
        if (rescued_signals[i] == signal_number) sigaction(signal_number, &previous[i], NULL);
    }
    // Raised again, it waits (blocked in here) and reaches the previous handler as this one
    // returns, whether it came from a fault, abort() or kill.
    raise(signal_number);
}

void mydex_rescue_arm(int fd, const struct termios *saved, const char *leave) {
    saved_termios = *saved;
    leave_length = strlen(leave);
    if (leave_length >= sizeof leave_sequence) leave_length = sizeof leave_sequence - 1;
    memcpy(leave_sequence, leave, leave_length);
    terminal_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = rescue;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < RESCUED_COUNT; i++) sigaction(rescued_signals[i], &action, &previous[i]);
    armed = 1;
}

void mydex_rescue_disarm(void) {
    if (terminal_fd < 0) return;
    armed = 0;
    for (size_t i = 0; i < RESCUED_COUNT; i++) sigaction(rescued_signals[i], &previous[i], NULL);
    terminal_fd = -1;
}
