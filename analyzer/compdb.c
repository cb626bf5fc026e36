/*
 * compdb.c -- read MLIR's tablegen/pdll compilation databases (compdb.h).
 */
#include "config.h"
#include "compdb.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/fscache.h"
#include "analyzer/util.h"

struct entry {
	char *file;          /* filepath, relative ones joined to the database's folder */
	char *real;          /* its real path, or file when it does not exist */
	char **dirs;         /* includes, then the extra folders */
	unsigned n_dirs;
	size_t order;        /* position among the entries, for first-wins */
};

struct pl_compdb {
	struct entry *e;     /* in the order listed */
	size_t n, cap;
	struct entry **by_real; /* the entries sorted by real path, then order */
	struct pl_fscache *fs;  /* where paths are resolved */
};

/* One document being read. */
struct doc {
	unsigned line;       /* where it started (its `---`, or its first key) */
	char *file;
	char *includes;
	bool has_file, has_includes, any;
	bool bad;            /* a problem was reported in it */
};

/* Reports go out as PATH:LINE:COL: error: MESSAGE. */
struct reader {
	const char *name;
	char *dir;           /* the database's folder, "" for the working directory */
	FILE *err;
	unsigned errors;
	struct doc *doc;     /* the entry being read */
};

static void report(struct reader *rd, unsigned line, size_t col, const char *msg)
{
	fprintf(rd->err, "%s:%u:%zu: error: %s\n", rd->name, line, col, msg);
	rd->errors++;
	rd->doc->bad = true;
}

static char *resolve(const struct reader *rd, const char *p, size_t n)
{
	if (n && p[0] == '/')
		return pl_xstrndup(p, n);
	struct pl_buf b = {0};
	pl_buf_puts(&b, rd->dir);
	pl_buf_add(&b, p, n);
	return pl_buf_detach(&b);
}

static void add_entry(struct pl_compdb *db, struct reader *rd, struct doc *d,
                      const char *const *extra, unsigned n_extra)
{
	if (db->n == db->cap) {
		db->cap = db->cap ? db->cap * 2 : 16;
		db->e = pl_xrealloc(db->e, db->cap * sizeof(*db->e));
	}
	struct entry *e = &db->e[db->n];
	memset(e, 0, sizeof(*e));
	e->order = db->n++;
	e->file = resolve(rd, d->file, strlen(d->file));
	e->real = pl_fscache_realpath(db->fs, e->file);
	if (!e->real)
		e->real = pl_xstrdup(e->file);
	size_t cap = n_extra + 1;
	for (const char *s = d->includes ? d->includes : ""; *s; s++)
		cap += *s == ';';
	e->dirs = pl_xcalloc(cap, sizeof(*e->dirs));
	for (const char *s = d->includes ? d->includes : ""; *s;) {
		const char *semi = strchr(s, ';');
		size_t n = semi ? (size_t)(semi - s) : strlen(s);
		if (n)
			e->dirs[e->n_dirs++] = resolve(rd, s, n);
		s += n + (semi != NULL);
	}
	for (unsigned i = 0; i < n_extra; i++)
		e->dirs[e->n_dirs++] = pl_xstrdup(extra[i]);
}

static void doc_end(struct pl_compdb *db, struct reader *rd, struct doc *d,
                    const char *const *extra, unsigned n_extra)
{
	if (d->any && !d->has_file && !d->bad)
		report(rd, d->line, 1, "entry without 'filepath'");
	else if (d->has_file)
		add_entry(db, rd, d, extra, n_extra);
	free(d->file);
	free(d->includes);
	memset(d, 0, sizeof(*d));
}

/* The value of the scalar s[0..n) (a line's text from the value on; col:
 * the column of s), or NULL after reporting what is wrong with it. */
static char *scalar(struct reader *rd, unsigned line, size_t col, const char *s, size_t n)
{
	struct pl_buf b = {0};
	size_t i = 0;

	if (n && (s[0] == '"' || s[0] == '\'')) {
		char q = s[0];
		for (i = 1; i < n; i++) {
			if (s[i] == q) {
				if (q == '\'' && i + 1 < n && s[i + 1] == '\'') {
					pl_buf_putc(&b, '\'');
					i++;
					continue;
				}
				break;
			}
			if (q == '"' && s[i] == '\\' && i + 1 < n) {
				char c = s[++i];
				switch (c) {
				case '"': case '\\': case '/': pl_buf_putc(&b, c); break;
				case 't': pl_buf_putc(&b, '\t'); break;
				default:
					report(rd, line, col + i - 1, "unsupported escape in a quoted path");
					pl_buf_free(&b);
					return NULL;
				}
				continue;
			}
			pl_buf_putc(&b, s[i]);
		}
		if (i >= n) {
			report(rd, line, col, "unterminated quoted scalar");
			pl_buf_free(&b);
			return NULL;
		}
		for (i++; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
			;
		if (i < n && s[i] != '#') {
			report(rd, line, col + i, "unexpected text after a quoted scalar");
			pl_buf_free(&b);
			return NULL;
		}
		return pl_buf_detach(&b);
	}
	/* plain: up to a comment, without trailing blanks */
	size_t end = n;
	for (i = 0; i < n; i++)
		if (s[i] == '#' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\t')) {
			end = i;
			break;
		}
	while (end && (s[end - 1] == ' ' || s[end - 1] == '\t'))
		end--;
	pl_buf_add(&b, s, end);
	return pl_buf_detach(&b);
}

static void read_line(struct pl_compdb *db, struct reader *rd, struct doc *d, unsigned line,
                      const char *p, size_t n, const char *const *extra, unsigned n_extra)
{
	size_t i = 0;

	if (memchr(p, '\0', n)) {
		report(rd, line, (size_t)((const char *)memchr(p, '\0', n) - p) + 1, "NUL byte");
		return;
	}
	if (n >= 3 && (memcmp(p, "---", 3) == 0 || memcmp(p, "...", 3) == 0) &&
	    (n == 3 || p[3] == ' ' || p[3] == '\t')) {
		doc_end(db, rd, d, extra, n_extra);
		d->line = line;
		return;
	}
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	if (i == n || p[i] == '#')
		return;
	size_t k = i;
	while (k < n && p[k] != ':' && p[k] != ' ' && p[k] != '\t')
		k++;
	if (k == i || k == n || p[k] != ':' || (k + 1 < n && p[k + 1] != ' ' && p[k + 1] != '\t')) {
		report(rd, line, i + 1, "expected 'key: value'");
		return;
	}
	if (!d->any && !d->line)
		d->line = line;
	d->any = true;
	bool is_file = k - i == 8 && memcmp(p + i, "filepath", 8) == 0;
	bool is_inc = k - i == 8 && memcmp(p + i, "includes", 8) == 0;
	if (!is_file && !is_inc)
		return; /* another key: not ours */
	if (is_file ? d->has_file : d->has_includes) {
		report(rd, line, i + 1, is_file ? "'filepath' given twice in one entry"
		                                : "'includes' given twice in one entry");
		return;
	}
	size_t v = k + 1;
	while (v < n && (p[v] == ' ' || p[v] == '\t'))
		v++;
	char *val = scalar(rd, line, v + 1, p + v, n - v);
	if (!val)
		return;
	if (is_file && !*val) {
		report(rd, line, v + 1, "empty 'filepath'");
		free(val);
		return;
	}
	if (is_file) {
		d->file = val;
		d->has_file = true;
	} else {
		d->includes = val;
		d->has_includes = true;
	}
}

static int cmp_real(const void *a, const void *b)
{
	const struct entry *x = *(struct entry *const *)a;
	const struct entry *y = *(struct entry *const *)b;
	int c = strcmp(x->real, y->real);
	return c ? c : (x->order > y->order) - (x->order < y->order);
}

int pl_compdb_load(struct pl_compdb **dbp, const char *path, const char *const *extra,
                   unsigned n_extra, FILE *err, struct pl_fscache *fs)
{
	char *buf;
	size_t len;

	if (pl_read_file(&buf, &len, path) < 0) {
		fprintf(err, "patlint: cannot read compilation database '%s': %s\n", path,
		        pl_strerror(errno));
		return -1;
	}
	int rc = pl_compdb_add_text(dbp, path, buf, len, extra, n_extra, err, fs);
	free(buf);
	return rc;
}

int pl_compdb_add_text(struct pl_compdb **dbp, const char *path, const char *buf, size_t len,
                       const char *const *extra, unsigned n_extra, FILE *err,
                       struct pl_fscache *fs)
{
	struct doc d = {0};
	struct reader rd = {path, NULL, err, 0, &d};

	if (!*dbp)
		*dbp = pl_xcalloc(1, sizeof(**dbp));
	struct pl_compdb *db = *dbp;
	db->fs = fs;
	const char *slash = strrchr(path, '/');
	rd.dir = slash ? pl_xstrndup(path, (size_t)(slash - path) + 1) : pl_xstrdup("");
	unsigned line = 0;
	for (const char *p = buf, *end = buf + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		line++;
		if (n && p[n - 1] == '\r')
			n--;
		read_line(db, &rd, &d, line, p, n, extra, n_extra);
		p = nl ? nl + 1 : end;
	}
	doc_end(db, &rd, &d, extra, n_extra);
	free(rd.dir);

	free(db->by_real);
	db->by_real = pl_xcalloc(db->n ? db->n : 1, sizeof(*db->by_real));
	for (size_t i = 0; i < db->n; i++)
		db->by_real[i] = &db->e[i];
	if (db->n)
		qsort(db->by_real, db->n, sizeof(*db->by_real), cmp_real);
	return rd.errors ? -1 : 0;
}

const char *const *pl_compdb_dirs(const struct pl_compdb *db, const char *path, unsigned *n)
{
	*n = 0;
	if (!db || !db->n)
		return NULL;
	char *real = pl_fscache_realpath(db->fs, path);
	const char *key = real ? real : path;
	size_t lo = 0, hi = db->n;
	while (lo < hi) { /* the first entry not below key */
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(db->by_real[mid]->real, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	const struct entry *e = lo < db->n ? db->by_real[lo] : NULL;
	if (e && strcmp(e->real, key) != 0)
		e = NULL;
	free(real);
	if (!e)
		return NULL;
	*n = e->n_dirs;
	return (const char *const *)e->dirs;
}

size_t pl_compdb_count(const struct pl_compdb *db)
{
	return db ? db->n : 0;
}

const char *pl_compdb_file(const struct pl_compdb *db, size_t i)
{
	return db->e[i].file;
}

void pl_compdb_free(struct pl_compdb *db)
{
	if (!db)
		return;
	for (size_t i = 0; i < db->n; i++) {
		for (unsigned k = 0; k < db->e[i].n_dirs; k++)
			free(db->e[i].dirs[k]);
		free(db->e[i].dirs);
		free(db->e[i].file);
		free(db->e[i].real);
	}
	free(db->e);
	free(db->by_real);
	free(db);
}
