/*
 * config.c -- the rule configuration: defaults, the project file
 * .patlint.toml, --enable/--disable lists and the --fail-on level.
 *
 * The file is a small subset of TOML, one setting per line:
 *
 *     # comment
 *     fail-on = "warning"          # error | warning | note | none
 *     [rules]
 *     all = "on"                   # applies to every rule, in line order
 *     overlapping-matchers = "off"
 *     benefit-conflict = "error"   # on | off | error | warning | note
 *
 * Values may be quoted ("off") or bare (off); keys may be quoted.  Lines
 * apply in order, so `all = "off"` followed by one rule `= "on"` enables
 * exactly that rule.  As in TOML, a key set twice in its table, or the
 * [rules] table opened twice, is an error (the second is most likely a
 * mistake that would otherwise win silently).
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "rules/rule.h"
#include "analyzer/cli.h"
#include "analyzer/source.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const fail_names[] = {"note", "warning", "error", "none"};

int rule_fail_on_parse(enum rule_fail_on *out, const char *name)
{
	for (unsigned i = 0; i < PL_ARRAY_LEN(fail_names); i++) {
		if (strcmp(name, fail_names[i]) == 0) {
			*out = (enum rule_fail_on)i;
			return 0;
		}
	}
	return -1;
}

const char *rule_fail_on_name(enum rule_fail_on f)
{
	return (unsigned)f < PL_ARRAY_LEN(fail_names) ? fail_names[f] : "warning";
}

void rule_config_init(struct rule_config *c)
{
	memset(c, 0, sizeof(*c));
	for (unsigned i = 0; i < RULE_COUNT; i++) {
		c->enabled[i] = !(rule_table[i]->flags & RULE_OFF_BY_DEFAULT);
		c->severity[i] = rule_table[i]->severity;
	}
	c->fail_on = RULE_FAIL_WARNING;
}

int rule_config_switch(struct rule_config *c, const char *ids, bool enable, FILE *err)
{
	const char *p = ids;

	for (;;) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		char *id = pl_xstrndup(p, n);
		unsigned idx;

		if (strcmp(id, "all") == 0) {
			for (unsigned i = 0; i < RULE_COUNT; i++)
				c->enabled[i] = enable;
		} else if (rule_find(id, &idx)) {
			c->enabled[idx] = enable;
		} else {
			fprintf(err, "patlint: unknown rule '%s' (see 'patlint --list-rules')\n", id);
			free(id);
			return -1;
		}
		free(id);
		if (!end)
			return 0;
		p = end + 1;
	}
}

/* Apply one [rules] setting to rule index i (RULE_COUNT: all rules). */
static int set_rule(struct rule_config *c, unsigned i, const char *val)
{
	enum pl_severity sev;
	bool on = strcmp(val, "on") == 0, off = strcmp(val, "off") == 0;
	bool is_sev = pl_severity_parse(&sev, val) == 0;
	unsigned lo = i == RULE_COUNT ? 0 : i, hi = i == RULE_COUNT ? RULE_COUNT : i + 1;

	if (!on && !off && !is_sev)
		return -1;
	for (unsigned k = lo; k < hi; k++) {
		c->enabled[k] = !off;
		if (is_sev)
			c->severity[k] = sev;
	}
	return 0;
}

/* Read a key or value token at *pp: "quoted" or a bare run of
 * [A-Za-z0-9_.-].  Returns a heap string or NULL. */
static char *token(const char **pp)
{
	const char *p = *pp;
	const char *start;

	if (*p == '"') {
		start = ++p;
		while (*p && *p != '"' && *p != '\\')
			p++;
		if (*p != '"')
			return NULL; /* unterminated, or escapes (not needed here) */
		*pp = p + 1;
		return pl_xstrndup(start, (size_t)(p - start));
	}
	start = p;
	while (isalnum((unsigned char)*p) || *p == '-' || *p == '_' || *p == '.')
		p++;
	if (p == start)
		return NULL;
	*pp = p;
	return pl_xstrndup(start, (size_t)(p - start));
}

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* What a file has set so far: the line of each key's first setting (0:
 * not set), for the duplicate errors. */
struct parse_state {
	int section;                     /* 0 at top level, 1 in [rules] */
	unsigned lineno;                 /* the line being parsed */
	unsigned rules_line;             /* [rules] */
	unsigned fail_on_line;           /* fail-on */
	unsigned rule_line[RULE_COUNT + 1]; /* a rule id's, [RULE_COUNT] all's */
	char again[64];                  /* the message of a duplicate */
};

/* Record that a key is set on this line; the line of its first setting
 * when it was set before (0 when not). */
static unsigned set_once(struct parse_state *st, unsigned *first)
{
	if (*first)
		return *first;
	*first = st->lineno;
	return 0;
}

/* Parse one line (NUL-terminated, without the newline).  Returns NULL, or
 * an error message (static, or st->again) with *at where in line the
 * problem is. */
static const char *parse_line(struct rule_config *c, struct parse_state *st, const char *line,
                              char **bad, const char **at)
{
	const char *p = skip_ws(line), *kp, *vp;
	const char *msg = NULL;
	char *key = NULL, *val = NULL;
	unsigned before;

	if (*p == '\0' || *p == '#')
		return NULL;
	if (*p == '[') {
		kp = p = skip_ws(p + 1);
		key = token(&p);
		p = skip_ws(p);
		if (!key || *p != ']') {
			msg = "expected '[rules]'";
			*at = key ? p : kp;
		} else if (strcmp(key, "rules") != 0) {
			msg = "unknown section (expected [rules])";
			*at = kp;
			*bad = key;
			key = NULL;
		} else if ((before = set_once(st, &st->rules_line)) != 0) {
			snprintf(st->again, sizeof st->again, "[rules] opened again (first on line %u)", before);
			msg = st->again;
			*at = kp;
		} else {
			st->section = 1;
			p = skip_ws(p + 1);
			if (*p && *p != '#') {
				msg = "unexpected text after section header";
				*at = p;
			}
		}
		free(key);
		return msg;
	}
	kp = p;
	key = token(&p);
	p = skip_ws(p);
	if (!key || *p != '=') {
		msg = "expected 'key = value'";
		*at = key ? p : kp;
		goto out;
	}
	vp = p = skip_ws(p + 1);
	val = token(&p);
	p = skip_ws(p);
	if (!val || (*p && *p != '#')) {
		msg = "expected a value such as \"warning\" or \"off\"";
		*at = val ? p : vp;
		goto out;
	}
	if (st->section == 0) {
		enum rule_fail_on f;
		if (strcmp(key, "fail-on") != 0) {
			msg = "unknown setting (expected fail-on, or rule ids under [rules])";
			*at = kp;
			*bad = key;
			key = NULL;
		} else if (rule_fail_on_parse(&f, val) < 0) {
			msg = "invalid fail-on level (expected error, warning, note or none)";
			*at = vp;
			*bad = val;
			val = NULL;
		} else if ((before = set_once(st, &st->fail_on_line)) != 0) {
			snprintf(st->again, sizeof st->again, "fail-on set again (first on line %u)", before);
			msg = st->again;
			*at = kp;
		} else {
			c->fail_on = f;
		}
	} else {
		unsigned idx = RULE_COUNT;
		if (strcmp(key, "all") != 0 && !rule_find(key, &idx)) {
			msg = "unknown rule";
			*at = kp;
			*bad = key;
			key = NULL;
		} else if ((before = set_once(st, &st->rule_line[idx])) != 0) {
			snprintf(st->again, sizeof st->again, "rule set again (first on line %u)", before);
			msg = st->again;
			*at = kp;
			*bad = key;
			key = NULL;
		} else if (set_rule(c, idx, val) < 0) {
			msg = "invalid rule setting (expected on, off, error, warning or note)";
			*at = vp;
			*bad = val;
			val = NULL;
		}
	}
out:
	free(key);
	free(val);
	return msg;
}

int rule_config_parse(struct rule_config *c, const char *name, const char *text, size_t len,
                      FILE *err)
{
	const char *p = text, *end = text + len;
	struct parse_state st = {.section = 0};
	int rc = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *nul = memchr(p, '\0', n);
		char *line;
		char *bad = NULL;
		const char *msg, *at = NULL;
		size_t col;

		st.lineno++;
		if (n && p[n - 1] == '\r')
			n--;
		line = pl_xstrndup(p, n);
		if (nul) {
			msg = "NUL byte in configuration";
			col = (size_t)(nul - p) + 1;
		} else {
			msg = parse_line(c, &st, line, &bad, &at);
			col = at ? (size_t)(at - line) + 1 : 1;
		}
		if (msg) {
			fprintf(err, "%s:%u:%zu: error: %s%s%s%s\n", name, st.lineno, col, msg,
			        bad ? ": '" : "", bad ? bad : "", bad ? "'" : "");
			rc = -1;
		}
		free(bad);
		free(line);
		p = nl ? nl + 1 : end;
	}
	return rc;
}

int rule_config_load(struct rule_config *c, const char *path, FILE *err)
{
	char *buf;
	size_t len;
	int rc;

	if (pl_read_file(&buf, &len, path) < 0) {
		fprintf(err, "patlint: cannot read '%s': %s\n", path, pl_strerror(errno));
		return -1;
	}
	rc = rule_config_parse(c, path, buf, len, err);
	free(buf);
	return rc;
}

static bool exists(const char *dir, const char *name, bool want_dir)
{
	struct pl_buf b = {0};
	struct stat st;
	bool ok;

	pl_buf_printf(&b, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, name);
	ok = stat(pl_buf_cstr(&b), &st) == 0 && (want_dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
	pl_buf_free(&b);
	return ok;
}

char *rule_config_discover(const char *dir)
{
	char *d = pl_xstrdup(dir && *dir ? dir : ".");

	for (;;) {
		if (exists(d, RULE_CONFIG_NAME, false)) {
			struct pl_buf b = {0};
			pl_buf_printf(&b, "%s/%s", strcmp(d, "/") == 0 ? "" : d, RULE_CONFIG_NAME);
			free(d);
			return pl_buf_detach(&b);
		}
		if (exists(d, ".git", false) || exists(d, ".git", true))
			break;
		/* Go to the parent: strip the last component. */
		size_t n = strlen(d);
		while (n > 1 && d[n - 1] == '/')
			n--;
		while (n > 0 && d[n - 1] != '/')
			n--;
		if (n == 0)
			break; /* a relative path with no more components */
		while (n > 1 && d[n - 1] == '/')
			n--;
		if (strlen(d) == n)
			break; /* at "/" */
		d[n] = '\0';
	}
	free(d);
	return NULL;
}

int rule_config_from_cli(struct rule_config *out, const struct pl_options *o,
                         struct pl_source_mgr *sm, FILE *err)
{
	rule_config_init(out);
	if (!o->no_config) {
		char *path = NULL;
		if (o->config) {
			path = pl_xstrdup(o->config);
		} else {
			char *cwd = getcwd(NULL, 0);
			if (cwd)
				path = rule_config_discover(cwd);
			free(cwd);
		}
		if (path && rule_config_load(out, path, err) < 0) {
			free(path);
			return -1;
		}
		if (path && sm)
			pl_source_note_read(sm, path, "configuration file");
		free(path);
	}
	for (size_t i = 0; i < o->rule_switches.len; i++) {
		const struct pl_rule_switch *sw = o->rule_switches.items[i];
		if (rule_config_switch(out, sw->ids, sw->enable, err) < 0)
			return -1;
	}
	if (o->fail_on) {
		enum rule_fail_on f;
		if (rule_fail_on_parse(&f, o->fail_on) < 0) {
			fprintf(err, "patlint: invalid --fail-on level '%s'\n", o->fail_on);
			return -1;
		}
		out->fail_on = f;
	}
	return 0;
}
