/*
 * model.h -- the language-neutral pattern model that rules, the engine and
 * reports read.
 *
 * Frontends (parsers/ods.c, parsers/drr.c, parsers/pdll/) fill it: an op
 * registry built from ODS records, and patterns from DRR and PDLL, all with
 * the same match-tree / constraint / rewrite-action shape so that analyses
 * work across the two languages.  Every node carries its source span.
 *
 * Ownership: everything model_* returns lives in the run's arena; callers
 * never free it.  Strings are interned (compare names by pointer only when
 * both come from the same intern table; use strcmp otherwise).
 */
#ifndef PL_MODEL_H
#define PL_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "analyzer/source.h"

struct pl_arena;
struct pl_intern;
struct pl_source_mgr;

/* ---- op registry ------------------------------------------------------ */

enum model_arg_kind {
	MODEL_ARG_OPERAND = 0,   /* ORDER: model_arg_kind_name */
	MODEL_ARG_ATTRIBUTE,
	MODEL_ARG_RESULT,
	MODEL_ARG_REGION,
	MODEL_ARG_SUCCESSOR,
};

/* One operand, attribute, result, region or successor of an op. */
struct model_op_arg {
	enum model_arg_kind kind; /* what it is */
	const char *name;         /* ODS name ("lhs"), "" when unnamed */
	const char *constraint;   /* constraint def name ("I32", "F32Attr", "AnyType") */
	const char *constraint_def; /* operand/result: its constraint's record name (an
	                           * anonymous Variadic<I32> has one too), which DRR
	                           * leaves compare against; NULL for the others */
	const char *summary;      /* the constraint's summary/description, or NULL */
	bool variadic;            /* Variadic<...> / VariadicRegion / VariadicSuccessor */
	bool optional;            /* Optional<...> operand/result, OptionalAttr */
	bool variadic_of_variadic;/* VariadicOfVariadic<...> */
	bool has_default;         /* DefaultValuedAttr / DefaultValuedOptionalAttr */
	const char *default_value;/* its default (C++ text), or NULL */
	bool derived;             /* DerivedAttr (not stored, not in the argument list) */
	struct pl_span span;      /* where the ODS entry is written */
};

/* One custom builder: its parameter list. */
struct model_builder {
	const char **param_types; /* C++ types, e.g. "::mlir::Value" */
	const char **param_names; /* names, "" when unnamed */
	const char **param_defaults; /* default values, NULL entries when none */
	unsigned n_params;        /* parameters */
	bool infers_types;        /* takes no result types (no "Type"/"TypeRange" params) */
	struct pl_span span;      /* where the builder is written */
};

struct model;

struct model_op {
	const char *name;         /* full name: "arith.addi" */
	const char *dialect;      /* dialect name: "arith" */
	const char *mnemonic;     /* "addi" */
	const char *def_name;     /* TableGen def: "Arith_AddIOp" */
	const char *cpp_class;    /* "::mlir::arith::AddIOp" */
	const char *summary;      /* one line, or NULL */
	struct pl_span summary_span; /* where the summary is set (its `let`), else the op's def */
	struct model_op_arg *operands; unsigned n_operands;    /* in ODS order */
	struct model_op_arg *attrs; unsigned n_attrs;          /* in ODS order, non-derived first */
	struct model_op_arg *results; unsigned n_results;      /* in ODS order */
	struct model_op_arg *regions; unsigned n_regions;
	struct model_op_arg *successors; unsigned n_successors;
	/* Arguments in the order of the ODS `arguments` dag (operands and
	 * attributes interleaved), as DRR patterns index them. */
	struct model_op_arg **args; unsigned n_args;
	const char **traits; unsigned n_traits;  /* trait/interface names (def names, cppNamespace-free) */
	struct model_builder *builders; unsigned n_builders;
	bool skip_default_builders;
	bool has_canonicalizer;
	bool has_folder;
	bool infers_result_types; /* result types deducible from operands/attrs (see ods.c) */
	bool has_infer_type_interface; /* InferTypeOpInterface declared (directly, through DeclareOpInterfaceMethods<> or a TraitList) */
	bool in_input;            /* defined in a .td input itself, not in a file it includes
	                           * (nor in a .td a .pdll input includes): the ODS rules
	                           * check these only (ods_import_input) */
	struct pl_span span;      /* the op's `def` */
	/* Deferred import: ops of included files are registered by name and
	 * filled in on first use (see model_op_defer).  name, def_name and
	 * cpp_class are set at registration, before the op is filled in. */
	void (*fill)(struct model *m, struct model_op *op, void *ud);
	void *fill_ud;
};

/* ---- ODS constraint definitions --------------------------------------- */

struct model;

/* Predicate tree of an ODS constraint, as TableGen's Pred records build it
 * (CPred, And/Or/Neg, SubstLeaves, Concat). */
enum model_pred_kind {
	MODEL_PRED_CPRED = 0, /* text: the C++ expression (predExpr) */
	MODEL_PRED_AND,       /* kids */
	MODEL_PRED_OR,        /* kids */
	MODEL_PRED_NOT,       /* kids[0] */
	MODEL_PRED_SUBST,     /* SubstLeaves: text = pattern, text2 = replacement, kids[0] */
	MODEL_PRED_CONCAT,    /* Concat: text = prefix, text2 = suffix, kids[0] */
	MODEL_PRED_OTHER,     /* anything else: opaque */
};

struct model_pred {
	enum model_pred_kind kind;    /* what it is */
	const char *text;             /* see the kind */
	const char *text2;            /* see the kind */
	const struct model_pred **kids; unsigned n_kids; /* children */
};

/* A named ODS TypeConstraint or AttrConstraint def (I32, F32Attr, a
 * project's own Type<CPred<...>>), for rules that reason about which
 * constraints are disjoint or include each other (analyzer/overlap.c). */
struct model_cdef {
	const char *name;             /* def name: "I32" */
	bool is_attr;                 /* AttrConstraint (else TypeConstraint) */
	const char *summary;          /* its summary, or NULL */
	const struct model_pred *pred;/* its predicate, NULL if none */
	const char *storage_type;     /* Attr: storageType ("::mlir::IntegerAttr"), else NULL */
	/* set by model_cdef_defer: fills summary, pred and storage_type on
	 * the first model_cdef_find */
	void (*fill)(struct model *m, struct model_cdef *c, void *ud);
	void *fill_ud;
};

/* Add (first wins: returns NULL when the name exists) and look up (filled
 * in; not thread-safe: analyses on threads hold a lock around it). */
struct model_cdef *model_cdef_add(struct model *m, const char *name);
const struct model_cdef *model_cdef_find(const struct model *m, const char *name);
/* Whether a constraint def of this name was added (not filled in). */
bool model_cdef_known(const struct model *m, const char *name);
/* Fill c in with fill(m, c, ud) on its first model_cdef_find. */
void model_cdef_defer(struct model_cdef *c, void (*fill)(struct model *, struct model_cdef *, void *),
                      void *ud);

/* ---- patterns --------------------------------------------------------- */

enum model_origin { MODEL_ORIGIN_DRR = 0, MODEL_ORIGIN_PDLL };

enum model_node_kind {
	MODEL_NODE_OP = 0,   /* an operation: op_name (NULL = any op), args */
	MODEL_NODE_VALUE,    /* an SSA value (operand/result) leaf */
	MODEL_NODE_ATTR,     /* an attribute leaf, or a constant attribute */
	MODEL_NODE_TYPE,     /* a type leaf, or a constant type */
	MODEL_NODE_NATIVE,   /* a native call (NativeCodeCall, PDLL native rewrite) */
	MODEL_NODE_REF,      /* a use of a bound name (in rewrites and constraints) */
	MODEL_NODE_EITHER,   /* DRR either(a, b): args match in either order */
	MODEL_NODE_VARIADIC, /* DRR variadic(...) / PDLL range: args are the elements */
	MODEL_NODE_DIRECTIVE,/* other DRR directive: name in `directive` */
};

struct model_node {
	/* 128 bytes, not the 144 of a plain layout (a large DRR set is mostly
	 * nodes: the 100,000-pattern bench set has 775,000), with what the
	 * analyses read most in the first 64 */
	enum model_node_kind kind : 8;  /* what it is */
	bool result_types_given : 1; /* result types were written explicitly */
	bool indexed : 1;            /* result_index was written (DRR $x__N, PDLL .N) */
	bool unresolved : 1;         /* REF: no binding of `ref` is visible at this use (unbound,
	                              * or bound only later); rules/unbound-variable.c reports it */
	/* Added for the engine (analyzer/engine/interp.c), as n_operand_args
	 * is; frontends that do not set them keep the zero defaults, which
	 * mean "operands as listed". */
	bool operands_any : 1;       /* OP: no operand list written (PDLL `op<x>`): any operands match */
	unsigned n_args;             /* entries in args */
	struct model_node **args;    /* OP: operands and attributes in ODS order; others: children */
	const char *op_name;         /* OP: full op name, NULL = any op */
	const struct model_op *op;   /* OP: registry entry, NULL if unknown */
	const char *bind;            /* name bound to this node ($x, let x), NULL if none */
	const char *ref;             /* REF: the bound name used */
	const char *constant;        /* ATTR/TYPE: constant text, NULL if not constant */
	const char *constraint;      /* ODS constraint def name or PDLL constraint, NULL if none */
	const char *directive;       /* DIRECTIVE / NATIVE: name or C++ expression */
	const char **arg_names;      /* OP: the ODS name for each arg slot ("" unknown) */
	struct model_node **result_types; /* OP in PDLL: explicit result types */
	unsigned n_result_types;     /* entries in result_types */
	unsigned result_index;       /* DRR __N suffix / PDLL .N access, 0 otherwise */
	unsigned n_operand_args;     /* OP in PDLL: args[0..n) are operands, the rest attributes */
	struct pl_span span;         /* source span of the node */
};

enum model_constraint_kind {
	MODEL_CONSTRAINT_NATIVE = 0, /* a predicate patlint cannot see into */
	MODEL_CONSTRAINT_ODS,        /* an ODS type/attr constraint applied to names */
	MODEL_CONSTRAINT_EQUAL,      /* the named values are the same (DRR repeated $x) */
};

struct model_constraint {
	enum model_constraint_kind kind;
	const char *name;          /* constraint def/function name */
	const char *code;          /* C++ predicate text, NULL if none */
	const char **args;         /* bound names it reads */
	unsigned n_args;
	const char *self;          /* DRR `(C:$x ...)`: the symbol $_self stands for, or NULL */
	struct model_node **refs;  /* REF nodes of the names it reads, with their spans and
	                            * `unresolved` flags; NULL when the frontend gives none */
	unsigned n_refs;
	struct pl_span span;
};

enum model_action_kind {
	MODEL_ACT_REPLACE = 0,     /* replace `target` with `values` */
	MODEL_ACT_CREATE,          /* build `tree` (auxiliary op, not a replacement) */
	MODEL_ACT_ERASE,           /* erase `target` */
	MODEL_ACT_NATIVE,          /* call a native rewrite */
	MODEL_ACT_UPDATE,          /* modify `target` in place (PDLL rewrite ... with) */
};

struct model_action {
	enum model_action_kind kind;
	const char *target;        /* bound name of the op acted on (root: its bind) */
	struct model_node **values;/* REPLACE: replacement values/ops; CREATE: [tree] */
	unsigned n_values;
	struct pl_span span;
};

/* A name bound in a pattern and the node that binds it. */
struct model_binding {
	const char *name;
	struct model_node *node;
	struct pl_span span;       /* the binding occurrence */
};

struct model_pattern {
	const char *name;          /* def / Pattern name, NULL when anonymous */
	enum model_origin origin;  /* DRR or PDLL */
	const char *root_op;       /* full name of the root op, NULL = any op */
	struct model_node *match;  /* root of the match tree (an OP node) */
	struct model_constraint *constraints; unsigned n_constraints;
	struct model_action *actions; unsigned n_actions;
	struct model_binding *bindings; unsigned n_bindings;
	int benefit_declared;      /* DRR addBenefit / PDLL `benefit(N)`, 0 when absent */
	int benefit;               /* effective benefit the MLIR driver uses */
	bool bounded_recursion;    /* PDLL `with recursion` / hasBoundedRewriteRecursion */
	unsigned reg_order;        /* registration order among patterns of its file/set */
	unsigned unit;             /* the set it is generated and registered with (model_unit_new):
	                            * one mlir-pdll module (a .pdll input with its includes, or
	                            * one `// -----` chunk of it); reg_order is defined within a
	                            * unit only.  0 (DRR): not known, taken to be its file */
	bool isolated;             /* its unit is a chunk read with --split-input-file, compiled
	                            * on its own: nothing relates it to other units */
	struct pl_span span;       /* the pattern's definition */
	unsigned index;            /* its place in the model (model_pattern_at) */
};

/* May a and b meet in one pattern set, so that pair analyses (overlap,
 * benefit conflicts, recursion cycles) relate them?  The run's inputs are
 * taken together, except a split chunk, which is a set of its own. */
static inline bool model_patterns_meet(const struct model_pattern *a, const struct model_pattern *b)
{
	return a->unit == b->unit || (!a->isolated && !b->isolated);
}

/* The whole model of a run. */
struct model;

struct model *model_new(struct pl_arena *arena, struct pl_intern *intern);
struct pl_arena *model_arena(const struct model *m);
/* A number no other model of the process has, never 0: importers mark the
 * records they have looked at with it (tg_rec_note_set), and a record
 * that carries it is not imported again, whichever input reaches it.
 * (Only the importing thread writes the notes, and a command imports
 * into one model at a time, so a note is never another model's while
 * this one imports.  A hash set of the records each importer had claimed,
 * kept beside the notes, never refused one; without it 100,000 synthetic
 * patterns check in 1.75 s against 1.80 s, 1.66 against 1.68, 2.6 MiB
 * less.) */
unsigned model_id(const struct model *m);
struct pl_intern *model_intern(const struct model *m);
/* Nothing imported yet: no op, constraint, pattern, unit or claim. */
bool model_is_empty(const struct model *m);
/* Empty m again, under a new model_id (what it held stays in its arena,
 * unreferenced): an import that must be undone (analyzer/driver.c). */
void model_reset(struct model *m);
/* The run's source files, for file names in dumps (may stay NULL). */
void model_set_sources(struct model *m, struct pl_source_mgr *sm);
struct pl_source_mgr *model_sources(const struct model *m);

/* Threads the analyses may use (check -j; 1 by default). */
void model_set_jobs(struct model *m, unsigned jobs);
unsigned model_jobs(const struct model *m);

/* Analyses several rules share, computed by the first that asks and kept
 * with the model (in its arena) for the others: e.g. the overlap pair
 * table of analyzer/overlap.h.  NULL until set. */
enum model_cache_slot {
	MODEL_CACHE_OVERLAP_PAIRS = 0,
	MODEL_CACHE_GREEDY_ORDER,      /* the engine's application orders (greedy_pdl.c) */
	MODEL_CACHE_COUNT
};
void *model_cache(const struct model *m, enum model_cache_slot slot);
void model_cache_set(struct model *m, enum model_cache_slot slot, void *p);

/* Registry.  model_op_add returns NULL (and changes nothing) when an op of
 * that name exists already. */
struct model_op *model_op_add(struct model *m, const char *name);
/* Leave op (fresh from model_op_add, name only) to be filled in by
 * fill(m, op, ud) when model_op_find or model_op_at first returns it: a
 * DRR file includes hundreds of ops and uses a few. */
void model_op_defer(struct model_op *op, void (*fill)(struct model *, struct model_op *, void *),
                    void *ud);
/* The registered op of that name, filled in or not (op->fill says). */
struct model_op *model_op_lookup_raw(const struct model *m, const char *name);
/* op (registered or not) filled in: its fill run first if it is deferred. */
const struct model_op *model_op_ready(const struct model *m, struct model_op *op);
/* The op name an ODS importer found for the Op def record rec (an opaque
 * pointer here), noted once per record: a PDLL module that includes the
 * record's file knows its ops by these names (parsers/pdll). */
void model_def_op_name_set(struct model *m, const void *rec, const char *name);
const char *model_def_op_name(const struct model *m, const void *rec);
/* The op made from rec when the registry holds another op of its name
 * (parsers/ods.c: ods_def_op), kept to be made once; NULL before. */
void model_def_own_op_set(struct model *m, const void *rec, struct model_op *op);
struct model_op *model_def_own_op(const struct model *m, const void *rec);
const struct model_op *model_op_find(const struct model *m, const char *name);
/* The name of op i, without filling it in. */
const char *model_op_name_at(const struct model *m, unsigned i);
/* Op i, filled in or not: only what registration sets (name, def_name,
 * cpp_class) may be read before op->fill is NULL.  Filling an op in does
 * not write those, so threads may read them while another fills it. */
const struct model_op *model_op_registered_at(const struct model *m, unsigned i);
unsigned model_op_count(const struct model *m);
const struct model_op *model_op_at(const struct model *m, unsigned i); /* in insertion order */
/* Op i when it is in_input (filled in), else NULL without filling it in:
 * walking the user's ops leaves the deferred ones of included files alone.
 * i < model_input_op_count: the registered ops, then the input ops the
 * registry does not hold (model_input_op_add). */
const struct model_op *model_input_op_at(const struct model *m, unsigned i);
unsigned model_input_op_count(const struct model *m);
/* An op of an input that the registry does not hold (another file's op
 * registered its name first), so that the rules on input ops see it. */
void model_input_op_add(struct model *m, struct model_op *op);

/* Patterns, in the order frontends add them (source order). */
struct model_pattern *model_pattern_add(struct model *m);
/* A fresh unit id (1, 2, ...) for the patterns of one generated set. */
unsigned model_unit_new(struct model *m);
unsigned model_pattern_count(const struct model *m);
struct model_pattern *model_pattern_at(const struct model *m, unsigned i);
/* The patterns' indices in order[0..model_pattern_count(m)), by root op
 * name (strcmp) and then index, those whose root is any op first; returns
 * how many of those there are. */
unsigned model_root_order(const struct model *m, unsigned *order);

/* Claim a pattern for this run: true the first time key is claimed, false
 * after.  Frontends call it with a key naming the pattern independently of
 * the input it was reached through (its definition span, its name, ...),
 * so that a pattern whose file several inputs include is analyzed once. */
bool model_pattern_claim(struct model *m, uint64_t key);

/* Node construction helper: a zeroed node of kind with span. */
struct model_node *model_node_new(struct model *m, enum model_node_kind kind, struct pl_span span);

/* JSON dumps (analyzer/model_json.c, which documents the schemas): the
 * pattern model for `patlint dump patterns`, and the op registry. */
void model_dump_json(FILE *f, const struct model *m);
void model_dump_ops_json(FILE *f, const struct model *m);

#endif /* PL_MODEL_H */
