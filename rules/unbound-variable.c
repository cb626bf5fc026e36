/*
 * unbound-variable.c -- rule `unbound-variable`: a name used in a rewrite
 * or a constraint that the match never binds, or uses before binding.
 *
 * The analysis is not written yet (it needs the DRR and PDLL frontends);
 * the descriptor is complete so that --list-rules, SARIF, suppressions and
 * the configuration know the rule.
 */
#include "config.h"
#include "rules/rule.h"

static void check_unbound_variable(struct rule_ctx *ctx)
{
	(void)ctx; /* not implemented: reports nothing */
}

static const char *const tags[] = {"correctness", NULL};

const struct rule rule_unbound_variable = {
	.id = "unbound-variable",
	.summary = "a name used in a rewrite or constraint is not bound by the match",
	.severity = PL_SEV_ERROR,
	.help =
		"A symbol ($x in DRR, a variable in PDLL) used in the rewrite or in a "
		"constraint must be bound by the source pattern, and bound before it is "
		"used.  mlir-tblgen rejects an unbound DRR symbol only when the generated "
		"C++ is built, or not at all when the name happens to exist in the "
		"generated scope; PDLL rejects it at compile time of the .pdll file.\n\n"
		"The finding names the closest bound name, which is usually the "
		"intended one.",
	.example_lang = "tablegen",
	.bad_example =
		"def SwapAdd : Pat<(My_AddOp $lhs, $rhs),\n"
		"                  (My_AddOp $rhs, $lsh)>;\n",
	.good_example =
		"def SwapAdd : Pat<(My_AddOp $lhs, $rhs),\n"
		"                  (My_AddOp $rhs, $lhs)>;\n",
	.tags = tags,
	.precision = RULE_PREC_VERY_HIGH,
	.flags = RULE_NOT_IMPLEMENTED,
	.check = check_unbound_variable,
};
