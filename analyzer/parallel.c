/*
 * parallel.c -- evaluate .td inputs on worker threads for `check -j N`
 * (see parallel.h for the design and why output does not depend on N).
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "parallel.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "analyzer/cthreads.h"
#include <sys/stat.h>
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
	struct tg_options opts;      /* its input's (pl_tg_options_for) */
	char *owned;                 /* path when it is a .pdll input's include */
	struct pl_arena *arena;      /* records and recorded diagnostics: its worker's */
	struct pl_diag_ctx diag;     /* records while evaluating, forwards once taken */
	struct pl_vec recorded;      /* struct pl_diag *, in emission order */
	struct tg_records *recs;     /* tg_load's *out */
	int rc;                      /* tg_load's result */
	bool claimed;                /* a worker took it (guarded by pf->lock) */
	bool done;                   /* evaluated (guarded by pf->lock) */
	bool taken;                  /* replayed: diagnostics now go straight to the run */
	struct pl_prefetch *pf;      /* back pointer for the sink */
	size_t same_before;          /* 1 + the job of the same file before it in the input
	                              * order, or 0 */
	struct tg_stream *stream;    /* its defs as they come (pl_prefetch_stream), or NULL */
};

struct pl_prefetch {
	struct pl_run *r;            /* the run: shared sm, intern, options */
	size_t n;                    /* inputs: slots[0..n) are theirs (used for .td inputs) */
	size_t n_slots;              /* then the .td includes of .pdll inputs, in input order */
	size_t cap_slots;
	struct slot *slots;
	size_t *order;               /* the jobs' slots, in input order */
	size_t n_jobs, cap_jobs;
	struct tg_options include_opts; /* for add_include: the .pdll input's */
	struct segment {             /* a block of order: [lo, hi) left */
		size_t lo, hi;
	} *segs;
	size_t n_segs;               /* blocks */
	size_t next_seg;             /* the first block no worker took yet */
	size_t *cur;                 /* worker i's block */
	struct tg_cache **caches;    /* worker i's include cache: all on one tree of
	                              * states, or each its own with images */
	unsigned n_caches;
	bool stop;                   /* pl_prefetch_free: claim nothing more */
	thrd_t *threads;             /* workers */
	struct pl_arena **arenas;    /* worker i's, shared by the slots it evaluates */
	struct pl_intern **views;    /* each worker's view of the run's intern table */
	unsigned n_views;            /* made (one per worker to start) */
	_Atomic unsigned next_view;  /* next view a starting worker takes */
	unsigned n_threads;          /* started */
	bool sync;                   /* lock and cond made, intern table shared */
	mtx_t lock;                  /* guards slot.done, segs and stop */
	cnd_t cond;                  /* signalled when a slot is done */
};

unsigned pl_jobs_default(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

bool pl_threads_worth(size_t n, size_t min)
{
	const char *t = getenv("PATLINT_TEST_THREADS");

	return n >= min || (n >= 2 && t && strcmp(t, "1") == 0);
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

/* Drop from both ends of a block the jobs claimed out of its order
 * (claim) (pf->lock held). */
static void seg_trim(struct pl_prefetch *pf, struct segment *g)
{
	while (g->lo < g->hi && pf->slots[pf->order[g->lo]].claimed)
		g->lo++;
	while (g->lo < g->hi && pf->slots[pf->order[g->hi - 1]].claimed)
		g->hi--;
}

/* The next job for worker w (pf->lock held): the next of its block of
 * the input order, else the first of the next block no worker took, else
 * the last of the largest block left.  The importer takes the inputs in
 * input order: blocks handed out in that order keep it close behind the
 * workers, with little to import after the last evaluation, where two
 * halves of the order left it the second half's imports (15-20 ms of the
 * corpus's ~125 ms of loading at -j 2).  Within a block, a worker's jobs
 * are neighbours, which mostly include the same files and so restore more
 * of each other's states; across blocks the workers share the include
 * cache's states (tg_cache_share), so a block changing hands costs no
 * evaluation.  (With a cache per worker, taking jobs in turn made every
 * worker evaluate every shared include: with blocks of a quarter of a
 * worker's share, MLIR 16's dialect tree took 131-135 ms at -j 2 against
 * 121-122 ms.) */
static struct slot *next_job(struct pl_prefetch *pf, unsigned w, struct segment **from, bool *front)
{
	struct segment *own = &pf->segs[pf->cur[w]], *big = NULL;

	*front = true;
	seg_trim(pf, own);
	while (own->lo == own->hi && pf->next_seg < pf->n_segs) {
		pf->cur[w] = pf->next_seg++;
		own = &pf->segs[pf->cur[w]];
		seg_trim(pf, own);
	}
	if (own->lo < own->hi) {
		*from = own;
		return &pf->slots[pf->order[own->lo]];
	}
	for (size_t v = 0; v < pf->n_segs; v++) {
		seg_trim(pf, &pf->segs[v]);
		if (pf->segs[v].lo < pf->segs[v].hi &&
		    (!big || pf->segs[v].hi - pf->segs[v].lo > big->hi - big->lo))
			big = &pf->segs[v];
	}
	*front = false;
	*from = big;
	return big ? &pf->slots[pf->order[big->hi - 1]] : NULL;
}

/* The slot to evaluate in place of s, a .pdll input's include (pf->lock
 * held): the first job of the same file before it in the input order
 * when no worker has claimed any of those yet.  Evaluated first, its records serve s
 * (done_before) as the sequential path shares them (driver.c); s taken
 * first -- the start of a block, or the end of another worker's --
 * evaluated the file in full beside it (the corpus's TestPDLL.pdll
 * includes TestOps.td, the input before it: 9-17 ms of a -j 2 run, where
 * the input then restored its states in 4). */
static struct slot *first_of_file(struct pl_prefetch *pf, struct slot *s)
{
	struct slot *first = s;

	if ((size_t)(s - pf->slots) < pf->n)
		return s;
	for (size_t i = s->same_before; i; i = pf->slots[i - 1].same_before) {
		if (pf->slots[i - 1].claimed)
			return s;
		first = &pf->slots[i - 1];
	}
	return first;
}

/* The job worker w evaluates next (pf->lock held): next_job's, or the
 * slot first_of_file puts before it, which leaves next_job's in its
 * block to come again. */
static struct slot *claim(struct pl_prefetch *pf, unsigned w)
{
	struct segment *g;
	bool front;
	struct slot *s = pf->stop ? NULL : next_job(pf, w, &g, &front);

	if (!s)
		return NULL;
	struct slot *f = first_of_file(pf, s);
	if (f == s) {
		if (front)
			g->lo++;
		else
			g->hi--;
	}
	f->claimed = true;
	return f;
}

/* Whether a job is left to claim (pf->lock held). */
static bool jobs_left(struct pl_prefetch *pf)
{
	if (pf->next_seg < pf->n_segs)
		return true;
	for (size_t v = 0; v < pf->n_segs; v++) {
		seg_trim(pf, &pf->segs[v]);
		if (pf->segs[v].lo < pf->segs[v].hi)
			return true;
	}
	return false;
}

/* A job before s (a .td input's, or an include's) evaluated already,
 * without a diagnostic, from the same file (pf->lock held): its records
 * may serve s too. */
static struct slot *done_before(struct pl_prefetch *pf, const struct slot *s)
{
	for (size_t i = s->same_before; i; i = pf->slots[i - 1].same_before) {
		struct slot *e = &pf->slots[i - 1];
		if (e->done && e->rc >= 0 && e->recs && !e->recorded.len && !e->stream)
			return e;
	}
	return NULL;
}

/* A job before s of the same file that another worker is evaluating
 * (pf->lock held): waiting for it, then taking its records, costs no more
 * than evaluating s (the corpus's .pdll inputs include TestOps.td and
 * TensorOps.td from neighbouring blocks). */
static bool evaluating_before(struct pl_prefetch *pf, const struct slot *s)
{
	for (size_t i = s->same_before; i; i = pf->slots[i - 1].same_before) {
		const struct slot *e = &pf->slots[i - 1];
		if (e->claimed && !e->done && !e->stream)
			return true;
	}
	return false;
}

/* Link each job to the last job of the same file before it in the input
 * order (pf->order): the records the sequential path may share with a
 * .pdll input's include are those of the files it loaded before that
 * input (driver.c's memo).  (Linked in slot order, an include took the
 * records of a .td input after its .pdll input when that input happened
 * to be done first; its ops were then the .pdll's, not the input's own,
 * and the ODS rules did not check them.) */
static void link_same_files(struct pl_prefetch *pf)
{
	struct pl_ptrmap last = {0};

	for (size_t k = 0; k < pf->n_jobs; k++) {
		struct slot *s = &pf->slots[pf->order[k]];
		const void *prev;
		const char *key = pl_intern(pf->r->intern, s->path);
		if (pl_ptrmap_get(&last, key, &prev))
			s->same_before = (size_t)(uintptr_t)prev;
		pl_ptrmap_put(&last, key, (const void *)(uintptr_t)(pf->order[k] + 1));
	}
	pl_ptrmap_free(&last);
}

static int worker(void *arg)
{
	struct pl_prefetch *pf = arg;
	struct pl_run *r = pf->r;
	unsigned w = atomic_fetch_add(&pf->next_view, 1);
	/* One view per worker, kept across its inputs: it interns in the run's
	 * table, copying the names it adds into the worker's arena outside
	 * the table's lock (intern.h). */
	struct pl_intern *view = pf->views[w];
	/* The worker's include cache, on the states the workers share: records
	 * of the inputs share objects, which live in the arenas of the workers
	 * that made them until the run adopts those.  One arena for all of a
	 * worker's inputs: an arena per input mapped a first block and 2 MiB
	 * blocks for each (faulting in and clearing ~130 MiB more than they
	 * used on the corpus), for objects that all go to the run's arena in
	 * the end anyway. */
	struct tg_cache *cache = pf->caches[w];
	struct pl_arena *arena = pf->arenas[w];
	bool first = true;

	for (;;) {
		mtx_lock(&pf->lock);
		struct slot *s = claim(pf, w);
		/* this worker's last load when none is left for it to claim */
		bool last = !jobs_left(pf);
		/* a .pdll input's include that another's evaluated already
		 * (the inputs of one project, with folders of their own), or
		 * is evaluating */
		struct slot *e = NULL;
		if (s && (size_t)(s - pf->slots) >= pf->n)
			while (!(e = done_before(pf, s)) && evaluating_before(pf, s))
				cnd_wait(&pf->cond, &pf->lock);
		mtx_unlock(&pf->lock);
		if (!s)
			break;
		if (e && tg_records_same_under(e->recs, r->sm, view, &e->opts, &s->opts)) {
			/* as the driver would take them (driver.c): the same
			 * records, which the importer reads only */
			s->recs = e->recs;
			s->rc = 0;
			mtx_lock(&pf->lock);
			s->done = true;
			cnd_broadcast(&pf->cond);
			mtx_unlock(&pf->lock);
			continue;
		}
		tg_cache_set_last(cache, last);
		s->arena = arena;
		pl_diag_ctx_init(&s->diag, r->sm, s->arena);
		s->diag.sink.emit = slot_emit;
		s->diag.sink.ud = s;
		s->diag.max_errors = 0; /* the run's context applies the cap on replay */
		if (s->stream && !first) {
			/* stolen by a worker whose include cache may restore
			 * states: a stream needs an evaluation that only adds */
			tg_stream_break(s->stream);
			s->opts.stream = NULL;
		}
		first = false;
		s->rc = tg_load_cached(&s->recs, cache, s->arena, view, r->sm, &s->diag, s->path, &s->opts);
		if (s->stream)
			tg_stream_end(s->stream);
		mtx_lock(&pf->lock);
		s->done = true;
		cnd_broadcast(&pf->cond);
		mtx_unlock(&pf->lock);
	}
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

/* pdll_td_includes' callback: a slot for a .pdll input's include, with
 * the options of that input, unless an earlier .pdll input includes the
 * same file under the same options: its records serve both (driver.c),
 * but with --no-include-cache. */
static void add_include(void *ud, const char *path)
{
	struct pl_prefetch *pf = ud;

	for (size_t i = pf->n; !pl_include_cache_off(pf->r) && i < pf->n_slots; i++)
		if (strcmp(pf->slots[i].path, path) == 0 &&
		    tg_options_same(&pf->slots[i].opts, &pf->include_opts))
			return;
	struct slot *s = slot_add(pf);
	s->owned = pl_xstrdup(path);
	s->path = s->owned;
	s->opts = pf->include_opts;
}

static void order_push(struct pl_prefetch *pf, size_t slot)
{
	if (pf->n_jobs == pf->cap_jobs) {
		pf->cap_jobs = pf->cap_jobs ? pf->cap_jobs * 2 : 16;
		pf->order = pl_xrealloc(pf->order, pf->cap_jobs * sizeof(*pf->order));
	}
	pf->order[pf->n_jobs++] = slot;
}

/* Inputs smaller than this are not streamed.  Handing the evaluation to
 * a worker costs a thread start, a shared intern table and arenas of the
 * worker's own -- a few milliseconds: MHLO's hlo_ops.td (109 KiB, ops
 * with long descriptions) took 12.9 ms alone and 16.1 ms streamed --
 * while the gain is the import of the input's own defs, about 8 us a
 * pattern: 1,000 synthetic patterns (92 KiB) broke even at 34 ms, 3,000
 * (282 KiB) took 63 ms streamed against 80 ms, 10,000 (962 KiB) 200
 * against 279 ms.  The corpus's largest file is 140 KiB. */
#define STREAM_MIN_BYTES (256 * 1024)

/* Jobs per worker at the least: a worker costs a thread start, arenas and
 * the shared intern table's lock, and with few inputs both workers
 * evaluate the first includes (OpBase.td and the rest of MLIR's base
 * files) at once, before either kept their states.  When each worker had
 * an include cache of its own, -j 2 was slower than -j 1 on most of the
 * corpus's runs of 2-15 files, and the least was 8; with the workers
 * sharing the states, the corpus's 14 project runs (5-41 files each)
 * took 318 ms at -j 2 with 4 against 360 ms with 8 (-j 1: 370 ms; 9
 * alternated rounds), and its 100 runs by include set (1-15 files) the
 * same time either way.
 * Below twice this many jobs, the inputs load on the calling thread. */
enum { MIN_JOBS_PER_WORKER = 4 };
/* Blocks of the input order per worker (claim).  More blocks leave fewer
 * imports after the last evaluation, and make the workers reach the same
 * new includes at once more often (one waits for the other's state:
 * tg_parse.c).  -j 2 against -j 1, alternated 21 times: the corpus (118
 * jobs) took 0.559, 0.575, 0.592 and 0.586 of the time with 2, 4, 8 and
 * 16 blocks per worker, MLIR 16's Dialect tree 0.630, 0.638 and 0.616
 * with 2, 4 and 8: the same within this machine's noise.  (Before the
 * wait, when both workers evaluated such includes, 8 blocks took 0.600 and
 * 0.684, and one block -- two halves of the order, the importer left the
 * second half's imports -- 0.617 and 0.599.) */
enum { BLOCKS_PER_WORKER = 4 };

static bool worth_streaming(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && st.st_size >= STREAM_MIN_BYTES;
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
		pl_tg_options_for(r, files[i], &s->opts);
	}
	/* The jobs in input order: a .td input, or the .td includes of a
	 * .pdll input, evaluated here too, found as pdll_load will resolve
	 * them (pl_prefetch_find matches them up). */
	for (size_t i = 0; i < n; i++) {
		if (pf->slots[i].path) {
			order_push(pf, i);
		} else if (pl_input_kind(files[i]) == PL_INPUT_PDLL) {
			struct pdll_options po;
			size_t first = pf->n_slots;
			pl_pdll_options(r, &pf->slots[i].opts, &po);
			pf->include_opts = pf->slots[i].opts;
			(void)pdll_td_includes(r->sm, files[i], &po, add_include, pf);
			for (size_t k = first; k < pf->n_slots; k++)
				order_push(pf, k);
		}
	}
	size_t n_jobs = pf->n_jobs;
	/* The first input, when it is a large .td file, streams its defs to
	 * the importer (pl_prefetch_stream): the first job of the first
	 * worker, evaluated through an include cache nothing was kept in yet.
	 * Images (--cache-dir) restore states, so they rule streaming out. */
	bool stream = n_jobs && pf->order[0] == 0 && !pl_include_images_on(r) &&
	              worth_streaming(files[0]);
	/* A worker per MIN_JOBS_PER_WORKER jobs at most: a stream needs one */
	if (jobs > n_jobs / MIN_JOBS_PER_WORKER)
		jobs = (unsigned)(n_jobs / MIN_JOBS_PER_WORKER);
	if (stream && jobs == 0)
		jobs = 1;
	if (jobs < (stream ? 1u : 2u)) {
		pl_prefetch_free(pf);
		return NULL;
	}
	if (stream) {
		pf->slots[0].stream = tg_stream_new(r->intern);
		pf->slots[0].opts.stream = pf->slots[0].stream;
	}
	/* The input order in blocks (claim), worker t starting on block t.
	 * With images (--cache-dir) each worker has a cache of its own
	 * (below): one block each, as neighbours share what they include. */
	size_t per = pl_include_images_on(r) ? 1 : BLOCKS_PER_WORKER;
	pf->n_segs = jobs * per < n_jobs ? jobs * per : n_jobs;
	pf->segs = pl_xcalloc(pf->n_segs, sizeof(*pf->segs));
	for (size_t b = 0; b < pf->n_segs; b++) {
		pf->segs[b].lo = n_jobs * b / pf->n_segs;
		pf->segs[b].hi = n_jobs * (b + 1) / pf->n_segs;
	}
	pf->cur = pl_xcalloc(jobs, sizeof(*pf->cur));
	for (unsigned t = 0; t < jobs; t++)
		pf->cur[t] = t;
	pf->next_seg = jobs;
	/* one tree of include states for all workers; images (--cache-dir)
	 * are read and written by a cache alone, so with them each has its own */
	pf->caches = pl_xcalloc(jobs, sizeof(*pf->caches));
	pf->n_caches = jobs;
	for (unsigned t = 0; t < jobs; t++)
		pf->caches[t] = t && pf->caches[0] && !pl_include_images_on(r)
		                ? tg_cache_share(pf->caches[0]) : pl_include_cache_new(r);

	link_same_files(pf);
	mtx_init(&pf->lock, mtx_plain);
	cnd_init(&pf->cond);
	pf->sync = true;
	pl_intern_set_shared(r->intern, 1);
	for (size_t i = 0; i < pf->n_slots; i++)
		pf->slots[i].pf = pf;
	pf->threads = pl_xcalloc(jobs, sizeof(*pf->threads));
	pf->arenas = pl_xcalloc(jobs, sizeof(*pf->arenas));
	for (unsigned t = 0; t < jobs; t++)
		pf->arenas[t] = pl_arena_new();
	pf->views = pl_xcalloc(jobs, sizeof(*pf->views));
	for (unsigned t = 0; t < jobs; t++)
		pf->views[pf->n_views++] = pl_intern_view_new(r->intern, pf->arenas[t]);
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
	return pf;
}

struct tg_stream *pl_prefetch_stream(struct pl_prefetch *pf, size_t i)
{
	return pf && i < pf->n_slots && !pf->slots[i].taken ? pf->slots[i].stream : NULL;
}

bool pl_prefetch_find(struct pl_prefetch *pf, const char *path, const struct tg_options *opts,
                      size_t *id)
{
	if (!pf)
		return false;
	for (size_t i = pf->n; i < pf->n_slots; i++) {
		if (!pf->slots[i].taken && strcmp(pf->slots[i].path, path) == 0 &&
		    tg_options_same(&pf->slots[i].opts, opts)) {
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

void pl_prefetch_free(struct pl_prefetch *pf)
{
	if (!pf)
		return;
	/* Workers stop claiming inputs, then finish the one they hold. */
	if (pf->sync) {
		mtx_lock(&pf->lock);
		pf->stop = true;
		mtx_unlock(&pf->lock);
	}
	for (unsigned t = 0; t < pf->n_threads; t++)
		thrd_join(pf->threads[t], NULL);
	for (size_t i = 0; i < pf->n_slots; i++) {
		struct slot *s = &pf->slots[i];
		pl_vec_free(&s->recorded);
		free(s->owned);
		tg_stream_free(s->stream);
	}
	/* Replayed diagnostics live there, and records of other inputs may
	 * share their objects (the include cache). */
	for (unsigned t = 0; pf->arenas && t < pf->n_views; t++)
		if (pf->arenas[t])
			pl_arena_adopt(pf->r->arena, pf->arenas[t]);
	for (unsigned t = 0; t < pf->n_views; t++)
		pl_intern_free(pf->views[t]);
	if (pf->sync) {
		pl_intern_set_shared(pf->r->intern, 0);
		cnd_destroy(&pf->cond);
		mtx_destroy(&pf->lock);
	}
	free(pf->threads);
	free(pf->arenas);
	free(pf->views);
	free(pf->slots);
	free(pf->order);
	for (unsigned t = 0; t < pf->n_caches; t++)
		tg_cache_free(pf->caches[t]);
	free(pf->caches);
	free(pf->segs);
	free(pf->cur);
	free(pf);
}
