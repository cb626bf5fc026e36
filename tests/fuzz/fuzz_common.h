/*
 * fuzz_common.h -- what the libFuzzer targets of tests/fuzz/ share: one
 * fresh run state (arena, intern table, source manager, diagnostics) per
 * input, and a diagnostics sink that renders every diagnostic, source line
 * and caret included, to /dev/null, so the renderer is fuzzed too without
 * slowing the fuzzer down with terminal output.
 *
 * Each target is built with clang -fsanitize=fuzzer,address,undefined by
 * `make fuzz` (tests/fuzz/local.mk); nothing here is part of patlint.
 */
#ifndef PL_FUZZ_COMMON_H
#define PL_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/intern.h"
#include "analyzer/source.h"

struct fuzz_run {
	struct pl_arena *arena;
	struct pl_intern *intern;
	struct pl_source_mgr *sm;
	struct pl_diag_ctx diag;
};

static FILE *fuzz_null(void)
{
	static FILE *f;
	if (!f)
		f = fopen("/dev/null", "w");
	return f;
}

static void fuzz_emit(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	(void)ud;
	pl_diag_render(fuzz_null(), ctx->sm, d, false);
}

static void fuzz_begin(struct fuzz_run *r)
{
	r->arena = pl_arena_new();
	r->intern = pl_intern_new(r->arena);
	r->sm = pl_source_mgr_new();
	pl_diag_ctx_init(&r->diag, r->sm, r->arena);
	r->diag.sink.emit = fuzz_emit;
	r->diag.sink.ud = NULL;
	r->diag.color = false;
}

static void fuzz_end(struct fuzz_run *r)
{
	pl_source_mgr_free(r->sm);
	pl_intern_free(r->intern);
	pl_arena_free(r->arena);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif /* PL_FUZZ_COMMON_H */
