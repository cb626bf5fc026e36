/*
 * verify.c -- `patlint check --verify`: build witness IR for findings, run
 * the engine's greedy driver on it, and record whether it confirms them
 * (see verify.h for what confirms what).
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "analyzer/verify.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyzer/arena.h"
#include "analyzer/driver.h"
#include "analyzer/intern.h"
#include "analyzer/engine/greedy.h"
#include "analyzer/engine/interp.h"
#include "analyzer/engine/ir.h"
#include "analyzer/model.h"
#include "analyzer/overlap.h"
#include "analyzer/source.h"
#include "rules/findings.h"
#include "rules/rule.h"

/* Iteration and per-iteration rewrite limits of a verification run. */
#define VERIFY_MAX_ITERATIONS 10
#define VERIFY_MAX_REWRITES 1000
/* Applied-pattern lines kept from a trace. */
#define VERIFY_TRACE_LINES 12

/* Results by diagnostic (one run per process). */
static struct pl_ptrmap results;

const char *verify_status_name(enum verify_status s)
{
	return s == VERIFY_CONFIRMED ? "confirmed" : "unconfirmed";
}

const struct verify_result *verify_lookup(const struct pl_diag *d)
{
	const void *v;

	return pl_ptrmap_get(&results, d, &v) ? v : NULL;
}

static void record(const struct pl_diag *d, struct verify_result *v)
{
	pl_ptrmap_put(&results, d, v);
}

/* ---- witness IR from a match tree ------------------------------------- */

/* Builtin type for an ODS type constraint, NULL when none is obvious. */
static const char *type_for(const char *c)
{
	static const struct { const char *ods, *mlir; } tab[] = {
		{"F64", "f64"}, {"F32", "f32"}, {"F16", "f16"}, {"BF16", "bf16"},
		{"I1", "i1"}, {"I8", "i8"}, {"I16", "i16"}, {"I32", "i32"}, {"I64", "i64"},
		{"SI32", "si32"}, {"UI32", "ui32"}, {"Index", "index"},
		{"AnyInteger", "i32"}, {"AnySignlessInteger", "i32"}, {"SignlessIntegerLike", "i32"},
		{"AnySignlessIntegerOrIndex", "i32"}, {"SignlessIntegerOrIndexLike", "i32"},
		{"AnyFloat", "f32"}, {"FloatLike", "f32"}, {"BoolLike", "i1"},
	};
	for (size_t i = 0; c && i < PL_ARRAY_LEN(tab); i++)
		if (strcmp(c, tab[i].ods) == 0)
			return tab[i].mlir;
	return NULL;
}

/* Value for an attribute of ODS constraint c: (type suffix for a bare
 * constant, default value). */
static void attr_for(const char *c, const char **suffix, const char **dflt)
{
	static const struct { const char *ods, *suffix, *dflt; } tab[] = {
		{"I64Attr", "i64", "0 : i64"}, {"I32Attr", "i32", "0 : i32"}, {"I16Attr", "i16", "0 : i16"},
		{"I8Attr", "i8", "0 : i8"}, {"I1Attr", "i1", "false"}, {"BoolAttr", NULL, "false"},
		{"F64Attr", "f64", "0.0 : f64"}, {"F32Attr", "f32", "0.0 : f32"},
		{"IndexAttr", "index", "0 : index"}, {"APIntAttr", "i32", "0 : i32"},
		{"AnyIntegerAttr", "i32", "0 : i32"}, {"StrAttr", NULL, "\"w\""}, {"UnitAttr", NULL, "unit"},
		{"TypeAttr", NULL, "i32"},
	};
	*suffix = *dflt = NULL;
	for (size_t i = 0; c && i < PL_ARRAY_LEN(tab); i++)
		if (strcmp(c, tab[i].ods) == 0) {
			*suffix = tab[i].suffix;
			*dflt = tab[i].dflt;
		}
}

struct wval {
	const char *bind;   /* name bound, or NULL */
	const char *ref;    /* SSA name text ("%a0", "%v1", "%v2#1") */
	const char *type;   /* its type */
};

struct witness {
	struct pl_arena *ar;
	struct pl_buf args;    /* "%a0: i32, ..." */
	struct pl_buf body;    /* op lines */
	struct pl_vec vals;    /* struct wval * */
	unsigned n_args, n_ops;
	bool ok;               /* false: something could not be built */
};

static struct wval *lookup(struct witness *w, const char *name)
{
	for (size_t i = 0; name && i < w->vals.len; i++) {
		struct wval *v = w->vals.items[i];
		if (v->bind && strcmp(v->bind, name) == 0)
			return v;
	}
	return NULL;
}

static struct wval *new_arg(struct witness *w, const char *bind, const char *type)
{
	struct wval *v = PL_NEW(w->ar, struct wval);
	v->bind = bind;
	v->type = type ? type : "i32";
	v->ref = pl_arena_printf(w->ar, "%%a%u", w->n_args);
	pl_buf_printf(&w->args, "%s%s: %s", w->n_args ? ", " : "", v->ref, v->type);
	w->n_args++;
	pl_vec_push(&w->vals, v);
	return v;
}

static bool has_trait(const struct model_op *op, const char *t)
{
	for (unsigned i = 0; op && i < op->n_traits; i++)
		if (strcmp(op->traits[i], t) == 0)
			return true;
	return false;
}

/* Emit the IR for match node n (expected type hint); returns its value. */
static struct wval *emit(struct witness *w, const struct model_node *n, const char *hint,
                         enum model_origin origin)
{
	struct wval *v;

	if (n->kind == MODEL_NODE_REF) {
		v = lookup(w, n->ref);
		return v ? v : new_arg(w, n->ref, hint);
	}
	if (n->kind != MODEL_NODE_OP) {
		if (n->bind && (v = lookup(w, n->bind)))
			return v;
		const char *t = type_for(n->constraint);
		return new_arg(w, n->bind, t ? t : hint);
	}
	if (!n->op_name) {
		w->ok = false;
		return new_arg(w, n->bind, hint);
	}
	const struct model_op *op = n->op;
	struct pl_buf ops = {0}, types = {0}, attrs = {0};
	const char *first_type = NULL;
	unsigned n_ops = 0, n_attrs = 0;
	for (unsigned i = 0; i < n->n_args; i++) {
		const struct model_node *a = n->args[i];
		const struct model_op_arg *oa = NULL;
		bool operand;
		if (origin == MODEL_ORIGIN_PDLL) {
			operand = i < n->n_operand_args;
		} else if (op && i < op->n_args) {
			oa = op->args[i];
			operand = oa->kind == MODEL_ARG_OPERAND;
		} else {
			operand = a->kind != MODEL_NODE_ATTR;
		}
		if (operand) {
			const char *hint2 = oa ? type_for(oa->constraint) : NULL;
			if (!hint2 && op && has_trait(op, "SameOperandsAndResultType") && first_type)
				hint2 = first_type;
			if (!hint2)
				hint2 = first_type;
			struct wval *c = emit(w, a, hint2, origin);
			if (!first_type)
				first_type = c->type;
			pl_buf_printf(&ops, "%s%s", n_ops ? ", " : "", c->ref);
			pl_buf_printf(&types, "%s%s", n_ops ? ", " : "", c->type);
			n_ops++;
			continue;
		}
		const char *slot = n->arg_names && n->arg_names[i] ? n->arg_names[i] : "";
		const char *suffix, *dflt;
		attr_for(oa ? oa->constraint : a->constraint, &suffix, &dflt);
		const char *val = NULL;
		if (a->constant) {
			bool bare = !strchr(a->constant, ':') && a->constant[0] != '"' &&
			            strcmp(a->constant, "true") && strcmp(a->constant, "false") &&
			            strcmp(a->constant, "unit");
			struct pl_buf t = {0};
			ir_fmt_attr_text(&t, a->constant);
			val = bare && suffix ? pl_arena_printf(w->ar, "%s : %s", pl_buf_cstr(&t), suffix)
			                     : pl_arena_strdup(w->ar, pl_buf_cstr(&t));
			pl_buf_free(&t);
		} else {
			val = dflt;
		}
		if (!slot[0] || !val)
			continue;
		if (n_attrs)
			pl_buf_puts(&attrs, ", ");
		ir_fmt_name(&attrs, slot);
		if (strcmp(val, "unit") != 0)
			pl_buf_printf(&attrs, " = %s", val);
		n_attrs++;
	}
	/* Results: as many as ODS declares (one when unknown). */
	unsigned n_res = op ? op->n_results : 1;
	v = PL_NEW(w->ar, struct wval);
	v->bind = n->bind;
	const char *rt = NULL;
	if (op && n_res && has_trait(op, "SameOperandsAndResultType") && first_type)
		rt = first_type;
	if (!rt && op && n_res)
		rt = type_for(op->results[0].constraint);
	if (!rt)
		rt = hint ? hint : first_type ? first_type : "i32";
	v->type = rt;
	struct pl_buf rts = {0};
	for (unsigned k = 0; k < n_res; k++)
		pl_buf_printf(&rts, "%s%s", k ? ", " : "", rt);
	unsigned id = w->n_ops++;
	if (n_res == 1)
		pl_buf_printf(&w->body, "    %%v%u = ", id);
	else if (n_res > 1)
		pl_buf_printf(&w->body, "    %%v%u:%u = ", id, n_res);
	else
		pl_buf_puts(&w->body, "    ");
	/* the op name is the pattern file's: escaped as MLIR prints it */
	ir_fmt_string(&w->body, n->op_name, strlen(n->op_name));
	pl_buf_printf(&w->body, "(%s)", pl_buf_cstr(&ops));
	if (n_attrs)
		pl_buf_printf(&w->body, " {%s}", pl_buf_cstr(&attrs));
	pl_buf_printf(&w->body, " : (%s) -> %s%s%s\n", pl_buf_cstr(&types), n_res == 1 ? "" : "(",
	              pl_buf_cstr(&rts), n_res == 1 ? "" : ")");
	if (n_res > 1)
		v->ref = pl_arena_printf(w->ar, "%%v%u#%u", id, n->indexed ? n->result_index : 0);
	else
		v->ref = pl_arena_printf(w->ar, "%%v%u", id);
	pl_buf_free(&ops);
	pl_buf_free(&types);
	pl_buf_free(&attrs);
	pl_buf_free(&rts);
	if (n_res == 0)
		v->type = NULL;
	pl_vec_push(&w->vals, v);
	return v;
}

/* A func.func holding the ops of p's match tree, root last, returning the
 * root's result.  Returns an arena string, or NULL when the tree has an
 * any-op node. */
static const char *witness_for(struct pl_arena *ar, const struct model_pattern *p)
{
	struct witness w;
	const char *text = NULL;

	memset(&w, 0, sizeof(w));
	w.ar = ar;
	w.ok = true;
	if (!p->match || p->match->kind != MODEL_NODE_OP)
		return NULL;
	struct wval *root = emit(&w, p->match, NULL, p->origin);
	if (w.ok) {
		if (root->type)
			text = pl_arena_printf(ar,
			                       "func.func @witness(%s) -> %s {\n%s    return %s : %s\n}\n",
			                       pl_buf_cstr(&w.args), root->type, pl_buf_cstr(&w.body),
			                       root->ref, root->type);
		else
			text = pl_arena_printf(ar, "func.func @witness(%s) {\n%s    return\n}\n",
			                       pl_buf_cstr(&w.args), pl_buf_cstr(&w.body));
	}
	pl_buf_free(&w.args);
	pl_buf_free(&w.body);
	pl_vec_free(&w.vals);
	return text;
}

/* ---- running the engine ----------------------------------------------- */

/* Engine diagnostics are kept, not reported: the first one explains an
 * unconfirmed result. */
struct capture {
	const char *first;
	struct pl_arena *ar;
	struct pl_span at;      /* where first points */
};

static void capture_emit(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	struct capture *c = ud;
	(void)ctx;
	if (!c->first) {
		c->first = pl_arena_strdup(c->ar, d->msg);
		c->at = d->span;
	}
}

struct run_out {
	int rc;                 /* 0 ran, -1 parse or engine error */
	bool converged;
	unsigned iterations;
	unsigned long rewrites;
	const char *error;      /* first engine diagnostic */
	struct pl_span error_at; /* its location */
	bool parse_failed;      /* the IR did not parse (error says why) */
	const char *applied;    /* "// applied:" lines kept from the trace */
	const char **names;     /* distinct applied pattern names (arena) */
	size_t n_names;         /* entries in names */
	const char *ir;         /* the rewritten IR, generic form (arena) */
};

/* The patterns a run applied, as the driver reports them (on_applied):
 * the first VERIFY_TRACE_LINES as lines, and the distinct names.  A run
 * used to write the driver's whole log only for its "// applied:" lines
 * (a sixth of a --verify run over 300 synthetic patterns went to
 * formatting it). */
struct applied {
	struct pl_arena *ar;
	struct pl_buf lines;
	struct pl_vec names;       /* distinct, in the arena */
	struct pl_ptrmap seen;     /* pattern -> name: patterns seen */
	unsigned total;
};

static void note_applied(void *ud, const struct model_pattern *p)
{
	struct applied *a = ud;
	const char *name = p->name ? p->name : "<anonymous>";
	const void *v;

	if (a->total++ < VERIFY_TRACE_LINES)
		pl_buf_printf(&a->lines, "%sapplied %s", a->total > 1 ? "\n" : "", name);
	if (pl_ptrmap_get(&a->seen, p, &v))
		return;
	pl_ptrmap_put(&a->seen, p, name);
	/* two patterns may share a name (anonymous ones do) */
	for (size_t i = 0; i < a->names.len; i++)
		if (strcmp(a->names.items[i], name) == 0)
			return;
	pl_vec_push(&a->names, pl_arena_strdup(a->ar, name));
}

static void keep_applied(struct applied *a, struct run_out *o)
{
	if (a->total > VERIFY_TRACE_LINES)
		pl_buf_printf(&a->lines, "\n... (%u more)", a->total - VERIFY_TRACE_LINES);
	o->applied = a->total ? pl_arena_strdup(a->ar, pl_buf_cstr(&a->lines)) : NULL;
	o->names = PL_NEW_ARRAY(a->ar, const char *, a->names.len + 1);
	for (size_t i = 0; i < a->names.len; i++)
		o->names[i] = a->names.items[i];
	o->n_names = a->names.len;
	pl_vec_free(&a->names);
	pl_buf_free(&a->lines);
	pl_ptrmap_free(&a->seen);
}

/* check --assume NAME=BOOL: what the engine takes native constraints to
 * return while it confirms findings. */
/* What the engine runs of one verify_findings share: one IR context, its
 * pure ops marked once (a context per run marked them, thousands on the
 * corpus, for each of 22,000 runs), each run giving it an arena of its own;
 * the --assume options; the patterns by name. */
struct verifier {
	struct pl_run *r;
	struct model *m;
	struct ir_ctx *c;
	struct interp_options io;
	struct pl_ptrmap by_name;   /* interned name -> the first pattern so named */
};

static void verifier_init(struct verifier *v, struct pl_run *r, struct model *m)
{
	memset(v, 0, sizeof(*v));
	v->r = r;
	v->m = m;
	for (unsigned i = model_pattern_count(m); i-- > 0;) {
		const struct model_pattern *p = model_pattern_at(m, i);
		if (p->name && p->name[0])
			pl_ptrmap_put(&v->by_name, pl_intern(r->intern, p->name), p); /* the first wins */
	}
}

/* The context and the assumptions, made at the first run (as each run
 * made them: looking the ops up fills them in). */
static struct ir_ctx *verifier_ctx(struct verifier *v)
{
	if (!v->c) {
		struct pl_run *r = v->r;
		v->c = ir_ctx_new(r->arena, r->intern);
		for (unsigned i = 0; i < model_op_count(v->m); i++) {
			const struct model_op *op = model_op_at(v->m, i);
			if (has_trait(op, "Pure") || has_trait(op, "NoSideEffect") ||
			    has_trait(op, "NoMemoryEffect"))
				ir_ctx_mark_pure(v->c, op->name);
		}
		v->io = interp_options_from_specs(r->arena, (const char *const *)r->opt->assumes.items,
		                                  r->opt->assumes.len);
	}
	return v->c;
}

static void verifier_fini(struct verifier *v)
{
	ir_ctx_free(v->c);
	pl_ptrmap_free(&v->by_name);
}

/* Parse file f and run the patterns of m that meet pattern `with` on it
 * (every pattern when with is NULL; a --split-input-file chunk is its own
 * set); with sa and sb, those two patterns' places in the application
 * order swapped. */
static void run_file_swapped(struct verifier *vf, struct pl_source_file *f, struct run_out *o,
                             const struct model_pattern *with, const struct model_pattern *sa,
                             const struct model_pattern *sb)
{
	struct pl_run *r = vf->r;
	struct model *m = vf->m;
	struct pl_diag_ctx dc;
	struct capture cap = {NULL, r->arena, {0}};
	struct ir_op *top = NULL;
	struct greedy_options go;
	struct greedy_result res;
	struct applied ap = {.ar = r->arena};
	/* the IR, its rewriting and the engine's diagnostics are the run's
	 * own: only what o keeps goes to r->arena (a --verify run over 300
	 * synthetic patterns grew to 1.3 GiB keeping them all) */
	struct pl_arena *scratch = pl_arena_new();

	memset(o, 0, sizeof(*o));
	pl_diag_ctx_init(&dc, r->sm, scratch);
	dc.sink.emit = capture_emit;
	dc.sink.ud = &cap;
	struct ir_ctx *c = verifier_ctx(vf);
	ir_ctx_begin(c, scratch);
	if (ir_parse(&top, c, &dc, f) < 0) {
		o->rc = -1;
		o->error = cap.first;
		o->error_at = cap.at;
		o->parse_failed = true;
		pl_arena_free(scratch);
		return;
	}
	memset(&go, 0, sizeof(go));
	go.max_iterations = VERIFY_MAX_ITERATIONS;
	go.max_rewrites = VERIFY_MAX_REWRITES;
	go.on_applied = note_applied;
	go.on_applied_ud = &ap;
	go.swap_a = sa;
	go.swap_b = sb;
	go.meet = with;
	go.interp = vf->io;
	o->rc = greedy_run(&res, c, m, top, &dc, &go);
	o->converged = res.converged;
	o->iterations = res.iterations;
	o->rewrites = res.rewrites;
	o->error = cap.first;
	keep_applied(&ap, o);
	struct pl_buf ib = {0};
	ir_print(&ib, top);
	o->ir = pl_arena_strdup(r->arena, pl_buf_cstr(&ib));
	pl_buf_free(&ib);
	pl_arena_free(scratch);
}

static void run_file(struct verifier *vf, struct pl_source_file *f, struct run_out *o,
                     const struct model_pattern *with)
{
	run_file_swapped(vf, f, o, with, NULL, NULL);
}

static bool applied(const struct run_out *o, const char *name)
{
	for (size_t i = 0; name && i < o->n_names; i++)
		if (strcmp(o->names[i], name) == 0)
			return true;
	return false;
}

/* ---- per finding -------------------------------------------------------- */

static const struct model_pattern *pattern_named(struct verifier *vf, const char *name)
{
	const void *p;

	return name && name[0] && pl_ptrmap_get(&vf->by_name, pl_intern(vf->r->intern, name), &p)
	       ? p : NULL;
}

static const struct model_pattern *pattern_at_span(struct model *m, struct pl_span s)
{
	for (unsigned i = 0; i < model_pattern_count(m); i++) {
		const struct model_pattern *p = model_pattern_at(m, i);
		if (p->span.file == s.file && p->span.off == s.off)
			return p;
	}
	return NULL;
}

static void verify_recursion(struct verifier *vf, const struct finding *f, struct verify_result *v)
{
	struct pl_run *r = vf->r;
	struct model *m = vf->m;
	const struct model_pattern *p = pattern_at_span(m, f->diag->span);
	const char *text = p ? witness_for(r->arena, p) : NULL;
	struct run_out o;

	if (!text) {
		v->how = "no witness: the first pattern's match tree has an op patlint cannot build";
		return;
	}
	v->witness = text;
	struct pl_source_file *sf = pl_source_add(r->sm, "<witness>", text, strlen(text));
	run_file(vf, sf, &o, p);
	v->trace = o.applied;
	if (o.rc < 0) {
		v->how = pl_arena_printf(r->arena, "the engine could not run the witness: %s",
		                         o.error ? o.error : "error");
		return;
	}
	if (!o.converged) {
		v->status = VERIFY_CONFIRMED;
		v->how = pl_arena_printf(r->arena,
		                         "the greedy driver did not converge on the witness within %u "
		                         "iterations (%lu rewrites)", o.iterations, o.rewrites);
	} else {
		v->how = pl_arena_printf(r->arena,
		                         "the greedy driver converged on the witness after %u iterations "
		                         "(%lu rewrites)", o.iterations, o.rewrites);
	}
}

/* Overlap and benefit conflict: a witness from each pattern's match tree in
 * turn; confirmed when both patterns match its root. */
static void verify_overlap(struct verifier *vf, const struct finding *f, struct verify_result *v)
{
	struct pl_run *r = vf->r;
	struct model *m = vf->m;
	const struct rule_finding_info *info = f->diag->extra;
	const struct model_pattern *a, *b;

	if (!info || info->n_patterns < 2 || !(a = pattern_named(vf, info->patterns[0])) ||
	    !(b = pattern_named(vf, info->patterns[1]))) {
		v->how = "no witness: the finding does not name two patterns";
		return;
	}
	/* The unified witness of analyzer/overlap.c first, then each
	 * pattern's own match tree. */
	const char *texts[3] = {NULL, NULL, NULL};
	struct pl_buf ob = {0};
	if (overlap_witness(&ob, m, a, b) == 0)
		texts[0] = pl_arena_strdup(r->arena, pl_buf_cstr(&ob));
	pl_buf_free(&ob);
	texts[1] = witness_for(r->arena, a);
	texts[2] = witness_for(r->arena, b);
	/* benefit-conflict names the pattern MLIR applies first. */
	const char *first = NULL, *q = strstr(f->diag->msg, "applies '");
	if (q && !strcmp(f->diag->rule, "benefit-conflict")) {
		const char *e = strchr(q + 9, '\'');
		if (e)
			first = pl_arena_strndup(r->arena, q + 9, (size_t)(e - q - 9));
	}
	for (int k = 0; k < 3; k++) {
		const char *text = texts[k];
		if (!text)
			continue;
		struct pl_source_file *sf = pl_source_add(r->sm, "<witness>", text, strlen(text));
		struct pl_diag_ctx dc;
		struct capture cap = {NULL, r->arena, {0}};
		struct ir_op *top = NULL;
		struct pl_arena *scratch = pl_arena_new();
		pl_diag_ctx_init(&dc, r->sm, scratch);
		dc.sink.emit = capture_emit;
		dc.sink.ud = &cap;
		ir_ctx_begin(verifier_ctx(vf), scratch);
		if (ir_parse(&top, vf->c, &dc, sf) < 0) {
			pl_arena_free(scratch);
			continue;
		}
		/* The witness root: the op right before the return. */
		struct ir_op *fn = top->regions[0].first ? top->regions[0].first->first : NULL;
		struct ir_op *ret = fn && fn->n_regions && fn->regions[0].first ? fn->regions[0].first->last : NULL;
		struct ir_op *root = ret ? ret->prev : NULL;
		struct interp *ip = interp_new(vf->c, m, &dc, &vf->io);
		int ma = root ? interp_match(ip, a, root) : 0, mb = root ? interp_match(ip, b, root) : 0;
		interp_free(ip);
		pl_arena_free(scratch);
		v->witness = text;
		if (ma == 1 && mb == 1) {
			struct run_out o;
			run_file(vf, sf, &o, a);
			v->trace = o.applied;
			v->status = VERIFY_CONFIRMED;
			v->how = "both patterns match the witness root";
			bool tie = !strcmp(f->diag->rule, "benefit-conflict") && a->benefit == b->benefit;
			if (first && !tie) {
				const char *got = o.n_names ? o.names[0] : NULL;
				bool same = got && !strcmp(got, first);
				v->status = same ? VERIFY_CONFIRMED : VERIFY_UNCONFIRMED;
				v->how = pl_arena_printf(r->arena,
				                         "both patterns match the witness root; the driver "
				                         "applies '%s' first%s", got ? got : "nothing",
				                         same ? ", as the finding says" : "");
			} else if (tie) {
				/* A benefit conflict matters when the order decides the
				 * result: run the witness again with the two patterns'
				 * registration order swapped; confirmed when the
				 * rewritten IR (or convergence) differs. */
				const char *got = o.n_names ? o.names[0] : NULL;
				bool same = got && first && !strcmp(got, first);
				struct run_out o2;
				run_file_swapped(vf, sf, &o2, a, a, b);
				const char *got2 = o2.n_names ? o2.names[0] : NULL;
				bool differs = o.rc == 0 && o2.rc == 0 && o.ir && o2.ir &&
				               (strcmp(o.ir, o2.ir) != 0 || o.converged != o2.converged);
				v->status = differs ? VERIFY_CONFIRMED : VERIFY_UNCONFIRMED;
				v->how = pl_arena_printf(
				        r->arena,
				        "both patterns match the witness root; the driver applies '%s' "
				        "first%s; with the two patterns' registration order swapped it "
				        "applies '%s' first and the result %s",
				        got ? got : "nothing", same ? ", as the finding says" : "",
				        got2 ? got2 : "nothing",
				        o2.rc != 0 ? "could not be computed"
				        : differs  ? "differs"
				                   : "is the same (the order does not matter here)");
				if (differs && o2.applied)
					v->trace = pl_arena_printf(r->arena, "%s\nswapped:\n%s",
					                           o.applied ? o.applied : "", o2.applied);
			}
			return;
		}
		v->how = ma < 0 || mb < 0
		                 ? pl_arena_printf(r->arena, "undecided on the witness: %s",
		                                   cap.first ? cap.first : "native constraint")
		                 : "only one pattern matches the witness root";
	}
	if (!v->how)
		v->how = "no witness could be built";
}

static bool mlir_file(const char *name)
{
	size_t n = strlen(name);
	return n > 5 && strcmp(name + n - 5, ".mlir") == 0;
}

/* Folders below --fixtures followed at most this deep (as for inputs). */
#define FIXTURE_MAX_DEPTH 64

/* Every regular .mlir file under dir, unsorted.  Like the input walk, it
 * skips hidden entries and does not follow symbolic links (a link to a
 * parent would never end; one out of the tree reads what it should not),
 * and takes regular files only (a FIFO or a device would block or never
 * end).  Returns 0, or -1 after reporting why dir cannot be listed. */
static int collect_fixtures(struct pl_run *r, const char *dir, struct pl_vec *out, int depth)
{
	struct pl_span none = {0};
	DIR *d;
	struct dirent *e;
	int rc = 0;

	if (depth > FIXTURE_MAX_DEPTH) {
		pl_diag(&r->diag, PL_SEV_ERROR, NULL, none,
		        "fixtures folder '%s' nested deeper than %d, not descending", dir,
		        FIXTURE_MAX_DEPTH);
		return -1;
	}
	d = opendir(dir);
	if (!d) {
		pl_diag(&r->diag, PL_SEV_ERROR, NULL, none, "cannot open directory '%s': %s", dir,
		        pl_strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		struct pl_buf path = {0};
		struct stat st;
		pl_buf_printf(&path, "%s%s%s", dir, dir[0] && dir[strlen(dir) - 1] == '/' ? "" : "/",
		              e->d_name);
		if (lstat(path.data, &st) != 0) {
			pl_buf_free(&path);
		} else if (S_ISDIR(st.st_mode)) {
			if (collect_fixtures(r, path.data, out, depth + 1) < 0)
				rc = -1;
			pl_buf_free(&path);
		} else if (S_ISREG(st.st_mode) && mlir_file(e->d_name)) {
			pl_vec_push(out, pl_buf_detach(&path));
		} else {
			pl_buf_free(&path);
		}
	}
	closedir(d);
	return rc;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

unsigned verify_findings(struct pl_run *r, struct model *m, struct findings *fs,
                         const char *fixtures_dir)
{
	unsigned confirmed = 0;
	struct pl_vec fixtures = {0};
	struct run_out *fx = NULL;
	struct verifier vf;

	verifier_init(&vf, r, m);
	if (fixtures_dir) {
		struct pl_span none = {0};
		collect_fixtures(r, fixtures_dir, &fixtures, 0);
		if (fixtures.len)
			qsort(fixtures.items, fixtures.len, sizeof(void *), cmp_str);
		fx = pl_xcalloc(fixtures.len + 1, sizeof(*fx));
		for (size_t i = 0; i < fixtures.len; i++) {
			struct pl_source_file *sf;
			if (pl_source_load(&sf, r->sm, fixtures.items[i]) != 0) {
				/* named by the user, as the inputs are: unreadable is an error */
				pl_diag(&r->diag, PL_SEV_ERROR, NULL, none, "cannot read '%s': %s",
				        (const char *)fixtures.items[i], pl_strerror(errno));
				fx[i].rc = -1;
				continue;
			}
			run_file(&vf, sf, &fx[i], NULL);
			/* Valid MLIR in custom syntax the engine does not know fails
			 * here too, so this does not fail the run: a warning says the
			 * fixture was skipped and where the parse stopped. */
			if (fx[i].parse_failed)
				pl_diag(&r->diag, PL_SEV_WARNING, NULL, fx[i].error_at,
				        "fixture not run: %s", fx[i].error ? fx[i].error : "it does not parse");
		}
	}
	for (size_t i = 0; i < findings_count(fs); i++) {
		const struct finding *f = findings_at(fs, i);
		const char *rule = f->diag->rule;
		if (!rule)
			continue;
		struct verify_result *v = PL_NEW(r->arena, struct verify_result);
		if (!strcmp(rule, "unbounded-recursion")) {
			verify_recursion(&vf, f, v);
			const struct rule_finding_info *info = f->diag->extra;
			for (size_t k = 0; v->status != VERIFY_CONFIRMED && k < fixtures.len; k++) {
				if (fx[k].rc < 0 || fx[k].converged || !info)
					continue;
				bool all = true;
				for (unsigned j = 0; j < info->n_patterns && all; j++)
					all = applied(&fx[k], info->patterns[j]) ||
					      !info->patterns[j][0];
				if (!all)
					continue;
				v->status = VERIFY_CONFIRMED;
				v->how = pl_arena_printf(r->arena,
				                         "fixture %s does not converge within %u iterations "
				                         "(%lu rewrites)", (const char *)fixtures.items[k],
				                         fx[k].iterations, fx[k].rewrites);
				v->witness = pl_arena_strdup(r->arena, fixtures.items[k]);
				v->trace = fx[k].applied;
			}
		} else if (!strcmp(rule, "overlapping-matchers") || !strcmp(rule, "benefit-conflict")) {
			verify_overlap(&vf, f, v);
		} else {
			continue;
		}
		confirmed += v->status == VERIFY_CONFIRMED;
		record(f->diag, v);
	}
	for (size_t i = 0; i < fixtures.len; i++) {
		free(fixtures.items[i]);
	}
	free(fx);
	pl_vec_free(&fixtures);
	verifier_fini(&vf);
	return confirmed;
}
