/*
 * check_drr.c -- unit tests of the ODS and DRR importers through the
 * TableGen frontend, on a small self-contained prelude (no MLIR include
 * tree needed): benefit, registration order, match-tree shape, result
 * type inference, that every error of a file is reported with its rule
 * id, and that importing an input in batches -- while another thread
 * still evaluates it, as check -j does -- gives the model a whole import
 * gives.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/arena.h"
#include "analyzer/cthreads.h"
#include "analyzer/diag.h"
#include "analyzer/intern.h"
#include "analyzer/model.h"
#include "analyzer/overlap.h"
#include "analyzer/source.h"
#include "analyzer/util.h"
#include "parsers/drr.h"
#include "parsers/ods.h"
#include "parsers/tablegen/tg.h"
#include "parsers/tg_access.h"

/* The classes ods.c and drr.c look at, reduced to their fields. */
static const char prelude[] =
	"class Dialect { string name = \"\"; string cppNamespace = name; }\n"
	"class Trait; class NativeTrait<string n> : Trait { string trait = n; }\n"
	"class TraitList<list<Trait> t> : Trait { list<Trait> traits = t; }\n"
	"class AllTypesMatch<list<string> v> : Trait { list<string> values = v; }\n"
	"def SameOperandsAndResultType : NativeTrait<\"SameOperandsAndResultType\">;\n"
	"def InferTypeOpInterface : Trait; /* its presence enables inference */\n"
	"class TypeConstraint { string summary = \"\"; }\n"
	"class Type<string b = \"\"> : TypeConstraint { string builderCall = b; }\n"
	"class Variadic<Type t> : TypeConstraint { Type baseType = t; }\n"
	"class Optional<Type t> : TypeConstraint { Type baseType = t; }\n"
	"def I32 : Type<\"$_builder.getI32Type()\">; def AnyType : Type;\n"
	"class AttrConstraint { string summary = \"\"; }\n"
	"class Attr : AttrConstraint { bit isOptional = 0; string defaultValue = ?; }\n"
	"class OptionalAttr<Attr a> : Attr { let isOptional = 1; }\n"
	"def I32Attr : Attr; def F32Attr : Attr;\n"
	"def ins; def outs; def region; def successor;\n"
	"class Op<Dialect d, string m, list<Trait> t = []> {\n"
	"  Dialect opDialect = d; string opName = m; string cppNamespace = d.cppNamespace;\n"
	"  list<Trait> traits = t; dag arguments = (ins); dag results = (outs);\n"
	"  dag regions = (region); dag successors = (successor); string summary = \"\";\n"
	"  bit skipDefaultBuilders = 0; bit hasCanonicalizer = 0; bit hasFolder = 0;\n"
	"}\n"
	"def addBenefit; def replaceWithValue; def location; def returnType; def either;\n"
	"class Pattern<dag s, list<dag> r, list<dag> p = [], list<dag> sup = [],\n"
	"              dag b = (addBenefit 0)> {\n"
	"  dag sourcePattern = s; list<dag> resultPatterns = r; list<dag> constraints = p;\n"
	"  list<dag> supplementalPatterns = sup; dag benefitDelta = b;\n"
	"}\n"
	"class Pat<dag s, dag r, list<dag> p = [], dag b = (addBenefit 0)> : Pattern<s, [r], p, [], b>;\n"
	"class NativeCodeCall<string e, int n = 1> { string expression = e; int numReturns = n; }\n"
	"def T : Dialect { let name = \"t\"; }\n"
	"def T_AOp : Op<T, \"a\"> { let arguments = (ins I32:$x, F32Attr:$f); let results = (outs I32:$r); }\n"
	"def T_BOp : Op<T, \"b\", [SameOperandsAndResultType]> { let arguments = (ins I32:$x); let results = (outs I32:$r); }\n"
	"def T_VOp : Op<T, \"v\"> { let arguments = (ins Variadic<I32>:$xs, OptionalAttr<I32Attr>:$o); let results = (outs AnyType:$r); }\n"
	"def T_MOp : Op<T, \"m\", [AllTypesMatch<[\"x\", \"r\"]>]> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }\n";

struct fixture {
	struct pl_arena *arena;
	struct pl_intern *intern;
	struct pl_source_mgr *sm;
	struct pl_diag_ctx diag;
	struct model *m;
	char rules[1024]; /* rule ids reported, space-separated */
	int status;       /* drr_import's result */
};

static void collect(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	struct fixture *fx = ud;
	(void)ctx;
	if (d->rule && strlen(fx->rules) + strlen(d->rule) + 2 < sizeof fx->rules) {
		strcat(fx->rules, d->rule);
		strcat(fx->rules, " ");
	}
}

/* Write head and then tail (may be NULL) to a new file from the mkstemp
 * template path. */
static void write_temp(char *path, const char *head, const char *tail)
{
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	FILE *f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	fputs(head, f);
	if (tail)
		fputs(tail, f);
	fclose(f);
}

/* Load prelude + body through the frontend and run both importers. */
static void load(struct fixture *fx, const char *body)
{
	char path[] = "/tmp/check_drr.XXXXXX";
	write_temp(path, prelude, body);

	memset(fx, 0, sizeof(*fx));
	fx->arena = pl_arena_new();
	fx->intern = pl_intern_new(fx->arena);
	fx->sm = pl_source_mgr_new();
	pl_diag_ctx_init(&fx->diag, fx->sm, fx->arena);
	fx->diag.sink.emit = collect;
	fx->diag.sink.ud = fx;
	struct tg_records *r = NULL;
	struct tg_options opts = {0};
	ck_assert_int_eq(tg_load(&r, fx->arena, fx->intern, fx->sm, &fx->diag, path, &opts), 0);
	struct pl_source_file *main_file;
	ck_assert_int_eq(pl_source_load(&main_file, fx->sm, path), 0);
	fx->m = model_new(fx->arena, fx->intern);
	model_set_sources(fx->m, fx->sm);
	ck_assert_int_ge(ods_import(fx->m, r, &fx->diag), 0);
	fx->status = drr_import(fx->m, r, main_file->id, &fx->diag);
	tga_detach();
	unlink(path);
}

static void unload(struct fixture *fx)
{
	pl_intern_free(fx->intern);
	pl_source_mgr_free(fx->sm);
	pl_arena_free(fx->arena);
}

static struct model_pattern *pattern_named(struct fixture *fx, const char *name)
{
	for (unsigned i = 0; i < model_pattern_count(fx->m); i++) {
		struct model_pattern *p = model_pattern_at(fx->m, i);
		if ((!name && !p->name) || (name && p->name && !strcmp(p->name, name)))
			return p;
	}
	return NULL;
}

START_TEST(test_ods_registry)
{
	struct fixture fx;
	load(&fx, "");
	const struct model_op *a = model_op_find(fx.m, "t.a");
	ck_assert_ptr_nonnull(a);
	ck_assert_str_eq(a->cpp_class, "::t::AOp");
	ck_assert_uint_eq(a->n_operands, 1);
	ck_assert_uint_eq(a->n_attrs, 1);
	ck_assert_uint_eq(a->n_args, 2);
	ck_assert_int_eq(a->args[1]->kind, MODEL_ARG_ATTRIBUTE);
	const struct model_op *v = model_op_find(fx.m, "t.v");
	ck_assert(v->operands[0].variadic);
	ck_assert(v->attrs[0].optional);
	/* inference: buildable I32 result; SameOperandsAndResultType; AllTypesMatch
	 * with an operand; AnyType result and no trait: not inferable */
	ck_assert(a->infers_result_types);
	ck_assert(model_op_find(fx.m, "t.b")->infers_result_types);
	ck_assert(model_op_find(fx.m, "t.m")->infers_result_types);
	ck_assert(!v->infers_result_types);
	unload(&fx);
}
END_TEST

/* The def record named name among r's defs, or NULL. */
static const struct tg_rec *def_named(const struct tg_records *r, const char *name)
{
	for (unsigned i = 0, n = tg_def_count(r); i < n; i++)
		if (strcmp(tg_rec_name(tg_def_at(r, i)), name) == 0)
			return tg_def_at(r, i);
	return NULL;
}

/* Two files defining op t.a differently, imported into one model: the
 * registry keeps the first, every Op def's op name is noted, and the
 * second def gets an op of its own (what a PDLL module including only
 * the second file knows: pdll_td_define_op). */
START_TEST(test_ods_op_names_and_unregistered)
{
	struct fixture fx;
	load(&fx, "");
	/* the second file: the prelude with t.a of two operands, no attribute */
	const char *a = strstr(prelude, "def T_AOp"), *a_end = strchr(a, '\n') + 1;
	struct pl_buf head = {0};
	pl_buf_printf(&head, "%.*sdef T_AOp : Op<T, \"a\"> { let arguments = (ins I32:$x, "
	              "I32:$y); let results = (outs I32:$r); }\n", (int)(a - prelude), prelude);
	char path[] = "/tmp/check_drr.XXXXXX";
	write_temp(path, head.data, a_end);
	pl_buf_free(&head);
	struct tg_records *r2 = NULL;
	struct tg_options opts = {0};
	ck_assert_int_eq(tg_load(&r2, fx.arena, fx.intern, fx.sm, &fx.diag, path, &opts), 0);
	ck_assert_int_ge(ods_import(fx.m, r2, &fx.diag), 0);
	tga_detach();
	unlink(path);

	const struct tg_rec *a2 = def_named(r2, "T_AOp");
	ck_assert_ptr_nonnull(a2);
	ck_assert_str_eq(model_def_op_name(fx.m, a2), "t.a");
	ck_assert_str_eq(model_def_op_name(fx.m, def_named(r2, "T_BOp")), "t.b");
	ck_assert_ptr_null(model_def_op_name(fx.m, def_named(r2, "I32")));   /* not an op */
	struct model_op *reg = model_op_lookup_raw(fx.m, "t.a");
	ck_assert_ptr_nonnull(reg);
	ck_assert(!ods_op_defined_at(reg, a2));
	ck_assert(ods_op_defined_at(model_op_lookup_raw(fx.m, "t.b"), def_named(r2, "T_BOp")) ==
	          false); /* the same text, but another file: another place */
	ck_assert_uint_eq(model_op_find(fx.m, "t.a")->n_operands, 1);

	struct model_op *own = ods_def_op(fx.m, r2, a2, fx.sm);
	ck_assert_ptr_nonnull(own);
	ck_assert(own != reg);
	ck_assert(ods_op_defined_at(own, a2));
	const struct model_op *filled = model_op_ready(fx.m, own);
	ck_assert_str_eq(filled->name, "t.a");
	ck_assert_uint_eq(filled->n_operands, 2);
	ck_assert_uint_eq(filled->n_attrs, 0);
	ck_assert_str_eq(filled->cpp_class, "::t::AOp");
	ck_assert(ods_op_defined_at(own, a2));
	/* the registry is as it was */
	ck_assert_ptr_eq(model_op_lookup_raw(fx.m, "t.a"), reg);
	ck_assert_uint_eq(model_op_find(fx.m, "t.a")->n_operands, 1);
	unload(&fx);
}
END_TEST

/* Fields holding a DerivedAttr are the op's derived attributes, after
 * its argument attributes; other def-valued fields are not. */
START_TEST(test_ods_derived_attrs)
{
	struct fixture fx;
	load(&fx, "class DerivedAttr<string r, code b> : Attr { string returnType = r; code body = b; }\n"
	          "def T_DOp : Op<T, \"d\"> { let arguments = (ins I32:$x, I32Attr:$k);\n"
	          "  DerivedAttr dim = DerivedAttr<\"int\", [{ return 1; }]>;\n"
	          "  Attr plain = F32Attr; Type ty = I32;\n"
	          "  DerivedAttr rank = DerivedAttr<\"int\", [{ return 2; }]>; }\n");
	const struct model_op *op = model_op_find(fx.m, "t.d");
	ck_assert_ptr_nonnull(op);
	ck_assert_uint_eq(op->n_attrs, 3);
	ck_assert_str_eq(op->attrs[0].name, "k");
	ck_assert(!op->attrs[0].derived);
	ck_assert_str_eq(op->attrs[1].name, "dim");
	ck_assert(op->attrs[1].derived);
	ck_assert_str_eq(op->attrs[2].name, "rank");
	ck_assert(op->attrs[2].derived);
	ck_assert_uint_eq(model_op_find(fx.m, "t.a")->n_attrs, 1);
	unload(&fx);
}
END_TEST

/* The access layer finds a field by the name's text, also when a caller
 * passes the same buffer for different names, and says NULL for a field
 * a record does not have after it learned that name from another. */
START_TEST(test_access_field_names)
{
	char path[] = "/tmp/check_drr.XXXXXX";
	write_temp(path,
	           "class C { int a = 1; int b = 2; }\n"
	           "def X : C { int c = 3; }\n"
	           "def Y : C;\n"
	           "def Z { int b = 7; C d = X; int e = 5; }\n",
	           NULL);
	struct pl_arena *arena = pl_arena_new();
	struct pl_intern *in = pl_intern_new(arena);
	struct pl_source_mgr *sm = pl_source_mgr_new();
	struct pl_diag_ctx dc;
	pl_diag_ctx_init(&dc, sm, arena);
	struct tg_records *r = NULL;
	struct tg_options opts = {0};
	ck_assert_int_eq(tg_load(&r, arena, in, sm, &dc, path, &opts), 0);
	tga_attach(r, sm);
	const struct tga_rec *x = tga_def_find(r, "X"), *y = tga_def_find(r, "Y"), *z = tga_def_find(r, "Z");
	char name[8];
	for (int round = 0; round < 2; round++) {
		strcpy(name, "a");
		ck_assert_int_eq(tga_field_int(x, name, -1), 1);
		strcpy(name, "b");
		ck_assert_int_eq(tga_field_int(x, name, -1), 2);
		ck_assert_int_eq(tga_field_int(z, name, -1), 7);
		strcpy(name, "c");
		ck_assert_int_eq(tga_field_int(x, name, -1), 3);
		ck_assert_ptr_null(tga_rec_field(y, name)); /* learned "c" from X */
		ck_assert_ptr_null(tga_rec_field(z, "c"));
		ck_assert_int_eq(tga_field_int(y, "a", -1), 1);
	}
	/* def-valued fields by position: only Z's second holds a def */
	ck_assert_ptr_null(tga_rec_field_def_at(z, 0));
	ck_assert_ptr_eq(tga_rec_field_def_at(z, 1), x);
	ck_assert_ptr_null(tga_rec_field_def_at(z, 2));
	ck_assert_ptr_null(tga_rec_field_def_at(z, 3));
	/* a release frees the wrappers and stays attached */
	tga_release();
	ck_assert_ptr_eq(tga_attached(), r);
	z = tga_def_find(r, "Z");
	ck_assert_int_eq(tga_field_int(z, "e", -1), 5);
	ck_assert_str_eq(tga_rec_name(tga_rec_field_def_at(z, 1)), "X");
	tga_detach();
	unlink(path);
	pl_intern_free(in);
	pl_source_mgr_free(sm);
	pl_arena_free(arena);
}
END_TEST

START_TEST(test_benefit_and_order)
{
	struct fixture fx;
	load(&fx,
	     "def beta : Pat<(T_AOp (T_BOp $x), $f), (T_BOp $x), [], (addBenefit 2)>;\n"
	     "def : Pat<(T_BOp (T_BOp (T_BOp $x))), (replaceWithValue $x)>;\n"
	     "def Zed : Pat<(T_BOp $x), (T_BOp $x)>;\n");
	ck_assert_int_eq(fx.status, 3);
	struct model_pattern *b = pattern_named(&fx, "beta"), *z = pattern_named(&fx, "Zed");
	struct model_pattern *anon = pattern_named(&fx, NULL);
	ck_assert_int_eq(b->benefit, 4);
	ck_assert_int_eq(b->benefit_declared, 2);
	ck_assert_int_eq(anon->benefit, 3);
	ck_assert_int_eq(z->benefit, 1);
	/* record-name order, bytewise: Zed < anonymous_N < beta */
	ck_assert_uint_eq(z->reg_order, 0);
	ck_assert_uint_eq(anon->reg_order, 1);
	ck_assert_uint_eq(b->reg_order, 2);
	ck_assert_str_eq(b->root_op, "t.a");
	/* source order is kept in the model */
	ck_assert_ptr_eq(model_pattern_at(fx.m, 0), b);
	unload(&fx);
}
END_TEST

/* Names that share their first 8 bytes, and one that ends before them,
 * registered bytewise as strcmp orders them (drr.c compares those bytes
 * first). */
START_TEST(test_order_long_names)
{
	struct fixture fx;
	load(&fx,
	     "def PatternAlpha2 : Pat<(T_BOp $x), (T_BOp $x)>;\n"
	     "def Zed : Pat<(T_BOp $x), (T_BOp $x)>;\n"
	     "def PatternAlpha10 : Pat<(T_BOp $x), (T_BOp $x)>;\n"
	     "def PatternA : Pat<(T_BOp $x), (T_BOp $x)>;\n"
	     "def Pattern : Pat<(T_BOp $x), (T_BOp $x)>;\n");
	ck_assert_int_eq(fx.status, 5);
	static const char *const want[] = {"Pattern", "PatternA", "PatternAlpha10", "PatternAlpha2",
	                                   "Zed"};
	for (unsigned i = 0; i < PL_ARRAY_LEN(want); i++)
		ck_assert_uint_eq(pattern_named(&fx, want[i])->reg_order, i);
	unload(&fx);
}
END_TEST

START_TEST(test_match_tree)
{
	struct fixture fx;
	load(&fx, "def P : Pat<(T_AOp:$root (T_BOp $x), $_), (T_AOp $x, $_f)>;\n");
	struct model_pattern *p = pattern_named(&fx, "P");
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(p->match->kind, MODEL_NODE_OP);
	ck_assert_str_eq(p->match->bind, "root");
	ck_assert_uint_eq(p->match->n_args, 2);
	ck_assert_str_eq(p->match->arg_names[0], "x");
	ck_assert_int_eq(p->match->args[0]->kind, MODEL_NODE_OP);
	ck_assert_ptr_null(p->match->args[1]->bind); /* $_ binds nothing */
	/* the leaf $x points at its own text */
	ck_assert_uint_eq(p->match->args[0]->args[0]->span.col, 33);
	ck_assert_uint_eq(p->match->args[0]->args[0]->span.end_col, 35);
	unload(&fx);
}
END_TEST

START_TEST(test_all_errors_reported)
{
	struct fixture fx;
	load(&fx,
	     "def E1 : Pat<(T_AOp $x, $x), (T_AOp (T_BOp $y), $x, (location $x), (location $x))>;\n"
	     "def : Pat<(T_AOp $a, I32:$b), (replaceWithValue $a, $a)>;\n"
	     "def E3 : Pat<(T_AOp $a), (T_BOp $a)>;\n");
	ck_assert_int_eq(fx.status, -1);
	ck_assert_ptr_nonnull(strstr(fx.rules, "drr-bound-twice"));
	ck_assert_ptr_nonnull(strstr(fx.rules, "drr-location"));
	/* $y of E1 is unbound: no frontend error, an unresolved REF for rule
	 * unbound-variable */
	ck_assert_ptr_null(strstr(fx.rules, "drr-unbound-symbol"));
	ck_assert_ptr_nonnull(strstr(fx.rules, "drr-value-in-attr-slot"));
	ck_assert_ptr_nonnull(strstr(fx.rules, "drr-arg-kind"));
	ck_assert_ptr_nonnull(strstr(fx.rules, "drr-replace-with-value"));
	ck_assert_ptr_nonnull(strstr(fx.rules, "drr-arg-count"));
	ck_assert_uint_eq(pl_diag_errors(&fx.diag), 6);
	unload(&fx);
}
END_TEST

/* Unbound uses, and uses of a result symbol before its op is built, stay
 * in the model as unresolved REF nodes (rule unbound-variable). */
START_TEST(test_unresolved_refs)
{
	struct fixture fx;
	load(&fx, "def U : Pattern<(T_BOp $x), [(T_BOp $late), (T_BOp:$late $nope)]>;\n");
	ck_assert_int_eq(fx.status, 1);
	struct model_pattern *p = pattern_named(&fx, "U");
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq(p->n_actions, 2);
	const struct model_node *aux = p->actions[0].values[0];
	ck_assert_int_eq(aux->args[0]->kind, MODEL_NODE_REF);
	ck_assert_str_eq(aux->args[0]->ref, "late");
	ck_assert(aux->args[0]->unresolved); /* used before it is built */
	const struct model_node *repl = p->actions[1].values[0];
	ck_assert_str_eq(repl->args[0]->ref, "nope");
	ck_assert(repl->args[0]->unresolved); /* bound nowhere */
	ck_assert_uint_eq(pl_diag_errors(&fx.diag), 0);
	unload(&fx);
}
END_TEST

/* The engine's type oracle (overlap_defs_type_holds) on MLIR 16's real
 * OpBase.td constraints, when installed: concrete types against project
 * constraints, and malformed type texts (undecided, never a crash). */
START_TEST(test_type_holds)
{
	const char *inc = "/usr/lib/llvm-16/include";
	char ob[256];
	snprintf(ob, sizeof ob, "%s/mlir/IR/OpBase.td", inc);
	if (access(ob, R_OK) != 0)
		return; /* MLIR 16 not installed: nothing to check against */
	char path[] = "/tmp/check_types.XXXXXX";
	write_temp(path,
	           "include \"mlir/IR/OpBase.td\"\n"
	           "def I4 : I<4>;\n"
	           "def I4OrF32 : AnyTypeOf<[I4, F32]>;\n"
	           "def I32OrI64 : AnyTypeOf<[I32, I64]>;\n"
	           "def FloatTensor : TensorOf<[AnyFloat]>;\n",
	           NULL);

	struct pl_arena *a = pl_arena_new();
	struct pl_intern *in = pl_intern_new(a);
	struct pl_source_mgr *sm = pl_source_mgr_new();
	struct pl_diag_ctx diag;
	pl_diag_ctx_init(&diag, sm, a);
	struct tg_records *r = NULL;
	const char *dirs[] = {inc};
	struct tg_options opts = {0};
	opts.include_dirs = dirs;
	opts.n_include = 1;
	ck_assert_int_eq(tg_load(&r, a, in, sm, &diag, path, &opts), 0);
	struct model *m = model_new(a, in);
	ck_assert_int_ge(ods_import(m, r, &diag), 0);
	tga_detach();
	unlink(path);

	struct overlap_defs *d = overlap_defs_new(m);
	static const struct { const char *c, *t; int want; } cases[] = {
		{"I32OrI64", "i32", 1}, {"I32OrI64", "i64", 1}, {"I32OrI64", "i16", 0},
		{"I32OrI64", "si32", 0}, {"I32OrI64", "f32", 0}, {"I32OrI64", "tensor<4xi32>", 0},
		{"I4OrF32", "f32", 1}, {"I4OrF32", "i32", 0},
		{"I4OrF32", "i4", -1},           /* an outside class: some of it */
		{"I4OrF32", "i7", -1}, {"I4", "si4", 0}, {"I4", "f80", 0},
		{"FloatTensor", "tensor<2x3xf32>", 1}, {"FloatTensor", "tensor<*xf64>", 1},
		{"FloatTensor", "tensor<2xf16>", 1},      /* tensors of other floats: all float */
		{"FloatTensor", "tensor<2xi8>", 0}, {"FloatTensor", "vector<4xf32>", 0},
		{"FloatTensor", "tensor<?xf32>", -1},     /* dynamic shapes are not classified */
		{"FloatTensor", "tensor<4xf32, #enc>", -1},
		{"FloatTensor", "f32", 0},
		{"NoSuchConstraint", "i32", -1}, {"I32OrI64", NULL, -1},
		/* malformed texts: undecided */
		{"I32OrI64", "", -1}, {"I32OrI64", "tensor<", -1}, {"I32OrI64", "tensor<>", -1},
		{"I32OrI64", "tensor<*x>", -1}, {"I32OrI64", "vector<4x>", -1},
		{"I32OrI64", "memref<4xf32", -1}, {"I32OrI64", "i", -1}, {"I32OrI64", "!", -1},
		{"I32OrI64", "complex<", -1}, {"I32OrI64", "tensor<4x4x4x>", -1},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_msg(overlap_defs_type_holds(d, cases[i].c, cases[i].t) == cases[i].want,
		              "%s on %s: got %d, want %d", cases[i].c, cases[i].t ? cases[i].t : "(null)",
		              overlap_defs_type_holds(d, cases[i].c, cases[i].t), cases[i].want);
	overlap_defs_free(d);
	pl_intern_free(in);
	pl_source_mgr_free(sm);
	pl_arena_free(a);
}
END_TEST

/* The overlap pair table, whose checks copy a pattern's side from a
 * template from the second pair it is in (analyzer/overlap.c), says what
 * each pair checked alone says: overlap_check and overlap_witness build
 * both sides anew in a context of their own. */
START_TEST(test_pair_table_matches_single_checks)
{
	struct fixture fx;
	load(&fx,
	     "def P1 : Pat<(T_AOp $x, $f), (T_BOp $x)>;\n"
	     "def P2 : Pat<(T_AOp (T_BOp $y), $f), (T_BOp $y)>;\n"
	     "def P3 : Pat<(T_AOp $x, $f), (T_AOp $x, $f), [], (addBenefit 1)>;\n"
	     "def P4 : Pat<(T_AOp (T_BOp (T_BOp $z)), $g), (T_BOp $z)>;\n"
	     "def P5 : Pat<(T_AOp (T_AOp $u, $h), $k), (T_BOp $u)>;\n"
	     "def P6 : Pat<(T_AOp (T_VOp $a, $b), $f), (T_BOp $a)>;\n"
	     "def P7 : Pat<(T_BOp (T_BOp $x)), (T_BOp $x)>;\n"
	     "def P8 : Pat<(T_BOp $x), (T_BOp $x)>;\n"
	     "def P9 : Pat<(T_BOp (T_AOp $x, $f)), (T_BOp $x)>;\n"
	     "def P10 : Pat<(T_BOp (T_MOp $x)), (T_BOp $x)>;\n");
	ck_assert_msg(fx.status == 10, "status %d: %s", fx.status, fx.rules);
	size_t n = 0;
	const struct overlap_pair *pairs = overlap_pairs_of(fx.m, &n);
	ck_assert_uint_ge(n, 12); /* most patterns are in three pairs or more */
	for (size_t i = 0; i < n; i++) {
		const struct overlap_pair *p = &pairs[i];
		struct overlap_result r;
		overlap_check(&r, fx.m, p->a, p->b);
		ck_assert_msg(r.verdict == p->r.verdict && r.rel == p->r.rel && r.n_opaque == p->r.n_opaque,
		              "%s/%s: %d %d %u alone, %d %d %u in the table", p->a->name, p->b->name,
		              r.verdict, r.rel, r.n_opaque, p->r.verdict, p->r.rel, p->r.n_opaque);
		ck_assert(!r.why_maybe == !p->r.why_maybe);
		if (r.why_maybe)
			ck_assert_str_eq(r.why_maybe, p->r.why_maybe);
		struct pl_buf w = {0};
		ck_assert_int_eq(overlap_witness(&w, fx.m, p->a, p->b), 0);
		ck_assert_str_eq(pl_buf_cstr(&w), p->witness);
		pl_buf_free(&w);
	}
	unload(&fx);
}
END_TEST

/* Sides too large to copy (more than SIDE_COPY_MAX cells) are built in
 * place each time: three patterns of 1,100 operands each, every one in
 * two pairs, agree with their single checks too. */
START_TEST(test_pair_table_wide_sides)
{
	enum { W = 1100 };
	size_t cap = 64 * W + 4096, len = 0;
	char *body = malloc(cap);
	ck_assert_ptr_nonnull(body);
	len += (size_t)snprintf(body + len, cap - len, "def T_WOp : Op<T, \"w\"> { let arguments = (ins ");
	for (int i = 0; i < W; i++)
		len += (size_t)snprintf(body + len, cap - len, "%sI32:$x%d", i ? ", " : "", i);
	len += (size_t)snprintf(body + len, cap - len, "); let results = (outs I32:$r); }\n");
	for (int k = 0; k < 3; k++) {
		len += (size_t)snprintf(body + len, cap - len, "def W%d : Pat<(T_WOp ", k);
		for (int i = 0; i < W; i++)
			len += (size_t)snprintf(body + len, cap - len, "%s%s$v%d_%d%s", i ? ", " : "",
			                        k == 2 && i == 0 ? "(T_BOp " : "", k, i,
			                        k == 2 && i == 0 ? ")" : "");
		len += (size_t)snprintf(body + len, cap - len, "), (T_BOp $v%d_1)>;\n", k);
	}
	ck_assert_uint_lt(len, cap);
	struct fixture fx;
	load(&fx, body);
	free(body);
	ck_assert_msg(fx.status == 3, "status %d: %s", fx.status, fx.rules);
	size_t n = 0;
	const struct overlap_pair *pairs = overlap_pairs_of(fx.m, &n);
	ck_assert_uint_eq(n, 3);
	for (size_t i = 0; i < n; i++) {
		struct overlap_result r;
		overlap_check(&r, fx.m, pairs[i].a, pairs[i].b);
		ck_assert_int_eq(r.verdict, pairs[i].r.verdict);
		ck_assert_int_eq(r.rel, pairs[i].r.rel);
		struct pl_buf w = {0};
		ck_assert_int_eq(overlap_witness(&w, fx.m, pairs[i].a, pairs[i].b), 0);
		ck_assert_str_eq(pl_buf_cstr(&w), pairs[i].witness);
		pl_buf_free(&w);
	}
	unload(&fx);
}
END_TEST

/* ---- batched and streamed imports ----------------------------------- */

/* An input of groups * 4 defs that includes prelude.td: per group an op
 * (result types inferred through AllTypesMatch), a named Pat, an
 * anonymous one and a Pattern with a benefit; prelude.td adds an op that
 * is only registered (ods.c defers the ops of included files). */
struct stream_input {
	char dir[64];
	char path[96];
};

static void write_stream_input(struct stream_input *in, unsigned groups)
{
	char inc[128];

	strcpy(in->dir, "/tmp/check_drr_stream.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(in->dir));
	snprintf(inc, sizeof inc, "%s/prelude.td", in->dir);
	FILE *f = fopen(inc, "w");
	ck_assert_ptr_nonnull(f);
	fputs(prelude, f);
	fputs("def T_IncOp : Op<T, \"inc\"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }\n", f);
	fclose(f);
	snprintf(in->path, sizeof in->path, "%s/main.td", in->dir);
	f = fopen(in->path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("include \"prelude.td\"\n", f);
	for (unsigned i = 0; i < groups; i++)
		fprintf(f, "def T_G%uOp : Op<T, \"g%u\", [AllTypesMatch<[\"x\", \"r\"]>]> {\n"
		        "  let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }\n"
		        "def P%u : Pat<(T_G%uOp $x), (T_IncOp $x)>;\n"
		        "def : Pat<(T_AOp $x, $f), (T_G%uOp (T_BOp $x))>;\n"
		        "def Q%u : Pattern<(T_BOp:$b $x), [(T_G%uOp $x)], [], [], (addBenefit %u)>;\n",
		        i, i, i, i, i, i, i, i % 3);
	fclose(f);
}

static void remove_stream_input(struct stream_input *in)
{
	char p[128];

	snprintf(p, sizeof p, "%s/prelude.td", in->dir);
	unlink(p);
	unlink(in->path);
	rmdir(in->dir);
}

static void drop_diag(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	(void)ud;
	(void)ctx;
	(void)d;
}

struct loaded {
	struct pl_arena *arena;
	struct pl_intern *intern;
	struct pl_source_mgr *sm;
	struct pl_diag_ctx diag;
	struct model *m;
};

static void loaded_init(struct loaded *l)
{
	l->arena = pl_arena_new();
	l->intern = pl_intern_new(l->arena);
	l->sm = pl_source_mgr_new();
	pl_diag_ctx_init(&l->diag, l->sm, l->arena);
	l->diag.sink.emit = drop_diag;
	l->m = model_new(l->arena, l->intern);
	model_set_sources(l->m, l->sm);
}

static void loaded_free(struct loaded *l)
{
	tga_detach();
	pl_intern_free(l->intern);
	pl_source_mgr_free(l->sm);
	pl_arena_free(l->arena);
}

/* The model's patterns and ops as JSON (malloc'd), after checking that
 * the ops of main.td are the input's own and prelude.td's are not. */
static char *model_text(const struct model *m)
{
	const struct model_op *own = model_op_lookup_raw(m, "t.g0");
	const struct model_op *incl = model_op_lookup_raw(m, "t.inc");
	ck_assert(own && own->in_input);
	ck_assert(incl && !incl->in_input);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	model_dump_json(f, m);
	model_dump_ops_json(f, m);
	fclose(f);
	return buf;
}

/* Evaluate in, then import its defs in batches of `batch` (0: at once,
 * as the sequential path does); the model as JSON. */
static char *import_batched(const struct stream_input *in, unsigned batch)
{
	struct loaded l;
	struct tg_records *r = NULL;
	const char *dirs[] = {in->dir};
	struct tg_options opts = {.include_dirs = dirs, .n_include = 1};

	loaded_init(&l);
	ck_assert_int_eq(tg_load(&r, l.arena, l.intern, l.sm, &l.diag, in->path, &opts), 0);
	if (!batch) {
		ck_assert_int_ge(ods_import_input(l.m, r, &l.diag), 0);
		ck_assert_int_ge(drr_import(l.m, r, 0, &l.diag), 0);
	} else {
		struct pl_source_file *main_file;
		ck_assert_int_eq(pl_source_load(&main_file, l.sm, in->path), 0);
		struct ods_import *oi = ods_import_begin(l.m, r, &l.diag, main_file->id);
		struct drr_import *di = drr_import_begin(l.m, r, 0, &l.diag);
		unsigned n;
		const struct tg_rec *const *defs = tg_defs(r, &n);
		for (unsigned lo = 0; lo < n; lo += batch) {
			unsigned hi = n - lo < batch ? n : lo + batch;
			ods_import_defs(oi, defs, lo, hi);
			drr_import_defs(di, defs, lo, hi);
		}
		ck_assert_int_ge(ods_import_end(oi), 0);
		ck_assert_int_ge(drr_import_end(di), 0);
	}
	char *text = model_text(l.m);
	loaded_free(&l);
	return text;
}

START_TEST(test_import_in_batches)
{
	struct stream_input in;
	static const unsigned batches[] = {1, 7, 500};

	write_stream_input(&in, 200);
	char *whole = import_batched(&in, 0);
	ck_assert_ptr_nonnull(strstr(whole, "\"t.g199\""));
	for (unsigned i = 0; i < PL_ARRAY_LEN(batches); i++) {
		char *text = import_batched(&in, batches[i]);
		ck_assert_msg(strcmp(text, whole) == 0, "batches of %u: another model", batches[i]);
		free(text);
	}
	free(whole);
	remove_stream_input(&in);
}
END_TEST

/* The evaluating side of test_import_streamed (parallel.c's worker). */
struct eval_job {
	struct pl_arena *arena;
	struct pl_intern *view;
	struct pl_source_mgr *sm;
	struct pl_diag_ctx diag;
	const char *path;
	struct tg_options opts;
	struct tg_stream *st;
	struct tg_records *recs;
	int rc;
};

static int eval_thread(void *arg)
{
	struct eval_job *j = arg;

	j->rc = tg_load_cached(&j->recs, NULL, j->arena, j->view, j->sm, &j->diag, j->path, &j->opts);
	tg_stream_end(j->st);
	return 0;
}

/* Defs taken from a stream while a thread evaluates the input, as they
 * come, give the model of the whole import; some were taken before the
 * evaluation ended. */
START_TEST(test_import_streamed)
{
	struct stream_input in;
	struct loaded l;
	struct eval_job j = {0};
	const char *dirs[1];
	thrd_t t;

	write_stream_input(&in, 3000);
	char *whole = import_batched(&in, 0);
	dirs[0] = in.dir;
	loaded_init(&l);
	pl_intern_set_shared(l.intern, 1);
	j.arena = pl_arena_new();
	j.view = pl_intern_view_new(l.intern, j.arena);
	j.sm = l.sm;
	pl_diag_ctx_init(&j.diag, l.sm, j.arena);
	j.diag.sink.emit = drop_diag;
	j.path = in.path;
	j.opts = (struct tg_options){.include_dirs = dirs, .n_include = 1};
	j.st = tg_stream_new(l.intern);
	j.opts.stream = j.st;
	ck_assert_int_eq(thrd_create(&t, eval_thread, &j), thrd_success);

	struct ods_import *oi = NULL;
	struct drr_import *di = NULL;
	const struct tg_rec *const *defs;
	unsigned have = 0, n, early = 0;
	bool ended = false;
	for (;;) {
		n = tg_stream_wait(j.st, have, 1, &defs, &ended);
		if (ended)
			break;
		ck_assert_uint_gt(n, have);
		if (!oi) {
			const struct tg_records *r = tg_stream_records(j.st);
			ck_assert_ptr_nonnull(r);
			oi = ods_import_begin(l.m, r, &l.diag, tg_stream_root_file(j.st));
			di = drr_import_begin(l.m, r, 0, &l.diag);
		}
		ods_import_defs(oi, defs, have, n);
		drr_import_defs(di, defs, have, n);
		early += n - have;
		have = n;
	}
	thrd_join(t, NULL);
	ck_assert_int_eq(j.rc, 0);
	tg_records_rebind(j.recs, l.intern, &l.diag);
	ck_assert(!tg_stream_broken(j.st));
	ck_assert(tg_stream_lookups_hold(j.st, j.recs));
	ck_assert_uint_gt(early, 0);
	ck_assert_ptr_nonnull(oi);
	defs = tg_defs(j.recs, &n);
	ck_assert_uint_lt(have, n + 1);
	ods_import_defs(oi, defs, have, n);
	drr_import_defs(di, defs, have, n);
	ck_assert_int_ge(ods_import_end(oi), 0);
	ck_assert_int_ge(drr_import_end(di), 0);
	char *text = model_text(l.m);
	ck_assert_msg(strcmp(text, whole) == 0, "streamed: another model");

	free(text);
	free(whole);
	tg_stream_free(j.st);
	pl_intern_free(j.view);
	pl_intern_set_shared(l.intern, 0);
	loaded_free(&l);
	pl_arena_free(j.arena);
	remove_stream_input(&in);
}
END_TEST

static Suite *drr_suite(void)
{
	Suite *s = suite_create("drr");
	TCase *tc;

	tc = tcase_create("ods");
	tcase_add_test(tc, test_ods_registry);
	tcase_add_test(tc, test_ods_op_names_and_unregistered);
	tcase_add_test(tc, test_ods_derived_attrs);
	tcase_add_test(tc, test_access_field_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("patterns");
	tcase_add_test(tc, test_benefit_and_order);
	tcase_add_test(tc, test_order_long_names);
	tcase_add_test(tc, test_match_tree);
	suite_add_tcase(s, tc);
	tc = tcase_create("errors");
	tcase_add_test(tc, test_all_errors_reported);
	tcase_add_test(tc, test_unresolved_refs);
	suite_add_tcase(s, tc);
	tc = tcase_create("types");
	tcase_add_test(tc, test_type_holds);
	tcase_add_test(tc, test_pair_table_matches_single_checks);
	tcase_add_test(tc, test_pair_table_wide_sides);
	suite_add_tcase(s, tc);
	tc = tcase_create("batches");
	tcase_add_test(tc, test_import_in_batches);
	tcase_add_test(tc, test_import_streamed);
	tcase_set_timeout(tc, 120); /* valgrind and the sanitizers */
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(drr_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
