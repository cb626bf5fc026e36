/*
 * ods-summary-style.c -- rule `ods-summary-style`: an op's summary that is
 * not a one-liner, or that ends with punctuation.
 *
 * OpDefinitions.md ("Operation documentation"): "The summary should be
 * short and concise.  It should be a one-liner without trailing
 * punctuation.  Put expanded explanation in description."  The summary is
 * what mlir-tblgen -gen-op-doc puts under the op's heading; a period or a
 * second line there reads wrong.  The text is taken trimmed of
 * surrounding white space, as `let summary = [{ ... }];` blocks are.
 *
 * A summary set in a class of the op's file is reported once, at its
 * `let`, for the first op that inherits it.  Only the ops defined in the
 * run's .td inputs are checked (model_op.in_input).
 */
#include "config.h"
#include "rules/rule.h"

#include <ctype.h>
#include <string.h>

#include "analyzer/model.h"

/* Punctuation that ends a sentence or a clause.  Closing brackets and
 * quotes are not in it: "(deprecated)" and "`tensor<...>`" are fine. */
static bool trailing_punct(char c)
{
	return c != '\0' && strchr(".,;:!?", c) != NULL;
}

/* Was op's summary reported already: the same text set at the same
 * place, a class's `let` that several ops inherit?  (The text matters: a
 * class may set the summary from a template argument.) */
static bool seen_summary(const struct pl_vec *seen, const struct model_op *op)
{
	for (size_t i = 0; i < seen->len; i++) {
		const struct model_op *o = seen->items[i];
		if (o->summary_span.file == op->summary_span.file &&
		    o->summary_span.off == op->summary_span.off && strcmp(o->summary, op->summary) == 0)
			return true;
	}
	return false;
}

static void check_ods_summary_style(struct rule_ctx *ctx)
{
	struct pl_vec seen = {0};  /* const struct model_op *: summaries reported */

	if (!ctx->model)
		return;
	for (unsigned i = 0, n = model_input_op_count(ctx->model); i < n; i++) {
		const struct model_op *op = model_input_op_at(ctx->model, i);
		if (!op || !op->summary)
			continue;
		const char *s = op->summary;
		const char *e = s + strlen(s);
		while (*s && isspace((unsigned char)*s))
			s++;
		while (e > s && isspace((unsigned char)e[-1]))
			e--;
		if (e == s)
			continue;
		unsigned lines = 1;
		for (const char *p = s; p < e; p++)
			lines += *p == '\n';
		bool punct = trailing_punct(e[-1]);
		if (lines == 1 && !punct)
			continue;
		if (seen_summary(&seen, op))
			continue;
		pl_vec_push(&seen, (void *)op);
		if (lines > 1)
			rule_report(ctx, op->summary_span,
			            "summary of op '%s' spans %u lines; it should be a one-liner, with the "
			            "rest in the description", op->name, lines);
		else
			rule_report(ctx, op->summary_span,
			            "summary of op '%s' ends with '%c'; a summary takes no trailing punctuation",
			            op->name, e[-1]);
	}
	pl_vec_free(&seen);
}

static const char *const tags[] = {"documentation", "style", NULL};

const struct rule rule_ods_summary_style = {
	.id = "ods-summary-style",
	.summary = "an op's summary is not a one-liner or ends with punctuation",
	.severity = PL_SEV_NOTE,
	.help =
		"OpDefinitions.md asks for an op summary that is short, a one-liner "
		"without trailing punctuation, with any longer explanation in the "
		"description.  The summary goes under the op's heading in the "
		"documentation mlir-tblgen -gen-op-doc generates; a trailing period or "
		"a second line reads wrong there.  mlir-tblgen accepts either, so this "
		"is a note.\n\n"
		"The summary is taken without its surrounding white space, so "
		"`let summary = [{ ... }];` on several source lines is fine when the "
		"text is one line.  Closing brackets and quotes are not punctuation "
		"here.  A summary set in a class is reported once, at its `let`.",
	.example_lang = "tablegen",
	.bad_example =
		"def My_AddOp : My_Op<\"add\"> {\n"
		"  let summary = \"Adds two integers.\";\n"
		"}\n",
	.good_example =
		"def My_AddOp : My_Op<\"add\"> {\n"
		"  let summary = \"integer addition\";\n"
		"  let description = [{ Adds two integers. }];\n"
		"}\n",
	.tags = tags,
	.precision = RULE_PREC_VERY_HIGH,
	.flags = 0,
	.check = check_ods_summary_style,
};
