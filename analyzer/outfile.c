/*
 * outfile.c -- temporary file plus rename for -o FILE.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "outfile.h"
#include "util.h"
#include "source.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void give_buffer(struct pl_out *out)
{
	out->buf = pl_xmalloc(PL_OUT_BUFSIZ); /* glibc takes the size only with a buffer */
	setvbuf(out->f, out->buf, _IOFBF, PL_OUT_BUFSIZ);
}

/* Write straight into path: a device (/dev/null), a FIFO or a socket
 * cannot be replaced by a renamed file -- renaming over it would put a
 * regular file where the device or pipe was. */
static int open_direct(struct pl_out *out, const char *path)
{
	out->f = fopen(path, "w");
	if (!out->f) {
		fprintf(stderr, "patlint: cannot open '%s': %s\n", path, strerror(errno));
		return -1;
	}
	give_buffer(out);
	out->path = pl_xstrdup(path);
	return 0;
}

static bool same_file(const char *path, const struct stat *st)
{
	struct stat fst;

	return stat(path, &fst) == 0 && fst.st_dev == st->st_dev && fst.st_ino == st->st_ino;
}

/* Whether the file st names is one the run read (sm's files, and those
 * noted there: pl_source_note_read), so that -o naming an input -- or the
 * configuration, a compilation database, the baseline -- by mistake does
 * not replace it with the report; the first such file's name goes to
 * *which, what it is to *what. */
static bool is_source(const struct stat *st, const struct pl_source_mgr *sm, const char **which,
                      const char **what)
{
	uint32_t n = sm ? pl_source_count(sm) : 0;

	for (uint32_t id = 1; id <= n; id++) {
		const struct pl_source_file *f = pl_source_get(sm, id);
		if (f && f->path && same_file(f->path, st)) {
			*which = f->path;
			*what = "input file";
			return true;
		}
	}
	for (size_t i = 0, k = sm ? pl_source_noted_count(sm) : 0; i < k; i++) {
		const char *path = pl_source_noted(sm, i, what);
		if (same_file(path, st)) {
			*which = path;
			return true;
		}
	}
	return false;
}

static int refuse_directory(const char *path)
{
	fprintf(stderr, "patlint: cannot write '%s': %s\n", path, strerror(EISDIR));
	return -1;
}

static int refuse_read(const char *path, const char *what, const char *which)
{
	fprintf(stderr, "patlint: output file '%s' is the same as %s '%s'\n", path, what, which);
	return -1;
}

static bool is_stdout(const char *path)
{
	return !path || strcmp(path, "-") == 0;
}

int pl_out_check_early(const char *path)
{
	struct stat st;

	if (!is_stdout(path) && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return refuse_directory(path);
	return 0;
}

int pl_out_check_reads(const char *path, const char *const *inputs, size_t n,
                       const struct pl_source_mgr *sm, const char *baseline)
{
	const char *which, *what;
	struct stat st;

	/* what does not exist yet, or is not a plain file, the run cannot
	 * have read as a file of its own */
	if (is_stdout(path) || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (same_file(inputs[i], &st))
			return refuse_read(path, "input file", inputs[i]);
	if (is_source(&st, sm, &which, &what))
		return refuse_read(path, what, which);
	if (baseline && same_file(baseline, &st))
		return refuse_read(path, "baseline file", baseline);
	return 0;
}

/* The folder path's last component is in, as a path ("." for none). */
static char *folder_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return pl_xstrdup(".");
	if (slash == path)
		return pl_xstrdup("/");
	return pl_xstrndup(path, (size_t)(slash - path));
}

/* The name a write to path, which does not exist, creates: path, or,
 * when it is a symbolic link to nothing (a write goes through it), what
 * the link names, followed as the kernel does (at most 40 links). */
static char *created_name(const char *path)
{
	char *cur = pl_xstrdup(path);
	struct stat lst;

	for (int hops = 0; hops < 40 && lstat(cur, &lst) == 0 && S_ISLNK(lst.st_mode); hops++) {
		char to[4096];
		ssize_t n = readlink(cur, to, sizeof to - 1);
		if (n <= 0)
			break;
		to[n] = '\0';
		char *next;
		if (to[0] == '/') {
			next = pl_xstrdup(to);
		} else {
			struct pl_buf b = {0};
			char *dir = folder_of(cur);
			pl_buf_printf(&b, "%s/%s", dir, to);
			free(dir);
			next = pl_buf_detach(&b);
		}
		free(cur);
		cur = next;
	}
	return cur;
}

/* Whether paths a and b name one file: the same file when either exists,
 * else the same last component in the same folder of the names a write
 * to each creates. */
static bool same_target(const char *a, const char *b)
{
	struct stat st;

	if (stat(a, &st) == 0)
		return same_file(b, &st);
	if (stat(b, &st) == 0)
		return false;
	char *ca = created_name(a), *cb = created_name(b);
	const char *la = strrchr(ca, '/'), *lb = strrchr(cb, '/');
	bool same = false;
	if (strcmp(la ? la + 1 : ca, lb ? lb + 1 : cb) == 0) {
		char *fa = folder_of(ca), *fb = folder_of(cb);
		same = stat(fa, &st) == 0 && same_file(fb, &st);
		free(fa);
		free(fb);
	}
	free(ca);
	free(cb);
	return same;
}

int pl_out_check_apart(const char *report, const char *baseline)
{
	struct stat st;

	if (!baseline)
		return 0;
	if (is_stdout(report) && is_stdout(baseline)) {
		fprintf(stderr, "patlint: the report and --write-baseline would both go to standard "
		                "output; give one of them a file\n");
		return -1;
	}
	/* a device or FIFO both may write into, as the shell's > would */
	if (!is_stdout(report) && !is_stdout(baseline) &&
	    (stat(report, &st) != 0 || S_ISREG(st.st_mode)) && same_target(report, baseline)) {
		fprintf(stderr, "patlint: -o '%s' and --write-baseline '%s' name the same file\n",
		        report, baseline);
		return -1;
	}
	return 0;
}

int pl_out_open(struct pl_out *out, const char *path, const struct pl_source_mgr *sm)
{
	const char *which, *what;
	struct stat st, lst;

	memset(out, 0, sizeof(*out));
	if (is_stdout(path)) {
		out->f = stdout;
		return 0;
	}
	if (!*path) {
		fprintf(stderr, "patlint: cannot write '': %s\n", strerror(ENOENT));
		return -1;
	}
	bool exists = stat(path, &st) == 0;
	if (exists && S_ISDIR(st.st_mode))
		return refuse_directory(path);
	if (exists && S_ISREG(st.st_mode) && is_source(&st, sm, &which, &what))
		return refuse_read(path, what, which);
	/* A symbolic link is written through, as the shell's > does: it
	 * stays a link, and /dev/stdout or /dev/fd/N (links to whatever the
	 * descriptor is) reach the descriptor's file, where a rename would
	 * replace the file's name with a new file. */
	if ((exists && !S_ISREG(st.st_mode)) || (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)))
		return open_direct(out, path);
	struct pl_buf b = {0};
	pl_buf_printf(&b, "%s.tmpXXXXXX", path);
	char *tmp = pl_buf_detach(&b);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		/* name the file the user asked for, not the temporary one */
		fprintf(stderr, "patlint: cannot create '%s': %s\n", path, strerror(errno));
		free(tmp);
		return -1;
	}
	/* mkstemp creates 0600; give the report the mode a plain fopen
	 * would: the existing file's, or 0666 less the umask. */
	if (exists) {
		fchmod(fd, st.st_mode & 07777);
	} else {
		mode_t mask = umask(0);
		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	out->f = fdopen(fd, "w");
	if (!out->f) {
		fprintf(stderr, "patlint: cannot open '%s': %s\n", path, strerror(errno));
		close(fd);
		unlink(tmp);
		free(tmp);
		return -1;
	}
	give_buffer(out);
	out->path = pl_xstrdup(path);
	out->tmp_path = tmp;
	return 0;
}

int pl_out_close(struct pl_out *out, bool ok)
{
	int rc = 0;
	/* a write that failed before the last flush leaves only the
	 * stream's error flag: fclose and fflush may still succeed */
	bool lost = ok && out->f && ferror(out->f);

	if (!out->path) {
		if (out->f && fflush(out->f) != 0) {
			fprintf(stderr, "patlint: error writing output: %s\n", strerror(errno));
			rc = -1;
		} else if (lost) {
			fprintf(stderr, "patlint: error writing output\n");
			rc = -1;
		}
		return rc;
	}
	if (fclose(out->f) != 0) {
		fprintf(stderr, "patlint: error writing '%s': %s\n", out->path, strerror(errno));
		ok = false;
		rc = -1;
	} else if (lost) {
		fprintf(stderr, "patlint: error writing '%s'\n", out->path);
		ok = false;
		rc = -1;
	}
	if (out->tmp_path) {
		if (ok && rename(out->tmp_path, out->path) != 0) {
			fprintf(stderr, "patlint: cannot write '%s': %s\n", out->path, strerror(errno));
			rc = -1;
			ok = false;
		}
		if (!ok)
			unlink(out->tmp_path);
	}
	free(out->buf);
	free(out->tmp_path);
	free(out->path);
	memset(out, 0, sizeof(*out));
	return rc;
}
