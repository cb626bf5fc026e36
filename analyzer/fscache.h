/*
 * fscache.h -- the file system as one run sees it: each path's stat(2),
 * lstat(2) and realpath(3) asked of the system once.
 *
 * The inputs of a tree search the same -I folders for the same include
 * names, and include confinement resolves the same folders for each: over
 * MLIR's corpus that was 25,000 system calls in one run, most of them
 * failing stats of the same candidates, a tenth of the run's time.  The
 * answers are the run's: a file that appears, goes or changes while a run
 * goes on is seen as it was when first asked about; a path whose folder
 * was found missing (or a file) fails without being asked.  Safe to share
 * between threads.  A NULL cache asks the system every time.
 */
#ifndef PL_FSCACHE_H
#define PL_FSCACHE_H

#include <stdbool.h>

struct pl_fscache;

struct pl_fscache *pl_fscache_new(void);
void pl_fscache_free(struct pl_fscache *c);

/* The file type bits (S_IFMT of st_mode) of path by stat(2) (follow) or
 * lstat(2); 0 when the call fails. */
unsigned pl_fscache_type(struct pl_fscache *c, const char *path, bool follow);

/* realpath(3) of path: a heap copy the caller frees, or NULL when it
 * fails. */
char *pl_fscache_realpath(struct pl_fscache *c, const char *path);

#endif /* PL_FSCACHE_H */
