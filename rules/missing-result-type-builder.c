/*
 * missing-result-type-builder.c -- rule `missing-result-type-builder`: an
 * op built in a rewrite whose result types cannot be deduced, so the C++
 * that mlir-tblgen generates does not compile.
 *
 * The analysis is not written yet (it needs the ODS model of type
 * inference); the descriptor is complete.
 */
#include "config.h"
#include "rules/rule.h"

static void check_missing_result_type_builder(struct rule_ctx *ctx)
{
	(void)ctx; /* not implemented: reports nothing */
}

static const char *const tags[] = {"correctness", "build", NULL};

const struct rule rule_missing_result_type_builder = {
	.id = "missing-result-type-builder",
	.summary = "an op built in a rewrite has result types that cannot be deduced",
	.severity = PL_SEV_ERROR,
	.help =
		"DRR builds an auxiliary op (one that does not replace the matched root) "
		"by calling a builder without result types.  That builder exists only when "
		"ODS can deduce the result types: the op has SameOperandsAndResultType, "
		"InferTypeOpInterface or another type-deducing constraint such as "
		"AllTypesMatch or TypesMatchWith, its results are of buildable types, or a "
		"custom builder of matching arity takes no result types.  Otherwise the "
		"C++ that mlir-tblgen -gen-rewriters generates fails to compile "
		"(DeclarativeRewrites.md, \"Building operations\").  In PDLL the analogue "
		"is an operation expression with elided result types for an op that "
		"cannot infer them.\n\n"
		"Give the result types explicitly, with the returnType directive in DRR or "
		"a `-> (type)` list in PDLL.",
	.example_lang = "tablegen",
	.bad_example =
		"def ExpandNeg : Pat<(My_NegOp $x),\n"
		"                    (My_SubOp (My_ZeroOp), $x)>;\n",
	.good_example =
		"def ExpandNeg : Pat<(My_NegOp $x),\n"
		"                    (My_SubOp (My_ZeroOp (returnType $x)), $x)>;\n",
	.tags = tags,
	.precision = RULE_PREC_HIGH,
	.flags = RULE_NOT_IMPLEMENTED,
	.check = check_missing_result_type_builder,
};
