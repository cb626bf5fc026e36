/*
 * parallel.c -- evaluate .td inputs on worker threads for `check -j N`
 * (see parallel.h for the design and why output does not depend on N).
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "parallel.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <unistd.h>

#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/driver.h"
#include "analyzer/inputs.h"
#include "analyzer/intern.h"
#include "analyzer/util.h"
#include "parsers/pdll/pdll.h"
#include "parsers/tablegen/tg.h"

/* One .td file as a worker leaves it for the importer: a .td input, or
 * a .td file a .pdll input includes. */
struct slot {
	const char *path;            /* the file to evaluate, or NULL (not a job) */
	char *owned;                 /* path when it is a .pdll input's include */
	struct pl_arena *arena;      /* records and recorded diagnostics */
	struct pl_diag_ctx diag;     /* records while evaluating, forwards once taken */
	struct pl_vec recorded;      /* struct pl_diag *, in emission order */
	struct tg_records *recs;     /* tg_load's *out */
	int rc;                      /* tg_load's result */
	bool done;                   /* evaluated (guarded by pf->lock) */
	bool taken;                  /* replayed: diagnostics now go straight to the run */
	struct pl_prefetch *pf;      /* back pointer for the sink */
};

struct pl_prefetch {
	struct pl_run *r;            /* the run: shared sm, intern, options */
	size_t n;                    /* inputs: slots[0..n) are theirs (used for .td inputs) */
	size_t n_slots;              /* then the .td includes of .pdll inputs, in input order */
	size_t cap_slots;
	struct slot *slots;
	_Atomic size_t next;         /* next slot a worker claims */
	thrd_t *threads;             /* workers */
	struct pl_intern **views;    /* each worker's view of the run's intern table */
	unsigned n_views;            /* made (one per worker to start) */
	_Atomic unsigned next_view;  /* next view a starting worker takes */
	unsigned n_threads;          /* started */
	bool sync;                   /* lock and cond made, intern table shared */
	mtx_t lock;                  /* guards slot.done */
	cnd_t cond;                  /* signalled when a slot is done */
};

unsigned pl_jobs_default(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

/* The slot's diagnostic sink: record until the importer takes the input,
 * then forward (an importer may still evaluate through the records). */
static void slot_emit(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	struct slot *s = ud;

	(void)ctx;
	if (s->taken)
		pl_diag_end(&s->pf->r->diag, (struct pl_diag *)d);
	else
		pl_vec_push(&s->recorded, (void *)d);
}

static int worker(void *arg)
{
	struct pl_prefetch *pf = arg;
	struct pl_run *r = pf->r;
	/* One view per worker, kept across its inputs: after the first,
	 * most names are in it and the shared table's lock is left alone. */
	struct pl_intern *view = pf->views[atomic_fetch_add(&pf->next_view, 1)];
	/* One include cache per worker: records of its inputs share objects,
	 * which live in their slots' arenas until the run adopts them all. */
	struct tg_cache *cache = pl_include_cache_off(r) ? NULL : tg_cache_new();

	for (;;) {
		size_t i = atomic_fetch_add(&pf->next, 1);
		if (i >= pf->n_slots)
			break;
		struct slot *s = &pf->slots[i];
		if (!s->path)
			continue;
		s->rc = tg_load_cached(&s->recs, cache, s->arena, view, r->sm, &s->diag, s->path, &r->tg);
		mtx_lock(&pf->lock);
		s->done = true;
		cnd_broadcast(&pf->cond);
		mtx_unlock(&pf->lock);
	}
	tg_cache_free(cache);
	return 0;
}

static struct slot *slot_add(struct pl_prefetch *pf)
{
	if (pf->n_slots == pf->cap_slots) {
		pf->cap_slots = pf->cap_slots ? pf->cap_slots * 2 : 16;
		pf->slots = pl_xrealloc(pf->slots, pf->cap_slots * sizeof(*pf->slots));
	}
	struct slot *s = &pf->slots[pf->n_slots++];
	memset(s, 0, sizeof(*s));
	return s;
}

static void add_include(void *ud, const char *path)
{
	struct slot *s = slot_add(ud);
	s->owned = pl_xstrdup(path);
	s->path = s->owned;
}

struct pl_prefetch *pl_prefetch_start(struct pl_run *r, const char *const *files, size_t n,
                                      unsigned jobs)
{
	if (jobs < 2)
		return NULL;
	struct pl_prefetch *pf = pl_xcalloc(1, sizeof(*pf));
	pf->r = r;
	pf->n = n;
	for (size_t i = 0; i < n; i++) {
		struct slot *s = slot_add(pf);
		if (pl_input_kind(files[i]) == PL_INPUT_TD)
			s->path = files[i];
	}
	/* A .pdll input's .td includes are evaluated here too, found as
	 * pdll_load will resolve them (pl_prefetch_find matches them up). */
	struct pdll_options po;
	pl_pdll_options(r, &po);
	for (size_t i = 0; i < n; i++)
		if (pl_input_kind(files[i]) == PL_INPUT_PDLL)
			(void)pdll_td_includes(r->sm, files[i], &po, add_include, pf);
	size_t n_jobs = 0;
	for (size_t i = 0; i < pf->n_slots; i++)
		if (pf->slots[i].path)
			n_jobs++;
	if (n_jobs < 2) {
		pl_prefetch_free(pf);
		return NULL;
	}
	if (jobs > n_jobs)
		jobs = (unsigned)n_jobs;

	atomic_init(&pf->next, 0);
	mtx_init(&pf->lock, mtx_plain);
	cnd_init(&pf->cond);
	pf->sync = true;
	pl_intern_set_shared(r->intern, 1);
	for (size_t i = 0; i < pf->n_slots; i++) {
		struct slot *s = &pf->slots[i];
		if (!s->path)
			continue;
		s->pf = pf;
		s->arena = pl_arena_new();
		pl_diag_ctx_init(&s->diag, r->sm, s->arena);
		s->diag.sink.emit = slot_emit;
		s->diag.sink.ud = s;
		s->diag.max_errors = 0; /* the run's context applies the cap on replay */
	}
	pf->threads = pl_xcalloc(jobs, sizeof(*pf->threads));
	pf->views = pl_xcalloc(jobs, sizeof(*pf->views));
	for (unsigned t = 0; t < jobs; t++)
		pf->views[pf->n_views++] = pl_intern_view_new(r->intern);
	atomic_init(&pf->next_view, 0);
	for (unsigned t = 0; t < jobs; t++) {
		if (thrd_create(&pf->threads[t], worker, pf) != thrd_success)
			break;
		pf->n_threads++;
	}
	if (pf->n_threads == 0) {
		pl_prefetch_free(pf);
		return NULL;
	}
	/* Let every worker finish before the main thread goes on: the main
	 * thread's own work (PDLL files, the importers, .td files the
	 * prefetch did not foresee) then never runs beside an evaluation.  Running them side
	 * by side lost replayed diagnostics now and then (check-peers-jobs). */
	for (unsigned t = 0; t < pf->n_threads; t++)
		thrd_join(pf->threads[t], NULL);
	pf->n_threads = 0;
	return pf;
}

bool pl_prefetch_find(struct pl_prefetch *pf, const char *path, size_t *id)
{
	if (!pf)
		return false;
	for (size_t i = pf->n; i < pf->n_slots; i++) {
		if (!pf->slots[i].taken && strcmp(pf->slots[i].path, path) == 0) {
			*id = i;
			return true;
		}
	}
	return false;
}

int pl_prefetch_take(struct pl_prefetch *pf, size_t i, struct tg_records **out)
{
	struct slot *s = &pf->slots[i];

	mtx_lock(&pf->lock);
	while (!s->done)
		cnd_wait(&pf->cond, &pf->lock);
	mtx_unlock(&pf->lock);
	for (size_t k = 0; k < s->recorded.len; k++)
		pl_diag_end(&pf->r->diag, s->recorded.items[k]);
	s->taken = true;
	if (s->recs)
		tg_records_rebind(s->recs, pf->r->intern, &pf->r->diag);
	*out = s->recs;
	return s->rc;
}

void pl_prefetch_release(struct pl_prefetch *pf, size_t i)
{
	struct slot *s = &pf->slots[i];

	if (s->arena) {
		pl_arena_adopt(pf->r->arena, s->arena);
		s->arena = NULL;
	}
}

void pl_prefetch_free(struct pl_prefetch *pf)
{
	if (!pf)
		return;
	/* Workers stop claiming inputs, then finish the one they hold. */
	atomic_store(&pf->next, pf->n_slots);
	for (unsigned t = 0; t < pf->n_threads; t++)
		thrd_join(pf->threads[t], NULL);
	for (size_t i = 0; i < pf->n_slots; i++) {
		struct slot *s = &pf->slots[i];
		pl_vec_free(&s->recorded);
		free(s->owned);
		/* Replayed diagnostics live there, and records of other inputs
		 * may share its objects (the include cache). */
		if (s->arena)
			pl_arena_adopt(pf->r->arena, s->arena);
	}
	for (unsigned t = 0; t < pf->n_views; t++)
		pl_intern_free(pf->views[t]);
	if (pf->sync) {
		pl_intern_set_shared(pf->r->intern, 0);
		cnd_destroy(&pf->cond);
		mtx_destroy(&pf->lock);
	}
	free(pf->threads);
	free(pf->views);
	free(pf->slots);
	free(pf);
}
