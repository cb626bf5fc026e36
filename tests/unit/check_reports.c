/*
 * check_reports.c -- unit tests of the report writers: exact text, JSON and
 * SARIF output of the fixture (golden files in tests/unit/golden/), colors,
 * JSON escaping of hostile strings, baselines (write, read, filter, exit
 * status) and the check-command report stage.
 *
 * PL_ACCEPT=1 rewrites the golden files.  The SARIF it produces is also
 * left in the build directory (tests/unit/actual-findings.sarif) for
 * tests/peers/sarif-validate.sh.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "reports/report.h"
#include "findings_fixture.h"

/* Write fs in kind on jobs threads to a string (caller frees). */
static char *render_jobs(struct findings *fs, const struct rule_config *cfg, enum report_kind kind,
                         bool color, unsigned jobs)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct report_ctx rc = {0};

	rc.f = f;
	rc.fs = fs;
	rc.cfg = cfg;
	rc.color = color;
	rc.tool_version = "0.1.0"; /* fixed, so goldens survive version bumps */
	rc.jobs = jobs;
	ck_assert_int_eq(report_write(&rc, kind), 0);
	fclose(f);
	return buf;
}

/* Write fs in kind to a string (caller frees). */
static char *render(struct findings *fs, const struct rule_config *cfg, enum report_kind kind,
                    bool color)
{
	return render_jobs(fs, cfg, kind, color, 0);
}

static char *slurp(const char *path)
{
	char *buf;
	size_t len;

	return pl_read_file(&buf, &len, path) == 0 ? buf : NULL;
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

/* Compare actual with tests/unit/golden/name; PL_ACCEPT=1 rewrites it.
 * The actual output is also left in the working directory as
 * tests/unit/actual-name (or ./actual-name). */
static void golden(const char *name, const char *actual)
{
	const char *srcdir = getenv("top_srcdir");
	char path[4096], out[4096];
	char *expected;

	snprintf(path, sizeof(path), "%s/tests/unit/golden/%s", srcdir ? srcdir : ".", name);
	snprintf(out, sizeof(out), "%s%s", access("tests/unit", F_OK) == 0 ? "tests/unit/actual-" : "actual-",
	         name);
	write_file(out, actual);
	if (getenv("PL_ACCEPT")) {
		write_file(path, actual);
		return;
	}
	expected = slurp(path);
	ck_assert_msg(expected != NULL, "missing golden file %s", path);
	ck_assert_msg(strcmp(expected, actual) == 0, "%s differs from %s (see %s)", name, path, out);
	free(expected);
}

START_TEST(test_text_golden)
{
	struct fixture *fx = fx_run();
	char *s = render(fx->fs, &fx->cfg, REPORT_TEXT, false);

	golden("findings.txt", s);
	/* Suppressed findings are not printed. */
	ck_assert_ptr_null(strstr(s, "pattern 'B' overlaps"));
	free(s);
	fx_free(fx);
}
END_TEST

START_TEST(test_text_color)
{
	struct fixture *fx = fx_run();
	char *s = render(fx->fs, &fx->cfg, REPORT_TEXT, true);

	ck_assert_ptr_nonnull(strstr(s, "\033["));
	free(s);
	s = render(fx->fs, &fx->cfg, REPORT_TEXT, false);
	ck_assert_ptr_null(strstr(s, "\033["));
	free(s);
	fx_free(fx);
}
END_TEST

START_TEST(test_text_clean_is_quiet)
{
	struct fixture *fx = fx_new("def A;\n", 7);
	char *s;

	findings_finish(fx->fs);
	s = render(fx->fs, &fx->cfg, REPORT_TEXT, false);
	ck_assert_str_eq(s, "");
	free(s);
	fx_free(fx);
}
END_TEST

START_TEST(test_json_golden)
{
	struct fixture *fx = fx_run();
	char *s = render(fx->fs, &fx->cfg, REPORT_JSON, false);

	golden("findings.json", s);
	free(s);
	fx_free(fx);
}
END_TEST

START_TEST(test_json_hostile_strings)
{
	struct fixture *fx = fx_run();
	char *s = render(fx->fs, &fx->cfg, REPORT_JSON, false);
	struct json_object *root = json_tokener_parse(s), *arr, *msg = NULL;

	/* The output parses, and the hostile message survives escaping. */
	ck_assert_ptr_nonnull(root);
	ck_assert(json_object_object_get_ex(root, "findings", &arr));
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		struct json_object *m;
		json_object_object_get_ex(json_object_array_get_idx(arr, i), "message", &m);
		if (strncmp(json_object_get_string(m), "hostile", 7) == 0)
			msg = m;
	}
	ck_assert_ptr_nonnull(msg);
	ck_assert_str_eq(json_object_get_string(msg),
	                 "hostile \"quoted\" \\ tab\t nl\n ctl\x01 bad\xef\xbf\xbd utf8 \xc3\xa9");
	ck_assert_ptr_nonnull(strstr(s, "ctl\\u0001 bad"));
	json_object_put(root);
	free(s);
	fx_free(fx);
}
END_TEST

START_TEST(test_sarif_golden)
{
	struct fixture *fx = fx_run();
	char *s = render(fx->fs, &fx->cfg, REPORT_SARIF, false);
	struct json_object *root = json_tokener_parse(s);

	ck_assert_ptr_nonnull(root);
	json_object_put(root);
	golden("findings.sarif", s);
	free(s);
	fx_free(fx);
}
END_TEST

START_TEST(test_sarif_structure)
{
	struct fixture *fx = fx_run();
	char *s = render(fx->fs, &fx->cfg, REPORT_SARIF, false);
	struct json_object *root = json_tokener_parse(s), *runs, *run, *results, *rules, *o;
	int suppressed = 0;

	ck_assert(json_object_object_get_ex(root, "runs", &runs));
	run = json_object_array_get_idx(runs, 0);
	ck_assert(json_object_object_get_ex(run, "results", &results));
	json_object_object_get_ex(json_object_object_get(json_object_object_get(run, "tool"), "driver"),
	                          "rules", &rules);
	ck_assert_int_eq(json_object_array_length(rules), RULE_COUNT);
	for (size_t i = 0; i < json_object_array_length(results); i++) {
		struct json_object *r = json_object_array_get_idx(results, i), *idx, *id;
		json_object_object_get_ex(r, "ruleIndex", &idx);
		json_object_object_get_ex(r, "ruleId", &id);
		/* ruleIndex points at the descriptor with the same id. */
		ck_assert_str_eq(json_object_get_string(id),
		                 json_object_get_string(json_object_object_get(
		                     json_object_array_get_idx(rules, json_object_get_int(idx)), "id")));
		suppressed += json_object_object_get_ex(r, "suppressions", &o);
	}
	ck_assert_int_eq(suppressed, 2);
	/* The input error is a notification, and the run did not succeed. */
	o = json_object_array_get_idx(json_object_object_get(run, "invocations"), 0);
	ck_assert(!json_object_get_boolean(json_object_object_get(o, "executionSuccessful")));
	ck_assert_int_eq(json_object_array_length(json_object_object_get(o, "toolExecutionNotifications")), 1);
	/* %SRCROOT% is the root, as a directory URI. */
	ck_assert_str_eq(json_object_get_string(json_object_object_get(
	                     json_object_object_get(json_object_object_get(run, "originalUriBaseIds"),
	                                            "%SRCROOT%"), "uri")),
	                 "file:///src/");
	json_object_put(root);
	free(s);
	fx_free(fx);
}
END_TEST

/* Thousands of findings give the same report on one thread and on
 * several (the text report renders them on threads, blocks at a time),
 * in every format, with input errors first and among the others. */
START_TEST(test_reports_on_threads)
{
	struct fixture *fx = fx_new(fixture_a, sizeof(fixture_a) - 1);
	struct rule_ctx ctx = {&fake_overlap, NULL, &fx->diag, &fx->cfg};
	uint32_t len = (uint32_t)(sizeof(fixture_a) - 1);

	for (unsigned i = 0; i < 1500; i++) /* line 1 of a.td: sorted first */
		pl_diag(&fx->diag, PL_SEV_ERROR, NULL, pl_source_span(fx->a, i % 40, i % 40 + 1),
		        "input error %u", i);
	for (unsigned i = 0; i < 9000; i++) {
		uint32_t off = 60 + (i * 7) % (len - 61);
		struct pl_span sp = pl_source_span(i % 3 ? fx->a : fx->b, i % 3 ? off : i % 100,
		                                   (i % 3 ? off : i % 100) + 1);
		if (i % 997 == 0) {
			pl_diag(&fx->diag, PL_SEV_ERROR, NULL, sp, "input error in the middle %u", i);
			continue;
		}
		struct pl_diag *d = rule_report_begin(&ctx, sp, "finding %u \"q\" \\ \t", i);
		if (i % 2)
			rule_note(&ctx, d, fx_span(fx->a, "def A", 0), "note %u", i);
		rule_report_end(&ctx, d);
	}
	findings_scan_all(fx->fs);
	findings_finish(fx->fs);
	for (int k = 0; k < REPORT_COUNT; k++) {
		char *one = render_jobs(fx->fs, &fx->cfg, (enum report_kind)k, false, 1);
		for (unsigned jobs = 2; jobs <= 3; jobs++) {
			char *many = render_jobs(fx->fs, &fx->cfg, (enum report_kind)k, false, jobs);
			ck_assert_msg(strcmp(one, many) == 0, "%s differs with %u threads",
			              report_writers[k]->name, jobs);
			free(many);
		}
		if (k == REPORT_SARIF) {
			struct json_object *root = json_tokener_parse(one);
			ck_assert_ptr_nonnull(root);
			json_object_put(root);
		}
		free(one);
	}
	fx_free(fx);
}
END_TEST

/* Findings at one place come by rule, message, arrival (rules/findings.c
 * sorts such runs apart from the rest): messages that begin others,
 * messages sharing long beginnings, bytes above 0x7f (unsigned), equal
 * messages (by arrival), and input errors (no rule: first).  Expected: a
 * plain sort by strcmp. */
struct want {
	const char *rule, *msg;
	unsigned seq;
};

static int cmp_want(const void *pa, const void *pb)
{
	const struct want *a = pa, *b = pb;
	int c;

	if (!a->rule != !b->rule)
		return a->rule ? 1 : -1;
	if (a->rule && (c = strcmp(a->rule, b->rule)))
		return c;
	if ((c = strcmp(a->msg, b->msg)))
		return c;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Many findings at three places (2,500, 2,500 and 1,000, messages in a
 * scrambled order, two rules): sorted on two threads, which split the
 * runs of one place between them at the middle of the keys unless they
 * move the split to a run's end, they come in the order one thread gives. */
static struct fixture *many_at_three(unsigned jobs)
{
	struct fixture *fx = fx_new(fixture_a, sizeof(fixture_a) - 1);
	static const char *const at[] = {"def A", "def B", "My_SubOp"};
	static const unsigned count[] = {2500, 2500, 1000};

	for (unsigned p = 0; p < 3; p++) {
		struct pl_span sp = fx_span(fx->a, at[p], 0);
		for (unsigned i = 0; i < count[p]; i++) {
			struct rule_ctx ctx = {i % 3 ? &fake_overlap : &fake_benefit, NULL, &fx->diag, &fx->cfg};
			rule_report(&ctx, sp, "pattern 'P%u' overlaps 'Q%u'", (i * 7919) % 613, i % 17);
		}
	}
	findings_scan_all(fx->fs);
	findings_set_jobs(fx->fs, jobs);
	findings_finish(fx->fs);
	return fx;
}

START_TEST(test_sort_runs_on_threads)
{
	struct fixture *one = many_at_three(1), *two = many_at_three(2);

	ck_assert_uint_eq(findings_count(one->fs), findings_count(two->fs));
	for (size_t i = 0; i < findings_count(one->fs); i++) {
		const struct finding *a = findings_at(one->fs, i), *b = findings_at(two->fs, i);
		ck_assert_uint_eq(a->diag->span.off, b->diag->span.off);
		ck_assert_str_eq(a->diag->rule ? a->diag->rule : "-", b->diag->rule ? b->diag->rule : "-");
		ck_assert_str_eq(a->diag->msg, b->diag->msg);
		ck_assert_uint_eq(a->seq, b->seq);
		if (i) {
			const struct finding *prev = findings_at(two->fs, i - 1);
			if (prev->diag->span.off == b->diag->span.off && prev->diag->rule == b->diag->rule)
				ck_assert_int_le(strcmp(prev->diag->msg, b->diag->msg), 0);
		}
	}
	fx_free(one);
	fx_free(two);
}
END_TEST

START_TEST(test_sort_at_one_place)
{
	static const char *const msgs[] = {
		"pattern 'P' overlaps 'Q12'", "pattern 'P' overlaps 'Q1'", "pattern 'P' overlaps 'Q'",
		"pattern 'P' overlaps 'Q2'", "pattern 'P' overlaps 'Qabcdefgh2'",
		"pattern 'P' overlaps 'Qabcdefgh1'", "pattern 'P' overlaps 'Qabcdefgh'",
		"pattern 'P' overlaps '\xc3\xa9'", "pattern 'P' overlaps 'z'", "pattern 'P' overlaps 'Q1'",
		"pattern 'P' overlaps", "pattern 'P' overlaps 'Qabcdefgh2'", "pattern 'P' overlaps 'Q12'",
	};
	enum { N = sizeof msgs / sizeof *msgs };
	const struct rule *rules[] = {&fake_overlap, &fake_benefit, NULL};
	struct fixture *fx = fx_new(fixture_a, sizeof(fixture_a) - 1);
	struct pl_span sp = fx_span(fx->a, "def A", 0);
	struct want want[3 * N];
	unsigned n = 0;

	for (unsigned r = 0; r < 3; r++)
		for (unsigned i = 0; i < N; i++) {
			const char *m = msgs[(i * 5 + r) % N];
			if (rules[r]) {
				struct rule_ctx ctx = {rules[r], NULL, &fx->diag, &fx->cfg};
				rule_report(&ctx, sp, "%s", m);
			} else {
				pl_diag(&fx->diag, PL_SEV_ERROR, NULL, sp, "%s", m);
			}
			want[n] = (struct want){rules[r] ? rules[r]->id : NULL, m, n};
			n++;
		}
	qsort(want, n, sizeof *want, cmp_want);
	/* a run whose messages differ first in a byte above 0x7f */
	struct pl_span sp2 = fx_span(fx->a, "def B", 0);
	static const char *const hi[] = {"at \xc3\xa9", "at z", "at \x7f", "at \xc3\xa8"};
	for (unsigned i = 0; i < 4; i++) {
		struct rule_ctx ctx = {&fake_overlap, NULL, &fx->diag, &fx->cfg};
		rule_report(&ctx, sp2, "%s", hi[i]);
	}
	findings_scan_all(fx->fs);
	findings_finish(fx->fs);
	/* the fixture's own findings (unused suppressions) are elsewhere */
	const struct finding *got[3 * N];
	unsigned k = 0;
	for (size_t i = 0; i < findings_count(fx->fs); i++) {
		const struct finding *f = findings_at(fx->fs, i);
		if (f->diag->span.file == sp.file && f->diag->span.off == sp.off) {
			ck_assert_uint_lt(k, n);
			got[k++] = f;
		}
	}
	ck_assert_uint_eq(k, n);
	static const char *const hi_sorted[] = {"at z", "at \x7f", "at \xc3\xa8", "at \xc3\xa9"};
	unsigned h = 0;
	for (size_t i = 0; i < findings_count(fx->fs); i++) {
		const struct pl_diag *d = findings_at(fx->fs, i)->diag;
		if (d->span.file == sp2.file && d->span.off == sp2.off) {
			ck_assert_uint_lt(h, 4);
			ck_assert_str_eq(d->msg, hi_sorted[h++]);
		}
	}
	ck_assert_uint_eq(h, 4);
	for (unsigned i = 0; i < n; i++) {
		const struct pl_diag *d = got[i]->diag;
		ck_assert_msg((d->rule == NULL) == (want[i].rule == NULL) &&
		              (!d->rule || strcmp(d->rule, want[i].rule) == 0) &&
		              strcmp(d->msg, want[i].msg) == 0,
		              "finding %u: %s '%s', want %s '%s'", i, d->rule ? d->rule : "-", d->msg,
		              want[i].rule ? want[i].rule : "-", want[i].msg);
		/* equal messages keep their arrival order */
		if (i && d->rule == got[i - 1]->diag->rule && strcmp(d->msg, got[i - 1]->diag->msg) == 0)
			ck_assert_uint_gt(got[i]->seq, got[i - 1]->seq);
	}
	fx_free(fx);
}
END_TEST

/* Columns: the finding on line 8 starts after "Dé😀 ..." (multi-byte):
 * SARIF counts UTF-16 code units, JSON counts bytes. */
START_TEST(test_sarif_utf16_columns)
{
	struct fixture *fx = fx_run();
	char *s = render(fx->fs, &fx->cfg, REPORT_SARIF, false);
	char *j = render(fx->fs, &fx->cfg, REPORT_JSON, false);
	struct pl_span sp = fx_span(fx->a, "$w", 0);

	/* bytes: "def D" 5 + é 2 + 😀 4 = 11 bytes before " : Pat" */
	ck_assert_uint_eq(sp.line, 8);
	ck_assert_ptr_nonnull(strstr(j, "\"column\": 44"));
	ck_assert_uint_eq(sp.col, 44);
	/* UTF-16: é is 1 unit, 😀 is 2: 44 - 1 - 2 = 41 */
	ck_assert_ptr_nonnull(strstr(s, "\"startColumn\": 41"));
	free(s);
	free(j);
	fx_free(fx);
}
END_TEST

/* Run the check-command report stage on the fixture with options. */
static int stage(struct fixture *fx, const struct report_options *opt)
{
	return report_run(fx->fs, &fx->cfg, opt);
}

static struct fixture *fx_collected(const char *text, size_t len)
{
	struct fixture *fx = fx_new(text, len);
	struct rule_ctx ctx = {&fake_overlap, NULL, &fx->diag, &fx->cfg};

	fx_current = fx;
	fake_check(&ctx);
	findings_set_judged(fx->fs, "overlapping-matchers", true);
	findings_set_judged(fx->fs, "unbound-variable", true);
	findings_set_judged(fx->fs, "benefit-conflict", true);
	return fx;
}

START_TEST(test_baseline_round_trip)
{
	char dir[] = "/tmp/pl-baseline-XXXXXX";
	char base[4200], out[4200], out2[4200];
	struct report_options opt = {0};
	struct fixture *fx;
	char *s;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(base, sizeof(base), "%s/base.sarif", dir);
	snprintf(out, sizeof(out), "%s/out.json", dir);
	snprintf(out2, sizeof(out2), "%s/out2.json", dir);

	/* 1. Write the baseline: status 2 here only because of the input
	 * error, and the baseline file exists. */
	fx = fx_collected(fixture_a, sizeof(fixture_a) - 1);
	opt.kind = REPORT_JSON;
	opt.output = out;
	opt.write_baseline = base;
	opt.color = 0;
	ck_assert_int_eq(stage(fx, &opt), 2);
	fx_free(fx);
	ck_assert_int_eq(access(base, R_OK), 0);
	s = slurp(base);
	ck_assert_ptr_null(strstr(s, "\"suppressions\"")); /* baselines hold active findings only */
	free(s);

	/* 2. Same findings, lines shifted by two new lines at the top, plus a
	 * new finding: only the new one is reported. */
	{
		size_t n = sizeof(fixture_a) - 1;
		char *shifted = malloc(n + 64);
		strcpy(shifted, "// new header\n\n");
		strcat(shifted, fixture_a);
		fx = fx_collected(shifted, strlen(shifted));
		free(shifted);
	}
	{
		struct rule_ctx ctx = {&fake_overlap, NULL, &fx->diag, &fx->cfg};
		rule_report(&ctx, fx_span(fx->a, "def C", 0), "pattern 'C' overlaps pattern 'D'");
	}
	memset(&opt, 0, sizeof(opt));
	opt.kind = REPORT_JSON;
	opt.output = out2;
	opt.baseline = base;
	ck_assert_int_eq(stage(fx, &opt), 2); /* still the input error */
	ck_assert_uint_eq(findings_input_errors(fx->fs), 1);
	ck_assert_int_eq(findings_exit_status(fx->fs, RULE_FAIL_WARNING), 1);
	{
		unsigned counts[PL_SEV_COUNT];
		findings_counts(fx->fs, counts);
		ck_assert_uint_eq(counts[PL_SEV_WARNING], 1); /* the new overlap */
		ck_assert_uint_eq(counts[PL_SEV_ERROR], 1);   /* the input error */
		ck_assert_uint_eq(findings_baselined(fx->fs), 6);
	}
	s = slurp(out2);
	ck_assert_ptr_nonnull(strstr(s, "pattern 'C' overlaps pattern 'D'"));
	ck_assert_ptr_null(strstr(s, "pattern 'A' overlaps"));
	free(s);
	fx_free(fx);

	/* 3. A baseline that is not SARIF is an error. */
	write_file(out, "{\"not\": \"sarif\"}");
	fx = fx_collected(fixture_a, sizeof(fixture_a) - 1);
	memset(&opt, 0, sizeof(opt));
	opt.output = out2;
	opt.baseline = out;
	ck_assert_int_eq(stage(fx, &opt), 2);
	fx_free(fx);

	unlink(base);
	unlink(out);
	unlink(out2);
	rmdir(dir);
}
END_TEST

/* The counts are made once and kept: a finding added or handed out to be
 * changed after they were asked for counts when they are asked again. */
START_TEST(test_counts_follow_changes)
{
	struct fixture *fx = fx_new(fixture_a, sizeof(fixture_a) - 1);
	struct rule_ctx ctx = {&fake_overlap, NULL, &fx->diag, &fx->cfg};
	unsigned counts[PL_SEV_COUNT];

	rule_report(&ctx, fx_span(fx->a, "def C", 0), "a warning");
	findings_finish(fx->fs);
	findings_counts(fx->fs, counts);
	ck_assert_uint_eq(counts[PL_SEV_WARNING], 1);
	ck_assert_int_eq(findings_exit_status(fx->fs, RULE_FAIL_WARNING), 1);
	ck_assert_uint_eq(findings_baselined(fx->fs), 0);
	findings_at_mut(fx->fs, 0)->in_baseline = true;
	findings_counts(fx->fs, counts);
	ck_assert_uint_eq(counts[PL_SEV_WARNING], 0);
	ck_assert_uint_eq(findings_baselined(fx->fs), 1);
	ck_assert_int_eq(findings_exit_status(fx->fs, RULE_FAIL_WARNING), 0);
	rule_report(&ctx, fx_span(fx->a, "def C", 0), "another warning");
	findings_counts(fx->fs, counts);
	ck_assert_uint_eq(counts[PL_SEV_WARNING], 1);
	ck_assert_int_eq(findings_exit_status(fx->fs, RULE_FAIL_WARNING), 1);
	fx_free(fx);
}
END_TEST

START_TEST(test_fail_on_levels)
{
	struct fixture *fx = fx_run();

	/* Active rule findings: warnings (overlap, unused suppressions) and
	 * one error (unbound-variable). */
	ck_assert_int_eq(findings_exit_status(fx->fs, RULE_FAIL_ERROR), 1);
	ck_assert_int_eq(findings_exit_status(fx->fs, RULE_FAIL_NEVER), 0);
	fx_free(fx);

	fx = fx_new(fixture_a, sizeof(fixture_a) - 1);
	{
		struct rule_ctx ctx = {&fake_overlap, NULL, &fx->diag, &fx->cfg};
		rule_report(&ctx, fx_span(fx->a, "def C", 0), "a warning");
	}
	findings_finish(fx->fs);
	ck_assert_int_eq(findings_exit_status(fx->fs, RULE_FAIL_ERROR), 0);
	ck_assert_int_eq(findings_exit_status(fx->fs, RULE_FAIL_WARNING), 1);
	ck_assert_int_eq(findings_exit_status(fx->fs, RULE_FAIL_NOTE), 1);
	fx_free(fx);
}
END_TEST

START_TEST(test_kind_parse)
{
	enum report_kind k;

	ck_assert_int_eq(report_kind_parse(&k, "sarif"), 0);
	ck_assert_int_eq(k, REPORT_SARIF);
	ck_assert_int_eq(report_kind_parse(&k, "json"), 0);
	ck_assert_int_eq(k, REPORT_JSON);
	ck_assert_int_eq(report_kind_parse(&k, "text"), 0);
	ck_assert_int_eq(k, REPORT_TEXT);
	ck_assert_int_eq(report_kind_parse(&k, "xml"), -1);
}
END_TEST

static Suite *reports_suite(void)
{
	Suite *s = suite_create("reports");
	TCase *tc;

	tc = tcase_create("text");
	tcase_add_test(tc, test_text_golden);
	tcase_add_test(tc, test_text_color);
	tcase_add_test(tc, test_text_clean_is_quiet);
	suite_add_tcase(s, tc);
	tc = tcase_create("json");
	tcase_add_test(tc, test_json_golden);
	tcase_add_test(tc, test_json_hostile_strings);
	suite_add_tcase(s, tc);
	tc = tcase_create("sarif");
	tcase_add_test(tc, test_sarif_golden);
	tcase_add_test(tc, test_sarif_structure);
	tcase_add_test(tc, test_sarif_utf16_columns);
	tcase_add_test(tc, test_sort_at_one_place);
	suite_add_tcase(s, tc);
	/* 10,500 findings in three formats on one to three threads, and sorts
	 * on threads: 3.7 s under ThreadSanitizer alone, past Check's
	 * default 4 s when `make -j2 check` runs other tests beside them */
	tc = tcase_create("threads");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_reports_on_threads);
	tcase_add_test(tc, test_sort_runs_on_threads);
	suite_add_tcase(s, tc);
	tc = tcase_create("gate");
	tcase_add_test(tc, test_baseline_round_trip);
	tcase_add_test(tc, test_fail_on_levels);
	tcase_add_test(tc, test_counts_follow_changes);
	tcase_add_test(tc, test_kind_parse);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(reports_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
