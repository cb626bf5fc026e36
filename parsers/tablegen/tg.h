/*
 * tg.h -- public interface of the TableGen frontend: load a .td file,
 * evaluate it into records exactly as llvm-tblgen-16 does, query them, and
 * dump them in the JSON schema of `llvm-tblgen --dump-json`.
 *
 * Everything tg_* returns lives in the run's arena; callers never free it.
 * Errors are reported through the diagnostics context (file:line:col) and
 * make tg_load return -1; it never aborts on bad input.
 */
#ifndef PL_TG_H
#define PL_TG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "analyzer/source.h"

struct pl_arena;
struct pl_intern;
struct pl_source_mgr;
struct pl_diag_ctx;

struct tg_options {
	const char *const *include_dirs; /* -I directories, in order */
	unsigned n_include;              /* entries in include_dirs */
	const char *const *defines;      /* -D macro names */
	unsigned n_define;               /* entries in defines */
	bool allow_include_outside;      /* no include confinement (parsers/incpath.h) */
	struct tg_stream *stream;        /* publish the defs as they come, or NULL */
};

/* Whether loads of one file under a and under b evaluate the same text
 * the same way: the same -I folders in order, -D macros and confinement
 * (the stream aside). */
bool tg_options_same(const struct tg_options *a, const struct tg_options *b);

/* The evaluated records of one input file and all it includes. */
struct tg_records;

/* Whether loading the file r was loaded from under options now, where r
 * was loaded under was (its own main file, not an include cache's state),
 * would make the same records: the same -D macros and confinement, and
 * each include finding the file it found (the same -I folders, or others
 * under which they do).  May load files into sm (the candidates found). */
bool tg_records_same_under(const struct tg_records *r, struct pl_source_mgr *sm,
                           struct pl_intern *intern, const struct tg_options *was,
                           const struct tg_options *now);

/* Lex, parse and evaluate path.  Returns 0 and sets *out, or -1 when any
 * error was reported (then *out may still hold what was evaluated). */
int tg_load(struct tg_records **out, struct pl_arena *arena, struct pl_intern *intern,
            struct pl_source_mgr *sm, struct pl_diag_ctx *diag, const char *path,
            const struct tg_options *opts);
/* Same, for the in-memory text buf[0..len) registered (copied) in sm under
 * the display name `name` (used in messages; includes resolve as for a
 * file of that name).  name must not already be loaded in sm.  For tests
 * and the fuzz targets (tests/fuzz/). */
int tg_load_buffer(struct tg_records **out, struct pl_arena *arena, struct pl_intern *intern,
                   struct pl_source_mgr *sm, struct pl_diag_ctx *diag, const char *name,
                   const char *buf, size_t len, const struct tg_options *opts);

/* The include cache: evaluate each included file once per cache, however
 * many inputs loaded through it include it (tg_parse.c says how); inputs
 * loaded with other options (include folders, macros) share nothing.  A
 * cache is used by one thread at a time; the records loaded through it share
 * objects, so the arenas they were loaded into must outlive all of them. */
struct tg_cache;
struct tg_cache *tg_cache_new(void);
/* Another cache on c's states, for another thread: what one of them
 * evaluated, loads through the others restore.  Make the caches before
 * the threads use any of them, and keep no images in them
 * (tg_cache_set_dir).  Each has its own statistics and tg_cache_set_last;
 * the states go with the last one freed.  The records loaded through any
 * of them share objects: all their arenas must outlive all of them. */
struct tg_cache *tg_cache_share(struct tg_cache *c);
void tg_cache_free(struct tg_cache *c);
/* Chunks (an included file's text after its own leading includes) skipped
 * because their state was kept, and chunks evaluated (NULL: zeros). */
void tg_cache_stats(const struct tg_cache *c, unsigned *restored, unsigned *evaluated);
/* Whether the loads through c from now on are its last (default false;
 * c may be NULL): a state is kept for the loads after the one that
 * reached it, so the last load (a run's single input) keeps none. */
void tg_cache_set_last(struct tg_cache *c, bool last);
/* Keep the states of the cache in files in folder dir as well (made when
 * missing; NULL: no files), so that later runs skip the included files
 * this run evaluated (tg_parse.c, tg_image.c). */
void tg_cache_set_dir(struct tg_cache *c, const char *dir);
/* After a run writes its first image, the least recently used images of
 * the folder are removed when they take more than this many bytes
 * (default TG_IMAGE_DIR_LIMIT), down to three quarters of it. */
#define TG_IMAGE_DIR_LIMIT ((uint64_t)1 << 30)
void tg_cache_set_dir_limit(struct tg_cache *c, uint64_t bytes);
/* Images read and written by runs through c, and images found but not
 * read because c's states served the input (most of an image's state
 * already in memory: restoring it and evaluating the rest costs less). */
void tg_cache_image_stats(const struct tg_cache *c, unsigned *read, unsigned *written,
                          unsigned *skipped);
/* tg_load through cache (NULL: as tg_load). */
int tg_load_cached(struct tg_records **out, struct tg_cache *cache, struct pl_arena *arena,
                   struct pl_intern *intern, struct pl_source_mgr *sm, struct pl_diag_ctx *diag,
                   const char *path, const struct tg_options *opts);

/* Make later queries of r (name lookups intern their argument) use intern
 * and report to diag instead of what r was evaluated with: check -j
 * evaluates with a worker's intern view and diagnostics context, which do
 * not outlive the evaluation phase, while ops are filled in from r later. */
void tg_records_rebind(struct tg_records *r, struct pl_intern *intern, struct pl_diag_ctx *diag);

/* Streaming (tg_stream.c): a reader thread takes an input's defs while
 * another thread evaluates it, with tg_options.stream set.  The
 * evaluation must only add defs (a fresh include cache, no images);
 * whatever else happens breaks the stream.  Once the evaluation is over,
 * tg_records_rebind ends the streaming of its records. */
struct tg_stream;
struct tg_rec;
/* A stream whose reader interns names through reader. */
struct tg_stream *tg_stream_new(struct pl_intern *reader);
void tg_stream_free(struct tg_stream *s);
/* The evaluation is over (the evaluating thread, after tg_load_cached). */
void tg_stream_end(struct tg_stream *s);
/* What was published does not hold (a restart; an evaluation that may
 * restore states): the reader is to read the finished records instead. */
void tg_stream_break(struct tg_stream *s);
/* Wait until more than `have` defs can be read -- at least `batch` more --
 * or the evaluation is over; returns how many, with *defs the array
 * holding them and *ended whether that count is final. */
unsigned tg_stream_wait(struct tg_stream *s, unsigned have, unsigned batch,
                        const struct tg_rec *const **defs, bool *ended);
/* The records being evaluated (for tga_attach and lookups), or NULL before
 * the first def is published; and the input's own file. */
struct tg_records *tg_stream_records(struct tg_stream *s);
uint32_t tg_stream_root_file(struct tg_stream *s);
/* What was read is not what the evaluation made (read the records again). */
bool tg_stream_broken(struct tg_stream *s);
/* After the evaluation: every name the reader looked up in vain while it
 * ran is still undefined in r (false: the reader decided on less than the
 * finished records say). */
bool tg_stream_lookups_hold(struct tg_stream *s, const struct tg_records *r);

/* Print r as `llvm-tblgen --dump-json` does, byte for byte (compact JSON,
 * keys sorted, one trailing newline). */
void tg_dump_json(FILE *f, const struct tg_records *r);

/*
 * Query API.  A record (struct tg_rec) is a def or a class; a value
 * (struct tg_value) is immutable and shared (equal values are the same
 * pointer).  Both are opaque; read them with the functions below.  Values
 * carry no location of their own: the location of a value is that of the
 * field holding it (tg_rec_field_span), and of the record (tg_rec_span,
 * plus tg_rec_inst_span for records made by defm or foreach).
 */
struct tg_rec;
struct tg_value;

/* Defs in definition order (anonymous instantiations Class<...> included,
 * at the point where they were created); NULL when i is out of range. */
unsigned tg_def_count(const struct tg_records *r);
const struct tg_rec *tg_def_at(const struct tg_records *r, unsigned i);
/* All defs in definition order, *n of them. */
const struct tg_rec *const *tg_defs(const struct tg_records *r, unsigned *n);
/* Hash lookup by name; NULL when there is none. */
const struct tg_rec *tg_def_find(const struct tg_records *r, const char *name);
const struct tg_rec *tg_class_find(const struct tg_records *r, const char *name);

const char *tg_rec_name(const struct tg_rec *rec);
bool tg_rec_anonymous(const struct tg_rec *rec);
/* Whether rec derives (directly or not) from the class named class_name. */
bool tg_rec_isa(const struct tg_rec *rec, const char *class_name);
/* Which of classes[0..n) (n <= 32; from tg_class_find, NULL entries never
 * match) rec derives from, as bit i for classes[i]: one walk over its
 * superclasses comparing pointers, for several tg_rec_isa. */
unsigned tg_rec_isa_mask(const struct tg_rec *rec, const struct tg_rec *const *classes, unsigned n);
/* All superclasses in llvm-tblgen's order ("!superclasses"). */
unsigned tg_rec_super_count(const struct tg_rec *rec);
const struct tg_rec *tg_rec_super_at(const struct tg_rec *rec, unsigned i);
/* Where the record is defined (its name, or the `def` keyword when
 * anonymous), and the defm/foreach that instantiated it (file 0 if none). */
struct pl_span tg_rec_span(const struct tg_rec *rec);
struct pl_span tg_rec_inst_span(const struct tg_rec *rec);
/* The include chain of the file the record is in: depth 0 gives the span of
 * the `include "..."` string that brought that file in, depth 1 the include
 * of the file holding that one, and so on.  Returns false (and a zero span)
 * past the main file. */
bool tg_rec_included_from(const struct tg_records *r, const struct tg_rec *rec, unsigned depth,
                          struct pl_span *out);

/* Words on each record for a client's own bookkeeping, zero when a record
 * is made, copied or read from an image, and never read by the frontend:
 * the importers write there the id of the model that has looked at a
 * def, so that the inputs of a run that share included records (the
 * include cache) do not look at those again. */
enum tg_rec_note { TG_NOTE_ODS, TG_NOTE_DRR, TG_NOTES };
unsigned tg_rec_note_get(const struct tg_rec *rec, enum tg_rec_note which);
void tg_rec_note_set(const struct tg_rec *rec, enum tg_rec_note which, unsigned v);
/* A number of r's first defs (tg_def_at order) a client that notes v on
 * every def it looks at, in order, has looked at all of, through earlier
 * records sets: 0 or a P whose def P - 1 holds v.  Records shared with an
 * earlier set (the include cache) are a prefix of each set that has them,
 * with the same defs before them, so when def P - 1 was looked at, every
 * def before it was.  Found by bisection (the noted defs are a prefix
 * while one client notes them), so the client need not read each. */
unsigned tg_defs_noted(const struct tg_records *r, enum tg_rec_note which, unsigned v);

/* Fields in declaration order (template arguments excluded for defs). */
unsigned tg_rec_field_count(const struct tg_rec *rec);
const char *tg_rec_field_name_at(const struct tg_rec *rec, unsigned i);
/* The value of field i (as tg_rec_field_name_at counts), or NULL. */
const struct tg_value *tg_rec_value_at(const struct tg_rec *rec, unsigned i);
/* The value of field name, or NULL when rec has no such field. */
const struct tg_value *tg_rec_value(const struct tg_rec *rec, const char *name);
/* The field's own copy of its name (interned in the records' table), or
 * NULL when rec has no such field: tg_rec_value finds a field by that
 * pointer without comparing strings. */
const char *tg_rec_field_key(const struct tg_rec *rec, const char *name);
/* Where the field's value was last set (let, declaration, defm). */
struct pl_span tg_rec_field_span(const struct tg_rec *rec, const char *name);

enum tg_kind {
	TG_UNSET,      /* ? */
	TG_BIT,        /* 0 or 1 */
	TG_BITS,       /* bits<n>: tg_val_size bits, bit 0 first */
	TG_INT,        /* int */
	TG_STRING,     /* string or code */
	TG_LIST,       /* list<T> */
	TG_DEF,        /* a record */
	TG_DAG,        /* (op args...) */
	TG_UNRESOLVED  /* anything else: an unresolved expression */
};

enum tg_kind tg_val_kind(const struct tg_value *v);
/* bit, int, or bits whose bits are all set: 0 and *out; else -1. */
int tg_val_int(int64_t *out, const struct tg_value *v);
/* String or code text, or NULL. */
const char *tg_val_string(const struct tg_value *v);
bool tg_val_is_code(const struct tg_value *v);
/* The record of a def value, or NULL. */
const struct tg_rec *tg_val_def(const struct tg_value *v);
/* Elements of a list or bits, arguments of a dag. */
unsigned tg_val_size(const struct tg_value *v);
const struct tg_value *tg_val_item(const struct tg_value *v, unsigned i);
const struct tg_value *tg_val_dag_op(const struct tg_value *v);
const char *tg_val_dag_op_name(const struct tg_value *v);      /* NULL if none */
const struct tg_value *tg_val_dag_arg(const struct tg_value *v, unsigned i);
const char *tg_val_dag_arg_name(const struct tg_value *v, unsigned i); /* NULL if none */
/* The value as llvm-tblgen prints it (getAsString), in the arena. */
const char *tg_val_printable(const struct tg_records *r, const struct tg_value *v);

#endif /* PL_TG_H */
