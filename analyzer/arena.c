/*
 * arena.c -- bump allocation in large blocks, released all at once.
 *
 * Analysis data has one lifetime, the run, so per-object free() would only
 * cost time and invite leaks.  The debug mode (PL_DEBUG_ARENA) keeps the
 * same interface but mallocs each object, so memory checkers can see it.
 */
#include "config.h"
#include "arena.h"
#include "util.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PL_ALIGN 16
#ifdef PL_DEBUG_ARENA
#define BLOCK_SIZE 0
#else
#define BLOCK_SIZE (256 * 1024)
#endif

struct block {
	struct block *next; /* previously filled block */
	size_t size;        /* usable bytes after the header */
	size_t used;        /* bytes handed out */
	_Alignas(PL_ALIGN) unsigned char data[];
};

struct pl_arena {
	struct block *head; /* block being filled; older ones follow */
	size_t total;       /* bytes handed out */
};

struct pl_arena *pl_arena_new(void)
{
	return pl_xcalloc(1, sizeof(struct pl_arena));
}

void pl_arena_free(struct pl_arena *a)
{
	if (!a)
		return;
	struct block *b = a->head;
	while (b) {
		struct block *next = b->next;
		free(b);
		b = next;
	}
	free(a);
}

void pl_arena_adopt(struct pl_arena *a, struct pl_arena *child)
{
	struct block *tail = child->head;

	if (tail) {
		while (tail->next)
			tail = tail->next;
		/* Behind a's head, so that a goes on filling its current block. */
		if (a->head) {
			tail->next = a->head->next;
			a->head->next = child->head;
		} else {
			a->head = child->head;
		}
	}
	a->total += child->total;
	free(child);
}

void *pl_arena_alloc(struct pl_arena *a, size_t n)
{
	size_t need = (n + PL_ALIGN - 1) & ~(size_t)(PL_ALIGN - 1);
	struct block *b = a->head;

	if (need == 0)
		need = PL_ALIGN;
	a->total += need;
#ifdef PL_DEBUG_ARENA
	b = pl_xmalloc(sizeof(*b) + n);
	b->size = b->used = n;
	b->next = a->head;
	a->head = b;
	return b->data;
#else
	if (!b || b->size - b->used < need) {
		size_t size = need > BLOCK_SIZE / 4 ? need : BLOCK_SIZE;
		struct block *nb = pl_xmalloc(sizeof(*nb) + size);
		nb->size = size;
		nb->used = 0;
		if (b && size == need && b->size - b->used >= PL_ALIGN * 64) {
			/* A big object: keep filling the current block. */
			nb->next = b->next;
			b->next = nb;
			nb->used = need;
			return nb->data;
		}
		nb->next = b;
		a->head = b = nb;
	}
	void *p = b->data + b->used;
	b->used += need;
	return p;
#endif
}

void *pl_arena_zalloc(struct pl_arena *a, size_t n)
{
	void *p = pl_arena_alloc(a, n);

	memset(p, 0, n);
	return p;
}

char *pl_arena_strndup(struct pl_arena *a, const char *s, size_t n)
{
	char *p = pl_arena_alloc(a, n + 1);

	if (n)
		memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *pl_arena_strdup(struct pl_arena *a, const char *s)
{
	return pl_arena_strndup(a, s, strlen(s));
}

char *pl_arena_printf(struct pl_arena *a, const char *fmt, ...)
{
	va_list ap, ap2;
	int n;

	char small[256];

	/* One formatting pass into a stack buffer for short results (names,
	 * messages), a second only for longer ones. */
	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	if ((size_t)n < sizeof small) {
		va_end(ap2);
		return pl_arena_strndup(a, small, (size_t)n);
	}
	char *p = pl_arena_alloc(a, (size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	return p;
}

size_t pl_arena_used(const struct pl_arena *a)
{
	return a->total;
}
