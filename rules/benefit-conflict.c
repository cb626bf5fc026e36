/*
 * benefit-conflict.c -- rule `benefit-conflict`: overlapping patterns whose
 * benefits leave the choice to registration order, or make a specific
 * pattern unreachable.
 *
 * The analysis builds on overlapping-matchers and is not written yet; the
 * descriptor is complete.
 */
#include "config.h"
#include "rules/rule.h"

static void check_benefit_conflict(struct rule_ctx *ctx)
{
	(void)ctx; /* not implemented: reports nothing */
}

static const char *const tags[] = {"correctness", NULL};

const struct rule rule_benefit_conflict = {
	.id = "benefit-conflict",
	.summary = "overlapping patterns have equal benefit, or a general pattern shadows a specific one",
	.severity = PL_SEV_WARNING,
	.help =
		"Two patterns that can match the same operation with the same effective "
		"benefit (for DRR: the number of ops in the source pattern plus "
		"addBenefit): MLIR's driver then applies whichever was registered first, "
		"which is an accident of file order.  Also reported: a more general "
		"pattern whose benefit is at least that of a pattern it subsumes, so the "
		"specific pattern can never fire.\n\n"
		"Give the more specific pattern the higher benefit.",
	.example_lang = "tablegen",
	.bad_example =
		"def MulByOne : Pat<(My_MulOp $x, (My_ConstantOp ConstantAttr<I32Attr, \"1\">)),\n"
		"                   (replaceWithValue $x)>;\n"
		"def MulToShift : Pat<(My_MulOp $x, (My_ConstantOp $c)),\n"
		"                     (My_ShlOp $x, (Log2 $c)), [(IsPowerOfTwo $c)]>;\n",
	.good_example =
		"def MulByOne : Pat<(My_MulOp $x, (My_ConstantOp ConstantAttr<I32Attr, \"1\">)),\n"
		"                   (replaceWithValue $x), [], [], (addBenefit 1)>;\n"
		"def MulToShift : Pat<(My_MulOp $x, (My_ConstantOp $c)),\n"
		"                     (My_ShlOp $x, (Log2 $c)), [(IsPowerOfTwo $c)]>;\n",
	.tags = tags,
	.precision = RULE_PREC_MEDIUM,
	.flags = RULE_NOT_IMPLEMENTED,
	.check = check_benefit_conflict,
};
