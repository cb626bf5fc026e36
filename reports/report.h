/*
 * report.h -- report writers: each output format is a vtable {name, begin,
 * finding, end} in a table indexed by enum report_kind (reports/registry.c).
 * Writers only format; the findings collector (rules/findings.h) has
 * already sorted the findings, applied suppressions and computed
 * fingerprints.  Writers receive every finding except those matched by the
 * baseline, suppressed ones included (text skips them, JSON and SARIF mark
 * them).
 *
 * report_check_finish is the tail of `patlint check`: suppressions,
 * baseline, writing the report and the baseline, exit status.
 */
#ifndef PL_REPORT_H
#define PL_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "rules/findings.h"
#include "rules/rule.h"

enum report_kind {
	REPORT_TEXT = 0, /* ORDER: report_writers in registry.c */
	REPORT_JSON,
	REPORT_SARIF,
	REPORT_COUNT
};

/* What a writer sees for one report. */
struct report_ctx {
	FILE *f;                       /* destination */
	struct findings *fs;           /* the run's findings (finished) */
	const struct rule_config *cfg; /* effective configuration (may be NULL) */
	bool color;                    /* text: ANSI colors */
	const char *tool_version;      /* version string written into JSON/SARIF */
	bool only_active;              /* skip suppressed findings (baseline files) */
	void *state;                   /* writer-private */
	unsigned index;                /* findings written so far */
	unsigned jobs;                 /* threads report_write may use (0, 1: one) */
};

struct report_writer {
	const char *name;  /* --format value */
	int (*begin)(struct report_ctx *rc);
	int (*finding)(struct report_ctx *rc, const struct finding *f);
	int (*end)(struct report_ctx *rc);
	/* finding reads nothing but the finding, rc's settings and the run's
	 * finished data: report_write may call it on several threads at
	 * once, each writing its own stream, and join the streams in order */
	bool per_finding;
};

extern const struct report_writer *const report_writers[REPORT_COUNT];

/* Parse a --format name.  Returns 0 or -1. */
int report_kind_parse(enum report_kind *out, const char *name);

/* Write a complete report of fs in format kind to rc->f: begin, every
 * finding not matched by the baseline, end.  Returns 0 or -1 (write
 * error). */
int report_write(struct report_ctx *rc, enum report_kind kind);

/* Read a SARIF file (any SARIF 2.1.0 with patlint fingerprints, e.g. one
 * written by --write-baseline or --format=sarif) and mark every finding of
 * fs whose patlint fingerprint it contains as in_baseline.  Returns the
 * number of fingerprints read, or -1 after an error message to err. */
int report_baseline_apply(struct findings *fs, const char *path, FILE *err);

/* The SARIF key of patlint's own fingerprint in partialFingerprints. */
#define REPORT_FINGERPRINT_KEY "patlintFingerprint/v1"

/* Options of the check command's report stage. */
struct report_options {
	enum report_kind kind;          /* output format */
	const char *output;             /* -o FILE, NULL = stdout */
	const char *baseline;           /* --baseline FILE, or NULL */
	const char *write_baseline;     /* --write-baseline FILE, or NULL */
	int color;                      /* -1 auto (terminal and NO_COLOR), 0 never, 1 always */
	const char *tool_version;       /* NULL = PACKAGE_VERSION */
	unsigned jobs;                  /* threads to render findings on (0, 1: one) */
};

struct pl_options;
/* Report options from the command line: --format (text when absent), -o,
 * --baseline, --write-baseline, --color.  Returns 0, or -1 after an error
 * message to err for an unknown format. */
int report_options_from_cli(struct report_options *out, const struct pl_options *o, FILE *err);

/* The tail of `patlint check`, after the rules ran with fs installed as
 * the diagnostics sink: scan suppressions of every loaded .td/.pdll file,
 * finish fs, apply the baseline, write the baseline file and the report
 * (each through a temporary file and rename).  Returns the exit status: 2
 * for an input error or an I/O error (reported on stderr), else 1 when an
 * active finding is at or above cfg->fail_on (0 when --write-baseline was
 * given: the baseline accepts the current findings), else 0. */
int report_run(struct findings *fs, const struct rule_config *cfg,
               const struct report_options *opt);

#endif /* PL_REPORT_H */
