/*
 * unbounded-recursion.c -- rule `unbounded-recursion`: a pattern, or a
 * cycle of patterns, whose output can be matched again without end.
 *
 * The analysis ("may enable" graph, its cycles, a shrinking measure) is not
 * written yet; it will confirm cycles with the engine.  The descriptor is
 * complete.
 */
#include "config.h"
#include "rules/rule.h"

static void check_unbounded_recursion(struct rule_ctx *ctx)
{
	(void)ctx; /* not implemented: reports nothing */
}

static const char *const tags[] = {"correctness", "reliability", NULL};

const struct rule rule_unbounded_recursion = {
	.id = "unbounded-recursion",
	.summary = "a pattern or a cycle of patterns can rewrite its own output without end",
	.severity = PL_SEV_WARNING,
	.help =
		"A pattern whose rewrite creates IR that it, or another pattern of the "
		"set, matches again, around a cycle that does not make the IR smaller.  "
		"MLIR's greedy driver then rewrites until its iteration limit and reports "
		"that it did not converge.  Patterns declared bounded (PDLL `with "
		"recursion`, DRR/C++ hasBoundedRewriteRecursion) are exempt.  The finding "
		"lists every pattern of the cycle.\n\n"
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
	.flags = RULE_NOT_IMPLEMENTED | RULE_NEEDS_ENGINE,
	.check = check_unbounded_recursion,
};
