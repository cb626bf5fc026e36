/*
 * ir_p.h -- private helpers shared by the IR's files (ir.c, ir_parse.c,
 * ir_print.c); not for use outside analyzer/engine/.
 */
#ifndef PL_ENGINE_IR_P_H
#define PL_ENGINE_IR_P_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analyzer/engine/ir.h"
#include "analyzer/util.h"

struct ir_ctx {
	struct pl_arena *arena;   /* everything IR lives here */
	struct pl_intern *strs;   /* names, types and attributes */
	const char **pure;        /* open-addressed set of pure op names */
	size_t pure_cap;          /* slots in pure (power of two) */
	size_t pure_len;          /* names in pure */
	unsigned max_depth;       /* parser nesting limit */
	uint32_t next_serial;     /* serial of the next op */
	/* well-known interned strings */
	const char *s_unit, *s_i1, *s_i64, *s_f64, *s_f32, *s_index, *s_true, *s_false;
};

/* Append a float literal as MLIR's printFloatValue prints it (f32 when
 * is_f32, else f64). */
void ir_fmt_float(struct pl_buf *b, double v, bool is_f32);
/* Width of an integer type (iN, siN, uiN; index is 64); 0 if not one. */
unsigned ir_int_type_width(const char *type, bool *is_unsigned);

#endif /* PL_ENGINE_IR_P_H */
