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
#include <stddef.h>
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
/* The checks below are for a run to make before it does its work, so
 * that a mistake in naming its outputs is not found only after the
 * analysis, nor after one output was written; each returns 0, or -1 after
 * printing an error to stderr.  pl_out_open still refuses every file the
 * run read, as the files a run includes are known only once it has
 * loaded them. */
/* Whether path (-o, --write-baseline; NULL: none) may be written at all:
 * -1 when it names a directory. */
int pl_out_check_early(const char *path);
/* Whether path (NULL: none) may be written by a run about to read
 * inputs[0..n), and that read sm's files and those noted there so far
 * (its configuration, compilation databases), and baseline (NULL: none):
 * -1 when it is one of them. */
int pl_out_check_reads(const char *path, const char *const *inputs, size_t n,
                       const struct pl_source_mgr *sm, const char *baseline);
/* Whether the report (-o; NULL or "-": standard output) and the baseline
 * a run writes (--write-baseline; NULL: none) go to different places:
 * -1 when both go to standard output or name one plain file (one would
 * replace the other). */
int pl_out_check_apart(const char *report, const char *baseline);
/* Finish: when ok, flush and rename into place; otherwise remove the
 * temporary file (a file written directly keeps what was written).  A
 * stream whose error flag is set is an error even when the caller says
 * ok.  Returns 0, or -1 after printing an error. */
int pl_out_close(struct pl_out *out, bool ok);

#endif /* PL_OUTFILE_H */
