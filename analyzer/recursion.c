/*
 * recursion.c -- the "may enable" graph between patterns and its cycles
 * (see recursion.h for what is decided and why).
 *
 * Unification works on "terms": a node of A's rewrite (a fresh op, a
 * constant, a reference) or a node of A's match tree (pre-existing IR,
 * with its depth below A's root).  B's match tree is walked against a term;
 * references in A's rewrite are resolved to the op A creates under that
 * name, or to the node A's match binds.
 */
#include "config.h"
#include "analyzer/recursion.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/model.h"
#include "analyzer/util.h"

/* ---- terms ------------------------------------------------------------ */

enum term_kind {
	TERM_UNKNOWN = 0, /* nothing known: any value, attribute or op */
	TERM_BUILT,       /* a node of A's rewrite */
	TERM_MATCHED,     /* a node of A's match tree (pre-existing IR) */
};

struct term {
	enum term_kind kind;
	const struct model_node *n; /* BUILT / MATCHED node */
	unsigned depth;             /* MATCHED: depth below A's root */
};

/* What is known about pattern A while unifying against its output. */
struct actx {
	const struct model_pattern *p;
};

/* B's bound names seen so far, and the term each was unified with. */
#define MAX_BINDS 64
struct bctx {
	const char *name[MAX_BINDS];
	struct term t[MAX_BINDS];
	unsigned n;
	unsigned budget;          /* unification steps left; bounds the work per pair */
	enum model_origin origin; /* B's origin (how its op args split into operands) */
};

static bool name_eq(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* Find the node bound to name in tree n (pre-order), with its depth. */
static const struct model_node *find_bind(const struct model_node *n, const char *name,
                                          unsigned depth, unsigned *out_depth)
{
	if (!n)
		return NULL;
	if (n->kind != MODEL_NODE_REF && n->bind && strcmp(n->bind, name) == 0) {
		*out_depth = depth;
		return n;
	}
	for (unsigned i = 0; i < n->n_args; i++) {
		const struct model_node *r =
			find_bind(n->args[i], name, depth + (n->kind == MODEL_NODE_OP), out_depth);
		if (r)
			return r;
	}
	return NULL;
}

/* The term a name of A's rewrite denotes: an op the rewrite creates under
 * that name, else the node A's match binds, else unknown. */
static struct term resolve(const struct actx *a, const char *name)
{
	struct term t = {TERM_UNKNOWN, NULL, 0};
	unsigned d = 0;
	const struct model_node *n;

	if (!name)
		return t;
	for (unsigned i = 0; i < a->p->n_actions; i++) {
		const struct model_action *act = &a->p->actions[i];
		if (act->kind != MODEL_ACT_CREATE && act->kind != MODEL_ACT_REPLACE)
			continue;
		for (unsigned v = 0; v < act->n_values; v++) {
			n = find_bind(act->values[v], name, 0, &d);
			if (n) {
				t.kind = TERM_BUILT;
				t.n = n;
				return t;
			}
		}
	}
	n = find_bind(a->p->match, name, 0, &d);
	if (n) {
		t.kind = TERM_MATCHED;
		t.n = n;
		t.depth = d;
	}
	return t;
}

/* Follow references and value-forwarding directives to what a term
 * stands for. */
static struct term deref(const struct actx *a, struct term t)
{
	for (int guard = 0; guard < 16; guard++) {
		if (t.kind == TERM_UNKNOWN || !t.n)
			return t;
		const struct model_node *n = t.n;
		if (n->kind == MODEL_NODE_REF) {
			if (t.kind == TERM_MATCHED) {
				/* A repeated name inside A's own match: the first
				 * binding occurrence. */
				unsigned d = 0;
				const struct model_node *b = find_bind(a->p->match, n->ref, 0, &d);
				if (!b)
					return (struct term){TERM_UNKNOWN, NULL, 0};
				t.n = b;
				t.depth = d;
				continue;
			}
			t = resolve(a, n->ref);
			continue;
		}
		if (n->kind == MODEL_NODE_DIRECTIVE && t.kind == TERM_BUILT && n->directive &&
		    strcmp(n->directive, "replaceWithValue") == 0 && n->n_args == 1) {
			t.n = n->args[0];
			continue;
		}
		if (n->kind == MODEL_NODE_DIRECTIVE || n->kind == MODEL_NODE_NATIVE)
			return (struct term){TERM_UNKNOWN, NULL, 0};
		return t;
	}
	return (struct term){TERM_UNKNOWN, NULL, 0};
}

/* Whether two terms can denote the same value.  A fresh op (BUILT OP) is
 * distinct from every other value. */
static bool may_equal(struct term x, struct term y)
{
	if (x.kind == TERM_BUILT && y.kind == TERM_BUILT && x.n == y.n)
		return true;
	if (x.kind == TERM_BUILT && x.n && x.n->kind == MODEL_NODE_OP)
		return false;
	if (y.kind == TERM_BUILT && y.n && y.n->kind == MODEL_NODE_OP)
		return false;
	if (x.kind == TERM_MATCHED && y.kind == TERM_MATCHED && x.n && y.n &&
	    x.n->kind == MODEL_NODE_OP && y.n->kind == MODEL_NODE_OP && x.n != y.n &&
	    x.n->op_name && y.n->op_name && strcmp(x.n->op_name, y.n->op_name) != 0)
		return false;
	return true;
}

/* Constant texts equal up to whitespace? */
static bool const_eq(const char *a, const char *b)
{
	for (;;) {
		while (*a == ' ' || *a == '\t' || *a == '\n')
			a++;
		while (*b == ' ' || *b == '\t' || *b == '\n')
			b++;
		if (*a != *b)
			return false;
		if (!*a)
			return true;
		a++, b++;
	}
}

/* Result of one unification: fails, succeeds producing (the new match
 * needs only what A created or matched at no greater depth), or succeeds
 * consuming (it needs an op A found strictly deeper than where the new
 * match needs it). */
enum unify_res { U_NO = 0, U_PRODUCTIVE, U_CONSUMING };

static enum unify_res unify(const struct actx *a, struct bctx *b, const struct model_node *bn,
                            unsigned bdepth, struct term t);

/* Record B's binding of name to t, or check a repeated name. */
static bool bind(struct bctx *b, const char *name, struct term t)
{
	if (!name)
		return true;
	for (unsigned i = 0; i < b->n; i++)
		if (strcmp(b->name[i], name) == 0)
			return may_equal(b->t[i], t);
	if (b->n < MAX_BINDS) {
		b->name[b->n] = name;
		b->t[b->n] = t;
		b->n++;
	}
	return true;
}

/* Is arg i of op node n (of a pattern with origin o) an operand? */
static bool is_operand_slot(const struct model_node *n, enum model_origin o, unsigned i)
{
	const struct model_node *a = n->args[i];
	/* DRR's (returnType ...) and (location ...) are not operands. */
	if (a->kind == MODEL_NODE_DIRECTIVE && a->directive &&
	    (!strcmp(a->directive, "returnType") || !strcmp(a->directive, "location")))
		return false;
	if (o == MODEL_ORIGIN_PDLL)
		return i < n->n_operand_args;
	if (n->op && i < n->op->n_args)
		return n->op->args[i]->kind == MODEL_ARG_OPERAND;
	return n->args[i]->kind != MODEL_NODE_ATTR;
}

/* The term for child i of t (an OP node of A's rewrite or match). */
static struct term child(struct term t, unsigned i)
{
	struct term c = t;
	c.n = t.n->args[i];
	if (t.kind == TERM_MATCHED)
		c.depth = t.depth + 1;
	return c;
}

static bool has_kind(const struct model_node *n, enum model_node_kind k)
{
	for (unsigned i = 0; i < n->n_args; i++)
		if (n->args[i]->kind == k)
			return true;
	return false;
}

static enum unify_res combine(enum unify_res x, enum unify_res y)
{
	if (x == U_NO || y == U_NO)
		return U_NO;
	return x == U_CONSUMING || y == U_CONSUMING ? U_CONSUMING : U_PRODUCTIVE;
}

/* Unify the arguments of B's op node bn with those of op term t. */
static enum unify_res unify_args(const struct actx *a, struct bctx *b, const struct model_node *bn,
                                 unsigned bdepth, struct term t, enum model_origin bo)
{
	enum model_origin ao = a->p->origin;
	const struct model_node *an = t.n;
	enum unify_res r = U_PRODUCTIVE;
	unsigned bo_ops = 0, ao_ops = 0;

	/* Count operands on both sides; compare them positionally only when
	 * the shapes agree (variadics and either() make positions vague). */
	for (unsigned i = 0; i < bn->n_args; i++)
		bo_ops += is_operand_slot(bn, bo, i);
	for (unsigned i = 0; i < an->n_args; i++)
		ao_ops += is_operand_slot(an, ao, i);
	bool positional = !bn->operands_any && !an->operands_any && bo_ops == ao_ops &&
	                  !has_kind(bn, MODEL_NODE_EITHER) && !has_kind(an, MODEL_NODE_EITHER) &&
	                  !has_kind(bn, MODEL_NODE_VARIADIC) && !has_kind(an, MODEL_NODE_VARIADIC);
	unsigned ai = 0;
	for (unsigned i = 0; i < bn->n_args && r != U_NO; i++) {
		const struct model_node *bc = bn->args[i];
		if (is_operand_slot(bn, bo, i)) {
			if (!positional)
				continue;
			while (ai < an->n_args && !is_operand_slot(an, ao, ai))
				ai++;
			if (ai >= an->n_args)
				break;
			r = combine(r, unify(a, b, bc, bdepth + 1, child(t, ai)));
			ai++;
			continue;
		}
		/* An attribute: compare with A's attribute of the same name. */
		const char *slot = bn->arg_names && bn->arg_names[i] ? bn->arg_names[i] : "";
		if (!slot[0])
			continue;
		struct term at = {TERM_UNKNOWN, NULL, 0};
		for (unsigned k = 0; k < an->n_args; k++)
			if (!is_operand_slot(an, ao, k) && an->arg_names && an->arg_names[k] &&
			    strcmp(an->arg_names[k], slot) == 0)
				at = child(t, k);
		if (at.kind == TERM_UNKNOWN && t.kind == TERM_BUILT && bc->constant) {
			/* A builds the op without this attribute: B's constant
			 * (or a default-valued attribute) cannot be told. */
			r = combine(r, U_PRODUCTIVE);
			continue;
		}
		r = combine(r, unify(a, b, bc, bdepth + 1, at));
	}
	return r;
}

static enum unify_res unify(const struct actx *a, struct bctx *b, const struct model_node *bn,
                            unsigned bdepth, struct term t)
{
	if (!bn)
		return U_PRODUCTIVE;
	if (b->budget == 0)
		return U_PRODUCTIVE;
	b->budget--;
	t = deref(a, t);
	switch (bn->kind) {
	case MODEL_NODE_REF:
		/* A repeated name in B's match (PDLL `op<x>(a: Value, a)`). */
		return bind(b, bn->ref, t) ? U_PRODUCTIVE : U_NO;
	case MODEL_NODE_ATTR:
		if (!bind(b, bn->bind, t))
			return U_NO;
		if (t.kind != TERM_UNKNOWN && t.n &&
		    (t.n->kind == MODEL_NODE_OP || t.n->kind == MODEL_NODE_VALUE))
			return U_NO; /* an attribute is never an op's result */
		if (bn->constant && t.kind != TERM_UNKNOWN && t.n && t.n->kind == MODEL_NODE_ATTR &&
		    t.n->constant && !const_eq(bn->constant, t.n->constant))
			return U_NO;
		return U_PRODUCTIVE;
	case MODEL_NODE_OP: {
		if (!bind(b, bn->bind, t))
			return U_NO;
		if (t.kind == TERM_UNKNOWN)
			return U_PRODUCTIVE;
		const struct model_node *n = t.n;
		if (t.kind == TERM_MATCHED && n->kind != MODEL_NODE_OP) {
			/* A leaf of A's match: any pre-existing op may define it.
			 * Needing it deeper than A found it consumes structure. */
			if (n->kind == MODEL_NODE_ATTR || n->kind == MODEL_NODE_TYPE)
				return U_NO;
			return bdepth > 0 && t.depth > bdepth ? U_CONSUMING : U_PRODUCTIVE;
		}
		if (n->kind != MODEL_NODE_OP)
			return n->kind == MODEL_NODE_ATTR || n->kind == MODEL_NODE_TYPE ? U_NO : U_PRODUCTIVE;
		if (bn->op_name && n->op_name && strcmp(bn->op_name, n->op_name) != 0)
			return U_NO;
		enum unify_res self = U_PRODUCTIVE;
		if (t.kind == TERM_MATCHED && bdepth > 0 && t.depth > bdepth)
			self = U_CONSUMING;
		return combine(self, unify_args(a, b, bn, bdepth, t, b->origin));
	}
	default:
		/* VALUE, TYPE, NATIVE, EITHER, VARIADIC, DIRECTIVE: a leaf or
		 * something not modeled; only its name is checked. */
		return bind(b, bn->bind, t) ? U_PRODUCTIVE : U_NO;
	}
}

/* ---- may enable -------------------------------------------------------- */

/* Every op node of a rewrite tree (each is an op the rewrite creates). */
static void collect_built(const struct model_node *n, struct pl_vec *out)
{
	if (!n)
		return;
	if (n->kind == MODEL_NODE_OP && n->op_name)
		pl_vec_push(out, (void *)n);
	for (unsigned i = 0; i < n->n_args; i++)
		collect_built(n->args[i], out);
}

static void built_ops(const struct model_pattern *p, struct pl_vec *out)
{
	for (unsigned i = 0; i < p->n_actions; i++) {
		const struct model_action *act = &p->actions[i];
		if (act->kind != MODEL_ACT_CREATE && act->kind != MODEL_ACT_REPLACE)
			continue;
		for (unsigned v = 0; v < act->n_values; v++)
			collect_built(act->values[v], out);
	}
}

/* Does pattern p apply a native constraint to name? */
static bool natively_constrained(const struct model_pattern *p, const char *name)
{
	for (unsigned i = 0; i < p->n_constraints; i++) {
		const struct model_constraint *c = &p->constraints[i];
		if (c->kind != MODEL_CONSTRAINT_NATIVE)
			continue;
		for (unsigned k = 0; k < c->n_args; k++)
			if (c->args[k] && strcmp(c->args[k], name) == 0)
				return true;
	}
	return false;
}

/* A guarded edge: B applies a native constraint to a value that is one of
 * A's operands which A itself tests with a native constraint.  Such pairs
 * are how canonicalizations stop (A requires IsConstant($x), B requires
 * IsNotConstant on the same value after a swap); patlint cannot evaluate
 * either predicate, and takes the pair as the guard it almost always is. */
static bool guarded(const struct model_pattern *a, const struct model_pattern *b,
                    const struct bctx *bc)
{
	for (unsigned i = 0; i < b->n_constraints; i++) {
		const struct model_constraint *c = &b->constraints[i];
		if (c->kind != MODEL_CONSTRAINT_NATIVE)
			continue;
		for (unsigned k = 0; k < c->n_args; k++) {
			for (unsigned j = 0; j < bc->n; j++) {
				const struct term *t = &bc->t[j];
				if (!c->args[k] || strcmp(bc->name[j], c->args[k]) != 0)
					continue;
				if (t->kind == TERM_MATCHED && t->n && t->n->bind &&
				    natively_constrained(a, t->n->bind))
					return true;
			}
		}
	}
	return false;
}

/* Unify b's match with one op node a creates. */
static enum unify_res enable_at(const struct model_pattern *a, const struct model_pattern *b,
                                const struct model_node *built)
{
	struct actx ac = {a};
	struct bctx bc;
	struct term t = {TERM_BUILT, built, 0};

	if (!b->match || b->match->kind != MODEL_NODE_OP)
		return U_NO;
	if (b->root_op && !name_eq(b->root_op, built->op_name))
		return U_NO;
	memset(&bc, 0, sizeof(bc));
	bc.budget = 4096;
	bc.origin = b->origin;
	enum unify_res r = unify(&ac, &bc, b->match, 0, t);
	if (r != U_NO && guarded(a, b, &bc))
		r = U_NO;
	return r;
}

bool recursion_may_enable(const struct model *m, const struct model_pattern *a,
                          const struct model_pattern *b, const char **out_via,
                          bool *out_consuming)
{
	struct pl_vec built = {0};
	bool any = false, consuming = true;
	const char *via = NULL;

	(void)m;
	built_ops(a, &built);
	for (size_t i = 0; i < built.len; i++) {
		const struct model_node *n = built.items[i];
		enum unify_res r = enable_at(a, b, n);
		if (r == U_NO)
			continue;
		if (!any)
			via = n->op_name;
		any = true;
		if (r == U_PRODUCTIVE) {
			if (consuming)
				via = n->op_name;
			consuming = false;
		}
	}
	pl_vec_free(&built);
	if (out_via)
		*out_via = via;
	if (out_consuming)
		*out_consuming = any && consuming;
	return any;
}

/* ---- the graph --------------------------------------------------------- */

struct edge {
	unsigned to;       /* target pattern index */
	const char *via;   /* op name */
	bool consuming;    /* every re-match consumes deeper pre-existing IR */
};

struct graph {
	unsigned n;           /* patterns */
	struct pl_vec *out;   /* out[i]: struct edge * (owned by arena) */
};

/* Patterns sorted by root op name, for looking up who matches a name. */
struct root_index {
	unsigned *by_name;    /* pattern indices with a root name, sorted by it */
	unsigned n_named;
	unsigned *any;        /* patterns whose root is any op */
	unsigned n_any;
};

static const struct model *sort_model;
static int cmp_root(const void *x, const void *y)
{
	const struct model_pattern *a = model_pattern_at((struct model *)sort_model, *(const unsigned *)x);
	const struct model_pattern *b = model_pattern_at((struct model *)sort_model, *(const unsigned *)y);
	int c = strcmp(a->root_op, b->root_op);
	if (c)
		return c;
	return *(const unsigned *)x < *(const unsigned *)y ? -1 : 1;
}

/* First position in ix->by_name whose root is name. */
static unsigned lower_bound(const struct model *m, const struct root_index *ix, const char *name)
{
	unsigned lo = 0, hi = ix->n_named;
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;
		const struct model_pattern *p = model_pattern_at((struct model *)m, ix->by_name[mid]);
		if (strcmp(p->root_op, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void add_edge(struct pl_arena *ar, struct graph *g, unsigned from, unsigned to,
                     const char *via, bool consuming)
{
	for (size_t i = 0; i < g->out[from].len; i++)
		if (((struct edge *)g->out[from].items[i])->to == to)
			return;
	struct edge *e = PL_NEW(ar, struct edge);
	e->to = to;
	e->via = via;
	e->consuming = consuming;
	pl_vec_push(&g->out[from], e);
}

static void try_edge(const struct model *m, struct pl_arena *ar, struct graph *g, unsigned ai,
                     unsigned bi)
{
	struct model *mm = (struct model *)m;
	const struct model_pattern *a = model_pattern_at(mm, ai), *b = model_pattern_at(mm, bi);
	const char *via = NULL;
	bool consuming = false;

	if (b->bounded_recursion)
		return;
	if (!recursion_may_enable(m, a, b, &via, &consuming))
		return;
	add_edge(ar, g, ai, bi, via, consuming);
}

static void build_graph(struct graph *g, const struct model *m)
{
	struct model *mm = (struct model *)m;
	struct pl_arena *ar = model_arena(m);
	unsigned n = model_pattern_count(m);
	struct root_index ix;

	g->n = n;
	g->out = PL_NEW_ARRAY(ar, struct pl_vec, n ? n : 1);
	memset(&ix, 0, sizeof(ix));
	ix.by_name = PL_NEW_ARRAY(ar, unsigned, n ? n : 1);
	ix.any = PL_NEW_ARRAY(ar, unsigned, n ? n : 1);
	for (unsigned i = 0; i < n; i++) {
		const struct model_pattern *p = model_pattern_at(mm, i);
		if (!p->match)
			continue;
		if (p->root_op)
			ix.by_name[ix.n_named++] = i;
		else
			ix.any[ix.n_any++] = i;
	}
	sort_model = m;
	qsort(ix.by_name, ix.n_named, sizeof(unsigned), cmp_root);
	sort_model = NULL;

	for (unsigned ai = 0; ai < n; ai++) {
		const struct model_pattern *a = model_pattern_at(mm, ai);
		struct pl_vec built = {0};
		if (a->bounded_recursion)
			continue;
		built_ops(a, &built);
		for (size_t k = 0; k < built.len; k++) {
			const struct model_node *bn = built.items[k];
			/* Skip a name already handled for this pattern. */
			bool seen = false;
			for (size_t j = 0; j < k && !seen; j++)
				seen = name_eq(((const struct model_node *)built.items[j])->op_name, bn->op_name);
			if (seen)
				continue;
			for (unsigned pos = lower_bound(m, &ix, bn->op_name);
			     pos < ix.n_named &&
			     strcmp(model_pattern_at(mm, ix.by_name[pos])->root_op, bn->op_name) == 0;
			     pos++)
				try_edge(m, ar, g, ai, ix.by_name[pos]);
		}
		if (built.len)
			for (unsigned k = 0; k < ix.n_any; k++)
				try_edge(m, ar, g, ai, ix.any[k]);
		pl_vec_free(&built);
	}
}

static void free_graph(struct graph *g)
{
	for (unsigned i = 0; i < g->n; i++)
		pl_vec_free(&g->out[i]);
}

/* ---- strongly connected components (iterative Tarjan) ------------------ */

#define UNVISITED 0xffffffffu

/* comp[i] gets the component number of node i; returns the number of
 * components.  Components are numbered in reverse topological order. */
static unsigned tarjan(const struct graph *g, unsigned *comp)
{
	unsigned n = g->n, next = 0, ncomp = 0, sp = 0, cp = 0;
	unsigned *index = pl_xmalloc(sizeof(unsigned) * (n + 1));
	unsigned *low = pl_xmalloc(sizeof(unsigned) * (n + 1));
	bool *on = pl_xcalloc(n + 1, sizeof(bool));
	unsigned *stack = pl_xmalloc(sizeof(unsigned) * (n + 1));
	unsigned *call = pl_xmalloc(sizeof(unsigned) * (n + 1));  /* DFS node stack */
	size_t *edge = pl_xmalloc(sizeof(size_t) * (n + 1));      /* next edge per frame */

	for (unsigned i = 0; i < n; i++)
		index[i] = UNVISITED;
	for (unsigned root = 0; root < n; root++) {
		if (index[root] != UNVISITED)
			continue;
		call[cp] = root;
		edge[cp++] = 0;
		index[root] = low[root] = next++;
		stack[sp++] = root;
		on[root] = true;
		while (cp) {
			unsigned v = call[cp - 1];
			if (edge[cp - 1] < g->out[v].len) {
				unsigned w = ((struct edge *)g->out[v].items[edge[cp - 1]++])->to;
				if (index[w] == UNVISITED) {
					index[w] = low[w] = next++;
					stack[sp++] = w;
					on[w] = true;
					call[cp] = w;
					edge[cp++] = 0;
				} else if (on[w] && index[w] < low[v]) {
					low[v] = index[w];
				}
				continue;
			}
			if (low[v] == index[v]) {
				unsigned w;
				do {
					w = stack[--sp];
					on[w] = false;
					comp[w] = ncomp;
				} while (w != v);
				ncomp++;
			}
			cp--;
			if (cp) {
				unsigned u = call[cp - 1];
				if (low[v] < low[u])
					low[u] = low[v];
			}
		}
	}
	free(index);
	free(low);
	free(on);
	free(stack);
	free(call);
	free(edge);
	return ncomp;
}

static const struct edge *find_edge(const struct graph *g, unsigned from, unsigned to)
{
	for (size_t i = 0; i < g->out[from].len; i++)
		if (((struct edge *)g->out[from].items[i])->to == to)
			return g->out[from].items[i];
	return NULL;
}

/* The shortest cycle that starts with edge u -> v (v == u: a self-loop) and
 * returns to u inside their component (BFS from v), rotated so that it
 * starts at its first pattern in model order. */
static void cycle_through(struct recursion_cycle *c, const struct model *m, const struct graph *g,
                          const unsigned *comp, unsigned u, unsigned v)
{
	struct pl_arena *ar = model_arena(m);
	struct model *mm = (struct model *)m;
	unsigned n = g->n;
	unsigned *parent = pl_xmalloc(sizeof(unsigned) * n);
	unsigned *queue = pl_xmalloc(sizeof(unsigned) * n);
	unsigned *idx = pl_xmalloc(sizeof(unsigned) * (n + 1));
	unsigned qh = 0, qt = 0, len = 0;

	for (unsigned i = 0; i < n; i++)
		parent[i] = UNVISITED;
	parent[v] = v;
	queue[qt++] = v;
	while (qh < qt && parent[u] == UNVISITED) {
		unsigned x = queue[qh++];
		for (size_t i = 0; i < g->out[x].len; i++) {
			unsigned w = ((struct edge *)g->out[x].items[i])->to;
			if (comp[w] != comp[u] || parent[w] != UNVISITED)
				continue;
			parent[w] = x;
			queue[qt++] = w;
		}
	}
	/* Path v ... u, reversed from the parents, then the edge u -> v. */
	if (u != v) {
		for (unsigned x = u;; x = parent[x]) {
			idx[len++] = x;
			if (x == v || parent[x] == UNVISITED)
				break;
		}
		for (unsigned i = 0; i < len / 2; i++) {
			unsigned t = idx[i];
			idx[i] = idx[len - 1 - i];
			idx[len - 1 - i] = t;
		}
	} else {
		idx[len++] = u;
	}
	/* Rotate to start at the smallest index. */
	unsigned start = 0;
	for (unsigned i = 1; i < len; i++)
		if (idx[i] < idx[start])
			start = i;
	c->n = len;
	c->path = PL_NEW_ARRAY(ar, const struct model_pattern *, len);
	c->via = PL_NEW_ARRAY(ar, const char *, len);
	for (unsigned i = 0; i < len; i++) {
		unsigned from = idx[(start + i) % len], to = idx[(start + i + 1) % len];
		const struct edge *e = find_edge(g, from, to);
		c->path[i] = model_pattern_at(mm, from);
		c->via[i] = e ? e->via : NULL;
	}
	free(idx);
	free(parent);
	free(queue);
}

unsigned recursion_find(struct recursion_cycle **out, const struct model *m)
{
	struct pl_arena *ar = model_arena(m);
	struct model *mm = (struct model *)m;
	struct graph g;
	unsigned n = model_pattern_count(m);
	unsigned found = 0;

	*out = NULL;
	if (!n)
		return 0;
	build_graph(&g, m);
	unsigned *comp = pl_xmalloc(sizeof(unsigned) * n);
	unsigned ncomp = tarjan(&g, comp);
	unsigned *size = pl_xcalloc(ncomp, sizeof(unsigned));
	bool *done = pl_xcalloc(ncomp, sizeof(bool));
	for (unsigned i = 0; i < n; i++)
		size[comp[i]]++;
	struct recursion_cycle *cycles = PL_NEW_ARRAY(ar, struct recursion_cycle, ncomp);
	for (unsigned i = 0; i < n; i++) {
		unsigned c = comp[i];
		if (done[c])
			continue;
		done[c] = true; /* i is the first pattern of its component */
		/* A component is reported when one of its internal edges is
		 * productive: that edge lies on a cycle that does not consume
		 * existing IR at every step.  Components whose internal edges
		 * all consume are cleared. */
		unsigned pu = UNVISITED, pv = UNVISITED;
		for (unsigned j = i; j < n && pu == UNVISITED; j++) {
			if (comp[j] != c)
				continue;
			for (size_t k = 0; k < g.out[j].len; k++) {
				const struct edge *e = g.out[j].items[k];
				if (comp[e->to] == c && !e->consuming) {
					pu = j;
					pv = e->to;
					break;
				}
			}
		}
		if (pu == UNVISITED)
			continue;
		struct recursion_cycle *cy = &cycles[found++];
		cycle_through(cy, m, &g, comp, pu, pv);
		cy->others = PL_NEW_ARRAY(ar, const struct model_pattern *, size[c]);
		for (unsigned j = i; j < n; j++) {
			if (comp[j] != c)
				continue;
			const struct model_pattern *p = model_pattern_at(mm, j);
			bool on_path = false;
			for (unsigned k = 0; k < cy->n; k++)
				on_path |= cy->path[k] == p;
			if (!on_path)
				cy->others[cy->n_others++] = p;
		}
	}
	free(comp);
	free(size);
	free(done);
	free_graph(&g);
	*out = cycles;
	return found;
}
