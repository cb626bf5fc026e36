/*
 * benefit-conflict.c -- rule `benefit-conflict`: overlapping patterns whose
 * benefits leave the choice to registration order, or make a specific
 * pattern unreachable.
 *
 * Built on analyzer/overlap.c (the same unification as
 * overlapping-matchers): for every pair of patterns that can match one
 * operation, compare effective benefits and which match set contains the
 * other.
 */
#include "config.h"
#include "rules/rule.h"
#include "analyzer/model.h"
#include "analyzer/overlap.h"
#include "analyzer/util.h"

#include <stdint.h>
#include <string.h>

static const char *order_rule(const struct model_pattern *p)
{
	return p->origin == MODEL_ORIGIN_DRR ? "mlir-tblgen registers DRR patterns in def-name order"
	                                     : "the PDL matcher breaks benefit ties by pattern order";
}

struct bc_state {
	struct rule_ctx *ctx;
};

static void bc_report_tie(struct bc_state *st, const struct overlap_result *r,
                          const struct model_pattern *first, const struct model_pattern *later,
                          bool defined, const char *witness_note)
{
	const char *may = r->verdict == OVERLAP_MAYBE ? "may " : "";
	struct pl_diag *d;
	if (defined)
		d = rule_report_begin(st->ctx, later->span,
		                      "patterns '%s' and '%s' %smatch the same operations with equal "
		                      "benefit %d: MLIR applies '%s' only because it is registered first "
		                      "(%s)",
		                      overlap_pattern_name(later), overlap_pattern_name(first), may, later->benefit, overlap_pattern_name(first),
		                      order_rule(first));
	else
		d = rule_report_begin(st->ctx, later->span,
		                      "patterns '%s' and '%s' %smatch the same operations with equal "
		                      "benefit %d: which one MLIR applies depends on the order the C++ "
		                      "adds their pattern sets",
		                      overlap_pattern_name(later), overlap_pattern_name(first), may, later->benefit);
	rule_note(st->ctx, d, first->span, "'%s' is defined here", overlap_pattern_name(first));
	if (r->verdict == OVERLAP_MAYBE && r->why_maybe)
		rule_note(st->ctx, d, later->span, "unless %s rules the overlap out", r->why_maybe);
	rule_note_text(st->ctx, d, later->span, witness_note);
	rule_about(st->ctx, d, later);
	rule_about(st->ctx, d, first);
	d->uncertain = r->verdict == OVERLAP_MAYBE;
	rule_report_end(st->ctx, d);
}

static void bc_pair(struct bc_state *st, const struct overlap_pair *p)
{
	const struct model_pattern *a = p->a, *b = p->b;
	const struct overlap_result r = p->r;

	if (r.verdict == OVERLAP_NO)
		return;
	bool by_order, defined;
	const struct model_pattern *first = overlap_preferred(a, b, &by_order, &defined);
	const struct model_pattern *later = first == a ? b : a;

	if (r.rel == OVERLAP_REL_PARTIAL || (r.rel == OVERLAP_REL_EQUAL && by_order)) {
		if (by_order)
			bc_report_tie(st, &r, first, later, defined, p->witness_note);
		return;
	}
	/* containment: spec inside gen.  Equal match sets with unequal
	 * benefits: each contains the other, and the lower-benefit one can
	 * never apply. */
	const struct model_pattern *spec =
		r.rel == OVERLAP_REL_EQUAL ? later : r.rel == OVERLAP_REL_A_IN_B ? a : b;
	const struct model_pattern *gen = spec == a ? b : a;
	if (gen->benefit < spec->benefit || (by_order && first == spec && defined))
		return; /* the specific pattern wins, as it should (or by a defined order: see below) */
	struct pl_diag *d;
	if (gen->benefit > spec->benefit)
		d = rule_report_begin(st->ctx, spec->span,
		                      "pattern '%s' can never apply: '%s' matches every operation it "
		                      "matches and has higher benefit (%d > %d), so MLIR always applies "
		                      "'%s' first",
		                      overlap_pattern_name(spec), overlap_pattern_name(gen), gen->benefit, spec->benefit, overlap_pattern_name(gen));
	else if (defined)
		d = rule_report_begin(st->ctx, spec->span,
		                      "pattern '%s' can never apply: '%s' matches every operation it "
		                      "matches with the same benefit %d and is registered first (%s)",
		                      overlap_pattern_name(spec), overlap_pattern_name(gen), gen->benefit, order_rule(gen));
	else
		d = rule_report_begin(st->ctx, spec->span,
		                      "pattern '%s' is shadowed: '%s' matches every operation it matches "
		                      "with the same benefit %d, and which applies depends on the order "
		                      "the C++ adds their pattern sets",
		                      overlap_pattern_name(spec), overlap_pattern_name(gen), gen->benefit);
	if (r.rel == OVERLAP_REL_EQUAL)
		rule_note(st->ctx, d, gen->span, "'%s', which matches exactly the same operations, is defined here",
		          overlap_pattern_name(gen));
	else
		rule_note(st->ctx, d, gen->span, "the more general pattern '%s' is defined here", overlap_pattern_name(gen));
	rule_note(st->ctx, d, spec->span, "give '%s' a higher benefit (DRR: addBenefit; PDLL: "
	          "benefit(N)); IR both match:\n%s", overlap_pattern_name(spec), p->witness);
	rule_about(st->ctx, d, spec);
	rule_about(st->ctx, d, gen);
	d->uncertain = r.verdict == OVERLAP_MAYBE;
	rule_report_end(st->ctx, d);
}

/* The overlap pairs [lo, hi): the pair analysis is shared with
 * overlapping-matchers (overlap.h). */
static void check_benefit_conflict_part(struct rule_ctx *ctx, size_t lo, size_t hi)
{
	struct bc_state st = {ctx};
	size_t n;
	const struct overlap_pair *pairs = overlap_pairs_of(ctx->model, &n);

	for (size_t i = lo; i < hi && i < n; i++)
		bc_pair(&st, &pairs[i]);
}

static void check_benefit_conflict(struct rule_ctx *ctx)
{
	check_benefit_conflict_part(ctx, 0, SIZE_MAX);
}

static const char *const tags[] = {"correctness", NULL};

const struct rule rule_benefit_conflict = {
	.id = "benefit-conflict",
	.summary = "overlapping patterns have equal benefit, or a general pattern shadows a specific one",
	.severity = PL_SEV_WARNING,
	.help =
		"Two patterns that can match the same operation (decided as for "
		"overlapping-matchers) with the same effective benefit (DRR: the number of "
		"ops in the source pattern plus addBenefit; PDLL: benefit(N), default 0), "
		"neither more specific than the other: MLIR's driver then applies whichever "
		"was registered first -- for DRR the def-name order of mlir-tblgen's "
		"output, for PDLL the order of the file, and between files or languages the "
		"order the C++ adds the pattern sets -- which is an accident.  Also reported: "
		"a more general pattern whose benefit is at least that of a pattern it "
		"contains, so the specific pattern can never apply (or applies only because "
		"of its registration order).  A general pattern is only taken to contain a "
		"specific one when every constraint of the general pattern is understood; "
		"overlaps through opaque native constraints are worded \"may\" and reported "
		"as notes, whatever the rule's severity.\n\n"
		"Give the more specific pattern the higher benefit; make ambiguous patterns "
		"disjoint.",
	.example_lang = "tablegen",
	.bad_example =
		"def MulByOne : Pat<(My_MulOp $x, (My_ConstantOp ConstantAttr<I32Attr, \"1\">)),\n"
		"                   (replaceWithValue $x)>;\n"
		"def MulByConst : Pat<(My_MulOp $x, (My_ConstantOp $c)),\n"
		"                     (My_MulIOp $x, $c), [], (addBenefit 1)>;\n",
	.good_example =
		"def MulByOne : Pat<(My_MulOp $x, (My_ConstantOp ConstantAttr<I32Attr, \"1\">)),\n"
		"                   (replaceWithValue $x), [], (addBenefit 2)>;\n"
		"def MulByConst : Pat<(My_MulOp $x, (My_ConstantOp $c)),\n"
		"                     (My_MulIOp $x, $c), [], (addBenefit 1)>;\n",
	.tags = tags,
	.precision = RULE_PREC_MEDIUM,
	.flags = RULE_READS_ONLY,
	.check = check_benefit_conflict,
	.prepare = overlap_pairs_make,
	.check_part = check_benefit_conflict_part,
};
