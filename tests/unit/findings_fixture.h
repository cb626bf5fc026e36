/*
 * findings_fixture.h -- a fake rule over in-memory sources, shared by
 * check_rules.c and check_reports.c: two files with suppression comments
 * (used, unused, unknown, invalid), findings emitted out of order, notes,
 * pattern names, an input error, and a hostile message (quotes, control
 * characters, invalid UTF-8) on a line with multi-byte characters.
 */
#ifndef FINDINGS_FIXTURE_H
#define FINDINGS_FIXTURE_H

#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/source.h"
#include "rules/findings.h"
#include "rules/rule.h"

/* Line numbers are in the comments on the right. */
static const char fixture_a[] =
	"// patlint: disable=benefit-conflict -- legacy file\n"                 /* 1 */
	"def A : Pat<(My_AddOp $x, $y), (My_AddOp $y, $x)>;\n"                  /* 2 */
	"// patlint: disable-next-line=overlapping-matchers\n"                  /* 3 */
	"def B : Pat<(My_AddOp $x, $y), (My_SubOp $y, $x)>;\n"                  /* 4 */
	"def C : Pat<(My_NegOp $x), (My_NegOp $x)>; // patlint: disable-line=unbound-variable\n" /* 5 */
	"// patlint: disable-next-line=no-such-rule\n"                          /* 6 */
	"// patlint: enable=all\n"                                              /* 7 */
	"def D\xc3\xa9\xf0\x9f\x98\x80 : Pat<(My_NegOp $z), (My_NegOp $w)>;\n"  /* 8 */
	"def S : Pat<(My_X \"// patlint: disable=all\"), (My_X)>;\n";           /* 9 */

static const char fixture_b[] =
	"Pattern P {\n"
	"  let root = op<my.add>(x: Value, y: Value);\n"
	"  replace root with op<my.add>(y, x);\n"
	"}\n";

struct fixture {
	struct pl_arena *arena;
	struct pl_source_mgr *sm;
	struct pl_diag_ctx diag;
	struct rule_config cfg;
	struct findings *fs;
	struct pl_source_file *a, *b;
};

/* The span of the nth (0-based) occurrence of needle in f. */
static struct pl_span fx_span(struct pl_source_file *f, const char *needle, int nth)
{
	const char *p = f->buf;

	for (;;) {
		p = strstr(p, needle);
		if (!p || nth-- == 0)
			break;
		p++;
	}
	if (!p)
		return (struct pl_span){0};
	return pl_source_span(f, (uint32_t)(p - f->buf), (uint32_t)(p - f->buf + strlen(needle)));
}

/* A fake rule: its id is a registered one so the collector knows it. */
static void fake_check(struct rule_ctx *ctx);
static const struct rule fake_overlap = {
	.id = "overlapping-matchers", .summary = "fake", .severity = PL_SEV_WARNING,
	.help = "fake", .example_lang = "tablegen", .bad_example = "", .good_example = "",
	.check = fake_check,
};
static const struct rule fake_unbound = {
	.id = "unbound-variable", .summary = "fake", .severity = PL_SEV_ERROR,
	.help = "fake", .example_lang = "tablegen", .bad_example = "", .good_example = "",
};
static const struct rule fake_benefit = {
	.id = "benefit-conflict", .summary = "fake", .severity = PL_SEV_WARNING,
	.help = "fake", .example_lang = "tablegen", .bad_example = "", .good_example = "",
};

static struct fixture *fx_current;

static void fake_check(struct rule_ctx *ctx)
{
	struct fixture *fx = fx_current;
	struct rule_ctx u = *ctx, bc = *ctx;
	struct pl_diag *d;

	u.rule = &fake_unbound;
	bc.rule = &fake_benefit;
	/* Emitted out of order on purpose. */
	rule_report(&u, fx_span(fx->a, "$w", 0), "'$w' is not bound by the match; did you mean '$z'?");
	d = rule_report_begin(ctx, fx_span(fx->a, "def B", 0), "pattern 'B' overlaps pattern 'A'");
	rule_about_name(ctx, d, "B");
	rule_about_name(ctx, d, "A");
	rule_note(ctx, d, fx_span(fx->a, "def A", 0), "pattern 'A' is here");
	rule_report_end(ctx, d);
	d = rule_report_begin(ctx, fx_span(fx->a, "def A", 0), "pattern 'A' overlaps pattern 'B'");
	rule_about_name(ctx, d, "A");
	rule_about_name(ctx, d, "B");
	rule_note(ctx, d, fx_span(fx->a, "def B", 0), "pattern 'B' is here");
	rule_note(ctx, d, (struct pl_span){0}, "both match: %s", "my.add(%0, %1)");
	rule_report_end(ctx, d);
	rule_report(&bc, fx_span(fx->a, "def A", 0), "patterns 'A' and 'B' have equal benefit 2");
	d = rule_report_begin(ctx, fx_span(fx->b, "op<my.add>", 1),
	                      "hostile \"quoted\" \\ tab\t nl\n ctl\x01 bad\xff utf8 \xc3\xa9");
	rule_about(ctx, d, NULL);
	rule_report_end(ctx, d);
	pl_diag(ctx->diag, PL_SEV_ERROR, NULL, fx_span(fx->b, "Value", 1),
	        "expected ')' (an input error)");
}

static struct fixture *fx_new(const char *a_text, size_t a_len)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	fx->arena = pl_arena_new();
	fx->sm = pl_source_mgr_new();
	pl_diag_ctx_init(&fx->diag, fx->sm, fx->arena);
	rule_config_init(&fx->cfg);
	fx->a = pl_source_add(fx->sm, "lib/a.td", a_text, a_len);
	fx->b = pl_source_add(fx->sm, "/src/lib/b.pdll", fixture_b, sizeof(fixture_b) - 1);
	fx->fs = findings_new(fx->arena, fx->sm, &fx->cfg, "/src");
	findings_install(fx->fs, &fx->diag);
	return fx;
}

/* Build the standard fixture: run the fake rule, scan, finish. */
static struct fixture *fx_run(void)
{
	struct fixture *fx = fx_new(fixture_a, sizeof(fixture_a) - 1);
	struct rule_ctx ctx = {&fake_overlap, NULL, &fx->diag, &fx->cfg};

	fx_current = fx;
	fake_check(&ctx);
	/* Pretend the fake rules are implemented, so unused suppressions of
	 * them are judged. */
	findings_set_judged(fx->fs, "overlapping-matchers", true);
	findings_set_judged(fx->fs, "unbound-variable", true);
	findings_set_judged(fx->fs, "benefit-conflict", true);
	findings_scan_all(fx->fs);
	findings_finish(fx->fs);
	return fx;
}

static void fx_free(struct fixture *fx)
{
	pl_source_mgr_free(fx->sm);
	pl_arena_free(fx->arena);
	free(fx);
}

#endif /* FINDINGS_FIXTURE_H */
