/*
 * source.c -- file loading, ids and offset-to-line/column mapping.
 */
#include "config.h"
#include "source.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct pl_source_mgr {
	struct pl_source_file **files; /* files[0] is unused: id 0 = none */
	uint32_t count;                /* entries used, including slot 0 */
	uint32_t cap;                  /* entries allocated */
};

struct pl_source_mgr *pl_source_mgr_new(void)
{
	struct pl_source_mgr *sm = pl_xcalloc(1, sizeof(*sm));

	sm->cap = 16;
	sm->files = pl_xcalloc(sm->cap, sizeof(*sm->files));
	sm->count = 1;
	return sm;
}

void pl_source_mgr_free(struct pl_source_mgr *sm)
{
	if (!sm)
		return;
	for (uint32_t i = 1; i < sm->count; i++) {
		struct pl_source_file *f = sm->files[i];
		free((char *)f->path);
		free((char *)f->buf);
		free(f->line_starts);
		free(f);
	}
	free(sm->files);
	free(sm);
}

static struct pl_source_file *add_file(struct pl_source_mgr *sm, const char *path,
                                       char *buf, size_t len)
{
	struct pl_source_file *f = pl_xcalloc(1, sizeof(*f));

	if (sm->count == sm->cap) {
		sm->cap *= 2;
		sm->files = pl_xrealloc(sm->files, sm->cap * sizeof(*sm->files));
	}
	f->id = sm->count;
	f->path = pl_xstrdup(path);
	f->buf = buf;
	f->len = len;
	sm->files[sm->count++] = f;
	return f;
}

int pl_source_load(struct pl_source_file **out, struct pl_source_mgr *sm, const char *path)
{
	char *buf;
	size_t len;

	*out = NULL;
	for (uint32_t i = 1; i < sm->count; i++) {
		if (strcmp(sm->files[i]->path, path) == 0) {
			*out = sm->files[i];
			return 0;
		}
	}
	if (pl_read_file(&buf, &len, path) < 0)
		return -1;
	*out = add_file(sm, path, buf, len);
	return 0;
}

struct pl_source_file *pl_source_add(struct pl_source_mgr *sm, const char *name,
                                     const char *buf, size_t len)
{
	char *copy = pl_xmalloc(len + 1);

	memcpy(copy, buf, len);
	copy[len] = '\0';
	return add_file(sm, name, copy, len);
}

struct pl_source_file *pl_source_get(const struct pl_source_mgr *sm, uint32_t id)
{
	if (id == 0 || id >= sm->count)
		return NULL;
	return sm->files[id];
}

uint32_t pl_source_count(const struct pl_source_mgr *sm)
{
	return sm->count - 1;
}

static void build_lines(struct pl_source_file *f)
{
	uint32_t n = 1, cap = 256;

	f->line_starts = pl_xmalloc(cap * sizeof(uint32_t));
	f->line_starts[0] = 0;
	for (size_t i = 0; i < f->len; i++) {
		if (f->buf[i] != '\n')
			continue;
		if (n == cap) {
			cap *= 2;
			f->line_starts = pl_xrealloc(f->line_starts, cap * sizeof(uint32_t));
		}
		f->line_starts[n++] = (uint32_t)(i + 1);
	}
	f->n_lines = n;
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

struct pl_span pl_source_span(struct pl_source_file *f, uint32_t off, uint32_t end_off)
{
	struct pl_span s = {0};

	s.file = f->id;
	s.off = off;
	s.end_off = end_off < off ? off : end_off;
	pl_source_linecol(f, off, &s.line, &s.col);
	pl_source_linecol(f, s.end_off, &s.end_line, &s.end_col);
	return s;
}

const char *pl_source_line_text(struct pl_source_file *f, uint32_t off, size_t *len)
{
	uint32_t line, col;

	pl_source_linecol(f, off, &line, &col);
	const char *start = f->buf + f->line_starts[line - 1];
	const char *end = start;
	while (end < f->buf + f->len && *end != '\n' && *end != '\r')
		end++;
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
