/*
 * check_foundation.c -- unit tests of the shared infrastructure: arena,
 * interning, source spans, diagnostics rendering, the JSON writer and the
 * command line.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* mincore, madvise */
#define _GNU_SOURCE     /* sched_getaffinity */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyzer/cthreads.h"
#if defined(__linux__)
#include <sched.h>
#endif
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyzer/arena.h"
#include "analyzer/cli.h"
#include "analyzer/compdb.h"
#include "analyzer/diag.h"
#include "analyzer/fscache.h"
#include "analyzer/intern.h"
#include "analyzer/json.h"
#include "analyzer/model.h"
#include "analyzer/ordered.h"
#include "analyzer/outfile.h"
#include "analyzer/parallel.h"
#include "analyzer/source.h"

/* Run fn(f) and return what it wrote to a memory stream (caller frees). */
static char *capture(void (*fn)(FILE *, void *), void *ud)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	fn(f, ud);
	fclose(f);
	return buf;
}

START_TEST(test_arena_alignment_and_growth)
{
	struct pl_arena *a = pl_arena_new();
	char *prev = NULL;

	for (int i = 0; i < 100000; i++) {
		char *p = pl_arena_alloc(a, (size_t)(i % 37) + 1);
		ck_assert_uint_eq((uintptr_t)p % 16, 0);
		memset(p, 'x', (size_t)(i % 37) + 1);
		ck_assert_ptr_ne(p, prev);
		prev = p;
	}
	char *big = pl_arena_zalloc(a, 1 << 20);
	ck_assert_int_eq(big[(1 << 20) - 1], 0);
	ck_assert_str_eq(pl_arena_printf(a, "%s-%d", "ab", 42), "ab-42");
	pl_arena_free(a);
}
END_TEST

/* Blocks of freed arenas go to the next arenas (arena.c, kept blocks):
 * whatever the old arena wrote there, a new one's zalloc memory is zero,
 * in first blocks and in the huge ones after them, and on several threads
 * at once.  Returns the number of nonzero bytes zalloc handed out. */
static size_t arena_reuse_round(unsigned seed)
{
	size_t bad = 0;

	for (int round = 0; round < 3; round++) {
		struct pl_arena *a = pl_arena_new();
		/* a first block, then huge ones: fill every byte handed out */
		for (size_t total = 0; total < (size_t)(3 + round) << 20;) {
			size_t n = 1000 + (seed * 7919u + total) % 40000;
			memset(pl_arena_alloc(a, n), 0xA5, n);
			total += n;
		}
		pl_arena_free(a);
		struct pl_arena *b = pl_arena_new();
		for (size_t total = 0; total < (size_t)(4 + round) << 20;) {
			size_t n = 1000 + (seed * 104729u + total) % 50000;
			const unsigned char *z = pl_arena_zalloc(b, n);
			for (size_t i = 0; i < n; i++)
				bad += z[i] != 0;
			memset((void *)z, 0x5A, n);
			total += n;
		}
		pl_arena_free(b);
	}
	return bad;
}

static int arena_reuse_thread(void *arg)
{
	return arena_reuse_round((unsigned)(uintptr_t)arg) == 0 ? 0 : 1;
}

START_TEST(test_arena_reuse_zeroed)
{
	ck_assert_uint_eq(arena_reuse_round(1), 0);
	thrd_t t[4];
	for (uintptr_t i = 0; i < 4; i++)
		ck_assert_int_eq(thrd_create(&t[i], arena_reuse_thread, (void *)(i + 2)), thrd_success);
	for (int i = 0; i < 4; i++) {
		int res = -1;
		ck_assert_int_eq(thrd_join(t[i], &res), thrd_success);
		ck_assert_int_eq(res, 0);
	}
}
END_TEST

/* Objects that -j threads write often sit on cache lines of their own:
 * two arenas made one after the other shared a line before. */
START_TEST(test_own_cache_lines)
{
	for (size_t n = 1; n <= 200; n += 13) {
		unsigned char *p = pl_xcalloc_line(n);
		ck_assert_uint_eq((uintptr_t)p % PL_CACHE_LINE, 0);
		size_t padded = (n + PL_CACHE_LINE - 1) / PL_CACHE_LINE * PL_CACHE_LINE;
		for (size_t i = 0; i < padded; i++)
			ck_assert_uint_eq(p[i], 0);
		free(p);
	}
	struct pl_arena *a[4];
	for (int i = 0; i < 4; i++)
		a[i] = pl_arena_new();
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < i; j++)
			ck_assert_uint_ne((uintptr_t)a[i] / PL_CACHE_LINE, (uintptr_t)a[j] / PL_CACHE_LINE);
	for (int i = 0; i < 4; i++)
		pl_arena_free(a[i]);
}
END_TEST

/* pl_arena_printf formats plain %s/%d/%u/%c/%% itself and hands anything
 * else to vsnprintf: both must give what snprintf gives. */
#define CHECK_FMT(a, ...)                                              \
	do {                                                           \
		char ref_[4096];                                       \
		snprintf(ref_, sizeof ref_, __VA_ARGS__);              \
		ck_assert_str_eq(pl_arena_printf((a), __VA_ARGS__), ref_); \
	} while (0)

START_TEST(test_arena_printf_like_snprintf)
{
	struct pl_arena *a = pl_arena_new();
	char long_s[600];

	memset(long_s, 'y', sizeof long_s - 1);
	long_s[sizeof long_s - 1] = '\0';
	CHECK_FMT(a, "plain text");
	CHECK_FMT(a, "%s", "");
	CHECK_FMT(a, "%s|%s|%s", "a", "", "ccc");
	CHECK_FMT(a, "100%% of %d", 7);
	CHECK_FMT(a, "%d %d %d %i", 0, -1, INT_MIN, INT_MAX);
	CHECK_FMT(a, "%u %u", 0u, UINT_MAX);
	CHECK_FMT(a, "%ld %lu", LONG_MIN, ULONG_MAX);
	CHECK_FMT(a, "%lld %llu", LLONG_MIN, ULLONG_MAX);
	CHECK_FMT(a, "%zu", SIZE_MAX);
	CHECK_FMT(a, "[%c%c]", 'x', '%');
	CHECK_FMT(a, "%s:%u:%u: %s", long_s, 12u, 3u, long_s);
	/* around the one-pass buffer's size (512) */
	for (size_t n = 505; n <= 520; n++) {
		CHECK_FMT(a, "%s%s", long_s + sizeof long_s - 1 - (n - 10), "0123456789");
		CHECK_FMT(a, "%s|%x", long_s + sizeof long_s - 1 - (n - 4), 255u); /* not the fast path */
	}
	/* not the fast path */
	CHECK_FMT(a, "%5d|%-4s|%x|%.2s|%08.3f", 42, "ab", 255u, "abc", 3.14159);
	CHECK_FMT(a, "%-300s|%s", "pad", long_s);
	pl_arena_free(a);
}
END_TEST

/* Strings are packed without alignment; objects after them stay aligned. */
START_TEST(test_arena_text_then_objects)
{
	struct pl_arena *a = pl_arena_new();
	char *strs[1000];

	for (int i = 0; i < 1000; i++) {
		char buf[64];
		int n = snprintf(buf, sizeof buf, "s%0*d", i % 40, i);
		strs[i] = pl_arena_strndup(a, buf, (size_t)n);
		void *o = pl_arena_alloc(a, (size_t)(i % 24) + 1);
		ck_assert_uint_eq((uintptr_t)o % 16, 0);
		memset(o, 0xff, (size_t)(i % 24) + 1);
	}
	for (int i = 0; i < 1000; i++) {
		char buf[64];
		snprintf(buf, sizeof buf, "s%0*d", i % 40, i);
		ck_assert_str_eq(strs[i], buf);
	}
	pl_arena_free(a);
}
END_TEST

/* A stage takes threads for at least its minimum of items; with
 * PATLINT_TEST_THREADS=1 for any two or more (patlint's own tests). */
START_TEST(test_threads_worth)
{
	unsetenv("PATLINT_TEST_THREADS");
	ck_assert(!pl_threads_worth(8191, 8192));
	ck_assert(pl_threads_worth(8192, 8192));
	ck_assert(!pl_threads_worth(2, 8192));
	setenv("PATLINT_TEST_THREADS", "1", 1);
	ck_assert(pl_threads_worth(2, 8192));
	ck_assert(!pl_threads_worth(1, 8192));
	setenv("PATLINT_TEST_THREADS", "0", 1);
	ck_assert(!pl_threads_worth(2, 8192));
	unsetenv("PATLINT_TEST_THREADS");
}
END_TEST

/* A huge page slower than the 2 ms its 2 MiB of 4 KiB pages take ends
 * huge pages for the run; a ready one, or one as fast, does not. */
START_TEST(test_huge_backoff)
{
	ck_assert(!pl_huge_slow(200000L));   /* a ready huge page */
	ck_assert(!pl_huge_slow(2000000L));  /* as fast as 4 KiB pages */
	ck_assert(pl_huge_slow(2000001L));
	ck_assert(pl_huge_slow(6000000L));   /* compaction, or memory the host took back */
}
END_TEST

/* pl_mem_eq_short agrees with memcmp for every length up to 16 and a
 * difference at every position (the intern table relies on it when two
 * hashes are equal). */
/* pl_mem_copy writes exactly dst[0..n) with src[0..n), for every length
 * around its word sizes and at every alignment. */
START_TEST(test_mem_copy)
{
	unsigned char src[64], dst[96];

	for (size_t i = 0; i < sizeof src; i++)
		src[i] = (unsigned char)(i * 37 + 11);
	for (size_t n = 0; n <= 40; n++) {
		for (size_t at = 0; at < 8; at++) {
			memset(dst, 0xA5, sizeof dst);
			pl_mem_copy(dst + 16 + at, src + at, n);
			for (size_t i = 0; i < sizeof dst; i++) {
				bool in = i >= 16 + at && i < 16 + at + n;
				ck_assert_uint_eq(dst[i], (in ? src[i - 16] : 0xA5));
			}
		}
	}
}
END_TEST

START_TEST(test_mem_eq_short)
{
	unsigned char a[16], b[16];

	for (size_t n = 0; n <= 16; n++) {
		for (size_t i = 0; i < n; i++)
			a[i] = b[i] = (unsigned char)('a' + i);
		ck_assert(pl_mem_eq_short(a, b, n));
		for (size_t k = 0; k < n; k++) {
			for (unsigned bit = 0; bit < 8; bit++) {
				b[k] ^= (unsigned char)(1u << bit);
				ck_assert_int_eq(pl_mem_eq_short(a, b, n), memcmp(a, b, n) == 0);
				b[k] ^= (unsigned char)(1u << bit);
			}
		}
	}
}
END_TEST

START_TEST(test_intern_unique)
{
	struct pl_arena *a = pl_arena_new();
	struct pl_intern *t = pl_intern_new(a);
	const char *x = pl_intern(t, "SameOperandsAndResultType");
	char name[32];

	ck_assert_ptr_eq(x, pl_intern_n(t, "SameOperandsAndResultTypeXYZ", 25));
	ck_assert_uint_eq(pl_intern_len(x), 25);
	/* Many strings force the table to grow; all stay unique. */
	for (int i = 0; i < 20000; i++) {
		snprintf(name, sizeof(name), "n%d", i);
		ck_assert_ptr_eq(pl_intern(t, name), pl_intern(t, name));
	}
	ck_assert_ptr_eq(x, pl_intern(t, "SameOperandsAndResultType"));
	ck_assert_ptr_ne(pl_intern(t, "n1"), pl_intern(t, "n10"));
	ck_assert_str_eq(pl_intern_n(t, "", 0), "");
	pl_intern_free(t);
	pl_arena_free(a);
}
END_TEST

START_TEST(test_source_linecol)
{
	struct pl_source_mgr *sm = pl_source_mgr_new();
	const char text[] = "ab\n\ncdef\nlast";
	struct pl_source_file *f = pl_source_add(sm, "mem.td", text, sizeof(text) - 1);
	uint32_t line, col;

	ck_assert_uint_eq(f->id, 1);
	pl_source_linecol(f, 0, &line, &col);
	ck_assert_uint_eq(line, 1);
	ck_assert_uint_eq(col, 1);
	pl_source_linecol(f, 6, &line, &col); /* 'd' */
	ck_assert_uint_eq(line, 3);
	ck_assert_uint_eq(col, 3);
	pl_source_linecol(f, 13, &line, &col); /* end of file */
	ck_assert_uint_eq(line, 4);
	ck_assert_uint_eq(col, 5);
	struct pl_span s = pl_source_span(f, 4, 8);
	ck_assert_uint_eq(s.line, 3);
	ck_assert_uint_eq(s.end_col, 5);
	ck_assert_ptr_null(pl_source_get(sm, 0));
	ck_assert_ptr_null(pl_source_get(sm, 2));
	pl_source_mgr_free(sm);
}
END_TEST

/* pl_ptrmap: found and not found, NULL values kept, NULL keys ignored,
 * values replaced, every key kept across growth. */
START_TEST(test_ptrmap)
{
	static int keys[1000];
	struct pl_ptrmap m = {0};
	const void *v = NULL;

	ck_assert(!pl_ptrmap_get(&m, &keys[0], &v));
	pl_ptrmap_put(&m, &keys[0], NULL);
	v = &keys[5];
	ck_assert(pl_ptrmap_get(&m, &keys[0], &v));
	ck_assert_ptr_null(v);
	pl_ptrmap_put(&m, NULL, &keys[1]);
	ck_assert(!pl_ptrmap_get(&m, NULL, &v));
	for (int i = 1; i < 1000; i++)
		pl_ptrmap_put(&m, &keys[i], &keys[999 - i]);
	pl_ptrmap_put(&m, &keys[7], &keys[7]);
	ck_assert_uint_eq(m.n, 1000);
	for (int i = 1; i < 1000; i++) {
		ck_assert(pl_ptrmap_get(&m, &keys[i], &v));
		ck_assert_ptr_eq(v, i == 7 ? &keys[7] : &keys[999 - i]);
	}
	pl_ptrmap_free(&m);
	ck_assert(!pl_ptrmap_get(&m, &keys[3], &v));
}
END_TEST

/* pl_source_span_line: the line of a span's start, with the span's line
 * number taken only when it is that line. */
START_TEST(test_source_span_line)
{
	struct pl_source_mgr *sm = pl_source_mgr_new();
	const char text[] = "ab\r\n\ncdef\nlast";
	struct pl_source_file *f = pl_source_add(sm, "mem.td", text, sizeof(text) - 1);
	size_t len;

	struct pl_span s = pl_source_span(f, 6, 8); /* "de" */
	const char *l = pl_source_span_line(f, s, &len);
	ck_assert_int_eq((int)len, 4);
	ck_assert_int_eq(strncmp(l, "cdef", 4), 0);
	/* a wrong or missing line number: found from the offset */
	s.line = 1;
	l = pl_source_span_line(f, s, &len);
	ck_assert_int_eq(strncmp(l, "cdef", len), 0);
	s.line = 99;
	ck_assert_ptr_eq(pl_source_span_line(f, s, &len), l);
	s.line = 0;
	ck_assert_ptr_eq(pl_source_span_line(f, s, &len), l);
	/* CR LF: the CR is not part of the line; an empty line */
	l = pl_source_span_line(f, pl_source_span(f, 1, 2), &len);
	ck_assert_ptr_eq(l, f->buf);
	ck_assert_int_eq((int)len, 2);
	l = pl_source_span_line(f, pl_source_span(f, 4, 4), &len);
	ck_assert_int_eq((int)len, 0);
	/* the last line has no newline; an offset past the end is its end */
	l = pl_source_span_line(f, pl_source_span(f, 11, 13), &len);
	ck_assert_int_eq((int)len, 4);
	ck_assert_int_eq(strncmp(l, "last", 4), 0);
	s = pl_source_span(f, 11, 13);
	s.off = 500;
	ck_assert_ptr_eq(pl_source_span_line(f, s, &len), l);
	pl_source_mgr_free(sm);
}
END_TEST

struct render_args {
	struct pl_source_mgr *sm;
	struct pl_diag *d;
};

static void render(FILE *f, void *ud)
{
	struct render_args *r = ud;
	pl_diag_render(f, r->sm, r->d, false);
}

static void collect(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	(void)ctx;
	*(const struct pl_diag **)ud = d;
}

START_TEST(test_diag_render_caret_and_notes)
{
	struct pl_arena *a = pl_arena_new();
	struct pl_source_mgr *sm = pl_source_mgr_new();
	const char text[] = "def X : Pat<(A $a), (B $b)>;\n";
	struct pl_source_file *f = pl_source_add(sm, "p.td", text, sizeof(text) - 1);
	struct pl_diag_ctx ctx;
	const struct pl_diag *got = NULL;

	pl_diag_ctx_init(&ctx, sm, a);
	ctx.sink.emit = collect;
	ctx.sink.ud = &got;
	struct pl_diag *d = pl_diag_begin(&ctx, PL_SEV_ERROR, "unbound-variable", pl_source_span(f, 23, 25),
	                                  "'%s' is not bound", "b");
	pl_diag_note(&ctx, d, pl_source_span(f, 15, 17), "did you mean '%s'?", "a");
	ck_assert_ptr_null(got);
	pl_diag_end(&ctx, d);
	ck_assert_ptr_eq(got, d);
	ck_assert_uint_eq(pl_diag_errors(&ctx), 1);

	struct render_args ra = {sm, d};
	char *out = capture(render, &ra);
	ck_assert_str_eq(out,
	                 "p.td:1:24: error: 'b' is not bound [unbound-variable]\n"
	                 " def X : Pat<(A $a), (B $b)>;\n"
	                 "                        ^~\n"
	                 "p.td:1:16: note: did you mean 'a'?\n"
	                 " def X : Pat<(A $a), (B $b)>;\n"
	                 "                ^~\n");
	free(out);
	pl_source_mgr_free(sm);
	pl_arena_free(a);
}
END_TEST

/* Line and column numbers of every width are written in full. */
START_TEST(test_diag_render_numbers)
{
	static const unsigned nums[] = {1, 9, 10, 99, 100, 9999, 10000, 99999, 100000, 123457,
	                                999999, 1000000, 4294967295u};
	struct pl_source_mgr *sm = pl_source_mgr_new();
	struct pl_diag d = {0};
	struct render_args ra = {sm, &d};

	d.sev = PL_SEV_NOTE;
	d.msg = "m";
	d.span.file = pl_source_add(sm, "n.td", "x", 1)->id;
	d.span.off = 2; /* past the text: no excerpt */
	for (size_t i = 0; i < PL_ARRAY_LEN(nums); i++) {
		char want[64];
		d.span.line = nums[i];
		d.span.col = nums[PL_ARRAY_LEN(nums) - 1 - i];
		snprintf(want, sizeof want, "n.td:%u:%u: note: m\n", d.span.line, d.span.col);
		char *out = capture(render, &ra);
		ck_assert_str_eq(out, want);
		free(out);
	}
	pl_source_mgr_free(sm);
}
END_TEST

/* A control byte in a file's name or text shows as '?' in the location
 * and the excerpt; a clean name and text are shown as they are, and so
 * is a message marked clean. */
START_TEST(test_diag_render_source_control_chars)
{
	struct pl_source_mgr *sm = pl_source_mgr_new();
	struct pl_source_file *ok = pl_source_add(sm, "ok.td", "def\tx;\n", 7);
	struct pl_source_file *bad = pl_source_add(sm, "b\033d.td", "d\001f x;\n", 7);
	struct pl_span s1 = {ok->id, 1, 1, 1, 4, 0, 3}, s2 = {bad->id, 1, 1, 1, 4, 0, 3};
	struct pl_diag d = {0};
	struct render_args ra = {sm, &d};

	ck_assert(ok->path_clean && !bad->path_clean);
	ck_assert(pl_source_text_clean(ok) && !pl_source_text_clean(bad));
	ck_assert(pl_source_text_clean(ok) && !pl_source_text_clean(bad)); /* kept */
	d.sev = PL_SEV_NOTE;
	d.msg = "m";
	d.span = s1;
	char *out = capture(render, &ra);
	ck_assert_str_eq(out, "ok.td:1:1: note: m\n def\tx;\n ^~~\n");
	free(out);
	d.span = s2;
	out = capture(render, &ra);
	ck_assert_str_eq(out, "b?d.td:1:1: note: m\n d?f x;\n ^~~\n");
	free(out);
	d.msg = "a\tb";
	d.msg_clean = true;
	out = capture(render, &ra);
	ck_assert_str_eq(out, "b?d.td:1:1: note: a\tb\n d?f x;\n ^~~\n");
	free(out);
	pl_source_mgr_free(sm);
}
END_TEST

START_TEST(test_diag_max_errors_and_summary)
{
	struct pl_arena *a = pl_arena_new();
	struct pl_source_mgr *sm = pl_source_mgr_new();
	struct pl_diag_ctx ctx;
	const struct pl_diag *got = NULL;
	struct pl_span none = {0};
	char *buf = NULL;
	size_t len = 0;

	pl_diag_ctx_init(&ctx, sm, a);
	ctx.sink.emit = collect;
	ctx.sink.ud = &got;
	ctx.max_errors = 1;
	pl_diag(&ctx, PL_SEV_ERROR, NULL, none, "first");
	pl_diag(&ctx, PL_SEV_ERROR, NULL, none, "second");
	pl_diag(&ctx, PL_SEV_WARNING, NULL, none, "warn");
	ck_assert_str_eq(got->msg, "warn");
	ck_assert_uint_eq(ctx.suppressed, 1);
	FILE *f = open_memstream(&buf, &len);
	pl_diag_summary(f, &ctx);
	fclose(f);
	ck_assert_str_eq(buf, "2 errors and 1 warning generated.\n"
	                      "1 more error not shown (--max-errors).\n");
	free(buf);
	pl_source_mgr_free(sm);
	pl_arena_free(a);
}
END_TEST

static void write_json(FILE *f, void *ud)
{
	struct pl_json j;
	(void)ud;
	pl_json_init(&j, f, 0);
	pl_json_begin_object(&j);
	pl_json_key(&j, "s");
	pl_json_string_n(&j, "q\"\\\t\n\x01\xff\xc3\xa9", 9);
	pl_json_key(&j, "a");
	pl_json_begin_array(&j);
	pl_json_int(&j, -5);
	pl_json_null(&j);
	pl_json_bool(&j, true);
	pl_json_begin_array(&j);
	pl_json_end_array(&j);
	pl_json_end_array(&j);
	pl_json_end_object(&j);
	pl_json_flush(&j);
}

START_TEST(test_json_escaping)
{
	char *out = capture(write_json, NULL);
	ck_assert_str_eq(out, "{\"s\":\"q\\\"\\\\\\t\\n\\u0001\xEF\xBF\xBD\xc3\xa9\",\"a\":[-5,null,true,[]]}");
	free(out);
}
END_TEST

/* What json.h says a string becomes, for ASCII s: the escapes and
 * \u00XX for other bytes below 0x20, the rest as it is. */
static void json_ascii_ref(struct pl_buf *b, const char *s, size_t n)
{
	pl_buf_putc(b, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\') {
			pl_buf_putc(b, '\\');
			pl_buf_putc(b, (char)c);
		} else if (c == '\t') {
			pl_buf_puts(b, "\\t");
		} else if (c == '\n') {
			pl_buf_puts(b, "\\n");
		} else if (c == '\r') {
			pl_buf_puts(b, "\\r");
		} else if (c < 0x20) {
			char e[8];
			snprintf(e, sizeof e, "\\u%04x", c);
			pl_buf_puts(b, e);
		} else {
			pl_buf_putc(b, (char)c);
		}
	}
	pl_buf_putc(b, '"');
}

struct json_strings {
	const char *const *s;
	const size_t *n;
	size_t count;
};

static void write_strings(FILE *f, void *ud)
{
	const struct json_strings *js = ud;
	struct pl_json j;

	pl_json_init(&j, f, 0);
	for (size_t i = 0; i < js->count; i++)
		pl_json_string_n(&j, js->s[i], js->n[i]);
	pl_json_flush(&j);
}

/* Every ASCII byte at every place of strings longer than the 16 bytes the
 * writer scans at once (and at their ends), strings longer than its
 * buffer, and a document much longer than it, against a byte-at-a-time
 * reference; then bytes from 0x80 up inside long runs. */
START_TEST(test_json_escaping_runs)
{
	enum { LEN = 40, BIG = 3 * PL_JSON_BUFSIZ + 17 };
	static char strs[128 * LEN][LEN];
	static const char *sp[128 * LEN + 1];
	static size_t sn[128 * LEN + 1];
	char *big = malloc(BIG);
	struct pl_buf want = {0};
	size_t k = 0;

	for (int c = 0; c < 128; c++) {
		for (size_t at = 0; at < LEN; at++, k++) {
			memset(strs[k], 'a', LEN);
			strs[k][at] = (char)c;
			sp[k] = strs[k];
			sn[k] = at + 1 + (at % 3 == 0 ? LEN - at - 1 : at % 7); /* ends at, or past, c */
			if (sn[k] > LEN)
				sn[k] = LEN;
			json_ascii_ref(&want, sp[k], sn[k]);
		}
	}
	/* a plain run longer than the buffer, then short runs */
	for (size_t i = 0; i < BIG; i++)
		big[i] = (char)(i < 2 * PL_JSON_BUFSIZ + 5 ? 'x' + (char)(i % 3)
		                : i % 97 == 0 ? '"' : i % 89 == 0 ? '\n' : 'a' + (char)(i % 26));
	sp[k] = big;
	sn[k] = BIG;
	json_ascii_ref(&want, big, BIG);
	k++;
	struct json_strings js = {sp, sn, k};
	char *out = capture(write_strings, &js);
	ck_assert_uint_eq(strlen(out), want.len);
	ck_assert(memcmp(out, want.data, want.len) == 0);
	free(out);

	/* valid UTF-8 passes; a stray byte from 0x80 up becomes U+FFFD */
	static const char *const u[] = {
		"abcdefghijklmnopqrstuvw\xc3\xa9xyz", "abcdefghijklmnopqrstuvw\xffxyz",
		"abcdefghijklmnop\xe2\x82\xac", "abcdefghijklmnop\xe2\x82",
	};
	static const char *const uw[] = {
		"\"abcdefghijklmnopqrstuvw\xc3\xa9xyz\"", "\"abcdefghijklmnopqrstuvw\xEF\xBF\xBDxyz\"",
		"\"abcdefghijklmnop\xe2\x82\xac\"", "\"abcdefghijklmnop\xEF\xBF\xBD\xEF\xBF\xBD\"",
	};
	for (size_t i = 0; i < PL_ARRAY_LEN(u); i++) {
		size_t n = strlen(u[i]);
		struct json_strings one = {&u[i], &n, 1};
		out = capture(write_strings, &one);
		ck_assert_str_eq(out, uw[i]);
		free(out);
	}
	pl_buf_free(&want);
	free(big);
}
END_TEST

static void write_tail(FILE *f, void *ud)
{
	struct pl_json j;

	(void)ud;
	pl_json_init(&j, f, 0);
	pl_json_begin_array(&j);
	pl_json_string_tail(&j, "a \"b\"", 5, ".");
	pl_json_string_tail(&j, "", 0, "\t");
	pl_json_end_array(&j);
	pl_json_end(&j);
}

START_TEST(test_json_string_tail)
{
	char *out = capture(write_tail, NULL);
	ck_assert_str_eq(out, "[\"a \\\"b\\\".\",\"\\t\"]\n");
	free(out);
}
END_TEST

START_TEST(test_cli_parse)
{
	char *argv[] = {"patlint", "dump", "records", "-I", "inc", "-Ib", "--define=X", "-DY",
	                "--format", "json", "f.td", "--", "-odd.td", NULL};
	struct pl_options o;

	ck_assert_int_eq(pl_cli_parse(&o, 13, argv, stderr), 0);
	ck_assert_int_eq(o.cmd, PL_CMD_DUMP);
	ck_assert_str_eq(o.dump_what, "records");
	ck_assert_uint_eq(o.include_dirs.len, 2);
	ck_assert_str_eq(o.include_dirs.items[1], "b");
	ck_assert_uint_eq(o.defines.len, 2);
	ck_assert_str_eq(o.defines.items[0], "X");
	ck_assert_str_eq(o.format, "json");
	ck_assert_uint_eq(o.inputs.len, 2);
	ck_assert_str_eq(o.inputs.items[1], "-odd.td");
	pl_cli_free(&o);

	char *bad[] = {"patlint", "run", "--max-iterations=ten", NULL};
	FILE *devnull = fopen("/dev/null", "w");
	ck_assert_int_eq(pl_cli_parse(&o, 3, bad, devnull), -1);
	char *defaults[] = {"patlint", "x.td", NULL};
	ck_assert_int_eq(pl_cli_parse(&o, 2, defaults, devnull), 0);
	ck_assert_int_eq(o.cmd, PL_CMD_CHECK);
	ck_assert_uint_eq(o.max_iterations, 10);
	pl_cli_free(&o);
	fclose(devnull);
}
END_TEST

/* Control characters are shown as '?' wherever they fall (the renderer
 * skips clean text sixteen bytes at a time); tabs stay, and so do newlines in a
 * message. */
START_TEST(test_diag_render_control_chars)
{
	struct pl_arena *a = pl_arena_new();
	struct pl_source_mgr *sm = pl_source_mgr_new();
	static const char bad[] = {'\033', '\001', '\177', '\r'};

	for (size_t len = 1; len <= 40; len++) {
		for (size_t at = 0; at < len; at++) {
			for (size_t k = 0; k < sizeof bad + 2; k++) {
				char msg[48], want[80];
				memset(msg, 'm', len);
				msg[len] = '\0';
				msg[at] = k < sizeof bad ? bad[k] : k == sizeof bad ? '\t' : '\n';
				struct pl_diag d = {0};
				d.sev = PL_SEV_NOTE;
				d.msg = msg;
				struct render_args ra = {sm, &d};
				char *out = capture(render, &ra);
				snprintf(want, sizeof want, "patlint: note: %s\n", msg);
				if (k < sizeof bad)
					want[strlen("patlint: note: ") + at] = '?';
				ck_assert_str_eq(out, want);
				free(out);
			}
		}
	}
	pl_source_mgr_free(sm);
	pl_arena_free(a);
}
END_TEST

/* pl_find_ctl agrees with a byte-by-byte scan for every length to 48,
 * every position of the first interesting byte and both allow_nl; the
 * buffer is exactly n bytes (ASan sees any read past it). */
START_TEST(test_find_ctl)
{
	static const unsigned char probe[] = {0x00, 0x01, 0x09, 0x0a, 0x0d, 0x1b, 0x1f, 0x20,
	                                      0x7e, 0x7f, 0x80, 0x9f, 0xc3, 0xff};

	for (size_t n = 0; n <= 48; n++) {
		for (size_t at = 0; at <= n; at++) {
			for (size_t k = 0; k < sizeof probe; k++) {
				char *buf = malloc(n ? n : 1);
				memset(buf, 'x', n);
				if (at < n)
					buf[at] = (char)probe[k];
				if (n > 1 && at + 1 < n)
					buf[n - 1] = '\033'; /* a later one never wins */
				for (int nl = 0; nl < 2; nl++) {
					size_t want = n;
					for (size_t i = 0; i < n && want == n; i++) {
						unsigned char c = (unsigned char)buf[i];
						if ((c < 0x20 && c != '\t' && !(nl && c == '\n')) || c == 0x7f)
							want = i;
					}
					ck_assert_uint_eq(pl_find_ctl(buf, n, nl), want);
				}
				free(buf);
			}
		}
	}
}
END_TEST

/* pl_contains agrees with a naive search for needles of 1-9 bytes at
 * every place of haystacks to 48 bytes, with near misses (the first and
 * last bytes right, the middle not) around them; the haystack is exactly
 * n bytes (ASan sees any read past it). */
START_TEST(test_contains)
{
	static const char needle[] = "patlint:x";

	for (size_t tn = 1; tn < sizeof needle; tn++) {
		for (size_t n = 0; n <= 48; n++) {
			for (size_t at = 0; at <= n; at++) {
				for (int miss = 0; miss < 2; miss++) {
					char *buf = malloc(n ? n : 1);
					memset(buf, 'a', n);
					if (at + tn <= n) {
						memcpy(buf + at, needle, tn);
						if (miss && tn > 2)
							buf[at + tn / 2] = '?';
					}
					/* a near miss of the whole needle everywhere else */
					if (n >= tn && at != 0 && tn > 2) {
						memcpy(buf, needle, tn);
						buf[1] = '?';
					}
					bool want = false;
					for (size_t i = 0; i + tn <= n && !want; i++)
						want = memcmp(buf + i, needle, tn) == 0;
					ck_assert_msg(pl_contains(buf, n, needle, tn) == want,
					              "tn %zu n %zu at %zu miss %d", tn, n, at, miss);
					free(buf);
				}
			}
		}
	}
	ck_assert(pl_contains("abc", 3, "", 0));
}
END_TEST

/* Resident pages of this process (/proc/self/statm), or -1. */
static long resident_pages(void)
{
	long size, rss = -1;
	FILE *f = fopen("/proc/self/statm", "r");

	if (f) {
		if (fscanf(f, "%ld %ld", &size, &rss) != 2)
			rss = -1;
		fclose(f);
	}
	return rss;
}

/* pl_touch_zeroed writes every page of the range (the process's resident
 * set grows by them, which reading -- a map of the shared zero page --
 * would not do), leaves it zero, and writes nothing past it. */
START_TEST(test_touch_zeroed)
{
	enum { PAGES = 256 };
	long pg = sysconf(_SC_PAGESIZE);
	size_t n = PAGES * (size_t)pg - 100; /* the last page only in part */
	size_t len = (PAGES + 1) * (size_t)pg;
	unsigned char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char vec[PAGES + 1];

	ck_assert_ptr_ne(p, MAP_FAILED);
	madvise(p, len, MADV_NOHUGEPAGE);
	(void)resident_pages(); /* stdio's buffers are resident from here on */
	long before = resident_pages();
	ck_assert_ptr_eq(pl_touch_zeroed(p, n), p);
	long after = resident_pages();
	if (before >= 0)
		ck_assert_int_ge(after - before, PAGES);
	ck_assert_int_eq(mincore(p, len, vec), 0);
	for (int i = 0; i < PAGES; i++)
		ck_assert_msg(vec[i] & 1, "page %d not touched", i);
	ck_assert_msg(!(vec[PAGES] & 1), "a page past the range was touched");
	/* one check of the whole range: a check per byte took the test past
	 * its timeout under AddressSanitizer on a loaded machine */
	size_t nonzero = 0;
	while (nonzero < n && !p[nonzero])
		nonzero++;
	ck_assert_uint_eq(nonzero, n);
	ck_assert_ptr_eq(pl_touch_zeroed(p, 0), p);
	munmap(p, len);
}
END_TEST

/* The caret line: tabs kept under tabs, tildes only under the span's part
 * of its first line, and a span past the line's end cut there. */
START_TEST(test_diag_render_caret_line)
{
	struct pl_arena *a = pl_arena_new();
	struct pl_source_mgr *sm = pl_source_mgr_new();
	const char text[] = "\tab\tcdef\nxy\n";
	struct pl_source_file *f = pl_source_add(sm, "t.td", text, sizeof(text) - 1);
	static const struct {
		uint32_t off, end;
		const char *caret;
	} cases[] = {
		{0, 1, "^"},               /* the tab itself */
		{1, 3, "\t^~"},            /* "ab" after a tab */
		{4, 8, "\t  \t^~~~"},      /* "cdef", the last bytes of the line */
		{5, 12, "\t  \t ^~~"},     /* from 'd' into the next line: cut */
		{8, 8, "\t  \t    ^"},     /* empty, at the newline */
		{2, 2, "\t ^"},            /* empty */
	};

	for (size_t i = 0; i < PL_ARRAY_LEN(cases); i++) {
		struct pl_diag d = {0};
		char want[128];
		d.sev = PL_SEV_NOTE;
		d.msg = "m";
		d.span = pl_source_span(f, cases[i].off, cases[i].end);
		struct render_args ra = {sm, &d};
		char *out = capture(render, &ra);
		snprintf(want, sizeof want, "t.td:1:%u: note: m\n \tab\tcdef\n %s\n", cases[i].off + 1,
		         cases[i].caret);
		ck_assert_str_eq(out, want);
		free(out);
	}
	pl_source_mgr_free(sm);
	pl_arena_free(a);
}
END_TEST

/* pl_source_span_hint gives what pl_source_span gives whatever the hint,
 * and leaves the span's last line in it. */
START_TEST(test_source_span_hint)
{
	struct pl_source_mgr *sm = pl_source_mgr_new();
	const char text[] = "ab\n\ncdef\nlast";
	struct pl_source_file *f = pl_source_add(sm, "mem.td", text, sizeof(text) - 1);

	for (uint32_t off = 0; off <= sizeof(text) + 1; off++) {
		for (uint32_t end = 0; end <= sizeof(text) + 1; end++) {
			struct pl_span want = pl_source_span(f, off, end);
			for (uint32_t h = 0; h <= 6; h++) {
				uint32_t hint = h;
				struct pl_span got = pl_source_span_hint(f, off, end, &hint);
				ck_assert_mem_eq(&got, &want, sizeof got);
				ck_assert_uint_eq(hint, want.end_line);
			}
		}
	}
	pl_source_mgr_free(sm);
}
END_TEST

/* A scratch folder with the files a database names. */
static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

/* pl_source_load maps files of PL_MAP_MIN bytes or more (pl_map_file)
 * unless their size is a multiple of the page size; either way the text
 * reads the same and ends in a NUL, and only regular files load. */
START_TEST(test_source_load_mapped)
{
	char dir[] = "/tmp/check_map.XXXXXX";
	char path[PATH_MAX];
	long page = sysconf(_SC_PAGESIZE);
	const size_t sizes[] = {10, PL_MAP_MIN + 1, (size_t)page * 8, PL_MAP_MIN * 3 + 77};
	const bool mapped[] = {false, true, false, true};
	struct pl_source_mgr *sm = pl_source_mgr_new();

	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_uint_eq((size_t)page * 8 >= PL_MAP_MIN, 1);
	for (size_t k = 0; k < PL_ARRAY_LEN(sizes); k++) {
		size_t n = sizes[k];
		char *text = malloc(n);
		for (size_t i = 0; i < n; i++)
			text[i] = (char)(i % 61 == 60 ? '\r' : i % 53 == 52 ? '\n' : 'a' + i % 26);
		snprintf(path, sizeof path, "%s/f%zu.td", dir, k);
		FILE *f = fopen(path, "wb");
		ck_assert_ptr_nonnull(f);
		ck_assert_uint_eq(fwrite(text, 1, n, f), n);
		fclose(f);
		struct pl_source_file *sf = NULL;
		ck_assert_int_eq(pl_source_load(&sf, sm, path), 0);
		ck_assert_uint_eq(sf->len, n);
		ck_assert_int_eq(sf->mapped, mapped[k]);
		ck_assert_int_eq(memcmp(sf->buf, text, n), 0);
		ck_assert_int_eq(sf->buf[n], '\0');
		ck_assert_int_eq(sf->has_cr, n > 60);
		ck_assert_uint_eq(sf->n_lines, 1 + (n + 1) / 53 - (n + 1) / (53 * 61));
		remove(path);
		free(text);
	}
	/* a directory is no file, mapped or not */
	struct pl_source_file *sf = NULL;
	ck_assert_int_eq(pl_source_load(&sf, sm, dir), -1);
	ck_assert_ptr_null(sf);
	const char *buf;
	size_t len;
	bool m;
	errno = 0;
	ck_assert_int_eq(pl_map_file(&buf, &len, &m, dir), -1);
	ck_assert_int_eq(errno, EISDIR);
	pl_source_mgr_free(sm); /* unmaps the mapped ones */
	rmdir(dir);
}
END_TEST

/* A mapped source that another process truncates: reading its lost
 * pages is reported as an input error (exit status 2), not a crash. */
START_TEST(test_source_truncated_while_mapped)
{
	char dir[] = "/tmp/check_trunc.XXXXXX";
	char path[PATH_MAX];

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/big.td", dir);
	FILE *f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	for (int i = 0; i < 3 * PL_MAP_MIN / 10; i++)
		fputs("def X;    \n", f);
	fclose(f);
	fflush(NULL);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct pl_source_mgr *sm = pl_source_mgr_new();
		struct pl_source_file *sf = NULL;
		if (pl_source_load(&sf, sm, path) != 0 || !sf->mapped)
			_exit(10);
		const volatile char *last = sf->buf + sf->len - 1;
		/* the mapping outlives the manager once exiting (and nothing
		 * is left for valgrind's leak check when the handler exits) */
		pl_set_exiting();
		pl_source_mgr_free(sm);
		if (truncate(path, 0) != 0)
			_exit(11);
		char c = *last; /* past the new end */
		(void)c;
		_exit(12);
	}
	int st = 0;
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert(WIFEXITED(st));
	ck_assert_int_eq(WEXITSTATUS(st), 2);
	remove(path);
	rmdir(dir);
}
END_TEST

START_TEST(test_compdb_entries)
{
	char dir[] = "/tmp/check_compdb.XXXXXX";
	char path[PATH_MAX], db_path[PATH_MAX], other[PATH_MAX];
	struct pl_compdb *db = NULL;
	const char *const extra[] = {"/extra/inc"};
	unsigned n;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/a.td", dir);
	write_text(path, "");
	snprintf(path, sizeof path, "%s/b.pdll", dir);
	write_text(path, "");
	snprintf(db_path, sizeof db_path, "%s/db.yml", dir);
	/* CRLF line ends, a comment, an implicit first document, quoting
	 * styles, an empty include item, an unknown key, a second entry for
	 * a.td (ignored) and a file that does not exist */
	snprintf(other, sizeof other,
	         "# generated\r\n"
	         "  filepath: \"%s/a.td\"\r\n"
	         "  includes: \"inc1;;/abs/inc2\"\r\n"
	         "--- !FileInfo:\r\n"
	         "  filepath: 'b.pdll'\r\n"
	         "  command: whatever\r\n"
	         "---\r\n"
	         "  filepath: a.td   # again\r\n"
	         "  includes: \"other\"\r\n"
	         "--- !FileInfo:\r\n"
	         "  filepath: \"gone.td\"\r\n"
	         "...\r\n", dir);
	write_text(db_path, other);
	ck_assert_int_eq(pl_compdb_load(&db, db_path, extra, 1, stderr, NULL), 0);
	ck_assert_uint_eq(pl_compdb_count(db), 4);

	/* a.td by another spelling: matched by real path; its first entry */
	snprintf(path, sizeof path, "%s/./a.td", dir);
	const char *const *d = pl_compdb_dirs(db, path, &n);
	ck_assert_ptr_nonnull(d);
	ck_assert_uint_eq(n, 3);
	snprintf(other, sizeof other, "%s/inc1", dir);
	ck_assert_str_eq(d[0], other); /* relative: from the database's folder */
	ck_assert_str_eq(d[1], "/abs/inc2");
	ck_assert_str_eq(d[2], "/extra/inc");

	/* no includes key: the extra folders alone */
	snprintf(path, sizeof path, "%s/b.pdll", dir);
	d = pl_compdb_dirs(db, path, &n);
	ck_assert_ptr_nonnull(d);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(d[0], "/extra/inc");

	/* listed files in order, relative ones joined to the folder */
	snprintf(other, sizeof other, "%s/b.pdll", dir);
	ck_assert_str_eq(pl_compdb_file(db, 1), other);
	snprintf(other, sizeof other, "%s/gone.td", dir);
	ck_assert_str_eq(pl_compdb_file(db, 3), other);
	/* a missing file is found by the path the database gives */
	ck_assert_ptr_nonnull(pl_compdb_dirs(db, other, &n));
	ck_assert_uint_eq(n, 1);

	/* not listed */
	snprintf(path, sizeof path, "%s/db.yml", dir);
	ck_assert_ptr_null(pl_compdb_dirs(db, path, &n));
	ck_assert_uint_eq(n, 0);
	ck_assert_ptr_null(pl_compdb_dirs(NULL, path, &n));
	ck_assert_uint_eq(pl_compdb_count(NULL), 0);

	/* a second database adds up */
	snprintf(other, sizeof other, "%s/db2.yml", dir);
	write_text(other, "---\n  filepath: \"db.yml\"\n");
	ck_assert_int_eq(pl_compdb_load(&db, other, NULL, 0, stderr, NULL), 0);
	ck_assert_uint_eq(pl_compdb_count(db), 5);
	ck_assert_ptr_nonnull(pl_compdb_dirs(db, path, &n));
	ck_assert_uint_eq(n, 0);
	pl_compdb_free(db);

	const char *names[] = {"a.td", "b.pdll", "db.yml", "db2.yml"};
	for (size_t i = 0; i < PL_ARRAY_LEN(names); i++) {
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		ck_assert_int_eq(remove(path), 0);
	}
	ck_assert_int_eq(remove(dir), 0);
}
END_TEST

START_TEST(test_compdb_errors)
{
	char db_path[] = "/tmp/check_compdb_bad.XXXXXX";
	struct pl_compdb *db = NULL;
	char *msgs = NULL;
	size_t len = 0;
	int fd = mkstemp(db_path);

	ck_assert_int_ge(fd, 0);
	close(fd);
	write_text(db_path,
	           "---\n"
	           "  filepath: \"x.td\"\n"          /* kept */
	           "--- !FileInfo:\n"
	           "  includes: \"a\"\n"             /* 3: no filepath */
	           "---\n"
	           "  filepath: \"y.td\n"            /* 6: unterminated */
	           "  filepath: \"y.td\" z\n"        /* 7: text after */
	           "  just words\n"                  /* 8: not key: value */
	           "  includes: \"\\q\"\n"           /* 9: escape */
	           "  filepath: \"z.td\"\n"
	           "  filepath: \"z.td\"\n"          /* 11: twice */
	           "---\n"
	           "  filepath: ''\n");              /* 13: empty */
	FILE *err = open_memstream(&msgs, &len);
	ck_assert_ptr_nonnull(err);
	ck_assert_int_eq(pl_compdb_load(&db, db_path, NULL, 0, err, NULL), -1);
	fclose(err);
	char expect[2048];
	snprintf(expect, sizeof expect,
	         "%1$s:3:1: error: entry without 'filepath'\n"
	         "%1$s:6:13: error: unterminated quoted scalar\n"
	         "%1$s:7:20: error: unexpected text after a quoted scalar\n"
	         "%1$s:8:3: error: expected 'key: value'\n"
	         "%1$s:9:14: error: unsupported escape in a quoted path\n"
	         "%1$s:11:3: error: 'filepath' given twice in one entry\n"
	         "%1$s:13:13: error: empty 'filepath'\n", db_path);
	ck_assert_str_eq(msgs, expect);
	/* the good entries stay */
	ck_assert_uint_eq(pl_compdb_count(db), 2);
	free(msgs);
	pl_compdb_free(db);
	ck_assert_int_eq(remove(db_path), 0);

	/* a file that cannot be read */
	db = NULL;
	msgs = NULL;
	err = open_memstream(&msgs, &len);
	ck_assert_int_eq(pl_compdb_load(&db, "/nonexistent/db.yml", NULL, 0, err, NULL), -1);
	fclose(err);
	ck_assert_str_eq(msgs, "patlint: cannot read compilation database '/nonexistent/db.yml': "
	                       "No such file or directory\n");
	free(msgs);
	pl_compdb_free(db);
}
END_TEST

/* The run's view of the file system: each answer asked once and kept
 * (a file removed afterwards is still seen, one made afterwards is not),
 * stat and lstat apart, realpath a fresh copy each time; many threads
 * asking at once get the same answers.  NULL asks the system. */
/* ---- interning shared by threads (-j) ---- */

enum { SHARED_N = 12000, SHARED_THREADS = 3 };

struct intern_job {
	struct pl_intern *t;     /* a view, or the shared table itself */
	unsigned start;          /* where in the names this thread begins */
	const char **got;        /* SHARED_N + 1: the copies it was given */
};

static int intern_thread(void *arg)
{
	struct intern_job *j = arg;
	char name[32];

	for (unsigned k = 0; k < SHARED_N; k++) {
		unsigned i = (j->start + k) % SHARED_N;
		snprintf(name, sizeof name, "n%u", i);
		j->got[i] = pl_intern(j->t, name);
	}
	j->got[SHARED_N] = pl_intern(j->t, "before");
	return 0;
}

/* Three threads through views and one on the table itself intern the same
 * names in different orders while the table grows from 1,024 slots: each
 * name has one copy, the same for all of them and after the sharing ends
 * (lookups without the lock, insertions under it, outgrown tables kept
 * while others may read them).  Two views copy what they add in arenas
 * of their own, outside the lock: a copy that lost the race to another
 * thread's is never handed out. */
START_TEST(test_intern_shared)
{
	struct pl_arena *a = pl_arena_new();
	struct pl_intern *t = pl_intern_new(a);
	const char *before = pl_intern(t, "before");
	struct intern_job jobs[SHARED_THREADS + 1];
	struct pl_arena *copies[SHARED_THREADS] = {pl_arena_new(), pl_arena_new(), NULL};
	thrd_t ids[SHARED_THREADS];

	pl_intern_set_shared(t, 1);
	for (unsigned k = 0; k <= SHARED_THREADS; k++) {
		jobs[k].t = k < SHARED_THREADS ? pl_intern_view_new(t, copies[k]) : t;
		jobs[k].start = k * (SHARED_N / (SHARED_THREADS + 1));
		jobs[k].got = calloc(SHARED_N + 1, sizeof(*jobs[k].got));
	}
	for (unsigned k = 0; k < SHARED_THREADS; k++)
		ck_assert_int_eq(thrd_create(&ids[k], intern_thread, &jobs[k]), thrd_success);
	intern_thread(&jobs[SHARED_THREADS]);
	for (unsigned k = 0; k < SHARED_THREADS; k++)
		ck_assert_int_eq(thrd_join(ids[k], NULL), thrd_success);
	for (unsigned i = 0; i <= SHARED_N; i++) {
		const char *p = jobs[0].got[i];
		char name[32];
		snprintf(name, sizeof name, "n%u", i);
		ck_assert_str_eq(p, i < SHARED_N ? name : "before");
		ck_assert_uint_eq(pl_intern_len(p), strlen(p));
		for (unsigned k = 1; k <= SHARED_THREADS; k++)
			ck_assert_ptr_eq(jobs[k].got[i], p);
	}
	ck_assert_ptr_eq(jobs[0].got[SHARED_N], before);
	for (unsigned k = 0; k < SHARED_THREADS; k++)
		pl_intern_free(jobs[k].t);
	pl_intern_set_shared(t, 0);
	ck_assert_ptr_eq(pl_intern(t, "n77"), jobs[2].got[77]);
	ck_assert_ptr_ne(pl_intern(t, "new after"), NULL);
	for (unsigned k = 0; k <= SHARED_THREADS; k++)
		free(jobs[k].got);
	pl_intern_free(t);
	for (unsigned k = 0; k < SHARED_THREADS; k++)
		pl_arena_free(copies[k]);
	pl_arena_free(a);
}
END_TEST

/* pl_ordered_run's test: the item last made into each slot, what went out
 * so far, and who made what. */
enum { ORD_N = 300, ORD_AHEAD = 3 };
struct ord_test {
	size_t in_slot[ORD_AHEAD]; /* the item last made into each slot */
	size_t out;                /* items out, in order */
	thrd_t caller;
	unsigned jobs;
	_Atomic unsigned by_helper;
	bool bad;                  /* out of order, from the wrong slot, or off the caller */
	bool fail;                 /* the items the helper makes fail */
	bool failed;               /* one did */
	bool lost[ORD_N];          /* its make failed: it is not taken */
};

/* Whether item i is the next to go out (those whose make failed skipped),
 * and count it out. */
static bool ord_out(struct ord_test *t, size_t i)
{
	while (t->out < ORD_N && t->lost[t->out])
		t->out++;
	return i == t->out++;
}

static void ord_sleep(long us)
{
	thrd_sleep(&(struct timespec){.tv_nsec = us * 1000}, NULL);
}

static int ord_make(void *ud, size_t i, unsigned slot, bool direct)
{
	struct ord_test *t = ud;
	bool caller = thrd_equal(thrd_current(), t->caller);

	if (direct) {
		/* the first item waits for the helper to start (up to 2 s), so
		 * that it surely makes some */
		for (int w = 0; i == 0 && t->jobs > 1 && w < 2000 && !atomic_load(&t->by_helper); w++)
			ord_sleep(1000);
		ord_sleep(30); /* as slow as a take */
		t->bad |= !caller || !ord_out(t, i);
		return 0;
	}
	if (caller) {
		t->in_slot[slot] = i;
		return 0;
	}
	/* the helper: quick, but slow on every 7th item (the caller, coming
	 * to it, must wait rather than make it itself) */
	atomic_fetch_add(&t->by_helper, 1);
	if (i % 7 == 3)
		ord_sleep(300);
	t->in_slot[slot] = i;
	if (t->fail) {
		t->failed = t->lost[i] = true;
		return -1;
	}
	return 0;
}

static int ord_take(void *ud, size_t i, unsigned slot)
{
	struct ord_test *t = ud;

	ord_sleep(30); /* a slow taker, off the CPU: the helper runs into the bound */
	t->bad |= !thrd_equal(thrd_current(), t->caller) || !ord_out(t, i) || t->in_slot[slot] != i;
	return 0;
}

/* Items made on two threads go out in order, each from the slot it was
 * made into and not overwritten before (the caller takes slowly, so the
 * helper keeps running into the bound of ORD_AHEAD: four rounds, as how
 * far it gets depends on the scheduler); on one thread all go out direct;
 * a failed make fails the run, its item is not taken, and the rest still
 * go out. */
START_TEST(test_ordered_run)
{
	for (unsigned round = 0; round < 5; round++) {
		unsigned jobs = round ? 2 : 1;
		for (int fail = 0; fail <= 1; fail++) {
			struct ord_test t = {.caller = thrd_current(), .jobs = jobs, .fail = fail};
			struct pl_ordered o = {
				.n = ORD_N, .jobs = jobs, .ahead = ORD_AHEAD,
				.make = ord_make, .take = ord_take, .ud = &t,
			};
			atomic_init(&t.by_helper, 0);
			int rc = pl_ordered_run(&o);
			ck_assert(!t.bad);
			ord_out(&t, ORD_N); /* past the lost ones at the end */
			ck_assert_uint_eq(t.out, ORD_N + 1);
			ck_assert_int_eq(rc, t.failed ? -1 : 0);
			if (jobs == 1) {
				ck_assert_uint_eq(atomic_load(&t.by_helper), 0);
			} else {
				ck_assert_uint_gt(atomic_load(&t.by_helper), 0);
				ck_assert(t.failed == fail); /* the helper made some */
			}
		}
	}
}
END_TEST

/* A tree under dir from spec: "d name" a folder, "f name" a file, "l
 * name target" a symbolic link, made in order (tree_make) and removed in
 * the reverse order (tree_remove). */
static void tree_make(const char *dir, const char *const *spec, size_t n)
{
	char p[PATH_MAX], name[256], target[256];

	for (size_t i = 0; i < n; i++) {
		int got = sscanf(spec[i] + 2, "%255s %255s", name, target);
		ck_assert_int_ge(got, 1);
		snprintf(p, sizeof p, "%s/%s", dir, name);
		if (spec[i][0] == 'd')
			ck_assert_int_eq(mkdir(p, 0700), 0);
		else if (spec[i][0] == 'f')
			write_text(p, "x");
		else
			ck_assert_int_eq(symlink(target, p), 0);
	}
}

static void tree_remove(const char *dir, const char *const *spec, size_t n)
{
	char p[PATH_MAX], name[256];

	while (n--) {
		if (sscanf(spec[n] + 2, "%255s", name) != 1)
			continue;
		snprintf(p, sizeof p, "%s/%s", dir, name);
		if (spec[n][0] == 'd')
			rmdir(p);
		else
			unlink(p);
	}
}

/* pl_fscache_realpath resolves a path from its folder's real path: the
 * same answers as realpath(3) through folder links, file links, "." and
 * "..", double and trailing slashes, the root and a relative path. */
START_TEST(test_fscache_realpath_agrees)
{
	char dir[] = "/tmp/patlint_rpXXXXXX", q[PATH_MAX];
	static const char *const tree[] = {
		"d real", "d real/sub", "f real/sub/f.td", "l lnkdir real", "l real/lnkfile sub/f.td",
		"l real/dangling nothing",
	};

	ck_assert_ptr_nonnull(mkdtemp(dir));
	tree_make(dir, tree, PL_ARRAY_LEN(tree));
	static const char *const rel[] = {
		"real/sub/f.td", "lnkdir/sub/f.td", "lnkdir/lnkfile", "real/lnkfile", "lnkdir",
		"real/sub/../sub/f.td", "real/./sub/f.td", "real//sub//f.td", "real/sub/",
		"real/sub/.", "lnkdir/sub/..", "real/missing.td", "real/dangling", "real/sub/f.td/x",
	};
	struct pl_fscache *c = pl_fscache_new();
	for (int pass = 0; pass < 2; pass++) /* asked, then cached */
		for (size_t i = 0; i < PL_ARRAY_LEN(rel); i++) {
			snprintf(q, sizeof q, "%s/%s", dir, rel[i]);
			char *want = realpath(q, NULL), *got = pl_fscache_realpath(c, q);
			if (!want)
				ck_assert_msg(!got, "%s: %s, realpath(3) fails", rel[i], got);
			else
				ck_assert_msg(got && strcmp(got, want) == 0, "%s: %s, realpath(3) %s", rel[i],
				              got ? got : "NULL", want);
			free(want);
			free(got);
		}
	static const char *const abs_rel[] = {"/", "/tmp", ".", "no-such-file"};
	for (size_t i = 0; i < PL_ARRAY_LEN(abs_rel); i++) {
		char *want = realpath(abs_rel[i], NULL), *got = pl_fscache_realpath(c, abs_rel[i]);
		ck_assert_msg((!want && !got) || (want && got && strcmp(want, got) == 0), "%s: %s",
		              abs_rel[i], got ? got : "NULL");
		free(want);
		free(got);
	}
	pl_fscache_free(c);
	tree_remove(dir, tree, PL_ARRAY_LEN(tree));
	rmdir(dir);
}
END_TEST

/* A path under a folder known not to be one (missing, or a file) fails
 * as stat(2) would, without asking: the same answers as stat(2) and
 * lstat(2) for paths under missing folders, under a file, through "."
 * and ".." and a folder link; and a folder found missing answers for
 * what appears in it later (the run's view). */
START_TEST(test_fscache_missing_folder)
{
	char dir[] = "/tmp/patlint_mfXXXXXX", p[PATH_MAX], q[PATH_MAX];
	static const char *const tree[] = {"d sub", "f sub/f.td", "l lnk sub"};
	static const char *const later[] = {"d none", "f none/new.td"};

	ck_assert_ptr_nonnull(mkdtemp(dir));
	tree_make(dir, tree, PL_ARRAY_LEN(tree));
	static const char *const rel[] = {
		"none/a/b.td", "none/a/c.td", "none/b.td", "none", "sub/f.td/x", "sub/f.td/x/y",
		"sub/f.td", "sub/none/../f.td", "sub/../sub/f.td", "lnk/f.td", "lnk/none/f.td",
		"sub/./f.td", "sub/", "sub/f.td/", "none/",
	};
	struct pl_fscache *c = pl_fscache_new();
	for (int pass = 0; pass < 2; pass++) /* asked, then cached */
		for (size_t i = 0; i < PL_ARRAY_LEN(rel); i++)
			for (int follow = 0; follow < 2; follow++) {
				struct stat st;
				snprintf(q, sizeof q, "%s/%s", dir, rel[i]);
				unsigned want = (follow ? stat(q, &st) : lstat(q, &st)) == 0
				                ? (unsigned)(st.st_mode & S_IFMT) : 0;
				ck_assert_msg(pl_fscache_type(c, q, follow) == want, "%s (%s): %o, want %o",
				              rel[i], follow ? "stat" : "lstat",
				              pl_fscache_type(c, q, follow), want);
			}
	/* "none" was found missing: what appears in it is not looked for */
	tree_make(dir, later, PL_ARRAY_LEN(later));
	snprintf(p, sizeof p, "%s/none/new.td", dir);
	ck_assert_uint_eq(pl_fscache_type(c, p, true), 0);
	ck_assert_uint_eq(pl_fscache_type(NULL, p, true), S_IFREG);
	pl_fscache_free(c);
	tree_remove(dir, later, PL_ARRAY_LEN(later));
	tree_remove(dir, tree, PL_ARRAY_LEN(tree));
	rmdir(dir);
}
END_TEST

struct fs_ask {
	struct pl_fscache *c;
	const char *dir, *link;
	bool ok;
};

static int fs_ask_thread(void *arg)
{
	struct fs_ask *a = arg;
	char path[PATH_MAX];

	a->ok = true;
	for (int i = 0; i < 200; i++) {
		snprintf(path, sizeof path, "%s/f%d", a->dir, i % 20);
		a->ok &= pl_fscache_type(a->c, path, true) == (i % 20 < 10 ? S_IFREG : 0u);
		char *r = pl_fscache_realpath(a->c, a->link);
		a->ok &= r && strcmp(r, a->dir) == 0;
		free(r);
	}
	return 0;
}

START_TEST(test_fscache)
{
	char dir[] = "/tmp/patlint_fsXXXXXX", file[PATH_MAX], link[PATH_MAX], later[PATH_MAX];

	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *rdir = realpath(dir, NULL); /* /tmp may itself be a link */
	ck_assert_ptr_nonnull(rdir);
	snprintf(file, sizeof file, "%s/a.td", dir);
	snprintf(link, sizeof link, "%s/lnk", dir);
	snprintf(later, sizeof later, "%s/later.td", dir);
	write_text(file, "x");
	ck_assert_int_eq(symlink(rdir, link), 0);

	struct pl_fscache *c = pl_fscache_new();
	ck_assert_uint_eq(pl_fscache_type(c, file, true), S_IFREG);
	ck_assert_uint_eq(pl_fscache_type(c, dir, true), S_IFDIR);
	ck_assert_uint_eq(pl_fscache_type(c, link, false), S_IFLNK);
	ck_assert_uint_eq(pl_fscache_type(c, link, true), S_IFDIR);
	ck_assert_uint_eq(pl_fscache_type(c, later, true), 0);
	char *r1 = pl_fscache_realpath(c, link), *r2 = pl_fscache_realpath(c, link);
	ck_assert_str_eq(r1, rdir);
	ck_assert_ptr_ne(r1, r2); /* each caller's own copy */
	ck_assert_str_eq(r2, rdir);
	free(r1);
	free(r2);
	ck_assert_ptr_null(pl_fscache_realpath(c, later));
	/* the file system changes; the run's view does not */
	ck_assert_int_eq(unlink(file), 0);
	write_text(later, "y");
	ck_assert_uint_eq(pl_fscache_type(c, file, true), S_IFREG);
	ck_assert_uint_eq(pl_fscache_type(c, later, true), 0);
	ck_assert_ptr_null(pl_fscache_realpath(c, later));
	ck_assert_uint_eq(pl_fscache_type(NULL, file, true), 0);
	ck_assert_uint_eq(pl_fscache_type(NULL, later, true), S_IFREG);
	/* a fresh view, and many entries (the table grows), from threads */
	pl_fscache_free(c);
	char fi[PATH_MAX];
	for (int i = 0; i < 10; i++) {
		snprintf(fi, sizeof fi, "%s/f%d", dir, i);
		write_text(fi, "");
	}
	c = pl_fscache_new();
	for (int i = 0; i < 600; i++) {
		snprintf(fi, sizeof fi, "%s/none%d", dir, i);
		ck_assert_uint_eq(pl_fscache_type(c, fi, true), 0);
	}
	struct fs_ask a[4];
	thrd_t t[4];
	for (int i = 0; i < 4; i++) {
		a[i] = (struct fs_ask){c, rdir, link, false};
		ck_assert_int_eq(thrd_create(&t[i], fs_ask_thread, &a[i]), thrd_success);
	}
	for (int i = 0; i < 4; i++) {
		thrd_join(t[i], NULL);
		ck_assert(a[i].ok);
	}
	pl_fscache_free(c);
	for (int i = 0; i < 10; i++) {
		snprintf(fi, sizeof fi, "%s/f%d", dir, i);
		unlink(fi);
	}
	unlink(later);
	unlink(link);
	rmdir(dir);
	free(rdir);
}
END_TEST


#if defined(__linux__)
static int spawned_fn(void *arg)
{
	cpu_set_t *mask = arg;

	return sched_getaffinity(0, sizeof(*mask), mask) == 0 ? 42 : -1;
}
#endif

/* A spawned helper runs its function, its result reaches thrd_join, and
 * it runs with the caller's CPUs (started on another, then let go). */
START_TEST(test_thrd_spawn)
{
#if defined(__linux__)
	cpu_set_t mine;
	ck_assert_int_eq(sched_getaffinity(0, sizeof(mine), &mine), 0);
	for (unsigned k = 0; k < 3; k++) {
		cpu_set_t theirs;
		thrd_t t;
		int res = 0;
		CPU_ZERO(&theirs);
		ck_assert_int_eq(pl_thrd_spawn(&t, spawned_fn, &theirs), thrd_success);
		ck_assert_int_eq(thrd_join(t, &res), thrd_success);
		ck_assert_int_eq(res, 42);
		ck_assert(CPU_EQUAL(&theirs, &mine));
	}
#endif
}
END_TEST

/* model_root_order: any-op roots first, then by name, each name's
 * patterns in index order, whatever address the name is at; and each
 * pattern knows its index. */
START_TEST(test_model_root_order)
{
	struct pl_arena *a = pl_arena_new();
	struct pl_intern *in = pl_intern_new(a);
	struct model *m = model_new(a, in);
	char b2[] = "t.b"; /* the name of roots[0], at another address */
	const char *roots[] = {"t.b", NULL, "t.a", b2, "t.c", NULL, "t.a", "t.b"};
	unsigned n = PL_ARRAY_LEN(roots), order[PL_ARRAY_LEN(roots)];
	const unsigned want[] = {1, 5, 2, 6, 0, 3, 7, 4};

	for (unsigned i = 0; i < n; i++)
		model_pattern_add(m)->root_op = roots[i];
	for (unsigned i = 0; i < n; i++)
		ck_assert_uint_eq(model_pattern_at(m, i)->index, i);
	ck_assert_uint_eq(model_root_order(m, order), 2);
	for (unsigned i = 0; i < n; i++)
		ck_assert_uint_eq(order[i], want[i]);
	ck_assert_uint_eq(model_root_order(model_new(a, in), order), 0);
	pl_intern_free(in);
	pl_arena_free(a);
}
END_TEST

/* pl_out_close: a write that failed before the last flush leaves only the
 * stream's error flag (the flush and close then succeed); the caller's ok
 * does not hide it.  The stream's first write fails, later ones work. */
static ssize_t fail_first_write(void *cookie, const char *buf, size_t n)
{
	int *calls = cookie;

	(void)buf;
	if ((*calls)++ == 0) {
		errno = EIO;
		return -1;
	}
	return (ssize_t)n;
}

static FILE *failing_once(int *calls)
{
	FILE *f = fopencookie(calls, "w", (cookie_io_functions_t){.write = fail_first_write});

	ck_assert_ptr_nonnull(f);
	setvbuf(f, NULL, _IONBF, 0);
	fputs("lost", f);
	fputs("kept", f);
	ck_assert(ferror(f));
	return f;
}

START_TEST(test_out_close_error_flag)
{
	int calls = 0;
	struct pl_out out = {.f = failing_once(&calls)};

	/* standard output's branch: flushed, not closed */
	ck_assert_int_eq(pl_out_close(&out, true), -1);
	fclose(out.f);
	/* a file written directly (no temporary): closed */
	calls = 0;
	out = (struct pl_out){.f = failing_once(&calls), .path = strdup("direct.out")};
	ck_assert_int_eq(pl_out_close(&out, true), -1);
	/* the caller's own failure is the caller's to report */
	calls = 0;
	out = (struct pl_out){.f = failing_once(&calls), .path = strdup("direct.out")};
	ck_assert_int_eq(pl_out_close(&out, false), 0);
}
END_TEST

static Suite *foundation_suite(void)
{
	Suite *s = suite_create("foundation");
	TCase *tc;

	tc = tcase_create("arena");
	tcase_add_test(tc, test_arena_alignment_and_growth);
	tcase_add_test(tc, test_arena_printf_like_snprintf);
	tcase_add_test(tc, test_arena_text_then_objects);
	tcase_add_test(tc, test_huge_backoff);
	tcase_add_test(tc, test_threads_worth);
	tcase_add_test(tc, test_arena_reuse_zeroed);
	tcase_add_test(tc, test_own_cache_lines);
	suite_add_tcase(s, tc);
	tc = tcase_create("intern");
	tcase_add_test(tc, test_intern_unique);
	tcase_add_test(tc, test_mem_eq_short);
	tcase_add_test(tc, test_mem_copy);
	tcase_add_test(tc, test_find_ctl);
	tcase_add_test(tc, test_contains);
	tcase_add_test(tc, test_touch_zeroed);
	tcase_add_test(tc, test_diag_render_caret_line);
	tcase_add_test(tc, test_source_span_hint);
	suite_add_tcase(s, tc);
	tc = tcase_create("source");
	tcase_add_test(tc, test_source_linecol);
	tcase_add_test(tc, test_source_span_line);
	tcase_add_test(tc, test_source_load_mapped);
	tcase_add_test(tc, test_source_truncated_while_mapped);
	tcase_add_test(tc, test_ptrmap);
	tcase_add_test(tc, test_fscache);
	tcase_add_test(tc, test_fscache_realpath_agrees);
	tcase_add_test(tc, test_fscache_missing_folder);
	tcase_add_test(tc, test_intern_shared);
	tcase_add_test(tc, test_ordered_run);
	suite_add_tcase(s, tc);
	tc = tcase_create("diag");
	tcase_add_test(tc, test_diag_render_caret_and_notes);
	tcase_add_test(tc, test_diag_max_errors_and_summary);
	tcase_add_test(tc, test_diag_render_control_chars);
	tcase_add_test(tc, test_diag_render_source_control_chars);
	tcase_add_test(tc, test_diag_render_numbers);
	suite_add_tcase(s, tc);
	tc = tcase_create("json");
	tcase_add_test(tc, test_json_escaping);
	tcase_add_test(tc, test_json_escaping_runs);
	tcase_add_test(tc, test_json_string_tail);
	suite_add_tcase(s, tc);
	tc = tcase_create("cli");
	tcase_add_test(tc, test_cli_parse);
	suite_add_tcase(s, tc);
	tc = tcase_create("compdb");
	tcase_add_test(tc, test_compdb_entries);
	tcase_add_test(tc, test_compdb_errors);
	suite_add_tcase(s, tc);
	tc = tcase_create("outfile");
	tcase_add_test(tc, test_out_close_error_flag);
	suite_add_tcase(s, tc);
	tc = tcase_create("threads");
	tcase_add_test(tc, test_thrd_spawn);
	suite_add_tcase(s, tc);
	tc = tcase_create("model");
	tcase_add_test(tc, test_model_root_order);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(foundation_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
