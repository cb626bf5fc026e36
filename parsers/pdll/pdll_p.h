/*
 * pdll_p.h -- private to parsers/pdll: tokens and lexer, the checked AST,
 * and the parser/sema state shared by pdll_lex.c, pdll_parse.c,
 * pdll_sema.c and pdll_lower.c.
 *
 * Like mlir-pdll, parsing and semantic analysis run in one pass (the
 * grammar depends on scopes: a result name may be a constraint), so the
 * parser calls the pdll_sema_* constructors, which type-check, resolve
 * names and report errors.  pdll_lower turns each checked Pattern into a
 * model_pattern.  Everything lives in the model's arena.
 */
#ifndef PL_PDLL_P_H
#define PL_PDLL_P_H

#include <stdbool.h>
#include <stdint.h>

#include "analyzer/diag.h"
#include "analyzer/model.h"
#include "analyzer/source.h"
#include "analyzer/util.h"
#include "parsers/pdll/pdll.h"

/* ---- tokens ------------------------------------------------------------ */

enum pdll_tok {
	/* ORDER: pdll_tok_name in pdll_lex.c */
	T_EOF = 0, T_ERROR,
	/* dependent keywords: also usable as names */
	T_KW_attr, T_KW_op, T_KW_type,
	/* keywords */
	T_KW_Attr, T_KW_erase, T_KW_let, T_KW_Constraint, T_KW_Op, T_KW_OpName,
	T_KW_Pattern, T_KW_replace, T_KW_return, T_KW_rewrite, T_KW_Rewrite,
	T_KW_Type, T_KW_TypeRange, T_KW_Value, T_KW_ValueRange, T_KW_with,
	/* punctuation */
	T_ARROW, T_COLON, T_COMMA, T_DOT, T_EQUAL, T_EQUAL_ARROW, T_SEMI,
	T_LESS, T_GREATER, T_LBRACE, T_RBRACE, T_LPAREN, T_RPAREN, T_LSQUARE,
	T_RSQUARE, T_UNDERSCORE,
	/* literals */
	T_DIRECTIVE, T_IDENT, T_INTEGER, T_STRING_BLOCK, T_STRING,
	T_COUNT
};

#define PDLL_TOK_IS_KEYWORD(k) ((k) >= T_KW_attr && (k) <= T_KW_with)
#define PDLL_TOK_IS_DEPKW(k) ((k) >= T_KW_attr && (k) <= T_KW_type)

struct pdll_token {
	enum pdll_tok kind;  /* what it is */
	uint32_t off;        /* byte offset of the first byte */
	uint32_t end;        /* byte offset past the last byte */
};

struct pdll_lexer {
	struct pl_source_file *file; /* the buffer being lexed */
	const char *buf;             /* file->buf */
	uint32_t len;                /* file->len */
	uint32_t pos;                /* next byte */
	struct pl_diag_ctx *diag;    /* where lexical errors go */
};

void pdll_lex_init(struct pdll_lexer *lx, struct pl_source_file *f, struct pl_diag_ctx *diag);
struct pdll_token pdll_lex_next(struct pdll_lexer *lx);
const char *pdll_tok_name(enum pdll_tok k);

/* ---- types --------------------------------------------------------------- */

enum pdll_type_kind {
	PT_ATTR = 0, PT_CONSTRAINT, PT_OP, PT_TYPE, PT_TYPE_RANGE, PT_VALUE,
	PT_VALUE_RANGE, PT_REWRITE, PT_TUPLE,
	PT_UNRESOLVED, /* a reference to a name not in scope: converts to anything */
};

struct pdll_type {
	enum pdll_type_kind kind;      /* what it is */
	const char *op_name;           /* PT_OP: interned op name, NULL = any */
	const struct model_op *ods;    /* PT_OP: ODS info, NULL if unknown */
	struct pdll_type **elts;       /* PT_TUPLE: element types */
	const char **names;            /* PT_TUPLE: element labels ("" none) */
	unsigned n;                    /* PT_TUPLE: elements */
};

/* ---- AST --------------------------------------------------------------- */

struct pdll_expr;
struct pdll_stmt;

enum pdll_decl_kind {
	PD_VAR = 0,      /* a variable: let, inline, argument or result */
	PD_CONSTRAINT,   /* a user Constraint (PDLL, native or ODS-imported) */
	PD_REWRITE,      /* a user Rewrite */
	PD_PATTERN,      /* a Pattern */
};

enum pdll_cref_kind {
	CR_ATTR = 0, CR_OP, CR_TYPE, CR_TYPE_RANGE, CR_VALUE, CR_VALUE_RANGE, CR_USER,
};

/* A use of a constraint in a constraint list. */
struct pdll_cref {
	enum pdll_cref_kind kind;     /* core constraint kind, or CR_USER */
	struct pdll_expr *type_expr;  /* Attr/Value/ValueRange<expr>, NULL none */
	const char *op_name;          /* CR_OP: op name, NULL = any */
	struct pl_span op_name_span;  /* CR_OP: the name's span */
	struct pdll_decl *user;       /* CR_USER: the constraint decl */
	struct pl_span span;          /* the reference */
};

struct pdll_decl {
	enum pdll_decl_kind kind;     /* what it is */
	const char *name;             /* interned, NULL/"" when none, "_" for wildcards */
	struct pl_span loc;           /* name (or keyword) span */
	/* PD_VAR */
	struct pdll_type *type;       /* variable type */
	struct pdll_expr *init;       /* initializer, NULL none */
	struct pdll_cref *csts; unsigned n_csts; /* constraint list */
	bool in_match;                /* defined in a Pattern's match section */
	bool is_let;                  /* defined by `let` */
	bool is_arg;                  /* argument/result of a Constraint/Rewrite */
	unsigned uses_match;          /* references from a match section */
	unsigned uses_rewrite;        /* references from a rewrite section */
	/* PD_CONSTRAINT / PD_REWRITE */
	struct pdll_decl **inputs; unsigned n_inputs;
	struct pdll_decl **results; unsigned n_results;
	struct pdll_type *result_type;
	struct pdll_stmt *body;       /* compound body, NULL for native */
	const char *code;             /* native code, NULL none */
	bool native;                  /* declared without a PDLL body */
	bool from_td;                 /* imported from a .td include */
	bool unresolved;              /* PD_VAR: stands for a name that was not in scope at a
	                               * use inside a Pattern (see parse_identifier_expr) */
	struct pdll_decl *next_unresolved; /* next unresolved use in the same Pattern */
	/* PD_PATTERN */
	int benefit;                  /* -1 when not given */
	bool recursion;               /* `with recursion` */
	struct pl_span decl_span;     /* PD_PATTERN: from the `Pattern` keyword to the body's end */
};

enum pdll_expr_kind {
	PE_ATTR = 0,   /* attr<"..."> (also the implicit unit attr): str */
	PE_CALL,       /* parent(args): parent is the callee ref */
	PE_DECLREF,    /* decl */
	PE_MEMBER,     /* parent.str */
	PE_ALLRESULTS, /* parent's results, implicit Op -> Value(Range) */
	PE_OP,         /* op<name>(args) {attrs} -> (results) */
	PE_RANGE,      /* implicit range of args */
	PE_TUPLE,      /* (names = args) */
	PE_TYPE,       /* type<"..."> : str */
};

struct pdll_expr {
	enum pdll_expr_kind kind;     /* what it is */
	struct pl_span span;          /* source span */
	struct pdll_type *type;       /* checked type */
	const char *str;              /* literal text / member name */
	struct pdll_expr *parent;     /* CALL callee, MEMBER/ALLRESULTS parent */
	struct pdll_expr **args; unsigned n_args; /* CALL args, OP operands, TUPLE/RANGE elements */
	const char **names;           /* TUPLE element labels */
	struct pdll_decl *decl;       /* DECLREF target */
	/* PE_OP */
	const char *op_name;          /* NULL = any */
	struct pl_span op_name_span;
	const struct model_op *ods;
	const char **attr_names; struct pdll_expr **attr_vals; struct pl_span *attr_spans; unsigned n_attrs;
	struct pdll_expr **results; unsigned n_results;
	bool results_inferred;        /* result types left to inference */
	bool implicit;                /* implicit operand/result range variable */
	bool in_rewrite;              /* created in a rewrite section */
};

enum pdll_stmt_kind {
	PS_EXPR = 0, PS_LET, PS_ERASE, PS_REPLACE, PS_REWRITE, PS_RETURN, PS_COMPOUND,
};

struct pdll_stmt {
	enum pdll_stmt_kind kind;     /* what it is */
	struct pl_span span;          /* source span */
	struct pdll_expr *expr;       /* EXPR/RETURN value, ERASE/REPLACE/REWRITE root */
	struct pdll_decl *var;        /* LET variable */
	struct pdll_expr **vals; unsigned n_vals; /* REPLACE values */
	struct pdll_stmt *body;       /* REWRITE body */
	struct pdll_stmt **stmts; unsigned n_stmts; /* COMPOUND children */
};

#define PDLL_IS_OPREWRITE(s) ((s)->kind == PS_ERASE || (s)->kind == PS_REPLACE || (s)->kind == PS_REWRITE)

/* ---- parser / sema state ------------------------------------------------ */

enum pdll_ctx { PC_GLOBAL = 0, PC_CONSTRAINT, PC_MATCH, PC_REWRITE };

enum pdll_rtctx { RT_EXPLICIT = 0, RT_REPLACEMENT, RT_INTERFACE };

struct pdll_scope {
	struct pdll_scope *parent;    /* enclosing scope */
	struct pdll_decl **decls; unsigned n, cap; /* decls, in definition order */
};

struct pdll_parser {
	struct model *m;
	struct pl_arena *arena;
	struct pl_intern *intern;
	struct pl_source_mgr *sm;
	struct pl_diag_ctx *diag;
	const struct pdll_options *opts;
	struct pdll_lexer lx;         /* current file's lexer */
	struct pdll_token tok;        /* current token */
	struct pdll_scope *scope;     /* innermost scope */
	enum pdll_ctx ctx;            /* parser context */
	unsigned depth;               /* recursion depth (expr/stmt nesting) */
	unsigned include_depth;       /* nested #include level */
	const struct pl_source_file *includers[64]; /* [i]: the file holding the include of level i+1 */
	unsigned anon_counter;        /* names of anonymous inline decls */
	unsigned errors;              /* errors this parser reported */
	bool ods_incomplete;          /* a .td include could not be imported */
	struct pl_ptrmap ods_ops;     /* with an import hook: interned op name -> struct model_op *,
	                               * the ops the module's .td includes define */
	struct pl_ptrmap ods_dialects;/* ... and their dialects (interned name -> NULL) */
	bool in_pattern;              /* parsing a Pattern's own body (not a Constraint/Rewrite) */
	struct pdll_decl *unres_head, *unres_tail; /* unresolved uses in the current Pattern */
	struct pl_vec patterns;       /* PD_PATTERN decls, source order */
	struct pl_vec all_decls;      /* top-level decls (for the dump) */
	const char *cur_file_dir;     /* directory of the file being parsed */
	unsigned unit;                /* model_pattern.unit of the patterns it lowers */
	bool isolated;                /* model_pattern.isolated of them (a split chunk) */
};

#define PDLL_MAX_DEPTH 512

/* pdll_parse.c: parse f's bytes [off, end) as one module (a whole file, or
 * one `// -----` chunk of it: positions stay those of the file). */
int pdll_parse_range(struct pdll_parser *p, struct pl_source_file *f, uint32_t off, uint32_t end);

/* diagnostics helpers (pdll_sema.c) */
struct pl_span pdll_span(struct pdll_parser *p, uint32_t off, uint32_t end);
struct pl_span pdll_tok_span(struct pdll_parser *p, struct pdll_token t);
void pdll_error(struct pdll_parser *p, struct pl_span sp, const char *fmt, ...) PL_PRINTF(3, 4);
void pdll_error_note(struct pdll_parser *p, struct pl_span sp, struct pl_span nsp,
                     const char *note, const char *fmt, ...) PL_PRINTF(5, 6);

/* types (pdll_sema.c) */
struct pdll_type *pdll_ty(struct pdll_parser *p, enum pdll_type_kind k);
struct pdll_type *pdll_ty_op(struct pdll_parser *p, const char *name);
/* The ODS op `name` as the module knows it (pdll_td_define_op), filled in;
 * without an import hook the registry's; NULL when unknown. */
const struct model_op *pdll_ods_op(struct pdll_parser *p, const char *name);
struct pdll_type *pdll_ty_tuple(struct pdll_parser *p, struct pdll_type **elts, const char **names, unsigned n);
bool pdll_ty_eq(const struct pdll_type *a, const struct pdll_type *b);
struct pdll_type *pdll_ty_refine(struct pdll_type *a, struct pdll_type *b);
const char *pdll_ty_str(struct pdll_parser *p, const struct pdll_type *t);

/* scopes (pdll_sema.c) */
struct pdll_scope *pdll_scope_push(struct pdll_parser *p);
void pdll_scope_pop(struct pdll_parser *p);
void pdll_scope_add(struct pdll_parser *p, struct pdll_decl *d);
struct pdll_decl *pdll_lookup(struct pdll_parser *p, const char *name);
int pdll_check_define(struct pdll_parser *p, const char *name, struct pl_span loc);

/* checked constructors (pdll_sema.c); NULL after reporting an error */
int pdll_convert(struct pdll_parser *p, struct pdll_expr **e, struct pdll_type *t,
                 const char *note_name, struct pl_span note_span);
struct pdll_decl *pdll_define_var(struct pdll_parser *p, const char *name, struct pl_span loc,
                                  struct pdll_type *t, struct pdll_expr *init,
                                  struct pdll_cref *csts, unsigned n);
int pdll_validate_csts(struct pdll_parser *p, struct pdll_cref *csts, unsigned n, struct pdll_type **inferred);
struct pdll_decl *pdll_create_var(struct pdll_parser *p, const char *name, struct pl_span loc,
                                  struct pdll_expr *init, struct pdll_cref *csts, unsigned n);
struct pdll_expr *pdll_new_expr(struct pdll_parser *p, enum pdll_expr_kind k, struct pl_span sp,
                                struct pdll_type *t);
struct pdll_expr *pdll_create_declref(struct pdll_parser *p, struct pl_span loc, struct pdll_decl *d);
struct pdll_expr *pdll_create_call(struct pdll_parser *p, struct pl_span loc, struct pdll_expr *callee,
                                   struct pdll_expr **args, unsigned n);
struct pdll_expr *pdll_create_member(struct pdll_parser *p, struct pdll_expr *parent,
                                     const char *name, struct pl_span loc);
struct pdll_expr *pdll_create_op(struct pdll_parser *p, struct pdll_expr *e, enum pdll_rtctx rt);
struct pdll_expr *pdll_create_tuple(struct pdll_parser *p, struct pl_span loc,
                                    struct pdll_expr **elts, const char **names, unsigned n);
int pdll_check_erase(struct pdll_parser *p, struct pdll_expr *root);
int pdll_check_replace(struct pdll_parser *p, struct pdll_expr *root, struct pdll_expr **vals, unsigned n);
int pdll_check_rewrite_root(struct pdll_parser *p, struct pdll_expr *root);
void pdll_note_var_use(struct pdll_parser *p, struct pdll_decl *d);
void pdll_check_pattern_vars(struct pdll_parser *p, struct pdll_decl *pat);

/* pdll_lower.c */
void pdll_lower_pattern(struct pdll_parser *p, struct pdll_decl *pat);
void pdll_dump_decl(struct pdll_parser *p, FILE *out, struct pdll_decl *d);

#endif /* PL_PDLL_P_H */
