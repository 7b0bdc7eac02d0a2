// The built-in Pokédex as a read-only SQLite image, embedded with C23 #embed: megabytes compile
// in about a second this way, where a Swift array literal (.embedInCode) takes minutes and
// gigabytes. PokedexGenerator builds the catalog database from the JSON Lines beside this file
// (the reviewable source) and writes its paged image: the database's pages, most deflated
// with zlib, which is what the binary carries (half the bytes), in files each under 3 MiB
// (catalog-1.pages, catalog-2.pages: Catalog.pageFiles), embedded one after the other. SQLite
// reads it through a read-only VFS that inflates a page when SQLite asks for it.
#include "CMydexCatalog.h"
#include <dlfcn.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// #embed is standard C23; clang also accepts it in older modes with this warning.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char catalog[] = {
#embed "catalog-1.pages"
,
#embed "catalog-2.pages"
};

const unsigned char *mydex_catalog_bytes(void) {
    return catalog;
}

size_t mydex_catalog_length(void) {
    return sizeof catalog;
}

int mydex_catalog_deserialize(void *connection, const char *schema, unsigned char *image, size_t length) {
    // No FREEONCLOSE or RESIZEABLE: SQLite never grows or frees the buffer, so the image is
    // used in place. Not READONLY: SQLite may take its (in-memory) write lock on every attached
    // database when a write transaction begins, which a READONLY image refuses.
    return sqlite3_deserialize(
        (sqlite3 *)connection, schema, image, (sqlite3_int64)length, (sqlite3_int64)length, 0);
}

// MARK: - The paged format
//
//   "MYDEXPG3"  magic
//   uint32      page size (a power of two, 512…65536)
//   uint32      page count n
//   uint32      dictionary count d (at most 255)
//   uint32 × d  each dictionary's length, inflated (at most 32 KiB: deflate's window)
//   uint32 × (d + 1)  where each dictionary's bytes start in the data (raw deflate)
//   uint8 × n   each page's dictionary: 0 for none, k for the k-th; then zeros to a multiple of 4
//   uint32 × (n + 1)  where each page's bytes start in the data; page k is
//                     data[offset[k] ..< offset[k + 1]], raw deflate (no zlib header or
//                     checksum: SQLite checks its own pages), primed with its dictionary,
//                     unless it is exactly a page long (a page that would not shrink is stored
//                     as it is)
//   data        the dictionaries, then the pages
// Little-endian throughout. A dictionary is a sample of one table's pages: a page of names or
// texts deflated alone has seen none of the words its table repeats (docs/PERFORMANCE.md).

static const char magic[8] = {'M', 'Y', 'D', 'E', 'X', 'P', 'G', '3'};
enum { header_length = 20, maximum_dictionaries = 255, dictionary_window = 32768 };

static uint32_t read32(const unsigned char *bytes) {
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

static void write32(unsigned char *bytes, uint32_t value) {
    for (int index = 0; index < 4; index++) bytes[index] = (unsigned char)(value >> (8 * index));
}

// MARK: - zlib, loaded on first use
//
// libz.so.1 is opened when a compressed page is first read (or written, by the generator):
// commands that read only the pages kept plain never map it, and Debian forbids a copy of zlib
// built into a binary. zlib.h is needed to build only.

typedef struct {
    int (*inflateInit2_)(z_streamp, int, const char *, int);
    int (*inflate)(z_streamp, int);
    int (*inflateReset)(z_streamp);
    int (*inflateEnd)(z_streamp);
    int (*deflateInit2_)(z_streamp, int, int, int, int, int, const char *, int);
    int (*deflate)(z_streamp, int);
    int (*deflateReset)(z_streamp);
    int (*deflateEnd)(z_streamp);
    uLong (*deflateBound)(z_streamp, uLong);
    int (*deflateSetDictionary)(z_streamp, const Bytef *, uInt);
    int (*inflateSetDictionary)(z_streamp, const Bytef *, uInt);
} zlib_functions;

static zlib_functions zlib;
static int zlib_loaded;
static pthread_once_t zlib_once = PTHREAD_ONCE_INIT;

static void load_zlib(void) {
    void *handle = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) handle = dlopen("libz.so", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
    zlib_functions found = {
        dlsym(handle, "inflateInit2_"), dlsym(handle, "inflate"), dlsym(handle, "inflateReset"), dlsym(handle, "inflateEnd"),
        dlsym(handle, "deflateInit2_"), dlsym(handle, "deflate"), dlsym(handle, "deflateReset"), dlsym(handle, "deflateEnd"),
        dlsym(handle, "deflateBound"), dlsym(handle, "deflateSetDictionary"), dlsym(handle, "inflateSetDictionary"),
    };
    void **slots = (void **)&found;
    for (size_t index = 0; index < sizeof found / sizeof(void *); index++) {
        if (slots[index] == NULL) return;
    }
    zlib = found;
    zlib_loaded = 1;
}

static int have_zlib(void) {
    pthread_once(&zlib_once, load_zlib);
    return zlib_loaded;
}

int mydex_catalog_zlib_available(void) {
    return have_zlib();
}

typedef struct {
    const unsigned char *image;
    size_t length;
    uint32_t page_size;
    uint32_t page_count;
    uint32_t dictionary_count;
    const unsigned char *dictionary_lengths;
    const unsigned char *dictionary_offsets;
    const unsigned char *page_dictionaries;
    const unsigned char *offsets;
    const unsigned char *data;
} paged_image;

/// The dictionaries a reader has inflated, on first use of each.
typedef struct {
    unsigned char *inflated[maximum_dictionaries];
} dictionary_cache;

static void dictionaries_free(dictionary_cache *cache) {
    for (int index = 0; index < maximum_dictionaries; index++) {
        free(cache->inflated[index]);
        cache->inflated[index] = NULL;
    }
}

/// The length of the tables before the data for `count` pages and `dictionaries` dictionaries.
static size_t tables_length(uint32_t count, uint32_t dictionaries) {
    return header_length + 4 * (size_t)dictionaries + 4 * ((size_t)dictionaries + 1) + (((size_t)count + 3) & ~(size_t)3)
        + 4 * ((size_t)count + 1);
}

/// Checks the header, that every dictionary and page lies inside the image and that every page
/// names a dictionary there is.
static int paged_open(const unsigned char *image, size_t length, paged_image *paged) {
    if (length < header_length || memcmp(image, magic, sizeof magic) != 0) return 0;
    uint32_t page_size = read32(image + 8), count = read32(image + 12), dictionaries = read32(image + 16);
    if (page_size < 512 || page_size > 65536 || (page_size & (page_size - 1)) != 0) return 0;
    if (dictionaries > maximum_dictionaries || count > (1u << 24)) return 0;
    size_t tables = tables_length(count, dictionaries);
    if (length < tables) return 0;
    const unsigned char *lengths = image + header_length;
    const unsigned char *dictionary_offsets = lengths + 4 * (size_t)dictionaries;
    const unsigned char *page_dictionaries = dictionary_offsets + 4 * ((size_t)dictionaries + 1);
    const unsigned char *offsets = image + tables - 4 * ((size_t)count + 1), *data = image + tables;
    size_t data_length = length - tables;
    uint32_t previous = 0;
    for (uint32_t index = 0; index <= dictionaries; index++) {
        uint32_t offset = read32(dictionary_offsets + 4 * (size_t)index);
        if (offset < previous || offset > data_length) return 0;
        if (index < dictionaries && (read32(lengths + 4 * (size_t)index) == 0 || read32(lengths + 4 * (size_t)index) > dictionary_window)) return 0;
        previous = offset;
    }
    if (read32(offsets) < previous) return 0;
    for (uint32_t index = 0; index <= count; index++) {
        uint32_t offset = read32(offsets + 4 * (size_t)index);
        if (offset < previous || offset > data_length) return 0;
        if (index < count && page_dictionaries[index] > dictionaries) return 0;
        previous = offset;
    }
    *paged = (paged_image){
        image, length, page_size, count, dictionaries, lengths, dictionary_offsets, page_dictionaries, offsets, data,
    };
    return 1;
}

/// A raw inflate stream, made on the first compressed page (loading zlib then).
static int stream_ready(z_stream *stream) {
    if (stream->state) return 1;
    memset(stream, 0, sizeof *stream);
    if (!have_zlib() || zlib.inflateInit2_(stream, -MAX_WBITS, ZLIB_VERSION, (int)sizeof(z_stream)) != Z_OK) {
        stream->state = NULL;
        return 0;
    }
    return 1;
}

static void stream_close(z_stream *stream) {
    if (stream->state) zlib.inflateEnd(stream);
    stream->state = NULL;
}

/// Inflates `length` bytes of raw deflate at `in` into `out` (exactly `out_length` bytes) with
/// `stream`, primed with `dictionary` when there is one; 0 on damage.
static int stream_inflate(
    z_stream *stream, const unsigned char *in, size_t length, const unsigned char *dictionary, uInt dictionary_length,
    unsigned char *out, size_t out_length) {
    if (!stream_ready(stream) || zlib.inflateReset(stream) != Z_OK) return 0;
    // A raw stream takes its dictionary before any input.
    if (dictionary && zlib.inflateSetDictionary(stream, dictionary, dictionary_length) != Z_OK) return 0;
    stream->next_in = (Bytef *)in;
    stream->avail_in = (uInt)length;
    stream->next_out = out;
    stream->avail_out = (uInt)out_length;
    return zlib.inflate(stream, Z_FINISH) == Z_STREAM_END && stream->avail_out == 0;
}

/// Dictionary `number` (0-based), inflated into `cache` on first use; NULL on damage.
static const unsigned char *paged_dictionary(const paged_image *paged, z_stream *stream, dictionary_cache *cache, uint32_t number) {
    if (cache->inflated[number]) return cache->inflated[number];
    uint32_t length = read32(paged->dictionary_lengths + 4 * (size_t)number);
    uint32_t start = read32(paged->dictionary_offsets + 4 * (size_t)number);
    uint32_t end = read32(paged->dictionary_offsets + 4 * ((size_t)number + 1));
    unsigned char *inflated = malloc(length);
    if (inflated == NULL || !stream_inflate(stream, paged->data + start, end - start, NULL, 0, inflated, length)) {
        free(inflated);
        return NULL;
    }
    cache->inflated[number] = inflated;
    return inflated;
}

/// Page `index` into `out` (page_size bytes) with `stream`, a raw inflate stream kept between
/// pages (one allocation, not one a page), and the dictionaries `cache` holds; 0 on damage.
static int paged_read(const paged_image *paged, z_stream *stream, dictionary_cache *cache, uint32_t index, unsigned char *out) {
    uint32_t start = read32(paged->offsets + 4 * (size_t)index), end = read32(paged->offsets + 4 * ((size_t)index + 1));
    if (end - start == paged->page_size) {
        memcpy(out, paged->data + start, paged->page_size);
        return 1;
    }
    const unsigned char *dictionary = NULL;
    uInt dictionary_length = 0;
    uint32_t number = paged->page_dictionaries[index];
    if (number > 0) {
        dictionary = paged_dictionary(paged, stream, cache, number - 1);
        if (dictionary == NULL) return 0;
        dictionary_length = read32(paged->dictionary_lengths + 4 * ((size_t)number - 1));
    }
    return stream_inflate(stream, paged->data + start, end - start, dictionary, dictionary_length, out, paged->page_size);
}


int mydex_catalog_is_paged(const unsigned char *image, size_t length) {
    paged_image paged;
    return paged_open(image, length, &paged);
}

int mydex_catalog_inflate(const unsigned char *image, size_t length, unsigned char **out, size_t *out_length) {
    paged_image paged;
    if (!paged_open(image, length, &paged)) return 0;
    size_t total = (size_t)paged.page_size * paged.page_count;
    unsigned char *buffer = malloc(total > 0 ? total : 1);
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    dictionary_cache cache;
    memset(&cache, 0, sizeof cache);
    if (buffer == NULL) return 0;
    for (uint32_t index = 0; index < paged.page_count; index++) {
        if (!paged_read(&paged, &stream, &cache, index, buffer + (size_t)index * paged.page_size)) {
            stream_close(&stream);
            dictionaries_free(&cache);
            free(buffer);
            return 0;
        }
    }
    stream_close(&stream);
    dictionaries_free(&cache);
    *out = buffer;
    *out_length = total;
    return 1;
}

/// `page` deflated into `out` (`capacity` bytes), primed with `dictionary` when there is one;
/// the length written, or `page_size` when it would not shrink.
static size_t deflate_page(
    z_stream *stream, const unsigned char *page, size_t page_size, const unsigned char *dictionary, size_t dictionary_length,
    unsigned char *out, size_t capacity) {
    zlib.deflateReset(stream);
    if (dictionary && zlib.deflateSetDictionary(stream, dictionary, (uInt)dictionary_length) != Z_OK) return page_size;
    stream->next_in = (Bytef *)page;
    stream->avail_in = (uInt)page_size;
    stream->next_out = out;
    stream->avail_out = (uInt)capacity;
    if (zlib.deflate(stream, Z_FINISH) != Z_STREAM_END || stream->total_out >= page_size) return page_size;
    return stream->total_out;
}

int mydex_catalog_compress(
    const unsigned char *database, size_t length, unsigned int page_size, const unsigned char *plain,
    const unsigned char *candidates, const unsigned char *const *dictionaries, const size_t *dictionary_lengths,
    unsigned int dictionary_count, unsigned char **out, size_t *out_length
) {
    if (page_size < 512 || page_size > 65536 || length % page_size != 0 || !have_zlib()) return 0;
    if (dictionary_count > maximum_dictionaries) return 0;
    for (unsigned int number = 0; number < dictionary_count; number++) {
        if (dictionary_lengths[number] == 0 || dictionary_lengths[number] > dictionary_window) return 0;
    }
    uint32_t count = (uint32_t)(length / page_size);
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (zlib.deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                           (int)sizeof(z_stream)) != Z_OK) return 0;
    // Room for a page's or a dictionary's deflated bytes, whichever is larger.
    size_t bound = zlib.deflateBound(&stream, page_size > dictionary_window ? page_size : dictionary_window) + 64;
    unsigned char *scratch = malloc(bound);
    size_t *alone = calloc(count > 0 ? count : 1, sizeof(size_t)), *primed = calloc(count > 0 ? count : 1, sizeof(size_t));
    size_t *packed = calloc(dictionary_count > 0 ? dictionary_count : 1, sizeof(size_t));
    long *gains = calloc(dictionary_count > 0 ? dictionary_count : 1, sizeof(long));
    unsigned char *kept = calloc(dictionary_count > 0 ? dictionary_count : 1, 1);
    unsigned char *chosen = calloc(count > 0 ? count : 1, 1);
    unsigned char *buffer = NULL;
    int done = 0;
    if (!scratch || !alone || !primed || !packed || !gains || !kept || !chosen) goto end;
    // What each page takes alone, and with its table's dictionary.
    for (uint32_t index = 0; index < count; index++) {
        const unsigned char *page = database + (size_t)index * page_size;
        // Pages most commands read stay plain: no inflating, and no zlib to load, for them.
        if (plain && plain[index]) {
            alone[index] = primed[index] = page_size;
            continue;
        }
        alone[index] = deflate_page(&stream, page, page_size, NULL, 0, scratch, bound);
        unsigned int candidate = candidates ? candidates[index] : 0;
        primed[index] = page_size;
        if (candidate > 0 && candidate <= dictionary_count) {
            primed[index] = deflate_page(
                &stream, page, page_size, dictionaries[candidate - 1], dictionary_lengths[candidate - 1], scratch, bound);
            if (primed[index] < alone[index]) gains[candidate - 1] += (long)(alone[index] - primed[index]);
        }
    }
    // A dictionary is kept where its pages shrink by more than it takes.
    size_t dictionaries_length = 0;
    unsigned char renumbered[maximum_dictionaries + 1] = {0};
    uint32_t kept_count = 0;
    for (unsigned int number = 0; number < dictionary_count; number++) {
        packed[number] = deflate_page(
            &stream, dictionaries[number], dictionary_lengths[number], NULL, 0, scratch, bound);
        if (gains[number] > (long)packed[number]) {
            kept[number] = 1;
            renumbered[number + 1] = (unsigned char)++kept_count;
            dictionaries_length += packed[number];
        }
    }
    size_t pages_length = 0;
    for (uint32_t index = 0; index < count; index++) {
        unsigned int candidate = candidates ? candidates[index] : 0;
        int primes = candidate > 0 && candidate <= dictionary_count && kept[candidate - 1] && primed[index] < alone[index];
        chosen[index] = primes ? renumbered[candidate] : 0;
        pages_length += primes ? primed[index] : alone[index];
    }
    size_t tables = tables_length(count, kept_count);
    // The same bytes as measured, and room for deflate to write into past them.
    buffer = malloc(tables + dictionaries_length + pages_length + bound);
    if (!buffer) goto end;
    memset(buffer, 0, tables);
    memcpy(buffer, magic, sizeof magic);
    write32(buffer + 8, page_size);
    write32(buffer + 12, count);
    write32(buffer + 16, kept_count);
    unsigned char *lengths = buffer + header_length, *dictionary_offsets = lengths + 4 * (size_t)kept_count;
    unsigned char *page_dictionaries = dictionary_offsets + 4 * ((size_t)kept_count + 1);
    unsigned char *offsets = buffer + tables - 4 * ((size_t)count + 1), *data = buffer + tables;
    size_t used = 0;
    uint32_t written = 0;
    for (unsigned int number = 0; number < dictionary_count; number++) {
        if (!kept[number]) continue;
        write32(lengths + 4 * (size_t)written, (uint32_t)dictionary_lengths[number]);
        write32(dictionary_offsets + 4 * (size_t)written, (uint32_t)used);
        size_t size = deflate_page(&stream, dictionaries[number], dictionary_lengths[number], NULL, 0, data + used, bound);
        // A dictionary is always deflated: one that would not shrink is one no page gains by.
        if (size == dictionary_lengths[number]) goto end;
        used += size;
        written++;
    }
    write32(dictionary_offsets + 4 * (size_t)kept_count, (uint32_t)used);
    for (uint32_t index = 0; index < count; index++) {
        page_dictionaries[index] = chosen[index];
        write32(offsets + 4 * (size_t)index, (uint32_t)used);
        const unsigned char *page = database + (size_t)index * page_size;
        size_t size = page_size;
        if (!(plain && plain[index])) {
            unsigned int number = chosen[index];
            const unsigned char *dictionary = NULL;
            size_t dictionary_length = 0;
            if (number > 0) {
                for (unsigned int original = 0; original < dictionary_count; original++) {
                    if (renumbered[original + 1] == number) {
                        dictionary = dictionaries[original];
                        dictionary_length = dictionary_lengths[original];
                    }
                }
            }
            size = deflate_page(&stream, page, page_size, dictionary, dictionary_length, data + used, bound);
        }
        if (size == page_size) {
            page_dictionaries[index] = 0;
            memcpy(data + used, page, page_size);
        }
        used += size;
    }
    write32(offsets + 4 * (size_t)count, (uint32_t)used);
    *out = buffer;
    *out_length = tables + used;
    buffer = NULL;
    done = 1;
end:
    zlib.deflateEnd(&stream);
    free(scratch), free(alone), free(primed), free(packed), free(gains), free(kept), free(chosen), free(buffer);
    return done;
}

void mydex_catalog_free(unsigned char *bytes) {
    free(bytes);
}

// MARK: - xz, loaded on first use
//
// liblzma.so.5 (which dpkg itself needs, so every Debian has it) packs every game's Pokédex
// entries of a language as one xz stream: a language's texts repeat each other across games,
// more than a 32 KiB deflate window can see. Only its two one-call functions are used, declared
// here (their arguments are plain integers and pointers), so lzma.h is not needed.

typedef struct {
    int (*easy_buffer_encode)(uint32_t, int, const void *, const uint8_t *, size_t, uint8_t *, size_t *, size_t);
    int (*stream_buffer_decode)(uint64_t *, uint32_t, const void *, const uint8_t *, size_t *, size_t, uint8_t *, size_t *, size_t);
} xz_functions;

static xz_functions xz;
static int xz_loaded;
static pthread_once_t xz_once = PTHREAD_ONCE_INIT;

static void load_xz(void) {
    void *handle = dlopen("liblzma.so.5", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
    xz_functions found = { dlsym(handle, "lzma_easy_buffer_encode"), dlsym(handle, "lzma_stream_buffer_decode") };
    if (found.easy_buffer_encode == NULL || found.stream_buffer_decode == NULL) return;
    xz = found;
    xz_loaded = 1;
}

static int have_xz(void) {
    pthread_once(&xz_once, load_xz);
    return xz_loaded;
}

size_t mydex_xz_compress(const unsigned char *in, size_t length, unsigned char *out, size_t capacity) {
    if (!have_xz()) return 0;
    // Preset 6, extreme (a dictionary of 8 MiB, more than any language's entries), no check:
    // SQLite checks nothing inside a blob, but a damaged stream fails to decode.
    size_t written = 0;
    const uint32_t preset = 6 | 0x80000000u;
    return xz.easy_buffer_encode(preset, 0, NULL, in, length, out, &written, capacity) == 0 ? written : 0;
}

int mydex_xz_decompress(const unsigned char *in, size_t length, unsigned char *out, size_t out_length) {
    if (!have_xz()) return 0;
    uint64_t memory = 64u << 20;
    size_t read = 0, written = 0;
    int code = xz.stream_buffer_decode(&memory, 0, NULL, in, &read, length, out, &written, out_length);
    return code == 0 && read == length && written == out_length;
}

// MARK: - The VFS
//
// "mydex-catalog" opens a paged image in memory, named by its address and length
// ("mydex-catalog-<address>-<length>", both hexadecimal): images are the binary's own, or a test's
// that is never freed. It reads only; everything else is the default VFS's.

typedef struct {
    sqlite3_file base;
    paged_image paged;
    dictionary_cache dictionaries;
    // The last page inflated: SQLite reads a database's header in small pieces.
    uint32_t cached_page;
    int has_cached_page;
    unsigned char *page;
    z_stream stream;
} catalog_file;

static int file_close(sqlite3_file *file) {
    catalog_file *catalog = (catalog_file *)file;
    stream_close(&catalog->stream);
    dictionaries_free(&catalog->dictionaries);
    free(catalog->page);
    return SQLITE_OK;
}

static int file_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    catalog_file *catalog = (catalog_file *)file;
    paged_image *paged = &catalog->paged;
    unsigned char *out = buffer;
    sqlite3_int64 size = (sqlite3_int64)paged->page_size * paged->page_count;
    while (amount > 0) {
        if (offset >= size) {
            memset(out, 0, (size_t)amount);
            return SQLITE_IOERR_SHORT_READ;
        }
        uint32_t index = (uint32_t)(offset / paged->page_size);
        uint32_t within = (uint32_t)(offset % paged->page_size);
        int take = (int)(paged->page_size - within) < amount ? (int)(paged->page_size - within) : amount;
        if (within == 0 && take == (int)paged->page_size) {
            // A whole page, as SQLite reads pages: straight into its buffer.
            if (!paged_read(paged, &catalog->stream, &catalog->dictionaries, index, out)) return SQLITE_CORRUPT;
        } else {
            if (!catalog->has_cached_page || catalog->cached_page != index) {
                if (!paged_read(paged, &catalog->stream, &catalog->dictionaries, index, catalog->page)) return SQLITE_CORRUPT;
                catalog->cached_page = index;
                catalog->has_cached_page = 1;
            }
            memcpy(out, catalog->page + within, (size_t)take);
        }
        out += take;
        offset += take;
        amount -= take;
    }
    return SQLITE_OK;
}

static int file_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    (void)file, (void)buffer, (void)amount, (void)offset;
    return SQLITE_READONLY;
}

static int file_truncate(sqlite3_file *file, sqlite3_int64 size) {
    (void)file, (void)size;
    return SQLITE_READONLY;
}

static int file_sync(sqlite3_file *file, int flags) {
    (void)file, (void)flags;
    return SQLITE_OK;
}

static int file_size(sqlite3_file *file, sqlite3_int64 *size) {
    catalog_file *catalog = (catalog_file *)file;
    *size = (sqlite3_int64)catalog->paged.page_size * catalog->paged.page_count;
    return SQLITE_OK;
}

static int file_lock(sqlite3_file *file, int level) {
    (void)file, (void)level;
    return SQLITE_OK;
}

static int file_check_reserved_lock(sqlite3_file *file, int *reserved) {
    (void)file;
    *reserved = 0;
    return SQLITE_OK;
}

static int file_control(sqlite3_file *file, int operation, void *argument) {
    (void)file, (void)operation, (void)argument;
    return SQLITE_NOTFOUND;
}

static int file_sector_size(sqlite3_file *file) {
    return (int)((catalog_file *)file)->paged.page_size;
}

static int file_device_characteristics(sqlite3_file *file) {
    (void)file;
    return SQLITE_IOCAP_IMMUTABLE;
}

static const sqlite3_io_methods file_methods = {
    .iVersion = 1,
    .xClose = file_close,
    .xRead = file_read,
    .xWrite = file_write,
    .xTruncate = file_truncate,
    .xSync = file_sync,
    .xFileSize = file_size,
    .xLock = file_lock,
    .xUnlock = file_lock,
    .xCheckReservedLock = file_check_reserved_lock,
    .xFileControl = file_control,
    .xSectorSize = file_sector_size,
    .xDeviceCharacteristics = file_device_characteristics,
};

static sqlite3_vfs *default_vfs;

static int vfs_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    file->pMethods = NULL;
    if (name == NULL || !(flags & SQLITE_OPEN_MAIN_DB)) return SQLITE_CANTOPEN;
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    unsigned long long address = 0, length = 0;
    if (sscanf(base, "mydex-catalog-%llx-%llx", &address, &length) != 2) return SQLITE_CANTOPEN;
    catalog_file *catalog = (catalog_file *)file;
    memset(catalog, 0, sizeof *catalog);
    if (!paged_open((const unsigned char *)(uintptr_t)address, (size_t)length, &catalog->paged)) return SQLITE_CORRUPT;
    catalog->page = malloc(catalog->paged.page_size);
    if (catalog->page == NULL) return SQLITE_NOMEM;

    if (out_flags) *out_flags = SQLITE_OPEN_READONLY;
    file->pMethods = &file_methods;
    return SQLITE_OK;
}

static int vfs_delete(sqlite3_vfs *vfs, const char *name, int sync) {
    (void)vfs, (void)name, (void)sync;
    return SQLITE_READONLY;
}

static int vfs_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs, (void)name, (void)flags;
    *result = 0;  // no journal, no WAL: nothing beside the image exists
    return SQLITE_OK;
}

static int vfs_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    (void)vfs;
    if ((int)strlen(name) >= size) return SQLITE_CANTOPEN;
    strcpy(out, name);
    return SQLITE_OK;
}

static int vfs_randomness(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return default_vfs->xRandomness(default_vfs, size, out);
}

static int vfs_sleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return default_vfs->xSleep(default_vfs, microseconds);
}

static int vfs_current_time(sqlite3_vfs *vfs, double *now) {
    (void)vfs;
    return default_vfs->xCurrentTime(default_vfs, now);
}

static int vfs_last_error(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs, (void)size, (void)out;
    return 0;
}

static sqlite3_vfs catalog_vfs = {
    .iVersion = 1,
    .szOsFile = sizeof(catalog_file),
    .mxPathname = 512,
    .zName = "mydex-catalog",
    .xOpen = vfs_open,
    .xDelete = vfs_delete,
    .xAccess = vfs_access,
    .xFullPathname = vfs_full_pathname,
    .xRandomness = vfs_randomness,
    .xSleep = vfs_sleep,
    .xCurrentTime = vfs_current_time,
    .xGetLastError = vfs_last_error,
};

static pthread_once_t registration = PTHREAD_ONCE_INIT;
static int registered = SQLITE_ERROR;

static void register_vfs(void) {
    default_vfs = sqlite3_vfs_find(NULL);
    registered = default_vfs ? sqlite3_vfs_register(&catalog_vfs, 0) : SQLITE_ERROR;
}

int mydex_catalog_register_vfs(void) {
    pthread_once(&registration, register_vfs);
    // ATTACH takes the VFS from a URI filename: only where this SQLite reads them by default
    // (Debian's and most distributions' are built so); elsewhere the image is inflated whole.
    return registered == SQLITE_OK && sqlite3_compileoption_used("USE_URI");
}

// MARK: - learnset_levels(moves, level_up, move)
//
// A stored learnset list (LearnsetEncoding: level-up as (level, move lo, move hi) triples; any
// other method as ascending move ids, each the gap from the one before as a LEB128 varint)
// searched for one move: NULL when the list lacks it, else a JSON array of the levels it is
// learnt at ("[1,26]"; "[]" for methods without levels). In C because "who learns this move"
// calls it on every learnset of a game, tens of thousands of rows.

static void learnset_levels(sqlite3_context *context, int count, sqlite3_value **values) {
    (void)count;
    if (sqlite3_value_type(values[0]) != SQLITE_BLOB || sqlite3_value_type(values[2]) == SQLITE_NULL) return;
    const unsigned char *bytes = sqlite3_value_blob(values[0]);
    int length = sqlite3_value_bytes(values[0]);
    int level_up = sqlite3_value_int(values[1]);
    sqlite3_int64 move = sqlite3_value_int64(values[2]);
    if (level_up) {
        char text[256];
        int used = 0, found = 0;
        text[used++] = '[';
        for (int index = 0; index + 2 < length; index += 3) {
            if ((bytes[index + 1] | bytes[index + 2] << 8) != move) continue;
            if (used > (int)sizeof text - 8) break;
            used += snprintf(text + used, sizeof text - (size_t)used, found ? ",%d" : "%d", bytes[index]);
            found = 1;
        }
        if (!found) return;
        text[used++] = ']';
        sqlite3_result_text(context, text, used, SQLITE_TRANSIENT);
        return;
    }
    sqlite3_int64 value = 0, previous = 0;
    int shift = 0;
    for (int index = 0; index < length; index++) {
        value |= (sqlite3_int64)(bytes[index] & 0x7F) << shift;
        if (bytes[index] & 0x80) {
            shift += 7;
            if (shift > 28) return;
            continue;
        }
        previous += value;
        if (previous == move) {
            sqlite3_result_text(context, "[]", 2, SQLITE_STATIC);
            return;
        }
        if (previous > move) return;  // ascending: it is not further on
        value = 0;
        shift = 0;
    }
}

int mydex_catalog_add_functions(void *connection) {
    return sqlite3_create_function_v2(
        (sqlite3 *)connection, "learnset_levels", 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, NULL,
        learnset_levels, NULL, NULL, NULL);
}

// MARK: - Small raw deflate streams (the sprites' records)

size_t mydex_deflate_raw(const unsigned char *in, size_t length, unsigned char *out, size_t capacity) {
    if (!have_zlib()) return 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (zlib.deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                           (int)sizeof(z_stream)) != Z_OK) return 0;
    stream.next_in = (Bytef *)in;
    stream.avail_in = (uInt)length;
    stream.next_out = out;
    stream.avail_out = (uInt)capacity;
    size_t written = zlib.deflate(&stream, Z_FINISH) == Z_STREAM_END ? stream.total_out : 0;
    zlib.deflateEnd(&stream);
    return written;
}

int mydex_inflate_raw(const unsigned char *in, size_t length, unsigned char *out, size_t out_length) {
    if (!have_zlib()) return 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (zlib.inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, (int)sizeof(z_stream)) != Z_OK) return 0;
    stream.next_in = (Bytef *)in;
    stream.avail_in = (uInt)length;
    stream.next_out = out;
    stream.avail_out = (uInt)out_length;
    int done = zlib.inflate(&stream, Z_FINISH) == Z_STREAM_END && stream.avail_out == 0;
    zlib.inflateEnd(&stream);
    return done;
}
