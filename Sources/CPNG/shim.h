#pragma once
#include <png.h>

// PNG_FORMAT_BGRA is a macro of macros, which Swift does not import: the byte order of SDL's
// ARGB8888 surfaces on a little-endian machine.
static const png_uint_32 lyricpip_png_format_bgra = PNG_FORMAT_BGRA;
