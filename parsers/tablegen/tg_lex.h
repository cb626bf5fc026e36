/*
 * tg_lex.h -- TableGen lexer, preprocessor and include handling.
 *
 * The lexer turns the main file and everything it includes into one token
 * stream, as llvm-tblgen's TGLexer does: `include "f.td"` is resolved
 * (first as written, relative to the working directory, then under each -I
 * directory in order, like LLVM's SourceMgr) and lexed in place, and the
 * preprocessor directives #define, #ifdef, #ifndef, #else and #endif are
 * applied; macros are global to the whole run, so include guards work.
 * A file included twice is lexed twice, exactly as llvm-tblgen does (the
 * guard idiom is what makes MLIR's files include-once).
 *
 * Tokens carry spans; text payloads are interned in the lexer's intern
 * table, so they live as long as the run's arena.  Errors go through the
 * diagnostics context and the lexer returns TG_TOK_ERROR; it never aborts.
 */
#ifndef PL_TG_LEX_H
#define PL_TG_LEX_H

#include <stdbool.h>
#include <stdint.h>

#include "analyzer/source.h"

struct pl_arena;
struct pl_intern;
struct pl_diag_ctx;
struct pl_source_mgr;

/* ORDER: tg_tok_name() in tg_lex.c. */
enum tg_tok {
	TG_TOK_EOF = 0,
	TG_TOK_ERROR,       /* a lexical error, already reported */
	/* punctuation */
	TG_TOK_MINUS,       /* - */
	TG_TOK_PLUS,        /* + */
	TG_TOK_LSQUARE,     /* [ */
	TG_TOK_RSQUARE,     /* ] */
	TG_TOK_LBRACE,      /* { */
	TG_TOK_RBRACE,      /* } */
	TG_TOK_LPAREN,      /* ( */
	TG_TOK_RPAREN,      /* ) */
	TG_TOK_LESS,        /* < */
	TG_TOK_GREATER,     /* > */
	TG_TOK_COLON,       /* : */
	TG_TOK_SEMI,        /* ; */
	TG_TOK_COMMA,       /* , */
	TG_TOK_DOT,         /* . */
	TG_TOK_EQUAL,       /* = */
	TG_TOK_QUESTION,    /* ? */
	TG_TOK_PASTE,       /* # (outside a preprocessor directive) */
	TG_TOK_DOTDOTDOT,   /* ... */
	/* keywords */
	TG_TOK_ASSERT,
	TG_TOK_BIT,
	TG_TOK_BITS,
	TG_TOK_CLASS,
	TG_TOK_CODE,
	TG_TOK_DAG,
	TG_TOK_DEF,
	TG_TOK_DEFM,
	TG_TOK_DEFSET,
	TG_TOK_DEFVAR,
	TG_TOK_ELSE,
	TG_TOK_FALSE,
	TG_TOK_FIELD,
	TG_TOK_FOREACH,
	TG_TOK_IF,
	TG_TOK_IN,
	TG_TOK_INT,
	TG_TOK_LET,
	TG_TOK_LIST,
	TG_TOK_MULTICLASS,
	TG_TOK_STRING,
	TG_TOK_THEN,
	TG_TOK_TRUE,
	/* a bang operator; tok.bang says which */
	TG_TOK_BANG,
	/* values */
	TG_TOK_INTVAL,      /* decimal, 0x hex or signed: tok.ival */
	TG_TOK_BININTVAL,   /* 0b...: tok.ival and tok.bin_width (digits) */
	TG_TOK_ID,          /* identifier: tok.text */
	TG_TOK_STRVAL,      /* "..." with escapes decoded: tok.text */
	TG_TOK_VARNAME,     /* $name: tok.text is the name without '$' */
	TG_TOK_CODEVAL,     /* [{ ... }]: tok.text is the text between */
	TG_TOK_COUNT
};

/* The bang operators of LLVM 16's TableGen.  ORDER: tg_bang_name(). */
enum tg_bang {
	TG_BANG_NONE = 0,
	TG_BANG_ADD, TG_BANG_AND, TG_BANG_CAST, TG_BANG_CON, TG_BANG_COND,
	TG_BANG_DAG, TG_BANG_DIV, TG_BANG_EMPTY, TG_BANG_EQ, TG_BANG_EXISTS,
	TG_BANG_FILTER, TG_BANG_FIND, TG_BANG_FOLDL, TG_BANG_FOREACH, TG_BANG_GE,
	TG_BANG_GETDAGOP, TG_BANG_GETOP, TG_BANG_GT, TG_BANG_HEAD, TG_BANG_IF,
	TG_BANG_INTERLEAVE, TG_BANG_ISA, TG_BANG_LE, TG_BANG_LISTCONCAT,
	TG_BANG_LISTREMOVE, TG_BANG_LISTSPLAT, TG_BANG_LOGTWO, TG_BANG_LT,
	TG_BANG_MUL, TG_BANG_NE, TG_BANG_NOT, TG_BANG_OR, TG_BANG_SETDAGOP,
	TG_BANG_SETOP, TG_BANG_SHL, TG_BANG_SIZE, TG_BANG_SRA, TG_BANG_SRL,
	TG_BANG_STRCONCAT, TG_BANG_SUB, TG_BANG_SUBST, TG_BANG_SUBSTR,
	TG_BANG_TAIL, TG_BANG_XOR,
	/* Add any further operator llvm-tblgen-16 accepts here, in order. */
	TG_BANG_COUNT
};

struct tg_token {
	enum tg_tok kind;     /* what it is */
	struct pl_span span;  /* where it is */
	const char *text;     /* interned payload for ID, STRVAL, VARNAME, CODEVAL */
	int64_t ival;         /* value of INTVAL and BININTVAL */
	unsigned bin_width;   /* number of binary digits of a BININTVAL */
	enum tg_bang bang;    /* which operator, for TG_TOK_BANG */
	uint32_t incl;        /* inclusion instance of span.file (1 = main file);
	                         see tg_lex_include_parent */
};

struct tg_lexer;

/* Create a lexer over main_path.  include_dirs has n_include entries;
 * defines has n_define macro names predefined (the -D options).  Files are
 * loaded through sm; errors are reported through diag.  Returns 0, or -1
 * when main_path cannot be read (already reported). */
int tg_lex_new(struct tg_lexer **out, struct pl_source_mgr *sm, struct pl_diag_ctx *diag,
               struct pl_intern *intern, const char *main_path,
               const char *const *include_dirs, unsigned n_include,
               const char *const *defines, unsigned n_define);
void tg_lex_free(struct tg_lexer *lx);
/* Includes are confined (parsers/incpath.h) unless allow is true: a file
 * found outside the working directory, the -I directories and the
 * including file's folder is an error at the include's file name. */
void tg_lex_allow_include_outside(struct tg_lexer *lx, bool allow);

/* Lex and return the next token (it is also kept as the current one). */
const struct tg_token *tg_lex_next(struct tg_lexer *lx);
/* The current token (the one the last tg_lex_next returned). */
const struct tg_token *tg_lex_cur(const struct tg_lexer *lx);
/* Peek at the kind of the token after the current one without consuming. */
enum tg_tok tg_lex_peek(struct tg_lexer *lx);

/* Names for dumps and messages: "'['", "'class'", "identifier", "!foreach". */
const char *tg_tok_name(enum tg_tok kind);
const char *tg_bang_name(enum tg_bang bang); /* without the '!' */

/* Every file the lexer opened (main file first), for dependency output. */
unsigned tg_lex_files(const struct tg_lexer *lx, const char *const **out_paths);

/* The include stack.  Each time a file is entered (the main file, or an
 * `include`) it gets a new inclusion instance number, starting at 1 for the
 * main file; a file included twice has two instances but one file id.
 * tg_lex_include_parent returns the instance that included `incl` and sets
 * *out_at to the span of the "file" string of that include, or returns 0
 * (and a zero span) for the main file or an unknown instance.  Walk it until
 * 0 to print "included from" lines. */
uint32_t tg_lex_include_parent(const struct tg_lexer *lx, uint32_t incl, struct pl_span *out_at);
/* The file id of inclusion instance incl, or 0 when unknown. */
uint32_t tg_lex_include_file(const struct tg_lexer *lx, uint32_t incl);
/* Where file file_id was first included: sets *out_at to the span of the
 * include's "file" string and returns 0, or returns -1 for the main file
 * and for files the lexer never entered. */
int tg_lex_included_from(const struct tg_lexer *lx, uint32_t file_id, struct pl_span *out_at);

/* Whether macro name is defined at this point of the run (-D or #define). */
bool tg_lex_macro_defined(const struct tg_lexer *lx, const char *name);

/* Includes deeper than this are an error (it stops include cycles). */
#define TG_LEX_MAX_INCLUDE_DEPTH 200

/*
 * Chunks, for the include cache of tg_parse.c.  While every open file is
 * still in its leading part (comments, preprocessor lines and includes),
 * the evaluator's state depends only on the chunks lexed so far.  The first
 * token lexed in that situation starts a chunk: the rest of the top file,
 * with every file it includes, up to its end.  The lexer records, for the
 * last chunk that ended, the macros it tested before defining them (what
 * it depends on besides the evaluator's state), the macros it defined and
 * the files it entered, so that a later run can skip the same chunk and
 * keep its lexer state as if it had lexed it.
 */
/* One entry of a file into the stream (tg_lex.c, and chunks). */
struct tg_incl {
	uint32_t file;      /* file id */
	uint32_t parent;    /* including instance, 0 for the main file */
	struct pl_span at;  /* the "file" string of the include */
};

/* What lexing a chunk did and what it depended on. */
struct tg_lex_chunk {
	uint32_t file;               /* the chunk's file */
	uint32_t off;                /* where its first token ends in the file: with the
	                                file, this says which conditionals are open there */
	uint32_t incl0;              /* first inclusion instance made inside it (while lexing) */
	uint32_t self_incl;          /* the chunk's own instance (while lexing) */
	const char *inc_set;         /* the -I folders and confinement it was lexed under
	                                (interned), NULL when not known (an image's) */
	const char **tested;         /* macros tested before the chunk defined them ... */
	bool *tested_def;            /* ... and whether they were defined */
	unsigned n_tested, cap_tested;
	const char **defined;        /* macros the chunk defined */
	unsigned n_defined, cap_defined;
	struct tg_incl *incls;       /* files entered inside it; parent TG_CHUNK_SELF or relative */
	struct pl_source_file **incl_f; /* ... and the files */
	uint32_t n_incls, cap_incls;
};

/* tg_lex_chunk.incls[].parent: the chunk's own file; else an index into incls. */
#define TG_CHUNK_SELF UINT32_MAX

/* The -I folders and confinement lx searches includes under, as an
 * interned key (tg_lex_chunk.inc_set). */
const char *tg_lex_inc_set(const struct tg_lexer *lx);
/* The main file (NULL before it was opened). */
const struct pl_source_file *tg_lex_main_file(const struct tg_lexer *lx);
/* Chunks started so far. */
uint32_t tg_lex_chunk_seq(const struct tg_lexer *lx);
/* Whether the current token is the first of the chunk started last (and
 * nothing was peeked beyond it); sets its frame depth (1: the main file). */
bool tg_lex_at_chunk_start(const struct tg_lexer *lx, unsigned *depth);
/* A copy in a of what chunk number seq did, if it is the last chunk that
 * ended; else NULL. */
struct tg_lex_chunk *tg_lex_chunk_take(struct tg_lexer *lx, struct pl_arena *a, uint32_t seq);
/* Same file, same start, same dependencies on macros and the same files
 * entered. */
bool tg_lex_chunk_same(const struct tg_lex_chunk *a, const struct tg_lex_chunk *b);
/* At a chunk start: whether c starts at the same place of the same file
 * (hence under the same open conditionals), the macros it depends on are
 * as c found them, and its includes find the files they found then (looked
 * up again when c was lexed under other -I folders or confinement; this
 * may load files into the source manager). */
bool tg_lex_chunk_here(struct tg_lexer *lx, const struct tg_lex_chunk *c);
/* At a chunk start: the file and offset where the chunk starts. */
void tg_lex_chunk_start(const struct tg_lexer *lx, uint32_t *file, uint32_t *off);
/* Whether each of n includes -- the one whose name is the string token at
 * at[i] entered file id file[i]; at[i].file 0 for the main file -- finds
 * the same file under the -I folders include_dirs[0..n_include) and the
 * confinement allow_outside (parsers/incpath.h). */
bool tg_lex_includes_hold(struct pl_source_mgr *sm, struct pl_intern *intern,
                          const char *const *include_dirs, unsigned n_include, bool allow_outside,
                          uint32_t n, const uint32_t *file, const struct pl_span *at);
/* At a chunk start (tg_lex_at_chunk_start) of c's file: skip the rest of
 * the file, entering the files and defining the macros c did.  The next
 * tg_lex_next returns the token after the chunk. */
void tg_lex_chunk_skip(struct tg_lexer *lx, const struct tg_lex_chunk *c);

#endif /* PL_TG_LEX_H */
