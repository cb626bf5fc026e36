/*
 * fuzz_tablegen.c -- libFuzzer target for the TableGen frontend: lexer
 * (preprocessor included), parser and record evaluator, through
 * tg_load_buffer, then the --dump-json printer and the ODS/DRR importers
 * on whatever was evaluated.  Includes resolve against the working
 * directory only, so an input cannot read outside it (include
 * confinement), and `-D FUZZ` is defined so #ifdef paths are reachable.
 */
#include "config.h"

#include "tests/fuzz/fuzz_common.h"

#include "analyzer/model.h"
#include "parsers/drr.h"
#include "parsers/ods.h"
#include "parsers/tablegen/tg.h"
#include "parsers/tg_access.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const defines[] = {"FUZZ"};
	struct tg_options opts = {0};
	struct tg_records *recs = NULL;
	struct fuzz_run r;

	opts.defines = defines;
	opts.n_define = 1;
	fuzz_begin(&r);
	if (tg_load_buffer(&recs, r.arena, r.intern, r.sm, &r.diag, "fuzz-input.td",
	                   (const char *)data, size, &opts) == 0 && recs) {
		struct model *m = model_new(r.arena, r.intern);
		model_set_sources(m, r.sm);
		tg_dump_json(fuzz_null(), recs);
		ods_import(m, recs, &r.diag);
		drr_import(m, recs, 0, &r.diag);
		tga_detach();
		model_dump_json(fuzz_null(), m);
	}
	fuzz_end(&r);
	return 0;
}
