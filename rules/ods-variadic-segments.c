/*
 * ods-variadic-segments.c -- rule `ods-variadic-segments`: an op with more
 * than one variable-length operand (Variadic, Optional, VariadicOfVariadic)
 * and nothing that says how the actual operands split among them; the
 * same for results.
 *
 * OpDefinitions.md ("Variadic operands", "Variadic results"): with several
 * variadic operands the dynamic operands cannot be attributed to the
 * declarations without SameVariadicOperandSize (all of the same size) or
 * AttrSizedOperandSegments (sizes in an attribute); results likewise with
 * SameVariadicResultSize / AttrSizedResultSegments.  mlir-tblgen-16
 * -gen-op-decls and -gen-op-defs stop on such an op ("op has multiple
 * variadic operands but no specification over their sizes"), so the
 * dialect does not build; -gen-rewriters does not look, so a DRR file
 * using the op passes until the op library is generated.
 *
 * Only the ops defined in the run's .td inputs are checked
 * (model_op.in_input), not those of the files they include.
 */
#include "config.h"
#include "rules/rule.h"

#include <string.h>

#include "analyzer/model.h"

static bool has_trait(const struct model_op *op, const char *name)
{
	for (unsigned i = 0; i < op->n_traits; i++)
		if (strcmp(op->traits[i], name) == 0)
			return true;
	return false;
}

static bool variable_length(const struct model_op_arg *a)
{
	return a->variadic || a->optional || a->variadic_of_variadic;
}

/* Check one list (operands or results) of op. */
static void check_list(struct rule_ctx *ctx, const struct model_op *op,
                       const struct model_op_arg *list, unsigned n, const char *what,
                       const char *same, const char *sized)
{
	unsigned nvar = 0;

	for (unsigned i = 0; i < n; i++)
		nvar += variable_length(&list[i]);
	if (nvar < 2 || has_trait(op, same) || has_trait(op, sized))
		return;
	struct pl_diag *d = rule_report_begin(ctx, op->span,
	                                      "op '%s' has %u variable-length %ss but neither %s nor %s",
	                                      op->name, nvar, what, same, sized);
	for (unsigned i = 0; i < n; i++) {
		const struct model_op_arg *a = &list[i];
		if (!variable_length(a))
			continue;
		if (a->name && *a->name)
			rule_note(ctx, d, a->span, "variable-length %s '%s'", what, a->name);
		else
			rule_note(ctx, d, a->span, "variable-length %s #%u", what, i);
	}
	rule_report_end(ctx, d);
}

static void check_ods_variadic_segments(struct rule_ctx *ctx)
{
	if (!ctx->model)
		return;
	for (unsigned i = 0, n = model_input_op_count(ctx->model); i < n; i++) {
		const struct model_op *op = model_input_op_at(ctx->model, i);
		if (!op)
			continue;
		check_list(ctx, op, op->operands, op->n_operands, "operand", "SameVariadicOperandSize",
		           "AttrSizedOperandSegments");
		check_list(ctx, op, op->results, op->n_results, "result", "SameVariadicResultSize",
		           "AttrSizedResultSegments");
	}
}

static const char *const tags[] = {"correctness", "build", NULL};

const struct rule rule_ods_variadic_segments = {
	.id = "ods-variadic-segments",
	.summary = "an op has several variable-length operands or results and no way to split them",
	.severity = PL_SEV_ERROR,
	.help =
		"When an op declares more than one Variadic, Optional or "
		"VariadicOfVariadic operand, nothing tells which of the actual operands "
		"belong to which declaration unless the op has the "
		"SameVariadicOperandSize trait (every variable-length operand has the "
		"same size) or AttrSizedOperandSegments (the sizes are kept in the "
		"operand_segment_sizes attribute).  Results likewise need "
		"SameVariadicResultSize or AttrSizedResultSegments.\n\n"
		"mlir-tblgen-16 -gen-op-decls and -gen-op-defs stop on such an op with "
		"\"op has multiple variadic operands (results) but no specification "
		"over their sizes\", so the dialect does not build; -gen-rewriters does "
		"not check it, so a pattern file using the op is accepted.  patlint "
		"checks the ops defined in its .td inputs, not those of included files.",
	.example_lang = "tablegen",
	.bad_example =
		"def My_ConcatOp : My_Op<\"concat\"> {\n"
		"  let arguments = (ins Variadic<AnyType>:$lhs, Variadic<AnyType>:$rhs);\n"
		"  let results = (outs AnyType:$out);\n"
		"}\n",
	.good_example =
		"def My_ConcatOp : My_Op<\"concat\", [AttrSizedOperandSegments]> {\n"
		"  let arguments = (ins Variadic<AnyType>:$lhs, Variadic<AnyType>:$rhs);\n"
		"  let results = (outs AnyType:$out);\n"
		"}\n",
	.tags = tags,
	.precision = RULE_PREC_VERY_HIGH,
	.flags = 0,
	.check = check_ods_variadic_segments,
};
