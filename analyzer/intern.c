/*
 * intern.c -- open-addressing hash set of strings, backed by an arena.
 */
#include "config.h"
#include "intern.h"
#include "arena.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	const char *str; /* interned string, NULL when the slot is empty */
	uint64_t hash;   /* full hash of the string */
};

struct pl_intern {
	struct pl_arena *arena; /* where the strings live */
	struct entry *slots;    /* power-of-two sized table */
	size_t cap;             /* slots allocated */
	size_t count;           /* slots used */
};

struct pl_intern *pl_intern_new(struct pl_arena *arena)
{
	struct pl_intern *t = pl_xcalloc(1, sizeof(*t));

	t->arena = arena;
	t->cap = 1024;
	t->slots = pl_xcalloc(t->cap, sizeof(*t->slots));
	return t;
}

void pl_intern_free(struct pl_intern *t)
{
	if (!t)
		return;
	free(t->slots);
	free(t);
}

static void grow(struct pl_intern *t)
{
	size_t ncap = t->cap * 2;
	struct entry *ns = pl_xcalloc(ncap, sizeof(*ns));

	for (size_t i = 0; i < t->cap; i++) {
		if (!t->slots[i].str)
			continue;
		size_t j = t->slots[i].hash & (ncap - 1);
		while (ns[j].str)
			j = (j + 1) & (ncap - 1);
		ns[j] = t->slots[i];
	}
	free(t->slots);
	t->slots = ns;
	t->cap = ncap;
}

size_t pl_intern_len(const char *interned)
{
	size_t n;

	memcpy(&n, interned - sizeof(size_t), sizeof(n));
	return n;
}

const char *pl_intern_n(struct pl_intern *t, const char *s, size_t n)
{
	uint64_t h = pl_hash_bytes(s, n);
	size_t i = h & (t->cap - 1);

	while (t->slots[i].str) {
		const char *e = t->slots[i].str;
		if (t->slots[i].hash == h && pl_intern_len(e) == n && memcmp(e, s, n) == 0)
			return e;
		i = (i + 1) & (t->cap - 1);
	}
	char *p = pl_arena_alloc(t->arena, sizeof(size_t) + n + 1);
	memcpy(p, &n, sizeof(size_t));
	p += sizeof(size_t);
	if (n)
		memcpy(p, s, n);
	p[n] = '\0';
	t->slots[i].str = p;
	t->slots[i].hash = h;
	if (++t->count * 2 > t->cap)
		grow(t);
	return p;
}

const char *pl_intern(struct pl_intern *t, const char *s)
{
	return pl_intern_n(t, s, strlen(s));
}
