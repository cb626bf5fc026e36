/*
 * dot.h -- Graphviz pictures of patterns: one pattern's match DAG beside
 * its rewrite DAG, and the interaction graph of a whole pattern set.
 *
 * The writers only draw.  What the interaction graph contains (which
 * pattern creates which op, which pattern may enable which, which patterns
 * form a recursion cycle or overlap) is worked out by the caller
 * (analyzer/cmd_graph.c) and handed over as a struct dot_set.  cgraph and
 * gvc are used in reports/dot.c only; nothing of them leaks through this
 * header.
 *
 * Output is deterministic: node ids are assigned in a fixed walk order
 * (pattern DAG: match tree depth first, then each action in order; set
 * graph: patterns in model order, then ops in first-use order), so golden
 * tests can compare dot text.  Every label is escaped for the dot language
 * (quotes, backslashes, control characters and invalid UTF-8 become
 * visible escapes; record fields also escape `{}|<>` and blanks).
 *
 * Ownership: the writers allocate only cgraph objects, released before
 * they return; the caller owns everything it passes in.
 */
#ifndef PL_DOT_H
#define PL_DOT_H

#include <stdbool.h>
#include <stdio.h>

struct model_pattern;
struct pl_buf;

enum dot_format {
	DOT_FMT_DOT = 0, /* ORDER: dot_format_names in dot.c */
	DOT_FMT_SVG,
	DOT_FMT_PNG,
	DOT_FMT_COUNT
};

/* How the interaction graph groups its nodes. */
enum dot_cluster {
	DOT_CLUSTER_FILE = 0, /* each pattern and op in the file that defines it */
	DOT_CLUSTER_DIALECT,  /* ops by dialect, patterns by the dialect of their root */
	DOT_CLUSTER_NONE,     /* no clusters */
};

/* A pattern of the interaction graph. */
struct dot_set_pattern {
	const char *label;      /* display name (the caller names anonymous patterns) */
	const char *group;      /* cluster name (file or dialect), NULL = outside clusters */
	int benefit;            /* effective benefit, shown in the label */
	bool in_cycle;          /* part of an unbounded-recursion finding */
	bool in_overlap;        /* part of an overlapping-matchers / benefit-conflict finding */
};

/* An op of the interaction graph. */
struct dot_set_op {
	const char *name;       /* full op name, or "*" for "any op" */
	const char *group;      /* cluster name, NULL = outside clusters */
};

enum dot_edge_kind {
	DOT_EDGE_MATCHES = 0,   /* pattern -> op: the op is the pattern's root */
	DOT_EDGE_CREATES,       /* pattern -> op: the rewrite builds the op */
	DOT_EDGE_ENABLES,       /* pattern -> pattern: creates an op the other's root matches */
	DOT_EDGE_OVERLAP,       /* pattern -- pattern: an overlap finding joins them */
};

struct dot_set_edge {
	enum dot_edge_kind kind; /* what it means */
	unsigned from, to;       /* MATCHES/CREATES: pattern, op index; others: pattern indexes */
	bool cycle;              /* ENABLES: both ends are in one recursion cycle */
	const char *label;       /* OVERLAP: the rule id, or NULL */
};

struct dot_set {
	const struct dot_set_pattern *patterns; unsigned n_patterns;
	const struct dot_set_op *ops; unsigned n_ops;
	const struct dot_set_edge *edges; unsigned n_edges; /* drawn in this order */
	enum dot_cluster cluster;  /* how groups are used */
};

/* "dot", "svg", "png"; dot_format_parse returns 0 or -1. */
const char *dot_format_name(enum dot_format fmt);
int dot_format_parse(enum dot_format *out, const char *name);

/* Whether this build can render svg/png (Graphviz gvc was found by
 * configure). */
bool dot_can_render(void);

/* Draw pattern p: a "match" cluster with its match tree and constraints, a
 * "rewrite" cluster with its actions, and dashed edges from each binding in
 * the match to its uses in the rewrite.  name labels the graph.  fmt other
 * than DOT_FMT_DOT needs dot_can_render().  Returns 0, or -1 after an
 * error message on stderr. */
int dot_write_pattern(FILE *f, const struct model_pattern *p, const char *name,
                      enum dot_format fmt);

/* Draw the interaction graph s.  Returns 0, or -1 after an error message
 * on stderr. */
int dot_write_set(FILE *f, const struct dot_set *s, enum dot_format fmt);

/* Append the escaped form of s to b, ready to be a dot label (cgraph adds
 * the quoting of `"` when it writes): backslashes doubled, control
 * characters and bytes that are not valid UTF-8 shown as a visible \xNN;
 * with record, also `{}|<>` and blanks escaped for record-shape fields.
 * Exposed for tests. */
void dot_escape(struct pl_buf *b, const char *s, bool record);

#endif /* PL_DOT_H */
