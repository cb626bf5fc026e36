/*
 * interp.h -- the interpreter of the unified pattern model: match one
 * model_pattern against one ir_op, and apply its rewrite.
 *
 * Matching follows the model's match tree: op names, operands through their
 * defining ops, attributes (constant ones compared as MLIR compares them,
 * i.e. by canonical text), result types, captured names (a name used twice
 * must denote the same value / op / attribute / type), and the common ODS
 * type and attribute constraints by name (the table in interp.c).  Native
 * constraints (C++ or PDLL constraint functions) are never guessed: their
 * result comes from an assumption the user stated (`--assume NAME=true`);
 * otherwise the match reports "native constraint 'X' cannot be executed"
 * through pl_diag and fails with an error.  Native rewrites are reported the
 * same way.
 *
 * Rewriting creates ops before the matched root (as MLIR's PatternRewriter
 * does), deduces result types as the model says, and tells a listener (the
 * greedy driver) about every insertion, replacement, removal and in-place
 * change, in the order MLIR's RewriterBase notifies them.
 *
 * Ownership: an interp lives in the IR context's arena; interp_free releases
 * its scratch memory only.
 */
#ifndef PL_ENGINE_INTERP_H
#define PL_ENGINE_INTERP_H

#include <stdbool.h>
#include <stddef.h>

struct ir_ctx;
struct ir_op;
struct model;
struct model_pattern;
struct pl_diag_ctx;
struct interp;

/* A user-stated result of a native constraint (`--assume NAME=true|false`). */
struct interp_assume {
	const char *name;          /* constraint name as written in the pattern */
	bool value;                /* what it returns, for every argument */
};

/* Rewrite notifications, as MLIR's RewriterBase::Listener sends them. */
struct interp_listener {
	void (*inserted)(void *ud, struct ir_op *op);  /* op was created and linked */
	void (*replaced)(void *ud, struct ir_op *op);  /* op's results are about to be replaced */
	void (*removed)(void *ud, struct ir_op *op);   /* op is about to be erased */
	void (*modified)(void *ud, struct ir_op *op);  /* op was updated in place */
	void *ud;
};

struct interp_options {
	const struct interp_assume *assumes; /* stated native-constraint results */
	unsigned n_assumes;
};

struct pl_arena;
/* The options for n specs "NAME=true" / "NAME=false" (--assume, checked by
 * the command line parser), built in arena a. */
struct interp_options interp_options_from_specs(struct pl_arena *a, const char *const *specs,
                                                size_t n);

/* A new interpreter over model m and IR context c; errors go to diag. */
struct interp *interp_new(struct ir_ctx *c, const struct model *m, struct pl_diag_ctx *diag,
                          const struct interp_options *opt);
void interp_free(struct interp *ip);

/* Try pattern p on op (no change to the IR).  Returns 1 when it matches,
 * 0 when it does not, -1 when it cannot be decided (an unexecutable native
 * constraint; reported once per constraint). */
int interp_match(struct interp *ip, const struct model_pattern *p, struct ir_op *op);

/* Match p on op and, when it matches, apply its rewrite, notifying l.
 * Returns 1 applied, 0 no match, -1 error (reported; the IR may be
 * partly rewritten). */
int interp_apply(struct interp *ip, const struct model_pattern *p, struct ir_op *op,
                 const struct interp_listener *l);

/* Whether p can be executed at all (no native rewrite, no native constraint
 * without an assumption).  Reports nothing. */
bool interp_pattern_executable(struct interp *ip, const struct model_pattern *p);

#endif /* PL_ENGINE_INTERP_H */
