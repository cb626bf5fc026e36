/*
 * ods.c -- turn ODS `Op` records into the model's op registry.
 *
 * The rules followed are MLIR 16's mlir::tblgen::Operator (facts taken from
 * mlir/lib/TableGen/Operator.cpp, re-expressed here):
 *   - name: the dialect's `name` + "." + `opName` (just `opName` when the
 *     dialect name is empty);
 *   - C++ class: the def name split at the first '_' ("Arith_AddIOp" ->
 *     "AddIOp"; a name without prefix or with an empty rest stays whole),
 *     qualified with the op's `cppNamespace`;
 *   - `arguments`: an `OpVariable` (Arg<...>) stands for its `constraint`;
 *     a TypeConstraint is an operand, an Attr an attribute; DerivedAttr
 *     values among the record's fields are derived attributes appended
 *     after the native ones;
 *   - traits: `TraitList`s are flattened, duplicates dropped;
 *   - result type inference (Operator::populateTypeInferenceInfo): none
 *     without results or with variable-length results; with
 *     SameOperandsAndResultType, known iff some operand is not variable
 *     length; otherwise a small graph over results: buildable result types
 *     are known, TypesMatchWith gives an edge from its `lhs` to a result
 *     `rhs`, AllTypesMatch ties its values (an operand or known result
 *     among them makes all of them known, else every pair of results gets
 *     an edge); known-ness is propagated to a fixed point.  An explicit
 *     InferTypeOpInterface trait stops the analysis (the op is then
 *     custom-built: infers_result_types false, has_infer_type_interface
 *     true).  Unknown names map to index 0, as StringMap::lookup does.
 */
#include "config.h"
#include "ods.h"
#include "tg_access.h"
#include "tablegen/tg.h"
#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/intern.h"
#include "analyzer/model.h"
#include "analyzer/util.h"

#include <stdlib.h>
#include <string.h>

#define ODS_MAX_DEPTH 32 /* TraitList nesting limit */

static const char *intern(struct model *m, const char *s)
{
	return pl_intern(model_intern(m), s ? s : "");
}

/* A display name for a constraint/trait def: its name, or for anonymous
 * instances the class it instantiates, with its base type when it wraps
 * one ("Variadic<I32>"). */
static const char *def_display(struct model *m, const struct tga_rec *d)
{
	if (!d)
		return NULL;
	if (!tga_rec_anonymous(d))
		return intern(m, tga_rec_name(d));
	const char *cls = NULL;
	static const char *const known[] = {
		"VariadicOfVariadic", "Variadic", "Optional", "OptionalAttr", "DefaultValuedOptionalAttr",
		"DefaultValuedAttr", "DefaultValuedStrAttr", "ConstantAttr", "ConfinedAttr", "Confined",
		"TypedArrayAttrBase", "AllTypesMatch", "AllElementTypesMatch", "AllShapesMatch",
		"AllRanksMatch", "TypesMatchWith", "DeclareOpInterfaceMethods", "PredOpTrait",
		"ParentOneOf", "HasParent", "SingleBlockImplicitTerminator", "OpVariable",
	};
	for (unsigned i = 0; i < PL_ARRAY_LEN(known) && !cls; i++)
		if (tga_rec_isa(d, known[i]))
			cls = known[i];
	if (!cls)
		return intern(m, tga_rec_name(d));
	const struct tga_rec *base = tga_field_def(d, "baseType");
	if (!base)
		base = tga_field_def(d, "baseAttr");
	if (base) {
		const char *bn = def_display(m, base);
		char *s = pl_arena_printf(model_arena(m), "%s<%s>", cls, bn ? bn : "?");
		return intern(m, s);
	}
	return intern(m, cls);
}

const char *ods_op_name(struct model *m, const struct tga_rec *rec)
{
	const struct tga_rec *dia = tga_field_def(rec, "opDialect");
	const char *dn = tga_field_str(dia, "name");
	const char *on = tga_field_str(rec, "opName");

	if (!on)
		on = "";
	if (!dn || !*dn)
		return intern(m, on);
	/* "dialect.op", interned from a stack buffer: patterns look their
	 * ops up by name, a formatted copy each time was most of the cost */
	size_t dl = strlen(dn), ol = strlen(on);
	char small[128];
	char *buf = dl + ol + 1 <= sizeof small ? small : pl_xmalloc(dl + ol + 1);
	memcpy(buf, dn, dl);
	buf[dl] = '.';
	memcpy(buf + dl + 1, on, ol);
	const char *name = pl_intern_n(model_intern(m), buf, dl + ol + 1);
	if (buf != small)
		free(buf);
	return name;
}

static const char *cpp_class(struct model *m, const struct tga_rec *rec)
{
	const char *def = tga_rec_name(rec);
	const char *us = strchr(def, '_');
	const char *cls = def;

	/* mlir::tblgen::Operator: the def name split at its first '_'; the
	 * whole name when it starts with '_', the prefix when nothing follows */
	if (us && us != def)
		cls = us[1] ? us + 1 : pl_arena_strndup(model_arena(m), def, (size_t)(us - def));
	const char *ns = tga_field_str(rec, "cppNamespace");
	if (!ns || !*ns)
		return intern(m, cls);
	return intern(m, pl_arena_printf(model_arena(m), "%s%s::%s",
	                                 strncmp(ns, "::", 2) == 0 ? "" : "::", ns, cls));
}

/* Fill one operand/result from its (possibly OpVariable-wrapped) def. */
static void fill_type_arg(struct model *m, struct model_op_arg *a, const struct tga_rec *d)
{
	a->constraint = def_display(m, d);
	a->constraint_def = intern(m, tga_rec_name(d));
	a->summary = tga_field_str(d, "summary") ? intern(m, tga_field_str(d, "summary")) : NULL;
	a->variadic_of_variadic = tga_rec_isa(d, "VariadicOfVariadic");
	a->variadic = tga_rec_isa(d, "Variadic") || a->variadic_of_variadic;
	a->optional = tga_rec_isa(d, "Optional");
}

static void fill_attr_arg(struct model *m, struct model_op_arg *a, const struct tga_rec *d)
{
	a->constraint = def_display(m, d);
	a->summary = tga_field_str(d, "summary") ? intern(m, tga_field_str(d, "summary")) : NULL;
	a->optional = tga_field_int(d, "isOptional", 0) != 0;
	const char *dv = tga_field_str(d, "defaultValue");
	if (dv && *dv) {
		a->has_default = true;
		a->default_value = intern(m, dv);
	}
	a->derived = tga_rec_isa(d, "DerivedAttr");
}

static const struct tga_rec *unwrap_var(const struct tga_rec *d)
{
	if (d && tga_rec_isa(d, "OpVariable")) {
		const struct tga_rec *c = tga_field_def(d, "constraint");
		if (c)
			return c;
	}
	return d;
}

struct trait_acc {
	const struct tga_rec **recs;
	unsigned n, cap;
};

static void traits_insert(struct trait_acc *acc, const struct tga_val *list, int depth)
{
	if (depth > ODS_MAX_DEPTH)
		return;
	for (unsigned i = 0, n = tga_list_len(list); i < n; i++) {
		const struct tga_rec *t = tga_val_def(tga_list_at(list, i));
		if (!t)
			continue;
		if (tga_rec_isa(t, "TraitList")) {
			traits_insert(acc, tga_rec_field(t, "traits"), depth + 1);
			continue;
		}
		bool dup = false;
		for (unsigned k = 0; k < acc->n && !dup; k++)
			dup = acc->recs[k] == t;
		if (dup)
			continue;
		if (tga_rec_isa(t, "Interface"))
			traits_insert(acc, tga_rec_field(t, "baseInterfaces"), depth + 1);
		if (acc->n == acc->cap) {
			acc->cap = acc->cap ? acc->cap * 2 : 8;
			acc->recs = pl_xrealloc(acc->recs, acc->cap * sizeof(*acc->recs));
		}
		acc->recs[acc->n++] = t;
	}
}

/* Name used for a trait in the model: the def name; for an anonymous
 * DeclareOpInterfaceMethods<I> the interface name I; other anonymous
 * instances by their class ("AllTypesMatch"). */
static const char *trait_name(struct model *m, const struct tga_rec *t)
{
	if (tga_rec_anonymous(t) && tga_rec_isa(t, "DeclareOpInterfaceMethods")) {
		const char *i = tga_field_str(t, "cppInterfaceName");
		if (i)
			return intern(m, i);
	}
	if (tga_rec_anonymous(t) && tga_rec_class(t))
		return intern(m, tga_rec_class(t));
	return def_display(m, t);
}

static bool is_infer_type_iface(const struct tga_rec *t)
{
	const char *tr = tga_field_str(t, "trait");
	return tga_rec_isa(t, "InterfaceTrait") && tr && strcmp(tr, "InferTypeOpInterface::Trait") == 0;
}

/* Index space of Operator: arguments i >= 0, results -1 - i. */
static int name_index(const struct model_op *op, const char *name)
{
	for (unsigned i = 0; i < op->n_args; i++)
		if (op->args[i]->name && strcmp(op->args[i]->name, name) == 0)
			return (int)i;
	for (unsigned i = 0; i < op->n_results; i++)
		if (strcmp(op->results[i].name, name) == 0)
			return -1 - (int)i;
	return 0; /* StringMap::lookup default */
}

static bool infer_result_types(const struct model_op *op, const struct tga_rec *const *traits,
                               unsigned n_traits, const struct tga_rec *const *res_defs,
                               bool have_iface_def)
{
	if (!have_iface_def || op->n_results == 0)
		return false;
	for (unsigned i = 0; i < op->n_results; i++)
		if (op->results[i].variadic || op->results[i].optional)
			return false;
	for (unsigned i = 0; i < n_traits; i++)
		if (!tga_rec_anonymous(traits[i]) &&
		    strcmp(tga_rec_name(traits[i]), "SameOperandsAndResultType") == 0) {
			for (unsigned k = 0; k < op->n_args; k++)
				if (op->args[k]->kind == MODEL_ARG_OPERAND && !op->args[k]->variadic &&
				    !op->args[k]->optional)
					return true;
			return false;
		}

	unsigned n = op->n_results;
	bool *known = pl_xcalloc(n, sizeof(bool));
	/* edges: src[r][k] result indices r depends on (results only) */
	int **src = pl_xcalloc(n, sizeof(int *));
	unsigned *n_src = pl_xcalloc(n, sizeof(unsigned));
	bool ok = true;

	for (unsigned i = 0; i < n; i++) {
		const char *bc = tga_field_str(res_defs[i], "builderCall");
		if (bc && *bc)
			known[i] = true;
		src[i] = pl_xcalloc(n * n + 1, sizeof(int));
	}
	for (unsigned t = 0; t < n_traits && ok; t++) {
		const struct tga_rec *tr = traits[t];
		if (is_infer_type_iface(tr) && !tga_rec_anonymous(tr)) {
			ok = false; /* manually added: custom handling */
			break;
		}
		if (tga_rec_isa(tr, "TypesMatchWith")) {
			int target = name_index(op, tga_field_str(tr, "rhs") ? tga_field_str(tr, "rhs") : "");
			if (target >= 0)
				continue;
			unsigned ri = (unsigned)(-1 - target);
			if (known[ri])
				continue;
			int s = name_index(op, tga_field_str(tr, "lhs") ? tga_field_str(tr, "lhs") : "");
			if (s >= 0)
				known[ri] = true;
			else {
				src[ri][n_src[ri]++] = -1 - s;
				known[ri] = known[-1 - s];
			}
			continue;
		}
		if (!tga_rec_isa(tr, "AllTypesMatch"))
			continue;
		const struct tga_val *vals = tga_rec_field(tr, "values");
		bool full = false;
		for (unsigned k = 0; k < tga_list_len(vals); k++) {
			const char *nm = tga_val_str(tga_list_at(vals, k));
			int idx = name_index(op, nm ? nm : "");
			if (idx >= 0 || known[-1 - idx])
				full = true;
		}
		for (unsigned k = 0; k < tga_list_len(vals); k++) {
			const char *nm = tga_val_str(tga_list_at(vals, k));
			int idx = name_index(op, nm ? nm : "");
			if (idx >= 0)
				continue;
			unsigned ri = (unsigned)(-1 - idx);
			if (full) {
				known[ri] = true;
				continue;
			}
			for (unsigned q = 0; q < tga_list_len(vals); q++) {
				const char *on = tga_val_str(tga_list_at(vals, q));
				int oi = name_index(op, on ? on : "");
				if (oi < 0 && oi != idx && n_src[ri] < n * n)
					src[ri][n_src[ri]++] = -1 - oi;
			}
		}
	}
	if (ok) {
		bool changed;
		do {
			changed = false;
			for (unsigned i = 0; i < n; i++) {
				if (known[i])
					continue;
				for (unsigned k = 0; k < n_src[i]; k++)
					if (known[src[i][k]]) {
						known[i] = changed = true;
						break;
					}
			}
		} while (changed);
		for (unsigned i = 0; i < n; i++)
			ok = ok && known[i];
	}
	for (unsigned i = 0; i < n; i++)
		free(src[i]);
	free(src);
	free(n_src);
	free(known);
	return ok;
}

static void import_builders(struct model *m, struct model_op *op, const struct tga_rec *rec)
{
	const struct tga_val *bl = tga_rec_field(rec, "builders");
	unsigned n = tga_list_len(bl);
	if (!n)
		return;
	op->builders = PL_NEW_ARRAY(model_arena(m), struct model_builder, n);
	for (unsigned i = 0; i < n; i++) {
		const struct tga_rec *b = tga_val_def(tga_list_at(bl, i));
		struct model_builder *mb = &op->builders[op->n_builders++];
		const struct tga_val *dp = tga_rec_field(b, "dagParams");
		unsigned np = tga_dag_nargs(dp);
		mb->span = tga_val_span(tga_list_at(bl, i));
		mb->n_params = np;
		mb->param_types = PL_NEW_ARRAY(model_arena(m), const char *, np + 1);
		mb->param_names = PL_NEW_ARRAY(model_arena(m), const char *, np + 1);
		mb->param_defaults = PL_NEW_ARRAY(model_arena(m), const char *, np + 1);
		mb->infers_types = true;
		for (unsigned k = 0; k < np; k++) {
			const struct tga_val *a = tga_dag_arg(dp, k);
			const char *ty = tga_val_str(a);
			const struct tga_rec *carg = tga_val_def(a);
			if (carg) {
				ty = tga_field_str(carg, "type");
				const char *dv = tga_field_str(carg, "defaultValue");
				if (dv && *dv)
					mb->param_defaults[k] = intern(m, dv);
			}
			mb->param_types[k] = intern(m, ty);
			mb->param_names[k] = intern(m, tga_dag_argname(dp, k));
			if (ty && strstr(ty, "Type") && !strstr(ty, "TypeAttr"))
				mb->infers_types = false;
		}
	}
}

/* Where entry i of dag field `field` of rec is written.  Only Pattern
 * records get a span per dag argument (tg_access_scan.c); an op's falls
 * back to the record's, so use the field's `let` then: it names the line
 * that sets the list, in the def or in a class of the same file.  A field
 * set elsewhere (OpBase.td's Arguments<dag> declares it, the def passes
 * the dag) keeps the def's span. */
static struct pl_span arg_span(const struct tga_rec *rec, const struct tga_val *dag, unsigned i,
                               const char *field)
{
	struct pl_span s = tga_dag_argspan(dag, i), def = tga_rec_span(rec);
	if (s.file && (s.file != def.file || s.off != def.off))
		return s;
	struct pl_span f = tg_rec_field_span(tga_rec_raw(rec), field);
	return f.file == def.file ? f : def;
}

/* Fill op (registered under its name) in from its record. */
static void fill_op(struct model *m, struct model_op *op, const struct tg_records *r,
                    const struct tga_rec *rec, struct pl_diag_ctx *d)
{
	const char *name = op->name;
	struct pl_arena *a = model_arena(m);
	const struct tga_rec *dia = tga_field_def(rec, "opDialect");

	op->dialect = intern(m, tga_field_str(dia, "name"));
	op->mnemonic = intern(m, tga_field_str(rec, "opName"));
	/* def_name and cpp_class were set at registration (import_op): other
	 * threads may be reading them (model_op_registered_at) */
	const char *sum = tga_field_str(rec, "summary");
	op->summary = sum && *sum ? intern(m, sum) : NULL;
	op->span = tga_rec_span(rec);
	op->summary_span = op->summary ? tg_rec_field_span(tga_rec_raw(rec), "summary") : op->span;
	if (op->summary_span.file != op->span.file)   /* see arg_span */
		op->summary_span = op->span;
	op->skip_default_builders = tga_field_int(rec, "skipDefaultBuilders", 0) != 0;
	op->has_canonicalizer = tga_field_int(rec, "hasCanonicalizer", 0) != 0 ||
	                        tga_field_int(rec, "hasCanonicalizeMethod", 0) != 0;
	op->has_folder = tga_field_int(rec, "hasFolder", 0) != 0;

	/* arguments */
	const struct tga_val *args = tga_rec_field(rec, "arguments");
	unsigned na = tga_dag_nargs(args);
	unsigned nfields = tga_rec_nfields(rec);
	op->args = PL_NEW_ARRAY(a, struct model_op_arg *, na + 1);
	op->operands = PL_NEW_ARRAY(a, struct model_op_arg, na + 1);
	/* derived attributes: fields holding a DerivedAttr (few; an op
	 * record has dozens of fields, and attrs was sized by them all) */
	unsigned nderived = 0, *derived = pl_xmalloc((nfields + 1) * sizeof(*derived));
	for (unsigned i = 0; i < nfields; i++) {
		const struct tga_rec *fd = tga_rec_field_def_at(rec, i);
		if (fd && tga_rec_isa(fd, "DerivedAttr"))
			derived[nderived++] = i;
	}
	op->attrs = PL_NEW_ARRAY(a, struct model_op_arg, na + nderived + 1);
	for (unsigned i = 0; i < na; i++) {
		const struct tga_rec *ad = unwrap_var(tga_val_def(tga_dag_arg(args, i)));
		const char *an = tga_dag_argname(args, i);
		struct model_op_arg *x;
		if (!ad) {
			pl_diag(d, PL_SEV_ERROR, "ods-malformed-op", tga_dag_argspan(args, i),
			        "undefined type for argument #%u of op '%s'", i, name);
			continue;
		}
		if (tga_rec_isa(ad, "TypeConstraint")) {
			x = &op->operands[op->n_operands++];
			x->kind = MODEL_ARG_OPERAND;
			fill_type_arg(m, x, ad);
		} else if (tga_rec_isa(ad, "Attr")) {
			x = &op->attrs[op->n_attrs++];
			x->kind = MODEL_ARG_ATTRIBUTE;
			fill_attr_arg(m, x, ad);
		} else {
			pl_diag(d, PL_SEV_ERROR, "ods-malformed-op", tga_dag_argspan(args, i),
			        "argument #%u of op '%s' is neither a TypeConstraint nor an Attr", i, name);
			continue;
		}
		x->name = intern(m, an);
		x->span = arg_span(rec, args, i, "arguments");
		op->args[op->n_args++] = x;
	}
	/* the derived attributes found above */
	for (unsigned k = 0; k < nderived; k++) {
		const struct tga_rec *fd = tga_rec_field_def_at(rec, derived[k]);
		const char *fn = tga_rec_field_name(rec, derived[k]);
		struct model_op_arg *x = &op->attrs[op->n_attrs++];
		x->kind = MODEL_ARG_ATTRIBUTE;
		fill_attr_arg(m, x, fd);
		x->derived = true;
		x->name = intern(m, fn);
		x->span = op->span;
	}
	free(derived);

	/* results */
	const struct tga_val *res = tga_rec_field(rec, "results");
	unsigned nr = tga_dag_nargs(res);
	const struct tga_rec **res_defs = pl_xcalloc(nr + 1, sizeof(*res_defs));
	op->results = PL_NEW_ARRAY(a, struct model_op_arg, nr + 1);
	for (unsigned i = 0; i < nr; i++) {
		const struct tga_rec *rd = unwrap_var(tga_val_def(tga_dag_arg(res, i)));
		struct model_op_arg *x = &op->results[op->n_results++];
		x->kind = MODEL_ARG_RESULT;
		fill_type_arg(m, x, rd);
		x->name = intern(m, tga_dag_argname(res, i));
		x->span = arg_span(rec, res, i, "results");
		res_defs[i] = rd;
	}

	/* regions and successors */
	const struct tga_val *rg = tga_rec_field(rec, "regions");
	op->regions = PL_NEW_ARRAY(a, struct model_op_arg, tga_dag_nargs(rg) + 1);
	for (unsigned i = 0; i < tga_dag_nargs(rg); i++) {
		const struct tga_rec *rd = tga_val_def(tga_dag_arg(rg, i));
		struct model_op_arg *x = &op->regions[op->n_regions++];
		x->kind = MODEL_ARG_REGION;
		x->constraint = def_display(m, rd);
		x->variadic = tga_rec_isa(rd, "VariadicRegion");
		x->name = intern(m, tga_dag_argname(rg, i));
		x->span = tga_dag_argspan(rg, i);
	}
	const struct tga_val *sc = tga_rec_field(rec, "successors");
	op->successors = PL_NEW_ARRAY(a, struct model_op_arg, tga_dag_nargs(sc) + 1);
	for (unsigned i = 0; i < tga_dag_nargs(sc); i++) {
		const struct tga_rec *sd = tga_val_def(tga_dag_arg(sc, i));
		struct model_op_arg *x = &op->successors[op->n_successors++];
		x->kind = MODEL_ARG_SUCCESSOR;
		x->constraint = def_display(m, sd);
		x->variadic = tga_rec_isa(sd, "VariadicSuccessor");
		x->name = intern(m, tga_dag_argname(sc, i));
		x->span = tga_dag_argspan(sc, i);
	}

	/* traits */
	struct trait_acc acc = {0};
	traits_insert(&acc, tga_rec_field(rec, "traits"), 0);
	op->traits = PL_NEW_ARRAY(a, const char *, acc.n + 1);
	for (unsigned i = 0; i < acc.n; i++) {
		op->traits[op->n_traits++] = trait_name(m, acc.recs[i]);
		if (is_infer_type_iface(acc.recs[i]))
			op->has_infer_type_interface = true;
	}
	op->infers_result_types = infer_result_types(op, acc.recs, acc.n, res_defs,
	                                             tga_def_find(r, "InferTypeOpInterface") != NULL);
	free(acc.recs);
	free(res_defs);

	import_builders(m, op, rec);
}

/* An op of an included file, registered by name and filled in on first
 * use.  Its records set may have been detached by then (the import moved
 * on to the next input): put the current one aside and attach its own. */
struct deferred_op {
	const struct tg_records *r;
	const struct tg_rec *rec;
	struct pl_diag_ctx *d;
};

static void fill_deferred(struct model *m, struct model_op *op, void *ud)
{
	const struct deferred_op *x = ud;

	if (tga_attached() == x->r) {
		fill_op(m, op, x->r, tga_rec_wrap(x->rec), x->d);
		return;
	}
	struct tga_state *saved = tga_suspend();
	tga_attach(x->r, x->d->sm);
	fill_op(m, op, x->r, tga_rec_wrap(x->rec), x->d);
	tga_resume(saved);
}

/* fill_deferred for an op the registry does not hold: also what import_op
 * sets at registration. */
static void fill_unregistered(struct model *m, struct model_op *op, void *ud)
{
	const struct deferred_op *x = ud;
	bool attached = tga_attached() == x->r;
	struct tga_state *saved = attached ? NULL : tga_suspend();

	if (!attached)
		tga_attach(x->r, x->d->sm);
	op->cpp_class = cpp_class(m, tga_rec_wrap(x->rec));
	fill_op(m, op, x->r, tga_rec_wrap(x->rec), x->d);
	if (!attached)
		tga_resume(saved);
}

/* The op made from Op def raw of r for when the registry holds another op
 * of its name, made once per def (model_def_own_op) and filled on first
 * use: its fill's diagnostics go to d, or nowhere when d is NULL. */
static struct model_op *own_op(struct model *m, const struct tg_records *r,
                               const struct tg_rec *raw, struct pl_source_mgr *sm,
                               struct pl_diag_ctx *d)
{
	struct model_op *op = model_def_own_op(m, raw);
	const char *name = model_def_op_name(m, raw);
	if (op || !name)
		return op;
	op = PL_NEW(model_arena(m), struct model_op);
	op->name = name;
	op->def_name = intern(m, tg_rec_name(raw));
	if (!d) {
		d = PL_NEW(model_arena(m), struct pl_diag_ctx);
		pl_diag_ctx_init(d, sm, model_arena(m));
		d->sink.emit = NULL;
	}
	struct deferred_op *x = PL_NEW(model_arena(m), struct deferred_op);
	x->r = r;
	x->rec = raw;
	x->d = d;
	model_op_defer(op, fill_unregistered, x);
	model_def_own_op_set(m, raw, op);
	return op;
}

bool ods_op_defined_at(const struct model_op *op, const struct tg_rec *raw)
{
	struct pl_span a = op->fill == fill_deferred || op->fill == fill_unregistered
	                   ? tg_rec_span(((const struct deferred_op *)op->fill_ud)->rec) : op->span;
	struct pl_span b = tg_rec_span(raw);
	return a.file == b.file && a.off == b.off;
}

struct model_op *ods_def_op(struct model *m, const struct tg_records *r, const struct tg_rec *raw,
                            struct pl_source_mgr *sm)
{
	const char *name = model_def_op_name(m, raw);
	struct model_op *op = name ? model_op_lookup_raw(m, name) : NULL;

	if (!name || (op && ods_op_defined_at(op, raw)))
		return op;
	/* its definition's own diagnostics are no finding of whoever looks
	 * it up (the registered op of that name reported its file's) */
	return own_op(m, r, raw, sm, NULL);
}

/* Register the op of rec (the first definition of a name wins), filled in
 * now or, with defer, on first use.  input: rec is an input's own op
 * (model_op.in_input), which may have been registered already, deferred,
 * by an earlier input that includes its file. */
static const struct model_op *import_op(struct model *m, const struct tg_records *r,
                                        const struct tga_rec *rec, struct pl_diag_ctx *d,
                                        bool defer, bool input)
{
	const char *name = ods_op_name(m, rec);
	model_def_op_name_set(m, tga_rec_raw(rec), name);
	struct model_op *old = model_op_lookup_raw(m, name);
	if (old) {
		if (input && ods_op_defined_at(old, tga_rec_raw(rec))) {
			old->in_input = true;
		} else if (input) {
			/* another file's op took the name: the input's own is
			 * checked as alone, filled now (its diagnostics now) */
			struct model_op *own = own_op(m, r, tga_rec_raw(rec), d->sm, d);
			if (!own->in_input) {
				own->in_input = true;
				model_input_op_add(m, own);
			}
			model_op_ready(m, own);
		}
		return defer ? old : model_op_find(m, name);
	}
	struct model_op *op = model_op_add(m, name);
	op->in_input = input;
	/* known before the op is filled in: analyses look ops up by their C++
	 * class (analyzer/overlap.c) without filling the whole registry */
	op->def_name = intern(m, tga_rec_name(rec));
	op->cpp_class = cpp_class(m, rec);
	if (defer) {
		struct deferred_op *x = PL_NEW(model_arena(m), struct deferred_op);
		x->r = r;
		x->rec = tga_rec_raw(rec);
		x->d = d;
		model_op_defer(op, fill_deferred, x);
	} else {
		fill_op(m, op, r, rec, d);
	}
	return op;
}

const struct model_op *ods_op_of(struct model *m, const struct tg_records *r,
                                 const struct tga_rec *rec, struct pl_diag_ctx *d)
{
	if (!rec || !tga_rec_isa(rec, "Op"))
		return NULL;
	const struct model_op *op = import_op(m, r, rec, d, false, false);
	/* another file's op took the name first: rec's own, as mlir-tblgen
	 * reads the op from the pattern's records */
	if (!ods_op_defined_at(op, tga_rec_raw(rec)))
		op = model_op_ready(m, own_op(m, r, tga_rec_raw(rec), d->sm, NULL));
	return op;
}

/* ---- constraint defs (model_cdef) --------------------------------------
 * Every named TypeConstraint / AttrConstraint def, with its predicate tree
 * as the Pred records give it (mlir::tblgen::Pred's combiners), so that
 * analyses can tell which constraints are disjoint or include each other. */

#define ODS_PRED_DEPTH 48 /* predicate nesting limit */

static const struct model_pred *import_pred(struct model *m, const struct tga_rec *p, int depth)
{
	struct model_pred *n = PL_NEW(model_arena(m), struct model_pred);

	n->kind = MODEL_PRED_OTHER;
	if (!p || depth > ODS_PRED_DEPTH)
		return n;
	if (tga_rec_isa(p, "CPred")) {
		n->kind = MODEL_PRED_CPRED;
		n->text = intern(m, tga_field_str(p, "predExpr"));
		return n;
	}
	if (!tga_rec_isa(p, "CombinedPred"))
		return n;
	const struct tga_rec *k = tga_field_def(p, "kind");
	const char *kn = k ? tga_rec_name(k) : "";
	static const struct { const char *name; enum model_pred_kind kind; } kinds[] = {
		{"PredCombinerAnd", MODEL_PRED_AND}, {"PredCombinerOr", MODEL_PRED_OR},
		{"PredCombinerNot", MODEL_PRED_NOT}, {"PredCombinerSubstLeaves", MODEL_PRED_SUBST},
		{"PredCombinerConcat", MODEL_PRED_CONCAT},
	};
	for (unsigned i = 0; i < PL_ARRAY_LEN(kinds); i++)
		if (strcmp(kn, kinds[i].name) == 0)
			n->kind = kinds[i].kind;
	if (n->kind == MODEL_PRED_SUBST) {
		n->text = intern(m, tga_field_str(p, "pattern"));
		n->text2 = intern(m, tga_field_str(p, "replacement"));
	} else if (n->kind == MODEL_PRED_CONCAT) {
		n->text = intern(m, tga_field_str(p, "prefix"));
		n->text2 = intern(m, tga_field_str(p, "suffix"));
	}
	const struct tga_val *kids = tga_rec_field(p, "children");
	unsigned nk = tga_val_kind(kids) == TGA_LIST ? tga_list_len(kids) : 0;
	const struct model_pred **kv = PL_NEW_ARRAY(model_arena(m), const struct model_pred *, nk ? nk : 1);
	for (unsigned i = 0; i < nk; i++)
		kv[i] = import_pred(m, tga_val_def(tga_list_at(kids, i)), depth + 1);
	n->kids = kv;
	n->n_kids = nk;
	if (n->kind == MODEL_PRED_OTHER)
		n->n_kids = 0;
	return n;
}

/* A constraint def's summary and predicate tree, filled in when an
 * analysis first looks the def up (most of OpBase.td's never are).  Like
 * a deferred op, its records set may have been detached by then. */
struct deferred_cdef {
	const struct tg_records *r;
	const struct tg_rec *rec;
	struct pl_source_mgr *sm;
};

static void fill_cdef_now(struct model *m, struct model_cdef *c, const struct tga_rec *rec)
{
	const char *sum = tga_field_str(rec, "summary");
	c->summary = sum && *sum ? intern(m, sum) : NULL;
	c->pred = import_pred(m, tga_field_def(rec, "predicate"), 0);
	const char *st = c->is_attr ? tga_field_str(rec, "storageType") : NULL;
	c->storage_type = st && *st ? intern(m, st) : NULL;
}

static void fill_cdef(struct model *m, struct model_cdef *c, void *ud)
{
	const struct deferred_cdef *x = ud;

	if (tga_attached() == x->r) {
		fill_cdef_now(m, c, tga_rec_wrap(x->rec));
		return;
	}
	struct tga_state *saved = tga_suspend();
	tga_attach(x->r, x->sm);
	fill_cdef_now(m, c, tga_rec_wrap(x->rec));
	tga_resume(saved);
}

/* Register rec, a named def of an AttrConstraint (is_attr) or a
 * TypeConstraint, to be filled in when first looked up. */
static void import_cdef(struct model *m, const struct tg_records *r, const struct tga_rec *rec,
                        struct pl_diag_ctx *d, bool is_attr)
{
	if (model_cdef_known(m, tga_rec_name(rec)))
		return;
	struct model_cdef *c = model_cdef_add(m, tga_rec_name(rec));
	if (!c)
		return;
	c->is_attr = is_attr;
	struct deferred_cdef *x = PL_NEW(model_arena(m), struct deferred_cdef);
	x->r = r;
	x->rec = tga_rec_raw(rec);
	x->sm = d->sm;
	model_cdef_defer(c, fill_cdef, x);
}

/* Ops filled in between two releases of the access layer's wrappers. */
#define ODS_RELEASE_BATCH 256

/* Bits of tg_rec_isa_mask over ods_import.kinds. */
enum { IS_OP = 1, IS_ATTR = 2, IS_TYPE = 4 };

/* An import in batches of defs (ods.h). */
struct ods_import {
	struct model *m;
	const struct tg_records *r;
	struct pl_diag_ctx *d;
	bool input;                    /* ods_import_input */
	uint32_t root_file;            /* streaming: the input's file; 0: ask the records */
	unsigned before, errs;         /* op count and errors at the start */
	unsigned mid;                  /* model_id: the notes of this model */
	/* What an op's filling wraps (a few KiB an op) is of no use after it:
	 * the model interns what it keeps, and deferred ops and constraints
	 * hold raw records.  Released in batches, as drr.c does: 20,000 ops
	 * left 77 MB of wrappers behind, all fresh pages. */
	unsigned filled;
	/* the classes of the defs to import (NULL: not defined so far) */
	const struct tg_rec *kinds[3];
};

static void find_kinds(struct ods_import *x)
{
	static const char *const names[] = {"Op", "AttrConstraint", "TypeConstraint"};

	for (unsigned i = 0; i < PL_ARRAY_LEN(names); i++)
		if (!x->kinds[i])
			x->kinds[i] = tg_class_find(x->r, names[i]);
}

static struct ods_import *begin(struct model *m, const struct tg_records *r,
                                struct pl_diag_ctx *d, bool input, uint32_t root_file)
{
	struct ods_import *x = pl_xcalloc(1, sizeof(*x));

	x->m = m;
	x->r = r;
	x->d = d;
	x->input = input;
	x->root_file = root_file;
	x->before = model_op_count(m);
	x->errs = pl_diag_errors(d);
	x->mid = model_id(m);
	tga_attach(r, d->sm);
	return x;
}

/* Whether def raw comes from a file the input includes. */
static bool included(const struct ods_import *x, const struct tg_rec *raw)
{
	struct pl_span at;

	if (!x->root_file)
		return tg_rec_included_from(x->r, raw, 0, &at);
	/* the first inclusion of the input's own file is the input */
	uint32_t f = tg_rec_span(raw).file;
	return f && f != x->root_file;
}

void ods_import_defs(struct ods_import *x, const struct tg_rec *const *defs, unsigned lo,
                     unsigned hi)
{
	/* a class is defined before any def of it: what this batch's defs
	 * derive from is defined by now */
	if (!x->kinds[0] || !x->kinds[1] || !x->kinds[2])
		find_kinds(x);
	for (unsigned i = lo; i < hi; i++) {
		if (x->filled >= ODS_RELEASE_BATCH) {
			tga_release();
			x->filled = 0;
		}
		const struct tg_rec *raw = defs[i];
		if (tg_rec_note_get(raw, TG_NOTE_ODS) == x->mid)
			continue;
		tg_rec_note_set(raw, TG_NOTE_ODS, x->mid);
		/* one walk over the superclasses; most defs are neither */
		unsigned is = tg_rec_isa_mask(raw, x->kinds, 3);
		if (!(is & IS_OP) && (!(is & (IS_ATTR | IS_TYPE)) || tg_rec_anonymous(raw)))
			continue;
		const struct tga_rec *rec = tga_rec_wrap(raw);
		/* ops of included files wait until a pattern or a lookup
		 * needs them; the input's own are checked now */
		if (is & IS_OP) {
			bool incl = included(x, raw);
			import_op(x->m, x->r, rec, x->d, incl, x->input && !incl);
			x->filled += !incl;
		} else {
			import_cdef(x->m, x->r, rec, x->d, is & IS_ATTR);
		}
	}
}

int ods_import_end(struct ods_import *x)
{
	int rc = pl_diag_errors(x->d) > x->errs ? -1 : (int)(model_op_count(x->m) - x->before);

	free(x);
	return rc;
}

struct ods_import *ods_import_begin(struct model *m, const struct tg_records *r,
                                    struct pl_diag_ctx *d, uint32_t root_file)
{
	return begin(m, r, d, true, root_file);
}

static int import_all(struct model *m, const struct tg_records *r, struct pl_diag_ctx *d,
                      bool input)
{
	struct ods_import *x = begin(m, r, d, input, 0);
	unsigned n;
	const struct tg_rec *const *defs = tg_defs(r, &n);

	/* A def an earlier input shares (the include cache) was looked at
	 * then: imported, or not one to import.  Only the marks of this model
	 * count.  Such defs come first: most are passed over unread. */
	ods_import_defs(x, defs, tg_defs_noted(r, TG_NOTE_ODS, x->mid), n);
	return ods_import_end(x);
}

int ods_import(struct model *m, const struct tg_records *r, struct pl_diag_ctx *d)
{
	return import_all(m, r, d, false);
}

int ods_import_input(struct model *m, const struct tg_records *r, struct pl_diag_ctx *d)
{
	return import_all(m, r, d, true);
}
