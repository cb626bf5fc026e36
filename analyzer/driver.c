/*
 * driver.c -- frontend dispatch and the `check` subcommand.
 */
#include "config.h"
#include "driver.h"

#include <stdio.h>
#include <string.h>

#include "analyzer/inputs.h"
#include "analyzer/model.h"
#include "parsers/pdll/pdll.h"
#include "reports/report.h"
#include "rules/findings.h"
#include "rules/rule.h"

static int load_td(struct pl_run *r, struct model *m, const char *path)
{
	struct tg_records *recs = NULL;

	(void)m;
	return tg_load(&recs, r->arena, r->intern, r->sm, &r->diag, path, &r->tg);
}

static int load_pdll(struct pl_run *r, struct model *m, const char *path)
{
	struct pdll_options po;

	memset(&po, 0, sizeof(po));
	po.include_dirs = r->tg.include_dirs;
	po.n_include_dirs = r->tg.n_include;
	return pdll_load(m, r->sm, &r->diag, path, &po);
}

int pl_load_inputs(struct pl_run *r, struct model *m, const char *const *files, size_t n)
{
	int rc = 0;

	for (size_t i = 0; i < n; i++) {
		int one;
		switch (pl_input_kind(files[i])) {
		case PL_INPUT_TD:
			one = load_td(r, m, files[i]);
			break;
		case PL_INPUT_PDLL:
			one = load_pdll(r, m, files[i]);
			break;
		default:
			fprintf(stderr, "patlint: %s: not a .td or .pdll file\n", files[i]);
			one = -1;
			break;
		}
		if (one < 0)
			rc = -1;
	}
	return rc;
}

int pl_cmd_check(struct pl_run *r)
{
	struct rule_config cfg;
	struct report_options ro;
	struct pl_vec files;

	if (rule_config_from_cli(&cfg, r->opt, stderr) < 0 ||
	    report_options_from_cli(&ro, r->opt, stderr) < 0)
		return PL_EXIT_USAGE;
	if (r->opt->list_rules) {
		rule_list(stdout, &cfg);
		return PL_EXIT_CLEAN;
	}
	if (pl_inputs_collect(&files, (const char *const *)r->opt->inputs.items, r->opt->inputs.len) < 0) {
		pl_inputs_free(&files);
		return PL_EXIT_USAGE;
	}
	/* Findings (and input errors) are collected, sorted and reported
	 * together, so the diagnostics go to the collector, not to stderr. */
	struct findings *fs = findings_new(r->arena, r->sm, &cfg, NULL);
	findings_install(fs, &r->diag);
	r->diag.max_errors = 0;

	struct model *m = model_new(r->arena, r->intern);
	pl_load_inputs(r, m, (const char *const *)files.items, files.len);
	rules_run_all(m, &r->diag, &cfg);
	int status = report_run(fs, &cfg, &ro);
	pl_inputs_free(&files);
	return status;
}
