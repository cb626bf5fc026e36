/*
 * fuzz_pdll.c -- libFuzzer target for the PDLL frontend (lexer, parser,
 * sema, lowering to the model) through pdll_load_buffer, then the model's
 * JSON dump.  `.td` includes are only checked to exist (no hook); the scan
 * `check -j` runs for them (pdll_td_includes) runs on the same buffer.
 */
#include "config.h"

#include "tests/fuzz/fuzz_common.h"

#include "analyzer/model.h"
#include "parsers/pdll/pdll.h"

static void count_include(void *ud, const char *path)
{
	(void)path;
	++*(unsigned *)ud;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_run r;

	fuzz_begin(&r);
	struct model *m = model_new(r.arena, r.intern);
	model_set_sources(m, r.sm);
	pdll_load_buffer(m, r.sm, &r.diag, "fuzz-input.pdll", (const char *)data, size, NULL);
	model_dump_json(fuzz_null(), m);
	unsigned n_td = 0;
	pdll_td_includes(r.sm, "fuzz-input.pdll", NULL, count_include, &n_td);
	fuzz_end(&r);
	return 0;
}
