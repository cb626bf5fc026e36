/*
 * check_ir.c -- unit tests of the engine's IR layer (analyzer/engine/ir.h):
 * canonical types and attributes, use-def maintenance, rewriting
 * primitives and trivially-dead checks.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/intern.h"
#include "analyzer/source.h"
#include "analyzer/util.h"
#include "analyzer/model.h"
#include "analyzer/engine/greedy.h"
#include "analyzer/engine/ir.h"
#include "parsers/pdll/pdll.h"

struct fx {
	struct pl_arena *arena;
	struct pl_intern *strs;
	struct pl_source_mgr *sm;
	struct pl_diag_ctx diag;
	struct ir_ctx *c;
};

static void fx_init(struct fx *f)
{
	f->arena = pl_arena_new();
	f->strs = pl_intern_new(f->arena);
	f->sm = pl_source_mgr_new();
	pl_diag_ctx_init(&f->diag, f->sm, f->arena);
	f->diag.out = fopen("/dev/null", "w");
	f->c = ir_ctx_new(f->arena, f->strs);
}

static void fx_fini(struct fx *f)
{
	fclose(f->diag.out);
	ir_ctx_free(f->c);
	pl_source_mgr_free(f->sm);
	pl_intern_free(f->strs);
	pl_arena_free(f->arena);
}

static struct ir_op *parse(struct fx *f, const char *text)
{
	struct pl_source_file *src = pl_source_add(f->sm, "t.mlir", text, strlen(text));
	struct ir_op *top = NULL;
	if (ir_parse(&top, f->c, &f->diag, src) < 0)
		return NULL;
	return top;
}

static char *print(const struct ir_op *op)
{
	struct pl_buf b = { 0 };
	ir_print(&b, op);
	return pl_buf_detach(&b);
}

/* ir_fmt_string quotes every byte as a byte-by-byte writer would: plain
 * printable bytes as they are, a backslash doubled, '"', control bytes
 * and bytes from 0x7f as \XX; runs of plain bytes before, between and
 * after them. */
static void ref_fmt_string(struct pl_buf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	pl_buf_putc(b, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (ch == '\\') {
			pl_buf_add(b, "\\\\", 2);
		} else if (ch >= 0x20 && ch < 0x7f && ch != '"') {
			pl_buf_putc(b, (char)ch);
		} else {
			pl_buf_putc(b, '\\');
			pl_buf_putc(b, hex[ch >> 4]);
			pl_buf_putc(b, hex[ch & 15]);
		}
	}
	pl_buf_putc(b, '"');
}

START_TEST(test_fmt_string)
{
	char s[8];
	for (unsigned c = 0; c < 256; c++) {
		for (size_t at = 0; at < 4; at++) {
			memcpy(s, "ab.cd", 5);
			s[at] = (char)c;
			for (size_t n = 0; n <= 5; n++) {
				struct pl_buf got = {0}, want = {0};
				ir_fmt_string(&got, s, n);
				ref_fmt_string(&want, s, n);
				ck_assert_str_eq(pl_buf_cstr(&got), pl_buf_cstr(&want));
				pl_buf_free(&got);
				pl_buf_free(&want);
			}
		}
	}
}
END_TEST

START_TEST(test_canonical_text)
{
	struct fx f;
	fx_init(&f);
	ck_assert_ptr_eq(ir_attr_parse(f.c, "1"), ir_attr_parse(f.c, "1 : i64"));
	ck_assert_ptr_eq(ir_attr_parse(f.c, "0x10 : i32"), ir_attr_parse(f.c, "16 : i32"));
	ck_assert_str_eq(ir_attr_parse(f.c, "255 : i8"), "-1 : i8");
	ck_assert_str_eq(ir_attr_parse(f.c, "1 : i1"), "true");
	ck_assert_str_eq(ir_attr_parse(f.c, "1.0 : f32"), "1.000000e+00 : f32");
	ck_assert_str_eq(ir_attr_parse(f.c, "{b = 1, a}"), "{a, b = 1 : i64}");
	ck_assert_str_eq(ir_attr_parse(f.c, "[1, 2.0]"), "[1, 2.000000e+00]");
	ck_assert_ptr_eq(ir_type_parse(f.c, "tensor< 4xf32 >"), ir_type_parse(f.c, "tensor<4xf32>"));
	ck_assert_str_eq(ir_type_parse(f.c, "(i32) -> (i32)"), "(i32) -> i32");
	ck_assert_ptr_null(ir_type_parse(f.c, "i32 junk"));
	ck_assert_ptr_null(ir_attr_parse(f.c, "[1,"));

	int64_t v;
	const char *t;
	ck_assert_int_eq(ir_attr_int(&v, &t, f.c, ir_attr_parse(f.c, "-7 : i16")), 0);
	ck_assert_int_eq(v, -7);
	ck_assert_str_eq(t, "i16");
	ck_assert_int_eq(ir_attr_int(&v, &t, f.c, "true"), 0);
	ck_assert_int_eq(v, 1);
	ck_assert_ptr_eq(ir_attr_make_int(f.c, 300, "i8"), ir_attr_parse(f.c, "44 : i8"));
	double d;
	ck_assert_int_eq(ir_attr_float(&d, &t, f.c, ir_attr_make_float(f.c, 0.5, "f64")), 0);
	ck_assert(d == 0.5);
	const char *s;
	ck_assert_int_eq(ir_attr_string(&s, f.c, ir_attr_make_string(f.c, "a\"b\n")), 0);
	ck_assert_str_eq(s, "a\"b\n");
	ck_assert_int_eq(ir_attr_kind("dense<1> : tensor<2xi32>"), IR_ATTR_DENSE);
	ck_assert_str_eq(ir_attr_type(f.c, "dense<1> : tensor<2xi32>"), "tensor<2xi32>");
	fx_fini(&f);
}
END_TEST

START_TEST(test_use_def_and_rewrite)
{
	struct fx f;
	fx_init(&f);
	struct ir_op *top = parse(&f,
		"%0 = arith.constant 1 : i32\n"
		"%1 = \"t.a\"(%0, %0) : (i32, i32) -> i32\n"
		"%2 = arith.addi %1, %0 : i32\n"
		"\"t.sink\"(%2) : (i32) -> ()\n");
	ck_assert_ptr_nonnull(top);
	struct ir_block *b = top->regions[0].first;
	struct ir_op *cst = b->first, *a = cst->next, *add = a->next, *sink = add->next;
	ck_assert_str_eq(add->name, "arith.addi");
	ck_assert_ptr_eq(ir_value_def(add->operands[0].value), a);
	/* uses are newest first: addi's use, then t.a's two */
	int n = 0;
	for (struct ir_use *u = cst->results[0].uses; u; u = u->next)
		n++;
	ck_assert_int_eq(n, 3);
	ck_assert_ptr_eq(cst->results[0].uses->owner, add);
	ck_assert(!ir_op_is_trivially_dead(f.c, add));

	/* replace t.a by a new t.b */
	const char *i32 = ir_type_parse(f.c, "i32");
	struct ir_value *ops[] = { &cst->results[0] };
	struct ir_attr_entry at[] = { { "k", ir_attr_parse(f.c, "2") } };
	struct ir_op_desc d = { .name = "t.b", .n_operands = 1, .operands = ops,
	                        .n_results = 1, .result_types = &i32, .n_attrs = 1, .attrs = at };
	struct ir_op *nb = ir_op_create(f.c, &d);
	ir_op_insert_before(a, nb);
	ir_op_replace_with_op(a, nb);
	ck_assert(a->erased);
	ck_assert_ptr_eq(add->operands[0].value, &nb->results[0]);
	ck_assert_str_eq(ir_op_attr(nb, "k"), "2 : i64");
	ir_op_set_attr(f.c, nb, "a", ir_attr_parse(f.c, "unit"));
	ck_assert_str_eq(nb->attrs[0].name, "a");

	/* erase the sink: addi becomes trivially dead, t.b never (unknown) */
	ir_op_erase(sink);
	ck_assert(ir_op_is_trivially_dead(f.c, add));
	ir_op_erase(add);
	ck_assert(!ir_op_is_trivially_dead(f.c, nb));
	ir_ctx_mark_pure(f.c, "t.b");
	ck_assert(ir_op_is_trivially_dead(f.c, nb));

	char *out = print(top);
	ck_assert_str_eq(out,
		"\"builtin.module\"() ({\n"
		"  %0 = \"arith.constant\"() {value = 1 : i32} : () -> i32\n"
		"  %1 = \"t.b\"(%0) {a, k = 2 : i64} : (i32) -> i32\n"
		"}) : () -> ()\n");
	free(out);
	fx_fini(&f);
}
END_TEST

START_TEST(test_move_and_errors)
{
	struct fx f;
	fx_init(&f);
	struct ir_op *top = parse(&f, "\"t.x\"() : () -> ()\n\"t.y\"() : () -> ()\n");
	struct ir_block *b = top->regions[0].first;
	struct ir_op *x = b->first, *y = x->next;
	ir_op_move_before(x, y);
	ck_assert_ptr_eq(b->first, y);
	ck_assert_ptr_eq(b->last, x);
	ck_assert_ptr_eq(ir_op_parent(x), top);

	ck_assert_ptr_null(parse(&f, "%0 = foo.bar : i32\n"));
	ck_assert_ptr_null(parse(&f, "\"t.a\"(%x) : (i32) -> ()\n"));
	ck_assert_ptr_null(parse(&f, "\"t.a\"() ({\n"));
	ck_assert_uint_eq(pl_diag_errors(&f.diag), 3);
	fx_fini(&f);
}
END_TEST

static unsigned count_of(const char *s, const char *what)
{
	unsigned n = 0;

	for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

/* The driver's memory grows with what it creates, not with its scratch:
 * every rewrite below replaces one op by a new one (and a pair of t.neg
 * by a value), and each used to leave two 2 KiB value lists in the arena
 * -- most of a large `patlint run`'s memory.  The rewritten IR is checked
 * too. */
START_TEST(test_rewrite_memory)
{
	enum { N = 2000 };
	static const char pats[] =
	    "Pattern NegNeg with benefit(2) {\n"
	    "  let inner = op<t.neg>(x: Value);\n"
	    "  let root = op<t.neg>(inner.0);\n"
	    "  replace root with x;\n"
	    "}\n"
	    "Pattern AToB => replace op<t.a>(x: Value) -> (t: Type) with op<t.b>(x) -> (t);\n";
	struct fx f;
	fx_init(&f);
	struct model *m = model_new(f.arena, f.strs);
	struct pdll_options po;
	memset(&po, 0, sizeof po);
	ck_assert_int_eq(pdll_load_buffer(m, f.sm, &f.diag, "p.pdll", pats, strlen(pats), &po), 0);

	struct pl_buf in = {0};
	pl_buf_puts(&in, "\"t.start\"() ({\n^bb0(%a0: i32):\n");
	for (unsigned i = 0; i < N; i++) {
		pl_buf_printf(&in, "  %%n%u = \"t.neg\"(%%a%u) : (i32) -> i32\n", i, i);
		pl_buf_printf(&in, "  %%m%u = \"t.neg\"(%%n%u) : (i32) -> i32\n", i, i);
		pl_buf_printf(&in, "  %%a%u = \"t.a\"(%%m%u) : (i32) -> i32\n", i + 1, i);
	}
	pl_buf_printf(&in, "  \"t.keep\"(%%a%u) : (i32) -> ()\n}) : () -> ()\n", N);
	struct ir_op *top = parse(&f, pl_buf_cstr(&in));
	ck_assert_ptr_nonnull(top);

	struct greedy_options go;
	struct greedy_result res;
	memset(&go, 0, sizeof go);
	size_t before = pl_arena_used(ir_ctx_arena(f.c));
	ck_assert_int_eq(greedy_run(&res, f.c, m, top, &f.diag, &go), 0);
	size_t grown = pl_arena_used(ir_ctx_arena(f.c)) - before;
	ck_assert(res.converged);
	ck_assert_uint_eq(res.rewrites, 2 * N);
	ck_assert_msg(grown / N < 1024, "%zu bytes a rewritten op", grown / N);

	/* the outer t.neg of each pair and every t.a are gone (the inner
	 * t.neg stays: t.neg is not known to be free of side effects) */
	char *out = print(top);
	ck_assert_uint_eq(count_of(out, "\"t.neg\""), N);
	ck_assert_uint_eq(count_of(out, "\"t.a\""), 0);
	ck_assert_uint_eq(count_of(out, "\"t.b\""), N);
	free(out);
	pl_buf_free(&in);
	fx_fini(&f);
}
END_TEST

static Suite *ir_suite(void)
{
	Suite *s = suite_create("ir");
	TCase *tc = tcase_create("canonical");
	tcase_add_test(tc, test_canonical_text);
	tcase_add_test(tc, test_fmt_string);
	suite_add_tcase(s, tc);
	tc = tcase_create("rewrite");
	tcase_add_test(tc, test_use_def_and_rewrite);
	tcase_add_test(tc, test_move_and_errors);
	tcase_add_test(tc, test_rewrite_memory);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(ir_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
