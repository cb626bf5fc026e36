/*
 * unused-suppression.c -- rule `unused-suppression`: a `// patlint:`
 * suppression comment that suppresses nothing, names an unknown rule, or
 * cannot be parsed.
 *
 * A framework rule: it has no check function; rules/findings.c reports it
 * after suppressions are applied (findings_finish).
 */
#include "config.h"
#include "rules/rule.h"

static const char *const tags[] = {"maintainability", NULL};

const struct rule rule_unused_suppression = {
	.id = "unused-suppression",
	.summary = "a patlint suppression comment suppresses nothing",
	.severity = PL_SEV_WARNING,
	.help =
		"A `// patlint: disable-next-line=RULE`, `disable-line=RULE` or "
		"`disable=RULE` comment that matched no finding of RULE, that names a rule "
		"patlint does not know, or that is not a valid directive.  Stale "
		"suppressions hide the next real finding on that line.  A suppression of a "
		"rule that is disabled, or that did not run, is not reported, because "
		"patlint cannot tell whether it is used.\n\n"
		"Delete the comment, or correct the rule id.",
	.example_lang = "tablegen",
	.bad_example =
		"// patlint: disable-next-line=benefit-conflict\n"
		"def FoldNegNeg : Pat<(My_NegOp (My_NegOp $x)), (replaceWithValue $x)>;\n",
	.good_example =
		"def FoldNegNeg : Pat<(My_NegOp (My_NegOp $x)), (replaceWithValue $x)>;\n",
	.tags = tags,
	.precision = RULE_PREC_VERY_HIGH,
	.flags = RULE_FRAMEWORK,
	.check = NULL,
};
