// The dynamic loader's list of loaded objects (dl_iterate_phdr), which Swift's Glibc module
// does not include. The walk is C of its own (loader.c) so that this header brings in no
// system header that the Glibc module defines differently (dl_iterate_phdr needs _GNU_SOURCE).
#ifndef LYRICPIP_CLOADER_H
#define LYRICPIP_CLOADER_H
#include <stddef.h>
#include <stdint.h>

/// A range of addresses of a loaded object that the process can never write.
typedef struct {
  uintptr_t start;
  uintptr_t end;
} lyricpip_address_range;

/// Fills `ranges` (room for `capacity`) with every never-writable segment of every loaded
/// object but the vDSO and objects with text relocations; returns how many were written.
size_t lyricpip_read_only_segments(lyricpip_address_range *ranges, size_t capacity);
#endif
