/*
 * tg_access.c -- tg_access.h over the TableGen frontend's query API (tg.h).
 *
 * Records are wrapped once each (a pointer-keyed table); field values are
 * wrapped on first access into per-occurrence trees (tg_access_p.h), and
 * the fields of a Pattern record are located in the def's text by
 * tg_access_scan.c, because TableGen values carry no location of their
 * own.  The state belongs to the records set last passed to tga_attach
 * (one run at a time); tga_detach frees it.  Wrappers live in the state's
 * arena: an import wraps hundreds of thousands of values on a large set,
 * and freeing them one by one was a tenth of its time.
 */
#include "config.h"
#include "tg_access_p.h"
#include "tablegen/tg.h"
#include "analyzer/arena.h"
#include "analyzer/source.h"
#include "analyzer/util.h"

#include <stdlib.h>
#include <string.h>

struct field_cache {
	const char *name;     /* field name: the key field_key gives for it */
	struct tga_val *v;    /* wrapped value */
};

struct tga_rec {
	const struct tg_rec *rec;      /* the frontend's record */
	struct field_cache *fields;    /* wrapped fields so far */
	unsigned n_fields, cap_fields;
	bool scanned;                  /* Pattern fields located (or not a Pattern) */
};

struct text_cache {
	uint32_t file;                 /* source file id */
	char *text;                    /* its contents, comments blanked */
};

/* Field names callers pass as literals, with the records' own (interned)
 * copy of each: a record's fields are found by that pointer by hashing,
 * where a literal is compared with each field name in turn (an op record
 * has about sixty).  Slots are chosen by the literal's address. */
#define NAME_SLOTS 64
struct name_key {
	const char *lit, *key;
};

static struct tga_state {
	const struct tg_records *r;    /* the attached records */
	struct name_key names[NAME_SLOTS];
	struct pl_source_mgr *sm;      /* their sources */
	struct tga_rec **slots;        /* open addressing on tg_rec pointer */
	unsigned cap, n;
	struct text_cache *texts;
	unsigned n_texts;
	struct pl_arena *arena;        /* wrapped records and values */
} g;

struct pl_arena *tga_arena(void)
{
	if (!g.arena)
		g.arena = pl_arena_new();
	return g.arena;
}

void tga_detach(void)
{
	pl_arena_free(g.arena);
	free(g.slots);
	for (unsigned i = 0; i < g.n_texts; i++)
		free(g.texts[i].text);
	free(g.texts);
	memset(&g, 0, sizeof g);
}

void tga_release(void)
{
	/* the next batch fills the same blocks: freed, they went to other
	 * arenas (with -j, the evaluating thread's), and each batch faulted
	 * fresh pages in */
	if (g.arena)
		pl_arena_reset(g.arena);
	free(g.slots);
	g.slots = NULL;
	g.cap = g.n = 0;
}

const struct tg_records *tga_attached(void)
{
	return g.r;
}

struct tga_state *tga_suspend(void)
{
	struct tga_state *s = pl_xmalloc(sizeof(*s));
	*s = g;
	memset(&g, 0, sizeof(g));
	return s;
}

void tga_resume(struct tga_state *saved)
{
	tga_detach();
	g = *saved;
	free(saved);
}

void tga_attach(const struct tg_records *r, struct pl_source_mgr *sm)
{
	if (g.r == r && g.sm == sm)
		return;
	tga_detach();
	g.r = r;
	g.sm = sm;
}

static unsigned slot_of(const struct tg_rec *rec, unsigned cap)
{
	uintptr_t h = (uintptr_t)rec;
	h ^= h >> 17;
	h *= 0x9E3779B1u;
	unsigned i = (unsigned)(h & (cap - 1));
	while (g.slots[i] && g.slots[i]->rec != rec)
		i = (i + 1) & (cap - 1);
	return i;
}

static const struct tga_rec *wrap_rec(const struct tg_rec *rec)
{
	if (!rec)
		return NULL;
	if (!g.cap) {
		g.cap = 1024;
		g.slots = pl_xcalloc(g.cap, sizeof(*g.slots));
	}
	unsigned i = slot_of(rec, g.cap);
	if (g.slots[i])
		return g.slots[i];
	struct tga_rec *w = PL_NEW(tga_arena(), struct tga_rec);
	w->rec = rec;
	g.slots[i] = w;
	if (++g.n * 2 > g.cap) {
		struct tga_rec **old = g.slots;
		unsigned ocap = g.cap;
		g.cap *= 2;
		g.slots = pl_touch_zeroed(pl_xcalloc(g.cap, sizeof(*g.slots)), g.cap * sizeof(*g.slots));
		for (unsigned k = 0; k < ocap; k++)
			if (old[k])
				g.slots[slot_of(old[k]->rec, g.cap)] = old[k];
		free(old);
	}
	return w;
}

static const char *file_text(uint32_t file, struct pl_source_file **out)
{
	*out = g.sm ? pl_source_get(g.sm, file) : NULL;
	if (!*out)
		return NULL;
	for (unsigned i = 0; i < g.n_texts; i++)
		if (g.texts[i].file == file)
			return g.texts[i].text;
	g.texts = pl_xrealloc(g.texts, (g.n_texts + 1) * sizeof(*g.texts));
	g.texts[g.n_texts].file = file;
	g.texts[g.n_texts].text = tga_blank_comments((*out)->buf, (*out)->len);
	return g.texts[g.n_texts++].text;
}

/* ---- records ---------------------------------------------------------- */

const struct tg_rec *tga_rec_raw(const struct tga_rec *rec)
{
	return rec ? rec->rec : NULL;
}

const struct tga_rec *tga_rec_wrap(const struct tg_rec *rec)
{
	return wrap_rec(rec);
}

const struct tga_rec *tga_def_find(const struct tg_records *r, const char *name)
{
	return r && name ? wrap_rec(tg_def_find(r, name)) : NULL;
}

const char *tga_rec_name(const struct tga_rec *rec) { return rec ? tg_rec_name(rec->rec) : NULL; }
bool tga_rec_anonymous(const struct tga_rec *rec) { return rec && tg_rec_anonymous(rec->rec); }
bool tga_rec_isa(const struct tga_rec *rec, const char *cls) { return rec && tg_rec_isa(rec->rec, cls); }

const char *tga_rec_class(const struct tga_rec *rec)
{
	unsigned n = rec ? tg_rec_super_count(rec->rec) : 0;
	return n ? tg_rec_name(tg_rec_super_at(rec->rec, n - 1)) : NULL;
}

struct pl_span tga_rec_span(const struct tga_rec *rec)
{
	struct pl_span z = {0};
	return rec ? tg_rec_span(rec->rec) : z;
}

unsigned tga_rec_nfields(const struct tga_rec *rec) { return rec ? tg_rec_field_count(rec->rec) : 0; }

const char *tga_rec_field_name(const struct tga_rec *rec, unsigned i)
{
	return rec ? tg_rec_field_name_at(rec->rec, i) : NULL;
}

/* ---- values ----------------------------------------------------------- */

#define WRAP_MAX_DEPTH 256

static struct tga_val *wrap(const struct tg_value *v, struct pl_span span, int depth)
{
	if (!v || depth > WRAP_MAX_DEPTH)
		return tga_val_new(v ? TGA_OTHER : TGA_UNSET, span);
	struct tga_val *w;
	int64_t iv;
	switch (tg_val_kind(v)) {
	case TG_UNSET:
		return tga_val_new(TGA_UNSET, span);
	case TG_BIT:
	case TG_INT:
	case TG_BITS:
		if (tg_val_int(&iv, v) != 0)
			return tga_val_new(TGA_OTHER, span);
		w = tga_val_new(TGA_INT, span);
		w->ival = (long long)iv;
		return w;
	case TG_STRING:
		w = tga_val_new(TGA_STRING, span);
		w->sval = tg_val_string(v);
		return w;
	case TG_LIST:
		w = tga_val_new(TGA_LIST, span);
		tga_val_alloc(w, tg_val_size(v));
		for (unsigned i = 0; i < w->n; i++)
			w->elems[i] = wrap(tg_val_item(v, i), span, depth + 1);
		return w;
	case TG_DEF: {
		const struct tg_rec *d = tg_val_def(v);
		w = tga_val_new(TGA_DEF, span);
		w->def = wrap_rec(d);
		w->def_name = d ? tg_rec_name(d) : NULL;
		w->def_anonymous = d && tg_rec_anonymous(d);
		return w;
	}
	case TG_DAG:
		w = tga_val_new(TGA_DAG, span);
		w->op = wrap(tg_val_dag_op(v), span, depth + 1);
		w->name = tg_val_dag_op_name(v);
		tga_val_alloc(w, tg_val_size(v));
		for (unsigned i = 0; i < w->n; i++) {
			w->elems[i] = wrap(tg_val_dag_arg(v, i), span, depth + 1);
			w->argnames[i] = tg_val_dag_arg_name(v, i);
		}
		return w;
	default:
		return tga_val_new(TGA_OTHER, span);
	}
}

/* ---- Pattern arguments written through classes -------------------------
 * `def D : C<(dag ...)>;` with `class C<dag res> : Pat<(Op $x), res>`: the
 * pattern's fields are written partly in C's header and partly in D's.
 * Follow the superclass references textually, from the def's header to
 * the Pat<...>/Pattern<...> that gives the fields, substituting a class
 * parameter written as a whole argument by the text the referrer passes
 * (or the parameter's default), to find the text of each argument. */

#define CHAIN_MAX_ARGS 16  /* template arguments/parameters considered */
#define CHAIN_MAX_SUPERS 8 /* superclass references considered */
#define CHAIN_MAX_DEPTH 8  /* class levels followed */

struct region {
	struct pl_source_file *f;      /* NULL: not written */
	const char *t;                 /* its text, comments blanked */
	uint32_t a, b;                 /* [a, b) */
};

struct supref {
	uint32_t na, nb;               /* the class name */
	unsigned nargs;
	uint32_t a[CHAIN_MAX_ARGS], b[CHAIN_MAX_ARGS];
};

struct header {
	unsigned nparams;              /* class template parameters */
	uint32_t pa[CHAIN_MAX_ARGS], pb[CHAIN_MAX_ARGS];   /* parameter names */
	uint32_t da[CHAIN_MAX_ARGS], db[CHAIN_MAX_ARGS];   /* defaults (da == db: none) */
	unsigned nsup;
	struct supref sup[CHAIN_MAX_SUPERS];
};

static bool chain_id(int c) { return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z'); }

static uint32_t chain_ws(const char *t, uint32_t i, uint32_t end)
{
	while (i < end && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
		i++;
	return i;
}

/* The top-level items of the <...> list opening at t[open], trimmed.
 * Returns the offset after its '>', 0 when malformed or too long. */
static uint32_t chain_split(const char *t, uint32_t open, uint32_t end, uint32_t *a, uint32_t *b,
                            unsigned *n)
{
	int depth = 0;
	uint32_t start = open + 1;

	*n = 0;
	for (uint32_t i = open; i < end; i++) {
		char c = t[i];
		if (c == '"' || (c == '[' && i + 1 < end && t[i + 1] == '{')) {
			i = (uint32_t)tga_skip_literal(t, end, i);
		} else if (c == '(' || c == '<' || c == '[' || c == '{') {
			depth++;
		} else if (c == ',' && depth == 1) {
			if (*n == CHAIN_MAX_ARGS)
				return 0;
			a[*n] = chain_ws(t, start, i);
			b[*n] = i;
			while (b[*n] > a[*n] && (t[b[*n] - 1] == ' ' || t[b[*n] - 1] == '\n' || t[b[*n] - 1] == '\t'))
				b[*n]--;
			(*n)++;
			start = i + 1;
		} else if (c == ')' || c == '>' || c == ']' || c == '}') {
			if (--depth < 0)
				return 0;
			if (depth == 0) {
				uint32_t x = chain_ws(t, start, i), y = i;
				while (y > x && (t[y - 1] == ' ' || t[y - 1] == '\n' || t[y - 1] == '\t'))
					y--;
				if (x < y || *n) {
					if (*n == CHAIN_MAX_ARGS)
						return 0;
					a[*n] = x;
					b[*n] = y;
					(*n)++;
				}
				return c == '>' ? i + 1 : 0;
			}
		}
	}
	return 0;
}

/* Parse `Name [<params>] [: Super[<args>], ...]` from the record name at
 * off.  Named arguments (`x = ...`) are not followed. */
static bool chain_header(const char *t, uint32_t end, uint32_t off, bool is_class, struct header *h)
{
	uint32_t i = off;

	memset(h, 0, sizeof(*h));
	if (i >= end || !chain_id((unsigned char)t[i]))
		return false;
	while (i < end && chain_id((unsigned char)t[i]))
		i++;
	i = chain_ws(t, i, end);
	if (is_class && i < end && t[i] == '<') {
		uint32_t a[CHAIN_MAX_ARGS], b[CHAIN_MAX_ARGS];
		i = chain_split(t, i, end, a, b, &h->nparams);
		if (!i)
			return false;
		for (unsigned p = 0; p < h->nparams; p++) {
			uint32_t eq = a[p];
			int depth = 0;
			for (; eq < b[p]; eq++) {
				if (t[eq] == '<' || t[eq] == '(' || t[eq] == '[')
					depth++;
				else if (t[eq] == '>' || t[eq] == ')' || t[eq] == ']')
					depth--;
				else if (t[eq] == '=' && depth == 0)
					break;
			}
			h->da[p] = h->db[p] = 0;
			if (eq < b[p]) {
				h->da[p] = chain_ws(t, eq + 1, b[p]);
				h->db[p] = b[p];
			}
			uint32_t ne = eq; /* the name is the last identifier before '=' */
			while (ne > a[p] && !chain_id((unsigned char)t[ne - 1]))
				ne--;
			uint32_t nb = ne;
			while (nb > a[p] && chain_id((unsigned char)t[nb - 1]))
				nb--;
			h->pa[p] = nb;
			h->pb[p] = ne;
		}
		i = chain_ws(t, i, end);
	}
	if (i >= end || t[i] != ':')
		return true;
	for (i++; h->nsup < CHAIN_MAX_SUPERS;) {
		i = chain_ws(t, i, end);
		struct supref *s = &h->sup[h->nsup];
		s->na = i;
		while (i < end && chain_id((unsigned char)t[i]))
			i++;
		s->nb = i;
		if (s->na == s->nb)
			break;
		i = chain_ws(t, i, end);
		s->nargs = 0;
		if (i < end && t[i] == '<') {
			i = chain_split(t, i, end, s->a, s->b, &s->nargs);
			if (!i)
				return false;
			for (unsigned k = 0; k < s->nargs; k++) {
				uint32_t x = s->a[k];
				while (x < s->b[k] && chain_id((unsigned char)t[x]))
					x++;
				x = chain_ws(t, x, s->b[k]);
				if (x > s->a[k] && x < s->b[k] && t[x] == '=')
					return false; /* a named argument */
			}
			i = chain_ws(t, i, end);
		}
		h->nsup++;
		if (i >= end || t[i] != ',')
			break;
		i++;
	}
	return true;
}

static bool chain_is(const char *t, uint32_t a, uint32_t b, const char *w)
{
	size_t n = strlen(w);
	return b - a == n && memcmp(t + a, w, n) == 0;
}

/* r itself, or, when r's text is exactly one of h's parameters, what the
 * referrer passed for it (env). */
static struct region chain_subst(struct region r, const struct header *h, const struct region *env)
{
	for (unsigned p = 0; p < h->nparams; p++)
		if (r.b - r.a == h->pb[p] - h->pa[p] && h->pb[p] > h->pa[p] &&
		    memcmp(r.t + r.a, r.t + h->pa[p], r.b - r.a) == 0)
			return env[p];
	return r;
}

/* Where argument k of the Pat<...>/Pattern<...> giving rec's fields is
 * written (out->f NULL: not written).  given: the texts the referrer
 * passes for rec's template parameters (ngiven of them).  False when the
 * chain cannot be followed (the caller keeps its old scan). */
static bool chain_arg(struct region *out, const struct tg_rec *rec, bool is_class,
                      const struct region *given, unsigned ngiven, unsigned k, int depth)
{
	struct pl_span sp = tg_rec_span(rec);
	struct pl_source_file *f;
	const char *t = sp.file ? file_text(sp.file, &f) : NULL;
	struct header h;
	struct region env[CHAIN_MAX_ARGS];

	if (!t || depth > CHAIN_MAX_DEPTH || !chain_header(t, (uint32_t)f->len, sp.off, is_class, &h))
		return false;
	for (unsigned p = 0; p < h.nparams; p++) {
		if (p < ngiven)
			env[p] = given[p];
		else
			env[p] = (struct region){h.da[p] < h.db[p] ? f : NULL, t, h.da[p], h.db[p]};
	}
	for (unsigned i = 0; i < h.nsup; i++) {
		const struct supref *s = &h.sup[i];
		if (chain_is(t, s->na, s->nb, "Pat") || chain_is(t, s->na, s->nb, "Pattern")) {
			*out = (struct region){NULL, t, 0, 0};
			if (k < s->nargs)
				*out = chain_subst((struct region){f, t, s->a[k], s->b[k]}, &h, env);
			return true;
		}
		char name[256];
		if (s->nb - s->na >= sizeof name)
			continue;
		memcpy(name, t + s->na, s->nb - s->na);
		name[s->nb - s->na] = '\0';
		const struct tg_rec *cls = tg_class_find(g.r, name);
		if (!cls || !tg_rec_isa(cls, "Pattern"))
			continue;
		struct region pass[CHAIN_MAX_ARGS];
		for (unsigned a = 0; a < s->nargs; a++)
			pass[a] = chain_subst((struct region){f, t, s->a[a], s->b[a]}, &h, env);
		return chain_arg(out, cls, true, pass, s->nargs, k, depth + 1);
	}
	return false;
}

/* Whether the def at off (`Name : First<...`) names Pat or Pattern first:
 * then its fields are written in it, and its header need not be parsed. */
static bool first_super_is_pat(const char *t, uint32_t end, uint32_t off)
{
	uint32_t i = off;

	while (i < end && chain_id((unsigned char)t[i]))
		i++;
	i = chain_ws(t, i, end);
	if (i >= end || t[i] != ':')
		return false;
	uint32_t a = chain_ws(t, i + 1, end), b = a;
	while (b < end && chain_id((unsigned char)t[b]))
		b++;
	uint32_t lt = chain_ws(t, b, end);
	return (chain_is(t, a, b, "Pat") || chain_is(t, a, b, "Pattern")) && lt < end && t[lt] == '<';
}

static void scan_pattern(struct tga_rec *w)
{
	static const char *const order[] = {"sourcePattern", "resultPatterns", "constraints",
	                                    "supplementalPatterns", "benefitDelta"};
	struct pl_span sp = tg_rec_span(w->rec);
	struct pl_source_file *f;
	const char *t = sp.file ? file_text(sp.file, &f) : NULL;
	if (!t)
		return;
	uint32_t end = tga_def_end(t, f->len, sp.off);
	struct tga_val *fields[5];
	for (unsigned i = 0; i < 5; i++)
		fields[i] = (struct tga_val *)tga_rec_field(w, order[i]);
	/* through a class of the user's: each field where it is written */
	bool direct = first_super_is_pat(t, end, sp.off);
	if (!direct) {
		struct header h;
		direct = !chain_header(t, (uint32_t)f->len, sp.off, false, &h);
		for (unsigned i = 0; i < h.nsup && !direct; i++)
			direct = chain_is(t, h.sup[i].na, h.sup[i].nb, "Pat") ||
			         chain_is(t, h.sup[i].na, h.sup[i].nb, "Pattern");
	}
	if (!direct) {
		struct region rg[5];
		bool ok = true;
		for (unsigned k = 0; k < 5 && ok; k++)
			ok = chain_arg(&rg[k], w->rec, false, NULL, 0, k, 0);
		if (ok) {
			for (unsigned k = 0; k < 5; k++)
				if (fields[k] && rg[k].f)
					tga_scan_fields(rg[k].f, rg[k].t, rg[k].a, rg[k].b, &fields[k], 1);
			return;
		}
	}
	/* the default (addBenefit 0) is not written in the def */
	bool written = false;
	for (const char *p = t + sp.off, *e = t + end; !written && e - p >= 10; p++) {
		if (!(p = memchr(p, 'a', (size_t)(e - p - 9))))
			break;
		written = memcmp(p, "addBenefit", 10) == 0;
	}
	if (!written)
		fields[4] = NULL;
	tga_scan_fields(f, t, sp.off, end, fields, 5);
}

/* The records' copy of the field name name spells, or NULL when rec has
 * no such field.  Learned from rec when no earlier lookup knows it; a
 * record whose fields were interned elsewhere is still searched by text
 * (tg_rec_value), so the cache only ever makes a lookup cheaper. */
static const char *field_key(const struct tg_rec *rec, const char *name)
{
	struct name_key *nk = &g.names[((uintptr_t)name >> 3) & (NAME_SLOTS - 1)];

	/* the text is compared too: name may be a buffer reused for others */
	if (nk->lit == name && strcmp(nk->key, name) == 0)
		return nk->key;
	const char *key = tg_rec_field_key(rec, name);
	if (key) {
		nk->lit = name;
		nk->key = key;
	}
	return key;
}

const struct tga_rec *tga_rec_field_def_at(const struct tga_rec *rec, unsigned i)
{
	const struct tg_value *v = rec ? tg_rec_value_at(rec->rec, i) : NULL;
	return v && tg_val_kind(v) == TG_DEF ? wrap_rec(tg_val_def(v)) : NULL;
}

const struct tga_val *tga_rec_field(const struct tga_rec *rec, const char *name)
{
	if (!rec || !name)
		return NULL;
	struct tga_rec *w = (struct tga_rec *)rec;
	if (!w->scanned) {
		/* once per record, Pattern or not */
		w->scanned = true;
		if (tg_rec_isa(w->rec, "Pattern"))
			scan_pattern(w);
	}
	const char *key = field_key(w->rec, name);
	if (!key)
		return NULL;
	for (unsigned i = 0; i < w->n_fields; i++)
		if (w->fields[i].name == key)
			return w->fields[i].v;
	const struct tg_value *v = tg_rec_value(w->rec, key);
	if (!v)
		return NULL;
	if (w->n_fields == w->cap_fields) {
		unsigned nc = w->cap_fields ? w->cap_fields * 2 : 8;
		struct field_cache *nf = pl_arena_alloc(tga_arena(), nc * sizeof(*nf));
		if (w->n_fields)
			memcpy(nf, w->fields, w->n_fields * sizeof(*nf));
		w->fields = nf;
		w->cap_fields = nc;
	}
	w->fields[w->n_fields].name = key;
	w->fields[w->n_fields].v = wrap(v, tg_rec_span(w->rec), 0);
	return w->fields[w->n_fields++].v;
}
