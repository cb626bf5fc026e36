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
#include <unistd.h>

#include "analyzer/util.h"

/* Whether the resolved path real is root itself or below it. */
static bool under_root(const char *real, const char *root_path)
{
	char *root = realpath(root_path, NULL);
	bool ok = false;

	if (!root)
		return false;
	size_t n = strlen(root);
	if (strcmp(root, "/") == 0)
		ok = true;
	else if (strncmp(real, root, n) == 0 && (real[n] == '/' || real[n] == '\0'))
		ok = true;
	free(root);
	return ok;
}

bool incpath_allowed(const char *found, const char *includer, const char *const *dirs,
                     unsigned n_dirs, char **real_out)
{
	char *real = realpath(found, NULL);
	bool ok = false;

	if (real_out)
		*real_out = NULL;
	if (!real)
		return true; /* not on disk: a buffer registered in the source manager */
	if (under_root(real, "."))
		ok = true;
	for (unsigned i = 0; !ok && i < n_dirs; i++)
		ok = under_root(real, dirs[i]);
	if (!ok && includer) {
		/* the including file's folder: its path up to the last slash */
		const char *slash = strrchr(includer, '/');
		if (slash) {
			size_t n = (size_t)(slash - includer);
			char *dir = pl_xmalloc(n + 2);
			memcpy(dir, includer, n ? n : 1);
			dir[n ? n : 1] = '\0';
			ok = under_root(real, dir);
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
