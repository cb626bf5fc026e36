/*
 * driver.c -- frontend dispatch and the `check` subcommand.
 */
#include "config.h"
#include "driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/compdb.h"
#include "analyzer/inputs.h"
#include "analyzer/intern.h"
#include "analyzer/model.h"
#include "analyzer/outfile.h"
#include "analyzer/verify.h"
#include "analyzer/parallel.h"
#include "parsers/drr.h"
#include "parsers/ods.h"
#include "parsers/pdll/pdll.h"
#include "parsers/tablegen/tg.h"
#include "parsers/tg_access.h"
#include "reports/report.h"
#include "rules/findings.h"
#include "rules/rule.h"

/* A .td input: evaluate it, then import its ops and every DRR pattern it
 * defines or includes (each pattern once per run, however many inputs
 * include its file). */
void pl_tg_options_for(const struct pl_run *r, const char *path, struct tg_options *out)
{
	*out = r->tg;
	out->include_dirs = pl_compdb_dirs(r->db, path, &out->n_include);
	if (!out->include_dirs) {
		out->include_dirs = r->tg.include_dirs;
		out->n_include = r->tg.n_include;
	}
}

/* Import the ops and patterns of a .td input evaluated to recs (rc:
 * what the evaluation returned). */
static int import_td(struct pl_run *r, struct model *m, struct tg_records *recs, int rc)
{
	if (rc < 0)
		return rc;
	if (ods_import_input(m, recs, &r->diag) < 0)
		rc = -1;
	if (drr_import(m, recs, 0, &r->diag) < 0)
		rc = -1;
	tga_detach();
	return rc;
}

/* Diagnostics of an import that runs while its input is evaluated: held
 * until the evaluation's own are replayed (a sequential run reports those
 * first), then passed on to the run's context, where ops filled in later
 * (model_op_defer) report through this one. */
struct import_diags {
	struct pl_diag_ctx ctx;            /* the importers report here */
	struct pl_vec held;                /* struct pl_diag *, in order */
	struct pl_diag_ctx *run;           /* where they go once committed, or NULL */
};

static void import_diag_emit(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	struct import_diags *h = ud;

	(void)ctx;
	if (h->run)
		pl_diag_end(h->run, (struct pl_diag *)d);
	else
		pl_vec_push(&h->held, (void *)d);
}

/* Defs a streamed import waits for at least, unless the evaluation ends:
 * a wake-up of the importing thread can come a millisecond late here. */
#define STREAM_BATCH 256

/* Import .td input idx while a worker still evaluates it (stream st of
 * pl_prefetch_stream; m is empty): the defs in batches as they come, ODS
 * then DRR over each.  A def names only defs before it, so a batch's ops
 * are registered before the patterns that use them, and the model comes
 * out as when the input is imported whole.  What the evaluation ends with
 * is imported once its records are taken.  When the evaluation failed,
 * the stream broke or a name the importers looked up in vain was defined
 * after all, the model is emptied again and the finished records are
 * imported as without a stream. */
static int load_td_streamed(struct pl_run *r, struct model *m, struct pl_prefetch *pf,
                            size_t idx, struct tg_stream *st)
{
	struct import_diags *h = PL_NEW(r->arena, struct import_diags);
	struct ods_import *oi = NULL;
	struct drr_import *di = NULL;
	const struct tg_rec *const *defs;
	unsigned have = 0, n;
	bool ended = false;

	pl_diag_ctx_init(&h->ctx, r->sm, r->arena);
	h->ctx.sink.emit = import_diag_emit;
	h->ctx.sink.ud = h;
	h->ctx.max_errors = 0; /* the run's context applies the cap */
	while (!tg_stream_broken(st)) {
		n = tg_stream_wait(st, have, STREAM_BATCH, &defs, &ended);
		if (ended)
			break; /* the rest once the records are the importer's */
		if (!oi) {
			const struct tg_records *recs = tg_stream_records(st);
			oi = ods_import_begin(m, recs, &h->ctx, tg_stream_root_file(st));
			di = drr_import_begin(m, recs, 0, &h->ctx);
		}
		ods_import_defs(oi, defs, have, n);
		drr_import_defs(di, defs, have, n);
		have = n;
	}

	struct tg_records *recs = NULL;
	int rc = pl_prefetch_take(pf, idx, &recs); /* its own diagnostics first */
	if (oi && (rc < 0 || tg_stream_broken(st) || !tg_stream_lookups_hold(st, recs))) {
		ods_import_end(oi);
		drr_import_end(di);
		pl_vec_free(&h->held);
		model_reset(m);
		tga_detach();
		return import_td(r, m, recs, rc);
	}
	if (!oi) /* nothing came before the end */
		return import_td(r, m, recs, rc);
	defs = tg_defs(recs, &n);
	ods_import_defs(oi, defs, have, n);
	drr_import_defs(di, defs, have, n);
	if (ods_import_end(oi) < 0)
		rc = -1;
	if (drr_import_end(di) < 0)
		rc = -1;
	for (size_t i = 0; i < h->held.len; i++)
		pl_diag_end(&r->diag, h->held.items[i]);
	pl_vec_free(&h->held);
	h->run = &r->diag;
	tga_detach();
	return rc;
}

/* The .td inputs, and the .td files .pdll inputs included, that
 * evaluated without a diagnostic, by path and options: a .pdll input that
 * includes one under the same options, or under options its includes find
 * the same files under (tg_records_same_under: a project's files each with
 * folders of their own), imports the same records.  (Evaluated again, the
 * file's own defs would be new records of the same ops and constraints,
 * which the model has by name already; MLIR's test PDLL files include
 * TestOps.td, and three of the corpus's TosaOps.td.)  A file with
 * diagnostics is evaluated again, so that each include reports them; so
 * is every file with --no-include-cache. */
struct td_loaded {
	const char *path;                  /* interned */
	struct tg_options opts;            /* the including input's */
	struct tg_records *recs;
};

struct td_memo {
	struct td_loaded *v;
	size_t n, cap;
	bool off;                          /* --no-include-cache */
};

static void memo_add(struct td_memo *mm, const char *path, const struct tg_options *to,
                     struct tg_records *recs)
{
	if (mm->off)
		return;
	if (mm->n == mm->cap) {
		mm->cap = mm->cap ? mm->cap * 2 : 8;
		mm->v = pl_xrealloc(mm->v, mm->cap * sizeof(*mm->v));
	}
	mm->v[mm->n++] = (struct td_loaded){path, *to, recs};
}

/* The records of path under to, or NULL.  same: also those of path under
 * other options that make the same records (then noted under to). */
static struct tg_records *memo_find(const struct pl_run *r, struct td_memo *mm, const char *path,
                                    const struct tg_options *to, bool same)
{
	for (size_t i = 0; !mm->off && i < mm->n; i++)
		if (mm->v[i].path == path && tg_options_same(&mm->v[i].opts, to))
			return mm->v[i].recs;
	for (size_t i = 0; same && !mm->off && i < mm->n; i++) {
		struct tg_records *recs = mm->v[i].recs;
		if (mm->v[i].path == path &&
		    tg_records_same_under(recs, r->sm, r->intern, &mm->v[i].opts, to)) {
			memo_add(mm, path, to, recs);
			return recs;
		}
	}
	return NULL;
}

static int load_td(struct pl_run *r, struct model *m, const char *path,
                   struct pl_prefetch *pf, size_t idx, struct td_memo *memo)
{
	struct tg_records *recs = NULL;
	struct tg_stream *st = pl_prefetch_stream(pf, idx);
	struct tg_options to;
	unsigned before = pl_diag_total(&r->diag);
	int rc;

	if (st && model_is_empty(m))
		return load_td_streamed(r, m, pf, idx, st);
	pl_tg_options_for(r, path, &to);
	if (pf)
		rc = pl_prefetch_take(pf, idx, &recs); /* evaluated with its options */
	else
		rc = tg_load_cached(&recs, r->tgc, r->arena, r->intern, r->sm, &r->diag, path, &to);
	/* a .pdll input may include the file too */
	if (rc >= 0 && pl_diag_total(&r->diag) == before)
		memo_add(memo, pl_intern(r->intern, path), &to, recs);
	return import_td(r, m, recs, rc);
}

/* Diagnostics held back while a .td file included by a .pdll file is
 * evaluated, so that its errors can be reported at the #include. */
struct held_diags {
	struct pl_vec diags;               /* const struct pl_diag *, in order */
};

static void hold_emit(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	(void)ctx;
	pl_vec_push(&((struct held_diags *)ud)->diags, (void *)d);
}

/* Report the held diagnostics as mlir-pdll does: one error at the include,
 * "error while processing include file `X`: <first error>", with every
 * TableGen diagnostic kept as a note at its own location. */
static void report_held(struct pl_run *r, struct held_diags *h, struct pl_span where,
                        const char *path)
{
	const struct pl_diag *first = NULL;

	for (size_t i = 0; i < h->diags.len && !first; i++) {
		const struct pl_diag *d = h->diags.items[i];
		if (d->sev == PL_SEV_ERROR)
			first = d;
	}
	for (size_t i = 0; i < h->diags.len; i++)
		r->diag.count[((const struct pl_diag *)h->diags.items[i])->sev]--;
	if (!first) {
		for (size_t i = 0; i < h->diags.len; i++)
			pl_diag_end(&r->diag, h->diags.items[i]);
		return;
	}
	struct pl_diag *e = pl_diag_begin(&r->diag, PL_SEV_ERROR, NULL, where,
	                                  "error while processing include file `%s`: %s", path,
	                                  first->msg);
	for (size_t i = 0; i < h->diags.len; i++) {
		const struct pl_diag *d = h->diags.items[i];
		pl_diag_note(&r->diag, e, d->span, "%s%s", d->sev == PL_SEV_NOTE ? "" :
		             d->sev == PL_SEV_WARNING ? "warning: " : "error: ", d->msg);
		for (const struct pl_note *n = d->notes; n; n = n->next)
			pl_diag_note(&r->diag, e, n->span, "%s", n->msg);
	}
	pl_diag_end(&r->diag, e);
}

/* The PDLL frontend's hook for `#include "x.td"`: import the ops into the
 * registry and declare the ODS constraint defs PDLL can name, as
 * mlir-pdll does (Attr, Type and OpInterface defs). */
static int pdll_import_td(void *ud, const char *path, struct pl_span where,
                          struct pdll_td_import *imp)
{
	struct pl_run *r = ((void **)ud)[0];
	struct model *m = ((void **)ud)[1];
	struct pl_prefetch *pf = ((void **)ud)[2];
	const struct tg_options *to = ((void **)ud)[3]; /* the .pdll input's */
	struct td_memo *memo = ((void **)ud)[4];
	const char *ipath = pl_intern(r->intern, path);
	struct tg_records *recs = memo_find(r, memo, ipath, to, false);
	size_t slot = 0; /* set by pl_prefetch_find where used */
	/* with -j, evaluated ahead by a worker (parallel.h): taken as it is */
	bool ahead = !recs && pl_prefetch_find(pf, path, to, &slot);
	static const struct {
		const char *cls;
		enum pdll_td_constraint_kind kind;
	} kinds[] = {
		{"Attr", PDLL_TD_ATTR}, {"Type", PDLL_TD_TYPE}, {"OpInterface", PDLL_TD_OP},
	};

	if (!recs && !ahead)
		recs = memo_find(r, memo, ipath, to, true);
	if (!recs) {
		struct held_diags held = {{0}};
		struct pl_diag_sink saved = r->diag.sink;
		r->diag.sink.emit = hold_emit;
		r->diag.sink.ud = &held;
		int loaded = ahead ? pl_prefetch_take(pf, slot, &recs)
		             : tg_load_cached(&recs, r->tgc, r->arena, r->intern, r->sm, &r->diag,
		                              path, to);
		r->diag.sink = saved;
		if (loaded >= 0 && held.diags.len == 0)
			memo_add(memo, ipath, to, recs);
		report_held(r, &held, where, path);
		pl_vec_free(&held.diags);
		if (loaded < 0)
			return -1;
	}
	int rc = ods_import(m, recs, &r->diag) < 0 ? -1 : 0;
	tga_detach();
	for (unsigned i = 0, n = tg_def_count(recs); i < n; i++) {
		const struct tg_rec *rec = tg_def_at(recs, i);
		/* the module's ops, as this file defines them (the import noted
		 * each Op def's name, now or for an earlier input sharing it) */
		struct model_op *op = ods_def_op(m, recs, rec, r->sm);
		if (op) {
			pdll_td_define_op(imp, op->name, op);
			continue;
		}
		if (tg_rec_anonymous(rec))
			continue;
		for (size_t k = 0; k < PL_ARRAY_LEN(kinds); k++) {
			if (tg_rec_isa(rec, kinds[k].cls)) {
				pdll_td_define_constraint(imp, tg_rec_name(rec), kinds[k].kind, NULL,
				                          tg_rec_span(rec));
				break;
			}
		}
	}
	return rc;
}

void pl_pdll_options(const struct pl_run *r, const struct tg_options *to, struct pdll_options *po)
{
	memset(po, 0, sizeof(*po));
	po->include_dirs = to->include_dirs;
	po->n_include_dirs = to->n_include;
	po->allow_include_outside = r->tg.allow_include_outside;
	po->split_input = r->opt && r->opt->split_input;
}

static int load_pdll(struct pl_run *r, struct model *m, const char *path,
                     struct pl_prefetch *pf, struct td_memo *memo)
{
	struct pdll_options po;
	struct tg_options to;
	void *ud[5] = {r, m, pf, &to, memo};

	pl_tg_options_for(r, path, &to);
	pl_pdll_options(r, &to, &po);
	po.import_td = pdll_import_td;
	po.import_td_ud = ud;
	return pdll_load(m, r->sm, &r->diag, path, &po);
}

int pl_collect_inputs(const struct pl_run *r, struct pl_vec *files)
{
	if (r->opt->inputs.len || !pl_compdb_count(r->db))
		return pl_inputs_collect(pl_source_fs(r->sm), files,
		                         (const char *const *)r->opt->inputs.items, r->opt->inputs.len);
	struct pl_vec listed = {0};
	for (size_t i = 0; i < pl_compdb_count(r->db); i++) {
		const char *f = pl_compdb_file(r->db, i);
		if (pl_input_kind(f) == PL_INPUT_TD || pl_input_kind(f) == PL_INPUT_PDLL)
			pl_vec_push(&listed, (void *)f);
	}
	int rc = 0;
	if (listed.len) /* none: nothing to check, not the current directory */
		rc = pl_inputs_collect(pl_source_fs(r->sm), files, (const char *const *)listed.items,
		                       listed.len);
	else
		memset(files, 0, sizeof(*files));
	pl_vec_free(&listed);
	return rc;
}

bool pl_include_cache_off(const struct pl_run *r)
{
	return r->opt && r->opt->no_include_cache;
}

/* The folder include caches keep images in, or NULL. */
static const char *image_dir(const struct pl_run *r)
{
	const char *dir = NULL;

	if (pl_include_cache_off(r))
		return NULL;
	if (r->opt && (r->opt->cmd == PL_CMD_CHECK || r->opt->cmd == PL_CMD_DUMP)) {
		dir = r->opt->cache_dir;
		if (!dir)
			dir = getenv("PATLINT_CACHE_DIR");
	}
	return dir && *dir ? dir : NULL;
}

bool pl_include_images_on(const struct pl_run *r)
{
	return image_dir(r) != NULL;
}

struct tg_cache *pl_include_cache_new(const struct pl_run *r)
{
	if (pl_include_cache_off(r))
		return NULL;
	struct tg_cache *c = tg_cache_new();
	const char *dir = image_dir(r);
	if (dir)
		tg_cache_set_dir(c, dir);
	return c;
}

/* Threads of `check -j N` (default: the number of cores); 1 otherwise. */
static unsigned run_jobs(const struct pl_run *r)
{
	return r->opt && r->opt->cmd == PL_CMD_CHECK
	       ? (r->opt->jobs ? r->opt->jobs : pl_jobs_default()) : 1;
}

int pl_load_inputs(struct pl_run *r, struct model *m, const char *const *files, size_t n)
{
	int rc = 0;
	/* -j N: worker threads evaluate the .td inputs and the .td files the
	 * .pdll inputs include ahead of this loop, which imports them in input
	 * order as without -j (parallel.h). */
	struct pl_prefetch *pf = pl_prefetch_start(r, files, n, run_jobs(r));
	struct td_memo memo = {.off = pl_include_cache_off(r)};
	/* Inputs share what they include: evaluate each included file once
	 * (records of several inputs then share objects in r->arena). */
	r->tgc = pl_include_cache_new(r);

	for (size_t i = 0; i < n; i++) {
		int one;
		switch (pl_input_kind(files[i])) {
		case PL_INPUT_TD:
			/* nothing loads through the cache after the last input */
			tg_cache_set_last(r->tgc, i + 1 == n);
			one = load_td(r, m, files[i], pf, i, &memo);
			break;
		case PL_INPUT_PDLL:
			one = load_pdll(r, m, files[i], pf, &memo);
			break;
		default:
			fprintf(stderr, "patlint: %s: not a .td or .pdll file\n", files[i]);
			one = -1;
			break;
		}
		if (one < 0)
			rc = -1;
	}
	free(memo.v);
	pl_prefetch_free(pf);
	tg_cache_free(r->tgc);
	r->tgc = NULL;
	return rc;
}

int pl_cmd_check(struct pl_run *r)
{
	struct rule_config cfg;
	struct report_options ro;
	struct pl_vec files;

	if (rule_config_from_cli(&cfg, r->opt, r->sm, stderr) < 0 ||
	    report_options_from_cli(&ro, r->opt, stderr) < 0)
		return PL_EXIT_USAGE;
	if (r->opt->list_rules) {
		rule_list(stdout, &cfg);
		return PL_EXIT_CLEAN;
	}
	/* an output that is a file the run is about to read is refused
	 * before the run, not after it (and after the baseline is written) */
	if (pl_collect_inputs(r, &files) < 0 ||
	    pl_out_check_reads(r->opt->output, (const char *const *)files.items, files.len, r->sm,
	                       r->opt->baseline) < 0 ||
	    pl_out_check_reads(r->opt->write_baseline, (const char *const *)files.items, files.len,
	                       r->sm, NULL) < 0) {
		pl_inputs_free(&files);
		return PL_EXIT_USAGE;
	}
	/* Findings (and input errors) are collected, sorted and reported
	 * together, so the diagnostics go to the collector, not to stderr. */
	struct findings *fs = findings_new(r->arena, r->sm, &cfg, NULL);
	findings_install(fs, &r->diag);
	r->diag.max_errors = 0;

	struct model *m = model_new(r->arena, r->intern);
	model_set_sources(m, r->sm);
	model_set_jobs(m, run_jobs(r)); /* the overlap pairs (analyzer/overlap.h) */
	pl_load_inputs(r, m, (const char *const *)files.items, files.len);
	rules_run_all(m, &r->diag, &cfg);
	if (r->opt->verify)
		verify_findings(r, m, fs, r->opt->fixtures);
	int status = report_run(fs, &cfg, &ro);
	pl_inputs_free(&files);
	return status;
}
