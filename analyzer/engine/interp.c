/*
 * interp.c -- match a model_pattern against an ir_op and apply its rewrite.
 *
 * The match walks the pattern's tree from the root op downwards, through
 * operands to their defining ops, binding names as it goes.  It is
 * recursive, bounded by INTERP_MAX_DEPTH (pattern trees are small and
 * written by hand; the IR side is never walked deeper than the pattern).
 * A name bound twice must denote the same entity (DRR repeated `$x`, PDLL
 * variables used twice).  Then the pattern's constraints run, then its
 * actions in order.
 *
 * What is modeled, and how (the rest is reported, not guessed):
 *   - PDLL `op<x>` with no operand list matches any operands
 *     (model_node.operands_any); a list must match exactly, except that one
 *     range element (a ValueRange variable, or an op used as "all its
 *     results") takes whatever the single elements leave;
 *   - attributes are looked up by name; a constant attribute matches when
 *     its canonical text is the op's (ir.h canonicalizes both);
 *   - result types, when the pattern lists them, fix the result count;
 *   - ODS constraints by name: the small table `ods_constraints` below,
 *     then, for a type, the ODS predicate of the named constraint through
 *     the type model of overlapping-matchers (overlap_defs_type_holds);
 *     a constraint neither decides is not checked on tree nodes, and is
 *     reported as native in a constraint list;
 *   - created ops get their result types from, in order: an explicit list;
 *     type inference for ops known to infer (SameOperandsAndResultType, a
 *     few builtin arith rules, InferTypeOpInterface with the same-type
 *     rule); the replaced root's result types for a root replacement; else
 *     no results (what mlir-pdll assumes for unknown ops).
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "interp.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/engine/ir.h"
#include "analyzer/model.h"
#include "analyzer/overlap.h"
#include "analyzer/util.h"

struct interp_options interp_options_from_specs(struct pl_arena *a, const char *const *specs,
                                                size_t n)
{
	struct interp_assume *as = PL_NEW_ARRAY(a, struct interp_assume, n + 1);

	for (size_t i = 0; i < n; i++) {
		const char *eq = strchr(specs[i], '=');
		size_t len = eq ? (size_t)(eq - specs[i]) : strlen(specs[i]);
		as[i].name = pl_arena_strndup(a, specs[i], len);
		as[i].value = eq && strcmp(eq + 1, "true") == 0;
	}
	return (struct interp_options){as, (unsigned)n};
}

#define INTERP_MAX_DEPTH 64
#define INTERP_MAX_BINDS 256
#define INTERP_MAX_VALUES 256

enum bkind { BK_NONE = 0, BK_OP, BK_VALUE, BK_RANGE, BK_ATTR, BK_TYPE };

struct bval {
	enum bkind k;
	struct ir_op *op;          /* BK_OP */
	struct ir_value *v;        /* BK_VALUE */
	struct ir_value **vals;    /* BK_RANGE (arena) */
	unsigned n;                /* BK_RANGE */
	const char *text;          /* BK_ATTR / BK_TYPE: canonical interned text */
};

struct bind {
	const char *name;
	struct bval val;
};

/* A native constraint reported already (reported once per run). */
struct reported {
	const char *name;
	struct reported *next;
};

struct interp {
	struct ir_ctx *c;
	const struct model *m;
	struct pl_diag_ctx *diag;
	struct interp_options opt;
	struct bind binds[INTERP_MAX_BINDS];
	unsigned n_binds;
	unsigned depth;
	bool error;                /* the current match/rewrite hit an error */
	struct reported *reported;
	/* rewrite state */
	const struct interp_listener *l;
	struct ir_op *root;
	struct ir_op *insert_before;
	const struct model_pattern *pat;
	struct overlap_defs *defs;  /* the type model, made on first use */
};

/* ---- helpers ------------------------------------------------------------ */

static bool streq(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static struct bind *lookup(struct interp *ip, const char *name)
{
	if (!name)
		return NULL;
	for (unsigned i = ip->n_binds; i-- > 0;)
		if (streq(ip->binds[i].name, name))
			return &ip->binds[i];
	return NULL;
}

static bool bval_equal(const struct bval *a, const struct bval *b)
{
	if (a->k == BK_OP && b->k == BK_OP)
		return a->op == b->op;
	if (a->k == BK_VALUE && b->k == BK_VALUE)
		return a->v == b->v;
	if ((a->k == BK_ATTR || a->k == BK_TYPE) && a->k == b->k)
		return a->text == b->text;
	/* ranges and single values / ops as ranges */
	struct ir_value *one[1];
	struct ir_value *const *av, *const *bv;
	unsigned an, bn;
	struct bval x[2] = { *a, *b };
	struct ir_value *const *vs[2];
	unsigned ns[2];
	for (int i = 0; i < 2; i++) {
		switch (x[i].k) {
		case BK_RANGE: vs[i] = x[i].vals; ns[i] = x[i].n; break;
		case BK_VALUE: one[0] = x[i].v; vs[i] = i == 0 ? one : &x[i].v; ns[i] = 1; break;
		case BK_OP: vs[i] = NULL; ns[i] = x[i].op->n_results; break;
		default: return false;
		}
	}
	av = vs[0]; an = ns[0]; bv = vs[1]; bn = ns[1];
	if (an != bn)
		return false;
	for (unsigned i = 0; i < an; i++) {
		struct ir_value *p = av ? av[i] : &x[0].op->results[i];
		struct ir_value *q = bv ? bv[i] : &x[1].op->results[i];
		if (p != q)
			return false;
	}
	return true;
}

/* Bind name to val; a name bound already must denote the same entity. */
static bool bind(struct interp *ip, const char *name, struct bval val)
{
	if (!name || !name[0] || strcmp(name, "_") == 0)
		return true;
	struct bind *b = lookup(ip, name);
	if (b)
		return bval_equal(&b->val, &val);
	if (ip->n_binds >= INTERP_MAX_BINDS) {
		ip->error = true;
		return false;
	}
	ip->binds[ip->n_binds].name = name;
	ip->binds[ip->n_binds].val = val;
	ip->n_binds++;
	return true;
}

static void report_native(struct interp *ip, const char *what, const char *name, struct pl_span span)
{
	ip->error = true;
	for (struct reported *r = ip->reported; r; r = r->next)
		if (streq(r->name, name))
			return;
	struct reported *r = PL_NEW(ir_ctx_arena(ip->c), struct reported);
	r->name = name;
	r->next = ip->reported;
	ip->reported = r;
	pl_diag(ip->diag, PL_SEV_ERROR, NULL, span,
	        "native %s '%s' cannot be executed%s", what, name ? name : "?",
	        strcmp(what, "constraint") == 0 ? "; state its result with --assume NAME=true|false" : "");
}

static void report(struct interp *ip, struct pl_span span, const char *msg, const char *arg)
{
	ip->error = true;
	pl_diag(ip->diag, PL_SEV_ERROR, NULL, span, "%s%s%s%s", msg, arg ? " '" : "", arg ? arg : "",
	        arg ? "'" : "");
}

/* ---- ODS constraints by name ------------------------------------------- */

static bool int_width_type(const char *t, const char *prefix, unsigned *w)
{
	size_t n = strlen(prefix);
	if (strncmp(t, prefix, n) != 0 || !t[n])
		return false;
	char *end;
	unsigned long v = strtoul(t + n, &end, 10);
	if (*end || end == t + n)
		return false;
	if (w)
		*w = (unsigned)v;
	return true;
}

static bool is_signless_int(const char *t) { return int_width_type(t, "i", NULL); }
static bool is_any_int(const char *t)
{
	return int_width_type(t, "i", NULL) || int_width_type(t, "si", NULL) || int_width_type(t, "ui", NULL);
}
static bool is_float(const char *t)
{
	static const char *const fl[] = { "f16", "bf16", "f32", "f64", "f80", "f128", "tf32" };
	for (size_t i = 0; i < sizeof(fl) / sizeof(fl[0]); i++)
		if (strcmp(t, fl[i]) == 0)
			return true;
	return strncmp(t, "f8", 2) == 0;
}

/* The element type of a shaped type text (`tensor<4xi32>` -> "i32"), or t. */
static const char *element_type(struct interp *ip, const char *t, bool *shaped)
{
	*shaped = false;
	const char *lt = strchr(t, '<');
	if (!lt || (strncmp(t, "tensor<", 7) && strncmp(t, "vector<", 7) && strncmp(t, "memref<", 7)))
		return t;
	*shaped = true;
	const char *end = t + strlen(t) - 1;
	/* the element type follows the last 'x' of the shape */
	const char *p = lt + 1, *last = lt + 1;
	int depth = 0;
	for (; p < end; p++) {
		if (*p == '<' || *p == '(' || *p == '[')
			depth++;
		else if (*p == '>' || *p == ')' || *p == ']')
			depth--;
		else if (*p == 'x' && depth == 0)
			last = p + 1;
		else if (*p == ',' && depth == 0)
			break;
	}
	char *s = pl_arena_strndup(ir_ctx_arena(ip->c), last, (size_t)(p - last));
	return ir_intern(ip->c, s);
}

enum cst_on { ON_TYPE, ON_ATTR };

struct ods_constraint {
	const char *name;          /* ODS def name */
	enum cst_on on;            /* a type (of a value) or an attribute */
	const char *arg;           /* exact type text, attr element type, or NULL */
	int check;                 /* see check_constraint */
};

/* check codes */
enum {
	C_ANY = 0,      /* anything */
	C_EXACT,        /* type text == arg */
	C_ANYINT,       /* iN, siN, uiN */
	C_SIGNLESS,     /* iN */
	C_FLOAT,        /* a float type */
	C_SIGNLESS_LIKE,/* iN or index, or shaped of them */
	C_INT_OR_INDEX, /* iN or index */
	C_FLOAT_LIKE,   /* float or shaped of floats */
	C_PREFIX,       /* type text starts with arg */
	C_A_INT,        /* integer attribute, of type arg when given */
	C_A_FLOAT,      /* float attribute, of type arg when given */
	C_A_KIND,       /* attribute of ir_attr_kind `arg[0]` */
	C_A_BOOL,       /* true / false */
};

/* Semantics beside each entry: what MLIR's predicate accepts. */
static const struct ods_constraint ods_constraints[] = {
	{ "AnyType", ON_TYPE, NULL, C_ANY },
	{ "I1", ON_TYPE, "i1", C_EXACT },
	{ "I8", ON_TYPE, "i8", C_EXACT },
	{ "I16", ON_TYPE, "i16", C_EXACT },
	{ "I32", ON_TYPE, "i32", C_EXACT },
	{ "I64", ON_TYPE, "i64", C_EXACT },
	{ "Index", ON_TYPE, "index", C_EXACT },
	{ "F16", ON_TYPE, "f16", C_EXACT },
	{ "BF16", ON_TYPE, "bf16", C_EXACT },
	{ "F32", ON_TYPE, "f32", C_EXACT },
	{ "F64", ON_TYPE, "f64", C_EXACT },
	{ "NoneType", ON_TYPE, "none", C_EXACT },
	{ "AnyInteger", ON_TYPE, NULL, C_ANYINT },              /* any width and signedness */
	{ "AnySignlessInteger", ON_TYPE, NULL, C_SIGNLESS },     /* iN */
	{ "AnySignlessIntegerOrIndex", ON_TYPE, NULL, C_INT_OR_INDEX },
	{ "SignlessIntegerLike", ON_TYPE, NULL, C_SIGNLESS_LIKE }, /* iN/index or vector/tensor of */
	{ "SignlessIntegerOrIndexLike", ON_TYPE, NULL, C_SIGNLESS_LIKE },
	{ "AnyFloat", ON_TYPE, NULL, C_FLOAT },
	{ "FloatLike", ON_TYPE, NULL, C_FLOAT_LIKE },
	{ "AnyTensor", ON_TYPE, "tensor<", C_PREFIX },
	{ "AnyRankedTensor", ON_TYPE, "tensor<", C_PREFIX },
	{ "AnyVector", ON_TYPE, "vector<", C_PREFIX },
	{ "AnyMemRef", ON_TYPE, "memref<", C_PREFIX },
	{ "AnyAttr", ON_ATTR, NULL, C_ANY },
	{ "I1Attr", ON_ATTR, NULL, C_A_BOOL },
	{ "BoolAttr", ON_ATTR, NULL, C_A_BOOL },
	{ "I8Attr", ON_ATTR, "i8", C_A_INT },
	{ "I16Attr", ON_ATTR, "i16", C_A_INT },
	{ "I32Attr", ON_ATTR, "i32", C_A_INT },
	{ "I64Attr", ON_ATTR, "i64", C_A_INT },
	{ "SI32Attr", ON_ATTR, "si32", C_A_INT },
	{ "SI64Attr", ON_ATTR, "si64", C_A_INT },
	{ "UI32Attr", ON_ATTR, "ui32", C_A_INT },
	{ "UI64Attr", ON_ATTR, "ui64", C_A_INT },
	{ "IndexAttr", ON_ATTR, "index", C_A_INT },
	{ "AnyIntegerAttr", ON_ATTR, NULL, C_A_INT },
	{ "APIntAttr", ON_ATTR, NULL, C_A_INT },
	{ "F32Attr", ON_ATTR, "f32", C_A_FLOAT },
	{ "F64Attr", ON_ATTR, "f64", C_A_FLOAT },
	{ "AnyFloatAttr", ON_ATTR, NULL, C_A_FLOAT },
	{ "StrAttr", ON_ATTR, "s", C_A_KIND },
	{ "UnitAttr", ON_ATTR, "u", C_A_KIND },
	{ "TypeAttr", ON_ATTR, "t", C_A_KIND },
	{ "ArrayAttr", ON_ATTR, "a", C_A_KIND },
	{ "DictionaryAttr", ON_ATTR, "d", C_A_KIND },
	{ "SymbolRefAttr", ON_ATTR, "y", C_A_KIND },
	{ "FlatSymbolRefAttr", ON_ATTR, "y", C_A_KIND },
	{ "ElementsAttr", ON_ATTR, "e", C_A_KIND },
	{ "DenseElementsAttr", ON_ATTR, "e", C_A_KIND },
};

static const struct ods_constraint *find_constraint(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < sizeof(ods_constraints) / sizeof(ods_constraints[0]); i++)
		if (strcmp(ods_constraints[i].name, name) == 0)
			return &ods_constraints[i];
	return NULL;
}

static bool check_type(struct interp *ip, const struct ods_constraint *k, const char *t)
{
	bool shaped;
	const char *e;
	switch (k->check) {
	case C_ANY: return true;
	case C_EXACT: return strcmp(t, k->arg) == 0;
	case C_ANYINT: return is_any_int(t);
	case C_SIGNLESS: return is_signless_int(t);
	case C_FLOAT: return is_float(t);
	case C_INT_OR_INDEX: return is_signless_int(t) || strcmp(t, "index") == 0;
	case C_SIGNLESS_LIKE:
		e = element_type(ip, t, &shaped);
		if (shaped && strncmp(t, "memref<", 7) == 0)
			return false;
		return is_signless_int(e) || strcmp(e, "index") == 0;
	case C_FLOAT_LIKE:
		e = element_type(ip, t, &shaped);
		if (shaped && strncmp(t, "memref<", 7) == 0)
			return false;
		return is_float(e);
	case C_PREFIX: return strncmp(t, k->arg, strlen(k->arg)) == 0;
	default: return false;
	}
}

static bool check_attr(struct interp *ip, const struct ods_constraint *k, const char *a)
{
	const char *ty;
	int64_t iv;
	double fv;
	enum ir_attr_kind kind = ir_attr_kind(a);
	switch (k->check) {
	case C_ANY: return true;
	case C_A_BOOL: return strcmp(a, "true") == 0 || strcmp(a, "false") == 0;
	case C_A_INT:
		if (kind != IR_ATTR_INT || ir_attr_int(&iv, &ty, ip->c, a) != 0)
			return false;
		return !k->arg || streq(ty, k->arg);
	case C_A_FLOAT:
		if (kind != IR_ATTR_FLOAT || ir_attr_float(&fv, &ty, ip->c, a) != 0)
			return false;
		return !k->arg || streq(ty, k->arg);
	case C_A_KIND:
		switch (k->arg[0]) {
		case 's': return kind == IR_ATTR_STRING;
		case 'u': return kind == IR_ATTR_UNIT;
		case 't': return kind == IR_ATTR_TYPE;
		case 'a': return kind == IR_ATTR_ARRAY;
		case 'd': return kind == IR_ATTR_DICT;
		case 'y': return kind == IR_ATTR_SYMBOL;
		case 'e': return kind == IR_ATTR_DENSE;
		default: return false;
		}
	default: return false;
	}
}

/* Apply the ODS constraint `name` to a bound entity.  Unknown names: the
 * constraint is native (reported). */
static bool apply_ods(struct interp *ip, const char *name, const struct bval *v, struct pl_span span)
{
	if (!name)
		return true;
	/* Optional / defaulted wrappers are spelled by the frontend as the inner name. */
	const struct ods_constraint *k = find_constraint(name);
	if (!k) {
		report_native(ip, "constraint", name, span);
		return false;
	}
	if (k->on == ON_TYPE) {
		const char *t = NULL;
		if (v->k == BK_VALUE)
			t = v->v->type;
		else if (v->k == BK_TYPE)
			t = v->text;
		else if (v->k == BK_OP && v->op->n_results == 1)
			t = v->op->results[0].type;
		return t && check_type(ip, k, t);
	}
	return v->k == BK_ATTR && v->text && check_attr(ip, k, v->text);
}

/* Does the ODS constraint `name` hold on v: 1 yes, 0 no, -1 neither the
 * table nor the type model can tell (nothing is reported). */
static int ods_holds(struct interp *ip, const char *name, const struct bval *v, struct pl_span span)
{
	if (!name)
		return 1;
	if (find_constraint(name))
		return apply_ods(ip, name, v, span) ? 1 : 0;
	const char *t = v->k == BK_VALUE ? v->v->type : v->k == BK_TYPE ? v->text
	              : v->k == BK_OP && v->op->n_results == 1 ? v->op->results[0].type : NULL;
	if (!t || !ip->m)
		return -1;
	if (!ip->defs)
		ip->defs = overlap_defs_new(ip->m);
	return overlap_defs_type_holds(ip->defs, name, t);
}

/* ---- matching ------------------------------------------------------------ */

static bool match_op(struct interp *ip, const struct model_node *n, struct ir_op *op);
static bool match_value(struct interp *ip, const struct model_node *n, struct ir_value *v);

/* Is arg slot i of OP node n an attribute (else an operand)? */
static bool slot_is_attr(const struct model_pattern *p, const struct model_node *n, unsigned i)
{
	if (p->origin == MODEL_ORIGIN_PDLL)
		return i >= n->n_operand_args;
	if (n->op && i < n->op->n_args)
		return n->op->args[i]->kind == MODEL_ARG_ATTRIBUTE;
	return n->args[i] && n->args[i]->kind == MODEL_NODE_ATTR;
}

static bool slot_is_range(struct interp *ip, const struct model_node *a)
{
	if (a->kind == MODEL_NODE_VARIADIC)
		return true;
	if (a->kind == MODEL_NODE_OP && ip->pat->origin == MODEL_ORIGIN_PDLL)
		return true;
	if (a->kind == MODEL_NODE_REF) {
		struct bind *b = lookup(ip, a->ref);
		return b && (b->val.k == BK_RANGE || (b->val.k == BK_OP && ip->pat->origin == MODEL_ORIGIN_PDLL));
	}
	return false;
}

static bool match_type(struct interp *ip, const struct model_node *n, const char *type)
{
	struct bval v = { .k = BK_TYPE, .text = type };
	if (n->kind == MODEL_NODE_REF) {
		struct bind *b = lookup(ip, n->ref);
		return b ? bval_equal(&b->val, &v) : bind(ip, n->ref, v);
	}
	if (n->kind == MODEL_NODE_VALUE && n->directive && strcmp(n->directive, "type") == 0 && n->n_args == 1 &&
	    n->args[0]->kind == MODEL_NODE_REF) {
		struct bind *b = lookup(ip, n->args[0]->ref);
		return b && b->val.k == BK_VALUE && b->val.v->type == type;
	}
	if (n->kind != MODEL_NODE_TYPE)
		return false;
	if (n->constant) {
		const char *t = ir_type_parse(ip->c, n->constant);
		if (t != type)
			return false;
	}
	if (n->constraint && ods_holds(ip, n->constraint, &v, n->span) == 0)
		return false;
	return bind(ip, n->bind, v);
}

/* The ODS attribute constraint of arg slot i of OP node n, or NULL. */
static const char *slot_ods_constraint(const struct model_node *n, unsigned i)
{
	if (n->op && i < n->op->n_args && n->op->args[i]->kind == MODEL_ARG_ATTRIBUTE)
		return n->op->args[i]->constraint;
	return NULL;
}

/* DRR's ConstantAttr<I32Attr, "1"> keeps only "1": the attribute is what
 * the base attribute's constBuilderCall makes of it, e.g. `1 : i32`.  With
 * the slot's ODS constraint (the base, in every ConstantAttr an op slot
 * accepts), give an untyped number its storage type; else parse as is. */
static const char *parse_constant_attr(struct interp *ip, const struct model_node *n, const char *ods)
{
	const char *c = n->constant;
	char buf[256];
	if (ods && n->constraint && strcmp(n->constraint, "ConstantAttr") == 0 && !strchr(c, ':') &&
	    strlen(c) < 200 && strspn(c, "+-0123456789.eE") == strlen(c) && c[0]) {
		const char *ty = NULL;
		char tb[16];
		unsigned bits = 0;
		const char *sign = "";
		const char *o = ods;
		if (o[0] == 'S' && o[1] == 'I') { sign = "s"; o++; }
		else if (o[0] == 'U' && o[1] == 'I') { sign = "u"; o++; }
		if (o[0] == 'I' && sscanf(o + 1, "%u", &bits) == 1 && bits > 0 && bits <= 128) {
			char tail[16];
			snprintf(tail, sizeof tail, "%uAttr", bits);
			if (strcmp(o + 1, tail) == 0) {
				snprintf(tb, sizeof tb, "%si%u", sign, bits);
				ty = tb;
			}
		} else if (strcmp(ods, "IndexAttr") == 0) {
			ty = "index";
		} else if (strcmp(ods, "F16Attr") == 0) {
			ty = "f16";
		} else if (strcmp(ods, "F32Attr") == 0) {
			ty = "f32";
		} else if (strcmp(ods, "F64Attr") == 0) {
			ty = "f64";
		}
		if (ty) {
			snprintf(buf, sizeof buf, "%s : %s", c, ty);
			c = buf;
		}
	}
	return ir_attr_parse(ip->c, c);
}

static bool match_attr(struct interp *ip, const struct model_node *n, const char *attr, const char *ods)
{
	if (n->kind == MODEL_NODE_REF) {
		struct bind *b = lookup(ip, n->ref);
		struct bval v = { .k = BK_ATTR, .text = attr };
		return attr && (b ? bval_equal(&b->val, &v) : bind(ip, n->ref, v));
	}
	if (n->kind != MODEL_NODE_ATTR)
		return false;
	if (!attr) {
		/* an absent attribute matches only an optional / defaulted ODS one */
		return n->constraint && (strncmp(n->constraint, "Optional", 8) == 0 ||
		                         strncmp(n->constraint, "DefaultValued", 13) == 0);
	}
	if (n->constant) {
		const char *a = parse_constant_attr(ip, n, ods);
		if (!a) {
			report(ip, n->span, "cannot parse constant attribute", n->constant);
			return false;
		}
		if (a != attr)
			return false;
	}
	struct bval v = { .k = BK_ATTR, .text = attr };
	if (n->constraint && ods_holds(ip, n->constraint, &v, n->span) == 0)
		return false;
	return bind(ip, n->bind, v);
}

/* Match n against the value range vals[0..cnt). */
static bool match_range(struct interp *ip, const struct model_node *n, struct ir_value **vals, unsigned cnt)
{
	struct bval rv = { .k = BK_RANGE, .vals = vals, .n = cnt };
	switch (n->kind) {
	case MODEL_NODE_VARIADIC:
		if (n->n_args) {
			if (n->n_args != cnt)
				return false;
			for (unsigned i = 0; i < cnt; i++)
				if (!match_value(ip, n->args[i], vals[i]))
					return false;
		}
		return bind(ip, n->bind, rv);
	case MODEL_NODE_OP: {
		if (cnt == 0 || !vals[0]->def)
			return false;
		struct ir_op *d = vals[0]->def;
		if (d->n_results != cnt)
			return false;
		for (unsigned i = 0; i < cnt; i++)
			if (vals[i] != &d->results[i])
				return false;
		return match_op(ip, n, d);
	}
	case MODEL_NODE_REF: {
		struct bind *b = lookup(ip, n->ref);
		return b ? bval_equal(&b->val, &rv) : bind(ip, n->ref, rv);
	}
	default:
		return cnt == 1 && match_value(ip, n, vals[0]);
	}
}

static bool match_value(struct interp *ip, const struct model_node *n, struct ir_value *v)
{
	struct bval bv = { .k = BK_VALUE, .v = v };
	if (ip->depth > INTERP_MAX_DEPTH)
		return false;
	switch (n->kind) {
	case MODEL_NODE_REF: {
		struct bind *b = lookup(ip, n->ref);
		return b ? bval_equal(&b->val, &bv) : bind(ip, n->ref, bv);
	}
	case MODEL_NODE_VALUE:
		if (n->n_args == 1 && n->directive) {
			/* PARENT.N / PARENT.name: result N of an op matching PARENT */
			if (!v->def || v->index != n->result_index)
				return false;
			const struct model_node *par = n->args[0];
			if (par->kind == MODEL_NODE_REF) {
				struct bind *b = lookup(ip, par->ref);
				if (b && !(b->val.k == BK_OP && b->val.op == v->def))
					return false;
				if (!b && !bind(ip, par->ref, (struct bval){ .k = BK_OP, .op = v->def }))
					return false;
			} else {
				ip->depth++;
				bool ok = match_op(ip, par, v->def);
				ip->depth--;
				if (!ok)
					return false;
			}
			return bind(ip, n->bind, bv);
		}
		if (n->n_result_types == 1 && !match_type(ip, n->result_types[0], v->type))
			return false;
		if (n->constraint && ods_holds(ip, n->constraint, &bv, n->span) == 0)
			return false;
		return bind(ip, n->bind, bv);
	case MODEL_NODE_OP: {
		if (!v->def)
			return false;
		if (n->indexed && v->index != n->result_index)
			return false;
		ip->depth++;
		bool ok = match_op(ip, n, v->def);
		ip->depth--;
		return ok;
	}
	case MODEL_NODE_VARIADIC: {
		struct ir_value **one = PL_NEW_ARRAY(ir_ctx_arena(ip->c), struct ir_value *, 1);
		one[0] = v;
		return match_range(ip, n, one, 1);
	}
	case MODEL_NODE_NATIVE:
		report_native(ip, "constraint", n->directive, n->span);
		return false;
	default:
		return false;
	}
}

/* The operands of a PDLL op expression as MLIR 16's PDL matches them on
 * an op without operand segment sizes (PDLToPDLInterp, then the bytecode's
 * get_operands): the operands before the first range one by position;
 * from there on, operand group j is "the trailing range" operands[j..],
 * which a range (ValueRange, an op's results) must equal and a single
 * value matches only as the last operand.  So `op<t.f>(op<t.b>, v)` never
 * matches: the results of t.b would have to be both operands.  The count:
 * exact without ranges, at least the single values with them. */
static bool match_pdl_operands(struct interp *ip, const struct model_node *n, struct ir_op *op)
{
	unsigned singles = 0, slots = 0;
	bool ranged = false;
	for (unsigned i = 0; i < n->n_args; i++) {
		if (slot_is_attr(ip->pat, n, i))
			continue;
		if (slot_is_range(ip, n->args[i]))
			ranged = true;
		else
			singles++;
	}
	if (ranged ? op->n_operands < singles : op->n_operands != singles)
		return false;
	struct ir_value **vals = PL_NEW_ARRAY(ir_ctx_arena(ip->c), struct ir_value *,
	                                      op->n_operands ? op->n_operands : 1);
	for (unsigned i = 0; i < op->n_operands; i++)
		vals[i] = op->operands[i].value;
	bool grouped = false;
	for (unsigned i = 0; i < n->n_args; i++) {
		if (slot_is_attr(ip->pat, n, i))
			continue;
		const struct model_node *a = n->args[i];
		unsigned j = slots++;
		bool range = slot_is_range(ip, a);
		grouped |= range;
		bool ok;
		if (!grouped)
			ok = match_value(ip, a, vals[j]);
		else if (j > op->n_operands)
			ok = false;
		else if (range)
			ok = match_range(ip, a, vals + j, op->n_operands - j);
		else
			ok = j + 1 == op->n_operands && match_value(ip, a, vals[j]);
		if (!ok)
			return false;
	}
	return true;
}

static bool match_op(struct interp *ip, const struct model_node *n, struct ir_op *op)
{
	if (op->erased)
		return false;
	if (n->kind == MODEL_NODE_REF) {
		struct bind *b = lookup(ip, n->ref);
		return b ? (b->val.k == BK_OP && b->val.op == op) : bind(ip, n->ref, (struct bval){ .k = BK_OP, .op = op });
	}
	if (n->kind != MODEL_NODE_OP)
		return false;
	if (n->op_name && !streq(n->op_name, op->name))
		return false;
	if (!bind(ip, n->bind, (struct bval){ .k = BK_OP, .op = op }))
		return false;

	/* operands */
	if (!n->operands_any && ip->pat->origin == MODEL_ORIGIN_PDLL && !ir_op_attr(op, "operand_segment_sizes")) {
		if (!match_pdl_operands(ip, n, op))
			return false;
	} else if (!n->operands_any) {
		unsigned singles = 0, ranges = 0, n_ops = 0;
		for (unsigned i = 0; i < n->n_args; i++) {
			if (slot_is_attr(ip->pat, n, i))
				continue;
			n_ops++;
			if (slot_is_range(ip, n->args[i]))
				ranges++;
			else
				singles++;
		}
		if (ranges > 1) {
			/* several variable-length groups need segment sizes: unmodeled */
			if (ip->pat->origin != MODEL_ORIGIN_PDLL || n_ops != op->n_operands)
				return false;
			ranges = 0; /* each group is taken as one value */
			singles = n_ops;
		}
		if (ranges == 0 ? op->n_operands != singles : op->n_operands < singles)
			return false;
		unsigned rest = op->n_operands - singles, pos = 0;
		struct ir_value **vals = PL_NEW_ARRAY(ir_ctx_arena(ip->c), struct ir_value *,
		                                      op->n_operands ? op->n_operands : 1);
		for (unsigned i = 0; i < op->n_operands; i++)
			vals[i] = op->operands[i].value;
		for (unsigned i = 0; i < n->n_args; i++) {
			if (slot_is_attr(ip->pat, n, i))
				continue;
			const struct model_node *a = n->args[i];
			bool ok;
			if (ranges && slot_is_range(ip, a)) {
				ok = match_range(ip, a, vals + pos, rest);
				pos += rest;
			} else {
				ok = match_value(ip, a, vals[pos]);
				pos++;
			}
			if (!ok)
				return false;
		}
	}
	/* attributes */
	for (unsigned i = 0; i < n->n_args; i++) {
		if (!slot_is_attr(ip->pat, n, i))
			continue;
		const char *name = n->arg_names ? n->arg_names[i] : NULL;
		if (!name || !name[0])
			continue;
		if (!match_attr(ip, n->args[i], ir_op_attr(op, name), slot_ods_constraint(n, i)))
			return false;
	}
	/* result types */
	if (n->result_types_given) {
		if (n->n_result_types != op->n_results)
			return false;
		for (unsigned i = 0; i < n->n_result_types; i++)
			if (!match_type(ip, n->result_types[i], op->results[i].type))
				return false;
	}
	return true;
}

static bool run_constraints(struct interp *ip, const struct model_pattern *p)
{
	for (unsigned i = 0; i < p->n_constraints; i++) {
		const struct model_constraint *k = &p->constraints[i];
		switch (k->kind) {
		case MODEL_CONSTRAINT_EQUAL:
			for (unsigned j = 1; j < k->n_args; j++) {
				struct bind *a = lookup(ip, k->args[0]), *b = lookup(ip, k->args[j]);
				if (a && b && !bval_equal(&a->val, &b->val))
					return false;
			}
			break;
		case MODEL_CONSTRAINT_ODS:
			for (unsigned j = 0; j < k->n_args; j++) {
				struct bind *a = lookup(ip, k->args[j]);
				int h = a ? ods_holds(ip, k->name, &a->val, k->span) : 1;
				if (h == 0 || (h < 0 && !apply_ods(ip, k->name, &a->val, k->span)))
					return false;
			}
			break;
		case MODEL_CONSTRAINT_NATIVE: {
			bool found = false, val = false;
			for (unsigned j = 0; j < ip->opt.n_assumes; j++)
				if (streq(ip->opt.assumes[j].name, k->name)) {
					found = true;
					val = ip->opt.assumes[j].value;
				}
			if (!found) {
				report_native(ip, "constraint", k->name, k->span);
				return false;
			}
			if (!val)
				return false;
			break;
		}
		}
	}
	return true;
}

static int do_match(struct interp *ip, const struct model_pattern *p, struct ir_op *op)
{
	ip->n_binds = 0;
	ip->depth = 0;
	ip->error = false;
	ip->pat = p;
	if (!p->match)
		return 0;
	if (p->root_op && !streq(p->root_op, op->name))
		return 0;
	bool ok = match_op(ip, p->match, op) && run_constraints(ip, p);
	if (ip->error)
		return -1;
	return ok ? 1 : 0;
}

int interp_match(struct interp *ip, const struct model_pattern *p, struct ir_op *op)
{
	return do_match(ip, p, op);
}

/* ---- rewriting ------------------------------------------------------------ */

struct vlist {
	struct ir_value *v[INTERP_MAX_VALUES];
	unsigned n;
};

static bool vpush(struct interp *ip, struct vlist *l, struct ir_value *v, struct pl_span span)
{
	if (l->n >= INTERP_MAX_VALUES) {
		report(ip, span, "too many values in a rewrite", NULL);
		return false;
	}
	l->v[l->n++] = v;
	return true;
}

static struct ir_op *create_op(struct interp *ip, const struct model_node *n, const struct ir_op *replaced);

static bool eval_values(struct interp *ip, const struct model_node *n, struct vlist *out)
{
	if (ip->depth++ > INTERP_MAX_DEPTH) {
		report(ip, n->span, "rewrite nested too deeply", NULL);
		return false;
	}
	bool ok = true;
	switch (n->kind) {
	case MODEL_NODE_REF: {
		struct bind *b = lookup(ip, n->ref);
		if (!b) {
			report(ip, n->span, "unbound name in rewrite", n->ref);
			ok = false;
		} else if (b->val.k == BK_VALUE) {
			ok = vpush(ip, out, b->val.v, n->span);
		} else if (b->val.k == BK_OP) {
			for (unsigned i = 0; ok && i < b->val.op->n_results; i++)
				ok = vpush(ip, out, &b->val.op->results[i], n->span);
		} else if (b->val.k == BK_RANGE) {
			for (unsigned i = 0; ok && i < b->val.n; i++)
				ok = vpush(ip, out, b->val.vals[i], n->span);
		} else {
			report(ip, n->span, "not a value", n->ref);
			ok = false;
		}
		break;
	}
	case MODEL_NODE_OP: {
		struct ir_op *o = create_op(ip, n, NULL);
		if (!o)
			ok = false;
		else if (n->indexed)
			ok = n->result_index < o->n_results && vpush(ip, out, &o->results[n->result_index], n->span);
		else
			for (unsigned i = 0; ok && i < o->n_results; i++)
				ok = vpush(ip, out, &o->results[i], n->span);
		break;
	}
	case MODEL_NODE_VALUE:
		if (n->n_args == 1 && n->directive) {
			struct vlist par;
			par.n = 0;
			const struct model_node *pn = n->args[0];
			struct ir_op *o = NULL;
			if (pn->kind == MODEL_NODE_REF) {
				struct bind *b = lookup(ip, pn->ref);
				if (b && b->val.k == BK_OP)
					o = b->val.op;
			} else if (pn->kind == MODEL_NODE_OP) {
				o = create_op(ip, pn, NULL);
			}
			(void)par;
			if (!o || n->result_index >= o->n_results) {
				report(ip, n->span, "cannot evaluate result access", n->directive);
				ok = false;
			} else {
				ok = vpush(ip, out, &o->results[n->result_index], n->span);
			}
		} else if (n->bind && lookup(ip, n->bind) && lookup(ip, n->bind)->val.k == BK_VALUE) {
			ok = vpush(ip, out, lookup(ip, n->bind)->val.v, n->span);
		} else {
			report(ip, n->span, "value is not bound in the match", n->bind);
			ok = false;
		}
		break;
	case MODEL_NODE_VARIADIC:
		for (unsigned i = 0; ok && i < n->n_args; i++)
			ok = eval_values(ip, n->args[i], out);
		break;
	case MODEL_NODE_DIRECTIVE:
		if (n->directive && strcmp(n->directive, "replaceWithValue") == 0 && n->n_args == 1) {
			ok = eval_values(ip, n->args[0], out);
			break;
		}
		report(ip, n->span, "unsupported rewrite directive", n->directive);
		ok = false;
		break;
	case MODEL_NODE_NATIVE:
		report_native(ip, "rewrite", n->directive, n->span);
		ok = false;
		break;
	default:
		report(ip, n->span, "not a value in a rewrite", NULL);
		ok = false;
		break;
	}
	ip->depth--;
	return ok;
}

static const char *eval_attr(struct interp *ip, const struct model_node *n, const char *ods)
{
	if (n->kind == MODEL_NODE_ATTR && n->constant) {
		const char *a = parse_constant_attr(ip, n, ods);
		if (!a)
			report(ip, n->span, "cannot parse attribute", n->constant);
		return a;
	}
	const char *name = n->kind == MODEL_NODE_REF ? n->ref : n->bind;
	struct bind *b = lookup(ip, name);
	if (b && b->val.k == BK_ATTR)
		return b->val.text;
	if (n->kind == MODEL_NODE_NATIVE)
		report_native(ip, "rewrite", n->directive, n->span);
	else
		report(ip, n->span, "cannot evaluate attribute", name);
	return NULL;
}

static const char *eval_type(struct interp *ip, const struct model_node *n)
{
	if (n->kind == MODEL_NODE_TYPE && n->constant) {
		const char *t = ir_type_parse(ip->c, n->constant);
		if (!t)
			report(ip, n->span, "cannot parse type", n->constant);
		return t;
	}
	if (n->kind == MODEL_NODE_VALUE && n->directive && strcmp(n->directive, "type") == 0 && n->n_args == 1) {
		struct vlist vl;
		vl.n = 0;
		if (!eval_values(ip, n->args[0], &vl))
			return NULL;
		if (vl.n != 1) {
			report(ip, n->span, "type of a value range", NULL);
			return NULL;
		}
		return vl.v[0]->type;
	}
	const char *name = n->kind == MODEL_NODE_REF ? n->ref : n->bind;
	struct bind *b = lookup(ip, name);
	if (b && b->val.k == BK_TYPE)
		return b->val.text;
	if (b && b->val.k == BK_VALUE)
		return b->val.v->type;
	report(ip, n->span, "cannot evaluate type", name);
	return NULL;
}

static bool has_trait(const struct model_op *o, const char *t)
{
	for (unsigned i = 0; o && i < o->n_traits; i++)
		if (strcmp(o->traits[i], t) == 0)
			return true;
	return false;
}

/* Builtin type inference for ops the harness registers (arith): which ops
 * give their result the type of operand 0, and which give i1. */
static const char *const arith_same_type[] = {
	"arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.divui", "arith.remsi",
	"arith.remui", "arith.andi", "arith.ori", "arith.xori", "arith.shli", "arith.shrsi",
	"arith.shrui", "arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.remf",
	"arith.negf", "arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui", "arith.maxf",
	"arith.minf", "arith.ceildivsi", "arith.floordivsi", "arith.ceildivui", NULL
};

/* Result types a known op infers, or -1 when it does not infer them. */
static int infer_types(struct interp *ip, const char *name, struct vlist *opnds, const char **attr_names,
                       const char **attr_vals, unsigned n_attrs, const char ***out)
{
	const struct model_op *mo = model_op_find(ip->m, name);
	const char **ts = PL_NEW_ARRAY(ir_ctx_arena(ip->c), const char *, 1);
	*out = ts;
	/* the arith ops by name (most created ops are not: one test first) */
	bool arith = strncmp(name, "arith.", 6) == 0;
	for (unsigned i = 0; arith && arith_same_type[i]; i++)
		if (strcmp(arith_same_type[i], name) == 0 && opnds->n > 0) {
			ts[0] = opnds->v[0]->type;
			return 1;
		}
	if (arith && (strcmp(name, "arith.cmpi") == 0 || strcmp(name, "arith.cmpf") == 0) && opnds->n > 0) {
		bool shaped;
		(void)element_type(ip, opnds->v[0]->type, &shaped);
		if (shaped)
			return -1;
		ts[0] = ir_intern(ip->c, "i1");
		return 1;
	}
	if (arith && strcmp(name, "arith.constant") == 0) {
		for (unsigned i = 0; i < n_attrs; i++)
			if (strcmp(attr_names[i], "value") == 0 && ir_attr_type(ip->c, attr_vals[i])) {
				ts[0] = ir_attr_type(ip->c, attr_vals[i]);
				return 1;
			}
		return -1;
	}
	if (mo && (has_trait(mo, "SameOperandsAndResultType") || mo->infers_result_types) && opnds->n > 0 &&
	    mo->n_results >= 1) {
		unsigned nr = mo->n_results;
		ts = PL_NEW_ARRAY(ir_ctx_arena(ip->c), const char *, nr);
		for (unsigned i = 0; i < nr; i++)
			ts[i] = opnds->v[0]->type;
		*out = ts;
		return (int)nr;
	}
	if (mo && mo->n_results == 0)
		return 0;
	return -1;
}

static struct ir_op *create_op(struct interp *ip, const struct model_node *n, const struct ir_op *replaced)
{
	if (n->kind == MODEL_NODE_REF) {
		struct bind *b = lookup(ip, n->ref);
		if (b && b->val.k == BK_OP)
			return b->val.op;
		report(ip, n->span, "not an operation", n->ref);
		return NULL;
	}
	if (n->kind != MODEL_NODE_OP || !n->op_name) {
		report(ip, n->span, "cannot create an operation without a name", NULL);
		return NULL;
	}
	if (ip->depth++ > INTERP_MAX_DEPTH) {
		report(ip, n->span, "rewrite nested too deeply", NULL);
		return NULL;
	}
	struct pl_arena *a = ir_ctx_arena(ip->c);
	/* on the stack: ir_op_create copies the operands, and 2 KiB in the
	 * arena per created op was most of a large run's memory */
	struct vlist opnds_buf;
	struct vlist *opnds = &opnds_buf;
	opnds->n = 0;
	const char **an = PL_NEW_ARRAY(a, const char *, n->n_args + 1);
	const char **av = PL_NEW_ARRAY(a, const char *, n->n_args + 1);
	unsigned na = 0;
	struct ir_op *res = NULL;

	for (unsigned i = 0; i < n->n_args; i++) {
		if (slot_is_attr(ip->pat, n, i)) {
			const char *name = n->arg_names ? n->arg_names[i] : NULL;
			if (!name || !name[0])
				continue;
			if (n->args[i]->kind == MODEL_NODE_ATTR && !n->args[i]->constant && !n->args[i]->bind)
				continue; /* an unbound optional attribute: not set */
			const char *v = eval_attr(ip, n->args[i], slot_ods_constraint(n, i));
			if (!v)
				goto out;
			an[na] = name;
			av[na++] = v;
		} else if (!eval_values(ip, n->args[i], opnds)) {
			goto out;
		}
	}
	const char **types = NULL;
	int nt = -1;
	if (n->result_types_given) {
		types = PL_NEW_ARRAY(a, const char *, n->n_result_types + 1);
		nt = 0;
		for (unsigned i = 0; i < n->n_result_types; i++) {
			const char *t = eval_type(ip, n->result_types[i]);
			if (!t)
				goto out;
			types[nt++] = t;
		}
	} else {
		nt = infer_types(ip, n->op_name, opnds, an, av, na, &types);
		if (nt < 0 && replaced) {
			types = PL_NEW_ARRAY(a, const char *, replaced->n_results + 1);
			for (unsigned i = 0; i < replaced->n_results; i++)
				types[i] = replaced->results[i].type;
			nt = (int)replaced->n_results;
		}
		if (nt < 0)
			nt = 0;
	}
	struct ir_attr_entry *attrs = PL_NEW_ARRAY(a, struct ir_attr_entry, na + 1);
	for (unsigned i = 0; i < na; i++) {
		attrs[i].name = ir_intern(ip->c, an[i]);
		attrs[i].value = av[i];
	}
	struct ir_op_desc d;
	memset(&d, 0, sizeof(d));
	d.name = n->op_name;
	d.n_operands = opnds->n;
	d.operands = opnds->v;
	d.n_results = (unsigned)nt;
	d.result_types = types;
	d.n_attrs = na;
	d.attrs = attrs;
	res = ir_op_create(ip->c, &d);
	ir_op_insert_before(ip->insert_before, res);
	if (ip->l && ip->l->inserted)
		ip->l->inserted(ip->l->ud, res);
	if (n->bind && !lookup(ip, n->bind))
		bind(ip, n->bind, (struct bval){ .k = BK_OP, .op = res });
out:
	ip->depth--;
	return res;
}

static struct ir_op *target_op(struct interp *ip, const struct model_action *act)
{
	if (!act->target)
		return ip->root;
	struct bind *b = lookup(ip, act->target);
	if (b && b->val.k == BK_OP)
		return b->val.op;
	report(ip, act->span, "rewrite target is not a matched operation", act->target);
	return NULL;
}

static void erase_op(struct interp *ip, struct ir_op *op)
{
	if (ip->insert_before == op)
		ip->insert_before = op->next;
	if (ip->l && ip->l->removed)
		ip->l->removed(ip->l->ud, op);
	ir_op_erase(op);
}

static bool do_replace(struct interp *ip, const struct model_action *act)
{
	struct ir_op *t = target_op(ip, act);
	struct vlist vl_buf; /* on the stack, as in create_op */
	struct vlist *vl = &vl_buf;
	vl->n = 0;
	if (!t)
		return false;
	for (unsigned i = 0; i < act->n_values; i++) {
		const struct model_node *v = act->values[i];
		if (act->n_values == 1 && v->kind == MODEL_NODE_OP) {
			struct ir_op *o = create_op(ip, v, t);
			if (!o)
				return false;
			for (unsigned j = 0; j < o->n_results; j++)
				if (!vpush(ip, vl, &o->results[j], v->span))
					return false;
		} else if (!eval_values(ip, v, vl)) {
			return false;
		}
	}
	if (vl->n != t->n_results) {
		report(ip, act->span, "replacement value count differs from the replaced op's result count", NULL);
		return false;
	}
	if (ip->l && ip->l->replaced)
		ip->l->replaced(ip->l->ud, t);
	for (unsigned i = 0; i < vl->n; i++)
		ir_value_replace_all_uses(&t->results[i], vl->v[i]);
	erase_op(ip, t);
	return true;
}

int interp_apply(struct interp *ip, const struct model_pattern *p, struct ir_op *op,
                 const struct interp_listener *l)
{
	int m = do_match(ip, p, op);
	if (m <= 0)
		return m;
	ip->l = l;
	ip->root = op;
	ip->insert_before = op;
	ip->depth = 0;
	for (unsigned i = 0; i < p->n_actions && !ip->error; i++) {
		const struct model_action *act = &p->actions[i];
		switch (act->kind) {
		case MODEL_ACT_CREATE:
			if (act->n_values == 1)
				(void)create_op(ip, act->values[0], NULL);
			break;
		case MODEL_ACT_REPLACE:
			(void)do_replace(ip, act);
			break;
		case MODEL_ACT_ERASE: {
			struct ir_op *t = target_op(ip, act);
			if (!t)
				break;
			if (!ir_op_results_unused(t)) {
				report(ip, act->span, "erased operation still has uses", t->name);
				break;
			}
			erase_op(ip, t);
			break;
		}
		case MODEL_ACT_NATIVE:
			report_native(ip, "rewrite",
			              act->n_values && act->values[0]->directive ? act->values[0]->directive : "?",
			              act->span);
			break;
		case MODEL_ACT_UPDATE:
			break;
		}
	}
	ip->l = NULL;
	return ip->error ? -1 : 1;
}

static bool node_executable(struct interp *ip, const struct model_node *n, unsigned depth)
{
	if (!n || depth > INTERP_MAX_DEPTH)
		return true;
	if (n->kind == MODEL_NODE_NATIVE || n->kind == MODEL_NODE_EITHER)
		return false;
	if (n->kind == MODEL_NODE_REF && n->unresolved)
		return false; /* a name the pattern does not bind (unbound-variable) */
	for (unsigned i = 0; i < n->n_args; i++)
		if (!node_executable(ip, n->args[i], depth + 1))
			return false;
	return true;
}

bool interp_pattern_executable(struct interp *ip, const struct model_pattern *p)
{
	if (!node_executable(ip, p->match, 0))
		return false;
	for (unsigned i = 0; i < p->n_constraints; i++) {
		if (p->constraints[i].kind != MODEL_CONSTRAINT_NATIVE)
			continue;
		bool found = false;
		for (unsigned j = 0; j < ip->opt.n_assumes; j++)
			found |= streq(ip->opt.assumes[j].name, p->constraints[i].name);
		if (!found)
			return false;
	}
	for (unsigned i = 0; i < p->n_actions; i++) {
		if (p->actions[i].kind == MODEL_ACT_NATIVE)
			return false;
		for (unsigned j = 0; j < p->actions[i].n_values; j++)
			if (!node_executable(ip, p->actions[i].values[j], 0))
				return false;
	}
	return true;
}

struct interp *interp_new(struct ir_ctx *c, const struct model *m, struct pl_diag_ctx *diag,
                          const struct interp_options *opt)
{
	struct interp *ip = pl_xcalloc(1, sizeof(*ip));
	ip->c = c;
	ip->m = m;
	ip->diag = diag;
	if (opt)
		ip->opt = *opt;
	return ip;
}

void interp_free(struct interp *ip)
{
	if (ip)
		overlap_defs_free(ip->defs);
	free(ip);
}
