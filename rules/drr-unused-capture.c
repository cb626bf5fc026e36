/*
 * drr-unused-capture.c -- rule `drr-unused-capture`: a symbol `$x` bound
 * in a DRR source pattern that nothing reads: no result pattern, no
 * constraint, no second binding of the same name (an equality).
 *
 * DeclarativeRewrites.md ("Matching DAG of operations"): "`$_` is a
 * special symbol to mean ignore capturing an argument", and a constraint
 * can be placed without binding a symbol (`F32Attr` instead of
 * `F32Attr:$x`).  A name that is bound and then not used either is one of
 * those, or is the sign of a slip: the result uses a different symbol than
 * the one meant (one that is bound too, so unbound-variable stays quiet),
 * or a constraint was meant to read it.  mlir-tblgen-16 accepts it; the
 * generated matcher captures the value for nothing.
 *
 * What counts as a use: a REF node of that name anywhere in the result
 * trees, in a constraint's arguments, or in another binding's tree; the
 * name bound more than once in the source (the values must be equal).
 * Only names bound in the source pattern are checked: a name on a result
 * op documents what it builds.
 */
#include "config.h"
#include "rules/rule.h"

#include <string.h>

#include "analyzer/model.h"

#define UC_MAX_DEPTH 256

struct uc {
	struct pl_vec source;   /* nodes of the match tree */
	struct pl_vec used;     /* names read (interned: compared with strcmp anyway) */
};

static bool vec_has(const struct pl_vec *v, const void *p)
{
	for (size_t i = 0; i < v->len; i++)
		if (v->items[i] == p)
			return true;
	return false;
}

static bool name_used(const struct pl_vec *used, const char *name)
{
	for (size_t i = 0; i < used->len; i++)
		if (strcmp(used->items[i], name) == 0)
			return true;
	return false;
}

static void collect_source(struct uc *u, const struct model_node *n, unsigned depth)
{
	if (!n || depth > UC_MAX_DEPTH || vec_has(&u->source, n))
		return;
	pl_vec_push(&u->source, (void *)n);
	for (unsigned i = 0; i < n->n_args; i++)
		collect_source(u, n->args[i], depth + 1);
}

static void collect_uses(struct uc *u, const struct model_node *n, unsigned depth)
{
	if (!n || depth > UC_MAX_DEPTH)
		return;
	if (n->kind == MODEL_NODE_REF && n->ref && *n->ref)
		pl_vec_push(&u->used, (void *)n->ref);
	for (unsigned i = 0; i < n->n_args; i++)
		collect_uses(u, n->args[i], depth + 1);
	for (unsigned i = 0; i < n->n_result_types; i++)
		collect_uses(u, n->result_types[i], depth + 1);
}

static void check_pattern(struct rule_ctx *ctx, const struct model_pattern *p)
{
	struct uc u = {{0}, {0}};

	collect_source(&u, p->match, 0);
	for (unsigned k = 0; k < p->n_actions; k++)
		for (unsigned v = 0; v < p->actions[k].n_values; v++)
			collect_uses(&u, p->actions[k].values[v], 0);
	for (unsigned k = 0; k < p->n_constraints; k++) {
		const struct model_constraint *c = &p->constraints[k];
		for (unsigned a = 0; a < c->n_args; a++)
			if (c->args[a])
				pl_vec_push(&u.used, (void *)c->args[a]);
		for (unsigned r = 0; r < c->n_refs; r++)
			collect_uses(&u, c->refs[r], 0);
	}
	for (unsigned k = 0; k < p->n_bindings; k++)
		if (!vec_has(&u.source, p->bindings[k].node))
			collect_uses(&u, p->bindings[k].node, 0);

	for (unsigned k = 0; k < p->n_bindings; k++) {
		const struct model_binding *b = &p->bindings[k];
		if (!b->name || !*b->name || strcmp(b->name, "_") == 0 || !vec_has(&u.source, b->node))
			continue;
		if (name_used(&u.used, b->name))
			continue;
		bool twice = false;
		for (unsigned j = 0; j < p->n_bindings && !twice; j++)
			twice = j != k && p->bindings[j].name && strcmp(p->bindings[j].name, b->name) == 0;
		if (twice)
			continue;
		const struct model_node *n = b->node;
		struct pl_diag *d;
		if (n->kind == MODEL_NODE_OP)
			d = rule_report_begin(ctx, b->span,
			                      "'$%s' is bound to an op of the source pattern but never used; "
			                      "leave the op unnamed", b->name);
		else if (n->constraint && !n->constant)
			d = rule_report_begin(ctx, b->span,
			                      "'$%s' is bound but never used; write '%s' alone to keep the "
			                      "constraint without capturing", b->name, n->constraint);
		else
			d = rule_report_begin(ctx, b->span,
			                      "'$%s' is bound but never used; write '$_' to ignore the value",
			                      b->name);
		if (p->span.file && (p->span.file != b->span.file || p->span.line != b->span.line)) {
			if (p->name)
				rule_note(ctx, d, p->span, "in pattern '%s'", p->name);
			else
				rule_note(ctx, d, p->span, "in this pattern");
		}
		rule_about(ctx, d, p);
		rule_report_end(ctx, d);
	}
	pl_vec_free(&u.source);
	pl_vec_free(&u.used);
}

static void check_drr_unused_capture(struct rule_ctx *ctx)
{
	if (!ctx->model)
		return;
	for (unsigned i = 0, np = model_pattern_count(ctx->model); i < np; i++) {
		const struct model_pattern *p = model_pattern_at(ctx->model, i);
		if (p->origin == MODEL_ORIGIN_DRR && p->match)
			check_pattern(ctx, p);
	}
}

static const char *const tags[] = {"maintainability", NULL};

const struct rule rule_drr_unused_capture = {
	.id = "drr-unused-capture",
	.summary = "a symbol bound in a DRR source pattern is never used",
	.severity = PL_SEV_NOTE,
	.help =
		"A `$x` in a DRR source pattern captures the operand, attribute or op "
		"it is attached to so that result patterns and constraints can refer "
		"to it.  DeclarativeRewrites.md provides `$_` to match an argument "
		"without capturing it, and a bare constraint (`F32Attr` rather than "
		"`F32Attr:$x`) to constrain it without a name.  A symbol that is bound "
		"and read nowhere -- not in a result pattern, not in a constraint, not "
		"bound a second time to ask for equal values -- is either one of those "
		"or a slip: the result refers to another bound symbol than the one "
		"meant, which no other check notices.\n\n"
		"mlir-tblgen-16 accepts it.  Only symbols of the source pattern are "
		"reported; a name on an op built by a result pattern is documentation.  "
		"Off by default (names are often kept as documentation): enable it "
		"with --enable=drr-unused-capture or in .patlint.toml.",
	.example_lang = "tablegen",
	.bad_example =
		"def KeepLhs : Pat<(My_AndOp $lhs, $rhs, $flags),\n"
		"                  (replaceWithValue $lhs)>;\n",
	.good_example =
		"def KeepLhs : Pat<(My_AndOp $lhs, $_, $_),\n"
		"                  (replaceWithValue $lhs)>;\n",
	.tags = tags,
	.precision = RULE_PREC_HIGH,
	.flags = RULE_OFF_BY_DEFAULT,
	.check = check_drr_unused_capture,
};
