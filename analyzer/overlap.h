/*
 * overlap.h -- can two patterns match the same operation?
 *
 * The analysis shared by the rules `overlapping-matchers` and
 * `benefit-conflict` (and the witness builder `check --verify` runs): it
 * unifies two patterns' match trees (analyzer/model.h) under a model of
 * ODS type and attribute constraints -- which constraints are disjoint
 * (I32 vs F32, StrAttr vs IntegerAttr), which include which (AnyType >=
 * AnyInteger >= I32) -- recognizing common CPred idioms through
 * analyzer/regex.h.  Predicates it cannot see into (native constraints,
 * unrecognized CPreds) make the answer "maybe" rather than "yes".
 *
 * The result says whether the match sets intersect, whether one contains
 * the other (a specific pattern vs a general fallback), and gives the
 * smallest witness: IR in MLIR generic form that both patterns match.
 *
 * Ownership: an overlap_index and everything it returns live in the
 * model's arena; the witness text is written into a caller-owned pl_buf.
 */
#ifndef PL_OVERLAP_H
#define PL_OVERLAP_H

#include <stdbool.h>
#include <stddef.h>

struct model;
struct model_pattern;
struct pl_buf;

/* Do the two patterns' match sets intersect? */
enum overlap_verdict {
	OVERLAP_NO = 0,    /* ORDER: overlap_verdict_name; no IR is matched by both */
	OVERLAP_MAYBE,     /* intersect unless an opaque predicate says otherwise */
	OVERLAP_YES,       /* some IR is matched by both (witness is exact) */
};

/* How the two match sets relate, when they intersect. */
enum overlap_rel {
	OVERLAP_REL_PARTIAL = 0, /* neither contains the other (ambiguity) */
	OVERLAP_REL_EQUAL,       /* both match exactly the same IR */
	OVERLAP_REL_A_IN_B,      /* a is more specific: everything a matches, b matches */
	OVERLAP_REL_B_IN_A,      /* b is more specific */
};

struct overlap_result {
	enum overlap_verdict verdict;  /* NO, MAYBE or YES */
	enum overlap_rel rel;          /* meaningful when verdict != NO */
	const char *why_maybe;         /* MAYBE: the first opaque predicate ("native constraint
	                                  `IsPow2` on $c"), arena string; NULL otherwise */
	const char *why_no;            /* NO: what separates them ("operand #0: I32 vs F32"),
	                                  arena string, NULL when the roots differ */
	unsigned n_opaque;             /* opaque predicates involved (both patterns) */
};

/* Decide whether patterns a and b (of model m) can match the same root
 * operation.  Always succeeds; fills *out. */
void overlap_check(struct overlap_result *out, const struct model *m,
                   const struct model_pattern *a, const struct model_pattern *b);

/* Write the smallest IR matched by both a and b, in MLIR generic form, to
 * out_mlir (appended; the caller owns and frees the buffer): a `func.func
 * @witness` whose arguments are the unconstrained leaves and whose body
 * holds the ops of the unified match tree, the root last, e.g.
 *
 *   "func.func"() ({
 *   ^bb0(%a0: i32, %a1: i32):
 *     %0 = "toy.neg"(%a0) : (i32) -> i32
 *     %1 = "toy.neg"(%a1) : (i32) -> i32
 *     %2 = "toy.add"(%0, %1) : (i32, i32) -> i32
 *     "func.return"(%2) : (i32) -> ()
 *   }) {function_type = (i32, i32) -> i32, sym_name = "witness"} : () -> ()
 *
 * Types are chosen to satisfy both sides' constraints (i32 when nothing
 * constrains a value); constant attributes are written as given.  Opaque
 * predicates are not satisfied on purpose: the witness is what the
 * structure and ODS constraints allow.  Returns 0, or -1 (out_mlir
 * unchanged) when the patterns do not overlap (OVERLAP_NO). */
int overlap_witness(struct pl_buf *out_mlir, const struct model *m,
                    const struct model_pattern *a, const struct model_pattern *b);

/* The pair analysis shared by the rules: every unordered pair of patterns
 * that may meet (model_patterns_meet) and share a root op name, or where
 * one has an any-op root, checked once per run (the first call computes
 * and keeps the table with the model, later calls return it): the pairs
 * of each any-op root first (the roots in model order, each with the
 * later roots, then with every pattern of a root op, by its name), then
 * the pairs within each root op name, in model order; only the pairs
 * whose verdict is not OVERLAP_NO are kept, each with its
 * witness (as overlap_witness gives it).  With model_jobs(m) > 1 and
 * enough candidates, threads decide the pairs, each with its own caches;
 * ops filled in on first use and interning go through one lock.  The
 * table is the same for every number of threads. */
struct overlap_pair {
	const struct model_pattern *a, *b;
	struct overlap_result r;
	const char *witness;           /* arena string */
	const char *witness_note;      /* "IR matched by both:\n" and the witness: the note the
	                                  rules attach, one arena string for all of them
	                                  (witness is its tail) */
};
const struct overlap_pair *overlap_pairs_of(struct model *m, size_t *out_n);
/* overlap_pairs_of for the table alone, and its length: the prepare of the
 * rules that read it, which then run beside other rules (rules/rule.h). */
size_t overlap_pairs_make(struct model *m);

const char *overlap_verdict_name(enum overlap_verdict v); /* "no", "maybe", "yes" */

/* Which of two overlapping patterns MLIR's driver tries first: higher
 * benefit, then registration order.  Registration order is only defined
 * within one generated set, the patterns' unit (model.h), else the same
 * file and language: DRR: mlir-tblgen emits a file's patterns in def-name
 * order; PDLL: the order of the module, includes expanded in place.  Returns the preferred one; *out_by_order tells whether only the
 * order decided, *out_defined whether that order is defined. */
const struct model_pattern *overlap_preferred(const struct model_pattern *a,
                                              const struct model_pattern *b, bool *out_by_order,
                                              bool *out_defined);
/* Of a pair of overlapping patterns, the one MLIR can never apply because
 * the other matches every operation it matches and is always tried first
 * (higher benefit, or the same benefit and an earlier place in a defined
 * registration order); NULL when neither is.  Certain only when the
 * verdict is OVERLAP_YES (with MAYBE an opaque predicate may let the
 * other fail); the caller weighs that. */
const struct model_pattern *overlap_shadowed(const struct overlap_pair *p);
/* A pattern's name for messages: its name, or "<anonymous>". */
const char *overlap_pattern_name(const struct model_pattern *p);

/* What defines a value: the recognizers behind the defining-op facts of
 * the pair analysis, for other analyses (analyzer/recursion.c).  A match
 * may state which op defines a value: MLIR's ConstantLikeMatcher (an op
 * with the ConstantLike trait), or a native constraint whose CPred tests
 * $_self's or $0's defining op with isa<X>, isa_and_nonnull<X>,
 * dyn_cast_or_null<X>, getDefiningOp<X>() and kin, maybe negated, X an op
 * class of the run's registry.  An overlap_defs holds the caches of one
 * run: create it once, ask it many times. */
struct overlap_defs;
struct model_constraint;
struct model_node;
struct model_op;

struct overlap_defs *overlap_defs_new(const struct model *m);
void overlap_defs_free(struct overlap_defs *d);
/* n overlap_defs for n threads asking at once (as the pair analysis's
 * threads do): each with caches and an arena of its own, the model's
 * parts filled in on first use filled under one lock they share.  The
 * thread that made them leaves the model alone until they are freed
 * (overlap_defs_free_set, which gives their arenas to the model's). */
struct overlap_defs **overlap_defs_new_set(const struct model *m, unsigned n);
void overlap_defs_free_set(struct overlap_defs **set, unsigned n);

enum overlap_def_kind {
	OVERLAP_DEF_CONSTLIKE = 0, /* an op with the ConstantLike trait */
	OVERLAP_DEF_ISA,           /* one of ops[0..n_ops) */
	OVERLAP_DEF_NONE_OF,       /* none of ops[0..n_ops) (a block argument or another op) */
};
struct overlap_def {
	enum overlap_def_kind kind;
	const struct model_op *const *ops; /* ISA, NONE_OF: registry entries (arena) */
	unsigned n_ops;
};

/* The fact native constraint k of a match states about the defining op of
 * the value bound to *out_name; false when k is no recognized idiom. */
bool overlap_defs_constraint(struct overlap_defs *d, const struct model_constraint *k,
                             struct overlap_def *out, const char **out_name);
/* Is n (a NATIVE node in a match) the ConstantLikeMatcher test, so that
 * the value it matches is defined by a ConstantLike op? */
bool overlap_defs_constant_matcher(struct overlap_defs *d, const struct model_node *n);
/* Whether the named ODS type constraints a and b (model_cdef names) admit
 * no common type, by the type model overlapping-matchers uses; false when
 * either is unknown or an attribute constraint. */
bool overlap_defs_types_disjoint(struct overlap_defs *d, const char *a, const char *b);
/* Whether op's one result (an op with one non-variadic, non-optional
 * result) has an ODS type constraint disjoint from the named constraint. */
bool overlap_defs_result_excludes(struct overlap_defs *d, const struct model_op *op,
                                  const char *constraint);
/* Does the concrete type `type` (MLIR syntax: i32, tensor<2x3xf32>,
 * !dialect.t, ...) satisfy the named ODS type constraint (a model_cdef
 * name), by the type model overlapping-matchers uses: 1 yes, 0 no, -1
 * cannot tell (unknown constraint or predicate, a type the model only
 * knows by its class, dynamic shapes). */
int overlap_defs_type_holds(struct overlap_defs *d, const char *constraint, const char *type);
/* Does op have the ConstantLike trait: 1 yes, 0 no, -1 cannot tell. */
int overlap_defs_constant_like(const struct overlap_defs *d, const struct model_op *op);

#endif /* PL_OVERLAP_H */
