/*
 * greedy.h -- MLIR 16's GreedyPatternRewriteDriver over the engine's IR.
 *
 * greedy_run applies the model's patterns to the regions of a top-level op
 * (a builtin.module) as applyPatternsAndFoldGreedily does in LLVM 16:
 * bottom-up worklist seeded in post-order, patterns ordered by benefit and
 * then as MLIR's PatternApplicator orders them, trivially dead ops erased,
 * arith constants uniqued and hoisted and a few arith folds (greedy.c lists
 * exactly which), region DCE after each iteration, an iteration limit and a
 * per-iteration rewrite limit.  The IR is rewritten in place.
 */
#ifndef PL_ENGINE_GREEDY_H
#define PL_ENGINE_GREEDY_H

#include <stdbool.h>
#include <stdio.h>

#include "analyzer/engine/interp.h"

struct ir_ctx;
struct ir_op;
struct model;
struct model_pattern;
struct pl_diag_ctx;

struct greedy_options {
	unsigned max_iterations;   /* 0 = no limit (MLIR kNoLimit); patlint's default is 10 */
	unsigned max_rewrites;     /* per iteration, as MLIR 16 counts; 0 = no limit */
	FILE *trace;               /* non-NULL: -debug-only=greedy-rewriter style log */
	/* non-NULL: called with each pattern as it applies, in order (what
	 * the log's "// applied:" lines say, without writing the log) */
	void (*on_applied)(void *ud, const struct model_pattern *p);
	void *on_applied_ud;
	struct interp_options interp; /* native-constraint assumptions */
	/* Both non-NULL: swap these two patterns' places in the application
	 * order (what registering them the other way round does when their
	 * benefits are equal); `check --verify` uses it on benefit conflicts. */
	const struct model_pattern *swap_a, *swap_b;
	/* Non-NULL: run only the patterns that meet this one
	 * (model_patterns_meet): with --split-input-file, its chunk's. */
	const struct model_pattern *meet;
};

struct greedy_result {
	bool converged;            /* the last iteration changed nothing */
	unsigned iterations;       /* iterations run */
	unsigned long rewrites;    /* patterns applied, all iterations */
};

/* Run the driver on top's regions.  Returns 0, or -1 after reporting an
 * error through diag (a native constraint or rewrite that cannot be
 * executed, a malformed rewrite); the IR is then partly rewritten. */
int greedy_run(struct greedy_result *out, struct ir_ctx *c, const struct model *m, struct ir_op *top,
               struct pl_diag_ctx *diag, const struct greedy_options *opt);

#endif /* PL_ENGINE_GREEDY_H */
