/*
 * drr-native-call-placeholders.c -- rule `drr-native-call-placeholders`: a
 * NativeCodeCall whose C++ template uses a positional placeholder `$N` for
 * which the pattern passes no argument.
 *
 * Facts (MLIR 16's mlir/lib/TableGen/Format.cpp and RewriterGen.cpp,
 * re-expressed; DeclarativeRewrites.md "NativeCodeCall placeholders"):
 *   - in the template, `$$` is a literal `$`; `$` and digits is positional
 *     placeholder N; `$N...` is the range of arguments N, N+1, ... (comma
 *     separated); `$` and an identifier is a special placeholder
 *     ($_builder, $_self, $_loc, ...);
 *   - in a result pattern the arguments are the dag's arguments without
 *     its trailing `location` / `returnType` directives; in the source
 *     pattern they are all the dag's arguments (the captures the call
 *     writes), and a bare NativeCodeCall leaf has none;
 *   - a placeholder past the last argument is not an error for
 *     mlir-tblgen-16: it writes `$N<no-subst-found>` into the generated
 *     C++, which then does not compile.
 * An argument the template never uses is not reported: it compiles, and
 * some calls take an argument only to order or bind things.
 */
#include "config.h"
#include "rules/rule.h"

#include <ctype.h>
#include <string.h>

#include "analyzer/model.h"

#define NCP_MAX_DEPTH 256

struct ncp {
	struct rule_ctx *ctx;
	const struct model_pattern *p;
	struct pl_vec seen;     /* NATIVE nodes checked (shared subtrees) */
};

/* The highest positional placeholder the template uses (a range `$N...`
 * counts as N), or -1 for none. */
static long max_placeholder(const char *t)
{
	long max = -1;

	for (const char *s = t; s && (s = strchr(s, '$')) != NULL;) {
		if (s[1] == '$') {
			s += 2;
			continue;
		}
		s++;
		if (!isdigit((unsigned char)*s))
			continue;
		long v = 0;
		while (isdigit((unsigned char)*s)) {
			if (v < 1000000)
				v = v * 10 + (*s - '0');
			s++;
		}
		if (v > max)
			max = v;
	}
	return max;
}

/* A trailing `location` / `returnType` directive of a result NativeCodeCall. */
static bool trailing_directive(const struct model_node *a)
{
	return a && a->kind == MODEL_NODE_DIRECTIVE && a->directive &&
	       (strcmp(a->directive, "location") == 0 || strcmp(a->directive, "returnType") == 0);
}

static void check_native(struct ncp *x, const struct model_node *n, bool in_source)
{
	for (size_t i = 0; i < x->seen.len; i++)
		if (x->seen.items[i] == n)
			return;
	pl_vec_push(&x->seen, (void *)n);

	unsigned avail = n->n_args;
	if (!in_source)
		while (avail > 0 && trailing_directive(n->args[avail - 1]))
			avail--;
	long max = max_placeholder(n->directive);
	if (max < (long)avail)
		return;
	const char *name = n->constraint ? n->constraint : "NativeCodeCall";
	struct pl_diag *d;
	if (avail == 0)
		d = rule_report_begin(x->ctx, n->span,
		                      "NativeCodeCall '%s' uses placeholder $%ld but is given no argument",
		                      name, max);
	else
		d = rule_report_begin(x->ctx, n->span,
		                      "NativeCodeCall '%s' uses placeholder $%ld but is given %u argument%s "
		                      "($0..$%u)", name, max, avail, avail == 1 ? "" : "s", avail - 1);
	rule_note(x->ctx, d, n->span, "mlir-tblgen-16 writes '$%ld<no-subst-found>' into the generated "
	          "C++ for it: '%s'", max, n->directive);
	const struct model_pattern *p = x->p;
	if (p->span.file && (p->span.file != n->span.file || p->span.line != n->span.line)) {
		if (p->name)
			rule_note(x->ctx, d, p->span, "in pattern '%s'", p->name);
		else
			rule_note(x->ctx, d, p->span, "in this pattern");
	}
	rule_about(x->ctx, d, p);
	rule_report_end(x->ctx, d);
}

static void walk(struct ncp *x, const struct model_node *n, bool in_source, unsigned depth)
{
	if (!n || depth > NCP_MAX_DEPTH)
		return;
	if (n->kind == MODEL_NODE_NATIVE && n->directive)
		check_native(x, n, in_source);
	for (unsigned i = 0; i < n->n_args; i++)
		walk(x, n->args[i], in_source, depth + 1);
	for (unsigned i = 0; i < n->n_result_types; i++)
		walk(x, n->result_types[i], in_source, depth + 1);
}

static void check_drr_native_call_placeholders(struct rule_ctx *ctx)
{
	if (!ctx->model)
		return;
	for (unsigned i = 0, np = model_pattern_count(ctx->model); i < np; i++) {
		struct ncp x = {ctx, model_pattern_at(ctx->model, i), {0}};
		const struct model_pattern *p = x.p;
		if (p->origin != MODEL_ORIGIN_DRR)
			continue;
		walk(&x, p->match, true, 0);
		for (unsigned k = 0; k < p->n_actions; k++)
			for (unsigned v = 0; v < p->actions[k].n_values; v++)
				walk(&x, p->actions[k].values[v], false, 0);
		pl_vec_free(&x.seen);
	}
}

static const char *const tags[] = {"correctness", "build", NULL};

const struct rule rule_drr_native_call_placeholders = {
	.id = "drr-native-call-placeholders",
	.summary = "a NativeCodeCall template uses a $N placeholder the pattern gives no argument for",
	.severity = PL_SEV_ERROR,
	.help =
		"In a NativeCodeCall's C++ template, `$0`, `$1`, ... stand for the "
		"arguments the pattern passes to the call, in order (`$N...` for all "
		"of them from N on).  In a result pattern those are the dag's "
		"arguments before any trailing `location` or `returnType` directive; "
		"in the source pattern they are the values the call captures.\n\n"
		"mlir-tblgen-16 does not check the count: a placeholder with no "
		"argument behind it is written into the generated C++ as "
		"`$N<no-subst-found>`, which does not compile.  Usually the call is "
		"given too few arguments, or the template counts from 1.  `$$` is a "
		"literal dollar sign.",
	.example_lang = "tablegen",
	.bad_example =
		"def MakePair : NativeCodeCall<\"makePair($_builder, $0, $1)\">;\n"
		"def UsePair : Pat<(My_FooOp $a, $b), (My_BarOp (MakePair $a))>;\n",
	.good_example =
		"def MakePair : NativeCodeCall<\"makePair($_builder, $0, $1)\">;\n"
		"def UsePair : Pat<(My_FooOp $a, $b), (My_BarOp (MakePair $a, $b))>;\n",
	.tags = tags,
	.precision = RULE_PREC_VERY_HIGH,
	.flags = 0,
	.check = check_drr_native_call_placeholders,
};
