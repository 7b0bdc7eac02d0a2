#ifndef MYDEX_CMYDEXCATALOG_H
#define MYDEX_CMYDEXCATALOG_H

#include <stddef.h>

/// The built-in Pokédex (catalog-1.pages and catalog-2.pages, one after the other: the catalog database's pages, most deflated; made by
/// PokedexGenerator from the JSON Lines), embedded in the binary.
const unsigned char *mydex_catalog_bytes(void);
size_t mydex_catalog_length(void);

/// Makes `image` (`length` bytes of an SQLite database, never freed) the content of schema
/// `schema` of `connection` (a sqlite3 *), which must already be attached as an in-memory
/// database. Nothing is copied: SQLite reads the pages in place. Returns an SQLite result code.
int mydex_catalog_deserialize(void *connection, const char *schema, unsigned char *image, size_t length);

/// Whether `image` is a paged image (catalog-N.pages' format), its header and page table sound.
int mydex_catalog_is_paged(const unsigned char *image, size_t length);

/// A paged image's database, inflated whole into memory the caller frees with
/// `mydex_catalog_free`; 0 when the image is damaged or memory runs out.
int mydex_catalog_inflate(const unsigned char *image, size_t length, unsigned char **out, size_t *out_length);

/// An SQLite database (`length` a multiple of `page_size`) as a paged image, each page deflated
/// but those whose byte in `plain` (one a page, or NULL) is nonzero, in memory the caller frees
/// with `mydex_catalog_free`; 0 on failure (or when zlib cannot be loaded). A page whose byte in
/// `candidates` (or NULL) is k > 0 may be deflated primed with `dictionaries[k - 1]` (at most
/// 32 KiB, at most 255 of them): it is where that makes it smaller and the dictionary's pages
/// gain more than it costs; the others are left out of the image.
int mydex_catalog_compress(
    const unsigned char *database, size_t length, unsigned int page_size, const unsigned char *plain,
    const unsigned char *candidates, const unsigned char *const *dictionaries, const size_t *dictionary_lengths,
    unsigned int dictionary_count, unsigned char **out, size_t *out_length);

/// Whether libz.so.1 could be loaded (it is, with `dlopen`, on the first compressed page).
int mydex_catalog_zlib_available(void);

void mydex_catalog_free(unsigned char *bytes);

/// Registers the read-only VFS "mydex-catalog" (once per process), which opens a paged image in
/// memory named "mydex-catalog-<address>-<length>" (hexadecimal) and inflates each page as SQLite
/// reads it. Returns 1 when an ATTACH can name it (this SQLite reads URI filenames), else 0.
int mydex_catalog_register_vfs(void);

/// Adds `learnset_levels(moves, level_up, move)` to `connection` (a sqlite3 *): a stored learnset
/// list searched for a move (NULL when absent, else a JSON array of its levels). Returns an
/// SQLite result code.
int mydex_catalog_add_functions(void *connection);

/// `in` deflated (raw, no header) into `out`; the length written, 0 when it does not fit or zlib
/// cannot be loaded.
size_t mydex_deflate_raw(const unsigned char *in, size_t length, unsigned char *out, size_t capacity);

/// Raw deflate `in` inflated into exactly `out_length` bytes of `out`; 0 on damage or without zlib.
int mydex_inflate_raw(const unsigned char *in, size_t length, unsigned char *out, size_t out_length);

/// `in` packed as an xz stream into `out`; the length written, 0 when it does not fit or
/// liblzma.so.5 cannot be loaded.
size_t mydex_xz_compress(const unsigned char *in, size_t length, unsigned char *out, size_t capacity);

/// An xz stream `in` unpacked into exactly `out_length` bytes of `out`; 0 on damage or without liblzma.
int mydex_xz_decompress(const unsigned char *in, size_t length, unsigned char *out, size_t out_length);

#endif
