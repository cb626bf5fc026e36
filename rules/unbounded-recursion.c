/*
 * unbounded-recursion.c -- rule `unbounded-recursion`: a pattern, or a
 * cycle of patterns, whose output can be matched again without end.
 *
 * The analysis is analyzer/recursion.c: the "may enable" graph between
 * patterns, its strongly connected sets, and the cycles it clears (bounded
 * recursion declared, self-loops that consume finite pre-existing IR).
 * Each cycle is reported once, at its first pattern in model order, with
 * the path in the message and the other patterns as related locations.
 * `check --verify` (analyzer/verify.c) confirms findings with the engine.
 */
#include "config.h"

#include <string.h>
#include "rules/rule.h"

#include "analyzer/arena.h"
#include "analyzer/model.h"
#include "analyzer/recursion.h"

/* A pattern's name for messages. */
static const char *pname(struct pl_arena *ar, const struct model_pattern *p)
{
	if (p->name)
		return p->name;
	return pl_arena_printf(ar, "<anonymous pattern at line %u>", (unsigned)p->span.line);
}

/* The first thing in p's match that patlint does not evaluate on the ops a
 * rewrite creates: a native constraint, a native call, or an ODS type or
 * attribute constraint on a leaf (the types of created values are not
 * modelled).  NULL when the match is only op names and free leaves, so a
 * cycle through it is certain. */
static const char *unmodelled_in(const struct model_node *n, int depth)
{
	if (!n || depth > 64)
		return NULL;
	if (n->kind == MODEL_NODE_NATIVE)
		return n->directive ? n->directive : "a native call";
	if ((n->kind == MODEL_NODE_VALUE || n->kind == MODEL_NODE_ATTR || n->kind == MODEL_NODE_TYPE) &&
	    n->constraint && strcmp(n->constraint, "AnyType") != 0 && !n->constant)
		return n->constraint;
	for (unsigned i = 0; i < n->n_args; i++) {
		const char *c = unmodelled_in(n->args[i], depth + 1);
		if (c)
			return c;
	}
	return NULL;
}

static const char *unmodelled(const struct model_pattern *p)
{
	for (unsigned i = 0; i < p->n_constraints; i++)
		if (p->constraints[i].kind == MODEL_CONSTRAINT_NATIVE ||
		    p->constraints[i].kind == MODEL_CONSTRAINT_ODS)
			return p->constraints[i].name ? p->constraints[i].name : "a constraint";
	return unmodelled_in(p->match, 0);
}

static void check_unbounded_recursion(struct rule_ctx *ctx)
{
	struct recursion_cycle *cy = NULL;
	struct pl_arena *ar = model_arena(ctx->model);
	unsigned n = recursion_find(&cy, ctx->model);

	for (unsigned i = 0; i < n; i++) {
		const struct recursion_cycle *c = &cy[i];
		const struct model_pattern *p0 = c->path[0];
		struct pl_diag *d;

		if (c->n == 1) {
			d = rule_report_begin(ctx, p0->span,
			                      "pattern '%s' can rewrite its own output without end: it "
			                      "creates '%s' and matches it again",
			                      pname(ar, p0), c->via[0] ? c->via[0] : "?");
		} else {
			struct pl_buf b = {0};
			for (unsigned k = 0; k <= c->n; k++)
				pl_buf_printf(&b, "%s%s", k ? " -> " : "", pname(ar, c->path[k % c->n]));
			d = rule_report_begin(ctx, p0->span,
			                      "patterns can rewrite each other's output without end: %s "
			                      "('%s' creates '%s', which '%s' matches)",
			                      pl_buf_cstr(&b), pname(ar, p0), c->via[0] ? c->via[0] : "?",
			                      pname(ar, c->path[1]));
			pl_buf_free(&b);
		}
		/* A cycle through a constraint patlint cannot evaluate on created
		 * ops may be broken by it: a "may" finding, reported as a note. */
		const char *why = NULL;
		const struct model_pattern *guarded = NULL;
		for (unsigned k = 0; k < c->n && !why; k++)
			if ((why = unmodelled(c->path[k])) != NULL)
				guarded = c->path[k];
		if (why) {
			d->uncertain = true;
			rule_note(ctx, d, guarded->span,
			          "unless '%s' in '%s' stops it: patlint does not evaluate it on the ops "
			          "the rewrites create (--verify runs the patterns to find out)",
			          why, pname(ar, guarded));
		}
		rule_about(ctx, d, p0);
		for (unsigned k = 1; k < c->n; k++) {
			const struct model_pattern *p = c->path[k];
			rule_note(ctx, d, p->span, "'%s' matches the '%s' that '%s' creates, and creates '%s', which '%s' matches",
			          pname(ar, p), c->via[k - 1] ? c->via[k - 1] : "?", pname(ar, c->path[k - 1]),
			          c->via[k] ? c->via[k] : "?", pname(ar, c->path[(k + 1) % c->n]));
			rule_about(ctx, d, p);
		}
		for (unsigned k = 0; k < c->n_others; k++) {
			const struct model_pattern *p = c->others[k];
			rule_note(ctx, d, p->span, "'%s' is on another cycle through the same patterns",
			          pname(ar, p));
			rule_about(ctx, d, p);
		}
		rule_report_end(ctx, d);
	}
}

static const char *const tags[] = {"correctness", "reliability", NULL};

const struct rule rule_unbounded_recursion = {
	.id = "unbounded-recursion",
	.summary = "a pattern or a cycle of patterns can rewrite its own output without end",
	.severity = PL_SEV_WARNING,
	.help =
		"A pattern whose rewrite creates an op that it, or another pattern of the "
		"set, can match again as its root, around a cycle.  patlint builds a "
		"\"may enable\" graph: A may enable B when an op A creates has B's root "
		"op name and B's match tree unifies with what A builds (the operands A "
		"reuses are known as far as A's own match describes them; different "
		"constant attributes, or a name B repeats that would have to be a fresh "
		"op and another value, rule the edge out).  Every strongly connected set "
		"of that graph is reported once, at its first pattern, with the shortest "
		"cycle through it in the message and the other patterns as related "
		"locations.  MLIR's greedy driver rewrites such a cycle until its "
		"iteration or rewrite limit and reports that it did not converge; "
		"`patlint check --verify` runs the engine on a witness to confirm it.\n\n"
		"Not reported: cycles through a pattern that declares bounded recursion "
		"(PDLL `with recursion`, C++ setHasBoundedRewriteRecursion; DRR cannot "
		"declare it); patterns that create no op (replaceWithValue, erase) or only "
		"call native rewrites; a pattern that can never apply because another "
		"pattern matches every operation it matches and is always tried first "
		"(benefit-conflict reports it); a pattern whose re-match needs an op it "
		"found strictly deeper below its root than where the new match needs it "
		"(each application consumes finite existing IR, e.g. f(g(x)) -> f(x)), "
		"where a NativeCodeCall that only selects from its argument ($0[0], "
		"$0.drop_front()) stands for the values it selects; and an edge where "
		"what A places contradicts what B's match needs there: a value A's "
		"match says is not (or must be) defined by some op (ConstantLikeMatcher; "
		"isa, dyn_cast_or_null or getDefiningOp<X> predicates) where B needs "
		"another, or an op A builds whose one ODS result type admits no type "
		"of B's constraint there.  A cycle through a native constraint, a "
		"native call in a match, or an ODS type or attribute constraint on a "
		"leaf that patlint cannot decide on the ops the rewrites create may be "
		"broken by it: it is a \"may\" finding, "
		"reported as a note whatever the rule's severity, naming the constraint; "
		"--verify runs the patterns to find out.\n\n"
		"Remove one direction of the cycle, or add a constraint that the output "
		"of the cycle no longer satisfies.",
	.example_lang = "tablegen",
	.bad_example =
		"def ExpandNeg : Pat<(My_NegOp $x), (My_SubOp (My_ZeroOp), $x)>;\n"
		"def FoldSubZero : Pat<(My_SubOp (My_ZeroOp), $x), (My_NegOp $x)>;\n",
	.good_example =
		"def ExpandNeg : Pat<(My_NegOp $x), (My_SubOp (My_ZeroOp), $x)>;\n",
	.tags = tags,
	.precision = RULE_PREC_MEDIUM,
	.flags = RULE_NEEDS_ENGINE,
	.check = check_unbounded_recursion,
};
