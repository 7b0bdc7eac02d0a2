#ifndef MYDEX_CCURLSHIM_H
#define MYDEX_CCURLSHIM_H

// libcurl, loaded on first use with dlopen: commands that never touch the network (all but
// `catch` and `dex sync`) do not pay for mapping libcurl and its TLS, Kerberos and LDAP
// dependencies at start-up. curl.h is used for its types and constants only; every call goes
// through the table that mydex_curl_load fills.
//
// The wrappers are also non-variadic: Swift cannot call curl_easy_setopt/getinfo directly.

#include <curl/curl.h>
#include <stddef.h>

typedef size_t (*mydex_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*mydex_curl_progress_callback)(void *context, curl_off_t total_down, curl_off_t now_down,
                                            curl_off_t total_up, curl_off_t now_up);

typedef struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    CURLcode (*easy_perform)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLHcode (*easy_header)(CURL *handle, const char *name, size_t index, unsigned int origin, int request,
                             struct curl_header **header);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
} mydex_curl_api;

/// Loads libcurl (once per process) and returns its functions, or NULL with a message in
/// `error` (at most `error_size` bytes) saying what is missing.
const mydex_curl_api *mydex_curl_load(char *error, size_t error_size);

static inline CURLcode mydex_curl_set_long(const mydex_curl_api *api, CURL *handle, CURLoption option, long value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode mydex_curl_set_string(const mydex_curl_api *api, CURL *handle, CURLoption option, const char *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode mydex_curl_set_pointer(const mydex_curl_api *api, CURL *handle, CURLoption option, void *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode mydex_curl_set_slist(const mydex_curl_api *api, CURL *handle, CURLoption option, struct curl_slist *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode mydex_curl_set_data_callback(const mydex_curl_api *api, CURL *handle, CURLoption option, mydex_curl_data_callback value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode mydex_curl_set_progress_callback(const mydex_curl_api *api, CURL *handle, mydex_curl_progress_callback value) {
    return api->easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

static inline CURLcode mydex_curl_get_long(const mydex_curl_api *api, CURL *handle, CURLINFO info, long *value) {
    return api->easy_getinfo(handle, info, value);
}

static inline CURLcode mydex_curl_get_string(const mydex_curl_api *api, CURL *handle, CURLINFO info, char **value) {
    return api->easy_getinfo(handle, info, value);
}

#endif
