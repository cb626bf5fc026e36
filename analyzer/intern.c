/*
 * intern.c -- open-addressing hash set of strings, backed by an arena.
 */
#include "config.h"
#include "intern.h"
#include "arena.h"
#include "util.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "analyzer/cthreads.h"

struct entry {
	const char *str; /* interned string, NULL when the slot is empty */
	uint64_t hash;   /* full hash of the string */
};

struct pl_intern {
	struct pl_arena *arena; /* where the strings live (NULL in a view) */
	struct entry *slots;    /* power-of-two sized table */
	bool slots_in_arena;    /* slots came from arena (after the first growth) */
	size_t cap;             /* slots allocated */
	size_t count;           /* slots used */
	struct pl_intern *parent; /* a view: the shared table it fronts */
	bool shared;            /* calls take lock */
	struct pl_arena *names; /* while shared: where new strings and tables go (the
	                         * owner of arena goes on allocating there: -j's main
	                         * thread imports beside the workers); arena adopts it
	                         * when the sharing ends */
	mtx_t lock;             /* guards a shared table */
};

struct pl_intern *pl_intern_new(struct pl_arena *arena)
{
	/* a -j worker's view is written at each name it learns */
	struct pl_intern *t = pl_xcalloc_line(sizeof(*t));

	t->arena = arena;
	t->cap = 1024;
	t->slots = pl_xcalloc(t->cap, sizeof(*t->slots));
	mtx_init(&t->lock, mtx_plain);
	return t;
}

struct pl_intern *pl_intern_view_new(struct pl_intern *shared)
{
	struct pl_intern *t = pl_intern_new(NULL);

	t->parent = shared;
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
	if (!t->slots_in_arena)
		free(t->slots);
	if (t->names)
		pl_arena_adopt(t->arena, t->names);
	mtx_destroy(&t->lock);
	free(t);
}

/* A table of strings from an arena grows in that arena: its pages are
 * mostly faulted in and cleared already (huge pages), where a calloc'd
 * table of 512 KiB faulted in 128 pages anew at every doubling.  The
 * outgrown tables stay in the arena. */
static void grow(struct pl_intern *t)
{
	size_t ncap = t->cap * 2;
	struct pl_arena *a = alloc_arena(t);
	struct entry *ns = a ? pl_arena_zalloc(a, ncap * sizeof(*ns)) : pl_xcalloc(ncap, sizeof(*ns));

	pl_touch_zeroed(ns, ncap * sizeof(*ns)); /* probed below and after */

	for (size_t i = 0; i < t->cap; i++) {
		if (!t->slots[i].str)
			continue;
		size_t j = t->slots[i].hash & (ncap - 1);
		while (ns[j].str)
			j = (j + 1) & (ncap - 1);
		ns[j] = t->slots[i];
	}
	if (!t->slots_in_arena)
		free(t->slots);
	t->slots = ns;
	t->slots_in_arena = a != NULL;
	t->cap = ncap;
}

size_t pl_intern_len(const char *interned)
{
	size_t n;

	memcpy(&n, interned - sizeof(size_t), sizeof(n));
	return n;
}

static const char *intern_hashed(struct pl_intern *t, const char *s, size_t n, uint64_t h)
{
	size_t i = h & (t->cap - 1);

	while (t->slots[i].str) {
		const char *e = t->slots[i].str;
		if (t->slots[i].hash == h && pl_intern_len(e) == n &&
		    (n <= 16 ? pl_mem_eq_short(e, s, n) : memcmp(e, s, n) == 0))
			return e;
		i = (i + 1) & (t->cap - 1);
	}
	const char *p;
	if (t->parent) {
		mtx_lock(&t->parent->lock);
		p = intern_hashed(t->parent, s, n, h);
		mtx_unlock(&t->parent->lock);
	} else {
		char *q = pl_arena_alloc(alloc_arena(t), sizeof(size_t) + n + 1);
		memcpy(q, &n, sizeof(size_t));
		q += sizeof(size_t);
		if (n)
			memcpy(q, s, n);
		q[n] = '\0';
		p = q;
	}
	t->slots[i].str = p;
	t->slots[i].hash = h;
	if (++t->count * 2 > t->cap)
		grow(t);
	return p;
}

const char *pl_intern_n(struct pl_intern *t, const char *s, size_t n)
{
	/* long texts (descriptions, code blocks) through the four-lane hash:
	 * the one-lane one waits on a multiply every 8 bytes */
	uint64_t h = n >= 64 ? pl_checksum(s, n) : pl_hash_bytes(s, n);

	if (!t->shared)
		return intern_hashed(t, s, n, h);
	mtx_lock(&t->lock);
	const char *p = intern_hashed(t, s, n, h);
	mtx_unlock(&t->lock);
	return p;
}

const char *pl_intern(struct pl_intern *t, const char *s)
{
	return pl_intern_n(t, s, strlen(s));
}
