/*
 * drr.c -- turn DRR `Pattern` records into model patterns and check them as
 * mlir-tblgen-16 -gen-rewriters does, reporting every problem at its leaf
 * instead of stopping at the first one.
 *
 * Facts followed (from MLIR 16's mlir/lib/TableGen/Pattern.cpp and
 * mlir/tools/mlir-tblgen/RewriterGen.cpp, re-expressed):
 *   - benefit = number of op nodes in the source tree (directives and
 *     NativeCodeCalls do not count; nested trees do) + the addBenefit int;
 *   - symbols: a name on an op node binds its results, a name on an op
 *     argument binds the operand/attribute (an operand name may repeat:
 *     the values must then be equal), names on NativeCodeCall arguments in
 *     the source bind values or attributes, names on NativeCodeCalls and
 *     ops in result patterns bind their values; `$_` binds nothing;
 *     `$x__N` refers to value N of x and cannot bind an op argument;
 *   - a reference to a name that is not bound, or that a result pattern
 *     binds but has not built yet, stays in the model as a REF node with
 *     `unresolved` set: the finding is rule unbound-variable's, not a
 *     drr-* error;
 *   - op argument count: arguments - location/returnType directives +
 *     one per `either`, against the ODS argument count, for every op node
 *     of every tree; result ops additionally count only trailing
 *     directives;
 *   - replacement: result patterns produce values (op: its result count,
 *     NativeCodeCall: numReturns, other: 1); the last values replace the
 *     root's results, earlier patterns are auxiliary; a multi-result op
 *     may not straddle the boundary; too few values is an error;
 *   - registration: populateWithGenerated adds the patterns in record-name
 *     order (std::map order of the RecordKeeper).
 * Recursion over dags is bounded by DRR_MAX_DEPTH.
 */
#include "config.h"
#include "drr.h"
#include "ods.h"
#include "tg_access.h"
#include "tablegen/tg.h"
#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/intern.h"
#include "analyzer/model.h"
#include "analyzer/util.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DRR_MAX_DEPTH 64

/* What a symbol is bound to.  SYM_NATIVE and SYM_MULTI come from
 * NativeCodeCalls, whose C++ may return a Value or an Attribute: their
 * kind is unknown, so no slot-kind check applies to them. */
enum sym_kind { SYM_OPERAND, SYM_ATTR, SYM_VALUE, SYM_NATIVE, SYM_MULTI, SYM_RESULT };

struct sym {
	const char *name;         /* interned base name */
	enum sym_kind kind;
	const struct model_op *op;/* SYM_RESULT: its op; operand/attr: the op it belongs to */
	int n_values;             /* SYM_MULTI: values; SYM_RESULT: results */
	struct model_node *node;  /* the binding node */
	struct pl_span span;      /* the binding occurrence */
	bool ready;               /* its value exists: source symbols always, result
	                           * symbols once their op or call has been built */
};

enum dag_kind { DK_OP, DK_NATIVE, DK_REPLACE, DK_LOCATION, DK_RETURNTYPE, DK_EITHER,
	        DK_VARIADIC, DK_OTHER };

struct drr {
	struct model *m;
	/* record -> its model_op (or NULL): ods_op_of works out an op's name
	 * and looks it up at every use, so each is asked once per set */
	struct pl_ptrmap *ops;
	struct pl_ptrmap *kinds;  /* operator record -> enum dag_kind + 1 */
	const struct tg_records *r;
	struct pl_diag_ctx *d;
	const struct tga_rec *rec;
	struct model_pattern *p;
	struct sym *syms; unsigned n_syms, cap_syms;
	struct pl_vec cons;       /* struct model_constraint * */
	struct model_binding *binds; unsigned n_binds, cap_binds; /* heap, until the pattern is done */
	unsigned errors;
};

/* ---- small helpers ---------------------------------------------------- */

static const char *intern(struct drr *x, const char *s)
{
	return pl_intern(model_intern(x->m), s ? s : "");
}

/* Finish a DRR error: point back at the pattern's def (where mlir-tblgen
 * reports it) when the leaf is elsewhere, then emit. */
static void err_end(struct drr *x, struct pl_diag *dg)
{
	struct pl_span ps = x->p->span;
	if (ps.file && (dg->span.file != ps.file || dg->span.line != ps.line)) {
		if (x->p->name)
			pl_diag_note(x->d, dg, ps, "in pattern '%s'", x->p->name);
		else
			pl_diag_note(x->d, dg, ps, "in this pattern");
	}
	pl_diag_end(x->d, dg);
	x->errors++;
}

static struct pl_diag *err_begin(struct drr *x, const char *rule, struct pl_span at,
                                 const char *fmt, ...) PL_PRINTF(4, 5);
static struct pl_diag *err_begin(struct drr *x, const char *rule, struct pl_span at,
                                 const char *fmt, ...)
{
	va_list ap;
	char msg[1024];

	if (at.file == 0)
		at = x->p->span;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return pl_diag_begin(x->d, PL_SEV_ERROR, rule, at, "%s", msg);
}

#define err(x, rule, at, ...) err_end((x), err_begin((x), (rule), (at), __VA_ARGS__))

static enum dag_kind dag_kind_of(const struct tga_rec *op)
{
	const char *n = tga_rec_name(op);
	if (tga_rec_isa(op, "NativeCodeCall"))
		return DK_NATIVE;
	if (!strcmp(n, "replaceWithValue"))
		return DK_REPLACE;
	if (!strcmp(n, "location"))
		return DK_LOCATION;
	if (!strcmp(n, "returnType"))
		return DK_RETURNTYPE;
	if (!strcmp(n, "either"))
		return DK_EITHER;
	if (!strcmp(n, "variadic"))
		return DK_VARIADIC;
	if (tga_rec_isa(op, "Op"))
		return DK_OP;
	return DK_OTHER;
}

/* What the operator of dag is; each operator record is classified once
 * per import (a pattern asks about every dag node several times). */
static enum dag_kind dag_kind(struct drr *x, const struct tga_val *dag)
{
	const struct tga_rec *op = tga_val_def(tga_dag_op(dag));
	if (!op)
		return DK_OTHER;
	const void *key = tga_rec_raw(op), *k;
	if (pl_ptrmap_get(x->kinds, key, &k))
		return (enum dag_kind)((uintptr_t)k - 1);
	enum dag_kind kind = dag_kind_of(op);
	pl_ptrmap_put(x->kinds, key, (const void *)((uintptr_t)kind + 1));
	return kind;
}

static const char *dag_opname(const struct tga_val *dag)
{
	const char *n = tga_rec_name(tga_val_def(tga_dag_op(dag)));
	return n ? n : "?";
}

/* `x__N` -> "x" and *index = N; anything else is returned whole. */
static const char *pack_name(struct drr *x, const char *sym, int *index)
{
	const char *us = NULL;
	for (const char *p = strstr(sym, "__"); p; p = strstr(p + 1, "__"))
		us = p;
	if (index)
		*index = -1;
	if (!us || !isdigit((unsigned char)us[2]))
		return intern(x, sym);
	char *end;
	long v = strtol(us + 2, &end, 10);
	(void)end;
	if (index)
		*index = (int)v;
	return pl_intern_n(model_intern(x->m), sym, (size_t)(us - sym));
}

static struct sym *sym_find(struct drr *x, const char *name)
{
	for (unsigned i = 0; i < x->n_syms; i++)
		if (x->syms[i].name == name)
			return &x->syms[i];
	return NULL;
}

static void add_binding(struct drr *x, const char *name, struct model_node *n, struct pl_span at)
{
	/* collected on the heap and copied to the arena once per pattern
	 * (drr_import): growing the arena array by one per binding left a
	 * quadratic trail of dead copies */
	if (x->n_binds == x->cap_binds) {
		x->cap_binds = x->cap_binds ? x->cap_binds * 2 : 8;
		x->binds = pl_xrealloc(x->binds, x->cap_binds * sizeof(*x->binds));
	}
	x->binds[x->n_binds].name = name;
	x->binds[x->n_binds].node = n;
	x->binds[x->n_binds].span = at;
	x->n_binds++;
}

static struct model_constraint *add_constraint(struct drr *x, enum model_constraint_kind kind,
                                               const char *name, const char *code, const char **args,
                                               unsigned n, struct pl_span at)
{
	/* on the heap until drr_import copies the list into the pattern */
	struct model_constraint *c = pl_xcalloc(1, sizeof(*c));
	c->kind = kind;
	c->name = name;
	c->code = code;
	c->args = args;
	c->n_args = n;
	c->span = at;
	pl_vec_push(&x->cons, c);
	return c;
}

/* Bind sym; repeated operand names become an equality constraint.  Returns
 * false (after reporting) when the name is bound already. */
static bool bind(struct drr *x, const char *name, enum sym_kind kind, const struct model_op *op,
                 int n_values, struct model_node *node, struct pl_span at)
{
	struct sym *s = sym_find(x, name);
	if (s) {
		if (kind == SYM_OPERAND && s->kind == SYM_OPERAND) {
			const char **args = PL_NEW_ARRAY(model_arena(x->m), const char *, 1);
			args[0] = name;
			add_constraint(x, MODEL_CONSTRAINT_EQUAL, intern(x, "equal"), NULL, args, 1, at);
			add_binding(x, name, node, at);
			return true;
		}
		struct pl_diag *dg = err_begin(x, "drr-bound-twice", at,
		                               "symbol '%s' bound more than once", name);
		pl_diag_note(x->d, dg, s->span, "first bound here");
		err_end(x, dg);
		return false;
	}
	if (x->n_syms == x->cap_syms) {
		x->cap_syms = x->cap_syms ? x->cap_syms * 2 : 16;
		x->syms = pl_xrealloc(x->syms, x->cap_syms * sizeof(*x->syms));
	}
	struct sym *ns = &x->syms[x->n_syms++];
	ns->name = name;
	ns->kind = kind;
	ns->op = op;
	ns->n_values = n_values;
	ns->node = node;
	ns->span = at;
	ns->ready = true;
	add_binding(x, name, node, at);
	return true;
}

static const struct model_op *dag_op(struct drr *x, const struct tga_val *dag)
{
	const struct tga_rec *rec = tga_val_def(tga_dag_op(dag));
	const struct tg_rec *key = rec ? tga_rec_raw(rec) : NULL;
	const void *op;

	if (!key)
		return NULL;
	if (!pl_ptrmap_get(x->ops, key, &op)) {
		op = ods_op_of(x->m, x->r, rec, x->d);
		pl_ptrmap_put(x->ops, key, op);
	}
	return op;
}

static struct pl_span arg_span(const struct tga_val *dag, unsigned i)
{
	struct pl_span s = tga_dag_argspan(dag, i);
	return s.file ? s : tga_val_span(dag);
}

/* Span of just the `$name` part of argument i (the end of the arg span). */
static struct pl_span name_span(const struct tga_val *dag, unsigned i)
{
	struct pl_span s = arg_span(dag, i);
	const char *n = tga_dag_argname(dag, i);
	if (n && s.end_off >= s.off + strlen(n) + 1 && s.line == s.end_line) {
		size_t w = strlen(n) + 1;
		s.off = s.end_off - (uint32_t)w;
		s.col = s.end_col - (uint32_t)w;
	}
	return s;
}

static const char *def_label(struct drr *x, const struct tga_rec *d)
{
	if (!d)
		return NULL;
	if (!tga_rec_anonymous(d))
		return intern(x, tga_rec_name(d));
	static const char *const cls[] = {"ConstantAttr", "ConstantStrAttr", "ConstantUnitAttr",
	                                  "NativeCodeCall", "Constraint", "TypeConstraint",
	                                  "AttrConstraint"};
	for (unsigned i = 0; i < PL_ARRAY_LEN(cls); i++)
		if (tga_rec_isa(d, cls[i]))
			return intern(x, cls[i]);
	return intern(x, tga_rec_name(d));
}

/* A native constraint's name in findings and for --assume: an anonymous
 * instantiation in a constraint list (HasRankGT<2>) goes by its class. */
static const char *native_label(struct drr *x, const struct tga_rec *d)
{
	if (d && tga_rec_anonymous(d)) {
		const char *cls = tga_rec_class(d);
		if (cls && strcmp(cls, "Constraint") != 0)
			return intern(x, cls);
	}
	return def_label(x, d);
}

/* Constant text of a ConstantAttr / EnumCase leaf. */
static const char *const_text(struct drr *x, const struct tga_rec *d)
{
	if (tga_rec_isa(d, "ConstantAttr")) {
		const char *v = tga_field_str(d, "value");
		return intern(x, v);
	}
	if (tga_rec_isa(d, "EnumAttrCaseInfo") || tga_rec_isa(d, "EnumCase")) {
		const char *v = tga_field_str(d, "symbol");
		return intern(x, v ? v : tga_rec_name(d));
	}
	return NULL;
}

static bool is_attr_matcher(const struct tga_rec *d)
{
	return tga_rec_isa(d, "AttrConstraint");
}

static bool is_type_matcher(const struct tga_rec *d)
{
	return tga_rec_isa(d, "TypeConstraint");
}

/* Whether a is an operand of variable length (Variadic, VariadicOfVariadic,
 * Optional): mlir-tblgen matches those by name only (src_leaf, src_op). */
static bool variable_operand(const struct model_op_arg *a)
{
	return a && a->kind == MODEL_ARG_OPERAND && (a->variadic || a->optional);
}

static struct model_node *new_node(struct drr *x, enum model_node_kind k, struct pl_span at)
{
	return model_node_new(x->m, k, at);
}

static void alloc_args(struct drr *x, struct model_node *n, unsigned count)
{
	n->args = PL_NEW_ARRAY(model_arena(x->m), struct model_node *, count + 1);
	n->arg_names = PL_NEW_ARRAY(model_arena(x->m), const char *, count + 1);
	n->n_args = 0;
}

static void push_arg(struct model_node *n, struct model_node *a, const char *slot)
{
	n->args[n->n_args] = a;
	n->arg_names[n->n_args] = slot ? slot : "";
	n->n_args++;
}

/* Count trailing-or-not location/returnType directives and `either`s. */
static void count_directives(struct drr *x, const struct tga_val *dag, unsigned *n_dir, unsigned *n_either)
{
	*n_dir = *n_either = 0;
	for (unsigned i = 0, n = tga_dag_nargs(dag); i < n; i++) {
		const struct tga_val *a = tga_dag_arg(dag, i);
		if (tga_val_kind(a) != TGA_DAG)
			continue;
		enum dag_kind k = dag_kind(x, a);
		if (k == DK_LOCATION || k == DK_RETURNTYPE)
			(*n_dir)++;
		else if (k == DK_EITHER)
			(*n_either)++;
	}
}

static bool check_arg_count(struct drr *x, const struct tga_val *dag, const struct model_op *op)
{
	unsigned nd, ne, n = tga_dag_nargs(dag);
	count_directives(x, dag, &nd, &ne);
	if (op->n_args != n - nd + ne) {
		err(x, "drr-arg-count", tga_val_span(dag),
		    "op '%s' argument number mismatch: %u in pattern vs. %u in definition", op->name,
		    n + ne, op->n_args);
		return false;
	}
	return true;
}

/* ---- source pattern --------------------------------------------------- */

static struct model_node *src_tree(struct drr *x, const struct tga_val *dag, int depth);

/* A leaf argument of the source tree at op argument slot `slot` (NULL when
 * the leaf is an argument of a NativeCodeCall). */
static struct model_node *src_leaf(struct drr *x, const struct tga_val *dag, unsigned i,
                                   const struct model_op *op, unsigned slot)
{
	const struct tga_val *v = tga_dag_arg(dag, i);
	const char *name = tga_dag_argname(dag, i);
	const struct tga_rec *d = tga_val_def(v);
	const struct model_op_arg *oa = op && slot < op->n_args ? op->args[slot] : NULL;
	bool attr_slot = oa && oa->kind == MODEL_ARG_ATTRIBUTE;
	struct pl_span at = arg_span(dag, i);
	bool leaf_attr = d && (is_attr_matcher(d) || tga_rec_isa(d, "EnumAttrCaseInfo") ||
	                       tga_rec_isa(d, "ConstantAttr"));
	struct model_node *n;

	if (oa) {
		if (attr_slot && d && !is_attr_matcher(d))
			err(x, "drr-arg-kind", at, "the %u-th argument of op '%s' should be an attribute",
			    slot + 1, op->name);
		else if (!attr_slot && d && !is_type_matcher(d))
			err(x, "drr-arg-kind", at, "the %u-th argument of op '%s' should be an operand",
			    slot + 1, op->name);
		else if (d && variable_operand(oa) && oa->constraint_def &&
		         strcmp(tga_rec_name(d), oa->constraint_def) != 0)
			/* mlir-tblgen checks no type on a variable-length operand
			 * but the one ODS gives it (the same record) */
			err(x, "drr-variadic-constraint", at,
			    "a type constraint cannot further constrain %s operand #%u ('%s') of op '%s' "
			    "(mlir-tblgen: unsupported)",
			    oa->optional ? "optional" : "variadic", slot, oa->name, op->name);
	}
	bool as_attr = oa ? attr_slot : leaf_attr;
	n = new_node(x, as_attr ? MODEL_NODE_ATTR : MODEL_NODE_VALUE, at);
	n->constraint = d ? def_label(x, d) : NULL;
	if (d)
		n->constant = const_text(x, d);
	if (tga_val_kind(v) == TGA_INT || tga_val_kind(v) == TGA_STRING) {
		n->kind = MODEL_NODE_ATTR;
		n->constant = tga_val_kind(v) == TGA_STRING ? intern(x, tga_val_str(v))
		              : intern(x, pl_arena_printf(model_arena(x->m), "%lld", tga_val_int(v)));
	}
	if (name && *name && strcmp(name, "_") != 0) {
		int idx;
		const char *base = pack_name(x, name, &idx);
		n->bind = intern(x, name);
		if (oa && idx >= 0) {
			err(x, "drr-indexed-bind", name_span(dag, i),
			    "symbol '%s' with trailing index cannot bind to op argument", name);
			/* bind the base name anyway: no cascade of unbound uses */
			bind(x, base, attr_slot ? SYM_ATTR : SYM_OPERAND, op, 1, n, name_span(dag, i));
		} else if (oa) {
			bind(x, base, attr_slot ? SYM_ATTR : SYM_OPERAND, op, 1, n, name_span(dag, i));
		} else {
			bind(x, base, leaf_attr ? SYM_ATTR : SYM_VALUE, NULL, 1, n, name_span(dag, i));
		}
	}
	return n;
}

static struct model_node *src_native(struct drr *x, const struct tga_val *dag, int depth)
{
	const struct tga_rec *nc = tga_val_def(tga_dag_op(dag));
	const char *expr = tga_field_str(nc, "expression");
	struct model_node *n = new_node(x, MODEL_NODE_NATIVE, tga_val_span(dag));
	const char *name = tga_dag_name(dag);

	n->directive = intern(x, expr);
	n->constraint = def_label(x, nc);
	if (name && *name)
		err(x, "drr-bind-unsupported", tga_val_span(dag),
		    "binding symbol '%s' to NativecodeCall in MatchPattern is not supported", name);
	if (!expr || !strstr(expr, "$_self"))
		err(x, "drr-native-call", tga_val_span(dag),
		    "NativeCodeCall must have $_self as argument for passing the defining Operation");
	alloc_args(x, n, tga_dag_nargs(dag));
	for (unsigned i = 0, e = tga_dag_nargs(dag); i < e; i++) {
		const struct tga_val *a = tga_dag_arg(dag, i);
		if (tga_val_kind(a) == TGA_DAG) {
			if (dag_kind(x, a) == DK_EITHER)
				err(x, "drr-native-call", tga_val_span(a), "NativeCodeCall cannot have `either` operands");
			else
				err(x, "drr-native-call", tga_val_span(a),
				    "Matching nested tree in NativeCodecall not support for arg%d_%u as arg %u",
				    depth, i, i);
			push_arg(n, src_tree(x, a, depth + 1), NULL);
			continue;
		}
		push_arg(n, src_leaf(x, dag, i, NULL, 0), NULL);
	}
	return n;
}

static struct model_node *src_op(struct drr *x, const struct tga_val *dag, int depth)
{
	const struct model_op *op = dag_op(x, dag);
	struct model_node *n = new_node(x, MODEL_NODE_OP, tga_val_span(dag));
	const char *name = tga_dag_name(dag);
	unsigned nargs = tga_dag_nargs(dag);

	n->op = op;
	n->op_name = op->name;
	check_arg_count(x, dag, op);
	if (name && *name) {
		n->bind = intern(x, name);
		bind(x, pack_name(x, name, NULL), SYM_RESULT, op, (int)op->n_results, n, tga_val_span(dag));
	}
	alloc_args(x, n, nargs + op->n_args);
	unsigned slot = 0;
	for (unsigned i = 0; i < nargs; i++) {
		const struct tga_val *a = tga_dag_arg(dag, i);
		const char *slot_name = slot < op->n_args ? op->args[slot]->name : "";
		if (tga_val_kind(a) == TGA_DAG) {
			enum dag_kind k = dag_kind(x, a);
			if (k == DK_LOCATION || k == DK_RETURNTYPE) {
				struct model_node *dn = new_node(x, MODEL_NODE_DIRECTIVE, tga_val_span(a));
				dn->directive = intern(x, dag_opname(a));
				push_arg(n, dn, "");
				continue;
			}
			if (k == DK_EITHER) {
				struct model_node *en = new_node(x, MODEL_NODE_EITHER, tga_val_span(a));
				unsigned ea = tga_dag_nargs(a);
				const char *en_name = tga_dag_name(a);
				if (en_name && *en_name)
					err(x, "drr-either", tga_val_span(a), "either can only be applied on operand");
				if (ea != 2)
					err(x, "drr-either", tga_val_span(a), "`either` only supports grouping two operands");
				alloc_args(x, en, ea);
				for (unsigned k2 = 0; k2 < ea; k2++) {
					const struct tga_val *ev = tga_dag_arg(a, k2);
					unsigned es = slot + k2;
					const char *esn = es < op->n_args ? op->args[es]->name : "";
					if (es < op->n_args && op->args[es]->kind != MODEL_ARG_OPERAND &&
					    !(en_name && *en_name))
						err(x, "drr-either", arg_span(a, k2), "either can only be applied on operand");
					if (tga_val_kind(ev) == TGA_DAG) {
						if (dag_kind(x, ev) == DK_EITHER)
							err(x, "drr-either", tga_val_span(ev), "either cannot be nested");
						push_arg(en, src_tree(x, ev, depth + 1), esn);
					} else {
						push_arg(en, src_leaf(x, a, k2, es < op->n_args ? op : NULL, es), esn);
					}
				}
				push_arg(n, en, slot_name);
				slot += 2;
				continue;
			}
			if (k == DK_VARIADIC) {
				struct model_node *vn = new_node(x, MODEL_NODE_VARIADIC, tga_val_span(a));
				const char *vname = tga_dag_name(a);
				if (vname && *vname) {
					vn->bind = intern(x, vname);
					bind(x, pack_name(x, vname, NULL), SYM_OPERAND, op, 1, vn, tga_val_span(a));
				}
				alloc_args(x, vn, tga_dag_nargs(a));
				for (unsigned k2 = 0; k2 < tga_dag_nargs(a); k2++) {
					const struct tga_val *ev = tga_dag_arg(a, k2);
					if (tga_val_kind(ev) == TGA_DAG)
						push_arg(vn, src_tree(x, ev, depth + 1), slot_name);
					else
						push_arg(vn, src_leaf(x, a, k2, NULL, 0), slot_name);
				}
				push_arg(n, vn, slot_name);
				slot++;
				continue;
			}
			/* mlir-tblgen cannot match a nested tree (an op or a
			 * NativeCodeCall) against a variadic or optional operand.
			 * It looks the operand up by the tree position i, not by the
			 * slot an `either` before it moves: followed here, so that
			 * the two reject the same patterns. */
			const struct model_op_arg *va = i < op->n_args ? op->args[i] : NULL;
			if (variable_operand(va))
				err(x, "drr-nested-variadic", tga_val_span(a),
				    "a nested DAG cannot match %s operand #%u ('%s') of op '%s' (mlir-tblgen: "
				    "unsupported)",
				    va->optional ? "optional" : "variadic", i, va->name, op->name);
			push_arg(n, src_tree(x, a, depth + 1), slot_name);
			slot++;
			continue;
		}
		push_arg(n, src_leaf(x, dag, i, slot < op->n_args ? op : NULL, slot), slot_name);
		slot++;
	}
	return n;
}

static struct model_node *src_tree(struct drr *x, const struct tga_val *dag, int depth)
{
	if (depth > DRR_MAX_DEPTH) {
		err(x, "drr-not-an-op", tga_val_span(dag), "pattern nested too deeply");
		return new_node(x, MODEL_NODE_DIRECTIVE, tga_val_span(dag));
	}
	switch (dag_kind(x, dag)) {
	case DK_OP:
		return src_op(x, dag, depth);
	case DK_NATIVE:
		return src_native(x, dag, depth);
	case DK_OTHER:
		err(x, "drr-not-an-op", tga_val_span(dag),
		    "'%s' is not an op, a NativeCodeCall or a DRR directive", dag_opname(dag));
		break;
	default:
		break;
	}
	const char *name = tga_dag_name(dag);
	if (name && *name)
		err(x, "drr-bind-unsupported", tga_val_span(dag),
		    "binding symbol '%s' to non-operation/native code call unsupported right now", name);
	struct model_node *n = new_node(x, MODEL_NODE_DIRECTIVE, tga_val_span(dag));
	n->directive = intern(x, dag_opname(dag));
	return n;
}

static int count_ops(struct drr *x, const struct tga_val *dag, int depth)
{
	if (depth > DRR_MAX_DEPTH)
		return 0;
	enum dag_kind k = dag_kind(x, dag);
	int c = (k == DK_OP || k == DK_OTHER) ? 1 : 0;
	for (unsigned i = 0, n = tga_dag_nargs(dag); i < n; i++) {
		const struct tga_val *a = tga_dag_arg(dag, i);
		if (tga_val_kind(a) == TGA_DAG)
			c += count_ops(x, a, depth + 1);
	}
	return c;
}

/* ---- result patterns -------------------------------------------------- */

/* First pass (collectResultPatternBoundSymbols): names bound by result
 * trees, and their op argument counts. */
static void res_collect(struct drr *x, const struct tga_val *dag, int depth)
{
	if (depth > DRR_MAX_DEPTH)
		return;
	enum dag_kind k = dag_kind(x, dag);
	const char *name = tga_dag_name(dag);
	bool named = name && *name;

	if (k == DK_NATIVE) {
		if (named) {
			const struct tga_rec *nc = tga_val_def(tga_dag_op(dag));
			int nr = (int)tga_field_int(nc, "numReturns", 1);
			if (bind(x, pack_name(x, name, NULL), nr > 1 ? SYM_MULTI : SYM_NATIVE, NULL, nr, NULL,
			         tga_val_span(dag)))
				sym_find(x, pack_name(x, name, NULL))->ready = false;
		}
	} else if (k == DK_OP) {
		const struct model_op *op = dag_op(x, dag);
		check_arg_count(x, dag, op);
		if (named && bind(x, pack_name(x, name, NULL), SYM_RESULT, op, (int)op->n_results, NULL,
		                  tga_val_span(dag)))
			sym_find(x, pack_name(x, name, NULL))->ready = false;
	} else if (named) {
		err(x, "drr-bind-unsupported", tga_val_span(dag),
		    "binding symbol '%s' to non-operation/native code call unsupported right now", name);
	}
	if (k == DK_NATIVE || k == DK_OP)
		for (unsigned i = 0, n = tga_dag_nargs(dag); i < n; i++) {
			const struct tga_val *a = tga_dag_arg(dag, i);
			if (tga_val_kind(a) == TGA_DAG)
				res_collect(x, a, depth + 1);
		}
}

static int node_value_count(struct drr *x, const struct tga_val *dag)
{
	enum dag_kind k = dag_kind(x, dag);
	if (k == DK_OP) {
		const char *name = tga_dag_name(dag);
		if (name && *name) {
			int idx;
			const char *base = pack_name(x, name, &idx);
			if (idx >= 0)
				return 1;
			struct sym *s = sym_find(x, base);
			if (s)
				return s->kind == SYM_RESULT ? s->n_values : s->kind == SYM_MULTI ? s->n_values : 1;
		}
		return (int)dag_op(x, dag)->n_results;
	}
	if (k == DK_NATIVE)
		return (int)tga_field_int(tga_val_def(tga_dag_op(dag)), "numReturns", 1);
	return 1;
}

/* A reference leaf `$x` / `$x__N` in a result tree.  slot_kind: -1 any,
 * MODEL_ARG_OPERAND / MODEL_ARG_ATTRIBUTE for an op argument slot. */
static struct model_node *res_ref(struct drr *x, const char *sym, struct pl_span at, int slot_kind,
                                  const struct model_op *op, unsigned slot)
{
	struct model_node *n = new_node(x, MODEL_NODE_REF, at);
	int idx;
	const char *base = pack_name(x, sym, &idx);
	struct sym *s = sym_find(x, base);

	n->ref = base;
	if (idx >= 0) {
		n->result_index = (unsigned)idx;
		n->indexed = true;
	}
	/* Not bound, or bound by a result pattern that is built later (or by
	 * the op this reference is an argument of): mlir-tblgen-16 rejects
	 * the first and accepts the second, whose C++ then uses a variable
	 * before its declaration or a null op.  Either way the finding is
	 * rules/unbound-variable.c's, under its contract id. */
	if (!s || !s->ready) {
		n->unresolved = true;
		return n;
	}
	bool kind_known = s->kind != SYM_NATIVE && s->kind != SYM_MULTI;
	if (slot_kind == MODEL_ARG_ATTRIBUTE && kind_known && s->kind != SYM_ATTR) {
		struct pl_diag *dg = err_begin(
			x, "drr-value-in-attr-slot", at,
			"'%s' is a value but argument %u ('%s') of '%s' is an attribute; the generated C++ "
			"does not compile", sym, slot + 1, op->args[slot]->name, op->name);
		pl_diag_note(x->d, dg, s->span, "'%s' is bound here", base);
		err_end(x, dg);
	} else if (slot_kind == MODEL_ARG_OPERAND && s->kind == SYM_ATTR) {
		struct pl_diag *dg = err_begin(
			x, "drr-attr-in-value-slot", at,
			"'%s' is an attribute but argument %u ('%s') of '%s' is an operand; the generated "
			"C++ does not compile", sym, slot + 1, op->args[slot]->name, op->name);
		pl_diag_note(x->d, dg, s->span, "'%s' is bound here", base);
		err_end(x, dg);
	}
	return n;
}

static struct model_node *res_tree(struct drr *x, const struct tga_val *dag, int depth,
                                   bool replaces_root);

/* The result symbol `name` (a dag's `:$name`, NULL or "" for none) has
 * been built: later references may use it. */
static void mark_ready(struct drr *x, const char *name)
{
	if (!name || !*name)
		return;
	struct sym *s = sym_find(x, pack_name(x, name, NULL));
	if (s)
		s->ready = true;
}

/* Argument i of result dag `dag` in slot kind slot_kind (-1: NativeCodeCall
 * or directive argument). */
static struct model_node *res_arg(struct drr *x, const struct tga_val *dag, unsigned i, int slot_kind,
                                  const struct model_op *op, unsigned slot, int depth)
{
	const struct tga_val *a = tga_dag_arg(dag, i);
	const char *name = tga_dag_argname(dag, i);
	struct pl_span at = arg_span(dag, i);

	switch (tga_val_kind(a)) {
	case TGA_DAG: {
		enum dag_kind k = dag_kind(x, a);
		if (slot_kind == MODEL_ARG_ATTRIBUTE && k != DK_NATIVE)
			err(x, "drr-attr-dag", tga_val_span(a),
			    "only NativeCodeCall allowed in nested dag node for creating attribute");
		if (k == DK_LOCATION && slot_kind >= 0)
			err(x, "drr-location", tga_val_span(a),
			    "location directive can only be used with op creation");
		return res_tree(x, a, depth + 1, false);
	}
	case TGA_UNSET:
		return res_ref(x, name ? name : "", at, slot_kind, op, slot);
	case TGA_STRING: {
		if (slot_kind >= 0)
			err(x, "drr-raw-string", at, "raw string not supported as argument");
		struct model_node *n = new_node(x, MODEL_NODE_ATTR, at);
		n->constant = intern(x, tga_val_str(a));
		return n;
	}
	case TGA_INT: {
		struct model_node *n = new_node(x, MODEL_NODE_ATTR, at);
		n->constant = intern(x, pl_arena_printf(model_arena(x->m), "%lld", tga_val_int(a)));
		return n;
	}
	case TGA_DEF: {
		const struct tga_rec *d = tga_val_def(a);
		bool is_const = tga_rec_isa(d, "ConstantAttr") || tga_rec_isa(d, "EnumAttrCaseInfo");
		bool native = tga_rec_isa(d, "NativeCodeCall");
		/* mlir-tblgen-16 reads a leaf's name before its kind: a bare
		 * NativeCodeCall leaf refers to the symbol '' (unbound: rule
		 * unbound-variable), and a named attribute constraint is no
		 * case it handles */
		if (!is_const && name && *name && is_attr_matcher(d))
			err(x, "drr-result-leaf", at,
			    "unhandled case when rewriting op: the attribute constraint '%s' on '$%s' in a "
			    "result pattern (write $%s alone)", def_label(x, d), name, name);
		if (is_const || (native && name && *name)) {
			struct model_node *n = new_node(x, is_const ? MODEL_NODE_ATTR : MODEL_NODE_NATIVE, at);
			n->constraint = def_label(x, d);
			n->constant = is_const ? const_text(x, d) : NULL;
			if (!is_const)
				n->directive = intern(x, tga_field_str(d, "expression"));
			if (is_const && slot_kind == MODEL_ARG_OPERAND)
				err(x, "drr-attr-in-value-slot", at,
				    "attribute found where value was expected, if attempting to use constant value, "
				    "construct a constant op with given attribute instead");
			return n;
		}
		/* a constraint with a name: a reference to the name */
		return res_ref(x, name ? name : "", at, slot_kind, op, slot);
	}
	default:
		return res_ref(x, name ? name : "", at, slot_kind, op, slot);
	}
}

static struct model_node *res_op(struct drr *x, const struct tga_val *dag, int depth, bool replaces_root)
{
	const struct model_op *op = dag_op(x, dag);
	struct model_node *n = new_node(x, MODEL_NODE_OP, tga_val_span(dag));
	unsigned nargs = tga_dag_nargs(dag);
	const char *name = tga_dag_name(dag);

	n->op = op;
	n->op_name = op->name;
	if (name && *name)
		n->bind = intern(x, name);
	/* trailing directives */
	unsigned trail = 0;
	bool seen_loc = false, seen_rt = false;
	for (unsigned i = nargs; i-- > 0;) {
		const struct tga_val *a = tga_dag_arg(dag, i);
		if (tga_val_kind(a) != TGA_DAG)
			break;
		enum dag_kind k = dag_kind(x, a);
		if (k != DK_LOCATION && k != DK_RETURNTYPE)
			break;
		trail++;
		if (k == DK_LOCATION) {
			if (seen_loc)
				err(x, "drr-location", tga_val_span(a), "`location` directive can only be specified once");
			seen_loc = true;
		} else {
			if (seen_rt)
				err(x, "drr-return-type", tga_val_span(a), "`returnType` directive can only be specified once");
			seen_rt = true;
			if (replaces_root && depth == 0)
				err(x, "drr-return-type", tga_val_span(a),
				    "Cannot specify explicit return types in an op whose return values replace the "
				    "source pattern's root op");
		}
	}
	unsigned nd, ne;
	count_directives(x, dag, &nd, &ne);
	/* reached only when the count check of res_collect passed */
	if (op->n_args == nargs - nd + ne && nargs - trail != op->n_args)
		err(x, "drr-arg-count", tga_val_span(dag),
		    "resultant op '%s' argument number mismatch: %u in pattern vs. %u in definition", op->name,
		    nargs - trail, op->n_args);
	alloc_args(x, n, nargs + 1);
	for (unsigned i = 0; i < nargs; i++) {
		const struct tga_val *a = tga_dag_arg(dag, i);
		if (i >= nargs - trail) {
			struct model_node *dn = res_tree(x, a, depth + 1, false);
			if (dag_kind(x, a) == DK_RETURNTYPE) {
				n->result_types_given = true;
				n->result_types = dn->args;
				n->n_result_types = dn->n_args;
			}
			push_arg(n, dn, "");
			continue;
		}
		int sk = -1;
		const char *slot_name = "";
		if (i < op->n_args) {
			sk = (int)op->args[i]->kind;
			slot_name = op->args[i]->name;
		}
		push_arg(n, res_arg(x, dag, i, sk, op, i, depth), slot_name);
	}
	mark_ready(x, name);
	return n;
}

static struct model_node *res_tree(struct drr *x, const struct tga_val *dag, int depth, bool replaces_root)
{
	if (depth > DRR_MAX_DEPTH)
		return new_node(x, MODEL_NODE_DIRECTIVE, tga_val_span(dag));
	enum dag_kind k = dag_kind(x, dag);
	if (k == DK_OP)
		return res_op(x, dag, depth, replaces_root);
	if (k == DK_OTHER)
		err(x, "drr-not-an-op", tga_val_span(dag),
		    "'%s' is not an op, a NativeCodeCall or a DRR directive", dag_opname(dag));
	unsigned nargs = tga_dag_nargs(dag);
	struct model_node *n = new_node(x, k == DK_NATIVE ? MODEL_NODE_NATIVE : MODEL_NODE_DIRECTIVE,
	                                tga_val_span(dag));
	const char *name = tga_dag_name(dag);
	if (name && *name)
		n->bind = intern(x, name);
	if (k == DK_NATIVE) {
		n->directive = intern(x, tga_field_str(tga_val_def(tga_dag_op(dag)), "expression"));
		n->constraint = def_label(x, tga_val_def(tga_dag_op(dag)));
	} else {
		n->directive = intern(x, dag_opname(dag));
	}
	if (k == DK_REPLACE && nargs != 1)
		err(x, "drr-replace-with-value", tga_val_span(dag),
		    "replaceWithValue directive must take exactly one argument");
	if (k == DK_LOCATION && nargs == 0)
		err(x, "drr-location", tga_val_span(dag), "At least one argument to location directive required");
	if (k == DK_RETURNTYPE)
		for (unsigned i = 0; i < nargs; i++) {
			const struct tga_val *a = tga_dag_arg(dag, i);
			if (tga_val_kind(a) == TGA_DAG && dag_kind(x, a) != DK_NATIVE)
				err(x, "drr-return-type", tga_val_span(a), "nested DAG in `returnType` must be a native code call");
		}
	if (k == DK_NATIVE)
		for (unsigned i = 0; i < nargs; i++) {
			const struct tga_val *a = tga_dag_arg(dag, i);
			if (tga_val_kind(a) == TGA_DAG && dag_kind(x, a) == DK_RETURNTYPE)
				err(x, "drr-return-type", tga_val_span(a), "`NativeCodeCall` cannot have return type specifier");
		}
	alloc_args(x, n, nargs);
	for (unsigned i = 0; i < nargs; i++) {
		if (k == DK_RETURNTYPE && tga_val_kind(tga_dag_arg(dag, i)) == TGA_DAG &&
		    dag_kind(x, tga_dag_arg(dag, i)) != DK_NATIVE) {
			push_arg(n, new_node(x, MODEL_NODE_DIRECTIVE, tga_val_span(tga_dag_arg(dag, i))), NULL);
			continue;
		}
		struct model_node *c = res_arg(x, dag, i, -1, NULL, 0, depth);
		if (k == DK_RETURNTYPE && c->kind == MODEL_NODE_ATTR)
			c->kind = MODEL_NODE_TYPE; /* a C++ type expression */
		push_arg(n, c, NULL);
	}
	if (k == DK_NATIVE)
		mark_ready(x, name);
	return n;
}

/* ---- one pattern ------------------------------------------------------ */

/* A name read by a multi-entity constraint, as a REF node.  Constraints
 * are checked while matching, so only source symbols are visible (they
 * are the only ones bound when import_constraints runs). */
static struct model_node *constraint_ref(struct drr *x, const char *sym, struct pl_span at)
{
	struct model_node *n = new_node(x, MODEL_NODE_REF, at);
	n->ref = pack_name(x, sym, NULL);
	n->unresolved = sym_find(x, n->ref) == NULL;
	return n;
}

static void import_constraints(struct drr *x)
{
	const struct tga_val *list = tga_rec_field(x->rec, "constraints");
	for (unsigned i = 0, n = tga_list_len(list); i < n; i++) {
		const struct tga_val *c = tga_list_at(list, i);
		struct pl_span at = tga_val_span(c);
		if (tga_val_kind(c) != TGA_DAG) {
			err(x, "drr-constraint", at,
			    "all elements in Pattern multi-entity constraints should be DAG nodes");
			continue;
		}
		const struct tga_rec *cd = tga_val_def(tga_dag_op(c));
		unsigned na = tga_dag_nargs(c);
		const char **args = PL_NEW_ARRAY(model_arena(x->m), const char *, na + 1);
		struct model_node **refs = PL_NEW_ARRAY(model_arena(x->m), struct model_node *, na + 2);
		unsigned n_ok = 0, n_refs = 0;
		bool bad = false;
		for (unsigned k = 0; k < na; k++) {
			const char *an = tga_dag_argname(c, k);
			if (!an) {
				err(x, "drr-constraint", arg_span(c, k),
				    "operands to additional constraints can only be symbol references");
				bad = true;
				continue;
			}
			args[n_ok++] = intern(x, an);
			refs[n_refs++] = constraint_ref(x, an, name_span(c, k));
		}
		if (bad)
			continue;
		if (tga_rec_isa(cd, "TypeConstraint") && na != 1)
			err(x, "drr-constraint", at, "type constraint requires exactly one argument");
		else if (tga_rec_isa(cd, "AttrConstraint"))
			/* with one argument too: mlir-tblgen-16 takes no attribute
			 * constraint in the list at all */
			err(x, "drr-constraint", at, "cannot use AttrConstraint in Pattern multi-entity constraints");
		else if (na > 4)
			err(x, "drr-constraint", at, "only support up to 4-entity constraints now");
		const char *cname = tga_dag_name(c);
		if (cname && *cname)
			refs[n_refs++] = constraint_ref(x, cname, at);
		const struct tga_rec *pred = tga_field_def(cd, "predicate");
		const char *code = tga_field_str(pred, "predExpr");
		bool ods = tga_rec_isa(cd, "TypeConstraint") || tga_rec_isa(cd, "AttrConstraint");
		struct model_constraint *mc =
			add_constraint(x, ods ? MODEL_CONSTRAINT_ODS : MODEL_CONSTRAINT_NATIVE,
			               ods ? def_label(x, cd) : native_label(x, cd),
			               code ? intern(x, code) : NULL, args, n_ok, at);
		mc->refs = refs;
		mc->n_refs = n_refs;
		mc->self = cname && *cname ? intern(x, cname) : NULL;
	}
}

static void import_pattern(struct drr *x)
{
	struct model_pattern *p = x->p;
	const struct tga_val *src = tga_rec_field(x->rec, "sourcePattern");
	const struct tga_val *results = tga_rec_field(x->rec, "resultPatterns");
	unsigned n_res = tga_list_len(results);

	/* benefit */
	const struct tga_val *bd = tga_rec_field(x->rec, "benefitDelta");
	if (tga_dag_nargs(bd) != 1 || tga_val_kind(tga_dag_arg(bd, 0)) != TGA_INT) {
		err(x, "drr-benefit", tga_val_span(bd), "The 'addBenefit' takes and only takes one integer value");
	} else {
		p->benefit_declared = (int)tga_val_int(tga_dag_arg(bd, 0));
	}

	if (tga_val_kind(src) != TGA_DAG || dag_kind(x, src) != DK_OP) {
		err(x, "drr-not-an-op", tga_val_span(src), "the source pattern's root must be an op");
		return;
	}
	p->benefit = count_ops(x, src, 0) + p->benefit_declared;
	p->match = src_tree(x, src, 0);
	p->root_op = p->match->op_name;
	const struct model_op *root = p->match->op;

	import_constraints(x);

	/* result patterns: bound names first, then the replacement split */
	for (unsigned i = 0; i < n_res; i++) {
		const struct tga_val *rp = tga_list_at(results, i);
		if (tga_val_kind(rp) == TGA_DAG)
			res_collect(x, rp, 0);
	}
	int n_expect = root ? (int)root->n_results : 0;
	int *offsets = pl_xcalloc(n_res + 1, sizeof(int));
	int repl_start = n_expect == 0 ? (int)n_res : -1;
	offsets[n_res] = n_expect;
	for (int i = (int)n_res - 1; i >= 0; i--) {
		const struct tga_val *rp = tga_list_at(results, (unsigned)i);
		int nv = tga_val_kind(rp) == TGA_DAG ? node_value_count(x, rp) : 1;
		offsets[i] = offsets[i + 1] - nv;
		if (offsets[i] == 0) {
			if (repl_start == -1)
				repl_start = i;
		} else if (offsets[i] < 0 && offsets[i + 1] > 0) {
			const char *nm = tga_dag_name(rp);
			err(x, "drr-aux-and-replace", tga_val_span(rp),
			    "cannot use the same multi-result op '%s' to generate both auxiliary values and "
			    "values to be used for replacing the matched op", nm ? nm : "");
		}
	}
	if (n_res && offsets[0] > 0)
		err(x, "drr-not-enough-values", tga_val_span(tga_list_at(results, n_res - 1)),
		    "not enough values generated to replace the matched op");
	else if (!n_res && n_expect > 0)
		err(x, "drr-not-enough-values", p->span, "not enough values generated to replace the matched op");
	free(offsets);
	if (repl_start < 0)
		repl_start = (int)n_res;

	struct model_node **repl = PL_NEW_ARRAY(model_arena(x->m), struct model_node *, n_res + 1);
	unsigned n_repl = 0;
	/* at most one CREATE per result, then the REPLACE or ERASE */
	p->actions = PL_NEW_ARRAY(model_arena(x->m), struct model_action, n_res + 1);
	for (unsigned i = 0; i < n_res; i++) {
		const struct tga_val *rp = tga_list_at(results, i);
		if (tga_val_kind(rp) != TGA_DAG)
			continue;
		bool replaces = (int)i >= repl_start && n_expect > 0;
		struct model_node *t = res_tree(x, rp, 0, replaces);
		if (replaces) {
			repl[n_repl++] = t;
		} else {
			struct model_action *a = &p->actions[p->n_actions++];
			a->kind = MODEL_ACT_CREATE;
			a->values = PL_NEW_ARRAY(model_arena(x->m), struct model_node *, 1);
			a->values[0] = t;
			a->n_values = 1;
			a->span = t->span;
		}
	}
	struct model_action *a = &p->actions[p->n_actions++];
	a->target = p->match->bind;
	a->span = p->span;
	if (n_expect == 0) {
		a->kind = MODEL_ACT_ERASE;
	} else {
		a->kind = MODEL_ACT_REPLACE;
		a->values = repl;
		a->n_values = n_repl;
		if (n_repl)
			a->span = pl_span_join(repl[0]->span, repl[n_repl - 1]->span);
	}
}

/* ---- driver ----------------------------------------------------------- */

/* A pattern by its record's name, the order mlir-tblgen registers them
 * in; head: the name's first 8 bytes as a big-endian number (zeros after
 * its end), which orders most pairs as strcmp does without a read of the
 * names (the sort of 10,000 patterns read them all over the records:
 * 0.9% of the check). */
struct order_ent {
	uint64_t head;
	const char *name;
	struct model_pattern *p;
};

static uint64_t name_head(const char *s)
{
	uint64_t h = 0;
	unsigned i = 0;

	for (; i < 8 && s[i]; i++)
		h = h << 8 | (unsigned char)s[i];
	for (; i < 8; i++)
		h <<= 8;
	return h;
}

static int cmp_order(const void *a, const void *b)
{
	const struct order_ent *x = a, *y = b;
	if (x->head != y->head)
		return x->head < y->head ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* A key naming pattern rec the same way whichever input reached it: its
 * definition span plus its name, or for anonymous records (whose numbers
 * depend on the input) its rank among the anonymous records created in a
 * row at that span, as a foreach or multiclass creates them. */
static uint64_t claim_key(const struct tga_rec *rec, struct pl_span sp, struct pl_span *last_anon,
                          unsigned *anon_k)
{
	struct {
		uint32_t file, off, k;
	} pos = {sp.file, sp.off, 0};
	uint64_t h;

	if (tga_rec_anonymous(rec)) {
		if (last_anon->file == sp.file && last_anon->off == sp.off)
			(*anon_k)++;
		else
			*anon_k = 0;
		*last_anon = sp;
		pos.k = *anon_k;
		return pl_hash_bytes(&pos, sizeof(pos));
	}
	h = pl_hash_bytes(&pos, sizeof(pos));
	const char *name = tga_rec_name(rec);
	return h ^ (pl_hash_bytes(name, strlen(name)) * 31);
}

/* An import in batches of defs (drr.h). */
struct drr_import {
	struct model *m;
	const struct tg_records *r;
	struct pl_diag_ctx *d;
	uint32_t main_file_id;
	unsigned errors;
	struct order_ent *ord;         /* the patterns added, for reg_order */
	unsigned added, cap_ord;
	struct pl_span last_anon;      /* claim_key's */
	unsigned anon_k;
	/* The access layer keeps every value it wraps until released: a few
	 * KiB per pattern, which made it a third of the peak memory on a large
	 * set.  Nothing of a pattern's wrapped values outlives its import
	 * (the model interns what it keeps, ods.c re-wraps deferred ops), so
	 * they are released in batches.  A release keeps the attachment and
	 * the sources' texts (it used to detach and attach again, which blanked
	 * the comments of every source anew, so batches had to grow with the
	 * set); the next batch reuses the freed arena's blocks. */
	unsigned since;
	/* most defs are not patterns: compare superclass pointers first
	 * (NULL: not defined so far) */
	const struct tg_rec *pattern_class;
	struct pl_ptrmap ops, kinds;
	unsigned mid;
};

#define DRR_RELEASE_BATCH 512

struct drr_import *drr_import_begin(struct model *m, const struct tg_records *r,
                                    uint32_t main_file_id, struct pl_diag_ctx *d)
{
	struct drr_import *x = pl_xcalloc(1, sizeof(*x));

	x->m = m;
	x->r = r;
	x->d = d;
	x->main_file_id = main_file_id;
	x->mid = model_id(m);
	tga_attach(r, d->sm);
	return x;
}

static void import_def(struct drr_import *st, const struct tg_rec *raw)
{
	struct model *m = st->m;

	if (st->since >= DRR_RELEASE_BATCH) {
		tga_release();
		st->since = 0;
	}
	/* a def an earlier input shares was looked at then (as in ods.c;
	 * only when every input's patterns are taken: main_file_id 0) */
	if (!st->main_file_id) {
		if (tg_rec_note_get(raw, TG_NOTE_DRR) == st->mid)
			return;
		tg_rec_note_set(raw, TG_NOTE_DRR, st->mid);
	}
	if (!st->pattern_class || !tg_rec_isa_mask(raw, &st->pattern_class, 1))
		return;
	const struct tga_rec *rec = tga_rec_wrap(raw);
	struct pl_span sp = tga_rec_span(rec);
	if (st->main_file_id && sp.file != st->main_file_id)
		return;
	if (!model_pattern_claim(m, claim_key(rec, sp, &st->last_anon, &st->anon_k)))
		return; /* analyzed already, through another input */
	struct drr x = {0};
	x.m = m;
	x.ops = &st->ops;
	x.kinds = &st->kinds;
	x.r = st->r;
	x.d = st->d;
	x.rec = rec;
	x.p = model_pattern_add(m);
	x.p->origin = MODEL_ORIGIN_DRR;
	x.p->name = tga_rec_anonymous(rec) ? NULL : pl_intern(model_intern(m), tga_rec_name(rec));
	x.p->span = sp;
	import_pattern(&x);
	x.p->constraints = x.cons.len ? PL_NEW_ARRAY(model_arena(m), struct model_constraint,
	                                             x.cons.len) : NULL;
	for (size_t k = 0; k < x.cons.len; k++) {
		x.p->constraints[k] = *(struct model_constraint *)x.cons.items[k];
		free(x.cons.items[k]);
	}
	x.p->n_constraints = (unsigned)x.cons.len;
	pl_vec_free(&x.cons);
	if (x.n_binds) {
		x.p->bindings = PL_NEW_ARRAY(model_arena(m), struct model_binding, x.n_binds);
		memcpy(x.p->bindings, x.binds, x.n_binds * sizeof(*x.binds));
		x.p->n_bindings = x.n_binds;
	}
	free(x.binds);
	free(x.syms);
	st->errors += x.errors;
	if (st->added == st->cap_ord) {
		st->cap_ord = st->cap_ord ? st->cap_ord * 2 : 256;
		st->ord = pl_xrealloc(st->ord, st->cap_ord * sizeof(*st->ord));
	}
	st->ord[st->added].name = tga_rec_name(rec); /* the record's own name: outlives a release */
	st->ord[st->added].head = name_head(st->ord[st->added].name);
	st->ord[st->added].p = x.p;
	st->added++;
	st->since++;
}

void drr_import_defs(struct drr_import *st, const struct tg_rec *const *defs, unsigned lo,
                     unsigned hi)
{
	/* a class is defined before any def of it: if this batch's defs
	 * include patterns, Pattern is defined by now */
	if (!st->pattern_class)
		st->pattern_class = tg_class_find(st->r, "Pattern");
	for (unsigned i = lo; i < hi; i++)
		import_def(st, defs[i]);
}

int drr_import_end(struct drr_import *st)
{
	if (st->added)
		qsort(st->ord, st->added, sizeof(*st->ord), cmp_order);
	for (unsigned i = 0; i < st->added; i++)
		st->ord[i].p->reg_order = i;
	int rc = st->errors ? -1 : (int)st->added;
	free(st->ord);
	pl_ptrmap_free(&st->ops);
	pl_ptrmap_free(&st->kinds);
	free(st);
	return rc;
}

int drr_import(struct model *m, const struct tg_records *r, uint32_t main_file_id,
               struct pl_diag_ctx *d)
{
	struct drr_import *st = drr_import_begin(m, r, main_file_id, d);
	unsigned n;
	const struct tg_rec *const *defs = tg_defs(r, &n);

	/* defs an earlier input shares come first, noted (tg_defs_noted) */
	drr_import_defs(st, defs, main_file_id ? 0 : tg_defs_noted(r, TG_NOTE_DRR, st->mid), n);
	return drr_import_end(st);
}
