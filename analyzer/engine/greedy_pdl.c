/*
 * greedy_pdl.c -- the order in which MLIR 16 tries patterns of equal
 * benefit on one op.
 *
 * DRR (C++) patterns: registration order (model reg_order), op-specific
 * before any-op ones.  PDL patterns: the order the PDL bytecode records
 * matches, which is the depth-first order of the success nodes of the
 * matcher tree that PDLToPDLInterp builds (facts from LLVM 16's
 * PredicateTree.cpp, checked with tests/harness/greedy --trace):
 *   - every pattern yields a set of (position, question) predicates, with
 *     an answer: the root's name, operand/result counts, is-not-null of
 *     operands, results and nested ops, nested op names, attribute
 *     presence and constant values, constant types, equality of repeated
 *     names, native constraints;
 *   - predicates referenced more come first ("primary" = references to
 *     it in the patterns' lists, where a nested op's not-null comes twice;
 *     "secondary" = sum over the patterns using it of the squared
 *     primaries of their distinct predicates), then lower op depth, lower
 *     position kind, lower question kind, first seen;
 *   - patterns are inserted into the tree in module order; a pattern that
 *     runs out of predicates becomes a success node placed *before* what
 *     was at that spot, so among patterns with the same predicates the
 *     later one is recorded first;
 *   - matches are then stably sorted by benefit (greedy_order_patterns).
 * Position and question strings here are patlint's own encoding; only
 * their equality and the kinds' order matter.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "greedy_p.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/model.h"
#include "analyzer/util.h"

/* ORDER: MLIR's Predicates::Kind (positions, then questions). */
enum pos_kind { P_OPERATION = 0, P_OPERAND, P_OPERAND_GROUP, P_ATTRIBUTE, P_RESULT, P_RESULT_GROUP, P_TYPE };
enum q_kind { Q_NOTNULL = 0, Q_OPNAME, Q_TYPE, Q_ATTR, Q_OPERANDS_ATLEAST, Q_OPERANDS, Q_RESULTS_ATLEAST,
	      Q_RESULTS, Q_EQUAL, Q_CONSTRAINT };

#define MAXP 64
#define MAXS 96

struct pred {
	char pos[MAXS];
	int pkind;
	unsigned depth;
	int qkind;
	char q[MAXS];       /* question parameters (EqualTo's other position, constraint) */
	char ans[MAXS];     /* answer */
};

struct plist {
	const struct model_pattern *p;
	struct pred preds[MAXP];
	unsigned n;
	/* names bound so far: name -> position */
	const char *names[MAXP];
	char npos[MAXP][MAXS];
	unsigned ndepth[MAXP];
	int npkind[MAXP];
	unsigned n_names;
};

struct upred {  /* a uniqued (position, question) */
	const struct pred *key;
	unsigned primary, secondary, id;
};


/* dst = pos + suffix [+ number]; truncated to MAXS without a warning. */
static void sfx(char *dst, const char *pos, const char *suffix, long num)
{
	size_t l = strlen(pos), sl = strlen(suffix);
	if (l > MAXS - 40)
		l = MAXS - 40;
	if (sl > 30)
		sl = 30;
	memmove(dst, pos, l);
	memcpy(dst + l, suffix, sl);
	dst[l + sl] = 0;
	if (num >= 0)
		snprintf(dst + l + sl, MAXS - l - sl, "%ld", num);
}

static void add(struct plist *L, const char *pos, int pkind, unsigned depth, int qkind, const char *q,
                const char *ans)
{
	if (L->n >= MAXP)
		return;
	struct pred *p = &L->preds[L->n++];
	snprintf(p->pos, MAXS, "%s", pos);
	p->pkind = pkind;
	p->depth = depth;
	p->qkind = qkind;
	snprintf(p->q, MAXS, "%s", q ? q : "");
	snprintf(p->ans, MAXS, "%s", ans ? ans : "");
}

/* A name seen before: add EqualTo at the deeper position, at the first
 * one's when they are as deep (std::minmax keeps its arguments' order
 * then, and MLIR passes the new position first); returns true. */
static bool seen(struct plist *L, const char *name, const char *pos, int pkind, unsigned depth)
{
	if (!name || !name[0] || !strcmp(name, "_"))
		return false;
	for (unsigned i = 0; i < L->n_names; i++)
		if (!strcmp(L->names[i], name)) {
			if (depth > L->ndepth[i])
				add(L, pos, pkind, depth, Q_EQUAL, L->npos[i], "1");
			else
				add(L, L->npos[i], L->npkind[i], L->ndepth[i], Q_EQUAL, pos, "1");
			return true;
		}
	if (L->n_names < MAXP) {
		L->names[L->n_names] = name;
		snprintf(L->npos[L->n_names], MAXS, "%s", pos);
		L->ndepth[L->n_names] = depth;
		L->npkind[L->n_names] = pkind;
		L->n_names++;
	}
	return false;
}

static const char *ref_name(const struct model_node *n)
{
	return n->kind == MODEL_NODE_REF ? n->ref : n->bind;
}

static void op_preds(struct plist *L, const struct model_node *n, const char *pos, unsigned depth, bool root,
                     unsigned guard);

static void type_preds(struct plist *L, const struct model_node *t, const char *pos, unsigned depth)
{
	if (seen(L, ref_name(t), pos, P_TYPE, depth))
		return;
	if (t->kind == MODEL_NODE_TYPE && t->constant)
		add(L, pos, P_TYPE, depth, Q_TYPE, NULL, t->constant);
}

static void value_preds(struct plist *L, const struct model_node *a, const char *pos, int pkind,
                        unsigned depth, bool notnull, unsigned guard)
{
	char sub[MAXS];
	if (guard > 16)
		return;
	if (a->kind == MODEL_NODE_OP || (a->kind == MODEL_NODE_VALUE && a->n_args == 1 && a->directive)) {
		/* A result of a nested op (pdl.result), or all of its results
		 * (pdl.results, an op used as an operand), in MLIR's order: the
		 * operand is not null when it is one result; the defining op is
		 * not null, and is again among the op's own predicates (the
		 * primary counts both); its results equal the operand, asked at
		 * the results' position. */
		bool all = a->kind == MODEL_NODE_OP;
		if (notnull && !all)
			add(L, pos, pkind, depth, Q_NOTNULL, NULL, "1");
		const struct model_node *op = all ? a : a->args[0];
		sfx(sub, pos, "/d", -1);
		add(L, sub, P_OPERATION, depth + 1, Q_NOTNULL, NULL, "1");
		char res[MAXS];
		if (all)
			sfx(res, sub, "/r*", -1);
		else
			sfx(res, sub, "/r", (long)a->result_index);
		add(L, res, all ? P_RESULT_GROUP : P_RESULT, depth + 1, Q_EQUAL, pos, "1");
		if (op->kind == MODEL_NODE_OP)
			op_preds(L, op, sub, depth + 1, false, guard + 1);
		else
			(void)seen(L, ref_name(op), sub, P_OPERATION, depth + 1);
		return;
	}
	if (seen(L, ref_name(a), pos, pkind, depth))
		return;
	if (notnull)
		add(L, pos, pkind, depth, Q_NOTNULL, NULL, "1");
	if (a->kind == MODEL_NODE_VALUE && a->n_result_types == 1) {
		sfx(sub, pos, "/t", -1);
		type_preds(L, a->result_types[0], sub, depth);
	}
}

static void op_preds(struct plist *L, const struct model_node *n, const char *pos, unsigned depth, bool root,
                     unsigned guard)
{
	char sub[MAXS], num[32];
	if (guard > 16)
		return;
	if (seen(L, n->bind, pos, P_OPERATION, depth) && !root)
		return;
	if (!root)
		add(L, pos, P_OPERATION, depth, Q_NOTNULL, NULL, "1");
	if (n->op_name)
		add(L, pos, P_OPERATION, depth, Q_OPNAME, NULL, n->op_name);
	/* operands: single ones and ranges (ValueRange variables, ops as all
	 * their results) */
	unsigned nops = n->operands_any ? 1 : n->n_operand_args, singles = 0;
	bool any_range = n->operands_any;
	for (unsigned i = 0; !n->operands_any && i < n->n_operand_args; i++) {
		const struct model_node *a = n->args[i];
		if (a->kind == MODEL_NODE_VARIADIC || a->kind == MODEL_NODE_OP)
			any_range = true;
		else
			singles++;
	}
	if (!any_range) {
		snprintf(num, sizeof(num), "%u", singles);
		add(L, pos, P_OPERATION, depth, Q_OPERANDS, NULL, num);
	} else if (singles) {
		snprintf(num, sizeof(num), "%u", singles);
		add(L, pos, P_OPERATION, depth, Q_OPERANDS_ATLEAST, NULL, num);
	}
	unsigned nres = n->result_types_given ? n->n_result_types : 1;
	if (n->result_types_given) {
		snprintf(num, sizeof(num), "%u", n->n_result_types);
		add(L, pos, P_OPERATION, depth, Q_RESULTS, NULL, num);
	}
	/* attributes */
	for (unsigned i = n->n_operand_args; i < n->n_args; i++) {
		const struct model_node *a = n->args[i];
		{
			char an[40];
			snprintf(an, sizeof(an), "/a:%.30s", n->arg_names ? n->arg_names[i] : "?");
			sfx(sub, pos, an, -1);
		}
		if (seen(L, ref_name(a), sub, P_ATTRIBUTE, depth))
			continue;
		add(L, sub, P_ATTRIBUTE, depth, Q_NOTNULL, NULL, "1");
		if (a->kind == MODEL_NODE_ATTR && a->constant)
			add(L, sub, P_ATTRIBUTE, depth, Q_ATTR, NULL, a->constant);
	}
	/* operands */
	if (!n->operands_any && (root || guard > 0)) {
		if (nops == 1 && any_range) {
			sfx(sub, pos, "/g*", -1);
			value_preds(L, n->args[0], sub, P_OPERAND_GROUP, depth, false, guard);
		} else {
			bool var = false;
			for (unsigned i = 0; i < nops; i++) {
				const struct model_node *a = n->args[i];
				bool isv = a->kind == MODEL_NODE_VARIADIC || a->kind == MODEL_NODE_OP;
				var |= isv;
				if (var)
					sfx(sub, pos, isv ? "/gv" : "/g", (long)i);
				else
					sfx(sub, pos, "/o", (long)i);
				value_preds(L, a, sub, var ? P_OPERAND_GROUP : P_OPERAND, depth, true, guard);
			}
		}
	}
	/* results */
	if (n->result_types_given) {
		for (unsigned i = 0; i < nres; i++) {
			sfx(sub, pos, "/r", (long)i);
			add(L, sub, P_RESULT, depth, Q_NOTNULL, NULL, "1");
			char t[MAXS];
			sfx(t, sub, "/t", -1);
			type_preds(L, n->result_types[i], t, depth);
		}
	}
}

static void build(struct plist *L, const struct model_pattern *p)
{
	memset(L, 0, sizeof(*L));
	L->p = p;
	if (!p->match || p->match->kind != MODEL_NODE_OP)
		return;
	op_preds(L, p->match, "R", 0, true, 0);
	for (unsigned i = 0; i < p->n_constraints; i++) {
		const struct model_constraint *k = &p->constraints[i];
		if (k->kind != MODEL_CONSTRAINT_NATIVE)
			continue;
		/* at the deepest argument's position */
		const char *pos = "R";
		unsigned depth = 0;
		char q[MAXS];
		snprintf(q, MAXS, "%s(", k->name ? k->name : "?");
		for (unsigned a = 0; a < k->n_args; a++)
			for (unsigned j = 0; j < L->n_names; j++)
				if (!strcmp(L->names[j], k->args[a])) {
					size_t len = strlen(q);
					snprintf(q + len, MAXS - len, "%s,", L->npos[j]);
					if (L->ndepth[j] >= depth) {
						depth = L->ndepth[j];
						pos = L->npos[j];
					}
				}
		char posc[MAXS];
		snprintf(posc, MAXS, "%s", pos);
		add(L, posc, P_OPERATION, depth, Q_CONSTRAINT, q, "1");
	}
}

static bool same_key(const struct pred *a, const struct pred *b)
{
	return a->qkind == b->qkind && !strcmp(a->pos, b->pos) && !strcmp(a->q, b->q);
}

/* ---- the matcher tree ---------------------------------------------------- */

struct tnode {
	const struct upred *u;        /* NULL: a success node */
	const struct model_pattern *p;/* success: the pattern */
	struct tchild { const char *ans; struct tnode *sub; } *kids;
	unsigned n_kids;
	struct tnode *fail;
};

static struct tnode *tn_new(void)
{
	return pl_xcalloc(1, sizeof(struct tnode));
}

static const char *answer_of(const struct plist *L, const struct upred *u)
{
	for (unsigned i = 0; i < L->n; i++)
		if (same_key(&L->preds[i], u->key))
			return L->preds[i].ans;
	return NULL;
}

static struct tnode **child(struct tnode *t, const char *ans)
{
	for (unsigned i = 0; i < t->n_kids; i++)
		if (!strcmp(t->kids[i].ans, ans))
			return &t->kids[i].sub;
	t->kids = pl_xrealloc(t->kids, (t->n_kids + 1) * sizeof(*t->kids));
	t->kids[t->n_kids].ans = ans;
	t->kids[t->n_kids].sub = NULL;
	return &t->kids[t->n_kids++].sub;
}

static void propagate(struct tnode **node, const struct plist *L, struct upred **ord, unsigned cur, unsigned end)
{
	/* iterative over the "skip" and "failure" steps; recursion only into
	 * children (bounded by the number of predicates) */
	for (;;) {
		if (cur == end) {
			struct tnode *s = tn_new();
			s->p = L->p;
			s->fail = *node;
			*node = s;
			return;
		}
		const char *ans = answer_of(L, ord[cur]);
		if (!ans) {
			cur++;
			continue;
		}
		if (!*node) {
			*node = tn_new();
			(*node)->u = ord[cur];
			propagate(child(*node, ans), L, ord, cur + 1, end);
			return;
		}
		if ((*node)->u == ord[cur]) {
			propagate(child(*node, ans), L, ord, cur + 1, end);
			return;
		}
		node = &(*node)->fail;
	}
}

static void dfs(struct tnode *t, const struct model_pattern **out, unsigned *n, unsigned cap)
{
	while (t) {
		if (!t->u) {
			if (*n < cap)
				out[(*n)++] = t->p;
		} else {
			for (unsigned i = 0; i < t->n_kids; i++)
				dfs(t->kids[i].sub, out, n, cap);
		}
		t = t->fail;
	}
}

static void tn_free(struct tnode *t)
{
	while (t) {
		struct tnode *f = t->fail;
		for (unsigned i = 0; i < t->n_kids; i++)
			tn_free(t->kids[i].sub);
		free(t->kids);
		free(t);
		t = f;
	}
}

static int cmp_upred(const void *a, const void *b)
{
	const struct upred *x = *(const struct upred *const *)a, *y = *(const struct upred *const *)b;
	if (x->primary != y->primary)
		return x->primary > y->primary ? -1 : 1;
	if (x->secondary != y->secondary)
		return x->secondary > y->secondary ? -1 : 1;
	if (x->key->depth != y->key->depth)
		return x->key->depth < y->key->depth ? -1 : 1;
	if (x->key->pkind != y->key->pkind)
		return x->key->pkind < y->key->pkind ? -1 : 1;
	if (x->key->qkind != y->key->qkind)
		return x->key->qkind < y->key->qkind ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* Whether pattern p runs beside meet (greedy_options.meet). */
static bool runs_with(const struct model_pattern *p, const struct model_pattern *meet)
{
	return !meet || model_patterns_meet(p, meet);
}

/* PDL patterns of m (those that run with meet) in bytecode record order;
 * returns how many. */
static unsigned pdl_order(const struct model *m, const struct model_pattern **out,
                          const struct model_pattern *meet)
{
	unsigned np = 0, total = model_pattern_count(m);
	struct plist *lists = pl_xcalloc(total ? total : 1, sizeof(*lists));
	for (unsigned i = 0; i < total; i++) {
		const struct model_pattern *p = model_pattern_at(m, i);
		if (p->origin == MODEL_ORIGIN_PDLL && runs_with(p, meet))
			build(&lists[np++], p);
	}
	/* unique the predicates, in first-seen order */
	size_t cap = 64, nu = 0;
	struct upred *u = pl_xmalloc(cap * sizeof(*u));
	for (unsigned i = 0; i < np; i++)
		for (unsigned j = 0; j < lists[i].n; j++) {
			const struct pred *pr = &lists[i].preds[j];
			size_t k;
			for (k = 0; k < nu; k++)
				if (same_key(u[k].key, pr))
					break;
			if (k == nu) {
				if (nu == cap) {
					cap *= 2;
					u = pl_xrealloc(u, cap * sizeof(*u));
				}
				u[nu] = (struct upred){ pr, 0, 0, (unsigned)nu };
				nu++;
			}
		}
	/* primary: every reference to it, a pattern asking it twice counting
	 * twice (as a nested op's not-null is); the secondary sums go over
	 * each pattern's set */
	for (unsigned i = 0; i < np; i++)
		for (unsigned j = 0; j < lists[i].n; j++)
			for (size_t k = 0; k < nu; k++)
				if (same_key(u[k].key, &lists[i].preds[j])) {
					u[k].primary++;
					break;
				}
	for (unsigned i = 0; i < np; i++) {
		unsigned tot = 0;
		for (size_t k = 0; k < nu; k++)
			if (answer_of(&lists[i], &u[k]))
				tot += u[k].primary * u[k].primary;
		for (size_t k = 0; k < nu; k++)
			if (answer_of(&lists[i], &u[k]))
				u[k].secondary += tot;
	}
	struct upred **ord = pl_xmalloc((nu ? nu : 1) * sizeof(*ord));
	for (size_t k = 0; k < nu; k++)
		ord[k] = &u[k];
	qsort(ord, nu, sizeof(*ord), cmp_upred);
	struct tnode *root = NULL;
	for (unsigned i = 0; i < np; i++)
		propagate(&root, &lists[i], ord, 0, (unsigned)nu);
	unsigned n = 0;
	dfs(root, out, &n, np);
	/* patterns the tree lost (none expected): append in module order */
	for (unsigned i = 0; i < np; i++) {
		bool found = false;
		for (unsigned j = 0; j < n; j++)
			found |= out[j] == lists[i].p;
		if (!found && n < np)
			out[n++] = lists[i].p;
	}
	tn_free(root);
	free(ord);
	free(u);
	free(lists);
	return n;
}

struct ranked {
	const struct model_pattern *p;
	unsigned cls;   /* 0 DRR with root, 1 DRR any op, 2 PDL */
	unsigned rank;
};

static int cmp_ranked(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;
	if (x->p->benefit != y->p->benefit)
		return x->p->benefit > y->p->benefit ? -1 : 1;
	if (x->cls != y->cls)
		return x->cls < y->cls ? -1 : 1;
	return x->rank < y->rank ? -1 : x->rank > y->rank;
}

/* The orders computed for m, one per set of patterns that run together:
 * all, those of no --split-input-file chunk, or one chunk's (which meet
 * gives: runs_with), kept with the model.  `check --verify` runs the
 * driver once per finding or more, and ordering the PDL patterns anew each
 * time was half of a --verify run over the corpus. */
struct order_memo {
	struct order_memo *next;
	bool all, isolated;            /* the set: every pattern; else meet's kind ... */
	unsigned unit;                 /* ... and, isolated, meet's chunk */
	unsigned n_model;              /* patterns in the model then */
	const struct model_pattern **pats;
	unsigned n;
};

static void order_compute(const struct model_pattern ***out, unsigned *n, const struct model *m,
                          const struct model_pattern *meet);

void greedy_order_patterns(const struct model_pattern ***out, unsigned *n, const struct model *m,
                           const struct model_pattern *meet)
{
	struct order_memo *o = model_cache(m, MODEL_CACHE_GREEDY_ORDER);
	unsigned total = model_pattern_count(m);

	for (; o; o = o->next)
		if (o->n_model == total && o->all == !meet &&
		    (!meet || (o->isolated == meet->isolated && (!meet->isolated || o->unit == meet->unit))))
			break;
	if (!o) {
		const struct model_pattern **pats;
		o = PL_NEW(model_arena(m), struct order_memo);
		order_compute(&pats, &o->n, m, meet);
		o->pats = PL_NEW_ARRAY(model_arena(m), const struct model_pattern *, o->n + 1);
		memcpy(o->pats, pats, o->n * sizeof(*pats));
		free(pats);
		o->all = !meet;
		o->isolated = meet && meet->isolated;
		o->unit = meet ? meet->unit : 0;
		o->n_model = total;
		o->next = model_cache(m, MODEL_CACHE_GREEDY_ORDER);
		model_cache_set((struct model *)m, MODEL_CACHE_GREEDY_ORDER, o);
	}
	*out = pl_xmalloc((o->n + 1) * sizeof(**out));
	memcpy(*out, o->pats, o->n * sizeof(**out));
	*n = o->n;
}

/* The order itself (*out malloc'ed). */
static void order_compute(const struct model_pattern ***out, unsigned *n, const struct model *m,
                          const struct model_pattern *meet)
{
	unsigned total = model_pattern_count(m);
	const struct model_pattern **pdl = pl_xcalloc(total + 1, sizeof(*pdl));
	unsigned npdl = pdl_order(m, pdl, meet);
	struct ranked *r = pl_xcalloc(total + 1, sizeof(*r));
	unsigned k = 0;
	for (unsigned i = 0; i < total; i++) {
		const struct model_pattern *p = model_pattern_at(m, i);
		if (p->origin == MODEL_ORIGIN_PDLL || !runs_with(p, meet))
			continue;
		r[k++] = (struct ranked){ p, p->root_op ? 0u : 1u, p->reg_order };
	}
	for (unsigned i = 0; i < npdl; i++)
		r[k++] = (struct ranked){ pdl[i], 2, i };
	qsort(r, k, sizeof(*r), cmp_ranked);
	const struct model_pattern **res = pl_xcalloc(k + 1, sizeof(*res));
	for (unsigned i = 0; i < k; i++)
		res[i] = r[i].p;
	*out = res;
	*n = k;
	free(r);
	free(pdl);
}
