/*
 * source.c -- file loading, ids and offset-to-line/column mapping.
 */
#include "config.h"
#include "source.h"
#include "fscache.h"
#include "util.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "analyzer/cthreads.h"

/* Files live in fixed chunks that never move, so that pl_source_get can
 * read without the lock while `check -j N` threads load includes: a
 * thread only asks for ids it got back from pl_source_load (or that the
 * main thread got before it started the threads), and the release store
 * of count orders the chunk writes before them.  Loading and adding take
 * the lock; line tables are built at load time, not on demand, so that
 * no reader ever writes to a shared file. */
#define SM_CHUNK_BITS 10
#define SM_CHUNK (1u << SM_CHUNK_BITS)
#define SM_MAX_CHUNKS 4096 /* 4M files */

struct pl_source_mgr {
	struct pl_source_file **chunks[SM_MAX_CHUNKS]; /* id -> file; id 0 unused */
	_Atomic uint32_t count;        /* entries used, including slot 0 */
	mtx_t lock;                    /* serializes pl_source_load / pl_source_add */
	uint32_t *by_path;             /* open addressing: file ids by path (under lock) */
	uint32_t by_path_cap;          /* slots (power of two), 0 before the first file */
	struct pl_fscache *fs;         /* the run's answers from the file system */
	struct noted {                 /* files read without being loaded (pl_source_note_read) */
		char *path;
		const char *what;
	} *noted;
	size_t n_noted, cap_noted;
};

#define SM_FILE(sm, id) ((sm)->chunks[(id) >> SM_CHUNK_BITS][(id) & (SM_CHUNK - 1)])

struct pl_source_mgr *pl_source_mgr_new(void)
{
	struct pl_source_mgr *sm = pl_xcalloc(1, sizeof(*sm));

	atomic_init(&sm->count, 1);
	mtx_init(&sm->lock, mtx_plain);
	sm->fs = pl_fscache_new();
	return sm;
}

static void file_free(struct pl_source_file *f)
{
	free((char *)f->path);
	pl_unmap_file(f->buf, f->len, f->mapped);
	free(f->line_starts);
	free(f);
}

void pl_source_mgr_free(struct pl_source_mgr *sm)
{
	if (!sm)
		return;
	uint32_t n = atomic_load(&sm->count);
	for (uint32_t i = 1; i < n; i++)
		file_free(SM_FILE(sm, i));
	for (uint32_t c = 0; c < SM_MAX_CHUNKS && sm->chunks[c]; c++)
		free(sm->chunks[c]);
	free(sm->by_path);
	for (size_t i = 0; i < sm->n_noted; i++)
		free(sm->noted[i].path);
	free(sm->noted);
	pl_fscache_free(sm->fs);
	mtx_destroy(&sm->lock);
	free(sm);
}

static void build_lines(struct pl_source_file *f);

/* The by_path slot of path: the id of the first file loaded under that
 * path, or the empty slot where it goes.  Called with sm->lock held (a
 * `check -j` run over a tree loads each include once per input: a linear
 * search was quadratic in the files, under the lock). */
static uint32_t *path_slot(struct pl_source_mgr *sm, const char *path)
{
	uint32_t mask = sm->by_path_cap - 1;
	uint32_t i = (uint32_t)pl_hash_bytes(path, strlen(path)) & mask;

	while (sm->by_path[i] && strcmp(SM_FILE(sm, sm->by_path[i])->path, path) != 0)
		i = (i + 1) & mask;
	return &sm->by_path[i];
}

static void path_index(struct pl_source_mgr *sm, struct pl_source_file *f)
{
	uint32_t n = atomic_load_explicit(&sm->count, memory_order_relaxed);

	if ((n + 1) * 2 > sm->by_path_cap) {
		uint32_t old_cap = sm->by_path_cap, *old = sm->by_path;
		sm->by_path_cap = old_cap ? old_cap * 2 : 256;
		sm->by_path = pl_xcalloc(sm->by_path_cap, sizeof(*sm->by_path));
		for (uint32_t i = 0; i < old_cap; i++)
			if (old[i])
				*path_slot(sm, SM_FILE(sm, old[i])->path) = old[i];
		free(old);
	}
	uint32_t *slot = path_slot(sm, f->path);
	if (!*slot)
		*slot = f->id;
}

/* A file not yet in sm: its text and line table, made without the lock. */
static struct pl_source_file *file_new(const char *path, const char *buf, size_t len,
                                       bool mapped)
{
	struct pl_source_file *f = pl_xcalloc(1, sizeof(*f));

	f->path = pl_xstrdup(path);
	f->buf = buf;
	f->len = len;
	f->mapped = mapped;
	f->path_len = strlen(f->path);
	f->path_clean = pl_find_ctl(f->path, f->path_len, false) == f->path_len;
	build_lines(f);
	f->has_mark = pl_contains(buf, len, PL_SOURCE_MARK, sizeof(PL_SOURCE_MARK) - 1);
	return f;
}

/* Give f the next id and index it.  Called with sm->lock held. */
static struct pl_source_file *add_file(struct pl_source_mgr *sm, struct pl_source_file *f)
{
	uint32_t id = atomic_load_explicit(&sm->count, memory_order_relaxed);

	if (id >> SM_CHUNK_BITS >= SM_MAX_CHUNKS)
		pl_die("too many source files");
	if (!sm->chunks[id >> SM_CHUNK_BITS])
		sm->chunks[id >> SM_CHUNK_BITS] = pl_xcalloc(SM_CHUNK, sizeof(**sm->chunks));
	f->id = id;
	SM_FILE(sm, id) = f;
	atomic_store_explicit(&sm->count, id + 1, memory_order_release);
	path_index(sm, f);
	return f;
}

/* The file loaded under path, or NULL.  Called with sm->lock held. */
static struct pl_source_file *find_locked(struct pl_source_mgr *sm, const char *path)
{
	return sm->by_path_cap && *path_slot(sm, path) ? SM_FILE(sm, *path_slot(sm, path)) : NULL;
}

int pl_source_load(struct pl_source_file **out, struct pl_source_mgr *sm, const char *path)
{
	const char *buf;
	size_t len;
	bool mapped;

	if ((*out = pl_source_find(sm, path)))
		return 0;
	/* Mapped, not copied: a run reads a few hundred KiB of MLIR's .td
	 * files, and copying them cost more than the mappings' faults.  The
	 * mapping and the line table are made without the lock: `check -j`
	 * workers load their includes at once, and holding it for the system
	 * calls made them wait for each other (a corpus run at -j 2: each
	 * worker waited 16-48 times, 1-9 ms in all). */
	if (pl_map_file(&buf, &len, &mapped, path) < 0)
		return -1;
	struct pl_source_file *mine = file_new(path, buf, len, mapped);
	mtx_lock(&sm->lock);
	/* another thread may have loaded it meanwhile: one file per path */
	struct pl_source_file *f = find_locked(sm, path);
	if (!f)
		f = add_file(sm, mine);
	mtx_unlock(&sm->lock);
	if (f != mine)
		file_free(mine);
	*out = f;
	return 0;
}

struct pl_source_file *pl_source_find(struct pl_source_mgr *sm, const char *path)
{
	struct pl_source_file *f = NULL;

	mtx_lock(&sm->lock);
	f = find_locked(sm, path);
	mtx_unlock(&sm->lock);
	return f;
}

struct pl_fscache *pl_source_fs(struct pl_source_mgr *sm)
{
	return sm->fs;
}

struct pl_source_file *pl_source_add(struct pl_source_mgr *sm, const char *name,
                                     const char *buf, size_t len)
{
	char *copy = pl_xmalloc(len + 1);

	memcpy(copy, buf, len);
	copy[len] = '\0';
	struct pl_source_file *f = file_new(name, copy, len, false);
	mtx_lock(&sm->lock);
	add_file(sm, f);
	mtx_unlock(&sm->lock);
	return f;
}

struct pl_source_file *pl_source_get(const struct pl_source_mgr *sm, uint32_t id)
{
	if (id == 0 || id >= atomic_load_explicit(&((struct pl_source_mgr *)sm)->count, memory_order_acquire))
		return NULL;
	return SM_FILE(sm, id);
}

void pl_source_note_read(struct pl_source_mgr *sm, const char *path, const char *what)
{
	if (sm->n_noted == sm->cap_noted) {
		sm->cap_noted = sm->cap_noted ? sm->cap_noted * 2 : 4;
		sm->noted = pl_xrealloc(sm->noted, sm->cap_noted * sizeof(*sm->noted));
	}
	sm->noted[sm->n_noted++] = (struct noted){pl_xstrdup(path), what};
}

size_t pl_source_noted_count(const struct pl_source_mgr *sm)
{
	return sm->n_noted;
}

const char *pl_source_noted(const struct pl_source_mgr *sm, size_t i, const char **what)
{
	*what = sm->noted[i].what;
	return sm->noted[i].path;
}

uint32_t pl_source_count(const struct pl_source_mgr *sm)
{
	return atomic_load(&((struct pl_source_mgr *)sm)->count) - 1;
}

static void build_lines(struct pl_source_file *f)
{
	uint32_t n = 1, cap = 256;

	f->line_starts = pl_xmalloc(cap * sizeof(uint32_t));
	f->line_starts[0] = 0;
	for (const char *p = f->buf, *end = f->buf + f->len;
	     (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++) {
		if (n == cap) {
			cap *= 2;
			f->line_starts = pl_xrealloc(f->line_starts, cap * sizeof(uint32_t));
		}
		f->line_starts[n++] = (uint32_t)(p - f->buf + 1);
	}
	f->n_lines = n;
	f->has_cr = memchr(f->buf, '\r', f->len) != NULL;
}

bool pl_source_text_clean(struct pl_source_file *f)
{
	unsigned char s = atomic_load_explicit(&f->text_state, memory_order_relaxed);

	if (!s) {
		/* racing threads find the same answer */
		s = pl_find_ctl(f->buf, f->len, true) == f->len ? 1 : 2;
		atomic_store_explicit(&f->text_state, s, memory_order_relaxed);
	}
	return s == 1;
}

uint64_t pl_source_checksum(const struct pl_source_file *f)
{
	struct pl_source_file *w = (struct pl_source_file *)f; /* a cache of its text's sum */
	uint64_t s = atomic_load_explicit(&w->checksum, memory_order_relaxed);

	if (!s) {
		/* racing threads find the same sum; the low bit marks it known */
		s = pl_checksum(f->buf, f->len) | 1;
		atomic_store_explicit(&w->checksum, s, memory_order_relaxed);
	}
	return s;
}

void pl_source_linecol(struct pl_source_file *f, uint32_t off, uint32_t *line, uint32_t *col)
{
	if (!f->line_starts)
		build_lines(f);
	if (off > f->len)
		off = (uint32_t)f->len;
	uint32_t lo = 0, hi = f->n_lines;
	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (f->line_starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line = lo + 1;
	*col = off - f->line_starts[lo] + 1;
}

/* Whether off is on line (1-based) of f, whose lines are indexed. */
static bool on_line(const struct pl_source_file *f, uint32_t line, uint32_t off)
{
	return line >= 1 && line <= f->n_lines && f->line_starts[line - 1] <= off &&
	       (line == f->n_lines || off < f->line_starts[line]);
}

struct pl_span pl_source_span_hint(struct pl_source_file *f, uint32_t off, uint32_t end_off, uint32_t *hint)
{
	struct pl_span s = {0};

	s.file = f->id;
	s.off = off;
	s.end_off = end_off < off ? off : end_off;
	if (hint && *hint && f->line_starts && off <= f->len && on_line(f, *hint, off)) {
		s.line = *hint;
		s.col = off - f->line_starts[*hint - 1] + 1;
	} else {
		pl_source_linecol(f, off, &s.line, &s.col);
	}
	/* most spans end on the line they start on: no second search */
	if (s.end_off <= f->len && (s.line >= f->n_lines || s.end_off < f->line_starts[s.line])) {
		s.end_line = s.line;
		s.end_col = s.col + (s.end_off - off);
	} else {
		pl_source_linecol(f, s.end_off, &s.end_line, &s.end_col);
	}
	if (hint)
		*hint = s.end_line;
	return s;
}

struct pl_span pl_source_span(struct pl_source_file *f, uint32_t off, uint32_t end_off)
{
	return pl_source_span_hint(f, off, end_off, NULL);
}

const char *pl_source_span_line(struct pl_source_file *f, struct pl_span span, size_t *len)
{
	uint32_t off = span.off, line = span.line, col;

	if (!f->line_starts)
		build_lines(f);
	if (off > f->len)
		off = (uint32_t)f->len;
	/* the span's own line when it holds off: reports print one line per
	 * note, and the search was a tenth of rendering them */
	if (!on_line(f, line, off))
		pl_source_linecol(f, off, &line, &col);
	const char *start = f->buf + f->line_starts[line - 1];
	const char *lim = f->buf + f->len;
	const char *end;
	if (line < f->n_lines)
		end = f->buf + f->line_starts[line] - 1; /* its newline */
	else if (!(end = start < lim ? memchr(start, '\n', (size_t)(lim - start)) : NULL))
		end = start < lim ? lim : start;
	const char *cr = f->has_cr ? memchr(start, '\r', (size_t)(end - start)) : NULL;
	if (cr)
		end = cr;
	*len = (size_t)(end - start);
	return start;
}

struct pl_span pl_span_join(struct pl_span a, struct pl_span b)
{
	if (a.file == 0)
		return b;
	if (b.file != a.file || b.end_off < a.off)
		return a;
	a.end_line = b.end_line;
	a.end_col = b.end_col;
	a.end_off = b.end_off;
	return a;
}
