/*
 * fscache.c -- fscache.h: answers kept by path in an open-addressing
 * table of entries.  The system is asked with the lock released (two
 * threads asking at once both ask; the answers are the same).
 */
#define _DEFAULT_SOURCE /* realpath, lstat */
#include "config.h"
#include "fscache.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "analyzer/cthreads.h"

enum { UNKNOWN = -1 };

struct entry {
	char *path;
	uint64_t hash;
	int type[2];      /* [follow]: file type bits, 0 failed, UNKNOWN not asked */
	bool real_known;  /* real was asked */
	char *real;       /* realpath, NULL when it failed */
};

struct pl_fscache {
	mtx_t lock;
	struct entry **slots; /* power-of-two capacity, at most half full */
	size_t cap, n;
};

struct pl_fscache *pl_fscache_new(void)
{
	struct pl_fscache *c = pl_xcalloc(1, sizeof(*c));

	mtx_init(&c->lock, mtx_plain);
	return c;
}

void pl_fscache_free(struct pl_fscache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->cap; i++)
		if (c->slots[i]) {
			free(c->slots[i]->path);
			free(c->slots[i]->real);
			free(c->slots[i]);
		}
	free(c->slots);
	mtx_destroy(&c->lock);
	free(c);
}

static struct entry **slot_of(struct entry **slots, size_t cap, const char *path, uint64_t h)
{
	size_t i = h & (cap - 1);

	while (slots[i] && !(slots[i]->hash == h && strcmp(slots[i]->path, path) == 0))
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

/* path's entry, made when new; called with the lock held. */
static struct entry *entry_of(struct pl_fscache *c, const char *path)
{
	uint64_t h = pl_hash_bytes(path, strlen(path));

	if ((c->n + 1) * 2 > c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 256;
		struct entry **slots = pl_xcalloc(cap, sizeof(*slots));
		for (size_t i = 0; i < c->cap; i++)
			if (c->slots[i])
				*slot_of(slots, cap, c->slots[i]->path, c->slots[i]->hash) = c->slots[i];
		free(c->slots);
		c->slots = slots;
		c->cap = cap;
	}
	struct entry **s = slot_of(c->slots, c->cap, path, h);
	if (!*s) {
		struct entry *e = pl_xcalloc(1, sizeof(*e));
		e->path = pl_xstrdup(path);
		e->hash = h;
		e->type[0] = e->type[1] = UNKNOWN;
		*s = e;
		c->n++;
	}
	return *s;
}

static unsigned ask_type(const char *path, bool follow)
{
	struct stat st;

	if ((follow ? stat(path, &st) : lstat(path, &st)) != 0)
		return 0;
	return (unsigned)(st.st_mode & S_IFMT);
}

/* The length of path's folder part ("a/b" of "a/b/c"), 0 when it has
 * none or it is the root. */
static size_t parent_len(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) : 0;
}

/* Whether a folder of path's (path[0..n), or one of its own folders) is
 * known, from an earlier stat(2), not to be a folder one can look into:
 * missing, or not a folder.  Called with the lock held; asks nothing. */
static bool known_no_folder(struct pl_fscache *c, const char *path, size_t n)
{
	char buf[4096];

	if (!n || n >= sizeof buf || !c->cap)
		return false;
	memcpy(buf, path, n);
	buf[n] = '\0';
	for (size_t m = n; m; m = parent_len(buf)) {
		buf[m] = '\0';
		struct entry *e = *slot_of(c->slots, c->cap, buf, pl_hash_bytes(buf, m));
		if (e && e->type[1] != UNKNOWN)
			return !S_ISDIR((unsigned)e->type[1]); /* its folders are folders */
	}
	return false;
}

/* Both stat(2) and lstat(2) of a path fail when its folder part does not
 * resolve to a folder (the kernel resolves the components in turn, "."
 * and ".." too).  Most of a tree's failing stats are include candidates
 * under -I folders that lack the include's first folder ("mlir/..." in
 * a project's own folder): after a failure the folder is asked too, and
 * the other candidates under it are answered without a system call (a
 * corpus run: 4,056 stats, 2,015 failing, 1,964 of those in a missing
 * folder; 2,863 stats now, 700 failing). */
unsigned pl_fscache_type(struct pl_fscache *c, const char *path, bool follow)
{
	if (!c)
		return ask_type(path, follow);
	size_t pl = parent_len(path);
	mtx_lock(&c->lock);
	struct entry *e = entry_of(c, path);
	int t = e->type[follow];
	if (t == UNKNOWN && known_no_folder(c, path, pl))
		t = e->type[follow] = 0;
	mtx_unlock(&c->lock);
	if (t != UNKNOWN)
		return (unsigned)t;
	unsigned asked = ask_type(path, follow);
	mtx_lock(&c->lock); /* e stays: the table moves, entries do not */
	e->type[follow] = (int)asked;
	mtx_unlock(&c->lock);
	if (!asked && pl) {
		/* for the siblings (the folder's own folder the same way) */
		char *dir = pl_xstrndup(path, pl);
		pl_fscache_type(c, dir, true);
		free(dir);
	}
	return asked;
}

/* realpath(3) of path from its folder's: a path whose last component is
 * a file or folder (lstat: not a symbolic link, not "." or "..") resolves
 * to its folder's real path and that component.  The folders of a tree
 * are then resolved once, where realpath(3) read every component of
 * every path again (a corpus run: 2,778 failing readlinks of the same
 * folders).  Anything else asks realpath(3). */
static char *resolve(struct pl_fscache *c, const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	unsigned type = pl_fscache_type(c, path, false);

	if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0 || type == 0 ||
	    S_ISLNK(type))
		return realpath(path, NULL);
	size_t dl = slash ? (size_t)(slash - path) : 0;
	while (dl > 0 && path[dl - 1] == '/')
		dl--;
	char *dir = slash ? pl_xstrndup(path, dl ? dl : 1) : pl_xstrdup(".");
	char *rdir = pl_fscache_realpath(c, dir);
	free(dir);
	if (!rdir)
		return realpath(path, NULL);
	size_t rl = strlen(rdir), bl = strlen(base);
	bool root = rl == 1 && rdir[0] == '/';
	char *real = pl_xmalloc(rl + 1 + bl + 1);
	memcpy(real, rdir, rl);
	if (!root)
		real[rl++] = '/';
	memcpy(real + rl, base, bl + 1);
	free(rdir);
	return real;
}

char *pl_fscache_realpath(struct pl_fscache *c, const char *path)
{
	if (!c)
		return realpath(path, NULL);
	mtx_lock(&c->lock);
	struct entry *e = entry_of(c, path);
	bool known = e->real_known;
	char *copy = known && e->real ? pl_xstrdup(e->real) : NULL;
	mtx_unlock(&c->lock);
	if (known)
		return copy;
	char *real = resolve(c, path);
	mtx_lock(&c->lock); /* e stays: the table moves, entries do not */
	if (!e->real_known) {
		e->real_known = true;
		e->real = real ? pl_xstrdup(real) : NULL;
	}
	mtx_unlock(&c->lock);
	return real;
}
