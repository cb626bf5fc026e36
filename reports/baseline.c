/*
 * baseline.c -- reading a baseline: a SARIF file whose results carry
 * patlint fingerprints (partialFingerprints["patlintFingerprint/v1"]), as
 * --write-baseline and --format=sarif write them.  The only file in
 * patlint that reads JSON, through json-c.
 */
#include "config.h"
#include "reports/report.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "analyzer/arena.h"
#include "analyzer/util.h"

/* A set of fingerprint strings (open addressing, heap). */
struct fpset {
	char **slots;
	size_t cap, len;
};

static size_t slot_of(const struct fpset *s, const char *fp)
{
	size_t i = (size_t)pl_hash_bytes(fp, strlen(fp)) & (s->cap - 1);

	while (s->slots[i] && strcmp(s->slots[i], fp) != 0)
		i = (i + 1) & (s->cap - 1);
	return i;
}

static void fpset_add(struct fpset *s, const char *fp)
{
	if ((s->len + 1) * 2 > s->cap) {
		struct fpset n = {pl_xcalloc(s->cap ? s->cap * 2 : 64, sizeof(char *)),
		                  s->cap ? s->cap * 2 : 64, 0};
		for (size_t i = 0; i < s->cap; i++)
			if (s->slots[i]) {
				n.slots[slot_of(&n, s->slots[i])] = s->slots[i];
				n.len++;
			}
		free(s->slots);
		*s = n;
	}
	size_t i = slot_of(s, fp);
	if (!s->slots[i]) {
		s->slots[i] = pl_xstrdup(fp);
		s->len++;
	}
}

static bool fpset_has(const struct fpset *s, const char *fp)
{
	return s->cap && s->slots[slot_of(s, fp)] != NULL;
}

static void fpset_free(struct fpset *s)
{
	for (size_t i = 0; i < s->cap; i++)
		free(s->slots[i]);
	free(s->slots);
}

/* The JSON value that is all of text[0..len), or NULL after printing an
 * error at its file:line:col (the column in bytes). */
static struct json_object *parse_json(const char *text, size_t len, const char *path, FILE *err)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *root = NULL;
	const char *msg = "out of memory";
	size_t end = 0;

	if (tok && len <= INT_MAX) {
		root = json_tokener_parse_ex(tok, text, (int)len);
		enum json_tokener_error jerr = json_tokener_get_error(tok);
		end = json_tokener_get_parse_end(tok);
		if (!root) {
			msg = jerr == json_tokener_continue || jerr == json_tokener_success
			          ? "unexpected end of input" : json_tokener_error_desc(jerr);
		} else {
			while (end < len && (text[end] == ' ' || text[end] == '\t' || text[end] == '\r' ||
			                      text[end] == '\n'))
				end++;
			if (end < len) {
				msg = "unexpected text after the JSON value";
				json_object_put(root);
				root = NULL;
			}
		}
	}
	json_tokener_free(tok);
	if (!root) {
		unsigned line = 1;
		size_t bol = 0;
		for (size_t i = 0; i < end && i < len; i++)
			if (text[i] == '\n') {
				line++;
				bol = i + 1;
			}
		fprintf(err, "%s:%u:%zu: error: cannot read baseline: %s\n", path, line, end - bol + 1,
		        msg);
	}
	return root;
}

int report_baseline_apply(struct findings *fs, const char *path, FILE *err)
{
	struct json_object *root, *runs;
	struct fpset set = {0};
	int count = 0;
	char *text;
	size_t len;

	/* pl_read_file bounds the size: json_object_from_file reads /dev/zero
	 * forever (tests/hostile/cli-baseline-dev-zero.d). */
	if (pl_read_file(&text, &len, path) < 0) {
		fprintf(err, "patlint: cannot read baseline '%s': %s\n", path, pl_strerror(errno));
		return -1;
	}
	if (!(root = parse_json(text, len, path, err))) {
		free(text);
		return -1;
	}
	free(text);
	if (!json_object_object_get_ex(root, "runs", &runs) ||
	    !json_object_is_type(runs, json_type_array)) {
		fprintf(err, "patlint: baseline '%s' is not a SARIF file (no \"runs\" array)\n", path);
		json_object_put(root);
		return -1;
	}
	/* A run without results, or a result without patlint's fingerprint
	 * (another tool's), matches nothing; results that are not an array,
	 * or patlint's fingerprint that is not a string, are a broken file,
	 * whose findings would otherwise all come back as new without a word.
	 * json-c keeps no positions, so the error names the value's place. */
	for (size_t r = 0; count >= 0 && r < json_object_array_length(runs); r++) {
		struct json_object *run = json_object_array_get_idx(runs, r), *results;
		if (!json_object_object_get_ex(run, "results", &results))
			continue;
		if (!json_object_is_type(results, json_type_array)) {
			fprintf(err, "patlint: baseline '%s': runs[%zu].results is not an array\n", path, r);
			count = -1;
			break;
		}
		for (size_t i = 0; i < json_object_array_length(results); i++) {
			struct json_object *res = json_object_array_get_idx(results, i), *pf, *fp;
			if (!json_object_object_get_ex(res, "partialFingerprints", &pf) ||
			    !json_object_object_get_ex(pf, REPORT_FINGERPRINT_KEY, &fp))
				continue;
			if (!json_object_is_type(fp, json_type_string)) {
				fprintf(err,
				        "patlint: baseline '%s': runs[%zu].results[%zu].partialFingerprints"
				        "[\"%s\"] is not a string\n",
				        path, r, i, REPORT_FINGERPRINT_KEY);
				count = -1;
				break;
			}
			fpset_add(&set, json_object_get_string(fp));
			count++;
		}
	}
	json_object_put(root);
	if (count < 0) {
		fpset_free(&set);
		return -1;
	}
	for (size_t i = 0; i < findings_count(fs); i++) {
		struct finding *f = findings_at_mut(fs, i);
		if (f->diag->rule && f->fingerprint && fpset_has(&set, f->fingerprint))
			f->in_baseline = true;
	}
	fpset_free(&set);
	return count;
}
