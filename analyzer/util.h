/*
 * util.h -- small shared utilities: allocation that never returns NULL,
 * growable byte buffers and vectors, and string helpers.
 *
 * Everything here is plain heap memory owned by the caller; the arena
 * (arena.h) is the home of long-lived analysis data.
 */
#ifndef PL_UTIL_H
#define PL_UTIL_H

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <string.h>

#if defined(__GNUC__)
#define PL_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define PL_NORETURN __attribute__((noreturn))
#define PL_NOINLINE __attribute__((noinline))
#else
#define PL_PRINTF(f, a)
#define PL_NORETURN
#define PL_NOINLINE
#endif

#define PL_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* Allocation that aborts with a message on out-of-memory. */
void *pl_xmalloc(size_t n);
void *pl_xcalloc(size_t count, size_t size);
/* Zeroed memory for one object of size bytes that a thread writes often,
 * on cache lines of its own (aligned to PL_CACHE_LINE and padded to a
 * multiple of it): two `-j` workers' arenas, allocated one after the
 * other, shared a line, and each bump allocation on one core evicted it
 * from the other.  Released with free(). */
#define PL_CACHE_LINE 64
void *pl_xcalloc_line(size_t size);
/* Write the zero bytes of freshly zeroed memory (calloc, an arena's zalloc)
 * that a hash table is about to probe: the first read of a never-touched
 * page maps the kernel's shared zero page, and the write that follows
 * faults again to replace it -- in a `-j` run, with a TLB flush on every
 * other core (an interprocessor interrupt, dear in a VM).  Writing first
 * faults each page in once.  Returns p. */
void *pl_touch_zeroed(void *p, size_t n);
void *pl_xrealloc(void *p, size_t n);
char *pl_xstrdup(const char *s);
char *pl_xstrndup(const char *s, size_t n);
PL_NORETURN void pl_die(const char *fmt, ...) PL_PRINTF(1, 2);

/* A growable, always NUL-terminated byte buffer.  Zero-initialize to use;
 * release with pl_buf_free. */
struct pl_buf {
	char *data;   /* contents, NUL-terminated once anything was added */
	size_t len;   /* bytes used, not counting the NUL */
	size_t cap;   /* bytes allocated */
};

void pl_buf_reserve(struct pl_buf *b, size_t extra);

/* Copy n bytes, n a run-time length often under 16, from src to dst
 * (not overlapping): up to 16 by two overlapping word copies that touch
 * only bytes of both, so that the short pieces a report is made of
 * (": ", a rule id, a line number) cost no call into memcpy and its
 * dispatch on the size. */
static inline void pl_mem_copy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (n > 16) {
		memcpy(d, s, n);
	} else if (n >= 8) {
		uint64_t x, y;
		memcpy(&x, s, 8);
		memcpy(&y, s + n - 8, 8);
		memcpy(d, &x, 8);
		memcpy(d + n - 8, &y, 8);
	} else if (n >= 4) {
		uint32_t x, y;
		memcpy(&x, s, 4);
		memcpy(&y, s + n - 4, 4);
		memcpy(d, &x, 4);
		memcpy(d + n - 4, &y, 4);
	} else if (n) {
		d[0] = s[0];
		d[n >> 1] = s[n >> 1];
		d[n - 1] = s[n - 1];
	}
}

/* Append s[0..n).  In line: reports and witnesses append many short
 * pieces, most of them literals whose length the compiler knows. */
static inline void pl_buf_add(struct pl_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap)
		pl_buf_reserve(b, n);
	pl_mem_copy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static inline void pl_buf_puts(struct pl_buf *b, const char *s)
{
	pl_buf_add(b, s, strlen(s));
}

void pl_buf_putc(struct pl_buf *b, char c);
void pl_buf_printf(struct pl_buf *b, const char *fmt, ...) PL_PRINTF(2, 3);
void pl_buf_vprintf(struct pl_buf *b, const char *fmt, va_list ap);
const char *pl_buf_cstr(struct pl_buf *b);  /* "" when empty */
void pl_buf_clear(struct pl_buf *b);
void pl_buf_free(struct pl_buf *b);
/* Hand the contents to the caller (free with free()); b is left empty. */
char *pl_buf_detach(struct pl_buf *b);

/* A growable vector of pointers.  Zero-initialize to use. */
struct pl_vec {
	void **items; /* elements */
	size_t len;   /* elements used */
	size_t cap;   /* elements allocated */
};

void pl_vec_push(struct pl_vec *v, void *item);
void pl_vec_free(struct pl_vec *v);

/* Pointer -> pointer map, open addressing on the key (a NULL key is not
 * stored; a NULL value is).  Zero-initialize; release with pl_ptrmap_free. */
struct pl_ptrmap_ent {
	const void *key;
	const void *val;
};
struct pl_ptrmap {
	struct pl_ptrmap_ent *v;
	unsigned cap, n;
};
/* Whether key is there; *val its value then. */
bool pl_ptrmap_get(const struct pl_ptrmap *m, const void *key, const void **val);
void pl_ptrmap_put(struct pl_ptrmap *m, const void *key, const void *val);
void pl_ptrmap_free(struct pl_ptrmap *m);

/* a[0..n) == b[0..n) for n <= 16, by overlapping word loads that read
 * only bytes of both: the intern table compares mostly names that short,
 * and a memcmp call cost more than the comparison. */
static inline bool pl_mem_eq_short(const void *pa, const void *pb, size_t n)
{
	const unsigned char *a = pa, *b = pb;

	if (n >= 8) {
		uint64_t x, y, u, v;
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		memcpy(&u, a + n - 8, 8);
		memcpy(&v, b + n - 8, 8);
		return x == y && u == v;
	}
	if (n >= 4) {
		uint32_t x, y, u, v;
		memcpy(&x, a, 4);
		memcpy(&y, b, 4);
		memcpy(&u, a + n - 4, 4);
		memcpy(&v, b + n - 4, 4);
		return x == y && u == v;
	}
	return n == 0 || (a[0] == b[0] && a[n >> 1] == b[n >> 1] && a[n - 1] == b[n - 1]);
}

/* The offset of the first terminal control character in s[0..n) -- a
 * byte below 0x20 other than tab (and newline when allow_nl), or DEL --
 * or n when there is none.  Reports scan every message and source line
 * they print for these, sixteen bytes at a time where SSE2 is there. */
size_t pl_find_ctl(const char *s, size_t n, bool allow_nl);

/* Whether t[0..tn) occurs in s[0..n).  Where SSE2 is there, sixteen
 * places at a time are tried for t's first and last bytes together, which
 * meet far more rarely than either alone (suppression directives are
 * looked for in every file a run reads, MLIR's own included ones too). */
bool pl_contains(const char *s, size_t n, const char *t, size_t tn);

/* The process is about to exit: memory mappings (arena blocks, mapped
 * source files) are then left to the kernel, which takes them all at once,
 * instead of being unmapped one by one (a few percent of a per-file
 * check; clang's -disable-free skips freeing at exit for the same reason).
 * Heap memory is still freed, so leak checkers see what they did. */
void pl_set_exiting(void);
bool pl_exiting(void);

/* Read a whole file into a NUL-terminated heap buffer.  Returns 0, or -1
 * with errno set; *out_len gets the byte count (without the NUL).  Only
 * regular files are read: a directory fails with EISDIR, anything else (a
 * FIFO, a device, a socket) with PL_ENOTREG, without blocking on it. */
int pl_read_file(char **out, size_t *out_len, const char *path);
/* pl_read_file, but a regular file of PL_MAP_MIN bytes or more is mapped
 * (*mapped) instead of copied when its size is not a multiple of the page
 * size: the rest of its last page reads as zeros, so the text is
 * NUL-terminated all the same.  Release with pl_unmap_file.  A mapped
 * file that another process truncates meanwhile faults on access (LLVM's
 * MemoryBuffer maps sources on the same terms): the first mapping installs
 * a SIGBUS handler that then reports it and exits with status 2. */
#define PL_MAP_MIN (16 * 1024)
int pl_map_file(const char **out, size_t *out_len, bool *mapped, const char *path);
void pl_unmap_file(const char *buf, size_t len, bool mapped);
/* errno of pl_read_file for a path that names neither a regular file nor
 * a directory; pl_strerror words it "not a regular file" (strerror would
 * say "Operation not supported"). */
#define PL_ENOTREG EOPNOTSUPP
/* Make folder dir and the folders above it that are missing.  Returns 0
 * (also when it was there), or -1 with errno set. */
int pl_mkdirs(const char *dir);
/* strerror(err), except for PL_ENOTREG. */
const char *pl_strerror(int err);
/* Largest file pl_read_file reads: more is an error with errno EFBIG
 * ("File too large"), never an endless read or an out-of-memory abort. */
#define PL_MAX_FILE_SIZE ((size_t)64 << 20)

/* A 64-bit hash of n bytes for hash tables (word at a time; the values
 * differ between builds). */
uint64_t pl_hash_bytes(const void *p, size_t n);
/* A 64-bit hash of a long buffer (file contents), faster per byte than
 * pl_hash_bytes; not the same values. */
uint64_t pl_checksum(const void *p, size_t n);

#endif /* PL_UTIL_H */
