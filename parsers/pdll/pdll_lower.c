/*
 * pdll_lower.c -- from a checked PDLL Pattern to a model_pattern, plus the
 * public entry points (pdll_load) and a debugging dump.
 *
 * The match tree is rooted at the operation of the pattern's final
 * `erase`/`replace`/`rewrite`.  Variables are lowered where first used, so
 * `let x: Value; ... op<a.b>(x)` puts x's node under the op; later uses are
 * REF nodes.  Constraint calls and user constraints on variables become
 * opaque native constraints over bound names.  The benefit is what
 * mlir-pdll-16 writes into `pdl.pattern`: the declared one, else 0 (not
 * the documented "number of matched operations").
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/intern.h"
#include "parsers/pdll/pdll_p.h"

struct var_node {
	struct pdll_decl *var;
	struct model_node *node;
};

struct lower {
	struct pdll_parser *p;
	struct model *m;
	struct pl_vec vars;    /* struct var_node *, lowered variables */
	struct pl_vec csts;    /* struct model_constraint * */
	struct pl_vec acts;    /* struct model_action * */
	struct pl_vec binds;   /* struct model_binding * */
	unsigned depth;
};

static struct model_node *lower_expr(struct lower *L, struct pdll_expr *e, bool rewrite);

static bool named(const struct pdll_decl *d)
{
	return d->name && d->name[0] && strcmp(d->name, "_") != 0;
}

static struct model_node *find_var(struct lower *L, struct pdll_decl *d)
{
	for (size_t i = 0; i < L->vars.len; i++) {
		struct var_node *vn = L->vars.items[i];
		if (vn->var == d)
			return vn->node;
	}
	return NULL;
}

static struct model_node **node_array(struct lower *L, unsigned n)
{
	return PL_NEW_ARRAY(model_arena(L->m), struct model_node *, n ? n : 1);
}

/* refs: the argument nodes (n of them), which rule unbound-variable
 * walks, or NULL when the arguments are names bound in the tree. */
static void add_native_cst(struct lower *L, const char *name, const char *code, const char **args,
                           struct model_node **refs, unsigned n, struct pl_span sp)
{
	struct model_constraint *c = PL_NEW(model_arena(L->m), struct model_constraint);
	c->kind = MODEL_CONSTRAINT_NATIVE;
	c->name = name;
	c->code = code;
	c->args = args;
	c->n_args = n;
	c->refs = refs;
	c->n_refs = refs ? n : 0;
	c->span = sp;
	pl_vec_push(&L->csts, c);
}

static const char *node_name(struct model_node *n)
{
	if (!n)
		return "";
	if (n->kind == MODEL_NODE_REF)
		return n->ref;
	return n->bind ? n->bind : "";
}

/* The node of a variable at its first use, a REF afterwards. */
static struct model_node *lower_var(struct lower *L, struct pdll_decl *d, struct pl_span use, bool rewrite)
{
	struct model_node *n = find_var(L, d);
	if (n) {
		if (!named(d))
			return n;
		struct model_node *r = model_node_new(L->m, MODEL_NODE_REF, use);
		r->ref = d->name;
		return r;
	}
	if (d->init) {
		n = lower_expr(L, d->init, rewrite);
	} else {
		enum model_node_kind k = MODEL_NODE_VALUE;
		switch (d->type->kind) {
		case PT_OP: k = MODEL_NODE_OP; break;
		case PT_ATTR: k = MODEL_NODE_ATTR; break;
		case PT_TYPE: case PT_TYPE_RANGE: k = MODEL_NODE_TYPE; break;
		case PT_VALUE_RANGE: k = MODEL_NODE_VARIADIC; break;
		default: break;
		}
		n = model_node_new(L->m, k, d->loc);
		if (k == MODEL_NODE_OP) {
			n->op_name = d->type->op_name;
			n->op = d->type->ods;
		}
	}
	if (!n)
		return NULL;
	struct var_node *vn = PL_NEW(model_arena(L->m), struct var_node);
	vn->var = d;
	vn->node = n;
	pl_vec_push(&L->vars, vn);
	if (named(d)) {
		if (!n->bind)
			n->bind = d->name;
		struct model_binding *b = PL_NEW(model_arena(L->m), struct model_binding);
		b->name = d->name;
		b->node = n;
		b->span = d->loc;
		pl_vec_push(&L->binds, b);
	}
	for (unsigned i = 0; i < d->n_csts; i++) {
		struct pdll_cref *c = &d->csts[i];
		if (c->kind == CR_USER) {
			const char **args = PL_NEW_ARRAY(model_arena(L->m), const char *, 1);
			args[0] = node_name(n);
			add_native_cst(L, c->user->name, c->user->code, args, NULL, 1, c->span);
			if (!n->constraint)
				n->constraint = c->user->name;
		} else if (c->type_expr) {
			struct model_node *t = lower_expr(L, c->type_expr, rewrite);
			if (t && n->n_result_types == 0) {
				n->result_types = node_array(L, 1);
				n->result_types[0] = t;
				n->n_result_types = 1;
				n->result_types_given = true;
			}
		}
	}
	return n;
}

static struct model_node *lower_op(struct lower *L, struct pdll_expr *e, bool rewrite)
{
	struct model_node *n = model_node_new(L->m, MODEL_NODE_OP, e->span);
	const struct model_op *ods = e->ods;
	unsigned na = 0;

	n->op_name = e->op_name;
	n->op = ods;
	n->args = node_array(L, e->n_args + e->n_attrs);
	n->arg_names = PL_NEW_ARRAY(model_arena(L->m), const char *, e->n_args + e->n_attrs + 1);
	for (unsigned i = 0; i < e->n_args; i++) {
		if (e->args[i]->implicit) {
			n->operands_any = true;
			continue;
		}
		struct model_node *a = lower_expr(L, e->args[i], rewrite);
		if (!a)
			continue;
		n->arg_names[na] = ods && ods->n_operands == e->n_args ? ods->operands[i].name : "";
		n->args[na++] = a;
	}
	n->n_operand_args = na;
	for (unsigned i = 0; i < e->n_attrs; i++) {
		struct model_node *a = lower_expr(L, e->attr_vals[i], rewrite);
		if (!a)
			continue;
		n->arg_names[na] = e->attr_names[i];
		n->args[na++] = a;
	}
	n->n_args = na;
	n->result_types = node_array(L, e->n_results);
	for (unsigned i = 0; i < e->n_results; i++) {
		if (e->results[i]->implicit)
			continue;
		struct model_node *t = lower_expr(L, e->results[i], rewrite);
		if (t)
			n->result_types[n->n_result_types++] = t;
	}
	n->result_types_given = !e->results_inferred && !(e->n_results == 1 && e->results[0]->implicit);
	return n;
}

static struct model_node *lower_expr(struct lower *L, struct pdll_expr *e, bool rewrite)
{
	struct model_node *n = NULL;

	if (!e || L->depth > PDLL_MAX_DEPTH * 2)
		return NULL;
	L->depth++;
	switch (e->kind) {
	case PE_ATTR:
	case PE_TYPE:
		n = model_node_new(L->m, e->kind == PE_ATTR ? MODEL_NODE_ATTR : MODEL_NODE_TYPE, e->span);
		n->constant = e->str;
		break;
	case PE_DECLREF:
		if (e->decl->unresolved) {
			/* a name not in scope at this use: rule unbound-variable */
			n = model_node_new(L->m, MODEL_NODE_REF, e->span);
			n->ref = e->decl->name;
			n->unresolved = true;
		} else if (e->decl->kind == PD_VAR) {
			n = lower_var(L, e->decl, e->span, rewrite);
		}
		break;
	case PE_ALLRESULTS:
		n = lower_expr(L, e->parent, rewrite);
		break;
	case PE_MEMBER: {
		struct model_node *parent = lower_expr(L, e->parent, rewrite);
		n = model_node_new(L->m, MODEL_NODE_VALUE, e->span);
		n->directive = e->str;
		if (parent) {
			n->args = node_array(L, 1);
			n->args[0] = parent;
			n->n_args = 1;
		}
		const struct pdll_type *pt = e->parent->type;
		unsigned idx = 0;
		if (e->str[0] >= '0' && e->str[0] <= '9')
			idx = (unsigned)strtoul(e->str, NULL, 10);
		else if (pt->kind == PT_OP && pt->ods)
			for (unsigned i = 0; i < pt->ods->n_results; i++)
				if (strcmp(pt->ods->results[i].name, e->str) == 0)
					idx = i;
		n->result_index = idx;
		break;
	}
	case PE_OP:
		n = lower_op(L, e, rewrite);
		break;
	case PE_CALL: {
		struct pdll_decl *c = e->parent->decl;
		n = model_node_new(L->m, MODEL_NODE_NATIVE, e->span);
		n->directive = c->name;
		n->constraint = c->kind == PD_CONSTRAINT ? c->name : NULL;
		n->args = node_array(L, e->n_args);
		for (unsigned i = 0; i < e->n_args; i++) {
			struct model_node *a = lower_expr(L, e->args[i], rewrite);
			if (a)
				n->args[n->n_args++] = a;
		}
		break;
	}
	case PE_RANGE:
	case PE_TUPLE:
		n = model_node_new(L->m, MODEL_NODE_VARIADIC, e->span);
		n->args = node_array(L, e->n_args);
		for (unsigned i = 0; i < e->n_args; i++) {
			struct model_node *a = lower_expr(L, e->args[i], rewrite);
			if (a)
				n->args[n->n_args++] = a;
		}
		break;
	}
	L->depth--;
	return n;
}

static void add_action(struct lower *L, enum model_action_kind k, const char *target,
                       struct model_node **vals, unsigned n, struct pl_span sp)
{
	struct model_action *a = PL_NEW(model_arena(L->m), struct model_action);
	a->kind = k;
	a->target = target;
	a->values = vals;
	a->n_values = n;
	a->span = sp;
	pl_vec_push(&L->acts, a);
}

/* A constraint call statement in a match section. */
static void lower_match_call(struct lower *L, struct pdll_expr *e)
{
	struct model_node *n = lower_expr(L, e, false);
	if (!n || n->kind != MODEL_NODE_NATIVE)
		return;
	const char **args = PL_NEW_ARRAY(model_arena(L->m), const char *, n->n_args + 1);
	for (unsigned i = 0; i < n->n_args; i++)
		args[i] = node_name(n->args[i]);
	struct pdll_decl *c = e->parent->decl;
	/* the call's node is in no tree: its arguments go with the
	 * constraint, so that a name not in scope there is reported */
	add_native_cst(L, c->name, c->code, args, n->args, n->n_args, e->span);
}

static void lower_rewrite_stmt(struct lower *L, struct pdll_stmt *s, bool top);

static void lower_rewrite_body(struct lower *L, struct pdll_stmt *body)
{
	for (unsigned i = 0; i < body->n_stmts; i++) {
		struct pdll_stmt *s = body->stmts[i];
		if (s->kind == PS_LET) {
			struct model_node *n = lower_var(L, s->var, s->var->loc, true);
			if (n && n->kind == MODEL_NODE_OP) {
				struct model_node **v = node_array(L, 1);
				v[0] = n;
				add_action(L, MODEL_ACT_CREATE, n->bind, v, 1, s->span);
			} else if (n && n->kind == MODEL_NODE_NATIVE) {
				struct model_node **v = node_array(L, 1);
				v[0] = n;
				add_action(L, MODEL_ACT_NATIVE, NULL, v, 1, s->span);
			}
		} else if (s->kind == PS_EXPR || s->kind == PS_RETURN) {
			struct model_node *n = lower_expr(L, s->expr, true);
			if (!n)
				continue;
			struct model_node **v = node_array(L, 1);
			v[0] = n;
			add_action(L, n->kind == MODEL_NODE_NATIVE ? MODEL_ACT_NATIVE : MODEL_ACT_CREATE, NULL, v, 1, s->span);
		} else if (PDLL_IS_OPREWRITE(s)) {
			lower_rewrite_stmt(L, s, false);
		}
	}
}

static void lower_rewrite_stmt(struct lower *L, struct pdll_stmt *s, bool top)
{
	struct model_node *root = lower_expr(L, s->expr, !top);
	const char *target = node_name(root);
	if (!target[0])
		target = NULL;

	switch (s->kind) {
	case PS_ERASE:
		add_action(L, MODEL_ACT_ERASE, target, NULL, 0, s->span);
		break;
	case PS_REPLACE: {
		struct model_node **v = node_array(L, s->n_vals);
		unsigned n = 0;
		for (unsigned i = 0; i < s->n_vals; i++) {
			struct model_node *x = lower_expr(L, s->vals[i], true);
			if (x)
				v[n++] = x;
		}
		add_action(L, MODEL_ACT_REPLACE, target, v, n, s->span);
		break;
	}
	case PS_REWRITE:
		add_action(L, MODEL_ACT_UPDATE, target, NULL, 0, s->span);
		lower_rewrite_body(L, s->body);
		break;
	default:
		break;
	}
}


void pdll_lower_pattern(struct pdll_parser *p, struct pdll_decl *pat)
{
	struct lower L = { .p = p, .m = p->m };
	struct pdll_stmt *body = pat->body;
	struct model_pattern *mp = model_pattern_add(p->m);
	struct pl_arena *a = p->arena;
	struct pdll_stmt *final = NULL;

	mp->name = pat->name;
	mp->origin = MODEL_ORIGIN_PDLL;
	mp->benefit_declared = pat->benefit >= 0 ? pat->benefit : 0;
	mp->benefit = pat->benefit >= 0 ? pat->benefit : 0;
	mp->bounded_recursion = pat->recursion;
	mp->reg_order = model_pattern_count(p->m) - 1;
	mp->unit = p->unit;
	mp->isolated = p->isolated;
	mp->span = pat->decl_span;

	for (unsigned i = 0; i < body->n_stmts; i++)
		if (PDLL_IS_OPREWRITE(body->stmts[i]))
			final = body->stmts[i];
	/* the root first, so that the match tree grows from it */
	if (final) {
		struct pdll_expr *re = final->expr;
		const struct pdll_type *rt = re->type;
		mp->root_op = rt->kind == PT_OP ? rt->op_name : NULL;
		mp->match = lower_expr(&L, re, false);
		if (mp->match && mp->match->kind == MODEL_NODE_REF) {
			for (size_t i = 0; i < L.vars.len; i++) {
				struct var_node *vn = L.vars.items[i];
				if (named(vn->var) && vn->var->name == mp->match->ref)
					mp->match = vn->node;
			}
		}
	}
	for (unsigned i = 0; i < body->n_stmts; i++) {
		struct pdll_stmt *s = body->stmts[i];
		if (s == final)
			break;
		if (s->kind == PS_LET)
			(void)lower_var(&L, s->var, s->var->loc, false);
		else if (s->kind == PS_EXPR && s->expr->kind == PE_CALL)
			lower_match_call(&L, s->expr);
		else if (s->kind == PS_EXPR)
			(void)lower_expr(&L, s->expr, false);
	}
	if (final)
		lower_rewrite_stmt(&L, final, true);

	mp->n_constraints = (unsigned)L.csts.len;
	mp->constraints = PL_NEW_ARRAY(a, struct model_constraint, mp->n_constraints ? mp->n_constraints : 1);
	for (unsigned i = 0; i < mp->n_constraints; i++)
		mp->constraints[i] = *(struct model_constraint *)L.csts.items[i];
	mp->n_actions = (unsigned)L.acts.len;
	mp->actions = PL_NEW_ARRAY(a, struct model_action, mp->n_actions ? mp->n_actions : 1);
	for (unsigned i = 0; i < mp->n_actions; i++)
		mp->actions[i] = *(struct model_action *)L.acts.items[i];
	mp->n_bindings = (unsigned)L.binds.len;
	mp->bindings = PL_NEW_ARRAY(a, struct model_binding, mp->n_bindings ? mp->n_bindings : 1);
	for (unsigned i = 0; i < mp->n_bindings; i++)
		mp->bindings[i] = *(struct model_binding *)L.binds.items[i];
	pl_vec_free(&L.csts);
	pl_vec_free(&L.acts);
	pl_vec_free(&L.binds);
	pl_vec_free(&L.vars);
}

/* ---- debugging dump ------------------------------------------------------- */

void pdll_dump_decl(struct pdll_parser *p, FILE *out, struct pdll_decl *d)
{
	static const char *const kinds[] = { "VariableDecl", "UserConstraintDecl", "UserRewriteDecl", "PatternDecl" };
	fprintf(out, "%s %u:%u", kinds[d->kind], d->loc.line, d->loc.col);
	if (d->name)
		fprintf(out, " Name<%s>", d->name);
	if (d->kind == PD_PATTERN) {
		if (d->benefit >= 0)
			fprintf(out, " Benefit<%d>", d->benefit);
		if (d->recursion)
			fprintf(out, " Recursion");
	} else if (d->kind != PD_VAR) {
		fprintf(out, " ResultType<%s>", d->result_type ? pdll_ty_str(p, d->result_type) : "?");
		if (d->code)
			fprintf(out, " Code<%s>", d->code);
		for (unsigned i = 0; i < d->n_inputs; i++)
			fprintf(out, "\n  input %s: %s", d->inputs[i]->name, pdll_ty_str(p, d->inputs[i]->type));
		for (unsigned i = 0; i < d->n_results; i++)
			fprintf(out, "\n  result %s: %s", d->results[i]->name, pdll_ty_str(p, d->results[i]->type));
	} else {
		fprintf(out, " Type<%s>", pdll_ty_str(p, d->type));
	}
	fputc('\n', out);
}

/* ---- entry points ------------------------------------------------------------ */

/* The split marker of mlir-pdll --split-input-file. */
#define SPLIT_MARKER "// -----"
#define SPLIT_MARKER_LEN 8

/* Offset of the next split marker at or after off (len when none).  Like
 * MLIR 16's splitAndProcessBuffer the split is textual, wherever the
 * marker stands, before anything is lexed: the text before it on its line
 * ends the chunk, the next one starts right after its eight bytes. */
static uint32_t next_marker(const struct pl_source_file *f, uint32_t off)
{
	const char *b = f->buf;
	for (uint32_t i = off; i + SPLIT_MARKER_LEN <= f->len; i++)
		if (b[i] == '/' && memcmp(b + i, SPLIT_MARKER, SPLIT_MARKER_LEN) == 0)
			return i;
	return (uint32_t)f->len;
}

/* Parse f's bytes [off, end) as one module, a unit of its own (isolated:
 * a split chunk), with a parser (scopes, includes) of its own. */
static int load_range(struct model *m, struct pl_source_mgr *sm, struct pl_diag_ctx *diag,
                      struct pl_source_file *f, uint32_t off, uint32_t end, bool isolated,
                      const struct pdll_options *opts)
{
	struct pdll_parser p;

	memset(&p, 0, sizeof(p));
	p.m = m;
	p.arena = model_arena(m);
	p.intern = model_intern(m);
	p.sm = sm;
	p.diag = diag;
	p.opts = opts;
	p.unit = model_unit_new(m);
	p.isolated = isolated;
	int rc = pdll_parse_range(&p, f, off, end);
	if (opts && opts->dump_ast)
		for (size_t i = 0; i < p.all_decls.len; i++)
			pdll_dump_decl(&p, opts->dump_ast, p.all_decls.items[i]);
	pl_vec_free(&p.patterns);
	pl_vec_free(&p.all_decls);
	pl_ptrmap_free(&p.ods_ops);
	pl_ptrmap_free(&p.ods_dialects);
	return rc;
}

static int load(struct model *m, struct pl_source_mgr *sm, struct pl_diag_ctx *diag,
                struct pl_source_file *f, const struct pdll_options *opts)
{
	uint32_t end = next_marker(f, 0);
	int rc = 0;

	if (!opts || !opts->split_input || end == f->len)
		return load_range(m, sm, diag, f, 0, (uint32_t)f->len, false, opts);
	for (uint32_t off = 0;; off = end + SPLIT_MARKER_LEN, end = next_marker(f, off)) {
		if (load_range(m, sm, diag, f, off, end, true, opts) < 0)
			rc = -1;
		if (end == f->len)
			break;
	}
	return rc;
}

int pdll_load(struct model *m, struct pl_source_mgr *sm, struct pl_diag_ctx *diag,
              const char *path, const struct pdll_options *opts)
{
	struct pl_source_file *f;

	if (pl_source_load(&f, sm, path) != 0) {
		struct pl_span none = {0};
		pl_diag(diag, PL_SEV_ERROR, NULL, none, "cannot read '%s': %s", path, pl_strerror(errno));
		return -1;
	}
	return load(m, sm, diag, f, opts);
}

int pdll_load_buffer(struct model *m, struct pl_source_mgr *sm, struct pl_diag_ctx *diag,
                     const char *name, const char *buf, size_t len,
                     const struct pdll_options *opts)
{
	return load(m, sm, diag, pl_source_add(sm, name, buf, len), opts);
}
