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
#include "analyzer/cthreads.h"

#include "analyzer/cli.h"
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

/* Findings [lo, hi) of a per-finding writer, rendered by one of
 * report_write's threads into a memory stream of their own, or, the first
 * chunk of a window, by the calling thread straight to the report. */
struct chunk {
	const struct report_writer *w;
	struct report_ctx rc; /* a copy whose f is the memory stream (or the report's) */
	size_t lo, hi;
	bool direct;          /* write to rc.f itself, not to buf */
	struct pl_buf buf;    /* the text, kept from window to window: its pages are
	                       * faulted in once, not for every window */
	unsigned count;       /* findings written */
	int status;
};

/* A stream appending to a pl_buf: open_memstream zeroed every stretch it
 * grew by, and the main thread's share of a window's rendering went
 * mostly to that and to copying (cookie: the pl_buf). */
static ssize_t buf_write(void *cookie, const char *s, size_t n)
{
	pl_buf_add(cookie, s, n);
	return (ssize_t)n;
}

static int chunk_render(void *arg)
{
	struct chunk *c = arg;
	FILE *m = c->rc.f;

	if (!c->direct) {
		pl_buf_clear(&c->buf);
		m = fopencookie(&c->buf, "w", (cookie_io_functions_t){.write = buf_write});
		if (!m) {
			c->status = -1;
			return 0;
		}
		setvbuf(m, NULL, _IONBF, 0); /* the renderers write in pieces of 8 KiB */
		c->rc.f = m;
	}
	for (size_t i = c->lo; i < c->hi && c->status == 0; i++) {
		const struct finding *f = findings_at(c->rc.fs, i);
		if (!written(&c->rc, f))
			continue;
		if (c->w->finding(&c->rc, f) < 0)
			c->status = -1;
		c->count++;
	}
	if (!c->direct && fclose(m) != 0)
		c->status = -1;
	return 0;
}

/* Below this many findings one thread writes them all; above it they are
 * rendered a window at a time, so that the texts held in memory stay
 * bounded whatever the number of findings. */
enum { PARALLEL_MIN = 512, WINDOW = 4096 };

/* The findings [lo, hi) of a per-finding writer on rc->jobs threads, each
 * taking a contiguous share, written in order: the calling thread's (the
 * first) straight to the report while the others render theirs. */
static int write_window(struct report_ctx *rc, const struct report_writer *w, struct chunk *cs,
                        thrd_t *ids, size_t lo, size_t hi)
{
	unsigned jobs = rc->jobs;
	size_t n = hi - lo;
	int status = 0;

	for (unsigned t = 0; t < jobs; t++) {
		cs[t].w = w;
		cs[t].rc = *rc;
		cs[t].lo = lo + n * t / jobs;
		cs[t].hi = lo + n * (t + 1) / jobs;
		cs[t].direct = t == 0;
		cs[t].count = 0;
		cs[t].status = 0;
	}
	unsigned started = 1;
	while (started < jobs && thrd_create(&ids[started], chunk_render, &cs[started]) == thrd_success)
		started++;
	chunk_render(&cs[0]);
	for (unsigned t = 1; t < jobs; t++) {
		if (t < started)
			thrd_join(ids[t], NULL);
		else
			chunk_render(&cs[t]);
	}
	for (unsigned t = 0; t < jobs; t++) {
		const struct pl_buf *b = &cs[t].buf;
		if (cs[t].status < 0 || (!cs[t].direct && b->len && fwrite(b->data, 1, b->len, rc->f) != b->len))
			status = -1;
		rc->index += cs[t].count;
	}
	return status;
}

/* All n findings of a per-finding writer, rendered on rc->jobs threads a
 * window at a time: rendering the text report of a large run (excerpts,
 * escaping) was a twentieth of it, all on one thread after the parallel
 * phases.  Returns 0, -1 after a write error, or 1 when the caller must
 * write them on one thread (no memory for the bookkeeping). */
static int write_parallel(struct report_ctx *rc, const struct report_writer *w, size_t n)
{
	struct chunk *cs = calloc(rc->jobs, sizeof(*cs));
	thrd_t *ids = calloc(rc->jobs, sizeof(*ids));
	int status = 0;

	if (!cs || !ids) {
		free(cs);
		free(ids);
		return 1;
	}
	for (size_t lo = 0; lo < n; lo += WINDOW)
		if (write_window(rc, w, cs, ids, lo, lo + WINDOW < n ? lo + WINDOW : n) < 0)
			status = -1;
	for (unsigned t = 0; t < rc->jobs; t++)
		pl_buf_free(&cs[t].buf);
	free(cs);
	free(ids);
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
	int par = w->per_finding && rc->jobs > 1 && n >= PARALLEL_MIN ? write_parallel(rc, w, n) : 1;
	if (par < 0)
		rc_ = -1;
	for (size_t i = 0; par > 0 && i < n; i++) {
		const struct finding *f = findings_at(rc->fs, i);
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

	if (pl_out_open(&out, path) < 0)
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
	if (opt->write_baseline &&
	    write_to(fs, cfg, opt, REPORT_SARIF, opt->write_baseline, true) < 0)
		return 2;
	if (opt->baseline && report_baseline_apply(fs, opt->baseline, stderr) < 0)
		return 2;
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
