/*
 * json.c -- streaming JSON output with llvm::json-compatible escaping.
 */
#include "config.h"
#include "json.h"

#include <inttypes.h>
#include <string.h>

void pl_json_init(struct pl_json *j, FILE *f, int indent)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
	j->indent = indent;
}

static void newline(struct pl_json *j)
{
	if (!j->indent)
		return;
	fputc('\n', j->f);
	for (unsigned i = 0; i < j->depth * (unsigned)j->indent; i++)
		fputc(' ', j->f);
}

/* Separator before a value (not after a key). */
static void before_value(struct pl_json *j)
{
	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (j->depth && j->need_comma[j->depth])
		fputc(',', j->f);
	if (j->depth) {
		j->need_comma[j->depth] = true;
		newline(j);
	}
}

static void open_container(struct pl_json *j, char c)
{
	before_value(j);
	fputc(c, j->f);
	if (j->depth + 1 < PL_JSON_MAX_DEPTH)
		j->depth++;
	j->need_comma[j->depth] = false;
}

static void close_container(struct pl_json *j, char c)
{
	bool had = j->need_comma[j->depth];

	if (j->depth)
		j->depth--;
	if (had)
		newline(j);
	fputc(c, j->f);
}

void pl_json_begin_object(struct pl_json *j) { open_container(j, '{'); }
void pl_json_end_object(struct pl_json *j) { close_container(j, '}'); }
void pl_json_begin_array(struct pl_json *j) { open_container(j, '['); }
void pl_json_end_array(struct pl_json *j) { close_container(j, ']'); }

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t len;
	uint32_t cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF) { len = 2; cp = c & 0x1F; }
	else if (c >= 0xE0 && c <= 0xEF) { len = 3; cp = c & 0x0F; }
	else if (c >= 0xF0 && c <= 0xF4) { len = 4; cp = c & 0x07; }
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
		return 0;
	return len;
}

void pl_json_quote(FILE *f, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;

	fputc('"', f);
	for (size_t i = 0; i < n;) {
		unsigned char c = s[i];
		if (c == '"' || c == '\\') {
			fputc('\\', f);
			fputc(c, f);
			i++;
		} else if (c < 0x20) {
			switch (c) {
			case '\t': fputs("\\t", f); break;
			case '\n': fputs("\\n", f); break;
			case '\r': fputs("\\r", f); break;
			default: fprintf(f, "\\u%04x", c); break;
			}
			i++;
		} else if (c < 0x80) {
			fputc(c, f);
			i++;
		} else {
			size_t len = utf8_len(s + i, n - i);
			if (len) {
				fwrite(s + i, 1, len, f);
				i += len;
			} else {
				fputs("\xEF\xBF\xBD", f); /* U+FFFD */
				i++;
			}
		}
	}
	fputc('"', f);
}

void pl_json_key(struct pl_json *j, const char *key)
{
	before_value(j);
	pl_json_quote(j->f, key, strlen(key));
	fputc(':', j->f);
	if (j->indent)
		fputc(' ', j->f);
	j->after_key = true;
}

void pl_json_string_n(struct pl_json *j, const char *s, size_t n)
{
	before_value(j);
	pl_json_quote(j->f, s, n);
}

void pl_json_string(struct pl_json *j, const char *s)
{
	if (!s) {
		pl_json_null(j);
		return;
	}
	pl_json_string_n(j, s, strlen(s));
}

void pl_json_int(struct pl_json *j, int64_t v)
{
	before_value(j);
	fprintf(j->f, "%" PRId64, v);
}

void pl_json_bool(struct pl_json *j, bool v)
{
	before_value(j);
	fputs(v ? "true" : "false", j->f);
}

void pl_json_null(struct pl_json *j)
{
	before_value(j);
	fputs("null", j->f);
}

void pl_json_end(struct pl_json *j)
{
	fputc('\n', j->f);
}
