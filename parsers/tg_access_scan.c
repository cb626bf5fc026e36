/*
 * tg_access_scan.c -- the backend-independent half of tg_access.h: value
 * accessors over the struct tga_val wrappers, and the forward scan that
 * gives each wrapped value of a Pattern record its own span.
 *
 * The scan walks the def's text once, in the order the fields are written
 * (Pat<source, result, constraints, benefit>): a dag is found as "(" then
 * its operator name (any "(" when the operator is anonymous or written
 * through a variable), a `$x` argument as the next "$x" token, a named def
 * as its next whole-word occurrence, an anonymous def (ConstantAttr<...>)
 * as the next identifier and its <...>, ints and strings as the next
 * literal.  The cursor only moves forward and never leaves the enclosing
 * dag, so a miss leaves the node with its record's span and costs nothing
 * else.  Recursion is bounded by SCAN_MAX_DEPTH.
 */
#include "config.h"
#include "tg_access_p.h"
#include "analyzer/source.h"
#include "analyzer/util.h"

#include "analyzer/arena.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define SCAN_MAX_DEPTH 64

/* ---- nodes ------------------------------------------------------------ */

struct tga_val *tga_val_new(enum tga_kind kind, struct pl_span span)
{
	struct tga_val *v = PL_NEW(tga_arena(), struct tga_val);
	v->kind = kind;
	v->span = span;
	return v;
}

void tga_val_alloc(struct tga_val *v, unsigned n)
{
	struct pl_arena *a = tga_arena();
	v->n = n;
	v->elems = PL_NEW_ARRAY(a, struct tga_val *, n + 1);
	if (v->kind == TGA_DAG) {
		v->argnames = PL_NEW_ARRAY(a, const char *, n + 1);
		v->argspans = PL_NEW_ARRAY(a, struct pl_span, n + 1);
		for (unsigned i = 0; i < n; i++)
			v->argspans[i] = v->span;
	}
}

/* ---- accessors -------------------------------------------------------- */

enum tga_kind tga_val_kind(const struct tga_val *v) { return v ? v->kind : TGA_NONE; }
long long tga_val_int(const struct tga_val *v) { return v && v->kind == TGA_INT ? v->ival : 0; }
const char *tga_val_str(const struct tga_val *v) { return v && v->kind == TGA_STRING ? v->sval : NULL; }
const struct tga_rec *tga_val_def(const struct tga_val *v) { return v && v->kind == TGA_DEF ? v->def : NULL; }
unsigned tga_list_len(const struct tga_val *v) { return v && v->kind == TGA_LIST ? v->n : 0; }

const struct tga_val *tga_list_at(const struct tga_val *v, unsigned i)
{
	return v && v->kind == TGA_LIST && i < v->n ? v->elems[i] : NULL;
}

const struct tga_val *tga_dag_op(const struct tga_val *v) { return v && v->kind == TGA_DAG ? v->op : NULL; }
const char *tga_dag_name(const struct tga_val *v) { return v && v->kind == TGA_DAG ? v->name : NULL; }
unsigned tga_dag_nargs(const struct tga_val *v) { return v && v->kind == TGA_DAG ? v->n : 0; }

const struct tga_val *tga_dag_arg(const struct tga_val *v, unsigned i)
{
	return v && v->kind == TGA_DAG && i < v->n ? v->elems[i] : NULL;
}

const char *tga_dag_argname(const struct tga_val *v, unsigned i)
{
	return v && v->kind == TGA_DAG && i < v->n ? v->argnames[i] : NULL;
}

struct pl_span tga_val_span(const struct tga_val *v)
{
	struct pl_span z = {0};
	return v ? v->span : z;
}

struct pl_span tga_dag_argspan(const struct tga_val *v, unsigned i)
{
	struct pl_span z = {0};
	return v && v->kind == TGA_DAG && i < v->n ? v->argspans[i] : z;
}

long long tga_field_int(const struct tga_rec *rec, const char *name, long long dflt)
{
	const struct tga_val *v = tga_rec_field(rec, name);
	return tga_val_kind(v) == TGA_INT ? tga_val_int(v) : dflt;
}

const char *tga_field_str(const struct tga_rec *rec, const char *name)
{
	return tga_val_str(tga_rec_field(rec, name));
}

const struct tga_rec *tga_field_def(const struct tga_rec *rec, const char *name)
{
	return tga_val_def(tga_rec_field(rec, name));
}

/* ---- text ------------------------------------------------------------- */

char *tga_blank_comments(const char *buf, size_t len)
{
	char *t = pl_xmalloc(len + 1);

	memcpy(t, buf, len);
	t[len] = 0;
	for (size_t i = 0; i < len; i++) {
		/* most bytes start nothing: skip to the next that may */
		size_t k = strcspn(t + i, "\"[/");
		if (k) {
			i += k;
			if (i >= len)
				break;
		}
		if (t[i] == '"' || (t[i] == '[' && i + 1 < len && t[i + 1] == '{')) {
			i = tga_skip_literal(t, len, i);
		} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
			while (i < len && t[i] != '\n')
				t[i++] = ' ';
		} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
			while (i + 1 < len && !(t[i] == '*' && t[i + 1] == '/')) {
				if (t[i] != '\n')
					t[i] = ' ';
				i++;
			}
			if (i + 1 < len)
				t[i] = t[i + 1] = ' ';
			i++;
		}
	}
	return t;
}

size_t tga_skip_literal(const char *t, size_t len, size_t i)
{
	if (t[i] == '"') {
		for (i++; i < len && t[i] != '"' && t[i] != '\n'; i++)
			if (t[i] == '\\')
				i++;
	} else if (t[i] == '[' && i + 1 < len && t[i + 1] == '{') {
		for (i += 2; i + 1 < len && !(t[i] == '}' && t[i + 1] == ']'); i++)
			;
		i++;
	}
	return i;
}

/* Bytes the bracket scans below stop at: quotes, brackets and ';'.  The
 * rest of a def's text (names, blanks, punctuation) is skipped by one
 * table lookup a byte. */
static const unsigned char stop_at[256] = {
	['"'] = 1, ['('] = 1, [')'] = 1, ['<'] = 1, ['>'] = 1, ['['] = 1,
	[']'] = 1, ['{'] = 1, ['}'] = 1, [';'] = 1,
};

uint32_t tga_def_end(const char *t, size_t len, uint32_t start)
{
	int depth = 0;
	for (size_t i = start; i < len; i++) {
		while (i < len && !stop_at[(unsigned char)t[i]])
			i++;
		if (i >= len)
			break;
		char c = t[i];
		if (c == '"' || (c == '[' && i + 1 < len && t[i + 1] == '{')) {
			i = tga_skip_literal(t, len, i);
		} else if (c == '(' || c == '<' || c == '[' || c == '{') {
			depth++;
		} else if (c == ')' || c == '>' || c == ']' || c == '}') {
			if (--depth <= 0 && c == '}')
				return (uint32_t)i + 1;
			if (depth < 0)
				return (uint32_t)i;
		} else if (c == ';' && depth <= 0) {
			return (uint32_t)i + 1;
		}
	}
	return (uint32_t)len;
}

/* ---- scan ------------------------------------------------------------- */

struct scan {
	struct pl_source_file *f;
	const char *t;
	uint32_t cur;
	uint32_t line;                 /* the last span's line, a hint for the next */
};

static bool is_id(int c) { return isalnum(c) || c == '_'; }

static struct pl_span mkspan(struct scan *s, uint32_t a, uint32_t b)
{
	return pl_source_span_hint(s->f, a, b, &s->line);
}

/* Next whole-word occurrence of w in [cur, limit), or -1. */
static long find_word(const struct scan *s, const char *w, uint32_t limit)
{
	size_t n = strlen(w);
	for (uint32_t i = s->cur; i + n <= limit; i++) {
		if (n) { /* to the next place w's first byte is */
			const char *p = memchr(s->t + i, w[0], limit - n + 1 - i);
			if (!p)
				return -1;
			i = (uint32_t)(p - s->t);
			if (memcmp(p, w, n) != 0)
				continue;
		}
		if (i > 0 && w[0] != '$' && is_id(s->t[i - 1]))
			continue;
		if (i + n < limit && is_id(s->t[i + n]))
			continue;
		return (long)i;
	}
	return -1;
}

static uint32_t match_close(const char *t, uint32_t open, uint32_t limit)
{
	int depth = 0;
	for (uint32_t i = open; i < limit; i++) {
		while (i < limit && !stop_at[(unsigned char)t[i]])
			i++;
		if (i >= limit)
			break;
		if (t[i] == '"') {
			for (i++; i < limit && t[i] != '"'; i++)
				if (t[i] == '\\')
					i++;
			continue;
		}
		if (t[i] == '(' || t[i] == '<' || t[i] == '[')
			depth++;
		else if ((t[i] == ')' || t[i] == '>' || t[i] == ']') && --depth == 0)
			return i + 1;
	}
	return limit;
}

static void scan_val(struct scan *s, struct tga_val *v, uint32_t limit, int depth);

/* Find "(" [ws] name at or after cur; any "(" when name is NULL. */
static long find_open(const struct scan *s, const char *name, uint32_t limit, uint32_t *after)
{
	size_t n = name ? strlen(name) : 0;
	for (uint32_t i = s->cur; i < limit; i++) {
		if (s->t[i] != '(')
			continue;
		uint32_t k = i + 1;
		while (k < limit && isspace((unsigned char)s->t[k]))
			k++;
		if (name && (k + n > limit || strncmp(s->t + k, name, n) != 0 || is_id(s->t[k + n])))
			continue;
		*after = k + (uint32_t)n;
		return (long)i;
	}
	return -1;
}

static void scan_dag(struct scan *s, struct tga_val *v, uint32_t limit, int depth)
{
	const char *opname = v->op && v->op->kind == TGA_DEF && !v->op->def_anonymous ? v->op->def_name : NULL;
	uint32_t after = 0;
	long open = find_open(s, opname, limit, &after);

	if (open < 0 && opname)
		open = find_open(s, NULL, limit, &after); /* operator written through a variable */
	if (open < 0)
		return;
	uint32_t close = match_close(s->t, (uint32_t)open, limit);
	v->span = mkspan(s, (uint32_t)open, close);
	if (v->op)
		v->op->span = mkspan(s, (uint32_t)open + 1, after);
	s->cur = after;
	/* skip an operator written as an expression, e.g. pair[1] */
	while (s->cur < close && (is_id(s->t[s->cur]) || s->t[s->cur] == '[' || s->t[s->cur] == ']' ||
	                          s->t[s->cur] == '.'))
		s->cur++;
	for (unsigned a = 0; a < v->n; a++) {
		struct tga_val *e = v->elems[a];
		uint32_t start = s->cur;
		if (e->kind == TGA_DAG) {
			scan_val(s, e, close, depth + 1);
			v->argspans[a] = e->span;
			continue;
		}
		if (e->kind != TGA_UNSET)
			scan_val(s, e, close, depth + 1);
		bool found = e->span.file && e->span.off >= start && e->span.end_off <= close;
		long at0 = found ? (long)e->span.off : -1;
		if (v->argnames[a]) {
			char buf[256];
			size_t nl = strlen(v->argnames[a]);
			if (nl > sizeof buf - 2)
				nl = sizeof buf - 2; /* a longer name is cut */
			buf[0] = '$';
			memcpy(buf + 1, v->argnames[a], nl);
			buf[nl + 1] = '\0';
			long at = find_word(s, buf, close);
			if (at >= 0) {
				s->cur = (uint32_t)at + (uint32_t)strlen(buf);
				e->span = mkspan(s, at0 >= 0 ? (uint32_t)at0 : (uint32_t)at, s->cur);
				found = true;
			}
		}
		v->argspans[a] = found ? e->span : v->span;
		if (!found)
			e->span = v->span;
	}
	s->cur = close;
}

static void scan_val(struct scan *s, struct tga_val *v, uint32_t limit, int depth)
{
	if (!v || depth > SCAN_MAX_DEPTH)
		return;
	const char *t = s->t;
	switch (v->kind) {
	case TGA_DAG:
		scan_dag(s, v, limit, depth);
		return;
	case TGA_LIST:
		for (unsigned i = 0; i < v->n; i++)
			scan_val(s, v->elems[i], limit, depth + 1);
		return;
	case TGA_DEF: {
		if (v->def_anonymous || !v->def_name) {
			uint32_t i = s->cur;
			while (i < limit && !(isalpha((unsigned char)t[i]) || t[i] == '_'))
				i++;
			if (i >= limit)
				return;
			uint32_t k = i;
			while (k < limit && is_id(t[k]))
				k++;
			if (k < limit && t[k] == '<')
				k = match_close(t, k, limit);
			v->span = mkspan(s, i, k);
			s->cur = k;
			return;
		}
		long at = find_word(s, v->def_name, limit);
		if (at >= 0) {
			v->span = mkspan(s, (uint32_t)at, (uint32_t)at + (uint32_t)strlen(v->def_name));
			s->cur = (uint32_t)at + (uint32_t)strlen(v->def_name);
		}
		return;
	}
	case TGA_INT:
		for (uint32_t i = s->cur; i < limit; i++)
			if ((isdigit((unsigned char)t[i]) || (t[i] == '-' && isdigit((unsigned char)t[i + 1]))) &&
			    (i == 0 || !is_id(t[i - 1]))) {
				uint32_t k = i + 1;
				while (k < limit && is_id(t[k]))
					k++;
				v->span = mkspan(s, i, k);
				s->cur = k;
				return;
			}
		return;
	case TGA_STRING:
		for (uint32_t i = s->cur; i < limit; i++)
			if (t[i] == '"' || (t[i] == '[' && t[i + 1] == '{')) {
				uint32_t k = i + 1;
				if (t[i] == '"') {
					while (k < limit && t[k] != '"')
						k += t[k] == '\\' ? 2 : 1;
					k++;
				} else {
					while (k + 1 < limit && !(t[k] == '}' && t[k + 1] == ']'))
						k++;
					k += 2;
				}
				if (k > limit)
					k = limit;
				v->span = mkspan(s, i, k);
				s->cur = k;
				return;
			}
		return;
	default:
		return;
	}
}

void tga_scan_fields(struct pl_source_file *f, const char *text, uint32_t start, uint32_t end,
                     struct tga_val *const *fields, unsigned n)
{
	struct scan s = {f, text, start, 0};
	for (unsigned i = 0; i < n; i++)
		if (fields[i])
			scan_val(&s, fields[i], end, 0);
}
