/*
 * model.c -- op registry (hashed by full name) and the pattern list.
 */
#include "config.h"
#include "model.h"
#include "arena.h"
#include "intern.h"
#include "util.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A set of 64-bit keys: open addressing, keys made odd, 0 = empty slot. */
struct keyset {
	uint64_t *slots;
	unsigned n, cap;
};

/* Add key to s (in m's arena); false when it was there already. */
static bool keyset_add(struct pl_arena *a, struct keyset *s, uint64_t key)
{
	key |= 1;
	if ((s->n + 1) * 2 > s->cap) {
		unsigned ncap = s->cap ? s->cap * 2 : 256;
		uint64_t *ns = pl_touch_zeroed(PL_NEW_ARRAY(a, uint64_t, ncap), ncap * sizeof(uint64_t));
		for (unsigned i = 0; i < s->cap; i++) {
			uint64_t k = s->slots[i];
			if (!k)
				continue;
			unsigned j = (unsigned)(pl_hash_bytes(&k, sizeof(k)) & (ncap - 1));
			while (ns[j])
				j = (j + 1) & (ncap - 1);
			ns[j] = k;
		}
		s->slots = ns;
		s->cap = ncap;
	}
	unsigned j = (unsigned)(pl_hash_bytes(&key, sizeof(key)) & (s->cap - 1));
	while (s->slots[j]) {
		if (s->slots[j] == key)
			return false;
		j = (j + 1) & (s->cap - 1);
	}
	s->slots[j] = key;
	s->n++;
	return true;
}

/* Op names of Op def records (model_def_op_name): open addressing on the
 * record pointer, in the arena. */
struct def_names {
	struct def_name {
		const void *rec;
		const char *name;
		struct model_op *own;  /* model_def_own_op */
	} *slots;
	unsigned n, cap;
};

struct model {
	unsigned id;                  /* unique in the process, never 0 (model_id) */
	struct pl_arena *arena;
	struct pl_intern *intern;
	struct pl_source_mgr *sm;     /* for file names in dumps, or NULL */
	struct model_op **ops;        /* insertion order */
	unsigned n_ops, cap_ops;
	struct model_op **op_slots;   /* hash table keyed by interned name */
	unsigned op_slot_cap;
	struct keyset claimed;        /* model_pattern_claim */
	struct def_names def_names;   /* model_def_op_name */
	struct model_op **extra_input_ops; /* model_input_op_add */
	unsigned n_extra_input_ops, cap_extra_input_ops;
	struct model_pattern **pats;  /* source order */
	unsigned n_pats, cap_pats;
	unsigned n_units;             /* unit ids handed out (model_unit_new) */
	struct model_cdef **cdefs;    /* ODS constraint defs: open hash by interned name */
	unsigned n_cdefs, cap_cdefs;
	void *cache[MODEL_CACHE_COUNT]; /* analyses shared between rules */
	unsigned jobs;                /* model_set_jobs, 0 = 1 */
};

/* m, zeroed but for what model_new was given, as model_new makes it. */
static void model_init(struct model *m)
{
	static atomic_uint next_id;

	/* never 0, which records carry before any model looked at them */
	do
		m->id = atomic_fetch_add(&next_id, 1) + 1;
	while (m->id == 0);
	m->op_slot_cap = 256;
	m->op_slots = PL_NEW_ARRAY(m->arena, struct model_op *, m->op_slot_cap);
}

struct model *model_new(struct pl_arena *arena, struct pl_intern *intern)
{
	struct model *m = PL_NEW(arena, struct model);

	m->arena = arena;
	m->intern = intern;
	model_init(m);
	return m;
}

bool model_is_empty(const struct model *m)
{
	return !m->n_ops && !m->n_cdefs && !m->n_pats && !m->n_units && !m->claimed.n;
}

void model_reset(struct model *m)
{
	struct model keep = *m;

	memset(m, 0, sizeof(*m));
	m->arena = keep.arena;
	m->intern = keep.intern;
	m->sm = keep.sm;
	m->jobs = keep.jobs;
	model_init(m); /* a new id: the records' notes of the old one no longer count */
}

struct pl_arena *model_arena(const struct model *m) { return m->arena; }
unsigned model_id(const struct model *m) { return m->id; }
struct pl_intern *model_intern(const struct model *m) { return m->intern; }
void model_set_sources(struct model *m, struct pl_source_mgr *sm) { m->sm = sm; }
struct pl_source_mgr *model_sources(const struct model *m) { return m->sm; }

void model_set_jobs(struct model *m, unsigned jobs) { m->jobs = jobs; }
unsigned model_jobs(const struct model *m) { return m->jobs ? m->jobs : 1; }
void *model_cache(const struct model *m, enum model_cache_slot slot) { return m->cache[slot]; }
void model_cache_set(struct model *m, enum model_cache_slot slot, void *p) { m->cache[slot] = p; }

static unsigned slot_of(struct model_op **slots, unsigned cap, const char *name)
{
	unsigned i = (unsigned)(pl_hash_bytes(name, pl_intern_len(name)) & (cap - 1));

	while (slots[i] && slots[i]->name != name)
		i = (i + 1) & (cap - 1);
	return i;
}

static void *grow_array(struct pl_arena *a, void *old, unsigned n, unsigned *cap, size_t elem)
{
	unsigned ncap = *cap ? *cap * 2 : 64;
	void *p = pl_arena_alloc(a, elem * ncap);

	if (n)
		memcpy(p, old, elem * n);
	*cap = ncap;
	return p;
}

struct model_op *model_op_add(struct model *m, const char *name)
{
	name = pl_intern(m->intern, name);
	unsigned i = slot_of(m->op_slots, m->op_slot_cap, name);
	if (m->op_slots[i])
		return NULL;
	struct model_op *op = PL_NEW(m->arena, struct model_op);
	op->name = name;
	m->op_slots[i] = op;
	if (m->n_ops == m->cap_ops)
		m->ops = grow_array(m->arena, m->ops, m->n_ops, &m->cap_ops, sizeof(*m->ops));
	m->ops[m->n_ops++] = op;
	if (m->n_ops * 2 > m->op_slot_cap) {
		unsigned ncap = m->op_slot_cap * 2;
		struct model_op **ns = pl_touch_zeroed(PL_NEW_ARRAY(m->arena, struct model_op *, ncap),
		                                       ncap * sizeof(*ns));
		for (unsigned k = 0; k < m->n_ops; k++)
			ns[slot_of(ns, ncap, m->ops[k]->name)] = m->ops[k];
		m->op_slots = ns;
		m->op_slot_cap = ncap;
	}
	return op;
}

void model_op_defer(struct model_op *op, void (*fill)(struct model *, struct model_op *, void *),
                    void *ud)
{
	op->fill = fill;
	op->fill_ud = ud;
}

/* Fill a deferred op in.  The registry is logically const: an op reads
 * the same whenever it is filled. */
static const struct model_op *op_ready(const struct model *m, struct model_op *op)
{
	if (op && op->fill) {
		void (*fill)(struct model *, struct model_op *, void *) = op->fill;
		op->fill = NULL;
		fill((struct model *)m, op, op->fill_ud);
	}
	return op;
}

struct model_op *model_op_lookup_raw(const struct model *m, const char *name)
{
	name = pl_intern(m->intern, name);
	return m->op_slots[slot_of(m->op_slots, m->op_slot_cap, name)];
}

const struct model_op *model_op_find(const struct model *m, const char *name)
{
	return op_ready(m, model_op_lookup_raw(m, name));
}

const struct model_op *model_op_ready(const struct model *m, struct model_op *op)
{
	return op_ready(m, op);
}

static unsigned def_slot(const struct def_name *slots, unsigned cap, const void *rec)
{
	uintptr_t k = (uintptr_t)rec;
	unsigned j = (unsigned)(pl_hash_bytes(&k, sizeof(k)) & (cap - 1));

	while (slots[j].rec && slots[j].rec != rec)
		j = (j + 1) & (cap - 1);
	return j;
}

/* rec's entry, made when missing. */
static struct def_name *def_entry(struct model *m, const void *rec)
{
	struct def_names *d = &m->def_names;

	if ((d->n + 1) * 2 > d->cap) {
		unsigned ncap = d->cap ? d->cap * 2 : 256;
		struct def_name *ns = pl_touch_zeroed(PL_NEW_ARRAY(m->arena, struct def_name, ncap),
		                                      ncap * sizeof(*ns));
		for (unsigned i = 0; i < d->cap; i++)
			if (d->slots[i].rec)
				ns[def_slot(ns, ncap, d->slots[i].rec)] = d->slots[i];
		d->slots = ns;
		d->cap = ncap;
	}
	unsigned j = def_slot(d->slots, d->cap, rec);
	if (!d->slots[j].rec)
		d->n++;
	d->slots[j].rec = rec;
	return &d->slots[j];
}

static const struct def_name *def_find(const struct model *m, const void *rec)
{
	const struct def_names *d = &m->def_names;

	return d->cap ? &d->slots[def_slot(d->slots, d->cap, rec)] : NULL;
}

void model_def_op_name_set(struct model *m, const void *rec, const char *name)
{
	def_entry(m, rec)->name = name;
}

const char *model_def_op_name(const struct model *m, const void *rec)
{
	const struct def_name *e = def_find(m, rec);
	return e ? e->name : NULL;
}

void model_def_own_op_set(struct model *m, const void *rec, struct model_op *op)
{
	def_entry(m, rec)->own = op;
}

struct model_op *model_def_own_op(const struct model *m, const void *rec)
{
	const struct def_name *e = def_find(m, rec);
	return e ? e->own : NULL;
}

void model_input_op_add(struct model *m, struct model_op *op)
{
	if (m->n_extra_input_ops == m->cap_extra_input_ops)
		m->extra_input_ops = grow_array(m->arena, m->extra_input_ops, m->n_extra_input_ops,
		                                &m->cap_extra_input_ops, sizeof(*m->extra_input_ops));
	m->extra_input_ops[m->n_extra_input_ops++] = op;
}

unsigned model_input_op_count(const struct model *m)
{
	return m->n_ops + m->n_extra_input_ops;
}

unsigned model_op_count(const struct model *m) { return m->n_ops; }

const char *model_op_name_at(const struct model *m, unsigned i)
{
	return i < m->n_ops ? m->ops[i]->name : NULL;
}

const struct model_op *model_op_registered_at(const struct model *m, unsigned i)
{
	return i < m->n_ops ? m->ops[i] : NULL;
}

const struct model_op *model_op_at(const struct model *m, unsigned i)
{
	return i < m->n_ops ? op_ready(m, m->ops[i]) : NULL;
}

const struct model_op *model_input_op_at(const struct model *m, unsigned i)
{
	if (i >= m->n_ops)
		return i - m->n_ops < m->n_extra_input_ops ? op_ready(m, m->extra_input_ops[i - m->n_ops])
		                                           : NULL;
	return m->ops[i]->in_input ? op_ready(m, m->ops[i]) : NULL;
}

/* Constraint defs: open addressing on the interned name pointer. */
static unsigned cdef_slot(struct model_cdef **t, unsigned cap, const char *name)
{
	unsigned i = (unsigned)(((uintptr_t)name >> 3) * 2654435761u) & (cap - 1);
	while (t[i] && t[i]->name != name)
		i = (i + 1) & (cap - 1);
	return i;
}

struct model_cdef *model_cdef_add(struct model *m, const char *name)
{
	name = pl_intern(m->intern, name);
	if (!m->cdefs) {
		m->cap_cdefs = 256;
		m->cdefs = PL_NEW_ARRAY(m->arena, struct model_cdef *, m->cap_cdefs);
	}
	unsigned i = cdef_slot(m->cdefs, m->cap_cdefs, name);
	if (m->cdefs[i])
		return NULL;
	struct model_cdef *c = PL_NEW(m->arena, struct model_cdef);
	c->name = name;
	m->cdefs[i] = c;
	if (++m->n_cdefs * 2 > m->cap_cdefs) {
		unsigned ncap = m->cap_cdefs * 2;
		struct model_cdef **nt = PL_NEW_ARRAY(m->arena, struct model_cdef *, ncap);
		for (unsigned k = 0; k < m->cap_cdefs; k++)
			if (m->cdefs[k])
				nt[cdef_slot(nt, ncap, m->cdefs[k]->name)] = m->cdefs[k];
		m->cdefs = nt;
		m->cap_cdefs = ncap;
	}
	return c;
}

static struct model_cdef *cdef_lookup(const struct model *m, const char *name)
{
	if (!m->cdefs || !name)
		return NULL;
	name = pl_intern(m->intern, name);
	return m->cdefs[cdef_slot(m->cdefs, m->cap_cdefs, name)];
}

const struct model_cdef *model_cdef_find(const struct model *m, const char *name)
{
	struct model_cdef *c = cdef_lookup(m, name);

	if (c && c->fill) {
		void (*fill)(struct model *, struct model_cdef *, void *) = c->fill;
		c->fill = NULL;
		fill((struct model *)m, c, c->fill_ud);
	}
	return c;
}

bool model_cdef_known(const struct model *m, const char *name)
{
	return cdef_lookup(m, name) != NULL;
}

void model_cdef_defer(struct model_cdef *c, void (*fill)(struct model *, struct model_cdef *, void *),
                      void *ud)
{
	c->fill = fill;
	c->fill_ud = ud;
}

struct model_pattern *model_pattern_add(struct model *m)
{
	struct model_pattern *p = PL_NEW(m->arena, struct model_pattern);

	if (m->n_pats == m->cap_pats)
		m->pats = grow_array(m->arena, m->pats, m->n_pats, &m->cap_pats, sizeof(*m->pats));
	p->index = m->n_pats;
	m->pats[m->n_pats++] = p;
	return p;
}

unsigned model_pattern_count(const struct model *m) { return m->n_pats; }

unsigned model_unit_new(struct model *m) { return ++m->n_units; }

struct model_pattern *model_pattern_at(const struct model *m, unsigned i)
{
	return i < m->n_pats ? m->pats[i] : NULL;
}

struct root_name {
	const char *name;
	unsigned rank;
};

static int by_name(const void *x, const void *y)
{
	return strcmp(((const struct root_name *)x)->name, ((const struct root_name *)y)->name);
}

/* The distinct root name pointers are sorted, not every pattern's: a large
 * set has a few patterns per op, and a sort of 100,000 patterns by
 * strcmp read names all over the model (22 ms). */
unsigned model_root_order(const struct model *m, unsigned *order)
{
	unsigned n = model_pattern_count(m), n_names = 0, n_any = 0;
	struct pl_ptrmap ids = {0};
	struct root_name *names = pl_xmalloc(sizeof(*names) * (n ? n : 1));
	unsigned *id = pl_xmalloc(sizeof(*id) * (n ? n : 1));

	for (unsigned i = 0; i < n; i++) {
		const char *root = model_pattern_at(m, i)->root_op;
		const void *v;
		if (!root) {
			id[i] = 0;
			n_any++;
			continue;
		}
		if (!pl_ptrmap_get(&ids, root, &v)) {
			v = (const void *)(uintptr_t)(n_names + 1);
			names[n_names++] = (struct root_name){root, 0};
			pl_ptrmap_put(&ids, root, v);
		}
		id[i] = (unsigned)(uintptr_t)v; /* 1 + its names[] entry */
	}
	/* ranks in name order; the same name at two addresses, one rank */
	unsigned *rank_of = pl_xmalloc(sizeof(*rank_of) * (n_names + 1));
	for (unsigned k = 0; k < n_names; k++)
		names[k].rank = k;
	qsort(names, n_names, sizeof(*names), by_name);
	unsigned *count = pl_xcalloc(n_names + 2, sizeof(*count));
	for (unsigned k = 0, r = 0; k < n_names; k++) {
		if (k && strcmp(names[k - 1].name, names[k].name) != 0)
			r++;
		rank_of[names[k].rank + 1] = r + 1;
	}
	rank_of[0] = 0;
	/* counting sort by rank (any op: 0), stable in index */
	for (unsigned i = 0; i < n; i++)
		count[rank_of[id[i]] + 1]++;
	for (unsigned r = 0; r <= n_names; r++)
		count[r + 1] += count[r];
	for (unsigned i = 0; i < n; i++)
		order[count[rank_of[id[i]]]++] = i;
	free(count);
	free(rank_of);
	free(id);
	free(names);
	pl_ptrmap_free(&ids);
	return n_any;
}

bool model_pattern_claim(struct model *m, uint64_t key)
{
	return keyset_add(m->arena, &m->claimed, key);
}

struct model_node *model_node_new(struct model *m, enum model_node_kind kind, struct pl_span span)
{
	struct model_node *n = PL_NEW(m->arena, struct model_node);

	n->kind = kind;
	n->span = span;
	return n;
}
