/*
 * json.c -- streaming JSON output with llvm::json-compatible escaping.
 *
 * A SARIF report of a large run is tens of megabytes, nearly all of it
 * strings and indentation: they are copied into the writer's buffer a
 * run of bytes at a time (written a character at a time through stdio
 * they were half of such a run's instructions).
 */
#include "config.h"
#include "json.h"
#include "util.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

void pl_json_flush(struct pl_json *j)
{
	if (j->n)
		fwrite(j->buf, 1, j->n, j->f);
	j->n = 0;
}

static inline void out(struct pl_json *j, const void *p, size_t n)
{
	if (n > sizeof j->buf - j->n) {
		pl_json_flush(j);
		if (n >= sizeof j->buf) {
			fwrite(p, 1, n, j->f);
			return;
		}
	}
	pl_mem_copy(j->buf + j->n, p, n);
	j->n += n;
}

static inline void outc(struct pl_json *j, char c)
{
	if (j->n == sizeof j->buf)
		pl_json_flush(j);
	j->buf[j->n++] = c;
}

void pl_json_init(struct pl_json *j, FILE *f, int indent)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
	j->indent = indent;
}

static void newline(struct pl_json *j)
{
	static const char spaces[64] = "                                                                ";

	if (!j->indent)
		return;
	outc(j, '\n');
	for (size_t n = (size_t)j->depth * (unsigned)j->indent; n;) {
		size_t k = n < sizeof spaces ? n : sizeof spaces;
		out(j, spaces, k);
		n -= k;
	}
}

/* Separator before a value (not after a key). */
static void before_value(struct pl_json *j)
{
	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (j->depth && j->need_comma[j->depth])
		outc(j, ',');
	if (j->depth) {
		j->need_comma[j->depth] = true;
		newline(j);
	}
}

static void open_container(struct pl_json *j, char c)
{
	before_value(j);
	outc(j, c);
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
	outc(j, c);
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

/* Bytes a JSON string holds as they are: printable ASCII but '"' and '\\'. */
static inline bool plain_byte(unsigned char c)
{
	return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
}

/* The length of the run of plain bytes (plain_byte) s starts with. */
static size_t plain_run(const unsigned char *s, size_t n)
{
	size_t i = 0;

#ifdef __SSE2__
	/* signed compare: the bytes from 0x80 up are below 0x20 too */
	const __m128i space = _mm_set1_epi8(0x20), dq = _mm_set1_epi8('"'), bs = _mm_set1_epi8('\\');
	for (; i + 16 <= n; i += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i odd = _mm_or_si128(_mm_cmplt_epi8(x, space),
		                           _mm_or_si128(_mm_cmpeq_epi8(x, dq), _mm_cmpeq_epi8(x, bs)));
		unsigned m = (unsigned)_mm_movemask_epi8(odd);
		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
#endif
	while (i < n && plain_byte(s[i]))
		i++;
	return i;
}

/* s[0..n) escaped, without the quotes. */
static void escape(struct pl_json *j, const char *str, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str;

	for (size_t i = 0; i < n;) {
		size_t run = i + plain_run(s + i, n - i);
		if (run > i) {
			out(j, s + i, run - i);
			i = run;
			if (i == n)
				break;
		}
		unsigned char c = s[i];
		if (c == '"' || c == '\\') {
			char esc[2] = {'\\', (char)c};
			out(j, esc, 2);
			i++;
		} else if (c < 0x20) {
			switch (c) {
			case '\t': out(j, "\\t", 2); break;
			case '\n': out(j, "\\n", 2); break;
			case '\r': out(j, "\\r", 2); break;
			default: {
				char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
				out(j, esc, 6);
				break;
			}
			}
			i++;
		} else {
			size_t len = utf8_len(s + i, n - i);
			if (len) {
				out(j, s + i, len);
				i += len;
			} else {
				out(j, "\xEF\xBF\xBD", 3); /* U+FFFD */
				i++;
			}
		}
	}
}

static void quote(struct pl_json *j, const char *s, size_t n)
{
	outc(j, '"');
	escape(j, s, n);
	outc(j, '"');
}

void pl_json_quote(FILE *f, const char *s, size_t n)
{
	struct pl_json t; /* only its stream and buffer are used */

	t.f = f;
	t.n = 0;
	quote(&t, s, n);
	pl_json_flush(&t);
}

void pl_json_key(struct pl_json *j, const char *key)
{
	before_value(j);
	quote(j, key, strlen(key));
	if (j->indent)
		out(j, ": ", 2);
	else
		outc(j, ':');
	j->after_key = true;
}

void pl_json_string_n(struct pl_json *j, const char *s, size_t n)
{
	before_value(j);
	quote(j, s, n);
}

void pl_json_string_tail(struct pl_json *j, const char *s, size_t n, const char *tail)
{
	before_value(j);
	outc(j, '"');
	escape(j, s, n);
	escape(j, tail, strlen(tail));
	outc(j, '"');
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
	char buf[24], *p = buf + sizeof buf;
	uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;

	before_value(j);
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	out(j, p, (size_t)(buf + sizeof buf - p));
}

void pl_json_bool(struct pl_json *j, bool v)
{
	before_value(j);
	if (v)
		out(j, "true", 4);
	else
		out(j, "false", 5);
}

void pl_json_null(struct pl_json *j)
{
	before_value(j);
	out(j, "null", 4);
}

void pl_json_end(struct pl_json *j)
{
	outc(j, '\n');
	pl_json_flush(j);
}
