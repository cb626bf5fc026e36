/*
 * ir_parse.c -- the MLIR IR parser: a hand-written recursive-descent
 * parser over the bytes of a .mlir file (no separate token stream: MLIR's
 * shape syntax `4x?xf32` and its many bracketed sub-languages are easier
 * to read character by character).
 *
 * It reads the generic form of every operation, the custom forms fixtures
 * are commonly written in (builtin.module, func.func, func.return,
 * func.call, arith.constant, the arith binary, compare, select and cast
 * ops), `#alias = ...` / `!alias = ...` definitions, and drops locations.
 * Types and attributes are turned into their canonical text while parsing
 * (see ir.h).  The first error is reported through pl_diag at its
 * file:line:col and stops the parse: IR fixtures are small, and a second
 * error after a broken op is rarely meaningful.
 *
 * SSA names are resolved with a scoped table: each region opens a scope;
 * a use before the definition creates placeholder values that the
 * definition later replaces (replace-all-uses), and a placeholder left
 * when the outermost scope closes is an error.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/intern.h"
#include "analyzer/engine/ir_p.h"

/* A name bound in some scope: a value group (%x, %x:2), or a block. */
struct binding {
	const char *key;          /* interned "%x" or "^bb1" */
	struct ir_value **vals;   /* values (placeholders while fwd) */
	unsigned n;               /* values in vals */
	unsigned cap;             /* slots in vals */
	struct ir_block *block;   /* for a block label */
	bool fwd;                 /* used but not yet defined */
	uint32_t off;             /* first use (fwd) or definition */
	unsigned scope;           /* scope depth that owns it */
	struct binding *shadow;   /* outer binding of the same key */
};

/* One slot of the name table. */
struct keyed {
	const char *key;          /* interned key, NULL for an empty slot */
	struct binding *b;        /* innermost binding, NULL when none */
};

struct parser {
	struct ir_ctx *c;
	struct pl_diag_ctx *diag;
	struct pl_source_file *f;   /* NULL when parsing a detached string */
	const char *buf;            /* text */
	uint32_t pos, end;          /* cursor and limit */
	bool failed;                /* an error was reported */
	unsigned depth;             /* current nesting */
	/* scoped name table: key -> binding, open addressing */
	struct keyed *map;
	size_t map_cap, map_len;
	struct pl_vec scope_stack;  /* bindings in definition order */
	unsigned scope;             /* current scope depth */
	/* aliases: interned "#x"/"!x" -> canonical text */
	struct pl_vec aliases;      /* pairs: key, value */
	/* interned function type -> its struct fn_split (fn_types) */
	struct pl_ptrmap fns;
	struct pl_buf scratch;      /* parse_generic's op name and type text, one at a time */
};

struct fn_split {
	const char **types;         /* operand types, then result types (context arena) */
	unsigned n_ins, n_outs;
};

/* ---- errors and characters --------------------------------------------- */

static void perr(struct parser *p, uint32_t off, const char *fmt, ...) PL_PRINTF(3, 4);
static void perr(struct parser *p, uint32_t off, const char *fmt, ...)
{
	if (p->failed)
		return;
	p->failed = true;
	if (!p->diag)
		return;
	va_list ap;
	va_start(ap, fmt);
	struct pl_span sp = { 0 };
	if (p->f) {
		uint32_t e = off < p->end ? off + 1 : off;
		sp = pl_source_span(p->f, off, e);
	}
	pl_vdiag(p->diag, PL_SEV_ERROR, NULL, sp, fmt, ap);
	va_end(ap);
}

static char cur(struct parser *p) { return p->pos < p->end ? p->buf[p->pos] : '\0'; }
static char at(struct parser *p, uint32_t k) { return p->pos + k < p->end ? p->buf[p->pos + k] : '\0'; }

static bool is_alpha(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'; }
static bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }
static bool is_id_char(char ch) { return is_alpha(ch) || is_digit(ch) || ch == '$' || ch == '.'; }
static bool is_suffix_char(char ch) { return is_id_char(ch) || ch == '-'; }

static void skip_ws_slow(struct parser *p)
{
	while (p->pos < p->end) {
		char ch = p->buf[p->pos];
		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r')
			p->pos++;
		else if (ch == '/' && at(p, 1) == '/') {
			while (p->pos < p->end && p->buf[p->pos] != '\n')
				p->pos++;
		} else
			break;
	}
}

/* Most tokens follow no blank or one: look at one byte before looping. */
static inline void skip_ws(struct parser *p)
{
	if (p->pos < p->end) {
		char ch = p->buf[p->pos];
		if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r' && ch != '/')
			return;
	}
	skip_ws_slow(p);
}

static bool accept_str(struct parser *p, const char *s)
{
	size_t n = strlen(s);
	if (p->pos + n > p->end || memcmp(p->buf + p->pos, s, n))
		return false;
	p->pos += (uint32_t)n;
	return true;
}

/* Skip blanks, then consume `s` if it is next.  In line: most tokens are
 * one character, known where accept is called. */
static inline bool accept(struct parser *p, const char *s)
{
	skip_ws(p);
	if (s[0] && !s[1]) {
		if (p->pos >= p->end || p->buf[p->pos] != s[0])
			return false;
		p->pos++;
		return true;
	}
	return accept_str(p, s);
}

static bool expect(struct parser *p, const char *s, const char *what)
{
	if (accept(p, s))
		return true;
	perr(p, p->pos, "expected '%s'%s%s", s, what ? " " : "", what ? what : "");
	return false;
}

/* A bare identifier at the cursor (after blanks); length 0 if none. */
static size_t peek_id(struct parser *p)
{
	skip_ws(p);
	if (!is_alpha(cur(p)))
		return 0;
	size_t n = 1;
	while (p->pos + n < p->end && is_id_char(p->buf[p->pos + n]))
		n++;
	return n;
}

static bool accept_kw(struct parser *p, const char *kw)
{
	size_t n = peek_id(p);
	if (n != strlen(kw) || memcmp(p->buf + p->pos, kw, n))
		return false;
	p->pos += (uint32_t)n;
	return true;
}

static bool enter(struct parser *p)
{
	if (++p->depth > p->c->max_depth) {
		perr(p, p->pos, "nesting too deep (more than %u levels)", p->c->max_depth);
		return false;
	}
	return true;
}

static void leave(struct parser *p) { p->depth--; }

static const char *intern_buf(struct parser *p, struct pl_buf *b)
{
	return pl_intern_n(p->c->strs, b->data ? b->data : "", b->len);
}

/* ---- the scoped name table --------------------------------------------- */

static size_t key_slot(const char *k, size_t cap)
{
	uintptr_t h = (uintptr_t)k;
	h ^= h >> 15;
	h *= (uintptr_t)0x9E3779B97F4A7C15ull;
	return (size_t)(h >> 9) & (cap - 1);
}

static struct keyed *map_find(struct parser *p, const char *key)
{
	struct keyed *m = p->map;
	size_t s = key_slot(key, p->map_cap);
	while (m[s].key && m[s].key != key)
		s = (s + 1) & (p->map_cap - 1);
	return &m[s];
}

static void map_grow(struct parser *p)
{
	size_t ncap = p->map_cap ? p->map_cap * 2 : 256;
	struct keyed *old = p->map;
	size_t ocap = p->map_cap;
	p->map = pl_xcalloc(ncap, sizeof(struct keyed));
	p->map_cap = ncap;
	for (size_t i = 0; i < ocap; i++)
		if (old[i].key)
			*map_find(p, old[i].key) = old[i];
	free(old);
}

static struct binding *lookup(struct parser *p, const char *key)
{
	if (!p->map_cap)
		return NULL;
	return map_find(p, key)->b;
}

/* Bind key in the current scope (shadowing any outer binding). */
static struct binding *bind(struct parser *p, const char *key, uint32_t off)
{
	if ((p->map_len + 1) * 2 > p->map_cap)
		map_grow(p);
	struct keyed *k = map_find(p, key);
	if (!k->key) {
		k->key = key;
		p->map_len++;
	}
	struct binding *b = PL_NEW(p->c->arena, struct binding);
	b->key = key;
	b->off = off;
	b->scope = p->scope;
	b->shadow = k->b;
	k->b = b;
	pl_vec_push(&p->scope_stack, b);
	return b;
}

static void push_scope(struct parser *p)
{
	p->scope++;
	pl_vec_push(&p->scope_stack, NULL); /* scope mark */
}

/* Close the current scope.  Unresolved value uses move to the parent scope
 * (a nested region may use a value its parent defines later); unresolved
 * blocks, and values at the outermost scope, are errors. */
static void pop_scope(struct parser *p)
{
	struct pl_vec moved = { 0 };
	while (p->scope_stack.len) {
		struct binding *b = p->scope_stack.items[--p->scope_stack.len];
		if (!b)
			break;
		struct keyed *k = map_find(p, b->key);
		if (b->fwd && !b->block && p->scope > 1) {
			b->scope = p->scope - 1;
			pl_vec_push(&moved, b);
			continue;
		}
		if (b->fwd) {
			if (b->block)
				perr(p, b->off, "reference to an undefined block '%s'", b->key);
			else
				perr(p, b->off, "use of undeclared SSA value name '%s'", b->key);
		}
		k->b = b->shadow;
	}
	p->scope--;
	for (size_t i = moved.len; i-- > 0;)
		pl_vec_push(&p->scope_stack, moved.items[i]);
	pl_vec_free(&moved);
}

/* ---- canonical text: types --------------------------------------------- */

static bool parse_type(struct parser *p, struct pl_buf *out);
static bool parse_attr(struct parser *p, struct pl_buf *out);

static const char *alias_get(struct parser *p, const char *key)
{
	for (size_t i = 0; i + 1 < p->aliases.len; i += 2)
		if (p->aliases.items[i] == key)
			return p->aliases.items[i + 1];
	return NULL;
}

/* Copy a bracketed body starting at the cursor's opening bracket, with
 * whitespace normalized: none inside brackets' edges or before ',', one
 * after ',' and around '->'. */
static bool copy_balanced_impl(struct parser *p, struct pl_buf *out, bool verbatim);
static bool copy_balanced(struct parser *p, struct pl_buf *out)
{
	return copy_balanced_impl(p, out, false);
}

/* A dialect type or attribute body (`!d.t<...>`, `#d.a<...>`) exactly as
 * written: MLIR keeps an unregistered dialect's syntax verbatim. */
static bool copy_verbatim(struct parser *p, struct pl_buf *out)
{
	return copy_balanced_impl(p, out, true);
}

static bool copy_balanced_impl(struct parser *p, struct pl_buf *out, bool verbatim)
{
	uint32_t start = p->pos;
	if (verbatim) {
		int depth = 0;
		do {
			char ch = cur(p);
			if (!ch) {
				perr(p, start, "unbalanced brackets");
				return false;
			}
			if (ch == '"') {
				uint32_t s = p->pos++;
				while (p->pos < p->end && p->buf[p->pos] != '"' && p->buf[p->pos] != '\n')
					p->pos += p->buf[p->pos] == '\\' ? 2 : 1;
				/* as below: a string ends on its line (MLIR's lexer) */
				if (cur(p) != '"') {
					perr(p, s, "unterminated string");
					return false;
				}
			} else if (ch == '<' || ch == '(' || ch == '[' || ch == '{')
				depth++;
			else if ((ch == '>' && p->buf[p->pos - 1] != '-') || ch == ')' || ch == ']' || ch == '}')
				depth--;
			p->pos++;
		} while (depth > 0);
		pl_buf_add(out, p->buf + start, p->pos - start);
		return true;
	}
	int depth = 0;
	bool space = false;
	do {
		if (p->pos >= p->end) {
			perr(p, start, "unbalanced brackets");
			return false;
		}
		char ch = p->buf[p->pos];
		if (ch == '"') {
			uint32_t s = p->pos++;
			while (p->pos < p->end && p->buf[p->pos] != '"' && p->buf[p->pos] != '\n')
				p->pos += p->buf[p->pos] == '\\' ? 2 : 1;
			if (cur(p) != '"') {
				perr(p, s, "unterminated string");
				return false;
			}
			p->pos++;
			if (space)
				pl_buf_putc(out, ' ');
			space = false;
			pl_buf_add(out, p->buf + s, p->pos - s);
			continue;
		}
		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
			space = true;
			p->pos++;
			continue;
		}
		if (ch == '/' && at(p, 1) == '/') {
			while (p->pos < p->end && p->buf[p->pos] != '\n')
				p->pos++;
			space = true;
			continue;
		}
		if (ch == '-' && at(p, 1) == '>') {
			pl_buf_puts(out, " -> ");
			p->pos += 2;
			space = false;
			continue;
		}
		bool open = ch == '<' || ch == '(' || ch == '[' || ch == '{';
		bool close = ch == '>' || ch == ')' || ch == ']' || ch == '}';
		if (space && !close && ch != ',' && out->len && !strchr("<([{ ", out->data[out->len - 1]))
			pl_buf_putc(out, ' ');
		space = false;
		if (open)
			depth++;
		else if (close)
			depth--;
		pl_buf_putc(out, ch);
		if (ch == ',')
			pl_buf_putc(out, ' '), space = false;
		p->pos++;
		if (ch == ',') {
			while (cur(p) == ' ' || cur(p) == '\n' || cur(p) == '\t' || cur(p) == '\r')
				p->pos++;
		}
	} while (depth > 0);
	/* trim a space left before a closing bracket */
	return true;
}

static bool is_builtin_scalar(const char *s, size_t n)
{
	static const struct { const char *name; size_t n; } names[] = {
		{"index", 5}, {"none", 4}, {"f16", 3}, {"f32", 3}, {"f64", 3}, {"f80", 3},
		{"f128", 4}, {"bf16", 4}, {"tf32", 4},
	};
	size_t k = 0;
	if (n > 1 && s[0] == 'i')
		k = 1;
	else if (n > 2 && (s[0] == 's' || s[0] == 'u') && s[1] == 'i')
		k = 2;
	if (k && s[k] != '0') { /* integers: i32, si8, ui64 */
		size_t i = k;
		while (i < n && is_digit(s[i]))
			i++;
		if (i == n)
			return true;
	}
	for (size_t i = 0; i < PL_ARRAY_LEN(names); i++)
		if (names[i].n == n && !memcmp(names[i].name, s, n))
			return true;
	return n > 2 && s[0] == 'f' && s[1] == '8';
}

/* type-list ::= '(' [type {',' type}] ')' ; appends "(a, b)" */
static bool parse_type_list_parens(struct parser *p, struct pl_buf *out, unsigned *count)
{
	if (!expect(p, "(", NULL))
		return false;
	pl_buf_putc(out, '(');
	unsigned n = 0;
	if (!accept(p, ")")) {
		do {
			if (n++)
				pl_buf_puts(out, ", ");
			if (!parse_type(p, out))
				return false;
		} while (accept(p, ","));
		if (!expect(p, ")", "after type list"))
			return false;
	}
	pl_buf_putc(out, ')');
	if (count)
		*count = n;
	return true;
}

/* results ::= type-list-parens | non-function-type ; canonical: a single
 * non-function type bare, anything else parenthesized. */
static bool parse_result_types(struct parser *p, struct pl_buf *out)
{
	skip_ws(p);
	if (cur(p) == '(') {
		struct pl_buf tmp = { 0 };
		unsigned n = 0;
		bool ok = parse_type_list_parens(p, &tmp, &n);
		if (ok) {
			if (n == 1 && tmp.data[1] != '(')
				pl_buf_add(out, tmp.data + 1, tmp.len - 2);
			else
				pl_buf_add(out, tmp.data, tmp.len);
		}
		pl_buf_free(&tmp);
		return ok;
	}
	return parse_type(p, out);
}

/* shaped ::= ('tensor'|'memref'|'vector') '<' dims elt-type [',' attr]* '>' */
static bool parse_shaped_body(struct parser *p, struct pl_buf *out)
{
	if (!expect(p, "<", NULL))
		return false;
	pl_buf_putc(out, '<');
	for (;;) {
		skip_ws(p);
		char ch = cur(p);
		if ((ch == '?' || ch == '*') && at(p, 1) == 'x') {
			pl_buf_putc(out, ch);
			pl_buf_putc(out, 'x');
			p->pos += 2;
		} else if (is_digit(ch)) {
			uint32_t s = p->pos;
			while (is_digit(cur(p)))
				p->pos++;
			if (cur(p) != 'x') {
				perr(p, p->pos, "expected 'x' in dimension list");
				return false;
			}
			p->pos++;
			pl_buf_add(out, p->buf + s, p->pos - s);
		} else if (ch == '[') { /* scalable vector dimension */
			uint32_t s = p->pos;
			while (cur(p) && cur(p) != ']')
				p->pos++;
			p->pos++;
			if (cur(p) != 'x') {
				perr(p, p->pos, "expected 'x' in dimension list");
				return false;
			}
			p->pos++;
			pl_buf_add(out, p->buf + s, p->pos - s);
		} else
			break;
	}
	if (!parse_type(p, out))
		return false;
	while (accept(p, ",")) {
		pl_buf_puts(out, ", ");
		struct pl_buf a = { 0 };
		if (!parse_attr(p, &a)) {
			pl_buf_free(&a);
			return false;
		}
		/* integer memory spaces print without their i64 type */
		size_t n = a.len;
		if (n > 6 && !strcmp(a.data + n - 6, " : i64"))
			n -= 6;
		pl_buf_add(out, a.data, n);
		pl_buf_free(&a);
	}
	if (!expect(p, ">", "to close the shaped type"))
		return false;
	pl_buf_putc(out, '>');
	return true;
}

/* type ::= function-type | builtin-type | '!' dialect-or-alias */
static bool parse_type(struct parser *p, struct pl_buf *out)
{
	skip_ws(p);
	if (!enter(p))
		return false;
	bool ok = false;
	uint32_t start = p->pos;
	char ch = cur(p);
	if (ch == '(') {
		if (parse_type_list_parens(p, out, NULL) && expect(p, "->", "in function type")) {
			pl_buf_puts(out, " -> ");
			ok = parse_result_types(p, out);
		}
	} else if (ch == '!') {
		p->pos++;
		uint32_t s = p->pos;
		while (is_suffix_char(cur(p)))
			p->pos++;
		if (p->pos == s) {
			perr(p, start, "expected a type name after '!'");
		} else if (cur(p) == '<' || memchr(p->buf + s, '.', p->pos - s)) {
			pl_buf_add(out, p->buf + start, p->pos - start);
			ok = cur(p) != '<' || copy_verbatim(p, out);
		} else {
			const char *key = pl_intern_n(p->c->strs, p->buf + start, p->pos - start);
			const char *v = alias_get(p, key);
			if (!v)
				perr(p, start, "undefined symbol alias id '%s'", key);
			else {
				pl_buf_puts(out, v);
				ok = true;
			}
		}
	} else if (is_alpha(ch)) {
		size_t n = peek_id(p);
		const char *s = p->buf + p->pos;
		if ((n == 6 && !memcmp(s, "tensor", 6)) || (n == 6 && !memcmp(s, "memref", 6)) ||
		    (n == 6 && !memcmp(s, "vector", 6))) {
			pl_buf_add(out, s, n);
			p->pos += (uint32_t)n;
			ok = parse_shaped_body(p, out);
		} else if ((n == 7 && !memcmp(s, "complex", 7)) || (n == 5 && !memcmp(s, "tuple", 5))) {
			pl_buf_add(out, s, n);
			p->pos += (uint32_t)n;
			if (expect(p, "<", NULL)) {
				pl_buf_putc(out, '<');
				ok = true;
				if (!accept(p, ">")) {
					unsigned k = 0;
					do {
						if (k++)
							pl_buf_puts(out, ", ");
						ok = parse_type(p, out);
					} while (ok && accept(p, ","));
					ok = ok && expect(p, ">", NULL);
				}
				pl_buf_putc(out, '>');
			}
		} else if (is_builtin_scalar(s, n)) {
			pl_buf_add(out, s, n);
			p->pos += (uint32_t)n;
			ok = true;
		} else {
			perr(p, start, "expected a type, found '%.*s'", (int)n, s);
		}
	} else {
		perr(p, start, "expected a type");
	}
	leave(p);
	return ok && !p->failed;
}

/* ---- canonical text: attributes ---------------------------------------- */

/* A string literal at the cursor: decoded bytes into dec. */
static bool parse_string(struct parser *p, struct pl_buf *dec)
{
	skip_ws(p);
	uint32_t start = p->pos;
	if (cur(p) != '"') {
		perr(p, start, "expected a string");
		return false;
	}
	p->pos++;
	pl_buf_reserve(dec, 1);
	for (;;) {
		char ch = cur(p);
		if (!ch || ch == '\n') {
			perr(p, start, "expected '\"' in string literal");
			return false;
		}
		p->pos++;
		if (ch == '"')
			break;
		if (ch != '\\') {
			pl_buf_putc(dec, ch);
			continue;
		}
		char e = cur(p);
		p->pos++;
		switch (e) {
		case '"': case '\\': pl_buf_putc(dec, e); break;
		case 'n': pl_buf_putc(dec, '\n'); break;
		case 't': pl_buf_putc(dec, '\t'); break;
		default: {
			char h2 = cur(p);
			if (!strchr("0123456789abcdefABCDEF", e) || !e || !h2 ||
			    !strchr("0123456789abcdefABCDEF", h2)) {
				perr(p, p->pos - 2, "unknown escape in string literal");
				return false;
			}
			char hx[3] = { e, h2, 0 };
			pl_buf_putc(dec, (char)strtol(hx, NULL, 16));
			p->pos++;
		}
		}
	}
	return true;
}

/* A number literal at the cursor (with optional leading '-').  Sets
 * *is_float; the literal's text is [*s, p->pos). */
static bool scan_number(struct parser *p, uint32_t *s, bool *is_float)
{
	skip_ws(p);
	*s = p->pos;
	*is_float = false;
	if (cur(p) == '-')
		p->pos++;
	if (!is_digit(cur(p))) {
		perr(p, *s, "expected a number");
		return false;
	}
	if (cur(p) == '0' && at(p, 1) == 'x' && strchr("0123456789abcdefABCDEF", at(p, 2)) && at(p, 2)) {
		p->pos += 2;
		while (cur(p) && strchr("0123456789abcdefABCDEF", cur(p)))
			p->pos++;
		return true;
	}
	while (is_digit(cur(p)))
		p->pos++;
	if (cur(p) == '.') {
		*is_float = true;
		p->pos++;
		while (is_digit(cur(p)))
			p->pos++;
		if ((cur(p) == 'e' || cur(p) == 'E') &&
		    (is_digit(at(p, 1)) || ((at(p, 1) == '-' || at(p, 1) == '+') && is_digit(at(p, 2))))) {
			p->pos += 2;
			while (is_digit(cur(p)))
				p->pos++;
		}
	}
	return true;
}

/* Longest integer literal (significant digits) checked against a type
 * wider than its digit count decides at a glance: the exact check converts
 * the decimal digits to binary in quadratic time. */
#define IR_MAX_INT_DIGITS 4096

static int digit_val(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	return ch - 'A' + 10;
}

/* Bits of the magnitude of decimal digits [t, t + d) (no leading zero,
 * d <= IR_MAX_INT_DIGITS) and whether it is a power of two. */
static unsigned long dec_bits(const char *t, size_t d, bool *pow2)
{
	uint32_t limb[IR_MAX_INT_DIGITS / 9 + 2] = { 0 };
	size_t n = 0;
	for (size_t i = 0; i < d;) {
		uint64_t mul = 1, add = 0;
		for (unsigned k = 0; k < 9 && i < d; k++, i++) {
			mul *= 10;
			add = add * 10 + (uint64_t)(t[i] - '0');
		}
		for (size_t j = 0; j < n; j++) {
			uint64_t x = (uint64_t)limb[j] * mul + add;
			limb[j] = (uint32_t)x;
			add = x >> 32;
		}
		if (add)
			limb[n++] = (uint32_t)add;
	}
	*pow2 = false;
	if (!n)
		return 0;
	unsigned long bits = 32 * (unsigned long)(n - 1);
	for (uint32_t top = limb[n - 1]; top; top >>= 1)
		bits++;
	*pow2 = (limb[n - 1] & (limb[n - 1] - 1)) == 0;
	for (size_t j = 0; *pow2 && j + 1 < n; j++)
		*pow2 = limb[j] == 0;
	return bits;
}

/* Check the integer literal [s, e) (optional '-', decimal or 0x hex) against
 * integer type `type` of width w as MLIR's parser does (parseDecOrHexAttr,
 * buildAttributeAPInt): the magnitude must fit in w bits; a negative value
 * must be representable in two's complement, so up to 2^(w-1) and never
 * `-0`; a non-negative value of a signed type or index must leave the sign
 * bit clear; signless types take either reading (`255 : i8`, `-128 : i8`);
 * no negative literal for an unsigned type.  Errors point at the digits,
 * as mlir-opt's do, worded as mlir-opt words them for an attribute or for
 * dense elements.  On success *mag is the magnitude when it fits 64 bits
 * (*fits64). */
static bool check_int_literal(struct parser *p, uint32_t s, uint32_t e, const char *type,
                              unsigned w, bool is_unsigned, bool dense, uint64_t *mag,
                              bool *fits64)
{
	const char *t = p->buf + s, *end = p->buf + e;
	bool neg = *t == '-';
	uint32_t at = s + neg;
	t += neg;
	if (neg && is_unsigned) {
		if (dense)
			perr(p, at, "expected unsigned integer elements, but parsed negative value");
		else
			perr(p, at, "negative integer literal not valid for unsigned integer type %s", type);
		return false;
	}
	bool hex = end - t > 2 && t[0] == '0' && t[1] == 'x';
	if (hex)
		t += 2;
	while (t < end && *t == '0')
		t++;
	size_t d = (size_t)(end - t);
	unsigned long bits = 0;
	bool pow2 = false;
	if (hex) {
		if (d) {
			int top = digit_val(*t);
			bits = 4 * (unsigned long)(d - 1);
			for (; top; top >>= 1)
				bits++;
			pow2 = (digit_val(*t) & (digit_val(*t) - 1)) == 0;
			for (const char *q = t + 1; pow2 && q < end; q++)
				pow2 = *q == '0';
		}
	} else if (d > 1 && (double)(d - 1) * 3.321928094887362 - 1e-6 >= (double)w) {
		bits = (unsigned long)w + 1; /* at least 10^(d-1): more than w bits */
	} else if (d > IR_MAX_INT_DIGITS && (double)d * 3.321928094887362 + 1e-6 <= (double)w - 1) {
		bits = (unsigned long)w - 1; /* below 10^d: at most w - 1 bits, fits */
	} else if (d > IR_MAX_INT_DIGITS) {
		perr(p, at, "integer literal too long to check against type %s (more than %d digits)",
		     type, IR_MAX_INT_DIGITS);
		return false;
	} else {
		bits = dec_bits(t, d, &pow2);
	}
	bool is_signed = type[0] == 's' || strcmp(type, "index") == 0;
	bool fits = bits <= w;
	if (fits && neg)
		fits = bits > 0 && (bits < w || pow2);
	else if (fits && is_signed)
		fits = bits < w;
	if (!fits) {
		if (dense)
			perr(p, at, "integer constant out of range for type %s", type);
		else
			perr(p, at, "integer constant out of range for attribute of type %s", type);
		return false;
	}
	*fits64 = bits <= 64;
	*mag = 0;
	for (const char *q = t; *fits64 && q < end; q++)
		*mag = *mag * (hex ? 16 : 10) + (uint64_t)digit_val(*q);
	return true;
}

/* Append literal [s, e) as a value of scalar type `type` (canonical). */
static bool fmt_scalar(struct parser *p, struct pl_buf *out, uint32_t s, uint32_t e, bool is_float,
                       const char *type, bool with_type)
{
	char lit[128];
	size_t n = e - s;
	bool is_unsigned;
	unsigned w = ir_int_type_width(type, &is_unsigned);
	if (w) {
		uint64_t u;
		bool fits64;
		if (is_float) {
			perr(p, s, "floating point value not valid for integer type %s", type);
			return false;
		}
		if (!check_int_literal(p, s, e, type, w, is_unsigned, !with_type, &u, &fits64))
			return false;
		bool neg = p->buf[s] == '-';
		/* In range for the type; wider than i64 only values an int64_t
		 * holds are canonicalized, the rest are kept as written. */
		if (!fits64 || (w > 64 && u > (neg ? UINT64_C(1) << 63 : INT64_MAX))) {
			pl_buf_add(out, p->buf + s, n);
			if (with_type)
				pl_buf_printf(out, " : %s", type);
			return true;
		}
		int64_t v = (int64_t)(neg ? 0 - u : u);
		const char *a = ir_attr_make_int(p->c, v, type);
		if (with_type)
			pl_buf_puts(out, a);
		else if (w == 1)
			pl_buf_puts(out, a);
		else
			pl_buf_add(out, a, strstr(a, " : ") - a);
		return true;
	}
	if (n >= sizeof lit) {
		/* too long for a double's digits: keep as written */
		pl_buf_add(out, p->buf + s, n);
		if (with_type)
			pl_buf_printf(out, " : %s", type);
		return true;
	}
	memcpy(lit, p->buf + s, n);
	lit[n] = '\0';
	bool is_hex = strstr(lit, "0x") != NULL;
	bool f32 = !strcmp(type, "f32");
	double v;
	if (is_hex) {
		unsigned long long bits = strtoull(lit + (lit[0] == '-'), NULL, 16);
		if (f32) {
			uint32_t b32 = (uint32_t)bits;
			float fv;
			memcpy(&fv, &b32, sizeof fv);
			v = fv;
		} else
			memcpy(&v, &bits, sizeof v);
	} else {
		v = f32 ? (double)strtof(lit, NULL) : strtod(lit, NULL);
	}
	ir_fmt_float(out, v, f32);
	if (with_type)
		pl_buf_printf(out, " : %s", type);
	return true;
}

/* The scalar element type of a shaped type text (or the type itself). */
static const char *element_type(struct parser *p, const char *type, unsigned *rank)
{
	*rank = 0;
	const char *lt = strchr(type, '<');
	if (!lt || (strncmp(type, "tensor<", 7) && strncmp(type, "vector<", 7) && strncmp(type, "memref<", 7)))
		return type;
	const char *q = lt + 1;
	for (;;) {
		const char *r = q;
		while (is_digit(*r) || *r == '?' || *r == '*' || *r == '[' || *r == ']')
			r++;
		if (r > q && *r == 'x') {
			if (*q != '*')
				(*rank)++;
			q = r + 1;
		} else
			break;
	}
	const char *e = q;
	int d = 0;
	while (*e && !(d == 0 && (*e == '>' || *e == ','))) {
		if (*e == '-' && e[1] == '>') {
			e += 2;
			continue;
		}
		if (*e == '<' || *e == '(')
			d++;
		else if (*e == '>' || *e == ')')
			d--;
		e++;
	}
	return pl_intern_n(p->c->strs, q, (size_t)(e - q));
}

/* dense-elements ::= '[' (element | dense-elements) {','...} ']' | element
 * Appends canonical elements; records the first leaf and whether all leaves
 * equal it. */
static bool parse_dense_elems(struct parser *p, struct pl_buf *out, const char *elt,
                              struct pl_buf *first, bool *all_same, unsigned *nleaf)
{
	skip_ws(p);
	if (!enter(p))
		return false;
	bool ok = true;
	if (accept(p, "[")) {
		pl_buf_putc(out, '[');
		if (!accept(p, "]")) {
			unsigned k = 0;
			do {
				if (k++)
					pl_buf_puts(out, ", ");
				ok = parse_dense_elems(p, out, elt, first, all_same, nleaf);
			} while (ok && accept(p, ","));
			ok = ok && expect(p, "]", "in dense elements");
		}
		pl_buf_putc(out, ']');
	} else {
		struct pl_buf leaf = { 0 };
		skip_ws(p);
		if (accept_kw(p, "true"))
			pl_buf_puts(&leaf, "true");
		else if (accept_kw(p, "false")) {
			pl_buf_puts(&leaf, "false");
		} else if (cur(p) == '(') {
			ok = copy_balanced(p, &leaf);
		} else {
			uint32_t s;
			bool fl;
			ok = scan_number(p, &s, &fl) && fmt_scalar(p, &leaf, s, p->pos, fl, elt, false);
		}
		if (ok) {
			if (!*nleaf)
				pl_buf_add(first, leaf.data, leaf.len);
			else if (first->len != leaf.len || memcmp(first->data, leaf.data, leaf.len))
				*all_same = false;
			(*nleaf)++;
			pl_buf_add(out, leaf.data, leaf.len);
		}
		pl_buf_free(&leaf);
	}
	leave(p);
	return ok && !p->failed;
}

/* 'dense' '<' elements '>' ':' type  -- elements formatted for the
 * element type, a uniform list folded to a splat as MLIR does. */
static bool parse_dense(struct parser *p, struct pl_buf *out)
{
	uint32_t body = p->pos; /* at '<' */
	struct pl_buf skip = { 0 }, type = { 0 }, elems = { 0 }, first = { 0 };
	bool ok = copy_balanced(p, &skip) && expect(p, ":", "and the type of a dense attribute") &&
	          parse_type(p, &type);
	uint32_t after = p->pos;
	if (ok) {
		unsigned rank;
		const char *tt = intern_buf(p, &type);
		const char *elt = element_type(p, tt, &rank);
		p->pos = body + 1;
		skip_ws(p);
		if (cur(p) == '"' || cur(p) == '>') {
			/* hex blob or empty: keep as written */
			pl_buf_puts(out, "dense");
			pl_buf_add(out, skip.data, skip.len);
		} else {
			bool same = true;
			unsigned nleaf = 0;
			ok = parse_dense_elems(p, &elems, elt, &first, &same, &nleaf);
			pl_buf_puts(out, "dense<");
			if (same && nleaf > 0)
				pl_buf_add(out, first.data, first.len);
			else
				pl_buf_add(out, elems.data, elems.len);
			pl_buf_putc(out, '>');
		}
		pl_buf_puts(out, " : ");
		pl_buf_puts(out, tt);
		p->pos = after;
	}
	pl_buf_free(&skip);
	pl_buf_free(&type);
	pl_buf_free(&elems);
	pl_buf_free(&first);
	return ok && !p->failed;
}

static void fmt_key(struct pl_buf *out, const char *s, size_t n)
{
	if (ir_is_bare_id(s, n))
		pl_buf_add(out, s, n);
	else
		ir_fmt_string(out, s, n);
}

/* A dictionary key: bare identifier or string; decoded into key. */
static bool parse_key(struct parser *p, struct pl_buf *key)
{
	skip_ws(p);
	if (cur(p) == '"')
		return parse_string(p, key);
	size_t n = peek_id(p);
	if (!n) {
		perr(p, p->pos, "expected attribute name");
		return false;
	}
	pl_buf_add(key, p->buf + p->pos, n);
	p->pos += (uint32_t)n;
	return true;
}

struct kv { char *key; size_t klen; char *val; };

static int kv_cmp(const void *a, const void *b)
{
	const struct kv *x = a, *y = b;
	size_t n = x->klen < y->klen ? x->klen : y->klen;
	int k = memcmp(x->key, y->key, n);
	return k ? k : (x->klen > y->klen) - (x->klen < y->klen);
}

/* dict ::= '{' [entry {',' entry}] '}' ; entry ::= key ['=' attr].
 * Fills a sorted, de-duplicated list (caller frees with dict_free). */
static bool parse_dict_entries(struct parser *p, struct kv **out, size_t *n_out)
{
	struct kv *v = NULL;
	size_t n = 0, cap = 0;
	bool ok = expect(p, "{", NULL);
	if (ok && !accept(p, "}")) {
		do {
			struct pl_buf key = { 0 }, val = { 0 };
			uint32_t koff = p->pos;
			ok = parse_key(p, &key);
			if (ok) {
				if (accept(p, "="))
					ok = parse_attr(p, &val);
				else
					pl_buf_puts(&val, "unit");
			}
			if (ok) {
				for (size_t i = 0; i < n; i++)
					if (v[i].klen == key.len && !memcmp(v[i].key, key.data, key.len)) {
						perr(p, koff, "duplicate key '%.*s' in dictionary attribute",
						     (int)key.len, key.data);
						ok = false;
					}
			}
			if (!ok) {
				pl_buf_free(&key);
				pl_buf_free(&val);
				break;
			}
			if (n == cap) {
				cap = cap ? cap * 2 : 8;
				v = pl_xrealloc(v, cap * sizeof *v);
			}
			v[n].klen = key.len;
			v[n].key = pl_buf_detach(&key);
			v[n].val = pl_buf_detach(&val);
			n++;
		} while (accept(p, ","));
		ok = ok && expect(p, "}", "to close the attribute dictionary");
	}
	if (n)
		qsort(v, n, sizeof *v, kv_cmp);
	*out = v;
	*n_out = n;
	return ok && !p->failed;
}

static void dict_free(struct kv *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].key);
		free(v[i].val);
	}
	free(v);
}

static void fmt_dict(struct pl_buf *out, const struct kv *v, size_t n)
{
	pl_buf_putc(out, '{');
	for (size_t i = 0; i < n; i++) {
		if (i)
			pl_buf_puts(out, ", ");
		fmt_key(out, v[i].key, v[i].klen);
		if (strcmp(v[i].val, "unit")) {
			pl_buf_puts(out, " = ");
			pl_buf_puts(out, v[i].val);
		}
	}
	pl_buf_putc(out, '}');
}

/* The optional `: type` after a literal; default when absent. */
static bool literal_type(struct parser *p, struct pl_buf *t, const char *dflt)
{
	skip_ws(p);
	/* ':' followed by '=' never occurs; a ':' that starts a type is ours. */
	if (cur(p) == ':' && at(p, 1) != ':') {
		uint32_t save = p->pos;
		p->pos++;
		skip_ws(p);
		char ch = cur(p);
		/* A generic op's `: (types) -> ...` is not a literal type; a
		 * literal is never typed by a function type. */
		if (ch == '(') {
			p->pos = save;
		} else
			return parse_type(p, t);
	}
	pl_buf_puts(t, dflt);
	return true;
}

/* attr ::= see the file comment of ir.h for the canonical forms */
static bool parse_attr(struct parser *p, struct pl_buf *out)
{
	skip_ws(p);
	if (!enter(p))
		return false;
	bool ok = true;
	uint32_t start = p->pos;
	char ch = cur(p);
	if (ch == '-' || is_digit(ch)) {
		uint32_t s;
		bool fl;
		struct pl_buf t = { 0 };
		ok = scan_number(p, &s, &fl);
		uint32_t e = p->pos;
		ok = ok && literal_type(p, &t, fl ? "f64" : "i64");
		if (ok) {
			const char *ty = intern_buf(p, &t);
			if (!ir_int_type_width(ty, NULL) && strcmp(ty, "f32") && strcmp(ty, "f64") &&
			    strcmp(ty, "f16") && strcmp(ty, "bf16")) {
				perr(p, s, "invalid type %s for a number literal", ty);
				ok = false;
			} else
				ok = fmt_scalar(p, out, s, e, fl, ty, true);
		}
		pl_buf_free(&t);
	} else if (ch == '"') {
		struct pl_buf dec = { 0 };
		ok = parse_string(p, &dec);
		if (ok) {
			ir_fmt_string(out, dec.data ? dec.data : "", dec.len);
			skip_ws(p);
			if (cur(p) == ':' && at(p, 1) != ':') {
				uint32_t save = p->pos;
				p->pos++;
				skip_ws(p);
				if (cur(p) == '(')
					p->pos = save;
				else {
					pl_buf_puts(out, " : ");
					ok = parse_type(p, out);
				}
			}
		}
		pl_buf_free(&dec);
	} else if (ch == '[') {
		p->pos++;
		pl_buf_putc(out, '[');
		if (!accept(p, "]")) {
			unsigned k = 0;
			do {
				if (k++)
					pl_buf_puts(out, ", ");
				size_t mark = out->len;
				ok = parse_attr(p, out);
				/* MLIR elides i64 and f64 on array elements */
				if (ok && out->len - mark > 6 &&
				    (!strcmp(out->data + out->len - 6, " : i64") ||
				     !strcmp(out->data + out->len - 6, " : f64"))) {
					enum ir_attr_kind k2 = ir_attr_kind(out->data + mark);
					if (k2 == IR_ATTR_INT || k2 == IR_ATTR_FLOAT) {
						out->len -= 6;
						out->data[out->len] = '\0';
					}
				}
			} while (ok && accept(p, ","));
			ok = ok && expect(p, "]", "to close the array attribute");
		}
		pl_buf_putc(out, ']');
	} else if (ch == '{') {
		struct kv *v;
		size_t n;
		ok = parse_dict_entries(p, &v, &n);
		if (ok)
			fmt_dict(out, v, n);
		dict_free(v, n);
	} else if (ch == '@') {
		unsigned nsym = 0;
		do {
			skip_ws(p);
			if (cur(p) != '@') {
				perr(p, p->pos, "expected '@' symbol reference");
				ok = false;
				break;
			}
			p->pos++;
			if (nsym++)
				pl_buf_puts(out, "::");
			pl_buf_putc(out, '@');
			if (cur(p) == '"') {
				struct pl_buf dec = { 0 };
				ok = parse_string(p, &dec);
				if (ok)
					fmt_key(out, dec.data ? dec.data : "", dec.len);
				pl_buf_free(&dec);
			} else {
				uint32_t s = p->pos;
				while (is_suffix_char(cur(p)))
					p->pos++;
				if (s == p->pos) {
					perr(p, s, "expected a symbol name");
					ok = false;
				}
				pl_buf_add(out, p->buf + s, p->pos - s);
			}
		} while (ok && accept(p, "::"));
	} else if (ch == '#') {
		p->pos++;
		uint32_t s = p->pos;
		while (is_suffix_char(cur(p)))
			p->pos++;
		if (cur(p) == '<' || memchr(p->buf + s, '.', p->pos - s)) {
			pl_buf_add(out, p->buf + start, p->pos - start);
			if (cur(p) == '<')
				ok = copy_verbatim(p, out);
		} else {
			const char *key = pl_intern_n(p->c->strs, p->buf + start, p->pos - start);
			const char *v = alias_get(p, key);
			if (!v) {
				perr(p, start, "undefined symbol alias id '%s'", key);
				ok = false;
			} else
				pl_buf_puts(out, v);
		}
	} else if (is_alpha(ch)) {
		size_t n = peek_id(p);
		const char *s = p->buf + p->pos;
#define KW(k) (n == sizeof(k) - 1 && !memcmp(s, k, n))
		if (KW("true") || KW("false") || KW("unit")) {
			pl_buf_add(out, s, n);
			p->pos += (uint32_t)n;
		} else if (KW("dense")) {
			p->pos += (uint32_t)n;
			skip_ws(p);
			ok = cur(p) == '<' ? parse_dense(p, out) : (perr(p, p->pos, "expected '<' after 'dense'"), false);
		} else if (KW("loc")) {
			p->pos += (uint32_t)n;
			skip_ws(p);
			pl_buf_puts(out, "loc");
			ok = cur(p) == '(' && copy_balanced(p, out);
		} else if (KW("sparse") || KW("dense_resource") || KW("opaque") || KW("array") ||
		           KW("affine_map") || KW("affine_set") || KW("strided") || KW("distinct")) {
			p->pos += (uint32_t)n;
			skip_ws(p);
			pl_buf_add(out, s, n);
			ok = cur(p) == '<' && copy_balanced(p, out);
			if (ok && (KW("sparse") || KW("dense_resource") || KW("opaque"))) {
				if (accept(p, ":")) {
					pl_buf_puts(out, " : ");
					ok = parse_type(p, out);
				}
			}
		} else {
			ok = parse_type(p, out);
		}
#undef KW
	} else if (ch == '(' || ch == '!') {
		ok = parse_type(p, out);
	} else {
		perr(p, start, "expected attribute value");
		ok = false;
	}
	leave(p);
	return ok && !p->failed;
}

/* ---- values ------------------------------------------------------------ */

/* A parsed but unresolved value use. */
struct vref {
	const char *key;    /* interned "%name" */
	unsigned idx;       /* result number (#idx) */
	uint32_t off;       /* location */
};

/* ssa-use ::= '%' suffix-id ['#' digits] */
static bool parse_vref(struct parser *p, struct vref *r)
{
	skip_ws(p);
	r->off = p->pos;
	if (cur(p) != '%') {
		perr(p, p->pos, "expected SSA value");
		return false;
	}
	uint32_t s = p->pos++;
	while (is_suffix_char(cur(p)))
		p->pos++;
	if (p->pos == s + 1) {
		perr(p, s, "expected SSA value name after '%%'");
		return false;
	}
	r->key = pl_intern_n(p->c->strs, p->buf + s, p->pos - s);
	r->idx = 0;
	if (cur(p) == '#' && is_digit(at(p, 1))) {
		p->pos++;
		unsigned long v = 0;
		while (is_digit(cur(p)) && v < 100000000)
			v = v * 10 + (unsigned long)(cur(p) - '0'), p->pos++;
		r->idx = (unsigned)v;
	}
	return true;
}

static bool parse_vref_list(struct parser *p, struct pl_vec *refs)
{
	do {
		struct vref *r = PL_NEW(p->c->arena, struct vref);
		if (!parse_vref(p, r))
			return false;
		pl_vec_push(refs, r);
	} while (accept(p, ","));
	return true;
}

/* The value for a use of type `type`; a placeholder when not yet defined. */
static struct ir_value *resolve(struct parser *p, const struct vref *r, const char *type)
{
	struct binding *b = lookup(p, r->key);
	if (!b) {
		b = bind(p, r->key, r->off);
		b->fwd = true;
	}
	if (b->block) {
		perr(p, r->off, "'%s' is not a value", r->key);
		return NULL;
	}
	if (!b->fwd && r->idx >= b->n) {
		perr(p, r->off, "reference to invalid result number %u of '%s'", r->idx, r->key);
		return NULL;
	}
	if (b->fwd && r->idx >= b->n) {
		if (r->idx >= b->cap) {
			unsigned ncap = r->idx + 4;
			struct ir_value **nv = PL_NEW_ARRAY(p->c->arena, struct ir_value *, ncap);
			if (b->n)
				memcpy(nv, b->vals, b->n * sizeof *nv);
			b->vals = nv;
			b->cap = ncap;
		}
		b->n = r->idx + 1;
	}
	struct ir_value *v = b->vals[r->idx];
	if (!v) {
		v = PL_NEW(p->c->arena, struct ir_value);
		v->type = type;
		v->index = r->idx;
		b->vals[r->idx] = v;
	}
	if (type && v->type != type) {
		perr(p, r->off, "use of value '%s' expects different type than prior uses: '%s' vs '%s'",
		     r->key, type, v->type);
		return NULL;
	}
	return v;
}

static bool resolve_all(struct parser *p, const struct pl_vec *refs, const char *const *types,
                        struct ir_value **out)
{
	for (size_t i = 0; i < refs->len; i++)
		if (!(out[i] = resolve(p, refs->items[i], types[i])))
			return false;
	return true;
}

/* Bind `key` (at off) to vals[0..n); resolves earlier forward uses. */
static bool define(struct parser *p, const char *key, uint32_t off, struct ir_value **vals, unsigned n)
{
	struct binding *b = lookup(p, key);
	if (b && !b->fwd) {
		perr(p, off, "redefinition of SSA value '%s'", key);
		return false;
	}
	if (b && b->fwd && !b->block) {
		if (b->n > n) {
			perr(p, b->off, "reference to invalid result number %u of '%s'", b->n - 1, key);
			return false;
		}
		for (unsigned i = 0; i < b->n; i++) {
			struct ir_value *ph = b->vals[i];
			if (!ph)
				continue;
			if (ph->type != vals[i]->type) {
				perr(p, off, "definition of SSA value '%s#%u' has type %s, but prior uses expect %s",
				     key, i, vals[i]->type, ph->type);
				return false;
			}
			ir_value_replace_all_uses(ph, vals[i]);
		}
		b->fwd = false;
	} else {
		b = bind(p, key, off);
	}
	b->vals = vals;
	b->n = b->cap = n;
	b->off = off;
	return true;
}

/* ---- operations -------------------------------------------------------- */

/* A result group: %name or %name:N. */
struct rgroup {
	const char *key;
	unsigned n;
	uint32_t off;
};

struct op_parse {
	struct pl_vec groups;   /* struct rgroup * */
	unsigned n_results;     /* sum of group sizes */
	uint32_t off;           /* start of the op */
};

static bool parse_region(struct parser *p, struct ir_region *r, unsigned n_args,
                         const struct vref *arg_names, const char *const *arg_types);
static struct ir_op *parse_op(struct parser *p);

static void skip_loc(struct parser *p)
{
	skip_ws(p);
	if (p->pos + 3 < p->end && !memcmp(p->buf + p->pos, "loc", 3) && !is_id_char(at(p, 3))) {
		uint32_t save = p->pos;
		p->pos += 3;
		skip_ws(p);
		if (cur(p) != '(') {
			p->pos = save;
			return;
		}
		struct pl_buf junk = { 0 };
		copy_balanced(p, &junk);
		pl_buf_free(&junk);
	}
}

/* Bind the op's results to its result groups. */
static bool bind_results(struct parser *p, struct op_parse *o, struct ir_op *op)
{
	/* results may go unnamed: `"t.op"() : () -> i32` */
	if (o->n_results != op->n_results && o->n_results) {
		perr(p, o->off, "operation defines %u results but was provided %u to bind",
		     op->n_results, o->n_results);
		return false;
	}
	unsigned k = 0;
	for (size_t i = 0; i < o->groups.len; i++) {
		struct rgroup *g = o->groups.items[i];
		struct ir_value **vals = PL_NEW_ARRAY(p->c->arena, struct ir_value *, g->n);
		for (unsigned j = 0; j < g->n; j++)
			vals[j] = &op->results[k++];
		if (!define(p, g->key, g->off, vals, g->n))
			return false;
	}
	return true;
}

/* Split a canonical function type "(a, b) -> r" into interned parts. */
static bool split_fn_type(struct parser *p, const char *fn, struct pl_vec *ins, struct pl_vec *outs)
{
	const char *q = fn;
	if (*q != '(')
		return false;
	for (int pass = 0; pass < 2; pass++) {
		struct pl_vec *v = pass ? outs : ins;
		bool paren = *q == '(';
		if (paren)
			q++;
		if (paren && *q == ')') {
			q++;
		} else {
			for (;;) {
				const char *s = q;
				int d = 0;
				while (*q && !(d == 0 && (*q == ',' || (paren && *q == ')') || (!paren && *q == ' ' && q[1] == '-')))) {
					if (*q == '-' && q[1] == '>') {
						q += 2;
						continue;
					}
					if (*q == '(' || *q == '<' || *q == '[' || *q == '{')
						d++;
					else if (*q == ')' || *q == '>' || *q == ']' || *q == '}')
						d--;
					else if (*q == '"') {
						for (q++; *q && *q != '"'; q++)
							if (*q == '\\' && q[1])
								q++;
						/* an unterminated string: stop at the NUL, never
						 * step past it (tests/fuzz/fuzz_ir found this) */
						if (!*q)
							break;
					}
					q++;
				}
				pl_vec_push(v, (void *)pl_intern_n(p->c->strs, s, (size_t)(q - s)));
				if (*q == ',') {
					q += q[1] ? 2 : 1;
					continue;
				}
				if (paren && *q)
					q++;
				break;
			}
		}
		if (!pass) {
			if (strncmp(q, " -> ", 4))
				return false;
			q += 4;
		}
	}
	return true;
}

/* The operand and result types of canonical function type fn (interned),
 * split once per distinct type: a file's ops mostly repeat a few.  NULL
 * when fn is not a function type. */
static const struct fn_split *fn_types(struct parser *p, const char *fn)
{
	const void *v;
	if (pl_ptrmap_get(&p->fns, fn, &v))
		return v;
	struct pl_vec ins = { 0 }, outs = { 0 };
	struct fn_split *e = NULL;
	if (split_fn_type(p, fn, &ins, &outs)) {
		e = PL_NEW(p->c->arena, struct fn_split);
		e->n_ins = (unsigned)ins.len;
		e->n_outs = (unsigned)outs.len;
		e->types = PL_NEW_ARRAY(p->c->arena, const char *, ins.len + outs.len + 1);
		for (size_t i = 0; i < ins.len; i++)
			e->types[i] = ins.items[i];
		for (size_t i = 0; i < outs.len; i++)
			e->types[ins.len + i] = outs.items[i];
		pl_ptrmap_put(&p->fns, fn, e);
	}
	pl_vec_free(&ins);
	pl_vec_free(&outs);
	return e;
}

/* generic-op ::= string '(' [uses] ')' ['[' successors ']'] ['(' regions ')']
 *                [dict] ':' function-type */
static struct ir_op *parse_generic(struct parser *p, struct op_parse *o)
{
	struct pl_vec refs = { 0 }, succs = { 0 };
	struct kv *attrs = NULL;
	size_t n_attrs = 0;
	struct ir_op *op = NULL;
	struct pl_vec regions = { 0 };   /* struct ir_region *, moved into op */
	/* the name and the type go through the parser's scratch buffer, the
	 * name interned before the regions' ops use it in turn */
	struct pl_buf *buf = &p->scratch;
	const char *name;

	pl_buf_clear(buf);
	if (!parse_string(p, buf))
		goto cleanup;
	if (!buf->len) {
		perr(p, o->off, "empty operation name");
		goto cleanup;
	}
	name = intern_buf(p, buf);
	if (!expect(p, "(", "to start the operand list"))
		goto cleanup;
	skip_ws(p);
	if (cur(p) != ')' && !parse_vref_list(p, &refs))
		goto cleanup;
	if (!expect(p, ")", "to end the operand list"))
		goto cleanup;
	if (accept(p, "[")) {
		do {
			skip_ws(p);
			uint32_t s = p->pos;
			if (cur(p) != '^') {
				perr(p, s, "expected block name");
				goto cleanup;
			}
			p->pos++;
			while (is_suffix_char(cur(p)))
				p->pos++;
			const char *key = pl_intern_n(p->c->strs, p->buf + s, p->pos - s);
			struct binding *b = lookup(p, key);
			if (!b || b->scope != p->scope || !b->block) {
				b = bind(p, key, s);
				b->fwd = true;
				b->block = ir_block_create(p->c);
			}
			pl_vec_push(&succs, b->block);
		} while (accept(p, ","));
		if (!expect(p, "]", "to end the successor list"))
			goto cleanup;
	}
	if (accept(p, "(")) {
		/* Regions are parsed before the op exists (its type comes last)
		 * and moved into it afterwards. */
		do {
			struct ir_region *r = PL_NEW(p->c->arena, struct ir_region);
			if (!parse_region(p, r, 0, NULL, NULL))
				goto cleanup;
			pl_vec_push(&regions, r);
		} while (accept(p, ","));
		if (!expect(p, ")", "to end the region list"))
			goto cleanup;
	}
	skip_ws(p);
	if (cur(p) == '{' && !parse_dict_entries(p, &attrs, &n_attrs))
		goto cleanup;
	if (!expect(p, ":", "followed by the operation's function type"))
		goto cleanup;
	skip_ws(p);
	uint32_t toff = p->pos;
	if (cur(p) != '(') {
		perr(p, toff, "expected function type");
		goto cleanup;
	}
	pl_buf_clear(buf);
	if (!parse_type(p, buf))
		goto cleanup;
	const struct fn_split *fs = fn_types(p, intern_buf(p, buf));
	if (!fs) {
		perr(p, toff, "expected function type");
		goto cleanup;
	}
	if (fs->n_ins != refs.len) {
		perr(p, toff, "expected %zu operand types but had %u", refs.len, fs->n_ins);
		goto cleanup;
	}
	struct ir_value **vals = PL_NEW_ARRAY(p->c->arena, struct ir_value *, refs.len + 1);
	if (!resolve_all(p, &refs, fs->types, vals))
		goto cleanup;
	struct ir_attr_entry *ae = PL_NEW_ARRAY(p->c->arena, struct ir_attr_entry, n_attrs + 1);
	for (size_t i = 0; i < n_attrs; i++) {
		ae[i].name = pl_intern_n(p->c->strs, attrs[i].key, attrs[i].klen);
		ae[i].value = pl_intern(p->c->strs, attrs[i].val);
	}
	struct ir_op_desc d = {
		.name = name,
		.n_operands = (unsigned)refs.len, .operands = vals,
		.n_results = fs->n_outs, .result_types = fs->types + fs->n_ins,
		.n_attrs = (unsigned)n_attrs, .attrs = ae,
		.n_successors = (unsigned)succs.len, .successors = (struct ir_block *const *)succs.items,
		.n_regions = (unsigned)regions.len,
	};
	if (p->f)
		d.span = pl_source_span(p->f, o->off, o->off + 1);
	op = ir_op_create(p->c, &d);
	for (size_t i = 0; i < regions.len; i++) {
		struct ir_region *from = regions.items[i], *to = &op->regions[i];
		to->first = from->first;
		to->last = from->last;
		for (struct ir_block *b = to->first; b; b = b->next)
			b->region = to;
	}
cleanup:
	pl_vec_free(&regions);
	pl_vec_free(&refs);
	pl_vec_free(&succs);
	dict_free(attrs, n_attrs);
	return p->failed ? NULL : op;
}

/* ---- custom forms ------------------------------------------------------ */

struct custom_builder {
	struct ir_op_desc d;
	struct pl_vec attrs;    /* struct ir_attr_entry * */
	struct pl_vec types;    /* result types */
};

static void cb_attr(struct parser *p, struct custom_builder *b, const char *name, const char *value)
{
	struct ir_attr_entry *e = PL_NEW(p->c->arena, struct ir_attr_entry);
	e->name = pl_intern(p->c->strs, name);
	e->value = pl_intern(p->c->strs, value);
	pl_vec_push(&b->attrs, e);
}

/* Optional attr-dict into the builder. */
static bool cb_attr_dict(struct parser *p, struct custom_builder *b)
{
	skip_ws(p);
	if (cur(p) != '{')
		return true;
	struct kv *v;
	size_t n;
	bool ok = parse_dict_entries(p, &v, &n);
	for (size_t i = 0; ok && i < n; i++) {
		struct ir_attr_entry *e = PL_NEW(p->c->arena, struct ir_attr_entry);
		e->name = pl_intern_n(p->c->strs, v[i].key, v[i].klen);
		e->value = pl_intern(p->c->strs, v[i].val);
		pl_vec_push(&b->attrs, e);
	}
	dict_free(v, n);
	return ok;
}

static struct ir_op *cb_finish(struct parser *p, struct custom_builder *b, const char *name,
                               uint32_t off, unsigned n_regions)
{
	struct ir_attr_entry *ae = PL_NEW_ARRAY(p->c->arena, struct ir_attr_entry, b->attrs.len + 1);
	for (size_t i = 0; i < b->attrs.len; i++)
		ae[i] = *(struct ir_attr_entry *)b->attrs.items[i];
	b->d.name = name;
	b->d.attrs = ae;
	b->d.n_attrs = (unsigned)b->attrs.len;
	b->d.result_types = (const char *const *)b->types.items;
	b->d.n_results = (unsigned)b->types.len;
	b->d.n_regions = n_regions;
	if (p->f)
		b->d.span = pl_source_span(p->f, off, off + 1);
	struct ir_op *op = ir_op_create(p->c, &b->d);
	pl_vec_free(&b->attrs);
	pl_vec_free(&b->types);
	return op;
}

static void cb_free(struct custom_builder *b)
{
	pl_vec_free(&b->attrs);
	pl_vec_free(&b->types);
}

/* module ::= 'module' ['@' name] ['attributes' dict] region */
static struct ir_op *parse_module(struct parser *p, uint32_t off)
{
	struct custom_builder b = { 0 };
	skip_ws(p);
	if (cur(p) == '@') {
		struct pl_buf sym = { 0 };
		p->pos++;
		uint32_t s = p->pos;
		if (cur(p) == '"')
			parse_string(p, &sym);
		else {
			while (is_suffix_char(cur(p)))
				p->pos++;
			pl_buf_add(&sym, p->buf + s, p->pos - s);
		}
		struct pl_buf q = { 0 };
		ir_fmt_string(&q, sym.data ? sym.data : "", sym.len);
		cb_attr(p, &b, "sym_name", pl_buf_cstr(&q));
		pl_buf_free(&q);
		pl_buf_free(&sym);
	}
	if (accept_kw(p, "attributes") && !cb_attr_dict(p, &b)) {
		cb_free(&b);
		return NULL;
	}
	if (p->failed) {
		cb_free(&b);
		return NULL;
	}
	struct ir_op *op = cb_finish(p, &b, "builtin.module", off, 1);
	skip_ws(p);
	if (cur(p) != '{') {
		perr(p, p->pos, "expected '{' to begin the module body");
		return NULL;
	}
	if (!parse_region(p, &op->regions[0], 0, NULL, NULL))
		return NULL;
	if (!op->regions[0].first)
		ir_region_append_block(&op->regions[0], ir_block_create(p->c));
	return op;
}

/* func ::= 'func.func' [visibility] '@' name '(' args ')' ['->' results]
 *          ['attributes' dict] [region] */
static struct ir_op *parse_func(struct parser *p, uint32_t off)
{
	struct custom_builder b = { 0 };
	struct pl_vec arg_types = { 0 }, arg_names = { 0 }, arg_attrs = { 0 }, res_attrs = { 0 };
	struct pl_buf ft = { 0 }, sym = { 0 }, tmp = { 0 };
	struct ir_op *op = NULL;
	bool any_arg_attr = false, any_res_attr = false;

	size_t n = peek_id(p);
	if (n && (accept_kw(p, "private") || accept_kw(p, "public") || accept_kw(p, "nested"))) {
		const char *vis = p->buf + p->pos - n;
		pl_buf_add(&tmp, vis, n);
		struct pl_buf q = { 0 };
		ir_fmt_string(&q, tmp.data, tmp.len);
		cb_attr(p, &b, "sym_visibility", pl_buf_cstr(&q));
		pl_buf_free(&q);
		pl_buf_clear(&tmp);
	}
	skip_ws(p);
	if (cur(p) != '@') {
		perr(p, p->pos, "expected '@' and the function name");
		goto cleanup;
	}
	p->pos++;
	if (cur(p) == '"') {
		if (!parse_string(p, &sym))
			goto cleanup;
	} else {
		uint32_t s = p->pos;
		while (is_suffix_char(cur(p)))
			p->pos++;
		pl_buf_add(&sym, p->buf + s, p->pos - s);
	}
	ir_fmt_string(&tmp, sym.data ? sym.data : "", sym.len);
	cb_attr(p, &b, "sym_name", pl_buf_cstr(&tmp));
	pl_buf_clear(&tmp);

	if (!expect(p, "(", "to start the argument list"))
		goto cleanup;
	if (!accept(p, ")")) {
		do {
			skip_ws(p);
			if (cur(p) == '%') {
				struct vref *r = PL_NEW(p->c->arena, struct vref);
				if (!parse_vref(p, r) || !expect(p, ":", "after the argument name"))
					goto cleanup;
				pl_vec_push(&arg_names, r);
			} else if (arg_names.len) {
				perr(p, p->pos, "expected SSA identifier");
				goto cleanup;
			}
			pl_buf_clear(&tmp);
			if (!parse_type(p, &tmp))
				goto cleanup;
			pl_vec_push(&arg_types, (void *)intern_buf(p, &tmp));
			skip_ws(p);
			const char *ad = "{}";
			if (cur(p) == '{') {
				pl_buf_clear(&tmp);
				if (!parse_attr(p, &tmp))
					goto cleanup;
				ad = intern_buf(p, &tmp);
				any_arg_attr |= strcmp(ad, "{}") != 0;
			}
			pl_vec_push(&arg_attrs, (void *)ad);
			skip_loc(p);
		} while (accept(p, ","));
		if (!expect(p, ")", "to end the argument list"))
			goto cleanup;
	}
	pl_buf_putc(&ft, '(');
	for (size_t i = 0; i < arg_types.len; i++) {
		if (i)
			pl_buf_puts(&ft, ", ");
		pl_buf_puts(&ft, arg_types.items[i]);
	}
	pl_buf_puts(&ft, ") -> ");
	if (accept(p, "->")) {
		skip_ws(p);
		if (cur(p) == '(') {
			p->pos++;
			struct pl_vec rt = { 0 };
			if (!accept(p, ")")) {
				do {
					pl_buf_clear(&tmp);
					if (!parse_type(p, &tmp)) {
						pl_vec_free(&rt);
						goto cleanup;
					}
					pl_vec_push(&rt, (void *)intern_buf(p, &tmp));
					skip_ws(p);
					const char *ad = "{}";
					if (cur(p) == '{') {
						pl_buf_clear(&tmp);
						if (!parse_attr(p, &tmp)) {
							pl_vec_free(&rt);
							goto cleanup;
						}
						ad = intern_buf(p, &tmp);
						any_res_attr |= strcmp(ad, "{}") != 0;
					}
					pl_vec_push(&res_attrs, (void *)ad);
					skip_loc(p);
				} while (accept(p, ","));
				if (!expect(p, ")", "to end the result list")) {
					pl_vec_free(&rt);
					goto cleanup;
				}
			}
			bool bare = rt.len == 1 && ((const char *)rt.items[0])[0] != '(';
			if (!bare)
				pl_buf_putc(&ft, '(');
			for (size_t i = 0; i < rt.len; i++) {
				if (i)
					pl_buf_puts(&ft, ", ");
				pl_buf_puts(&ft, rt.items[i]);
			}
			if (!bare)
				pl_buf_putc(&ft, ')');
			pl_vec_free(&rt);
		} else {
			pl_buf_clear(&tmp);
			if (!parse_type(p, &tmp))
				goto cleanup;
			pl_buf_add(&ft, tmp.data, tmp.len);
			pl_vec_push(&res_attrs, "{}");
		}
	} else {
		pl_buf_puts(&ft, "()");
	}
	cb_attr(p, &b, "function_type", pl_buf_cstr(&ft));
	if (any_arg_attr || any_res_attr) {
		for (int k = 0; k < 2; k++) {
			struct pl_vec *v = k ? &res_attrs : &arg_attrs;
			if (!(k ? any_res_attr : any_arg_attr))
				continue;
			pl_buf_clear(&tmp);
			pl_buf_putc(&tmp, '[');
			for (size_t i = 0; i < v->len; i++) {
				if (i)
					pl_buf_puts(&tmp, ", ");
				pl_buf_puts(&tmp, v->items[i]);
			}
			pl_buf_putc(&tmp, ']');
			cb_attr(p, &b, k ? "res_attrs" : "arg_attrs", pl_buf_cstr(&tmp));
		}
	}
	if (accept_kw(p, "attributes") && !cb_attr_dict(p, &b))
		goto cleanup;
	if (p->failed)
		goto cleanup;
	op = cb_finish(p, &b, "func.func", off, 1);
	skip_ws(p);
	if (cur(p) == '{') {
		if (arg_names.len != arg_types.len && arg_types.len) {
			perr(p, p->pos, "expected named arguments for a function with a body");
			op = NULL;
			goto cleanup;
		}
		struct vref *names = PL_NEW_ARRAY(p->c->arena, struct vref, arg_names.len + 1);
		for (size_t i = 0; i < arg_names.len; i++)
			names[i] = *(struct vref *)arg_names.items[i];
		if (!parse_region(p, &op->regions[0], (unsigned)arg_names.len, names,
		                  (const char *const *)arg_types.items))
			op = NULL;
	}
cleanup:
	cb_free(&b);
	pl_vec_free(&arg_types);
	pl_vec_free(&arg_names);
	pl_vec_free(&arg_attrs);
	pl_vec_free(&res_attrs);
	pl_buf_free(&ft);
	pl_buf_free(&sym);
	pl_buf_free(&tmp);
	return p->failed ? NULL : op;
}

/* `%a, %b : T1, T2` (both lists possibly empty) resolved into b. */
static bool cb_operands_colon_types(struct parser *p, struct custom_builder *b, bool need_colon)
{
	struct pl_vec refs = { 0 }, types = { 0 };
	struct pl_buf t = { 0 };
	bool ok = true;
	skip_ws(p);
	if (cur(p) == '%')
		ok = parse_vref_list(p, &refs);
	if (ok && (refs.len || need_colon)) {
		ok = expect(p, ":", "and the operand types");
		if (ok) {
			do {
				pl_buf_clear(&t);
				ok = parse_type(p, &t);
				if (ok)
					pl_vec_push(&types, (void *)intern_buf(p, &t));
			} while (ok && accept(p, ","));
		}
		if (ok && types.len != refs.len) {
			perr(p, p->pos, "%zu operands present, but expected %zu types", refs.len, types.len);
			ok = false;
		}
	}
	if (ok) {
		struct ir_value **vals = PL_NEW_ARRAY(p->c->arena, struct ir_value *, refs.len + 1);
		ok = resolve_all(p, &refs, (const char *const *)types.items, vals);
		b->d.operands = vals;
		b->d.n_operands = (unsigned)refs.len;
	}
	pl_buf_free(&t);
	pl_vec_free(&refs);
	pl_vec_free(&types);
	return ok && !p->failed;
}

/* return ::= ('return'|'func.return') [uses ':' types] */
static struct ir_op *parse_return(struct parser *p, uint32_t off)
{
	struct custom_builder b = { 0 };
	if (!cb_operands_colon_types(p, &b, false)) {
		cb_free(&b);
		return NULL;
	}
	return cb_finish(p, &b, "func.return", off, 0);
}

/* call ::= ('call'|'func.call') '@' sym '(' [uses] ')' [dict] ':' fn-type */
static struct ir_op *parse_call(struct parser *p, uint32_t off)
{
	struct custom_builder b = { 0 };
	struct pl_buf t = { 0 };
	struct pl_vec refs = { 0 }, ins = { 0 }, outs = { 0 };
	struct ir_op *op = NULL;
	skip_ws(p);
	if (cur(p) != '@') {
		perr(p, p->pos, "expected '@' and the callee");
		goto cleanup;
	}
	if (!parse_attr(p, &t))
		goto cleanup;
	cb_attr(p, &b, "callee", pl_buf_cstr(&t));
	if (!expect(p, "(", NULL))
		goto cleanup;
	skip_ws(p);
	if (cur(p) != ')' && !parse_vref_list(p, &refs))
		goto cleanup;
	if (!expect(p, ")", NULL) || !cb_attr_dict(p, &b) || !expect(p, ":", "and the callee type"))
		goto cleanup;
	pl_buf_clear(&t);
	skip_ws(p);
	uint32_t toff = p->pos;
	if (!parse_type(p, &t) || !split_fn_type(p, intern_buf(p, &t), &ins, &outs) || ins.len != refs.len) {
		perr(p, toff, "expected a function type matching the %zu operands", refs.len);
		goto cleanup;
	}
	struct ir_value **vals = PL_NEW_ARRAY(p->c->arena, struct ir_value *, refs.len + 1);
	if (!resolve_all(p, &refs, (const char *const *)ins.items, vals))
		goto cleanup;
	b.d.operands = vals;
	b.d.n_operands = (unsigned)refs.len;
	for (size_t i = 0; i < outs.len; i++)
		pl_vec_push(&b.types, outs.items[i]);
	op = cb_finish(p, &b, "func.call", off, 0);
cleanup:
	cb_free(&b);
	pl_buf_free(&t);
	pl_vec_free(&refs);
	pl_vec_free(&ins);
	pl_vec_free(&outs);
	return p->failed ? NULL : op;
}

/* constant ::= 'arith.constant' [dict] attr  (result type = attr's type) */
static struct ir_op *parse_arith_constant(struct parser *p, uint32_t off)
{
	struct custom_builder b = { 0 };
	struct pl_buf t = { 0 };
	struct ir_op *op = NULL;
	if (!cb_attr_dict(p, &b))
		goto cleanup;
	skip_ws(p);
	uint32_t aoff = p->pos;
	if (!parse_attr(p, &t))
		goto cleanup;
	const char *a = intern_buf(p, &t);
	const char *ty = ir_attr_type(p->c, a);
	if (!ty || ir_attr_kind(a) == IR_ATTR_TYPE) {
		perr(p, aoff, "expected a typed attribute as the constant value");
		goto cleanup;
	}
	cb_attr(p, &b, "value", a);
	pl_vec_push(&b.types, (void *)ty);
	op = cb_finish(p, &b, "arith.constant", off, 0);
cleanup:
	cb_free(&b);
	pl_buf_free(&t);
	return p->failed ? NULL : op;
}

/* Replace the element type of a shaped type by `elt` (i1 for compares). */
static const char *with_element(struct parser *p, const char *type, const char *elt)
{
	unsigned rank;
	const char *e = element_type(p, type, &rank);
	if (e == type)
		return elt;
	const char *pos = strstr(type, e);
	struct pl_buf b = { 0 };
	pl_buf_add(&b, type, (size_t)(pos - type));
	pl_buf_puts(&b, elt);
	pl_buf_puts(&b, pos + strlen(e));
	const char *r = intern_buf(p, &b);
	pl_buf_free(&b);
	return r;
}

enum arith_form {
	AR_BIN,     /* %a, %b [dict] : T               -> (T, T) -> T */
	AR_BINF,    /* %a, %b [fastmath<..>] [dict] : T, fastmath attribute */
	AR_UNF,     /* %a [fastmath<..>] [dict] : T */
	AR_CMPI,    /* pred, %a, %b [dict] : T          -> (T, T) -> i1 */
	AR_CMPF,
	AR_SELECT,  /* %c, %a, %b [dict] : [C ','] T  -> (C, T, T) -> T */
	AR_CAST     /* %a [dict] : T to U               -> (T) -> U */
};

/* ORDER: predicate numbers of arith::CmpIPredicate / CmpFPredicate. */
static const char *const cmpi_preds[] = { "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge" };
static const char *const cmpf_preds[] = { "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                          "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true" };

static struct ir_op *parse_arith(struct parser *p, uint32_t off, const char *name, enum arith_form form)
{
	struct custom_builder b = { 0 };
	struct pl_vec refs = { 0 };
	struct pl_buf t = { 0 };
	struct ir_op *op = NULL;
	const char *types[3];
	unsigned want = form == AR_SELECT ? 3 : (form == AR_UNF || form == AR_CAST) ? 1 : 2;

	if (form == AR_CMPI || form == AR_CMPF) {
		size_t n = peek_id(p);
		const char *const *tab = form == AR_CMPI ? cmpi_preds : cmpf_preds;
		size_t ntab = form == AR_CMPI ? PL_ARRAY_LEN(cmpi_preds) : PL_ARRAY_LEN(cmpf_preds);
		size_t k;
		for (k = 0; k < ntab; k++)
			if (strlen(tab[k]) == n && !memcmp(tab[k], p->buf + p->pos, n))
				break;
		if (k == ntab) {
			perr(p, p->pos, "expected a comparison predicate of '%s'", name);
			goto cleanup;
		}
		p->pos += (uint32_t)n;
		cb_attr(p, &b, "predicate", ir_attr_make_int(p->c, (int64_t)k, "i64"));
		if (!expect(p, ",", NULL))
			goto cleanup;
	}
	if (!parse_vref_list(p, &refs))
		goto cleanup;
	if (refs.len != want) {
		perr(p, off, "'%s' expects %u operands, found %zu", name, want, refs.len);
		goto cleanup;
	}
	if (form == AR_BINF || form == AR_UNF) {
		if (accept_kw(p, "fastmath")) {
			skip_ws(p);
			pl_buf_puts(&t, "#arith.fastmath");
			if (cur(p) != '<' || !copy_balanced(p, &t))
				goto cleanup;
		} else
			pl_buf_puts(&t, "#arith.fastmath<none>");
		cb_attr(p, &b, "fastmath", pl_buf_cstr(&t));
	}
	if (!cb_attr_dict(p, &b) || !expect(p, ":", "and the operand type"))
		goto cleanup;
	pl_buf_clear(&t);
	if (!parse_type(p, &t))
		goto cleanup;
	const char *ty = intern_buf(p, &t);
	const char *res = ty;
	types[0] = types[1] = types[2] = ty;
	if (form == AR_CMPI || form == AR_CMPF)
		res = with_element(p, ty, p->c->s_i1);
	else if (form == AR_SELECT) {
		types[0] = with_element(p, ty, p->c->s_i1);
		if (accept(p, ",")) {
			types[0] = ty;
			pl_buf_clear(&t);
			if (!parse_type(p, &t))
				goto cleanup;
			res = types[1] = types[2] = intern_buf(p, &t);
		}
	} else if (form == AR_CAST) {
		if (!accept_kw(p, "to")) {
			perr(p, p->pos, "expected 'to' and the result type");
			goto cleanup;
		}
		pl_buf_clear(&t);
		if (!parse_type(p, &t))
			goto cleanup;
		res = intern_buf(p, &t);
	}
	struct ir_value **vals = PL_NEW_ARRAY(p->c->arena, struct ir_value *, want);
	if (!resolve_all(p, &refs, types, vals))
		goto cleanup;
	b.d.operands = vals;
	b.d.n_operands = want;
	pl_vec_push(&b.types, (void *)res);
	op = cb_finish(p, &b, name, off, 0);
cleanup:
	cb_free(&b);
	pl_vec_free(&refs);
	pl_buf_free(&t);
	return p->failed ? NULL : op;
}

/* Custom forms, by name: one row per op (ORDER does not matter). */
static const struct custom_form {
	const char *name;          /* as written in the custom form */
	const char *op;            /* full op name */
	int kind;                  /* -1 module, -2 func, -3 return, -4 call, -5 constant, else arith_form */
} custom_forms[] = {
	{ "module", "builtin.module", -1 }, { "builtin.module", "builtin.module", -1 },
	{ "func.func", "func.func", -2 },
	{ "return", "func.return", -3 }, { "func.return", "func.return", -3 },
	{ "call", "func.call", -4 }, { "func.call", "func.call", -4 },
	{ "arith.constant", "arith.constant", -5 },
	{ "arith.addi", "arith.addi", AR_BIN }, { "arith.subi", "arith.subi", AR_BIN },
	{ "arith.muli", "arith.muli", AR_BIN }, { "arith.divsi", "arith.divsi", AR_BIN },
	{ "arith.divui", "arith.divui", AR_BIN }, { "arith.remsi", "arith.remsi", AR_BIN },
	{ "arith.remui", "arith.remui", AR_BIN }, { "arith.andi", "arith.andi", AR_BIN },
	{ "arith.ori", "arith.ori", AR_BIN }, { "arith.xori", "arith.xori", AR_BIN },
	{ "arith.shli", "arith.shli", AR_BIN }, { "arith.shrsi", "arith.shrsi", AR_BIN },
	{ "arith.shrui", "arith.shrui", AR_BIN }, { "arith.maxsi", "arith.maxsi", AR_BIN },
	{ "arith.maxui", "arith.maxui", AR_BIN }, { "arith.minsi", "arith.minsi", AR_BIN },
	{ "arith.minui", "arith.minui", AR_BIN }, { "arith.ceildivsi", "arith.ceildivsi", AR_BIN },
	{ "arith.ceildivui", "arith.ceildivui", AR_BIN }, { "arith.floordivsi", "arith.floordivsi", AR_BIN },
	{ "arith.addf", "arith.addf", AR_BINF }, { "arith.subf", "arith.subf", AR_BINF },
	{ "arith.mulf", "arith.mulf", AR_BINF }, { "arith.divf", "arith.divf", AR_BINF },
	{ "arith.remf", "arith.remf", AR_BINF }, { "arith.maxf", "arith.maxf", AR_BINF },
	{ "arith.minf", "arith.minf", AR_BINF }, { "arith.negf", "arith.negf", AR_UNF },
	{ "arith.cmpi", "arith.cmpi", AR_CMPI }, { "arith.cmpf", "arith.cmpf", AR_CMPF },
	{ "arith.select", "arith.select", AR_SELECT },
	{ "arith.extsi", "arith.extsi", AR_CAST }, { "arith.extui", "arith.extui", AR_CAST },
	{ "arith.trunci", "arith.trunci", AR_CAST }, { "arith.extf", "arith.extf", AR_CAST },
	{ "arith.truncf", "arith.truncf", AR_CAST }, { "arith.sitofp", "arith.sitofp", AR_CAST },
	{ "arith.uitofp", "arith.uitofp", AR_CAST }, { "arith.fptosi", "arith.fptosi", AR_CAST },
	{ "arith.fptoui", "arith.fptoui", AR_CAST }, { "arith.index_cast", "arith.index_cast", AR_CAST },
	{ "arith.index_castui", "arith.index_castui", AR_CAST }, { "arith.bitcast", "arith.bitcast", AR_CAST },
};

static struct ir_op *parse_custom(struct parser *p, struct op_parse *o)
{
	size_t n = peek_id(p);
	const char *s = p->buf + p->pos;
	for (size_t i = 0; i < PL_ARRAY_LEN(custom_forms); i++) {
		const struct custom_form *cf = &custom_forms[i];
		if (strlen(cf->name) != n || memcmp(cf->name, s, n))
			continue;
		p->pos += (uint32_t)n;
		switch (cf->kind) {
		case -1: return parse_module(p, o->off);
		case -2: return parse_func(p, o->off);
		case -3: return parse_return(p, o->off);
		case -4: return parse_call(p, o->off);
		case -5: return parse_arith_constant(p, o->off);
		default: return parse_arith(p, o->off, cf->op, (enum arith_form)cf->kind);
		}
	}
	perr(p, o->off, "custom assembly of '%.*s' is not supported; write the operation in generic form "
	     "(\"%.*s\"(...) : (...) -> (...))", (int)n, s, (int)n, s);
	return NULL;
}

/* op ::= [result {',' result} '='] (generic-op | custom-op) [loc] */
static struct ir_op *parse_op(struct parser *p)
{
	struct op_parse o = { 0 };
	struct ir_op *op = NULL;
	skip_ws(p);
	o.off = p->pos;
	if (cur(p) == '%') {
		do {
			struct vref r;
			if (!parse_vref(p, &r))
				goto cleanup;
			struct rgroup *g = PL_NEW(p->c->arena, struct rgroup);
			g->key = r.key;
			g->off = r.off;
			g->n = 1;
			if (cur(p) == ':' && is_digit(at(p, 1))) {
				p->pos++;
				unsigned long v = 0;
				while (is_digit(cur(p)) && v < 1000000)
					v = v * 10 + (unsigned long)(cur(p) - '0'), p->pos++;
				if (!v) {
					perr(p, g->off, "expected a positive number of results");
					goto cleanup;
				}
				g->n = (unsigned)v;
			}
			o.n_results += g->n;
			pl_vec_push(&o.groups, g);
		} while (accept(p, ","));
		if (!expect(p, "=", "after the result list"))
			goto cleanup;
		skip_ws(p);
	}
	if (cur(p) == '"')
		op = parse_generic(p, &o);
	else if (is_alpha(cur(p)))
		op = parse_custom(p, &o);
	else
		perr(p, p->pos, "expected operation name in quotes");
	if (op && !bind_results(p, &o, op))
		op = NULL;
	if (op)
		skip_loc(p);
cleanup:
	pl_vec_free(&o.groups);
	return p->failed ? NULL : op;
}

/* Operations until '}' or '^' (or the end), appended to b. */
static bool parse_ops(struct parser *p, struct ir_block *b)
{
	for (;;) {
		skip_ws(p);
		char ch = cur(p);
		if (!ch || ch == '}' || ch == '^')
			return true;
		struct ir_op *op = parse_op(p);
		if (!op)
			return false;
		ir_block_append(b, op);
	}
}

/* region ::= '{' [ops] block* '}'
 * block  ::= '^' id ['(' %arg ':' type [loc] {',' ...} ')'] ':' ops */
static bool parse_region(struct parser *p, struct ir_region *r, unsigned n_args,
                         const struct vref *arg_names, const char *const *arg_types)
{
	if (!enter(p))
		return false;
	bool ok = expect(p, "{", "to begin a region");
	push_scope(p);
	if (ok && (n_args || arg_names)) {
		struct ir_block *entry = ir_block_create(p->c);
		ir_region_append_block(r, entry);
		for (unsigned i = 0; ok && i < n_args; i++) {
			struct ir_value **v = PL_NEW(p->c->arena, struct ir_value *);
			*v = ir_block_add_arg(p->c, entry, arg_types[i]);
			ok = define(p, arg_names[i].key, arg_names[i].off, v, 1);
		}
		skip_ws(p);
		if (ok && cur(p) == '^') {
			perr(p, p->pos, "invalid block name in region with named arguments");
			ok = false;
		}
		ok = ok && parse_ops(p, entry);
	} else if (ok) {
		skip_ws(p);
		if (cur(p) != '}' && cur(p) != '^') {
			struct ir_block *entry = ir_block_create(p->c);
			ir_region_append_block(r, entry);
			ok = parse_ops(p, entry);
		}
	}
	while (ok && !p->failed) {
		skip_ws(p);
		if (cur(p) != '^')
			break;
		uint32_t s = p->pos++;
		while (is_suffix_char(cur(p)))
			p->pos++;
		const char *key = pl_intern_n(p->c->strs, p->buf + s, p->pos - s);
		struct binding *b = lookup(p, key);
		struct ir_block *blk;
		if (b && b->block && b->scope == p->scope) {
			if (!b->fwd) {
				perr(p, s, "redefinition of block '%s'", key);
				ok = false;
				break;
			}
			b->fwd = false;
			b->off = s;
			blk = b->block;
		} else {
			b = bind(p, key, s);
			blk = b->block = ir_block_create(p->c);
		}
		ir_region_append_block(r, blk);
		if (accept(p, "(")) {
			if (!accept(p, ")")) {
				do {
					struct vref a;
					struct pl_buf t = { 0 };
					ok = parse_vref(p, &a) && expect(p, ":", "after the block argument") &&
					     parse_type(p, &t);
					if (ok) {
						struct ir_value **v = PL_NEW(p->c->arena, struct ir_value *);
						*v = ir_block_add_arg(p->c, blk, intern_buf(p, &t));
						ok = define(p, a.key, a.off, v, 1);
						skip_loc(p);
					}
					pl_buf_free(&t);
				} while (ok && accept(p, ","));
				ok = ok && expect(p, ")", "to end the block arguments");
			}
		}
		ok = ok && expect(p, ":", "after the block header") && parse_ops(p, blk);
	}
	pop_scope(p);
	ok = ok && !p->failed && expect(p, "}", "to end the region");
	leave(p);
	return ok && !p->failed;
}

/* ---- entry points ------------------------------------------------------ */

static void parser_init(struct parser *p, struct ir_ctx *c, struct pl_diag_ctx *diag,
                        struct pl_source_file *f, const char *buf, uint32_t off, uint32_t end)
{
	memset(p, 0, sizeof *p);
	p->c = c;
	p->diag = diag;
	p->f = f;
	p->buf = buf;
	p->pos = off;
	p->end = end;
}

static void parser_fini(struct parser *p)
{
	pl_ptrmap_free(&p->fns);
	pl_buf_free(&p->scratch);
	free(p->map);
	pl_vec_free(&p->scope_stack);
	pl_vec_free(&p->aliases);
}

/* file ::= (op | '#' id '=' attr | '!' id '=' type)* */
int ir_parse_range(struct ir_op **out, struct ir_ctx *c, struct pl_diag_ctx *diag,
                   struct pl_source_file *f, uint32_t off, uint32_t end)
{
	struct parser p;
	parser_init(&p, c, diag, f, f->buf, off, end > f->len ? (uint32_t)f->len : end);
	*out = NULL;
	struct ir_op_desc md = { .name = "builtin.module", .n_regions = 1 };
	struct ir_op *module = ir_op_create(c, &md);
	struct ir_block *top = ir_block_create(c);
	ir_region_append_block(&module->regions[0], top);
	push_scope(&p);
	while (!p.failed) {
		skip_ws(&p);
		char ch = cur(&p);
		if (!ch && p.pos < p.end) {
			/* a NUL byte in the text, not the end: mlir-opt rejects it too */
			perr(&p, p.pos, "unexpected NUL character");
			break;
		}
		if (!ch)
			break;
		if ((ch == '#' || ch == '!') && is_alpha(at(&p, 1))) {
			/* an alias definition (a use of one starts no operation) */
			uint32_t s = p.pos++;
			while (is_suffix_char(cur(&p)))
				p.pos++;
			const char *key = pl_intern_n(c->strs, p.buf + s, p.pos - s);
			if (!expect(&p, "=", "in alias definition"))
				break;
			struct pl_buf v = { 0 };
			bool ok = ch == '#' ? parse_attr(&p, &v) : parse_type(&p, &v);
			if (ok) {
				pl_vec_push(&p.aliases, (void *)key);
				pl_vec_push(&p.aliases, (void *)intern_buf(&p, &v));
			}
			pl_buf_free(&v);
			continue;
		}
		if (ch == '}' || ch == '^') {
			perr(&p, p.pos, "unexpected '%c' at the top level", ch);
			break;
		}
		struct ir_op *op = parse_op(&p);
		if (!op)
			break;
		ir_block_append(top, op);
	}
	pop_scope(&p);
	int rc = p.failed ? -1 : 0;
	parser_fini(&p);
	if (rc)
		return rc;
	if (top->first && top->first == top->last && top->first->name == module->name) {
		struct ir_op *only = top->first;
		ir_op_remove(only);
		*out = only;
	} else {
		*out = module;
	}
	return 0;
}

int ir_parse(struct ir_op **out, struct ir_ctx *c, struct pl_diag_ctx *diag, struct pl_source_file *f)
{
	return ir_parse_range(out, c, diag, f, 0, (uint32_t)f->len);
}

static const char *parse_detached(struct ir_ctx *c, const char *text, bool type)
{
	struct parser p;
	struct pl_buf out = { 0 };
	parser_init(&p, c, NULL, NULL, text, 0, (uint32_t)strlen(text));
	bool ok = type ? parse_type(&p, &out) : parse_attr(&p, &out);
	skip_ws(&p);
	const char *r = ok && !p.failed && p.pos == p.end ? intern_buf(&p, &out) : NULL;
	pl_buf_free(&out);
	parser_fini(&p);
	return r;
}

const char *ir_type_parse(struct ir_ctx *c, const char *text) { return parse_detached(c, text, true); }
const char *ir_attr_parse(struct ir_ctx *c, const char *text) { return parse_detached(c, text, false); }
