// pthread functions that glibc declares only under _GNU_SOURCE, which Swift's Glibc module
// is built without.
#define _GNU_SOURCE 1
#include <pthread.h>

/// Names the calling thread (what `top -H` and debuggers show); Linux keeps 15 bytes and a NUL.
static inline int lyricpip_name_this_thread(const char *name) {
  return pthread_setname_np(pthread_self(), name);
}
