/*
 * pdll_sema.c -- PDLL semantic analysis: types, scopes, name resolution,
 * implicit conversions and the checked AST constructors the parser calls.
 *
 * Messages, locations and the order of checks follow mlir-pdll-16, so that
 * patlint reports the same first error at the same place.  Additional
 * checks that mlir-pdll-16 lacks are warnings with a PDLL_RULE_* id.
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/intern.h"
#include "parsers/pdll/pdll_p.h"

/* ---- diagnostics ------------------------------------------------------- */

struct pl_span pdll_span(struct pdll_parser *p, uint32_t off, uint32_t end)
{
	return pl_source_span(p->lx.file, off, end);
}

struct pl_span pdll_tok_span(struct pdll_parser *p, struct pdll_token t)
{
	return pdll_span(p, t.off, t.end);
}

void pdll_error(struct pdll_parser *p, struct pl_span sp, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pl_vdiag(p->diag, PL_SEV_ERROR, NULL, sp, fmt, ap);
	va_end(ap);
	p->errors++;
}

void pdll_error_note(struct pdll_parser *p, struct pl_span sp, struct pl_span nsp,
                     const char *note, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	struct pl_buf b = {0};
	pl_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	msg = pl_arena_strdup(p->arena, pl_buf_cstr(&b));
	pl_buf_free(&b);
	struct pl_diag *d = pl_diag_begin(p->diag, PL_SEV_ERROR, NULL, sp, "%s", msg);
	pl_diag_note(p->diag, d, nsp, "%s", note);
	pl_diag_end(p->diag, d);
	p->errors++;
}

/* A chain of notes to attach to a conversion error (innermost first). */
struct note_chain {
	const char *msg;
	struct pl_span span;
	const struct note_chain *next;
};

static void error_with_notes(struct pdll_parser *p, struct pl_span sp, const struct note_chain *nc,
                             const char *msg)
{
	struct pl_diag *d = pl_diag_begin(p->diag, PL_SEV_ERROR, NULL, sp, "%s", msg);
	for (; nc; nc = nc->next)
		pl_diag_note(p->diag, d, nc->span, "%s", nc->msg);
	pl_diag_end(p->diag, d);
	p->errors++;
}

/* ---- types ------------------------------------------------------------- */

struct pdll_type *pdll_ty(struct pdll_parser *p, enum pdll_type_kind k)
{
	struct pdll_type *t = PL_NEW(p->arena, struct pdll_type);
	t->kind = k;
	return t;
}

struct pdll_type *pdll_ty_op(struct pdll_parser *p, const char *name)
{
	struct pdll_type *t = pdll_ty(p, PT_OP);
	t->op_name = name;
	t->ods = name ? pdll_ods_op(p, name) : NULL;
	return t;
}

struct pdll_type *pdll_ty_tuple(struct pdll_parser *p, struct pdll_type **elts, const char **names, unsigned n)
{
	struct pdll_type *t = pdll_ty(p, PT_TUPLE);
	t->n = n;
	t->elts = PL_NEW_ARRAY(p->arena, struct pdll_type *, n ? n : 1);
	t->names = PL_NEW_ARRAY(p->arena, const char *, n ? n : 1);
	for (unsigned i = 0; i < n; i++) {
		t->elts[i] = elts[i];
		t->names[i] = names && names[i] ? names[i] : "";
	}
	return t;
}

bool pdll_ty_eq(const struct pdll_type *a, const struct pdll_type *b)
{
	if (!a || !b)
		return a == b;
	if (a->kind != b->kind)
		return false;
	if (a->kind == PT_OP)
		return a->op_name == b->op_name;
	if (a->kind == PT_TUPLE) {
		if (a->n != b->n)
			return false;
		for (unsigned i = 0; i < a->n; i++)
			if (strcmp(a->names[i], b->names[i]) != 0 || !pdll_ty_eq(a->elts[i], b->elts[i]))
				return false;
	}
	return true;
}

struct pdll_type *pdll_ty_refine(struct pdll_type *a, struct pdll_type *b)
{
	if (pdll_ty_eq(a, b))
		return a;
	if (a->kind == PT_OP && b->kind == PT_OP) {
		if (!b->op_name)
			return a;
		if (!a->op_name)
			return b;
	}
	return NULL;
}

static void ty_print(struct pl_buf *b, const struct pdll_type *t)
{
	static const char *const names[] = {
		"Attr", "Constraint", "Op", "Type", "TypeRange", "Value", "ValueRange", "Rewrite", "Tuple",
		"<unresolved>",
	};
	pl_buf_puts(b, names[t->kind]);
	if (t->kind == PT_OP && t->op_name)
		pl_buf_printf(b, "<%s>", t->op_name);
	if (t->kind == PT_TUPLE) {
		pl_buf_putc(b, '<');
		for (unsigned i = 0; i < t->n; i++) {
			if (i)
				pl_buf_puts(b, ", ");
			if (t->names[i][0])
				pl_buf_printf(b, "%s: ", t->names[i]);
			ty_print(b, t->elts[i]);
		}
		pl_buf_putc(b, '>');
	}
}

const char *pdll_ty_str(struct pdll_parser *p, const struct pdll_type *t)
{
	struct pl_buf b = {0};
	ty_print(&b, t);
	const char *s = pl_arena_strdup(p->arena, pl_buf_cstr(&b));
	pl_buf_free(&b);
	return s;
}

static bool is(const struct pdll_type *t, enum pdll_type_kind k) { return t && t->kind == k; }
/* An unresolved reference (see PT_UNRESOLVED) passes every type check, so
 * that one undefined name yields one finding and no cascade. */
static bool unres(const struct pdll_type *t) { return t && t->kind == PT_UNRESOLVED; }

/* ---- scopes ------------------------------------------------------------ */

struct pdll_scope *pdll_scope_push(struct pdll_parser *p)
{
	struct pdll_scope *s = PL_NEW(p->arena, struct pdll_scope);
	s->parent = p->scope;
	p->scope = s;
	return s;
}

void pdll_scope_pop(struct pdll_parser *p)
{
	if (p->scope)
		p->scope = p->scope->parent;
}

void pdll_scope_add(struct pdll_parser *p, struct pdll_decl *d)
{
	struct pdll_scope *s = p->scope;
	if (s->n == s->cap) {
		unsigned ncap = s->cap ? s->cap * 2 : 8;
		struct pdll_decl **nd = PL_NEW_ARRAY(p->arena, struct pdll_decl *, ncap);
		if (s->n)
			memcpy(nd, s->decls, s->n * sizeof(*nd));
		s->decls = nd;
		s->cap = ncap;
	}
	s->decls[s->n++] = d;
}

struct pdll_decl *pdll_lookup(struct pdll_parser *p, const char *name)
{
	for (struct pdll_scope *s = p->scope; s; s = s->parent)
		for (unsigned i = s->n; i-- > 0;)
			if (s->decls[i]->name == name)
				return s->decls[i];
	return NULL;
}

int pdll_check_define(struct pdll_parser *p, const char *name, struct pl_span loc)
{
	struct pdll_decl *prev = pdll_lookup(p, name);
	if (prev) {
		pdll_error_note(p, loc, prev->loc, "see previous definition here",
		                "`%s` has already been defined", name);
		return -1;
	}
	return 0;
}

/* ---- expressions and conversions --------------------------------------- */

struct pdll_expr *pdll_new_expr(struct pdll_parser *p, enum pdll_expr_kind k, struct pl_span sp,
                                struct pdll_type *t)
{
	struct pdll_expr *e = PL_NEW(p->arena, struct pdll_expr);
	e->kind = k;
	e->span = sp;
	e->type = t;
	e->in_rewrite = p->ctx == PC_REWRITE;
	return e;
}

static struct pdll_expr *all_results(struct pdll_parser *p, struct pdll_expr *op, enum pdll_type_kind k)
{
	struct pdll_expr *e = pdll_new_expr(p, PE_ALLRESULTS, op->span, pdll_ty(p, k));
	e->parent = op;
	return e;
}

static struct pdll_expr *member(struct pdll_parser *p, struct pdll_expr *parent, unsigned i,
                                struct pdll_type *t)
{
	struct pdll_expr *e = pdll_new_expr(p, PE_MEMBER, parent->span, t);
	e->parent = parent;
	e->str = pl_intern(p->intern, pl_arena_printf(p->arena, "%u", i));
	return e;
}

static int conv_error(struct pdll_parser *p, struct pdll_expr *e, struct pdll_type *t,
                      const struct note_chain *nc, const char *extra, struct pl_span extra_span)
{
	const char *msg = pl_arena_printf(p->arena,
		"unable to convert expression of type `%s` to the expected type of `%s`",
		pdll_ty_str(p, e->type), pdll_ty_str(p, t));
	struct note_chain first = { extra, extra_span, nc };
	error_with_notes(p, e->span, extra ? &first : nc, msg);
	return -1;
}

static bool is_var_len(const struct model_op_arg *a) { return a->variadic || a->optional || a->variadic_of_variadic; }
static bool is_variadic(const struct model_op_arg *a) { return a->variadic || a->variadic_of_variadic; }

static int convert(struct pdll_parser *p, struct pdll_expr **ep, struct pdll_type *t, const struct note_chain *nc)
{
	struct pdll_expr *e = *ep;
	struct pdll_type *et = e->type;
	struct pl_span none = {0};

	if (pdll_ty_eq(et, t) || unres(et) || unres(t))
		return 0;
	if (et->kind == PT_OP) {
		if (t->kind == PT_OP) {
			if (t->op_name)
				return conv_error(p, e, t, nc, NULL, none);
			return 0;
		}
		if (t->kind == PT_VALUE_RANGE) {
			*ep = all_results(p, e, PT_VALUE_RANGE);
			return 0;
		}
		if (t->kind == PT_VALUE) {
			const struct model_op *ods = et->ods;
			if (ods) {
				unsigned single = 0;
				for (unsigned i = 0; i < ods->n_results; i++)
					if (!is_var_len(&ods->results[i]))
						single++;
				if (ods->n_results == 0)
					return conv_error(p, e, t, nc, pl_arena_printf(p->arena,
						"see the definition of `%s`, which was defined with zero results",
						ods->name), ods->span);
				if (single > 1)
					return conv_error(p, e, t, nc, pl_arena_printf(p->arena,
						"see the definition of `%s`, which was defined with at least %u results",
						ods->name, single), ods->span);
			}
			*ep = all_results(p, e, PT_VALUE);
			return 0;
		}
		return conv_error(p, e, t, nc, NULL, none);
	}
	if ((et->kind == PT_VALUE || et->kind == PT_VALUE_RANGE) &&
	    (t->kind == PT_VALUE || t->kind == PT_VALUE_RANGE))
		return 0;
	if ((et->kind == PT_TYPE || et->kind == PT_TYPE_RANGE) &&
	    (t->kind == PT_TYPE || t->kind == PT_TYPE_RANGE))
		return 0;
	if (et->kind == PT_TUPLE) {
		if (t->kind == PT_TUPLE) {
			if (t->n != et->n)
				return conv_error(p, e, t, nc, NULL, none);
			struct pdll_expr **elts = PL_NEW_ARRAY(p->arena, struct pdll_expr *, et->n ? et->n : 1);
			for (unsigned i = 0; i < et->n; i++) {
				elts[i] = member(p, e, i, et->elts[i]);
				struct note_chain n = { pl_arena_printf(p->arena, "when converting element #%u of `%s`",
				                                        i, pdll_ty_str(p, et)), none, nc };
				if (convert(p, &elts[i], t->elts[i], &n))
					return -1;
			}
			struct pdll_expr *tu = pdll_new_expr(p, PE_TUPLE, e->span, t);
			tu->args = elts;
			tu->n_args = et->n;
			tu->names = t->names;
			*ep = tu;
			return 0;
		}
		if (t->kind == PT_VALUE_RANGE || t->kind == PT_TYPE_RANGE) {
			if (p->ctx != PC_REWRITE)
				return conv_error(p, e, t, nc,
					"Tuple to Range conversion is currently only allowed within a rewrite context", none);
			enum pdll_type_kind a = t->kind == PT_VALUE_RANGE ? PT_VALUE : PT_TYPE;
			for (unsigned i = 0; i < et->n; i++)
				if (et->elts[i]->kind != a && et->elts[i]->kind != t->kind)
					return conv_error(p, e, t, nc, NULL, none);
			struct pdll_expr *r = pdll_new_expr(p, PE_RANGE, e->span, t);
			r->args = PL_NEW_ARRAY(p->arena, struct pdll_expr *, et->n ? et->n : 1);
			for (unsigned i = 0; i < et->n; i++)
				r->args[i] = member(p, e, i, et->elts[i]);
			r->n_args = et->n;
			*ep = r;
			return 0;
		}
	}
	return conv_error(p, e, t, nc, NULL, none);
}

int pdll_convert(struct pdll_parser *p, struct pdll_expr **e, struct pdll_type *t,
                 const char *note_name, struct pl_span note_span)
{
	struct note_chain n = { NULL, note_span, NULL };
	if (note_name)
		n.msg = pl_arena_printf(p->arena, "see the definition of `%s` here", note_name);
	return convert(p, e, t, note_name ? &n : NULL);
}

/* ---- variables ----------------------------------------------------------- */

struct pdll_decl *pdll_define_var(struct pdll_parser *p, const char *name, struct pl_span loc,
                                  struct pdll_type *t, struct pdll_expr *init,
                                  struct pdll_cref *csts, unsigned n)
{
	struct pdll_decl *d = PL_NEW(p->arena, struct pdll_decl);
	d->kind = PD_VAR;
	d->name = name;
	d->loc = loc;
	d->type = t;
	d->init = init;
	d->csts = csts;
	d->n_csts = n;
	d->in_match = p->ctx == PC_MATCH;
	if (p->in_pattern && p->ctx == PC_REWRITE && !init && t &&
	    (t->kind == PT_VALUE || t->kind == PT_VALUE_RANGE || t->kind == PT_OP || t->kind == PT_ATTR))
		/* mlir-pdll -x=ast accepts it; the PDL it generates does not
		 * verify (pdl.operand(s)/pdl.operation outside the match,
		 * pdl.attribute without a value in pdl.rewrite) */
		pl_diag(p->diag, PL_SEV_WARNING, PDLL_RULE_REWRITE_NO_VALUE, loc,
		        "`%s` is declared in the rewrite section without a value; the PDL verifier rejects "
		        "what mlir-pdll makes of it (\"expects parent op 'pdl.pattern'\", or an attribute "
		        "without a constant value)",
		        name && name[0] ? name : "_");
	if (!name || !name[0] || strcmp(name, "_") == 0)
		return d;
	if (pdll_check_define(p, name, loc))
		return NULL;
	pdll_scope_add(p, d);
	return d;
}

static int check_type_expr(struct pdll_parser *p, struct pdll_expr *e, enum pdll_type_kind k)
{
	if (!e || is(e->type, k) || unres(e->type))
		return 0;
	pdll_error(p, e->span, "expected expression of `%s` in type constraint",
	           k == PT_TYPE ? "Type" : "TypeRange");
	return -1;
}

static int validate_cst(struct pdll_parser *p, struct pdll_cref *c, struct pdll_type **inferred)
{
	struct pdll_type *ct = NULL;

	switch (c->kind) {
	case CR_ATTR:
		if (check_type_expr(p, c->type_expr, PT_TYPE))
			return -1;
		ct = pdll_ty(p, PT_ATTR);
		break;
	case CR_OP:
		ct = pdll_ty_op(p, c->op_name);
		break;
	case CR_TYPE:
		ct = pdll_ty(p, PT_TYPE);
		break;
	case CR_TYPE_RANGE:
		ct = pdll_ty(p, PT_TYPE_RANGE);
		break;
	case CR_VALUE:
		if (check_type_expr(p, c->type_expr, PT_TYPE))
			return -1;
		ct = pdll_ty(p, PT_VALUE);
		break;
	case CR_VALUE_RANGE:
		if (check_type_expr(p, c->type_expr, PT_TYPE_RANGE))
			return -1;
		ct = pdll_ty(p, PT_VALUE_RANGE);
		break;
	case CR_USER:
		if (c->user->n_inputs != 1) {
			pdll_error_note(p, c->span, c->user->loc, "see definition of constraint here",
			                "`Constraint`s applied via a variable constraint list must take a single input, but got %u",
			                c->user->n_inputs);
			return -1;
		}
		ct = c->user->inputs[0]->type;
		break;
	}
	if (!*inferred) {
		*inferred = ct;
	} else {
		struct pdll_type *m = pdll_ty_refine(*inferred, ct);
		if (!m) {
			pdll_error(p, c->span, "constraint type `%s` is incompatible with the previously inferred type `%s`",
			           pdll_ty_str(p, ct), pdll_ty_str(p, *inferred));
			return -1;
		}
		*inferred = m;
	}
	return 0;
}

int pdll_validate_csts(struct pdll_parser *p, struct pdll_cref *csts, unsigned n, struct pdll_type **inferred)
{
	for (unsigned i = 0; i < n; i++)
		if (validate_cst(p, &csts[i], inferred))
			return -1;
	return 0;
}

struct pdll_decl *pdll_create_var(struct pdll_parser *p, const char *name, struct pl_span loc,
                                  struct pdll_expr *init, struct pdll_cref *csts, unsigned n)
{
	struct pdll_type *t = NULL;

	if (pdll_validate_csts(p, csts, n, &t))
		return NULL;
	if (init) {
		struct pdll_type *mt;
		if (!t)
			t = init->type;
		else if ((mt = pdll_ty_refine(t, init->type)))
			t = mt;
		else if (pdll_convert(p, &init, t, NULL, loc))
			return NULL;
	} else if (!t) {
		pdll_error_note(p, loc, loc,
		                "the type of a variable must be inferable from the constraint list or the initializer",
		                "unable to infer type for variable `%s`", name);
		return NULL;
	}
	if (is(t, PT_CONSTRAINT) || is(t, PT_REWRITE)) {
		pdll_error(p, loc, "unable to define variable of `%s` type", pdll_ty_str(p, t));
		return NULL;
	}
	return pdll_define_var(p, name, loc, t, init, csts, n);
}

/* ---- expression constructors ------------------------------------------- */

void pdll_note_var_use(struct pdll_parser *p, struct pdll_decl *d)
{
	if (d->kind != PD_VAR)
		return;
	if (p->ctx == PC_REWRITE)
		d->uses_rewrite++;
	else
		d->uses_match++;
}

struct pdll_expr *pdll_create_declref(struct pdll_parser *p, struct pl_span loc, struct pdll_decl *d)
{
	struct pdll_type *t;

	switch (d->kind) {
	case PD_CONSTRAINT: t = pdll_ty(p, PT_CONSTRAINT); break;
	case PD_REWRITE: t = pdll_ty(p, PT_REWRITE); break;
	case PD_VAR: t = d->type; break;
	default:
		pdll_error(p, loc, "invalid reference to `%s`", d->name);
		return NULL;
	}
	pdll_note_var_use(p, d);
	struct pdll_expr *e = pdll_new_expr(p, PE_DECLREF, loc, t);
	e->decl = d;
	return e;
}

struct pdll_expr *pdll_create_call(struct pdll_parser *p, struct pl_span loc, struct pdll_expr *callee,
                                   struct pdll_expr **args, unsigned n)
{
	struct pdll_decl *c = callee->kind == PE_DECLREF ? callee->decl : NULL;

	if (c && c->unresolved) {
		/* not a variable: an undefined Constraint or Rewrite */
		pdll_error(p, callee->span, "undefined reference to `%s`", c->name);
		c->unresolved = false; /* reported: not again when the pattern fails */
		return NULL;
	}

	if (!c || (c->kind != PD_CONSTRAINT && c->kind != PD_REWRITE)) {
		pdll_error(p, loc, "expected a reference to a callable `Constraint` or `Rewrite`, but got: `%s`",
		           pdll_ty_str(p, callee->type));
		return NULL;
	}
	if (p->ctx == PC_REWRITE) {
		if (c->kind == PD_CONSTRAINT) {
			pdll_error(p, loc, "unable to invoke `Constraint` within a rewrite section");
			return NULL;
		}
	} else if (c->kind == PD_REWRITE) {
		pdll_error(p, loc, "unable to invoke `Rewrite` within a match section");
		return NULL;
	}
	if (c->n_inputs != n) {
		pdll_error_note(p, loc, c->loc, pl_arena_printf(p->arena, "see the definition of %s here", c->name),
		                "invalid number of arguments for %s call; expected %u, but got %u",
		                c->kind == PD_CONSTRAINT ? "constraint" : "rewrite", c->n_inputs, n);
		return NULL;
	}
	for (unsigned i = 0; i < n; i++)
		if (pdll_convert(p, &args[i], c->inputs[i]->type, c->name, c->loc))
			return NULL;
	struct pdll_expr *e = pdll_new_expr(p, PE_CALL, loc, c->result_type);
	e->parent = callee;
	e->args = args;
	e->n_args = n;
	return e;
}

static bool parse_index(const char *s, unsigned *out)
{
	char *end;
	if (!isdigit((unsigned char)s[0]))
		return false;
	unsigned long v = strtoul(s, &end, 10);
	if (*end || v > 0xffffffffUL)
		return false;
	*out = (unsigned)v;
	return true;
}

struct pdll_expr *pdll_create_member(struct pdll_parser *p, struct pdll_expr *parent,
                                     const char *name, struct pl_span loc)
{
	struct pdll_type *pt = parent->type, *mt = NULL;
	unsigned idx;

	if (unres(pt)) {
		mt = pt;
	} else if (pt->kind == PT_OP) {
		if (strcmp(name, "$results") == 0) {
			mt = pdll_ty(p, PT_VALUE_RANGE);
		} else if (pt->ods) {
			const struct model_op *o = pt->ods;
			if (parse_index(name, &idx) && idx < o->n_results) {
				mt = pdll_ty(p, is_variadic(&o->results[idx]) ? PT_VALUE_RANGE : PT_VALUE);
			} else {
				for (unsigned i = 0; i < o->n_results; i++)
					if (strcmp(o->results[i].name, name) == 0) {
						mt = pdll_ty(p, is_variadic(&o->results[i]) ? PT_VALUE_RANGE : PT_VALUE);
						break;
					}
			}
		} else if (isdigit((unsigned char)name[0])) {
			mt = pdll_ty(p, PT_VALUE);
		} else if (p->ods_incomplete && pt->op_name) {
			/* its ODS may be in a .td include patlint could not import */
			mt = pdll_ty(p, PT_VALUE);
		}
	} else if (pt->kind == PT_TUPLE) {
		if (parse_index(name, &idx) && idx < pt->n) {
			mt = pt->elts[idx];
		} else {
			for (unsigned i = 0; i < pt->n; i++)
				if (strcmp(pt->names[i], name) == 0) {
					mt = pt->elts[i];
					break;
				}
		}
	}
	if (!mt) {
		pdll_error(p, loc, "invalid member access `%s` on expression of type `%s`",
		           name, pdll_ty_str(p, pt));
		return NULL;
	}
	struct pdll_expr *e = pdll_new_expr(p, PE_MEMBER, loc, mt);
	e->parent = parent;
	e->str = name;
	return e;
}

/* validateOperationOperandsOrResults of mlir-pdll. */
static int check_groups(struct pdll_parser *p, bool operands, struct pdll_expr *op,
                        struct pdll_expr ***valsp, unsigned *np)
{
	const struct model_op *ods = op->ods;
	struct pdll_expr **vals = *valsp;
	unsigned n = *np;
	enum pdll_type_kind single = operands ? PT_VALUE : PT_TYPE;
	enum pdll_type_kind range = operands ? PT_VALUE_RANGE : PT_TYPE_RANGE;
	const char *group = operands ? "operand" : "result";
	const struct model_op_arg *ov = ods ? (operands ? ods->operands : ods->results) : NULL;
	unsigned on = ods ? (operands ? ods->n_operands : ods->n_results) : 0;

	if (n == 1) {
		/* patlint: a lone Value against several ODS operand groups is read
		 * by mlir-pdll as "all operands", so it can match only an op with
		 * exactly one operand: report it when ODS rules that out. */
		if (operands && ods && on >= 2 && (is(vals[0]->type, PT_VALUE) || is(vals[0]->type, PT_OP))) {
			unsigned req = 0;
			for (unsigned i = 0; i < on; i++)
				if (!is_var_len(&ov[i]))
					req++;
			if (req >= 2) {
				struct pl_diag *d = pl_diag_begin(p->diag, PL_SEV_WARNING, PDLL_RULE_OPERAND_GROUPS,
					vals[0]->span,
					"a single operand given to `%s`, which has %u operand groups, is taken as the whole operand list; the operation can never match",
					op->op_name, on);
				pl_diag_note(p->diag, d, ods->span, "see the definition of `%s` here", op->op_name);
				pl_diag_end(p->diag, d);
			}
		}
		return pdll_convert(p, &vals[0], pdll_ty(p, range), NULL, op->span);
	}
	if (ods) {
		if (n == 0) {
			if (on == 0)
				return 0;
			unsigned nvar = 0;
			for (unsigned i = 0; i < on; i++) {
				if (!is_var_len(&ov[i]))
					goto mismatch;
				nvar++;
			}
			if (p->ctx != PC_REWRITE || nvar == 1)
				return 0;
			struct pdll_expr **nv = PL_NEW_ARRAY(p->arena, struct pdll_expr *, on);
			for (unsigned i = 0; i < on; i++)
				nv[i] = pdll_new_expr(p, PE_RANGE, op->span, pdll_ty(p, range));
			*valsp = nv;
			*np = on;
			return 0;
		}
		if (n != on)
			goto mismatch;
		for (unsigned i = 0; i < n; i++)
			if (pdll_convert(p, &vals[i], pdll_ty(p, is_variadic(&ov[i]) ? range : single),
			                 op->op_name, ods->span))
				return -1;
		return 0;
	mismatch:
		pdll_error_note(p, op->span, ods->span,
		                pl_arena_printf(p->arena, "see the definition of `%s` here", op->op_name),
		                "invalid number of %s groups for `%s`; expected %u, but got %u",
		                group, op->op_name, on, n);
		return -1;
	}
	for (unsigned i = 0; i < n; i++) {
		struct pdll_type *t = vals[i]->type;
		if (t->kind == single || t->kind == range)
			continue;
		if (operands && t->kind == PT_OP) {
			vals[i] = all_results(p, vals[i], PT_VALUE_RANGE);
			continue;
		}
		/* mlir-pdll tries a conversion to the range type first, which
		 * reports its own error when it fails. */
		if (pdll_convert(p, &vals[i], pdll_ty(p, range), NULL, op->span) == 0)
			continue;
		pdll_error(p, vals[i]->span, "expected `%s` or `%s` convertible expression, but got `%s`",
		           operands ? "Value" : "Type", operands ? "ValueRange" : "TypeRange",
		           pdll_ty_str(p, t));
		return -1;
	}
	return 0;
}

/* Whether the module knows the ops its .td includes define (an import
 * hook imports them), rather than every op of the registry. */
static bool ods_scoped(const struct pdll_parser *p)
{
	return p->opts && p->opts->import_td;
}

const struct model_op *pdll_ods_op(struct pdll_parser *p, const char *name)
{
	const void *op;

	if (!ods_scoped(p))
		return model_op_find(p->m, name);
	if (!pl_ptrmap_get(&p->ods_ops, pl_intern(p->intern, name), &op))
		return NULL;
	return model_op_ready(p->m, (struct model_op *)op);
}

/* Is any op of this op name's dialect known to the module (with an import
 * hook, defined by its .td includes; else in the registry)? */
static bool dialect_known(struct pdll_parser *p, const char *op_name)
{
	const char *dot = strchr(op_name, '.');
	size_t dl = dot ? (size_t)(dot - op_name) : strlen(op_name);
	const void *none;
	if (ods_scoped(p))
		return pl_ptrmap_get(&p->ods_dialects, pl_intern_n(p->intern, op_name, dl), &none);
	unsigned n = model_op_count(p->m);
	for (unsigned i = 0; i < n; i++) {
		const char *on = model_op_name_at(p->m, i);
		if (strncmp(on, op_name, dl) == 0 && on[dl] == '.')
			return true;
	}
	return false;
}

struct pdll_expr *pdll_create_op(struct pdll_parser *p, struct pdll_expr *e, enum pdll_rtctx rt)
{
	const struct model_op *ods = e->op_name ? pdll_ods_op(p, e->op_name) : NULL;

	e->ods = ods;
	e->type = pdll_ty_op(p, e->op_name);
	if (e->op_name && !ods && dialect_known(p, e->op_name))
		pl_diag(p->diag, PL_SEV_WARNING, PDLL_RULE_UNKNOWN_OP, e->op_name_span,
		        "`%s` is not defined in the included ODS of its dialect; mlir-pdll treats it as an unregistered operation",
		        e->op_name);
	if (check_groups(p, true, e, &e->args, &e->n_args))
		return NULL;
	for (unsigned i = 0; i < e->n_attrs; i++) {
		struct pdll_type *at = e->attr_vals[i]->type;
		if (!is(at, PT_ATTR) && !unres(at)) {
			pdll_error(p, e->attr_vals[i]->span, "expected `Attr` expression, but got `%s`",
			           pdll_ty_str(p, at));
			return NULL;
		}
	}
	if (ods) {
		for (unsigned i = 0; i < e->n_attrs; i++) {
			bool found = false;
			for (unsigned k = 0; k < ods->n_attrs && !found; k++)
				found = strcmp(ods->attrs[k].name, e->attr_names[i]) == 0;
			if (!found)
				pl_diag(p->diag, PL_SEV_WARNING, PDLL_RULE_UNKNOWN_ATTR, e->attr_spans[i],
				        "`%s` has no attribute `%s` in its ODS definition", e->op_name, e->attr_names[i]);
		}
	}
	if (rt == RT_EXPLICIT) {
		if (check_groups(p, false, e, &e->results, &e->n_results))
			return NULL;
	} else if (rt == RT_INTERFACE) {
		e->results_inferred = true;
		/* A known op whose result types cannot be inferred is rule
		 * missing-result-type-builder's finding (mlir-pdll warns here
		 * even when a later `replace` gives the types; the rule does
		 * not).  An unknown op stays a frontend warning. */
		if (!ods && !p->ods_incomplete)
			pl_diag(p->diag, PL_SEV_WARNING, NULL, e->span,
			        "operation result types are marked to be inferred, but `%s` is unknown. "
			        "Ensure that `%s` supports zero results or implements `InferTypeOpInterface`. "
			        "Include the ODS definition of this operation to remove this warning.",
			        e->op_name, e->op_name);
	} else {
		e->results_inferred = true;
	}
	return e;
}

struct pdll_expr *pdll_create_tuple(struct pdll_parser *p, struct pl_span loc,
                                    struct pdll_expr **elts, const char **names, unsigned n)
{
	struct pdll_type **tys = PL_NEW_ARRAY(p->arena, struct pdll_type *, n ? n : 1);
	for (unsigned i = 0; i < n; i++) {
		struct pdll_type *t = elts[i]->type;
		if (is(t, PT_CONSTRAINT) || is(t, PT_REWRITE) || is(t, PT_TUPLE)) {
			pdll_error(p, elts[i]->span, "unable to build a tuple with `%s` element", pdll_ty_str(p, t));
			return NULL;
		}
		tys[i] = t;
	}
	struct pdll_expr *e = pdll_new_expr(p, PE_TUPLE, loc, pdll_ty_tuple(p, tys, names, n));
	e->args = elts;
	e->n_args = n;
	e->names = e->type->names;
	return e;
}

/* ---- statements ---------------------------------------------------------- */

int pdll_check_erase(struct pdll_parser *p, struct pdll_expr *root)
{
	if (!is(root->type, PT_OP) && !unres(root->type)) {
		pdll_error(p, root->span, "expected `Op` expression");
		return -1;
	}
	return 0;
}

int pdll_check_rewrite_root(struct pdll_parser *p, struct pdll_expr *root)
{
	if (!is(root->type, PT_OP) && !unres(root->type)) {
		pdll_error(p, root->span, "expected `Op` expression, but got `%s`", pdll_ty_str(p, root->type));
		return -1;
	}
	return 0;
}

int pdll_check_replace(struct pdll_parser *p, struct pdll_expr *root, struct pdll_expr **vals, unsigned n)
{
	if (pdll_check_rewrite_root(p, root))
		return -1;
	for (unsigned i = 0; i < n; i++) {
		struct pdll_type *t = vals[i]->type;
		if (is(t, PT_OP)) {
			if (n > 1)
				vals[i] = all_results(p, vals[i], PT_VALUE_RANGE);
			continue;
		}
		if (!is(t, PT_VALUE) && !is(t, PT_VALUE_RANGE) && !unres(t)) {
			pdll_error(p, vals[i]->span, "expected `Op`, `Value` or `ValueRange` expression, but got `%s`",
			           pdll_ty_str(p, t));
			return -1;
		}
	}
	return 0;
}

/* ---- patlint's checks of a finished pattern ------------------------------ */

static void collect_vars(struct pdll_stmt *s, struct pl_vec *out);

static void collect_expr_vars(struct pdll_expr *e, struct pl_vec *out)
{
	if (!e)
		return;
	if (e->kind == PE_DECLREF && e->decl->kind == PD_VAR && !e->decl->is_let && !e->decl->is_arg) {
		/* inline variable definitions are DeclRefs to fresh decls */
		bool seen = false;
		for (size_t i = 0; i < out->len && !seen; i++)
			seen = out->items[i] == e->decl;
		if (!seen && e->decl->loc.off == e->span.off)
			pl_vec_push(out, e->decl);
	}
	collect_expr_vars(e->parent, out);
	for (unsigned i = 0; i < e->n_args; i++)
		collect_expr_vars(e->args[i], out);
	for (unsigned i = 0; i < e->n_attrs; i++)
		collect_expr_vars(e->attr_vals[i], out);
	for (unsigned i = 0; i < e->n_results; i++)
		collect_expr_vars(e->results[i], out);
}

static void collect_vars(struct pdll_stmt *s, struct pl_vec *out)
{
	if (!s)
		return;
	if (s->kind == PS_LET) {
		pl_vec_push(out, s->var);
		collect_expr_vars(s->var->init, out);
		for (unsigned i = 0; i < s->var->n_csts; i++)
			collect_expr_vars(s->var->csts[i].type_expr, out);
	}
	collect_expr_vars(s->expr, out);
	for (unsigned i = 0; i < s->n_vals; i++)
		collect_expr_vars(s->vals[i], out);
	collect_vars(s->body, out);
	for (unsigned i = 0; i < s->n_stmts; i++)
		collect_vars(s->stmts[i], out);
}

/* mlir-pdll -x=mlir rejects a pattern whose match section defines a value,
 * type or attribute nobody binds ("expected a bindable user") or that the
 * match never reaches ("the operations must form a connected component"),
 * at the pattern's first line.  patlint names the variable instead. */
void pdll_check_pattern_vars(struct pdll_parser *p, struct pdll_decl *pat)
{
	struct pl_vec vars = {0};
	struct pdll_stmt *body = pat->body;

	if (!body)
		return;
	/* only the match section: everything but the final rewrite's body */
	for (unsigned i = 0; i < body->n_stmts; i++) {
		struct pdll_stmt *s = body->stmts[i];
		if (s->kind == PS_LET)
			collect_vars(s, &vars);
	}
	for (size_t i = 0; i < vars.len; i++) {
		struct pdll_decl *d = vars.items[i];
		if (!d->is_let || !d->name || !d->in_match)
			continue;
		if (d->uses_match == 0 && d->uses_rewrite == 0 && !d->init) {
			pl_diag(p->diag, PL_SEV_WARNING, PDLL_RULE_UNUSED_LET, d->loc,
			        "`%s` is defined in the match section but never used; the PDL verifier rejects it (\"expected a bindable user\")",
			        d->name);
		} else if (d->uses_match == 0 && !d->init && !is(d->type, PT_OP)) {
			pl_diag(p->diag, PL_SEV_WARNING, PDLL_RULE_UNBOUND_LET, d->loc,
			        "`%s` is used only in the rewrite, so the match never binds it; the PDL verifier rejects the pattern (\"the operations must form a connected component\")",
			        d->name);
		}
	}
	pl_vec_free(&vars);
}
