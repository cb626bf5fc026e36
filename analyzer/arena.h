/*
 * arena.h -- the run's bump allocator.
 *
 * One arena per analysis run holds tokens, records, model nodes and
 * findings, and is released in one call: nothing allocated from it is ever
 * freed on its own.  Built with --enable-debug-arena, every allocation is a
 * separate malloc block that the arena tracks, so AddressSanitizer and
 * valgrind see overruns and reads after pl_arena_free.
 */
#ifndef PL_ARENA_H
#define PL_ARENA_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

struct pl_arena;

/* Create an empty arena; never returns NULL (aborts on OOM). */
struct pl_arena *pl_arena_new(void);
/* Release the arena and everything allocated from it. */
void pl_arena_free(struct pl_arena *a);
/* Release everything allocated from the arena, keeping its blocks for its
 * own next allocations (zeroed again as they are taken): for an arena that
 * is filled and emptied over and over, whose blocks would otherwise go to
 * other arenas and leave it fresh pages to fault in each time. */
void pl_arena_reset(struct pl_arena *a);

/* n bytes aligned for any object; uninitialized. */
void *pl_arena_alloc(struct pl_arena *a, size_t n);
/* n bytes, zeroed. */
void *pl_arena_zalloc(struct pl_arena *a, size_t n);
/* A NUL-terminated copy of s[0..n). */
char *pl_arena_strndup(struct pl_arena *a, const char *s, size_t n);
char *pl_arena_strdup(struct pl_arena *a, const char *s);
/* A printf-formatted string in the arena. */
char *pl_arena_printf(struct pl_arena *a, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
char *pl_arena_vprintf(struct pl_arena *a, const char *fmt, va_list ap)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 0)))
#endif
	;
/* Bytes handed out so far (for statistics). */
size_t pl_arena_used(const struct pl_arena *a);
/* Move everything child holds into a, and free child (not its memory):
 * what was allocated in child now lives as long as a.  Neither arena may
 * be in use by another thread. */
void pl_arena_adopt(struct pl_arena *a, struct pl_arena *child);

/* Whether a block's huge page that took ns nanoseconds to fault in was
 * slower than its 4 KiB pages would have been: then the run takes no
 * more huge pages (arena.c).  Exposed for the unit tests. */
bool pl_huge_slow(long ns);

#define PL_NEW(a, type) ((type *)pl_arena_zalloc((a), sizeof(type)))
#define PL_NEW_ARRAY(a, type, n) ((type *)pl_arena_zalloc((a), sizeof(type) * (n)))

#endif /* PL_ARENA_H */
