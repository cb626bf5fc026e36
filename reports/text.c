/*
 * text.c -- the text report: each finding clang-style (file:line:col:
 * severity: message [rule-id], the source line, a caret range, notes for
 * related locations), then a summary line.  Colors follow
 * report_ctx.color, which the caller derives from --color, the terminal and
 * NO_COLOR.  Suppressed findings are not printed; a clean run prints
 * nothing.
 */
#include "config.h"
#include "reports/report.h"

#include "analyzer/verify.h"

#include <stdlib.h>
#include <string.h>

/* msg with control characters (other than tab) written as \n, \r or
 * \xNN, so one finding stays one line; NULL when msg is clean. */
static char *sanitize(const char *msg)
{
	struct pl_buf b = {0};
	bool dirty = false;

	/* most messages are clean: look for a control character first */
	size_t n = strlen(msg);
	if (pl_find_ctl(msg, n, false) == n)
		return NULL;
	for (const unsigned char *p = (const unsigned char *)msg; *p; p++) {
		if ((*p < 0x20 && *p != '\t') || *p == 0x7f) {
			dirty = true;
			if (*p == '\n')
				pl_buf_puts(&b, "\\n");
			else if (*p == '\r')
				pl_buf_puts(&b, "\\r");
			else
				pl_buf_printf(&b, "\\x%02x", *p);
		} else {
			pl_buf_putc(&b, (char)*p);
		}
	}
	if (!dirty) {
		pl_buf_free(&b);
		return NULL;
	}
	return pl_buf_detach(&b);
}

/* Each line of text, indented by four spaces.  The witness is escaped
 * already, but the applied-pattern lines carry pattern names as written:
 * other control characters show as '?', as in the rendered diagnostics. */
static void print_indented(FILE *f, const char *text)
{
	while (*text) {
		fputs("    ", f);
		for (; *text && *text != '\n'; text++) {
			unsigned char c = (unsigned char)*text;
			fputc((c < 0x20 && c != '\t') || c == 0x7f ? '?' : c, f);
		}
		fputc('\n', f);
		text += *text == '\n';
	}
}

static int text_finding(struct report_ctx *rc, const struct finding *f)
{
	struct pl_diag copy;
	char *clean;

	if (f->suppressed_by)
		return 0;
	clean = sanitize(f->diag->msg);
	copy = *f->diag;
	if (clean)
		copy.msg = clean;
	copy.msg_clean = true; /* sanitize looked at every byte */
	pl_diag_render(rc->f, findings_sources(rc->fs), &copy, rc->color);
	free(clean);
	/* check --verify: the verdict, the witness and the applied patterns. */
	const struct verify_result *v = verify_lookup(f->diag);
	if (v) {
		char *how = sanitize(v->how);
		fprintf(rc->f, "note: %s by the engine: %s\n", verify_status_name(v->status),
		        how ? how : v->how);
		free(how);
		if (v->witness) {
			fputs("  witness:\n", rc->f);
			print_indented(rc->f, v->witness);
		}
		if (v->trace) {
			fputs("  trace:\n", rc->f);
			print_indented(rc->f, v->trace);
		}
	}
	return 0;
}

static int text_end(struct report_ctx *rc)
{
	static const char *const names[PL_SEV_COUNT] = {"note", "warning", "error"};
	unsigned count[PL_SEV_COUNT];
	unsigned sup = findings_suppressed(rc->fs), base = findings_baselined(rc->fs);
	char parts[3][48];
	int n = 0;

	findings_counts(rc->fs, count);
	for (int s = PL_SEV_ERROR; s >= PL_SEV_NOTE; s--)
		if (count[s])
			snprintf(parts[n++], sizeof(parts[0]), "%u %s%s", count[s], names[s],
			         count[s] == 1 ? "" : "s");
	if (n == 0)
		return 0; /* quiet when clean */
	if (n == 1)
		fprintf(rc->f, "%s generated", parts[0]);
	else if (n == 2)
		fprintf(rc->f, "%s and %s generated", parts[0], parts[1]);
	else
		fprintf(rc->f, "%s, %s and %s generated", parts[0], parts[1], parts[2]);
	if (sup && base)
		fprintf(rc->f, " (%u suppressed, %u in baseline)", sup, base);
	else if (sup)
		fprintf(rc->f, " (%u suppressed)", sup);
	else if (base)
		fprintf(rc->f, " (%u in baseline)", base);
	fputs(".\n", rc->f);
	return 0;
}

const struct report_writer report_text_writer = {
	.name = "text",
	.begin = NULL,
	.finding = text_finding,
	.end = text_end,
	.per_finding = true,
};
