/*
 * tg_stream.c -- the defs of an input handed to a reader thread while the
 * evaluator is still making them (`check -j`: analyzer/parallel.c
 * evaluates, analyzer/driver.c imports beside it).
 *
 * The evaluator publishes after each object at the top level (tg_parse.c)
 * the keeper's defs array and its count.  A def is complete when it is
 * added (resolved, its name final) and nothing changes it afterwards, and
 * the keeper's arrays live in its arena, where an outgrown one stays
 * readable: so the reader may read defs[0..n) of what it was given, and
 * every field, value and superclass of those defs, while the evaluator
 * goes on.
 *
 * Name lookups are the other thing a reader does (tg_def_find,
 * tg_class_find).  While records stream, those go through the stream's
 * lock, which the evaluator holds to change the def and class maps, and
 * intern through the reader's table (the evaluator's is a view of one
 * thread).  A def not found may still be defined further on, where a
 * reader of the finished records would find it: the stream remembers such
 * names, and tg_stream_lookups_hold tells at the end whether all are still
 * undefined.
 *
 * A stream is for an evaluation that only adds defs: one through a fresh
 * include cache without images.  Anything else (a restart, a restored
 * state that replaced defs already published) breaks the stream; the
 * reader then imports the finished records as if nothing had streamed.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "analyzer/cthreads.h"

#include "analyzer/intern.h"
#include "analyzer/util.h"
#include "parsers/tablegen/tg_p.h"

struct tg_stream {
	mtx_t lock;                    /* the maps' changes and lookups; the waits */
	cnd_t cond;                    /* n reached want, or the evaluation ended */
	struct pl_intern *reader;      /* the reader's intern table */
	struct tg_records *recs;       /* being evaluated (set before the first publish) */
	uint32_t root_file;            /* the input's file id */
	struct tg_rec **_Atomic defs;  /* the keeper's defs array at the last publish */
	_Atomic unsigned n;            /* defs published */
	_Atomic unsigned want;         /* a waiting reader's target; 0 while none waits */
	_Atomic bool ended;            /* the evaluation is over (n is final) */
	_Atomic bool broken;           /* what was published is not a prefix of the defs */
	const struct tg_rec *last;     /* defs[n - 1] when published (the evaluator's) */
	const char **missed;           /* defs looked up and not found, interned in the
	                                * reader's table (the reader's) */
	unsigned n_missed, cap_missed;
};

struct tg_stream *tg_stream_new(struct pl_intern *reader)
{
	struct tg_stream *s = pl_xcalloc(1, sizeof(*s));

	mtx_init(&s->lock, mtx_plain);
	cnd_init(&s->cond);
	s->reader = reader;
	atomic_init(&s->defs, NULL);
	atomic_init(&s->n, 0);
	atomic_init(&s->want, 0);
	atomic_init(&s->ended, false);
	atomic_init(&s->broken, false);
	return s;
}

void tg_stream_free(struct tg_stream *s)
{
	if (!s)
		return;
	cnd_destroy(&s->cond);
	mtx_destroy(&s->lock);
	free(s->missed);
	free(s);
}

/* ---- the evaluator's side ------------------------------------------------ */

void tg_stream_lock(struct tg_stream *s)
{
	mtx_lock(&s->lock);
}

void tg_stream_unlock(struct tg_stream *s)
{
	mtx_unlock(&s->lock);
}

void tg_stream_begin(struct tg_stream *s, struct tg_records *recs, uint32_t root_file)
{
	mtx_lock(&s->lock);
	s->recs = recs;
	s->root_file = root_file;
	mtx_unlock(&s->lock);
}

void tg_stream_break(struct tg_stream *s)
{
	atomic_store(&s->broken, true);
}

void tg_stream_publish(struct tg_stream *s, struct tg_keeper *k)
{
	unsigned n = atomic_load_explicit(&s->n, memory_order_relaxed);

	if (k->ndefs == n)
		return;
	if (k->ndefs < n || (n && k->defs[n - 1] != s->last)) {
		tg_stream_break(s);
		return;
	}
	s->last = k->defs[k->ndefs - 1];
	/* the array first: a reader that sees the count sees an array at
	 * least that long (later arrays copy the earlier ones' entries) */
	atomic_store(&s->defs, k->defs);
	atomic_store(&s->n, k->ndefs);
	unsigned want = atomic_load(&s->want);
	if (want && k->ndefs >= want) {
		mtx_lock(&s->lock);
		cnd_broadcast(&s->cond);
		mtx_unlock(&s->lock);
	}
}

void tg_stream_end(struct tg_stream *s)
{
	mtx_lock(&s->lock);
	atomic_store(&s->ended, true);
	cnd_broadcast(&s->cond);
	mtx_unlock(&s->lock);
}

/* ---- the reader's side --------------------------------------------------- */

unsigned tg_stream_wait(struct tg_stream *s, unsigned have, unsigned batch,
                        const struct tg_rec *const **defs, bool *ended)
{
	unsigned target = have + (batch ? batch : 1);
	unsigned n = atomic_load(&s->n);
	bool end = atomic_load(&s->ended);

	if (n < target && !end) {
		mtx_lock(&s->lock);
		/* seq_cst: the evaluator stores n, then loads want; this stores
		 * want, then loads n, so one of the two sees the other's store */
		atomic_store(&s->want, target);
		while ((n = atomic_load(&s->n)) < target && !(end = atomic_load(&s->ended)))
			cnd_wait(&s->cond, &s->lock);
		atomic_store(&s->want, 0);
		mtx_unlock(&s->lock);
	}
	if (end)
		n = atomic_load(&s->n); /* final once ended */
	*defs = (const struct tg_rec *const *)atomic_load(&s->defs);
	*ended = end;
	return n;
}

struct tg_records *tg_stream_records(struct tg_stream *s)
{
	mtx_lock(&s->lock);
	struct tg_records *r = s->recs;
	mtx_unlock(&s->lock);
	return r;
}

uint32_t tg_stream_root_file(struct tg_stream *s)
{
	mtx_lock(&s->lock);
	uint32_t f = s->root_file;
	mtx_unlock(&s->lock);
	return f;
}

bool tg_stream_broken(struct tg_stream *s)
{
	return atomic_load(&s->broken);
}

struct tg_rec *tg_stream_find(struct tg_stream *s, struct tg_keeper *k, const char *name,
                              bool is_class)
{
	const char *key = pl_intern(s->reader, name);

	mtx_lock(&s->lock);
	struct tg_rec *rec = tg_hmap_get(is_class ? k->class_map : k->def_map, key);
	bool end = atomic_load(&s->ended);
	mtx_unlock(&s->lock);
	/* A class is not remembered: the importers look classes up for the
	 * superclasses of defs they have (defined before those defs) or anew
	 * for each batch until found (ods.c, drr.c). */
	if (!rec && !end && !is_class) {
		if (s->n_missed == s->cap_missed) {
			s->cap_missed = s->cap_missed ? s->cap_missed * 2 : 8;
			s->missed = pl_xrealloc(s->missed, s->cap_missed * sizeof(*s->missed));
		}
		s->missed[s->n_missed++] = key;
	}
	return rec;
}

bool tg_stream_lookups_hold(struct tg_stream *s, const struct tg_records *r)
{
	struct tg_keeper *k = tg_records_keeper(r);

	for (unsigned i = 0; i < s->n_missed; i++)
		if (tg_hmap_get(k->def_map, s->missed[i]))
			return false;
	return true;
}
