/*
 * rule.h -- the rule framework: one descriptor per rule, one table of
 * rules (rules/rules.def), the project configuration that enables,
 * disables and re-grades them, and the helpers through which a rule's
 * check function reports a finding.
 *
 * A rule is a `const struct rule` defined in rules/<rule-id>.c and
 * registered by one line in rules/rules.def.  Its check function reads the
 * model (analyzer/model.h) and reports through rule_report*, which go
 * through pl_diag with the rule id and the rule's effective severity, so
 * whatever sink the diagnostics context has (text, or the findings
 * collector of rules/findings.h) receives them.
 *
 * Ownership: descriptors are static; a rule_config is a plain value owned
 * by the caller; everything a report helper allocates lives in the
 * diagnostics context's arena.
 */
#ifndef PL_RULE_H
#define PL_RULE_H

#include <stdbool.h>
#include <stdio.h>

#include "analyzer/diag.h"
#include "analyzer/source.h"
#include "analyzer/util.h"

struct model;
struct model_pattern;
struct rule_ctx;

/* Rule flags. */
enum {
	RULE_NEEDS_ENGINE = 1u << 0,      /* confirms findings by executing patterns */
	RULE_NOT_IMPLEMENTED = 1u << 1,   /* registered, but its analysis does not exist yet */
	RULE_FRAMEWORK = 1u << 2,         /* reported by the framework itself, no check function */
	RULE_OFF_BY_DEFAULT = 1u << 3,    /* pedantic: runs only when enabled (--enable, config) */
	/* its check reads only the model's patterns and what its prepare
	 * made, fills nothing in on first use and writes only through its
	 * context: with -j it runs beside the other rules (rules_run_all) */
	RULE_READS_ONLY = 1u << 4,
};

/* How often a rule's findings are true, as SARIF's `precision` property
 * (GitHub code scanning sorts by it). */
enum rule_precision {
	RULE_PREC_VERY_HIGH = 0, /* ORDER: rule_precision_name */
	RULE_PREC_HIGH,
	RULE_PREC_MEDIUM,
	RULE_PREC_LOW,
};

struct rule {
	const char *id;              /* kebab-case, stable: SARIF ruleId, --enable, suppressions */
	const char *summary;         /* one line, no trailing period */
	enum pl_severity severity;   /* default severity */
	const char *help;            /* what it finds and why it matters; paragraphs split by "\n\n" */
	const char *example_lang;    /* language of the examples: "tablegen" or "pdll" */
	const char *bad_example;     /* source that triggers the rule */
	const char *good_example;    /* the same source, fixed */
	const char *const *tags;     /* SARIF tags, NULL-terminated */
	enum rule_precision precision; /* expected precision */
	unsigned flags;              /* RULE_* flags */
	void (*check)(struct rule_ctx *ctx); /* the analysis; NULL for framework rules */
	/* RULE_READS_ONLY: what check needs made in the model before it runs
	 * beside other rules (the overlap pairs), or NULL; returns how many
	 * items check will go through (rules_run_all: a thread for few is
	 * not worth its start) */
	size_t (*prepare)(struct model *m);
	/* RULE_READS_ONLY, items independent of each other: check on items
	 * [lo, hi) of the n prepare counted, or NULL.  check is check_part on
	 * [0, n); the findings of parts run in turn are check's, so
	 * rules_run_all may split the items between threads. */
	void (*check_part)(struct rule_ctx *ctx, size_t lo, size_t hi);
};

/* The rule table, in rules.def order: rule index = position. */
#define RULE(sym) RULE_IDX_##sym,
enum rule_index {
#include "rules/rules.def"
	RULE_COUNT
};
#undef RULE

extern const struct rule *const rule_table[RULE_COUNT];

/* The rule with this id, or NULL; *out_index (may be NULL) gets its index. */
const struct rule *rule_find(const char *id, unsigned *out_index);
/* Index of r in rule_table (r must be registered). */
unsigned rule_index_of(const struct rule *r);
/* "very-high", "high", "medium", "low". */
const char *rule_precision_name(enum rule_precision p);

/* ---- configuration ---------------------------------------------------- */

/* Default name of the project configuration file, looked up in the working
 * directory and its parents (see rule_config_discover). */
#define RULE_CONFIG_NAME ".patlint.toml"

/* Exit-status threshold: findings at or above it fail the run. */
enum rule_fail_on {
	RULE_FAIL_NOTE = PL_SEV_NOTE,
	RULE_FAIL_WARNING = PL_SEV_WARNING,
	RULE_FAIL_ERROR = PL_SEV_ERROR,
	RULE_FAIL_NEVER,             /* "none": findings never fail the run */
};

struct rule_config {
	bool enabled[RULE_COUNT];            /* rule runs and is reported */
	enum pl_severity severity[RULE_COUNT]; /* effective severity */
	enum rule_fail_on fail_on;           /* threshold for exit status 1 */
};

/* Defaults: every rule enabled at its default severity; fail on warning. */
void rule_config_init(struct rule_config *c);

/* Parse configuration text (the .patlint.toml format documented in
 * patlint.1) into c, on top of what c holds.  name is used in messages
 * ("file:line: ...") written to err.  Returns 0, or -1 after reporting
 * every bad line. */
int rule_config_parse(struct rule_config *c, const char *name, const char *text, size_t len,
                      FILE *err);
/* Read and parse a configuration file.  Returns 0, or -1 after an error
 * message to err. */
int rule_config_load(struct rule_config *c, const char *path, FILE *err);
/* Look for RULE_CONFIG_NAME in dir and its parents, stopping after a
 * directory that holds .git.  Returns a heap path (caller frees) or NULL. */
char *rule_config_discover(const char *dir);

/* Apply a comma-separated list of rule ids ("all" means every rule):
 * enable or disable them.  Returns 0, or -1 after naming the unknown id on
 * err. */
int rule_config_switch(struct rule_config *c, const char *ids, bool enable, FILE *err);
/* Parse "error", "warning", "note" or "none". */
int rule_fail_on_parse(enum rule_fail_on *out, const char *name);
const char *rule_fail_on_name(enum rule_fail_on f);

struct pl_options;
/* The configuration of `patlint check`: defaults, then the configuration
 * file (--config FILE, else the nearest .patlint.toml from the working
 * directory up to the repository root; none with --no-config), then
 * --enable/--disable in order, then --fail-on.  The configuration file
 * read is noted in sm (pl_source_note_read: -o refuses it); sm may be
 * NULL.  Returns 0, or -1 after an error message to err (exit status 2). */
int rule_config_from_cli(struct rule_config *out, const struct pl_options *o,
                         struct pl_source_mgr *sm, FILE *err);

/* Print the table for --list-rules: id, effective severity, state and a
 * summary, one rule per line, in table order. */
void rule_list(FILE *f, const struct rule_config *c);

/* ---- running rules and reporting -------------------------------------- */

/* What a check function gets. */
struct rule_ctx {
	const struct rule *rule;      /* the rule running */
	struct model *model;          /* the run's model (read-only by convention) */
	struct pl_diag_ctx *diag;     /* where findings go */
	const struct rule_config *cfg;/* effective configuration */
};

/* Extra data of a finding (pl_diag.extra of every rule_report* finding):
 * the names of the patterns it is about, which make the finding's
 * fingerprint stable when lines move. */
struct rule_finding_info {
	const char **patterns;   /* pattern names, in the order the rule added them */
	unsigned n_patterns;     /* entries */
	unsigned cap_patterns;   /* slots allocated (rule_about_name grows it geometrically) */
};

/* Run every enabled rule that has a check function, in table order, over
 * model m; findings go to diag, in table order.  With model_jobs(m) > 1
 * the RULE_READS_ONLY rules run on another thread while this one runs the
 * others, then on both (in parts, those with check_part), each rule's
 * findings recorded and passed on in table order.
 * Returns the number of rules run. */
unsigned rules_run_all(struct model *m, struct pl_diag_ctx *diag, const struct rule_config *cfg);

/* The severity a rule's findings get under c (c may be NULL: the
 * default). */
enum pl_severity rule_effective_severity(const struct rule *r, const struct rule_config *c);

/* Report a finding of ctx->rule at span. */
void rule_report(struct rule_ctx *ctx, struct pl_span span, const char *fmt, ...) PL_PRINTF(3, 4);
/* Build a finding with notes and patterns: begin, then rule_note /
 * rule_about, then rule_report_end emits it. */
struct pl_diag *rule_report_begin(struct rule_ctx *ctx, struct pl_span span, const char *fmt, ...)
	PL_PRINTF(3, 4);
void rule_note(struct rule_ctx *ctx, struct pl_diag *d, struct pl_span span, const char *fmt, ...)
	PL_PRINTF(4, 5);
/* A note with text as is, shared rather than copied (pl_diag_note_text):
 * text must live in the run's arena. */
void rule_note_text(struct rule_ctx *ctx, struct pl_diag *d, struct pl_span span, const char *text);
/* Record that the finding is about pattern p (named or anonymous). */
void rule_about(struct rule_ctx *ctx, struct pl_diag *d, const struct model_pattern *p);
/* Same, by name (NULL for an anonymous pattern). */
void rule_about_name(struct rule_ctx *ctx, struct pl_diag *d, const char *name);
void rule_report_end(struct rule_ctx *ctx, struct pl_diag *d);

#endif /* PL_RULE_H */
