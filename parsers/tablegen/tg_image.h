/*
 * tg_image.h -- an evaluated state of the include cache kept in a file
 * (tg_image.c), for tg_parse.c.
 */
#ifndef PL_TG_IMAGE_H
#define PL_TG_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "parsers/tablegen/tg.h"

struct pl_arena;
struct pl_source_file;
struct tg_hmap;
struct tg_keeper;
struct tg_lex_chunk;

/* Write the state k, mcs (name -> struct multiclass) reached through the
 * chunks chunks[0..n) to path (through a temporary file renamed over it).
 * Returns 0, or -1 when it could not be written. */
int tg_image_write(const char *path, struct tg_keeper *k, const struct tg_hmap *mcs,
                   const struct tg_lex_chunk *const *chunks, unsigned n_chunks);

/* Read the image at path into k (just made by tg_keeper_init, nothing else
 * in it) and mcs (empty), and its chunks into chunk_arena, with the file ids
 * and interned strings of this run.  Returns -1 (k is then unusable) when
 * the file is missing, malformed, made by another patlint, or names a file
 * whose text changed.  With want, the path comes first: want is told the
 * chunks and how many records the state names (its defs and classes), and
 * when it returns false the state is not read (k gets none of it) and 1
 * is returned, the chunks set. */
typedef bool tg_image_want_fn(void *ud, struct tg_lex_chunk *const *chunks, unsigned n_chunks,
                              uint32_t named);
int tg_image_read(const char *path, struct tg_keeper *k, struct tg_hmap *mcs,
                  struct pl_arena *chunk_arena, struct tg_lex_chunk ***chunks, unsigned *n_chunks,
                  tg_image_want_fn *want, void *ud);
/* The same from memory (the fuzz target). */
int tg_image_read_buffer(const char *data, size_t len, struct tg_keeper *k, struct tg_hmap *mcs,
                         struct pl_arena *chunk_arena, struct tg_lex_chunk ***chunks,
                         unsigned *n_chunks, tg_image_want_fn *want, void *ud);

/* The key of main's image under options o: the working directory, main's
 * folder, the options and main's leading text (its includes).  Never 0. */
uint64_t tg_image_key(const struct pl_source_file *main, const struct tg_options *o);
/* Mark the image at path used now (its time orders tg_image_prune). */
void tg_image_touch(const char *path);
/* When the images in dir take more than max_bytes, remove the least
 * recently used until they take three quarters of it; remove temporary
 * files of writers that died (older than an hour). */
void tg_image_prune(const char *dir, uint64_t max_bytes);
/* dir/<key>.tgi (malloc'd). */
char *tg_image_path(const char *dir, uint64_t key);

#endif /* PL_TG_IMAGE_H */
