/*
 * registry.c -- the rule table built from rules.def, lookup by id,
 * --list-rules, running the rules over a model, and the report helpers
 * that turn a rule's finding into a pl_diag with the rule id and its
 * effective severity.
 */
#include "config.h"
#include "rules/rule.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/cthreads.h"
#include "analyzer/model.h"
#include "analyzer/parallel.h"

#define RULE(sym) extern const struct rule rule_##sym;
#include "rules/rules.def"
#undef RULE

const struct rule *const rule_table[RULE_COUNT] = {
#define RULE(sym) &rule_##sym,
#include "rules/rules.def"
#undef RULE
};

static const char *const precision_names[] = {"very-high", "high", "medium", "low"};

const char *rule_precision_name(enum rule_precision p)
{
	return (unsigned)p < PL_ARRAY_LEN(precision_names) ? precision_names[p] : "medium";
}

const struct rule *rule_find(const char *id, unsigned *out_index)
{
	if (!id)
		return NULL;
	for (unsigned i = 0; i < RULE_COUNT; i++) {
		/* a rule's findings mostly carry its own id string */
		const char *rid = rule_table[i]->id;
		if (rid == id || (rid[0] == id[0] && strcmp(rid, id) == 0)) {
			if (out_index)
				*out_index = i;
			return rule_table[i];
		}
	}
	return NULL;
}

unsigned rule_index_of(const struct rule *r)
{
	for (unsigned i = 0; i < RULE_COUNT; i++)
		if (rule_table[i] == r)
			return i;
	return RULE_COUNT;
}

enum pl_severity rule_effective_severity(const struct rule *r, const struct rule_config *c)
{
	unsigned i = c ? rule_index_of(r) : RULE_COUNT;

	return i < RULE_COUNT ? c->severity[i] : r->severity;
}

void rule_list(FILE *f, const struct rule_config *c)
{
	for (unsigned i = 0; i < RULE_COUNT; i++) {
		const struct rule *r = rule_table[i];
		bool on = c ? c->enabled[i] : !(r->flags & RULE_OFF_BY_DEFAULT);
		enum pl_severity sev = c ? c->severity[i] : r->severity;
		const char *state = !on ? "disabled"
		                  : (r->flags & RULE_NOT_IMPLEMENTED) ? "not-implemented" : "enabled";

		fprintf(f, "%-28s %-7s %-15s %s%s\n", r->id, pl_severity_name(sev), state, r->summary,
		        (r->flags & RULE_NEEDS_ENGINE) ? " (uses the engine)" : "");
	}
}

/* ---- running rules side by side ------------------------------------------
 *
 * The reading rules (RULE_READS_ONLY: overlapping-matchers and
 * benefit-conflict, which word the overlap pairs) take a third of the
 * rules' time after the pairs are decided on a corpus run; with -j, when
 * they have enough to read (SIDE_WORK_MIN), they run on another thread
 * while the calling thread runs the other rules (the
 * recursion analysis, which fills ops in, among them), and either thread
 * takes a reading rule left when it is done.  Each rule reports into a
 * context of its own; the findings go to the run's context in table order
 * once all are done, as if the rules had run one after another.  Ops
 * filled in meanwhile report into the run's context at once, as they do
 * when the overlap pairs are decided on threads (the report sorts). */

/* When no reading rule's prepare reports this much work (the overlap
 * table's pairs), the rules run on one thread: a thread and an arena per
 * rule cost more than the reading rules' milliseconds on a 1,000-pattern
 * set (its 2,000 pairs; the corpus has 29,000). */
enum { SIDE_WORK_MIN = 8192 };

struct rule_run {
	const struct rule *rule;
	bool reads_only;
	struct pl_diag_ctx rec;        /* records what the rule reports */
	struct pl_vec got;             /* struct pl_diag *, in order */
};

struct rules_side {
	struct model *m;
	const struct rule_config *cfg;
	struct rule_run *runs;         /* the enabled rules, in table order */
	unsigned n;
	_Atomic unsigned next_ro;      /* the next reading rule to claim */
};

static void record_emit(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	(void)ctx;
	pl_vec_push(&((struct rule_run *)ud)->got, (void *)d);
}

static void run_recorded(struct rules_side *s, struct rule_run *rr)
{
	struct rule_ctx ctx = {rr->rule, s->m, &rr->rec, s->cfg};

	rr->rule->check(&ctx);
}

/* Run the reading rules not claimed yet. */
static int run_reading(void *arg)
{
	struct rules_side *s = arg;

	for (;;) {
		unsigned i = atomic_fetch_add(&s->next_ro, 1);
		while (i < s->n && !s->runs[i].reads_only)
			i = atomic_fetch_add(&s->next_ro, 1);
		if (i >= s->n)
			return 0;
		run_recorded(s, &s->runs[i]);
	}
}

/* The enabled rules runs[0..n) side by side (see above). */
static void run_side_by_side(struct model *m, struct pl_diag_ctx *diag,
                             const struct rule_config *cfg, struct rule_run *runs, unsigned n)
{
	struct rules_side s = {.m = m, .cfg = cfg, .runs = runs, .n = n};
	thrd_t id;

	for (unsigned i = 0; i < n; i++) {
		/* an arena per rule: rules on two threads allocate at once */
		pl_diag_ctx_init(&runs[i].rec, diag->sm, pl_arena_new());
		runs[i].rec.sink.emit = record_emit;
		runs[i].rec.sink.ud = &runs[i];
		runs[i].rec.max_errors = 0; /* the run's context applies the cap */
	}
	atomic_init(&s.next_ro, 0);
	bool helper = pl_thrd_spawn(&id, run_reading, &s) == thrd_success;
	for (unsigned i = 0; i < n; i++)
		if (!runs[i].reads_only)
			run_recorded(&s, &runs[i]);
	run_reading(&s);
	if (helper)
		thrd_join(id, NULL);
	for (unsigned i = 0; i < n; i++) {
		for (size_t k = 0; k < runs[i].got.len; k++)
			pl_diag_end(diag, runs[i].got.items[k]);
		pl_vec_free(&runs[i].got);
		pl_arena_adopt(diag->arena, runs[i].rec.arena);
	}
}

unsigned rules_run_all(struct model *m, struct pl_diag_ctx *diag, const struct rule_config *cfg)
{
	struct rule_config defaults;
	struct rule_run runs[RULE_COUNT];
	unsigned ran = 0, reading = 0;

	if (!cfg) {
		rule_config_init(&defaults);
		cfg = &defaults;
	}
	for (unsigned i = 0; i < RULE_COUNT; i++) {
		const struct rule *r = rule_table[i];
		if (!cfg->enabled[i] || !r->check)
			continue;
		runs[ran] = (struct rule_run){.rule = r, .reads_only = (r->flags & RULE_READS_ONLY) != 0};
		reading += runs[ran++].reads_only;
	}
	if (model_jobs(m) > 1 && reading && ran > 1) {
		/* the reading rules' prepares first, which say how much they
		 * will read */
		size_t work = 0;
		for (unsigned i = 0; i < ran; i++)
			if (runs[i].reads_only && runs[i].rule->prepare) {
				size_t w = runs[i].rule->prepare(m);
				work = w > work ? w : work;
			}
		if (pl_threads_worth(work, SIDE_WORK_MIN)) {
			run_side_by_side(m, diag, cfg, runs, ran);
			return ran;
		}
	}
	for (unsigned i = 0; i < ran; i++) {
		struct rule_ctx ctx = {runs[i].rule, m, diag, cfg};
		runs[i].rule->check(&ctx);
	}
	return ran;
}

/* ---- report helpers --------------------------------------------------- */

static struct pl_diag *vbegin(struct rule_ctx *ctx, struct pl_span span, const char *fmt, va_list ap)
{
	return pl_diag_vbegin(ctx->diag, rule_effective_severity(ctx->rule, ctx->cfg), ctx->rule->id,
	                      span, fmt, ap);
}

void rule_report(struct rule_ctx *ctx, struct pl_span span, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	struct pl_diag *d = vbegin(ctx, span, fmt, ap);
	va_end(ap);
	rule_report_end(ctx, d);
}

struct pl_diag *rule_report_begin(struct rule_ctx *ctx, struct pl_span span, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	struct pl_diag *d = vbegin(ctx, span, fmt, ap);
	va_end(ap);
	return d;
}

void rule_note(struct rule_ctx *ctx, struct pl_diag *d, struct pl_span span, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pl_diag_vnote(ctx->diag, d, span, fmt, ap);
	va_end(ap);
}

void rule_note_text(struct rule_ctx *ctx, struct pl_diag *d, struct pl_span span, const char *text)
{
	pl_diag_note_text(ctx->diag, d, span, text);
}

void rule_about_name(struct rule_ctx *ctx, struct pl_diag *d, const char *name)
{
	struct rule_finding_info *info = d->extra;
	const char **names;

	if (!info) {
		info = PL_NEW(ctx->diag->arena, struct rule_finding_info);
		d->extra = info;
	}
	/* grow geometrically: a cycle finding can name thousands of patterns */
	if (info->n_patterns >= info->cap_patterns) {
		unsigned cap = info->n_patterns < 2 ? 2 : info->n_patterns * 2; /* most name two */
		names = PL_NEW_ARRAY(ctx->diag->arena, const char *, cap);
		if (info->n_patterns)
			memcpy(names, info->patterns, info->n_patterns * sizeof(*names));
		info->patterns = names;
		info->cap_patterns = cap;
	}
	names = (const char **)info->patterns;
	names[info->n_patterns++] = name ? name : "";
}

void rule_about(struct rule_ctx *ctx, struct pl_diag *d, const struct model_pattern *p)
{
	rule_about_name(ctx, d, p ? p->name : NULL);
}

void rule_report_end(struct rule_ctx *ctx, struct pl_diag *d)
{
	pl_diag_end(ctx->diag, d);
}
