#ifndef MYDEX_CCURLSHIM_H
#define MYDEX_CCURLSHIM_H

#include <curl/curl.h>

// Non-variadic wrappers: Swift cannot call the variadic curl_easy_setopt/getinfo.

typedef size_t (*mydex_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*mydex_curl_progress_callback)(void *context, curl_off_t total_down, curl_off_t now_down,
                                            curl_off_t total_up, curl_off_t now_up);

static inline CURLcode mydex_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode mydex_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode mydex_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode mydex_curl_set_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode mydex_curl_set_data_callback(CURL *handle, CURLoption option, mydex_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode mydex_curl_set_progress_callback(CURL *handle, mydex_curl_progress_callback value) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

static inline CURLcode mydex_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode mydex_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
