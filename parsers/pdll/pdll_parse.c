/*
 * pdll_parse.c -- the PDLL parser: recursive descent over the grammar of
 * ../shared/spec/PDLL.md as mlir-pdll-16 accepts it, building the checked
 * AST through pdll_sema.c, and handing each finished Pattern to the
 * lowering (pdll_lower.c).
 *
 * Error recovery: mlir-pdll-16 stops at its first error.  patlint reports
 * that same first error, then skips to the next top-level declaration (a
 * `Pattern`, `Constraint`, `Rewrite` or directive at the start of a line)
 * and goes on, so one run reports the errors of every declaration.
 * Nesting is bounded (PDLL_MAX_DEPTH): deeper input is an error, not a
 * stack overflow.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyzer/arena.h"
#include "analyzer/fscache.h"
#include "analyzer/intern.h"
#include "parsers/incpath.h"
#include "parsers/pdll/pdll_p.h"

#define MAX_INCLUDE_DEPTH 64

/* ---- token helpers ------------------------------------------------------ */

static void next(struct pdll_parser *p) { p->tok = pdll_lex_next(&p->lx); }
static bool at(struct pdll_parser *p, enum pdll_tok k) { return p->tok.kind == k; }

static bool consume_if(struct pdll_parser *p, enum pdll_tok k)
{
	if (!at(p, k))
		return false;
	next(p);
	return true;
}

static struct pl_span tok_span(struct pdll_parser *p) { return pdll_tok_span(p, p->tok); }

/* Report msg at the current token, unless the lexer already reported it. */
static void err_tok(struct pdll_parser *p, const char *msg)
{
	if (at(p, T_ERROR)) {
		p->errors++;
		return;
	}
	pdll_error(p, tok_span(p), "%s", msg);
}

static int expect(struct pdll_parser *p, enum pdll_tok k, const char *msg)
{
	if (!at(p, k)) {
		err_tok(p, msg);
		return -1;
	}
	next(p);
	return 0;
}

static const char *tok_text(struct pdll_parser *p)
{
	return pl_intern_n(p->intern, p->lx.buf + p->tok.off, p->tok.end - p->tok.off);
}

static void reset_to(struct pdll_parser *p, uint32_t off)
{
	p->lx.pos = off;
	next(p);
}

static bool is_string(struct pdll_parser *p) { return at(p, T_STRING) || at(p, T_STRING_BLOCK); }
static bool is_name(struct pdll_parser *p) { return at(p, T_IDENT) || PDLL_TOK_IS_DEPKW(p->tok.kind); }
static bool is_kw(struct pdll_parser *p) { return PDLL_TOK_IS_KEYWORD(p->tok.kind); }

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c - 'A' + 10;
}

/* The unescaped value of the current string token. */
static const char *string_value(struct pdll_parser *p)
{
	const char *s = p->lx.buf + p->tok.off;
	size_t n = p->tok.end - p->tok.off;
	if (at(p, T_STRING)) { s += 1; n -= 2; } else { s += 2; n -= 4; }
	char *out = pl_arena_alloc(p->arena, n + 1), *o = out;
	for (size_t i = 0; i < n;) {
		char c = s[i++];
		if (c != '\\' || i >= n) { *o++ = c; continue; }
		char d = s[i++];
		switch (d) {
		case '"': case '\\': *o++ = d; break;
		case 'n': *o++ = '\n'; break;
		case 't': *o++ = '\t'; break;
		default:
			if (i < n) { *o++ = (char)(hexval(d) << 4 | hexval(s[i])); i++; }
			break;
		}
	}
	*o = 0;
	return pl_intern(p->intern, out);
}

static bool enter(struct pdll_parser *p)
{
	if (++p->depth > PDLL_MAX_DEPTH) {
		err_tok(p, "nesting too deep: patlint accepts at most 512 nested expressions or statements");
		p->depth--;
		return false;
	}
	return true;
}

static void leave(struct pdll_parser *p) { p->depth--; }

static void *vec_copy(struct pdll_parser *p, struct pl_vec *v, size_t elem)
{
	void *a = pl_arena_zalloc(p->arena, elem * (v->len ? v->len : 1));
	for (size_t i = 0; i < v->len; i++)
		((void **)a)[i] = v->items[i];
	pl_vec_free(v);
	return a;
}
#define VEC_ARRAY(p, v, T) ((T **)vec_copy((p), (v), sizeof(T *)))

static struct pl_span join(struct pl_span a, struct pl_span b) { return pl_span_join(a, b); }

/* ---- forward declarations --------------------------------------------- */

static struct pdll_expr *parse_expr(struct pdll_parser *p);
static struct pdll_stmt *parse_stmt(struct pdll_parser *p, bool expect_semi);
static struct pdll_stmt *parse_compound(struct pdll_parser *p);
static struct pdll_decl *parse_user_decl(struct pdll_parser *p, bool rewrite, bool is_inline);
static struct pdll_expr *parse_op_expr(struct pdll_parser *p, enum pdll_rtctx rt);
static int parse_module_body(struct pdll_parser *p);

/* ---- constraints --------------------------------------------------------- */

/* op-name: ident `.` (ident | keyword | `.`)+ ; may be empty when allowed */
static int parse_op_name(struct pdll_parser *p, bool allow_empty, const char **name, struct pl_span *sp)
{
	*name = NULL;
	*sp = tok_span(p);
	if (!at(p, T_IDENT) && !is_kw(p)) {
		if (allow_empty)
			return 0;
		err_tok(p, "expected dialect namespace");
		return -1;
	}
	uint32_t start = p->tok.off, end;
	next(p);
	if (expect(p, T_DOT, "expected `.` after dialect namespace"))
		return -1;
	if (!at(p, T_IDENT) && !is_kw(p)) {
		err_tok(p, "expected operation name after dialect namespace");
		return -1;
	}
	do {
		end = p->tok.end;
		next(p);
	} while (at(p, T_IDENT) || at(p, T_DOT) || is_kw(p));
	*name = pl_intern_n(p->intern, p->lx.buf + start, end - start);
	*sp = pdll_span(p, start, end);
	return 0;
}

/* wrapped-op-name: (`<` op-name `>`)? */
static int parse_wrapped_op_name(struct pdll_parser *p, bool allow_empty, const char **name, struct pl_span *sp)
{
	*name = NULL;
	*sp = tok_span(p);
	if (!consume_if(p, T_LESS))
		return 0;
	if (parse_op_name(p, allow_empty, name, sp))
		return -1;
	return expect(p, T_GREATER, "expected `>` after operation name");
}

/* type-constraint: `<` expr `>` */
static int parse_type_constraint(struct pdll_parser *p, bool allow_inline, struct pl_span *prev,
                                 struct pdll_expr **out)
{
	if (!allow_inline) {
		err_tok(p, "inline `Attr`, `Value`, and `ValueRange` type constraints are not permitted on arguments or results");
		return -1;
	}
	if (prev->file) {
		pdll_error_note(p, tok_span(p), *prev, "see previous constraint location here",
		                "the type of this variable has already been constrained");
		return -1;
	}
	next(p);
	struct pdll_expr *e = parse_expr(p);
	if (!e || expect(p, T_GREATER, "expected `>` after variable type constraint"))
		return -1;
	*out = e;
	*prev = e->span;
	return 0;
}

struct pdll_td_import {
	struct pdll_parser *p;
};

/* A `.td` include could not be imported (no hook): an unknown constraint
 * name is taken to be one of its ODS defs, of the kind its name suggests
 * (ODS naming conventions: *Interface on ops, *Attr attributes, else
 * types), so that files using ODS constraints still check. */
static struct pdll_decl *assume_td_constraint(struct pdll_parser *p, const char *name, struct pl_span sp)
{
	struct pdll_td_import imp = { p };
	size_t n = strlen(name);
	enum pdll_td_constraint_kind k = PDLL_TD_TYPE;
	if (strstr(name, "Attr"))
		k = PDLL_TD_ATTR;
	if (n > 9 && strcmp(name + n - 9, "Interface") == 0)
		k = strstr(name, "AttrInterface") ? PDLL_TD_ATTR : strstr(name, "TypeInterface") ? PDLL_TD_TYPE : PDLL_TD_OP;
	struct pdll_scope *s = p->scope;
	while (s->parent)
		s = s->parent;
	struct pdll_scope *cur = p->scope;
	p->scope = s;
	pdll_td_define_constraint(&imp, name, k, NULL, sp);
	p->scope = cur;
	return pdll_lookup(p, name);
}

/* constraint: `Attr` type-constraint? | `Op` wrapped-op-name | `Type` | `TypeRange`
 *           | `Value` type-constraint? | `ValueRange` type-constraint?
 *           | inline-constraint-decl | identifier */
static int parse_constraint(struct pdll_parser *p, struct pl_span *type_cst, bool allow_inline,
                            struct pdll_cref *out)
{
	memset(out, 0, sizeof(*out));
	out->span = tok_span(p);
	switch (p->tok.kind) {
	case T_KW_Attr:
	case T_KW_Value:
	case T_KW_ValueRange:
		out->kind = at(p, T_KW_Attr) ? CR_ATTR : at(p, T_KW_Value) ? CR_VALUE : CR_VALUE_RANGE;
		next(p);
		if (at(p, T_LESS) && parse_type_constraint(p, allow_inline, type_cst, &out->type_expr))
			return -1;
		return 0;
	case T_KW_Op:
		out->kind = CR_OP;
		next(p);
		return parse_wrapped_op_name(p, true, &out->op_name, &out->op_name_span);
	case T_KW_Type:
		out->kind = CR_TYPE;
		next(p);
		return 0;
	case T_KW_TypeRange:
		out->kind = CR_TYPE_RANGE;
		next(p);
		return 0;
	case T_KW_Constraint: {
		struct pdll_decl *d = parse_user_decl(p, false, true);
		if (!d)
			return -1;
		out->kind = CR_USER;
		out->user = d;
		return 0;
	}
	case T_IDENT: {
		const char *name = tok_text(p);
		next(p);
		struct pdll_decl *d = pdll_lookup(p, name);
		if (!d && p->ods_incomplete)
			d = assume_td_constraint(p, name, out->span);
		if (!d) {
			pdll_error(p, out->span, "unknown reference to constraint `%s`", name);
			return -1;
		}
		if (d->kind == PD_CONSTRAINT) {
			out->kind = CR_USER;
			out->user = d;
			return 0;
		}
		pdll_error_note(p, out->span, d->loc,
		                pl_arena_printf(p->arena, "see the definition of `%s` here", name),
		                "invalid reference to non-constraint");
		return -1;
	}
	default:
		if (at(p, T_ERROR))
			p->errors++;
		else
			pdll_error(p, out->span, "expected identifier constraint");
		return -1;
	}
}

/* constraint-list: constraint | `[` constraint (`,` constraint)* `]` */
static int parse_constraint_list(struct pdll_parser *p, struct pdll_cref **out, unsigned *n)
{
	struct pl_span type_cst = {0};
	unsigned cap = 4;
	struct pdll_cref *v = PL_NEW_ARRAY(p->arena, struct pdll_cref, cap);
	bool list = consume_if(p, T_LSQUARE);

	*n = 0;
	do {
		if (*n == cap) {
			struct pdll_cref *nv = PL_NEW_ARRAY(p->arena, struct pdll_cref, cap * 2);
			memcpy(nv, v, sizeof(*v) * cap);
			v = nv;
			cap *= 2;
		}
		if (parse_constraint(p, &type_cst, true, &v[*n]))
			return -1;
		(*n)++;
	} while (list && consume_if(p, T_COMMA));
	*out = v;
	if (list)
		return expect(p, T_RSQUARE, "expected `]` after constraint list");
	return 0;
}

/* ---- expressions ----------------------------------------------------------- */

static struct pdll_expr *inline_var(struct pdll_parser *p, const char *name, struct pl_span loc)
{
	struct pdll_cref *csts;
	unsigned n;
	struct pdll_type *t = NULL;

	if (parse_constraint_list(p, &csts, &n) || pdll_validate_csts(p, csts, n, &t))
		return NULL;
	struct pdll_decl *d = pdll_define_var(p, name, loc, t, NULL, csts, n);
	if (!d)
		return NULL;
	pdll_note_var_use(p, d);
	struct pdll_expr *e = pdll_new_expr(p, PE_DECLREF, loc, t);
	e->decl = d;
	return e;
}

/* identifier-expr: identifier (`:` constraint-list)? */
static struct pdll_expr *parse_identifier_expr(struct pdll_parser *p)
{
	const char *name = tok_text(p);
	struct pl_span loc = tok_span(p);

	next(p);
	if (consume_if(p, T_COLON))
		return inline_var(p, name, loc);
	struct pdll_decl *d = pdll_lookup(p, name);
	if (!d && p->in_pattern) {
		/* mlir-pdll stops here ("undefined reference"); patlint keeps the
		 * use as an unresolved variable, so that the pattern reaches the
		 * model and rule unbound-variable reports it with a suggestion.
		 * A call of an undefined name stays an error (pdll_create_call). */
		d = PL_NEW(p->arena, struct pdll_decl);
		d->kind = PD_VAR;
		d->name = name;
		d->loc = loc;
		d->type = pdll_ty(p, PT_UNRESOLVED);
		d->unresolved = true;
		d->in_match = p->ctx == PC_MATCH;
		if (p->unres_tail)
			p->unres_tail->next_unresolved = d;
		else
			p->unres_head = d;
		p->unres_tail = d;
	}
	if (!d) {
		pdll_error(p, loc, "undefined reference to `%s`", name);
		return NULL;
	}
	return pdll_create_declref(p, loc, d);
}

/* `_` `:` constraint-list */
static struct pdll_expr *parse_underscore(struct pdll_parser *p)
{
	struct pl_span loc = tok_span(p);
	next(p);
	if (expect(p, T_COLON, "expected `:` after `_` variable"))
		return NULL;
	return inline_var(p, pl_intern(p->intern, "_"), loc);
}

/* attr-expr: `attr` `<` string `>`; type-expr: `type` `<` string `>` */
static struct pdll_expr *parse_literal(struct pdll_parser *p, bool is_attr)
{
	struct pl_span loc = tok_span(p);
	uint32_t start = p->tok.off;

	next(p);
	if (!consume_if(p, T_LESS)) {
		reset_to(p, start);
		return parse_identifier_expr(p);
	}
	if (!is_string(p)) {
		err_tok(p, is_attr ? "expected string literal containing MLIR attribute"
		                   : "expected string literal containing MLIR type");
		return NULL;
	}
	const char *val = string_value(p);
	next(p);
	loc = join(loc, tok_span(p));
	if (expect(p, T_GREATER, is_attr ? "expected `>` after attribute literal" : "expected `>` after type literal"))
		return NULL;
	struct pdll_expr *e = pdll_new_expr(p, is_attr ? PE_ATTR : PE_TYPE, loc,
	                                    pdll_ty(p, is_attr ? PT_ATTR : PT_TYPE));
	e->str = val;
	return e;
}

/* tuple-expr: `(` ((identifier `=`)? expr (`,` ...)*)? `)` */
static struct pdll_expr *parse_tuple(struct pdll_parser *p)
{
	struct pl_span loc = tok_span(p);
	struct pl_vec elts = {0}, names = {0}, spans = {0};
	struct pdll_expr *res = NULL;

	next(p);
	if (!at(p, T_RPAREN)) {
		do {
			const char *ename = "";
			if (is_name(p)) {
				struct pdll_token nt = p->tok;
				const char *txt = tok_text(p);
				next(p);
				if (consume_if(p, T_EQUAL)) {
					ename = txt;
					for (size_t i = 0; i < names.len; i++) {
						if (names.items[i] == txt) {
							pdll_error_note(p, pdll_tok_span(p, nt), *(struct pl_span *)spans.items[i],
							                "see previous label use here",
							                "duplicate tuple element label `%s`", txt);
							goto out;
						}
					}
				} else {
					reset_to(p, nt.off);
				}
				struct pl_span *sp = PL_NEW(p->arena, struct pl_span);
				*sp = pdll_tok_span(p, nt);
				pl_vec_push(&spans, sp);
			} else {
				pl_vec_push(&spans, PL_NEW(p->arena, struct pl_span));
			}
			pl_vec_push(&names, (void *)ename);
			struct pdll_expr *e = parse_expr(p);
			if (!e)
				goto out;
			pl_vec_push(&elts, e);
		} while (consume_if(p, T_COMMA));
	}
	loc = join(loc, tok_span(p));
	if (expect(p, T_RPAREN, "expected `)` after tuple element list"))
		goto out;
	{
		unsigned n = (unsigned)elts.len;
		const char **nm = (const char **)VEC_ARRAY(p, &names, const char);
		struct pdll_expr **el = VEC_ARRAY(p, &elts, struct pdll_expr);
		res = pdll_create_tuple(p, loc, el, nm, n);
	}
out:
	pl_vec_free(&elts);
	pl_vec_free(&names);
	pl_vec_free(&spans);
	return res;
}

/* named-attr: (identifier | keyword | string) (`=` expr)? */
static int parse_named_attr(struct pdll_parser *p, struct pl_vec *names, struct pl_vec *vals, struct pl_vec *spans)
{
	const char *name;
	if (is_string(p))
		name = string_value(p);
	else if (at(p, T_IDENT) || is_kw(p))
		name = tok_text(p);
	else {
		err_tok(p, "expected identifier or string attribute name");
		return -1;
	}
	struct pl_span *sp = PL_NEW(p->arena, struct pl_span);
	*sp = tok_span(p);
	next(p);
	struct pdll_expr *v;
	if (consume_if(p, T_EQUAL)) {
		v = parse_expr(p);
		if (!v)
			return -1;
	} else {
		v = pdll_new_expr(p, PE_ATTR, *sp, pdll_ty(p, PT_ATTR));
		v->str = pl_intern(p->intern, "unit");
	}
	pl_vec_push(names, (void *)name);
	pl_vec_push(vals, v);
	pl_vec_push(spans, sp);
	return 0;
}

static struct pdll_expr *implicit_range(struct pdll_parser *p, struct pl_span loc, enum pdll_cref_kind ck,
                                        enum pdll_type_kind tk)
{
	struct pdll_cref *c = PL_NEW(p->arena, struct pdll_cref);
	c->kind = ck;
	c->span = loc;
	struct pdll_type *t = pdll_ty(p, tk);
	struct pdll_decl *d = pdll_define_var(p, pl_intern(p->intern, "_"), loc, t, NULL, c, 1);
	struct pdll_expr *e = pdll_new_expr(p, PE_DECLREF, loc, t);
	e->decl = d;
	e->implicit = true;
	return e;
}

/* op-expr: `op` wrapped-op-name (`(` expr-list? `)`)? (`{` named-attr-list `}`)?
 *          (`->` `(` expr-list? `)`)? */
static struct pdll_expr *parse_op_expr(struct pdll_parser *p, enum pdll_rtctx rt)
{
	struct pl_span loc = tok_span(p);
	uint32_t start = p->tok.off;
	struct pl_vec ops = {0}, anames = {0}, avals = {0}, aspans = {0}, res = {0};
	struct pdll_expr *out = NULL;

	next(p);
	if (!at(p, T_LESS)) {
		reset_to(p, start);
		return parse_identifier_expr(p);
	}
	struct pdll_expr *e = pdll_new_expr(p, PE_OP, loc, NULL);
	if (parse_wrapped_op_name(p, p->ctx != PC_REWRITE, &e->op_name, &e->op_name_span))
		return NULL;
	if (!consume_if(p, T_LPAREN)) {
		if (p->ctx != PC_REWRITE)
			pl_vec_push(&ops, implicit_range(p, loc, CR_VALUE_RANGE, PT_VALUE_RANGE));
	} else if (!consume_if(p, T_RPAREN)) {
		do {
			struct pdll_expr *a = parse_expr(p);
			if (!a)
				goto out;
			pl_vec_push(&ops, a);
		} while (consume_if(p, T_COMMA));
		if (expect(p, T_RPAREN, "expected `)` after operation operand list"))
			goto out;
	}
	if (consume_if(p, T_LBRACE)) {
		do {
			if (parse_named_attr(p, &anames, &avals, &aspans))
				goto out;
		} while (consume_if(p, T_COMMA));
		if (expect(p, T_RBRACE, "expected `}` after operation attribute list"))
			goto out;
	}
	if (consume_if(p, T_ARROW)) {
		if (expect(p, T_LPAREN, "expected `(` before operation result type list"))
			goto out;
		rt = RT_EXPLICIT;
		if (!consume_if(p, T_RPAREN)) {
			do {
				struct pdll_expr *r = parse_expr(p);
				if (!r)
					goto out;
				pl_vec_push(&res, r);
			} while (consume_if(p, T_COMMA));
			if (expect(p, T_RPAREN, "expected `)` after operation result type list"))
				goto out;
		}
	} else if (p->ctx != PC_REWRITE) {
		pl_vec_push(&res, implicit_range(p, loc, CR_TYPE_RANGE, PT_TYPE_RANGE));
	} else if (rt == RT_EXPLICIT) {
		rt = RT_INTERFACE;
	}
	e->n_args = (unsigned)ops.len;
	e->args = VEC_ARRAY(p, &ops, struct pdll_expr);
	e->n_attrs = (unsigned)anames.len;
	e->attr_names = (const char **)VEC_ARRAY(p, &anames, const char);
	e->attr_vals = VEC_ARRAY(p, &avals, struct pdll_expr);
	e->attr_spans = PL_NEW_ARRAY(p->arena, struct pl_span, e->n_attrs ? e->n_attrs : 1);
	for (unsigned i = 0; i < e->n_attrs; i++)
		e->attr_spans[i] = *(struct pl_span *)aspans.items[i];
	e->n_results = (unsigned)res.len;
	e->results = VEC_ARRAY(p, &res, struct pdll_expr);
	out = pdll_create_op(p, e, rt);
out:
	pl_vec_free(&ops);
	pl_vec_free(&anames);
	pl_vec_free(&avals);
	pl_vec_free(&aspans);
	pl_vec_free(&res);
	return out;
}

/* member-access: expr `.` (identifier | integer | keyword) */
static struct pdll_expr *parse_member(struct pdll_parser *p, struct pdll_expr *parent)
{
	struct pl_span dot = tok_span(p);
	next(p);
	if (!at(p, T_IDENT) && !at(p, T_INTEGER) && !is_kw(p)) {
		if (at(p, T_ERROR))
			p->errors++;
		else
			pdll_error(p, dot, "expected identifier or numeric member name");
		return NULL;
	}
	const char *name = tok_text(p);
	struct pl_span loc = join(parent->span, tok_span(p));
	next(p);
	return pdll_create_member(p, parent, name, loc);
}

/* call: expr `(` expr-list? `)` */
static struct pdll_expr *parse_call(struct pdll_parser *p, struct pdll_expr *callee)
{
	struct pl_vec args = {0};
	next(p);
	if (!at(p, T_RPAREN)) {
		do {
			struct pdll_expr *a = parse_expr(p);
			if (!a) {
				pl_vec_free(&args);
				return NULL;
			}
			pl_vec_push(&args, a);
		} while (consume_if(p, T_COMMA));
	}
	struct pl_span loc = join(callee->span, tok_span(p));
	if (expect(p, T_RPAREN, "expected `)` after argument list")) {
		pl_vec_free(&args);
		return NULL;
	}
	unsigned n = (unsigned)args.len;
	return pdll_create_call(p, loc, callee, VEC_ARRAY(p, &args, struct pdll_expr), n);
}

static struct pdll_expr *inline_decl_ref(struct pdll_parser *p, bool rewrite)
{
	struct pdll_decl *d = parse_user_decl(p, rewrite, true);
	if (!d)
		return NULL;
	struct pdll_expr *e = pdll_new_expr(p, PE_DECLREF, d->loc, pdll_ty(p, rewrite ? PT_REWRITE : PT_CONSTRAINT));
	e->decl = d;
	return e;
}

/* expr: primary (`.` member | `(` args `)`)* */
static struct pdll_expr *parse_expr_inner(struct pdll_parser *p)
{
	struct pdll_expr *e;

	if (at(p, T_UNDERSCORE))
		return parse_underscore(p);
	switch (p->tok.kind) {
	case T_KW_attr: e = parse_literal(p, true); break;
	case T_KW_type: e = parse_literal(p, false); break;
	case T_KW_Constraint: e = inline_decl_ref(p, false); break;
	case T_KW_Rewrite: e = inline_decl_ref(p, true); break;
	case T_IDENT: e = parse_identifier_expr(p); break;
	case T_KW_op: e = parse_op_expr(p, RT_EXPLICIT); break;
	case T_LPAREN: e = parse_tuple(p); break;
	default:
		err_tok(p, "expected expression");
		return NULL;
	}
	while (e) {
		if (at(p, T_DOT))
			e = parse_member(p, e);
		else if (at(p, T_LPAREN))
			e = parse_call(p, e);
		else
			break;
	}
	return e;
}

static struct pdll_expr *parse_expr(struct pdll_parser *p)
{
	if (!enter(p))
		return NULL;
	struct pdll_expr *e = parse_expr_inner(p);
	leave(p);
	return e;
}

/* ---- statements ------------------------------------------------------------ */

static struct pdll_stmt *new_stmt(struct pdll_parser *p, enum pdll_stmt_kind k, struct pl_span sp)
{
	struct pdll_stmt *s = PL_NEW(p->arena, struct pdll_stmt);
	s->kind = k;
	s->span = sp;
	return s;
}

/* erase-stmt: `erase` expr */
static struct pdll_stmt *parse_erase(struct pdll_parser *p)
{
	if (p->ctx == PC_CONSTRAINT) {
		err_tok(p, "`erase` cannot be used within a Constraint");
		return NULL;
	}
	struct pdll_stmt *s = new_stmt(p, PS_ERASE, tok_span(p));
	next(p);
	s->expr = parse_expr(p);
	if (!s->expr || pdll_check_erase(p, s->expr))
		return NULL;
	return s;
}

/* let-stmt: `let` identifier (`:` constraint-list)? (`=` expr)? */
static struct pdll_stmt *parse_let(struct pdll_parser *p)
{
	struct pdll_stmt *s = new_stmt(p, PS_LET, tok_span(p));
	struct pdll_cref *csts = NULL;
	unsigned n = 0;
	struct pdll_expr *init = NULL;

	next(p);
	struct pl_span vloc = tok_span(p);
	if (!is_name(p)) {
		if (at(p, T_UNDERSCORE))
			pdll_error(p, vloc, "`_` may only be used to define \"inline\" variables");
		else
			err_tok(p, "expected identifier after `let` to name a new variable");
		return NULL;
	}
	const char *name = tok_text(p);
	next(p);
	if (consume_if(p, T_COLON) && parse_constraint_list(p, &csts, &n))
		return NULL;
	if (consume_if(p, T_EQUAL)) {
		init = parse_expr(p);
		if (!init)
			return NULL;
		for (unsigned i = 0; i < n; i++) {
			if ((csts[i].kind == CR_ATTR || csts[i].kind == CR_VALUE || csts[i].kind == CR_VALUE_RANGE) &&
			    csts[i].type_expr) {
				pdll_error(p, csts[i].span, "type constraints are not permitted on variables with initializers");
				return NULL;
			}
		}
	}
	s->var = pdll_create_var(p, name, vloc, init, csts, n);
	if (!s->var)
		return NULL;
	s->var->is_let = true;
	return s;
}

/* replace-stmt: `replace` expr `with` (expr | `(` expr-list `)`) */
static struct pdll_stmt *parse_replace(struct pdll_parser *p)
{
	if (p->ctx == PC_CONSTRAINT) {
		err_tok(p, "`replace` cannot be used within a Constraint");
		return NULL;
	}
	struct pdll_stmt *s = new_stmt(p, PS_REPLACE, tok_span(p));
	struct pl_vec vals = {0};
	enum pdll_ctx saved = p->ctx;
	struct pdll_stmt *res = NULL;

	next(p);
	s->expr = parse_expr(p);
	if (!s->expr || expect(p, T_KW_with, "expected `with` after root operation"))
		return NULL;
	p->ctx = PC_REWRITE;
	if (consume_if(p, T_LPAREN)) {
		if (consume_if(p, T_RPAREN)) {
			pdll_error(p, s->span, "expected at least one replacement value, consider using `erase` if no replacement values are desired");
			goto out;
		}
		do {
			struct pdll_expr *v = parse_expr(p);
			if (!v)
				goto out;
			pl_vec_push(&vals, v);
		} while (consume_if(p, T_COMMA));
		if (expect(p, T_RPAREN, "expected `)` after replacement values"))
			goto out;
	} else {
		struct pdll_expr *v = at(p, T_KW_op) ? parse_op_expr(p, RT_REPLACEMENT) : parse_expr(p);
		if (!v)
			goto out;
		pl_vec_push(&vals, v);
	}
	s->n_vals = (unsigned)vals.len;
	s->vals = VEC_ARRAY(p, &vals, struct pdll_expr);
	if (pdll_check_replace(p, s->expr, s->vals, s->n_vals) == 0)
		res = s;
out:
	p->ctx = saved;
	pl_vec_free(&vals);
	return res;
}

/* return-stmt: `return` expr */
static struct pdll_stmt *parse_return(struct pdll_parser *p)
{
	struct pdll_stmt *s = new_stmt(p, PS_RETURN, tok_span(p));
	next(p);
	s->expr = parse_expr(p);
	return s->expr ? s : NULL;
}

/* rewrite-stmt: `rewrite` expr `with` compound-stmt */
static struct pdll_stmt *parse_rewrite(struct pdll_parser *p)
{
	if (p->ctx == PC_CONSTRAINT) {
		err_tok(p, "`rewrite` cannot be used within a Constraint");
		return NULL;
	}
	struct pdll_stmt *s = new_stmt(p, PS_REWRITE, tok_span(p));
	next(p);
	s->expr = parse_expr(p);
	if (!s->expr || expect(p, T_KW_with, "expected `with` before rewrite body"))
		return NULL;
	if (!at(p, T_LBRACE)) {
		err_tok(p, "expected `{` to start rewrite body");
		return NULL;
	}
	enum pdll_ctx saved = p->ctx;
	p->ctx = PC_REWRITE;
	s->body = parse_compound(p);
	p->ctx = saved;
	if (!s->body)
		return NULL;
	for (unsigned i = 0; i < s->body->n_stmts; i++) {
		if (s->body->stmts[i]->kind == PS_RETURN) {
			pdll_error(p, s->body->stmts[i]->span,
			           "`return` statements are only permitted within a `Constraint` or `Rewrite` body");
			return NULL;
		}
	}
	return pdll_check_rewrite_root(p, s->expr) ? NULL : s;
}

static struct pdll_stmt *parse_stmt_inner(struct pdll_parser *p, bool expect_semi)
{
	struct pdll_stmt *s;
	switch (p->tok.kind) {
	case T_KW_erase: s = parse_erase(p); break;
	case T_KW_let: s = parse_let(p); break;
	case T_KW_replace: s = parse_replace(p); break;
	case T_KW_return: s = parse_return(p); break;
	case T_KW_rewrite: s = parse_rewrite(p); break;
	default: {
		struct pdll_expr *e = parse_expr(p);
		s = NULL;
		if (e) {
			s = new_stmt(p, PS_EXPR, e->span);
			s->expr = e;
		}
		break;
	}
	}
	if (!s || (expect_semi && expect(p, T_SEMI, "expected `;` after statement")))
		return NULL;
	return s;
}

static struct pdll_stmt *parse_stmt(struct pdll_parser *p, bool expect_semi)
{
	if (!enter(p))
		return NULL;
	struct pdll_stmt *s = parse_stmt_inner(p, expect_semi);
	leave(p);
	return s;
}

/* compound-stmt: `{` stmt* `}` */
static struct pdll_stmt *parse_compound(struct pdll_parser *p)
{
	struct pl_span start = tok_span(p);
	struct pl_vec v = {0};

	next(p);
	pdll_scope_push(p);
	while (!at(p, T_RBRACE)) {
		struct pdll_stmt *s = parse_stmt(p, true);
		if (!s) {
			pdll_scope_pop(p);
			pl_vec_free(&v);
			return NULL;
		}
		pl_vec_push(&v, s);
	}
	pdll_scope_pop(p);
	struct pdll_stmt *c = new_stmt(p, PS_COMPOUND, join(start, tok_span(p)));
	next(p);
	c->n_stmts = (unsigned)v.len;
	c->stmts = VEC_ARRAY(p, &v, struct pdll_stmt);
	return c;
}

/* lambda-body: `=>` stmt; the statement is checked by the caller */
static struct pdll_stmt *parse_lambda(struct pdll_parser *p, bool expect_semi)
{
	next(p);
	struct pl_span start = tok_span(p);
	pdll_scope_push(p);
	struct pdll_stmt *s = parse_stmt(p, expect_semi);
	pdll_scope_pop(p);
	if (!s)
		return NULL;
	struct pdll_stmt *c = new_stmt(p, PS_COMPOUND, join(start, pdll_span(p, p->tok.off, p->tok.off)));
	c->stmts = PL_NEW_ARRAY(p->arena, struct pdll_stmt *, 1);
	c->stmts[0] = s;
	c->n_stmts = 1;
	return c;
}

static struct pdll_stmt *to_return(struct pdll_parser *p, struct pdll_stmt *s)
{
	struct pdll_stmt *r = new_stmt(p, PS_RETURN, s->span);
	r->expr = s->expr;
	return r;
}

/* ---- declarations ----------------------------------------------------------- */

static struct pdll_decl *arg_or_result_var(struct pdll_parser *p, const char *name, struct pl_span loc,
                                           struct pdll_cref *c)
{
	struct pdll_type *t = NULL;
	if (pdll_validate_csts(p, c, 1, &t))
		return NULL;
	struct pdll_decl *d = pdll_define_var(p, name, loc, t, NULL, c, 1);
	if (d)
		d->is_arg = true;
	return d;
}

/* argument: identifier `:` constraint */
static struct pdll_decl *parse_arg(struct pdll_parser *p)
{
	if (!is_name(p)) {
		err_tok(p, "expected identifier argument name");
		return NULL;
	}
	const char *name = tok_text(p);
	struct pl_span loc = tok_span(p);
	struct pl_span none = {0};
	next(p);
	if (expect(p, T_COLON, "expected `:` before argument constraint"))
		return NULL;
	struct pdll_cref *c = PL_NEW(p->arena, struct pdll_cref);
	if (parse_constraint(p, &none, false, c))
		return NULL;
	return arg_or_result_var(p, name, loc, c);
}

/* result: (identifier `:`)? constraint */
static struct pdll_decl *parse_result(struct pdll_parser *p)
{
	struct pl_span none = {0};
	struct pdll_cref *c = PL_NEW(p->arena, struct pdll_cref);

	if (is_name(p)) {
		struct pdll_decl *d = pdll_lookup(p, tok_text(p));
		if (!d || d->kind != PD_CONSTRAINT) {
			const char *name = tok_text(p);
			struct pl_span loc = tok_span(p);
			next(p);
			if (expect(p, T_COLON, "expected `:` before result constraint"))
				return NULL;
			if (parse_constraint(p, &none, false, c))
				return NULL;
			return arg_or_result_var(p, name, loc, c);
		}
	}
	if (parse_constraint(p, &none, false, c))
		return NULL;
	return arg_or_result_var(p, pl_intern(p->intern, ""), c->span, c);
}

static int validate_return(struct pdll_parser *p, const char *what, struct pdll_decl *d)
{
	struct pdll_stmt *body = d->body;
	unsigned i;
	for (i = 0; i < body->n_stmts; i++)
		if (body->stmts[i]->kind == PS_RETURN)
			break;
	if (i < body->n_stmts) {
		if (i + 1 < body->n_stmts) {
			pdll_error(p, body->stmts[i + 1]->span,
			           "`return` terminated the `%s` body, but found trailing statements afterwards", what);
			return -1;
		}
	} else if (d->n_results) {
		struct pl_span end = body->span;
		end.line = end.end_line;
		end.col = end.end_col;
		end.off = end.end_off;
		pdll_error(p, end, "missing return in a `%s` expected to return `%s`", what,
		           pdll_ty_str(p, d->result_type));
		return -1;
	}
	return 0;
}

/* user-decl: (`Constraint` | `Rewrite`) identifier? `(` args? `)` (`->` results)?
 *            (compound-stmt | `=>` stmt | string? `;`) */
static struct pdll_decl *parse_user_decl(struct pdll_parser *p, bool rewrite, bool is_inline)
{
	struct pdll_decl *d = PL_NEW(p->arena, struct pdll_decl);
	enum pdll_ctx saved = p->ctx;
	struct pdll_scope *outer = p->scope;
	struct pl_vec args = {0}, results = {0};
	struct pdll_decl *res = NULL;
	const char *what = rewrite ? "Rewrite" : "Constraint";

	bool saved_in_pattern = p->in_pattern;
	d->kind = rewrite ? PD_REWRITE : PD_CONSTRAINT;
	d->loc = tok_span(p);
	d->benefit = -1;
	next(p);
	p->ctx = rewrite ? PC_REWRITE : PC_CONSTRAINT;
	p->in_pattern = false; /* its body is not lowered into the pattern */
	if (!at(p, T_IDENT)) {
		if (!is_inline) {
			err_tok(p, "expected identifier name");
			goto out;
		}
		d->name = pl_intern(p->intern, pl_arena_printf(p->arena, "<anonymous_%s_%u>",
		                    rewrite ? "rewrite" : "constraint", p->anon_counter++));
	} else {
		d->name = tok_text(p);
		d->loc = tok_span(p);
		next(p);
	}
	/* signature */
	if (expect(p, T_LPAREN, "expected `(` to start argument list"))
		goto out;
	struct pdll_scope *argscope = pdll_scope_push(p);
	if (!at(p, T_RPAREN)) {
		do {
			struct pdll_decl *a = parse_arg(p);
			if (!a)
				goto out;
			pl_vec_push(&args, a);
		} while (consume_if(p, T_COMMA));
	}
	p->scope = outer;
	if (expect(p, T_RPAREN, "expected `)` to end argument list"))
		goto out;
	pdll_scope_push(p);
	if (consume_if(p, T_ARROW)) {
		if (consume_if(p, T_LPAREN)) {
			do {
				struct pdll_decl *r = parse_result(p);
				if (!r)
					goto out;
				pl_vec_push(&results, r);
			} while (consume_if(p, T_COMMA));
			if (expect(p, T_RPAREN, "expected `)` to end result list"))
				goto out;
		} else {
			struct pdll_decl *r = parse_result(p);
			if (!r)
				goto out;
			pl_vec_push(&results, r);
		}
	}
	p->scope = outer;
	d->n_inputs = (unsigned)args.len;
	d->inputs = VEC_ARRAY(p, &args, struct pdll_decl);
	d->n_results = (unsigned)results.len;
	d->results = VEC_ARRAY(p, &results, struct pdll_decl);
	if (d->n_results == 1) {
		d->result_type = d->results[0]->type;
	} else {
		struct pdll_type **tys = PL_NEW_ARRAY(p->arena, struct pdll_type *, d->n_results ? d->n_results : 1);
		const char **names = PL_NEW_ARRAY(p->arena, const char *, d->n_results ? d->n_results : 1);
		for (unsigned i = 0; i < d->n_results; i++) {
			tys[i] = d->results[i]->type;
			names[i] = d->results[i]->name;
		}
		d->result_type = pdll_ty_tuple(p, tys, names, d->n_results);
	}
	if (d->n_results == 1 && d->results[0]->name && d->results[0]->name[0]) {
		pdll_error(p, d->results[0]->loc, "cannot create a single-element tuple with an element label");
		goto out;
	}

	if (at(p, T_LBRACE) || at(p, T_EQUAL_ARROW)) {
		/* PDLL body: arguments are visible, results are not */
		p->scope = argscope;
		if (at(p, T_EQUAL_ARROW)) {
			d->body = parse_lambda(p, !is_inline);
			if (!d->body)
				goto out;
			struct pdll_stmt *s = d->body->stmts[0];
			if (!rewrite || !PDLL_IS_OPREWRITE(s)) {
				if (s->kind != PS_EXPR) {
					pdll_error(p, s->span, rewrite
						? "expected `Rewrite` lambda body to contain a single expression or an operation rewrite statement; such as `erase`, `replace`, or `rewrite`"
						: "expected `Constraint` lambda body to contain a single expression");
					goto out;
				}
				d->body->stmts[0] = to_return(p, s);
			}
			if (rewrite && validate_return(p, what, d))
				goto out;
		} else {
			d->body = parse_compound(p);
			if (!d->body || validate_return(p, what, d))
				goto out;
		}
		p->scope = outer;
		if (d->body->n_stmts) {
			struct pdll_stmt *last = d->body->stmts[d->body->n_stmts - 1];
			if (last->kind == PS_RETURN) {
				if (d->n_results == 0)
					d->result_type = last->expr->type;
				else if (pdll_convert(p, &last->expr, d->result_type, NULL, d->loc))
					goto out;
			}
		}
		res = d;
		goto out;
	}
	/* native declaration */
	d->native = true;
	if (is_string(p)) {
		d->code = string_value(p);
		next(p);
	} else if (is_inline) {
		pdll_error(p, d->loc, "external declarations must be declared in global scope");
		goto out;
	} else if (at(p, T_ERROR)) {
		p->errors++;
		goto out;
	}
	if (expect(p, T_SEMI, "expected `;` after native declaration"))
		goto out;
	if (!rewrite && d->n_results) {
		/* mlir-pdll-16: native constraints cannot return values (LLVM 19 can) */
		err_tok(p, "native Constraints currently do not support returning results");
		goto out;
	}
	res = d;
out:
	pl_vec_free(&args);
	pl_vec_free(&results);
	p->scope = outer;
	p->ctx = saved;
	p->in_pattern = saved_in_pattern;
	if (res && is_inline) {
		if (pdll_check_define(p, res->name, res->loc))
			return NULL;
		pdll_scope_add(p, res);
	}
	return res;
}

/* pattern-metadata: identifier (`(` integer `)`)? (`,` ...)* */
static int parse_pattern_metadata(struct pdll_parser *p, struct pdll_decl *d)
{
	struct pl_span bloc = {0}, rloc = {0};

	do {
		if (!at(p, T_IDENT)) {
			err_tok(p, "expected pattern metadata identifier");
			return -1;
		}
		const char *s = tok_text(p);
		struct pl_span mloc = tok_span(p);
		next(p);
		if (strcmp(s, "benefit") == 0) {
			if (bloc.file) {
				pdll_error_note(p, mloc, bloc, "see previous definition here",
				                "pattern benefit has already been specified");
				return -1;
			}
			if (expect(p, T_LPAREN, "expected `(` before pattern benefit"))
				return -1;
			if (!at(p, T_INTEGER)) {
				err_tok(p, "expected integral pattern benefit");
				return -1;
			}
			unsigned long v = 0;
			bool big = false;
			for (uint32_t i = p->tok.off; i < p->tok.end; i++) {
				v = v * 10 + (unsigned long)(p->lx.buf[i] - '0');
				if (v > 65535)
					big = true;
			}
			if (big) {
				err_tok(p, "expected pattern benefit to fit within a 16-bit integer");
				return -1;
			}
			if (v > 32767)
				/* the parser takes 16 unsigned bits, pdl.pattern's
				 * benefit attribute 15 (mlir-pdll -x=mlir fails) */
				pl_diag(p->diag, PL_SEV_WARNING, PDLL_RULE_BENEFIT_RANGE, tok_span(p),
				        "pattern benefit %lu is above 32767: the PDL verifier rejects what mlir-pdll "
				        "makes of it (\"16-bit signless integer attribute whose value is non-negative\")",
				        v);
			next(p);
			d->benefit = (int)v;
			bloc = mloc;
			if (expect(p, T_RPAREN, "expected `)` after pattern benefit"))
				return -1;
			continue;
		}
		if (strcmp(s, "recursion") == 0) {
			if (rloc.file) {
				pdll_error_note(p, mloc, rloc, "see previous definition here",
				                "pattern recursion metadata has already been specified");
				return -1;
			}
			d->recursion = true;
			rloc = mloc;
			continue;
		}
		if (strcmp(s, "recusion") == 0) {
			/* The PDLL documentation spells it this way; mlir-pdll does not. */
			struct pl_diag *dg = pl_diag_begin(p->diag, PL_SEV_ERROR, NULL, mloc, "unknown pattern metadata");
			pl_diag_note(p->diag, dg, mloc,
			             "did you mean `recursion`? The PDLL documentation spells it `recusion`, but mlir-pdll accepts only `recursion`");
			pl_diag_end(p->diag, dg);
			p->errors++;
			return -1;
		}
		pdll_error(p, mloc, "unknown pattern metadata");
		return -1;
	} while (consume_if(p, T_COMMA));
	return 0;
}

/* pattern-decl: `Pattern` identifier? (`with` metadata)? (compound-stmt | `=>` stmt) */
static struct pdll_decl *parse_pattern(struct pdll_parser *p)
{
	struct pdll_decl *d = PL_NEW(p->arena, struct pdll_decl);
	enum pdll_ctx saved = p->ctx;
	struct pdll_decl *res = NULL;

	d->kind = PD_PATTERN;
	d->loc = tok_span(p);
	d->benefit = -1;
	struct pl_span kwloc = d->loc;
	next(p);
	p->ctx = PC_MATCH;
	p->in_pattern = true;
	p->unres_head = p->unres_tail = NULL;
	if (at(p, T_IDENT)) {
		d->name = tok_text(p);
		d->loc = tok_span(p);
		next(p);
	}
	if (consume_if(p, T_KW_with) && parse_pattern_metadata(p, d))
		goto out;
	if (at(p, T_EQUAL_ARROW)) {
		d->body = parse_lambda(p, true);
		if (!d->body)
			goto out;
		if (!PDLL_IS_OPREWRITE(d->body->stmts[0])) {
			pdll_error(p, d->body->stmts[0]->span,
			           "expected Pattern lambda body to contain a single operation rewrite statement, such as `erase`, `replace`, or `rewrite`");
			goto out;
		}
	} else {
		if (!at(p, T_LBRACE)) {
			err_tok(p, "expected `{` or `=>` to start pattern body");
			goto out;
		}
		d->body = parse_compound(p);
		if (!d->body)
			goto out;
		unsigned i;
		for (i = 0; i < d->body->n_stmts; i++) {
			struct pdll_stmt *s = d->body->stmts[i];
			if (s->kind == PS_RETURN) {
				pdll_error(p, s->span, "`return` statements are only permitted within a `Constraint` or `Rewrite` body");
				goto out;
			}
			if (PDLL_IS_OPREWRITE(s))
				break;
		}
		if (i == d->body->n_stmts) {
			pdll_error(p, kwloc, "expected Pattern body to terminate with an operation rewrite statement, such as `erase`");
			goto out;
		}
		if (i + 1 < d->body->n_stmts) {
			pdll_error(p, d->body->stmts[i + 1]->span,
			           "Pattern body was terminated by an operation rewrite statement, but found trailing statements");
			goto out;
		}
	}
	d->decl_span = join(kwloc, d->body->span);
	res = d;
out:
	p->ctx = saved;
	p->in_pattern = false;
	/* The pattern failed for another reason and will not reach the
	 * model: its unresolved names cannot become rule findings, so report
	 * them here, as mlir-pdll does. */
	for (struct pdll_decl *u = res ? NULL : p->unres_head; u; u = u->next_unresolved)
		if (u->unresolved)
			pdll_error(p, u->loc, "undefined reference to `%s`", u->name);
	p->unres_head = p->unres_tail = NULL;
	return res;
}

/* ---- directives ------------------------------------------------------------- */

static bool file_exists(struct pl_fscache *fs, const char *path)
{
	return S_ISREG(pl_fscache_type(fs, path, true));
}

/* Resolve an include of `name` from the file `includer` as
 * llvm::SourceMgr does: the name as given, then each -I directory in
 * order.  Returns a heap path or NULL.  The first file found must pass
 * include confinement (parsers/incpath.h) unless the options allow any:
 * when it does not, returns NULL with *refused set to its resolved path
 * (heap).  The file system is asked through fs (the run's answers). */
static char *resolve_include_from(struct pl_fscache *fs, const char *includer,
                                  const struct pdll_options *opts, const char *name,
                                  char **refused)
{
	const char *const *dirs = opts ? opts->include_dirs : NULL;
	unsigned n_dirs = opts ? opts->n_include_dirs : 0;
	bool confine = !(opts && opts->allow_include_outside);
	char *found = NULL;

	*refused = NULL;
	if (file_exists(fs, name))
		found = pl_xstrdup(name);
	for (unsigned i = 0; !found && name[0] != '/' && i < n_dirs; i++) {
		struct pl_buf b = {0};
		pl_buf_printf(&b, "%s/%s", dirs[i], name);
		if (file_exists(fs, pl_buf_cstr(&b)))
			found = pl_buf_detach(&b);
		else
			pl_buf_free(&b);
	}
	if (found && confine) {
		struct incpath_memo memo = {.fs = fs};
		bool ok = incpath_allowed(&memo, found, includer, dirs, n_dirs, refused);
		incpath_memo_free(&memo);
		if (!ok) {
			free(found);
			return NULL;
		}
	}
	return found;
}

static char *resolve_include(struct pdll_parser *p, const char *name, char **refused)
{
	return resolve_include_from(pl_source_fs(p->sm), p->lx.file->path, p->opts, name, refused);
}

static bool has_suffix(const char *s, size_t n, const char *suf)
{
	size_t k = strlen(suf);
	return n >= k && memcmp(s + n - k, suf, k) == 0;
}

/* The offset of the last "#include" in f's text, or -1: an include
 * directive's token starts at one, so lexing can stop past it. */
static long last_include_at(const struct pl_source_file *f)
{
	static const char dir[] = "#include";
	const size_t k = sizeof dir - 1;
	long last = -1;

	for (const char *s = f->buf, *end = f->buf + f->len; (size_t)(end - s) >= k; s++) {
		s = memchr(s, '#', (size_t)(end - s) - (k - 1));
		if (!s)
			break;
		if (memcmp(s, dir, k) == 0)
			last = (long)(s - f->buf);
	}
	return last;
}

int pdll_td_includes(struct pl_source_mgr *sm, const char *path, const struct pdll_options *opts,
                     void (*fn)(void *ud, const char *path), void *ud)
{
	struct pl_source_file *f = NULL;

	if (pl_source_load(&f, sm, path) != 0)
		return -1;
	/* The inputs are found before -j's workers start, on one thread: a
	 * file is lexed only as far as its last include (pdll_load lexes it
	 * whole later). */
	long last = last_include_at(f);
	if (last < 0)
		return 0;
	/* Lexical errors are pdll_load's to report: these go nowhere. */
	struct pl_arena *scratch = pl_arena_new();
	struct pl_diag_ctx quiet;
	pl_diag_ctx_init(&quiet, sm, scratch);
	quiet.sink.emit = NULL;
	struct pdll_lexer lx;
	pdll_lex_init(&lx, f, &quiet);
	bool after_include = false;
	for (struct pdll_token t; (t = pdll_lex_next(&lx)).kind != T_EOF;) {
		const char *text = f->buf + t.off;
		size_t n = t.end - t.off;
		if (after_include && t.kind == T_STRING && n >= 2 && !memchr(text, '\\', n) &&
		    has_suffix(text + 1, n - 2, ".td")) {
			char *name = pl_xstrndup(text + 1, n - 2);
			char *refused = NULL;
			char *found = resolve_include_from(pl_source_fs(sm), f->path, opts, name, &refused);
			if (found)
				fn(ud, found);
			free(found);
			free(refused);
			free(name);
		}
		after_include = t.kind == T_DIRECTIVE && n == 8 && memcmp(text, "#include", 8) == 0;
		if (!after_include && (long)t.off >= last)
			break;
	}
	pl_arena_free(scratch);
	return 0;
}

void pdll_td_define_op(struct pdll_td_import *imp, const char *op_name, struct model_op *op)
{
	struct pdll_parser *p = imp->p;
	const void *had;
	const char *name = pl_intern(p->intern, op_name);

	/* two includes defining one op name: the first's, as the registry */
	if (!op || pl_ptrmap_get(&p->ods_ops, name, &had))
		return;
	pl_ptrmap_put(&p->ods_ops, name, op);
	const char *dot = strchr(name, '.');
	size_t dl = dot ? (size_t)(dot - name) : strlen(name);
	pl_ptrmap_put(&p->ods_dialects, pl_intern_n(p->intern, name, dl), NULL);
}

void pdll_td_define_constraint(struct pdll_td_import *imp, const char *name,
                               enum pdll_td_constraint_kind kind, const char *code,
                               struct pl_span where)
{
	struct pdll_parser *p = imp->p;
	const char *iname = pl_intern(p->intern, name);
	if (pdll_lookup(p, iname))
		return;
	struct pdll_decl *d = PL_NEW(p->arena, struct pdll_decl);
	d->kind = PD_CONSTRAINT;
	d->name = iname;
	d->loc = where;
	d->native = true;
	d->from_td = true;
	d->code = code ? pl_intern(p->intern, code) : NULL;
	struct pdll_decl *self = PL_NEW(p->arena, struct pdll_decl);
	self->kind = PD_VAR;
	self->name = pl_intern(p->intern, "self");
	self->loc = where;
	self->is_arg = true;
	self->type = kind == PDLL_TD_ATTR ? pdll_ty(p, PT_ATTR) : kind == PDLL_TD_TYPE ? pdll_ty(p, PT_TYPE)
	                                  : pdll_ty_op(p, NULL);
	d->inputs = PL_NEW_ARRAY(p->arena, struct pdll_decl *, 1);
	d->inputs[0] = self;
	d->n_inputs = 1;
	d->result_type = pdll_ty_tuple(p, NULL, NULL, 0);
	pdll_scope_add(p, d);
}

/* Whether f is the file being parsed or one of its includers. */
static bool pdll_include_cycle(struct pdll_parser *p, const struct pl_source_file *f)
{
	if (f == p->lx.file)
		return true;
	for (unsigned i = 0; i < p->include_depth && i < PL_ARRAY_LEN(p->includers); i++)
		if (p->includers[i] == f)
			return true;
	return false;
}

/* include: `#include` string */
static int parse_include(struct pdll_parser *p)
{
	struct pl_span loc = tok_span(p);
	next(p);
	if (!is_string(p)) {
		pdll_error(p, loc, "expected string file name after `include` directive");
		return -1;
	}
	struct pl_span floc = tok_span(p);
	const char *name = string_value(p);
	size_t n = strlen(name);
	next(p);
	bool pdll = has_suffix(name, n, ".pdll");
	bool td = has_suffix(name, n, ".td");
	if (!pdll && !td) {
		pdll_error(p, floc, "expected include filename to end with `.pdll` or `.td`");
		return -1;
	}
	char *refused = NULL;
	char *path = resolve_include(p, name, &refused);
	struct pl_source_file *f = NULL;
	if (refused) {
		pdll_error(p, floc, "include file `%s` resolves outside the working directory, the -I "
		           "directories and the including file's folder (--allow-include-outside "
		           "permits it)", name);
		free(refused);
		return -1;
	}
	if (!path || pl_source_load(&f, p->sm, path) != 0) {
		bool big = path && errno == EFBIG;
		free(path);
		if (big)
			pdll_error(p, floc, "include file `%s` is larger than %zu MiB", name,
			           PL_MAX_FILE_SIZE >> 20);
		else
			pdll_error(p, floc, "unable to open include file `%s`", name);
		return -1;
	}
	int rc = 0;
	if (td) {
		if (p->opts && p->opts->import_td) {
			struct pdll_td_import imp = { p };
			unsigned before = pl_diag_errors(p->diag);
			if (p->opts->import_td(p->opts->import_td_ud, f->path, floc, &imp) != 0) {
				if (pl_diag_errors(p->diag) == before)
					pdll_error(p, floc, "error while processing include file `%s`", name);
				else
					p->errors++;
				rc = -1;
			}
		} else {
			p->ods_incomplete = true;
		}
	} else if (pdll_include_cycle(p, f)) {
		/* each round would add the same patterns again: stop at once */
		pdll_error(p, floc, "include cycle: `%s` is already being parsed", f->path);
		rc = -1;
	} else if (p->include_depth >= MAX_INCLUDE_DEPTH) {
		pdll_error(p, floc, "includes nested too deeply (more than %d levels)", MAX_INCLUDE_DEPTH);
		rc = -1;
	} else {
		struct pdll_lexer saved_lx = p->lx;
		struct pdll_token saved_tok = p->tok;
		p->includers[p->include_depth++] = p->lx.file;
		pdll_lex_init(&p->lx, f, p->diag);
		next(p);
		rc = parse_module_body(p);
		p->include_depth--;
		p->lx = saved_lx;
		p->tok = saved_tok;
	}
	free(path);
	return rc;
}

static int parse_directive(struct pdll_parser *p)
{
	const char *d = tok_text(p);
	if (strcmp(d, "#include") == 0)
		return parse_include(p);
	err_tok(p, pl_arena_printf(p->arena, "unknown directive `%s`", d));
	return -1;
}

/* ---- module ---------------------------------------------------------------- */

static struct pdll_decl *parse_top_level(struct pdll_parser *p)
{
	struct pdll_decl *d;
	unsigned errs = p->errors;

	switch (p->tok.kind) {
	case T_KW_Constraint: d = parse_user_decl(p, false, false); break;
	case T_KW_Rewrite: d = parse_user_decl(p, true, false); break;
	case T_KW_Pattern: d = parse_pattern(p); break;
	default:
		err_tok(p, "expected top-level declaration, such as a `Pattern`");
		return NULL;
	}
	if (!d)
		return NULL;
	if (d->name && d->name[0] && d->kind != PD_PATTERN) {
		if (pdll_check_define(p, d->name, d->loc))
			return NULL;
		pdll_scope_add(p, d);
	}
	if (d->kind == PD_PATTERN) {
		if (d->name) {
			/* the name's own span, for the redefinition check */
			struct pdll_decl *prev = pdll_lookup(p, d->name);
			if (prev) {
				pdll_error_note(p, d->loc, prev->loc, "see previous definition here",
				                "`%s` has already been defined", d->name);
				return NULL;
			}
			pdll_scope_add(p, d);
		}
		if (p->errors == errs) {
			pdll_check_pattern_vars(p, d);
			pl_vec_push(&p->patterns, d);
			pdll_lower_pattern(p, d);
		}
	}
	pl_vec_push(&p->all_decls, d);
	return d;
}

static bool at_line_start(struct pdll_parser *p)
{
	uint32_t o = p->tok.off;
	return o == 0 || p->lx.buf[o - 1] == '\n' || p->lx.buf[o - 1] == '\r';
}

/* Skip to the next top-level declaration that starts a line. */
static void recover(struct pdll_parser *p, uint32_t failed_at)
{
	if (p->tok.off == failed_at && !at(p, T_EOF))
		next(p);
	while (!at(p, T_EOF)) {
		if ((at(p, T_KW_Pattern) || at(p, T_KW_Constraint) || at(p, T_KW_Rewrite) || at(p, T_DIRECTIVE)) &&
		    at_line_start(p))
			return;
		next(p);
	}
}

static int parse_module_body(struct pdll_parser *p)
{
	int rc = 0;
	struct pdll_scope *global = p->scope;

	while (!at(p, T_EOF)) {
		uint32_t start = p->tok.off;
		int ok;
		if (at(p, T_DIRECTIVE))
			ok = parse_directive(p) == 0;
		else
			ok = parse_top_level(p) != NULL;
		if (!ok) {
			rc = -1;
			p->scope = global;
			p->ctx = PC_GLOBAL;
			p->depth = 0;
			recover(p, start);
		}
	}
	return rc;
}

int pdll_parse_range(struct pdll_parser *p, struct pl_source_file *f, uint32_t off, uint32_t end)
{
	pdll_lex_init(&p->lx, f, p->diag);
	p->lx.pos = off;
	p->lx.len = end;
	pdll_scope_push(p);
	next(p);
	int rc = parse_module_body(p);
	return rc == 0 && p->errors == 0 ? 0 : -1;
}
