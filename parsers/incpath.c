/*
 * incpath.c -- include confinement: is a found include file under one of
 * the allowed roots (working directory, -I directories, the including
 * file's folder), once symlinks and `..` are resolved with realpath?
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include "config.h"
#include "parsers/incpath.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/fscache.h"
#include "analyzer/util.h"

struct incpath_root {
	char *path; /* as asked */
	char *real; /* resolved, or NULL when realpath failed */
};

void incpath_memo_free(struct incpath_memo *memo)
{
	for (size_t i = 0; i < memo->n; i++) {
		free(memo->roots[i].path);
		free(memo->roots[i].real);
	}
	free(memo->roots);
	memo->roots = NULL;
	memo->n = memo->cap = 0;
}

/* root_path resolved: from the memo, else realpath(3) (kept in the memo
 * when there is one; *owned tells the caller to free it otherwise). */
static char *root_real(struct incpath_memo *memo, const char *root_path, bool *owned)
{
	*owned = false;
	if (!memo) {
		*owned = true;
		return realpath(root_path, NULL);
	}
	for (size_t i = 0; i < memo->n; i++)
		if (strcmp(memo->roots[i].path, root_path) == 0)
			return memo->roots[i].real;
	if (memo->n == memo->cap) {
		memo->cap = memo->cap ? 2 * memo->cap : 8;
		memo->roots = pl_xrealloc(memo->roots, memo->cap * sizeof(*memo->roots));
	}
	struct incpath_root *r = &memo->roots[memo->n++];
	r->path = pl_xstrdup(root_path);
	r->real = pl_fscache_realpath(memo->fs, root_path);
	return r->real;
}

/* Whether the resolved path real is root itself or below it. */
static bool under_root(struct incpath_memo *memo, const char *real, const char *root_path)
{
	bool owned;
	char *root = root_real(memo, root_path, &owned);
	bool ok = false;

	if (!root)
		return false;
	size_t n = strlen(root);
	if (strcmp(root, "/") == 0)
		ok = true;
	else if (strncmp(real, root, n) == 0 && (real[n] == '/' || real[n] == '\0'))
		ok = true;
	if (owned)
		free(root);
	return ok;
}

/* found resolved (heap), or NULL when it is not on disk.  With a memo,
 * the folder's resolved path comes from it and only the last component is
 * looked at: when that is a plain name and not a symbolic link, the file's
 * real path is its folder's followed by the name. */
static char *found_real(struct incpath_memo *memo, const char *found)
{
	const char *slash = strrchr(found, '/');
	const char *base = slash ? slash + 1 : found;
	unsigned type;

	if (!memo || !*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0 ||
	    !(type = pl_fscache_type(memo->fs, found, false)) || S_ISLNK(type))
		return pl_fscache_realpath(memo ? memo->fs : NULL, found);
	char *dir = slash ? pl_xstrndup(found, slash == found ? 1 : (size_t)(slash - found))
	                  : pl_xstrdup(".");
	bool owned;
	char *dreal = root_real(memo, dir, &owned);
	free(dir);
	if (!dreal)
		return pl_fscache_realpath(memo->fs, found);
	struct pl_buf b = {0};
	pl_buf_puts(&b, dreal);
	if (strcmp(dreal, "/") != 0)
		pl_buf_putc(&b, '/');
	pl_buf_puts(&b, base);
	return pl_buf_detach(&b);
}

bool incpath_allowed(struct incpath_memo *memo, const char *found, const char *includer,
                     const char *const *dirs, unsigned n_dirs, char **real_out)
{
	char *real = found_real(memo, found);
	bool ok = false;

	if (real_out)
		*real_out = NULL;
	if (!real)
		return true; /* not on disk: a buffer registered in the source manager */
	if (under_root(memo, real, "."))
		ok = true;
	for (unsigned i = 0; !ok && i < n_dirs; i++)
		ok = under_root(memo, real, dirs[i]);
	if (!ok && includer) {
		/* the including file's folder: its path up to the last slash */
		const char *slash = strrchr(includer, '/');
		if (slash) {
			size_t n = (size_t)(slash - includer);
			char *dir = pl_xmalloc(n + 2);
			memcpy(dir, includer, n ? n : 1);
			dir[n ? n : 1] = '\0';
			ok = under_root(memo, real, dir);
			free(dir);
		}
	}
	if (!ok && real_out) {
		*real_out = real;
		return false;
	}
	free(real);
	return ok;
}
