#pragma once
#include <zlib.h>

// inflateInit and deflateInit are macros (they pass the library version and the stream's
// size), which Swift does not import.
static inline int lyricpip_inflate_init(z_streamp stream) { return inflateInit(stream); }
static inline int lyricpip_deflate_init(z_streamp stream, int level) {
  return deflateInit(stream, level);
}
