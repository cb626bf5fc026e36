/*
 * check_rules.c -- unit tests of the rule framework: the registry and
 * --list-rules, the configuration file and --enable/--disable, the
 * findings collector's order, inline suppressions (used, unused, unknown,
 * invalid, inside strings), and fingerprints under line shifts.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/cli.h"
#include "analyzer/intern.h"
#include "analyzer/model.h"
#include "findings_fixture.h"

static char *capture_list(const struct rule_config *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	rule_list(f, c);
	fclose(f);
	return buf;
}

/* ---- registry --------------------------------------------------------- */

START_TEST(test_registry_ids)
{
	static const char *const ids[] = {"unbound-variable", "missing-result-type-builder",
	                                  "overlapping-matchers", "unbounded-recursion",
	                                  "benefit-conflict"};
	unsigned idx;

	for (size_t i = 0; i < PL_ARRAY_LEN(ids); i++) {
		const struct rule *r = rule_find(ids[i], &idx);
		ck_assert_ptr_nonnull(r);
		ck_assert_ptr_eq(rule_table[idx], r);
		ck_assert_uint_eq(rule_index_of(r), idx);
		/* Registered, fully described, and implemented. */
		ck_assert(!(r->flags & RULE_NOT_IMPLEMENTED));
		ck_assert_ptr_nonnull(r->check);
	}
	ck_assert_ptr_null(rule_find("no-such-rule", NULL));
	ck_assert_ptr_nonnull(rule_find("unused-suppression", NULL));
	for (unsigned i = 0; i < RULE_COUNT; i++) {
		const struct rule *r = rule_table[i];
		ck_assert(r->summary && *r->summary && r->summary[strlen(r->summary) - 1] != '.');
		ck_assert(r->help && strlen(r->help) > 40);
		ck_assert(r->bad_example && *r->bad_example && r->good_example && *r->good_example);
		ck_assert(r->tags && r->tags[0]);
		for (const char *p = r->id; *p; p++)
			ck_assert(((*p >= 'a' && *p <= 'z') || *p == '-'));
		for (unsigned k = i + 1; k < RULE_COUNT; k++)
			ck_assert_str_ne(r->id, rule_table[k]->id);
	}
}
END_TEST

START_TEST(test_list_rules)
{
	struct rule_config c;
	char *s;

	rule_config_init(&c);
	ck_assert_int_eq(rule_config_switch(&c, "benefit-conflict", false, stderr), 0);
	s = capture_list(&c);
	ck_assert_ptr_nonnull(strstr(s, "unbound-variable             error   enabled "));
	ck_assert_ptr_nonnull(strstr(s, "benefit-conflict             warning disabled "));
	ck_assert_ptr_nonnull(strstr(s, "unused-suppression           warning enabled "));
	ck_assert_ptr_nonnull(strstr(s, "(uses the engine)"));
	free(s);
}
END_TEST

/* Every registered rule is documented in man/patlint-rules.7. */
START_TEST(test_rules_man_page)
{
	const char *srcdir = getenv("top_srcdir");
	char path[4096], *text;
	size_t len;

	snprintf(path, sizeof(path), "%s/man/patlint-rules.7", srcdir ? srcdir : ".");
	ck_assert_msg(pl_read_file(&text, &len, path) == 0, "cannot read %s", path);
	for (unsigned i = 0; i < RULE_COUNT; i++) {
		char needle[128];
		snprintf(needle, sizeof(needle), ".SS %s\n", rule_table[i]->id);
		ck_assert_msg(strstr(text, needle), "%s not documented in %s", rule_table[i]->id, path);
	}
	free(text);
}
END_TEST

START_TEST(test_run_all_skips_disabled)
{
	struct pl_arena *a = pl_arena_new();
	struct pl_source_mgr *sm = pl_source_mgr_new();
	struct pl_diag_ctx d;
	struct rule_config c;

	struct pl_intern *in = pl_intern_new(a);
	struct model *m = model_new(a, in);

	pl_diag_ctx_init(&d, sm, a);
	rule_config_init(&c);
	/* Every rule has a check but unused-suppression; drr-unused-capture
	 * is off by default.  An empty model gives no finding. */
	ck_assert_uint_eq(rules_run_all(m, &d, &c), RULE_COUNT - 2);
	rule_config_switch(&c, "drr-unused-capture", true, stderr);
	ck_assert_uint_eq(rules_run_all(m, &d, &c), RULE_COUNT - 1);
	rule_config_switch(&c, "all", false, stderr);
	rule_config_switch(&c, "unbound-variable", true, stderr);
	ck_assert_uint_eq(rules_run_all(m, &d, &c), 1);
	ck_assert_uint_eq(d.count[PL_SEV_ERROR] + d.count[PL_SEV_WARNING], 0);
	pl_intern_free(in);
	pl_source_mgr_free(sm);
	pl_arena_free(a);
}
END_TEST

/* ---- configuration ---------------------------------------------------- */

static char *parse_err(struct rule_config *c, const char *text, int *rc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	*rc = rule_config_parse(c, ".patlint.toml", text, strlen(text), f);
	fclose(f);
	return buf;
}

START_TEST(test_config_parse)
{
	struct rule_config c;
	unsigned ov = 0, bc = 0, uv = 0;
	int rc;
	char *err;

	rule_find("overlapping-matchers", &ov);
	rule_find("benefit-conflict", &bc);
	rule_find("unbound-variable", &uv);
	rule_config_init(&c);
	ck_assert_int_eq(c.fail_on, RULE_FAIL_WARNING);
	err = parse_err(&c,
	                "# project settings\r\n"
	                "fail-on = \"error\"   # only errors fail CI\n"
	                "\n"
	                "[rules]\n"
	                "overlapping-matchers = \"off\"\n"
	                "\"benefit-conflict\" = error\n"
	                "  unbound-variable = note\n",
	                &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_str_eq(err, "");
	free(err);
	ck_assert_int_eq(c.fail_on, RULE_FAIL_ERROR);
	ck_assert(!c.enabled[ov]);
	ck_assert(c.enabled[bc]);
	ck_assert_int_eq(c.severity[bc], PL_SEV_ERROR);
	ck_assert_int_eq(c.severity[uv], PL_SEV_NOTE);

	/* Lines apply in order: all off, then one on. */
	rule_config_init(&c);
	err = parse_err(&c, "[rules]\nall = off\nbenefit-conflict = on\n", &rc);
	ck_assert_int_eq(rc, 0);
	free(err);
	for (unsigned i = 0; i < RULE_COUNT; i++)
		ck_assert(c.enabled[i] == (i == bc));
	ck_assert_int_eq(c.severity[bc], PL_SEV_WARNING);
}
END_TEST

START_TEST(test_config_errors)
{
	struct rule_config c;
	int rc;
	char *err;

	rule_config_init(&c);
	err = parse_err(&c,
	                "fail-on = sometimes\n"
	                "colour = red\n"
	                "[rules]\n"
	                "no-such-rule = off\n"
	                "benefit-conflict = loud\n"
	                "benefit-conflict\n"
	                "[other]\n"
	                "unbound-variable = \"off\" trailing\n",
	                &rc);
	ck_assert_int_eq(rc, -1);
	ck_assert_str_eq(err,
	                 ".patlint.toml:1:11: error: invalid fail-on level (expected error, warning, note or none): 'sometimes'\n"
	                 ".patlint.toml:2:1: error: unknown setting (expected fail-on, or rule ids under [rules]): 'colour'\n"
	                 ".patlint.toml:4:1: error: unknown rule: 'no-such-rule'\n"
	                 ".patlint.toml:5:20: error: invalid rule setting (expected on, off, error, warning or note): 'loud'\n"
	                 ".patlint.toml:6:17: error: expected 'key = value'\n"
	                 ".patlint.toml:7:2: error: unknown section (expected [rules]): 'other'\n"
	                 ".patlint.toml:8:26: error: expected a value such as \"warning\" or \"off\"\n");
	free(err);

	/* As in TOML, a key set twice in its table and [rules] opened twice
	 * are errors (quoted or bare, the same key); the first setting is
	 * the one kept. */
	unsigned bc = 0;
	rule_find("benefit-conflict", &bc);
	rule_config_init(&c);
	err = parse_err(&c,
	                "fail-on = error\n"
	                "fail-on = note\n"
	                "[rules]\n"
	                "benefit-conflict = error\n"
	                "all = on\n"
	                "  \"benefit-conflict\" = off\n"
	                "[ rules ]\n"
	                "all = note\n",
	                &rc);
	ck_assert_int_eq(rc, -1);
	ck_assert_str_eq(err,
	                 ".patlint.toml:2:1: error: fail-on set again (first on line 1)\n"
	                 ".patlint.toml:6:3: error: rule set again (first on line 4): 'benefit-conflict'\n"
	                 ".patlint.toml:7:3: error: [rules] opened again (first on line 3)\n"
	                 ".patlint.toml:8:1: error: rule set again (first on line 5): 'all'\n");
	free(err);
	ck_assert_int_eq(c.fail_on, RULE_FAIL_ERROR);
	ck_assert(c.enabled[bc]);
	ck_assert_int_eq(c.severity[bc], PL_SEV_ERROR);
}
END_TEST

START_TEST(test_config_switch_and_cli)
{
	struct rule_config c;
	struct pl_options o;
	char *argv[] = {"patlint", "check", "--no-config", "--disable=all",
	                "--enable=unbound-variable,benefit-conflict", "--disable", "benefit-conflict",
	                "--fail-on=note", NULL};
	unsigned uv;

	ck_assert_int_eq(pl_cli_parse(&o, 8, argv, stderr), 0);
	ck_assert_int_eq(rule_config_from_cli(&c, &o, NULL, stderr), 0);
	rule_find("unbound-variable", &uv);
	for (unsigned i = 0; i < RULE_COUNT; i++)
		ck_assert(c.enabled[i] == (i == uv));
	ck_assert_int_eq(c.fail_on, RULE_FAIL_NOTE);
	pl_cli_free(&o);

	rule_config_init(&c);
	{
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		ck_assert_int_eq(rule_config_switch(&c, "unbound-variable,bogus", false, f), -1);
		fclose(f);
		ck_assert_str_eq(buf, "patlint: unknown rule 'bogus' (see 'patlint --list-rules')\n");
		free(buf);
	}
}
END_TEST

START_TEST(test_config_discover)
{
	char dir[] = "/tmp/pl-config-XXXXXX";
	char sub[256], path[256], git[256];
	char *found;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(sub, sizeof(sub), "%s/a/b", dir);
	snprintf(path, sizeof(path), "%s/a", dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	snprintf(path, sizeof(path), "%s/" RULE_CONFIG_NAME, dir);
	fclose(fopen(path, "w"));
	found = rule_config_discover(sub);
	ck_assert_ptr_nonnull(found);
	ck_assert_str_eq(found, path);
	free(found);
	/* A .git directory below the file stops the search. */
	snprintf(git, sizeof(git), "%s/a/.git", dir);
	ck_assert_int_eq(mkdir(git, 0700), 0);
	ck_assert_ptr_null(rule_config_discover(sub));
	rmdir(git);
	unlink(path);
	rmdir(sub);
	snprintf(path, sizeof(path), "%s/a", dir);
	rmdir(path);
	rmdir(dir);
}
END_TEST

/* ---- collector: order, suppressions ----------------------------------- */

START_TEST(test_order)
{
	struct fixture *fx = fx_run();
	size_t n = findings_count(fx->fs);
	char line[512];
	struct pl_buf got = {0};

	for (size_t i = 0; i < n; i++) {
		const struct finding *f = findings_at(fx->fs, i);
		snprintf(line, sizeof(line), "%s:%u:%u %s %s%s\n", f->path ? f->path : "-",
		         f->diag->span.line, f->diag->span.col, f->diag->rule ? f->diag->rule : "(input)",
		         f->suppressed_by ? "suppressed " : "", strncmp(f->diag->msg, "hostile", 7) == 0 ? "hostile" : f->diag->msg);
		pl_buf_puts(&got, line);
	}
	ck_assert_str_eq(pl_buf_cstr(&got),
	                 "lib/a.td:2:1 benefit-conflict suppressed patterns 'A' and 'B' have equal benefit 2\n"
	                 "lib/a.td:2:1 overlapping-matchers pattern 'A' overlaps pattern 'B'\n"
	                 "lib/a.td:4:1 overlapping-matchers suppressed pattern 'B' overlaps pattern 'A'\n"
	                 "lib/a.td:5:69 unused-suppression unused suppression: no 'unbound-variable' finding on line 5\n"
	                 "lib/a.td:6:31 unused-suppression unknown rule 'no-such-rule' in patlint suppression\n"
	                 "lib/a.td:7:4 unused-suppression invalid patlint suppression: expected 'disable-next-line=', 'disable-line=' or 'disable=' after 'patlint:'\n"
	                 "lib/a.td:8:44 unbound-variable '$w' is not bound by the match; did you mean '$z'?\n"
	                 "lib/b.pdll:2:38 (input) expected ')' (an input error)\n"
	                 "lib/b.pdll:3:21 overlapping-matchers hostile\n");
	pl_buf_free(&got);
	ck_assert_uint_eq(findings_suppressed(fx->fs), 2);
	ck_assert_uint_eq(findings_input_errors(fx->fs), 1);
	fx_free(fx);
}
END_TEST

/* The order of many findings over several files, two of which have the
 * same path, with ties at one place: by path (none first), line, column,
 * rule (none first), message, then arrival.  The second round puts lines
 * past the sort key's 24 bits, which takes the comparison sort. */
static int ref_cmp_str(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

START_TEST(test_order_many)
{
	static const char *const rules[] = {NULL, "overlapping-matchers", "unbound-variable", "benefit-conflict"};
	static const char *const msgs[] = {"b", "a", "c"};
	static const char *const files[] = {"/src/z.td", "/src/a.td", "/src/m/b.td", "/src/./a.td", "/elsewhere.td"};

	for (int round = 0; round < 2; round++) {
		struct pl_arena *arena = pl_arena_new();
		struct pl_source_mgr *sm = pl_source_mgr_new();
		struct rule_config cfg;
		rule_config_init(&cfg);
		for (size_t i = 0; i < PL_ARRAY_LEN(files); i++)
			pl_source_add(sm, files[i], "x\n", 2);
		struct findings *fs = findings_new(arena, sm, &cfg, "/src");
		unsigned seed = 12345u + (unsigned)round;
		for (int i = 0; i < 3000; i++) {
			struct pl_diag *d = PL_NEW(arena, struct pl_diag);
			seed = seed * 1103515245u + 12345u;
			d->sev = PL_SEV_WARNING;
			d->rule = rules[(seed >> 8) % 4];
			d->msg = msgs[(seed >> 12) % 3];
			d->span.file = (seed >> 16) % (PL_ARRAY_LEN(files) + 1);
			d->span.line = 1 + (seed >> 20) % 4 + (round && i % 7 == 0 ? (1u << 24) : 0);
			d->span.col = 1 + (seed >> 24) % 3;
			findings_add(fs, d);
		}
		findings_finish(fs);
		size_t n = findings_count(fs);
		ck_assert_uint_gt(n, 2000);
		for (size_t i = 1; i < n; i++) {
			const struct finding *a = findings_at(fs, i - 1), *b = findings_at(fs, i);
			int c = ref_cmp_str(a->path, b->path);
			if (!c)
				c = a->diag->span.line < b->diag->span.line ? -1 : a->diag->span.line > b->diag->span.line;
			if (!c)
				c = a->diag->span.col < b->diag->span.col ? -1 : a->diag->span.col > b->diag->span.col;
			if (!c)
				c = ref_cmp_str(a->diag->rule, b->diag->rule);
			if (!c)
				c = strcmp(a->diag->msg, b->diag->msg);
			if (!c)
				c = a->seq < b->seq ? -1 : 1;
			ck_assert_msg(c < 0, "round %d: finding %zu (%s:%u:%u) after %zu (%s:%u:%u)", round, i,
			              b->path ? b->path : "-", b->diag->span.line, b->diag->span.col, i - 1,
			              a->path ? a->path : "-", a->diag->span.line, a->diag->span.col);
		}
		pl_source_mgr_free(sm);
		pl_arena_free(arena);
	}
}
END_TEST

START_TEST(test_suppression_scan)
{
	struct fixture *fx = fx_run();
	size_t n = findings_suppression_count(fx->fs);
	const struct suppression *s;

	/* Lines 1, 3, 5, 6, 7; the one inside a string on line 9 is not a
	 * comment. */
	ck_assert_uint_eq(n, 5);
	s = findings_suppression_at(fx->fs, 0);
	ck_assert_int_eq(s->kind, SUPPRESS_FILE);
	ck_assert_str_eq(s->rule, "benefit-conflict");
	ck_assert_str_eq(s->justification, "legacy file");
	ck_assert_uint_eq(s->used, 1);
	s = findings_suppression_at(fx->fs, 1);
	ck_assert_int_eq(s->kind, SUPPRESS_NEXT_LINE);
	ck_assert_uint_eq(s->line, 4);
	ck_assert_uint_eq(s->used, 1);
	s = findings_suppression_at(fx->fs, 2);
	ck_assert_int_eq(s->kind, SUPPRESS_LINE);
	ck_assert_uint_eq(s->line, 5);
	ck_assert_uint_eq(s->used, 0);
	ck_assert_uint_eq(s->span.col, 69);
	ck_assert_uint_eq(s->span.end_col, 69 + strlen("unbound-variable"));
	s = findings_suppression_at(fx->fs, 3);
	ck_assert_str_eq(s->problem, "unknown rule 'no-such-rule'");
	s = findings_suppression_at(fx->fs, 4);
	ck_assert_int_eq(s->kind, SUPPRESS_INVALID);
	fx_free(fx);
}
END_TEST

/* Several ids, "all", justification, and malformed forms. */
START_TEST(test_suppression_forms)
{
	static const char text[] =
		"// patlint: disable-next-line = overlapping-matchers , unbound-variable -- two\n" /* 1 */
		"def A;\n"                                                                       /* 2 */
		"def B; // patlint: disable-line=all\n"                                          /* 3 */
		"//patlint:disable-next-line=\n"                                                 /* 4 */
		"// patlint: disable-next-line=overlapping-matchers trailing\n"                  /* 5 */
		"/* // patlint: disable=all */ // not patlint: disable=all\n"                    /* 6 */
		"// patlint: disable-next-line overlapping-matchers\n";                          /* 7 */
	struct fixture *fx = fx_new(text, sizeof(text) - 1);
	struct rule_ctx ctx = {&fake_overlap, NULL, &fx->diag, &fx->cfg};
	const struct suppression *s;

	rule_report(&ctx, fx_span(fx->a, "def A", 0), "on A");
	rule_report(&ctx, fx_span(fx->a, "def B", 0), "on B");
	findings_set_judged(fx->fs, "overlapping-matchers", true);
	findings_set_judged(fx->fs, "unbound-variable", true);
	findings_scan_all(fx->fs);
	findings_finish(fx->fs);
	ck_assert_uint_eq(findings_suppression_count(fx->fs), 6);
	s = findings_suppression_at(fx->fs, 0);
	ck_assert_str_eq(s->rule, "overlapping-matchers");
	ck_assert_str_eq(s->justification, "two");
	ck_assert_uint_eq(s->used, 1);
	s = findings_suppression_at(fx->fs, 1);
	ck_assert_str_eq(s->rule, "unbound-variable");
	ck_assert_uint_eq(s->used, 0);
	s = findings_suppression_at(fx->fs, 2);
	ck_assert_str_eq(s->rule, "all");
	ck_assert_uint_eq(s->used, 1);
	ck_assert_int_eq(findings_suppression_at(fx->fs, 3)->kind, SUPPRESS_INVALID);
	ck_assert_int_eq(findings_suppression_at(fx->fs, 4)->kind, SUPPRESS_INVALID);
	ck_assert_int_eq(findings_suppression_at(fx->fs, 5)->kind, SUPPRESS_INVALID);
	ck_assert_uint_eq(findings_suppressed(fx->fs), 2);
	/* unused: unbound-variable on line 1, and three invalid ones. */
	{
		unsigned c[PL_SEV_COUNT];
		findings_counts(fx->fs, c);
		ck_assert_uint_eq(c[PL_SEV_WARNING], 4);
	}
	fx_free(fx);
}
END_TEST

/* Unused suppressions of rules that are disabled or not implemented are
 * not judged; unused-suppression itself can be disabled. */
START_TEST(test_unused_not_judged)
{
	static const char text[] =
		"// patlint: disable-next-line=overlapping-matchers\n"
		"def A;\n";
	struct fixture *fx = fx_new(text, sizeof(text) - 1);

	/* A rule that did not run (skipped at run time) is not judged. */
	findings_set_judged(fx->fs, "overlapping-matchers", false);
	findings_scan_all(fx->fs);
	findings_finish(fx->fs);
	ck_assert_uint_eq(findings_count(fx->fs), 0);
	fx_free(fx);

	fx = fx_new(text, sizeof(text) - 1);
	findings_set_judged(fx->fs, "overlapping-matchers", true);
	findings_scan_all(fx->fs);
	findings_finish(fx->fs);
	ck_assert_uint_eq(findings_count(fx->fs), 1);
	fx_free(fx);

	fx = fx_new(text, sizeof(text) - 1);
	rule_config_switch(&fx->cfg, "unused-suppression", false, stderr);
	findings_set_judged(fx->fs, "overlapping-matchers", true);
	findings_scan_all(fx->fs);
	findings_finish(fx->fs);
	ck_assert_uint_eq(findings_count(fx->fs), 0);
	fx_free(fx);
}
END_TEST

/* Configuration applies in the collector too: disabled rules are dropped,
 * severities are overridden even for findings emitted with pl_diag. */
START_TEST(test_collector_config)
{
	struct fixture *fx = fx_new("def A;\n", 7);
	unsigned ov = 0;

	rule_find("overlapping-matchers", &ov);
	fx->cfg.severity[ov] = PL_SEV_ERROR;
	rule_config_switch(&fx->cfg, "benefit-conflict", false, stderr);
	pl_diag(&fx->diag, PL_SEV_NOTE, "overlapping-matchers", fx_span(fx->a, "A", 0), "x");
	pl_diag(&fx->diag, PL_SEV_WARNING, "benefit-conflict", fx_span(fx->a, "A", 0), "y");
	findings_finish(fx->fs);
	ck_assert_uint_eq(findings_count(fx->fs), 1);
	ck_assert_int_eq(findings_at(fx->fs, 0)->diag->sev, PL_SEV_ERROR);
	fx_free(fx);
}
END_TEST

/* ---- fingerprints ----------------------------------------------------- */

static void fingerprints_of(const char *text, const char **out, const char **line_hash)
{
	struct fixture *fx = fx_new(text, strlen(text));
	struct rule_ctx ctx = {&fake_overlap, NULL, &fx->diag, &fx->cfg};
	struct pl_diag *d;
	struct pl_span sp = fx_span(fx->a, "def A", 0);

	d = rule_report_begin(&ctx, sp, "pattern 'A' at line %u overlaps pattern 'B'", sp.line);
	rule_about_name(&ctx, d, "A");
	rule_about_name(&ctx, d, "B");
	rule_note(&ctx, d, fx_span(fx->a, "def B", 0), "here");
	rule_report_end(&ctx, d);
	/* Two identical findings get distinct occurrence numbers. */
	rule_report(&ctx, fx_span(fx->a, "def B", 0), "same");
	rule_report(&ctx, fx_span(fx->a, "def B", 0), "same");
	findings_finish(fx->fs);
	for (int i = 0; i < 3; i++) {
		out[i] = strdup(findings_at(fx->fs, (size_t)i)->fingerprint);
		line_hash[i] = strdup(findings_at(fx->fs, (size_t)i)->line_hash);
	}
	fx_free(fx);
}

START_TEST(test_fingerprint_line_shift)
{
	const char *fp1[3], *fp2[3], *lh1[3], *lh2[3];

	fingerprints_of("def A : Pat<(X), (Y)>;\ndef B : Pat<(X), (Z)>;\n", fp1, lh1);
	fingerprints_of("// a comment\n\n\ndef A : Pat<(X), (Y)>;\n\n  def B : Pat<(X), (Z)>;\n", fp2, lh2);
	for (int i = 0; i < 3; i++) {
		ck_assert_str_eq(fp1[i], fp2[i]);
		ck_assert_str_eq(lh1[i], lh2[i]); /* indentation does not count either */
	}
	ck_assert_str_ne(fp1[1], fp1[2]);
	ck_assert_str_eq(strchr(fp1[1], ':'), ":1");
	ck_assert_str_eq(strchr(fp1[2], ':'), ":2");
	ck_assert_str_eq(strchr(lh1[2], ':'), ":2");
	ck_assert_uint_eq(strlen(fp1[0]), 18);
	for (int i = 0; i < 3; i++) {
		free((void *)fp1[i]);
		free((void *)fp2[i]);
		free((void *)lh1[i]);
		free((void *)lh2[i]);
	}
}
END_TEST

START_TEST(test_fingerprint_inputs)
{
	struct pl_diag d = {0}, e = {0};
	struct rule_finding_info i1 = {.patterns = (const char *[]){"A", "B"}, .n_patterns = 2};
	struct rule_finding_info i2 = {.patterns = (const char *[]){"A", "C"}, .n_patterns = 2};

	d.msg = "overlap at line 3";
	e.msg = "overlap at line 47";
	ck_assert(finding_fingerprint_hash("r", "a.td", &d) == finding_fingerprint_hash("r", "a.td", &e));
	ck_assert(finding_fingerprint_hash("r", "a.td", &d) != finding_fingerprint_hash("q", "a.td", &d));
	ck_assert(finding_fingerprint_hash("r", "a.td", &d) != finding_fingerprint_hash("r", "b.td", &d));
	d.extra = &i1;
	e.extra = &i2;
	ck_assert(finding_fingerprint_hash("r", "a.td", &d) != finding_fingerprint_hash("r", "a.td", &e));
	ck_assert(finding_line_hash(" a b\t", 5) == finding_line_hash("ab", 2));
}
END_TEST

static Suite *rules_suite(void)
{
	Suite *s = suite_create("rules");
	TCase *tc;

	tc = tcase_create("registry");
	tcase_add_test(tc, test_registry_ids);
	tcase_add_test(tc, test_list_rules);
	tcase_add_test(tc, test_rules_man_page);
	tcase_add_test(tc, test_run_all_skips_disabled);
	suite_add_tcase(s, tc);
	tc = tcase_create("config");
	tcase_add_test(tc, test_config_parse);
	tcase_add_test(tc, test_config_errors);
	tcase_add_test(tc, test_config_switch_and_cli);
	tcase_add_test(tc, test_config_discover);
	suite_add_tcase(s, tc);
	tc = tcase_create("collector");
	tcase_add_test(tc, test_order);
	tcase_add_test(tc, test_order_many);
	tcase_add_test(tc, test_suppression_scan);
	tcase_add_test(tc, test_suppression_forms);
	tcase_add_test(tc, test_unused_not_judged);
	tcase_add_test(tc, test_collector_config);
	suite_add_tcase(s, tc);
	tc = tcase_create("fingerprints");
	tcase_add_test(tc, test_fingerprint_line_shift);
	tcase_add_test(tc, test_fingerprint_inputs);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(rules_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
