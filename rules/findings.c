/*
 * findings.c -- the findings collector: a pl_diag sink, inline
 * suppressions, the stable order, unused-suppression findings and
 * fingerprints.  See findings.h for the suppression syntax.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "rules/findings.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/arena.h"
#include "analyzer/cthreads.h"
#include "analyzer/source.h"

/* An arena-backed growable array of pointers (the old block is abandoned
 * on growth; amortized cost stays linear). */
struct parray {
	void **items;
	size_t len, cap;
};

static void parray_push(struct pl_arena *a, struct parray *v, void *p)
{
	if (v->len == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 16;
		void **items = PL_NEW_ARRAY(a, void *, cap);
		if (v->len)
			memcpy(items, v->items, v->len * sizeof(*items));
		v->items = items;
		v->cap = cap;
	}
	v->items[v->len++] = p;
}

struct findings {
	struct pl_arena *arena;
	struct pl_source_mgr *sm;
	const struct rule_config *cfg;
	struct rule_config defaults;  /* used when cfg is NULL */
	char *root;                   /* absolute, normalized */
	struct parray items;          /* struct finding * */
	struct parray sups;           /* struct suppression * */
	struct parray scanned;        /* file ids scanned (as uintptr_t) */
	const char **relpaths;        /* by file id, cached */
	uint32_t n_relpaths;
	unsigned seq;
	bool finished;
	bool no_fingerprints;         /* findings_want_fingerprints(false) */
	unsigned jobs;                /* findings_set_jobs */
	signed char judged[RULE_COUNT]; /* -1 no, 1 yes, 0 default */
	/* What the counting functions answer, from one pass over the findings
	 * (each pass reads every finding and its diag: a few milliseconds on
	 * tens of thousands, at the end of a run, on one thread), made when
	 * first asked for and dropped when a finding is added or handed out
	 * to be changed. */
	bool tallied;
	unsigned active[PL_SEV_COUNT], active_rule[PL_SEV_COUNT];
	unsigned suppressed, baselined, input_errors;
};

/* ---- paths ------------------------------------------------------------ */

/* Lexically normalize an absolute path: collapse "//", ".", "..". */
static char *normalize_abs(struct pl_arena *a, const char *path)
{
	size_t n = strlen(path);
	char *out = pl_arena_alloc(a, n + 2);
	size_t o = 0;
	const char *p = path;

	out[o++] = '/';
	while (*p) {
		while (*p == '/')
			p++;
		const char *s = p;
		while (*p && *p != '/')
			p++;
		size_t len = (size_t)(p - s);
		if (len == 0 || (len == 1 && s[0] == '.'))
			continue;
		if (len == 2 && s[0] == '.' && s[1] == '.') {
			if (o > 1) {
				o--; /* the '/' after the last component */
				while (o > 1 && out[o - 1] != '/')
					o--;
			}
			continue;
		}
		memcpy(out + o, s, len);
		o += len;
		out[o++] = '/';
	}
	if (o > 1)
		o--; /* trailing slash */
	out[o] = '\0';
	return out;
}

static const char *relativize(struct findings *fs, const char *path)
{
	char *abs;
	size_t rl = strlen(fs->root);

	if (path[0] == '/') {
		abs = normalize_abs(fs->arena, path);
	} else {
		char *joined = pl_arena_printf(fs->arena, "%s/%s", fs->root, path);
		abs = normalize_abs(fs->arena, joined);
	}
	if (rl == 1)
		return abs[1] ? abs + 1 : abs;
	if (strncmp(abs, fs->root, rl) == 0 && abs[rl] == '/' && abs[rl + 1])
		return abs + rl + 1;
	return abs;
}

const char *findings_relpath(struct findings *fs, uint32_t id)
{
	struct pl_source_file *f = pl_source_get(fs->sm, id);

	if (!f)
		return NULL;
	if (id >= fs->n_relpaths) {
		uint32_t n = id * 2 + 8;
		const char **r = PL_NEW_ARRAY(fs->arena, const char *, n);
		if (fs->n_relpaths)
			memcpy(r, fs->relpaths, fs->n_relpaths * sizeof(*r));
		fs->relpaths = r;
		fs->n_relpaths = n;
	}
	if (!fs->relpaths[id])
		fs->relpaths[id] = relativize(fs, f->path);
	return fs->relpaths[id];
}

const char *findings_root(const struct findings *fs) { return fs->root; }
struct pl_source_mgr *findings_sources(const struct findings *fs) { return fs->sm; }

/* ---- collecting ------------------------------------------------------- */

struct findings *findings_new(struct pl_arena *arena, struct pl_source_mgr *sm,
                              const struct rule_config *cfg, const char *root)
{
	struct findings *fs = PL_NEW(arena, struct findings);
	char *cwd = NULL;

	fs->arena = arena;
	fs->sm = sm;
	if (!cfg) {
		rule_config_init(&fs->defaults);
		cfg = &fs->defaults;
	}
	fs->cfg = cfg;
	if (!root || root[0] != '/') {
		cwd = getcwd(NULL, 0);
		if (root && cwd)
			fs->root = normalize_abs(arena, pl_arena_printf(arena, "%s/%s", cwd, root));
		else
			fs->root = normalize_abs(arena, cwd ? cwd : "/");
		free(cwd);
	} else {
		fs->root = normalize_abs(arena, root);
	}
	return fs;
}

void findings_add(struct findings *fs, const struct pl_diag *d)
{
	struct finding *f = PL_NEW(fs->arena, struct finding);
	unsigned idx = RULE_COUNT;
	const struct rule *r = rule_find(d->rule, &idx);

	if (r && !fs->cfg->enabled[idx])
		return;
	enum pl_severity want = r && d->uncertain ? PL_SEV_NOTE : r ? fs->cfg->severity[idx] : d->sev;
	if (r && d->sev != want) {
		struct pl_diag *copy = PL_NEW(fs->arena, struct pl_diag);
		*copy = *d;
		copy->sev = want;
		d = copy;
	}
	f->diag = d;
	f->rule = r;
	f->rule_index = idx;
	f->path = findings_relpath(fs, d->span.file);
	f->seq = fs->seq++;
	parray_push(fs->arena, &fs->items, f);
	fs->tallied = false;
}

static void sink_emit(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	(void)ctx;
	findings_add(ud, d);
}

void findings_install(struct findings *fs, struct pl_diag_ctx *ctx)
{
	ctx->sink.emit = sink_emit;
	ctx->sink.ud = fs;
}

size_t findings_count(const struct findings *fs) { return fs->items.len; }
const struct finding *findings_at(const struct findings *fs, size_t i) { return fs->items.items[i]; }
struct finding *findings_at_mut(struct findings *fs, size_t i)
{
	fs->tallied = false;
	return fs->items.items[i];
}

/* How far ahead findings_prefetch works: the finding, its diag, the
 * diag's message and notes, the notes' messages. */
enum { AHEAD_FINDING = 16, AHEAD_DIAG = 8, AHEAD_MSG = 4, AHEAD_NOTES = 2 };

void findings_prefetch(const struct findings *fs, size_t i)
{
	size_t n = fs->items.len;
	const struct finding *const *it = (const struct finding *const *)fs->items.items;

	if (i + AHEAD_FINDING < n)
		__builtin_prefetch(it[i + AHEAD_FINDING]);
	if (i + AHEAD_DIAG < n)
		__builtin_prefetch(it[i + AHEAD_DIAG]->diag);
	if (i + AHEAD_MSG < n)
		pl_diag_prefetch(it[i + AHEAD_MSG]->diag, 0);
	if (i + AHEAD_NOTES < n)
		pl_diag_prefetch(it[i + AHEAD_NOTES]->diag, 1);
}

size_t findings_suppression_count(const struct findings *fs) { return fs->sups.len; }
const struct suppression *findings_suppression_at(const struct findings *fs, size_t i)
{
	return fs->sups.items[i];
}

/* ---- suppression comments --------------------------------------------- */

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void add_sup(struct findings *fs, struct pl_source_file *f, enum suppress_kind kind,
                    uint32_t line, const char *rule, size_t rule_len, uint32_t off, uint32_t end,
                    const char *just, const char *problem)
{
	struct suppression *s = PL_NEW(fs->arena, struct suppression);

	s->kind = kind;
	s->file = f->id;
	s->line = kind == SUPPRESS_FILE ? 0 : line;
	s->rule = rule ? pl_arena_strndup(fs->arena, rule, rule_len) : NULL;
	s->justification = just;
	s->span = pl_source_span(f, off, end);
	s->problem = problem;
	if (!problem && rule && strcmp(s->rule, "all") != 0 && !rule_find(s->rule, NULL))
		s->problem = pl_arena_printf(fs->arena, "unknown rule '%s'", s->rule);
	parray_push(fs->arena, &fs->sups, s);
}

static bool is_id_char(char c)
{
	return isalnum((unsigned char)c) || c == '-' || c == '_';
}

/* Parse the comment text buf[start, end) (after the "//") of file f. */
static void parse_directive(struct findings *fs, struct pl_source_file *f, uint32_t start,
                            uint32_t end)
{
	static const char tag[] = PL_SOURCE_MARK;
	static const struct { const char *word; enum suppress_kind kind; } words[] = {
		{"disable-next-line", SUPPRESS_NEXT_LINE},
		{"disable-line", SUPPRESS_LINE},
		{"disable", SUPPRESS_FILE},
	};
	const char *b = f->buf;
	uint32_t p = start, dir_start, w;
	uint32_t line, col;
	enum suppress_kind kind = SUPPRESS_INVALID;
	const char *just = NULL;

	while (p < end && (b[p] == ' ' || b[p] == '\t'))
		p++;
	if (end - p < sizeof(tag) - 1 || memcmp(b + p, tag, sizeof(tag) - 1) != 0)
		return;
	dir_start = p;
	pl_source_linecol(f, start, &line, &col);
	p += sizeof(tag) - 1;
	while (p < end && (b[p] == ' ' || b[p] == '\t'))
		p++;
	w = p;
	while (p < end && (isalpha((unsigned char)b[p]) || b[p] == '-'))
		p++;
	for (size_t i = 0; i < PL_ARRAY_LEN(words); i++) {
		if (strlen(words[i].word) == p - w && memcmp(b + w, words[i].word, p - w) == 0)
			kind = words[i].kind;
	}
	if (kind == SUPPRESS_INVALID) {
		add_sup(fs, f, SUPPRESS_INVALID, line, NULL, 0, dir_start, end, NULL,
		        "expected 'disable-next-line=', 'disable-line=' or 'disable=' after 'patlint:'");
		return;
	}
	while (p < end && (b[p] == ' ' || b[p] == '\t'))
		p++;
	if (p >= end || b[p] != '=') {
		add_sup(fs, f, SUPPRESS_INVALID, line, NULL, 0, dir_start, end, NULL,
		        "expected '=' and a list of rule ids");
		return;
	}
	p++;
	/* First pass: validate the list and find the justification. */
	uint32_t list = p, q = p;
	unsigned n_ids = 0;
	for (;;) {
		while (q < end && (b[q] == ' ' || b[q] == '\t'))
			q++;
		uint32_t id = q;
		while (q < end && is_id_char(b[q]))
			q++;
		if (q == id) {
			add_sup(fs, f, SUPPRESS_INVALID, line, NULL, 0, dir_start, end, NULL,
			        "expected a rule id");
			return;
		}
		n_ids++;
		while (q < end && (b[q] == ' ' || b[q] == '\t'))
			q++;
		if (q < end && b[q] == ',') {
			q++;
			continue;
		}
		break;
	}
	if (q < end) {
		if (end - q >= 2 && b[q] == '-' && b[q + 1] == '-') {
			uint32_t js = q + 2, je = end;
			while (js < je && isspace((unsigned char)b[js]))
				js++;
			while (je > js && isspace((unsigned char)b[je - 1]))
				je--;
			if (je > js)
				just = pl_arena_strndup(fs->arena, b + js, je - js);
		} else {
			add_sup(fs, f, SUPPRESS_INVALID, line, NULL, 0, dir_start, end, NULL,
			        "unexpected text after the rule ids (use '-- reason' for a justification)");
			return;
		}
	}
	/* Second pass: one suppression per id. */
	q = list;
	for (unsigned k = 0; k < n_ids; k++) {
		while (b[q] == ' ' || b[q] == '\t')
			q++;
		uint32_t id = q;
		while (q < end && is_id_char(b[q]))
			q++;
		add_sup(fs, f, kind, kind == SUPPRESS_NEXT_LINE ? line + 1 : line, b + id, q - id, id, q,
		        just, NULL);
		while (q < end && (b[q] == ' ' || b[q] == '\t' || b[q] == ','))
			q++;
	}
}

void findings_scan_suppressions(struct findings *fs, struct pl_source_file *f)
{
	bool td, pdll;
	const char *b;
	size_t n, i = 0;

	if (!f)
		return;
	td = has_suffix(f->path, ".td");
	pdll = has_suffix(f->path, ".pdll");
	if (!td && !pdll)
		return;
	for (size_t k = 0; k < fs->scanned.len; k++)
		if ((uintptr_t)fs->scanned.items[k] == f->id)
			return;
	parray_push(fs->arena, &fs->scanned, (void *)(uintptr_t)f->id);
	b = f->buf;
	n = f->len;
	/* Every directive starts PL_SOURCE_MARK (parse_directive): most files,
	 * MLIR's own included ones above all, have none. */
	if (!b || !f->has_mark)
		return;
	while (i < n) {
		char c = b[i];
		if (c == '"') {
			/* A string: skip to the closing quote (strings end at a newline). */
			for (i++; i < n && b[i] != '"' && b[i] != '\n'; i++)
				if (b[i] == '\\' && i + 1 < n)
					i++;
			i++;
		} else if (c == '[' && i + 1 < n && b[i + 1] == '{') {
			/* A code block [{ ... }] (TableGen and PDLL). */
			const char *e = strstr(b + i + 2, "}]");
			i = e ? (size_t)(e - b) + 2 : n;
		} else if (td && c == '/' && i + 1 < n && b[i + 1] == '*') {
			/* TableGen block comments nest. */
			unsigned depth = 1;
			for (i += 2; i < n && depth; ) {
				if (b[i] == '/' && i + 1 < n && b[i + 1] == '*') {
					depth++;
					i += 2;
				} else if (b[i] == '*' && i + 1 < n && b[i + 1] == '/') {
					depth--;
					i += 2;
				} else {
					i++;
				}
			}
		} else if (c == '/' && i + 1 < n && b[i + 1] == '/') {
			size_t e = i + 2;
			while (e < n && b[e] != '\n')
				e++;
			size_t te = e;
			if (te > i + 2 && b[te - 1] == '\r')
				te--;
			parse_directive(fs, f, (uint32_t)(i + 2), (uint32_t)te);
			i = e;
		} else {
			i++;
		}
	}
}

void findings_scan_all(struct findings *fs)
{
	uint32_t n = pl_source_count(fs->sm);

	for (uint32_t id = 1; id <= n; id++)
		findings_scan_suppressions(fs, pl_source_get(fs->sm, id));
}

/* ---- finishing -------------------------------------------------------- */

static int cmp_str(const char *a, const char *b)
{
	if (a == b) /* paths are cached per file, rule ids are static */
		return 0;
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

/* Findings by file, line, column, rule, message, then arrival.  The first
 * three go into one 64-bit key (the path's rank among the paths, line and
 * column), sorted by a stable radix sort: the items arrive in arrival
 * order, so findings with equal keys stay in it, and only those runs are
 * compared by rule and message.  A line or column of 2^24 or more, or
 * more distinct paths than 16 bits rank, take the comparison sort.  On
 * 10,000 synthetic patterns qsort through each finding's diag was 4% of
 * the run. */
struct sort_key {
	uint64_t key;
	const struct finding *f;
};

#define KEY_BITS_RANK 16
#define KEY_BITS_POS 24

/* Findings at one place: by rule, message, then arrival. */
static int cmp_at_place(const struct finding *a, const struct finding *b)
{
	int c;

	if ((c = cmp_str(a->diag->rule, b->diag->rule)))
		return c;
	if ((c = strcmp(a->diag->msg, b->diag->msg)))
		return c;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int cmp_finding(const struct finding *a, const struct finding *b)
{
	int c;

	if ((c = cmp_str(a->path, b->path)))
		return c;
	if (a->diag->span.line != b->diag->span.line)
		return a->diag->span.line < b->diag->span.line ? -1 : 1;
	if (a->diag->span.col != b->diag->span.col)
		return a->diag->span.col < b->diag->span.col ? -1 : 1;
	return cmp_at_place(a, b);
}

static int cmp_key(const void *pa, const void *pb)
{
	return cmp_finding(((const struct sort_key *)pa)->f, ((const struct sort_key *)pb)->f);
}

/* Keys of one run: the same path, line and column. */
static int cmp_in_run(const void *pa, const void *pb)
{
	return cmp_at_place(((const struct sort_key *)pa)->f, ((const struct sort_key *)pb)->f);
}

static int cmp_path_of(const void *pa, const void *pb)
{
	return cmp_str(*(const char *const *)pa, *(const char *const *)pb);
}

/* rank[id] (zeroed, nids entries) for each file id the findings name:
 * 2 + the index of its path among the distinct paths in order (NULL, no
 * path, first).  False when an id is out of range or there are too many
 * paths for the key. */
static bool path_ranks(const struct parray *items, uint32_t *rank, uint32_t nids)
{
	const char **paths = pl_xmalloc((items->len + 1) * sizeof(*paths));
	size_t n = 0;

	for (size_t i = 0; i < items->len; i++) {
		const struct finding *f = items->items[i];
		uint32_t id = f->diag->span.file;
		if (id >= nids) {
			free(paths);
			return false;
		}
		if (rank[id] == 0) {
			rank[id] = 1; /* seen */
			paths[n++] = f->path;
		}
	}
	qsort(paths, n, sizeof(*paths), cmp_path_of);
	size_t r = 0;
	for (size_t i = 0; i < n; i++)
		if (i == 0 || cmp_str(paths[r - 1], paths[i]) != 0)
			paths[r++] = paths[i];
	for (size_t i = 0; i < items->len; i++) {
		const struct finding *f = items->items[i];
		uint32_t *rk = &rank[f->diag->span.file];
		if (*rk == 1) {
			const char **hit = bsearch(&f->path, paths, r, sizeof(*paths), cmp_path_of);
			*rk = (uint32_t)(hit - paths) + 2;
		}
	}
	free(paths);
	return r + 2 < (1u << KEY_BITS_RANK);
}

/* Sorting the runs of keys k[lo, hi), which start and end there. */
struct runs_job {
	struct sort_key *k;
	size_t lo, hi;
};

static int sort_runs_in(void *arg)
{
	struct runs_job *r = arg;

	for (size_t i = r->lo, j; i < r->hi; i = j) {
		for (j = i + 1; j < r->hi && r->k[j].key == r->k[i].key; j++)
			;
		if (j - i < 2)
			continue;
		/* the messages, in no order their memory has, asked for at once
		 * rather than waited on one comparison at a time */
		for (size_t x = i; x < j; x++)
			pl_diag_prefetch(r->k[x].f->diag, 0);
		qsort(r->k + i, j - i, sizeof(*r->k), cmp_in_run);
	}
	return 0;
}

/* The runs of findings at one place (equal keys), each by rule, message
 * and arrival: their comparisons read every message and were most of the
 * sort of a large run.  Runs are independent, so with threads the second
 * half of the keys' runs is sorted on a thread of its own, from the first
 * run starting there (a run is never split). */
enum { RUNS_PARALLEL_MIN = 4096 };

static void sort_runs(struct findings *fs, struct sort_key *k, size_t n)
{
	struct runs_job first = {k, 0, n}, second = {k, n, n};
	thrd_t id;

	if (fs->jobs > 1 && n >= RUNS_PARALLEL_MIN) {
		size_t mid = n / 2;
		while (mid < n && k[mid].key == k[mid - 1].key)
			mid++;
		first.hi = second.lo = mid;
		if (mid < n && pl_thrd_spawn(&id, sort_runs_in, &second) == thrd_success) {
			sort_runs_in(&first);
			thrd_join(id, NULL);
			return;
		}
		first.hi = n;
	}
	sort_runs_in(&first);
}

static void sort_findings(struct findings *fs, struct parray *items)
{
	size_t n = items->len;
	uint32_t nids = fs->sm ? pl_source_count(fs->sm) + 1 : 1;
	uint32_t *rank = calloc(nids, sizeof(*rank));
	struct sort_key *k = pl_xmalloc(n * sizeof(*k)), *tmp = pl_xmalloc(n * sizeof(*k));
	bool fits = rank && n && path_ranks(items, rank, nids);

	for (size_t i = 0; i < n && fits; i++) {
		const struct finding *f = items->items[i];
		uint64_t line = f->diag->span.line, col = f->diag->span.col;
		if (line >> KEY_BITS_POS || col >> KEY_BITS_POS)
			fits = false;
		k[i].key = (uint64_t)rank[f->diag->span.file] << (2 * KEY_BITS_POS) | line << KEY_BITS_POS | col;
		k[i].f = f;
	}
	if (!fits) {
		for (size_t i = 0; i < n; i++)
			k[i].f = items->items[i];
		qsort(k, n, sizeof(*k), cmp_key);
	} else {
		/* least significant byte first; a byte all keys share is skipped */
		for (unsigned shift = 0; shift < 64; shift += 8) {
			size_t count[257] = {0};
			for (size_t i = 0; i < n; i++)
				count[((k[i].key >> shift) & 0xff) + 1]++;
			if (count[((k[0].key >> shift) & 0xff) + 1] == n)
				continue;
			for (unsigned b = 1; b < 257; b++)
				count[b] += count[b - 1];
			for (size_t i = 0; i < n; i++)
				tmp[count[(k[i].key >> shift) & 0xff]++] = k[i];
			struct sort_key *t = k;
			k = tmp;
			tmp = t;
		}
		sort_runs(fs, k, n);
	}
	for (size_t i = 0; i < n; i++)
		items->items[i] = (void *)k[i].f;
	free(k);
	free(tmp);
	free(rank);
}

static void apply_suppressions(struct findings *fs, struct finding *f)
{
	const struct pl_diag *d = f->diag;

	if (!d->rule || !d->span.file)
		return;
	for (size_t k = 0; k < fs->sups.len; k++) {
		struct suppression *s = fs->sups.items[k];
		if (s->kind == SUPPRESS_INVALID || s->problem || s->file != d->span.file)
			continue;
		if (s->kind != SUPPRESS_FILE && s->line != d->span.line)
			continue;
		if (strcmp(s->rule, "all") != 0 && strcmp(s->rule, d->rule) != 0)
			continue;
		s->used++;
		/* Prefer the narrowest scope as "the" suppression. */
		if (!f->suppressed_by || (f->suppressed_by->kind == SUPPRESS_FILE && s->kind != SUPPRESS_FILE))
			f->suppressed_by = s;
	}
}

void findings_set_judged(struct findings *fs, const char *id, bool judged)
{
	unsigned idx;

	if (rule_find(id, &idx))
		fs->judged[idx] = judged ? 1 : -1;
}

/* Whether patlint can tell that a suppression of rule id went unused: the
 * rule is enabled and has an analysis. */
static bool judgeable(const struct findings *fs, const char *id)
{
	unsigned idx;
	const struct rule *r;

	if (strcmp(id, "all") == 0) {
		for (unsigned i = 0; i < RULE_COUNT; i++) {
			r = rule_table[i];
			if (i != RULE_IDX_unused_suppression && fs->cfg->enabled[i] && !judgeable(fs, r->id))
				return false;
		}
		return true;
	}
	r = rule_find(id, &idx);
	if (r && fs->judged[idx])
		return fs->judged[idx] > 0;
	return r && fs->cfg->enabled[idx] && !(r->flags & RULE_NOT_IMPLEMENTED) &&
	       r != rule_table[RULE_IDX_unused_suppression];
}

static void report_unused(struct findings *fs)
{
	const struct rule *r = rule_table[RULE_IDX_unused_suppression];
	size_t n = fs->sups.len;

	if (!fs->cfg->enabled[RULE_IDX_unused_suppression])
		return;
	for (size_t k = 0; k < n; k++) {
		struct suppression *s = fs->sups.items[k];
		struct pl_diag *d;
		const char *msg;

		if (s->used)
			continue;
		if (s->kind == SUPPRESS_INVALID)
			msg = pl_arena_printf(fs->arena, "invalid patlint suppression: %s", s->problem);
		else if (s->problem)
			msg = pl_arena_printf(fs->arena, "%s in patlint suppression", s->problem);
		else if (!judgeable(fs, s->rule))
			continue;
		else if (s->kind == SUPPRESS_FILE)
			msg = pl_arena_printf(fs->arena, "unused suppression: no '%s' finding in this file",
			                      s->rule);
		else
			msg = pl_arena_printf(fs->arena, "unused suppression: no '%s' finding on line %u",
			                      s->rule, s->line);
		d = PL_NEW(fs->arena, struct pl_diag);
		d->sev = fs->cfg->severity[RULE_IDX_unused_suppression];
		d->rule = r->id;
		d->span = s->span;
		d->msg = msg;
		d->tail = &d->notes;
		findings_add(fs, d);
		apply_suppressions(fs, fs->items.items[fs->items.len - 1]);
	}
}

/* FNV-1a, continued from h. */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

#define FNV_INIT 0xcbf29ce484222325ULL

uint64_t finding_fingerprint_hash(const char *rule, const char *path, const struct pl_diag *d)
{
	const struct rule_finding_info *info = rule ? d->extra : NULL;
	uint64_t h = FNV_INIT;

	h = fnv(h, rule ? rule : "", strlen(rule ? rule : "") + 1);
	h = fnv(h, path ? path : "", strlen(path ? path : "") + 1);
	if (info) {
		for (unsigned i = 0; i < info->n_patterns; i++)
			h = fnv(h, info->patterns[i], strlen(info->patterns[i]) + 1);
	}
	h = fnv(h, "\x1e", 1);
	for (const char *m = d->msg; *m; m++) {
		if (isdigit((unsigned char)*m)) {
			while (isdigit((unsigned char)m[1]))
				m++;
			h = fnv(h, "0", 1);
		} else {
			h = fnv(h, m, 1);
		}
	}
	return h;
}

uint64_t finding_line_hash(const char *line, size_t len)
{
	uint64_t h = FNV_INIT;

	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)line[i]))
			h = fnv(h, line + i, 1);
	return h;
}

/* Occurrence counting: an open-addressing table of (hash, count). */
struct occ {
	uint64_t *keys;
	unsigned *counts;
	size_t cap;
};

static unsigned occ_next(struct occ *t, uint64_t key)
{
	size_t i = (size_t)(key ^ (key >> 29)) & (t->cap - 1);

	while (t->counts[i] && t->keys[i] != key)
		i = (i + 1) & (t->cap - 1);
	t->keys[i] = key;
	return ++t->counts[i];
}

/* "%016" PRIx64 ":%u" in the arena, without printf: two per finding. */
static const char *hash_occ(struct pl_arena *a, uint64_t h, unsigned occ)
{
	static const char hex[] = "0123456789abcdef";
	char buf[16 + 1 + 10 + 1], *p = buf + sizeof buf;
	size_t n;

	do
		*--p = (char)('0' + occ % 10);
	while ((occ /= 10) != 0);
	*--p = ':';
	for (int i = 0; i < 16; i++, h >>= 4)
		*--p = hex[h & 15];
	n = (size_t)(buf + sizeof buf - p);
	return pl_arena_strndup(a, p, n);
}

static void fingerprints(struct findings *fs)
{
	size_t n = fs->items.len, cap = 16;
	struct occ fp, lh;

	while (cap < n * 2)
		cap *= 2;
	fp.cap = lh.cap = cap;
	fp.keys = PL_NEW_ARRAY(fs->arena, uint64_t, cap);
	fp.counts = PL_NEW_ARRAY(fs->arena, unsigned, cap);
	lh.keys = PL_NEW_ARRAY(fs->arena, uint64_t, cap);
	lh.counts = PL_NEW_ARRAY(fs->arena, unsigned, cap);
	for (size_t i = 0; i < n; i++) {
		struct finding *f = fs->items.items[i];
		const struct pl_diag *d = f->diag;
		uint64_t h = finding_fingerprint_hash(d->rule, f->path, d);
		struct pl_source_file *sf = pl_source_get(fs->sm, d->span.file);

		f->fingerprint = hash_occ(fs->arena, h, occ_next(&fp, h));
		if (sf && d->span.off <= sf->len) {
			size_t len;
			const char *line = pl_source_span_line(sf, d->span, &len);
			/* Count occurrences per file: mix the path into the key. */
			uint64_t lhash = finding_line_hash(line, len);
			uint64_t key = fnv(lhash, f->path, strlen(f->path));
			f->line_hash = hash_occ(fs->arena, lhash, occ_next(&lh, key));
		}
	}
}

void findings_want_fingerprints(struct findings *fs, bool want)
{
	fs->no_fingerprints = !want;
}

void findings_set_jobs(struct findings *fs, unsigned jobs)
{
	fs->jobs = jobs;
}

static const struct findings *tallied(const struct findings *cfs);

void findings_finish(struct findings *fs)
{
	if (fs->finished)
		return;
	fs->finished = true;
	fs->tallied = false;
	for (size_t i = 0; i < fs->items.len; i++)
		apply_suppressions(fs, fs->items.items[i]);
	report_unused(fs);
	/* counted in arrival order, which is mostly the order of the
	 * findings' memory, rather than by the report in the sorted one (a
	 * miss a finding: 0.6% of a 10,000-pattern check) */
	(void)tallied(fs);
	if (fs->items.len)
		sort_findings(fs, &fs->items);
	if (!fs->no_fingerprints)
		fingerprints(fs);
}

/* ---- counting --------------------------------------------------------- */

bool finding_active(const struct finding *f)
{
	return !f->suppressed_by && !f->in_baseline;
}

/* fs with its counts made (see struct findings). */
static const struct findings *tallied(const struct findings *cfs)
{
	struct findings *fs = (struct findings *)cfs; /* a cache of what it holds */

	if (fs->tallied)
		return fs;
	memset(fs->active, 0, sizeof(fs->active));
	memset(fs->active_rule, 0, sizeof(fs->active_rule));
	fs->suppressed = fs->baselined = fs->input_errors = 0;
	for (size_t i = 0; i < fs->items.len; i++) {
		const struct finding *f = fs->items.items[i];
		const struct pl_diag *d = f->diag;
		if (finding_active(f)) {
			fs->active[d->sev]++;
			fs->active_rule[d->sev] += d->rule != NULL;
		}
		fs->suppressed += f->suppressed_by != NULL;
		fs->baselined += f->in_baseline && !f->suppressed_by;
		fs->input_errors += !d->rule && d->sev == PL_SEV_ERROR;
	}
	fs->tallied = true;
	return fs;
}

void findings_counts(const struct findings *fs, unsigned out[PL_SEV_COUNT])
{
	memcpy(out, tallied(fs)->active, sizeof(unsigned) * PL_SEV_COUNT);
}

unsigned findings_suppressed(const struct findings *fs)
{
	return tallied(fs)->suppressed;
}

unsigned findings_baselined(const struct findings *fs)
{
	return tallied(fs)->baselined;
}

unsigned findings_input_errors(const struct findings *fs)
{
	return tallied(fs)->input_errors;
}

int findings_exit_status(const struct findings *fs, enum rule_fail_on fail_on)
{
	if (fail_on == RULE_FAIL_NEVER)
		return 0;
	const unsigned *active_rule = tallied(fs)->active_rule;
	for (int s = 0; s < PL_SEV_COUNT; s++)
		if (s >= (int)fail_on && active_rule[s])
			return 1;
	return 0;
}
