#include "CCurlShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// The table and the outcome of loading are per process, like the library itself: dlopen maps
// it once whatever mydex does, so one load under pthread_once serves every request.
static mydex_curl_api loaded_api;
static char load_error[512];
static int load_ok;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define MYDEX_RESOLVE(field, symbol)                                                              \
    do {                                                                                          \
        *(void **)(&loaded_api.field) = dlsym(library, symbol);                                   \
        if (loaded_api.field == NULL) {                                                           \
            snprintf(load_error, sizeof load_error, "%s lacks %s (libcurl 7.83 or newer is needed)", \
                     name, symbol);                                                               \
            return;                                                                               \
        }                                                                                         \
    } while (0)

static void load_library(void) {
    // The SONAME of libcurl 7 and 8; the unversioned name only where a -dev package provides it.
    const char *names[] = { "libcurl.so.4", "libcurl.so" };
    void *library = NULL;
    const char *name = names[0];
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        name = names[i];
        library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
        // What went wrong with the real name is what the user needs to hear.
        if (library == NULL && i == 0) {
            const char *reason = dlerror();
            snprintf(load_error, sizeof load_error, "%s", reason ? reason : "libcurl.so.4 not found");
        }
    }
    if (library == NULL) return;
    MYDEX_RESOLVE(global_init, "curl_global_init");
    MYDEX_RESOLVE(easy_init, "curl_easy_init");
    MYDEX_RESOLVE(easy_cleanup, "curl_easy_cleanup");
    MYDEX_RESOLVE(easy_setopt, "curl_easy_setopt");
    MYDEX_RESOLVE(easy_getinfo, "curl_easy_getinfo");
    MYDEX_RESOLVE(easy_perform, "curl_easy_perform");
    MYDEX_RESOLVE(easy_strerror, "curl_easy_strerror");
    MYDEX_RESOLVE(easy_header, "curl_easy_header");
    MYDEX_RESOLVE(slist_append, "curl_slist_append");
    MYDEX_RESOLVE(slist_free_all, "curl_slist_free_all");
    if (loaded_api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "libcurl could not initialise");
        return;
    }
    load_ok = 1;
}

const mydex_curl_api *mydex_curl_load(char *error, size_t error_size) {
    pthread_once(&load_once, load_library);
    if (load_ok) return &loaded_api;
    if (error != NULL && error_size > 0) snprintf(error, error_size, "%s", load_error);
    return NULL;
}
