// pthread functions that glibc declares only under _GNU_SOURCE, which Swift's Glibc module
// is built without.
#define _GNU_SOURCE 1
#include <pthread.h>

/// Names the calling thread (what `top -H` and debuggers show); Linux keeps 15 bytes and a NUL.
static inline int lyricpip_name_this_thread(const char *name) {
  return pthread_setname_np(pthread_self(), name);
}

/// Puts the calling thread in the idle scheduling class: it runs only when no other thread of
/// the machine wants the CPU.
static inline int lyricpip_idle_this_thread(void) {
  struct sched_param parameters = {0};
  return pthread_setschedparam(pthread_self(), SCHED_IDLE, &parameters);
}
