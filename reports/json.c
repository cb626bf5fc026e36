/*
 * json.c -- the JSON report: one object, documented in patlint.1 (JSON
 * OUTPUT):
 *
 *   {"version": 1, "tool": {"name": "patlint", "version": "..."},
 *    "findings": [{"rule", "severity", "message", "file", "line", "column",
 *                  "end_line", "end_column", "patterns", "notes",
 *                  "fingerprint", "line_hash", "suppressed", "suppression"}],
 *    "summary": {"errors", "warnings", "notes", "suppressed", "baseline"}}
 *
 * Findings come in the collector's stable order; input errors are findings
 * with "rule": null.  Paths are relative to the root (the working
 * directory); columns count bytes, as in the text report.
 */
#include "config.h"
#include "reports/report.h"

#include <stdlib.h>

#include "analyzer/json.h"
#include "analyzer/verify.h"

static const char *const kind_names[] = {"disable-next-line", "disable-line", "disable", "invalid"};

/* "file", "line", "column", "end_line", "end_column" of span (nulls when
 * it has no file). */
static void location(struct pl_json *j, struct findings *fs, struct pl_span s)
{
	const char *path = findings_relpath(fs, s.file);

	pl_json_key(j, "file");
	if (!path) {
		pl_json_null(j);
		pl_json_key(j, "line");
		pl_json_null(j);
		pl_json_key(j, "column");
		pl_json_null(j);
		pl_json_key(j, "end_line");
		pl_json_null(j);
		pl_json_key(j, "end_column");
		pl_json_null(j);
		return;
	}
	pl_json_string(j, path);
	pl_json_key(j, "line");
	pl_json_int(j, s.line);
	pl_json_key(j, "column");
	pl_json_int(j, s.col);
	pl_json_key(j, "end_line");
	pl_json_int(j, s.end_line ? s.end_line : s.line);
	pl_json_key(j, "end_column");
	pl_json_int(j, s.end_line ? s.end_col : s.col);
}

static int json_begin(struct report_ctx *rc)
{
	struct pl_json *j = pl_xcalloc(1, sizeof(*j));

	rc->state = j;
	pl_json_init(j, rc->f, 2);
	pl_json_begin_object(j);
	pl_json_key(j, "version");
	pl_json_int(j, 1);
	pl_json_key(j, "tool");
	pl_json_begin_object(j);
	pl_json_key(j, "name");
	pl_json_string(j, "patlint");
	pl_json_key(j, "version");
	pl_json_string(j, rc->tool_version);
	pl_json_end_object(j);
	pl_json_key(j, "findings");
	pl_json_begin_array(j);
	return 0;
}

static int json_finding(struct report_ctx *rc, const struct finding *f)
{
	struct pl_json *j = rc->state;
	const struct pl_diag *d = f->diag;
	const struct rule_finding_info *info = d->rule ? d->extra : NULL;

	pl_json_begin_object(j);
	pl_json_key(j, "rule");
	if (d->rule)
		pl_json_string(j, d->rule);
	else
		pl_json_null(j);
	pl_json_key(j, "severity");
	pl_json_string(j, pl_severity_name(d->sev));
	pl_json_key(j, "message");
	pl_json_string(j, d->msg);
	location(j, rc->fs, d->span);
	pl_json_key(j, "patterns");
	pl_json_begin_array(j);
	for (unsigned i = 0; info && i < info->n_patterns; i++) {
		if (info->patterns[i][0])
			pl_json_string(j, info->patterns[i]);
		else
			pl_json_null(j);
	}
	pl_json_end_array(j);
	pl_json_key(j, "notes");
	pl_json_begin_array(j);
	for (const struct pl_note *n = d->notes; n; n = n->next) {
		pl_json_begin_object(j);
		pl_json_key(j, "message");
		pl_json_string(j, n->msg);
		location(j, rc->fs, n->span);
		pl_json_end_object(j);
	}
	pl_json_end_array(j);
	const struct verify_result *vr = verify_lookup(d);
	if (vr) { /* check --verify */
		pl_json_key(j, "verification");
		pl_json_begin_object(j);
		pl_json_key(j, "status");
		pl_json_string(j, verify_status_name(vr->status));
		pl_json_key(j, "how");
		pl_json_string(j, vr->how);
		pl_json_key(j, "witness");
		if (vr->witness)
			pl_json_string(j, vr->witness);
		else
			pl_json_null(j);
		pl_json_key(j, "trace");
		if (vr->trace)
			pl_json_string(j, vr->trace);
		else
			pl_json_null(j);
		pl_json_end_object(j);
	}
	pl_json_key(j, "fingerprint");
	pl_json_string(j, f->fingerprint);
	pl_json_key(j, "line_hash");
	if (f->line_hash)
		pl_json_string(j, f->line_hash);
	else
		pl_json_null(j);
	pl_json_key(j, "suppressed");
	pl_json_bool(j, f->suppressed_by != NULL);
	pl_json_key(j, "suppression");
	if (f->suppressed_by) {
		const struct suppression *s = f->suppressed_by;
		pl_json_begin_object(j);
		pl_json_key(j, "kind");
		pl_json_string(j, kind_names[s->kind]);
		location(j, rc->fs, s->span);
		pl_json_key(j, "justification");
		if (s->justification)
			pl_json_string(j, s->justification);
		else
			pl_json_null(j);
		pl_json_end_object(j);
	} else {
		pl_json_null(j);
	}
	pl_json_end_object(j);
	return 0;
}

static int json_end(struct report_ctx *rc)
{
	struct pl_json *j = rc->state;
	unsigned count[PL_SEV_COUNT];

	findings_counts(rc->fs, count);
	pl_json_end_array(j);
	pl_json_key(j, "summary");
	pl_json_begin_object(j);
	pl_json_key(j, "errors");
	pl_json_int(j, count[PL_SEV_ERROR]);
	pl_json_key(j, "warnings");
	pl_json_int(j, count[PL_SEV_WARNING]);
	pl_json_key(j, "notes");
	pl_json_int(j, count[PL_SEV_NOTE]);
	pl_json_key(j, "suppressed");
	pl_json_int(j, findings_suppressed(rc->fs));
	pl_json_key(j, "baseline");
	pl_json_int(j, findings_baselined(rc->fs));
	pl_json_end_object(j);
	pl_json_end_object(j);
	pl_json_end(j);
	free(j);
	rc->state = NULL;
	return 0;
}

const struct report_writer report_json_writer = {
	.name = "json",
	.begin = json_begin,
	.finding = json_finding,
	.end = json_end,
};
