/*
 * source.h -- the run's source files and source spans.
 *
 * Every file patlint reads (inputs, includes, fixtures) is loaded once
 * into a pl_source_mgr and named by a small integer id; every model node
 * carries a pl_span into one of them.  The manager owns the buffers and
 * frees them in pl_source_mgr_free.
 */
#ifndef PL_SOURCE_H
#define PL_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A half-open range of source text.  Lines and columns are 1-based, columns
 * count bytes (as LLVM's do); offsets are 0-based byte offsets.  file == 0
 * means "no location". */
struct pl_span {
	uint32_t file;     /* pl_source_file id, 0 = none */
	uint32_t line;     /* first line */
	uint32_t col;      /* first column */
	uint32_t end_line; /* line of the end */
	uint32_t end_col;  /* column just past the last byte */
	uint32_t off;      /* byte offset of the start */
	uint32_t end_off;  /* byte offset just past the end */
};

struct pl_source_file {
	uint32_t id;           /* index in the manager, >= 1 */
	const char *path;      /* path as given or resolved (for messages) */
	const char *buf;       /* contents, NUL-terminated */
	size_t len;            /* bytes, without the NUL */
	uint32_t *line_starts; /* offsets of line starts, built on demand */
	uint32_t n_lines;      /* entries in line_starts */
	bool mapped;           /* buf is a mapping of the file (pl_map_file) */
	bool has_cr;           /* buf holds a carriage return */
	bool path_clean;       /* no byte of path is a terminal control byte (pl_find_ctl) */
	bool has_mark;         /* the text holds PL_SOURCE_MARK somewhere */
	size_t path_len;       /* strlen(path) */
	_Atomic unsigned char text_state; /* pl_source_text_clean: 0 not known yet, 1, 2 */
	_Atomic uint64_t checksum; /* pl_source_checksum, with its low bit set; 0 not known yet */
};

/* What every patlint directive in a comment starts with (the findings'
 * suppressions): a file is looked at for it once, as it is loaded, while
 * its text is in the cache -- a scan of all a run's files after the rules
 * read them from memory again, on one thread. */
#define PL_SOURCE_MARK "patlint:"

struct pl_source_mgr;
struct pl_fscache;

struct pl_source_mgr *pl_source_mgr_new(void);
void pl_source_mgr_free(struct pl_source_mgr *sm);

/* Load path (once: a second call with the same path returns the same
 * file).  Returns 0 and sets *out, or -1 with errno set. */
int pl_source_load(struct pl_source_file **out, struct pl_source_mgr *sm, const char *path);
/* The file loaded or added under path, or NULL: nothing is read. */
struct pl_source_file *pl_source_find(struct pl_source_mgr *sm, const char *path);
/* The run's view of the file system (fscache.h), shared by its threads. */
struct pl_fscache *pl_source_fs(struct pl_source_mgr *sm);
/* Register an in-memory buffer (copied) under a display name. */
struct pl_source_file *pl_source_add(struct pl_source_mgr *sm, const char *name,
                                     const char *buf, size_t len);
/* The file with this id, or NULL. */
struct pl_source_file *pl_source_get(const struct pl_source_mgr *sm, uint32_t id);
/* Note a file the run read without loading it here (a configuration
 * file, a compilation database, a baseline) as what it is, "configuration
 * file": -o refuses the noted files as it refuses the loaded ones
 * (outfile.h).  Not while other threads use sm. */
void pl_source_note_read(struct pl_source_mgr *sm, const char *path, const char *what);
/* The files noted so far, and the i-th's path and what it is. */
size_t pl_source_noted_count(const struct pl_source_mgr *sm);
const char *pl_source_noted(const struct pl_source_mgr *sm, size_t i, const char **what);

/* Whether no byte of f's text is a terminal control byte other than tab
 * and newline (pl_find_ctl), so that its lines can be shown unscanned.
 * Found out on first use (most files loaded, a run's includes, are never
 * shown) and kept; callable from any thread. */
bool pl_source_text_clean(struct pl_source_file *f);
/* pl_checksum of f's text, worked out once: an include cache image names
 * every file its state rests on with this sum, and a run over a tree
 * checks OpBase.td and its includes against it for each image it looks
 * at (61 of the corpus's, ~1.5 MiB of text each). */
uint64_t pl_source_checksum(const struct pl_source_file *f);
/* Files loaded so far. */
uint32_t pl_source_count(const struct pl_source_mgr *sm);

/* 1-based line and column of byte offset off in f. */
void pl_source_linecol(struct pl_source_file *f, uint32_t off, uint32_t *line, uint32_t *col);
/* A span from byte offsets [off, end_off) of f. */
struct pl_span pl_source_span(struct pl_source_file *f, uint32_t off, uint32_t end_off);
/* The same, trying line *hint first (0: no hint) and leaving the span's
 * last line in *hint: a caller that makes many spans close together (the
 * access layer's scan of a def) then rarely searches the line index. */
struct pl_span pl_source_span_hint(struct pl_source_file *f, uint32_t off, uint32_t end_off,
                                   uint32_t *hint);
/* Start and length of the line holding span's start (without the
 * newline); span.line is taken when it is that line. */
const char *pl_source_span_line(struct pl_source_file *f, struct pl_span span, size_t *len);

/* A span covering both a and b (same file; a's start, b's end). */
struct pl_span pl_span_join(struct pl_span a, struct pl_span b);

#endif /* PL_SOURCE_H */
