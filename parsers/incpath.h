/*
 * incpath.h -- include confinement, shared by the TableGen and PDLL
 * frontends.
 *
 * A file found for a TableGen `include` or a PDLL `#include` (by the
 * frontends' usual search: the name as given, from the working directory,
 * then each -I directory) is accepted only when, with symlinks and `..`
 * resolved, it lies under the working directory, an -I directory, or the
 * folder of the including file.  `--allow-include-outside` lifts this.
 * A linter runs in CI on whatever a contributor pushes: an include must
 * not read /etc/passwd into a report, nor block on /dev/stdin.
 */
#ifndef PL_INCPATH_H
#define PL_INCPATH_H

#include <stdbool.h>
#include <stddef.h>

/* The resolved paths of the roots asked about so far: an input's includes
 * ask about the same few roots each time, and each realpath(3) costs a
 * readlink(2) per path component.  Zero-initialize; one per parser (not
 * shared between threads). */
struct pl_fscache;

struct incpath_memo {
	size_t n, cap;
	struct incpath_root *roots;
	struct pl_fscache *fs; /* where lstat and realpath are asked, or NULL */
};

void incpath_memo_free(struct incpath_memo *memo);

/* Whether the existing file `found` may be included from the file
 * `includer` with include directories dirs[0..n_dirs).  A path that does
 * not name a file on disk (an in-memory buffer) is allowed.  When refused
 * and real_out is not NULL, *real_out is the resolved path (heap, caller
 * frees); otherwise it is set to NULL.  memo (may be NULL) keeps the
 * roots' resolved paths between calls. */
bool incpath_allowed(struct incpath_memo *memo, const char *found, const char *includer,
                     const char *const *dirs, unsigned n_dirs, char **real_out);

#endif /* PL_INCPATH_H */
