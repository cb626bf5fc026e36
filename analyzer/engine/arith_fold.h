/*
 * arith_fold.h -- MLIR 16's folds of the arith dialect's integer ops
 * (arith_fold.c lists them), for the greedy driver's folder.
 */
#ifndef PL_ENGINE_ARITH_FOLD_H
#define PL_ENGINE_ARITH_FOLD_H

#include <stdbool.h>

struct ir_ctx;
struct ir_op;
struct ir_value;

enum arith_fold_kind {
	ARITH_FOLD_VALUE = 1, /* replace the result with value */
	ARITH_FOLD_ATTR,      /* replace the result with a constant of attr */
	ARITH_FOLD_IN_PLACE,  /* the op was updated where it is (operands, predicate) */
};

struct arith_fold {
	enum arith_fold_kind kind;
	struct ir_value *value;
	const char *attr;     /* canonical attribute text */
};

/* Fold op as Operation::fold would: false when nothing folds. */
bool arith_fold(struct ir_ctx *c, struct ir_op *op, struct arith_fold *r);

#endif
