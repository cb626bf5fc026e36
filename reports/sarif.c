/*
 * sarif.c -- the SARIF 2.1.0 report, in the subset that code-scanning
 * services read (GitHub's "SARIF support for code scanning"):
 *
 *   - tool.driver: name, version, semanticVersion, informationUri, and
 *     every registered rule (id, name, shortDescription, fullDescription,
 *     help.text and help.markdown, defaultConfiguration.level,
 *     properties.tags and properties.precision), in rule_table order so
 *     ruleIndex is the rule's index;
 *   - results: ruleId, ruleIndex, level, message, one location with a full
 *     region, relatedLocations from the notes, partialFingerprints
 *     (primaryLocationLineHash and patlint's own), suppressions (kind
 *     inSource) for suppressed findings;
 *   - input errors are not results: they are toolExecutionNotifications of
 *     the invocation, whose executionSuccessful is then false;
 *   - artifact URIs are relative to the root with uriBaseId %SRCROOT%,
 *     which originalUriBaseIds maps to the root's file: URI; files outside
 *     the root get absolute file: URIs;
 *   - columns are UTF-16 code units (SARIF's default columnKind),
 *     converted from patlint's byte columns with the source text.
 */
#include "config.h"
#include "reports/report.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/verify.h"
#include "analyzer/json.h"
#include "analyzer/source.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define SRCROOT "%SRCROOT%"

static const char *level_name(enum pl_severity s)
{
	return s == PL_SEV_ERROR ? "error" : s == PL_SEV_WARNING ? "warning" : "note";
}

/* Bytes a URI keeps as they are: unreserved characters and '/'. */
static bool uri_plain(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
}

/* Percent-encode path for a URI (keeps unreserved characters and '/'). */
static void uri_encode(struct pl_buf *b, const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)path;

	while (*p) {
		const unsigned char *run = p;
		while (*p && uri_plain(*p))
			p++;
		pl_buf_add(b, (const char *)run, (size_t)(p - run));
		if (!*p)
			break;
		char esc[3] = {'%', hex[*p >> 4], hex[*p & 15]};
		pl_buf_add(b, esc, 3);
		p++;
	}
}

/* Message text as a sentence: SARIF wants plain-text messages to end with
 * a period. */
static void sentence(struct pl_json *j, const char *msg)
{
	size_t n = strlen(msg);

	if (n && (msg[n - 1] == '.' || msg[n - 1] == '!' || msg[n - 1] == '?'))
		pl_json_string_n(j, msg, n);
	else
		pl_json_string_tail(j, msg, n, ".");
}

static void message(struct pl_json *j, const char *text)
{
	pl_json_begin_object(j);
	pl_json_key(j, "text");
	sentence(j, text);
	pl_json_end_object(j);
}

/* UTF-16 column of byte column col on line (1-based) of f. */
static uint32_t utf16_col(struct pl_source_file *f, uint32_t line, uint32_t col)
{
	uint32_t units = 0;

	if (!f)
		return col;
	if (!f->line_starts) {
		uint32_t l, c;
		pl_source_linecol(f, 0, &l, &c); /* builds the line table */
	}
	if (line == 0 || line > f->n_lines)
		return col;
	const unsigned char *s = (const unsigned char *)f->buf + f->line_starts[line - 1];
	const unsigned char *end = (const unsigned char *)f->buf + f->len;
	for (uint32_t i = 0; i + 1 < col && s + i < end; i++) {
		if ((s[i] & 0xC0) == 0x80)
			continue; /* continuation byte */
		units += (s[i] >= 0xF0) ? 2 : 1;
	}
	return units + 1;
}

/* What a SARIF report keeps while it is written. */
struct sarif {
	struct pl_json j;
	char **uri;   /* uri[file id]: the artifact URI of that file (heap), or NULL */
	size_t n_uri;
};

/* The artifact URI of source file id (path: its findings_relpath): made
 * once per file, where every location of a large report named it anew. */
static const char *artifact_uri(struct sarif *st, uint32_t id, const char *path)
{
	if (id >= st->n_uri) {
		size_t n = st->n_uri ? st->n_uri : 16;
		while (n <= id)
			n *= 2;
		st->uri = pl_xrealloc(st->uri, n * sizeof(*st->uri));
		memset(st->uri + st->n_uri, 0, (n - st->n_uri) * sizeof(*st->uri));
		st->n_uri = n;
	}
	if (!st->uri[id]) {
		struct pl_buf b = {0};
		if (path[0] == '/')
			pl_buf_puts(&b, "file://");
		uri_encode(&b, path);
		st->uri[id] = pl_buf_detach(&b);
	}
	return st->uri[id];
}

static void artifact(struct sarif *st, uint32_t id, const char *path)
{
	struct pl_json *j = &st->j;

	pl_json_key(j, "artifactLocation");
	pl_json_begin_object(j);
	pl_json_key(j, "uri");
	pl_json_string(j, artifact_uri(st, id, path));
	if (path[0] != '/') {
		pl_json_key(j, "uriBaseId");
		pl_json_string(j, SRCROOT);
	}
	pl_json_end_object(j);
}

/* A physicalLocation for span (the caller has checked span.file). */
static void physical(struct sarif *st, struct findings *fs, struct pl_span s)
{
	struct pl_json *j = &st->j;
	struct pl_source_file *f = pl_source_get(findings_sources(fs), s.file);
	uint32_t line = s.line ? s.line : 1, col = s.col ? s.col : 1;
	uint32_t eline = s.end_line, ecol = s.end_col;

	if (eline < line || (eline == line && ecol < col)) {
		eline = line;
		ecol = col;
	}
	pl_json_key(j, "physicalLocation");
	pl_json_begin_object(j);
	artifact(st, s.file, findings_relpath(fs, s.file));
	pl_json_key(j, "region");
	pl_json_begin_object(j);
	pl_json_key(j, "startLine");
	pl_json_int(j, line);
	pl_json_key(j, "startColumn");
	pl_json_int(j, utf16_col(f, line, col));
	pl_json_key(j, "endLine");
	pl_json_int(j, eline);
	pl_json_key(j, "endColumn");
	pl_json_int(j, utf16_col(f, eline, ecol));
	pl_json_end_object(j);
	pl_json_end_object(j);
}

/* PascalCase of a kebab-case id, for reportingDescriptor.name. */
static void pascal(struct pl_buf *b, const char *id)
{
	bool up = true;

	for (const char *p = id; *p; p++) {
		if (*p == '-') {
			up = true;
			continue;
		}
		pl_buf_putc(b, up && *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p);
		up = false;
	}
}

static void indent_block(struct pl_buf *b, const char *code)
{
	const char *p = code;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		pl_buf_puts(b, "    ");
		pl_buf_add(b, p, n);
		pl_buf_putc(b, '\n');
		p = nl ? nl + 1 : p + n;
	}
}

static void rule_descriptor(struct pl_json *j, const struct rule *r)
{
	struct pl_buf b = {0};

	pl_json_begin_object(j);
	pl_json_key(j, "id");
	pl_json_string(j, r->id);
	pl_json_key(j, "name");
	pascal(&b, r->id);
	pl_json_string(j, pl_buf_cstr(&b));
	pl_buf_clear(&b);
	pl_json_key(j, "shortDescription");
	message(j, r->summary);
	pl_json_key(j, "fullDescription");
	message(j, r->help);

	pl_json_key(j, "help");
	pl_json_begin_object(j);
	pl_json_key(j, "text");
	pl_buf_puts(&b, r->help);
	pl_buf_puts(&b, "\n\nExample:\n\n");
	indent_block(&b, r->bad_example);
	pl_buf_puts(&b, "\nFixed:\n\n");
	indent_block(&b, r->good_example);
	pl_json_string(j, pl_buf_cstr(&b));
	pl_buf_clear(&b);
	pl_json_key(j, "markdown");
	pl_buf_printf(&b, "%s\n\n**Example**\n\n```%s\n%s```\n\n**Fixed**\n\n```%s\n%s```\n", r->help,
	              r->example_lang, r->bad_example, r->example_lang, r->good_example);
	pl_json_string(j, pl_buf_cstr(&b));
	pl_json_end_object(j);

	pl_json_key(j, "defaultConfiguration");
	pl_json_begin_object(j);
	if (r->flags & RULE_OFF_BY_DEFAULT) {
		pl_json_key(j, "enabled");
		pl_json_bool(j, false);
	}
	pl_json_key(j, "level");
	pl_json_string(j, level_name(r->severity));
	pl_json_end_object(j);

	pl_json_key(j, "properties");
	pl_json_begin_object(j);
	pl_json_key(j, "tags");
	pl_json_begin_array(j);
	for (const char *const *t = r->tags; t && *t; t++)
		pl_json_string(j, *t);
	pl_json_end_array(j);
	pl_json_key(j, "precision");
	pl_json_string(j, rule_precision_name(r->precision));
	if (r->flags & RULE_NOT_IMPLEMENTED) {
		pl_json_key(j, "implemented");
		pl_json_bool(j, false);
	}
	pl_json_end_object(j);
	pl_json_end_object(j);
	pl_buf_free(&b);
}

static int sarif_begin(struct report_ctx *rc)
{
	struct sarif *st = pl_xcalloc(1, sizeof(*st));
	struct pl_json *j = &st->j;
	struct pl_buf b = {0};
	const char *root = findings_root(rc->fs);

	rc->state = st;
	pl_json_init(j, rc->f, 2);
	pl_json_begin_object(j);
	pl_json_key(j, "$schema");
	pl_json_string(j, SARIF_SCHEMA);
	pl_json_key(j, "version");
	pl_json_string(j, "2.1.0");
	pl_json_key(j, "runs");
	pl_json_begin_array(j);
	pl_json_begin_object(j);

	pl_json_key(j, "tool");
	pl_json_begin_object(j);
	pl_json_key(j, "driver");
	pl_json_begin_object(j);
	pl_json_key(j, "name");
	pl_json_string(j, "patlint");
	pl_json_key(j, "version");
	pl_json_string(j, rc->tool_version);
	pl_json_key(j, "semanticVersion");
	pl_json_string(j, rc->tool_version);
	pl_json_key(j, "informationUri");
	pl_json_string(j, PACKAGE_URL);
	pl_json_key(j, "rules");
	pl_json_begin_array(j);
	for (unsigned i = 0; i < RULE_COUNT; i++)
		rule_descriptor(j, rule_table[i]);
	pl_json_end_array(j);
	pl_json_end_object(j);
	pl_json_end_object(j);

	pl_json_key(j, "originalUriBaseIds");
	pl_json_begin_object(j);
	pl_json_key(j, SRCROOT);
	pl_json_begin_object(j);
	pl_json_key(j, "uri");
	pl_buf_puts(&b, "file://");
	uri_encode(&b, root);
	if (b.data[b.len - 1] != '/')
		pl_buf_putc(&b, '/');
	pl_json_string(j, pl_buf_cstr(&b));
	pl_json_end_object(j);
	pl_json_end_object(j);
	pl_buf_free(&b);

	pl_json_key(j, "columnKind");
	pl_json_string(j, "utf16CodeUnits");
	pl_json_key(j, "results");
	pl_json_begin_array(j);
	return 0;
}

static const char *fingerprint_or_empty(const char *s) { return s ? s : ""; }

static int sarif_finding(struct report_ctx *rc, const struct finding *f)
{
	struct sarif *st = rc->state;
	struct pl_json *j = &st->j;
	const struct pl_diag *d = f->diag;
	const struct rule_finding_info *info = d->extra;
	unsigned id = 0;

	if (!d->rule)
		return 0; /* input errors are notifications, written in sarif_end */
	pl_json_begin_object(j);
	pl_json_key(j, "ruleId");
	pl_json_string(j, d->rule);
	if (f->rule) {
		pl_json_key(j, "ruleIndex");
		pl_json_int(j, f->rule_index);
	}
	pl_json_key(j, "level");
	pl_json_string(j, level_name(d->sev));
	pl_json_key(j, "message");
	message(j, d->msg);
	if (d->span.file) {
		pl_json_key(j, "locations");
		pl_json_begin_array(j);
		pl_json_begin_object(j);
		physical(st, rc->fs, d->span);
		pl_json_end_object(j);
		pl_json_end_array(j);
	}
	if (d->notes) {
		pl_json_key(j, "relatedLocations");
		pl_json_begin_array(j);
		for (const struct pl_note *n = d->notes; n; n = n->next) {
			pl_json_begin_object(j);
			pl_json_key(j, "id");
			pl_json_int(j, id++);
			if (n->span.file)
				physical(st, rc->fs, n->span);
			pl_json_key(j, "message");
			message(j, n->msg);
			pl_json_end_object(j);
		}
		pl_json_end_array(j);
	}
	pl_json_key(j, "partialFingerprints");
	pl_json_begin_object(j);
	if (f->line_hash) {
		pl_json_key(j, "primaryLocationLineHash");
		pl_json_string(j, f->line_hash);
	}
	pl_json_key(j, REPORT_FINGERPRINT_KEY);
	pl_json_string(j, fingerprint_or_empty(f->fingerprint));
	pl_json_end_object(j);
	if (f->suppressed_by) {
		pl_json_key(j, "suppressions");
		pl_json_begin_array(j);
		pl_json_begin_object(j);
		pl_json_key(j, "kind");
		pl_json_string(j, "inSource");
		if (f->suppressed_by->justification) {
			pl_json_key(j, "justification");
			pl_json_string(j, f->suppressed_by->justification);
		}
		if (f->suppressed_by->span.file) {
			pl_json_key(j, "location");
			pl_json_begin_object(j);
			physical(st, rc->fs, f->suppressed_by->span);
			pl_json_end_object(j);
		}
		pl_json_end_object(j);
		pl_json_end_array(j);
	}
	if (info && info->n_patterns) {
		pl_json_key(j, "properties");
		pl_json_begin_object(j);
		pl_json_key(j, "patterns");
		pl_json_begin_array(j);
		for (unsigned i = 0; i < info->n_patterns; i++) {
			if (info->patterns[i][0])
				pl_json_string(j, info->patterns[i]);
			else
				pl_json_null(j);
		}
		pl_json_end_array(j);
		const struct verify_result *vr = verify_lookup(d);
		if (vr) { /* check --verify: verdict, witness IR, applied patterns */
			pl_json_key(j, "verification");
			pl_json_string(j, verify_status_name(vr->status));
			pl_json_key(j, "verificationDetail");
			pl_json_string(j, vr->how);
			if (vr->witness) {
				pl_json_key(j, "witness");
				pl_json_string(j, vr->witness);
			}
			if (vr->trace) {
				pl_json_key(j, "trace");
				pl_json_string(j, vr->trace);
			}
		}
		pl_json_end_object(j);
	}
	pl_json_end_object(j);
	return 0;
}

static int sarif_end(struct report_ctx *rc)
{
	struct sarif *st = rc->state;
	struct pl_json *j = &st->j;
	size_t n = findings_count(rc->fs);
	bool any = false;

	pl_json_end_array(j); /* results */
	pl_json_key(j, "invocations");
	pl_json_begin_array(j);
	pl_json_begin_object(j);
	pl_json_key(j, "executionSuccessful");
	pl_json_bool(j, findings_input_errors(rc->fs) == 0);
	for (size_t i = 0; i < n; i++) {
		const struct finding *f = findings_at(rc->fs, i);
		const struct pl_diag *d = f->diag;
		if (d->rule || f->in_baseline)
			continue;
		if (!any) {
			pl_json_key(j, "toolExecutionNotifications");
			pl_json_begin_array(j);
			any = true;
		}
		pl_json_begin_object(j);
		pl_json_key(j, "level");
		pl_json_string(j, level_name(d->sev));
		pl_json_key(j, "message");
		message(j, d->msg);
		if (d->span.file) {
			pl_json_key(j, "locations");
			pl_json_begin_array(j);
			pl_json_begin_object(j);
			physical(st, rc->fs, d->span);
			pl_json_end_object(j);
			pl_json_end_array(j);
		}
		pl_json_end_object(j);
	}
	if (any)
		pl_json_end_array(j);
	pl_json_end_object(j);
	pl_json_end_array(j); /* invocations */
	pl_json_end_object(j); /* run */
	pl_json_end_array(j); /* runs */
	pl_json_end_object(j);
	pl_json_end(j);
	for (size_t i = 0; i < st->n_uri; i++)
		free(st->uri[i]);
	free(st->uri);
	free(st);
	rc->state = NULL;
	return 0;
}

const struct report_writer report_sarif_writer = {
	.name = "sarif",
	.begin = sarif_begin,
	.finding = sarif_finding,
	.end = sarif_end,
};
