/*
 * findings.h -- the findings of a run: a pl_diag sink that collects every
 * diagnostic, inline suppressions scanned from `// patlint:` comments, and
 * findings_finish, which sorts the findings into their stable order,
 * applies suppressions, reports unused suppressions and computes
 * fingerprints.  Report writers (reports/report.h) read the result.
 *
 * Suppression syntax, in a `//` comment of a .td or .pdll file:
 *
 *     // patlint: disable-next-line=RULE[,RULE...] [-- justification]
 *     code   // patlint: disable-line=RULE[,RULE...] [-- justification]
 *     // patlint: disable=RULE[,RULE...] [-- justification]    (whole file)
 *
 * RULE may be `all`.  A finding is matched by the line its primary span
 * starts on.  Suppressed findings are kept (marked, for SARIF
 * `suppressions`) but neither printed nor counted.
 *
 * Ownership: everything here lives in the arena given to findings_new.
 */
#ifndef PL_FINDINGS_H
#define PL_FINDINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analyzer/diag.h"
#include "rules/rule.h"

struct pl_arena;
struct pl_source_mgr;
struct pl_source_file;

enum suppress_kind {
	SUPPRESS_NEXT_LINE = 0, /* disable-next-line: the line after the comment */
	SUPPRESS_LINE,          /* disable-line: the comment's own line */
	SUPPRESS_FILE,          /* disable: the whole file */
	SUPPRESS_INVALID,       /* a `patlint:` comment that is not a valid directive */
};

/* One rule id of one suppression comment. */
struct suppression {
	enum suppress_kind kind;   /* scope */
	uint32_t file;             /* source file id */
	uint32_t line;             /* line suppressed (NEXT_LINE, LINE); 0 for FILE */
	const char *rule;          /* rule id as written ("all" for every rule) */
	const char *justification; /* text after "--", or NULL */
	const char *problem;       /* INVALID (or unknown rule): what is wrong */
	struct pl_span span;       /* the rule id in the comment (the directive when INVALID) */
	unsigned used;             /* findings it suppressed */
};

/* One finding: a diagnostic plus what the collector worked out. */
struct finding {
	const struct pl_diag *diag;    /* severity (effective), rule id, span, message, notes */
	const struct rule *rule;       /* registered rule, NULL for an input error or unknown id */
	unsigned rule_index;           /* index in rule_table; RULE_COUNT when rule is NULL */
	const char *path;              /* primary file relative to the root, or absolute when
	                                  outside it; NULL when the finding has no location */
	const char *fingerprint;       /* patlint fingerprint: 16 hex digits ":" occurrence */
	const char *line_hash;         /* SARIF primaryLocationLineHash: 16 hex ":" occurrence */
	const struct suppression *suppressed_by; /* NULL unless suppressed */
	bool in_baseline;              /* fingerprint found in the --baseline file */
	unsigned seq;                  /* arrival order (last sort key) */
};

struct findings;

/* A collector for one run.  cfg (may be NULL: defaults) decides which rule
 * findings are kept (disabled rules are dropped) and their severity; cfg
 * must outlive fs.  root is the absolute directory that finding paths are
 * made relative to (NULL: the working directory). */
struct findings *findings_new(struct pl_arena *arena, struct pl_source_mgr *sm,
                              const struct rule_config *cfg, const char *root);
/* The root directory (absolute, no trailing slash unless "/"). */
const char *findings_root(const struct findings *fs);
/* The path of source file id relative to the root (lexically normalized),
 * or absolute when outside it; NULL for id 0 or an unknown id. */
const char *findings_relpath(struct findings *fs, uint32_t file_id);
/* The source manager. */
struct pl_source_mgr *findings_sources(const struct findings *fs);
/* Make fs the sink of ctx: every diagnostic emitted afterwards (rule
 * findings and input errors alike) is collected instead of printed. */
void findings_install(struct findings *fs, struct pl_diag_ctx *ctx);
/* Collect one diagnostic (what the sink does). */
void findings_add(struct findings *fs, const struct pl_diag *d);

/* Scan the `// patlint:` comments of f (a .td or .pdll file); other files
 * are ignored.  Scanning a file twice is harmless. */
void findings_scan_suppressions(struct findings *fs, struct pl_source_file *f);
/* Scan every loaded source file whose name ends in .td or .pdll. */
void findings_scan_all(struct findings *fs);

/* Whether unused suppressions of rule id are reported.  Default: when the
 * rule is enabled and implemented (not RULE_NOT_IMPLEMENTED); a caller that
 * skipped a rule, or a test, can say otherwise. */
void findings_set_judged(struct findings *fs, const char *id, bool judged);

/* Sort, apply suppressions, add unused-suppression findings (when that
 * rule is enabled), compute fingerprints.  Call once, after the rules ran
 * and before baselines and reports. */
void findings_finish(struct findings *fs);
/* Whether findings_finish computes fingerprint and line_hash (default:
 * yes).  A text report that neither reads nor writes a baseline prints
 * none, and a large run spends real time and memory on them. */
void findings_want_fingerprints(struct findings *fs, bool want);
/* Threads findings_finish may use to sort (check -j; default 1). */
void findings_set_jobs(struct findings *fs, unsigned jobs);

/* Findings in stable order: file path, line, column, rule id, message,
 * arrival.  Input errors (rule id NULL) are included. */
size_t findings_count(const struct findings *fs);
const struct finding *findings_at(const struct findings *fs, size_t i);
struct finding *findings_at_mut(struct findings *fs, size_t i);
/* Ask the cache for what a writer of findings i, i + 1, ... reads next:
 * called before finding i is written, it prefetches the findings a few
 * ahead.  After the sort the findings are in an order their memory is
 * not: written without it, a large report waited on every message. */
void findings_prefetch(const struct findings *fs, size_t i);
/* Suppressions scanned, in file and line order. */
size_t findings_suppression_count(const struct findings *fs);
const struct suppression *findings_suppression_at(const struct findings *fs, size_t i);

/* Whether f is reported: not suppressed and not in the baseline. */
bool finding_active(const struct finding *f);
/* Active findings per severity (rule findings and input errors). */
void findings_counts(const struct findings *fs, unsigned out[PL_SEV_COUNT]);
/* Suppressed and baseline-matched findings. */
unsigned findings_suppressed(const struct findings *fs);
unsigned findings_baselined(const struct findings *fs);
/* Input errors: active findings with no rule id and severity error. */
unsigned findings_input_errors(const struct findings *fs);
/* Exit status from the active rule findings: 1 when one is at or above
 * fail_on, else 0 (input errors are the caller's business: status 2). */
int findings_exit_status(const struct findings *fs, enum rule_fail_on fail_on);

/* The fingerprint hash (without occurrence suffix) of a finding: FNV-1a
 * over rule id, root-relative file path, pattern names (rule_finding_info) and the
 * message with every digit run replaced by "0", so it survives line shifts
 * and renumbering.  Exposed for tests. */
uint64_t finding_fingerprint_hash(const char *rule, const char *path, const struct pl_diag *d);
/* Hash of a source line with all whitespace removed (for
 * primaryLocationLineHash).  Exposed for tests. */
uint64_t finding_line_hash(const char *line, size_t len);

#endif /* PL_FINDINGS_H */
