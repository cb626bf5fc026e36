/*
 * fuzz_check.c -- libFuzzer target for the whole `patlint check` pipeline
 * on one input: frontend (TableGen+ODS+DRR, or PDLL), every rule, the
 * findings collector (suppression comments, sorting, fingerprints) and a
 * report writer.  The first byte chooses: bit 0 the language (.td or
 * .pdll), bits 1-2 the report format (text, JSON, SARIF).
 */
#include "config.h"

#include "tests/fuzz/fuzz_common.h"

#include "analyzer/model.h"
#include "parsers/drr.h"
#include "parsers/ods.h"
#include "parsers/pdll/pdll.h"
#include "parsers/tablegen/tg.h"
#include "parsers/tg_access.h"
#include "reports/report.h"
#include "rules/findings.h"
#include "rules/rule.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_run r;
	struct rule_config cfg;
	struct report_ctx rc;

	if (size == 0)
		return 0;
	bool pdll = data[0] & 1;
	enum report_kind kind = (enum report_kind)((data[0] >> 1) % REPORT_COUNT);
	data++;
	size--;

	fuzz_begin(&r);
	rule_config_init(&cfg);
	struct findings *fs = findings_new(r.arena, r.sm, &cfg, "/");
	findings_install(fs, &r.diag);
	struct model *m = model_new(r.arena, r.intern);
	model_set_sources(m, r.sm);
	if (pdll) {
		pdll_load_buffer(m, r.sm, &r.diag, "fuzz-input.pdll", (const char *)data, size, NULL);
	} else {
		struct tg_records *recs = NULL;
		if (tg_load_buffer(&recs, r.arena, r.intern, r.sm, &r.diag, "fuzz-input.td",
		                   (const char *)data, size, NULL) == 0 && recs) {
			ods_import_input(m, recs, &r.diag);   /* as `check` does: ODS rules too */
			drr_import(m, recs, 0, &r.diag);
			tga_detach();
		}
	}
	rules_run_all(m, &r.diag, &cfg);
	findings_scan_all(fs);
	findings_finish(fs);
	memset(&rc, 0, sizeof(rc));
	rc.f = fuzz_null();
	rc.fs = fs;
	rc.cfg = &cfg;
	rc.tool_version = "fuzz";
	report_write(&rc, kind);
	fuzz_end(&r);
	return 0;
}
