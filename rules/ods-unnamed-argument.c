/*
 * ods-unnamed-argument.c -- rule `ods-unnamed-argument`: an operand or
 * attribute of an op declared without a `$name`.
 *
 * OpDefinitions.md ("Operation arguments"): "All the arguments should be
 * named to 1) provide documentation, 2) drive auto-generation of getter
 * methods, 3) provide a handle to reference for other places like
 * constraints".  An unnamed operand gets no getter, no name in the
 * generated builders' parameters and no `$name` for the assembly format;
 * mlir-tblgen-16 accepts it.  An unnamed attribute it rejects ("attributes
 * must be named", in -gen-op-decls/-defs/-doc and wherever a pattern uses
 * the op).  Results are not checked: the requirement is the arguments',
 * and an unnamed single result is the usual idiom (OneResult's getResult;
 * the Toy tutorial's ops are written so).
 *
 * An argument list set in a class is reported once per entry, at the
 * class's `let`, for the first op that inherits it.  The ops defined in the
 * run's .td inputs are checked (model_op.in_input); an op of an included
 * file only where a DRR pattern uses it and has an unnamed attribute (then
 * mlir-tblgen-16 -gen-rewriters rejects the pattern file), at the pattern's
 * use.  Derived attributes are named by their field.
 */
#include "config.h"
#include "rules/rule.h"

#include <stdint.h>
#include <stdlib.h>

#include "analyzer/model.h"

/* An argument reported: where, which entry of the list, what it is.  An
 * op argument has no span of its own (parsers/ods.c): the entries of one
 * `let arguments` share the span of the `let`, which a class may set from
 * a template argument, so the constraint tells different lists apart. */
struct ua_key {
	uint32_t file, off;
	unsigned idx;
	const char *constraint;   /* interned */
};

struct ua_seen {
	struct ua_key *keys;
	size_t n, cap;
};

/* Record key; false when it was recorded already. */
static bool first_time(struct ua_seen *seen, struct ua_key k)
{
	for (size_t i = 0; i < seen->n; i++)
		if (seen->keys[i].file == k.file && seen->keys[i].off == k.off &&
		    seen->keys[i].idx == k.idx && seen->keys[i].constraint == k.constraint)
			return false;
	if (seen->n == seen->cap) {
		seen->cap = seen->cap ? seen->cap * 2 : 16;
		seen->keys = pl_xrealloc(seen->keys, seen->cap * sizeof(*seen->keys));
	}
	seen->keys[seen->n++] = k;
	return true;
}

static bool unnamed(const struct model_op_arg *a)
{
	return !a->name || !*a->name;
}

static void report(struct rule_ctx *ctx, struct ua_seen *seen, const struct model_op *op,
                   const struct model_op_arg *a, unsigned idx)
{
	struct pl_span at = a->span.file ? a->span : op->span;
	struct ua_key key = {at.file, at.off, idx, a->constraint};

	if (!first_time(seen, key))
		return;
	const char *c = a->constraint ? a->constraint : "?";
	if (a->kind == MODEL_ARG_ATTRIBUTE)
		rule_report(ctx, at,
		            "argument #%u of op '%s' (attribute %s) has no name; mlir-tblgen-16 "
		            "rejects it: attributes must be named", idx, op->name, c);
	else
		rule_report(ctx, at, "argument #%u of op '%s' (operand %s) has no name", idx, op->name, c);
}

/* DRR pattern p uses, at node n or below, an op of an included file with
 * an unnamed attribute: report each such use once. */
static void check_uses(struct rule_ctx *ctx, struct ua_seen *seen, const struct model_pattern *p,
                       const struct model_node *n)
{
	if (!n)
		return;
	const struct model_op *op = n->kind == MODEL_NODE_OP ? n->op : NULL;
	if (op && op->fill)
		op = model_op_ready(ctx->model, (struct model_op *)op);
	for (unsigned k = 0; op && !op->in_input && k < op->n_args; k++) {
		const struct model_op_arg *a = op->args[k];
		if (a->kind != MODEL_ARG_ATTRIBUTE || !unnamed(a) || a->derived)
			continue;
		struct ua_key key = {n->span.file, n->span.off, k, a->constraint};
		if (!first_time(seen, key))
			continue;
		struct pl_diag *d = rule_report_begin(
			ctx, n->span,
			"pattern '%s' uses op '%s', whose argument #%u (attribute %s) has no name; "
			"mlir-tblgen-16 -gen-rewriters rejects it: attributes must be named",
			p->name ? p->name : "<anonymous>", op->name, k, a->constraint ? a->constraint : "?");
		rule_note(ctx, d, a->span.file ? a->span : op->span, "the arguments of '%s' are declared here", op->name);
		rule_report_end(ctx, d);
		return; /* one report per use of the op */
	}
	for (unsigned i = 0; i < n->n_args; i++)
		check_uses(ctx, seen, p, n->args[i]);
}

static void check_ods_unnamed_argument(struct rule_ctx *ctx)
{
	struct ua_seen seen = {NULL, 0, 0};

	if (!ctx->model)
		return;
	for (unsigned i = 0, n = model_input_op_count(ctx->model); i < n; i++) {
		const struct model_op *op = model_input_op_at(ctx->model, i);
		if (!op)
			continue;
		for (unsigned k = 0; k < op->n_args; k++)
			if (unnamed(op->args[k]) && !op->args[k]->derived)
				report(ctx, &seen, op, op->args[k], k);
	}
	for (unsigned i = 0, n = model_pattern_count(ctx->model); i < n; i++) {
		const struct model_pattern *p = model_pattern_at(ctx->model, i);
		if (p->origin != MODEL_ORIGIN_DRR)
			continue;
		check_uses(ctx, &seen, p, p->match);
		for (unsigned a = 0; a < p->n_actions; a++)
			for (unsigned v = 0; v < p->actions[a].n_values; v++)
				check_uses(ctx, &seen, p, p->actions[a].values[v]);
	}
	free(seen.keys);
}

static const char *const tags[] = {"maintainability", "style", NULL};

const struct rule rule_ods_unnamed_argument = {
	.id = "ods-unnamed-argument",
	.summary = "an op's operand or attribute has no $name",
	.severity = PL_SEV_WARNING,
	.help =
		"OpDefinitions.md asks for every argument of an op to be named: the "
		"name documents it, drives the generated getters and builder "
		"parameters, and gives constraints, the assembly format and patterns a "
		"handle on it.  An unnamed operand gets no accessor, so C++ code has to "
		"index getOperand(i) by position.\n\n"
		"mlir-tblgen-16 accepts an unnamed operand, but rejects an unnamed "
		"attribute (\"attributes must be named\") when it generates the op's "
		"declarations, definitions or documentation, or a pattern that uses "
		"the op.  Results are not checked: an unnamed single result is the "
		"usual idiom.  patlint checks the ops defined in its .td inputs; an op "
		"of an included file only where a DRR pattern uses it and one of its "
		"attributes has no name, at that use (mlir-tblgen-16 -gen-rewriters "
		"rejects the pattern file).",
	.example_lang = "tablegen",
	.bad_example =
		"def My_SelectOp : My_Op<\"select\"> {\n"
		"  let arguments = (ins I1:$cond, AnyType, AnyType);\n"
		"  let results = (outs AnyType);\n"
		"}\n",
	.good_example =
		"def My_SelectOp : My_Op<\"select\"> {\n"
		"  let arguments = (ins I1:$cond, AnyType:$true_value, AnyType:$false_value);\n"
		"  let results = (outs AnyType);\n"
		"}\n",
	.tags = tags,
	.precision = RULE_PREC_VERY_HIGH,
	.flags = 0,
	.check = check_ods_unnamed_argument,
};
