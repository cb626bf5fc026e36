/*
 * check_tg_lex.c -- Check unit tests of the TableGen lexer (tg_lex.h):
 * number/identifier decisions, escapes, the preprocessor, include search
 * order and errors, and the include-stack API.  Inputs are written to a
 * fresh temporary directory, which is also the working directory, so that
 * include resolution runs exactly as for real files.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/intern.h"
#include "analyzer/source.h"
#include "parsers/incpath.h"
#include "parsers/tablegen/tg_lex.h"

/* One lexer run with collected diagnostics. */
static struct pl_arena *arena;
static struct pl_intern *intern;
static struct pl_source_mgr *sm;
static struct pl_diag_ctx diag;
static struct tg_lexer *lx;
static char msgs[8192];  /* "line:col: sev: msg\n" for each diagnostic */
static char tmpdir[64];

static void collect(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	(void)ud;
	(void)ctx;
	size_t n = strlen(msgs);
	snprintf(msgs + n, sizeof(msgs) - n, "%u:%u: %s: %s\n", d->span.line, d->span.col,
	         pl_severity_name(d->sev), d->msg);
}

static void setup(void)
{
	strcpy(tmpdir, "/tmp/check_tg_lex.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	ck_assert_int_eq(chdir(tmpdir), 0);
	arena = pl_arena_new();
	intern = pl_intern_new(arena);
	sm = pl_source_mgr_new();
	pl_diag_ctx_init(&diag, sm, arena);
	diag.sink.emit = collect;
	msgs[0] = '\0';
	lx = NULL;
}

static void teardown(void)
{
	char cmd[128];

	tg_lex_free(lx);
	pl_source_mgr_free(sm);
	pl_intern_free(intern);
	pl_arena_free(arena);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", tmpdir);
}

static void write_file(const char *path, const char *text, size_t len)
{
	FILE *f;
	char dir[256];
	char *slash;

	snprintf(dir, sizeof(dir), "%s", path);
	if ((slash = strrchr(dir, '/')) != NULL) {
		*slash = '\0';
		mkdir(dir, 0755);
	}
	f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	fwrite(text, 1, len, f);
	fclose(f);
}

/* Start lexing text (written as main.td) with -I dirs and -D names. */
static void start_n(const char *text, size_t len, const char *const *inc, unsigned n_inc,
                    const char *const *defs, unsigned n_def)
{
	write_file("main.td", text, len);
	ck_assert_int_eq(tg_lex_new(&lx, sm, &diag, intern, "main.td", inc, n_inc, defs, n_def), 0);
}

static void start(const char *text)
{
	start_n(text, strlen(text), NULL, 0, NULL, 0);
}

static const struct tg_token *next(void)
{
	return tg_lex_next(lx);
}

/* Collect every token as "kind[/payload] " up to EOF or an error. */
static const char *all_tokens(void)
{
	static char out[4096];
	out[0] = '\0';
	for (;;) {
		const struct tg_token *t = next();
		size_t n = strlen(out);
		if (t->kind == TG_TOK_INTVAL)
			snprintf(out + n, sizeof(out) - n, "%lld ", (long long)t->ival);
		else if (t->kind == TG_TOK_BININTVAL)
			snprintf(out + n, sizeof(out) - n, "0b%lld/%u ", (long long)t->ival, t->bin_width);
		else if (t->kind == TG_TOK_ID)
			snprintf(out + n, sizeof(out) - n, "id:%s ", t->text);
		else if (t->kind == TG_TOK_BANG)
			snprintf(out + n, sizeof(out) - n, "!%s ", tg_bang_name(t->bang));
		else
			snprintf(out + n, sizeof(out) - n, "%s ", tg_tok_name(t->kind));
		if (t->kind == TG_TOK_EOF || t->kind == TG_TOK_ERROR)
			return out;
	}
}

/* ---- numbers and identifiers ---- */

START_TEST(test_number_or_identifier)
{
	start("0DTensorOf 8i 0x 0b 0b2 1x10 12b01 00x1 0x1F 0b0110 5_");
	ck_assert_str_eq(all_tokens(),
	                 "id:0DTensorOf id:8i id:0x id:0b id:0b2 1 id:x10 12 id:b01 0 id:x1 "
	                 "31 0b6/4 id:5_ end of file ");
}
END_TEST

START_TEST(test_signed_and_ranges)
{
	start("-5 +5 - 5 {0-7} -0x10 -abc 1...3");
	ck_assert_str_eq(all_tokens(),
	                 "-5 5 '-' 5 '{' 0 -7 '}' 0 id:x10 '-' id:abc 1 '...' 3 end of file ");
}
END_TEST

START_TEST(test_number_limits)
{
	start("99999999999999999999 -99999999999999999999 0xffffffffffffffff 0b"
	      "1111111111111111111111111111111111111111111111111111111111111111111111");
	ck_assert_str_eq(all_tokens(), "9223372036854775807 -9223372036854775808 -1 "
	                                "0b9223372036854775807/70 end of file ");
	ck_assert_str_eq(msgs, "");
}
END_TEST

START_TEST(test_hex_out_of_range)
{
	start("0x1FFFFFFFFFFFFFFFF");
	ck_assert_int_eq(next()->kind, TG_TOK_ERROR);
	ck_assert_str_eq(msgs, "1:1: error: Hexadecimal number out of range\n");
}
END_TEST

START_TEST(test_keywords_and_spans)
{
	const struct tg_token *t;

	start("class  Foo\n  multiclass include_x");
	t = next();
	ck_assert_int_eq(t->kind, TG_TOK_CLASS);
	ck_assert_ptr_null(t->text);
	t = next();
	ck_assert_int_eq(t->kind, TG_TOK_ID);
	ck_assert_uint_eq(t->span.line, 1);
	ck_assert_uint_eq(t->span.col, 8);
	ck_assert_uint_eq(t->span.end_col, 11);
	ck_assert_uint_eq(t->span.off, 7);
	ck_assert_uint_eq(t->span.end_off, 10);
	ck_assert_ptr_eq(t->text, pl_intern(intern, "Foo"));
	t = next();
	ck_assert_int_eq(t->kind, TG_TOK_MULTICLASS);
	ck_assert_uint_eq(t->span.line, 2);
	ck_assert_uint_eq(t->span.col, 3);
	ck_assert_int_eq(tg_lex_peek(lx), TG_TOK_ID);
	ck_assert_int_eq(tg_lex_cur(lx)->kind, TG_TOK_MULTICLASS);
	t = next();
	ck_assert_str_eq(t->text, "include_x");
	ck_assert_int_eq(next()->kind, TG_TOK_EOF);
	ck_assert_int_eq(next()->kind, TG_TOK_EOF);
}
END_TEST

START_TEST(test_every_keyword)
{
	/* each keyword, then words that share a first letter or a prefix */
	start("assert bit bits class code dag def defm defset defvar else false field foreach "
	      "if in int let list multiclass string then true "
	      "as bitsy clas da defsets el fields g i ins lets mu strin the truer u zz _if");
	ck_assert_str_eq(all_tokens(),
	                 "'assert' 'bit' 'bits' 'class' 'code' 'dag' 'def' 'defm' 'defset' 'defvar' "
	                 "'else' 'false' 'field' 'foreach' 'if' 'in' 'int' 'let' 'list' 'multiclass' "
	                 "'string' 'then' 'true' "
	                 "id:as id:bitsy id:clas id:da id:defsets id:el id:fields id:g id:i id:ins "
	                 "id:lets id:mu id:strin id:the id:truer id:u id:zz id:_if end of file ");
}
END_TEST

/* ---- include confinement (parsers/incpath.h) ---- */

/* incpath_allowed with and without a memo: the same answer and, when
 * refused, the same resolved path. */
static bool allowed_both(struct incpath_memo *memo, const char *found, const char *includer,
                         const char *const *dirs, unsigned n_dirs)
{
	char *real_a = NULL, *real_b = NULL;
	bool a = incpath_allowed(NULL, found, includer, dirs, n_dirs, &real_a);
	bool b = incpath_allowed(memo, found, includer, dirs, n_dirs, &real_b);
	ck_assert_int_eq(a, b);
	if (real_a || real_b) {
		ck_assert_ptr_nonnull(real_a);
		ck_assert_ptr_nonnull(real_b);
		ck_assert_str_eq(real_a, real_b);
	}
	free(real_a);
	free(real_b);
	return b;
}

START_TEST(test_incpath_memo)
{
	/* tmpdir/work is the working directory; tmpdir/out is outside it */
	ck_assert_int_eq(mkdir("work", 0755), 0);
	ck_assert_int_eq(mkdir("out", 0755), 0);
	write_file("out/secret.td", "", 0);
	write_file("work/inc/a.td", "", 0);
	ck_assert_int_eq(symlink("../../out/secret.td", "work/inc/link.td"), 0);
	ck_assert_int_eq(symlink("../out", "work/outdir"), 0);
	ck_assert_int_eq(symlink("inc", "work/inclink"), 0);
	ck_assert_int_eq(chdir("work"), 0);

	struct incpath_memo memo = {0};
	const char *dirs[] = {"inc", "inclink/"};
	for (int round = 0; round < 2; round++) { /* the second from the memo */
		ck_assert(allowed_both(&memo, "inc/a.td", NULL, dirs, 1));
		ck_assert(allowed_both(&memo, "inclink/a.td", NULL, dirs, 2));
		ck_assert(allowed_both(&memo, "inc/../inc/a.td", "inc/x.td", NULL, 0));
		ck_assert(allowed_both(&memo, "./inc/a.td", NULL, NULL, 0));
		ck_assert(!allowed_both(&memo, "inc/link.td", "inc/a.td", dirs, 2));
		ck_assert(!allowed_both(&memo, "outdir/secret.td", NULL, dirs, 1));
		ck_assert(!allowed_both(&memo, "../out/secret.td", NULL, dirs, 2));
		/* allowed as the includer's folder, not otherwise */
		char abs[256];
		ck_assert_int_eq(snprintf(abs, sizeof(abs), "%s/out/secret.td", tmpdir) < 256, 1);
		ck_assert(!allowed_both(&memo, abs, "inc/a.td", dirs, 1));
		ck_assert(allowed_both(&memo, abs, abs, dirs, 1));
		/* not on disk: nothing to resolve */
		ck_assert(allowed_both(&memo, "inc/none.td", NULL, dirs, 1));
	}
	incpath_memo_free(&memo);
	ck_assert_int_eq(chdir(tmpdir), 0);
}
END_TEST

/* ---- strings, code, bangs ---- */

START_TEST(test_escapes)
{
	const struct tg_token *t;

	start("\"a\\\\b\\'c\\\"d\\te\\nf\" \"plain\" [{ x }} ]}]");
	t = next();
	ck_assert_int_eq(t->kind, TG_TOK_STRVAL);
	ck_assert_str_eq(t->text, "a\\b'c\"d\te\nf");
	t = next();
	ck_assert_ptr_eq(t->text, pl_intern(intern, "plain"));
	t = next();
	ck_assert_int_eq(t->kind, TG_TOK_CODEVAL);
	ck_assert_str_eq(t->text, " x }} ]");
}
END_TEST

START_TEST(test_bad_escape)
{
	start("\"a\\q\" b");
	ck_assert_int_eq(next()->kind, TG_TOK_ERROR);
	ck_assert_str_eq(msgs, "1:4: error: invalid escape in string literal\n");
	/* The lexer resumes after the literal. */
	ck_assert_str_eq(next()->text, "b");
}
END_TEST

START_TEST(test_unterminated)
{
	start("a \"abc\nb [{ x");
	ck_assert_int_eq(next()->kind, TG_TOK_ID);
	ck_assert_int_eq(next()->kind, TG_TOK_ERROR);
	ck_assert_int_eq(next()->kind, TG_TOK_ID);
	ck_assert_int_eq(next()->kind, TG_TOK_ERROR);
	ck_assert_int_eq(next()->kind, TG_TOK_EOF);
	ck_assert_str_eq(msgs, "1:4: error: End of line in string literal\n"
	                       "2:3: error: Unterminated code block\n");
}
END_TEST

START_TEST(test_bangs)
{
	start("!foreach !getop !xor !range");
	ck_assert_int_eq(next()->bang, TG_BANG_FOREACH);
	ck_assert_int_eq(next()->bang, TG_BANG_GETOP);
	ck_assert_int_eq(next()->bang, TG_BANG_XOR);
	ck_assert_int_eq(next()->kind, TG_TOK_ERROR);
	ck_assert_str_eq(msgs, "1:22: error: Unknown operator\n");
	for (unsigned b = 1; b < TG_BANG_COUNT; b++)
		ck_assert_str_ne(tg_bang_name((enum tg_bang)b), "?");
}
END_TEST

START_TEST(test_nul_and_garbage)
{
	start_n("a\0b\0c \x80\x81\xff d", 12, NULL, 0, NULL, 0);
	ck_assert_str_eq(all_tokens(), "id:a id:b id:c error ");
	ck_assert_str_eq(next()->text, "d");
	ck_assert_str_eq(msgs, "1:2: error: NUL character is invalid in source; treated as space\n"
	                       "1:7: error: Unexpected character\n");
}
END_TEST

START_TEST(test_deep_comment)
{
	static char buf[40010];
	for (int i = 0; i < 10000; i++)
		memcpy(buf + 2 * i, "/*", 2);
	for (int i = 0; i < 10000; i++)
		memcpy(buf + 20000 + 2 * i, "*/", 2);
	memcpy(buf + 40000, " x", 3);
	start(buf);
	ck_assert_str_eq(all_tokens(), "id:x end of file ");
}
END_TEST

/* A line comment ends at '\n' or at '\r', as in LLVM; files without a
 * '\r' take the one-search path (source.h has_cr). */
START_TEST(test_line_comment_ends)
{
	start("a // one\rb // two\r\nc // three\nd // last");
	ck_assert_str_eq(all_tokens(), "id:a id:b id:c id:d end of file ");
	teardown();
	setup();
	start("a // one\nb // two\n// three");
	ck_assert_str_eq(all_tokens(), "id:a id:b end of file ");
}
END_TEST

/* A token that ends the file: a mapped file's text ends in the zeros of
 * its last page, a read one's in the NUL after it (sizes on both sides
 * of the mapping threshold). */
START_TEST(test_token_at_end_of_large_file)
{
	const size_t sizes[] = {PL_MAP_MIN + 5, PL_MAP_MIN * 2, 100};
	for (size_t k = 0; k < PL_ARRAY_LEN(sizes); k++) {
		size_t n = sizes[k];
		char *text = malloc(n);
		memset(text, ' ', n);
		for (size_t i = 0; i + 1 < n; i += 97)
			text[i] = '\n';
		memcpy(text + n - 8, "x\tlastId", 8);
		if (k)
			setup();
		start_n(text, n, NULL, 0, NULL, 0);
		ck_assert_str_eq(all_tokens(), "id:x id:lastId end of file ");
		teardown();
		free(text);
	}
	setup();
}
END_TEST

/* ---- preprocessor ---- */

START_TEST(test_ifdef)
{
	const char *defs[] = {"X"};

	const char *text = "#ifdef X\na\n#else\nb\n#endif\n#ifndef X\nc\n#endif\n";

	start_n(text, strlen(text), NULL, 0, defs, 1);
	ck_assert_str_eq(all_tokens(), "id:a end of file ");
	ck_assert_str_eq(msgs, "");
}
END_TEST

START_TEST(test_define_and_paste)
{
	start("#define M\n#ifdef M\nx # y\n#endif\n a #ifdef\n");
	ck_assert_str_eq(all_tokens(), "id:x '#' id:y id:a '#' id:ifdef end of file ");
	ck_assert(tg_lex_macro_defined(lx, "M"));
	ck_assert(!tg_lex_macro_defined(lx, "N"));
}
END_TEST

START_TEST(test_pp_errors)
{
	start("#ifdef X\n#else\n#else\n#endif\n");
	ck_assert_int_eq(next()->kind, TG_TOK_ERROR);
	ck_assert_int_eq(next()->kind, TG_TOK_EOF);
	ck_assert_str_eq(msgs, "3:2: error: double #else\n");
}
END_TEST

START_TEST(test_pp_unterminated)
{
	start("#ifndef X\na\n");
	ck_assert_str_eq(all_tokens(), "id:a error ");
	ck_assert_str_eq(msgs, "3:1: error: Reached EOF without matching #endif\n");
}
END_TEST

START_TEST(test_pp_deep_nesting)
{
	static char buf[200000];
	size_t n = 0;
	for (int i = 0; i < 10000; i++)
		n += (size_t)sprintf(buf + n, "#ifdef A%d\n", i % 3);
	for (int i = 0; i < 10000; i++)
		n += (size_t)sprintf(buf + n, "#endif\n");
	n += (size_t)sprintf(buf + n, "z\n");
	start(buf);
	ck_assert_str_eq(all_tokens(), "id:z end of file ");
}
END_TEST

/* ---- includes ---- */

START_TEST(test_include_order)
{
	const char *inc[] = {"inc1", "inc2"};
	const struct tg_token *t;
	struct pl_span at;
	const char *const *paths;

	write_file("inc1/y.td", "one\n", 4);
	write_file("inc2/y.td", "two\n", 4);
	write_file("inc2/z.td", "twoz\n", 5);
	write_file("y.td", "cwd\n", 4);
	start_n("include \"y.td\"\ninclude \"z.td\" end\n", 35, inc, 2, NULL, 0);
	t = next();
	ck_assert_str_eq(t->text, "cwd");
	ck_assert_uint_eq(t->incl, 2);
	ck_assert_uint_eq(tg_lex_include_parent(lx, t->incl, &at), 1);
	ck_assert_uint_eq(at.line, 1);
	ck_assert_uint_eq(at.col, 9);
	ck_assert_int_eq(tg_lex_included_from(lx, t->span.file, &at), 0);
	t = next();
	ck_assert_str_eq(t->text, "twoz");
	ck_assert_str_eq(pl_source_get(sm, t->span.file)->path, "inc2/z.td");
	t = next();
	ck_assert_str_eq(t->text, "end");
	ck_assert_uint_eq(t->incl, 1);
	ck_assert_uint_eq(tg_lex_include_parent(lx, 1, &at), 0);
	ck_assert_int_eq(next()->kind, TG_TOK_EOF);
	ck_assert_uint_eq(tg_lex_files(lx, &paths), 3);
	ck_assert_str_eq(paths[0], "main.td");
	ck_assert_str_eq(paths[1], "y.td");
}
END_TEST

START_TEST(test_include_twice_and_guard)
{
	write_file("a.td", "a\n", 2);
	write_file("g.td", "#ifndef G\n#define G\ng\n#endif\n", 30);
	start("include \"a.td\" include \"a.td\" include \"g.td\" include \"g.td\"");
	ck_assert_str_eq(all_tokens(), "id:a id:a id:g end of file ");
}
END_TEST

START_TEST(test_include_errors)
{
	mkdir("dir", 0755);
	write_file("sub/x.td", "include \"y.td\"\n", 15);
	write_file("sub/y.td", "y\n", 2);
	start("include \"nope.td\" include \"dir\" include foo include \"sub/x.td\"");
	ck_assert_int_eq(next()->kind, TG_TOK_ERROR);
	ck_assert_int_eq(next()->kind, TG_TOK_ERROR);
	ck_assert_int_eq(next()->kind, TG_TOK_ERROR);
	ck_assert_int_eq(next()->kind, TG_TOK_ERROR);
	ck_assert_str_eq(msgs, "1:9: error: Could not find include file 'nope.td'\n"
	                       "1:27: error: Could not find include file 'dir'\n"
	                       "1:41: error: Expected filename after include\n"
	                       "1:9: error: Could not find include file 'y.td'\n");
}
END_TEST

START_TEST(test_include_cycle)
{
	write_file("a.td", "include \"b.td\"\n", 15);
	write_file("b.td", "include \"a.td\"\n", 15);
	start("include \"a.td\"\n");
	ck_assert_int_eq(next()->kind, TG_TOK_ERROR);
	ck_assert_int_eq(next()->kind, TG_TOK_EOF);
	ck_assert_ptr_nonnull(strstr(msgs, "include cycle: b.td -> a.td -> b.td"));
}
END_TEST

START_TEST(test_missing_main)
{
	ck_assert_int_eq(tg_lex_new(&lx, sm, &diag, intern, "absent.td", NULL, 0, NULL, 0), -1);
	ck_assert_ptr_null(lx);
	ck_assert_uint_eq(pl_diag_errors(&diag), 1);
}
END_TEST

static Suite *tg_lex_suite(void)
{
	Suite *s = suite_create("tg_lex");
	TCase *tc;

	tc = tcase_create("numbers");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_number_or_identifier);
	tcase_add_test(tc, test_signed_and_ranges);
	tcase_add_test(tc, test_number_limits);
	tcase_add_test(tc, test_hex_out_of_range);
	tcase_add_test(tc, test_keywords_and_spans);
	tcase_add_test(tc, test_every_keyword);
	suite_add_tcase(s, tc);

	tc = tcase_create("literals");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_escapes);
	tcase_add_test(tc, test_bad_escape);
	tcase_add_test(tc, test_unterminated);
	tcase_add_test(tc, test_bangs);
	tcase_add_test(tc, test_nul_and_garbage);
	tcase_add_test(tc, test_deep_comment);
	tcase_add_test(tc, test_line_comment_ends);
	tcase_add_test(tc, test_token_at_end_of_large_file);
	suite_add_tcase(s, tc);

	tc = tcase_create("preprocessor");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_ifdef);
	tcase_add_test(tc, test_define_and_paste);
	tcase_add_test(tc, test_pp_errors);
	tcase_add_test(tc, test_pp_unterminated);
	tcase_add_test(tc, test_pp_deep_nesting);
	suite_add_tcase(s, tc);

	tc = tcase_create("include");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_include_order);
	tcase_add_test(tc, test_include_twice_and_guard);
	tcase_add_test(tc, test_include_errors);
	tcase_add_test(tc, test_include_cycle);
	tcase_add_test(tc, test_missing_main);
	tcase_add_test(tc, test_incpath_memo);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(tg_lex_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
