#pragma once
#include <alsa/asoundlib.h>

// alsa-lib prints its own errors on stderr; lyricpip reports them itself (one line, with the
// library's message), so they are silenced. A variadic handler cannot be written in Swift.
static void lyricpip_alsa_silent_handler(const char *file, int line, const char *function,
                                         int err, const char *fmt, ...) {
  (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline void lyricpip_alsa_quiet(void) {
  snd_lib_error_set_handler(lyricpip_alsa_silent_handler);
}
