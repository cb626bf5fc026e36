/*
 * cmd_graph.c -- `patlint graph`: pictures of patterns.
 *
 *   patlint graph --pattern NAME [-o FILE] [--format=dot|svg|png] PATH...
 *   patlint graph --set [--cluster=file|dialect|none] [...] PATH...
 *
 * This file decides what the pictures contain; reports/dot.c draws them.
 * For --set it loads the inputs and runs the rules exactly as `patlint
 * check` does (configuration file, suppressions), then reads the active
 * findings: patterns named by an unbounded-recursion finding form a cycle,
 * patterns named together by an overlapping-matchers or benefit-conflict
 * finding overlap.  The "may enable" edges are the plain syntactic
 * relation: pattern A's rewrite builds an op that pattern B's root matches.
 *
 * Everything is allocated in the run's arena, except the input list.
 */
#include "config.h"
#include "driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/inputs.h"
#include "analyzer/model.h"
#include "analyzer/outfile.h"
#include "analyzer/source.h"
#include "reports/dot.h"
#include "rules/findings.h"
#include "rules/rule.h"

/* The format: --format, else the extension of -o, else dot. */
static int pick_format(enum dot_format *out, const struct pl_options *o)
{
	if (o->format) {
		if (dot_format_parse(out, o->format) < 0) {
			fprintf(stderr, "patlint: graph: unsupported format '%s' (dot, svg, png)\n", o->format);
			return -1;
		}
		return 0;
	}
	*out = DOT_FMT_DOT;
	if (o->output) {
		const char *dot = strrchr(o->output, '.');
		if (dot && dot_format_parse(out, dot + 1) < 0)
			*out = DOT_FMT_DOT;
	}
	return 0;
}

static const char *file_path(struct pl_run *r, uint32_t id)
{
	struct pl_source_file *f = pl_source_get(r->sm, id);
	return f ? f->path : NULL;
}

/* A pattern's display name: its name, or "<anonymous> FILE:LINE". */
static const char *pattern_label(struct pl_run *r, const struct model_pattern *p)
{
	if (p->name)
		return p->name;
	const char *path = file_path(r, p->span.file);
	return pl_arena_printf(r->arena, "<anonymous> %s:%u", path ? path : "?", p->span.line);
}

/* Whether spec "FILE:LINE" names p: FILE is the path as loaded or a
 * trailing part of it after a '/'. */
static bool pattern_at(struct pl_run *r, const struct model_pattern *p, const char *spec)
{
	const char *colon = strrchr(spec, ':');
	const char *path = file_path(r, p->span.file);
	char *end;

	if (!colon || !path || colon == spec)
		return false;
	unsigned long line = strtoul(colon + 1, &end, 10);
	if (*end || end == colon + 1 || line != p->span.line)
		return false;
	size_t flen = (size_t)(colon - spec), plen = strlen(path);
	if (flen > plen || memcmp(path + plen - flen, spec, flen) != 0)
		return false;
	return flen == plen || path[plen - flen - 1] == '/';
}

static int draw_pattern(struct pl_run *r, struct model *m, enum dot_format fmt)
{
	const char *want = r->opt->graph_pattern;
	const struct model_pattern *found = NULL;
	unsigned n = model_pattern_count(m);
	struct pl_out out;

	for (unsigned i = 0; i < n && !found; i++) {
		const struct model_pattern *p = model_pattern_at(m, i);
		if (p->name && strcmp(p->name, want) == 0)
			found = p;
	}
	for (unsigned i = 0; i < n && !found; i++)
		if (pattern_at(r, model_pattern_at(m, i), want))
			found = model_pattern_at(m, i);
	if (!found) {
		fprintf(stderr, "patlint: graph: no pattern named '%s' (%u pattern%s loaded)\n", want, n,
		        n == 1 ? "" : "s");
		return PL_EXIT_USAGE;
	}
	if (pl_out_open(&out, r->opt->output, r->sm) < 0)
		return PL_EXIT_USAGE;
	int rc = dot_write_pattern(out.f, found, pattern_label(r, found), fmt);
	if (pl_out_close(&out, rc == 0) < 0)
		rc = -1;
	return rc == 0 ? PL_EXIT_CLEAN : PL_EXIT_USAGE;
}

/* ---- the set ------------------------------------------------------------- */

/* The op node of patterns whose root is any op (no real op name has
 * parentheses). */
#define ANY_OP "(any op)"

struct set_builder {
	struct pl_run *r;
	struct model *m;
	struct findings *fs;
	enum dot_cluster cluster;
	struct dot_set_pattern *pats;   /* one per model pattern */
	struct pl_vec ops;              /* struct dot_set_op *, first-use order */
	struct pl_vec edges;            /* struct dot_set_edge * */
	unsigned *root_op;              /* per pattern: op index of its root */
	struct pl_vec *creates;         /* per pattern: op indexes created (as uintptr_t) */
	struct pl_vec cycles;           /* per cycle finding: a pl_vec of pattern indexes */
};

static const char *dialect_of(const char *op_name, struct pl_run *r)
{
	const char *dot = strchr(op_name, '.');
	return dot ? pl_arena_strndup(r->arena, op_name, (size_t)(dot - op_name)) : op_name;
}

static unsigned op_index(struct set_builder *b, const char *name)
{
	for (size_t i = 0; i < b->ops.len; i++) {
		struct dot_set_op *o = b->ops.items[i];
		if (strcmp(o->name, name) == 0)
			return (unsigned)i;
	}
	struct dot_set_op *o = pl_arena_zalloc(b->r->arena, sizeof(*o));
	o->name = name;
	if (strcmp(name, ANY_OP) == 0) {
		o->group = NULL;
	} else if (b->cluster == DOT_CLUSTER_DIALECT) {
		const struct model_op *mo = model_op_find(b->m, name);
		o->group = mo && mo->dialect ? mo->dialect : dialect_of(name, b->r);
	} else if (b->cluster == DOT_CLUSTER_FILE) {
		const struct model_op *mo = model_op_find(b->m, name);
		o->group = mo ? findings_relpath(b->fs, mo->span.file) : NULL;
	}
	pl_vec_push(&b->ops, o);
	return (unsigned)(b->ops.len - 1);
}

static void add_edge(struct set_builder *b, enum dot_edge_kind kind, unsigned from, unsigned to,
                     bool cycle, const char *label)
{
	for (size_t i = 0; i < b->edges.len; i++) {
		struct dot_set_edge *e = b->edges.items[i];
		if (e->kind == kind && e->from == from && e->to == to &&
		    (kind != DOT_EDGE_OVERLAP || strcmp(e->label, label) == 0))
			return;
	}
	struct dot_set_edge *e = pl_arena_zalloc(b->r->arena, sizeof(*e));
	e->kind = kind;
	e->from = from;
	e->to = to;
	e->cycle = cycle;
	e->label = label;
	pl_vec_push(&b->edges, e);
}

/* Record every op a rewrite tree builds. */
static void collect_created(struct set_builder *b, unsigned pi, const struct model_node *n)
{
	if (!n)
		return;
	if (n->kind == MODEL_NODE_OP && n->op_name) {
		uintptr_t oi = op_index(b, n->op_name);
		bool seen = false;
		for (size_t k = 0; k < b->creates[pi].len; k++)
			if ((uintptr_t)b->creates[pi].items[k] == oi)
				seen = true;
		if (!seen)
			pl_vec_push(&b->creates[pi], (void *)oi);
	}
	for (unsigned i = 0; i < n->n_args; i++)
		collect_created(b, pi, n->args[i]);
}

static int pattern_by_name(struct set_builder *b, const char *name)
{
	if (!name)
		return -1;
	for (unsigned i = 0, n = model_pattern_count(b->m); i < n; i++) {
		const struct model_pattern *p = model_pattern_at(b->m, i);
		if (p->name && strcmp(p->name, name) == 0)
			return (int)i;
	}
	return -1;
}

static bool same_cycle(struct set_builder *b, unsigned x, unsigned y)
{
	for (size_t c = 0; c < b->cycles.len; c++) {
		struct pl_vec *v = b->cycles.items[c];
		bool hx = false, hy = false;
		for (size_t k = 0; k < v->len; k++) {
			hx |= (uintptr_t)v->items[k] == x;
			hy |= (uintptr_t)v->items[k] == y;
		}
		if (hx && hy)
			return true;
	}
	return false;
}

/* Cycles and overlaps from the active findings of the rules. */
static void read_findings(struct set_builder *b)
{
	for (size_t i = 0, n = findings_count(b->fs); i < n; i++) {
		const struct finding *f = findings_at(b->fs, i);
		const char *rule = f->diag->rule;
		const struct rule_finding_info *info = f->diag->extra;
		bool cycle, overlap;

		if (!finding_active(f) || !rule || !info)
			continue;
		cycle = strcmp(rule, "unbounded-recursion") == 0;
		overlap = strcmp(rule, "overlapping-matchers") == 0 || strcmp(rule, "benefit-conflict") == 0;
		if (!cycle && !overlap)
			continue;
		struct pl_vec *members = pl_arena_zalloc(b->r->arena, sizeof(*members));
		for (unsigned k = 0; k < info->n_patterns; k++) {
			int pi = pattern_by_name(b, info->patterns[k]);
			if (pi < 0)
				continue;
			pl_vec_push(members, (void *)(uintptr_t)pi);
			if (cycle)
				b->pats[pi].in_cycle = true;
			else
				b->pats[pi].in_overlap = true;
		}
		if (cycle) {
			pl_vec_push(&b->cycles, members);
		} else {
			for (size_t k = 1; k < members->len; k++)
				add_edge(b, DOT_EDGE_OVERLAP, (unsigned)(uintptr_t)members->items[0],
				         (unsigned)(uintptr_t)members->items[k], false, rule);
		}
	}
}

static int draw_set(struct pl_run *r, struct model *m, struct findings *fs, enum dot_format fmt)
{
	struct set_builder b;
	unsigned n = model_pattern_count(m);
	const char *cl = r->opt->cluster;
	struct pl_out out;
	int rc;

	memset(&b, 0, sizeof(b));
	b.r = r;
	b.m = m;
	b.fs = fs;
	b.cluster = !cl || strcmp(cl, "file") == 0 ? DOT_CLUSTER_FILE
	          : strcmp(cl, "dialect") == 0 ? DOT_CLUSTER_DIALECT : DOT_CLUSTER_NONE;
	b.pats = pl_arena_zalloc(r->arena, (n + 1) * sizeof(*b.pats));
	b.root_op = pl_arena_zalloc(r->arena, (n + 1) * sizeof(*b.root_op));
	b.creates = pl_xcalloc(n + 1, sizeof(*b.creates));

	/* Nodes: patterns, then ops in first-use order (root, then created). */
	for (unsigned i = 0; i < n; i++) {
		const struct model_pattern *p = model_pattern_at(m, i);
		struct dot_set_pattern *sp = &b.pats[i];
		sp->label = pattern_label(r, p);
		sp->benefit = p->benefit;
		if (b.cluster == DOT_CLUSTER_FILE)
			sp->group = findings_relpath(fs, p->span.file);
		else if (b.cluster == DOT_CLUSTER_DIALECT)
			sp->group = p->root_op ? dialect_of(p->root_op, r) : NULL;
		b.root_op[i] = op_index(&b, p->root_op ? p->root_op : ANY_OP);
		for (unsigned k = 0; k < p->n_actions; k++)
			if (p->actions[k].kind == MODEL_ACT_REPLACE || p->actions[k].kind == MODEL_ACT_CREATE)
				for (unsigned v = 0; v < p->actions[k].n_values; v++)
					collect_created(&b, i, p->actions[k].values[v]);
	}
	read_findings(&b);

	/* Edges: per pattern, its root, what it creates, whom it may enable. */
	for (unsigned i = 0; i < n; i++) {
		add_edge(&b, DOT_EDGE_MATCHES, i, b.root_op[i], false, NULL);
		for (size_t k = 0; k < b.creates[i].len; k++)
			add_edge(&b, DOT_EDGE_CREATES, i, (unsigned)(uintptr_t)b.creates[i].items[k], false, NULL);
	}
	unsigned any = op_index(&b, ANY_OP);
	for (unsigned i = 0; i < n; i++) {
		for (unsigned j = 0; j < n; j++) {
			bool enables = false;
			for (size_t k = 0; k < b.creates[i].len && !enables; k++) {
				unsigned oi = (unsigned)(uintptr_t)b.creates[i].items[k];
				enables = oi == b.root_op[j] || b.root_op[j] == any;
			}
			if (enables)
				add_edge(&b, DOT_EDGE_ENABLES, i, j, same_cycle(&b, i, j), NULL);
		}
	}
	/* ANY_OP was only a lookup key unless some pattern matches any op. */
	bool any_used = false;
	for (unsigned i = 0; i < n; i++)
		any_used |= b.root_op[i] == any;

	struct dot_set s;
	memset(&s, 0, sizeof(s));
	s.patterns = b.pats;
	s.n_patterns = n;
	struct dot_set_op *ops = pl_arena_zalloc(r->arena, (b.ops.len + 1) * sizeof(*ops));
	for (size_t i = 0; i < b.ops.len; i++)
		ops[i] = *(struct dot_set_op *)b.ops.items[i];
	s.ops = ops;
	s.n_ops = (unsigned)b.ops.len - (any_used || any != b.ops.len - 1 ? 0 : 1);
	struct dot_set_edge *edges = pl_arena_zalloc(r->arena, (b.edges.len + 1) * sizeof(*edges));
	for (size_t i = 0; i < b.edges.len; i++)
		edges[i] = *(struct dot_set_edge *)b.edges.items[i];
	s.edges = edges;
	s.n_edges = (unsigned)b.edges.len;
	s.cluster = b.cluster;

	rc = pl_out_open(&out, r->opt->output, r->sm);
	if (rc == 0) {
		rc = dot_write_set(out.f, &s, fmt);
		if (pl_out_close(&out, rc == 0) < 0)
			rc = -1;
	}

	for (unsigned i = 0; i < n; i++)
		pl_vec_free(&b.creates[i]);
	free(b.creates);
	for (size_t c = 0; c < b.cycles.len; c++)
		pl_vec_free(b.cycles.items[c]);
	pl_vec_free(&b.cycles);
	pl_vec_free(&b.ops);
	pl_vec_free(&b.edges);
	return rc == 0 ? PL_EXIT_CLEAN : PL_EXIT_USAGE;
}

int pl_cmd_graph(struct pl_run *r)
{
	const struct pl_options *o = r->opt;
	struct rule_config cfg;
	struct pl_vec files;
	enum dot_format fmt;
	int status = PL_EXIT_USAGE;

	if (!o->graph_set == !o->graph_pattern) {
		fprintf(stderr, "patlint: graph: give either --pattern NAME or --set\n"
		                "Try 'patlint graph --help' for more information.\n");
		return PL_EXIT_USAGE;
	}
	if (o->cluster && !o->graph_set) {
		fprintf(stderr, "patlint: graph: --cluster applies to --set only\n");
		return PL_EXIT_USAGE;
	}
	if (pick_format(&fmt, o) < 0)
		return PL_EXIT_USAGE;
	if (fmt != DOT_FMT_DOT && !dot_can_render()) {
		fprintf(stderr, "patlint: graph: rendering %s needs Graphviz gvc, which this build lacks "
		                "(configure --enable-gvc); writing dot instead\n", dot_format_name(fmt));
		fmt = DOT_FMT_DOT;
	}
	if (o->graph_set && rule_config_from_cli(&cfg, o, r->sm, stderr) < 0)
		return PL_EXIT_USAGE;
	if (pl_collect_inputs(r, &files) < 0 ||
	    pl_out_check_reads(o->output, (const char *const *)files.items, files.len, r->sm, NULL) < 0)
		goto cleanup;

	struct model *m = model_new(r->arena, r->intern);
	model_set_sources(m, r->sm);
	/* Input errors are printed at once (the default sink); a picture of a
	 * half-loaded set would mislead, so there is none. */
	if (pl_load_inputs(r, m, (const char *const *)files.items, files.len) < 0 ||
	    pl_diag_errors(&r->diag))
		goto cleanup;
	if (o->graph_pattern) {
		status = draw_pattern(r, m, fmt);
		goto cleanup;
	}
	/* The rules' findings go to a collector, as in check, so that the
	 * configuration and suppressions decide what is highlighted. */
	struct findings *fs = findings_new(r->arena, r->sm, &cfg, NULL);
	struct pl_diag_sink saved = r->diag.sink;
	findings_install(fs, &r->diag);
	rules_run_all(m, &r->diag, &cfg);
	r->diag.sink = saved;
	findings_scan_all(fs);
	findings_finish(fs);
	status = draw_set(r, m, fs, fmt);
cleanup:
	pl_inputs_free(&files);
	return status;
}
