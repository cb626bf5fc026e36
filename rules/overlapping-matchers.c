/*
 * overlapping-matchers.c -- rule `overlapping-matchers`: two patterns that
 * can match the same operation while neither contains the other.
 *
 * The unification of match trees under ODS constraints is
 * analyzer/overlap.c; this file decides which overlaps are defects and
 * words the finding.  Pairs are those of the root-op index (same root op,
 * or an any-op root), across all files and both languages.
 */
#include "config.h"
#include "rules/rule.h"
#include "analyzer/model.h"
#include "analyzer/overlap.h"
#include "analyzer/util.h"

#include <stdint.h>
#include <string.h>

struct om_state {
	struct rule_ctx *ctx;
};

static void om_pair(struct om_state *st, const struct overlap_pair *p)
{
	const struct model_pattern *a = p->a, *b = p->b;
	const struct overlap_result r = p->r;

	/* A specific pattern plus a general fallback (one match set contains
	 * the other) is the intended idiom; benefit-conflict checks that the
	 * specific one wins.  Report ambiguity and duplicates only. */
	if (r.verdict == OVERLAP_NO || r.rel == OVERLAP_REL_A_IN_B || r.rel == OVERLAP_REL_B_IN_A)
		return;
	bool by_order, defined;
	const struct model_pattern *first = overlap_preferred(a, b, &by_order, &defined);
	const struct model_pattern *later = first == a ? b : a;
	const char *root = first->root_op ? first->root_op : later->root_op;
	const char *how = r.rel == OVERLAP_REL_EQUAL ? "match exactly the same operations"
	                                              : "neither contains the other";
	struct pl_diag *d;
	if (r.verdict == OVERLAP_MAYBE)
		d = rule_report_begin(st->ctx, later->span,
		                      "pattern '%s' may match the same '%s' operations as '%s' (%s), "
		                      "unless %s rules it out",
		                      overlap_pattern_name(later), root ? root : "any", overlap_pattern_name(first), how, r.why_maybe);
	else
		d = rule_report_begin(st->ctx, later->span,
		                      "pattern '%s' can match the same '%s' operations as '%s' (%s)",
		                      overlap_pattern_name(later), root ? root : "any", overlap_pattern_name(first), how);
	rule_note(st->ctx, d, first->span, "'%s' is defined here", overlap_pattern_name(first));
	rule_note_text(st->ctx, d, later->span, p->witness_note);
	rule_about(st->ctx, d, later);
	rule_about(st->ctx, d, first);
	d->uncertain = r.verdict == OVERLAP_MAYBE;
	rule_report_end(st->ctx, d);
}

/* The overlap pairs [lo, hi): the pair analysis is shared with
 * benefit-conflict (overlap.h). */
static void check_overlapping_matchers_part(struct rule_ctx *ctx, size_t lo, size_t hi)
{
	struct om_state st = {ctx};
	size_t n;
	const struct overlap_pair *pairs = overlap_pairs_of(ctx->model, &n);

	for (size_t i = lo; i < hi && i < n; i++)
		om_pair(&st, &pairs[i]);
}

static void check_overlapping_matchers(struct rule_ctx *ctx)
{
	check_overlapping_matchers_part(ctx, 0, SIZE_MAX);
}

static const char *const tags[] = {"correctness", "maintainability", NULL};

const struct rule rule_overlapping_matchers = {
	.id = "overlapping-matchers",
	.summary = "two patterns can match the same operation",
	.severity = PL_SEV_WARNING,
	.help =
		"Two patterns, in DRR, in PDLL or one in each, in the same or in different "
		"files, whose match trees unify under the ODS type and attribute constraints "
		"of their operands, while neither pattern's match set contains the other's "
		"(or both are the same): some IR is matched by both, and which rewrite it "
		"gets depends on benefit and registration order rather than on which pattern "
		"is more specific.  The finding is reported at the pattern MLIR tries second "
		"(lower benefit, or registered later), names the other as a related location, "
		"and shows the smallest IR that both match, in generic form.\n\n"
		"A specific pattern next to a general fallback (one match set inside the "
		"other, e.g. x*1 next to x*c) is the usual idiom and is not reported here; "
		"benefit-conflict reports it when the fallback's benefit lets it win.  "
		"Constraints are compared as sets of types and attributes: I32 and F32 are "
		"disjoint, AnyInteger includes I32, and common CPred idioms "
		"($_self.isa<FloatType>(), isSignlessInteger(32), getWidth() == N, "
		"IntegerAttr value tests) are understood.  Types the model has no "
		"representative for (i4, si8, f80, float8, tensors of them) are known by "
		"their class: I4 and I32 are disjoint, but two constraints that both allow "
		"some such type may overlap (the witness then shows i32 in its place).  "
		"Constraints patlint cannot see "
		"into (native C++ predicates, unrecognized CPreds) are treated as \"may "
		"overlap\", and the finding says which one it could not decide; such \"may\" "
		"findings are reported as notes, whatever the rule's severity, so they "
		"never fail a build on their own.\n\n"
		"Make the matches disjoint with a constraint, or merge the patterns.",
	.example_lang = "tablegen",
	.bad_example =
		"def AddNegRhs : Pat<(My_AddOp $a, (My_NegOp $b)), (My_SubOp $a, $b)>;\n"
		"def AddNegLhs : Pat<(My_AddOp (My_NegOp $a), $b), (My_SubOp $b, $a)>;\n",
	.good_example =
		"def AddNegRhs : Pat<(My_AddOp $a, (My_NegOp $b)), (My_SubOp $a, $b)>;\n"
		"def AddNegBoth : Pat<(My_AddOp (My_NegOp $a), (My_NegOp $b)),\n"
		"                     (My_NegOp (My_AddOp $a, $b))>;\n"
		"def AddNegLhs : Pat<(My_AddOp (My_NegOp $a), $b), (My_SubOp $b, $a),\n"
		"                    [(NotDefinedBy<\"My_NegOp\"> $b)]>;\n",
	.tags = tags,
	.precision = RULE_PREC_MEDIUM,
	.flags = RULE_READS_ONLY,
	.check = check_overlapping_matchers,
	.prepare = overlap_pairs_make,
	.check_part = check_overlapping_matchers_part,
};
