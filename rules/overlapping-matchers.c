/*
 * overlapping-matchers.c -- rule `overlapping-matchers`: two patterns that
 * can match the same operation.
 *
 * The analysis (unification of match trees under ODS constraints) is not
 * written yet; the descriptor is complete.
 */
#include "config.h"
#include "rules/rule.h"

static void check_overlapping_matchers(struct rule_ctx *ctx)
{
	(void)ctx; /* not implemented: reports nothing */
}

static const char *const tags[] = {"correctness", "maintainability", NULL};

const struct rule rule_overlapping_matchers = {
	.id = "overlapping-matchers",
	.summary = "two patterns can match the same operation",
	.severity = PL_SEV_WARNING,
	.help =
		"Two patterns, in DRR, in PDLL or one in each, whose match trees unify "
		"under the ODS type and attribute constraints of their operands: some IR "
		"is matched by both, and which rewrite it gets depends on benefit and "
		"registration order.  The other pattern is a related location, and the "
		"finding shows the smallest IR that both match.  Constraints patlint "
		"cannot see into (native C++ predicates) are treated as \"may overlap\", "
		"and the finding says so.\n\n"
		"Make the matches disjoint with a constraint, or merge the patterns.",
	.example_lang = "tablegen",
	.bad_example =
		"def FoldCmpEq : Pat<(My_CmpOp $x, $x, $pred), (My_TrueOp)>;\n"
		"def FoldCmpNe : Pat<(My_CmpOp $x, $x, $pred), (My_FalseOp)>;\n",
	.good_example =
		"def FoldCmpEq : Pat<(My_CmpOp $x, $x, My_PredIsEq:$pred), (My_TrueOp)>;\n"
		"def FoldCmpNe : Pat<(My_CmpOp $x, $x, My_PredIsNe:$pred), (My_FalseOp)>;\n",
	.tags = tags,
	.precision = RULE_PREC_MEDIUM,
	.flags = RULE_NOT_IMPLEMENTED,
	.check = check_overlapping_matchers,
};
