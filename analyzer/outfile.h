/*
 * outfile.h -- report output that is never left truncated.
 *
 * pl_out_open gives a stream for -o FILE (or stdout when path is NULL or
 * "-"); output goes to a temporary file beside FILE, and pl_out_close
 * renames it over FILE only when the run succeeded, so a failed run never
 * leaves a half-written report.  A FILE that exists and is not a regular
 * file (a device such as /dev/null, a FIFO), and a symbolic link (such as
 * /dev/stdout), are written directly.
 */
#ifndef PL_OUTFILE_H
#define PL_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

/* The stdio buffer of a report stream (and of stdout when it is not a
 * terminal): one write call per 64 KiB. */
#define PL_OUT_BUFSIZ ((size_t)64 << 10)

struct pl_out {
	FILE *f;         /* where to write */
	char *path;      /* FILE as given, NULL for stdout */
	char *tmp_path;  /* temporary file, NULL for stdout and for a file written directly */
	char *buf;       /* the file stream's buffer (PL_OUT_BUFSIZ), NULL for stdout */
};

struct pl_source_mgr;

/* Returns 0, or -1 after printing an error to stderr.  A FILE that is one
 * of sm's files (what the run read: its inputs, and the includes and
 * fixtures it loaded) or one noted there (pl_source_note_read: the
 * configuration file, the compilation databases, the baseline) is
 * refused; sm may be NULL. */
int pl_out_open(struct pl_out *out, const char *path, const struct pl_source_mgr *sm);
/* Whether path (-o, --write-baseline; NULL: none) may be written at all:
 * 0, or -1 after printing an error to stderr when it names a directory.
 * For a run to check before it does its work: the files the run reads
 * are only known as it reads them, so pl_out_open refuses those. */
int pl_out_check_early(const char *path);
/* Finish: when ok, flush and rename into place; otherwise remove the
 * temporary file (a file written directly keeps what was written).
 * Returns 0, or -1 after printing an error. */
int pl_out_close(struct pl_out *out, bool ok);

#endif /* PL_OUTFILE_H */
