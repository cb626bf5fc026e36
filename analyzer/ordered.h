/*
 * ordered.h -- items made on several threads and taken in order on the
 * calling one, with at most a bounded number made ahead.
 *
 * pl_ordered_run makes items 0..n-1 with make() on up to jobs threads (the
 * calling thread among them), each into one of `ahead` slots, and hands
 * them to take() on the calling thread in order.  Item i uses slot
 * i % ahead, which is free again once item i - ahead was taken.  When the
 * calling thread claims the item next in order it makes it `direct`: the
 * item goes out with make() itself, and take() is not called for it.
 *
 * No thread waits for another while items are left to claim: a new or
 * woken thread often starts a millisecond late on a loaded machine (the
 * kernel queues it behind the thread that woke it until the next tick),
 * and fixed shares made the calling thread wait that long for each.
 */
#ifndef PL_ORDERED_H
#define PL_ORDERED_H

#include <stdbool.h>
#include <stddef.h>

struct pl_ordered {
	size_t n;          /* items */
	unsigned jobs;     /* threads, the calling one included (0, 1: one) */
	unsigned ahead;    /* slots: items made and not yet taken, at most (>= 1) */
	/* Make item i into slot (direct: on the calling thread, as the next
	 * item to go out).  On any thread; returns 0 or -1. */
	int (*make)(void *ud, size_t i, unsigned slot, bool direct);
	/* Take item i from slot, on the calling thread; returns 0 or -1. */
	int (*take)(void *ud, size_t i, unsigned slot);
	void *ud;
};

/* Make and take every item (an item whose make failed is not taken).
 * Returns 0, or -1 when a make or a take did (the others still run). */
int pl_ordered_run(const struct pl_ordered *o);

#endif
