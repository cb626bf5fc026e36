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

#include <ctype.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/cthreads.h"
#include "analyzer/model.h"
#include "analyzer/overlap.h"
#include "analyzer/parallel.h"
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

/* The defining-op facts a pattern's constraints state, by bound name
 * (see "what defines a value" below), collected once per pattern. */
struct pat_facts {
	const char **name;
	struct overlap_def *f;
	unsigned n;
	struct resolve_memo *memo;  /* resolve()'s answers with this pattern as A, or NULL */
};

/* What is known about pattern A while unifying against its output. */
struct actx {
	const struct model_pattern *p;
	struct overlap_defs *defs;       /* defining-op recognizers, one per run */
	const struct pat_facts *facts;   /* A's */
};

/* B's bound names seen so far, and the term each was unified with. */
#define MAX_BINDS 64
struct bctx {
	const char *name[MAX_BINDS];
	struct term t[MAX_BINDS];
	unsigned n;
	unsigned budget;          /* unification steps left; bounds the work per pair */
	enum model_origin origin; /* B's origin (how its op args split into operands) */
	const struct pat_facts *facts; /* B's defining-op facts */
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
	if (n->kind != MODEL_NODE_REF && n->bind && n->bind[0] == name[0] && strcmp(n->bind, name) == 0) {
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

/* resolve() searches A's trees by name; a pattern is A against every
 * pattern that matches an op it creates, with the same few names each
 * time, so build_graph keeps the answers for the pattern it is at (by
 * name pointer). */
#define MEMO_MAX 32
struct resolve_memo {
	unsigned n;
	const char *name[MEMO_MAX];
	struct term t[MEMO_MAX];
};

static struct term resolve_search(const struct actx *a, const char *name);

/* The term a name of A's rewrite denotes: an op the rewrite creates under
 * that name, else the node A's match binds, else unknown. */
static struct term resolve(const struct actx *a, const char *name)
{
	struct resolve_memo *rm = a->facts ? a->facts->memo : NULL;

	if (!name || !rm)
		return resolve_search(a, name);
	for (unsigned i = 0; i < rm->n; i++)
		if (rm->name[i] == name)
			return rm->t[i];
	struct term t = resolve_search(a, name);
	if (rm->n < MEMO_MAX) {
		rm->name[rm->n] = name;
		rm->t[rm->n++] = t;
	}
	return t;
}

static struct term resolve_search(const struct actx *a, const char *name)
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

/* The argument a native call only selects from, or -1.  Its C++ text is
 * `$N` followed by element or subrange accessors of MLIR's value ranges
 * ([k], .front(), .back(), .drop_front(k), .drop_back(k), .take_front(k),
 * .take_back(k), .slice(i, n)): it builds nothing and stands for (some of)
 * the values its argument stands for, e.g. `$0[0]`, `$0.drop_front()`. */
static int selector_arg(const char *s)
{
	static const char *const accessors[] = {
		"front", "back", "drop_front", "drop_back", "take_front", "take_back", "slice",
	};
	int arg = 0;

	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	if (*s++ != '$' || !isdigit((unsigned char)*s))
		return -1;
	while (isdigit((unsigned char)*s))
		if ((arg = arg * 10 + (*s++ - '0')) > 9999)
			return -1;
	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (!*s)
			return arg;
		char close;
		if (*s == '[') {
			close = ']';
		} else if (*s == '.') {
			size_t k = 0, len = 0;
			s++;
			while (isalnum((unsigned char)s[len]) || s[len] == '_')
				len++;
			while (k < PL_ARRAY_LEN(accessors) &&
			       (strlen(accessors[k]) != len || strncmp(accessors[k], s, len) != 0))
				k++;
			if (k == PL_ARRAY_LEN(accessors) || s[len] != '(')
				return -1;
			s += len;
			close = ')';
		} else {
			return -1;
		}
		/* only integer constants inside: an index or a count */
		for (s++; *s != close; s++)
			if (!isdigit((unsigned char)*s) && *s != ' ' && *s != ',')
				return -1;
		s++;
	}
}

/* Follow references, value-forwarding directives and native calls that
 * only select from an argument to what a term stands for. */
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
		if (n->kind == MODEL_NODE_NATIVE && t.kind == TERM_BUILT && n->directive) {
			int k = selector_arg(n->directive);
			if (k >= 0 && (unsigned)k < n->n_args) {
				t.n = n->args[k];
				continue;
			}
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

/* ---- what defines a value ---------------------------------------------
 * A pattern's match may say which op defines a value it binds
 * (ConstantLikeMatcher; a native constraint testing the value's defining
 * op, recognized by overlap_defs_*).  Those facts still hold of the value
 * when A's rewrite places it under an op it creates, so a B that needs
 * another op there cannot match, and neither can a B whose own facts on
 * the value rule out the op A places there.  Facts that cannot be read
 * say nothing: an edge is dropped only on a certain contradiction. */

#define MAX_FACTS 8
/* Only f[0..n) is ever read: setting n = 0 is enough to start one (a
 * cleared struct per unification step was a measurable cost). */
struct facts {
	struct overlap_def f[MAX_FACTS];
	unsigned n;
};

static void add_fact(struct facts *fs, struct overlap_def f)
{
	if (fs->n < MAX_FACTS) /* dropping one only loses precision */
		fs->f[fs->n++] = f;
}

static void pat_facts_init(struct pat_facts *pf, struct overlap_defs *defs,
                           const struct model_pattern *p)
{
	unsigned cap = 0;

	pf->name = NULL;
	pf->f = NULL;
	pf->n = 0;
	pf->memo = NULL;
	for (unsigned i = 0; i < p->n_constraints; i++) {
		struct overlap_def f;
		const char *subj;
		if (!overlap_defs_constraint(defs, &p->constraints[i], &f, &subj))
			continue;
		if (pf->n == cap) {
			cap = cap ? cap * 2 : 2;
			pf->name = pl_xrealloc(pf->name, cap * sizeof(*pf->name));
			pf->f = pl_xrealloc(pf->f, cap * sizeof(*pf->f));
		}
		pf->name[pf->n] = subj;
		pf->f[pf->n++] = f;
	}
}

static void pat_facts_free(struct pat_facts *pf)
{
	free(pf->name);
	free(pf->f);
}

/* Add what a pattern's constraints (pf) say of the op defining the value
 * it binds to name. */
static void facts_of_name(const struct pat_facts *pf, const char *name, struct facts *fs)
{
	if (!name)
		return;
	for (unsigned i = 0; i < pf->n; i++)
		if (strcmp(pf->name[i], name) == 0)
			add_fact(fs, pf->f[i]);
}

/* Add what pattern A knows of the op defining the value its match node n
 * (a leaf, not an op) stands for. */
static void facts_of_node(const struct actx *a, const struct model_node *n, struct facts *fs)
{
	if (n->kind == MODEL_NODE_NATIVE && overlap_defs_constant_matcher(a->defs, n))
		add_fact(fs, (struct overlap_def){OVERLAP_DEF_CONSTLIKE, NULL, 0});
	facts_of_name(a->facts, n->bind, fs);
}

static bool in_ops(const struct overlap_def *f, const char *name)
{
	for (unsigned i = 0; i < f->n_ops; i++)
		if (name_eq(f->ops[i]->name, name))
			return true;
	return false;
}

/* May the op named name (registry entry op, or NULL) define a value of
 * which f holds?  An ISA fact names registered ops: an op the registry
 * does not know may be one of them under another name (its C++ class is
 * unknown), as in overlap.c's check_defs. */
static bool fact_allows(struct overlap_defs *defs, const struct overlap_def *f, const char *name,
                        const struct model_op *op)
{
	switch (f->kind) {
	case OVERLAP_DEF_CONSTLIKE:
		return !op || overlap_defs_constant_like(defs, op) != 0;
	case OVERLAP_DEF_ISA:
		return !op || in_ops(f, name);
	case OVERLAP_DEF_NONE_OF:
		return !in_ops(f, name);
	}
	return true;
}

/* Can facts fs hold together of a value defined by the op named name
 * (op: its registry entry, or NULL), or, name NULL, of a value nothing
 * else is known of (a block argument or any op)?  Then some op an ISA
 * fact allows must pass all the others. */
static bool facts_ok(struct overlap_defs *defs, const struct facts *fs, const char *name,
                     const struct model_op *op)
{
	if (name) {
		for (unsigned i = 0; i < fs->n; i++)
			if (!fact_allows(defs, &fs->f[i], name, op))
				return false;
		return true;
	}
	for (unsigned i = 0; i < fs->n; i++) {
		const struct overlap_def *q = &fs->f[i];
		if (q->kind != OVERLAP_DEF_ISA)
			continue;
		bool some = false;
		for (unsigned k = 0; k < q->n_ops && !some; k++)
			some = facts_ok(defs, fs, q->ops[k]->name, q->ops[k]);
		if (!some)
			return false;
	}
	return true;
}

/* Can term t (dereferenced) be a value of which the facts fs of B hold?
 * An op A creates or matched is checked against them; a leaf of A's match
 * adds what A knows of it.  fs is extended in place. */
static bool term_allows(const struct actx *a, struct facts *fs, struct term t)
{
	if (!fs->n || t.kind == TERM_UNKNOWN || !t.n)
		return true;
	const struct model_node *n = t.n;
	if (n->kind == MODEL_NODE_OP)
		return !n->op_name || facts_ok(a->defs, fs, n->op_name, n->op);
	if (t.kind != TERM_MATCHED || n->kind == MODEL_NODE_ATTR || n->kind == MODEL_NODE_TYPE)
		return true;
	facts_of_node(a, n, fs);
	return facts_ok(a->defs, fs, NULL, NULL);
}

/* Can B's op node bn stand where A places the leaf t of its match? */
static bool leaf_allows_op(const struct actx *a, struct term t, const struct model_node *bn)
{
	struct facts fs;
	fs.n = 0;

	if (!bn->op_name)
		return true;
	facts_of_node(a, t.n, &fs);
	return !fs.n || facts_ok(a->defs, &fs, bn->op_name, bn->op);
}

/* Do B's facts on the values it bound hold of the terms they were bound to? */
static bool bindings_allowed(const struct actx *a, const struct bctx *b)
{
	for (unsigned i = 0; i < b->n; i++) {
		struct facts fs;
		fs.n = 0;
		facts_of_name(b->facts, b->name[i], &fs);
		if (!term_allows(a, &fs, b->t[i]))
			return false;
	}
	return true;
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

#define OPS_KNOWN 16 /* args whose operand-ness unify_args keeps at hand */

/* is_operand_slot(n, o, i), from known[] (filled for the first OPS_KNOWN
 * args) where it is there. */
static inline bool known_operand(const bool *known, const struct model_node *n, enum model_origin o,
                                 unsigned i)
{
	return i < OPS_KNOWN ? known[i] : is_operand_slot(n, o, i);
}

/* Unify the arguments of B's op node bn with those of op term t. */
static enum unify_res unify_args(const struct actx *a, struct bctx *b, const struct model_node *bn,
                                 unsigned bdepth, struct term t, enum model_origin bo)
{
	enum model_origin ao = a->p->origin;
	const struct model_node *an = t.n;
	enum unify_res r = U_PRODUCTIVE;
	unsigned bo_ops = 0, ao_ops = 0;
	/* which args are operands, worked out once (most ops have few) */
	bool bslot[OPS_KNOWN], aslot[OPS_KNOWN];

	/* Count operands on both sides; compare them positionally only when
	 * the shapes agree (variadics and either() make positions vague). */
	for (unsigned i = 0; i < bn->n_args; i++) {
		bool op = is_operand_slot(bn, bo, i);
		if (i < OPS_KNOWN)
			bslot[i] = op;
		bo_ops += op;
	}
	for (unsigned i = 0; i < an->n_args; i++) {
		bool op = is_operand_slot(an, ao, i);
		if (i < OPS_KNOWN)
			aslot[i] = op;
		ao_ops += op;
	}
	bool positional = !bn->operands_any && !an->operands_any && bo_ops == ao_ops &&
	                  !has_kind(bn, MODEL_NODE_EITHER) && !has_kind(an, MODEL_NODE_EITHER) &&
	                  !has_kind(bn, MODEL_NODE_VARIADIC) && !has_kind(an, MODEL_NODE_VARIADIC);
	unsigned ai = 0;
	for (unsigned i = 0; i < bn->n_args && r != U_NO; i++) {
		const struct model_node *bc = bn->args[i];
		if (known_operand(bslot, bn, bo, i)) {
			if (!positional)
				continue;
			while (ai < an->n_args && !known_operand(aslot, an, ao, ai))
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
			if (!known_operand(aslot, an, ao, k) && an->arg_names && an->arg_names[k] &&
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

/* B's value leaf bn, with an ODS type constraint, where A's rewrite puts
 * the result of an op it builds: false when that op's one result has an
 * ODS type constraint no type of which bn's admits (mhlo's lower_complex:
 * an mhlo.add built over mhlo.real results, float tensors, is not the
 * complex-tensor add the pattern matches). */
static bool built_result_fits(const struct actx *a, const struct model_node *bn, struct term t)
{
	if (!bn->constraint || t.kind != TERM_BUILT || !t.n || t.n->kind != MODEL_NODE_OP)
		return true;
	return !overlap_defs_result_excludes(a->defs, t.n->op, bn->constraint);
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
			/* ... unless A's facts on it rule out B's op */
			if (!leaf_allows_op(a, t, bn))
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
		 * something not modeled; only its name is checked, and what a
		 * ConstantLikeMatcher says of the op defining it. */
		if (overlap_defs_constant_matcher(a->defs, bn)) {
			struct facts fs;
			fs.n = 0;
			add_fact(&fs, (struct overlap_def){OVERLAP_DEF_CONSTLIKE, NULL, 0});
			if (!term_allows(a, &fs, t))
				return U_NO;
		}
		if (bn->kind == MODEL_NODE_VALUE && !built_result_fits(a, bn, t))
			return U_NO;
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
static enum unify_res enable_at(struct overlap_defs *defs, const struct model_pattern *a,
                                const struct pat_facts *afacts, const struct model_pattern *b,
                                const struct pat_facts *bfacts, const struct model_node *built)
{
	struct actx ac = {a, defs, afacts};
	struct bctx bc;
	struct term t = {TERM_BUILT, built, 0};

	if (!b->match || b->match->kind != MODEL_NODE_OP)
		return U_NO;
	if (b->root_op && !name_eq(b->root_op, built->op_name))
		return U_NO;
	/* only the first bc.n bindings are ever read: no need to clear them
	 * (a memset of the whole table per pair was a hot spot) */
	bc.n = 0;
	bc.budget = 4096;
	bc.origin = b->origin;
	bc.facts = bfacts;
	enum unify_res r = unify(&ac, &bc, b->match, 0, t);
	if (r != U_NO && !bindings_allowed(&ac, &bc))
		r = U_NO;
	if (r != U_NO && guarded(a, b, &bc))
		r = U_NO;
	return r;
}

/* recursion_may_enable with a's created ops (built_ops) at hand. */
static bool may_enable_built(struct overlap_defs *defs, const struct model_pattern *a,
                             const struct pat_facts *afacts, const struct pl_vec *built,
                             const struct model_pattern *b, const struct pat_facts *bfacts,
                             const char **out_via, bool *out_consuming)
{
	bool any = false, consuming = true;
	const char *via = NULL;

	for (size_t i = 0; i < built->len; i++) {
		const struct model_node *n = built->items[i];
		enum unify_res r = enable_at(defs, a, afacts, b, bfacts, n);
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
	if (out_via)
		*out_via = via;
	if (out_consuming)
		*out_consuming = any && consuming;
	return any;
}

bool recursion_may_enable(const struct model *m, const struct model_pattern *a,
                          const struct model_pattern *b, const char **out_via,
                          bool *out_consuming)
{
	struct pl_vec built = {0};
	struct overlap_defs *defs = overlap_defs_new(m);
	struct pat_facts af, bf;

	pat_facts_init(&af, defs, a);
	pat_facts_init(&bf, defs, b);
	built_ops(a, &built);
	bool any = may_enable_built(defs, a, &af, &built, b, &bf, out_via, out_consuming);
	pl_vec_free(&built);
	pat_facts_free(&af);
	pat_facts_free(&bf);
	overlap_defs_free(defs);
	return any;
}

/* ---- the graph --------------------------------------------------------- */

struct edge {
	unsigned to;       /* target pattern index */
	const char *via;   /* op name */
	bool consuming;    /* every re-match consumes deeper pre-existing IR */
};

/* The graph lives on the heap for the length of recursion_find: only
 * the reported cycles go to the arena. */
struct edges {
	struct edge *v;
	unsigned len, cap;
};

struct graph {
	unsigned n;           /* patterns */
	struct edges *out;    /* out[i]: the edges from pattern i */
	struct overlap_defs *defs; /* defining-op recognizers, for the whole run */
	struct pat_facts *facts;   /* facts[i]: pattern i's defining-op facts */
};

/* Patterns sorted by root op name, for looking up who matches a name. */
struct root_ent {
	const char *root;     /* its root op's name, beside it: the sort and the
	                       * lookups compare names without a hop to the pattern */
	unsigned idx;         /* the pattern's index */
};

struct root_index {
	struct root_ent *by_name; /* patterns with a root name, by name, then index */
	unsigned n_named;
	unsigned *any;        /* patterns whose root is any op */
	unsigned n_any;
};

/* First position in ix->by_name whose root is name. */
static unsigned lower_bound(const struct root_index *ix, const char *name)
{
	unsigned lo = 0, hi = ix->n_named;
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;
		if (strcmp(ix->by_name[mid].root, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void add_edge(struct graph *g, unsigned from, unsigned to, const char *via, bool consuming)
{
	struct edges *es = &g->out[from];

	for (unsigned i = 0; i < es->len; i++)
		if (es->v[i].to == to)
			return;
	if (es->len == es->cap) {
		es->cap = es->cap ? es->cap * 2 : 4;
		es->v = pl_xrealloc(es->v, es->cap * sizeof(*es->v));
	}
	struct edge *e = &es->v[es->len++];
	e->to = to;
	e->via = via;
	e->consuming = consuming;
}

/* built: the ops a's rewrite creates (built_ops), collected once per a. */
static void try_edge(const struct model *m, struct overlap_defs *defs, struct graph *g,
                     unsigned ai, const struct pl_vec *built, unsigned bi)
{
	struct model *mm = (struct model *)m;
	const struct model_pattern *a = model_pattern_at(mm, ai), *b = model_pattern_at(mm, bi);
	const char *via = NULL;
	bool consuming = false;

	if (b->bounded_recursion || !model_patterns_meet(a, b))
		return;
	if (!may_enable_built(defs, a, &g->facts[ai], built, b, &g->facts[bi], &via, &consuming))
		return;
	add_edge(g, ai, bi, via, consuming);
}

/* never[i]: pattern i can never apply, because another pattern certainly
 * matches every operation it matches and MLIR always tries that one first
 * (overlap_shadowed with an exact verdict; benefit-conflict reports it).
 * A pattern that never applies rewrites nothing: it enables no pattern and
 * no pattern enables it, so it lies on no cycle (a pattern that rebuilds
 * its own root, shadowed by one that consumes it, does not loop). */
static bool *never_applied(const struct model *m, unsigned n)
{
	bool *never = pl_xcalloc(n + 1, sizeof(bool));
	size_t np;
	const struct overlap_pair *pairs = overlap_pairs_of((struct model *)m, &np);

	for (size_t k = 0; k < np; k++) {
		const struct model_pattern *s = overlap_shadowed(&pairs[k]);
		if (s && pairs[k].r.verdict == OVERLAP_YES && s->index < n &&
		    model_pattern_at(m, s->index) == s)
			never[s->index] = true;
	}
	return never;
}

/* The edges out of each pattern, which depend on that pattern alone: on
 * one thread, or on several taking blocks of patterns in turn (-j; the
 * edge loop was most of the recursion analysis). */
struct edge_work {
	const struct model *m;
	struct graph *g;
	const struct root_index *ix;
	const bool *never;
	const unsigned *order;          /* the patterns in the order they are taken */
	_Atomic unsigned next;          /* first position in order of the next block */
};

enum { EDGE_BLOCK = 16 };

/* Fewer patterns are linked on the calling thread: each thread builds an
 * overlap context of its own, which 1,000 patterns do not repay (the
 * synthetic set checked at the default -j 2 in 14.8-15.0 ms with the edges
 * on two threads, 14.2-14.4 ms on one, and at -j 1 in 14.0-15.1 ms);
 * 2,000 took as long either way, 3,000 0.4 ms less on two. */
enum { EDGES_PARALLEL_MIN = 2048 };

/* The edges out of pattern ai, asking defs. */
static void edges_from(struct edge_work *w, struct overlap_defs *defs, unsigned ai)
{
	const struct model *m = w->m;
	struct model *mm = (struct model *)m;
	const struct root_index *ix = w->ix;
	struct graph *g = w->g;
	const struct model_pattern *a = model_pattern_at(mm, ai);
	struct resolve_memo memo;
	struct pl_vec built = {0};

	if (a->bounded_recursion || w->never[ai])
		return;
	memo.n = 0;
	g->facts[ai].memo = &memo;
	built_ops(a, &built);
	for (size_t k = 0; k < built.len; k++) {
		const struct model_node *bn = built.items[k];
		/* Skip a name already handled for this pattern. */
		bool seen = false;
		for (size_t j = 0; j < k && !seen; j++)
			seen = name_eq(((const struct model_node *)built.items[j])->op_name, bn->op_name);
		if (seen)
			continue;
		for (unsigned pos = lower_bound(ix, bn->op_name);
		     pos < ix->n_named && strcmp(ix->by_name[pos].root, bn->op_name) == 0; pos++)
			try_edge(m, defs, g, ai, &built, ix->by_name[pos].idx);
	}
	if (built.len)
		for (unsigned k = 0; k < ix->n_any; k++)
			try_edge(m, defs, g, ai, &built, ix->any[k]);
	g->facts[ai].memo = NULL;
	pl_vec_free(&built);
}

struct edge_thread {
	struct edge_work *w;
	struct overlap_defs *defs;      /* its own (overlap_defs_new_set) */
};

static int edge_thread_run(void *arg)
{
	struct edge_thread *t = arg;
	struct edge_work *w = t->w;

	for (;;) {
		unsigned ai = atomic_fetch_add(&w->next, EDGE_BLOCK), n = w->g->n;
		if (ai >= n)
			break;
		for (unsigned end = ai + EDGE_BLOCK < n ? ai + EDGE_BLOCK : n; ai < end; ai++)
			edges_from(w, t->defs, w->order[ai]);
	}
	return 0;
}

/* All edges on jobs threads; the calling thread's own defs go unused
 * meanwhile (the threads fill the model in under their lock). */
static void edges_threaded(struct edge_work *w, unsigned jobs)
{
	struct overlap_defs **defs = overlap_defs_new_set(w->m, jobs);
	struct edge_thread *ts = pl_xcalloc(jobs, sizeof(*ts));
	thrd_t *ids = pl_xcalloc(jobs, sizeof(*ids));
	unsigned started = 0;

	atomic_init(&w->next, 0);
	for (unsigned k = 0; k < jobs; k++) {
		ts[k].w = w;
		ts[k].defs = defs[k];
	}
	while (started < jobs && thrd_create(&ids[started], edge_thread_run, &ts[started]) == thrd_success)
		started++;
	if (!started)
		edge_thread_run(&ts[0]); /* with the set's defs: alone, the lock is free */
	for (unsigned k = 0; k < started; k++)
		thrd_join(ids[k], NULL);
	overlap_defs_free_set(defs, jobs);
	free(ts);
	free(ids);
}

static void build_graph(struct graph *g, const struct model *m)
{
	struct model *mm = (struct model *)m;
	unsigned n = model_pattern_count(m);
	struct root_index ix;
	bool *never = never_applied(m, n);

	g->n = n;
	g->out = pl_xcalloc(n ? n : 1, sizeof(*g->out));
	g->defs = overlap_defs_new(m);
	g->facts = pl_xcalloc(n ? n : 1, sizeof(*g->facts));
	for (unsigned i = 0; i < n; i++)
		pat_facts_init(&g->facts[i], g->defs, model_pattern_at(mm, i));
	memset(&ix, 0, sizeof(ix));
	ix.by_name = pl_xmalloc(sizeof(*ix.by_name) * (n ? n : 1));
	ix.any = pl_xmalloc(sizeof(unsigned) * (n ? n : 1));
	/* The edges are found in root order too.  Which edges leave a
	 * pattern does not depend on it, but the time does: the patterns that
	 * may match what a pattern creates are those of the op it creates,
	 * and patterns of one root mostly create the same ops, so taken by
	 * root each pattern meets the candidates its neighbour just read,
	 * still in the caches.  In model order, 100,000 synthetic patterns met
	 * theirs all over the model, 0.2 s of a 2.2 s check. */
	unsigned *by_root = pl_xmalloc(sizeof(unsigned) * (n ? n : 1));
	model_root_order(m, by_root);
	for (unsigned k = 0; k < n; k++) {
		unsigned i = by_root[k];
		const struct model_pattern *p = model_pattern_at(mm, i);
		if (!p->match || never[i])
			continue;
		if (p->root_op)
			ix.by_name[ix.n_named++] = (struct root_ent){p->root_op, i};
	}
	/* any-op roots in index order (edges_from tries them in turn) */
	for (unsigned i = 0; i < n; i++) {
		const struct model_pattern *p = model_pattern_at(mm, i);
		if (p->match && !never[i] && !p->root_op)
			ix.any[ix.n_any++] = i;
	}

	struct edge_work w = {.m = m, .g = g, .ix = &ix, .never = never, .order = by_root};
	unsigned jobs = model_jobs(m);
	if (jobs > n / EDGE_BLOCK)
		jobs = n / EDGE_BLOCK;
	if (jobs > 1 && pl_threads_worth(n, EDGES_PARALLEL_MIN)) {
		edges_threaded(&w, jobs);
	} else {
		for (unsigned k = 0; k < n; k++)
			edges_from(&w, g->defs, by_root[k]);
	}
	free(by_root);
	free(never);
	free(ix.by_name);
	free(ix.any);
	for (unsigned i = 0; i < n; i++)
		pat_facts_free(&g->facts[i]);
	free(g->facts);
	g->facts = NULL;
	overlap_defs_free(g->defs);
	g->defs = NULL;
}

static void free_graph(struct graph *g)
{
	for (unsigned i = 0; i < g->n; i++)
		free(g->out[i].v);
	free(g->out);
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
				unsigned w = g->out[v].v[edge[cp - 1]++].to;
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
	for (unsigned i = 0; i < g->out[from].len; i++)
		if (g->out[from].v[i].to == to)
			return &g->out[from].v[i];
	return NULL;
}

/* Scratch arrays of the cycle search, allocated once per run: a BFS per
 * reported cycle must not cost O(patterns) to set up, or a large set with
 * many small cycles goes quadratic. */
struct cyc_scratch {
	unsigned *parent;     /* BFS tree; UNVISITED outside the current search */
	unsigned *queue;      /* BFS queue, then the path */
	unsigned *idx;        /* the cycle being assembled */
	bool *on_path;        /* marks the reported path's patterns */
};

/* The shortest cycle that starts with edge u -> v (v == u: a self-loop) and
 * returns to u inside their component (BFS from v), rotated so that it
 * starts at its first pattern in model order. */
static void cycle_through(struct recursion_cycle *c, const struct model *m, const struct graph *g,
                          const unsigned *comp, struct cyc_scratch *sc, unsigned u, unsigned v)
{
	struct pl_arena *ar = model_arena(m);
	struct model *mm = (struct model *)m;
	unsigned *parent = sc->parent, *queue = sc->queue, *idx = sc->idx;
	unsigned qh = 0, qt = 0, len = 0;

	parent[v] = v;
	queue[qt++] = v;
	while (qh < qt && parent[u] == UNVISITED) {
		unsigned x = queue[qh++];
		for (unsigned i = 0; i < g->out[x].len; i++) {
			unsigned w = g->out[x].v[i].to;
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
	/* Leave parent[] all UNVISITED again: every node set is queued. */
	for (unsigned i = 0; i < qt; i++)
		parent[queue[i]] = UNVISITED;
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
	/* The members of each component in model order (a counting sort), so
	 * that each component is visited in time proportional to its size. */
	unsigned *first = pl_xcalloc(ncomp + 1, sizeof(unsigned));
	unsigned *members = pl_xmalloc(sizeof(unsigned) * n);
	bool *done = pl_xcalloc(ncomp, sizeof(bool));
	for (unsigned i = 0; i < n; i++)
		first[comp[i] + 1]++;
	for (unsigned c = 0; c < ncomp; c++)
		first[c + 1] += first[c];
	unsigned *fill = pl_xmalloc(sizeof(unsigned) * (ncomp + 1));
	memcpy(fill, first, sizeof(unsigned) * (ncomp + 1));
	for (unsigned i = 0; i < n; i++)
		members[fill[comp[i]]++] = i;
	free(fill);
	struct cyc_scratch sc;
	sc.parent = pl_xmalloc(sizeof(unsigned) * n);
	sc.queue = pl_xmalloc(sizeof(unsigned) * n);
	sc.idx = pl_xmalloc(sizeof(unsigned) * (n + 1));
	sc.on_path = pl_xcalloc(n, sizeof(bool));
	for (unsigned i = 0; i < n; i++)
		sc.parent[i] = UNVISITED;
	/* one slot per component on the heap; the arena gets the ones found */
	struct recursion_cycle *cycles = pl_xcalloc(ncomp ? ncomp : 1, sizeof(*cycles));
	for (unsigned i = 0; i < n; i++) {
		unsigned c = comp[i];
		if (done[c])
			continue;
		done[c] = true; /* i is the first pattern of its component */
		const unsigned *mem = members + first[c];
		unsigned size = first[c + 1] - first[c];
		/* A component is reported when one of its internal edges is
		 * productive: that edge lies on a cycle that does not consume
		 * existing IR at every step.  Components whose internal edges
		 * all consume are cleared. */
		unsigned pu = UNVISITED, pv = UNVISITED;
		for (unsigned k = 0; k < size && pu == UNVISITED; k++) {
			unsigned j = mem[k];
			for (unsigned e = 0; e < g.out[j].len; e++) {
				const struct edge *ed = &g.out[j].v[e];
				if (comp[ed->to] == c && !ed->consuming) {
					pu = j;
					pv = ed->to;
					break;
				}
			}
		}
		if (pu == UNVISITED)
			continue;
		struct recursion_cycle *cy = &cycles[found++];
		cycle_through(cy, m, &g, comp, &sc, pu, pv);
		cy->others = PL_NEW_ARRAY(ar, const struct model_pattern *, size);
		/* sc.idx holds the path's pattern indices (cycle_through) */
		for (unsigned k = 0; k < cy->n; k++)
			sc.on_path[sc.idx[k]] = true;
		for (unsigned k = 0; k < size; k++)
			if (!sc.on_path[mem[k]])
				cy->others[cy->n_others++] = model_pattern_at(mm, mem[k]);
		for (unsigned k = 0; k < cy->n; k++)
			sc.on_path[sc.idx[k]] = false;
	}
	free(comp);
	free(first);
	free(members);
	free(done);
	free(sc.parent);
	free(sc.queue);
	free(sc.idx);
	free(sc.on_path);
	free_graph(&g);
	*out = PL_NEW_ARRAY(ar, struct recursion_cycle, found ? found : 1);
	memcpy(*out, cycles, found * sizeof(*cycles));
	free(cycles);
	return found;
}
