/*
 * registry.c -- the table of report writers, report_write, and the report
 * stage of `patlint check` (report_run).
 */
#define _GNU_SOURCE /* fopencookie */
#include "config.h"
#include "reports/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/cli.h"
#include "analyzer/ordered.h"
#include "analyzer/outfile.h"
#include "analyzer/parallel.h"

extern const struct report_writer report_text_writer;
extern const struct report_writer report_json_writer;
extern const struct report_writer report_sarif_writer;

const struct report_writer *const report_writers[REPORT_COUNT] = {
	[REPORT_TEXT] = &report_text_writer,   /* clang-style text, summary line */
	[REPORT_JSON] = &report_json_writer,   /* patlint's JSON schema (patlint.1) */
	[REPORT_SARIF] = &report_sarif_writer, /* SARIF 2.1.0 for code scanning */
};

int report_kind_parse(enum report_kind *out, const char *name)
{
	for (int k = 0; k < REPORT_COUNT; k++) {
		if (strcmp(report_writers[k]->name, name) == 0) {
			*out = (enum report_kind)k;
			return 0;
		}
	}
	return -1;
}

/* Whether report_write writes f. */
static bool written(const struct report_ctx *rc, const struct finding *f)
{
	return !f->in_baseline && !(rc->only_active && f->suppressed_by);
}

/* A per-finding writer's findings on rc->jobs threads (pl_ordered_run):
 * blocks of BLOCK findings, each rendered into a text of its own and
 * written in order by the calling thread, or rendered by it straight to
 * the report when every block before is written.  At most AHEAD texts
 * are held, whatever the number of findings.  (Windows of 4,096 findings
 * split in fixed halves, a thread started for each, made the calling
 * thread wait for the other half, whose thread often started a
 * millisecond or two late.)  Fewer than PARALLEL_MIN findings are
 * rendered on one thread: a 1,000-pattern set's 3,240 took 1.4 ms so and
 * 1.3-3.7 ms on two. */
enum { PARALLEL_MIN = 8192, BLOCK = 64, AHEAD = 32 };

struct render {
	struct report_ctx *rc;       /* the report's (its index counts on) */
	struct report_ctx base;      /* a copy from before the threads, which copy it */
	const struct report_writer *w;
	size_t n;
	struct pl_buf text[AHEAD];   /* kept from block to block: their pages are
	                              * faulted in once */
	unsigned count[AHEAD];       /* findings in each text */
};

/* A stream appending to a pl_buf: open_memstream zeroed every stretch it
 * grew by, and the main thread's share of a window's rendering went
 * mostly to that and to copying (cookie: the pl_buf). */
static ssize_t buf_write(void *cookie, const char *s, size_t n)
{
	pl_buf_add(cookie, s, n);
	return (ssize_t)n;
}

/* pl_ordered make: block b into text[slot], or (direct) to the report. */
static int render_block(void *ud, size_t b, unsigned slot, bool direct)
{
	struct render *r = ud;
	struct report_ctx rc = r->base;
	size_t lo = b * BLOCK, hi = lo + BLOCK < r->n ? lo + BLOCK : r->n;
	unsigned count = 0;
	int status = 0;

	if (!direct) {
		pl_buf_clear(&r->text[slot]);
		rc.f = fopencookie(&r->text[slot], "w", (cookie_io_functions_t){.write = buf_write});
		if (!rc.f)
			return -1;
		setvbuf(rc.f, NULL, _IONBF, 0); /* the renderers write in pieces of 8 KiB */
	}
	for (size_t i = lo; i < hi && status == 0; i++) {
		const struct finding *f = findings_at(rc.fs, i);
		findings_prefetch(rc.fs, i);
		if (!written(&rc, f))
			continue;
		if (r->w->finding(&rc, f) < 0)
			status = -1;
		count++;
	}
	if (direct) {
		r->rc->index += count;
	} else {
		if (fclose(rc.f) != 0)
			status = -1;
		r->count[slot] = count;
	}
	return status;
}

/* pl_ordered take: text[slot] to the report. */
static int write_block(void *ud, size_t b, unsigned slot)
{
	struct render *r = ud;
	const struct pl_buf *t = &r->text[slot];

	(void)b;
	r->rc->index += r->count[slot];
	return t->len && fwrite(t->data, 1, t->len, r->rc->f) != t->len ? -1 : 0;
}

/* All n findings of a per-finding writer on rc->jobs threads.  Returns 0,
 * -1 after a write error, or 1 when the caller must write them on one
 * thread (no memory for the bookkeeping). */
static int write_parallel(struct report_ctx *rc, const struct report_writer *w, size_t n)
{
	struct render *r = calloc(1, sizeof(*r));

	if (!r)
		return 1;
	r->rc = rc;
	r->base = *rc;
	r->w = w;
	r->n = n;
	struct pl_ordered o = {
		.n = (n + BLOCK - 1) / BLOCK, .jobs = rc->jobs, .ahead = AHEAD,
		.make = render_block, .take = write_block, .ud = r,
	};
	int status = pl_ordered_run(&o);
	for (unsigned k = 0; k < AHEAD; k++)
		pl_buf_free(&r->text[k]);
	free(r);
	return status;
}

int report_write(struct report_ctx *rc, enum report_kind kind)
{
	const struct report_writer *w = report_writers[kind];
	size_t n = findings_count(rc->fs);
	int rc_ = 0;

	if (!rc->tool_version)
		rc->tool_version = PACKAGE_VERSION;
	rc->index = 0;
	if (w->begin && w->begin(rc) < 0)
		return -1;
	bool threads = w->per_finding && rc->jobs > 1 && pl_threads_worth(n, PARALLEL_MIN);
	int par = threads ? write_parallel(rc, w, n) : 1;
	if (par < 0)
		rc_ = -1;
	for (size_t i = 0; par > 0 && i < n; i++) {
		const struct finding *f = findings_at(rc->fs, i);
		findings_prefetch(rc->fs, i);
		if (!written(rc, f))
			continue;
		if (w->finding(rc, f) < 0) {
			rc_ = -1;
			break;
		}
		rc->index++;
	}
	if (w->end && w->end(rc) < 0)
		rc_ = -1;
	if (ferror(rc->f))
		rc_ = -1;
	return rc_;
}

/* Write one report to path (NULL: stdout) atomically. */
static int write_to(struct findings *fs, const struct rule_config *cfg,
                    const struct report_options *opt, enum report_kind kind, const char *path,
                    bool only_active)
{
	struct pl_out out;
	struct report_ctx rc;
	int ok;

	if (pl_out_open(&out, path, findings_sources(fs)) < 0)
		return -1;
	memset(&rc, 0, sizeof(rc));
	rc.f = out.f;
	rc.fs = fs;
	rc.cfg = cfg;
	rc.tool_version = opt->tool_version;
	rc.only_active = only_active;
	rc.jobs = opt->jobs;
	rc.color = kind == REPORT_TEXT &&
	           (opt->color < 0 ? pl_diag_want_color(out.f) : opt->color > 0);
	ok = report_write(&rc, kind) == 0;
	if (!ok)
		fprintf(stderr, "patlint: error writing the %s report\n", report_writers[kind]->name);
	if (pl_out_close(&out, ok) < 0)
		ok = 0;
	return ok ? 0 : -1;
}

int report_run(struct findings *fs, const struct rule_config *cfg,
               const struct report_options *opt)
{
	int status;

	findings_scan_all(fs);
	/* the text report shows no fingerprints; baselines match on them */
	findings_want_fingerprints(fs, opt->kind != REPORT_TEXT || opt->baseline ||
	                               opt->write_baseline);
	findings_set_jobs(fs, opt->jobs);
	findings_finish(fs);
	/* the report's refusal of a file the run read (an include, known
	 * only now) comes before the baseline is written, not after */
	if (opt->write_baseline &&
	    (pl_out_check_reads(opt->output, NULL, 0, findings_sources(fs), opt->baseline) < 0 ||
	     write_to(fs, cfg, opt, REPORT_SARIF, opt->write_baseline, true) < 0))
		return 2;
	if (opt->baseline && report_baseline_apply(fs, opt->baseline, stderr) < 0)
		return 2;
	/* written before it is read, the baseline may be the --write-baseline
	 * file (rewritten in place); the report may not replace it */
	if (opt->baseline)
		pl_source_note_read(findings_sources(fs), opt->baseline, "baseline file");
	if (write_to(fs, cfg, opt, opt->kind, opt->output, false) < 0)
		return 2;
	if (findings_input_errors(fs))
		return 2;
	if (opt->write_baseline)
		return 0;
	status = findings_exit_status(fs, cfg ? cfg->fail_on : RULE_FAIL_WARNING);
	return status;
}

int report_options_from_cli(struct report_options *out, const struct pl_options *o, FILE *err)
{
	memset(out, 0, sizeof(*out));
	out->kind = REPORT_TEXT;
	if (o->format && report_kind_parse(&out->kind, o->format) < 0) {
		fprintf(err, "patlint: check: unsupported format '%s' (text, json, sarif)\n", o->format);
		return -1;
	}
	out->output = o->output;
	out->baseline = o->baseline;
	out->write_baseline = o->write_baseline;
	out->color = o->color == PL_COLOR_AUTO ? -1 : o->color == PL_COLOR_ALWAYS;
	out->jobs = o->jobs ? o->jobs : pl_jobs_default();
	return 0;
}
