// libyaml, opened at run time (dlopen) the first time a YAML document (LRCLIB's lyricsfile) is
// read: linked, it would be mapped in every run, also the many that never read one (about
// 0.1 MB resident with TurboJPEG's; docs/benchmarks.md, "Memory by mapping"). The header gives
// the types; the functions are reached through the table `lyricpip_yaml_load` fills.
#pragma once
#include <dlfcn.h>
#include <stdio.h>
#include <yaml.h>

typedef struct {
  int (*parser_initialize)(yaml_parser_t *parser);
  void (*parser_delete)(yaml_parser_t *parser);
  void (*parser_set_input_string)(yaml_parser_t *parser, const unsigned char *input,
                                  size_t size);
  int (*parser_parse)(yaml_parser_t *parser, yaml_event_t *event);
  void (*event_delete)(yaml_event_t *event);
} lyricpip_yaml_api;

/// Opens the libyaml of the file name `file` ("libyaml-0.so.2") and fills `api`; 0 on success,
/// else -1 with dlerror's text in `error`.
static inline int lyricpip_yaml_load(lyricpip_yaml_api *api, const char *file, char *error,
                                     size_t size) {
  void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    snprintf(error, size, "%s", dlerror());
    return -1;
  }
#define LYRICPIP_YAML_SYMBOL(field, name)                                                       \
  *(void **)(&api->field) = dlsym(library, name);                                               \
  if (!api->field) {                                                                            \
    snprintf(error, size, "%s has no %s", file, name);                                        \
    return -1;                                                                                  \
  }
  LYRICPIP_YAML_SYMBOL(parser_initialize, "yaml_parser_initialize")
  LYRICPIP_YAML_SYMBOL(parser_delete, "yaml_parser_delete")
  LYRICPIP_YAML_SYMBOL(parser_set_input_string, "yaml_parser_set_input_string")
  LYRICPIP_YAML_SYMBOL(parser_parse, "yaml_parser_parse")
  LYRICPIP_YAML_SYMBOL(event_delete, "yaml_event_delete")
#undef LYRICPIP_YAML_SYMBOL
  return 0;
}

// The calls, through the table (Swift sees its fields as optional function pointers).
static inline int lyricpip_yaml_parser_initialize(lyricpip_yaml_api api, yaml_parser_t *parser) {
  return api.parser_initialize(parser);
}

static inline void lyricpip_yaml_parser_delete(lyricpip_yaml_api api, yaml_parser_t *parser) {
  api.parser_delete(parser);
}

static inline void lyricpip_yaml_parser_set_input_string(lyricpip_yaml_api api,
                                                         yaml_parser_t *parser,
                                                         const unsigned char *input,
                                                         size_t size) {
  api.parser_set_input_string(parser, input, size);
}

static inline int lyricpip_yaml_parser_parse(lyricpip_yaml_api api, yaml_parser_t *parser,
                                             yaml_event_t *event) {
  return api.parser_parse(parser, event);
}

static inline void lyricpip_yaml_event_delete(lyricpip_yaml_api api, yaml_event_t *event) {
  api.event_delete(event);
}
