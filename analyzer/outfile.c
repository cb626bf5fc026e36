/*
 * outfile.c -- temporary file plus rename for -o FILE.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "outfile.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int pl_out_open(struct pl_out *out, const char *path)
{
	memset(out, 0, sizeof(*out));
	if (!path || strcmp(path, "-") == 0) {
		out->f = stdout;
		return 0;
	}
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
	/* mkstemp creates 0600; give the report the mode a plain fopen would. */
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	out->f = fdopen(fd, "w");
	if (!out->f) {
		fprintf(stderr, "patlint: cannot open '%s': %s\n", path, strerror(errno));
		close(fd);
		unlink(tmp);
		free(tmp);
		return -1;
	}
	out->buf = pl_xmalloc(PL_OUT_BUFSIZ); /* glibc takes the size only with a buffer */
	setvbuf(out->f, out->buf, _IOFBF, PL_OUT_BUFSIZ);
	out->path = pl_xstrdup(path);
	out->tmp_path = tmp;
	return 0;
}

int pl_out_close(struct pl_out *out, bool ok)
{
	int rc = 0;

	if (!out->tmp_path) {
		if (out->f && fflush(out->f) != 0) {
			fprintf(stderr, "patlint: error writing output: %s\n", strerror(errno));
			rc = -1;
		}
		return rc;
	}
	if (fclose(out->f) != 0) {
		fprintf(stderr, "patlint: error writing '%s': %s\n", out->path, strerror(errno));
		ok = false;
		rc = -1;
	}
	if (ok && rename(out->tmp_path, out->path) != 0) {
		fprintf(stderr, "patlint: cannot write '%s': %s\n", out->path, strerror(errno));
		rc = -1;
		ok = false;
	}
	if (!ok)
		unlink(out->tmp_path);
	free(out->buf);
	free(out->tmp_path);
	free(out->path);
	memset(out, 0, sizeof(*out));
	return rc;
}
