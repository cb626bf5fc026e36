/*
 * intern.h -- string interning: one copy of each distinct string, so that
 * names compare by pointer.
 *
 * An interned string is a NUL-terminated `const char *` that lives in the
 * table's arena; the table must outlive every user of its strings.  The
 * length is stored just before the characters (pl_intern_len).
 */
#ifndef PL_INTERN_H
#define PL_INTERN_H

#include <stddef.h>

struct pl_arena;
struct pl_intern;

struct pl_intern *pl_intern_new(struct pl_arena *arena);
/* Release the table (the strings stay in the arena until it is freed). */
void pl_intern_free(struct pl_intern *t);

/* The unique copy of s[0..n). */
const char *pl_intern_n(struct pl_intern *t, const char *s, size_t n);
/* The unique copy of NUL-terminated s. */
const char *pl_intern(struct pl_intern *t, const char *s);
/* Length of an interned string, in O(1). */
size_t pl_intern_len(const char *interned);

/* Sharing one table between threads (`check -j N`).  While a table is
 * shared, a string it holds is found without a lock and one it does not
 * is added under its lock.  A view is a thread's front to a shared
 * table: it interns in the shared table, so the strings it returns are
 * the shared table's, pointer-equal across threads.  A view is used by
 * one thread only; free views before unsharing.  While shared, the table
 * allocates in an arena of its own, which its arena adopts when the
 * sharing ends: the arena's owner may go on allocating there meanwhile.
 * A view made with an arena copies the strings it adds to the shared
 * table there, outside the table's lock; the arena must then outlive the
 * shared table's users too (NULL: the shared table copies them). */
void pl_intern_set_shared(struct pl_intern *t, int shared);
struct pl_intern *pl_intern_view_new(struct pl_intern *shared, struct pl_arena *copies);

#endif /* PL_INTERN_H */
