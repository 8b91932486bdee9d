// libjpeg-turbo's TurboJPEG, opened at run time (dlopen) the first time a JPEG cover is decoded:
// linked at start, it and its mappings cost about 0.1 MB resident in every run, also the many
// that never show a cover (the strip shows none; measured in docs/benchmarks.md, "Memory by
// mapping"). The header gives the types and constants; the functions are reached through the
// table `lyricpip_turbojpeg_load` fills.
#pragma once
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <turbojpeg.h>

typedef struct {
  tjhandle (*init_decompress)(void);
  int (*destroy)(tjhandle handle);
  int (*decompress_header3)(tjhandle handle, const unsigned char *jpeg, unsigned long size,
                            int *width, int *height, int *subsampling, int *colorspace);
  int (*decompress2)(tjhandle handle, const unsigned char *jpeg, unsigned long size,
                     unsigned char *pixels, int width, int pitch, int height, int format,
                     int flags);
  tjscalingfactor *(*get_scaling_factors)(int *count);
  char *(*get_error_str2)(tjhandle handle);
} lyricpip_turbojpeg_api;

/// Opens the TurboJPEG of the file name `file` ("libturbojpeg.so.0") and fills `api`; 0 on
/// success, else -1 with dlerror's text in `error`.
static inline int lyricpip_turbojpeg_load(lyricpip_turbojpeg_api *api, const char *file,
                                          char *error, size_t size) {
  void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    snprintf(error, size, "%s", dlerror());
    return -1;
  }
#define LYRICPIP_TURBOJPEG_SYMBOL(field, name)                                                  \
  *(void **)(&api->field) = dlsym(library, name);                                               \
  if (!api->field) {                                                                            \
    snprintf(error, size, "%s has no %s", file, name);                                        \
    return -1;                                                                                  \
  }
  LYRICPIP_TURBOJPEG_SYMBOL(init_decompress, "tjInitDecompress")
  LYRICPIP_TURBOJPEG_SYMBOL(destroy, "tjDestroy")
  LYRICPIP_TURBOJPEG_SYMBOL(decompress_header3, "tjDecompressHeader3")
  LYRICPIP_TURBOJPEG_SYMBOL(decompress2, "tjDecompress2")
  LYRICPIP_TURBOJPEG_SYMBOL(get_scaling_factors, "tjGetScalingFactors")
  LYRICPIP_TURBOJPEG_SYMBOL(get_error_str2, "tjGetErrorStr2")
#undef LYRICPIP_TURBOJPEG_SYMBOL
  return 0;
}

// The calls, through a table `lyricpip_turbojpeg_load` filled (Swift sees its fields as
// optional function pointers; these keep the unwrapping out of the Swift code).
static inline tjhandle lyricpip_tj_init_decompress(lyricpip_turbojpeg_api api) {
  return api.init_decompress();
}

static inline int lyricpip_tj_destroy(lyricpip_turbojpeg_api api, tjhandle handle) {
  return api.destroy(handle);
}

static inline int lyricpip_tj_decompress_header3(lyricpip_turbojpeg_api api, tjhandle handle,
                                                 const unsigned char *jpeg, unsigned long size,
                                                 int *width, int *height, int *subsampling,
                                                 int *colorspace) {
  return api.decompress_header3(handle, jpeg, size, width, height, subsampling, colorspace);
}

static inline int lyricpip_tj_decompress2(lyricpip_turbojpeg_api api, tjhandle handle,
                                          const unsigned char *jpeg, unsigned long size,
                                          unsigned char *pixels, int width, int pitch,
                                          int height, int format, int flags) {
  return api.decompress2(handle, jpeg, size, pixels, width, pitch, height, format, flags);
}

static inline tjscalingfactor *lyricpip_tj_get_scaling_factors(lyricpip_turbojpeg_api api,
                                                               int *count) {
  return api.get_scaling_factors(count);
}

static inline char *lyricpip_tj_get_error_str2(lyricpip_turbojpeg_api api, tjhandle handle) {
  return api.get_error_str2(handle);
}
