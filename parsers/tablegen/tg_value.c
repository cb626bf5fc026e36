/*
 * tg_value.c -- TableGen types and values: uniquing, conversion, folding of
 * the bang operators, reference resolution and the printable form
 * (LLVM's getAsString), with the semantics of llvm-tblgen-16's Record.cpp.
 *
 * Values are hash-consed: every constructor returns the unique value with
 * that content, so equality is pointer equality (as in LLVM, where
 * anonymous instantiations Class<args> are uniqued by class and args).
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/intern.h"
#include "analyzer/util.h"
#include "parsers/tablegen/tg_lex.h"
#include "parsers/tablegen/tg_p.h"

#define TG_MAX_DEPTH 1000
/* Evaluation also stops when it has used this much stack: frames per
 * level differ between paths and builds (sanitizers triple them), and a
 * 2000-level class recursion overflowed an 8 MiB stack under ASan
 * (tests/fuzz/fuzz_check; tests/hostile/td-deep-class-recursion.d). */
#define TG_MAX_STACK ((uintptr_t)5 << 20)
/* Bounds on what one value may grow to, so a few doubling !strconcat,
 * !listconcat or !con steps cannot exhaust memory (llvm-tblgen has none:
 * it runs out of memory), nor take seconds under the sanitizers. */
#define TG_MAX_STRING ((size_t)16 << 20) /* bytes in a string */
#define TG_MAX_ELEMS 1000000u            /* elements of a list (!listsplat too), arguments of a dag */

_Thread_local struct pl_span tg_eval_span;

static void vdiag_error(struct tg_keeper *k, struct pl_span span, const char *fmt, va_list ap)
{
	char *msg = NULL;
	va_list aq;

	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	msg = pl_arena_alloc(k->arena, (size_t)(n < 0 ? 0 : n) + 1);
	vsnprintf(msg, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
	struct pl_diag *d = pl_diag_begin(k->diag, PL_SEV_ERROR, NULL, span, "%s", msg);
	if (k->lx && span.file) {
		struct pl_span at;
		uint32_t file = span.file;
		for (unsigned guard = 0; guard < 256 && tg_lex_included_from(k->lx, file, &at) == 0; guard++) {
			pl_diag_note(k->diag, d, at, "included from here");
			file = at.file;
		}
	}
	pl_diag_end(k->diag, d);
}

void tg_diag_error(struct tg_keeper *k, struct pl_span span, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdiag_error(k, span, fmt, ap);
	va_end(ap);
}

void tg_eval_error(struct tg_keeper *k, struct tg_rec *cur, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdiag_error(k, cur && cur->span.file ? cur->span : tg_eval_span, fmt, ap);
	va_end(ap);
	k->fatal = true;
}

/* ---- the include cache's logs (tg_keeper_log_tables) --------------------
 *
 * A log holds what went into one of a keeper's tables, in order: values
 * with their hashes (so that a table is made again without reading the
 * values), or a map's keys and values.  A log's first nbase entries are
 * the first nbase of its base; a log only grows, so a kept state shares it
 * up to its count while the keeper that kept it goes on appending, on
 * another thread when the cache is shared: the entries a state counts are
 * written before it is kept and never again.  The entries are in chunks
 * linked in order, each twice the one before up to LOG_CHUNK_MAX; a
 * reader follows the links.  (An array that grew by doubling copied its
 * entries each time and left the old arrays in the arena: half of the 9.8
 * MB its logs took on a corpus run.) */
struct tg_log_ent {
	const void *a;                 /* the value; the key */
	uint64_t b;                    /* its hash; the map's value */
};

struct tg_log_chunk {
	_Atomic(struct tg_log_chunk *) next;
	size_t cap;
	struct tg_log_ent e[];
};

struct tg_log {
	const struct tg_log *base;
	size_t nbase;
	_Atomic(struct tg_log_chunk *) first; /* the entries after the base's */
	struct tg_log_chunk *last;     /* the appending keeper's: the chunk it fills */
	size_t n, n_last;              /* entries, and those in last */
};

enum { LOG_CHUNK_MIN = 256, LOG_CHUNK_MAX = 4096 };

static struct tg_log *log_new(struct pl_arena *a, const struct tg_log *base, size_t nbase)
{
	struct tg_log *l = PL_NEW(a, struct tg_log);

	l->base = base;
	l->nbase = nbase;
	return l;
}

static void log_add(struct pl_arena *arena, struct tg_log *l, const void *a, uint64_t b)
{
	struct tg_log_chunk *c = l->last;

	if (!c || l->n_last == c->cap) {
		size_t cap = LOG_CHUNK_MIN;
		if (c)
			cap = c->cap < LOG_CHUNK_MAX ? 2 * c->cap : LOG_CHUNK_MAX;
		struct tg_log_chunk *nc = pl_arena_alloc(arena, sizeof(*nc) + cap * sizeof(*nc->e));
		atomic_init(&nc->next, NULL);
		nc->cap = cap;
		/* its header before the link a reader follows */
		atomic_store_explicit(c ? &c->next : &l->first, nc, memory_order_release);
		l->last = c = nc;
		l->n_last = 0;
	}
	c->e[l->n_last].a = a;
	c->e[l->n_last++].b = b;
	l->n++;
}

static size_t log_count(const struct tg_log *l)
{
	return l->nbase + l->n;
}

/* The first count entries of l, oldest first: the base's, then l's own.
 * A base is the log of a state kept nearer the cache's root, so the
 * recursion is no deeper than a path of chunks. */
typedef void log_fn(void *ud, const struct tg_log_ent *e);
static void log_replay(const struct tg_log *l, size_t count, log_fn *fn, void *ud)
{
	if (!l || !count)
		return;
	size_t own = count > l->nbase ? count - l->nbase : 0;
	log_replay(l->base, count - own, fn, ud);
	const struct tg_log_chunk *c = atomic_load_explicit(&l->first, memory_order_acquire);
	while (own) {
		size_t k = own < c->cap ? own : c->cap;
		for (size_t j = 0; j < k; j++)
			fn(ud, &c->e[j]);
		own -= k;
		if (own)
			c = atomic_load_explicit(&c->next, memory_order_acquire);
	}
}

/* ---- string-keyed hash map ------------------------------------------- */

struct tg_hmap {
	struct pl_arena *arena; /* where the slots live, or NULL for the heap */
	const char **keys;
	void **vals;
	size_t cap, count;
	struct tg_log *log;     /* puts logged there (in arena), or NULL */
};

/* Slots: a power of two, at least HMAP_MIN, at most HMAP_LOAD_NUM /
 * HMAP_LOAD_DEN of them full (linear probing over keys side by side: a
 * probe reads a cache line of eight).  A keeper has four maps, and a
 * state restored from the include cache makes all four again: 256 slots
 * each and half full at most, maps were 15 MB of a corpus run. */
enum { HMAP_MIN = 64, HMAP_LOAD_NUM = 3, HMAP_LOAD_DEN = 4 };

static void hmap_alloc(struct tg_hmap *m, size_t cap)
{
	m->cap = cap;
	if (m->arena) {
		m->keys = PL_NEW_ARRAY(m->arena, const char *, cap);
		m->vals = PL_NEW_ARRAY(m->arena, void *, cap);
	} else {
		m->keys = pl_xcalloc(cap, sizeof(*m->keys));
		m->vals = pl_xcalloc(cap, sizeof(*m->vals));
	}
	pl_touch_zeroed(m->keys, cap * sizeof(*m->keys)); /* probed */
}

struct tg_hmap *tg_hmap_new(struct pl_arena *arena)
{
	struct tg_hmap *m = arena ? PL_NEW(arena, struct tg_hmap) : pl_xcalloc(1, sizeof(*m));

	m->arena = arena;
	hmap_alloc(m, HMAP_MIN);
	return m;
}

void tg_hmap_free(struct tg_hmap *m)
{
	if (!m || m->arena)
		return;
	free(m->keys);
	free(m->vals);
	free(m);
}

struct tg_hmap *tg_hmap_copy(struct pl_arena *arena, const struct tg_hmap *src)
{
	struct tg_hmap *m = arena ? PL_NEW(arena, struct tg_hmap) : pl_xcalloc(1, sizeof(*m));

	m->arena = arena;
	hmap_alloc(m, src->cap);
	memcpy(m->keys, src->keys, sizeof(*m->keys) * src->cap);
	memcpy(m->vals, src->vals, sizeof(*m->vals) * src->cap);
	m->count = src->count;
	return m;
}

static size_t ptr_hash(const void *p)
{
	uintptr_t x = (uintptr_t)p;

	x ^= x >> 17;
	x *= 0x9E3779B97F4A7C15ull;
	return (size_t)(x ^ (x >> 29));
}

void *tg_hmap_get(const struct tg_hmap *m, const char *key)
{
	size_t i = ptr_hash(key) & (m->cap - 1);

	while (m->keys[i]) {
		if (m->keys[i] == key)
			return m->vals[i];
		i = (i + 1) & (m->cap - 1);
	}
	return NULL;
}

void tg_hmap_put(struct tg_hmap *m, const char *key, void *val)
{
	if ((m->count + 1) * HMAP_LOAD_DEN > m->cap * HMAP_LOAD_NUM) {
		struct tg_hmap n = {.arena = m->arena};
		hmap_alloc(&n, m->cap * 2);
		for (size_t j = 0; j < m->cap; j++)
			if (m->keys[j])
				tg_hmap_put(&n, m->keys[j], m->vals[j]);
		if (!m->arena) {
			free(m->keys);
			free(m->vals);
		}
		m->keys = n.keys;
		m->vals = n.vals;
		m->cap = n.cap;
		m->count = n.count;
	}
	size_t i = ptr_hash(key) & (m->cap - 1);
	while (m->keys[i] && m->keys[i] != key)
		i = (i + 1) & (m->cap - 1);
	if (!m->keys[i])
		m->count++;
	m->keys[i] = key;
	m->vals[i] = val;
	if (m->log)
		log_add(m->arena, m->log, key, (uintptr_t)val);
}

size_t tg_hmap_count(const struct tg_hmap *m)
{
	return m->count;
}

size_t tg_hmap_slots(const struct tg_hmap *m)
{
	return m->cap;
}

bool tg_hmap_slot(const struct tg_hmap *m, size_t i, const char **key, void **val)
{
	if (i >= m->cap || !m->keys[i])
		return false;
	*key = m->keys[i];
	*val = m->vals[i];
	return true;
}

/* ---- types ------------------------------------------------------------ */

static struct tg_type *ty_new(struct tg_keeper *k, enum tg_type_kind kind)
{
	struct tg_type *t = PL_NEW(k->arena, struct tg_type);
	t->kind = kind;
	return t;
}

const struct tg_value *tg_v_unset_make(struct tg_keeper *k);

const struct pl_span tg_no_span;

/* ---- value tables ----------------------------------------------------- */

/* A slot holds a value's address, whose low 4 bits are 0 (struct
 * tg_value is 16-byte aligned), with the top 4 bits of its hash in them:
 * a lookup reads a value (a cache miss on a large table) only when those
 * bits match.  The probes of a lookup that makes a value read every value
 * on its way; on 100,000 synthetic patterns v_unique was 8% of a run, which
 * went 3.41 -> 3.06 s and 3.43 -> 3.38 s (-j 1, two alternated orders). */
#define VT_TAG(h) ((uintptr_t)((uint64_t)(h) >> 60))
static inline uintptr_t vt_slot(const struct tg_value *v, uint64_t h)
{
	return (uintptr_t)v | VT_TAG(h);
}

/* A zeroed value table of at least cap slots for k, its size in *got: a
 * table given back to k's pool, when one is as big and not over four
 * times bigger (the smallest such), else a new one in k's arena. */
static uintptr_t *vtab_take(struct tg_keeper *k, size_t cap, size_t *got)
{
	struct tg_vtabs *p = k->vtabs;
	unsigned best = p ? p->n : 0;

	for (unsigned i = 0; p && i < p->n; i++)
		if (p->arena[i] == k->arena && p->cap[i] >= cap && p->cap[i] / 4 <= cap &&
		    (best == p->n || p->cap[i] < p->cap[best]))
			best = i;
	if (p && best < p->n) {
		uintptr_t *t = p->tab[best];
		*got = p->cap[best];
		p->n--;
		p->tab[best] = p->tab[p->n];
		p->cap[best] = p->cap[p->n];
		p->arena[best] = p->arena[p->n];
		memset(t, 0, *got * sizeof(*t));
		return t;
	}
	*got = cap;
	return pl_touch_zeroed(PL_NEW_ARRAY(k->arena, uintptr_t, cap), cap * sizeof(uintptr_t));
}

/* Table t of cap slots, which k no longer uses, to k's pool; when the pool
 * is full it replaces the smallest there if it is bigger. */
static void vtab_give(struct tg_keeper *k, uintptr_t *t, size_t cap)
{
	struct tg_vtabs *p = k->vtabs;
	unsigned at;

	if (!p || !t)
		return;
	if (p->n < TG_VTABS_MAX) {
		at = p->n++;
	} else {
		at = 0;
		for (unsigned i = 1; i < p->n; i++)
			if (p->cap[i] < p->cap[at])
				at = i;
		if (p->cap[at] >= cap)
			return;
	}
	p->tab[at] = t;
	p->cap[at] = cap;
	p->arena[at] = k->arena;
}

void tg_keeper_done(struct tg_keeper *k)
{
	if (!k->vtabs)
		return;
	vtab_give(k, k->vtab, k->vcap);
	k->vtab = NULL;
	k->vcap = 0;
}

void tg_keeper_init(struct tg_keeper *k, struct pl_arena *a, struct pl_intern *in,
                    struct pl_diag_ctx *d, struct pl_source_mgr *sm, struct tg_vtabs *pool)
{
	memset(k, 0, sizeof(*k));
	k->vtabs = pool;
	k->arena = a;
	k->intern = in;
	k->diag = d;
	k->sm = sm;
	k->vtab = vtab_take(k, (size_t)1 << 14, &k->vcap);
	k->ty_bit = ty_new(k, TG_TY_BIT);
	k->ty_int = ty_new(k, TG_TY_INT);
	k->ty_string = ty_new(k, TG_TY_STRING);
	k->ty_dag = ty_new(k, TG_TY_DAG);
	k->ty_rec_empty = ty_new(k, TG_TY_REC);
	k->def_map = tg_hmap_new(a);
	k->class_map = tg_hmap_new(a);
	k->globals = tg_hmap_new(a);
	k->vardef_map = tg_hmap_new(a);
	k->s_NAME = pl_intern(in, "NAME");
	k->unset = tg_v_unset_make(k);
	k->bit0 = tg_v_bit(k, false);
	k->bit1 = tg_v_bit(k, true);
}

void tg_keeper_fini(struct tg_keeper *k)
{
	/* everything lives in the arena */
	(void)k;
}

const struct tg_type *tg_ty_bits(struct tg_keeper *k, unsigned width)
{
	for (struct tg_type *t = k->bits_chain; t; t = t->next)
		if (t->width == width)
			return t;
	struct tg_type *t = ty_new(k, TG_TY_BITS);
	t->width = width;
	t->next = k->bits_chain;
	k->bits_chain = t;
	return t;
}

const struct tg_type *tg_ty_list(struct tg_keeper *k, const struct tg_type *elem)
{
	struct tg_type *e = (struct tg_type *)elem;
	const struct tg_type *have = atomic_load_explicit(&e->list_of, memory_order_acquire);

	if (have)
		return have;
	struct tg_type *t = ty_new(k, TG_TY_LIST);
	t->elem = elem;
	/* another thread's, if it made one first (ours is then unused) */
	if (!atomic_compare_exchange_strong_explicit(&e->list_of, &have, t, memory_order_acq_rel,
	                                             memory_order_acquire))
		return have;
	return t;
}

static int cmp_rec_name(const void *a, const void *b)
{
	const struct tg_rec *x = *(struct tg_rec *const *)a, *y = *(struct tg_rec *const *)b;
	return strcmp(x->name, y->name);
}

/* RecordRecTy::get: drop classes that are superclasses of others, sort by
 * name, remove duplicates. */
const struct tg_type *tg_ty_rec(struct tg_keeper *k, struct tg_rec **classes, unsigned n)
{
	if (n == 0)
		return k->ty_rec_empty;
	const struct tg_type *self = n == 1 ? atomic_load_explicit(&classes[0]->self_ty,
	                                                           memory_order_acquire) : NULL;
	if (self)
		return self;
	struct tg_rec **cs = pl_xmalloc(sizeof(*cs) * n);
	unsigned m = 0;
	for (unsigned i = 0; i < n; i++) {
		bool redundant = false;
		for (unsigned j = 0; j < n && !redundant; j++)
			if (j != i && classes[j] != classes[i] && tg_rec_is_subclass(classes[j], classes[i]))
				redundant = true;
		for (unsigned j = 0; j < m && !redundant; j++)
			if (cs[j] == classes[i])
				redundant = true;
		if (!redundant)
			cs[m++] = classes[i];
	}
	/* One class (every !cast, anonymous instantiation and most fields):
	 * the class caches its type; only multi-class types go on the chain. */
	self = m == 1 ? atomic_load_explicit(&cs[0]->self_ty, memory_order_acquire) : NULL;
	if (self) {
		free(cs);
		return self;
	}
	qsort(cs, m, sizeof(*cs), cmp_rec_name);
	for (struct tg_type *t = m == 1 ? NULL : k->rec_chain; t; t = t->next) {
		if (t->width != m)
			continue;
		unsigned i = 0;
		while (i < m && t->classes[i] == cs[i])
			i++;
		if (i == m) {
			free(cs);
			return t;
		}
	}
	struct tg_type *t = ty_new(k, TG_TY_REC);
	t->width = m;
	t->classes = PL_NEW_ARRAY(k->arena, struct tg_rec *, m);
	memcpy(t->classes, cs, sizeof(*cs) * m);
	if (m == 1) {
		/* another thread's, if it made one first */
		if (!atomic_compare_exchange_strong_explicit(&cs[0]->self_ty, &self, t,
		                                             memory_order_acq_rel, memory_order_acquire)) {
			free(cs);
			return self;
		}
	} else {
		t->next = k->rec_chain;
		k->rec_chain = t;
	}
	free(cs);
	return t;
}

bool tg_rec_is_subclass(const struct tg_rec *r, const struct tg_rec *cls)
{
	if (r == cls)
		return true;
	for (unsigned i = 0; i < r->nsupers; i++)
		if (r->supers[i] == cls)
			return true;
	return false;
}

/* Whether every class of `to` is a superclass of some class of `from`. */
static bool rec_ty_sub(const struct tg_type *from, const struct tg_type *to)
{
	for (unsigned i = 0; i < to->width; i++) {
		bool ok = false;
		for (unsigned j = 0; j < from->width && !ok; j++)
			ok = tg_rec_is_subclass(from->classes[j], to->classes[i]);
		if (!ok)
			return false;
	}
	return true;
}

bool tg_ty_convertible(const struct tg_type *a, const struct tg_type *b)
{
	if (a == b)
		return true;
	switch (a->kind) {
	case TG_TY_BIT:
		return b->kind == TG_TY_INT || (b->kind == TG_TY_BITS && b->width == 1);
	case TG_TY_BITS:
		return (b->kind == TG_TY_BIT && a->width == 1) || b->kind == TG_TY_INT ||
		       (b->kind == TG_TY_BITS && b->width == a->width);
	case TG_TY_INT:
		return b->kind == TG_TY_BIT || b->kind == TG_TY_BITS || b->kind == TG_TY_INT;
	case TG_TY_STRING:
		return b->kind == TG_TY_STRING;
	case TG_TY_DAG:
		return b->kind == TG_TY_DAG;
	case TG_TY_LIST:
		return b->kind == TG_TY_LIST && tg_ty_convertible(a->elem, b->elem);
	case TG_TY_REC:
		return b->kind == TG_TY_REC && rec_ty_sub(a, b);
	}
	return false;
}

bool tg_ty_isa(const struct tg_type *a, const struct tg_type *b)
{
	if (a == b)
		return true;
	if (a->kind == TG_TY_LIST && b->kind == TG_TY_LIST)
		return tg_ty_isa(a->elem, b->elem);
	if (a->kind == TG_TY_REC && b->kind == TG_TY_REC)
		return rec_ty_sub(a, b);
	return false;
}

static void rec_direct_supers_push(const struct tg_rec *r, struct tg_rec ***out, unsigned *n, unsigned *cap)
{
	unsigned end = r->nsupers;
	while (end > 0) {
		struct tg_rec *sc = r->supers[end - 1];
		if (*n == *cap) {
			*cap = *cap ? *cap * 2 : 8;
			*out = pl_xrealloc(*out, sizeof(**out) * *cap);
		}
		(*out)[(*n)++] = sc;
		unsigned drop = 1 + sc->nsupers;
		end = end >= drop ? end - drop : 0;
	}
}

void tg_rec_direct_supers(const struct tg_rec *r, struct tg_rec ***out, unsigned *n, unsigned *cap)
{
	rec_direct_supers_push(r, out, n, cap);
}

const struct tg_type *tg_ty_resolve(struct tg_keeper *k, const struct tg_type *a, const struct tg_type *b)
{
	if (a == b)
		return a;
	if (a->kind == TG_TY_REC && b->kind == TG_TY_REC) {
		struct tg_rec **stack = NULL, **common = NULL;
		unsigned ns = 0, cs = 0, nc = 0, cc = 0;
		for (unsigned i = 0; i < a->width; i++) {
			if (ns == cs) {
				cs = cs ? cs * 2 : 8;
				stack = pl_xrealloc(stack, sizeof(*stack) * cs);
			}
			stack[ns++] = a->classes[i];
		}
		while (ns) {
			struct tg_rec *r = stack[--ns];
			/* T2->isSubClassOf(R): any class of b is a subclass of r */
			bool sub = false;
			for (unsigned i = 0; i < b->width && !sub; i++)
				sub = tg_rec_is_subclass(b->classes[i], r);
			if (sub) {
				if (nc == cc) {
					cc = cc ? cc * 2 : 8;
					common = pl_xrealloc(common, sizeof(*common) * cc);
				}
				common[nc++] = r;
			} else {
				rec_direct_supers_push(r, &stack, &ns, &cs);
			}
		}
		const struct tg_type *t = tg_ty_rec(k, common, nc);
		free(stack);
		free(common);
		return t;
	}
	if (tg_ty_convertible(a, b))
		return b;
	if (tg_ty_convertible(b, a))
		return a;
	if (a->kind == TG_TY_LIST && b->kind == TG_TY_LIST) {
		const struct tg_type *e = tg_ty_resolve(k, a->elem, b->elem);
		if (e)
			return tg_ty_list(k, e);
	}
	return NULL;
}

static void ty_str_buf(struct pl_buf *b, const struct tg_type *t)
{
	switch (t->kind) {
	case TG_TY_BIT: pl_buf_puts(b, "bit"); break;
	case TG_TY_BITS: pl_buf_printf(b, "bits<%u>", t->width); break;
	case TG_TY_INT: pl_buf_puts(b, "int"); break;
	case TG_TY_STRING: pl_buf_puts(b, "string"); break;
	case TG_TY_DAG: pl_buf_puts(b, "dag"); break;
	case TG_TY_LIST:
		pl_buf_puts(b, "list<");
		ty_str_buf(b, t->elem);
		pl_buf_putc(b, '>');
		break;
	case TG_TY_REC:
		if (t->width == 1) {
			pl_buf_puts(b, t->classes[0]->name);
		} else {
			pl_buf_putc(b, '{');
			for (unsigned i = 0; i < t->width; i++) {
				if (i)
					pl_buf_puts(b, ", ");
				pl_buf_puts(b, t->classes[i]->name);
			}
			pl_buf_putc(b, '}');
		}
		break;
	}
}

char *tg_ty_str(struct tg_keeper *k, const struct tg_type *t)
{
	struct pl_buf b = {0};
	ty_str_buf(&b, t);
	char *s = pl_arena_strdup(k->arena, pl_buf_cstr(&b));
	pl_buf_free(&b);
	return s;
}

/* ---- value uniquing --------------------------------------------------- */

static uint64_t mix(uint64_t h, uint64_t x)
{
	h ^= x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
	return h;
}

unsigned tg_v_nops(const struct tg_value *v)
{
	switch (v->kind) {
	case TG_V_DAG: return v->n + 1;
	case TG_V_VARBIT: case TG_V_LISTELEM: case TG_V_FIELD: case TG_V_ISA: case TG_V_EXISTS: return 1;
	case TG_V_FOLD: return 3;
	case TG_V_COND: return v->n * 2;
	default: return v->n;
	}
}

unsigned tg_v_nnames(const struct tg_value *v)
{
	if (v->kind == TG_V_DAG)
		return v->n;
	if (v->kind == TG_V_FOLD)
		return 2;
	return 0;
}

static uint64_t v_hash(const struct tg_value *v)
{
	/* the scalar fields multiplied by distinct odd constants: independent
	 * products, not a chain of combines; the operands then in order */
	uint64_t h = ((uint64_t)v->kind ^ (uint64_t)(uint32_t)v->op << 8 ^ (uint64_t)v->n << 32) *
	             0x9E3779B97F4A7C15ULL;
	h ^= (uintptr_t)v->type * 0xBF58476D1CE4E5B9ULL;
	h ^= (uint64_t)v->i * 0x94D049BB133111EBULL;
	h ^= (uintptr_t)v->str * 0xD6E8FEB86659FD93ULL;
	h ^= (uintptr_t)v->rec * 0xA0761D6478BD642FULL;
	h ^= (uintptr_t)tg_v_cty(v) * 0xE7037ED1A0B428DBULL;
	unsigned no = tg_v_nops(v), nn = tg_v_nnames(v);
	for (unsigned i = 0; i < no; i++)
		h = mix(h, (uintptr_t)v->v[i]);
	for (unsigned i = 0; i < nn; i++)
		h = mix(h, (uintptr_t)v->names[i]);
	return h ^ h >> 29;
}

static bool v_same(const struct tg_value *a, const struct tg_value *b)
{
	if (a->kind != b->kind || a->op != b->op || a->n != b->n || a->type != b->type || a->i != b->i ||
	    a->str != b->str || a->rec != b->rec || tg_v_cty(a) != tg_v_cty(b))
		return false;
	unsigned no = tg_v_nops(a), nn = tg_v_nnames(a);
	for (unsigned i = 0; i < no; i++)
		if (a->v[i] != b->v[i])
			return false;
	for (unsigned i = 0; i < nn; i++)
		if (a->names[i] != b->names[i])
			return false;
	return true;
}

/* Whether v mentions nothing resolution can change: literals, records,
 * and lists, bits and dags made of such.  tg_v_resolve returns these as
 * they are without walking them (a def copies dozens of such fields from
 * each class it derives from). */
static bool v_closed_of(const struct tg_value *v)
{
	switch (v->kind) {
	case TG_V_UNSET: case TG_V_BIT: case TG_V_INT: case TG_V_STRING: case TG_V_DEF:
		return true;
	case TG_V_LIST: case TG_V_BITS: case TG_V_DAG:
		for (unsigned i = 0, n = tg_v_nops(v); i < n; i++)
			if (v->v[i] && !v->v[i]->closed)
				return false;
		return true;
	default:
		return false;
	}
}

/* The value table is open-addressed (no links in the values), so that the
 * include cache (tg_parse.c) can make a kept state's table again from the
 * value log and go on from it while the values themselves stay shared. */
static size_t vtab_slot(const struct tg_keeper *k, uint64_t h)
{
	size_t mask = k->vcap - 1, i = h & mask;

	while (k->vtab[i])
		i = (i + 1) & mask;
	return i;
}

/* Room for one more value (the table doubles at half full); true when
 * the table moved. */
static bool vtab_make_room(struct tg_keeper *k)
{
	size_t cap = k->vcap;

	if ((k->vcount + 2) * 2 <= cap) /* tg_v_reserve's test, in line */
		return false;
	tg_v_reserve(k, 1);
	return k->vcap != cap;
}

/* ---- a keeper's tables through the logs --------------------------------- */

static struct tg_hmap **keeper_map(struct tg_keeper *k, int which)
{
	return which == TG_LOG_DEFS      ? &k->def_map
	       : which == TG_LOG_CLASSES ? &k->class_map
	       : which == TG_LOG_GLOBALS ? &k->globals
	                                 : &k->vardef_map;
}

void tg_keeper_log_tables(struct tg_keeper *k)
{
	k->vlog = log_new(k->arena, NULL, 0);
	for (size_t i = 0; i < k->vcap; i++)
		if (k->vtab[i])
			log_add(k->arena, k->vlog, tg_vtab_value(k->vtab[i]), tg_vtab_value(k->vtab[i])->hash);
	for (int w = TG_LOG_DEFS; w < TG_LOGS; w++) {
		struct tg_hmap *m = *keeper_map(k, w);
		m->log = log_new(k->arena, NULL, 0);
		for (size_t i = 0; i < m->cap; i++)
			if (m->keys[i])
				log_add(k->arena, m->log, m->keys[i], (uintptr_t)m->vals[i]);
	}
}

void tg_keeper_log_stop(struct tg_keeper *k)
{
	k->vlog = NULL;
	for (int w = TG_LOG_DEFS; w < TG_LOGS; w++)
		(*keeper_map(k, w))->log = NULL;
}

void tg_keeper_keep_tables(struct tg_keeper *k, struct tg_kept_tables *t)
{
	t->log[TG_LOG_VALUES] = k->vlog;
	t->count[TG_LOG_VALUES] = log_count(k->vlog);
	t->cap[TG_LOG_VALUES] = k->vcap;
	for (int w = TG_LOG_DEFS; w < TG_LOGS; w++) {
		const struct tg_hmap *m = *keeper_map(k, w);
		t->log[w] = m->log;
		t->count[w] = log_count(m->log);
		t->cap[w] = m->cap;
	}
}

/* Put a logged value into k's table (in any order: a lookup probes on to
 * an empty slot, wherever the others went). */
static void put_value(void *ud, const struct tg_log_ent *e)
{
	struct tg_keeper *k = ud;

	k->vtab[vtab_slot(k, e->b)] = vt_slot(e->a, e->b);
}

static void put_entry(void *ud, const struct tg_log_ent *e)
{
	tg_hmap_put(ud, e->a, (void *)(uintptr_t)e->b);
}

void tg_keeper_restore_tables(struct tg_keeper *k, const struct tg_kept_tables *t)
{
	k->vcount = t->count[TG_LOG_VALUES];
	k->vtab = vtab_take(k, t->cap[TG_LOG_VALUES], &k->vcap);
	log_replay(t->log[TG_LOG_VALUES], k->vcount, put_value, k);
	k->vlog = log_new(k->arena, t->log[TG_LOG_VALUES], k->vcount);
	for (int w = TG_LOG_DEFS; w < TG_LOGS; w++) {
		struct tg_hmap *m = PL_NEW(k->arena, struct tg_hmap);
		m->arena = k->arena;
		hmap_alloc(m, t->cap[w]);
		log_replay(t->log[w], t->count[w], put_entry, m); /* in order: a later put wins */
		m->log = log_new(k->arena, t->log[w], t->count[w]);
		*keeper_map(k, w) = m;
	}
}

struct tg_rec *tg_v_def_made(const struct tg_keeper *k, const struct tg_value *v)
{
	return v->kind == TG_V_VARDEF ? tg_hmap_get(k->vardef_map, (const char *)v) : NULL;
}

static const struct tg_value *v_unique(struct tg_keeper *k, const struct tg_value *tmp)
{
	uint64_t h = v_hash(tmp);
	size_t mask = k->vcap - 1, idx = h & mask;
	uintptr_t tag = VT_TAG(h);
	for (uintptr_t s; (s = k->vtab[idx]) != 0; idx = (idx + 1) & mask) {
		struct tg_value *e = tg_vtab_value(s);
		if ((s & 15) == tag && e->hash == h && v_same(e, tmp))
			return e;
	}
	if (vtab_make_room(k))
		idx = vtab_slot(k, h);
	/* every byte is written below: no zeroing */
	struct tg_value *v = pl_arena_alloc(k->arena, sizeof(*v));
	*v = *tmp;
	unsigned no = tg_v_nops(tmp), nn = tg_v_nnames(tmp);
	if (no) {
		v->v = pl_arena_alloc(k->arena, sizeof(*v->v) * no);
		memcpy(v->v, tmp->v, sizeof(*v->v) * no);
	} else {
		v->v = NULL;
	}
	if (nn) {
		v->names = pl_arena_alloc(k->arena, sizeof(*v->names) * nn);
		memcpy(v->names, tmp->names, sizeof(*v->names) * nn);
	} else if (!tg_v_cty(tmp)) {
		v->names = NULL; /* (the slot is cty's for ISA and EXISTS) */
	}
	v->hash = h;
	v->closed = v_closed_of(v);
	k->vtab[idx] = vt_slot(v, h);
	k->vcount++;
	if (k->vlog)
		log_add(k->arena, k->vlog, v, v->hash);
	return v;
}

void tg_v_reserve(struct tg_keeper *k, size_t n)
{
	size_t cap = k->vcap;

	while ((k->vcount + n + 1) * 2 > cap)
		cap *= 2;
	if (cap == k->vcap)
		return;
	uintptr_t *old = k->vtab;
	size_t ocap = k->vcap;
	k->vtab = vtab_take(k, cap, &k->vcap);
	for (size_t i = 0; i < ocap; i++)
		if (old[i]) /* the tag is the hash's: it moves with the slot */
			k->vtab[vtab_slot(k, tg_vtab_value(old[i])->hash)] = old[i];
	vtab_give(k, old, ocap);
}

void tg_v_adopt(struct tg_keeper *k, struct tg_value *v)
{
	v->hash = v_hash(v);
	vtab_make_room(k);
	k->vtab[vtab_slot(k, v->hash)] = vt_slot(v, v->hash);
	k->vcount++;
	if (k->vlog)
		log_add(k->arena, k->vlog, v, v->hash);
}

const struct tg_value *tg_v_unset_make(struct tg_keeper *k)
{
	struct tg_value t = {.kind = TG_V_UNSET};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_int(struct tg_keeper *k, int64_t i)
{
	struct tg_value t = {.kind = TG_V_INT, .type = k->ty_int, .i = i};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_bit(struct tg_keeper *k, bool b)
{
	if (k->bit0 && k->bit1)
		return b ? k->bit1 : k->bit0;
	struct tg_value t = {.kind = TG_V_BIT, .type = k->ty_bit, .i = b};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_bits(struct tg_keeper *k, const struct tg_value **bits, unsigned n)
{
	struct tg_value t = {.kind = TG_V_BITS, .type = tg_ty_bits(k, n), .n = n, .v = bits};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_str(struct tg_keeper *k, const char *s, bool code)
{
	struct tg_value t = {.kind = TG_V_STRING, .type = k->ty_string, .op = code, .str = pl_intern(k->intern, s)};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_str_interned(struct tg_keeper *k, const char *s, bool code)
{
	struct tg_value t = {.kind = TG_V_STRING, .type = k->ty_string, .op = code, .str = s};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_strn(struct tg_keeper *k, const char *s, size_t n, bool code)
{
	struct tg_value t = {.kind = TG_V_STRING, .type = k->ty_string, .op = code,
	                     .str = pl_intern_n(k->intern, s, n)};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_list(struct tg_keeper *k, const struct tg_value **els, unsigned n,
                                 const struct tg_type *elem)
{
	struct tg_value t = {.kind = TG_V_LIST, .type = tg_ty_list(k, elem), .n = n, .v = els};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_def(struct tg_keeper *k, struct tg_rec *r)
{
	const struct tg_value *have = atomic_load_explicit(&r->defval, memory_order_acquire);

	if (have)
		return have;
	struct tg_value t = {.kind = TG_V_DEF, .type = tg_rec_type(k, r), .rec = r};
	const struct tg_value *v = v_unique(k, &t);
	/* another thread's, if it made one first (ours then stays unused in
	 * k's table: a DefInit is only ever taken from its record) */
	if (!atomic_compare_exchange_strong_explicit(&r->defval, &have, v, memory_order_acq_rel,
	                                             memory_order_acquire))
		return have;
	return v;
}

/* Operand arrays of values being made or resolved: on the caller's stack
 * up to SMALL_OPS entries (most lists, dags and argument lists), else on
 * the heap (a dag grown by !con can have millions of arguments). */
enum { SMALL_OPS = 16 };

static const struct tg_value **ops_buf(const struct tg_value **small, size_t n)
{
	return n <= SMALL_OPS ? small : pl_xmalloc(sizeof(*small) * n);
}

static void ops_free(const struct tg_value **small, const struct tg_value **buf)
{
	if (buf != small)
		free(buf);
}

const struct tg_value *tg_v_dag(struct tg_keeper *k, const struct tg_value *op, const char *opname,
                                const struct tg_value **args, const char **names, unsigned n)
{
	/* On the heap past SMALL_OPS, not in variable-length arrays: a dag
	 * grown by !con can have millions of arguments
	 * (tests/hostile/td-dag-doubling.d). */
	const struct tg_value *small[SMALL_OPS];
	const char *small_nm[SMALL_OPS];
	const struct tg_value **ops = ops_buf(small, (size_t)n + 1);
	const char **nm = (size_t)n + 1 <= SMALL_OPS ? small_nm : pl_xmalloc(sizeof(*nm) * ((size_t)n + 1));
	ops[0] = op;
	for (unsigned i = 0; i < n; i++) {
		ops[i + 1] = args[i];
		nm[i] = names ? names[i] : NULL;
	}
	struct tg_value t = {.kind = TG_V_DAG, .type = k->ty_dag, .n = n, .v = ops, .names = nm, .str = opname};
	const struct tg_value *r = v_unique(k, &t);
	ops_free(small, ops);
	if (nm != small_nm)
		free(nm);
	return r;
}

const struct tg_value *tg_v_var(struct tg_keeper *k, const char *name, const struct tg_type *ty)
{
	struct tg_value t = {.kind = TG_V_VAR, .type = ty, .str = name};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_varbit(struct tg_keeper *k, const struct tg_value *v, unsigned bit)
{
	const struct tg_value *ops[1] = {v};
	struct tg_value t = {.kind = TG_V_VARBIT, .type = k->ty_bit, .v = ops, .i = bit};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_listelem(struct tg_keeper *k, const struct tg_value *v, unsigned idx)
{
	const struct tg_value *ops[1] = {v};
	struct tg_value t = {.kind = TG_V_LISTELEM, .type = v->type->elem, .v = ops, .i = idx};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_field(struct tg_keeper *k, const struct tg_value *r, const char *fname,
                                  const struct tg_type *ty)
{
	const struct tg_value *ops[1] = {r};
	struct tg_value t = {.kind = TG_V_FIELD, .type = ty, .v = ops, .str = fname};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_vardef(struct tg_keeper *k, struct tg_rec *cls, const struct tg_value **args,
                                   unsigned n)
{
	struct tg_value t = {.kind = TG_V_VARDEF, .type = tg_ty_rec(k, &cls, 1), .rec = cls, .n = n, .v = args};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_unop(struct tg_keeper *k, int op, const struct tg_value *a, const struct tg_type *ty)
{
	const struct tg_value *ops[1] = {a};
	struct tg_value t = {.kind = TG_V_UNOP, .op = op, .type = ty, .n = 1, .v = ops};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_binop(struct tg_keeper *k, int op, const struct tg_value *a,
                                  const struct tg_value *b, const struct tg_type *ty)
{
	const struct tg_value *ops[2] = {a, b};
	struct tg_value t = {.kind = TG_V_BINOP, .op = op, .type = ty, .n = 2, .v = ops};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_ternop(struct tg_keeper *k, int op, const struct tg_value *a,
                                   const struct tg_value *b, const struct tg_value *c,
                                   const struct tg_type *ty)
{
	const struct tg_value *ops[3] = {a, b, c};
	struct tg_value t = {.kind = TG_V_TERNOP, .op = op, .type = ty, .n = 3, .v = ops};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_foldop(struct tg_keeper *k, const struct tg_value *start,
                                   const struct tg_value *list, const char *acc, const char *var,
                                   const struct tg_value *expr, const struct tg_type *ty)
{
	const struct tg_value *ops[3] = {start, list, expr};
	const char *nm[2] = {acc, var};
	struct tg_value t = {.kind = TG_V_FOLD, .type = ty, .v = ops, .names = nm};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_isa(struct tg_keeper *k, const struct tg_type *cty, const struct tg_value *e)
{
	const struct tg_value *ops[1] = {e};
	struct tg_value t = {.kind = TG_V_ISA, .type = k->ty_bit, .cty = cty, .v = ops};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_exists(struct tg_keeper *k, const struct tg_type *cty, const struct tg_value *e)
{
	const struct tg_value *ops[1] = {e};
	struct tg_value t = {.kind = TG_V_EXISTS, .type = k->ty_bit, .cty = cty, .v = ops};
	return v_unique(k, &t);
}

const struct tg_value *tg_v_cond(struct tg_keeper *k, const struct tg_value **cv, unsigned npairs,
                                 const struct tg_type *ty)
{
	struct tg_value t = {.kind = TG_V_COND, .type = ty, .n = npairs, .v = cv};
	return v_unique(k, &t);
}

/* ---- predicates ------------------------------------------------------- */

bool tg_v_typed(const struct tg_value *v)
{
	return v->kind != TG_V_UNSET;
}

static bool concrete_d(const struct tg_value *v, unsigned depth)
{
	if (depth > TG_MAX_DEPTH)
		return false; /* too deep to be a value anything accepts */
	switch (v->kind) {
	case TG_V_UNSET: case TG_V_BIT: case TG_V_INT: case TG_V_STRING: case TG_V_DEF:
		return true;
	case TG_V_BITS: case TG_V_LIST:
		for (unsigned i = 0; i < v->n; i++)
			if (!concrete_d(v->v[i], depth + 1))
				return false;
		return true;
	case TG_V_DAG:
		for (unsigned i = 0; i <= v->n; i++)
			if (!concrete_d(v->v[i], depth + 1))
				return false;
		return true;
	default:
		return false;
	}
}

bool tg_v_concrete(const struct tg_value *v)
{
	return concrete_d(v, 0);
}

static bool complete_d(const struct tg_value *v, unsigned depth)
{
	if (depth > TG_MAX_DEPTH)
		return false;
	switch (v->kind) {
	case TG_V_UNSET: return false;
	case TG_V_BITS: case TG_V_LIST:
		for (unsigned i = 0; i < v->n; i++)
			if (!complete_d(v->v[i], depth + 1))
				return false;
		return true;
	case TG_V_DAG:
		/* DagInit has no isComplete override: complete */
		return true;
	default:
		return true;
	}
}

bool tg_v_complete(const struct tg_value *v)
{
	return complete_d(v, 0);
}

/* ---- bits, conversions ------------------------------------------------ */

const struct tg_value *tg_v_getbit(struct tg_keeper *k, const struct tg_value *v, unsigned bit)
{
	switch (v->kind) {
	case TG_V_UNSET: case TG_V_BIT:
		return v;
	case TG_V_BITS:
		return bit < v->n ? v->v[bit] : k->unset;
	case TG_V_INT:
		return tg_v_bit(k, bit < 64 ? ((uint64_t)v->i >> bit) & 1 : (v->i < 0));
	case TG_V_VAR: case TG_V_FIELD: case TG_V_UNOP: case TG_V_BINOP: case TG_V_TERNOP: case TG_V_FOLD:
	case TG_V_ISA: case TG_V_EXISTS: case TG_V_COND: case TG_V_LISTELEM:
		if (v->type == k->ty_bit)
			return v;
		return tg_v_varbit(k, v, bit);
	case TG_V_VARBIT:
		return v;
	default:
		return tg_v_varbit(k, v, bit);
	}
}

static bool fits_bits(int64_t v, unsigned n)
{
	/* bits<0>: llvm-tblgen-16 accepts any int (its isIntN(0, v) shifts by
	 * -1); found by tests/fuzz/fuzz_tablegen. */
	if (n >= 64 || n == 0)
		return true;
	return (v >> n) == 0 || (v >> (n - 1)) == -1;
}

const struct tg_value *tg_v_convert(struct tg_keeper *k, const struct tg_value *v, const struct tg_type *t)
{
	switch (v->kind) {
	case TG_V_UNSET:
		return v;
	case TG_V_BIT:
		if (t->kind == TG_TY_BIT)
			return v;
		if (t->kind == TG_TY_INT)
			return tg_v_int(k, v->i);
		if (t->kind == TG_TY_BITS && t->width == 1)
			return tg_v_bits(k, &v, 1);
		return NULL;
	case TG_V_BITS:
		if (t->kind == TG_TY_BIT)
			return v->n == 1 ? v->v[0] : NULL;
		if (t->kind == TG_TY_BITS) {
			if (t->width != v->n)
				return NULL;
			return v;
		}
		if (t->kind == TG_TY_INT) {
			int64_t r = 0;
			for (unsigned i = 0; i < v->n; i++) {
				if (v->v[i]->kind != TG_V_BIT)
					return NULL;
				if (v->v[i]->i && i < 64)
					r |= (int64_t)((uint64_t)1 << i);
			}
			return tg_v_int(k, r);
		}
		return NULL;
	case TG_V_INT:
		if (t->kind == TG_TY_INT)
			return v;
		if (t->kind == TG_TY_BIT)
			return (v->i == 0 || v->i == 1) ? tg_v_bit(k, v->i) : NULL;
		if (t->kind == TG_TY_BITS) {
			if (!fits_bits(v->i, t->width))
				return NULL;
			const struct tg_value **bits = pl_xmalloc(sizeof(*bits) * (t->width ? t->width : 1));
			for (unsigned i = 0; i < t->width; i++)
				bits[i] = tg_v_bit(k, i < 64 ? ((uint64_t)v->i >> i) & 1 : v->i < 0);
			const struct tg_value *r = tg_v_bits(k, bits, t->width);
			free(bits);
			return r;
		}
		return NULL;
	case TG_V_STRING:
		return t->kind == TG_TY_STRING ? v : NULL;
	case TG_V_LIST: {
		if (v->type == t)
			return v;
		if (t->kind != TG_TY_LIST)
			return NULL;
		const struct tg_value **els = pl_xmalloc(sizeof(*els) * (v->n ? v->n : 1));
		bool changed = false;
		for (unsigned i = 0; i < v->n; i++) {
			els[i] = tg_v_convert(k, v->v[i], t->elem);
			if (!els[i]) {
				free(els);
				return NULL;
			}
			changed |= els[i] != v->v[i];
		}
		const struct tg_value *r = changed ? tg_v_list(k, els, v->n, t->elem) : v;
		free(els);
		return r;
	}
	case TG_V_DAG:
		return t->kind == TG_TY_DAG ? v : NULL;
	case TG_V_DEF:
		if (t->kind == TG_TY_REC && tg_ty_convertible(v->type, t))
			return v;
		return NULL;
	default:
		/* TypedInit::convertInitializerTo */
		if (v->type == t || tg_ty_isa(v->type, t))
			return v;
		if (v->type->kind == TG_TY_BIT && t->kind == TG_TY_BITS && t->width == 1)
			return tg_v_bits(k, &v, 1);
		return NULL;
	}
}

const struct tg_value *tg_v_cast(struct tg_keeper *k, const struct tg_value *v, const struct tg_type *t)
{
	if (v->kind == TG_V_UNSET)
		return v;
	if (v->type == t || tg_ty_isa(v->type, t))
		return v;
	const struct tg_value *c = tg_v_convert(k, v, t);
	if (c)
		return c;
	if (!tg_ty_convertible(v->type, t))
		return NULL;
	return tg_v_fold(k, tg_v_unop(k, TG_UN_CAST, v, t), NULL, false);
}

const struct tg_value *tg_v_bitrange(struct tg_keeper *k, const struct tg_value *v, const unsigned *bits, unsigned n)
{
	const struct tg_value **nb = pl_xmalloc(sizeof(*nb) * (n ? n : 1));
	const struct tg_value *r = NULL;
	if (v->kind == TG_V_BITS) {
		for (unsigned i = 0; i < n; i++) {
			if (bits[i] >= v->n)
				goto out;
			nb[i] = v->v[bits[i]];
		}
	} else if (v->kind == TG_V_INT) {
		for (unsigned i = 0; i < n; i++) {
			if (bits[i] >= 64)
				goto out;
			nb[i] = tg_v_bit(k, ((uint64_t)v->i >> bits[i]) & 1);
		}
	} else if (v->kind != TG_V_UNSET && v->type && v->type->kind == TG_TY_BITS) {
		for (unsigned i = 0; i < n; i++) {
			if (bits[i] >= v->type->width)
				goto out;
			nb[i] = tg_v_varbit(k, v, bits[i]);
		}
	} else {
		goto out;
	}
	r = tg_v_bits(k, nb, n);
out:
	free(nb);
	return r;
}

const struct tg_value *tg_v_listslice(struct tg_keeper *k, const struct tg_value *v, const unsigned *idx, unsigned n)
{
	if (v->kind == TG_V_LIST) {
		if (n == 1)
			return idx[0] < v->n ? v->v[idx[0]] : NULL;
		const struct tg_value **els = pl_xmalloc(sizeof(*els) * (n ? n : 1));
		for (unsigned i = 0; i < n; i++) {
			if (idx[i] >= v->n) {
				free(els);
				return NULL;
			}
			els[i] = v->v[idx[i]];
		}
		const struct tg_value *r = tg_v_list(k, els, n, v->type->elem);
		free(els);
		return r;
	}
	if (v->kind == TG_V_UNSET || !v->type || v->type->kind != TG_TY_LIST)
		return NULL;
	if (n == 1)
		return tg_v_listelem(k, v, idx[0]);
	const struct tg_value **els = pl_xmalloc(sizeof(*els) * (n ? n : 1));
	for (unsigned i = 0; i < n; i++)
		els[i] = tg_v_listelem(k, v, idx[i]);
	const struct tg_value *r = tg_v_list(k, els, n, v->type->elem);
	free(els);
	return r;
}

const struct tg_type *tg_v_field_type(const struct tg_value *v, const char *fname)
{
	if (v->kind == TG_V_DEF) {
		struct tg_field *f = tg_rec_field(v->rec, fname);
		return f ? tg_field_type(f) : NULL;
	}
	if (v->kind == TG_V_UNSET || !v->type || v->type->kind != TG_TY_REC)
		return NULL;
	for (unsigned i = 0; i < v->type->width; i++) {
		struct tg_field *f = tg_rec_field(v->type->classes[i], fname);
		if (f)
			return tg_field_type(f);
	}
	return NULL;
}

/* ---- printable form ----------------------------------------------------- */

static const char *const unop_names[] = {"!cast", "!not", "!head", "!tail", "!size", "!empty", "!getdagop", "!logtwo"};
static const char *const binop_names[] = {
	"!add", "!sub", "!mul", "!div", "!and", "!or", "!xor", "!shl", "!sra", "!srl", "!listconcat",
	"!listsplat", "!listremove", "!strconcat", "!interleave", "!con", "!eq", "!ne", "!le", "!lt",
	"!ge", "!gt", "!setdagop"};
static const char *const ternop_names[] = {"!subst", "!foreach", "!filter", "!if", "!dag", "!substr", "!find"};

static _Thread_local unsigned str_depth; /* nesting of v_str_buf, bounded against deep values */

static void v_str_buf_inner(struct pl_buf *b, const struct tg_value *v, bool unquoted);

static void v_str_buf(struct pl_buf *b, const struct tg_value *v, bool unquoted)
{
	if (str_depth > TG_MAX_DEPTH) {
		pl_buf_puts(b, "...");
		return;
	}
	str_depth++;
	v_str_buf_inner(b, v, unquoted);
	str_depth--;
}

static void v_str_buf_inner(struct pl_buf *b, const struct tg_value *v, bool unquoted)
{
	switch (v->kind) {
	case TG_V_UNSET: pl_buf_putc(b, '?'); break;
	case TG_V_BIT: pl_buf_putc(b, v->i ? '1' : '0'); break;
	case TG_V_INT: pl_buf_printf(b, "%lld", (long long)v->i); break;
	case TG_V_BITS:
		pl_buf_puts(b, "{ ");
		for (unsigned i = 0; i < v->n; i++) {
			if (i)
				pl_buf_puts(b, ", ");
			v_str_buf(b, v->v[v->n - 1 - i], false);
		}
		pl_buf_puts(b, " }");
		break;
	case TG_V_STRING:
		if (unquoted)
			pl_buf_puts(b, v->str);
		else if (v->op)
			pl_buf_printf(b, "[{%s}]", v->str);
		else
			pl_buf_printf(b, "\"%s\"", v->str);
		break;
	case TG_V_LIST:
		pl_buf_putc(b, '[');
		for (unsigned i = 0; i < v->n; i++) {
			if (i)
				pl_buf_puts(b, ", ");
			v_str_buf(b, v->v[i], false);
		}
		pl_buf_putc(b, ']');
		break;
	case TG_V_DEF: pl_buf_puts(b, v->rec->name ? v->rec->name : "?"); break;
	case TG_V_DAG:
		pl_buf_putc(b, '(');
		v_str_buf(b, v->v[0], false);
		if (v->str)
			pl_buf_printf(b, ":%s", v->str);
		for (unsigned i = 0; i < v->n; i++) {
			pl_buf_puts(b, i ? ", " : " ");
			v_str_buf(b, v->v[i + 1], false);
			if (v->names[i])
				pl_buf_printf(b, ":$%s", v->names[i]);
		}
		pl_buf_putc(b, ')');
		break;
	case TG_V_VAR: pl_buf_puts(b, v->str); break;
	case TG_V_VARBIT:
		v_str_buf(b, v->v[0], false);
		pl_buf_printf(b, "{%lld}", (long long)v->i);
		break;
	case TG_V_LISTELEM:
		v_str_buf(b, v->v[0], false);
		pl_buf_printf(b, "[%lld]", (long long)v->i);
		break;
	case TG_V_FIELD:
		v_str_buf(b, v->v[0], false);
		pl_buf_printf(b, ".%s", v->str);
		break;
	case TG_V_VARDEF:
		pl_buf_printf(b, "%s<", v->rec->name);
		for (unsigned i = 0; i < v->n; i++) {
			if (i)
				pl_buf_puts(b, ", ");
			v_str_buf(b, v->v[i], false);
		}
		pl_buf_putc(b, '>');
		break;
	case TG_V_UNOP:
		pl_buf_puts(b, unop_names[v->op]);
		if (v->op == TG_UN_CAST || v->op == TG_UN_GETDAGOP) {
			pl_buf_putc(b, '<');
			ty_str_buf(b, v->type);
			pl_buf_putc(b, '>');
		}
		pl_buf_putc(b, '(');
		v_str_buf(b, v->v[0], false);
		pl_buf_putc(b, ')');
		break;
	case TG_V_BINOP:
		pl_buf_printf(b, "%s(", binop_names[v->op]);
		v_str_buf(b, v->v[0], false);
		pl_buf_puts(b, ", ");
		v_str_buf(b, v->v[1], false);
		pl_buf_putc(b, ')');
		break;
	case TG_V_TERNOP: {
		bool uq = v->op == TG_TER_FOREACH || v->op == TG_TER_FILTER;
		pl_buf_printf(b, "%s(", ternop_names[v->op]);
		v_str_buf(b, v->v[0], uq);
		pl_buf_puts(b, ", ");
		v_str_buf(b, v->v[1], false);
		pl_buf_puts(b, ", ");
		v_str_buf(b, v->v[2], false);
		pl_buf_putc(b, ')');
		break;
	}
	case TG_V_FOLD:
		pl_buf_puts(b, "!foldl(");
		v_str_buf(b, v->v[0], false);
		pl_buf_puts(b, ", ");
		v_str_buf(b, v->v[1], false);
		pl_buf_printf(b, ", %s, %s, ", v->names[0], v->names[1]);
		v_str_buf(b, v->v[2], false);
		pl_buf_putc(b, ')');
		break;
	case TG_V_ISA: case TG_V_EXISTS:
		pl_buf_puts(b, v->kind == TG_V_ISA ? "!isa<" : "!exists<");
		ty_str_buf(b, v->cty);
		pl_buf_puts(b, ">(");
		v_str_buf(b, v->v[0], false);
		pl_buf_putc(b, ')');
		break;
	case TG_V_COND:
		pl_buf_puts(b, "!cond(");
		for (unsigned i = 0; i < v->n; i++) {
			if (i)
				pl_buf_puts(b, ", ");
			v_str_buf(b, v->v[2 * i], false);
			pl_buf_puts(b, ": ");
			v_str_buf(b, v->v[2 * i + 1], false);
		}
		pl_buf_putc(b, ')');
		break;
	}
}

char *tg_v_str_of(struct tg_keeper *k, const struct tg_value *v)
{
	struct pl_buf b = {0};
	v_str_buf(&b, v, false);
	char *s = pl_arena_strdup(k->arena, pl_buf_cstr(&b));
	pl_buf_free(&b);
	return s;
}

const char *tg_v_unquoted(struct tg_keeper *k, const struct tg_value *v)
{
	if (v->kind == TG_V_STRING)
		return v->str;
	return tg_v_str_of(k, v);
}

/* ---- resolvers -------------------------------------------------------- */

static const struct tg_value *map_resolve(struct tg_resolver *r, const char *name)
{
	struct tg_map_resolver *m = (struct tg_map_resolver *)r;
	for (unsigned i = 0; i < m->n; i++) {
		struct tg_map_ent *e = &m->ents[i];
		if (e->name != name || e->erased)
			continue;
		const struct tg_value *v = e->val;
		if (!e->resolved && m->n > 1) {
			e->erased = true;
			v = tg_v_resolve(m->k, v, r);
			e = &m->ents[i];
			e->erased = false;
			e->val = v;
			e->resolved = true;
		}
		return v;
	}
	return NULL;
}

void tg_map_init(struct tg_map_resolver *m, struct tg_keeper *k, struct tg_rec *cur)
{
	m->base = (struct tg_resolver){.resolve = map_resolve, .cur = cur};
	m->k = k;
	m->ents = m->inl;
	m->n = 0;
	m->cap = PL_ARRAY_LEN(m->inl);
}

void tg_map_set(struct tg_map_resolver *m, const char *name, const struct tg_value *val)
{
	for (unsigned i = 0; i < m->n; i++)
		if (m->ents[i].name == name) {
			m->ents[i].val = val;
			m->ents[i].resolved = false;
			m->ents[i].erased = false;
			return;
		}
	if (m->n == m->cap) {
		m->cap *= 2;
		if (m->ents == m->inl) {
			m->ents = pl_xmalloc(sizeof(*m->ents) * m->cap);
			memcpy(m->ents, m->inl, sizeof(m->inl));
		} else {
			m->ents = pl_xrealloc(m->ents, sizeof(*m->ents) * m->cap);
		}
	}
	m->ents[m->n++] = (struct tg_map_ent){name, val, false, false};
}

bool tg_map_complete(struct tg_map_resolver *m, const char *name)
{
	for (unsigned i = 0; i < m->n; i++)
		if (m->ents[i].name == name)
			return tg_v_complete(m->ents[i].val);
	return false;
}

void tg_map_fini(struct tg_map_resolver *m)
{
	if (m->ents != m->inl)
		free(m->ents);
	m->ents = NULL;
}

/* Shadow resolver: hides the loop variables of !foreach / !foldl. */
struct shadow_resolver {
	struct tg_resolver base;
	struct tg_resolver *inner;
	const char *s1, *s2;
};

static const struct tg_value *shadow_resolve(struct tg_resolver *r, const char *name)
{
	struct shadow_resolver *s = (struct shadow_resolver *)r;
	if (name == s->s1 || name == s->s2)
		return NULL;
	return s->inner->resolve(s->inner, name);
}

static void shadow_init(struct shadow_resolver *s, struct tg_resolver *inner, const char *a, const char *b)
{
	s->base.resolve = shadow_resolve;
	s->base.cur = inner->cur;
	s->base.final = inner->final;
	s->base.keep_unset_bits = inner->keep_unset_bits;
	s->inner = inner;
	s->s1 = a;
	s->s2 = b;
}

/* Collect whether any variable reference remains (TrackUnresolvedResolver
 * with no inner resolver) or whether a given name is referenced. */
struct track_resolver {
	struct tg_resolver base;
	const char *want;      /* HasReferenceResolver: the name looked for */
	bool found;
};

static const struct tg_value *track_resolve(struct tg_resolver *r, const char *name)
{
	struct track_resolver *t = (struct track_resolver *)r;
	if (!t->want || t->want == name)
		t->found = true;
	return NULL;
}

bool tg_v_has_unresolved(struct tg_keeper *k, const struct tg_value *v)
{
	struct track_resolver t = {{track_resolve, NULL, false, false}, NULL, false};
	tg_v_resolve(k, v, &t.base);
	return t.found;
}

bool tg_v_references(struct tg_keeper *k, const struct tg_value *v, const char *name)
{
	struct track_resolver t = {{track_resolve, NULL, false, false}, name, false};
	tg_v_resolve(k, v, &t.base);
	return t.found;
}

/* ---- folding ------------------------------------------------------------ */

static const struct tg_value *as_int(struct tg_keeper *k, const struct tg_value *v)
{
	const struct tg_value *c = tg_v_convert(k, v, k->ty_int);
	return c && c->kind == TG_V_INT ? c : NULL;
}

static const char *rec_name_of(struct tg_rec *r)
{
	return r && r->name ? r->name : "?";
}

/* CompareInit: -1 unknown, else 0/1. */
static int compare(struct tg_keeper *k, int op, const struct tg_value *a, const struct tg_value *b)
{
	const struct tg_value *ai = as_int(k, a), *bi = as_int(k, b);
	if (ai && bi) {
		int64_t x = ai->i, y = bi->i;
		switch (op) {
		case TG_BIN_EQ: return x == y;
		case TG_BIN_NE: return x != y;
		case TG_BIN_LE: return x <= y;
		case TG_BIN_LT: return x < y;
		case TG_BIN_GE: return x >= y;
		case TG_BIN_GT: return x > y;
		}
	}
	if (a->kind == TG_V_STRING && b->kind == TG_V_STRING) {
		int c = strcmp(a->str, b->str);
		switch (op) {
		case TG_BIN_EQ: return c == 0;
		case TG_BIN_NE: return c != 0;
		case TG_BIN_LE: return c <= 0;
		case TG_BIN_LT: return c < 0;
		case TG_BIN_GE: return c >= 0;
		case TG_BIN_GT: return c > 0;
		}
	}
	if ((op == TG_BIN_EQ || op == TG_BIN_NE) && a->kind == TG_V_DEF && b->kind == TG_V_DEF)
		return (a == b) == (op == TG_BIN_EQ);
	return -1;
}

static const struct tg_value *concat_str(struct tg_keeper *k, const struct tg_value *a, const struct tg_value *b)
{
	size_t la = pl_intern_len(a->str), lb = pl_intern_len(b->str);
	char small[256];
	char *buf = la + lb < sizeof(small) ? small : pl_xmalloc(la + lb + 1);
	memcpy(buf, a->str, la);
	memcpy(buf + la, b->str, lb);
	const struct tg_value *r = tg_v_strn(k, buf, la + lb, a->op || b->op);
	if (buf != small)
		free(buf);
	return r;
}

static const struct tg_value *item_apply(struct tg_keeper *k, const char *var, const struct tg_value *item,
                                         const struct tg_value *expr, struct tg_rec *cur)
{
	struct tg_map_resolver m;
	tg_map_init(&m, k, cur);
	tg_map_set(&m, var, item);
	const struct tg_value *r = tg_v_resolve(k, expr, &m.base);
	tg_map_fini(&m);
	return r;
}

static const struct tg_value *foreach_dag(struct tg_keeper *k, const char *var, const struct tg_value *d,
                                          const struct tg_value *expr, struct tg_rec *cur)
{
	bool change = false;
	const struct tg_value *op = item_apply(k, var, d->v[0], expr, cur);
	if (op != d->v[0])
		change = true;
	const struct tg_value **args = pl_xmalloc(sizeof(*args) * (d->n + 1));
	for (unsigned i = 0; i < d->n; i++) {
		const struct tg_value *a = d->v[i + 1];
		args[i] = a->kind == TG_V_DAG ? foreach_dag(k, var, a, expr, cur) : item_apply(k, var, a, expr, cur);
		if (args[i] != a)
			change = true;
	}
	const struct tg_value *r = change ? tg_v_dag(k, op, NULL, args, d->names, d->n) : d;
	free(args);
	return r;
}

static const struct tg_value *fold_unop(struct tg_keeper *k, const struct tg_value *v, struct tg_rec *cur, bool final)
{
	const struct tg_value *a = v->v[0];
	switch (v->op) {
	case TG_UN_CAST:
		if (v->type->kind == TG_TY_STRING) {
			if (a->kind == TG_V_STRING)
				return a;
			if (a->kind == TG_V_DEF)
				return tg_v_str(k, rec_name_of(a->rec), false);
			const struct tg_value *i = as_int(k, a);
			if (i)
				return tg_v_str(k, tg_v_str_of(k, i), false);
		} else if (v->type->kind == TG_TY_REC) {
			if (a->kind == TG_V_STRING) {
				if (!cur && !final)
					break;
				const char *nm = a->str;
				struct tg_rec *d;
				if (cur && cur->name_v == a) {
					if (!final)
						break;
					d = cur;
				} else {
					d = tg_keeper_def(k, nm);
					if (!d) {
						if (final) {
							tg_eval_error(k, cur, "Undefined reference to record: '%s'", nm);
							return k->unset;
						}
						break;
					}
				}
				const struct tg_value *di = tg_v_def(k, d);
				if (!tg_ty_isa(di->type, v->type)) {
					tg_eval_error(k, cur, "Expected type '%s', got '%s' in: %s", tg_ty_str(k, v->type),
					              tg_ty_str(k, di->type), tg_v_str_of(k, v));
					return k->unset;
				}
				return di;
			}
		}
		{
			const struct tg_value *c = tg_v_convert(k, a, v->type);
			if (c)
				return c;
		}
		break;
	case TG_UN_NOT: {
		const struct tg_value *i = as_int(k, a);
		if (i)
			return tg_v_bit(k, i->i == 0);
		break;
	}
	case TG_UN_HEAD:
		if (a->kind == TG_V_LIST) {
			if (a->n == 0) {
				tg_eval_error(k, cur, "empty list in !head");
				return k->unset;
			}
			return a->v[0];
		}
		break;
	case TG_UN_TAIL:
		if (a->kind == TG_V_LIST) {
			if (a->n == 0) {
				tg_eval_error(k, cur, "empty list in !tail");
				return k->unset;
			}
			return tg_v_list(k, a->v + 1, a->n - 1, a->type->elem);
		}
		break;
	case TG_UN_SIZE:
		if (a->kind == TG_V_LIST || a->kind == TG_V_DAG)
			return tg_v_int(k, a->n);
		if (a->kind == TG_V_STRING)
			return tg_v_int(k, (int64_t)pl_intern_len(a->str));
		break;
	case TG_UN_EMPTY:
		if (a->kind == TG_V_LIST || a->kind == TG_V_DAG)
			return tg_v_int(k, a->n == 0);
		if (a->kind == TG_V_STRING)
			return tg_v_int(k, a->str[0] == 0);
		break;
	case TG_UN_GETDAGOP:
		if (a->kind == TG_V_DAG) {
			if (a->v[0]->kind != TG_V_DEF) {
				tg_eval_error(k, cur, "Expected record as operator");
				return k->unset;
			}
			if (!tg_ty_isa(a->v[0]->type, v->type)) {
				tg_eval_error(k, cur, "Expected type '%s', got '%s' in: %s", tg_ty_str(k, v->type),
				              tg_ty_str(k, a->v[0]->type), tg_v_str_of(k, v));
				return k->unset;
			}
			return a->v[0];
		}
		break;
	case TG_UN_LOG2: {
		const struct tg_value *i = as_int(k, a);
		if (i) {
			if (i->i <= 0) {
				tg_eval_error(k, cur, "Illegal operation: logtwo is undefined on arguments less than or equal to 0");
				return k->unset;
			}
			int64_t r = 0;
			uint64_t x = (uint64_t)i->i;
			while (x >>= 1)
				r++;
			return tg_v_int(k, r);
		}
		break;
	}
	}
	return v;
}

static const struct tg_value *fold_binop(struct tg_keeper *k, const struct tg_value *v, struct tg_rec *cur)
{
	const struct tg_value *a = v->v[0], *b = v->v[1];
	switch (v->op) {
	case TG_BIN_CONCAT:
		if (a->kind == TG_V_DAG && b->kind == TG_V_DAG) {
			const struct tg_value *lo = a->v[0], *ro = b->v[0];
			if ((lo->kind != TG_V_DEF && lo->kind != TG_V_UNSET) || (ro->kind != TG_V_DEF && ro->kind != TG_V_UNSET))
				break;
			if (lo->kind == TG_V_DEF && ro->kind == TG_V_DEF && lo != ro) {
				tg_eval_error(k, cur, "Concatenated Dag operators do not match: '%s' vs. '%s'", tg_v_str_of(k, a),
				              tg_v_str_of(k, b));
				return k->unset;
			}
			const struct tg_value *op = lo->kind == TG_V_DEF ? lo : ro;
			if ((size_t)a->n + b->n > TG_MAX_ELEMS) {
				tg_eval_error(k, cur, "!con result too large (more than %u arguments)", TG_MAX_ELEMS);
				return k->unset;
			}
			unsigned n = a->n + b->n;
			const struct tg_value **args = pl_xmalloc(sizeof(*args) * (n + 1));
			const char **names = pl_xmalloc(sizeof(*names) * (n + 1));
			for (unsigned i = 0; i < a->n; i++) {
				args[i] = a->v[i + 1];
				names[i] = a->names[i];
			}
			for (unsigned i = 0; i < b->n; i++) {
				args[a->n + i] = b->v[i + 1];
				names[a->n + i] = b->names[i];
			}
			const struct tg_value *r = tg_v_dag(k, op, NULL, args, names, n);
			free(args);
			free(names);
			return r;
		}
		break;
	case TG_BIN_LISTCONCAT:
		if (a->kind == TG_V_LIST && b->kind == TG_V_LIST) {
			if ((size_t)a->n + b->n > TG_MAX_ELEMS) {
				tg_eval_error(k, cur, "!listconcat result too large (more than %u elements)",
				              TG_MAX_ELEMS);
				return k->unset;
			}
			unsigned n = a->n + b->n;
			const struct tg_value **els = pl_xmalloc(sizeof(*els) * (n + 1));
			if (a->n)
				memcpy(els, a->v, sizeof(*els) * a->n);
			if (b->n)
				memcpy(els + a->n, b->v, sizeof(*els) * b->n);
			const struct tg_value *r = tg_v_list(k, els, n, a->type->elem);
			free(els);
			return r;
		}
		break;
	case TG_BIN_LISTSPLAT:
		if (a->kind != TG_V_UNSET && b->kind == TG_V_INT) {
			int64_t n = b->i < 0 ? 0 : b->i;
			if (n > TG_MAX_ELEMS) {
				tg_eval_error(k, cur, "!listsplat count too large");
				return k->unset;
			}
			const struct tg_value **els = pl_xmalloc(sizeof(*els) * (n + 1));
			for (int64_t i = 0; i < n; i++)
				els[i] = a;
			const struct tg_value *r = tg_v_list(k, els, (unsigned)n, a->type);
			free(els);
			return r;
		}
		break;
	case TG_BIN_LISTREMOVE:
		if (a->kind == TG_V_LIST && b->kind == TG_V_LIST) {
			const struct tg_value **els = pl_xmalloc(sizeof(*els) * (a->n + 1));
			unsigned n = 0;
			for (unsigned i = 0; i < a->n; i++) {
				bool found = false;
				for (unsigned j = 0; j < b->n && !found; j++)
					found = compare(k, TG_BIN_EQ, a->v[i], b->v[j]) == 1;
				if (!found)
					els[n++] = a->v[i];
			}
			const struct tg_value *r = tg_v_list(k, els, n, a->type->elem);
			free(els);
			return r;
		}
		break;
	case TG_BIN_STRCONCAT:
		if (a->kind == TG_V_STRING && b->kind == TG_V_STRING) {
			if (pl_intern_len(a->str) + pl_intern_len(b->str) > TG_MAX_STRING) {
				tg_eval_error(k, cur, "string too long (more than %zu MiB)", TG_MAX_STRING >> 20);
				return k->unset;
			}
			return concat_str(k, a, b);
		}
		break;
	case TG_BIN_INTERLEAVE:
		if (a->kind == TG_V_LIST && b->kind == TG_V_STRING) {
			struct pl_buf buf = {0};
			bool ok = true, code = false;
			bool strs = a->type->elem->kind == TG_TY_STRING;
			for (unsigned i = 0; i < a->n && ok; i++) {
				if (buf.len > TG_MAX_STRING) {
					tg_eval_error(k, cur, "string too long (more than %zu MiB)", TG_MAX_STRING >> 20);
					pl_buf_free(&buf);
					return k->unset;
				}
				if (i)
					pl_buf_puts(&buf, b->str);
				if (strs) {
					if (a->v[i]->kind != TG_V_STRING)
						ok = false;
					else {
						pl_buf_puts(&buf, a->v[i]->str);
						if (i)
							code |= a->v[i]->op;
					}
				} else {
					const struct tg_value *e = as_int(k, a->v[i]);
					if (!e)
						ok = false;
					else
						pl_buf_printf(&buf, "%lld", (long long)e->i);
				}
			}
			const struct tg_value *r = ok ? tg_v_str(k, pl_buf_cstr(&buf), code) : NULL;
			pl_buf_free(&buf);
			if (r)
				return r;
		}
		break;
	case TG_BIN_EQ: case TG_BIN_NE: case TG_BIN_LE: case TG_BIN_LT: case TG_BIN_GE: case TG_BIN_GT: {
		int c = compare(k, v->op, a, b);
		if (c >= 0)
			return tg_v_bit(k, c);
		break;
	}
	case TG_BIN_SETDAGOP:
		if (a->kind == TG_V_DAG && b->kind == TG_V_DEF)
			return tg_v_dag(k, b, NULL, a->v + 1, a->names, a->n);
		break;
	case TG_BIN_ADD: case TG_BIN_SUB: case TG_BIN_MUL: case TG_BIN_DIV: case TG_BIN_AND: case TG_BIN_OR:
	case TG_BIN_XOR: case TG_BIN_SHL: case TG_BIN_SRA: case TG_BIN_SRL: {
		const struct tg_value *ai = as_int(k, a), *bi = as_int(k, b);
		if (!ai || !bi)
			break;
		uint64_t x = (uint64_t)ai->i, y = (uint64_t)bi->i;
		int64_t r = 0;
		switch (v->op) {
		case TG_BIN_ADD: r = (int64_t)(x + y); break;
		case TG_BIN_SUB: r = (int64_t)(x - y); break;
		case TG_BIN_MUL: r = (int64_t)(x * y); break;
		case TG_BIN_DIV:
			if (bi->i == 0) {
				tg_eval_error(k, cur, "Illegal operation: division by zero");
				return k->unset;
			}
			if (ai->i == INT64_MIN && bi->i == -1) {
				tg_eval_error(k, cur, "Illegal operation: INT64_MIN / -1");
				return k->unset;
			}
			r = ai->i / bi->i;
			break;
		case TG_BIN_AND: r = (int64_t)(x & y); break;
		case TG_BIN_OR: r = (int64_t)(x | y); break;
		case TG_BIN_XOR: r = (int64_t)(x ^ y); break;
		case TG_BIN_SHL: r = (int64_t)(x << (y & 63)); break;
		case TG_BIN_SRA: r = ai->i >> (y & 63); break;
		case TG_BIN_SRL: r = (int64_t)(x >> (y & 63)); break;
		}
		return tg_v_int(k, r);
	}
	}
	(void)cur;
	return v;
}

static const struct tg_value *fold_ternop(struct tg_keeper *k, const struct tg_value *v, struct tg_rec *cur)
{
	const struct tg_value *a = v->v[0], *b = v->v[1], *c = v->v[2];
	switch (v->op) {
	case TG_TER_SUBST:
		if (a->kind == TG_V_DEF && b->kind == TG_V_DEF && c->kind == TG_V_DEF)
			return a == c ? b : c;
		if (a->kind == TG_V_VAR && b->kind == TG_V_VAR && c->kind == TG_V_VAR)
			return tg_v_var(k, a->str == c->str ? b->str : c->str, v->type);
		if (a->kind == TG_V_STRING && b->kind == TG_V_STRING && c->kind == TG_V_STRING) {
			struct pl_buf buf = {0};
			const char *s = c->str, *pat = a->str;
			size_t lp = pl_intern_len(pat);
			if (lp == 0) {
				/* std::string::find("") matches at every position: replace
				 * once per position, as LLVM does (prefix insertions). */
				size_t ls = pl_intern_len(s);
				for (size_t i = 0; i <= ls; i++) {
					pl_buf_puts(&buf, b->str);
					if (i < ls)
						pl_buf_putc(&buf, s[i]);
				}
			} else {
				const char *p;
				while ((p = strstr(s, pat))) {
					pl_buf_add(&buf, s, (size_t)(p - s));
					pl_buf_puts(&buf, b->str);
					s = p + lp;
				}
				pl_buf_puts(&buf, s);
			}
			const struct tg_value *r = tg_v_str(k, pl_buf_cstr(&buf), false);
			pl_buf_free(&buf);
			return r;
		}
		break;
	case TG_TER_FOREACH:
		if (b->kind == TG_V_DAG)
			return foreach_dag(k, a->str, b, c, cur);
		if (b->kind == TG_V_LIST) {
			const struct tg_value **els = pl_xmalloc(sizeof(*els) * (b->n + 1));
			for (unsigned i = 0; i < b->n; i++)
				els[i] = item_apply(k, a->str, b->v[i], c, cur);
			const struct tg_value *r = tg_v_list(k, els, b->n, v->type->elem);
			free(els);
			return r;
		}
		break;
	case TG_TER_FILTER:
		if (b->kind == TG_V_LIST) {
			const struct tg_value **els = pl_xmalloc(sizeof(*els) * (b->n + 1));
			unsigned n = 0;
			bool ok = true;
			for (unsigned i = 0; i < b->n && ok; i++) {
				const struct tg_value *inc = as_int(k, item_apply(k, a->str, b->v[i], c, cur));
				if (!inc)
					ok = false;
				else if (inc->i)
					els[n++] = b->v[i];
			}
			const struct tg_value *r = ok ? tg_v_list(k, els, n, v->type->elem) : NULL;
			free(els);
			if (r)
				return r;
		}
		break;
	case TG_TER_IF: {
		const struct tg_value *i = as_int(k, a);
		if (i)
			return i->i ? b : c;
		break;
	}
	case TG_TER_DAG: {
		bool bok = b->kind == TG_V_LIST || b->kind == TG_V_UNSET;
		bool cok = c->kind == TG_V_LIST || c->kind == TG_V_UNSET;
		if (b->kind == TG_V_UNSET && c->kind == TG_V_UNSET)
			break;
		if (bok && cok && (b->kind != TG_V_LIST || c->kind != TG_V_LIST || b->n == c->n)) {
			unsigned n = b->kind == TG_V_LIST ? b->n : c->n;
			const struct tg_value **args = pl_xmalloc(sizeof(*args) * (n + 1));
			const char **names = pl_xmalloc(sizeof(*names) * (n + 1));
			for (unsigned i = 0; i < n; i++) {
				args[i] = b->kind == TG_V_LIST ? b->v[i] : k->unset;
				const struct tg_value *nm = c->kind == TG_V_LIST ? c->v[i] : k->unset;
				if (nm->kind != TG_V_STRING && nm->kind != TG_V_UNSET) {
					free(args);
					free(names);
					return v;
				}
				names[i] = nm->kind == TG_V_STRING ? nm->str : NULL;
			}
			const struct tg_value *r = tg_v_dag(k, a, NULL, args, names, n);
			free(args);
			free(names);
			return r;
		}
		break;
	}
	case TG_TER_SUBSTR:
		if (a->kind == TG_V_STRING && b->kind == TG_V_INT && c->kind == TG_V_INT) {
			int64_t size = (int64_t)pl_intern_len(a->str), start = b->i, len = c->i;
			if (start < 0 || start > size) {
				tg_eval_error(k, cur, "!substr start position is out of range 0...%lld: %lld", (long long)size,
				              (long long)start);
				return k->unset;
			}
			if (len < 0) {
				tg_eval_error(k, cur, "!substr length must be nonnegative");
				return k->unset;
			}
			if (len > size - start)
				len = size - start;
			return tg_v_strn(k, a->str + start, (size_t)len, a->op);
		}
		break;
	case TG_TER_FIND:
		if (a->kind == TG_V_STRING && b->kind == TG_V_STRING && c->kind == TG_V_INT) {
			int64_t size = (int64_t)pl_intern_len(a->str), start = c->i;
			if (start < 0 || start > size) {
				tg_eval_error(k, cur, "!find start position is out of range 0...%lld: %lld", (long long)size,
				              (long long)start);
				return k->unset;
			}
			const char *p = strstr(a->str + start, b->str);
			return tg_v_int(k, p ? (int64_t)(p - a->str) : -1);
		}
		break;
	}
	return v;
}

const struct tg_value *tg_v_fold(struct tg_keeper *k, const struct tg_value *v, struct tg_rec *cur, bool final)
{
	switch (v->kind) {
	case TG_V_UNOP: return fold_unop(k, v, cur, final);
	case TG_V_BINOP: return fold_binop(k, v, cur);
	case TG_V_TERNOP: return fold_ternop(k, v, cur);
	case TG_V_FOLD: {
		const struct tg_value *list = v->v[1];
		if (list->kind != TG_V_LIST)
			return v;
		const struct tg_value *acc = v->v[0];
		for (unsigned i = 0; i < list->n; i++) {
			struct tg_map_resolver m;
			tg_map_init(&m, k, cur);
			tg_map_set(&m, v->names[0], acc);
			tg_map_set(&m, v->names[1], list->v[i]);
			acc = tg_v_resolve(k, v->v[2], &m.base);
			tg_map_fini(&m);
		}
		return acc;
	}
	case TG_V_ISA: {
		const struct tg_value *e = v->v[0];
		if (e->kind == TG_V_UNSET)
			return v;
		if (tg_ty_convertible(e->type, v->cty))
			return tg_v_int(k, 1);
		if (v->cty->kind == TG_TY_REC) {
			if (!tg_ty_convertible(v->cty, e->type) || e->kind == TG_V_DEF)
				return tg_v_int(k, 0);
		} else {
			return tg_v_int(k, 0);
		}
		return v;
	}
	case TG_V_EXISTS: {
		const struct tg_value *e = v->v[0];
		if (e->kind == TG_V_STRING) {
			struct tg_rec *d = tg_keeper_def(k, e->str);
			if (!d && cur && cur->name_v == e) {
				if (!final)
					return v;
				d = cur;
			}
			if (d)
				return tg_v_int(k, tg_ty_isa(tg_rec_type(k, d), v->cty));
			if (final)
				return tg_v_int(k, 0);
		}
		return v;
	}
	case TG_V_COND:
		for (unsigned i = 0; i < v->n; i++) {
			const struct tg_value *c = as_int(k, v->v[2 * i]);
			if (!c)
				return v;
			if (c->i) {
				const struct tg_value *r = tg_v_convert(k, v->v[2 * i + 1], v->type);
				return r ? r : v->v[2 * i + 1];
			}
		}
		tg_eval_error(k, cur, "%s does not have any true condition in:%s", rec_name_of(cur), tg_v_str_of(k, v));
		return k->unset;
	case TG_V_FIELD: {
		const struct tg_value *r = v->v[0];
		if (r->kind == TG_V_DEF) {
			if (r->rec == cur) {
				tg_eval_error(k, cur, "Attempting to access field '%s' of '%s' is a forbidden self-reference", v->str,
				              rec_name_of(cur));
				return k->unset;
			}
			struct tg_field *f = tg_rec_field(r->rec, v->str);
			if (f && tg_v_concrete(f->val))
				return f->val;
		}
		return v;
	}
	case TG_V_VARDEF: {
		struct tg_rec *made = tg_v_def_made(k, v);
		if (made)
			return tg_v_def(k, made);
		for (unsigned i = 0; i < v->n; i++)
			if (tg_v_has_unresolved(k, v->v[i]))
				return v;
		/* instantiate */
		struct tg_rec *cls = v->rec;
		struct tg_rec *nr = tg_rec_new(k, NULL, TG_REC_DEF, cls->span);
		const char *nm = tg_anon_name(k);
		nr->name = nm;
		nr->name_v = tg_v_str(k, nm, false);
		nr->anonymous = true;
		for (unsigned i = 0; i < cls->nfields; i++)
			tg_rec_add_field(k, nr, &cls->fields[i]);
		for (unsigned i = 0; i < cls->nasserts; i++) {
			if (nr->nasserts == nr->capasserts) {
				nr->capasserts = nr->capasserts ? nr->capasserts * 2 : 4;
				struct tg_assert *na = PL_NEW_ARRAY(k->arena, struct tg_assert, nr->capasserts);
				if (nr->nasserts)
					memcpy(na, nr->asserts, sizeof(*na) * nr->nasserts);
				nr->asserts = na;
			}
			nr->asserts[nr->nasserts++] = cls->asserts[i];
		}
		struct tg_map_resolver m;
		tg_map_init(&m, k, nr);
		for (unsigned i = 0; i < cls->ntargs; i++) {
			if (i < v->n)
				tg_map_set(&m, cls->targs[i], v->v[i]);
			else
				tg_map_set(&m, cls->targs[i], tg_rec_field(nr, cls->targs[i])->val);
			tg_rec_remove_field(k, nr, cls->targs[i]);
		}
		tg_rec_resolve(k, nr, &m.base);
		tg_map_fini(&m);
		tg_rec_reserve_supers(k, nr, nr->nsupers + cls->nsupers + 1);
		for (unsigned i = 0; i < cls->nsupers; i++)
			tg_rec_add_super(k, nr, cls->supers[i], cls->super_spans[i]);
		tg_rec_add_super(k, nr, cls, cls->span);
		tg_hmap_put(k->vardef_map, (const char *)v, nr);
		tg_rec_resolve_self(k, nr, NULL);
		tg_keeper_add_def(k, nr);
		tg_rec_check_asserts(k, nr);
		return tg_v_def(k, nr);
	}
	default:
		return v;
	}
}

/* ---- resolution --------------------------------------------------------- */

static const struct tg_value *resolve_bits(struct tg_keeper *k, const struct tg_value *v, struct tg_resolver *r)
{
	bool changed = false;
	const struct tg_value **nb = pl_xmalloc(sizeof(*nb) * (v->n + 1));
	const struct tg_value *cref = NULL, *cres = NULL;
	for (unsigned i = 0; i < v->n; i++) {
		const struct tg_value *cb = v->v[i], *nbit;
		if (cb->kind == TG_V_VARBIT) {
			if (cb->v[0] != cref) {
				cref = cb->v[0];
				cres = tg_v_resolve(k, cref, r);
			}
			nbit = tg_v_getbit(k, cres, (unsigned)cb->i);
		} else {
			nbit = tg_v_getbit(k, tg_v_resolve(k, cb, r), 0);
		}
		if (nbit->kind == TG_V_UNSET && r->keep_unset_bits)
			nbit = cb;
		nb[i] = nbit;
		changed |= nbit != cb;
	}
	const struct tg_value *res = changed ? tg_v_bits(k, nb, v->n) : v;
	free(nb);
	return res;
}

/* tg_v_fold(k, v_unique(k, t), cur, final) for an operator or a field
 * access t, without making t a value when it folds to another: most that
 * a resolution makes fold at once (a concatenation of two strings, a
 * field of a def), and a large include's value table was a quarter
 * such values, each made, looked up and logged for nothing.  Folding
 * these kinds reads only their fields, never their identity. */
static const struct tg_value *fold_new(struct tg_keeper *k, const struct tg_value *t, struct tg_rec *cur,
                                       bool final)
{
	const struct tg_value *f = tg_v_fold(k, t, cur, final);
	return f == t ? v_unique(k, t) : f;
}

static const struct tg_value *resolve_inner(struct tg_keeper *k, const struct tg_value *v, struct tg_resolver *r)
{
	switch (v->kind) {
	case TG_V_UNSET: case TG_V_BIT: case TG_V_INT: case TG_V_STRING: case TG_V_DEF:
		return v;
	case TG_V_BITS:
		return resolve_bits(k, v, r);
	case TG_V_LIST: {
		bool changed = false;
		const struct tg_value *small[SMALL_OPS];
		const struct tg_value **els = ops_buf(small, v->n + 1);
		for (unsigned i = 0; i < v->n; i++) {
			els[i] = tg_v_resolve(k, v->v[i], r);
			changed |= els[i] != v->v[i];
		}
		const struct tg_value *res = changed ? tg_v_list(k, els, v->n, v->type->elem) : v;
		ops_free(small, els);
		return res;
	}
	case TG_V_DAG: {
		bool changed = false;
		const struct tg_value *small[SMALL_OPS];
		const struct tg_value **ops = ops_buf(small, v->n + 1);
		for (unsigned i = 0; i <= v->n; i++) {
			ops[i] = tg_v_resolve(k, v->v[i], r);
			changed |= ops[i] != v->v[i];
		}
		const struct tg_value *res = changed ? tg_v_dag(k, ops[0], v->str, ops + 1, v->names, v->n) : v;
		ops_free(small, ops);
		return res;
	}
	case TG_V_VAR: {
		const struct tg_value *x = r->resolve(r, v->str);
		return x ? x : v;
	}
	case TG_V_VARBIT: {
		const struct tg_value *x = tg_v_resolve(k, v->v[0], r);
		if (x != v->v[0])
			return tg_v_getbit(k, x, (unsigned)v->i);
		return v;
	}
	case TG_V_LISTELEM: {
		const struct tg_value *x = tg_v_resolve(k, v->v[0], r);
		if (x->kind == TG_V_LIST) {
			if ((unsigned)v->i < x->n)
				return x->v[v->i];
		}
		if (x != v->v[0] && x->kind != TG_V_UNSET)
			return tg_v_listelem(k, x, (unsigned)v->i);
		return v;
	}
	case TG_V_FIELD: {
		const struct tg_value *x = tg_v_resolve(k, v->v[0], r);
		if (x != v->v[0]) {
			struct tg_value t = {.kind = TG_V_FIELD, .type = v->type, .v = &x, .str = v->str};
			return fold_new(k, &t, r->cur, r->final);
		}
		return v;
	}
	case TG_V_VARDEF: {
		/* TrackUnresolvedResolver around r */
		bool changed = false, unresolved = false;
		const struct tg_value *small[SMALL_OPS];
		const struct tg_value **args = ops_buf(small, v->n + 1);
		for (unsigned i = 0; i < v->n; i++) {
			args[i] = tg_v_resolve(k, v->v[i], r);
			changed |= args[i] != v->v[i];
		}
		const struct tg_value *res = v;
		if (changed) {
			for (unsigned i = 0; i < v->n && !unresolved; i++)
				unresolved = tg_v_has_unresolved(k, args[i]);
			res = tg_v_vardef(k, v->rec, args, v->n);
			if (!unresolved)
				res = tg_v_fold(k, res, r->cur, r->final);
		}
		ops_free(small, args);
		return res;
	}
	case TG_V_UNOP: {
		const struct tg_value *a = tg_v_resolve(k, v->v[0], r);
		if (a != v->v[0] || (r->final && v->op == TG_UN_CAST)) {
			struct tg_value t = {.kind = TG_V_UNOP, .op = v->op, .type = v->type, .n = 1, .v = &a};
			return fold_new(k, &t, r->cur, r->final);
		}
		return v;
	}
	case TG_V_BINOP: {
		const struct tg_value *a = tg_v_resolve(k, v->v[0], r);
		const struct tg_value *b = tg_v_resolve(k, v->v[1], r);
		if (a != v->v[0] || b != v->v[1]) {
			const struct tg_value *ops[2] = {a, b};
			struct tg_value t = {.kind = TG_V_BINOP, .op = v->op, .type = v->type, .n = 2, .v = ops};
			return fold_new(k, &t, r->cur, r->final);
		}
		return v;
	}
	case TG_V_TERNOP: {
		const struct tg_value *a = tg_v_resolve(k, v->v[0], r);
		if (v->op == TG_TER_IF && a != v->v[0]) {
			const struct tg_value *i = as_int(k, a);
			if (i)
				return tg_v_resolve(k, i->i ? v->v[1] : v->v[2], r);
		}
		const struct tg_value *b = tg_v_resolve(k, v->v[1], r), *c;
		if (v->op == TG_TER_FOREACH || v->op == TG_TER_FILTER) {
			struct shadow_resolver s;
			shadow_init(&s, r, a->kind == TG_V_STRING ? a->str : NULL, NULL);
			c = tg_v_resolve(k, v->v[2], &s.base);
		} else {
			c = tg_v_resolve(k, v->v[2], r);
		}
		if (a != v->v[0] || b != v->v[1] || c != v->v[2]) {
			const struct tg_value *ops[3] = {a, b, c};
			struct tg_value t = {.kind = TG_V_TERNOP, .op = v->op, .type = v->type, .n = 3, .v = ops};
			return fold_new(k, &t, r->cur, r->final);
		}
		return v;
	}
	case TG_V_FOLD: {
		const struct tg_value *s = tg_v_resolve(k, v->v[0], r);
		const struct tg_value *l = tg_v_resolve(k, v->v[1], r);
		struct shadow_resolver sh;
		shadow_init(&sh, r, v->names[0], v->names[1]);
		const struct tg_value *e = tg_v_resolve(k, v->v[2], &sh.base);
		if (s == v->v[0] && l == v->v[1] && e == v->v[2])
			return v;
		return tg_v_fold(k, tg_v_foldop(k, s, l, v->names[0], v->names[1], e, v->type), r->cur, r->final);
	}
	case TG_V_ISA: {
		const struct tg_value *e = tg_v_resolve(k, v->v[0], r);
		if (e != v->v[0])
			return tg_v_fold(k, tg_v_isa(k, v->cty, e), r->cur, r->final);
		return v;
	}
	case TG_V_EXISTS: {
		const struct tg_value *e = tg_v_resolve(k, v->v[0], r);
		if (e != v->v[0] || r->final)
			return tg_v_fold(k, tg_v_exists(k, v->cty, e), r->cur, r->final);
		return v;
	}
	case TG_V_COND: {
		bool changed = false;
		const struct tg_value **ops = pl_xmalloc(sizeof(*ops) * (2 * v->n + 1));
		for (unsigned i = 0; i < 2 * v->n; i++) {
			ops[i] = tg_v_resolve(k, v->v[i], r);
			changed |= ops[i] != v->v[i];
		}
		const struct tg_value *res = v;
		if (changed)
			res = tg_v_fold(k, tg_v_cond(k, ops, v->n, v->type), r->cur, r->final);
		free(ops);
		return res;
	}
	}
	return v;
}

const struct tg_value *tg_v_resolve(struct tg_keeper *k, const struct tg_value *v, struct tg_resolver *r)
{
	if (v->closed)
		return v;
	static _Thread_local uintptr_t stack_base; /* address of a local at depth 0 */
	char here;
	uintptr_t sp = (uintptr_t)&here;
	if (k->depth == 0)
		stack_base = sp;
	if (k->depth >= TG_MAX_DEPTH) {
		if (!k->fatal)
			tg_eval_error(k, r->cur, "expression nested too deeply (more than %d levels) during evaluation", TG_MAX_DEPTH);
		return v;
	}
	if ((stack_base > sp ? stack_base - sp : sp - stack_base) > TG_MAX_STACK) {
		if (!k->fatal)
			tg_eval_error(k, r->cur, "expression nested too deeply during evaluation (more than %u MiB of stack)",
			              (unsigned)(TG_MAX_STACK >> 20));
		return v;
	}
	k->depth++;
	const struct tg_value *res = resolve_inner(k, v, r);
	k->depth--;
	return res;
}
