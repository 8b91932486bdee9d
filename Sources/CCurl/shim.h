// libcurl, opened at run time (dlopen) the first time a lookup goes to the network: linked at
// start, libcurl and its TLS library cost about 3 MB resident in every run, also the many that
// never look anything up. The headers give the types and constants; the functions are reached
// through the table `lyricpip_curl_load` fills. Its variadic calls (setopt, getinfo) get one
// typed wrapper per argument type, since Swift cannot call a C variadic function.
#pragma once
#include <curl/curl.h>
#include <dlfcn.h>
#include <stdio.h>

typedef struct {
  CURLcode (*global_init)(long flags);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *handle);
  CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
  CURLcode (*easy_perform)(CURL *handle);
  CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
  const char *(*easy_strerror)(CURLcode code);
  struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
  void (*slist_free_all)(struct curl_slist *list);
  curl_version_info_data *(*version_info)(CURLversion stamp);
} lyricpip_curl_api;

/// Opens the libcurl of the file name `file` ("libcurl.so.4") and fills `api`; 0 on success,
/// else -1 with dlerror's text in `error`.
static inline int lyricpip_curl_load(lyricpip_curl_api *api, const char *file, char *error,
                                     size_t size) {
  void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    snprintf(error, size, "%s", dlerror());
    return -1;
  }
#define LYRICPIP_CURL_SYMBOL(field, name)                                                       \
  *(void **)(&api->field) = dlsym(library, name);                                               \
  if (!api->field) {                                                                            \
    snprintf(error, size, "%s has no %s", file, name);                                        \
    return -1;                                                                                  \
  }
  LYRICPIP_CURL_SYMBOL(global_init, "curl_global_init")
  LYRICPIP_CURL_SYMBOL(easy_init, "curl_easy_init")
  LYRICPIP_CURL_SYMBOL(easy_cleanup, "curl_easy_cleanup")
  LYRICPIP_CURL_SYMBOL(easy_setopt, "curl_easy_setopt")
  LYRICPIP_CURL_SYMBOL(easy_perform, "curl_easy_perform")
  LYRICPIP_CURL_SYMBOL(easy_getinfo, "curl_easy_getinfo")
  LYRICPIP_CURL_SYMBOL(easy_strerror, "curl_easy_strerror")
  LYRICPIP_CURL_SYMBOL(slist_append, "curl_slist_append")
  LYRICPIP_CURL_SYMBOL(slist_free_all, "curl_slist_free_all")
  LYRICPIP_CURL_SYMBOL(version_info, "curl_version_info")
#undef LYRICPIP_CURL_SYMBOL
  return 0;
}

// OpenSSL's OPENSSL_INIT_NO_LOAD_CRYPTO_STRINGS and OPENSSL_INIT_NO_LOAD_CONFIG (openssl/crypto.h,
// whose -dev package the build does not need otherwise).
#define LYRICPIP_OPENSSL_NO_STRINGS_NO_CONFIG 0x00000081ULL

/// Tells the OpenSSL that libcurl brought in (itself, or through libssh2 in the GnuTLS build)
/// not to load its error strings and its configuration file when libcurl initialises it: they
/// measured about 1 MB resident, and no request of ours goes through OpenSSL's messages or
/// settings. OpenSSL keeps the first answer to each, so this must come before
/// `curl_global_init`. Without libcrypto in the process it does nothing.
static inline void lyricpip_openssl_init_lightly(void) {
  void *crypto = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
  if (!crypto) return;
  int (*init)(unsigned long long, const void *) = NULL;
  *(void **)(&init) = dlsym(crypto, "OPENSSL_init_crypto");
  if (init) init(LYRICPIP_OPENSSL_NO_STRINGS_NO_CONFIG, NULL);
}

static inline CURLcode lyricpip_curl_global_init(const lyricpip_curl_api *api, long flags) {
  lyricpip_openssl_init_lightly();
  return api->global_init(flags);
}

static inline CURL *lyricpip_curl_easy_init(const lyricpip_curl_api *api) {
  return api->easy_init();
}

static inline void lyricpip_curl_easy_cleanup(const lyricpip_curl_api *api, CURL *handle) {
  api->easy_cleanup(handle);
}

static inline CURLcode lyricpip_curl_easy_perform(const lyricpip_curl_api *api, CURL *handle) {
  return api->easy_perform(handle);
}

static inline const char *lyricpip_curl_strerror(const lyricpip_curl_api *api, CURLcode code) {
  return api->easy_strerror(code);
}

static inline struct curl_slist *lyricpip_curl_slist_append(
    const lyricpip_curl_api *api, struct curl_slist *list, const char *text) {
  return api->slist_append(list, text);
}

static inline void lyricpip_curl_slist_free_all(
    const lyricpip_curl_api *api, struct curl_slist *list) {
  api->slist_free_all(list);
}

static inline CURLcode lyricpip_curl_setopt_long(
    const lyricpip_curl_api *api, CURL *handle, CURLoption option, long value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode lyricpip_curl_setopt_offset(
    const lyricpip_curl_api *api, CURL *handle, CURLoption option, curl_off_t value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode lyricpip_curl_setopt_string(
    const lyricpip_curl_api *api, CURL *handle, CURLoption option, const char *value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode lyricpip_curl_setopt_pointer(
    const lyricpip_curl_api *api, CURL *handle, CURLoption option, void *value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode lyricpip_curl_setopt_list(
    const lyricpip_curl_api *api, CURL *handle, CURLoption option, struct curl_slist *value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode lyricpip_curl_setopt_write(
    const lyricpip_curl_api *api, CURL *handle, curl_write_callback callback) {
  return api->easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode lyricpip_curl_getinfo_long(
    const lyricpip_curl_api *api, CURL *handle, CURLINFO info, long *value) {
  return api->easy_getinfo(handle, info, value);
}

static inline const char *lyricpip_curl_version(const lyricpip_curl_api *api) {
  return api->version_info(CURLVERSION_NOW)->version;
}
