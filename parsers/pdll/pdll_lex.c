/*
 * pdll_lex.c -- the PDLL lexer: turns one source buffer into tokens, with
 * mlir-pdll-16's token set, keywords, string escapes and error messages.
 *
 * Tokens are offsets into the buffer; the parser makes spans from them.
 * A lexical error is reported here and becomes a T_ERROR token, which the
 * parser treats as already diagnosed.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "parsers/pdll/pdll_p.h"

/* ORDER: enum pdll_tok */
static const char *const tok_names[T_COUNT] = {
	"eof", "error",
	"attr", "op", "type",
	"Attr", "erase", "let", "Constraint", "Op", "OpName",
	"Pattern", "replace", "return", "rewrite", "Rewrite",
	"Type", "TypeRange", "Value", "ValueRange", "with",
	"->", ":", ",", ".", "=", "=>", ";",
	"<", ">", "{", "}", "(", ")", "[",
	"]", "_",
	"directive", "identifier", "integer", "string block", "string",
};

const char *pdll_tok_name(enum pdll_tok k)
{
	return (unsigned)k < T_COUNT ? tok_names[k] : "?";
}

/* Keywords, from T_KW_attr to T_KW_with in enum order, plus `_`.  (`not`
 * is a keyword only from LLVM 18 on; mlir-pdll-16 reads it as a name.) */
static enum pdll_tok keyword_kind(const char *s, size_t n)
{
	if (n == 1 && s[0] == '_')
		return T_UNDERSCORE;
	for (int k = T_KW_attr; k <= T_KW_with; k++) {
		const char *kw = tok_names[k];
		if (strlen(kw) == n && memcmp(kw, s, n) == 0)
			return (enum pdll_tok)k;
	}
	return T_IDENT;
}

void pdll_lex_init(struct pdll_lexer *lx, struct pl_source_file *f, struct pl_diag_ctx *diag)
{
	memset(lx, 0, sizeof(*lx));
	lx->file = f;
	lx->buf = f->buf;
	lx->len = (uint32_t)f->len;
	lx->diag = diag;
}

static struct pdll_token mk(enum pdll_tok k, uint32_t off, uint32_t end)
{
	struct pdll_token t = { k, off, end };
	return t;
}

static struct pdll_token lex_error(struct pdll_lexer *lx, uint32_t at, const char *msg)
{
	uint32_t end = at < lx->len ? at + 1 : at;
	pl_diag(lx->diag, PL_SEV_ERROR, NULL, pl_source_span(lx->file, at, end), "%s", msg);
	return mk(T_ERROR, at, end);
}

static int is_ident_char(int c) { return isalnum(c) || c == '_'; }

/* string: '"' chars '"'; block: '[{' any '}]'.  pos is past the opener. */
static struct pdll_token lex_string(struct pdll_lexer *lx, uint32_t start, bool block)
{
	for (;;) {
		if (lx->pos >= lx->len) {
			return lex_error(lx, lx->len ? lx->len - 1 : 0,
			                 block ? "expected '}]' in string literal"
			                       : "expected '\"' in string literal");
		}
		char c = lx->buf[lx->pos++];
		switch (c) {
		case '"':
			if (!block)
				return mk(T_STRING, start, lx->pos);
			break;
		case '}':
			if (block && lx->pos < lx->len && lx->buf[lx->pos] == ']') {
				lx->pos++;
				return mk(T_STRING_BLOCK, start, lx->pos);
			}
			break;
		case '\n': case '\r': case '\v': case '\f':
			if (!block)
				return lex_error(lx, lx->pos - 1, "expected '\"' in string literal");
			break;
		case '\\': {
			char d = lx->pos < lx->len ? lx->buf[lx->pos] : 0;
			char e = lx->pos + 1 < lx->len ? lx->buf[lx->pos + 1] : 0;
			if (d == '"' || d == '\\' || d == 'n' || d == 't')
				lx->pos++;
			else if (isxdigit((unsigned char)d) && isxdigit((unsigned char)e))
				lx->pos += 2;
			else
				return lex_error(lx, lx->pos - 1, "unknown escape in string literal");
			break;
		}
		default:
			break;
		}
	}
}

struct pdll_token pdll_lex_next(struct pdll_lexer *lx)
{
	for (;;) {
		uint32_t start = lx->pos;
		if (lx->pos >= lx->len)
			return mk(T_EOF, lx->len, lx->len);
		unsigned char c = (unsigned char)lx->buf[lx->pos++];
		char nx = lx->pos < lx->len ? lx->buf[lx->pos] : 0;
		switch (c) {
		case 0: case ' ': case '\t': case '\n': case '\r':
			continue;
		case '-':
			if (nx == '>') { lx->pos++; return mk(T_ARROW, start, lx->pos); }
			return lex_error(lx, start, "unexpected character");
		case ':': return mk(T_COLON, start, lx->pos);
		case ',': return mk(T_COMMA, start, lx->pos);
		case '.': return mk(T_DOT, start, lx->pos);
		case '=':
			if (nx == '>') { lx->pos++; return mk(T_EQUAL_ARROW, start, lx->pos); }
			return mk(T_EQUAL, start, lx->pos);
		case ';': return mk(T_SEMI, start, lx->pos);
		case '[':
			if (nx == '{') { lx->pos++; return lex_string(lx, start, true); }
			return mk(T_LSQUARE, start, lx->pos);
		case ']': return mk(T_RSQUARE, start, lx->pos);
		case '<': return mk(T_LESS, start, lx->pos);
		case '>': return mk(T_GREATER, start, lx->pos);
		case '{': return mk(T_LBRACE, start, lx->pos);
		case '}': return mk(T_RBRACE, start, lx->pos);
		case '(': return mk(T_LPAREN, start, lx->pos);
		case ')': return mk(T_RPAREN, start, lx->pos);
		case '/':
			if (nx == '/') {
				while (lx->pos < lx->len && lx->buf[lx->pos] != '\n' && lx->buf[lx->pos] != '\r')
					lx->pos++;
				continue;
			}
			return lex_error(lx, start, "unexpected character");
		case '#':
			while (lx->pos < lx->len && is_ident_char((unsigned char)lx->buf[lx->pos]))
				lx->pos++;
			return mk(T_DIRECTIVE, start, lx->pos);
		case '"':
			return lex_string(lx, start, false);
		default:
			if (isdigit(c)) {
				while (lx->pos < lx->len && isdigit((unsigned char)lx->buf[lx->pos]))
					lx->pos++;
				return mk(T_INTEGER, start, lx->pos);
			}
			if (isalpha(c) || c == '_') {
				while (lx->pos < lx->len && is_ident_char((unsigned char)lx->buf[lx->pos]))
					lx->pos++;
				return mk(keyword_kind(lx->buf + start, lx->pos - start), start, lx->pos);
			}
			return lex_error(lx, start, "unexpected character");
		}
	}
}
