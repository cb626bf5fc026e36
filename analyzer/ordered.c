/*
 * ordered.c -- items made on several threads and taken in order
 * (ordered.h).
 */
#include "config.h"
#include "analyzer/ordered.h"

#include <stdlib.h>
#include "analyzer/cthreads.h"

struct run {
	const struct pl_ordered *o;
	size_t next;          /* the next item to claim */
	size_t taken;         /* items taken (or made direct) */
	bool *made;           /* made[slot]: its item is made, not yet taken */
	int *status;          /* status[slot]: what make returned */
	mtx_t lock;           /* all of the above */
	cnd_t cond;           /* an item made, or one taken */
};

static bool may_claim(const struct run *r)
{
	return r->next < r->o->n && r->next < r->taken + r->o->ahead;
}

/* Make item i (claimed) into its slot; called and returning with the lock
 * held. */
static void make_in_slot(struct run *r, size_t i)
{
	unsigned slot = (unsigned)(i % r->o->ahead);

	mtx_unlock(&r->lock);
	int status = r->o->make(r->o->ud, i, slot, false);
	mtx_lock(&r->lock);
	r->status[slot] = status;
	r->made[slot] = true;
	cnd_broadcast(&r->cond);
}

static int helper(void *arg)
{
	struct run *r = arg;

	mtx_lock(&r->lock);
	while (r->next < r->o->n) {
		if (may_claim(r))
			make_in_slot(r, r->next++);
		else
			cnd_wait(&r->cond, &r->lock);
	}
	mtx_unlock(&r->lock);
	return 0;
}

/* The calling thread: take what is made, in order; make what it can claim
 * meanwhile; wait only when the next item is another thread's. */
static int take_in_order(struct run *r)
{
	const struct pl_ordered *o = r->o;
	int status = 0;

	mtx_lock(&r->lock);
	while (r->taken < o->n) {
		size_t i = r->taken;
		unsigned slot = (unsigned)(i % o->ahead);
		if (r->made[slot]) {
			r->made[slot] = false;
			int made = r->status[slot];
			mtx_unlock(&r->lock);
			if (made < 0 || o->take(o->ud, i, slot) < 0)
				status = -1;
		} else if (r->next == i) {
			r->next++;
			mtx_unlock(&r->lock);
			if (o->make(o->ud, i, slot, true) < 0)
				status = -1;
		} else if (may_claim(r)) {
			make_in_slot(r, r->next++);
			continue;
		} else {
			cnd_wait(&r->cond, &r->lock); /* item i is another thread's */
			continue;
		}
		mtx_lock(&r->lock);
		r->taken++;
		cnd_broadcast(&r->cond);
	}
	mtx_unlock(&r->lock);
	return status;
}

int pl_ordered_run(const struct pl_ordered *o)
{
	struct run r = {.o = o};
	unsigned helpers = o->jobs > 1 ? o->jobs - 1 : 0, started = 0;
	thrd_t *ids = helpers ? calloc(helpers, sizeof(*ids)) : NULL;
	int status = 0;

	if (o->ahead) {
		r.made = calloc(o->ahead, sizeof(*r.made));
		r.status = calloc(o->ahead, sizeof(*r.status));
	}
	if (!r.made || !r.status || (helpers && !ids)) {
		/* one thread, every item direct */
		for (size_t i = 0; i < o->n; i++)
			if (o->make(o->ud, i, 0, true) < 0)
				status = -1;
		free(r.made);
		free(r.status);
		free(ids);
		return status;
	}
	mtx_init(&r.lock, mtx_plain);
	cnd_init(&r.cond);
	while (started < helpers && pl_thrd_spawn(&ids[started], helper, &r) == thrd_success)
		started++;
	status = take_in_order(&r);
	for (unsigned t = 0; t < started; t++)
		thrd_join(ids[t], NULL);
	cnd_destroy(&r.cond);
	mtx_destroy(&r.lock);
	free(r.made);
	free(r.status);
	free(ids);
	return status;
}
