/*
 * unbound-variable.c -- rule `unbound-variable`: a name used in a rewrite,
 * a constraint or the match that no binding of the pattern provides, or
 * that is used before the binding that provides it.
 *
 * The frontends keep every such use in the model as a REF node with
 * `unresolved` set (parsers/drr.c: an unbound `$x`, or a result symbol
 * referenced before its op is built; parsers/pdll: a name not in scope
 * inside a Pattern) and report nothing themselves, so the defect is
 * reported once, under this rule's id.  A REF whose name no binding of
 * the pattern carries is treated the same way, whatever set the flag.
 *
 * The finding suggests the bound name closest to the one written (optimal
 * string alignment distance: edits and adjacent transpositions), when it
 * is close enough to be a likely typo.
 */
#include "config.h"
#include "rules/rule.h"

#include <string.h>

#include "analyzer/model.h"

#define UV_MAX_DEPTH 256   /* tree recursion limit */
#define UV_MAX_NAME 64     /* longer names get no suggestion */

struct uv {
	struct rule_ctx *ctx;
	const struct model_pattern *p;
	struct pl_vec seen;     /* REF nodes reported already (shared subtrees) */
};

static const struct model_binding *find_binding(const struct model_pattern *p, const char *name)
{
	for (unsigned i = 0; i < p->n_bindings; i++)
		if (p->bindings[i].name && strcmp(p->bindings[i].name, name) == 0)
			return &p->bindings[i];
	return NULL;
}

/* Optimal string alignment distance between a and b (both at most
 * UV_MAX_NAME bytes). */
static unsigned osa_distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);
	unsigned d[UV_MAX_NAME + 1][UV_MAX_NAME + 1];

	for (size_t i = 0; i <= n; i++)
		d[i][0] = (unsigned)i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = (unsigned)j;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			unsigned cost = a[i - 1] != b[j - 1];
			unsigned v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[n][m];
}

/* The binding whose name is closest to name, or NULL when none is within
 * half the name's length (at least one edit): a typo, not another name. */
static const struct model_binding *closest_binding(const struct model_pattern *p, const char *name)
{
	const struct model_binding *best = NULL;
	unsigned best_d = 0;
	size_t len = strlen(name);
	unsigned limit = len / 2 ? (unsigned)(len / 2) : 1;

	if (len > UV_MAX_NAME)
		return NULL;
	for (unsigned i = 0; i < p->n_bindings; i++) {
		const char *b = p->bindings[i].name;
		if (!b || !*b || strcmp(b, "_") == 0 || strlen(b) > UV_MAX_NAME || strcmp(b, name) == 0)
			continue;
		unsigned dist = osa_distance(name, b);
		if (dist <= limit && (!best || dist < best_d)) {
			best = &p->bindings[i];
			best_d = dist;
		}
	}
	return best;
}

static void check_ref(struct uv *u, const struct model_node *n)
{
	const struct model_pattern *p = u->p;
	const char *name = n->ref ? n->ref : "";
	const char *sigil = p->origin == MODEL_ORIGIN_DRR ? "$" : "";
	const struct model_binding *b = *name ? find_binding(p, name) : NULL;

	if (!n->unresolved && (!*name || b))
		return;
	for (size_t i = 0; i < u->seen.len; i++)
		if (u->seen.items[i] == n)
			return;
	pl_vec_push(&u->seen, (void *)n);

	struct pl_diag *d;
	if (b) {
		d = rule_report_begin(u->ctx, n->span, "'%s%s' is used before it is bound", sigil, name);
		rule_note(u->ctx, d, b->span.file ? b->span : p->span, "'%s%s' is bound here, later", sigil,
		          name);
	} else if (!*name) {
		/* a DRR result leaf without $name: mlir-tblgen-16 looks the
		 * symbol '' up ("referencing unbound symbol ''") */
		d = rule_report_begin(u->ctx, n->span, "this leaf has no name, so it refers to no bound symbol");
	} else {
		const struct model_binding *c = closest_binding(p, name);
		if (c) {
			d = rule_report_begin(u->ctx, n->span, "'%s%s' is not bound by the pattern; did you mean '%s%s'?",
			                      sigil, name, sigil, c->name);
			if (c->span.file)
				rule_note(u->ctx, d, c->span, "'%s%s' is bound here", sigil, c->name);
		} else {
			d = rule_report_begin(u->ctx, n->span, "'%s%s' is not bound by the pattern", sigil, name);
		}
	}
	if (p->span.file && (p->span.file != n->span.file || p->span.line != n->span.line)) {
		if (p->name)
			rule_note(u->ctx, d, p->span, "in pattern '%s'", p->name);
		else
			rule_note(u->ctx, d, p->span, "in this pattern");
	}
	rule_about(u->ctx, d, p);
	rule_report_end(u->ctx, d);
}

static void walk(struct uv *u, const struct model_node *n, unsigned depth)
{
	if (!n || depth > UV_MAX_DEPTH)
		return;
	if (n->kind == MODEL_NODE_REF)
		check_ref(u, n);
	for (unsigned i = 0; i < n->n_args; i++)
		walk(u, n->args[i], depth + 1);
	for (unsigned i = 0; i < n->n_result_types; i++)
		walk(u, n->result_types[i], depth + 1);
}

static void check_unbound_variable(struct rule_ctx *ctx)
{
	if (!ctx->model)
		return;
	unsigned np = model_pattern_count(ctx->model);

	for (unsigned i = 0; i < np; i++) {
		struct uv u = {ctx, model_pattern_at(ctx->model, i), {0}};
		const struct model_pattern *p = u.p;
		walk(&u, p->match, 0);
		for (unsigned k = 0; k < p->n_constraints; k++)
			for (unsigned r = 0; r < p->constraints[k].n_refs; r++)
				walk(&u, p->constraints[k].refs[r], 0);
		for (unsigned k = 0; k < p->n_actions; k++)
			for (unsigned v = 0; v < p->actions[k].n_values; v++)
				walk(&u, p->actions[k].values[v], 0);
		/* values bound by name only, e.g. a PDLL `let z = y.foo;` whose
		 * node is not part of the match tree */
		for (unsigned k = 0; k < p->n_bindings; k++)
			walk(&u, p->bindings[k].node, 0);
		pl_vec_free(&u.seen);
	}
}

static const char *const tags[] = {"correctness", NULL};

const struct rule rule_unbound_variable = {
	.id = "unbound-variable",
	.summary = "a name used in a pattern is not bound, or is used before it is bound",
	.severity = PL_SEV_ERROR,
	.help =
		"A symbol ($x in DRR, a variable in PDLL) used in the rewrite, in a "
		"constraint or in the match must be bound by the pattern, and bound "
		"before it is used.  mlir-tblgen-16 -gen-rewriters stops with "
		"\"referencing unbound symbol\" on a DRR symbol bound nowhere, and "
		"mlir-pdll-16 stops with \"undefined reference\" on a PDLL name not in "
		"scope; both stop at the first one.  patlint reports every one, with the "
		"closest bound name, which is usually the intended one.\n\n"
		"DRR also lets a result pattern name an op (`(Op:$tmp ...)`) that an "
		"earlier result pattern, or the op's own arguments, refer to.  "
		"mlir-tblgen-16 accepts that, but the generated C++ uses the op's "
		"variable before its declaration (a compile error) or while it is still "
		"null (a crash when the pattern fires); patlint reports it as used before "
		"it is bound.",
	.example_lang = "tablegen",
	.bad_example =
		"def SwapAdd : Pat<(My_AddOp $lhs, $rhs),\n"
		"                  (My_AddOp $rhs, $lsh)>;\n",
	.good_example =
		"def SwapAdd : Pat<(My_AddOp $lhs, $rhs),\n"
		"                  (My_AddOp $rhs, $lhs)>;\n",
	.tags = tags,
	.precision = RULE_PREC_VERY_HIGH,
	.flags = 0,
	.check = check_unbound_variable,
};
