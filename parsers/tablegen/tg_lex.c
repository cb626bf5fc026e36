/*
 * tg_lex.c -- the TableGen lexer: tokens, the #ifdef preprocessor and
 * `include`, behaving like LLVM 16's TGLexer (llvm-tblgen-16 is the oracle:
 * same tokens, same number/identifier decisions, same error messages at the
 * same locations).
 *
 * Structure.  The lexer keeps a stack of open files (frames).  lex_raw()
 * produces one token from the top frame: it skips blanks and comments,
 * runs preprocessor directives found at the start of a line, and pops a
 * frame at its end of file.  lex_token() sits above it and turns
 * `include "f"` into a push of a new frame.  Nothing recurses on the input:
 * comment nesting is a counter, #ifdef nesting is an array, includes are
 * the frame stack (bounded by TG_LEX_MAX_INCLUDE_DEPTH), so hostile input
 * cannot exhaust the C stack.
 *
 * Preprocessor.  As in LLVM, a `#` that is the first non-blank character of
 * a line (comments before it count as blanks) and is followed by one of
 * ifdef, ifndef, else, endif, define and then a blank, a newline or a
 * comment, is a directive; any other `#` is the paste operator.  A false
 * branch is skipped line by line (prepSkipRegion): only directives at the
 * start of a line and block comments before them are looked at, so an
 * unterminated string in a skipped region is fine.  Conditionals are per
 * file: reaching the end of a file with one open is an error.
 *
 * Deliberate differences from LLVM, all on input LLVM rejects anyway:
 * a NUL byte is reported once per file instance (LLVM reports each one);
 * a run of unexpected bytes is one error; after an error inside a token the
 * lexer resumes after it (LLVM's parser stops at the first error), while
 * after a preprocessor or include-depth error it only returns EOF; the
 * second message of LLVM's "double #else" and "Reached EOF without matching
 * #endif" errors is a note of the first.  Errors inside an included file
 * carry "included from here" notes, as LLVM prints "Included from" lines.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include "parsers/tablegen/tg_lex.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/fscache.h"
#include "analyzer/intern.h"
#include "analyzer/source.h"
#include "analyzer/util.h"
#include "parsers/incpath.h"

/* Include notes attached to one diagnostic, at most (the rest are counted). */
#define MAX_INCLUDE_NOTES 16

/* ---- character classes (ASCII only, locale-independent, like LLVM's) ---- */

static inline bool is_digit(int c) { return c >= '0' && c <= '9'; }
static inline bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static inline bool is_id_first(int c) { return c == '_' || is_alpha(c); }
/* Classes of the bytes the hot loops test, one table lookup a byte:
 * identifier characters, and bytes that end a run of string text. */
enum { CC_ID = 1, CC_STR_STOP = 2, CC_BLANK = 4, CC_SPACE = 8 };
#define CC_OF(c)                                                                                   \
	((((c) >= '0' && (c) <= '9') || ((c) >= 'A' && (c) <= 'Z') || ((c) >= 'a' && (c) <= 'z') || \
	  (c) == '_') * CC_ID |                                                                        \
	 ((c) == '"' || (c) == '\\' || (c) == '\n' || (c) == '\r' || (c) == 0) * CC_STR_STOP |     \
	 ((c) == ' ' || (c) == '\t') * (CC_BLANK | CC_SPACE) | ((c) == '\n' || (c) == '\r') * CC_SPACE)
#define CC4(c) CC_OF(c), CC_OF((c) + 1), CC_OF((c) + 2), CC_OF((c) + 3)
#define CC16(c) CC4(c), CC4((c) + 4), CC4((c) + 8), CC4((c) + 12)
#define CC64(c) CC16(c), CC16((c) + 16), CC16((c) + 32), CC16((c) + 48)
static const unsigned char char_class[256] = {CC64(0), CC64(64), CC64(128), CC64(192)};
#undef CC4
#undef CC16
#undef CC64
#undef CC_OF

static inline bool is_id_char(int c) { return char_class[(unsigned char)c] & CC_ID; }
static inline bool is_hex(int c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* ---- names ---- */

/* ORDER: enum tg_tok. */
static const char *const tok_names[TG_TOK_COUNT] = {
	"end of file", "error",
	"'-'", "'+'", "'['", "']'", "'{'", "'}'", "'('", "')'", "'<'", "'>'",
	"':'", "';'", "','", "'.'", "'='", "'?'", "'#'", "'...'",
	"'assert'", "'bit'", "'bits'", "'class'", "'code'", "'dag'", "'def'",
	"'defm'", "'defset'", "'defvar'", "'else'", "'false'", "'field'",
	"'foreach'", "'if'", "'in'", "'int'", "'let'", "'list'", "'multiclass'",
	"'string'", "'then'", "'true'",
	"!operator",
	"integer", "binary integer", "identifier", "string", "variable name",
	"code fragment",
};

/* ORDER: enum tg_bang.  Exactly the operators llvm-tblgen-16 accepts (each
 * was tried: !listflatten, !range, !repr, !tolower, !getdagarg ... are
 * "Unknown operator" in 16).  !getop and !setop are the deprecated
 * spellings of !getdagop and !setdagop; the parser may treat them alike. */
static const char *const bang_names[TG_BANG_COUNT] = {
	"", "add", "and", "cast", "con", "cond", "dag", "div", "empty", "eq",
	"exists", "filter", "find", "foldl", "foreach", "ge", "getdagop", "getop",
	"gt", "head", "if", "interleave", "isa", "le", "listconcat", "listremove",
	"listsplat", "logtwo", "lt", "mul", "ne", "not", "or", "setdagop", "setop",
	"shl", "size", "sra", "srl", "strconcat", "sub", "subst", "substr", "tail",
	"xor",
};

const char *tg_tok_name(enum tg_tok kind)
{
	return (unsigned)kind < TG_TOK_COUNT ? tok_names[kind] : "?";
}

const char *tg_bang_name(enum tg_bang bang)
{
	return (unsigned)bang < TG_BANG_COUNT ? bang_names[bang] : "?";
}

/* Keywords of LLVM 16 (`include` is handled by the lexer itself; `dump`
 * and `deftype` are not keywords in 16). */
static const struct {
	const char *word;
	unsigned char len;
	enum tg_tok kind;
} keywords[] = { /* ORDER: by first letter (keyword stops past it) */
	{"assert", 6, TG_TOK_ASSERT}, {"bit", 3, TG_TOK_BIT}, {"bits", 4, TG_TOK_BITS},
	{"class", 5, TG_TOK_CLASS}, {"code", 4, TG_TOK_CODE}, {"dag", 3, TG_TOK_DAG},
	{"def", 3, TG_TOK_DEF}, {"defm", 4, TG_TOK_DEFM}, {"defset", 6, TG_TOK_DEFSET},
	{"defvar", 6, TG_TOK_DEFVAR}, {"else", 4, TG_TOK_ELSE}, {"false", 5, TG_TOK_FALSE},
	{"field", 5, TG_TOK_FIELD}, {"foreach", 7, TG_TOK_FOREACH}, {"if", 2, TG_TOK_IF},
	{"in", 2, TG_TOK_IN}, {"int", 3, TG_TOK_INT}, {"let", 3, TG_TOK_LET},
	{"list", 4, TG_TOK_LIST}, {"multiclass", 10, TG_TOK_MULTICLASS},
	{"string", 6, TG_TOK_STRING}, {"then", 4, TG_TOK_THEN}, {"true", 4, TG_TOK_TRUE}
};

/* Returned by keyword() for `include`. */
#define KW_INCLUDE TG_TOK_COUNT

/* The keyword spelled s[0..n), KW_INCLUDE, or TG_TOK_ID. */
static int keyword(const char *s, size_t n)
{
	if (n < 2 || n > 10 || s[0] < 'a' || s[0] > 't')
		return TG_TOK_ID;
	if (n == 7 && memcmp(s, "include", 7) == 0)
		return KW_INCLUDE;
	/* where the keywords of each first letter a..t start in keywords[] */
	static const unsigned char first[] = {
		0, 1, 3, 5, 10, 11, 23, 23, 14, 23, 23, 17, 19, 23, 23, 23, 23, 23, 20, 21,
	};
	for (size_t i = first[s[0] - 'a']; i < PL_ARRAY_LEN(keywords); i++) {
		const char *w = keywords[i].word;
		if (w[0] != s[0])
			break;
		if (keywords[i].len == n && memcmp(w, s, n) == 0)
			return keywords[i].kind;
	}
	return TG_TOK_ID;
}

static enum tg_bang bang_lookup(const char *s, size_t n)
{
	for (unsigned i = 1; i < TG_BANG_COUNT; i++)
		if (bang_names[i][0] == s[0] && strlen(bang_names[i]) == n &&
		    memcmp(bang_names[i], s, n) == 0)
			return (enum tg_bang)i;
	return TG_BANG_NONE;
}

/* ---- lexer state ---- */

/* One #ifdef/#ifndef/#else control (LLVM's PreprocessorControlDesc). */
struct tg_cond {
	uint32_t off;   /* where "the latest control is" (macro name, or the word of #else) */
	bool is_else;   /* an #else replaced the #ifdef */
	bool live;      /* tokens of this branch are processed */
};

/* One open file. */
struct tg_frame {
	struct pl_source_file *f; /* the file */
	const char *buf;          /* its text */
	const char *end;          /* buf + len (a NUL is there) */
	const char *p;            /* next byte to lex */
	uint32_t incl;            /* inclusion instance */
	uint32_t cond_base;       /* first entry of conds belonging to this file */
	uint32_t n_dead;          /* conds of this file with live == false */
	bool nul_reported;        /* a NUL byte was already reported here */
	uint32_t lc_line;         /* line cursor: the line of the last offset asked */
	uint32_t lc_lo, lc_hi;    /* where that line starts, and the next (frame_span) */
};

struct tg_lexer {
	struct pl_source_mgr *sm;
	struct pl_diag_ctx *diag;
	struct pl_intern *intern;
	char **inc_dirs;             /* -I, copied */
	unsigned n_inc;
	const char *inc_set;         /* interned key of inc_dirs and allow_outside (chunks) */
	const char **macros;         /* open-addressing set of interned names */
	size_t mac_cap, mac_len;
	struct tg_frame frames[TG_LEX_MAX_INCLUDE_DEPTH + 1];
	unsigned depth;              /* frames in use */
	struct tg_cond *conds;       /* conditional stack of all open files */
	uint32_t n_cond, cap_cond;
	struct tg_incl *incls;       /* [0] unused; [1] the main file */
	uint32_t n_incl, cap_incl;
	const char **paths;          /* distinct files entered, in order */
	uint32_t *path_ids;
	unsigned n_paths, cap_paths;
	bool done;                   /* EOF reached or a fatal error: only EOF from now */
	bool allow_outside;          /* --allow-include-outside: no include confinement */
	struct incpath_memo inc_memo; /* roots' resolved paths for confinement */
	struct found_incl {           /* include names resolved before (enter_include) */
		const char *name;     /* interned, as written */
		struct pl_source_file *f;
	} *found;
	unsigned n_found, cap_found;
	char *refused;               /* resolved path of an include refused by confinement */
	bool too_large;              /* an include candidate exceeded PL_MAX_FILE_SIZE */
	struct pl_buf sbuf;          /* scratch for strings with escapes */
	struct pl_buf mbuf;          /* scratch for messages */
	struct tg_token cur, peek;
	bool has_peek;
	/* Chunks, for the include cache (see tg_lex.h). */
	uint64_t ntok;               /* tokens lex_token returned */
	unsigned chunk_depth;        /* frame depth of the chunk being lexed, 0 = none */
	uint32_t chunk_seq;          /* chunks started */
	uint64_t chunk_first;        /* ntok of the current chunk's first token */
	bool chunk_skipped;          /* the current chunk was skipped (tg_lex_chunk_skip) */
	struct tg_lex_chunk *ck;     /* what the current chunk did so far */
	struct tg_lex_chunk *ended;  /* the last chunk that ended (NULL: none yet) */
	uint32_t ended_seq;          /* its number */
	struct skip_ent *skips;      /* dead regions skipped before (pp_skip_region) */
	uint32_t n_skips, cap_skips;
};

/* A dead region skipped once: where the directive that ends it is.  Where
 * a region ends depends only on the text (nested conditionals in it are
 * balanced, whatever their macros say), and a guarded file included again
 * is skipped whole each time. */
struct skip_ent {
	uint64_t key;                /* file id << 32 | offset where skipping began; 0 = free */
	uint32_t dir;                /* offset of the ending directive's word */
	int kind;                    /* its kind (enum pp_kind) */
};


static inline struct tg_frame *top(struct tg_lexer *lx) { return &lx->frames[lx->depth - 1]; }

/* ---- macros ---- */

static size_t ptr_hash(const void *p, size_t cap)
{
	uint64_t h = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ULL;
	return (size_t)(h >> 32) & (cap - 1);
}

/* Add the interned name; returns false when it was already there. */
static bool macro_add(struct tg_lexer *lx, const char *name)
{
	if ((lx->mac_len + 1) * 2 > lx->mac_cap) {
		size_t ncap = lx->mac_cap ? lx->mac_cap * 2 : 16;
		const char **n = pl_xcalloc(ncap, sizeof(*n));
		for (size_t i = 0; i < lx->mac_cap; i++) {
			if (!lx->macros[i])
				continue;
			size_t j = ptr_hash(lx->macros[i], ncap);
			while (n[j])
				j = (j + 1) & (ncap - 1);
			n[j] = lx->macros[i];
		}
		free(lx->macros);
		lx->macros = n;
		lx->mac_cap = ncap;
	}
	size_t j = ptr_hash(name, lx->mac_cap);
	while (lx->macros[j]) {
		if (lx->macros[j] == name)
			return false;
		j = (j + 1) & (lx->mac_cap - 1);
	}
	lx->macros[j] = name;
	lx->mac_len++;
	return true;
}

static bool macro_has(const struct tg_lexer *lx, const char *name)
{
	if (!lx->mac_cap)
		return false;
	size_t j = ptr_hash(name, lx->mac_cap);
	while (lx->macros[j]) {
		if (lx->macros[j] == name)
			return true;
		j = (j + 1) & (lx->mac_cap - 1);
	}
	return false;
}

static bool name_in(const char *const *v, unsigned n, const char *name)
{
	for (unsigned i = 0; i < n; i++)
		if (v[i] == name)
			return true;
	return false;
}

/* A live #ifdef/#ifndef of name inside a chunk: the chunk depends on it
 * unless the chunk itself defined name before. */
static void chunk_note_test(struct tg_lexer *lx, const char *name, bool def)
{
	struct tg_lex_chunk *c = lx->ck;

	if (!lx->chunk_depth || lx->chunk_skipped || !c || name_in(c->defined, c->n_defined, name) ||
	    name_in(c->tested, c->n_tested, name))
		return;
	if (c->n_tested == c->cap_tested) {
		c->cap_tested = c->cap_tested ? c->cap_tested * 2 : 8;
		c->tested = pl_xrealloc(c->tested, c->cap_tested * sizeof(*c->tested));
		c->tested_def = pl_xrealloc(c->tested_def, c->cap_tested * sizeof(*c->tested_def));
	}
	c->tested[c->n_tested] = name;
	c->tested_def[c->n_tested++] = def;
}

static void chunk_note_define(struct tg_lexer *lx, const char *name)
{
	struct tg_lex_chunk *c = lx->ck;

	if (!lx->chunk_depth || lx->chunk_skipped || !c || name_in(c->defined, c->n_defined, name))
		return;
	if (c->n_defined == c->cap_defined) {
		c->cap_defined = c->cap_defined ? c->cap_defined * 2 : 8;
		c->defined = pl_xrealloc(c->defined, c->cap_defined * sizeof(*c->defined));
	}
	c->defined[c->n_defined++] = name;
}

bool tg_lex_macro_defined(const struct tg_lexer *lx, const char *name)
{
	return macro_has(lx, pl_intern(lx->intern, name));
}

/* ---- locations and diagnostics ---- */

/* Put fr's line cursor on line i (0-based) of its file. */
static void cursor_set(struct tg_frame *fr, uint32_t i)
{
	const uint32_t *ls = fr->f->line_starts;
	uint32_t n = fr->f->n_lines;

	fr->lc_line = i + 1;
	if (!ls || i >= n) {
		fr->lc_lo = 1; /* frame_span's test never passes */
		fr->lc_hi = 0;
		return;
	}
	fr->lc_lo = ls[i];
	fr->lc_hi = i + 1 < n ? ls[i + 1] : UINT32_MAX;
}

/* Line and column of off in fr's file.  Token offsets only grow, so a
 * cursor over the file's line table makes this linear; earlier offsets (notes) ask the
 * source manager. */
static void frame_linecol(struct tg_frame *fr, uint32_t off, uint32_t *line, uint32_t *col)
{
	const uint32_t *ls = fr->f->line_starts;
	uint32_t i = fr->lc_line - 1, n = fr->f->n_lines;

	if (!ls || off < ls[i]) {
		pl_source_linecol(fr->f, off, line, col);
		return;
	}
	while (i + 1 < n && ls[i + 1] <= off)
		i++;
	cursor_set(fr, i);
	*line = i + 1;
	*col = off - ls[i] + 1;
}

/* frame_span past the line of the token before (or before it). */
static PL_NOINLINE struct pl_span frame_span_walk(struct tg_frame *fr, uint32_t off, uint32_t end_off)
{
	struct pl_span sp = {.file = fr->f->id, .off = off, .end_off = end_off};

	frame_linecol(fr, off, &sp.line, &sp.col);
	/* most tokens end on the line they start on (the cursor's, now) */
	if (sp.line == fr->lc_line && end_off >= off && end_off < fr->lc_hi) {
		sp.end_line = sp.line;
		sp.end_col = sp.col + (end_off - off);
	} else {
		frame_linecol(fr, end_off, &sp.end_line, &sp.end_col);
	}
	return sp;
}

/* The span of [off, end_off) in fr's file.  Most tokens lie on the line
 * of the token before: that case is in line at each caller. */
static inline struct pl_span frame_span(struct tg_frame *fr, uint32_t off, uint32_t end_off)
{
	if (off >= fr->lc_lo && end_off < fr->lc_hi && end_off >= off)
		return (struct pl_span){.file = fr->f->id, .line = fr->lc_line, .col = off - fr->lc_lo + 1,
		                        .end_line = fr->lc_line, .end_col = end_off - fr->lc_lo + 1,
		                        .off = off, .end_off = end_off};
	return frame_span_walk(fr, off, end_off);
}

/* A one-byte span at p in the top frame (empty at the end of the file). */
static struct pl_span point_span(struct tg_lexer *lx, const char *p)
{
	struct tg_frame *fr = top(lx);
	uint32_t off = (uint32_t)(p - fr->buf);
	return frame_span(fr, off, p < fr->end ? off + 1 : off);
}

/* Report at span sp of the top frame, with optional extra note, then the
 * include stack. */
static void report(struct tg_lexer *lx, enum pl_severity sev, struct pl_span sp,
                   const char *note, struct pl_span note_sp, const char *fmt, va_list ap)
{
	struct pl_diag *d;
	unsigned n = 0;

	pl_buf_clear(&lx->mbuf);
	pl_buf_vprintf(&lx->mbuf, fmt, ap);
	d = pl_diag_begin(lx->diag, sev, NULL, sp, "%s", pl_buf_cstr(&lx->mbuf));
	if (note)
		pl_diag_note(lx->diag, d, note_sp, "%s", note);
	if (lx->depth) {
		for (uint32_t i = top(lx)->incl; i && lx->incls[i].parent; i = lx->incls[i].parent) {
			if (n++ == MAX_INCLUDE_NOTES) {
				struct pl_span none = {0};
				pl_diag_note(lx->diag, d, none, "(further include levels omitted)");
				break;
			}
			pl_diag_note(lx->diag, d, lx->incls[i].at, "included from here");
		}
	}
	pl_diag_end(lx->diag, d);
}

static void PL_PRINTF(3, 4) error_at(struct tg_lexer *lx, const char *p, const char *fmt, ...)
{
	struct pl_span none = {0};
	va_list ap;

	va_start(ap, fmt);
	report(lx, PL_SEV_ERROR, point_span(lx, p), NULL, none, fmt, ap);
	va_end(ap);
}

static void PL_PRINTF(3, 4) warning_at(struct tg_lexer *lx, const char *p, const char *fmt, ...)
{
	struct pl_span none = {0};
	va_list ap;

	va_start(ap, fmt);
	report(lx, PL_SEV_WARNING, point_span(lx, p), NULL, none, fmt, ap);
	va_end(ap);
}

static void PL_PRINTF(3, 4) error_span(struct tg_lexer *lx, struct pl_span sp, const char *fmt, ...)
{
	struct pl_span none = {0};
	va_list ap;

	va_start(ap, fmt);
	report(lx, PL_SEV_ERROR, sp, NULL, none, fmt, ap);
	va_end(ap);
}

static void PL_PRINTF(5, 6) error_note(struct tg_lexer *lx, const char *p, const char *note,
                                       const char *note_p, const char *fmt, ...)
{
	va_list ap;
	struct pl_span nsp = point_span(lx, note_p);

	va_start(ap, fmt);
	report(lx, PL_SEV_ERROR, point_span(lx, p), note, nsp, fmt, ap);
	va_end(ap);
}

/* A NUL byte inside the file: LLVM treats it as a blank after an error at
 * the start of the token being lexed. */
static void nul_byte(struct tg_lexer *lx, const char *tok_start)
{
	struct tg_frame *fr = top(lx);

	if (fr->nul_reported)
		return;
	fr->nul_reported = true;
	error_at(lx, tok_start, "NUL character is invalid in source; treated as space");
}

/* ---- tokens ---- */

/* Make t a token of kind spanning [s, e) of frame fr, the top one. */
static inline void set_tok_in(struct tg_frame *fr, struct tg_token *t, enum tg_tok kind,
                              const char *s, const char *e)
{
	t->kind = kind;
	t->span = frame_span(fr, (uint32_t)(s - fr->buf), (uint32_t)(e - fr->buf));
	t->text = NULL;
	t->ival = 0;
	t->bin_width = 0;
	t->bang = TG_BANG_NONE;
	t->incl = fr->incl;
	fr->p = e;
}

static inline void set_tok(struct tg_lexer *lx, struct tg_token *t, enum tg_tok kind,
                           const char *s, const char *e)
{
	set_tok_in(top(lx), t, kind, s, e);
}

/* The end-of-stream token: at the end of the main file. */
static void eof_tok(struct tg_lexer *lx, struct tg_token *t)
{
	struct tg_frame *fr = &lx->frames[0];
	uint32_t off = (uint32_t)(fr->end - fr->buf);

	lx->done = true;
	memset(t, 0, sizeof(*t));
	t->kind = TG_TOK_EOF;
	t->span = frame_span(fr, off, off);
	t->incl = fr->incl;
}

/* Skip a block comment; s is its "/", p its "*".  Nesting is counted.
 * Returns the position after it, or NULL at end of file (reported). */
static const char *skip_block_comment(struct tg_lexer *lx, const char *s, const char *p)
{
	const char *end = top(lx)->end;
	unsigned long depth = 1;

	p++;
	for (;;) {
		if (p == end) {
			error_at(lx, s, "Unterminated comment!");
			return NULL;
		}
		char c = *p++;
		if (c == '*' && *p == '/') {
			p++;
			if (--depth == 0)
				return p;
		} else if (c == '/' && *p == '*') {
			p++;
			depth++;
		} else if (c == '\0') {
			nul_byte(lx, s);
		}
	}
}

static const char *skip_line_comment(const struct tg_frame *fr, const char *p)
{
	/* memchr, not a byte loop: skipping #ifdef'd-out regions (a second
	 * include of a guarded file) runs through here line by line.  Most
	 * files hold no '\r' at all: one search then. */
	const char *end = fr->end;
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	if (!fr->f->has_cr)
		return nl ? nl : end;
	const char *cr = memchr(p, '\r', (size_t)((nl ? nl : end) - p));
	return cr ? cr : nl ? nl : end;
}

/* Decimal with strtoll's saturation (LLVM 16 ignores its ERANGE). */
static int64_t parse_dec(const char *s, const char *e)
{
	bool neg = false;
	uint64_t v = 0;
	bool over = false;

	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	for (; s < e; s++) {
		unsigned d = (unsigned)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			over = true;
		else
			v = v * 10 + d;
	}
	if (neg)
		return over || v > (uint64_t)INT64_MAX + 1 ? INT64_MIN : (int64_t)(0 - v);
	return over || v > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)v;
}

/* The number starting at s ([-+]?digits, 0x..., 0b...); p is s + 1. */
static void lex_number(struct tg_lexer *lx, struct tg_token *t, const char *s, const char *p)
{
	if (s[0] == '0' && *p == 'x') {
		const char *ns = ++p;
		uint64_t v = 0;
		bool over = false;

		while (is_hex(*p)) {
			unsigned d = is_digit(*p) ? (unsigned)(*p - '0') : (unsigned)((*p | 0x20) - 'a' + 10);
			if (v >> 60)
				over = true;
			v = (v << 4) | d;
			p++;
		}
		set_tok(lx, t, TG_TOK_INTVAL, s, p);
		if (p == ns) {
			error_at(lx, s, "Invalid hexadecimal number");
			t->kind = TG_TOK_ERROR;
		} else if (over) {
			error_at(lx, s, "Hexadecimal number out of range");
			t->kind = TG_TOK_ERROR;
		}
		t->ival = (int64_t)v; /* strtoull's value, as LLVM keeps it */
		return;
	}
	if (s[0] == '0' && *p == 'b') {
		const char *ns = ++p;
		uint64_t v = 0;
		bool over = false;

		while (*p == '0' || *p == '1') {
			if (v >> 62)
				over = true;
			v = (v << 1) | (unsigned)(*p - '0');
			p++;
		}
		set_tok(lx, t, TG_TOK_BININTVAL, s, p);
		if (p == ns) {
			error_at(lx, s, "Invalid binary number");
			t->kind = TG_TOK_ERROR;
			return;
		}
		t->ival = over ? INT64_MAX : (int64_t)v; /* strtoll saturates */
		t->bin_width = (unsigned)(p - ns);
		return;
	}
	if (!is_digit(*p) && (s[0] == '-' || s[0] == '+')) {
		set_tok(lx, t, s[0] == '-' ? TG_TOK_MINUS : TG_TOK_PLUS, s, p);
		return;
	}
	while (is_digit(*p))
		p++;
	set_tok(lx, t, TG_TOK_INTVAL, s, p);
	t->ival = parse_dec(s, p);
}

/* "..." with escapes; p is after the opening quote. */
static void lex_string(struct tg_lexer *lx, struct tg_token *t, const char *s, const char *p)
{
	const char *end = top(lx)->end;
	const char *ss = p;
	bool copied = false;

	pl_buf_clear(&lx->sbuf);
	for (;;) {
		const char *run = p;
		/* a NUL stops the run too: at the end of the file it ends it, a
		 * NUL byte before that is string text */
		for (;; p++) {
			while (!(char_class[(unsigned char)*p] & CC_STR_STOP))
				p++;
			if (*p != '\0' || p >= end)
				break;
		}
		if (copied)
			pl_buf_add(&lx->sbuf, run, (size_t)(p - run));
		if (p == end) {
			error_at(lx, ss, "End of file in string literal");
			set_tok(lx, t, TG_TOK_ERROR, s, p);
			return;
		}
		if (*p == '"')
			break;
		if (*p != '\\') {
			error_at(lx, ss, "End of line in string literal");
			set_tok(lx, t, TG_TOK_ERROR, s, p);
			return;
		}
		if (!copied) {
			pl_buf_add(&lx->sbuf, ss, (size_t)(p - ss));
			copied = true;
		}
		p++;
		switch (*p) {
		case '\\': case '\'': case '"':
			pl_buf_putc(&lx->sbuf, *p++);
			continue;
		case 't':
			pl_buf_putc(&lx->sbuf, '\t');
			p++;
			continue;
		case 'n':
			pl_buf_putc(&lx->sbuf, '\n');
			p++;
			continue;
		case '\n': case '\r':
			error_at(lx, p, "escaped newlines not supported in tblgen");
			set_tok(lx, t, TG_TOK_ERROR, s, p);
			return;
		case '\0':
			if (p == end) {
				error_at(lx, ss, "End of file in string literal");
				set_tok(lx, t, TG_TOK_ERROR, s, p);
				return;
			}
			/* fall through */
		default:
			error_at(lx, p, "invalid escape in string literal");
			/* Resume after the rest of the literal on this line. */
			while (p < end && *p != '"' && *p != '\n' && *p != '\r')
				p += (*p == '\\' && p + 1 < end && p[1] != '\n' && p[1] != '\r') ? 2 : 1;
			set_tok(lx, t, TG_TOK_ERROR, s, p < end && *p == '"' ? p + 1 : p);
			return;
		}
	}
	set_tok(lx, t, TG_TOK_STRVAL, s, p + 1);
	t->text = copied ? pl_intern_n(lx->intern, lx->sbuf.data, lx->sbuf.len)
	                 : pl_intern_n(lx->intern, ss, (size_t)(p - ss));
}

/* [{ ... }]: p is after "[{".  The text is kept verbatim.  Like LLVM, a "}"
 * consumes the byte after it, so "}}]" does not close the fragment. */
static void lex_code(struct tg_lexer *lx, struct tg_token *t, const char *s, const char *p)
{
	const char *end = top(lx)->end;
	const char *cs = p;

	for (;;) {
		/* LLVM's LexBracket, a '}' at a time: memchr to the next one,
		 * with NUL bytes on the way reported as it reports them */
		const char *q = memchr(p, '}', (size_t)(end - p));
		const char *stop = q ? q : end;
		for (const char *z = p; (z = memchr(z, '\0', (size_t)(stop - z))) != NULL; z++)
			nul_byte(lx, s);
		if (!q) {
			p = end;
			break;
		}
		p = q + 1;
		if (p == end)
			break;
		char c = *p++;
		if (c == ']') {
			set_tok(lx, t, TG_TOK_CODEVAL, s, p);
			t->text = pl_intern_n(lx->intern, cs, (size_t)(p - 2 - cs));
			return;
		}
		if (c == '\0')
			nul_byte(lx, s);
	}
	error_at(lx, s, "Unterminated code block");
	set_tok(lx, t, TG_TOK_ERROR, s, end);
}

/* ---- preprocessor ---- */

enum pp_kind { PP_NONE = -1, PP_IFDEF, PP_IFNDEF, PP_ELSE, PP_ENDIF, PP_DEFINE };

/* ORDER: enum pp_kind. */
static const struct {
	const char *word;
	size_t len;
} pp_words[] = {
	{"ifdef", 5}, {"ifndef", 6}, {"else", 4}, {"endif", 5}, {"define", 6},
};

/* p is after a '#' that starts a line: which directive follows?  The word
 * must be followed by a blank, a newline, a comment, or (LLVM compares a
 * char with EOF) a 0xFF byte; at the very end of the file it is not a
 * directive, as in LLVM (the byte there is NUL, not EOF). */
static enum pp_kind pp_directive_kind(const char *p)
{
	for (int k = 0; k < (int)PL_ARRAY_LEN(pp_words); k++) {
		size_t n = pp_words[k].len;
		if (strncmp(p, pp_words[k].word, n) != 0)
			continue;
		unsigned char c = (unsigned char)p[n];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0xFF)
			return (enum pp_kind)k;
		if (c == '/' && (p[n + 1] == '*' || p[n + 1] == '/'))
			return (enum pp_kind)k;
	}
	return PP_NONE;
}

/* After "#ifdef NAME" and the like only blanks and comments may follow on
 * the line.  Returns true at the line end (p moved there). */
static bool pp_directive_end(struct tg_lexer *lx, const char **pp)
{
	const char *p = *pp, *end = top(lx)->end;
	bool ok = true;

	while (p < end) {
		if (*p == ' ' || *p == '\t') {
			p++;
		} else if (*p == '\n' || *p == '\r') {
			break;
		} else if (*p == '/' && p[1] == '/') {
			p = skip_line_comment(top(lx), p);
		} else if (*p == '/' && p[1] == '*') {
			const char *q = skip_block_comment(lx, p, p + 1);
			if (!q) {
				p = end;
				ok = false;
				break;
			}
			p = q;
		} else {
			if (*p == '/')
				error_at(lx, p, "Unexpected character");
			ok = false;
			break;
		}
	}
	*pp = p;
	return ok;
}

static const char *pp_macro_name(const char **pp)
{
	const char *p = *pp;

	while (*p == ' ' || *p == '\t')
		p++;
	*pp = p;
	if (is_id_first((unsigned char)*p)) {
		p++;
		while (is_id_char((unsigned char)*p))
			p++;
	}
	return p;
}

static void cond_push(struct tg_lexer *lx, uint32_t off, bool live)
{
	if (lx->n_cond == lx->cap_cond) {
		lx->cap_cond = lx->cap_cond ? lx->cap_cond * 2 : 16;
		lx->conds = pl_xrealloc(lx->conds, lx->cap_cond * sizeof(*lx->conds));
	}
	lx->conds[lx->n_cond++] = (struct tg_cond){off, false, live};
	if (!live)
		top(lx)->n_dead++;
}

static void stack_error(struct tg_lexer *lx)
{
	struct tg_frame *fr = top(lx);
	struct tg_cond *c = &lx->conds[lx->n_cond - 1];

	error_note(lx, fr->end, "The latest preprocessor control is here", fr->buf + c->off,
	           "Reached EOF without matching #endif");
}

static int pp_skip_region(struct tg_lexer *lx);

/* Run the directive whose word starts at fr->p (just after '#').  live: we
 * were lexing tokens (else skipping lines).  Returns 0, or -1 after an
 * error (reported). */
static int pp_directive(struct tg_lexer *lx, enum pp_kind kind, bool live)
{
	struct tg_frame *fr = top(lx);
	const char *ts = fr->p; /* LLVM's TokStart: the directive word */
	const char *p = ts + pp_words[kind].len;
	bool file_has_cond = lx->n_cond > fr->cond_base;

	switch (kind) {
	case PP_IFDEF:
	case PP_IFNDEF: {
		const char *ns = p, *ne;
		const char *word = kind == PP_IFDEF ? "#ifdef" : "#ifndef";
		ne = pp_macro_name(&ns);
		if (ne == ns) {
			fr->p = ns;
			error_at(lx, ns, "Expected macro name after %s", word);
			return -1;
		}
		const char *mname = pl_intern_n(lx->intern, ns, (size_t)(ne - ns));
		bool def = macro_has(lx, mname);
		if (live)
			chunk_note_test(lx, mname, def);
		if (kind == PP_IFNDEF)
			def = !def;
		cond_push(lx, (uint32_t)(ns - fr->buf), def);
		p = ne;
		if (!pp_directive_end(lx, &p)) {
			fr->p = p;
			error_at(lx, p, "Only comments are supported after %s NAME", word);
			return -1;
		}
		fr->p = p;
		if (!live || def)
			return 0;
		return pp_skip_region(lx);
	}
	case PP_ELSE: {
		if (!file_has_cond) {
			fr->p = p;
			error_at(lx, ts, "#else without #ifdef or #ifndef");
			return -1;
		}
		struct tg_cond *c = &lx->conds[lx->n_cond - 1];
		if (c->is_else) {
			fr->p = p;
			error_note(lx, ts, "Previous #else is here", fr->buf + c->off, "double #else");
			return -1;
		}
		if (!c->live)
			fr->n_dead--;
		*c = (struct tg_cond){(uint32_t)(ts - fr->buf), true, !c->live};
		if (!c->live)
			fr->n_dead++;
		if (!pp_directive_end(lx, &p)) {
			fr->p = p;
			error_at(lx, p, "Only comments are supported after #else");
			return -1;
		}
		fr->p = p;
		return live ? pp_skip_region(lx) : 0;
	}
	case PP_ENDIF:
		if (!file_has_cond) {
			fr->p = p;
			error_at(lx, ts, "#endif without #ifdef");
			return -1;
		}
		if (!pp_directive_end(lx, &p)) {
			fr->p = p;
			error_at(lx, p, "Only comments are supported after #endif");
			return -1;
		}
		fr->p = p;
		if (!lx->conds[--lx->n_cond].live)
			fr->n_dead--;
		return 0;
	case PP_DEFINE: {
		const char *ns = p, *ne;
		ne = pp_macro_name(&ns);
		if (ne == ns) {
			fr->p = ns;
			error_at(lx, ns, "Expected macro name after #define");
			return -1;
		}
		const char *name = pl_intern_n(lx->intern, ns, (size_t)(ne - ns));
		if (!macro_add(lx, name))
			warning_at(lx, ns, "Duplicate definition of macro: %s", name);
		chunk_note_define(lx, name);
		p = ne;
		if (!pp_directive_end(lx, &p)) {
			fr->p = p;
			error_at(lx, p, "Only comments are supported after #define NAME");
			return -1;
		}
		fr->p = p;
		return 0;
	}
	case PP_NONE:
		break;
	}
	return -1;
}

/* Skip lines of a false branch until the #else or #endif that makes tokens
 * live again (LLVM's prepSkipRegion).  Returns 0, or -1 after an error. */
static struct skip_ent *skip_find(struct tg_lexer *lx, uint64_t key)
{
	if (!lx->cap_skips)
		return NULL;
	for (uint32_t i = (uint32_t)(pl_hash_bytes(&key, sizeof key) & (lx->cap_skips - 1));;
	     i = (i + 1) & (lx->cap_skips - 1)) {
		if (lx->skips[i].key == key)
			return &lx->skips[i];
		if (!lx->skips[i].key)
			return NULL;
	}
}

static void skip_add(struct tg_lexer *lx, uint64_t key, uint32_t dir, int kind)
{
	if ((lx->n_skips + 1) * 2 > lx->cap_skips) {
		struct skip_ent *old = lx->skips;
		uint32_t ocap = lx->cap_skips;
		lx->cap_skips = ocap ? ocap * 2 : 64;
		lx->skips = pl_xcalloc(lx->cap_skips, sizeof(*lx->skips));
		lx->n_skips = 0;
		for (uint32_t i = 0; i < ocap; i++)
			if (old[i].key)
				skip_add(lx, old[i].key, old[i].dir, old[i].kind);
		free(old);
	}
	uint32_t i = (uint32_t)(pl_hash_bytes(&key, sizeof key) & (lx->cap_skips - 1));
	while (lx->skips[i].key)
		i = (i + 1) & (lx->cap_skips - 1);
	lx->skips[i] = (struct skip_ent){key, dir, kind};
	lx->n_skips++;
}

static int pp_skip_region(struct tg_lexer *lx)
{
	struct tg_frame *fr = top(lx);
	const char *end = fr->end;
	const char *p = fr->p;
	uint64_t key = (uint64_t)fr->f->id << 32 | (uint32_t)(p - fr->buf);
	unsigned diags = lx->diag->count[PL_SEV_ERROR] + lx->diag->count[PL_SEV_WARNING];
	const struct skip_ent *seen = skip_find(lx, key);

	if (seen) {
		fr->p = fr->buf + seen->dir;
		if (pp_directive(lx, (enum pp_kind)seen->kind, false) < 0)
			return -1;
		if (fr->n_dead == 0)
			return 0;
		p = fr->p; /* cannot happen: the same text ends the same way */
	}
	do {
		p = skip_line_comment(fr, p); /* to the end of the line */
		/* Blanks, newlines and block comments at the start of lines. */
		while (p < end) {
			if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
				p++;
			} else if (*p == '/' && p[1] == '*') {
				const char *q = skip_block_comment(lx, p, p + 1);
				if (!q) {
					fr->p = end;
					return -1;
				}
				p = q;
			} else {
				break;
			}
		}
		if (p == end || *p != '#')
			continue;
		p++;
		enum pp_kind k = pp_directive_kind(p);
		if (k == PP_NONE || k == PP_DEFINE)
			continue;
		fr->p = p;
		if (pp_directive(lx, k, false) < 0)
			return -1;
		if (fr->n_dead == 0) {
			if (!seen && lx->diag->count[PL_SEV_ERROR] + lx->diag->count[PL_SEV_WARNING] == diags)
				skip_add(lx, key, (uint32_t)(p - fr->buf), k);
			return 0;
		}
		p = fr->p;
	} while (p != end);
	fr->p = end;
	stack_error(lx);
	return -1;
}

/* ---- files ---- */

static void note_path(struct tg_lexer *lx, struct pl_source_file *f)
{
	for (unsigned i = 0; i < lx->n_paths; i++)
		if (lx->path_ids[i] == f->id)
			return;
	if (lx->n_paths == lx->cap_paths) {
		lx->cap_paths = lx->cap_paths ? lx->cap_paths * 2 : 16;
		lx->paths = pl_xrealloc(lx->paths, lx->cap_paths * sizeof(*lx->paths));
		lx->path_ids = pl_xrealloc(lx->path_ids, lx->cap_paths * sizeof(*lx->path_ids));
	}
	lx->paths[lx->n_paths] = f->path;
	lx->path_ids[lx->n_paths++] = f->id;
}

/* A file entered inside the chunk being lexed. */
static void chunk_note_incl(struct tg_lexer *lx, struct pl_source_file *f, uint32_t parent,
                            struct pl_span at)
{
	struct tg_lex_chunk *c = lx->ck;

	if (c->n_incls == c->cap_incls) {
		c->cap_incls = c->cap_incls ? c->cap_incls * 2 : 8;
		c->incls = pl_xrealloc(c->incls, c->cap_incls * sizeof(*c->incls));
		c->incl_f = pl_xrealloc(c->incl_f, c->cap_incls * sizeof(*c->incl_f));
	}
	uint32_t rel = parent == c->self_incl ? TG_CHUNK_SELF : parent - c->incl0;
	c->incls[c->n_incls] = (struct tg_incl){f->id, rel, at};
	c->incl_f[c->n_incls++] = f;
}

static void chunk_reset(struct tg_lex_chunk *c)
{
	c->n_tested = c->n_defined = c->n_incls = 0;
}

static void chunk_free(struct tg_lex_chunk *c)
{
	if (!c)
		return;
	free(c->tested);
	free(c->tested_def);
	free(c->defined);
	free(c->incls);
	free(c->incl_f);
	free(c);
}

/* The chunk of the top frame ends (its file is done). */
static void chunk_end(struct tg_lexer *lx)
{
	lx->chunk_depth = 0;
	if (lx->chunk_skipped) {
		lx->chunk_skipped = false;
		return;
	}
	struct tg_lex_chunk *c = lx->ck;
	lx->ck = lx->ended;
	lx->ended = c;
	lx->ended_seq = lx->chunk_seq;
}

static void push_frame(struct tg_lexer *lx, struct pl_source_file *f, uint32_t parent,
                       struct pl_span at)
{
	struct tg_frame *fr = &lx->frames[lx->depth++];

	if (lx->n_incl >= lx->cap_incl) {
		lx->cap_incl = lx->cap_incl ? lx->cap_incl * 2 : 16;
		lx->incls = pl_xrealloc(lx->incls, lx->cap_incl * sizeof(*lx->incls));
	}
	lx->incls[lx->n_incl] = (struct tg_incl){f->id, parent, at};
	if (lx->chunk_depth && !lx->chunk_skipped)
		chunk_note_incl(lx, f, parent, at);
	memset(fr, 0, sizeof(*fr));
	fr->f = f;
	fr->buf = f->buf ? f->buf : "";
	fr->end = fr->buf + (f->buf ? f->len : 0);
	fr->p = fr->buf;
	fr->incl = lx->n_incl++;
	fr->cond_base = lx->n_cond;
	cursor_set(fr, 0);
	note_path(lx, f);
}

/* Load path if it is a readable regular file (LLVM's SourceMgr moves on
 * past directories and unreadable files). */
static struct pl_source_file *try_load(struct tg_lexer *lx, const char *path, const char *includer,
                                       char **refused, bool *too_large)
{
	struct pl_source_file *f;

	/* stat fails for a buffer registered with pl_source_add; such a
	 * path is not on disk, so confinement has nothing to resolve. */
	unsigned type = pl_fscache_type(pl_source_fs(lx->sm), path, true);
	bool on_disk = type != 0;
	if (!on_disk)
		return pl_source_find(lx->sm, path);
	if (S_ISDIR(type))
		return NULL;
	if (on_disk && !lx->allow_outside) {
		char *real = NULL;
		if (!incpath_allowed(&lx->inc_memo, path, includer, (const char *const *)lx->inc_dirs,
		                     lx->n_inc, &real)) {
			if (!*refused)
				*refused = real;
			else
				free(real);
			return NULL;
		}
	}
	if (pl_source_load(&f, lx->sm, path) != 0) {
		if (errno == EFBIG)
			*too_large = true;
		return NULL;
	}
	return f;
}

/* The file `include "name"` in the file at includer enters: name as it is,
 * then under each -I folder, the first readable regular file confinement
 * allows; a candidate it refuses ends the search (llvm-tblgen would have
 * read it, so a later one would change the meaning) and goes to *refused
 * (the caller frees it).  *too_large is set when a candidate exceeded
 * PL_MAX_FILE_SIZE.  NULL when nothing was found. */
static struct pl_source_file *search_include(struct tg_lexer *lx, const char *name,
                                             const char *includer, char **refused,
                                             bool *too_large)
{
	struct pl_source_file *f = NULL;

	if (*name)
		f = try_load(lx, name, includer, refused, too_large);
	for (unsigned i = 0; !f && !*refused && *name && i < lx->n_inc; i++) {
		struct pl_buf b = {0};
		size_t n = strlen(lx->inc_dirs[i]);
		pl_buf_puts(&b, lx->inc_dirs[i]);
		if (n && lx->inc_dirs[i][n - 1] != '/')
			pl_buf_putc(&b, '/');
		pl_buf_puts(&b, name);
		f = try_load(lx, pl_buf_cstr(&b), includer, refused, too_large);
		pl_buf_free(&b);
	}
	return f;
}

/* The file an earlier `include` of name found, when confinement does not
 * depend on the including file: dialect files each include OpBase.td, and
 * each search stat(2)s every candidate. */
static struct pl_source_file *found_before(const struct tg_lexer *lx, const char *name)
{
	for (unsigned i = 0; i < lx->n_found; i++)
		if (lx->found[i].name == name)
			return lx->found[i].f;
	return NULL;
}

/* Keep what the search for name found, if it is allowed whoever includes
 * it (under the working directory or an -I folder, or no confinement). */
static void found_keep(struct tg_lexer *lx, const char *name, struct pl_source_file *f)
{
	if (!lx->allow_outside &&
	    !incpath_allowed(&lx->inc_memo, f->path, NULL, (const char *const *)lx->inc_dirs, lx->n_inc,
	                     NULL))
		return;
	if (lx->n_found == lx->cap_found) {
		lx->cap_found = lx->cap_found ? 2 * lx->cap_found : 16;
		lx->found = pl_xrealloc(lx->found, lx->cap_found * sizeof(*lx->found));
	}
	lx->found[lx->n_found++] = (struct found_incl){name, f};
}

/* Enter the file named by the string token s.  Returns 0, or -1 after an
 * error (reported). */
static int enter_include(struct tg_lexer *lx, const struct tg_token *s)
{
	const char *name = s->text;
	struct pl_source_file *f = found_before(lx, name);

	if (f)
		goto found;
	f = search_include(lx, name, top(lx)->f->path, &lx->refused, &lx->too_large);
	if (!f && lx->refused) {
		error_span(lx, s->span,
		           "include file '%s' resolves outside the working directory, the -I directories "
		           "and the including file's folder (--allow-include-outside permits it)", name);
		free(lx->refused);
		lx->refused = NULL;
		return -1;
	}
	if (!f && lx->too_large) {
		lx->too_large = false;
		error_span(lx, s->span, "include file '%s' is larger than %zu MiB", name,
		           PL_MAX_FILE_SIZE >> 20);
		return -1;
	}
	if (!f) {
		error_span(lx, s->span, "Could not find include file '%s'", name);
		return -1;
	}
	found_keep(lx, name, f);
found:
	if (lx->depth == TG_LEX_MAX_INCLUDE_DEPTH) {
		struct pl_buf b = {0};
		int k = (int)lx->depth - 1;
		while (k >= 0 && lx->frames[k].f != f)
			k--;
		if (k >= 0) {
			pl_buf_puts(&b, "; include cycle: ");
			for (unsigned i = (unsigned)k; i < lx->depth; i++) {
				pl_buf_puts(&b, lx->frames[i].f->path);
				pl_buf_puts(&b, " -> ");
			}
			pl_buf_puts(&b, f->path);
		}
		error_span(lx, s->span, "include nesting deeper than %d levels%s",
		           TG_LEX_MAX_INCLUDE_DEPTH, pl_buf_cstr(&b));
		pl_buf_free(&b);
		lx->done = true;
		return -1;
	}
	push_frame(lx, f, top(lx)->incl, s->span);
	return 0;
}

/* ---- the token loop ---- */

/* Lex one token into t.  Returns 1 when it is the `include` keyword (t is
 * then an identifier token spanning it), else 0. */
static int lex_raw(struct tg_lexer *lx, struct tg_token *t)
{
	struct tg_frame *fr;
	bool bol;

	if (lx->done) {
		eof_tok(lx, t);
		return 0;
	}
	fr = top(lx);
	bol = fr->p == fr->buf; /* LLVM: Lex() passes CurPtr == CurBuf.begin() */
	for (;;) {
		const char *s = fr->p, *p = s;
		if (p == fr->end) {
			if (lx->n_cond > fr->cond_base) {
				stack_error(lx);
				lx->done = true;
				set_tok_in(fr, t, TG_TOK_ERROR, p, p);
				return 0;
			}
			if (lx->depth == 1) {
				eof_tok(lx, t);
				return 0;
			}
			if (lx->depth == lx->chunk_depth)
				chunk_end(lx);
			lx->depth--;
			fr = top(lx);
			bol = false;
			continue;
		}
		unsigned char c = (unsigned char)*p++;
		switch (c) {
		case '\0':
			nul_byte(lx, s);
			fr->p = p;
			continue;
		case ' ': case '\t':
			/* indentation runs: skip them here, not one loop turn each
			 * (a frame's text ends in a NUL, which is no blank) */
			while (char_class[(unsigned char)*p] & CC_BLANK)
				p++;
			fr->p = p;
			continue;
		case '\n': case '\r':
			while (char_class[(unsigned char)*p] & CC_SPACE)
				p++;
			fr->p = p;
			bol = true;
			continue;
		case '/':
			if (*p == '/') {
				fr->p = skip_line_comment(fr, p);
				continue;
			}
			if (*p == '*') {
				const char *q = skip_block_comment(lx, s, p);
				if (!q) {
					set_tok_in(fr, t, TG_TOK_ERROR, s, fr->end);
					return 0;
				}
				fr->p = q;
				continue;
			}
			error_at(lx, s, "Unexpected character");
			set_tok_in(fr, t, TG_TOK_ERROR, s, p);
			return 0;
		case '#':
			if (bol) {
				enum pp_kind k = pp_directive_kind(p);
				if (k != PP_NONE) {
					fr->p = p;
					if (pp_directive(lx, k, true) < 0) {
						lx->done = true;
						set_tok_in(fr, t, TG_TOK_ERROR, s, top(lx)->p);
						return 0;
					}
					bol = false;
					continue;
				}
			}
			set_tok_in(fr, t, TG_TOK_PASTE, s, p);
			return 0;
		case ':': set_tok_in(fr, t, TG_TOK_COLON, s, p); return 0;
		case ';': set_tok_in(fr, t, TG_TOK_SEMI, s, p); return 0;
		case ',': set_tok_in(fr, t, TG_TOK_COMMA, s, p); return 0;
		case '<': set_tok_in(fr, t, TG_TOK_LESS, s, p); return 0;
		case '>': set_tok_in(fr, t, TG_TOK_GREATER, s, p); return 0;
		case ']': set_tok_in(fr, t, TG_TOK_RSQUARE, s, p); return 0;
		case '{': set_tok_in(fr, t, TG_TOK_LBRACE, s, p); return 0;
		case '}': set_tok_in(fr, t, TG_TOK_RBRACE, s, p); return 0;
		case '(': set_tok_in(fr, t, TG_TOK_LPAREN, s, p); return 0;
		case ')': set_tok_in(fr, t, TG_TOK_RPAREN, s, p); return 0;
		case '=': set_tok_in(fr, t, TG_TOK_EQUAL, s, p); return 0;
		case '?': set_tok_in(fr, t, TG_TOK_QUESTION, s, p); return 0;
		case '.':
			if (*p != '.') {
				set_tok_in(fr, t, TG_TOK_DOT, s, p);
				return 0;
			}
			if (p[1] == '.') {
				set_tok_in(fr, t, TG_TOK_DOTDOTDOT, s, p + 2);
				return 0;
			}
			error_at(lx, s, "Invalid '..' punctuation");
			set_tok_in(fr, t, TG_TOK_ERROR, s, p + 1);
			return 0;
		case '"':
			lex_string(lx, t, s, p);
			return 0;
		case '$':
			if (!is_id_first((unsigned char)*p)) {
				error_at(lx, s, "Invalid variable name");
				set_tok_in(fr, t, TG_TOK_ERROR, s, p);
				return 0;
			}
			while (is_id_char((unsigned char)*p))
				p++;
			set_tok_in(fr, t, TG_TOK_VARNAME, s, p);
			t->text = pl_intern_n(lx->intern, s + 1, (size_t)(p - s - 1));
			return 0;
		case '[':
			if (*p != '{') {
				set_tok_in(fr, t, TG_TOK_LSQUARE, s, p);
				return 0;
			}
			lex_code(lx, t, s, p + 1);
			return 0;
		case '!': {
			if (!is_alpha((unsigned char)*p)) {
				error_at(lx, s, "Invalid \"!operator\"");
				set_tok_in(fr, t, TG_TOK_ERROR, s, p);
				return 0;
			}
			while (is_alpha((unsigned char)*p))
				p++;
			enum tg_bang b = bang_lookup(s + 1, (size_t)(p - s - 1));
			set_tok_in(fr, t, b ? TG_TOK_BANG : TG_TOK_ERROR, s, p);
			t->bang = b;
			if (!b)
				error_at(lx, s, "Unknown operator");
			return 0;
		}
		case '-': case '+':
		case '0': case '1': case '2': case '3': case '4':
		case '5': case '6': case '7': case '8': case '9': {
			/* Digits followed by an identifier character make an
			 * identifier (0DTensorOf, foo#8i), unless it is 0x<hex> or
			 * 0b<binary>-shaped: LLVM looks past all the digits. */
			int next = 0;
			if (is_digit(c)) {
				const char *q = p;
				while (is_digit((unsigned char)*q))
					q++;
				next = (unsigned char)*q;
				if ((next == 'b' && (q[1] == '0' || q[1] == '1')) ||
				    (next == 'x' && is_hex((unsigned char)q[1]))) {
					lex_number(lx, t, s, p);
					return 0;
				}
			}
			if (!is_id_first(next)) {
				lex_number(lx, t, s, p);
				return 0;
			}
			goto identifier;
		}
		default:
			if (is_id_first(c)) {
			identifier:
				while (is_id_char((unsigned char)*p))
					p++;
				int k = keyword(s, (size_t)(p - s));
				if (k == KW_INCLUDE) {
					set_tok_in(fr, t, TG_TOK_ID, s, p);
					return 1;
				}
				set_tok_in(fr, t, (enum tg_tok)k, s, p);
				if (k == TG_TOK_ID)
					t->text = pl_intern_n(lx->intern, s, (size_t)(p - s));
				return 0;
			}
			/* One error for a run of bytes that start no token. */
			while (p < fr->end && (unsigned char)*p > 0x7F)
				p++;
			error_at(lx, s, "Unexpected character");
			set_tok_in(fr, t, TG_TOK_ERROR, s, p);
			return 0;
		}
	}
}

/* One token of the stream: `include "f"` is replaced by f's tokens. */
static void lex_token_raw(struct tg_lexer *lx, struct tg_token *t);

/* Lex the next token; the first token lexed while no chunk is open starts
 * one: the rest of its file (tg_lex.h). */
static inline void lex_token(struct tg_lexer *lx, struct tg_token *t)
{
	lex_token_raw(lx, t);
	lx->ntok++;
	if (lx->chunk_depth || t->kind == TG_TOK_EOF)
		return;
	if (!lx->ck)
		lx->ck = pl_xcalloc(1, sizeof(*lx->ck));
	chunk_reset(lx->ck);
	lx->chunk_depth = lx->depth;
	lx->chunk_seq++;
	lx->chunk_first = lx->ntok;
	lx->ck->file = top(lx)->f->id;
	lx->ck->off = (uint32_t)(top(lx)->p - top(lx)->buf);
	lx->ck->inc_set = lx->inc_set;
	lx->ck->self_incl = top(lx)->incl;
	lx->ck->incl0 = lx->n_incl;
}

/* lex_raw met `include`: enter the file named next.  Returns true to go
 * on lexing, false when t is the error token. */
static PL_NOINLINE bool take_include(struct tg_lexer *lx, struct tg_token *t)
{
	struct tg_token s;
	int r = lex_raw(lx, &s);
	if (s.kind == TG_TOK_ERROR) {
		*t = s;
		return false;
	}
	if (r == 1 || s.kind != TG_TOK_STRVAL) {
		/* Report where the offending token is; its frame may
		 * already have been popped, so use its own span. */
		error_span(lx, s.span, "Expected filename after include");
		*t = s;
		t->kind = TG_TOK_ERROR;
		t->text = NULL;
		return false;
	}
	if (enter_include(lx, &s) < 0) {
		*t = s;
		t->kind = TG_TOK_ERROR;
		t->text = NULL;
		return false;
	}
	return true;
}

static void lex_token_raw(struct tg_lexer *lx, struct tg_token *t)
{
	while (lex_raw(lx, t) == 1)
		if (!take_include(lx, t))
			return;
}

/* ---- public ---- */

/* lx->inc_set: what include searches depend on besides the files, as one
 * interned string (the -I folders in order, and confinement). */
static void set_inc_set(struct tg_lexer *lx)
{
	struct pl_buf b = {0};

	pl_buf_putc(&b, lx->allow_outside ? 'a' : 'c');
	for (unsigned i = 0; i < lx->n_inc; i++) {
		pl_buf_putc(&b, '\n');
		pl_buf_puts(&b, lx->inc_dirs[i]);
	}
	lx->inc_set = pl_intern_n(lx->intern, b.data, b.len);
	pl_buf_free(&b);
}

/* A lexer of no file yet, with its -I folders (copied). */
static struct tg_lexer *lexer_new(struct pl_source_mgr *sm, struct pl_intern *intern,
                                  const char *const *include_dirs, unsigned n_include)
{
	struct tg_lexer *lx = pl_xcalloc_line(sizeof(*lx)); /* -j workers lex side by side */

	lx->sm = sm;
	lx->inc_memo.fs = pl_source_fs(sm);
	lx->intern = intern;
	lx->n_inc = n_include;
	lx->inc_dirs = pl_xcalloc(n_include ? n_include : 1, sizeof(char *));
	for (unsigned i = 0; i < n_include; i++)
		lx->inc_dirs[i] = pl_xstrdup(include_dirs[i]);
	return lx;
}

int tg_lex_new(struct tg_lexer **out, struct pl_source_mgr *sm, struct pl_diag_ctx *diag,
               struct pl_intern *intern, const char *main_path,
               const char *const *include_dirs, unsigned n_include,
               const char *const *defines, unsigned n_define)
{
	struct tg_lexer *lx;
	struct pl_source_file *f = NULL;
	struct pl_span none = {0};
	struct stat st;

	*out = NULL;
	if (stat(main_path, &st) == 0 && S_ISDIR(st.st_mode)) {
		pl_diag(diag, PL_SEV_ERROR, NULL, none, "Could not open input file '%s': %s",
		        main_path, strerror(EISDIR));
		return -1;
	}
	if (pl_source_load(&f, sm, main_path) != 0) {
		pl_diag(diag, PL_SEV_ERROR, NULL, none, "Could not open input file '%s': %s",
		        main_path, pl_strerror(errno));
		return -1;
	}
	lx = lexer_new(sm, intern, include_dirs, n_include);
	lx->diag = diag;
	set_inc_set(lx);
	/* Like LLVM 16, -D names are taken as given (no check). */
	for (unsigned i = 0; i < n_define; i++)
		macro_add(lx, pl_intern(intern, defines[i]));
	lx->n_incl = 1; /* instance 0 is "none" */
	push_frame(lx, f, 0, none);
	*out = lx;
	return 0;
}

void tg_lex_free(struct tg_lexer *lx)
{
	if (!lx)
		return;
	for (unsigned i = 0; i < lx->n_inc; i++)
		free(lx->inc_dirs[i]);
	free(lx->inc_dirs);
	free(lx->macros);
	free(lx->conds);
	free(lx->incls);
	free(lx->paths);
	free(lx->path_ids);
	free(lx->refused);
	incpath_memo_free(&lx->inc_memo);
	free(lx->found);
	chunk_free(lx->ck);
	chunk_free(lx->ended);
	free(lx->skips);
	pl_buf_free(&lx->sbuf);
	pl_buf_free(&lx->mbuf);
	free(lx);
}

void tg_lex_allow_include_outside(struct tg_lexer *lx, bool allow)
{
	lx->allow_outside = allow;
	set_inc_set(lx);
}

const struct tg_token *tg_lex_next(struct tg_lexer *lx)
{
	if (lx->has_peek) {
		lx->cur = lx->peek;
		lx->has_peek = false;
	} else {
		lex_token(lx, &lx->cur);
	}
	return &lx->cur;
}

const struct tg_token *tg_lex_cur(const struct tg_lexer *lx)
{
	return &lx->cur;
}

enum tg_tok tg_lex_peek(struct tg_lexer *lx)
{
	if (!lx->has_peek) {
		lex_token(lx, &lx->peek);
		lx->has_peek = true;
	}
	return lx->peek.kind;
}

unsigned tg_lex_files(const struct tg_lexer *lx, const char *const **out_paths)
{
	*out_paths = lx->paths;
	return lx->n_paths;
}

uint32_t tg_lex_include_parent(const struct tg_lexer *lx, uint32_t incl, struct pl_span *out_at)
{
	memset(out_at, 0, sizeof(*out_at));
	if (incl == 0 || incl >= lx->n_incl)
		return 0;
	*out_at = lx->incls[incl].at;
	return lx->incls[incl].parent;
}

uint32_t tg_lex_include_file(const struct tg_lexer *lx, uint32_t incl)
{
	return incl && incl < lx->n_incl ? lx->incls[incl].file : 0;
}

int tg_lex_included_from(const struct tg_lexer *lx, uint32_t file_id, struct pl_span *out_at)
{
	memset(out_at, 0, sizeof(*out_at));
	for (uint32_t i = 2; i < lx->n_incl; i++) {
		if (lx->incls[i].file == file_id) {
			*out_at = lx->incls[i].at;
			return 0;
		}
	}
	return -1;
}

/* ---- chunks ---- */

const char *tg_lex_inc_set(const struct tg_lexer *lx)
{
	return lx->inc_set;
}

const struct pl_source_file *tg_lex_main_file(const struct tg_lexer *lx)
{
	return lx->depth ? lx->frames[0].f : NULL;
}

uint32_t tg_lex_chunk_seq(const struct tg_lexer *lx)
{
	return lx->chunk_seq;
}

bool tg_lex_at_chunk_start(const struct tg_lexer *lx, unsigned *depth)
{
	if (!lx->chunk_depth || lx->chunk_skipped || lx->has_peek || lx->ntok != lx->chunk_first)
		return false;
	*depth = lx->chunk_depth;
	return true;
}

struct tg_lex_chunk *tg_lex_chunk_take(struct tg_lexer *lx, struct pl_arena *a, uint32_t seq)
{
	const struct tg_lex_chunk *e = lx->ended;

	if (!e || lx->ended_seq != seq)
		return NULL;
	struct tg_lex_chunk *c = PL_NEW(a, struct tg_lex_chunk);
	c->file = e->file;
	c->off = e->off;
	c->n_tested = e->n_tested;
	c->tested = PL_NEW_ARRAY(a, const char *, e->n_tested);
	c->tested_def = PL_NEW_ARRAY(a, bool, e->n_tested);
	if (e->n_tested) {
		memcpy(c->tested, e->tested, e->n_tested * sizeof(*c->tested));
		memcpy(c->tested_def, e->tested_def, e->n_tested * sizeof(*c->tested_def));
	}
	c->n_defined = e->n_defined;
	c->defined = PL_NEW_ARRAY(a, const char *, e->n_defined);
	if (e->n_defined)
		memcpy(c->defined, e->defined, e->n_defined * sizeof(*c->defined));
	c->inc_set = e->inc_set;
	c->n_incls = e->n_incls;
	c->incls = PL_NEW_ARRAY(a, struct tg_incl, e->n_incls);
	c->incl_f = PL_NEW_ARRAY(a, struct pl_source_file *, e->n_incls);
	if (e->n_incls) {
		memcpy(c->incls, e->incls, e->n_incls * sizeof(*c->incls));
		memcpy(c->incl_f, e->incl_f, e->n_incls * sizeof(*c->incl_f));
	}
	return c;
}

bool tg_lex_chunk_same(const struct tg_lex_chunk *a, const struct tg_lex_chunk *b)
{
	if (a->file != b->file || a->off != b->off || a->n_tested != b->n_tested ||
	    a->n_incls != b->n_incls)
		return false;
	for (unsigned i = 0; i < a->n_tested; i++)
		if (a->tested[i] != b->tested[i] || a->tested_def[i] != b->tested_def[i])
			return false;
	/* lexed under other -I folders, the same text may enter other files */
	for (uint32_t i = 0; i < a->n_incls; i++)
		if (a->incl_f[i] != b->incl_f[i])
			return false;
	return true;
}

/* Whether the include whose name is the string token at `at` finds the
 * file want under lx's -I folders and confinement. */
static bool include_finds(struct tg_lexer *lx, struct pl_span at, const struct pl_source_file *want)
{
	const struct pl_source_file *src = pl_source_get(lx->sm, at.file);
	/* the name as written: the string token at `at`, quotes and all; one
	 * with escapes is not looked at again */
	if (!src || !src->buf || at.end_off > src->len || at.end_off < at.off + 2)
		return false;
	const char *t = src->buf + at.off;
	size_t n = at.end_off - at.off;
	if (t[0] != '"' || t[n - 1] != '"' || memchr(t, '\\', n))
		return false;
	const char *name = pl_intern_n(lx->intern, t + 1, n - 2);
	struct pl_source_file *f = found_before(lx, name);
	if (!f) {
		char *refused = NULL;
		bool too_large = false;
		f = search_include(lx, name, src->path, &refused, &too_large);
		free(refused);
	}
	return f == want;
}

/* Whether every include c made finds, under lx's -I folders and
 * confinement, the file it entered when c was lexed (under others,
 * perhaps): then skipping c enters the files lexing it would. */
static bool chunk_includes_hold(struct tg_lexer *lx, const struct tg_lex_chunk *c)
{
	for (uint32_t i = 0; i < c->n_incls; i++)
		if (!include_finds(lx, c->incls[i].at, c->incl_f[i]))
			return false;
	return true;
}

bool tg_lex_includes_hold(struct pl_source_mgr *sm, struct pl_intern *intern,
                          const char *const *include_dirs, unsigned n_include, bool allow_outside,
                          uint32_t n, const uint32_t *file, const struct pl_span *at)
{
	/* a lexer with the folders and confinement only: what search_include
	 * and found_before read */
	struct tg_lexer *lx = lexer_new(sm, intern, include_dirs, n_include);
	bool hold = true;

	lx->allow_outside = allow_outside;
	for (uint32_t i = 0; hold && i < n; i++)
		if (at[i].file) /* the main file has no include */
			hold = include_finds(lx, at[i], pl_source_get(sm, file[i]));
	tg_lex_free(lx);
	return hold;
}

void tg_lex_chunk_start(const struct tg_lexer *lx, uint32_t *file, uint32_t *off)
{
	*file = lx->ck->file;
	*off = lx->ck->off;
}

bool tg_lex_chunk_here(struct tg_lexer *lx, const struct tg_lex_chunk *c)
{
	if (c->file != lx->ck->file || c->off != lx->ck->off)
		return false;
	for (unsigned i = 0; i < c->n_tested; i++)
		if (macro_has(lx, c->tested[i]) != c->tested_def[i])
			return false;
	return c->inc_set == lx->inc_set || chunk_includes_hold(lx, c);
}

void tg_lex_chunk_skip(struct tg_lexer *lx, const struct tg_lex_chunk *c)
{
	struct tg_frame *fr = top(lx);
	uint32_t base = lx->n_incl;

	/* The rest of the file is not lexed: its open conditionals close
	 * where the skipped text closed them. */
	fr->p = fr->end;
	lx->n_cond = fr->cond_base;
	fr->n_dead = 0;
	lx->chunk_skipped = true;
	for (uint32_t i = 0; i < c->n_incls; i++) {
		if (lx->n_incl >= lx->cap_incl) {
			lx->cap_incl = lx->cap_incl ? lx->cap_incl * 2 : 16;
			lx->incls = pl_xrealloc(lx->incls, lx->cap_incl * sizeof(*lx->incls));
		}
		struct tg_incl e = c->incls[i];
		e.parent = e.parent == TG_CHUNK_SELF ? fr->incl : base + e.parent;
		lx->incls[lx->n_incl++] = e;
		note_path(lx, c->incl_f[i]);
	}
	for (unsigned i = 0; i < c->n_defined; i++)
		macro_add(lx, c->defined[i]);
}
