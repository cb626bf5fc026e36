/*
 * util.c -- allocation wrappers, byte buffers, pointer vectors and file
 * reading shared by every module.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* madvise */
#include "config.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "analyzer/cthreads.h"
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

void pl_die(const char *fmt, ...)
{
	va_list ap;

	fputs("patlint: fatal: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

void *pl_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		pl_die("out of memory allocating %zu bytes", n);
	return p;
}

void *pl_xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);

	if (!p)
		pl_die("out of memory allocating %zu x %zu bytes", count, size);
	return p;
}

void *pl_xcalloc_line(size_t size)
{
	size_t n = (size + PL_CACHE_LINE - 1) / PL_CACHE_LINE * PL_CACHE_LINE;
	void *p = aligned_alloc(PL_CACHE_LINE, n ? n : PL_CACHE_LINE);

	if (!p)
		pl_die("out of memory allocating %zu bytes", n);
	memset(p, 0, n ? n : PL_CACHE_LINE);
	return p;
}

void *pl_touch_zeroed(void *p, size_t n)
{
	/* one byte per 4 KiB page; volatile, or the compiler may drop stores
	 * of the zero it can see the memory holds (after calloc) */
	volatile char *b = p;

#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
	/* The whole pages in one call where the kernel has it (5.14): the
	 * value and intern tables' growth was half the page faults left at
	 * 100,000 synthetic patterns (39,000 -> 20,000).  Then only the
	 * partial pages at the ends are written. */
	uintptr_t lo = ((uintptr_t)p + 4095) & ~(uintptr_t)4095;
	uintptr_t hi = ((uintptr_t)p + n) & ~(uintptr_t)4095;
	if (hi > lo && hi - lo >= 16 * 4096 && madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE) == 0) {
		b[0] = 0;
		b[n - 1] = 0;
		return p;
	}
#endif
	for (size_t i = 0; i < n; i += 4096)
		b[i] = 0;
	return p;
}

void *pl_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		pl_die("out of memory reallocating %zu bytes", n);
	return q;
}

char *pl_xstrndup(const char *s, size_t n)
{
	char *p = pl_xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *pl_xstrdup(const char *s)
{
	return pl_xstrndup(s, strlen(s));
}

void pl_buf_reserve(struct pl_buf *b, size_t extra)
{
	size_t need = b->len + extra + 1;

	if (need <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < need)
		cap *= 2;
	b->data = pl_xrealloc(b->data, cap);
	b->cap = cap;
}

void pl_buf_putc(struct pl_buf *b, char c)
{
	if (b->cap - b->len >= 2) { /* room for c and the NUL (cap 0: none) */
		b->data[b->len++] = c;
		b->data[b->len] = '\0';
		return;
	}
	pl_buf_add(b, &c, 1);
}

void pl_buf_vprintf(struct pl_buf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	int n;

	/* "%s" (messages passed through): a copy, no formatting. */
	if (fmt[0] == '%' && fmt[1] == 's' && fmt[2] == '\0') {
		const char *arg = va_arg(ap, const char *);
		pl_buf_puts(b, arg ? arg : "(null)");
		return;
	}
	/* One pass when the result fits the free space (at least 128 bytes
	 * are made free first), a second only when it does not. */
	pl_buf_reserve(b, 128);
	size_t room = b->cap - b->len;
	va_copy(ap2, ap);
	n = vsnprintf(b->data + b->len, room, fmt, ap2);
	va_end(ap2);
	if (n < 0) {
		b->data[b->len] = '\0';
		return;
	}
	if ((size_t)n >= room) {
		pl_buf_reserve(b, (size_t)n);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	}
	b->len += (size_t)n;
}

void pl_buf_printf(struct pl_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pl_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

const char *pl_buf_cstr(struct pl_buf *b)
{
	return b->data ? b->data : "";
}

void pl_buf_clear(struct pl_buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

void pl_buf_free(struct pl_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

char *pl_buf_detach(struct pl_buf *b)
{
	char *p = b->data ? b->data : pl_xstrdup("");

	b->data = NULL;
	b->len = b->cap = 0;
	return p;
}

void pl_vec_push(struct pl_vec *v, void *item)
{
	if (v->len == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 8;
		v->items = pl_xrealloc(v->items, v->cap * sizeof(*v->items));
	}
	v->items[v->len++] = item;
}

void pl_vec_free(struct pl_vec *v)
{
	free(v->items);
	v->items = NULL;
	v->len = v->cap = 0;
}

static unsigned ptrmap_slot(const struct pl_ptrmap *m, const void *key)
{
	unsigned h = (unsigned)(((uintptr_t)key >> 3) * 2654435761u) & (m->cap - 1);

	while (m->v[h].key && m->v[h].key != key)
		h = (h + 1) & (m->cap - 1);
	return h;
}

bool pl_ptrmap_get(const struct pl_ptrmap *m, const void *key, const void **val)
{
	if (!m->cap || !key)
		return false;
	unsigned h = ptrmap_slot(m, key);
	if (!m->v[h].key)
		return false;
	*val = m->v[h].val;
	return true;
}

void pl_ptrmap_put(struct pl_ptrmap *m, const void *key, const void *val)
{
	if (!key)
		return;
	if ((m->n + 1) * 2 > m->cap) {
		struct pl_ptrmap_ent *old = m->v;
		unsigned ocap = m->cap;
		m->cap = m->cap ? m->cap * 2 : 32;
		m->v = pl_touch_zeroed(pl_xcalloc(m->cap, sizeof *m->v), m->cap * sizeof *m->v);
		for (unsigned i = 0; i < ocap; i++)
			if (old[i].key)
				m->v[ptrmap_slot(m, old[i].key)] = old[i];
		free(old);
	}
	unsigned h = ptrmap_slot(m, key);
	if (!m->v[h].key)
		m->n++;
	m->v[h].key = key;
	m->v[h].val = val;
}

void pl_ptrmap_free(struct pl_ptrmap *m)
{
	free(m->v);
	m->v = NULL;
	m->cap = m->n = 0;
}

static bool exiting;

void pl_set_exiting(void)
{
	exiting = true;
}

bool pl_exiting(void)
{
	return exiting;
}

/* Only a regular file has an end: a FIFO blocks the open and every read
 * until some writer comes, a device may never end (/dev/zero) or wait for
 * input (a terminal).  The path is looked at before it is opened, since
 * opening and closing some devices does something (a tape rewinds); the
 * open does not block (nor take a terminal as the controlling one) and
 * the descriptor is checked again, in case the path changed in between. */
static int kind_error(mode_t mode)
{
	return S_ISREG(mode) ? 0 : S_ISDIR(mode) ? EISDIR : PL_ENOTREG;
}

/* Open path for reading if it is a regular file (kind_error otherwise);
 * *st describes the open file.  Returns the descriptor, or -1 with errno. */
static int open_regular(const char *path, struct stat *st)
{
	int fd, err;

	if (stat(path, st) < 0)
		return -1;
	if ((err = kind_error(st->st_mode)) != 0) {
		errno = err;
		return -1;
	}
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, st) < 0 || (err = kind_error(st->st_mode)) != 0) {
		err = err ? err : errno;
		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

/* Read fd (described by st) to its end into a NUL-terminated heap buffer;
 * closes fd.  Returns 0, or -1 with errno. */
static int read_all(int fd, const struct stat *st, char **out, size_t *out_len)
{
	int err = 0;
	/* straight into a buffer of the file's size (a file that grows
	 * meanwhile, or claims no size, makes it grow); counted while
	 * reading, so /dev/zero or a growing file stop too */
	size_t cap = (size_t)st->st_size < PL_MAX_FILE_SIZE ? (size_t)st->st_size + 1 : PL_MAX_FILE_SIZE + 1;
	char *buf = pl_xmalloc(cap < 4096 ? 4096 : cap);
	size_t len = 0;
	cap = cap < 4096 ? 4096 : cap;
	for (;;) {
		if (len == cap) {
			if (cap > PL_MAX_FILE_SIZE) {
				err = EFBIG;
				break;
			}
			cap = cap * 2 > PL_MAX_FILE_SIZE + 1 ? PL_MAX_FILE_SIZE + 1 : cap * 2;
			buf = pl_xrealloc(buf, cap);
		}
		ssize_t got = read(fd, buf + len, cap - len);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			err = errno ? errno : EIO;
			break;
		}
		if (got == 0)
			break;
		len += (size_t)got;
		if (len > PL_MAX_FILE_SIZE) {
			err = EFBIG;
			break;
		}
	}
	close(fd);
	if (err) {
		free(buf);
		errno = err;
		return -1;
	}
	if (len == cap)
		buf = pl_xrealloc(buf, len + 1);
	buf[len] = '\0';
	*out_len = len;
	*out = buf;
	return 0;
}

int pl_read_file(char **out, size_t *out_len, const char *path)
{
	struct stat st;

	*out = NULL;
	*out_len = 0;
	int fd = open_regular(path, &st);
	return fd < 0 ? -1 : read_all(fd, &st, out, out_len);
}

/* A mapped file that shrinks under us raises SIGBUS (BUS_ADRERR) when its
 * lost pages are read: say so and stop, as an input error, instead of
 * dying of the signal.  Any other SIGBUS keeps its default action (the
 * faulting access repeats once the handler is gone). */
static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
	static const char msg[] = "patlint: error: a file shrank while patlint was reading it; "
	                          "run patlint again\n";

	(void)uc;
	if (si && si->si_code == BUS_ADRERR) {
		ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
		(void)w;
		_exit(2);
	}
	signal(sig, SIG_DFL);
}

static void sigbus_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}

static once_flag sigbus_once = ONCE_FLAG_INIT;

int pl_map_file(const char **out, size_t *out_len, bool *mapped, const char *path)
{
	struct stat st;

	*out = NULL;
	*out_len = 0;
	*mapped = false;
	int fd = open_regular(path, &st);
	if (fd < 0)
		return -1;
	long page = sysconf(_SC_PAGESIZE);
	size_t size = (size_t)st.st_size;
	if (st.st_size >= PL_MAP_MIN && size <= PL_MAX_FILE_SIZE && page > 0 && size % (size_t)page) {
		void *p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (p != MAP_FAILED) {
			call_once(&sigbus_once, sigbus_install);
			close(fd);
			*out = p;
			*out_len = size;
			*mapped = true;
			return 0;
		}
	}
	char *buf;
	if (read_all(fd, &st, &buf, out_len) < 0)
		return -1;
	*out = buf;
	return 0;
}

void pl_unmap_file(const char *buf, size_t len, bool mapped)
{
	if (!mapped)
		free((char *)buf);
	else if (!exiting)
		munmap((void *)buf, len);
}

int pl_mkdirs(const char *dir)
{
	char *d = pl_xstrdup(dir);
	struct stat st;
	int rc = 0;

	for (char *q = d + 1; ; q++) {
		if (*q != '/' && *q != '\0')
			continue;
		char c = *q;
		*q = '\0';
		if (mkdir(d, 0777) < 0 && errno != EEXIST)
			rc = -1;
		*q = c;
		if (!c)
			break;
	}
	if (stat(d, &st) < 0) {
		rc = -1;
	} else if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		rc = -1;
	} else {
		rc = 0;
	}
	free(d);
	return rc;
}

const char *pl_strerror(int err)
{
	return err == PL_ENOTREG ? "not a regular file" : strerror(err);
}

/* Eight bytes per step (identifiers, and ODS descriptions interned as
 * strings, are hashed by the million): each word is mixed in with a
 * multiply and a rotate, the tail is loaded zero-padded with its length
 * folded in, and a final avalanche spreads the high bits down so that
 * masking with a power of two sees all of them.  Deterministic for a given
 * byte order; only in-memory tables use it. */
static inline uint64_t hash_word(const unsigned char *s, size_t n)
{
	uint64_t w = 0;
	memcpy(&w, s, n);
	return w;
}

uint64_t pl_hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	const uint64_t k = 0x9E3779B97F4A7C15ULL;
	uint64_t h = 0x243F6A8885A308D3ULL ^ (n * k);
	uint64_t w;

	/* Whole words only: the last word of 8 or more bytes overlaps the one
	 * before; shorter texts take two overlapping 4-byte or three 1-byte
	 * reads.  (Copying a tail byte by byte into a word stalled on every
	 * short string: most of what is interned.)  n is mixed in above. */
	if (n >= 8) {
		for (; n > 8; s += 8, n -= 8) {
			h ^= hash_word(s, 8) * k;
			h = ((h << 29) | (h >> 35)) * 0xBF58476D1CE4E5B9ULL;
		}
		w = hash_word(s + n - 8, 8);
	} else if (n >= 4) {
		uint32_t lo, hi;
		memcpy(&lo, s, 4);
		memcpy(&hi, s + n - 4, 4);
		w = lo | (uint64_t)hi << 32;
	} else if (n) {
		w = s[0] | (uint64_t)s[n >> 1] << 8 | (uint64_t)s[n - 1] << 16;
	} else {
		w = 0;
	}
	h ^= w * k;
	h = ((h << 29) | (h >> 35)) * 0xBF58476D1CE4E5B9ULL;
	h ^= h >> 31;
	h *= 0x94D049BB133111EBULL;
	h ^= h >> 29;
	return h;
}

uint64_t pl_checksum(const void *p, size_t n)
{
	const unsigned char *s = p;
	const uint64_t k = 0x9E3779B97F4A7C15ULL;
	uint64_t a = 0x243F6A8885A308D3ULL, b = 0x13198A2E03707344ULL;
	uint64_t c = 0xA4093822299F31D0ULL, d = 0x082EFA98EC4E6C89ULL;

	/* four lanes, independent until the end */
	for (; n >= 32; s += 32, n -= 32) {
		a = ((a ^ hash_word(s, 8)) * k) ^ (a >> 29);
		b = ((b ^ hash_word(s + 8, 8)) * k) ^ (b >> 29);
		c = ((c ^ hash_word(s + 16, 8)) * k) ^ (c >> 29);
		d = ((d ^ hash_word(s + 24, 8)) * k) ^ (d >> 29);
	}
	uint64_t h = pl_hash_bytes(s, n);
	h ^= a + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
	h ^= b + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
	h ^= c + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
	h ^= d + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
	return h * 0xBF58476D1CE4E5B9ULL;
}

static inline bool is_ctl(unsigned char c, bool allow_nl)
{
	return (c < 0x20 && c != '\t' && !(allow_nl && c == '\n')) || c == 0x7f;
}

#ifdef __SSE2__
/* The bytes below 0x20 or equal to 0x7f among the 16 at p, one bit each;
 * tab and newline are taken out by the caller, only when some bit is set
 * (they are rare in what is scanned). */
static inline unsigned ctl_mask16(const char *p)
{
	__m128i x = _mm_loadu_si128((const __m128i *)p);
	/* x <= 0x1f (unsigned) exactly when min(x, 0x1f) == x */
	__m128i low = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x1f)), x);
	__m128i del = _mm_cmpeq_epi8(x, _mm_set1_epi8(0x7f));
	return (unsigned)_mm_movemask_epi8(_mm_or_si128(low, del));
}

/* m (from ctl_mask16 at p) without the tabs, and the newlines when
 * allow_nl. */
static inline unsigned ctl_refine(const char *p, unsigned m, bool allow_nl)
{
	__m128i x = _mm_loadu_si128((const __m128i *)p);
	__m128i ok = _mm_cmpeq_epi8(x, _mm_set1_epi8('\t'));
	if (allow_nl)
		ok = _mm_or_si128(ok, _mm_cmpeq_epi8(x, _mm_set1_epi8('\n')));
	return m & ~(unsigned)_mm_movemask_epi8(ok);
}
#endif

bool pl_contains(const char *s, size_t n, const char *t, size_t tn)
{
	size_t i = 0;

	if (tn == 0)
		return true;
	if (n < tn)
		return false;
#ifdef __SSE2__
	if (tn >= 2) {
		__m128i first = _mm_set1_epi8(t[0]), last = _mm_set1_epi8(t[tn - 1]);
		for (; i + tn - 1 + 16 <= n; i += 16) {
			__m128i a = _mm_loadu_si128((const __m128i *)(s + i));
			__m128i b = _mm_loadu_si128((const __m128i *)(s + i + tn - 1));
			unsigned m = (unsigned)_mm_movemask_epi8(
				_mm_and_si128(_mm_cmpeq_epi8(a, first), _mm_cmpeq_epi8(b, last)));
			for (; m; m &= m - 1)
				if (memcmp(s + i + __builtin_ctz(m) + 1, t + 1, tn - 2) == 0)
					return true;
		}
	}
#endif
	for (; i + tn <= n; i++)
		if (s[i] == t[0] && memcmp(s + i + 1, t + 1, tn - 1) == 0)
			return true;
	return false;
}

size_t pl_find_ctl(const char *s, size_t n, bool allow_nl)
{
	size_t i = 0;

#ifdef __SSE2__
	for (; i + 16 <= n; i += 16) {
		unsigned m = ctl_mask16(s + i);
		if (m && (m = ctl_refine(s + i, m, allow_nl)) != 0)
			return i + (size_t)__builtin_ctz(m);
	}
	if (n >= 16) {
		/* the last 16 bytes, overlapping what was seen clean */
		unsigned m = ctl_mask16(s + n - 16);
		if (m)
			m = ctl_refine(s + n - 16, m, allow_nl) >> (16 - (n - i));
		return m ? i + (size_t)__builtin_ctz(m) : n;
	}
#endif
	for (; i < n; i++)
		if (is_ctl((unsigned char)s[i], allow_nl))
			break;
	return i;
}
