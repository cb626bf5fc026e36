/*
 * tg_parse.c -- TableGen parser and record builder: a recursive-descent
 * parser over tg_lex tokens that builds classes, multiclasses and defs the
 * way llvm-tblgen-16's TGParser does (let stacks, foreach/if loops stored
 * and resolved later, defm instantiation, defset, defvar scopes), so that
 * the records, and the numbering of anonymous records, come out identical.
 *
 * Errors are reported at the exact token; parsing stops at the first
 * syntax error (as llvm-tblgen does), evaluation errors are reported and
 * make tg_load fail.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/cthreads.h"
#include "analyzer/diag.h"
#include "analyzer/intern.h"
#include "analyzer/util.h"
#include "parsers/tablegen/tg_image.h"
#include "parsers/tablegen/tg_lex.h"
#include "parsers/tablegen/tg_p.h"

#define TG_MAX_NEST 512 /* parser nesting bound (values, objects) */
#define TG_MAX_RECORDS 1000000u /* defs per load, like the 1000000 of a range */

/* ---- records ------------------------------------------------------------ */

struct tg_rec *tg_rec_new(struct tg_keeper *k, const struct tg_value *name, enum tg_rec_kind rk,
                          struct pl_span span)
{
	struct tg_rec *r = PL_NEW(k->arena, struct tg_rec);
	r->name_v = name;
	if (name && name->kind == TG_V_STRING)
		r->name = name->str;
	r->rk = rk;
	r->span = span;
	return r;
}

/* Build the field index of r (records with many fields). */
static void fidx_build(struct tg_rec *r, struct tg_keeper *k)
{
	unsigned cap = 32;
	while (cap < r->nfields * 3)
		cap *= 2;
	r->fidx = PL_NEW_ARRAY(k->arena, unsigned, cap);
	r->fidx_cap = cap;
	for (unsigned i = 0; i < r->nfields; i++) {
		size_t h = ((uintptr_t)r->fields[i].name >> 3) * 0x9E3779B1u;
		unsigned j = (unsigned)(h & (cap - 1));
		while (r->fidx[j])
			j = (j + 1) & (cap - 1);
		r->fidx[j] = i + 1;
	}
}

struct tg_field *tg_rec_field(const struct tg_rec *r, const char *name)
{
	if (r->fidx) {
		size_t h = ((uintptr_t)name >> 3) * 0x9E3779B1u;
		unsigned j = (unsigned)(h & (r->fidx_cap - 1));
		while (r->fidx[j]) {
			struct tg_field *f = &r->fields[r->fidx[j] - 1];
			if (f->name == name)
				return f;
			j = (j + 1) & (r->fidx_cap - 1);
		}
		return NULL;
	}
	for (unsigned i = 0; i < r->nfields; i++)
		if (r->fields[i].name == name)
			return &r->fields[i];
	return NULL;
}

/* Make room for n fields in r (the entries past nfields are not read). */
static void rec_reserve_fields(struct tg_keeper *k, struct tg_rec *r, unsigned n)
{
	if (n <= r->capfields)
		return;
	struct tg_field *nf = pl_arena_alloc(k->arena, sizeof(*nf) * n);
	if (r->nfields)
		memcpy(nf, r->fields, sizeof(*nf) * r->nfields);
	r->fields = nf;
	r->capfields = n;
}

void tg_rec_index_fields(struct tg_keeper *k, struct tg_rec *r)
{
	if (r->nfields > 12)
		fidx_build(r, k);
}

void tg_rec_add_field(struct tg_keeper *k, struct tg_rec *r, const struct tg_field *f)
{
	/* the arena keeps outgrown arrays: start small (a def of 100,000
	 * patterns is mostly records of a handful of fields) */
	if (r->nfields == r->capfields)
		rec_reserve_fields(k, r, r->capfields ? r->capfields * 2 : 4);
	r->fields[r->nfields++] = *f;
	if (r->nfields > 12) {
		if (!r->fidx || r->nfields * 3 > r->fidx_cap * 2) {
			fidx_build(r, k);
		} else {
			size_t h = ((uintptr_t)f->name >> 3) * 0x9E3779B1u;
			unsigned j = (unsigned)(h & (r->fidx_cap - 1));
			while (r->fidx[j])
				j = (j + 1) & (r->fidx_cap - 1);
			r->fidx[j] = r->nfields;
		}
	}
}

void tg_rec_remove_field(struct tg_keeper *k, struct tg_rec *r, const char *name)
{
	for (unsigned i = 0; i < r->nfields; i++)
		if (r->fields[i].name == name) {
			memmove(&r->fields[i], &r->fields[i + 1], sizeof(*r->fields) * (r->nfields - i - 1));
			r->nfields--;
			if (r->fidx)
				fidx_build(r, k);
			return;
		}
}

bool tg_rec_is_targ(const struct tg_rec *r, const char *name)
{
	for (unsigned i = 0; i < r->ntargs; i++)
		if (r->targs[i] == name)
			return true;
	return false;
}

struct tg_rec *tg_rec_copy(struct tg_keeper *k, const struct tg_rec *r)
{
	struct tg_rec *c = PL_NEW(k->arena, struct tg_rec);
	*c = *r;
	c->defval = NULL;
	c->rtype = NULL;
	c->self_ty = NULL;
	c->in_table = false;
	memset(c->notes, 0, sizeof c->notes);
	c->capfields = r->nfields + 2; /* a copy mostly gains a field or two, if any */
	c->fields = pl_arena_alloc(k->arena, sizeof(*c->fields) * c->capfields);
	if (r->nfields)
		memcpy(c->fields, r->fields, sizeof(*c->fields) * r->nfields);
	if (r->fidx) {
		c->fidx = PL_NEW_ARRAY(k->arena, unsigned, r->fidx_cap);
		memcpy(c->fidx, r->fidx, sizeof(unsigned) * r->fidx_cap);
	}
	/* exact sizes: a copy is a def's start, which adds its classes'
	 * superclasses through tg_rec_reserve_supers (a large set has
	 * hundreds of thousands of records) */
	c->supers = NULL;
	c->super_spans = NULL;
	c->nsupers = c->capsupers = 0;
	if (r->nsupers) {
		tg_rec_reserve_supers(k, c, r->nsupers);
		memcpy(c->supers, r->supers, sizeof(*c->supers) * r->nsupers);
		memcpy(c->super_spans, r->super_spans, sizeof(*c->super_spans) * r->nsupers);
		c->nsupers = r->nsupers;
	}
	c->asserts = NULL;
	c->capasserts = r->nasserts;
	if (r->nasserts) {
		c->asserts = PL_NEW_ARRAY(k->arena, struct tg_assert, r->nasserts);
		memcpy(c->asserts, r->asserts, sizeof(*c->asserts) * r->nasserts);
	}
	return c;
}

void tg_rec_reserve_supers(struct tg_keeper *k, struct tg_rec *r, unsigned n)
{
	if (n <= r->capsupers)
		return;
	struct tg_rec **ns = pl_arena_alloc(k->arena, sizeof(*ns) * n);
	struct pl_span *nsp = pl_arena_alloc(k->arena, sizeof(*nsp) * n);
	if (r->nsupers) {
		memcpy(ns, r->supers, sizeof(*ns) * r->nsupers);
		memcpy(nsp, r->super_spans, sizeof(*nsp) * r->nsupers);
	}
	r->supers = ns;
	r->super_spans = nsp;
	r->capsupers = n;
}

void tg_rec_add_super(struct tg_keeper *k, struct tg_rec *r, struct tg_rec *s, struct pl_span sp)
{
	if (r->nsupers == r->capsupers)
		tg_rec_reserve_supers(k, r, r->capsupers ? r->capsupers * 2 : 4);
	r->supers[r->nsupers] = s;
	r->super_spans[r->nsupers++] = sp;
	r->rtype = NULL;
}

static void rec_add_assert(struct tg_keeper *k, struct tg_rec *r, struct tg_assert a)
{
	if (r->nasserts == r->capasserts) {
		unsigned nc = r->capasserts ? r->capasserts * 2 : 4;
		struct tg_assert *na = PL_NEW_ARRAY(k->arena, struct tg_assert, nc);
		if (r->nasserts)
			memcpy(na, r->asserts, sizeof(*na) * r->nasserts);
		r->asserts = na;
		r->capasserts = nc;
	}
	r->asserts[r->nasserts++] = a;
}

const struct tg_type *tg_rec_type(struct tg_keeper *k, struct tg_rec *r)
{
	if (r->rtype)
		return r->rtype;
	struct tg_rec **cs = NULL;
	unsigned n = 0, cap = 0;
	tg_rec_direct_supers(r, &cs, &n, &cap);
	r->rtype = tg_ty_rec(k, cs, n);
	free(cs);
	return r->rtype;
}

bool tg_field_set(struct tg_keeper *k, struct tg_field *f, const struct tg_value *v)
{
	const struct tg_value *c = tg_v_cast(k, v, tg_field_type(f));
	if (!c)
		return false;
	if (tg_field_type(f)->kind == TG_TY_BITS && c->kind != TG_V_BITS) {
		unsigned n = tg_field_type(f)->width;
		const struct tg_value **bits = pl_xmalloc(sizeof(*bits) * (n + 1));
		for (unsigned i = 0; i < n; i++)
			bits[i] = tg_v_getbit(k, c, i);
		c = tg_v_bits(k, bits, n);
		free(bits);
	}
	f->val = c;
	return true;
}

void tg_rec_resolve(struct tg_keeper *k, struct tg_rec *r, struct tg_resolver *res)
{
	if (r->name_v) {
		const struct tg_value *nn = tg_v_resolve(k, r->name_v, res);
		if (nn != r->name_v) {
			r->name_v = nn;
			r->name = nn->kind == TG_V_STRING ? nn->str : NULL;
		}
	}
	for (unsigned i = 0; i < r->nfields; i++) {
		struct tg_field *f = &r->fields[i];
		const struct tg_value *nv = tg_v_resolve(k, f->val, res);
		if (nv == f->val)
			continue;
		if (!tg_field_set(k, f, nv)) {
			tg_eval_error(k, r, "Invalid value '%s' found when setting field '%s' of type '%s'", tg_v_str_of(k, nv),
			              f->name, tg_ty_str(k, tg_field_type(f)));
		}
	}
	for (unsigned i = 0; i < r->nasserts; i++) {
		r->asserts[i].cond = tg_v_resolve(k, r->asserts[i].cond, res);
		r->asserts[i].msg = tg_v_resolve(k, r->asserts[i].msg, res);
	}
}

/* RecordResolver: fields of the current record, with a cache and a stack
 * against infinite recursion. */
struct rec_resolver {
	struct tg_resolver base;
	struct tg_keeper *k;
	const struct tg_value *newname;
	const char **cache_k;
	const struct tg_value **cache_v;
	unsigned nc, capc;
	const char **stack;
	unsigned ns, caps;
};

static const struct tg_value *rec_resolve(struct tg_resolver *base, const char *name)
{
	struct rec_resolver *rr = (struct rec_resolver *)base;
	for (unsigned i = 0; i < rr->nc; i++)
		if (rr->cache_k[i] == name && rr->cache_v[i])
			return rr->cache_v[i];
	for (unsigned i = 0; i < rr->ns; i++)
		if (rr->stack[i] == name)
			return NULL;
	const struct tg_value *val = NULL;
	struct tg_field *f = tg_rec_field(base->cur, name);
	if (f) {
		if (f->val->kind != TG_V_UNSET) {
			if (rr->ns == rr->caps) {
				rr->caps = rr->caps ? rr->caps * 2 : 16;
				rr->stack = pl_xrealloc(rr->stack, sizeof(*rr->stack) * rr->caps);
			}
			rr->stack[rr->ns++] = name;
			val = tg_v_resolve(rr->k, f->val, base);
			rr->ns--;
		}
	} else if (rr->newname && base->cur->name_v && base->cur->name_v->kind == TG_V_STRING &&
	           base->cur->name_v->str == name) {
		val = rr->newname;
	}
	if (rr->nc == rr->capc) {
		rr->capc = rr->capc ? rr->capc * 2 : 16;
		rr->cache_k = pl_xrealloc(rr->cache_k, sizeof(*rr->cache_k) * rr->capc);
		rr->cache_v = pl_xrealloc(rr->cache_v, sizeof(*rr->cache_v) * rr->capc);
	}
	rr->cache_k[rr->nc] = name;
	rr->cache_v[rr->nc++] = val;
	return val;
}

void tg_rec_resolve_self(struct tg_keeper *k, struct tg_rec *r, const struct tg_value *newname)
{
	struct rec_resolver rr = {{rec_resolve, r, true, true}, k, newname, NULL, NULL, 0, 0, NULL, 0, 0};
	if (newname) {
		r->name_v = newname;
		r->name = newname->kind == TG_V_STRING ? newname->str : NULL;
	}
	tg_rec_resolve(k, r, &rr.base);
	free(rr.cache_k);
	free(rr.cache_v);
	free(rr.stack);
}

void tg_check_assert(struct tg_keeper *k, struct pl_span sp, const struct tg_value *c, const struct tg_value *m)
{
	const struct tg_value *ci = tg_v_convert(k, c, k->ty_int);
	if (!ci || ci->kind != TG_V_INT) {
		tg_diag_error(k, sp, "assert condition must of type bit, bits, or int.");
		k->fatal = true;
	} else if (!ci->i) {
		struct pl_diag *d = pl_diag_begin(k->diag, PL_SEV_ERROR, NULL, sp, "assertion failed");
		struct pl_span none = {0};
		if (m->kind == TG_V_STRING)
			pl_diag_note(k->diag, d, none, "%s", m->str);
		else
			pl_diag_note(k->diag, d, none, "(assert message is not a string)");
		pl_diag_end(k->diag, d);
		k->fatal = true;
	}
}

void tg_rec_check_asserts(struct tg_keeper *k, struct tg_rec *r)
{
	if (!r->nasserts)
		return;
	struct rec_resolver rr = {{rec_resolve, r, true, true}, k, NULL, NULL, NULL, 0, 0, NULL, 0, 0};
	for (unsigned i = 0; i < r->nasserts; i++) {
		const struct tg_value *c = tg_v_resolve(k, r->asserts[i].cond, &rr.base);
		const struct tg_value *m = tg_v_resolve(k, r->asserts[i].msg, &rr.base);
		tg_check_assert(k, r->asserts[i].span, c, m);
	}
	free(rr.cache_k);
	free(rr.cache_v);
	free(rr.stack);
}

/* Put name -> r in k's def or class map: under the stream's lock while
 * a reader may look names up there (tg_stream.c). */
static void tg_keeper_map_put(struct tg_keeper *k, struct tg_hmap *map, const char *name,
                              struct tg_rec *r)
{
	if (k->stream)
		tg_stream_lock(k->stream);
	tg_hmap_put(map, name, r);
	if (k->stream)
		tg_stream_unlock(k->stream);
}

void tg_keeper_add_def(struct tg_keeper *k, struct tg_rec *r)
{
	if (k->ndefs == k->capdefs) {
		unsigned nc = k->capdefs ? k->capdefs * 2 : 256;
		struct tg_rec **nd = PL_NEW_ARRAY(k->arena, struct tg_rec *, nc);
		if (k->ndefs)
			memcpy(nd, k->defs, sizeof(*nd) * k->ndefs);
		k->defs = nd;
		k->capdefs = nc;
	}
	r->order = k->ndefs;
	k->defs[k->ndefs++] = r;
	r->in_table = true;
	if (r->name)
		tg_keeper_map_put(k, k->def_map, r->name, r);
}

struct tg_rec *tg_keeper_def(struct tg_keeper *k, const char *name)
{
	return tg_hmap_get(k->def_map, name);
}

struct tg_rec *tg_keeper_class(struct tg_keeper *k, const char *name)
{
	return tg_hmap_get(k->class_map, name);
}

const char *tg_anon_name(struct tg_keeper *k)
{
	/* "anonymous_%u" without snprintf: one is made per Class<args> */
	char buf[32] = "anonymous_", digits[12];
	unsigned n = k->anon_counter++, nd = 0;

	do
		digits[nd++] = (char)('0' + n % 10);
	while ((n /= 10) != 0);
	size_t len = 10;
	while (nd)
		buf[len++] = digits[--nd];
	return pl_intern_n(k->intern, buf, len);
}

/* ---- parser state ------------------------------------------------------- */

struct let_item {
	const char *name;
	unsigned *bits;
	unsigned nbits;
	const struct tg_value *val;
	struct pl_span span;
};

struct let_frame {
	struct let_item *items;
	unsigned n;
};

struct scope {
	struct scope *parent;
	const char **names;
	const struct tg_value **vals;
	unsigned n, cap;
};

struct defset {
	const struct tg_type *elt;
	struct pl_span span;
	const struct tg_value **els;
	unsigned n, cap;
};

struct bvar {
	const char *name;
	const struct tg_type *ty;
};

struct parser {
	struct tg_keeper *k;
	struct tg_lexer *lx;
	const struct tg_token *tok;
	struct let_frame *lets;
	unsigned nlets, caplets;
	struct loop **loops;
	unsigned nloops, caploops;
	struct multiclass *curmc;
	struct tg_hmap *mcs;
	struct scope *scope;
	struct defset **defsets;
	unsigned ndefsets, capdefsets;
	struct bvar *bvars;
	unsigned nbvars, capbvars;
	unsigned depth;
	bool failed;
	/* include cache (tg_load_cached) */
	struct tg_cache *cache;
	struct tg_ckpt *node;          /* the state equals this node's; NULL: not cached */
	struct tg_busy *busy;          /* the fresh chunk noted on busy_under (shared trees) */
	struct tg_ckpt *busy_under;
	uint32_t seen_seq;             /* chunks handled */
	bool fresh;                    /* the chunk seen_seq is being evaluated */
	unsigned diag0;                /* diagnostics before it */
	/* images (tg_image.c): the cached path this input's image says it takes */
	const struct tg_options *opts;
	uint64_t key;                  /* the input's image key, 0 until worked out */
	struct tg_ckpt **path;         /* nodes from the root to the image's node */
	unsigned npath, pathpos;       /* ... and how many were skipped */
	bool no_path;                  /* a path was wrong: evaluate (the second attempt) */
	bool no_restore;               /* streamed: evaluate every chunk (keep states still) */
	bool restart;                  /* skipped chunks whose state nothing holds */
	struct pl_diag_sink sink;      /* diag's sink while diagnostics are held */
	struct pl_vec held;            /* diagnostics held while walking a path */
	unsigned held_count[PL_SEV_COUNT], held_suppressed;
};

enum { MODE_VALUE, MODE_NAME };

/* Entry vectors live in the arena: loops and multiclasses keep them for
 * the whole run. */
static void entry_push(struct tg_keeper *k, struct entry_vec *v, struct entry e)
{
	if (v->n == v->cap) {
		unsigned nc = v->cap ? v->cap * 2 : 8;
		struct entry *nv = PL_NEW_ARRAY(k->arena, struct entry, nc);
		if (v->n)
			memcpy(nv, v->v, sizeof(*nv) * v->n);
		v->v = nv;
		v->cap = nc;
	}
	v->v[v->n++] = e;
}

static void PL_PRINTF(3, 4) err_at(struct parser *p, struct pl_span sp, const char *fmt, ...)
{
	va_list ap;

	char buf[1024];

	if (p->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	tg_diag_error(p->k, sp, "%s", buf);
	p->failed = true;
}

#define tok_err(p, ...) err_at((p), (p)->tok->span, __VA_ARGS__)

static enum tg_tok cur(struct parser *p)
{
	return p->tok->kind;
}

static enum tg_tok lex(struct parser *p)
{
	p->tok = tg_lex_next(p->lx);
	if (p->tok->kind == TG_TOK_ERROR)
		p->failed = true; /* already reported by the lexer */
	return p->tok->kind;
}

static bool consume(struct parser *p, enum tg_tok k)
{
	if (cur(p) == k) {
		lex(p);
		return true;
	}
	return false;
}

static bool is_bang(struct parser *p, enum tg_bang b)
{
	return cur(p) == TG_TOK_BANG && p->tok->bang == b;
}

static const struct tg_value *S(struct parser *p, const char *s)
{
	return tg_v_str(p->k, s, false);
}

/* ---- scopes ----------------------------------------------------------- */

static struct scope *push_scope(struct parser *p)
{
	struct scope *s = pl_xcalloc(1, sizeof(*s));
	s->parent = p->scope;
	p->scope = s;
	return s;
}

static void pop_scope(struct parser *p, struct scope *s)
{
	struct scope *stop = s->parent;

	while (p->scope && p->scope != stop) {
		struct scope *t = p->scope;
		p->scope = t->parent;
		free(t->names);
		free(t->vals);
		free(t);
	}
}

static const struct tg_value *scope_get(struct scope *s, const char *name, bool only_this)
{
	for (; s; s = s->parent) {
		for (unsigned i = 0; i < s->n; i++)
			if (s->names[i] == name)
				return s->vals[i];
		if (only_this)
			break;
	}
	return NULL;
}

static void scope_add(struct scope *s, const char *name, const struct tg_value *v)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 8;
		s->names = pl_xrealloc(s->names, sizeof(*s->names) * s->cap);
		s->vals = pl_xrealloc(s->vals, sizeof(*s->vals) * s->cap);
	}
	s->names[s->n] = name;
	s->vals[s->n++] = v;
}

/* ---- names ------------------------------------------------------------ */

static const struct tg_value *strconcat(struct parser *p, const struct tg_value *a, const struct tg_value *b)
{
	if (a->kind == TG_V_STRING && b->kind == TG_V_STRING) {
		char *s = pl_arena_printf(p->k->arena, "%s%s", a->str, b->str);
		return tg_v_str(p->k, s, a->op || b->op);
	}
	return tg_v_binop(p->k, TG_BIN_STRCONCAT, a, b, p->k->ty_string);
}

/* QualifyName: "Rec:name" for a class, "MC::name" for a multiclass. */
/* The interned concatenation of parts[0..n): names are looked up often
 * (every identifier in a class body), so no formatting and no copy kept. */
static const char *intern_cat(struct parser *p, const char *const *parts, unsigned n)
{
	char small[256];
	size_t total = 0;

	for (unsigned i = 0; i < n; i++)
		total += strlen(parts[i]);
	char *buf = total < sizeof small ? small : pl_xmalloc(total + 1);
	size_t at = 0;
	for (unsigned i = 0; i < n; i++) {
		size_t len = strlen(parts[i]);
		memcpy(buf + at, parts[i], len);
		at += len;
	}
	const char *r = pl_intern_n(p->k->intern, buf, total);
	if (buf != small)
		free(buf);
	return r;
}

static const char *qualify(struct parser *p, struct tg_rec *r, const char *name, const char *scoper)
{
	const char *rn = r->name ? r->name : "";
	if (p->curmc && strcmp(scoper, "::") != 0)
		return intern_cat(p, (const char *[]){p->curmc->rec->name, "::", rn, scoper, name}, 5);
	return intern_cat(p, (const char *[]){rn, scoper, name}, 3);
}

static const char *implicit_name_rec(struct parser *p, struct tg_rec *r)
{
	/* kept for the name it was made of: every def of a class asks again */
	if (!r->name_q || r->name_q_of != r->name) {
		r->name_q = intern_cat(p, (const char *[]){r->name ? r->name : "", ":NAME"}, 2);
		r->name_q_of = r->name;
	}
	return r->name_q;
}

static const char *implicit_name_mc(struct parser *p, struct multiclass *mc)
{
	return intern_cat(p, (const char *[]){mc->rec->name, "::NAME"}, 2);
}

/* ---- forward declarations --------------------------------------------- */

static const struct tg_value *parse_value(struct parser *p, struct tg_rec *cr, const struct tg_type *ity, int mode);
static const struct tg_type *parse_type(struct parser *p);
static bool parse_object_list(struct parser *p, struct multiclass *mc);
static bool parse_object(struct parser *p, struct multiclass *mc);
static bool add_entry(struct parser *p, struct entry e);

/* ---- types ------------------------------------------------------------ */

static struct multiclass *find_mc(struct parser *p, const char *name)
{
	return tg_hmap_get(p->mcs, name);
}

/* Type ::= string | code | bit | int | dag | bits<n> | list<Type> | ClassID */
static const struct tg_type *parse_type(struct parser *p)
{
	struct tg_keeper *k = p->k;
	switch (cur(p)) {
	case TG_TOK_STRING: case TG_TOK_CODE: lex(p); return k->ty_string;
	case TG_TOK_BIT: lex(p); return k->ty_bit;
	case TG_TOK_INT: lex(p); return k->ty_int;
	case TG_TOK_DAG: lex(p); return k->ty_dag;
	case TG_TOK_ID: {
		struct tg_rec *c = tg_keeper_class(k, p->tok->text);
		if (!c) {
			if (find_mc(p, p->tok->text))
				tok_err(p, "Couldn't find class '%s'. Use 'defm' if you meant to use multiclass '%s'",
				        p->tok->text, p->tok->text);
			else
				tok_err(p, "Couldn't find class '%s'", p->tok->text);
			return NULL;
		}
		lex(p);
		return tg_ty_rec(k, &c, 1);
	}
	case TG_TOK_BITS: {
		if (lex(p) != TG_TOK_LESS) {
			tok_err(p, "expected '<' after bits type");
			return NULL;
		}
		if (lex(p) != TG_TOK_INTVAL) {
			tok_err(p, "expected integer in bits<n> type");
			return NULL;
		}
		int64_t n = p->tok->ival;
		if (lex(p) != TG_TOK_GREATER) {
			tok_err(p, "expected '>' at end of bits<n> type");
			return NULL;
		}
		lex(p);
		if (n < 0 || n > 65536) {
			tok_err(p, "bits<n> width out of range");
			return NULL;
		}
		return tg_ty_bits(k, (unsigned)n);
	}
	case TG_TOK_LIST: {
		if (lex(p) != TG_TOK_LESS) {
			tok_err(p, "expected '<' after list type");
			return NULL;
		}
		lex(p);
		if (++p->depth > TG_MAX_NEST) {
			tok_err(p, "type nested too deeply");
			return NULL;
		}
		const struct tg_type *e = parse_type(p);
		p->depth--;
		if (!e)
			return NULL;
		if (!consume(p, TG_TOK_GREATER)) {
			tok_err(p, "expected '>' at end of list<ty> type");
			return NULL;
		}
		return tg_ty_list(k, e);
	}
	default:
		tok_err(p, "Unknown token when expecting a type");
		return NULL;
	}
}

/* ---- ranges ------------------------------------------------------------ */

struct uvec {
	unsigned *v;
	unsigned n, cap;
};

static void uvec_push(struct uvec *u, unsigned x)
{
	if (u->n == u->cap) {
		u->cap = u->cap ? u->cap * 2 : 16;
		u->v = pl_xrealloc(u->v, sizeof(*u->v) * u->cap);
	}
	u->v[u->n++] = x;
}

/* RangePiece ::= INTVAL | INTVAL '...' INTVAL | INTVAL '-' INTVAL | INTVAL INTVAL */
static bool parse_range_piece(struct parser *p, struct uvec *out, const struct tg_value *first)
{
	const struct tg_value *v = first ? first : parse_value(p, NULL, NULL, MODE_VALUE);
	if (!v || v->kind != TG_V_INT) {
		if (!p->failed)
			tok_err(p, "expected integer or bitrange");
		return false;
	}
	int64_t s = v->i, e;
	if (s < 0) {
		tok_err(p, "invalid range, cannot be negative");
		return false;
	}
	switch (cur(p)) {
	case TG_TOK_DOTDOTDOT: case TG_TOK_MINUS: {
		lex(p);
		const struct tg_value *ev = parse_value(p, NULL, NULL, MODE_VALUE);
		if (!ev || ev->kind != TG_V_INT) {
			if (!p->failed)
				tok_err(p, "expected integer value as end of range");
			return false;
		}
		e = ev->i;
		break;
	}
	case TG_TOK_INTVAL:
		/* "a-b" lexes as a and -b; negate back in unsigned arithmetic so
		 * that INT64_MIN (a clamped literal) stays negative, as the two's
		 * complement wrap-around of llvm-tblgen's negation leaves it. */
		e = (int64_t)(0 - (uint64_t)p->tok->ival);
		lex(p);
		break;
	default:
		uvec_push(out, (unsigned)s);
		return true;
	}
	if (e < 0) {
		tok_err(p, "invalid range, cannot be negative");
		return false;
	}
	if (s < e) {
		if (e - s > 1000000) {
			tok_err(p, "range too large");
			return false;
		}
		for (; s <= e; s++)
			uvec_push(out, (unsigned)s);
	} else {
		if (s - e > 1000000) {
			tok_err(p, "range too large");
			return false;
		}
		for (; s >= e; s--)
			uvec_push(out, (unsigned)s);
	}
	return true;
}

/* RangeList ::= RangePiece (',' RangePiece)* */
static bool parse_range_list(struct parser *p, struct uvec *out)
{
	if (!parse_range_piece(p, out, NULL))
		return false;
	while (consume(p, TG_TOK_COMMA))
		if (!parse_range_piece(p, out, NULL))
			return false;
	return true;
}

/* OptionalRangeList ::= '<' RangeList '>' | (empty) -- and '{' for let bits */
static bool parse_optional_bit_list(struct parser *p, struct uvec *out)
{
	if (cur(p) != TG_TOK_LBRACE)
		return true;
	struct pl_span sp = p->tok->span;
	lex(p);
	if (!parse_range_list(p, out))
		return false;
	if (!consume(p, TG_TOK_RBRACE)) {
		tok_err(p, "expected '}' at end of bit list");
		(void)sp;
		return false;
	}
	return true;
}

/* OptionalRangeList ::= '<' RangeList '>' | (empty) -- top-level let */
static bool parse_optional_range_list(struct parser *p, struct uvec *out)
{
	if (cur(p) != TG_TOK_LESS)
		return true;
	lex(p);
	if (!parse_range_list(p, out))
		return false;
	if (!consume(p, TG_TOK_GREATER)) {
		tok_err(p, "expected '>' at end of range list");
		return false;
	}
	return true;
}

/* ---- values -------------------------------------------------------------- */

static void bvar_push(struct parser *p, const char *name, const struct tg_type *ty)
{
	if (p->nbvars == p->capbvars) {
		p->capbvars = p->capbvars ? p->capbvars * 2 : 8;
		p->bvars = pl_xrealloc(p->bvars, sizeof(*p->bvars) * p->capbvars);
	}
	p->bvars[p->nbvars++] = (struct bvar){name, ty};
}

/* The template argument of r named name when qualified with scoper
 * ("R:name", "MC::name"), or NULL. */
static const char *targ_named(const struct tg_rec *r, const char *scoper, const char *name)
{
	const char *rn = r->name ? r->name : "";
	size_t lr = strlen(rn), ls = strlen(scoper), ln = pl_intern_len(name);

	for (unsigned i = 0; i < r->ntargs; i++) {
		const char *t = r->targs[i];
		if (pl_intern_len(t) == lr + ls + ln && memcmp(t + lr + ls, name, ln) == 0 &&
		    memcmp(t + lr, scoper, ls) == 0 && memcmp(t, rn, lr) == 0)
			return t;
	}
	return NULL;
}

/* IDValue: what a bare identifier means at this point. */
static const struct tg_value *parse_id_value(struct parser *p, struct tg_rec *cr, const char *name,
                                             struct pl_span sp, int mode)
{
	struct tg_keeper *k = p->k;
	for (unsigned i = p->nbvars; i-- > 0;)
		if (p->bvars[i].name == name)
			return tg_v_var(k, name, p->bvars[i].ty);
	if (cr) {
		struct tg_field *f = tg_rec_field(cr, name);
		if (f)
			return tg_v_var(k, name, tg_field_type(f));
	}
	if ((cr && cr->rk == TG_REC_CLASS) || p->curmc) {
		struct tg_rec *tr = p->curmc ? p->curmc->rec : cr;
		const char *scoper = p->curmc ? "::" : ":";
		/* tr's template arguments are qualify(p, tr, ..., scoper)'s names:
		 * find name among them without making the qualified name of
		 * every identifier a class body mentions */
		const char *q = targ_named(tr, scoper, name);
		if (q)
			return tg_v_var(k, q, tg_field_type(tg_rec_field(tr, q)));
		if (name == k->s_NAME)
			return tg_v_var(k, qualify(p, tr, name, scoper), k->ty_string);
	}
	const struct tg_value *lv = scope_get(p->scope, name, false);
	if (lv)
		return lv;
	for (unsigned i = 0; i < p->nloops; i++)
		if (p->loops[i]->itervar && p->loops[i]->itervar->str == name)
			return p->loops[i]->itervar;
	if (mode == MODE_NAME)
		return S(p, name);
	struct tg_rec *d = tg_keeper_def(k, name);
	if (d)
		return tg_v_def(k, d);
	const struct tg_value *g = tg_hmap_get(k->globals, name);
	if (g)
		return g;
	if (cr && cr->rk == TG_REC_DEF && !p->curmc && cr->name_v && cr->name_v->kind == TG_V_STRING &&
	    cr->name_v->str == name)
		return tg_v_unop(k, TG_UN_CAST, S(p, name), tg_rec_type(k, cr));
	err_at(p, sp, "Variable not defined: '%s'", name);
	return NULL;
}

/* Lists being parsed, their first eight elements in the owner (on the
 * stack): struct vals of values, struct strs of names.  NAME_init sets
 * one up, NAME_push appends, NAME_free releases (also after a failure). */
#define SMALL_LIST(name, T) \
	struct name { \
		T *v; \
		unsigned n, cap; \
		T small[8]; \
	}; \
	static void name##_init(struct name *a) \
	{ \
		a->v = a->small; \
		a->n = 0; \
		a->cap = PL_ARRAY_LEN(a->small); \
	} \
	static void name##_push(struct name *a, T x) \
	{ \
		if (a->n == a->cap) { \
			a->cap *= 2; \
			if (a->v == a->small) { \
				a->v = pl_xmalloc(sizeof(*a->v) * a->cap); \
				memcpy(a->v, a->small, sizeof(a->small)); \
			} else { \
				a->v = pl_xrealloc(a->v, sizeof(*a->v) * a->cap); \
			} \
		} \
		a->v[a->n++] = x; \
	} \
	static void name##_free(struct name *a) \
	{ \
		if (a->v != a->small) \
			free(a->v); \
		a->v = NULL; \
	}

SMALL_LIST(vals, const struct tg_value *)
SMALL_LIST(strs, const char *)

/* The field of r's template argument i: a class declares its template
 * arguments first, so it is usually field i. */
static struct tg_field *targ_field(struct tg_rec *r, unsigned i)
{
	if (i < r->nfields && r->fields[i].name == r->targs[i])
		return &r->fields[i];
	return tg_rec_field(r, r->targs[i]);
}

/* TemplateArgValueList ::= Value (',' Value)* '>' , checked against cls;
 * *out is set up here and the caller frees it (vals_free), also on
 * failure. */
static bool parse_targ_values(struct parser *p, struct tg_rec *cr, struct tg_rec *cls,
                              struct vals *out, struct pl_span sp)
{
	struct tg_keeper *k = p->k;
	vals_init(out);
	if (consume(p, TG_TOK_GREATER)) /* Class<> */
		return true;
	for (;;) {
		if (out->n >= cls->ntargs) {
			tok_err(p, "Too many template arguments: %u", out->n + 1);
			return false;
		}
		const struct tg_type *aty = tg_field_type(targ_field(cls, out->n));
		const struct tg_value *v = parse_value(p, cr, aty, MODE_VALUE);
		if (!v)
			return false;
		vals_push(out, v);
		if (!consume(p, TG_TOK_COMMA))
			break;
	}
	if (!consume(p, TG_TOK_GREATER)) {
		tok_err(p, "Expected comma before next argument");
		return false;
	}
	/* CheckTemplateArgValues */
	for (unsigned i = 0; i < out->n; i++) {
		struct tg_field *f = targ_field(cls, i);
		if (out->v[i]->kind == TG_V_UNSET)
			continue;
		const struct tg_value *c = tg_v_cast(k, out->v[i], tg_field_type(f));
		if (!c) {
			err_at(p, sp, "Value specified for template argument '%s' (#%u) is of type %s; expected type %s: %s",
			       f->name, i, tg_ty_str(k, out->v[i]->type), tg_ty_str(k, tg_field_type(f)), tg_v_str_of(k, out->v[i]));
			return false;
		}
		out->v[i] = c;
	}
	return true;
}

/* ValueList ::= Value (',' Value)* ','?  into *out, set up here; the
 * caller frees it (vals_free), also on failure. */
static bool parse_value_list(struct parser *p, struct tg_rec *cr, const struct tg_type *ety,
                             struct vals *out)
{
	vals_init(out);
	for (;;) {
		const struct tg_value *v = parse_value(p, cr, ety, MODE_VALUE);
		if (!v)
			return false;
		vals_push(out, v);
		if (!consume(p, TG_TOK_COMMA))
			break;
		if (cur(p) == TG_TOK_RSQUARE) /* trailing comma in a list */
			break;
	}
	return true;
}

static const struct tg_type *value_type_for_merge(struct parser *p, const struct tg_value *v)
{
	(void)p;
	if (v->kind == TG_V_UNSET)
		return NULL;
	return v->type;
}

static bool expect(struct parser *p, enum tg_tok k, const char *msg)
{
	if (consume(p, k))
		return true;
	tok_err(p, "%s", msg);
	return false;
}

static const struct tg_value *parse_operation(struct parser *p, struct tg_rec *cr, const struct tg_type *ity);

/* SimpleValue ::= INTVAL | STRVAL+ | CODEVAL | '?' | ID | ClassID '<' ArgList '>'
 *   | '{' ValueList '}' | '[' ValueList ']' ('<' Type '>')? | '(' DagArgs ')'
 *   | true | false | BangOperator */
static const struct tg_value *parse_simple_value(struct parser *p, struct tg_rec *cr, const struct tg_type *ity,
                                                 int mode)
{
	struct tg_keeper *k = p->k;
	const struct tg_value *r = NULL;
	switch (cur(p)) {
	case TG_TOK_INTVAL:
		r = tg_v_int(k, p->tok->ival);
		lex(p);
		return r;
	case TG_TOK_BININTVAL: {
		unsigned w = p->tok->bin_width;
		const struct tg_value **bits = pl_xmalloc(sizeof(*bits) * (w + 1));
		for (unsigned i = 0; i < w; i++)
			bits[i] = tg_v_bit(k, i < 64 ? ((uint64_t)p->tok->ival >> i) & 1 : 0);
		r = tg_v_bits(k, bits, w);
		free(bits);
		lex(p);
		return r;
	}
	case TG_TOK_STRVAL: {
		/* the token's text is interned already; adjacent ones concatenate */
		const char *first = p->tok->text;
		if (lex(p) != TG_TOK_STRVAL)
			return tg_v_str_interned(k, first, false);
		struct pl_buf b = {0};
		pl_buf_add(&b, first, pl_intern_len(first));
		do
			pl_buf_add(&b, p->tok->text, pl_intern_len(p->tok->text));
		while (lex(p) == TG_TOK_STRVAL);
		r = tg_v_strn(k, pl_buf_cstr(&b), b.len, false);
		pl_buf_free(&b);
		return r;
	}
	case TG_TOK_CODEVAL:
		r = tg_v_str_interned(k, p->tok->text, true);
		lex(p);
		return r;
	case TG_TOK_QUESTION:
		lex(p);
		return k->unset;
	case TG_TOK_TRUE:
		lex(p);
		return tg_v_int(k, 1);
	case TG_TOK_FALSE:
		lex(p);
		return tg_v_int(k, 0);
	case TG_TOK_ID: {
		struct pl_span sp = p->tok->span;
		const char *name = p->tok->text;
		if (lex(p) != TG_TOK_LESS)
			return parse_id_value(p, cr, name, sp, mode);
		struct tg_rec *cls = tg_keeper_class(k, name);
		if (!cls) {
			err_at(p, sp, "Expected a class name, got '%s'", name);
			return NULL;
		}
		lex(p);
		struct vals args;
		if (!parse_targ_values(p, cr, cls, &args, sp)) {
			vals_free(&args);
			return NULL;
		}
		for (unsigned i = args.n; i < cls->ntargs; i++) {
			struct tg_field *f = targ_field(cls, i);
			if (!tg_v_complete(f->val)) {
				err_at(p, sp, "Value not specified for template argument '%s' (#%u) of parent class '%s'",
				       f->name, i, cls->name);
				vals_free(&args);
				return NULL;
			}
		}
		tg_eval_span = sp;
		r = tg_v_fold(k, tg_v_vardef(k, cls, args.v, args.n), NULL, false);
		vals_free(&args);
		return r;
	}
	case TG_TOK_LBRACE: {
		struct pl_span sp = p->tok->span;
		lex(p);
		struct vals lst;
		vals_init(&lst);
		if (cur(p) != TG_TOK_RBRACE && !parse_value_list(p, cr, NULL, &lst)) {
			vals_free(&lst);
			return NULL;
		}
		const struct tg_value **vals = lst.v;
		unsigned n = lst.n;
		if (!consume(p, TG_TOK_RBRACE)) {
			tok_err(p, "expected '}' at end of bit list value");
			vals_free(&lst);
			return NULL;
		}
		struct tg_value const **bits = NULL;
		unsigned nb = 0, cb = 0;
		for (unsigned i = 0; i < n; i++) {
			const struct tg_value *v = vals[i];
			if (v->kind == TG_V_BITS) {
				for (unsigned j = 0; j < v->n; j++) {
					if (nb == cb) {
						cb = cb ? cb * 2 : 16;
						bits = pl_xrealloc(bits, sizeof(*bits) * cb);
					}
					bits[nb++] = v->v[v->n - 1 - j];
				}
				continue;
			}
			if (v->kind == TG_V_VAR && v->type->kind == TG_TY_BITS) {
				for (unsigned j = 0; j < v->type->width; j++) {
					if (nb == cb) {
						cb = cb ? cb * 2 : 16;
						bits = pl_xrealloc(bits, sizeof(*bits) * cb);
					}
					bits[nb++] = tg_v_getbit(k, v, v->type->width - 1 - j);
				}
				continue;
			}
			const struct tg_value *b = tg_v_cast(k, v, k->ty_bit);
			if (!b) {
				err_at(p, sp, "Element #%u (%s) is not convertable to a bit", i, tg_v_str_of(k, v));
				vals_free(&lst);
				free(bits);
				return NULL;
			}
			if (nb == cb) {
				cb = cb ? cb * 2 : 16;
				bits = pl_xrealloc(bits, sizeof(*bits) * cb);
			}
			bits[nb++] = b;
		}
		for (unsigned i = 0; i < nb / 2; i++) {
			const struct tg_value *t = bits[i];
			bits[i] = bits[nb - 1 - i];
			bits[nb - 1 - i] = t;
		}
		r = tg_v_bits(k, bits, nb);
		vals_free(&lst);
		free(bits);
		return r;
	}
	case TG_TOK_LSQUARE: {
		const struct tg_type *given = NULL;
		lex(p);
		if (ity) {
			if (ity->kind != TG_TY_LIST) {
				tok_err(p, "Encountered a list when expecting a %s", tg_ty_str(k, ity));
				return NULL;
			}
			given = ity;
		}
		struct vals lst;
		vals_init(&lst);
		if (cur(p) != TG_TOK_RSQUARE && !parse_value_list(p, cr, given ? given->elem : NULL, &lst)) {
			vals_free(&lst);
			return NULL;
		}
		const struct tg_value **vals = lst.v;
		unsigned n = lst.n;
		if (!consume(p, TG_TOK_RSQUARE)) {
			tok_err(p, "expected ']' at end of list value");
			vals_free(&lst);
			return NULL;
		}
		const struct tg_type *gelt = NULL;
		if (consume(p, TG_TOK_LESS)) {
			gelt = parse_type(p);
			if (!gelt) {
				vals_free(&lst);
				return NULL;
			}
			if (!consume(p, TG_TOK_GREATER)) {
				tok_err(p, "expected '>' at end of list element type");
				vals_free(&lst);
				return NULL;
			}
		}
		const struct tg_type *ety = NULL;
		for (unsigned i = 0; i < n; i++) {
			const struct tg_type *t = value_type_for_merge(p, vals[i]);
			if (!t)
				continue;
			if (ety) {
				ety = tg_ty_resolve(k, ety, t);
				if (!ety) {
					tok_err(p, "Incompatible types in list elements");
					vals_free(&lst);
					return NULL;
				}
			} else {
				ety = t;
			}
		}
		if (gelt) {
			if (ety && !tg_ty_convertible(ety, gelt)) {
				tok_err(p, "Incompatible types in list elements");
				vals_free(&lst);
				return NULL;
			}
			ety = gelt;
		}
		if (!ety) {
			if (!ity) {
				tok_err(p, "No type for list");
				vals_free(&lst);
				return NULL;
			}
			ety = given->elem;
		} else if (given && !tg_ty_convertible(ety, given->elem)) {
			tok_err(p, "Element type mismatch for list: element type '%s' not convertible to '%s",
			        tg_ty_str(k, ety), tg_ty_str(k, given->elem));
			vals_free(&lst);
			return NULL;
		}
		r = tg_v_list(k, vals, n, ety);
		vals_free(&lst);
		return r;
	}
	case TG_TOK_LPAREN: {
		lex(p);
		if (cur(p) != TG_TOK_ID && cur(p) != TG_TOK_QUESTION && !is_bang(p, TG_BANG_CAST) &&
		    !is_bang(p, TG_BANG_GETDAGOP) && !is_bang(p, TG_BANG_GETOP)) {
			tok_err(p, "expected identifier in dag init");
			return NULL;
		}
		const struct tg_value *op = parse_value(p, cr, NULL, MODE_VALUE);
		if (!op)
			return NULL;
		const char *opname = NULL;
		if (consume(p, TG_TOK_COLON)) {
			if (cur(p) != TG_TOK_VARNAME) {
				tok_err(p, "expected variable name in dag operator");
				return NULL;
			}
			opname = p->tok->text;
			lex(p);
		}
		struct vals args;
		struct strs names; /* NULL for an argument without one */
		vals_init(&args);
		strs_init(&names);
		bool ok = true;
		if (cur(p) != TG_TOK_RPAREN) {
			for (;;) {
				const struct tg_value *a;
				const char *an = NULL;
				if (cur(p) == TG_TOK_VARNAME) {
					a = k->unset;
					an = p->tok->text;
					lex(p);
				} else {
					a = parse_value(p, cr, NULL, MODE_VALUE);
					if (!a) {
						ok = false;
						break;
					}
					if (consume(p, TG_TOK_COLON)) {
						if (cur(p) != TG_TOK_VARNAME) {
							tok_err(p, "expected variable name in dag literal");
							ok = false;
							break;
						}
						an = p->tok->text;
						lex(p);
					}
				}
				vals_push(&args, a);
				strs_push(&names, an);
				if (!consume(p, TG_TOK_COMMA))
					break;
			}
		}
		if (ok && !consume(p, TG_TOK_RPAREN)) {
			tok_err(p, "expected ')' in dag init");
			ok = false;
		}
		r = ok ? tg_v_dag(k, op, opname, args.v, names.v, args.n) : NULL;
		vals_free(&args);
		strs_free(&names);
		return r;
	}
	case TG_TOK_BANG:
		return parse_operation(p, cr, ity);
	default:
		tok_err(p, "Unknown or reserved token when parsing a value");
		return NULL;
	}
}

/* Value ::= SimpleValue ValueSuffix*
 * ValueSuffix ::= '{' BitList '}' | '[' BitList ']' | '.' ID | '#' Value? */
static const struct tg_value *parse_value_inner(struct parser *p, struct tg_rec *cr, const struct tg_type *ity,
                                                int mode)
{
	struct tg_keeper *k = p->k;
	const struct tg_value *r = parse_simple_value(p, cr, ity, mode);
	if (!r)
		return NULL;
	for (;;) {
		switch (cur(p)) {
		default:
			return r;
		case TG_TOK_LBRACE: {
			if (mode == MODE_NAME)
				return r;
			struct pl_span sp = p->tok->span;
			lex(p);
			struct uvec u = {0};
			if (!parse_range_list(p, &u)) {
				free(u.v);
				return NULL;
			}
			for (unsigned i = 0; i < u.n / 2; i++) {
				unsigned t = u.v[i];
				u.v[i] = u.v[u.n - 1 - i];
				u.v[u.n - 1 - i] = t;
			}
			r = tg_v_bitrange(k, r, u.v, u.n);
			free(u.v);
			if (!r) {
				err_at(p, sp, "Invalid bit range for value");
				return NULL;
			}
			if (!consume(p, TG_TOK_RBRACE)) {
				tok_err(p, "expected '}' at end of bit range list");
				return NULL;
			}
			break;
		}
		case TG_TOK_LSQUARE: {
			struct pl_span sp = p->tok->span;
			lex(p);
			struct uvec u = {0};
			if (!parse_range_list(p, &u)) {
				free(u.v);
				return NULL;
			}
			r = tg_v_listslice(k, r, u.v, u.n);
			free(u.v);
			if (!r) {
				err_at(p, sp, "Invalid range for list slice");
				return NULL;
			}
			if (!consume(p, TG_TOK_RSQUARE)) {
				tok_err(p, "expected ']' at end of list slice");
				return NULL;
			}
			break;
		}
		case TG_TOK_DOT: {
			if (lex(p) != TG_TOK_ID) {
				tok_err(p, "expected field identifier after '.'");
				return NULL;
			}
			const char *fname = p->tok->text;
			const struct tg_type *ft = tg_v_field_type(r, fname);
			if (!ft) {
				tok_err(p, "Cannot access field '%s' of value '%s'", fname, tg_v_str_of(k, r));
				return NULL;
			}
			tg_eval_span = p->tok->span;
			r = tg_v_fold(k, tg_v_field(k, r, fname, ft), cr, false);
			lex(p);
			break;
		}
		case TG_TOK_PASTE: {
			struct pl_span sp = p->tok->span;
			if (r->kind == TG_V_UNSET) {
				err_at(p, sp, "LHS of paste is not typed!");
				return NULL;
			}
			if (r->type->kind == TG_TY_LIST) {
				lex(p);
				switch (cur(p)) {
				case TG_TOK_COLON: case TG_TOK_SEMI: case TG_TOK_LBRACE:
					break;
				default: {
					const struct tg_value *rhs = parse_value(p, cr, ity, MODE_VALUE);
					if (!rhs)
						return NULL;
					r = tg_v_fold(k, tg_v_binop(k, TG_BIN_LISTCONCAT, r, rhs, r->type), NULL, false);
					break;
				}
				}
				break;
			}
			const struct tg_value *lhs = r;
			if (lhs->type != k->ty_string) {
				lhs = tg_v_fold(k, tg_v_unop(k, TG_UN_CAST, lhs, k->ty_string), cr, false);
				if (lhs->kind == TG_V_UNSET) {
					err_at(p, sp, "can't cast '%s' to string", tg_v_str_of(k, r));
					return NULL;
				}
			}
			lex(p);
			const struct tg_value *rhs;
			switch (cur(p)) {
			case TG_TOK_COLON: case TG_TOK_SEMI: case TG_TOK_LBRACE:
				rhs = S(p, "");
				break;
			default: {
				const struct tg_value *rv = parse_value(p, cr, NULL, MODE_NAME);
				if (!rv)
					return NULL;
				if (rv->kind == TG_V_UNSET) {
					err_at(p, sp, "RHS of paste is not typed!");
					return NULL;
				}
				rhs = rv;
				if (rhs->type != k->ty_string) {
					rhs = tg_v_fold(k, tg_v_unop(k, TG_UN_CAST, rv, k->ty_string), cr, false);
					if (rhs->kind == TG_V_UNSET) {
						err_at(p, sp, "can't cast '%s' to string", tg_v_str_of(k, rv));
						return NULL;
					}
				}
				break;
			}
			}
			r = strconcat(p, lhs, rhs);
			break;
		}
		}
	}
}

static const struct tg_value *parse_value(struct parser *p, struct tg_rec *cr, const struct tg_type *ity, int mode)
{
	if (p->failed)
		return NULL;
	if (++p->depth > TG_MAX_NEST) {
		tok_err(p, "value nested too deeply (more than %d levels)", TG_MAX_NEST);
		p->depth--;
		return NULL;
	}
	const struct tg_value *r = parse_value_inner(p, cr, ity, mode);
	p->depth--;
	if (p->failed)
		return NULL;
	return r;
}

/* Parse '<' Type '>' after a bang operator that takes a type. */
static const struct tg_type *parse_angle_type(struct parser *p, const char *what)
{
	if (!consume(p, TG_TOK_LESS)) {
		tok_err(p, "expected type name for %s", what);
		return NULL;
	}
	const struct tg_type *t = parse_type(p);
	if (!t)
		return NULL;
	if (!consume(p, TG_TOK_GREATER)) {
		tok_err(p, "expected type name for %s", what);
		return NULL;
	}
	return t;
}

static int binop_code(enum tg_bang b)
{
	switch (b) {
	case TG_BANG_CON: return TG_BIN_CONCAT;
	case TG_BANG_ADD: return TG_BIN_ADD;
	case TG_BANG_SUB: return TG_BIN_SUB;
	case TG_BANG_MUL: return TG_BIN_MUL;
	case TG_BANG_DIV: return TG_BIN_DIV;
	case TG_BANG_AND: return TG_BIN_AND;
	case TG_BANG_OR: return TG_BIN_OR;
	case TG_BANG_XOR: return TG_BIN_XOR;
	case TG_BANG_SRA: return TG_BIN_SRA;
	case TG_BANG_SRL: return TG_BIN_SRL;
	case TG_BANG_SHL: return TG_BIN_SHL;
	case TG_BANG_EQ: return TG_BIN_EQ;
	case TG_BANG_NE: return TG_BIN_NE;
	case TG_BANG_LE: return TG_BIN_LE;
	case TG_BANG_LT: return TG_BIN_LT;
	case TG_BANG_GE: return TG_BIN_GE;
	case TG_BANG_GT: return TG_BIN_GT;
	case TG_BANG_LISTCONCAT: return TG_BIN_LISTCONCAT;
	case TG_BANG_LISTSPLAT: return TG_BIN_LISTSPLAT;
	case TG_BANG_LISTREMOVE: return TG_BIN_LISTREMOVE;
	case TG_BANG_STRCONCAT: return TG_BIN_STRCONCAT;
	case TG_BANG_INTERLEAVE: return TG_BIN_INTERLEAVE;
	case TG_BANG_SETDAGOP: case TG_BANG_SETOP: return TG_BIN_SETDAGOP;
	default: return -1;
	}
}

static bool is_arith(int code)
{
	return code == TG_BIN_ADD || code == TG_BIN_SUB || code == TG_BIN_AND || code == TG_BIN_OR ||
	       code == TG_BIN_XOR || code == TG_BIN_SRA || code == TG_BIN_SRL || code == TG_BIN_SHL ||
	       code == TG_BIN_MUL || code == TG_BIN_DIV;
}

static const struct tg_value *fold(struct parser *p, const struct tg_value *v, struct tg_rec *cr, struct pl_span sp)
{
	tg_eval_span = sp;
	return tg_v_fold(p->k, v, cr, false);
}

static const struct tg_value *parse_binop(struct parser *p, struct tg_rec *cr, const struct tg_type *ity)
{
	struct tg_keeper *k = p->k;
	struct pl_span opsp = p->tok->span;
	int code = binop_code(p->tok->bang);
	lex(p);
	const struct tg_type *ty = NULL, *aty = NULL;
	switch (code) {
	case TG_BIN_CONCAT: case TG_BIN_SETDAGOP: ty = aty = k->ty_dag; break;
	case TG_BIN_EQ: case TG_BIN_NE: case TG_BIN_LE: case TG_BIN_LT: case TG_BIN_GE: case TG_BIN_GT:
		ty = k->ty_bit;
		break;
	case TG_BIN_LISTCONCAT: case TG_BIN_LISTREMOVE: aty = ity; break;
	case TG_BIN_LISTSPLAT: break;
	case TG_BIN_STRCONCAT: ty = aty = k->ty_string; break;
	case TG_BIN_INTERLEAVE: ty = k->ty_string; break;
	default: ty = aty = k->ty_int; break;
	}
	if (ty && ity && !tg_ty_convertible(ty, ity)) {
		err_at(p, opsp, "expected value of type '%s', got '%s'", tg_ty_str(k, ity), tg_ty_str(k, ty));
		return NULL;
	}
	if (!expect(p, TG_TOK_LPAREN, "expected '(' after binary operator"))
		return NULL;
	unsigned n = 0, cap = 4;
	const struct tg_value **list = pl_xmalloc(sizeof(*list) * cap);
	const struct tg_value *res = NULL;
	for (;;) {
		struct pl_span isp = p->tok->span;
		const struct tg_value *v = parse_value(p, cr, aty, MODE_VALUE);
		if (!v)
			goto out;
		if (n == cap) {
			cap *= 2;
			list = pl_xrealloc(list, sizeof(*list) * cap);
		}
		list[n++] = v;
		if (v->kind == TG_V_UNSET) {
			err_at(p, opsp, "expected value to be a typed value, got '?'");
			goto out;
		}
		const struct tg_type *lt = v->type;
		if (!aty) {
			aty = lt;
			switch (code) {
			case TG_BIN_LISTCONCAT: case TG_BIN_LISTREMOVE:
				if (aty->kind != TG_TY_LIST) {
					err_at(p, isp, "expected a list, got value of type '%s'", tg_ty_str(k, aty));
					goto out;
				}
				break;
			case TG_BIN_LISTSPLAT:
				if (ity && n == 1) {
					if (ity->kind != TG_TY_LIST) {
						err_at(p, opsp, "expected output type to be a list, got type '%s'", tg_ty_str(k, ity));
						goto out;
					}
					if (!tg_ty_convertible(tg_ty_list(k, aty), ity)) {
						err_at(p, opsp, "expected first arg type to be '%s', got value of type '%s'",
						       tg_ty_str(k, aty), tg_ty_str(k, ity->elem));
						goto out;
					}
				}
				if (n == 2 && aty->kind != TG_TY_INT) {
					err_at(p, isp, "expected second parameter to be an int, got value of type '%s'",
					       tg_ty_str(k, aty));
					goto out;
				}
				aty = NULL;
				break;
			case TG_BIN_EQ: case TG_BIN_NE:
				if (!tg_ty_convertible(aty, k->ty_int) && !tg_ty_convertible(aty, k->ty_string) &&
				    !tg_ty_convertible(aty, k->ty_rec_empty)) {
					err_at(p, isp, "expected bit, bits, int, string, or record; got value of type '%s'",
					       tg_ty_str(k, aty));
					goto out;
				}
				break;
			case TG_BIN_LE: case TG_BIN_LT: case TG_BIN_GE: case TG_BIN_GT:
				if (!tg_ty_convertible(aty, k->ty_int) && !tg_ty_convertible(aty, k->ty_string)) {
					err_at(p, isp, "expected bit, bits, int, or string; got value of type '%s'",
					       tg_ty_str(k, aty));
					goto out;
				}
				break;
			case TG_BIN_INTERLEAVE:
				if (n == 1) {
					if (aty != tg_ty_list(k, k->ty_string) && !tg_ty_convertible(aty, tg_ty_list(k, k->ty_int))) {
						err_at(p, isp, "expected list of string, int, bits, or bit; got value of type '%s'",
						       tg_ty_str(k, aty));
						goto out;
					}
				} else if (n == 2 && aty->kind != TG_TY_STRING) {
					err_at(p, isp, "expected second argument to be a string, got value of type '%s'",
					       tg_ty_str(k, aty));
					goto out;
				}
				aty = NULL;
				break;
			default:
				break;
			}
		} else {
			const struct tg_type *rs = tg_ty_resolve(k, aty, lt);
			if (!rs) {
				err_at(p, isp, "expected value of type '%s', got '%s'", tg_ty_str(k, aty), tg_ty_str(k, lt));
				goto out;
			}
			if (!is_arith(code))
				aty = rs;
		}
		if (code == TG_BIN_SETDAGOP)
			aty = k->ty_rec_empty;
		if (!consume(p, TG_TOK_COMMA))
			break;
	}
	if (!consume(p, TG_TOK_RPAREN)) {
		tok_err(p, "expected ')' in operator");
		goto out;
	}
	if (code == TG_BIN_LISTCONCAT || code == TG_BIN_LISTREMOVE)
		ty = aty;
	if (code == TG_BIN_LISTSPLAT)
		ty = tg_ty_list(k, list[0]->type);
	if (code == TG_BIN_STRCONCAT || code == TG_BIN_LISTCONCAT || code == TG_BIN_CONCAT || code == TG_BIN_ADD ||
	    code == TG_BIN_AND || code == TG_BIN_OR || code == TG_BIN_XOR || code == TG_BIN_MUL) {
		while (n > 2) {
			const struct tg_value *rhs = list[--n];
			list[n - 1] = fold(p, tg_v_binop(k, code, list[n - 1], rhs, ty), cr, opsp);
		}
	}
	if (n != 2) {
		err_at(p, opsp, "expected two operands to operator");
		goto out;
	}
	res = fold(p, tg_v_binop(k, code, list[0], list[1], ty), cr, opsp);
out:
	free(list);
	return res;
}

static const struct tg_value *parse_operation(struct parser *p, struct tg_rec *cr, const struct tg_type *ity)
{
	struct tg_keeper *k = p->k;
	struct pl_span opsp = p->tok->span;
	enum tg_bang b = p->tok->bang;
	switch (b) {
	case TG_BANG_NOT: case TG_BANG_HEAD: case TG_BANG_TAIL: case TG_BANG_SIZE: case TG_BANG_EMPTY:
	case TG_BANG_CAST: case TG_BANG_GETDAGOP: case TG_BANG_GETOP: case TG_BANG_LOGTWO: {
		const struct tg_type *ty = NULL;
		int code;
		lex(p);
		switch (b) {
		case TG_BANG_CAST:
			code = TG_UN_CAST;
			ty = parse_angle_type(p, "!cast");
			if (!ty)
				return NULL;
			break;
		case TG_BANG_GETDAGOP: case TG_BANG_GETOP:
			code = TG_UN_GETDAGOP;
			if (cur(p) == TG_TOK_LESS) {
				ty = parse_angle_type(p, "!getdagop");
				if (!ty)
					return NULL;
			} else {
				ty = k->ty_rec_empty;
			}
			break;
		case TG_BANG_NOT: code = TG_UN_NOT; ty = k->ty_int; break;
		case TG_BANG_HEAD: code = TG_UN_HEAD; break;
		case TG_BANG_TAIL: code = TG_UN_TAIL; break;
		case TG_BANG_SIZE: code = TG_UN_SIZE; ty = k->ty_int; break;
		case TG_BANG_EMPTY: code = TG_UN_EMPTY; ty = k->ty_int; break;
		default: code = TG_UN_LOG2; ty = k->ty_int; break;
		}
		if (!expect(p, TG_TOK_LPAREN, "expected '(' after unary operator"))
			return NULL;
		const struct tg_value *a = parse_value(p, cr, NULL, MODE_VALUE);
		if (!a)
			return NULL;
		if (code == TG_UN_EMPTY || code == TG_UN_SIZE) {
			if (a->kind == TG_V_UNSET || (a->type->kind != TG_TY_LIST && a->type->kind != TG_TY_STRING &&
			                              a->type->kind != TG_TY_DAG)) {
				tok_err(p, "expected string, list, or dag type argument in unary operator");
				return NULL;
			}
		}
		if (code == TG_UN_HEAD || code == TG_UN_TAIL) {
			if (a->kind == TG_V_UNSET || a->type->kind != TG_TY_LIST) {
				tok_err(p, "expected list type argument in unary operator");
				return NULL;
			}
			if (a->kind == TG_V_LIST && a->n == 0) {
				tok_err(p, "empty list argument in unary operator");
				return NULL;
			}
			if (a->kind == TG_V_LIST) {
				const struct tg_value *item = a->v[0];
				if (item->kind == TG_V_UNSET) {
					tok_err(p, "untyped list element in unary operator");
					return NULL;
				}
				ty = code == TG_UN_HEAD ? item->type : tg_ty_list(k, item->type);
			} else {
				ty = code == TG_UN_HEAD ? a->type->elem : a->type;
			}
		}
		if (!expect(p, TG_TOK_RPAREN, "expected ')' in unary operator"))
			return NULL;
		return fold(p, tg_v_unop(k, code, a, ty), cr, opsp);
	}
	case TG_BANG_ISA: case TG_BANG_EXISTS: {
		lex(p);
		const struct tg_type *ty = parse_angle_type(p, b == TG_BANG_ISA ? "!isa" : "!exists");
		if (!ty)
			return NULL;
		if (!expect(p, TG_TOK_LPAREN, b == TG_BANG_ISA ? "expected '(' after type of !isa" : "expected '(' after type of !exists"))
			return NULL;
		const struct tg_value *a = parse_value(p, cr, NULL, MODE_VALUE);
		if (!a)
			return NULL;
		if (!expect(p, TG_TOK_RPAREN, b == TG_BANG_ISA ? "expected ')' in !isa" : "expected ')' in !exists"))
			return NULL;
		if (b == TG_BANG_ISA)
			return fold(p, tg_v_isa(k, ty, a), cr, opsp);
		if (a->kind == TG_V_UNSET || a->type->kind != TG_TY_STRING) {
			err_at(p, opsp, "expected string type argument in !exists operator");
			return NULL;
		}
		return fold(p, tg_v_exists(k, ty, a), cr, opsp);
	}
	case TG_BANG_CON: case TG_BANG_ADD: case TG_BANG_SUB: case TG_BANG_MUL: case TG_BANG_DIV: case TG_BANG_AND:
	case TG_BANG_OR: case TG_BANG_XOR: case TG_BANG_SRA: case TG_BANG_SRL: case TG_BANG_SHL: case TG_BANG_EQ:
	case TG_BANG_NE: case TG_BANG_LE: case TG_BANG_LT: case TG_BANG_GE: case TG_BANG_GT:
	case TG_BANG_LISTCONCAT: case TG_BANG_LISTSPLAT: case TG_BANG_LISTREMOVE: case TG_BANG_STRCONCAT:
	case TG_BANG_INTERLEAVE: case TG_BANG_SETDAGOP: case TG_BANG_SETOP:
		return parse_binop(p, cr, ity);
	case TG_BANG_FOREACH: case TG_BANG_FILTER: {
		bool isfe = b == TG_BANG_FOREACH;
		lex(p);
		if (!expect(p, TG_TOK_LPAREN, "expected '(' after !foreach/!filter"))
			return NULL;
		if (cur(p) != TG_TOK_ID) {
			tok_err(p, "first argument of !foreach/!filter must be an identifier");
			return NULL;
		}
		const char *var = p->tok->text;
		if (cr && tg_rec_field(cr, var)) {
			tok_err(p, "iteration variable '\"%s\"' is already defined", var);
			return NULL;
		}
		lex(p);
		if (!expect(p, TG_TOK_COMMA, "expected ',' in !foreach/!filter"))
			return NULL;
		const struct tg_value *m = parse_value(p, cr, NULL, MODE_VALUE);
		if (!m)
			return NULL;
		if (!expect(p, TG_TOK_COMMA, "expected ',' in !foreach/!filter"))
			return NULL;
		if (m->kind == TG_V_UNSET) {
			tok_err(p, "could not get type of !foreach/!filter list or dag");
			return NULL;
		}
		const struct tg_type *inelt = NULL, *exprelt = NULL;
		bool isdag = false;
		if (m->type->kind == TG_TY_LIST) {
			inelt = m->type->elem;
			if (ity) {
				if (ity->kind == TG_TY_LIST) {
					exprelt = isfe ? ity->elem : k->ty_int;
				} else {
					err_at(p, opsp, "expected value of type '%s', but got list type", tg_ty_str(k, ity));
					return NULL;
				}
			}
		} else if (m->type->kind == TG_TY_DAG) {
			if (!isfe) {
				tok_err(p, "!filter must have a list argument");
				return NULL;
			}
			inelt = m->type;
			if (ity && ity->kind != TG_TY_DAG) {
				err_at(p, opsp, "expected value of type '%s', but got dag type", tg_ty_str(k, ity));
				return NULL;
			}
			isdag = true;
		} else {
			tok_err(p, isfe ? "!foreach must have a list or dag argument" : "!filter must have a list argument");
			return NULL;
		}
		bvar_push(p, var, inelt);
		const struct tg_value *rhs = parse_value(p, cr, exprelt, MODE_VALUE);
		p->nbvars--;
		if (!rhs)
			return NULL;
		if (!expect(p, TG_TOK_RPAREN, "expected ')' in !foreach/!filter"))
			return NULL;
		const struct tg_type *out = inelt;
		if (isfe && !isdag) {
			if (rhs->kind == TG_V_UNSET) {
				tok_err(p, "could not get type of !foreach result expression");
				return NULL;
			}
			out = tg_ty_list(k, rhs->type);
		} else if (!isfe) {
			out = tg_ty_list(k, inelt);
		}
		return fold(p, tg_v_ternop(k, isfe ? TG_TER_FOREACH : TG_TER_FILTER, S(p, var), m, rhs, out), cr, opsp);
	}
	case TG_BANG_SUBSTR: case TG_BANG_FIND: {
		bool sub = b == TG_BANG_SUBSTR;
		lex(p);
		if (!expect(p, TG_TOK_LPAREN, sub ? "expected '(' after !substr operator" : "expected '(' after !find operator"))
			return NULL;
		const struct tg_value *a = parse_value(p, cr, NULL, MODE_VALUE);
		if (!a)
			return NULL;
		if (!expect(p, TG_TOK_COMMA, sub ? "expected ',' in !substr operator" : "expected ',' in !find operator"))
			return NULL;
		struct pl_span msp = p->tok->span;
		const struct tg_value *m = parse_value(p, cr, NULL, MODE_VALUE);
		if (!m)
			return NULL;
		struct pl_span rsp = p->tok->span;
		const struct tg_value *r;
		if (consume(p, TG_TOK_COMMA)) {
			rsp = p->tok->span;
			r = parse_value(p, cr, NULL, MODE_VALUE);
			if (!r)
				return NULL;
		} else {
			r = sub ? tg_v_int(k, INT32_MAX) : tg_v_int(k, 0);
		}
		if (!expect(p, TG_TOK_RPAREN, sub ? "expected ')' in !substr operator" : "expected ')' in !find operator"))
			return NULL;
		if (a->kind == TG_V_UNSET || a->type->kind != TG_TY_STRING) {
			err_at(p, opsp, "expected string, got type '%s'", a->kind == TG_V_UNSET ? "?" : tg_ty_str(k, a->type));
			return NULL;
		}
		if (sub) {
			if (m->kind != TG_V_UNSET && !tg_ty_convertible(m->type, k->ty_int)) {
				err_at(p, msp, "expected int, got type '%s'", tg_ty_str(k, m->type));
				return NULL;
			}
		} else if (m->kind == TG_V_UNSET || m->type->kind != TG_TY_STRING) {
			err_at(p, msp, "expected string, got type '%s'", m->kind == TG_V_UNSET ? "?" : tg_ty_str(k, m->type));
			return NULL;
		}
		if (r->kind != TG_V_UNSET && !tg_ty_convertible(r->type, k->ty_int)) {
			err_at(p, rsp, "expected int, got type '%s'", tg_ty_str(k, r->type));
			return NULL;
		}
		return fold(p, tg_v_ternop(k, sub ? TG_TER_SUBSTR : TG_TER_FIND, a, m, r, sub ? k->ty_string : k->ty_int),
		            cr, opsp);
	}
	case TG_BANG_IF: case TG_BANG_DAG: case TG_BANG_SUBST: {
		int code = b == TG_BANG_IF ? TG_TER_IF : b == TG_BANG_DAG ? TG_TER_DAG : TG_TER_SUBST;
		const struct tg_type *ty = NULL;
		if (code == TG_TER_DAG) {
			ty = k->ty_dag;
			ity = NULL;
		}
		lex(p);
		if (!expect(p, TG_TOK_LPAREN, "expected '(' after ternary operator"))
			return NULL;
		const struct tg_value *a = parse_value(p, cr, NULL, MODE_VALUE);
		if (!a)
			return NULL;
		if (!expect(p, TG_TOK_COMMA, "expected ',' in ternary operator"))
			return NULL;
		struct pl_span msp = p->tok->span;
		const struct tg_value *m = parse_value(p, cr, ity, MODE_VALUE);
		if (!m)
			return NULL;
		if (!expect(p, TG_TOK_COMMA, "expected ',' in ternary operator"))
			return NULL;
		struct pl_span rsp = p->tok->span;
		const struct tg_value *r = parse_value(p, cr, ity, MODE_VALUE);
		if (!r)
			return NULL;
		if (!expect(p, TG_TOK_RPAREN, "expected ')' in binary operator"))
			return NULL;
		switch (code) {
		case TG_TER_IF: {
			const struct tg_type *mt = m->kind == TG_V_UNSET ? NULL : m->type;
			const struct tg_type *rt = r->kind == TG_V_UNSET ? NULL : r->type;
			if (m->kind == TG_V_UNSET)
				mt = rt;
			if (r->kind == TG_V_UNSET)
				rt = mt;
			if (!mt || !rt) {
				tok_err(p, "could not get type for !if");
				return NULL;
			}
			ty = tg_ty_resolve(k, mt, rt);
			if (!ty) {
				tok_err(p, "inconsistent types '%s' and '%s' for !if", tg_ty_str(k, mt), tg_ty_str(k, rt));
				return NULL;
			}
			break;
		}
		case TG_TER_DAG:
			if (m->kind != TG_V_UNSET && m->type->kind != TG_TY_LIST) {
				err_at(p, msp, "expected list of children, got type '%s'", tg_ty_str(k, m->type));
				return NULL;
			}
			if (r->kind != TG_V_UNSET && (r->type->kind != TG_TY_LIST || r->type->elem != k->ty_string)) {
				err_at(p, rsp, "expected list<string>, got type '%s'", tg_ty_str(k, r->type));
				return NULL;
			}
			if (m->kind == TG_V_UNSET && r->kind == TG_V_UNSET) {
				err_at(p, msp, "!dag needs a list or names, or both");
				return NULL;
			}
			break;
		default:
			if (r->kind == TG_V_UNSET) {
				tok_err(p, "could not get type for !subst");
				return NULL;
			}
			ty = r->type;
			break;
		}
		return fold(p, tg_v_ternop(k, code, a, m, r, ty), cr, opsp);
	}
	case TG_BANG_COND: {
		lex(p);
		if (!expect(p, TG_TOK_LPAREN, "expected '(' after !cond operator"))
			return NULL;
		unsigned n = 0, cap = 8;
		const struct tg_value **cv = pl_xmalloc(sizeof(*cv) * cap * 2);
		const struct tg_value *res = NULL;
		for (;;) {
			if (cur(p) == TG_TOK_RPAREN)
				break;
			const struct tg_value *c = parse_value(p, cr, NULL, MODE_VALUE);
			if (!c)
				goto cond_out;
			if (!expect(p, TG_TOK_COLON, "expected ':'  following a condition in !cond operator"))
				goto cond_out;
			const struct tg_value *v = parse_value(p, cr, ity, MODE_VALUE);
			if (!v)
				goto cond_out;
			if (n == cap) {
				cap *= 2;
				cv = pl_xrealloc(cv, sizeof(*cv) * cap * 2);
			}
			cv[2 * n] = c;
			cv[2 * n + 1] = v;
			n++;
			if (consume(p, TG_TOK_RPAREN))
				goto cond_done;
			if (!expect(p, TG_TOK_COMMA, "expected ',' or ')' following a value in !cond operator"))
				goto cond_out;
		}
		lex(p);
cond_done:
		if (n < 1) {
			tok_err(p, "there should be at least 1 'condition : value' in the !cond operator");
			goto cond_out;
		}
		{
			const struct tg_type *ty = NULL;
			for (unsigned i = 0; i < n; i++) {
				const struct tg_value *v = cv[2 * i + 1];
				if (v->kind == TG_V_UNSET)
					continue;
				if (!ty) {
					ty = v->type;
				} else {
					const struct tg_type *rt = tg_ty_resolve(k, ty, v->type);
					if (!rt) {
						tok_err(p, "inconsistent types '%s' and '%s' for !cond", tg_ty_str(k, ty),
						        tg_ty_str(k, v->type));
						goto cond_out;
					}
					ty = rt;
				}
			}
			if (!ty) {
				tok_err(p, "could not determine type for !cond from its arguments");
				goto cond_out;
			}
			res = fold(p, tg_v_cond(k, cv, n, ty), cr, opsp);
		}
cond_out:
		free(cv);
		return res;
	}
	case TG_BANG_FOLDL: {
		lex(p);
		if (!expect(p, TG_TOK_LPAREN, "expected '(' after !foldl"))
			return NULL;
		const struct tg_value *start = parse_value(p, cr, NULL, MODE_VALUE);
		if (!start)
			return NULL;
		if (start->kind == TG_V_UNSET) {
			tok_err(p, "could not get type of !foldl start: '?'");
			return NULL;
		}
		if (!expect(p, TG_TOK_COMMA, "expected ',' in !foldl"))
			return NULL;
		const struct tg_value *list = parse_value(p, cr, NULL, MODE_VALUE);
		if (!list)
			return NULL;
		if (list->kind == TG_V_UNSET) {
			tok_err(p, "could not get type of !foldl list: '?'");
			return NULL;
		}
		if (list->type->kind != TG_TY_LIST) {
			tok_err(p, "!foldl list must be a list, but is of type '%s'", tg_ty_str(k, list->type));
			return NULL;
		}
		if (cur(p) != TG_TOK_COMMA) {
			tok_err(p, "expected ',' in !foldl");
			return NULL;
		}
		if (lex(p) != TG_TOK_ID) {
			tok_err(p, "third argument of !foldl must be an identifier");
			return NULL;
		}
		const char *av = p->tok->text;
		if (cr && tg_rec_field(cr, av)) {
			tok_err(p, "left !foldl variable '\"%s\"' already defined", av);
			return NULL;
		}
		if (lex(p) != TG_TOK_COMMA) {
			tok_err(p, "expected ',' in !foldl");
			return NULL;
		}
		if (lex(p) != TG_TOK_ID) {
			tok_err(p, "fourth argument of !foldl must be an identifier");
			return NULL;
		}
		const char *bv = p->tok->text;
		if (cr && tg_rec_field(cr, bv)) {
			tok_err(p, "right !foldl variable '\"%s\"' already defined", bv);
			return NULL;
		}
		if (lex(p) != TG_TOK_COMMA) {
			tok_err(p, "expected ',' in !foldl");
			return NULL;
		}
		lex(p);
		bvar_push(p, av, start->type);
		bvar_push(p, bv, list->type->elem);
		const struct tg_value *e = parse_value(p, cr, NULL, MODE_VALUE);
		p->nbvars -= 2;
		if (!e)
			return NULL;
		if (e->kind == TG_V_UNSET) {
			tok_err(p, "could not get type of !foldl expression");
			return NULL;
		}
		if (e->type != start->type) {
			tok_err(p, "!foldl expression must be of same type as start (%s), but is of type %s",
			        tg_ty_str(k, start->type), tg_ty_str(k, e->type));
			return NULL;
		}
		if (!expect(p, TG_TOK_RPAREN, "expected ')' in fold operator"))
			return NULL;
		return fold(p, tg_v_foldop(k, start, list, av, bv, e, start->type), cr, opsp);
	}
	default:
		tok_err(p, "unknown bang operator");
		return NULL;
	}
}

/* ---- setting values --------------------------------------------------- */

/* sp where fields can point to it (tg_field.vspan). */
static const struct pl_span *keep_span(struct tg_keeper *k, struct pl_span sp)
{
	if (!sp.file)
		return &tg_no_span;
	struct pl_span *s = pl_arena_alloc(k->arena, sizeof(*s));
	*s = sp;
	return s;
}

static bool add_value(struct parser *p, struct tg_rec *r, struct pl_span sp, const struct tg_field *f)
{
	struct tg_field *e = tg_rec_field(r, f->name);
	if (e) {
		if (!tg_field_set(p->k, e, f->val)) {
			err_at(p, sp, "New definition of '%s' of type '%s' is incompatible with previous definition of type '%s'",
			       f->name, tg_ty_str(p->k, tg_field_type(f)),
			       tg_ty_str(p->k, tg_field_type(e)));
			return false;
		}
		e->vspan = f->vspan;
	} else {
		tg_rec_add_field(p->k, r, f);
	}
	return true;
}

static bool set_value(struct parser *p, struct tg_rec *r, struct pl_span sp, const char *name,
                      const unsigned *bits, unsigned nbits, const struct tg_value *v, bool allow_self)
{
	struct tg_keeper *k = p->k;
	if (!v)
		return true;
	struct tg_field *f = tg_rec_field(r, name);
	if (!f) {
		err_at(p, sp, "Value '%s' unknown!", name);
		return false;
	}
	if (nbits == 0 && v->kind == TG_V_VAR && v->str == name && !allow_self) {
		err_at(p, sp, "Recursion / self-assignment of field '%s'", name);
		return false;
	}
	if (nbits) {
		const struct tg_value *curv = f->val;
		if (curv->kind != TG_V_BITS) {
			err_at(p, sp, "Value '%s' is not a bits type", name);
			return false;
		}
		const struct tg_value *bi = tg_v_cast(k, v, tg_ty_bits(k, nbits));
		if (!bi) {
			err_at(p, sp, "Initializer is not compatible with bit range");
			return false;
		}
		const struct tg_value **nb = pl_xcalloc(curv->n + 1, sizeof(*nb));
		for (unsigned i = 0; i < nbits; i++) {
			unsigned bit = bits[i];
			if (bit >= curv->n) {
				err_at(p, sp, "Invalid bit range for value");
				free(nb);
				return false;
			}
			if (nb[bit]) {
				err_at(p, sp, "Cannot set bit #%u of value '%s' more than once", bit, name);
				free(nb);
				return false;
			}
			nb[bit] = tg_v_getbit(k, bi, i);
		}
		for (unsigned i = 0; i < curv->n; i++)
			if (!nb[i])
				nb[i] = curv->v[i];
		v = tg_v_bits(k, nb, curv->n);
		free(nb);
	}
	if (!tg_field_set(k, f, v)) {
		const char *ext = "";
		if (v->kind == TG_V_BITS)
			ext = pl_arena_printf(k->arena, "' of type bit initializer with length %u", v->n);
		else if (v->kind != TG_V_UNSET)
			ext = pl_arena_printf(k->arena, "' of type '%s", tg_ty_str(k, v->type));
		err_at(p, sp, "Field '%s' of type '%s' is incompatible with value '%s%s'", name, tg_ty_str(k, tg_field_type(f)),
		       tg_v_str_of(k, v), ext);
		return false;
	}
	f->vspan = keep_span(k, sp);
	return true;
}

/* ---- subclasses ---------------------------------------------------------- */

struct subclass_ref {
	struct tg_rec *rec;
	struct multiclass *mc;
	struct vals args;              /* freed by the caller (vals_free) */
	struct pl_span span;
};

/* SubClassRef ::= ClassID ('<' ValueList '>')? */
static bool parse_subclass_ref(struct parser *p, struct tg_rec *cr, bool is_defm, struct subclass_ref *out)
{
	memset(out, 0, sizeof(*out));
	vals_init(&out->args);
	out->span = p->tok->span;
	if (cur(p) != TG_TOK_ID) {
		tok_err(p, is_defm ? "expected multiclass name" : "expected class name");
		return false;
	}
	const char *name = p->tok->text;
	if (is_defm) {
		out->mc = find_mc(p, name);
		if (!out->mc) {
			tok_err(p, "Couldn't find multiclass '%s'", name);
			return false;
		}
		out->rec = out->mc->rec;
	} else {
		out->rec = tg_keeper_class(p->k, name);
		if (!out->rec) {
			if (find_mc(p, name))
				tok_err(p, "Couldn't find class '%s'. Use 'defm' if you meant to use multiclass '%s'", name, name);
			else
				tok_err(p, "Couldn't find class '%s'", name);
			return false;
		}
	}
	lex(p);
	if (!consume(p, TG_TOK_LESS))
		return true;
	if (!parse_targ_values(p, cr, out->rec, &out->args, out->span)) {
		vals_free(&out->args);
		return false;
	}
	return true;
}

static bool add_subclass(struct parser *p, struct tg_rec *cr, struct subclass_ref *sc)
{
	struct tg_keeper *k = p->k;
	struct tg_rec *s = sc->rec;
	struct tg_map_resolver m;
	tg_map_init(&m, k, cr);
	/* the fields arrive one by one: room for all at once (but not for the
	 * template arguments, which stay behind: a Pat def inherits 5 fields
	 * of its class's 10, and the arena keeps what is reserved) */
	unsigned inherited = 0;
	for (unsigned i = 0; i < s->nfields; i++)
		inherited += tg_field_kind(&s->fields[i]) != TG_FK_TARG;
	rec_reserve_fields(k, cr, cr->nfields + inherited);
	for (unsigned i = 0; i < s->nfields; i++) {
		const struct tg_field *f = &s->fields[i];
		if (tg_field_kind(f) == TG_FK_TARG)
			tg_map_set(&m, f->name, f->val);
		else if (!add_value(p, cr, sc->span, f)) {
			tg_map_fini(&m);
			return false;
		}
	}
	for (unsigned i = 0; i < s->ntargs; i++) {
		if (i < sc->args.n) {
			tg_map_set(&m, s->targs[i], sc->args.v[i]);
		} else if (!tg_map_complete(&m, s->targs[i])) {
			err_at(p, sc->span, "Value not specified for template argument '%s' (#%u) of parent class '%s'",
			       s->targs[i], i, s->name);
			tg_map_fini(&m);
			return false;
		}
	}
	for (unsigned i = 0; i < s->nasserts; i++)
		rec_add_assert(k, cr, s->asserts[i]);
	const struct tg_value *name;
	if (cr->rk == TG_REC_CLASS)
		name = tg_v_var(k, implicit_name_rec(p, cr), k->ty_string);
	else
		name = cr->name_v;
	tg_map_set(&m, implicit_name_rec(p, s), name);
	tg_eval_span = sc->span;
	tg_rec_resolve(k, cr, &m.base);
	tg_map_fini(&m);
	tg_rec_reserve_supers(k, cr, cr->nsupers + s->nsupers + 1);
	for (unsigned i = 0; i < s->nsupers; i++) {
		if (tg_rec_is_subclass(cr, s->supers[i]) && cr != s->supers[i]) {
			err_at(p, sc->span, "Already subclass of '%s'!", s->supers[i]->name);
			return false;
		}
		tg_rec_add_super(k, cr, s->supers[i], s->super_spans[i]);
	}
	for (unsigned i = 0; i < cr->nsupers; i++)
		if (cr->supers[i] == s) {
			err_at(p, sc->span, "Already subclass of '%s'!", s->name);
			return false;
		}
	tg_rec_add_super(k, cr, s, sc->span);
	return true;
}

static bool apply_let_stack_rec(struct parser *p, struct tg_rec *r)
{
	for (unsigned i = 0; i < p->nlets; i++)
		for (unsigned j = 0; j < p->lets[i].n; j++) {
			struct let_item *li = &p->lets[i].items[j];
			if (!set_value(p, r, li->span, li->name, li->bits, li->nbits, li->val, false))
				return false;
		}
	return true;
}

static bool apply_let_stack_entry(struct parser *p, struct entry *e)
{
	if (e->kind == E_REC)
		return apply_let_stack_rec(p, e->rec);
	if (e->kind == E_LOOP) {
		for (unsigned i = 0; i < e->loop->ents.n; i++)
			if (!apply_let_stack_entry(p, &e->loop->ents.v[i]))
				return false;
	}
	return true;
}

/* ---- bodies ---------------------------------------------------------------- */

/* Declaration ::= FIELD? Type ID ('=' Value)? */
static const char *parse_declaration(struct parser *p, struct tg_rec *cr, bool targs)
{
	struct tg_keeper *k = p->k;
	bool has_field = consume(p, TG_TOK_FIELD);
	const struct tg_type *ty = parse_type(p);
	if (!ty)
		return NULL;
	if (cur(p) != TG_TOK_ID) {
		tok_err(p, "Expected identifier in declaration");
		return NULL;
	}
	const char *name = p->tok->text;
	if (name == k->s_NAME) {
		tok_err(p, "'%s' is a reserved variable name", name);
		return NULL;
	}
	struct pl_span sp = p->tok->span;
	lex(p);
	struct tg_field f = {.val = k->unset, .vspan = keep_span(k, sp)};
	struct tg_rec *target = cr ? cr : p->curmc->rec;
	if (!targs) {
		f.name = name;
		tg_field_set_type(&f, ty, has_field ? TG_FK_NONCONCRETE : TG_FK_NORMAL);
	} else if (cr) {
		f.name = qualify(p, cr, name, ":");
		tg_field_set_type(&f, ty, TG_FK_TARG);
	} else {
		f.name = qualify(p, p->curmc->rec, name, "::");
		tg_field_set_type(&f, ty, TG_FK_TARG);
	}
	struct tg_field *ex = tg_rec_field(target, f.name);
	if (ex) {
		if (!tg_field_set(k, ex, f.val)) {
			err_at(p, sp, "New definition of '%s' of type '%s' is incompatible with previous definition of type '%s'",
			       f.name, tg_ty_str(k, ty), tg_ty_str(k, tg_field_type(ex)));
			return NULL;
		}
	} else {
		tg_field_set(k, &f, k->unset); /* bits<n> start as n unset bits */
		tg_rec_add_field(k, target, &f);
	}
	if (consume(p, TG_TOK_EQUAL)) {
		struct pl_span vsp = p->tok->span;
		const struct tg_value *v = parse_value(p, cr, ty, MODE_VALUE);
		if (!v || !set_value(p, target, vsp, f.name, NULL, 0, v, false))
			return p->failed ? NULL : f.name;
	}
	return f.name;
}

static bool parse_defvar(struct parser *p);
static bool parse_assert(struct parser *p, struct multiclass *mc, struct tg_rec *cr);

/* BodyItem ::= Declaration ';' | LET ID OptionalBitList '=' Value ';' | Defvar | Assert */
static bool parse_body_item(struct parser *p, struct tg_rec *cr)
{
	struct tg_keeper *k = p->k;
	if (cur(p) == TG_TOK_ASSERT)
		return parse_assert(p, NULL, cr);
	if (cur(p) == TG_TOK_DEFVAR)
		return parse_defvar(p);
	if (cur(p) != TG_TOK_LET) {
		if (!parse_declaration(p, cr, false))
			return false;
		return expect(p, TG_TOK_SEMI, "expected ';' after declaration");
	}
	lex(p);
	if (cur(p) != TG_TOK_ID) {
		tok_err(p, "expected field identifier after let");
		return false;
	}
	struct pl_span sp = p->tok->span;
	const char *name = p->tok->text;
	lex(p);
	struct uvec bits = {0};
	if (!parse_optional_bit_list(p, &bits)) {
		free(bits.v);
		return false;
	}
	for (unsigned i = 0; i < bits.n / 2; i++) {
		unsigned t = bits.v[i];
		bits.v[i] = bits.v[bits.n - 1 - i];
		bits.v[bits.n - 1 - i] = t;
	}
	if (!expect(p, TG_TOK_EQUAL, "expected '=' in let expression")) {
		free(bits.v);
		return false;
	}
	struct tg_field *f = tg_rec_field(cr, name);
	if (!f) {
		tok_err(p, "Value '%s' unknown!", name);
		free(bits.v);
		return false;
	}
	const struct tg_type *ty = tg_field_type(f);
	if (bits.n && ty->kind == TG_TY_BITS)
		ty = tg_ty_bits(k, bits.n);
	const struct tg_value *v = parse_value(p, cr, ty, MODE_VALUE);
	if (!v) {
		free(bits.v);
		return false;
	}
	if (!expect(p, TG_TOK_SEMI, "expected ';' after let expression")) {
		free(bits.v);
		return false;
	}
	bool ok = set_value(p, cr, sp, name, bits.v, bits.n, v, false);
	free(bits.v);
	return ok;
}

/* Body ::= ';' | '{' BodyList '}' */
static bool parse_body(struct parser *p, struct tg_rec *cr)
{
	if (consume(p, TG_TOK_SEMI))
		return true;
	if (!consume(p, TG_TOK_LBRACE)) {
		tok_err(p, "Expected '{' to start body or ';' for declaration only");
		return false;
	}
	struct scope *s = push_scope(p);
	while (cur(p) != TG_TOK_RBRACE) {
		if (p->failed || cur(p) == TG_TOK_EOF) {
			if (!p->failed)
				tok_err(p, "expected '}' at end of record body");
			pop_scope(p, s);
			return false;
		}
		if (!parse_body_item(p, cr)) {
			pop_scope(p, s);
			return false;
		}
	}
	pop_scope(p, s);
	lex(p);
	return true;
}

/* ObjectBody ::= BaseClassList Body */
static bool parse_object_body(struct parser *p, struct tg_rec *cr)
{
	if (consume(p, TG_TOK_COLON)) {
		for (;;) {
			struct subclass_ref sc;
			if (!parse_subclass_ref(p, cr, false, &sc))
				return false;
			bool ok = add_subclass(p, cr, &sc);
			vals_free(&sc.args);
			if (!ok)
				return false;
			if (!consume(p, TG_TOK_COMMA))
				break;
		}
	}
	if (!apply_let_stack_rec(p, cr))
		return false;
	return parse_body(p, cr);
}

/* ---- entries, resolution, defs ---------------------------------------- */

static bool add_def_one(struct parser *p, struct tg_rec *r)
{
	struct tg_keeper *k = p->k;
	const struct tg_value *newname = NULL;
	tg_eval_span = r->span;
	if (k->ndefs >= TG_MAX_RECORDS) {
		/* nested foreach loops multiply: stop rather than run for hours */
		err_at(p, r->span, "too many records (more than %u)", TG_MAX_RECORDS);
		p->failed = true;
		return false;
	}
	if (r->name_v && r->name_v->kind == TG_V_STRING) {
		struct tg_rec *prev = tg_keeper_def(k, r->name_v->str);
		if (prev) {
			if (!r->anonymous) {
				struct pl_diag *d = pl_diag_begin(k->diag, PL_SEV_ERROR, NULL, r->span,
				                                  "def already exists: %s", r->name_v->str);
				pl_diag_note(k->diag, d, prev->span, "location of previous definition");
				pl_diag_end(k->diag, d);
				p->failed = true;
				return false;
			}
			newname = S(p, tg_anon_name(k));
		}
	}
	tg_rec_resolve_self(k, r, newname);
	if (!r->name_v || r->name_v->kind != TG_V_STRING) {
		err_at(p, r->span, "record name '%s' could not be fully resolved",
		       r->name_v ? tg_v_str_of(k, r->name_v) : "?");
		return false;
	}
	r->name = r->name_v->str;
	/* checkConcrete: every non-`field` value must be concrete (not an
	 * unresolved reference) */
	for (unsigned i = 0; i < r->nfields; i++) {
		struct tg_field *f = &r->fields[i];
		if (tg_field_kind(f) != TG_FK_NORMAL)
			continue;
		bool ok = true;
		if (f->val->kind == TG_V_BITS) {
			/* a bit may still refer to a field of this record */
			for (unsigned j = 0; j < f->val->n && ok; j++) {
				const struct tg_value *b = f->val->v[j];
				bool ref = (b->kind == TG_V_VARBIT && b->v[0]->kind == TG_V_VAR && tg_rec_field(r, b->v[0]->str)) ||
				           b->kind == TG_V_VAR;
				ok = ref || tg_v_concrete(b);
			}
		} else {
			ok = tg_v_concrete(f->val);
		}
		if (!ok) {
			tg_diag_error(k, r->span,
			        "Initializer of '%s' in '%s' could not be fully resolved: %s", f->name,
			        r->name_v && r->name_v->kind == TG_V_STRING ? r->name_v->str : tg_v_str_of(k, r->name_v),
			        tg_v_str_of(k, f->val));
			k->fatal = true;
		}
	}
	tg_rec_check_asserts(k, r);
	for (unsigned i = 0; i < p->ndefsets; i++) {
		struct defset *ds = p->defsets[i];
		const struct tg_value *di = tg_v_def(k, r);
		if (!tg_ty_isa(di->type, ds->elt)) {
			struct pl_diag *d = pl_diag_begin(k->diag, PL_SEV_ERROR, NULL, r->span,
			                                  "adding record of incompatible type '%s' to defset",
			                                  tg_ty_str(k, di->type));
			pl_diag_note(k->diag, d, ds->span, "to this defset");
			pl_diag_end(k->diag, d);
			p->failed = true;
			return false;
		}
		if (ds->n == ds->cap) {
			ds->cap = ds->cap ? ds->cap * 2 : 16;
			ds->els = pl_xrealloc(ds->els, sizeof(*ds->els) * ds->cap);
		}
		ds->els[ds->n++] = di;
	}
	tg_keeper_add_def(k, r);
	return true;
}

struct subst {
	const char **names;
	const struct tg_value **vals;
	unsigned n, cap;
};

static void subst_push(struct subst *s, const char *name, const struct tg_value *v)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 8;
		s->names = pl_xrealloc(s->names, sizeof(*s->names) * s->cap);
		s->vals = pl_xrealloc(s->vals, sizeof(*s->vals) * s->cap);
	}
	s->names[s->n] = name;
	s->vals[s->n++] = v;
}

static void subst_map(struct tg_keeper *k, struct tg_map_resolver *m, const struct subst *s, bool final)
{
	tg_map_init(m, k, NULL);
	for (unsigned i = 0; i < s->n; i++)
		tg_map_set(m, s->names[i], s->vals[i]);
	m->base.final = final;
}

static bool resolve_entries(struct parser *p, const struct entry_vec *src, struct subst *s, bool final,
                            struct entry_vec *dest, const struct pl_span *loc);

static bool resolve_loop(struct parser *p, const struct loop *l, struct subst *s, bool final,
                         struct entry_vec *dest, const struct pl_span *loc)
{
	struct tg_keeper *k = p->k;
	struct tg_map_resolver m;
	subst_map(k, &m, s, false);
	tg_eval_span = l->span;
	const struct tg_value *list = tg_v_resolve(k, l->list, &m.base);
	tg_map_fini(&m);
	if (list->kind != TG_V_LIST) {
		if (!final) {
			struct loop *nl = PL_NEW(k->arena, struct loop);
			nl->span = l->span;
			nl->itervar = l->itervar;
			nl->list = list;
			entry_push(k, dest, (struct entry){.kind = E_LOOP, .loop = nl});
			return resolve_entries(p, &l->ents, s, final, &dest->v[dest->n - 1].loop->ents, loc);
		}
		err_at(p, l->span, "attempting to loop over '%s', expected a list", tg_v_str_of(k, list));
		return false;
	}
	for (unsigned i = 0; i < list->n; i++) {
		if (l->itervar)
			subst_push(s, l->itervar->str, list->v[i]);
		bool ok = resolve_entries(p, &l->ents, s, final, dest, loc ? loc : &l->span);
		if (l->itervar)
			s->n--;
		if (!ok)
			return false;
	}
	return true;
}

static bool resolve_entries(struct parser *p, const struct entry_vec *src, struct subst *s, bool final,
                            struct entry_vec *dest, const struct pl_span *loc)
{
	struct tg_keeper *k = p->k;
	for (unsigned i = 0; i < src->n; i++) {
		const struct entry *e = &src->v[i];
		if (p->failed)
			return false;
		if (e->kind == E_LOOP) {
			if (!resolve_loop(p, e->loop, s, final, dest, loc))
				return false;
		} else if (e->kind == E_ASSERT) {
			struct tg_map_resolver m;
			subst_map(k, &m, s, final);
			tg_eval_span = e->as.span;
			struct tg_assert a = e->as;
			a.cond = tg_v_resolve(k, a.cond, &m.base);
			a.msg = tg_v_resolve(k, a.msg, &m.base);
			tg_map_fini(&m);
			if (dest)
				entry_push(k, dest, (struct entry){.kind = E_ASSERT, .as = a});
			else
				tg_check_assert(k, a.span, a.cond, a.msg);
		} else {
			struct tg_rec *r = tg_rec_copy(k, e->rec);
			if (loc && r->inst_span.file == 0)
				r->inst_span = *loc;
			struct tg_map_resolver m;
			subst_map(k, &m, s, false);
			tg_eval_span = r->span;
			tg_rec_resolve(k, r, &m.base);
			tg_map_fini(&m);
			if (dest)
				entry_push(k, dest, (struct entry){.kind = E_REC, .rec = r});
			else if (!add_def_one(p, r))
				return false;
		}
	}
	return true;
}

static bool add_entry(struct parser *p, struct entry e)
{
	if (p->nloops) {
		entry_push(p->k, &p->loops[p->nloops - 1]->ents, e);
		return true;
	}
	if (e.kind == E_LOOP) {
		struct subst s = {0};
		bool ok = resolve_loop(p, e.loop, &s, p->curmc == NULL, p->curmc ? &p->curmc->ents : NULL, NULL);
		free(s.names);
		free(s.vals);
		return ok;
	}
	if (p->curmc) {
		entry_push(p->k, &p->curmc->ents, e);
		return true;
	}
	if (e.kind == E_ASSERT) {
		tg_check_assert(p->k, e.as.span, e.as.cond, e.as.msg);
		return true;
	}
	return add_def_one(p, e.rec);
}

/* ---- objects ------------------------------------------------------------- */

/* ObjectName ::= Value [ '#' Value ]* | (empty) */
static const struct tg_value *parse_object_name(struct parser *p, struct multiclass *mc)
{
	struct tg_keeper *k = p->k;
	switch (cur(p)) {
	case TG_TOK_COLON: case TG_TOK_SEMI: case TG_TOK_LBRACE:
		return k->unset;
	default:
		break;
	}
	struct tg_rec *cr = mc ? mc->rec : NULL;
	const struct tg_value *name = parse_value(p, cr, k->ty_string, MODE_NAME);
	if (!name)
		return NULL;
	if (mc) {
		const char *ns = implicit_name_mc(p, mc);
		if (!tg_v_references(k, name, ns))
			name = strconcat(p, tg_v_var(k, ns, k->ty_string), name);
	}
	return name;
}

/* Def ::= DEF ObjectName ObjectBody */
static bool parse_def(struct parser *p, struct multiclass *mc)
{
	struct tg_keeper *k = p->k;
	struct pl_span defsp = p->tok->span;
	lex(p);
	struct pl_span namesp = cur(p) == TG_TOK_ID ? p->tok->span : defsp;
	const struct tg_value *name = parse_object_name(p, mc);
	if (!name)
		return false;
	struct tg_rec *r;
	if (name->kind == TG_V_UNSET) {
		r = tg_rec_new(k, S(p, tg_anon_name(k)), TG_REC_DEF, defsp);
		r->anonymous = true;
	} else {
		r = tg_rec_new(k, name, TG_REC_DEF, namesp);
	}
	if (!parse_object_body(p, r))
		return false;
	return add_entry(p, (struct entry){.kind = E_REC, .rec = r});
}

/* TemplateArgList ::= '<' Declaration (',' Declaration)* '>' */
static bool parse_template_arg_list(struct parser *p, struct tg_rec *cr)
{
	lex(p); /* '<' */
	struct tg_rec *tr = cr ? cr : p->curmc->rec;
	for (;;) {
		const char *n = parse_declaration(p, cr, true);
		if (!n)
			return false;
		if (tr->ntargs == tr->captargs) {
			tr->captargs = tr->captargs ? tr->captargs * 2 : 4;
			const char **nt = PL_NEW_ARRAY(p->k->arena, const char *, tr->captargs);
			if (tr->ntargs)
				memcpy(nt, tr->targs, sizeof(*nt) * tr->ntargs);
			tr->targs = nt;
		}
		tr->targs[tr->ntargs++] = n;
		if (!consume(p, TG_TOK_COMMA))
			break;
	}
	return expect(p, TG_TOK_GREATER, "expected '>' at end of template argument list");
}

/* Class ::= CLASS ID TemplateArgList? ObjectBody */
static bool parse_class(struct parser *p)
{
	struct tg_keeper *k = p->k;
	lex(p);
	if (cur(p) != TG_TOK_ID) {
		tok_err(p, "expected class name after 'class' keyword");
		return false;
	}
	struct tg_rec *r = tg_keeper_class(k, p->tok->text);
	if (r) {
		if (r->nfields || r->nsupers || r->ntargs) {
			tok_err(p, "Class '%s' already defined", r->name);
			return false;
		}
		r->span = p->tok->span;
	} else {
		r = tg_rec_new(k, S(p, p->tok->text), TG_REC_CLASS, p->tok->span);
		tg_keeper_map_put(k, k->class_map, r->name, r);
		if (k->nclasses == k->capclasses) {
			unsigned nc = k->capclasses ? k->capclasses * 2 : 256;
			struct tg_rec **ncl = PL_NEW_ARRAY(k->arena, struct tg_rec *, nc);
			if (k->nclasses)
				memcpy(ncl, k->classes, sizeof(*ncl) * k->nclasses);
			k->classes = ncl;
			k->capclasses = nc;
		}
		k->classes[k->nclasses++] = r;
	}
	lex(p);
	if (cur(p) == TG_TOK_LESS && !parse_template_arg_list(p, r))
		return false;
	return parse_object_body(p, r);
}

/* LetList ::= LetItem (',' LetItem)*  LetItem ::= ID OptionalRangeList '=' Value */
static bool parse_let_list(struct parser *p, struct let_frame *fr)
{
	unsigned cap = 0;
	fr->items = NULL;
	fr->n = 0;
	do {
		if (cur(p) != TG_TOK_ID) {
			tok_err(p, "expected identifier in let expression");
			return false;
		}
		struct let_item li = {.name = p->tok->text, .span = p->tok->span};
		lex(p);
		struct uvec bits = {0};
		if (!parse_optional_range_list(p, &bits)) {
			free(bits.v);
			return false;
		}
		for (unsigned i = 0; i < bits.n / 2; i++) {
			unsigned t = bits.v[i];
			bits.v[i] = bits.v[bits.n - 1 - i];
			bits.v[bits.n - 1 - i] = t;
		}
		if (bits.n) {
			li.bits = PL_NEW_ARRAY(p->k->arena, unsigned, bits.n);
			memcpy(li.bits, bits.v, sizeof(unsigned) * bits.n);
			li.nbits = bits.n;
		}
		free(bits.v);
		if (!expect(p, TG_TOK_EQUAL, "expected '=' in let expression"))
			return false;
		li.val = parse_value(p, NULL, NULL, MODE_VALUE);
		if (!li.val)
			return false;
		if (fr->n == cap) {
			cap = cap ? cap * 2 : 4;
			struct let_item *ni = PL_NEW_ARRAY(p->k->arena, struct let_item, cap);
			if (fr->n)
				memcpy(ni, fr->items, sizeof(*ni) * fr->n);
			fr->items = ni;
		}
		fr->items[fr->n++] = li;
	} while (consume(p, TG_TOK_COMMA));
	return true;
}

/* TopLevelLet ::= LET LetList IN '{' ObjectList '}' | LET LetList IN Object */
static bool parse_top_level_let(struct parser *p, struct multiclass *mc)
{
	lex(p);
	struct let_frame fr;
	if (!parse_let_list(p, &fr))
		return false;
	if (p->nlets == p->caplets) {
		p->caplets = p->caplets ? p->caplets * 2 : 8;
		p->lets = pl_xrealloc(p->lets, sizeof(*p->lets) * p->caplets);
	}
	p->lets[p->nlets++] = fr;
	if (!expect(p, TG_TOK_IN, "expected 'in' at end of top-level 'let'"))
		return false;
	struct scope *s = push_scope(p);
	bool ok;
	if (cur(p) != TG_TOK_LBRACE) {
		ok = parse_object(p, mc);
	} else {
		struct pl_span bsp = p->tok->span;
		lex(p);
		ok = parse_object_list(p, mc);
		if (ok && !consume(p, TG_TOK_RBRACE)) {
			tok_err(p, "expected '}' at end of top level let command");
			(void)bsp;
			ok = false;
		}
	}
	pop_scope(p, s);
	p->nlets--;
	return ok;
}

static bool push_loop(struct parser *p, struct loop *l)
{
	if (p->nloops == p->caploops) {
		p->caploops = p->caploops ? p->caploops * 2 : 8;
		p->loops = pl_xrealloc(p->loops, sizeof(*p->loops) * p->caploops);
	}
	p->loops[p->nloops++] = l;
	return true;
}

/* Foreach ::= FOREACH Declaration IN '{' ObjectList '}' | FOREACH Declaration IN Object */
static bool parse_foreach(struct parser *p, struct multiclass *mc)
{
	struct tg_keeper *k = p->k;
	struct pl_span sp = p->tok->span;
	lex(p);
	if (cur(p) != TG_TOK_ID) {
		tok_err(p, "Expected identifier in foreach declaration");
		return false;
	}
	const char *name = p->tok->text;
	lex(p);
	if (!expect(p, TG_TOK_EQUAL, "Expected '=' in foreach declaration"))
		return false;
	const struct tg_value *list = NULL;
	const struct tg_type *ity = NULL;
	struct uvec ranges = {0};
	if (cur(p) == TG_TOK_LBRACE) {
		lex(p);
		if (!parse_range_list(p, &ranges)) {
			free(ranges.v);
			return false;
		}
		if (!consume(p, TG_TOK_RBRACE)) {
			tok_err(p, "expected '}' at end of bit range list");
			free(ranges.v);
			return false;
		}
	} else {
		struct pl_span vsp = p->tok->span;
		const struct tg_value *v = parse_value(p, NULL, NULL, MODE_VALUE);
		if (!v)
			return false;
		if (v->kind != TG_V_UNSET && v->type->kind == TG_TY_LIST) {
			list = v;
			ity = v->type->elem;
		} else if (v->kind != TG_V_UNSET) {
			if (!parse_range_piece(p, &ranges, v)) {
				free(ranges.v);
				return false;
			}
		} else {
			err_at(p, vsp, "expected a list, got '%s'", tg_v_str_of(k, v));
			return false;
		}
	}
	if (ranges.n || (!list && !ity)) {
		const struct tg_value **els = pl_xmalloc(sizeof(*els) * (ranges.n + 1));
		for (unsigned i = 0; i < ranges.n; i++)
			els[i] = tg_v_int(k, ranges.v[i]);
		ity = k->ty_int;
		list = tg_v_list(k, els, ranges.n, ity);
		free(els);
	}
	free(ranges.v);
	if (!expect(p, TG_TOK_IN, "Unknown tok"))
		return false;
	struct loop *l = PL_NEW(k->arena, struct loop);
	l->span = sp;
	l->itervar = tg_v_var(k, name, ity);
	l->list = list;
	push_loop(p, l);
	struct scope *s = push_scope(p);
	bool ok;
	if (cur(p) != TG_TOK_LBRACE) {
		ok = parse_object(p, mc);
	} else {
		lex(p);
		ok = parse_object_list(p, mc);
		if (ok && !consume(p, TG_TOK_RBRACE)) {
			tok_err(p, "expected '}' at end of foreach command");
			ok = false;
		}
	}
	pop_scope(p, s);
	p->nloops--;
	if (!ok)
		return false;
	return add_entry(p, (struct entry){.kind = E_LOOP, .loop = l});
}

static bool parse_if_body(struct parser *p, struct multiclass *mc, const char *kind)
{
	struct scope *s = push_scope(p);
	bool ok;
	if (cur(p) != TG_TOK_LBRACE) {
		ok = parse_object(p, mc);
	} else {
		lex(p);
		ok = parse_object_list(p, mc);
		if (ok && !consume(p, TG_TOK_RBRACE)) {
			tok_err(p, "expected '}' at end of '%s' clause", kind);
			ok = false;
		}
	}
	pop_scope(p, s);
	return ok;
}

/* If ::= IF Value THEN IfBody (ELSE IfBody)? */
static bool parse_if(struct parser *p, struct multiclass *mc)
{
	struct tg_keeper *k = p->k;
	struct pl_span sp = p->tok->span;
	lex(p);
	const struct tg_value *c = parse_value(p, NULL, NULL, MODE_VALUE);
	if (!c)
		return false;
	if (!expect(p, TG_TOK_THEN, "Unknown tok"))
		return false;
	const struct tg_value *one = tg_v_int(k, 1);
	const struct tg_value *single = tg_v_list(k, &one, 1, k->ty_int);
	const struct tg_value *empty = tg_v_list(k, NULL, 0, k->ty_bit);
	const struct tg_type *blt = tg_ty_list(k, k->ty_bit);
	tg_eval_span = sp;
	struct loop *l = PL_NEW(k->arena, struct loop);
	l->span = sp;
	l->list = tg_v_fold(k, tg_v_ternop(k, TG_TER_IF, c, single, empty, blt), NULL, false);
	push_loop(p, l);
	bool ok = parse_if_body(p, mc, "then");
	p->nloops--;
	if (!ok || !add_entry(p, (struct entry){.kind = E_LOOP, .loop = l}))
		return false;
	if (consume(p, TG_TOK_ELSE)) {
		struct loop *e = PL_NEW(k->arena, struct loop);
		e->span = sp;
		e->list = tg_v_fold(k, tg_v_ternop(k, TG_TER_IF, c, empty, single, blt), NULL, false);
		push_loop(p, e);
		ok = parse_if_body(p, mc, "else");
		p->nloops--;
		if (!ok || !add_entry(p, (struct entry){.kind = E_LOOP, .loop = e}))
			return false;
	}
	return true;
}

/* Assert ::= ASSERT Value ',' Value ';' */
static bool parse_assert(struct parser *p, struct multiclass *mc, struct tg_rec *cr)
{
	(void)mc;
	lex(p);
	struct pl_span sp = p->tok->span;
	const struct tg_value *c = parse_value(p, cr, NULL, MODE_VALUE);
	if (!c)
		return false;
	if (!expect(p, TG_TOK_COMMA, "expected ',' in assert statement"))
		return false;
	const struct tg_value *m = parse_value(p, cr, NULL, MODE_VALUE);
	if (!m)
		return false;
	if (!expect(p, TG_TOK_SEMI, "expected ';'"))
		return false;
	struct tg_assert a = {sp, c, m};
	if (cr) {
		rec_add_assert(p->k, cr, a);
		return true;
	}
	return add_entry(p, (struct entry){.kind = E_ASSERT, .as = a});
}

/* Defvar ::= DEFVAR ID '=' Value ';' */
static bool parse_defvar(struct parser *p)
{
	struct tg_keeper *k = p->k;
	lex(p);
	if (cur(p) != TG_TOK_ID) {
		tok_err(p, "expected identifier");
		return false;
	}
	const char *name = p->tok->text;
	if (p->scope) {
		if (scope_get(p->scope, name, true)) {
			tok_err(p, "local variable of this name already exists");
			return false;
		}
	} else if (tg_keeper_def(k, name) || tg_hmap_get(k->globals, name)) {
		tok_err(p, "def or global variable of this name already exists");
		return false;
	}
	lex(p);
	if (!expect(p, TG_TOK_EQUAL, "expected '='"))
		return false;
	const struct tg_value *v = parse_value(p, NULL, NULL, MODE_VALUE);
	if (!v)
		return false;
	if (!expect(p, TG_TOK_SEMI, "expected ';'"))
		return false;
	if (p->scope)
		scope_add(p->scope, name, v);
	else
		tg_hmap_put(k->globals, name, (void *)v);
	return true;
}

/* Defset ::= DEFSET Type ID '=' '{' ObjectList '}' */
static bool parse_defset(struct parser *p)
{
	struct tg_keeper *k = p->k;
	lex(p);
	struct defset ds = {0};
	ds.span = p->tok->span;
	const struct tg_type *ty = parse_type(p);
	if (!ty)
		return false;
	if (ty->kind != TG_TY_LIST) {
		err_at(p, ds.span, "expected list type");
		return false;
	}
	ds.elt = ty->elem;
	if (cur(p) != TG_TOK_ID) {
		tok_err(p, "expected identifier");
		return false;
	}
	const char *name = p->tok->text;
	if (tg_keeper_def(k, name) || tg_hmap_get(k->globals, name)) {
		tok_err(p, "def or global variable of this name already exists");
		return false;
	}
	if (lex(p) != TG_TOK_EQUAL) {
		tok_err(p, "expected '='");
		return false;
	}
	if (lex(p) != TG_TOK_LBRACE) {
		tok_err(p, "expected '{'");
		return false;
	}
	lex(p);
	if (p->ndefsets == p->capdefsets) {
		p->capdefsets = p->capdefsets ? p->capdefsets * 2 : 4;
		p->defsets = pl_xrealloc(p->defsets, sizeof(*p->defsets) * p->capdefsets);
	}
	p->defsets[p->ndefsets++] = &ds;
	bool ok = parse_object_list(p, NULL);
	p->ndefsets--;
	if (ok && !consume(p, TG_TOK_RBRACE)) {
		tok_err(p, "expected '}' at end of defset");
		ok = false;
	}
	if (ok)
		tg_hmap_put(k->globals, name, (void *)tg_v_list(k, ds.els, ds.n, ds.elt));
	free(ds.els);
	return ok;
}

/* MultiClass ::= MULTICLASS ID TemplateArgList? ':' BaseMultiClassList '{' MultiClassObject+ '}' */
static bool parse_multiclass(struct parser *p)
{
	struct tg_keeper *k = p->k;
	lex(p);
	if (cur(p) != TG_TOK_ID) {
		tok_err(p, "expected identifier after multiclass for name");
		return false;
	}
	const char *name = p->tok->text;
	if (find_mc(p, name)) {
		tok_err(p, "multiclass '%s' already defined", name);
		return false;
	}
	struct multiclass *mc = PL_NEW(k->arena, struct multiclass);
	mc->rec = tg_rec_new(k, S(p, name), TG_REC_MULTICLASS, p->tok->span);
	tg_hmap_put(p->mcs, name, mc);
	p->curmc = mc;
	lex(p);
	bool ok = true;
	if (cur(p) == TG_TOK_LESS && !parse_template_arg_list(p, NULL))
		goto fail;
	bool inherits = false;
	if (consume(p, TG_TOK_COLON)) {
		inherits = true;
		for (;;) {
			struct subclass_ref sc;
			if (!parse_subclass_ref(p, NULL, true, &sc))
				goto fail;
			/* AddSubMultiClass */
			struct multiclass *smc = sc.mc;
			struct subst s = {0};
			for (unsigned i = 0; i < smc->rec->ntargs; i++) {
				if (i < sc.args.n) {
					subst_push(&s, smc->rec->targs[i], sc.args.v[i]);
				} else {
					const struct tg_value *d = tg_rec_field(smc->rec, smc->rec->targs[i])->val;
					if (!tg_v_complete(d)) {
						err_at(p, sc.span, "value not specified for template argument '%s' (#%u) of multiclass '%s'",
						       smc->rec->targs[i], i, smc->rec->name);
						free(s.names);
						free(s.vals);
						vals_free(&sc.args);
						goto fail;
					}
					subst_push(&s, smc->rec->targs[i], d);
				}
			}
			subst_push(&s, implicit_name_mc(p, smc), tg_v_var(k, implicit_name_mc(p, mc), k->ty_string));
			ok = resolve_entries(p, &smc->ents, &s, false, &mc->ents, &sc.span);
			free(s.names);
			free(s.vals);
			vals_free(&sc.args);
			if (!ok)
				goto fail;
			if (!consume(p, TG_TOK_COMMA))
				break;
		}
	}
	if (cur(p) != TG_TOK_LBRACE) {
		if (!inherits) {
			tok_err(p, "expected '{' in multiclass definition");
			goto fail;
		}
		if (!expect(p, TG_TOK_SEMI, "expected ';' in multiclass definition"))
			goto fail;
	} else {
		if (lex(p) == TG_TOK_RBRACE) {
			tok_err(p, "multiclass must contain at least one def");
			goto fail;
		}
		struct scope *s = push_scope(p);
		while (cur(p) != TG_TOK_RBRACE) {
			switch (cur(p)) {
			case TG_TOK_ASSERT: case TG_TOK_DEF: case TG_TOK_DEFM: case TG_TOK_DEFVAR:
			case TG_TOK_FOREACH: case TG_TOK_IF: case TG_TOK_LET:
				if (!parse_object(p, mc)) {
					pop_scope(p, s);
					goto fail;
				}
				break;
			default:
				tok_err(p, "expected 'assert', 'def', 'defm', 'defvar', 'foreach', 'if', or 'let' in multiclass body");
				pop_scope(p, s);
				goto fail;
			}
		}
		lex(p);
		if (cur(p) == TG_TOK_SEMI) {
			tok_err(p, "A multiclass body should not end with a semicolon");
			pop_scope(p, s);
			goto fail;
		}
		pop_scope(p, s);
	}
	p->curmc = NULL;
	return true;
fail:
	p->curmc = NULL;
	return false;
}

/* Defm ::= DEFM ObjectName? ':' MultiClassRef (',' MultiClassRef)* (',' ClassRef)* ';' */
static bool parse_defm(struct parser *p, struct multiclass *curmc)
{
	struct tg_keeper *k = p->k;
	lex(p);
	const struct tg_value *dname = parse_object_name(p, curmc);
	if (!dname)
		return false;
	if (dname->kind == TG_V_UNSET) {
		dname = S(p, tg_anon_name(k));
		if (curmc)
			dname = strconcat(p, tg_v_var(k, implicit_name_mc(p, curmc), k->ty_string), dname);
	}
	if (cur(p) != TG_TOK_COLON) {
		tok_err(p, "expected ':' after defm identifier");
		return false;
	}
	struct entry_vec ne = {0};
	bool ok = false, inherit_class = false;
	lex(p);
	struct pl_span scsp = p->tok->span;
	struct subclass_ref ref;
	if (!parse_subclass_ref(p, NULL, true, &ref))
		goto out;
	for (;;) {
		struct multiclass *mc = ref.mc;
		struct subst s = {0};
		for (unsigned i = 0; i < mc->rec->ntargs; i++) {
			if (i < ref.args.n) {
				subst_push(&s, mc->rec->targs[i], ref.args.v[i]);
			} else {
				const struct tg_value *d = tg_rec_field(mc->rec, mc->rec->targs[i])->val;
				if (!tg_v_complete(d)) {
					err_at(p, scsp, "value not specified for template argument '%s' (#%u) of multiclass '%s'",
					       mc->rec->targs[i], i, mc->rec->name);
					free(s.names);
					free(s.vals);
					vals_free(&ref.args);
					goto out;
				}
				subst_push(&s, mc->rec->targs[i], d);
			}
		}
		subst_push(&s, implicit_name_mc(p, mc), dname);
		bool r = resolve_entries(p, &mc->ents, &s, !curmc && p->nloops == 0, &ne, &scsp);
		free(s.names);
		free(s.vals);
		vals_free(&ref.args);
		if (!r)
			goto out;
		if (!consume(p, TG_TOK_COMMA))
			break;
		if (cur(p) != TG_TOK_ID) {
			tok_err(p, "expected identifier");
			goto out;
		}
		scsp = p->tok->span;
		inherit_class = tg_keeper_class(k, p->tok->text) != NULL;
		if (inherit_class)
			break;
		if (!parse_subclass_ref(p, NULL, true, &ref))
			goto out;
	}
	if (inherit_class) {
		for (;;) {
			struct subclass_ref sc;
			if (!parse_subclass_ref(p, NULL, false, &sc))
				goto out;
			for (unsigned i = 0; i < ne.n; i++) {
				if (ne.v[i].kind != E_REC)
					continue; /* LLVM 16 only adds classes to records */
				if (!add_subclass(p, ne.v[i].rec, &sc)) {
					vals_free(&sc.args);
					goto out;
				}
			}
			vals_free(&sc.args);
			if (!consume(p, TG_TOK_COMMA))
				break;
		}
	}
	for (unsigned i = 0; i < ne.n; i++) {
		if (!apply_let_stack_entry(p, &ne.v[i]))
			goto out;
		if (!add_entry(p, ne.v[i]))
			goto out;
	}
	if (!expect(p, TG_TOK_SEMI, "expected ';' at end of defm"))
		goto out;
	ok = true;
out:
	return ok;
}

/* Object ::= ClassInst | DefInst | MultiClassInst | DefMInst | LETCommand | ForeachCommand ... */
static bool parse_object(struct parser *p, struct multiclass *mc)
{
	if (p->failed)
		return false;
	if (++p->depth > TG_MAX_NEST) {
		tok_err(p, "statements nested too deeply (more than %d levels)", TG_MAX_NEST);
		p->depth--;
		return false;
	}
	bool ok;
	switch (cur(p)) {
	case TG_TOK_ASSERT: ok = parse_assert(p, mc, NULL); break;
	case TG_TOK_DEF: ok = parse_def(p, mc); break;
	case TG_TOK_DEFM: ok = parse_defm(p, mc); break;
	case TG_TOK_DEFVAR: ok = parse_defvar(p); break;
	case TG_TOK_FOREACH: ok = parse_foreach(p, mc); break;
	case TG_TOK_IF: ok = parse_if(p, mc); break;
	case TG_TOK_LET: ok = parse_top_level_let(p, mc); break;
	case TG_TOK_DEFSET:
		if (mc) {
			tok_err(p, "defset is not allowed inside multiclass");
			ok = false;
		} else {
			ok = parse_defset(p);
		}
		break;
	case TG_TOK_CLASS:
		if (mc) {
			tok_err(p, "class is not allowed inside multiclass");
			ok = false;
		} else if (p->nloops) {
			tok_err(p, "class is not allowed inside foreach loop");
			ok = false;
		} else {
			ok = parse_class(p);
		}
		break;
	case TG_TOK_MULTICLASS:
		if (p->nloops) {
			tok_err(p, "multiclass is not allowed inside foreach loop");
			ok = false;
		} else {
			ok = parse_multiclass(p);
		}
		break;
	default:
		tok_err(p, "Expected assert, class, def, defm, defset, foreach, if, or let");
		ok = false;
	}
	p->depth--;
	return ok && !p->failed;
}

static void cache_boundary(struct parser *p);

static bool parse_object_list(struct parser *p, struct multiclass *mc)
{
	bool top = !mc && !p->depth && !p->nlets && !p->nloops && !p->ndefsets && !p->nbvars &&
	           !p->curmc && !p->scope;

	/* after a wrong image path (p->restart) nothing more is parsed: the
	 * input is loaded again */
	if (top && p->node)
		cache_boundary(p);
	while (!p->restart && (cur(p) == TG_TOK_ASSERT || cur(p) == TG_TOK_CLASS || cur(p) == TG_TOK_DEF ||
	                       cur(p) == TG_TOK_DEFM || cur(p) == TG_TOK_DEFSET || cur(p) == TG_TOK_DEFVAR ||
	                       cur(p) == TG_TOK_FOREACH || cur(p) == TG_TOK_IF || cur(p) == TG_TOK_LET ||
	                       cur(p) == TG_TOK_MULTICLASS)) {
		if (!parse_object(p, mc))
			return false;
		if (top && p->node)
			cache_boundary(p);
		if (top && p->k->stream)
			tg_stream_publish(p->k->stream, p->k);
	}
	return !p->failed;
}

/* ---- include cache ---------------------------------------------------------
 *
 * Inputs of one run mostly start by including the same files (OpBase.td,
 * PatternBase.td, a dialect's base file).  The lexer cuts the text into
 * chunks (tg_lex.h): while every open file is in its leading includes, the
 * evaluator's state is a function of the chunks evaluated so far and of
 * the macros they tested.  The cache is a tree of such states: a node is
 * the state after its parent's state and one chunk (its file and the
 * macros it found defined or not).  The first time a run evaluates a
 * node's chunk (unless no load follows: tg_cache_set_last), the node
 * keeps a copy of the state's tables (of its value
 * table and its maps, the keeper's logs of them: tg_keeper_log_tables);
 * from then on the chunk is skipped and the copy restored.  Values, types
 * and records stay shared: they are immutable once made, except for
 * caches (tg_p.h), which are the same for every state that holds their
 * object: a def's type is made before the def is kept (ckpt_keep), on the
 * chain of types of every state after it, and the first DefInit, list
 * type and class type made of an object win.  What a state instantiated
 * Class<args> as is the state's (its keeper's map, restored from its log).
 *
 * Threads may share a cache (tg_cache_share): the tree, each node found
 * and made under the tree's lock, a node's state written by the one
 * thread that claimed it before it is marked kept, and read only after.
 * A thread that evaluates a chunk notes where it starts on the node it
 * evaluates it under (struct tg_busy) until the chunk ends; another thread
 * that reaches the same place under that node waits for the state rather
 * than evaluate the chunk too (a thread notes nothing while it waits, so
 * no two wait for each other).
 * Each thread restores states into keepers of its own; the logs a state
 * shares with the keeper that kept it are read up to the state's counts,
 * which that keeper never writes again (tg_value.c).
 */

/* A chunk a thread is evaluating under a node of a shared tree. */
struct tg_busy {
	struct tg_busy *next;
	uint32_t file, off;            /* where it starts (tg_lex_chunk_start) */
};

struct tg_ckpt {
	struct tg_ckpt *parent, *child, *sibling;
	struct tg_busy *busy;          /* chunks being evaluated under it (tree lock) */
	struct tg_lex_chunk *chunk;    /* the chunk, its dependencies and lexer effects */
	bool saved;                    /* k and the rest hold the state */
	struct tg_keeper k;            /* keeper after the chunk, its tables copied
	                                * (but vtab and the maps: NULL) */
	struct tg_kept_tables tables;  /* those: the keeper's logs of them */
	struct tg_hmap *mcs;           /* multiclasses */
	bool claimed;                  /* a thread is keeping its state (tree lock) */
};

/* An image key and the node holding its state (read, or written, this run). */
struct tg_image_ent {
	struct tg_image_ent *next;
	uint64_t key;
	struct tg_ckpt *node;
};

/* The empty state under one set of -D macros and confinement: what a chunk
 * defines depends on the macros.  Which file an include names depends on
 * the -I folders, and inputs of a tree often each have folders of their
 * own (their dialect's, then the project's and MLIR's), so the folders are
 * not part of the root: a chunk lexed under other folders is taken when
 * its includes find the same files under these (tg_lex_chunk_here), and
 * OpBase.td is evaluated once for all of them. */
struct tg_cache_root {
	struct tg_cache_root *next;
	const char *const *defines;     /* its -D macros (copied into the cache's arena) */
	unsigned n_define;
	bool allow_include_outside;    /* its confinement */
	struct tg_ckpt node;
};

/* The states of a cache and of the caches sharing them (tg_cache_share). */
struct tg_cache_tree {
	struct tg_cache_root *roots;   /* one per set of options loaded under */
	bool shared;                   /* lock made: threads share the tree */
	mtx_t lock;                    /* held to find, add and mark nodes */
	cnd_t ended;                   /* a chunk some thread evaluated ended */
	unsigned refs;                 /* caches using the tree */
	struct pl_arena **arenas;      /* theirs, freed with the tree */
	unsigned n_arenas;
};

struct tg_cache {
	struct pl_arena *arena;        /* nodes and saved tables this cache made */
	struct tg_cache_tree *tree;    /* the states, its own or shared */
	unsigned restored, evaluated;  /* chunks skipped, chunks evaluated under a node */
	struct tg_vtabs vtabs;         /* value tables of finished loads (tg_p.h) */
	char *dir;                     /* where images are kept; NULL: nowhere */
	uint64_t dir_limit;            /* bytes of images kept there (tg_image_prune) */
	struct tg_image_ent *images;   /* images of this run */
	unsigned images_read, images_written;
	unsigned images_skipped;       /* images image_wanted did not read */
	bool last;                     /* tg_cache_set_last: keep no more states */
};

/* A cache on tree t (NULL: a tree of its own). */
static struct tg_cache *cache_on(struct tg_cache_tree *t)
{
	struct tg_cache *c = pl_xcalloc(1, sizeof(*c));

	if (!t)
		t = pl_xcalloc(1, sizeof(*t));
	c->arena = pl_arena_new();
	c->tree = t;
	t->refs++;
	t->arenas = pl_xrealloc(t->arenas, (t->n_arenas + 1) * sizeof(*t->arenas));
	t->arenas[t->n_arenas++] = c->arena;
	return c;
}

struct tg_cache *tg_cache_new(void)
{
	return cache_on(NULL);
}

struct tg_cache *tg_cache_share(struct tg_cache *c)
{
	if (!c->tree->shared) {
		mtx_init(&c->tree->lock, mtx_plain);
		cnd_init(&c->tree->ended);
		c->tree->shared = true;
	}
	return cache_on(c->tree);
}

static void tree_lock(struct tg_cache_tree *t)
{
	if (t->shared)
		mtx_lock(&t->lock);
}

static void tree_unlock(struct tg_cache_tree *t)
{
	if (t->shared)
		mtx_unlock(&t->lock);
}

void tg_cache_free(struct tg_cache *c)
{
	if (!c)
		return;
	struct tg_cache_tree *t = c->tree;
	tree_lock(t);
	bool last = --t->refs == 0;
	tree_unlock(t);
	free(c->dir);
	free(c);
	if (!last)
		return;
	for (unsigned i = 0; i < t->n_arenas; i++)
		pl_arena_free(t->arenas[i]);
	free(t->arenas);
	if (t->shared) {
		cnd_destroy(&t->ended);
		mtx_destroy(&t->lock);
	}
	free(t);
}

void tg_cache_stats(const struct tg_cache *c, unsigned *restored, unsigned *evaluated)
{
	*restored = c ? c->restored : 0;
	*evaluated = c ? c->evaluated : 0;
}

void tg_cache_set_last(struct tg_cache *c, bool last)
{
	if (c)
		c->last = last;
}

void tg_cache_set_dir(struct tg_cache *c, const char *dir)
{
	free(c->dir);
	c->dir = dir ? pl_xstrdup(dir) : NULL;
	if (!c->dir_limit)
		c->dir_limit = TG_IMAGE_DIR_LIMIT;
}

void tg_cache_set_dir_limit(struct tg_cache *c, uint64_t bytes)
{
	c->dir_limit = bytes;
}

void tg_cache_image_stats(const struct tg_cache *c, unsigned *read, unsigned *written,
                          unsigned *skipped)
{
	*read = c ? c->images_read : 0;
	*written = c ? c->images_written : 0;
	*skipped = c ? c->images_skipped : 0;
}

static bool strs_equal(const char *const *a, unsigned na, const char *const *b, unsigned nb)
{
	if (na != nb)
		return false;
	for (unsigned i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0)
			return false;
	return true;
}

bool tg_options_same(const struct tg_options *a, const struct tg_options *b)
{
	return a->allow_include_outside == b->allow_include_outside &&
	       strs_equal(a->include_dirs, a->n_include, b->include_dirs, b->n_include) &&
	       strs_equal(a->defines, a->n_define, b->defines, b->n_define);
}

static const char *const *strs_copy(struct pl_arena *a, const char *const *v, unsigned n)
{
	const char **r = PL_NEW_ARRAY(a, const char *, n ? n : 1);

	for (unsigned i = 0; i < n; i++)
		r[i] = pl_arena_strdup(a, v[i]);
	return r;
}

/* The empty state of c for opts, made on first use. */
static struct tg_ckpt *cache_root(struct tg_cache *c, const struct tg_options *o)
{
	struct tg_cache_tree *t = c->tree;
	struct tg_cache_root *r;

	tree_lock(t);
	for (r = t->roots; r; r = r->next)
		if (r->allow_include_outside == o->allow_include_outside &&
		    strs_equal(r->defines, r->n_define, o->defines, o->n_define))
			break;
	if (!r) {
		r = PL_NEW(c->arena, struct tg_cache_root);
		r->allow_include_outside = o->allow_include_outside;
		r->n_define = o->n_define;
		r->defines = strs_copy(c->arena, o->defines, o->n_define);
		r->next = t->roots;
		t->roots = r;
	}
	tree_unlock(t);
	return &r->node;
}

static struct tg_rec **recs_copy(struct pl_arena *a, struct tg_rec *const *v, unsigned n,
                                 unsigned cap)
{
	struct tg_rec **r = pl_arena_alloc(a, (cap ? cap : 1) * sizeof(*r));

	if (n)
		memcpy(r, v, n * sizeof(*r));
	return r;
}

/* Keep the state k, mcs in node c of cache: k's value table and maps as
 * the logs k keeps of them (tg_keeper_log_tables first); own: k's arrays
 * of defs and classes are c's from now on (nothing else changes them),
 * else they are copied.  The caller marks c kept. */
static void ckpt_keep(struct tg_cache *cache, struct tg_ckpt *c, struct tg_keeper *k,
                      const struct tg_hmap *mcs, bool own)
{
	struct pl_arena *a = cache->arena;

	/* Every def's type, made now on this state's chain of types, which
	 * every state after it extends: a type made later, on one of those,
	 * would not be on the others'.  (Classes get no type of their own.) */
	for (unsigned i = 0; i < k->ndefs; i++)
		tg_rec_type(k, k->defs[i]);
	c->k = *k;
	c->k.vtab = NULL;
	c->k.def_map = c->k.class_map = c->k.globals = c->k.vardef_map = NULL;
	tg_keeper_keep_tables(k, &c->tables);
	if (!own) {
		c->k.defs = recs_copy(a, k->defs, k->ndefs, k->ndefs);
		c->k.classes = recs_copy(a, k->classes, k->nclasses, k->nclasses);
	}
	c->k.capdefs = k->ndefs;
	c->k.capclasses = k->nclasses;
	c->mcs = tg_hmap_copy(a, mcs);
}

/* p evaluates no chunk any more: take its note off and wake the threads
 * waiting for the chunk's end. */
static void busy_end(struct parser *p)
{
	struct tg_cache_tree *t = p->busy ? p->cache->tree : NULL;

	if (!t)
		return;
	mtx_lock(&t->lock);
	for (struct tg_busy **b = &p->busy_under->busy; *b; b = &(*b)->next)
		if (*b == p->busy) {
			*b = p->busy->next;
			break;
		}
	cnd_broadcast(&t->ended);
	mtx_unlock(&t->lock);
	p->busy = NULL;
}

/* Whether another thread is evaluating, under c, a chunk that starts
 * where p's next one does (tree lock held). */
static bool busy_here(const struct parser *p, const struct tg_ckpt *c)
{
	uint32_t file, off;

	tg_lex_chunk_start(p->lx, &file, &off);
	for (const struct tg_busy *b = c->busy; b; b = b->next)
		if (b->file == file && b->off == off)
			return true;
	return false;
}

/* Mark c kept (its state written): other threads may restore it now. */
static void ckpt_publish(struct tg_cache *cache, struct tg_ckpt *c)
{
	tree_lock(cache->tree);
	c->saved = true;
	tree_unlock(cache->tree);
}

/* Make p's state node c's: fresh copies of its tables (p goes on from
 * them; the objects they hold are shared). */
static void ckpt_restore(struct parser *p, const struct tg_ckpt *c)
{
	struct tg_keeper *k = p->k;
	struct tg_keeper s = c->k;
	struct pl_arena *a = k->arena;

	s.arena = a;
	s.intern = k->intern;
	s.diag = k->diag;
	s.sm = k->sm;
	s.lx = k->lx;
	s.capdefs = s.ndefs + 256;
	s.defs = recs_copy(a, c->k.defs, s.ndefs, s.capdefs);
	s.capclasses = s.nclasses + 64;
	s.classes = recs_copy(a, c->k.classes, s.nclasses, s.capclasses);
	s.vtabs = k->vtabs;
	tg_keeper_done(k); /* its value table: restore_tables takes one */
	*k = s;
	tg_keeper_restore_tables(k, &c->tables);
	tg_hmap_free(p->mcs);
	p->mcs = tg_hmap_copy(NULL, c->mcs);
}

/* node's child for chunk ch (the tree lock held when it is shared), or,
 * with make, a new one hung under node (in cache's arena); NULL when
 * there is none and make is false. */
static struct tg_ckpt *ckpt_child(struct tg_cache *cache, struct tg_ckpt *node,
                                  struct tg_lex_chunk *ch, bool make)
{
	struct tg_ckpt *c = node->child;

	while (c && !tg_lex_chunk_same(c->chunk, ch))
		c = c->sibling;
	if (!c && make) {
		c = PL_NEW(cache->arena, struct tg_ckpt);
		c->parent = node;
		c->chunk = ch;
		c->sibling = node->child;
		node->child = c;
	}
	return c;
}

/* The chunk p evaluated ended: find or make its node under p->node, and
 * keep the state there unless it is kept already or no load follows.
 * False when the chunk cannot be cached (an error or warning, or it did
 * not end where a chunk ends). */
static bool ckpt_finish(struct parser *p)
{
	struct tg_cache *cache = p->cache;
	struct tg_lex_chunk *ch;

	p->fresh = false;
	if (p->failed || p->k->fatal || pl_diag_total(p->k->diag) != p->diag0) {
		busy_end(p);
		return false;
	}
	ch = tg_lex_chunk_take(p->lx, cache->arena, p->seen_seq);
	if (!ch) {
		busy_end(p);
		return false;
	}
	tree_lock(cache->tree);
	struct tg_ckpt *c = ckpt_child(cache, p->node, ch, true);
	cache->evaluated++;
	/* Kept the first time it is evaluated, unless no load comes after
	 * this one.  Keeping a state only from its second evaluation on (a
	 * chunk seen once is often the input's own dialect files) evaluated
	 * 692 chunks of the corpus's included files in one run against 461,
	 * and took 486 against 382 ms; on MLIR 16's dialect tree 215 against
	 * 171 ms.  A single input keeps nothing, as before: keeping its
	 * states took it 4-7% longer.  (Another thread that evaluated the
	 * chunk too may be keeping its state: one state serves.) */
	bool keep = !cache->last && !c->saved && !c->claimed;
	c->claimed |= keep;
	tree_unlock(cache->tree);
	if (keep) {
		/* logged from the first state kept on (one input alone keeps
		 * none): the logs start with what the tables hold */
		if (!p->k->vlog)
			tg_keeper_log_tables(p->k);
		ckpt_keep(cache, c, p->k, p->mcs, false);
		ckpt_publish(cache, c);
	}
	busy_end(p); /* after the state is kept: the threads waiting find it */
	p->node = c;
	return true;
}

/* ---- images: the cache's states kept in files (tg_image.c) ----------------
 *
 * A run with an image folder (tg_cache_set_dir) keeps, for each input
 * whose leading includes it evaluated, the state it reached in an image
 * named by the input's key (tg_image_key: its folder, the options and its
 * leading text).  A later run reads the image of an input's key, hangs its
 * chunks under the root as nodes, the last one holding the state, and walks
 * that path: each chunk is skipped when the lexer is at it, and the state is
 * restored at the end.  The nodes on the way hold no state, so a path that
 * turns out wrong after one was skipped (a file appeared earlier on the
 * include path since) cannot go on from there: the input is loaded again
 * without images (tg_load_cached), with the diagnostics held during the
 * walk dropped.
 */

static struct tg_image_ent *image_find(struct tg_cache *c, uint64_t key)
{
	struct tg_image_ent *e = c->images;

	while (e && e->key != key)
		e = e->next;
	return e;
}

static void image_note(struct tg_cache *c, uint64_t key, struct tg_ckpt *node)
{
	struct tg_image_ent *e = PL_NEW(c->arena, struct tg_image_ent);

	e->key = key;
	e->node = node;
	e->next = c->images;
	c->images = e;
}

static struct tg_ckpt *ckpt_root(struct tg_ckpt *n)
{
	while (n->parent)
		n = n->parent;
	return n;
}

/* Whether reading an image pays (tg_image_read's want): not when the
 * cache's own tree holds a state on the image's path that names half of
 * the image's records or more; the input then walks the path to the
 * deepest such state and evaluates on from there.  Reading an image costs
 * about half of evaluating its state (three of the corpus's DRR files run
 * alone, medians of 15: their TableGen load 1.6, 5.4 and 7.5 ms with
 * their images, 6.4, 7.2 and 15.4 ms without), while restoring a state of
 * the tree costs little: one run over the corpus, which read an image for
 * each input, took 385 ms against 302 ms without images, and 193 MiB
 * against 122 (each image a copy of OpBase.td's state and the rest). */
struct image_want {
	struct parser *p;
	struct tg_ckpt *root;
	struct tg_ckpt *held;          /* the deepest state on the path the tree holds */
};

static bool image_wanted(void *ud, struct tg_lex_chunk *const *chunks, unsigned n, uint32_t named)
{
	struct image_want *w = ud;
	struct tg_ckpt *node = w->root;
	uint64_t held = 0;

	for (unsigned i = 0; i < n && node; i++) {
		chunks[i]->inc_set = tg_lex_inc_set(w->p->lx);
		struct tg_ckpt *c = ckpt_child(NULL, node, chunks[i], false);
		if (c && c->saved) {
			w->held = c;
			held = (uint64_t)c->k.ndefs + c->k.nclasses;
		}
		node = c;
	}
	return held * 2 < named;
}

/* Read the image of p's key into the cache, and return the node of its
 * state; or, when the cache's tree serves instead (image_wanted), the
 * deepest state the tree holds on the image's path (or NULL), which the
 * key's entry notes (the image is not written again).  NULL when there is
 * no image. */
static struct tg_ckpt *image_load(struct parser *p, struct tg_ckpt *root)
{
	struct tg_cache *cache = p->cache;
	struct tg_keeper lk;
	struct tg_hmap *mcs = tg_hmap_new(NULL);
	struct tg_lex_chunk **chunks;
	unsigned n;
	char *path = tg_image_path(cache->dir, p->key);
	struct tg_ckpt *node = NULL;
	struct image_want want = {p, root, NULL};

	tg_keeper_init(&lk, p->k->arena, p->k->intern, p->k->diag, p->k->sm, &cache->vtabs);
	int rc = tg_image_read(path, &lk, mcs, cache->arena, &chunks, &n, image_wanted, &want);
	if (rc == 1) {
		node = want.held;
		image_note(cache, p->key, node);
		cache->images_skipped++;
		tg_image_touch(path);
	} else if (rc == 0 && n) {
		node = root;
		for (unsigned i = 0; i < n; i++) {
			/* the image's key covers the -I folders and confinement: its
			 * chunks were lexed under this input's */
			chunks[i]->inc_set = tg_lex_inc_set(p->lx);
			node = ckpt_child(cache, node, chunks[i], true);
		}
		if (!node->saved) {
			tg_keeper_log_tables(&lk);
			ckpt_keep(cache, node, &lk, mcs, true);
			ckpt_publish(cache, node);
		}
		image_note(cache, p->key, node);
		cache->images_read++;
		tg_image_touch(path);
	}
	tg_keeper_done(&lk);
	free(path);
	tg_hmap_free(mcs);
	return node;
}

/* Keep the state of node own (p's now) in the image of p's key. */
static void image_save(struct parser *p, struct tg_ckpt *own)
{
	struct tg_cache *cache = p->cache;
	unsigned n = 0;

	for (struct tg_ckpt *c = own; c->parent; c = c->parent)
		n++;
	const struct tg_lex_chunk **chain = pl_xmalloc(sizeof(*chain) * (n ? n : 1));
	unsigned i = n;
	for (struct tg_ckpt *c = own; c->parent; c = c->parent)
		chain[--i] = c->chunk;
	char *path = tg_image_path(cache->dir, p->key);
	if (n && pl_mkdirs(cache->dir) == 0 && tg_image_write(path, p->k, p->mcs, chain, n) == 0) {
		image_note(cache, p->key, own);
		if (cache->images_written++ == 0)
			tg_image_prune(cache->dir, cache->dir_limit);
	}
	free(path);
	free(chain);
}

static void hold_emit(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	struct parser *p = ud;

	(void)ctx;
	pl_vec_push(&p->held, (void *)d);
}

static void hold_start(struct parser *p)
{
	struct pl_diag_ctx *d = p->k->diag;

	if (d->sink.emit == hold_emit)
		return;
	p->sink = d->sink;
	memcpy(p->held_count, d->count, sizeof(p->held_count));
	p->held_suppressed = d->suppressed;
	d->sink.emit = hold_emit;
	d->sink.ud = p;
}

/* Stop holding: emit what was held, or drop it (and its counts). */
static void hold_end(struct parser *p, bool emit)
{
	struct pl_diag_ctx *d = p->k->diag;

	if (d->sink.emit != hold_emit)
		return;
	d->sink = p->sink;
	if (emit) {
		for (size_t i = 0; i < p->held.len; i++)
			if (d->sink.emit)
				d->sink.emit(d->sink.ud, d, p->held.items[i]);
	} else {
		memcpy(d->count, p->held_count, sizeof(p->held_count));
		d->suppressed = p->held_suppressed;
	}
	p->held.len = 0;
}

/* The path to the node of p's image, when there is one. */
static void path_find(struct parser *p)
{
	struct tg_cache *cache = p->cache;
	struct tg_ckpt *root = ckpt_root(p->node);
	const struct pl_source_file *main = tg_lex_main_file(p->lx);

	if (!cache->dir || !main)
		return;
	p->key = tg_image_key(main, p->opts);
	if (p->no_path)
		return;
	struct tg_image_ent *e = image_find(cache, p->key);
	struct tg_ckpt *node = e ? e->node : image_load(p, root);
	if (!node || ckpt_root(node) != root)
		return;
	unsigned n = 0;
	for (struct tg_ckpt *c = node; c->parent; c = c->parent)
		n++;
	p->path = pl_xmalloc(sizeof(*p->path) * (n ? n : 1));
	p->npath = n;
	for (struct tg_ckpt *c = node; c->parent; c = c->parent)
		p->path[--n] = c;
}

/* At top level, between objects: if the current token starts a chunk,
 * finish the one before, then skip this one when its state is kept (and
 * the chunks after it as long as theirs are: only the last state skipped
 * to is restored).  The chunks of p's image path are skipped whether they
 * hold a state or not. */
static void cache_boundary(struct parser *p)
{
	struct tg_ckpt *skipped = NULL, *own = NULL;
	bool walked = false; /* a chunk without a state was skipped last */

	if (p->node && !p->node->parent && p->seen_seq == 0 && !p->key)
		path_find(p);
	while (p->node) {
		uint32_t seq = tg_lex_chunk_seq(p->lx);
		unsigned depth;
		if (seq == p->seen_seq)
			break;
		/* The state is the chunk's only when no token after it was
		 * parsed yet: an object may run on past the end of a file. */
		if (seq != p->seen_seq + 1 || !tg_lex_at_chunk_start(p->lx, &depth)) {
			p->node = NULL;
			break;
		}
		if (p->fresh && !ckpt_finish(p)) {
			p->node = NULL;
			break;
		}
		if (depth == 1) {
			own = p->node; /* the input's own text */
			p->node = NULL;
			break;
		}
		p->seen_seq = seq;
		struct tg_ckpt *c = NULL;
		if (p->pathpos < p->npath) {
			c = p->path[p->pathpos];
			if (c->parent != p->node || !tg_lex_chunk_here(p->lx, c->chunk)) {
				c = NULL;
				p->npath = 0; /* off the path */
			}
		}
		if (!c && !p->no_restore) {
			struct tg_cache_tree *t = p->cache->tree;
			tree_lock(t);
			for (;;) {
				c = p->node->child;
				while (c && !(c->saved && tg_lex_chunk_here(p->lx, c->chunk)))
					c = c->sibling;
				if (c || !t->shared || !busy_here(p, p->node))
					break;
				cnd_wait(&t->ended, &t->lock);
			}
			if (!c && t->shared) {
				/* evaluated here: the others wait for it */
				struct tg_busy *b = PL_NEW(p->cache->arena, struct tg_busy);
				tg_lex_chunk_start(p->lx, &b->file, &b->off);
				b->next = p->node->busy;
				p->node->busy = b;
				p->busy = b;
				p->busy_under = p->node;
			}
			tree_unlock(t);
		}
		if (!c) {
			if (walked) {
				p->restart = p->failed = true;
				p->node = NULL;
				hold_end(p, false);
				return;
			}
			if (skipped)
				ckpt_restore(p, skipped);
			skipped = NULL;
			p->fresh = true;
			p->diag0 = pl_diag_total(p->k->diag);
			break;
		}
		if (p->pathpos < p->npath && c == p->path[p->pathpos])
			p->pathpos++;
		tg_lex_chunk_skip(p->lx, c->chunk);
		p->cache->restored++;
		p->node = c;
		walked = !c->saved;
		if (c->saved)
			skipped = c;
		else
			hold_start(p);
		lex(p);
	}
	if (walked) {
		/* the walk ended on a chunk whose state nothing holds */
		p->restart = p->failed = true;
		p->node = NULL;
		hold_end(p, false);
		return;
	}
	hold_end(p, true);
	if (skipped)
		ckpt_restore(p, skipped);
	if (own && p->cache->dir && p->key && !image_find(p->cache, p->key))
		image_save(p, own);
	if (!p->node) {
		busy_end(p);
		tg_keeper_log_stop(p->k); /* nothing keeps this state any more */
	}
}

/* ---- entry point ------------------------------------------------------------ */

struct tg_records {
	struct tg_keeper k;
};

int tg_load(struct tg_records **out, struct pl_arena *arena, struct pl_intern *intern,
            struct pl_source_mgr *sm, struct pl_diag_ctx *diag, const char *path,
            const struct tg_options *opts)
{
	return tg_load_cached(out, NULL, arena, intern, sm, diag, path, opts);
}

static void parser_free(struct parser *p)
{
	busy_end(p);
	tg_lex_free(p->lx);
	tg_hmap_free(p->mcs);
	free(p->lets);
	free(p->loops);
	free(p->defsets);
	free(p->bvars);
	free(p->path);
	pl_vec_free(&p->held);
	while (p->scope) {
		struct scope *s = p->scope;
		p->scope = s->parent;
		free(s->names);
		free(s->vals);
		free(s);
	}
}

int tg_load_cached(struct tg_records **out, struct tg_cache *cache, struct pl_arena *arena,
                   struct pl_intern *intern, struct pl_source_mgr *sm, struct pl_diag_ctx *diag,
                   const char *path, const struct tg_options *opts)
{
	struct tg_records *recs = PL_NEW(arena, struct tg_records);
	struct parser p;
	static const struct tg_options none;
	unsigned errs0 = pl_diag_errors(diag);
	bool no_path = false;

	if (!opts)
		opts = &none;
	*out = NULL;
again:
	/* a reader may be looking names up in the maps this replaces */
	if (opts->stream)
		tg_stream_lock(opts->stream);
	tg_keeper_init(&recs->k, arena, intern, diag, sm, cache ? &cache->vtabs : NULL);
	recs->k.stream = opts->stream;
	if (opts->stream)
		tg_stream_unlock(opts->stream);
	memset(&p, 0, sizeof(p));
	p.k = &recs->k;
	p.mcs = tg_hmap_new(NULL);
	p.cache = cache;
	p.node = cache ? cache_root(cache, opts) : NULL;
	p.opts = opts;
	p.no_path = no_path;
	/* a reader takes the defs as they are made: nothing is restored
	 * over them (the first load of a cache restores nothing anyway, but
	 * another thread sharing it may have kept states by now) */
	p.no_restore = opts->stream != NULL;
	if (tg_lex_new(&p.lx, sm, diag, intern, path, opts->include_dirs, opts->n_include, opts->defines,
	               opts->n_define) < 0) {
		tg_keeper_done(&recs->k);
		tg_hmap_free(p.mcs);
		*out = recs;
		return -1;
	}
	recs->k.lx = p.lx;
	if (opts->stream)
		tg_stream_begin(opts->stream, recs, tg_lex_include_file(p.lx, 1));
	tg_lex_allow_include_outside(p.lx, opts->allow_include_outside);
	lex(&p);
	if (!p.failed) {
		parse_object_list(&p, NULL);
		if (!p.failed && cur(&p) != TG_TOK_EOF)
			tok_err(&p, "Unexpected token at top level");
	}
	if (p.restart) {
		/* an image's path was wrong: load without images, and write
		 * the image again */
		for (struct tg_image_ent **e = &cache->images; *e; e = &(*e)->next)
			if ((*e)->key == p.key) {
				*e = (*e)->next;
				break;
			}
		tg_keeper_done(&recs->k);
		parser_free(&p);
		no_path = true;
		if (opts->stream)
			tg_stream_break(opts->stream);
		goto again;
	}
	/* keep the include tree for tg_rec_included_from */
	uint32_t n = 1;
	while (tg_lex_include_file(p.lx, n + 1))
		n++;
	recs->k.n_inc = n + 1;
	recs->k.inc_parent = PL_NEW_ARRAY(arena, uint32_t, n + 1);
	recs->k.inc_file = PL_NEW_ARRAY(arena, uint32_t, n + 1);
	recs->k.inc_at = PL_NEW_ARRAY(arena, struct pl_span, n + 1);
	for (uint32_t i = 1; i <= n; i++) {
		recs->k.inc_parent[i] = tg_lex_include_parent(p.lx, i, &recs->k.inc_at[i]);
		recs->k.inc_file[i] = tg_lex_include_file(p.lx, i);
	}
	recs->k.lx = NULL;
	if (opts->stream)
		tg_stream_publish(opts->stream, &recs->k);
	tg_keeper_log_stop(&recs->k);
	tg_keeper_done(&recs->k); /* the next load takes its value table */
	parser_free(&p);
	*out = recs;
	return pl_diag_errors(diag) > errs0 || p.failed || recs->k.fatal ? -1 : 0;
}

bool tg_records_same_under(const struct tg_records *r, struct pl_source_mgr *sm,
                           struct pl_intern *intern, const struct tg_options *was,
                           const struct tg_options *now)
{
	if (was->allow_include_outside != now->allow_include_outside ||
	    !strs_equal(was->defines, was->n_define, now->defines, now->n_define))
		return false;
	if (strs_equal(was->include_dirs, was->n_include, now->include_dirs, now->n_include))
		return true;
	/* the same text under the same macros: the same records, if every
	 * include enters the file it entered (the tree tg_load_cached kept) */
	return r->k.n_inc > 1 &&
	       tg_lex_includes_hold(sm, intern, now->include_dirs, now->n_include,
	                            now->allow_include_outside, r->k.n_inc - 1, r->k.inc_file + 1,
	                            r->k.inc_at + 1);
}

int tg_load_buffer(struct tg_records **out, struct pl_arena *arena, struct pl_intern *intern,
                   struct pl_source_mgr *sm, struct pl_diag_ctx *diag, const char *name,
                   const char *buf, size_t len, const struct tg_options *opts)
{
	/* tg_load finds the registered buffer by its name before the disk. */
	pl_source_add(sm, name, buf, len);
	return tg_load(out, arena, intern, sm, diag, name, opts);
}

struct tg_keeper *tg_records_keeper(const struct tg_records *r);
struct tg_keeper *tg_records_keeper(const struct tg_records *r)
{
	return (struct tg_keeper *)&r->k;
}

void tg_records_rebind(struct tg_records *r, struct pl_intern *intern, struct pl_diag_ctx *diag)
{
	r->k.intern = intern;
	r->k.diag = diag;
	r->k.stream = NULL;
}
