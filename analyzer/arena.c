/*
 * arena.c -- bump allocation in large blocks, released all at once.
 *
 * Analysis data has one lifetime, the run, so per-object free() would only
 * cost time and invite leaks.  The debug mode (PL_DEBUG_ARENA) keeps the
 * same interface but mallocs each object, so memory checkers can see it.
 *
 * Blocks start zeroed and no byte is handed out twice, so zeroed objects
 * (pl_arena_zalloc) cost no memset: the kernel has cleared the pages of a
 * fresh mapping anyway, and calloc clears only memory it reuses.
 *
 * An arena's first block is small; the following ones are 2 MiB, aligned
 * and in transparent huge pages while the system has them ready
 * (big_block_new): a run touches every page it
 * allocates, and faulting them in 4 KiB at a time was a tenth of a
 * typical check's time.  The first block is a mapping of
 * its own too: many arenas live briefly and use a few pages of it (the
 * access layer's, one per ODS op filled in from another input's records),
 * and calloc, once free() had raised glibc's mapping threshold, cleared
 * all 256 KiB of each from the heap (a third of a large run's importing).
 * Mapped blocks of a freed arena are kept for the next arenas, zeroed
 * again where they were used (keep_take), and at exit left to the kernel.
 */
#define _DEFAULT_SOURCE /* madvise */
#include "config.h"
#include "arena.h"
#include "util.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "analyzer/cthreads.h"
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define PL_ALIGN 16
#ifdef PL_DEBUG_ARENA
#define BLOCK_SIZE 0
#else
#define BLOCK_SIZE (256 * 1024)
#endif
#define BIG_BLOCK ((size_t)2 << 20) /* a huge page on x86-64 and arm64 */

struct block {
	struct block *next; /* previously filled block */
	size_t size;        /* usable bytes after the header for now: cap, or the
	                     * populated front of a big block (block_grow) */
	size_t used;        /* bytes handed out */
	size_t cap;         /* usable bytes after the header */
	bool mapped;        /* a mapping of its own (munmap it) */
	_Alignas(PL_ALIGN) unsigned char data[];
};

struct pl_arena {
	struct block *head;  /* block being filled; older ones follow */
	size_t total;        /* bytes handed out */
	struct block *spare; /* blocks a reset left for this arena to fill again */
};

/* Huge pages while the kernel has them ready.  A block marked for them
 * is faulted in at once (huge_fault) and timed: a
 * ready huge page costs ~0.2 ms, 2 MiB of 4 KiB pages ~1.1 ms, but a huge
 * page the kernel has to make first -- compaction, as after a process
 * that left memory in 4 KiB pieces, or, in a virtual machine, memory the
 * host took back -- 5-16 ms.  The ready huge pages are the ones a process
 * freed shortly before; once a run has used them up the rest come slow,
 * bar the odd page.  So the first block whose huge page took longer than
 * its 4 KiB pages would have (SLOW_NS) ends huge pages for the run, and
 * one thread at a time faults a huge page in (another that wants a block
 * meanwhile takes 4 KiB pages): two threads that each met a slow page
 * took 9-10 ms apiece.  (A back-off of 16 blocks, doubled after each
 * further slow fault, still met 2 slow faults in a corpus run at -j 1 and
 * 2-5 at -j 2, 10-35 ms of the run's CPU time.) */
#define SLOW_NS 2000000L

bool pl_huge_slow(long ns)
{
	return ns > SLOW_NS;
}

#ifndef PL_DEBUG_ARENA
/* A first block: a mapping of sizeof(struct block) + size bytes, whose
 * pages are zero and cost nothing until touched; NULL (then calloc). */
static struct block *small_block_new(size_t size)
{
#if defined(__linux__)
	void *p = mmap(NULL, sizeof(struct block) + size, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	struct block *b = p;
	b->size = b->cap = size;
	b->mapped = true;
	return b;
#else
	(void)size;
	return NULL;
#endif
}

#if defined(__linux__) && defined(MADV_HUGEPAGE)
static _Atomic bool huge_off;                       /* a slow fault was met */
static atomic_flag huge_busy = ATOMIC_FLAG_INIT;    /* a thread is faulting one in */

static long elapsed_ns(const struct timespec *a, const struct timespec *b)
{
	return (long)(b->tv_sec - a->tv_sec) * 1000000000L + (b->tv_nsec - a->tv_nsec);
}

/* Whether to ask for a huge page for the next block: not after a slow
 * fault, nor while another thread faults one in.  True claims the fault
 * (huge_done). */
static bool huge_wanted(void)
{
	if (atomic_load_explicit(&huge_off, memory_order_relaxed))
		return false;
	return !atomic_flag_test_and_set_explicit(&huge_busy, memory_order_acquire);
}

static void huge_done(void)
{
	atomic_flag_clear_explicit(&huge_busy, memory_order_release);
}

/* Fault the huge page of the block at a in now, and learn from its time
 * (above).  A write does it: a page fault holds only the block's
 * mapping, where MADV_POPULATE_WRITE would hold the process's memory map
 * lock (for reading) as long as the kernel takes to make the page. */
static void huge_fault(void *a)
{
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	*(volatile char *)a = 0;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (pl_huge_slow(elapsed_ns(&t0, &t1)))
		atomic_store_explicit(&huge_off, true, memory_order_relaxed);
	huge_done();
}

/* Address space for big blocks, mapped SPAN_BLOCKS blocks at a time, one
 * span advised for huge pages and one not (spans[huge]).  Mapping,
 * unmapping and advising take the process's memory map lock for writing,
 * which waits while a thread holds it for reading -- as populating a
 * block does, for a millisecond or more.  Mapped and advised block by
 * block, the two threads of a -j 2 corpus run waited 40-55 ms per run for
 * it. */
enum { SPAN_BLOCKS = 16 };
static struct span {
	char *next, *end;
} spans[2];
static mtx_t span_lock;
static once_flag span_once = ONCE_FLAG_INIT;

static void span_init(void)
{
	mtx_init(&span_lock, mtx_plain);
}

/* BIG_BLOCK bytes at a BIG_BLOCK boundary that no block had, from the
 * huge span or the other, or NULL. */
static char *span_take(bool huge)
{
	struct span *sp = &spans[huge];
	char *a = NULL;

	call_once(&span_once, span_init);
	mtx_lock(&span_lock);
	if (sp->next == sp->end) {
		size_t len = (SPAN_BLOCKS + 1) * BIG_BLOCK;
		char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p != MAP_FAILED) {
			char *s = (char *)(((uintptr_t)p + BIG_BLOCK - 1) & ~(uintptr_t)(BIG_BLOCK - 1));
			char *e = s + SPAN_BLOCKS * BIG_BLOCK;
			if (s > p)
				munmap(p, (size_t)(s - p));
			if (e < p + len)
				munmap(e, (size_t)(p + len - e));
			if (huge)
				madvise(s, (size_t)(e - s), MADV_HUGEPAGE);
			sp->next = s;
			sp->end = e;
		}
	}
	if (sp->next != sp->end) {
		a = sp->next;
		sp->next += BIG_BLOCK;
	}
	mtx_unlock(&span_lock);
	return a;
}
#endif

/* A big block of 4 KiB pages is populated POP_STEP bytes at a time, as
 * its arena reaches them (alloc_slow): a step's pages in one call rather
 * than a fault each, and an arena's last block -- most arenas' only big
 * one -- no further than it is filled.  With -j the rules and the pair
 * threads have arenas of their own, each with a last block: populated
 * whole, a -j 2 corpus run's blocks of 4 KiB pages reached a peak RSS
 * of 158 MiB, 150 MiB now (-j 1: 142 and 141 MiB).  A huge page is
 * faulted in whole either way. */
enum { POP_STEP = 256 * 1024 };

/* Populate b's pages up to at least upto usable bytes (at most cap). */
static void block_grow(struct block *b, size_t upto)
{
	/* the block starts at a BIG_BLOCK boundary: steps end on pages */
	size_t to = (sizeof(*b) + upto + POP_STEP - 1) / POP_STEP * POP_STEP - sizeof(*b);

	if (to > b->cap)
		to = b->cap;
#ifdef MADV_POPULATE_WRITE
	uintptr_t lo = (uintptr_t)(b->data + b->size) & ~(uintptr_t)4095;
	madvise((void *)lo, (uintptr_t)(b->data + to) - lo, MADV_POPULATE_WRITE);
#endif
	b->size = to;
}

/* A BIG_BLOCK-aligned mapping of BIG_BLOCK bytes, in a huge page when the
 * kernel has one ready (above), or NULL (then a malloc'd block does). */
static struct block *big_block_new(void)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	bool huge = huge_wanted();
	char *a = span_take(huge);
	if (!a) {
		if (huge)
			huge_done();
		return NULL;
	}
	if (huge)
		huge_fault(a); /* before anything is written there: it is timed */
	struct block *b = (struct block *)(void *)a;
	b->cap = b->size = BIG_BLOCK - sizeof(*b);
	if (!huge) {
#ifdef MADV_POPULATE_WRITE
		/* pages populated rather than faulted one by one: 100,000
		 * synthetic patterns 138,000 -> 39,000 page faults, 2.33 ->
		 * 2.19-2.28 s (the whole block then) */
		b->size = 0;
		block_grow(b, 0);
#endif
	}
	b->mapped = true;
	return b;
#else
	return NULL;
#endif
}
#endif

#ifndef PL_DEBUG_ARENA
/* Mapped blocks of freed arenas, kept for the next arenas: a run makes
 * and frees many short-lived ones (the access layer's, one per input and
 * one per ODS op filled in from another input's records), and each cost a
 * mapping, its first page faults and an unmapping; a kept huge block also
 * spares the next one's clearing of 2 MiB.  A kept block is zeroed again
 * where it was used (its used bytes) when it is taken. */
enum { KEEP_MAX = 8 };
static struct keep {
	struct block *b[KEEP_MAX];
	unsigned n;
} kept_small, kept_big;
static mtx_t keep_lock;
static once_flag keep_once = ONCE_FLAG_INIT;

static void keep_init(void)
{
	mtx_init(&keep_lock, mtx_plain);
}

/* A kept block of usable size size, zeroed, or NULL. */
static struct block *keep_take(size_t size)
{
	struct keep *k = size == BLOCK_SIZE ? &kept_small : &kept_big;
	struct block *b = NULL;

	call_once(&keep_once, keep_init);
	mtx_lock(&keep_lock);
	if (k->n)
		b = k->b[--k->n];
	mtx_unlock(&keep_lock);
	if (b) {
		memset(b->data, 0, b->used);
		b->used = 0;
	}
	return b;
}

/* Keep b if there is room; false when the caller should unmap it. */
static bool keep_put(struct block *b)
{
	struct keep *k = b->cap == BLOCK_SIZE ? &kept_small
	                 : b->cap == BIG_BLOCK - sizeof(*b) ? &kept_big : NULL;
	bool kept = false;

	if (!k)
		return false;
	call_once(&keep_once, keep_init);
	mtx_lock(&keep_lock);
	if (k->n < KEEP_MAX) {
		k->b[k->n++] = b;
		kept = true;
	}
	mtx_unlock(&keep_lock);
	return kept;
}
#endif

static void block_free(struct block *b)
{
#if defined(__linux__) && !defined(PL_DEBUG_ARENA)
	if (b->mapped) {
		/* at exit the kernel takes all mappings at once (util.h) */
		if (!pl_exiting() && !keep_put(b))
			munmap(b, sizeof(*b) + b->cap);
		return;
	}
#endif
	free(b);
}

struct pl_arena *pl_arena_new(void)
{
	/* written at every allocation: a line of its own (util.h) */
	return pl_xcalloc_line(sizeof(struct pl_arena));
}

static void chain_free(struct block *b)
{
	while (b) {
		struct block *next = b->next;
		block_free(b);
		b = next;
	}
}

void pl_arena_free(struct pl_arena *a)
{
	if (!a)
		return;
	chain_free(a->head);
	chain_free(a->spare);
	free(a);
}

void pl_arena_reset(struct pl_arena *a)
{
#ifdef PL_DEBUG_ARENA
	chain_free(a->head); /* each object its own block: nothing to fill again */
#else
	/* the head is the block filled last: pushed first, it comes out
	 * last, and the next fills take the blocks in the order they were
	 * filled (the small first block first) */
	struct block *b = a->head;
	while (b) {
		struct block *next = b->next;
		b->next = a->spare;
		a->spare = b;
		b = next;
	}
#endif
	a->head = NULL;
	a->total = 0;
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
	while (child->spare) {
		struct block *b = child->spare;
		child->spare = b->next;
		b->next = a->spare;
		a->spare = b;
	}
	free(child);
}

/* pl_arena_alloc when the head block has no room (or in the debug
 * arena): a new block; need is n rounded up, already counted in total. */
static PL_NOINLINE void *alloc_slow(struct pl_arena *a, size_t n, size_t need)
{
	struct block *b = a->head;

#ifdef PL_DEBUG_ARENA
	(void)need;
	b = pl_xmalloc(sizeof(*b) + n);
	b->size = b->used = b->cap = n;
	b->mapped = false;
	b->next = a->head;
	a->head = b;
	return b->data;
#else
	(void)n;
	if (b && b->size < b->cap) {
		/* the head block's next pages */
		size_t start = (b->used + PL_ALIGN - 1) & ~(size_t)(PL_ALIGN - 1);
		if (start <= b->cap && b->cap - start >= need) {
			block_grow(b, start + need);
			b->used = start + need;
			return b->data + start;
		}
	}
	size_t size = need > BLOCK_SIZE / 4 ? need : BLOCK_SIZE;
	struct block *nb = NULL;
	if (a->spare && a->spare->cap >= size && size <= BIG_BLOCK) {
		/* a block of this arena's before a reset: zeroed where used */
		nb = a->spare;
		a->spare = nb->next;
		memset(nb->data, 0, nb->used);
		size = nb->cap;
	} else if (b && size == BLOCK_SIZE) {
		/* past the first block: a huge page */
		size = BIG_BLOCK - sizeof(*nb);
		if (!(nb = keep_take(size)) && !(nb = big_block_new()))
			size = BLOCK_SIZE;
	} else if (!b && size == BLOCK_SIZE) {
		if (!(nb = keep_take(size)))
			nb = small_block_new(size);
	}
	if (!nb) {
		/* zeroed, as a mapping is (pl_arena_zalloc) */
		nb = pl_xcalloc(1, sizeof(*nb) + size);
		nb->size = nb->cap = size;
		nb->mapped = false;
	}
	if (nb->size < need)
		block_grow(nb, need);
	nb->used = need;
	if (b && size == need && b->size - b->used >= PL_ALIGN * 64) {
		/* A big object: keep filling the current block. */
		nb->next = b->next;
		b->next = nb;
		return nb->data;
	}
	nb->next = b;
	a->head = nb;
	return nb->data;
#endif
}

void *pl_arena_alloc(struct pl_arena *a, size_t n)
{
	size_t need = (n + PL_ALIGN - 1) & ~(size_t)(PL_ALIGN - 1);

	if (need == 0)
		need = PL_ALIGN;
	a->total += need;
#ifndef PL_DEBUG_ARENA
	struct block *b = a->head;
	if (b) {
		/* string text (alloc_text) leaves used unaligned */
		size_t start = (b->used + PL_ALIGN - 1) & ~(size_t)(PL_ALIGN - 1);
		if (start <= b->size && b->size - start >= need) {
			b->used = start + need;
			return b->data + start;
		}
	}
#endif
	return alloc_slow(a, n, need);
}

/* n bytes of string text, not aligned: messages and names are most of
 * what a large run allocates, and rounding each up to PL_ALIGN wasted
 * half a line apiece. */
static char *alloc_text(struct pl_arena *a, size_t n)
{
#ifndef PL_DEBUG_ARENA
	struct block *b = a->head;

	if (b && b->size - b->used >= n && n) {
		char *p = (char *)b->data + b->used;
		b->used += n;
		a->total += n;
		return p;
	}
#endif
	return pl_arena_alloc(a, n);
}

void *pl_arena_zalloc(struct pl_arena *a, size_t n)
{
	void *p = pl_arena_alloc(a, n);

#ifdef PL_DEBUG_ARENA
	memset(p, 0, n);
#endif
	/* Otherwise p is zero already: blocks start zeroed (fresh mappings,
	 * or calloc) and the arena hands out each byte once. */
	return p;
}

char *pl_arena_strndup(struct pl_arena *a, const char *s, size_t n)
{
	char *p = alloc_text(a, n + 1);

	if (n)
		memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *pl_arena_strdup(struct pl_arena *a, const char *s)
{
	return pl_arena_strndup(a, s, strlen(s));
}

/* ---- formatting ----------------------------------------------------------
 * Messages are formatted by the ten thousand on a large input (every
 * finding and note), nearly all from formats made of plain text, %s, %u
 * and %d.  Those are formatted here in two cheap passes (measure, then
 * write into an exact-size arena block); any other format (flags, widths,
 * precisions, other conversions) goes to vsnprintf, with the same result. */

/* Length modifiers the fast path accepts. */
enum { LM_NONE = 0, LM_L, LM_LL, LM_Z };

/* Parse the conversion after a '%': its letter and length modifier, and
 * the text after it; NULL when the fast path does not handle it. */
static const char *simple_spec(const char *p, char *conv, int *lm)
{
	int l = LM_NONE;

	if (p[0] == 'l' && p[1] == 'l') {
		l = LM_LL;
		p += 2;
	} else if (p[0] == 'l') {
		l = LM_L;
		p++;
	} else if (p[0] == 'z') {
		l = LM_Z;
		p++;
	}
	switch (*p) {
	case 's':
	case 'c':
	case '%':
		if (l != LM_NONE)
			return NULL;
		break;
	case 'd':
	case 'i':
		if (l == LM_Z)
			return NULL;
		break;
	case 'u':
		break;
	default:
		return NULL;
	}
	*conv = *p;
	*lm = l;
	return p + 1;
}

/* Decimal digits of v, written backwards ending at end; returns the start. */
static char *utoa_back(char *end, unsigned long long v)
{
	do
		*--end = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	return end;
}

/* One pass over a format: write what fits of it to out[0..cap) (no
 * terminating NUL); returns its whole length, or SIZE_MAX when fmt holds
 * a conversion simple_spec does not take. */
static size_t simple_format(char *out, size_t cap, const char *fmt, va_list ap)
{
	size_t n = 0;
	const char *p = fmt;

	for (;;) {
		const char *q = strchr(p, '%');
		size_t lit = q ? (size_t)(q - p) : strlen(p);
		if (n + lit <= cap)
			pl_mem_copy(out + n, p, lit);
		n += lit;
		if (!q)
			break;
		char conv = '%', num[24], *digits = num + sizeof num;
		const char *arg = digits;
		size_t alen = 0;
		int lm = LM_NONE;
		p = simple_spec(q + 1, &conv, &lm);
		if (!p)
			return SIZE_MAX;
		switch (conv) {
		case '%':
			arg = "%";
			alen = 1;
			break;
		case 'c':
			num[0] = (char)va_arg(ap, int);
			arg = num;
			alen = 1;
			break;
		case 's':
			arg = va_arg(ap, const char *);
			if (!arg)
				arg = "(null)"; /* as glibc prints it */
			alen = strlen(arg);
			break;
		case 'u': {
			unsigned long long v = lm == LM_LL ? va_arg(ap, unsigned long long)
			                     : lm == LM_L ? va_arg(ap, unsigned long)
			                     : lm == LM_Z ? va_arg(ap, size_t)
			                                  : va_arg(ap, unsigned);
			arg = utoa_back(digits, v);
			alen = (size_t)(digits - arg);
			break;
		}
		default: { /* d, i */
			long long v = lm == LM_LL ? va_arg(ap, long long)
			            : lm == LM_L ? va_arg(ap, long) : va_arg(ap, int);
			unsigned long long mag = v < 0 ? 0ull - (unsigned long long)v
			                               : (unsigned long long)v;
			char *d = utoa_back(digits, mag);
			if (v < 0)
				*--d = '-';
			arg = d;
			alen = (size_t)(digits - d);
			break;
		}
		}
		if (n + alen <= cap)
			pl_mem_copy(out + n, arg, alen);
		n += alen;
	}
	return n;
}

char *pl_arena_vprintf(struct pl_arena *a, const char *fmt, va_list ap)
{
	va_list ap2;
	char *p;
	int n;
	/* One formatting pass into a stack buffer for short results (names,
	 * messages), a second only for longer ones. */
	char small[512];

	va_copy(ap2, ap);
	size_t len = simple_format(small, sizeof small, fmt, ap2);
	va_end(ap2);
	if (len != SIZE_MAX) {
		p = alloc_text(a, len + 1);
		if (len <= sizeof small) {
			memcpy(p, small, len);
		} else {
			va_copy(ap2, ap);
			simple_format(p, len, fmt, ap2);
			va_end(ap2);
		}
		p[len] = '\0';
		return p;
	}

	va_copy(ap2, ap);
	n = vsnprintf(small, sizeof small, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		n = 0;
	if ((size_t)n < sizeof small)
		return pl_arena_strndup(a, small, (size_t)n);
	p = alloc_text(a, (size_t)n + 1);
	va_copy(ap2, ap);
	vsnprintf(p, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	return p;
}

char *pl_arena_printf(struct pl_arena *a, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	char *p = pl_arena_vprintf(a, fmt, ap);
	va_end(ap);
	return p;
}

size_t pl_arena_used(const struct pl_arena *a)
{
	return a->total;
}
