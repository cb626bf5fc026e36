/*
 * registry.c -- the table of report writers, report_write, and the report
 * stage of `patlint check` (report_run).
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "reports/report.h"

#include <string.h>

#include "analyzer/cli.h"
#include "analyzer/outfile.h"

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
	for (size_t i = 0; i < n; i++) {
		const struct finding *f = findings_at(rc->fs, i);
		if (f->in_baseline || (rc->only_active && f->suppressed_by))
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
	return 0;
}
