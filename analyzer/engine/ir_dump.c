/*
 * ir_dump.c -- `patlint dump ir`: parse an .mlir file and print it back in
 * MLIR's generic form, the way `mlir-opt-16 --allow-unregistered-dialect
 * -mlir-print-op-generic [--split-input-file]` prints it.  The golden
 * tests of the IR layer and the ir-agree peer suite run through here.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/intern.h"
#include "analyzer/source.h"
#include "analyzer/engine/ir.h"
#include "analyzer/util.h"

/* Offset of the next `// -----` line at or after off, or len. */
static uint32_t next_split(const struct pl_source_file *f, uint32_t off, uint32_t *after)
{
	const char *b = f->buf;
	for (uint32_t i = off; i < f->len; i++) {
		if ((i == 0 || b[i - 1] == '\n') && !strncmp(b + i, "// -----", 8)) {
			uint32_t e = i;
			while (e < f->len && b[e] != '\n')
				e++;
			*after = e;
			return i;
		}
	}
	*after = (uint32_t)f->len;
	return (uint32_t)f->len;
}

int ir_dump(FILE *fout, struct pl_arena *arena, struct pl_intern *strs, struct pl_source_mgr *sm,
            struct pl_diag_ctx *diag, const char *path, bool split)
{
	int rc = 0;
	struct ir_ctx *c = ir_ctx_new(arena, strs);
	struct pl_source_file *f;
	struct pl_buf out = { 0 };

	if (pl_source_load(&f, sm, path) < 0) {
		struct pl_span none = { 0 };
		pl_diag(diag, PL_SEV_ERROR, NULL, none, "cannot read '%s': %s", path, pl_strerror(errno));
		ir_ctx_free(c);
		return -1;
	}
	uint32_t off = 0;
	bool first = true;
	for (;;) {
		uint32_t after, end = split ? next_split(f, off, &after) : (uint32_t)f->len;
		if (!split)
			after = end;
		struct ir_op *top;
		if (!first)
			pl_buf_puts(&out, "\n// -----\n");
		first = false;
		if (ir_parse_range(&top, c, diag, f, off, end) == 0) {
			ir_print(&out, top);
			pl_buf_putc(&out, '\n');
		} else
			rc = -1;
		if (end >= f->len)
			break;
		off = after;
	}
	if (!rc)
		fwrite(pl_buf_cstr(&out), 1, out.len, fout);
	pl_buf_free(&out);
	ir_ctx_free(c);
	return rc;
}
