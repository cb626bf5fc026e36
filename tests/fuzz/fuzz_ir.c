/*
 * fuzz_ir.c -- libFuzzer target for the engine's MLIR IR parser
 * (ir_parse_range on an in-memory pl_source_file) and the generic-form
 * printer.  The first byte picks a split point, as `// -----` chunks
 * would, so ranges that do not start at offset 0 are exercised.
 */
#include "config.h"

#include "tests/fuzz/fuzz_common.h"

#include "analyzer/engine/ir.h"
#include "analyzer/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_run r;
	struct ir_op *top = NULL;

	if (size == 0)
		return 0;
	fuzz_begin(&r);
	unsigned skip = data[0] % 4; /* 0..3 leading bytes left out of the range */
	struct pl_source_file *f = pl_source_add(r.sm, "fuzz-input.mlir", (const char *)data + 1, size - 1);
	uint32_t off = skip < f->len ? skip : 0;
	struct ir_ctx *c = ir_ctx_new(r.arena, r.intern);
	if (ir_parse_range(&top, c, &r.diag, f, off, (uint32_t)f->len) == 0 && top) {
		struct pl_buf b = {0};
		ir_print(&b, top);
		pl_buf_free(&b);
	}
	ir_ctx_free(c);
	fuzz_end(&r);
	return 0;
}
