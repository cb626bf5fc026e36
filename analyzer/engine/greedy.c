/*
 * greedy.c -- the greedy pattern rewrite driver, as MLIR 16 runs it.
 *
 * Facts taken from LLVM 16's GreedyPatternRewriteDriver.cpp, FoldUtils.cpp
 * and PatternApplicator.cpp, and checked with tests/harness/greedy:
 *   - each iteration clears the worklist and seeds it with a post-order
 *     walk of the regions; adding an op also adds its ancestors up to the
 *     top region (so func.func lands right after its first op); constants
 *     are not added but handed to the folder (below);
 *   - the worklist pops from the back; a popped op that is trivially dead
 *     is erased; else the folder tries it; else the patterns, best first;
 *   - rewrite notifications: a created op is added; before a replacement
 *     the users of the replaced results are added; before an erase the
 *     defining ops of operands left with at most one use are added and the
 *     op (and all ops nested in it) leave the worklist;
 *   - the rewrite limit counts per iteration (the loop stops, the
 *     iteration is "changed", the next one starts from a fresh seed);
 *   - after each iteration, region DCE erases pure ops no live op uses,
 *     and counts as a change;
 *   - the loop stops when an iteration changes nothing (converged) or the
 *     iteration limit is reached (did not converge).
 * Pattern order on one op (PatternApplicator::matchAndRewrite): benefit
 * first; among equal benefits, op-specific native (DRR) patterns in
 * registration order, then any-op ones, then PDL matches in the order the
 * PDL bytecode records them (see greedy_pdl.c).
 *
 * Folding, modeled for the dialects the harness registers (func, arith):
 *   - arith.constant: uniqued per region (same value and type -> one op)
 *     and hoisted to the front of the entry block, exactly as
 *     OperationFolder::insertKnownConstant / tryToFold do;
 *   - the integer ops of arith fold as arith_fold.c lists (their own
 *     folds, then Commutative's and Idempotent's); an op updated in place
 *     goes on to the patterns, as in MLIR.
 * Nothing else folds (float arithmetic, index, shaped constants): where
 * MLIR would fold them, patlint's output differs.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "greedy.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/engine/arith_fold.h"
#include "analyzer/engine/greedy_p.h"
#include "analyzer/engine/ir.h"
#include "analyzer/model.h"
#include "analyzer/util.h"

#define GREEDY_SAFETY_REWRITES 100000UL

/* A uniqued constant of the folder. */
struct kconst {
	struct ir_region *region;  /* insertion region */
	const char *value;         /* canonical attribute */
	const char *type;          /* result type */
	struct ir_op *op;
};

struct drv {
	struct ir_ctx *c;
	const struct model *m;
	struct ir_op *top;
	struct pl_diag_ctx *diag;
	const struct greedy_options *opt;
	struct interp *ip;
	/* worklist */
	struct ir_op **wl;
	size_t wl_len, wl_cap;
	uint32_t *pos;             /* by serial: index+1 in wl, 0 absent */
	bool *owned;               /* by serial: folder-owned constant */
	size_t pos_cap;
	/* folder */
	struct kconst *kc;
	size_t n_kc, cap_kc;
	/* patterns */
	const struct model_pattern **pats; /* in application order */
	const char **roots;        /* pats[i]'s root op name in the context's table, or NULL */
	unsigned n_pats;
	/* by root: the indices of the patterns rooted at an op name (a struct
	 * root_list, keyed by the interned name), and of those rooted at any
	 * op, each in application order */
	struct pl_ptrmap by_root;
	struct root_list *lists;   /* the map's values, one per root name */
	unsigned *idx;             /* their indices, then any_idx's */
	unsigned *any_idx, n_any;
	bool changed;
	bool error;
	FILE *tr;
};

static void grow_maps(struct drv *d, uint32_t serial)
{
	if (serial < d->pos_cap)
		return;
	size_t n = d->pos_cap ? d->pos_cap : 256;
	while (n <= serial)
		n *= 2;
	d->pos = pl_xrealloc(d->pos, n * sizeof(*d->pos));
	d->owned = pl_xrealloc(d->owned, n * sizeof(*d->owned));
	memset(d->pos + d->pos_cap, 0, (n - d->pos_cap) * sizeof(*d->pos));
	memset(d->owned + d->pos_cap, 0, (n - d->pos_cap) * sizeof(*d->owned));
	d->pos_cap = n;
}

static bool is_owned(struct drv *d, const struct ir_op *op)
{
	return op && op->serial < d->pos_cap && d->owned[op->serial];
}

static void add_single(struct drv *d, struct ir_op *op)
{
	grow_maps(d, op->serial);
	if (d->pos[op->serial])
		return;
	if (d->wl_len == d->wl_cap) {
		d->wl_cap = d->wl_cap ? d->wl_cap * 2 : 64;
		d->wl = pl_xrealloc(d->wl, d->wl_cap * sizeof(*d->wl));
	}
	d->wl[d->wl_len] = op;
	d->pos[op->serial] = (uint32_t)++d->wl_len;
}

/* addToWorklist: op and its ancestors, when op is inside the top op. */
static void add_op(struct drv *d, struct ir_op *op)
{
	struct ir_op *anc[256];
	unsigned n = 0;
	struct ir_op *cur = op;
	anc[n++] = op;
	for (;;) {
		if (!cur->block || !cur->block->region)
			return;
		struct ir_op *parent = cur->block->region->op;
		if (parent == d->top) {
			for (unsigned i = 0; i < n; i++)
				add_single(d, anc[i]);
			return;
		}
		if (!parent || n >= 256)
			return;
		cur = parent;
		anc[n++] = cur;
	}
}

static struct ir_op *pop_op(struct drv *d)
{
	struct ir_op *op = d->wl[--d->wl_len];
	if (op)
		d->pos[op->serial] = 0;
	return op;
}

static void remove_single(struct drv *d, struct ir_op *op)
{
	if (op->serial < d->pos_cap && d->pos[op->serial]) {
		d->wl[d->pos[op->serial] - 1] = NULL;
		d->pos[op->serial] = 0;
	}
}

/* ---- folder: constants ------------------------------------------------------ */

static bool is_constant(const struct ir_op *op)
{
	return strcmp(op->name, "arith.constant") == 0 && op->n_results == 1 && ir_op_attr(op, "value");
}

static struct ir_region *insert_region(const struct ir_op *op)
{
	return op->block ? op->block->region : NULL;
}

static struct kconst *kc_find(struct drv *d, struct ir_region *r, const char *value, const char *type)
{
	for (size_t i = 0; i < d->n_kc; i++)
		if (d->kc[i].region == r && d->kc[i].value == value && d->kc[i].type == type)
			return &d->kc[i];
	return NULL;
}

static void kc_add(struct drv *d, struct ir_region *r, const char *value, const char *type, struct ir_op *op)
{
	if (d->n_kc == d->cap_kc) {
		d->cap_kc = d->cap_kc ? d->cap_kc * 2 : 16;
		d->kc = pl_xrealloc(d->kc, d->cap_kc * sizeof(*d->kc));
	}
	d->kc[d->n_kc++] = (struct kconst){ r, value, type, op };
	grow_maps(d, op->serial);
	d->owned[op->serial] = true;
}

/* OperationFolder::notifyRemoval */
static void folder_removed(struct drv *d, struct ir_op *op)
{
	if (!is_owned(d, op))
		return;
	d->owned[op->serial] = false;
	for (size_t i = 0; i < d->n_kc; i++)
		if (d->kc[i].op == op) {
			d->kc[i] = d->kc[--d->n_kc];
			break;
		}
}

static void trace(struct drv *d, const char *fmt, const char *a, unsigned n)
{
	if (d->tr)
		fprintf(d->tr, fmt, a, n);
}

/* notifyOperationRemoved's worklist part: re-add defining ops of operands
 * left with at most one use (the op's own use still counts). */
static void add_operands(struct drv *d, struct ir_value **vals, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		struct ir_value *v = vals[i];
		if (!v)
			continue;
		unsigned uses = 0;
		for (struct ir_use *u = v->uses; u && uses < 2; u = u->next)
			uses++;
		if (uses >= 2)
			continue;
		if (v->def)
			add_op(d, v->def);
	}
}

static struct ir_value **operand_values(struct drv *d, const struct ir_op *op)
{
	struct ir_value **vals = PL_NEW_ARRAY(ir_ctx_arena(d->c), struct ir_value *, op->n_operands + 1);
	for (unsigned i = 0; i < op->n_operands; i++)
		vals[i] = op->operands[i].value;
	return vals;
}

static void walk_remove(struct ir_op *op, void *ud)
{
	struct drv *d = ud;
	remove_single(d, op);
	folder_removed(d, op);
}

static void notify_removed(struct drv *d, struct ir_op *op)
{
	trace(d, "    ** Erase   : '%s'(#%u)\n", op->name, op->serial);
	add_operands(d, operand_values(d, op), op->n_operands);
	ir_op_walk(op, walk_remove, d);
}

static void cb_inserted(void *ud, struct ir_op *op)
{
	struct drv *d = ud;
	trace(d, "    ** Insert  : '%s'(#%u)\n", op->name, op->serial);
	add_op(d, op);
}

static void cb_replaced(void *ud, struct ir_op *op)
{
	struct drv *d = ud;
	trace(d, "    ** Replace : '%s'(#%u)\n", op->name, op->serial);
	for (unsigned i = 0; i < op->n_results; i++)
		for (struct ir_use *u = op->results[i].uses; u; u = u->next)
			add_op(d, u->owner);
}

static void cb_removed(void *ud, struct ir_op *op)
{
	notify_removed(ud, op);
}

static void cb_modified(void *ud, struct ir_op *op)
{
	struct drv *d = ud;
	trace(d, "    ** Modified: '%s'(#%u)\n", op->name, op->serial);
	add_op(d, op);
}

static void move_to_front(struct ir_op *op, struct ir_block *b)
{
	if (b->first != op)
		ir_op_move_before(b->first, op);
}

/* insertKnownConstant, as the driver's first walk calls it: returns false
 * when op was a duplicate, whose uses then go to the first constant with
 * no rewriter in between (MLIR 16: replaceAllUsesWith and erase), so its
 * users stay where the walk puts them in the worklist.  (Added there as
 * the users of a replaced op, they came before the ops after the
 * constant: random run seed 1762 rewrote two ops in another order.) */
static bool insert_known_constant(struct drv *d, struct ir_op *op)
{
	struct ir_block *ob = op->block;
	if (is_owned(d, op)) {
		if (ob->first != op && !is_owned(d, op->prev))
			move_to_front(op, ob);
		return true;
	}
	struct ir_region *r = insert_region(op);
	const char *val = ir_op_attr(op, "value");
	struct kconst *k = kc_find(d, r, val, op->results[0].type);
	if (k) {
		ir_value_replace_all_uses(&op->results[0], &k->op->results[0]);
		ir_op_erase(op);
		return false;
	}
	struct ir_block *ib = r->first;
	if (ob != ib || (ib->first != op && !is_owned(d, op->prev)))
		ir_op_move_before(ib->first, op);
	kc_add(d, r, val, op->results[0].type, op);
	return true;
}

/* tryGetOrCreateConstant at the front of the insertion region's entry. */
static struct ir_op *get_or_create_constant(struct drv *d, struct ir_region *r, const char *val, const char *type,
                                           bool *created)
{
	struct kconst *k = kc_find(d, r, val, type);
	*created = false;
	if (k)
		return k->op;
	struct ir_attr_entry at = { ir_intern(d->c, "value"), val };
	struct ir_op_desc desc;
	memset(&desc, 0, sizeof(desc));
	desc.name = "arith.constant";
	desc.n_results = 1;
	desc.result_types = &type;
	desc.n_attrs = 1;
	desc.attrs = &at;
	struct ir_op *op = ir_op_create(d->c, &desc);
	if (r->first->first)
		ir_op_insert_before(r->first->first, op);
	else
		ir_block_append(r->first, op);
	kc_add(d, r, val, type, op);
	*created = true;
	return op;
}

enum fold { FOLD_FAIL = 0, FOLD_INPLACE, FOLD_REPLACED };

/* OperationFolder::tryToFold with the driver's callbacks. */
static enum fold try_fold(struct drv *d, struct ir_op *op)
{
	if (strncmp(op->name, "arith.", 6) != 0)
		return FOLD_FAIL;
	if (is_owned(d, op)) {
		struct ir_block *b = op->block;
		if (b->first != op && !is_owned(d, op->prev))
			move_to_front(op, b);
		return FOLD_FAIL;
	}
	struct arith_fold r;
	if (!arith_fold(d->c, op, &r))
		return FOLD_FAIL;
	if (r.kind == ARITH_FOLD_IN_PLACE)
		return FOLD_INPLACE;
	struct ir_value *repl = r.kind == ARITH_FOLD_VALUE ? r.value : NULL;
	if (!repl) {
		struct ir_region *reg = insert_region(op);
		bool created;
		struct ir_op *k = get_or_create_constant(d, reg, r.attr, op->results[0].type, &created);
		if (created) {
			trace(d, "    ** Insert  : '%s'(#%u)\n", k->name, k->serial);
			add_op(d, k);
		} else if (op->block == k->block && op->block->first != k) {
			move_to_front(k, k->block);
		}
		repl = &k->results[0];
	}
	/* preReplaceAction */
	struct ir_value **orig = operand_values(d, op);
	add_operands(d, orig, op->n_operands);
	for (struct ir_use *u = op->results[0].uses; u; u = u->next)
		add_op(d, u->owner);
	notify_removed(d, op);
	ir_value_replace_all_uses(&op->results[0], repl);
	ir_op_erase(op);
	return FOLD_REPLACED;
}

/* ---- region DCE (runRegionDCE, single-block regions) --------------------- */

struct dce {
	struct drv *d;
	struct pl_vec ops;     /* every op below top, pre-order */
};

static void collect(struct ir_op *op, void *ud)
{
	struct dce *x = ud;
	if (op != x->d->top)
		pl_vec_push(&x->ops, op);
}

static bool is_terminator(const struct ir_op *op)
{
	return op->block && op->block->last == op && op->n_results == 0 &&
	       (strcmp(op->name, "func.return") == 0 || strncmp(op->name, "func.", 5) != 0);
}

static bool region_dce(struct drv *d)
{
	struct dce x = { .d = d };
	ir_op_walk(d->top, collect, &x);
	size_t n = x.ops.len;
	if (!n) {
		pl_vec_free(&x.ops);
		return false;
	}
	uint32_t maxs = 0;
	for (size_t i = 0; i < n; i++) {
		struct ir_op *op = x.ops.items[i];
		if (op->serial > maxs)
			maxs = op->serial;
	}
	bool *live = pl_xcalloc((size_t)maxs + 1, sizeof(bool));
	bool again = true;
	while (again) {
		again = false;
		for (size_t i = n; i-- > 0;) {
			struct ir_op *op = x.ops.items[i];
			if (live[op->serial])
				continue;
			bool l = !ir_op_is_pure(d->c, op) || is_terminator(op);
			for (unsigned r = 0; !l && r < op->n_results; r++)
				for (struct ir_use *u = op->results[r].uses; u && !l; u = u->next)
					l = live[u->owner->serial];
			if (l) {
				live[op->serial] = true;
				again = true;
			}
		}
	}
	bool erased = false;
	for (size_t i = n; i-- > 0;) {
		struct ir_op *op = x.ops.items[i];
		if (live[op->serial] || op->erased)
			continue;
		/* users are dead too and come later in pre-order, so they are
		 * gone already; a use cycle (graph regions) is left alone */
		if (!ir_op_results_unused(op))
			continue;
		notify_removed(d, op);
		ir_op_erase(op);
		erased = true;
	}
	free(live);
	pl_vec_free(&x.ops);
	return erased;
}

/* ---- the driver loop ------------------------------------------------------------ */

static void seed(struct ir_op *op, void *ud)
{
	struct drv *d = ud;
	if (op == d->top)
		return;
	if (is_constant(op) && op->block) {
		if (!insert_known_constant(d, op))
			return;
		return;
	}
	add_op(d, op);
}

/* Post-order walk of top's regions (ir_op_walk is pre-order). */
static void walk_post(struct drv *d, struct ir_op *op, unsigned depth)
{
	if (depth > 512)
		return;
	for (unsigned r = 0; r < op->n_regions; r++)
		for (struct ir_block *b = op->regions[r].first; b; b = b->next) {
			struct ir_op *nx;
			for (struct ir_op *o = b->first; o; o = nx) {
				nx = o->next;
				walk_post(d, o, depth + 1);
			}
		}
	seed(op, d);
}

struct root_list {
	unsigned *idx, n;
};

/* Index d's patterns by root op name: an op is offered the patterns
 * rooted at its name and those rooted at any op, merged in application
 * order, where each op was offered every pattern in turn (a --verify run
 * over 2,000 synthetic patterns spent half its time on that). */
static void index_roots(struct drv *d)
{
	unsigned n_named = 0, n_lists = 0;

	for (unsigned i = 0; i < d->n_pats; i++)
		n_named += d->roots[i] != NULL;
	d->idx = pl_xmalloc((d->n_pats + 1) * sizeof(*d->idx));
	d->lists = pl_xcalloc(n_named + 1, sizeof(*d->lists));
	d->any_idx = d->idx + n_named;
	/* count per name, then place: the lists share idx */
	for (unsigned i = 0; i < d->n_pats; i++) {
		const void *v;
		if (!d->roots[i]) {
			d->any_idx[d->n_any++] = i;
		} else if (pl_ptrmap_get(&d->by_root, d->roots[i], &v)) {
			((struct root_list *)v)->n++;
		} else {
			d->lists[n_lists].n = 1;
			pl_ptrmap_put(&d->by_root, d->roots[i], &d->lists[n_lists++]);
		}
	}
	unsigned at = 0;
	for (unsigned k = 0; k < n_lists; k++) {
		d->lists[k].idx = d->idx + at;
		at += d->lists[k].n;
		d->lists[k].n = 0;
	}
	for (unsigned i = 0; i < d->n_pats; i++) {
		const void *v;
		if (d->roots[i] && pl_ptrmap_get(&d->by_root, d->roots[i], &v)) {
			struct root_list *rl = (struct root_list *)v;
			rl->idx[rl->n++] = i;
		}
	}
}

static int apply_patterns(struct drv *d, struct ir_op *op, bool *applied)
{
	struct interp_listener l = { cb_inserted, cb_replaced, cb_removed, cb_modified, d };
	const void *v;
	/* op names are interned in the context's table (ir_op_create) */
	const struct root_list *rl = pl_ptrmap_get(&d->by_root, op->name, &v) ? v : NULL;
	unsigned a = 0, b = 0, nb = rl ? rl->n : 0;

	*applied = false;
	while (a < d->n_any || b < nb) {
		unsigned i = b == nb || (a < d->n_any && d->any_idx[a] < rl->idx[b]) ? d->any_idx[a++]
		                                                                        : rl->idx[b++];
		const struct model_pattern *p = d->pats[i];
		const char *pn = p->name ? p->name : "<anonymous>";
		if (d->tr)
			fprintf(d->tr, "\n  * Pattern %s : '%s -> ()' {\n", pn, op->name);
		int r = interp_apply(d->ip, p, op, &l);
		if (r < 0)
			return -1;
		if (r > 0) {
			if (d->tr)
				fprintf(d->tr, "  } -> success : pattern applied successfully\n// applied: %s\n", pn);
			if (d->opt->on_applied)
				d->opt->on_applied(d->opt->on_applied_ud, p);
			*applied = true;
			return 0;
		}
		if (d->tr)
			fprintf(d->tr, "  } -> failure : pattern failed to match\n");
	}
	return 0;
}

int greedy_run(struct greedy_result *out, struct ir_ctx *c, const struct model *m, struct ir_op *top,
               struct pl_diag_ctx *diag, const struct greedy_options *opt)
{
	struct drv d;
	int rc = 0;
	const char *line = "//===-------------------------------------------===//\n";

	memset(&d, 0, sizeof(d));
	memset(out, 0, sizeof(*out));
	d.c = c;
	d.m = m;
	d.top = top;
	d.diag = diag;
	d.opt = opt;
	d.tr = opt->trace;
	d.ip = interp_new(c, m, diag, &opt->interp);
	greedy_order_patterns(&d.pats, &d.n_pats, m, opt->meet);
	if (opt->swap_a && opt->swap_b && opt->swap_a->benefit == opt->swap_b->benefit) {
		/* registration order of two (equal-benefit) patterns swapped */
		unsigned ia = d.n_pats, ib = d.n_pats;
		for (unsigned i = 0; i < d.n_pats; i++) {
			if (d.pats[i] == opt->swap_a)
				ia = i;
			else if (d.pats[i] == opt->swap_b)
				ib = i;
		}
		if (ia < d.n_pats && ib < d.n_pats) {
			const struct model_pattern **ps = (const struct model_pattern **)d.pats;
			const struct model_pattern *t = ps[ia];
			ps[ia] = ps[ib];
			ps[ib] = t;
		}
	}
	d.roots = pl_xcalloc(d.n_pats + 1, sizeof *d.roots);
	for (unsigned i = 0; i < d.n_pats; i++)
		d.roots[i] = d.pats[i]->root_op ? ir_intern(c, d.pats[i]->root_op) : NULL;
	index_roots(&d);

	bool changed = false;
	unsigned iteration = 0;
	do {
		if (opt->max_iterations && iteration >= opt->max_iterations)
			break;
		iteration++;
		d.wl_len = 0;
		if (d.pos)
			memset(d.pos, 0, d.pos_cap * sizeof(*d.pos));
		walk_post(&d, top, 0);
		changed = false;
		unsigned long nrw = 0;
		/* MLIR's "no limit" spins forever on a self-feeding pattern; stop
		 * at GREEDY_SAFETY_REWRITES per iteration and say so. */
		unsigned long lim = opt->max_rewrites ? opt->max_rewrites : GREEDY_SAFETY_REWRITES;
		while (d.wl_len && nrw < lim) {
			struct ir_op *op = pop_op(&d);
			if (!op)
				continue;
			if (d.tr)
				fprintf(d.tr, "\n%sProcessing operation : '%s'(#%u) {\n", line, op->name, op->serial);
			if (ir_op_is_trivially_dead(c, op)) {
				notify_removed(&d, op);
				ir_op_erase(op);
				changed = true;
				if (d.tr)
					fprintf(d.tr, "} -> success : operation is trivially dead\n%s", line);
				continue;
			}
			enum fold f = try_fold(&d, op);
			if (f != FOLD_FAIL) {
				changed = true;
				if (d.tr)
					fprintf(d.tr, "} -> success : operation was folded\n%s", line);
				if (f == FOLD_REPLACED)
					continue;
			}
			bool applied;
			if (apply_patterns(&d, op, &applied) < 0) {
				rc = -1;
				goto done;
			}
			if (d.tr)
				fprintf(d.tr, "} -> %s\n%s", applied ? "success : pattern matched" : "failure : pattern failed to match", line);
			if (applied) {
				changed = true;
				nrw++;
				out->rewrites++;
			}
		}
		if (!opt->max_rewrites && nrw >= lim && d.wl_len) {
			struct pl_span none = {0};
			pl_diag(diag, PL_SEV_WARNING, NULL, none,
			        "stopped an iteration after %lu rewrites (no --max-rewrites given; MLIR would not stop)",
			        nrw);
		}
		if (region_dce(&d))
			changed = true;
	} while (changed);
	out->converged = !changed;
	out->iterations = iteration;
done:
	interp_free(d.ip);
	free(d.wl);
	free(d.pos);
	free(d.owned);
	free(d.kc);
	free(d.pats);
	free(d.roots);
	pl_ptrmap_free(&d.by_root);
	free(d.lists);
	free(d.idx);
	return rc;
}
