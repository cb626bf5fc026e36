/*
 * missing-result-type-builder.c -- rule `missing-result-type-builder`: an
 * op built in a rewrite whose result types nothing provides, so the C++
 * that mlir-tblgen-16 generates does not compile (DRR), or the PDL
 * verifier rejects the pattern when it is loaded (PDLL).
 *
 * DRR (facts from MLIR 16's RewriterGen.cpp handleOpCreation, and
 * OpDefinitionsGen.cpp's builders, re-expressed):
 *   - with a trailing `returnType`, the op is built through the collective
 *     builder (types, values, attributes): fine;
 *   - else with SameOperandsAndResultType or FirstAttrDerivedResultType,
 *     through the (values, attributes) builder ODS generates for them:
 *     fine;
 *   - else a top-level replacement of the root (not bound with `__N`)
 *     takes the root's result types: fine;
 *   - else (auxiliary op, nested op, op bound with `$x__N`) the call is
 *     `rewriter.create<Op>(loc, arg0, ..., argN-1)` with one argument per
 *     ODS argument.  A builder taking that exists when ODS generates its
 *     separate-parameter builder without result types -- the op has no
 *     results, or has the InferTypeOpInterface trait (declared, or added
 *     by ODS when all result types are known: model_op.infers_result_types
 *     from parsers/ods.c) -- and default builders are not skipped; or when
 *     a custom builder without Type parameters takes N arguments.
 *     Otherwise the C++ does not compile.
 * PDLL (facts from MLIR 16's PDLL parser and PDL dialect verifier): an
 * operation expression in a rewrite with no `-> (...)` list infers its
 * result types.  That works when it replaces a matched op (written in
 * `replace ... with`, or bound by `let` and used there), when the op has
 * no fixed-size result, or when it implements InferTypeOpInterface (as
 * above); otherwise mlir-pdll-16 only warns, and the PDL verifier rejects
 * the pattern once the op is registered ("must have inferable or
 * constrained result types when nested within `pdl.rewrite`").  Ops
 * without ODS are left to the frontend's warning.
 */
#include "config.h"
#include "rules/rule.h"

#include <ctype.h>
#include <string.h>

#include "analyzer/model.h"

#define MRT_MAX_DEPTH 256

static bool has_trait(const struct model_op *op, const char *name)
{
	for (unsigned i = 0; i < op->n_traits; i++)
		if (strcmp(op->traits[i], name) == 0)
			return true;
	return false;
}

static bool infers(const struct model_op *op)
{
	return op->infers_result_types || op->has_infer_type_interface;
}

/* Bound as `$x__N`: DRR builds it with partial results. */
static bool bound_partially(const char *bind)
{
	const char *us = NULL;
	if (!bind)
		return false;
	for (const char *s = strstr(bind, "__"); s; s = strstr(s + 1, "__"))
		us = s;
	return us && isdigit((unsigned char)us[2]);
}

/* Can `rewriter.create<Op>(loc, arg0, ..., argN-1)` compile? */
static bool separate_builder_exists(const struct model_op *op)
{
	if (!op->skip_default_builders && (op->n_results == 0 || infers(op)))
		return true;
	for (unsigned i = 0; i < op->n_builders; i++) {
		const struct model_builder *b = &op->builders[i];
		unsigned required = 0;
		for (unsigned k = 0; k < b->n_params; k++)
			if (!b->param_defaults || !b->param_defaults[k])
				required = k + 1;
		if (b->infers_types && required <= op->n_args && op->n_args <= b->n_params)
			return true;
	}
	return false;
}

static void report(struct rule_ctx *ctx, const struct model_pattern *p, const struct model_node *n,
                   const char *why, const char *fix)
{
	const struct model_op *op = n->op;
	struct pl_diag *d = rule_report_begin(ctx, n->span, "the result types of '%s' cannot be deduced: %s",
	                                      op->name, why);
	if (op->span.file && p->origin == MODEL_ORIGIN_DRR)
		rule_note(ctx, d, op->span,
		          "'%s' has no SameOperandsAndResultType, no InferTypeOpInterface (declared or "
		          "inferred by ODS from its result constraints) and no builder without result types",
		          op->name);
	else if (op->span.file)
		rule_note(ctx, d, op->span,
		          "'%s' does not implement InferTypeOpInterface (declared or inferred by ODS from its "
		          "result constraints)", op->name);
	if (p->span.file && (p->span.file != n->span.file || p->span.line != n->span.line)) {
		if (p->name)
			rule_note(ctx, d, p->span, "in pattern '%s'; %s", p->name, fix);
		else
			rule_note(ctx, d, p->span, "in this pattern; %s", fix);
	}
	rule_about(ctx, d, p);
	rule_report_end(ctx, d);
}

/* ---- DRR --------------------------------------------------------------- */

static void drr_walk(struct rule_ctx *ctx, const struct model_pattern *p, const struct model_node *n,
                     unsigned depth, bool replaces_root)
{
	if (!n || depth > MRT_MAX_DEPTH || n->kind == MODEL_NODE_REF)
		return;
	if (n->kind == MODEL_NODE_OP && n->op) {
		const struct model_op *op = n->op;
		bool deduced = n->result_types_given || has_trait(op, "SameOperandsAndResultType") ||
		               has_trait(op, "FirstAttrDerivedResultType") ||
		               (depth == 0 && replaces_root && !bound_partially(n->bind)) ||
		               separate_builder_exists(op);
		if (!deduced) {
			const char *where = depth > 0 ? "it is built as an argument of another op or call"
			                    : replaces_root ? "it is bound with `__N`, so it is built apart from the root's replacement"
			                    : "it is an auxiliary op, not the replacement of the root";
			char why[512];
			snprintf(why, sizeof why,
			         "%s, so the generated C++ calls rewriter.create<%s>(loc, <%u argument%s>), "
			         "which no builder of '%s' accepts",
			         where, op->cpp_class ? op->cpp_class : op->name, op->n_args,
			         op->n_args == 1 ? "" : "s", op->name);
			report(ctx, p, n, why, "give its result types with (returnType ...)");
		}
	}
	for (unsigned i = 0; i < n->n_args; i++)
		drr_walk(ctx, p, n->args[i], depth + 1, false);
}

/* ---- PDLL -------------------------------------------------------------- */

/* Is n (or the name it is bound to) a value of a `replace` action? */
static bool pdll_replaces(const struct model_pattern *p, const struct model_node *n)
{
	for (unsigned k = 0; k < p->n_actions; k++) {
		const struct model_action *a = &p->actions[k];
		if (a->kind != MODEL_ACT_REPLACE)
			continue;
		for (unsigned v = 0; v < a->n_values; v++) {
			const struct model_node *x = a->values[v];
			if (x == n)
				return true;
			if (x && x->kind == MODEL_NODE_REF && n->bind && x->ref && strcmp(x->ref, n->bind) == 0)
				return true;
		}
	}
	return false;
}

static void pdll_walk(struct rule_ctx *ctx, const struct model_pattern *p, const struct model_node *n,
                      unsigned depth)
{
	if (!n || depth > MRT_MAX_DEPTH || n->kind == MODEL_NODE_REF)
		return;
	if (n->kind == MODEL_NODE_OP && n->op && !n->result_types_given && !infers(n->op)) {
		bool fixed = false;
		for (unsigned i = 0; i < n->op->n_results; i++)
			if (!n->op->results[i].variadic && !n->op->results[i].optional &&
			    !n->op->results[i].variadic_of_variadic)
				fixed = true;
		if (fixed && !pdll_replaces(p, n))
			report(ctx, p, n,
			       "it is created in the rewrite without `-> (types)` and does not replace a matched op, "
			       "so the PDL verifier rejects the pattern once the op is registered "
			       "(mlir-pdll-16 only warns)",
			       "give its result types with `-> (types)`");
	}
	for (unsigned i = 0; i < n->n_args; i++)
		pdll_walk(ctx, p, n->args[i], depth + 1);
}

static void check_missing_result_type_builder(struct rule_ctx *ctx)
{
	if (!ctx->model)
		return;
	unsigned np = model_pattern_count(ctx->model);

	for (unsigned i = 0; i < np; i++) {
		const struct model_pattern *p = model_pattern_at(ctx->model, i);
		for (unsigned k = 0; k < p->n_actions; k++) {
			const struct model_action *a = &p->actions[k];
			if (a->kind != MODEL_ACT_CREATE && a->kind != MODEL_ACT_REPLACE &&
			    a->kind != MODEL_ACT_NATIVE)
				continue;
			for (unsigned v = 0; v < a->n_values; v++) {
				if (p->origin == MODEL_ORIGIN_DRR)
					drr_walk(ctx, p, a->values[v], 0, a->kind == MODEL_ACT_REPLACE);
				else
					pdll_walk(ctx, p, a->values[v], 0);
			}
		}
	}
}

static const char *const tags[] = {"correctness", "build", NULL};

const struct rule rule_missing_result_type_builder = {
	.id = "missing-result-type-builder",
	.summary = "an op built in a rewrite has result types that cannot be deduced",
	.severity = PL_SEV_ERROR,
	.help =
		"DRR builds an op that does not replace the matched root (an auxiliary "
		"op, an op nested as an argument, or one bound with `$x__N`) by calling "
		"its builder without result types, rewriter.create<Op>(loc, arg0, ...).  "
		"That builder exists only when ODS can deduce the result types: the op "
		"has no results, SameOperandsAndResultType, FirstAttrDerivedResultType, "
		"or InferTypeOpInterface -- declared, or added by ODS because every "
		"result type is known from buildable types or AllTypesMatch / "
		"TypesMatchWith ties (and only when InferTypeOpInterface.td is "
		"included) -- or a custom builder without Type parameters takes that "
		"many arguments.  Otherwise mlir-tblgen-16 -gen-rewriters accepts the "
		"pattern but its C++ fails to compile (DeclarativeRewrites.md, "
		"\"Building operations\").\n\n"
		"In PDLL, an operation created in a rewrite without `-> (types)` infers "
		"its result types; when it replaces no matched op and does not implement "
		"InferTypeOpInterface, mlir-pdll-16 only warns, and the PDL verifier "
		"rejects the pattern when it is loaded.\n\n"
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
	.flags = 0,
	.check = check_missing_result_type_builder,
};
