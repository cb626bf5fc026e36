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
#include <stdlib.h>
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
 * while the calling thread runs the other rules (the recursion analysis,
 * which fills ops in, among them), and the calling thread joins in once
 * it is done.  A reading rule whose items are independent (check_part)
 * is split into parts of its items that either thread claims in turn:
 * run whole, the rule one thread took last left the other idle (on the
 * corpus in one run at -j 2, the two threads ended the phase 3.4 ms apart
 * on average over 20 runs, up to 8.9; in parts, 0.8).  Each part reports
 * into a context of its own; the findings go to the run's context in
 * table order, a rule's parts in order, once all are done, as if the
 * rules had run one after another.  Ops filled in meanwhile report into
 * the run's context at once, as they do when the overlap pairs are
 * decided on threads (the report sorts). */

/* When no reading rule's prepare reports this much work (the overlap
 * table's pairs), the rules run on one thread: a thread and its arenas
 * cost more than the reading rules' milliseconds on a 1,000-pattern set
 * (its 2,000 pairs; the corpus has 29,000). */
enum { SIDE_WORK_MIN = 8192 };

/* A reading rule's items per part, and its parts at most (each costs a
 * context and a claim). */
enum { PART_ITEMS = 512, PARTS_MAX = 64 };

struct rule_run {
	const struct rule *rule;
	bool reads_only;
	size_t items;                  /* a reading rule's: what prepare counted */
};

/* A rule, or a part of a reading rule's items, and what it reported. */
struct rule_part {
	const struct rule *rule;
	bool reads_only;               /* a reading rule's */
	bool whole;                    /* check, not check_part on [lo, hi) */
	size_t lo, hi;
	struct pl_diag_ctx rec;        /* records what the part reports */
	struct pl_vec got;             /* struct pl_diag *, in order */
};

struct rules_side {
	struct model *m;
	struct pl_diag_ctx *diag;      /* the run's */
	const struct rule_config *cfg;
	struct rule_part *parts;       /* in table order, a rule's parts in order */
	unsigned n;
	unsigned *reading;             /* the indexes of the reading rules' parts */
	unsigned n_reading;
	_Atomic unsigned next;         /* the next of reading to claim */
	struct pl_arena *helper_arena; /* the helper thread's parts record here */
};

static void record_emit(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	(void)ctx;
	pl_vec_push(&((struct rule_part *)ud)->got, (void *)d);
}

/* Run part p, recording into arena (the running thread's). */
static void run_part(struct rules_side *s, struct rule_part *p, struct pl_arena *arena)
{
	pl_diag_ctx_init(&p->rec, s->diag->sm, arena);
	p->rec.sink.emit = record_emit;
	p->rec.sink.ud = p;
	p->rec.max_errors = 0; /* the run's context applies the cap */
	struct rule_ctx ctx = {p->rule, s->m, &p->rec, s->cfg};
	if (p->whole)
		p->rule->check(&ctx);
	else
		p->rule->check_part(&ctx, p->lo, p->hi);
}

/* Run the reading parts not claimed yet, recording into arena. */
static void run_reading_in(struct rules_side *s, struct pl_arena *arena)
{
	for (unsigned i; (i = atomic_fetch_add(&s->next, 1)) < s->n_reading;)
		run_part(s, &s->parts[s->reading[i]], arena);
}

/* The helper thread. */
static int run_reading(void *arg)
{
	struct rules_side *s = arg;

	run_reading_in(s, s->helper_arena);
	return 0;
}

/* The parts of the enabled rules runs[0..n) into s->parts (see above). */
static void split_parts(struct rules_side *s, const struct rule_run *runs, unsigned n)
{
	unsigned cap = 0;

	for (unsigned i = 0; i < n; i++)
		cap += runs[i].reads_only && runs[i].rule->check_part ? PARTS_MAX : 1;
	s->parts = pl_xcalloc(cap, sizeof(*s->parts));
	s->reading = pl_xcalloc(cap, sizeof(*s->reading));
	for (unsigned i = 0; i < n; i++) {
		const struct rule_run *rr = &runs[i];
		size_t k = 1;
		if (rr->reads_only && rr->rule->check_part && pl_threads_worth(rr->items, 2 * PART_ITEMS)) {
			k = rr->items / PART_ITEMS;
			k = k < 2 ? 2 : k > PARTS_MAX ? PARTS_MAX : k;
		}
		for (size_t j = 0; j < k; j++) {
			struct rule_part *p = &s->parts[s->n];
			p->rule = rr->rule;
			p->reads_only = rr->reads_only;
			p->whole = k == 1;
			p->lo = rr->items * j / k;
			p->hi = rr->items * (j + 1) / k;
			if (rr->reads_only)
				s->reading[s->n_reading++] = s->n;
			s->n++;
		}
	}
}

/* The enabled rules runs[0..n) side by side (see above). */
static void run_side_by_side(struct model *m, struct pl_diag_ctx *diag,
                             const struct rule_config *cfg, const struct rule_run *runs,
                             unsigned n)
{
	struct rules_side s = {.m = m, .diag = diag, .cfg = cfg};
	struct pl_arena *own = pl_arena_new();
	thrd_t id;

	split_parts(&s, runs, n);
	s.helper_arena = pl_arena_new();
	atomic_init(&s.next, 0);
	bool helper = pl_thrd_spawn(&id, run_reading, &s) == thrd_success;
	for (unsigned i = 0; i < s.n; i++)
		if (!s.parts[i].reads_only)
			run_part(&s, &s.parts[i], own);
	run_reading_in(&s, own);
	if (helper)
		thrd_join(id, NULL);
	for (unsigned i = 0; i < s.n; i++) {
		for (size_t k = 0; k < s.parts[i].got.len; k++)
			pl_diag_end(diag, s.parts[i].got.items[k]);
		pl_vec_free(&s.parts[i].got);
	}
	pl_arena_adopt(diag->arena, own);
	pl_arena_adopt(diag->arena, s.helper_arena);
	free(s.parts);
	free(s.reading);
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
				runs[i].items = w;
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
