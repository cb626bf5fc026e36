/*
 * json.h -- a streaming JSON writer shared by every JSON-producing stage
 * (records dump, pattern dump, SARIF, JSON findings, baselines).
 *
 * Strings are escaped as llvm::json escapes them (\" \\ \t \n \r, other
 * control characters as \u00XX), and invalid UTF-8 is replaced by U+FFFD,
 * so any user string yields valid JSON.  Commas are inserted automatically.
 * The writer does no allocation: it gathers its output in a buffer of its
 * own and writes it to the stream when full, at pl_json_end and at
 * pl_json_flush (a SARIF report of a large run is tens of megabytes in
 * pieces of a few bytes, which stdio took one call each for).
 */
#ifndef PL_JSON_H
#define PL_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PL_JSON_MAX_DEPTH 256
#define PL_JSON_BUFSIZ 4096

struct pl_json {
	FILE *f;                         /* destination */
	int indent;                      /* spaces per level, 0 = compact */
	unsigned depth;                  /* open containers */
	bool need_comma[PL_JSON_MAX_DEPTH]; /* a value was written at this level */
	bool after_key;                  /* a key was just written */
	size_t n;                        /* bytes in buf, not yet written to f */
	char buf[PL_JSON_BUFSIZ];
};

void pl_json_init(struct pl_json *j, FILE *f, int indent);
void pl_json_begin_object(struct pl_json *j);
void pl_json_end_object(struct pl_json *j);
void pl_json_begin_array(struct pl_json *j);
void pl_json_end_array(struct pl_json *j);
void pl_json_key(struct pl_json *j, const char *key);
void pl_json_string(struct pl_json *j, const char *s);
void pl_json_string_n(struct pl_json *j, const char *s, size_t n);
/* One string value: s[0..n) followed by tail (ASCII). */
void pl_json_string_tail(struct pl_json *j, const char *s, size_t n, const char *tail);
void pl_json_int(struct pl_json *j, int64_t v);
void pl_json_bool(struct pl_json *j, bool v);
void pl_json_null(struct pl_json *j);
/* Write s as an escaped JSON string literal (with quotes) to f. */
void pl_json_quote(FILE *f, const char *s, size_t n);
/* Finish the document with a newline, and write out what is gathered. */
void pl_json_end(struct pl_json *j);
/* Write out what is gathered (the document goes on). */
void pl_json_flush(struct pl_json *j);

#endif /* PL_JSON_H */
