/*
 * intern.c -- open-addressing hash set of strings, backed by an arena.
 */
#include "config.h"
#include "intern.h"
#include "arena.h"
#include "util.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "analyzer/cthreads.h"

struct entry {
	/* interned string, NULL when the slot is empty; written last (release),
	 * so that a reader of a shared table that sees it sees hash too */
	_Atomic(const char *) str;
	uint64_t hash;   /* full hash of the string */
};

/* A table's slots and their number, replaced whole when it grows: a
 * thread looking a string up in a shared table without the lock reads
 * both from one snapshot. */
struct slots {
	size_t cap;             /* a power of two */
	struct slots *retired;  /* an outgrown heap table kept until the table is
	                         * freed (a lock-free reader may still probe it) */
	struct entry e[];
};

/* What every lookup reads comes first, on a cache line of its own: with
 * count and lock beside it, each insertion by one thread of a -j 2 run
 * took the line from the other, whose next lookup then missed on slots
 * (intern_shared was 1.2% of such a corpus run, almost all of it that
 * load, against nothing at -j 1). */
struct pl_intern {
	_Atomic(struct slots *) slots; /* the current table */
	struct pl_intern *parent; /* a view: the shared table it fronts (a view has
	                           * no slots of its own) */
	struct pl_arena *copies; /* a view: where it copies the strings it adds to
	                          * parent, or NULL (parent's arena, under its lock) */
	bool shared;            /* insertions take lock */
	/* written by insertions */
	_Alignas(PL_CACHE_LINE) size_t count; /* slots used */
	bool slots_in_arena;    /* slots came from arena (after the first growth) */
	struct pl_arena *arena; /* where the strings live (NULL in a view) */
	struct pl_arena *names; /* while shared: where new strings and tables go (the
	                         * owner of arena goes on allocating there: -j's main
	                         * thread imports beside the workers); arena adopts it
	                         * when the sharing ends */
	mtx_t lock;             /* guards a shared table's insertions */
};

static struct slots *slots_of(const struct pl_intern *t)
{
	/* a shared table's owner thread and views read it without the lock */
	return atomic_load_explicit(&((struct pl_intern *)t)->slots, memory_order_acquire);
}

struct pl_intern *pl_intern_new(struct pl_arena *arena)
{
	/* written at each name added, by any thread while shared */
	struct pl_intern *t = pl_xcalloc_line(sizeof(*t));
	struct slots *sl = pl_xcalloc(1, sizeof(*sl) + 1024 * sizeof(struct entry));

	sl->cap = 1024;
	t->arena = arena;
	atomic_init(&t->slots, sl);
	mtx_init(&t->lock, mtx_plain);
	return t;
}

/* A view keeps no table of its own: lookups in the shared table take no
 * lock, and a private cache in front of it (kept from before they did)
 * only made each name the view had not seen cost two probes, and the
 * view's slots more cache misses -- 3-4% of a -j 2 corpus run. */
struct pl_intern *pl_intern_view_new(struct pl_intern *shared, struct pl_arena *copies)
{
	struct pl_intern *t = pl_xcalloc_line(sizeof(*t));

	t->parent = shared;
	t->copies = copies;
	return t;
}

void pl_intern_set_shared(struct pl_intern *t, int shared)
{
	t->shared = shared != 0;
	if (t->shared && t->arena && !t->names) {
		t->names = pl_arena_new();
	} else if (!t->shared && t->names) {
		pl_arena_adopt(t->arena, t->names);
		t->names = NULL;
	}
}

/* Where t's strings and grown tables go now. */
static struct pl_arena *alloc_arena(const struct pl_intern *t)
{
	return t->names ? t->names : t->arena;
}

void pl_intern_free(struct pl_intern *t)
{
	if (!t)
		return;
	if (t->parent) { /* a view */
		free(t);
		return;
	}
	struct slots *sl = slots_of(t);
	for (struct slots *r = sl->retired, *next; r; r = next) {
		next = r->retired;
		free(r);
	}
	if (!t->slots_in_arena)
		free(sl);
	if (t->names)
		pl_arena_adopt(t->arena, t->names);
	mtx_destroy(&t->lock);
	free(t);
}

/* A table of strings from an arena grows in that arena: its pages are
 * mostly faulted in and cleared already (huge pages), where a calloc'd
 * table of 512 KiB faulted in 128 pages anew at every doubling.  The
 * outgrown tables stay in the arena; an outgrown heap table stays on the
 * retired list while others may read it (shared). */
static void grow(struct pl_intern *t)
{
	struct slots *old = slots_of(t);
	size_t ncap = old->cap * 2;
	size_t bytes = sizeof(struct slots) + ncap * sizeof(struct entry);
	struct pl_arena *a = alloc_arena(t);
	struct slots *ns = a ? pl_arena_zalloc(a, bytes) : pl_xcalloc(1, bytes);

	pl_touch_zeroed(ns, bytes); /* probed below and after */
	ns->cap = ncap;
	for (size_t i = 0; i < old->cap; i++) {
		const char *str = atomic_load_explicit(&old->e[i].str, memory_order_relaxed);
		if (!str)
			continue;
		size_t j = old->e[i].hash & (ncap - 1);
		while (atomic_load_explicit(&ns->e[j].str, memory_order_relaxed))
			j = (j + 1) & (ncap - 1);
		ns->e[j].hash = old->e[i].hash;
		atomic_store_explicit(&ns->e[j].str, str, memory_order_relaxed);
	}
	ns->retired = old->retired;
	if (!t->slots_in_arena) {
		if (t->shared) {
			old->retired = NULL;
			ns->retired = old;
		} else {
			free(old);
		}
	}
	t->slots_in_arena = a != NULL;
	atomic_store_explicit(&t->slots, ns, memory_order_release);
}

size_t pl_intern_len(const char *interned)
{
	size_t n;

	memcpy(&n, interned - sizeof(size_t), sizeof(n));
	return n;
}

/* Probe sl for s[0..n) of hash h: the string, or NULL with *at the empty
 * slot that ended the probe. */
static const char *probe(const struct slots *sl, const char *s, size_t n, uint64_t h, size_t *at)
{
	size_t mask = sl->cap - 1, i = h & mask;
	const char *e;

	while ((e = atomic_load_explicit(&((struct slots *)sl)->e[i].str, memory_order_acquire))) {
		if (sl->e[i].hash == h && pl_intern_len(e) == n &&
		    (n <= 16 ? pl_mem_eq_short(e, s, n) : memcmp(e, s, n) == 0))
			return e;
		i = (i + 1) & mask;
	}
	*at = i;
	return NULL;
}

enum { SPIN_TRIES = 200 };

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield");
#endif
}

/* s[0..n) as a string of the table: its length before it (pl_intern_len). */
static const char *copy_str(struct pl_arena *a, const char *s, size_t n)
{
	char *q = pl_arena_alloc(a, sizeof(size_t) + n + 1);

	memcpy(q, &n, sizeof(size_t));
	q += sizeof(size_t);
	if (n)
		memcpy(q, s, n);
	q[n] = '\0';
	return q;
}

static const char *intern_locked(struct pl_intern *t, const char *s, size_t n, uint64_t h,
                                 const char *copy);

/* In a shared table: found without the lock (most lookups), else
 * inserted under it.  copies: where a view copies the string first,
 * outside the lock (NULL: the table's arena, under it). */
static const char *intern_shared(struct pl_intern *t, const char *s, size_t n, uint64_t h,
                                 struct pl_arena *copies)
{
	size_t at;
	const char *p = probe(slots_of(t), s, n, h, &at);

	if (p)
		return p;
	/* A copy is made before the lock is taken: the allocation may fault in
	 * a fresh block, which under the lock held the other workers up (a
	 * corpus run at -j 2: holds of up to 9 ms).  If another thread adds
	 * the string meanwhile, the copy is left unused. */
	const char *mine = copies ? copy_str(copies, s, n) : NULL;
	/* An insertion holds the lock for a probe (and a copy, without
	 * one made): a thread that finds it held tries again a few times
	 * before it sleeps (sleeping and waking each time cost the threads of
	 * a -j 2 run thousands of system calls). */
	for (int tries = 0; mtx_trylock(&t->lock) != thrd_success; tries++) {
		if (tries == SPIN_TRIES) {
			mtx_lock(&t->lock);
			break;
		}
		cpu_relax();
	}
	p = intern_locked(t, s, n, h, mine);
	mtx_unlock(&t->lock);
	return p;
}

/* s[0..n) in t (the only writer of t now): found, or added -- as copy
 * when one was made (copy_str), else as a copy made here. */
static const char *intern_locked(struct pl_intern *t, const char *s, size_t n, uint64_t h,
                                 const char *copy)
{
	struct slots *sl = slots_of(t);
	size_t i;
	const char *p = probe(sl, s, n, h, &i);

	if (p)
		return p;
	p = copy ? copy : copy_str(alloc_arena(t), s, n);
	sl->e[i].hash = h;
	atomic_store_explicit(&sl->e[i].str, p, memory_order_release);
	if (++t->count * 2 > sl->cap)
		grow(t);
	return p;
}

const char *pl_intern_n(struct pl_intern *t, const char *s, size_t n)
{
	/* long texts (descriptions, code blocks) through the four-lane hash:
	 * the one-lane one waits on a multiply every 8 bytes */
	uint64_t h = n >= 64 ? pl_checksum(s, n) : pl_hash_bytes(s, n);

	if (t->parent)
		return intern_shared(t->parent, s, n, h, t->copies);
	return t->shared ? intern_shared(t, s, n, h, NULL) : intern_locked(t, s, n, h, NULL);
}

const char *pl_intern(struct pl_intern *t, const char *s)
{
	return pl_intern_n(t, s, strlen(s));
}
