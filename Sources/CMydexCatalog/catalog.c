// The built-in Pokédex as a read-only SQLite image, embedded with C23 #embed: megabytes compile
// in about a second this way, where a Swift array literal (.embedInCode) takes minutes and
// gigabytes. PokedexGenerator builds the catalog database from the JSON Lines beside this file
// (the reviewable source) and writes catalog.pages: the database's pages, most deflated
// with zlib, which is what the binary carries (two thirds of the bytes). SQLite reads it through a
// read-only VFS that inflates a page when SQLite asks for it.
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
#embed "catalog.pages"
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
//   "MYDEXPG1"  magic
//   uint32      page size (a power of two, 512…65536)
//   uint32      page count n
//   uint32 × (n + 1)  where each page's bytes start, from the start of the data; page k is
//                     data[offset[k] ..< offset[k + 1]], raw deflate (no zlib header or
//                     checksum: SQLite checks its own pages) unless it is exactly a page long
//                     (a page that would not shrink is stored as it is)
//   data
// Little-endian throughout.

static const char magic[8] = {'M', 'Y', 'D', 'E', 'X', 'P', 'G', '2'};
enum { header_length = 16 };

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
    const unsigned char *offsets;
    const unsigned char *data;
} paged_image;

/// Checks the header and that every page lies inside the image.
static int paged_open(const unsigned char *image, size_t length, paged_image *paged) {
    if (length < header_length || memcmp(image, magic, sizeof magic) != 0) return 0;
    uint32_t page_size = read32(image + 8), count = read32(image + 12);
    if (page_size < 512 || page_size > 65536 || (page_size & (page_size - 1)) != 0) return 0;
    size_t table = ((size_t)count + 1) * 4;
    if (length - header_length < table) return 0;
    const unsigned char *offsets = image + header_length, *data = offsets + table;
    size_t data_length = length - header_length - table;
    uint32_t previous = 0;
    for (uint32_t index = 0; index <= count; index++) {
        uint32_t offset = read32(offsets + 4 * (size_t)index);
        if (offset < previous || offset > data_length) return 0;
        previous = offset;
    }
    *paged = (paged_image){image, length, page_size, count, offsets, data};
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

/// Page `index` into `out` (page_size bytes) with `stream`, a raw inflate stream kept between
/// pages (one allocation, not one a page); 0 on damage.
static int paged_read(const paged_image *paged, z_stream *stream, uint32_t index, unsigned char *out) {
    uint32_t start = read32(paged->offsets + 4 * (size_t)index), end = read32(paged->offsets + 4 * ((size_t)index + 1));
    if (end - start == paged->page_size) {
        memcpy(out, paged->data + start, paged->page_size);
        return 1;
    }
    if (!stream_ready(stream)) return 0;
    if (!stream->state || zlib.inflateReset(stream) != Z_OK) return 0;
    stream->next_in = (Bytef *)(paged->data + start);
    stream->avail_in = end - start;
    stream->next_out = out;
    stream->avail_out = paged->page_size;
    return zlib.inflate(stream, Z_FINISH) == Z_STREAM_END && stream->avail_out == 0;
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
    if (buffer == NULL) return 0;
    for (uint32_t index = 0; index < paged.page_count; index++) {
        if (!paged_read(&paged, &stream, index, buffer + (size_t)index * paged.page_size)) {
            stream_close(&stream);
            free(buffer);
            return 0;
        }
    }
    stream_close(&stream);
    *out = buffer;
    *out_length = total;
    return 1;
}

int mydex_catalog_compress(
    const unsigned char *database, size_t length, unsigned int page_size, const unsigned char *plain,
    unsigned char **out, size_t *out_length
) {
    if (page_size < 512 || page_size > 65536 || length % page_size != 0 || !have_zlib()) return 0;
    uint32_t count = (uint32_t)(length / page_size);
    size_t table = ((size_t)count + 1) * 4;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (zlib.deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                           (int)sizeof(z_stream)) != Z_OK) return 0;
    size_t bound = zlib.deflateBound(&stream, page_size);
    unsigned char *buffer = malloc(header_length + table + (size_t)count * (bound > page_size ? bound : page_size));
    if (buffer == NULL) {
        zlib.deflateEnd(&stream);
        return 0;
    }
    memcpy(buffer, magic, sizeof magic);
    write32(buffer + 8, page_size);
    write32(buffer + 12, count);
    unsigned char *data = buffer + header_length + table;
    size_t used = 0;
    for (uint32_t index = 0; index < count; index++) {
        write32(buffer + header_length + 4 * (size_t)index, (uint32_t)used);
        const unsigned char *page = database + (size_t)index * page_size;
        size_t size = page_size;
        // Pages most commands read stay plain: no inflating, and no zlib to load, for them.
        if (!(plain && plain[index])) {
            zlib.deflateReset(&stream);
            stream.next_in = (Bytef *)page;
            stream.avail_in = page_size;
            stream.next_out = data + used;
            stream.avail_out = (uInt)bound;
            if (zlib.deflate(&stream, Z_FINISH) == Z_STREAM_END && stream.total_out < page_size) size = stream.total_out;
        }
        if (size == page_size) memcpy(data + used, page, page_size);
        used += size;
    }
    zlib.deflateEnd(&stream);
    write32(buffer + header_length + 4 * (size_t)count, (uint32_t)used);
    *out = buffer;
    *out_length = header_length + table + used;
    return 1;
}

void mydex_catalog_free(unsigned char *bytes) {
    free(bytes);
}

// MARK: - The VFS
//
// "mydex-catalog" opens a paged image in memory, named by its address and length
// ("mydex-catalog-<address>-<length>", both hexadecimal): images are the binary's own, or a test's
// that is never freed. It reads only; everything else is the default VFS's.

typedef struct {
    sqlite3_file base;
    paged_image paged;
    // The last page inflated: SQLite reads a database's header in small pieces.
    uint32_t cached_page;
    int has_cached_page;
    unsigned char *page;
    z_stream stream;
} catalog_file;

static int file_close(sqlite3_file *file) {
    catalog_file *catalog = (catalog_file *)file;
    stream_close(&catalog->stream);
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
            if (!paged_read(paged, &catalog->stream, index, out)) return SQLITE_CORRUPT;
        } else {
            if (!catalog->has_cached_page || catalog->cached_page != index) {
                if (!paged_read(paged, &catalog->stream, index, catalog->page)) return SQLITE_CORRUPT;
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

size_t mydex_deflate_raw(
    const unsigned char *in, size_t length, const unsigned char *dictionary, size_t dictionary_length, unsigned char *out,
    size_t capacity) {
    if (!have_zlib()) return 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (zlib.deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                           (int)sizeof(z_stream)) != Z_OK) return 0;
    if (dictionary_length > 0 && zlib.deflateSetDictionary(&stream, dictionary, (uInt)dictionary_length) != Z_OK) {
        zlib.deflateEnd(&stream);
        return 0;
    }
    stream.next_in = (Bytef *)in;
    stream.avail_in = (uInt)length;
    stream.next_out = out;
    stream.avail_out = (uInt)capacity;
    size_t written = zlib.deflate(&stream, Z_FINISH) == Z_STREAM_END ? stream.total_out : 0;
    zlib.deflateEnd(&stream);
    return written;
}

int mydex_inflate_raw(
    const unsigned char *in, size_t length, const unsigned char *dictionary, size_t dictionary_length, unsigned char *out,
    size_t out_length) {
    if (!have_zlib()) return 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (zlib.inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, (int)sizeof(z_stream)) != Z_OK) return 0;
    // A raw stream takes its preset dictionary before any input.
    if (dictionary_length > 0 && zlib.inflateSetDictionary(&stream, dictionary, (uInt)dictionary_length) != Z_OK) {
        zlib.inflateEnd(&stream);
        return 0;
    }
    stream.next_in = (Bytef *)in;
    stream.avail_in = (uInt)length;
    stream.next_out = out;
    stream.avail_out = (uInt)out_length;
    int done = zlib.inflate(&stream, Z_FINISH) == Z_STREAM_END && stream.avail_out == 0;
    zlib.inflateEnd(&stream);
    return done;
}
