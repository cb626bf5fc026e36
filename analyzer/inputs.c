/*
 * inputs.c -- directory walking and de-duplication of input paths.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include "config.h"
#include "inputs.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyzer/fscache.h"

#define MAX_DEPTH 64

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

enum pl_input_kind pl_input_kind(const char *path)
{
	if (ends_with(path, ".td"))
		return PL_INPUT_TD;
	if (ends_with(path, ".pdll"))
		return PL_INPUT_PDLL;
	if (ends_with(path, ".mlir"))
		return PL_INPUT_MLIR;
	return PL_INPUT_OTHER;
}

static int walk(struct pl_vec *out, const char *dir, int depth)
{
	DIR *d;
	struct dirent *e;
	int rc = 0;

	if (depth > MAX_DEPTH) {
		fprintf(stderr, "patlint: %s: directories nested deeper than %d, not descending\n", dir,
		        MAX_DEPTH);
		return -1;
	}
	d = opendir(dir);
	if (!d) {
		fprintf(stderr, "patlint: cannot open directory '%s': %s\n", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		struct pl_buf p = {0};
		struct stat st;

		if (e->d_name[0] == '.')
			continue; /* ., .., and hidden folders such as .git */
		pl_buf_printf(&p, "%s%s%s", dir, ends_with(dir, "/") ? "" : "/", e->d_name);
		/* symbolic links are not followed, and only regular files are
		 * taken: a FIFO or a device under the tree would block or never end */
		if (lstat(p.data, &st) != 0) {
			pl_buf_free(&p);
		} else if (S_ISDIR(st.st_mode)) {
			if (walk(out, p.data, depth + 1) < 0)
				rc = -1;
			pl_buf_free(&p);
		} else if (S_ISREG(st.st_mode) && (pl_input_kind(p.data) == PL_INPUT_TD ||
		                                   pl_input_kind(p.data) == PL_INPUT_PDLL)) {
			pl_vec_push(out, pl_buf_detach(&p));
		} else {
			pl_buf_free(&p);
		}
	}
	closedir(d);
	return rc;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int pl_inputs_collect(struct pl_fscache *fs, struct pl_vec *out, const char *const *paths,
                      size_t n)
{
	static const char *const here[] = {"."};
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (n == 0) {
		paths = here;
		n = 1;
	}
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (stat(paths[i], &st) != 0) {
			fprintf(stderr, "patlint: %s: %s\n", paths[i], strerror(errno));
			rc = -1;
		} else if (S_ISDIR(st.st_mode)) {
			if (walk(out, paths[i], 0) < 0)
				rc = -1;
		} else if (!S_ISREG(st.st_mode)) {
			/* a FIFO would block the read, a device never end */
			fprintf(stderr, "patlint: %s: %s\n", paths[i], pl_strerror(PL_ENOTREG));
			rc = -1;
		} else if (pl_input_kind(paths[i]) == PL_INPUT_TD ||
		           pl_input_kind(paths[i]) == PL_INPUT_PDLL) {
			pl_vec_push(out, pl_xstrdup(paths[i]));
		} else {
			fprintf(stderr, "patlint: %s: not a .td or .pdll file\n", paths[i]);
			rc = -1;
		}
	}
	/* Sort by real path and drop files named twice. */
	for (size_t i = 0; i < out->len; i++) {
		char *real = pl_fscache_realpath(fs, out->items[i]);
		if (real) {
			/* keep the spelling the user gave, but order and dedupe by the real path:
			 * store "real\0given" */
			size_t a = strlen(real), b = strlen(out->items[i]);
			char *both = pl_xmalloc(a + b + 2);
			memcpy(both, real, a + 1);
			memcpy(both + a + 1, out->items[i], b + 1);
			free(real);
			free(out->items[i]);
			out->items[i] = both;
		} else {
			size_t b = strlen(out->items[i]);
			char *both = pl_xmalloc(2 * b + 2);
			memcpy(both, out->items[i], b + 1);
			memcpy(both + b + 1, out->items[i], b + 1);
			free(out->items[i]);
			out->items[i] = both;
		}
	}
	if (out->len)
		qsort(out->items, out->len, sizeof(void *), cmp_path);
	size_t k = 0;
	for (size_t i = 0; i < out->len; i++) {
		char *both = out->items[i];
		if (k && strcmp(both, out->items[k - 1]) == 0) {
			free(both);
			continue;
		}
		out->items[k++] = both;
	}
	out->len = k;
	for (size_t i = 0; i < out->len; i++) {
		char *both = out->items[i];
		char *given = pl_xstrdup(both + strlen(both) + 1);
		free(both);
		out->items[i] = given;
	}
	return rc;
}

void pl_inputs_free(struct pl_vec *files)
{
	for (size_t i = 0; i < files->len; i++)
		free(files->items[i]);
	pl_vec_free(files);
}
