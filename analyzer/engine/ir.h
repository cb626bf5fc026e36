/*
 * ir.h -- the engine's in-memory MLIR IR: operations, values, blocks and
 * regions, built for rewriting.
 *
 * The shape follows MLIR: an operation has results (values), operands (uses
 * of values), successors (uses of blocks), regions and a sorted attribute
 * dictionary.  Operations sit in a doubly linked list inside a block; a block
 * has arguments (values) and sits in a doubly linked list inside a region; a
 * region belongs to one operation.  Every value keeps the list of its uses
 * and every block the list of the successor slots naming it, so
 * replace-all-uses, erase and "is trivially dead" are cheap.
 *
 * Types and attributes are kept as text, interned in the context's string
 * table, in the canonical spelling `mlir-opt -mlir-print-op-generic` prints.
 * The parser canonicalizes what it reads (ir_type_parse and ir_attr_parse
 * do the same for text coming from patterns), so two types or two
 * attributes are equal as MLIR compares them exactly when their pointers
 * are equal.  What is canonicalized:
 *   - integers: decimal, `: T` defaulting to i64, printed signed unless T
 *     is unsigned (`0xFF : i8` -> `-1 : i8`); a literal out of T's range is
 *     an error where MLIR's parser gives one (`42 : i4`, `-1 : ui8`, `-0`),
 *     and values wider than 64 bits that no int64_t holds are kept as
 *     written; any i1 integer prints `true` / `false`;
 *   - floats: `: T` defaulting to f64, printed as MLIR's printFloatValue
 *     does for f32 and f64 (`1.0` -> `1.000000e+00 : f64`; values the short
 *     form cannot hold exactly use the long form or the bit pattern);
 *   - strings: escapes decoded and re-escaped as MLIR does (`\22`, `\0A`);
 *   - arrays and dictionaries recursively, dictionaries sorted by key;
 *   - symbol references, unit, true/false, types used as attributes;
 *   - types: builtin types (integers, floats, index, none, function types,
 *     tensor/memref/vector, complex, tuple) respaced and parenthesized as
 *     MLIR prints them; dialect types (`!d.t<...>`) and attributes
 *     (`#d.a<...>`), `dense<...>`, `array<...>`, `affine_map<...>` and the
 *     like are kept as written with whitespace normalized only (so
 *     `dense<[1, 1]>` is not folded to the splat `dense<1>` as MLIR would).
 * Locations are parsed and dropped.
 *
 * Ownership: everything here lives in the context's arena and is released
 * with it; nothing is freed on its own.  Erased operations stay allocated
 * (flagged `erased`) until the arena goes, so stale pointers held by a
 * worklist can be detected rather than dereferenced into freed memory.
 */
#ifndef PL_ENGINE_IR_H
#define PL_ENGINE_IR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "analyzer/source.h"

struct pl_arena;
struct pl_intern;
struct pl_diag_ctx;
struct pl_buf;
struct pl_source_file;

struct ir_ctx;
struct ir_op;
struct ir_block;

/* One use of a value: operand `index` of `owner`.  Lives inside the
 * owner's operand array. */
struct ir_use {
	struct ir_value *value;   /* the value used */
	struct ir_op *owner;      /* the operation using it */
	unsigned index;           /* operand number in owner */
	struct ir_use *next;      /* next use of the same value */
	struct ir_use **prevp;    /* link pointing at this use */
};

/* An SSA value: an operation result or a block argument. */
struct ir_value {
	const char *type;         /* interned canonical type text */
	struct ir_use *uses;      /* first use; newest first, as in MLIR */
	struct ir_op *def;        /* defining operation, NULL for an argument */
	struct ir_block *block;   /* owning block for an argument, else NULL */
	unsigned index;           /* result or argument number */
};

/* A successor slot: successor `index` of `owner` names `block`. */
struct ir_block_use {
	struct ir_block *block;       /* the successor block */
	struct ir_op *owner;          /* the branching operation */
	unsigned index;               /* successor number in owner */
	struct ir_block_use *next;    /* next use of the same block */
	struct ir_block_use **prevp;  /* link pointing at this use */
};

/* A region: a list of blocks owned by one operation. */
struct ir_region {
	struct ir_op *op;             /* owning operation */
	unsigned index;               /* region number in op */
	struct ir_block *first;       /* first block (the entry block) */
	struct ir_block *last;        /* last block */
};

struct ir_block {
	struct ir_region *region;     /* parent region, NULL when detached */
	struct ir_block *prev, *next; /* siblings in the region */
	struct ir_op *first, *last;   /* operations, in order */
	unsigned n_args;              /* arguments */
	unsigned cap_args;            /* allocated slots in args */
	struct ir_value **args;       /* argument values */
	struct ir_block_use *uses;    /* successor slots naming this block */
};

/* A named attribute; value is canonical attribute text.  A unit attribute
 * has value "unit" and prints as the bare name. */
struct ir_attr_entry {
	const char *name;             /* interned attribute name */
	const char *value;            /* interned canonical attribute text */
};

struct ir_op {
	const char *name;             /* interned "dialect.op" */
	struct ir_block *block;       /* parent block, NULL when detached */
	struct ir_op *prev, *next;    /* siblings in the block */
	unsigned n_operands;          /* operands */
	struct ir_use *operands;      /* operand uses */
	unsigned n_results;           /* results */
	struct ir_value *results;     /* result values */
	unsigned n_successors;        /* successors */
	struct ir_block_use *successors; /* successor slots */
	unsigned n_regions;           /* regions */
	struct ir_region *regions;    /* regions */
	unsigned n_attrs;             /* attributes */
	struct ir_attr_entry *attrs;  /* attributes, sorted by name (strcmp) */
	struct pl_span span;          /* where it was parsed; file 0 if built */
	uint32_t serial;              /* creation number, unique per context */
	bool erased;                  /* erased: unlinked, must not be used */
};

/* What ir_op_create builds.  Arrays are copied; attributes may be in any
 * order (they are sorted; a repeated name keeps the last value). */
struct ir_op_desc {
	const char *name;                    /* op name (interned or not) */
	unsigned n_operands;
	struct ir_value *const *operands;
	unsigned n_results;
	const char *const *result_types;     /* canonical type text */
	unsigned n_attrs;
	const struct ir_attr_entry *attrs;
	unsigned n_successors;
	struct ir_block *const *successors;
	unsigned n_regions;                  /* created empty */
	struct pl_span span;
};

/* ---- context ---------------------------------------------------------- */

/* A context allocates from `arena` and interns names, types and attributes
 * in `strs`; pass the table the model uses so op names compare by pointer
 * with the model's.  Arithmetic ops (`arith.*`) start out known as pure. */
struct ir_ctx *ir_ctx_new(struct pl_arena *arena, struct pl_intern *strs);
void ir_ctx_free(struct ir_ctx *c);
struct pl_arena *ir_ctx_arena(struct ir_ctx *c);
/* Go on with a new arena: IR made before is not used again (its arena may
 * be freed), and op serials count from 0 again.  One context can so serve
 * many short runs without marking its pure ops again for each. */
void ir_ctx_begin(struct ir_ctx *c, struct pl_arena *arena);
const char *ir_intern(struct ir_ctx *c, const char *s);
/* Declare the op named `name` free of side effects (ODS `Pure`), so it is
 * trivially dead when its results are unused. */
void ir_ctx_mark_pure(struct ir_ctx *c, const char *name);
bool ir_op_is_pure(struct ir_ctx *c, const struct ir_op *op);
/* Maximum nesting of regions, types and attributes the parser accepts
 * (default 200). */
void ir_ctx_set_max_depth(struct ir_ctx *c, unsigned depth);

/* ---- construction and mutation ---------------------------------------- */

/* A new detached operation; never NULL. */
struct ir_op *ir_op_create(struct ir_ctx *c, const struct ir_op_desc *d);
/* A new detached block with no arguments. */
struct ir_block *ir_block_create(struct ir_ctx *c);
struct ir_value *ir_block_add_arg(struct ir_ctx *c, struct ir_block *b, const char *type);
void ir_region_append_block(struct ir_region *r, struct ir_block *b);

/* Link a detached op into a block. */
void ir_block_append(struct ir_block *b, struct ir_op *op);
void ir_op_insert_before(struct ir_op *pos, struct ir_op *op);
void ir_op_insert_after(struct ir_op *pos, struct ir_op *op);
/* Unlink op from its block, keeping it and its uses (for moving). */
void ir_op_remove(struct ir_op *op);
void ir_op_move_before(struct ir_op *pos, struct ir_op *op);
/* Drop op's operand and successor uses, erase the ops of its regions
 * (innermost first), unlink it and mark it erased.  Its results must have
 * no uses left (asserted). */
void ir_op_erase(struct ir_op *op);

void ir_op_set_operand(struct ir_op *op, unsigned i, struct ir_value *v);
void ir_op_set_operands(struct ir_ctx *c, struct ir_op *op, unsigned n, struct ir_value *const *vals);
/* Make every use of `from` use `to`. */
void ir_value_replace_all_uses(struct ir_value *from, struct ir_value *to);
/* Replace op's results by vals[0..n_results) and erase op. */
void ir_op_replace(struct ir_op *op, struct ir_value *const *vals);
/* Replace op's results by another op's results (same count) and erase op. */
void ir_op_replace_with_op(struct ir_op *op, struct ir_op *with);

/* Attribute value by name (interned or not), NULL when absent. */
const char *ir_op_attr(const struct ir_op *op, const char *name);
/* Set (add or overwrite) an attribute; value must be canonical text (use
 * ir_attr_parse or the ir_attr_make_* helpers). */
void ir_op_set_attr(struct ir_ctx *c, struct ir_op *op, const char *name, const char *value);
bool ir_op_remove_attr(struct ir_op *op, const char *name);

/* ---- queries ----------------------------------------------------------- */

static inline bool ir_value_has_uses(const struct ir_value *v) { return v->uses != NULL; }
bool ir_op_results_unused(const struct ir_op *op);
/* The op whose result v is, NULL for a block argument. */
static inline struct ir_op *ir_value_def(const struct ir_value *v) { return v->def; }
/* The op owning the region holding op, NULL at the top. */
struct ir_op *ir_op_parent(const struct ir_op *op);
/* MLIR's isOpTriviallyDead: results unused and the op is known pure.  Ops
 * not declared pure are assumed to have side effects, as MLIR assumes for
 * unregistered ops. */
bool ir_op_is_trivially_dead(struct ir_ctx *c, const struct ir_op *op);
/* Call fn on op and every op nested in it, pre-order, in print order. */
void ir_op_walk(struct ir_op *op, void (*fn)(struct ir_op *, void *), void *ud);

/* ---- types and attributes --------------------------------------------- */

/* Canonicalize type / attribute text.  Returns the interned canonical
 * text, or NULL when text is not one complete type / attribute. */
const char *ir_type_parse(struct ir_ctx *c, const char *text);
const char *ir_attr_parse(struct ir_ctx *c, const char *text);

enum ir_attr_kind {
	IR_ATTR_OTHER = 0,   /* dialect, dense, affine map, ... (text only) */
	IR_ATTR_INT,         /* `N : T` and `true`/`false` (type i1) */
	IR_ATTR_FLOAT,       /* `F : T` */
	IR_ATTR_STRING,      /* `"..."` (optionally `: T`) */
	IR_ATTR_UNIT,        /* `unit` */
	IR_ATTR_TYPE,        /* a type used as an attribute */
	IR_ATTR_ARRAY,       /* `[...]` */
	IR_ATTR_DICT,        /* `{...}` */
	IR_ATTR_SYMBOL,      /* `@sym` */
	IR_ATTR_DENSE        /* `dense<...> : T` */
};
enum ir_attr_kind ir_attr_kind(const char *attr);
/* The value and type of an integer attribute (i1 for true/false). Values
 * wider than 64 bits fail.  Returns 0 or -1. */
int ir_attr_int(int64_t *out, const char **out_type, struct ir_ctx *c, const char *attr);
int ir_attr_float(double *out, const char **out_type, struct ir_ctx *c, const char *attr);
/* The decoded bytes of a string attribute (in the arena). */
int ir_attr_string(const char **out, struct ir_ctx *c, const char *attr);
/* The type of a typed attribute (int, float, dense, typed string), or the
 * type itself for a type attribute; NULL otherwise. */
const char *ir_attr_type(struct ir_ctx *c, const char *attr);
const char *ir_attr_make_int(struct ir_ctx *c, int64_t v, const char *type);
const char *ir_attr_make_float(struct ir_ctx *c, double v, const char *type);
const char *ir_attr_make_string(struct ir_ctx *c, const char *s);

/* ---- parsing and printing --------------------------------------------- */

/* Parse bytes [off, end) of f as an MLIR file: generic operations plus the
 * custom forms of builtin.module, func.func, func.return, func.call and the
 * common arith ops.  The result is the top builtin.module (made implicitly
 * unless the text is one module op).  Errors go to diag with f's
 * locations; returns 0, or -1 after reporting (the first error stops the
 * parse). */
int ir_parse_range(struct ir_op **out, struct ir_ctx *c, struct pl_diag_ctx *diag,
                   struct pl_source_file *f, uint32_t off, uint32_t end);
int ir_parse(struct ir_op **out, struct ir_ctx *c, struct pl_diag_ctx *diag,
             struct pl_source_file *f);

/* Print op in MLIR's generic form, as `mlir-opt -mlir-print-op-generic`
 * does, followed by a newline.  Values are named as MLIR names them. */
void ir_print(struct pl_buf *out, const struct ir_op *op);
void ir_print_file(FILE *f, const struct ir_op *op);

/* Text for IR built outside the engine (the witnesses of analyzer/overlap.c
 * and verify.c), written so that it lexes as MLIR whatever bytes the
 * pattern files put in names and constants.
 *
 * ir_fmt_string appends s[0..n) as a quoted string literal escaped as
 * MLIR's printer escapes it: `\\` for a backslash, the byte as `\XX`
 * (uppercase hex) for '"' and every byte outside printable ASCII (so
 * `\22`, `\0A`, and invalid UTF-8 comes out byte for byte).  Op names in
 * generic form are written this way.
 *
 * ir_fmt_name appends an attribute name: bare when it is an identifier
 * ([A-Za-z_][A-Za-z0-9_$.]*), else as a string literal.
 *
 * ir_fmt_attr_text appends attribute text as a pattern spelt it (a PDLL
 * attr<"...">, a DRR ConstantAttr value): its string literals are decoded
 * (MLIR's escapes \" \\ \n \t \XX) and re-escaped as above.  Text that
 * cannot be MLIR attribute syntax (a control character or non-ASCII byte
 * outside a literal, an unterminated literal, an escape MLIR rejects) is
 * written whole as one string literal instead, so the witness still
 * parses; newlines, tabs and carriage returns outside literals become
 * spaces, so one op stays one line. */
bool ir_is_bare_id(const char *s, size_t n);
void ir_fmt_string(struct pl_buf *b, const char *s, size_t n);
void ir_fmt_name(struct pl_buf *b, const char *name);
void ir_fmt_attr_text(struct pl_buf *b, const char *text);

/* `patlint dump ir`: parse the .mlir file at path (each `// -----` chunk on
 * its own when split) and print it to out in MLIR's generic form, as
 * mlir-opt-16 -mlir-print-op-generic does.  Errors go through diag; returns
 * 0, or -1 when anything failed (then nothing is printed). */
int ir_dump(FILE *out, struct pl_arena *arena, struct pl_intern *strs, struct pl_source_mgr *sm,
            struct pl_diag_ctx *diag, const char *path, bool split);


#endif /* PL_ENGINE_IR_H */
