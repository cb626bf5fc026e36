/*
 * arith_fold.c -- the folds of MLIR 16's arith dialect on scalar integers,
 * as OperationFolder::tryToFold runs them: the constant operands of a
 * Commutative op moved last (an in-place fold if nothing else folds),
 * then the op's own fold, then its traits' (Idempotent: op(x, x) -> x).
 *
 * The folds (checked against MLIR 16's greedy driver with
 * tests/harness/greedy: tests/run/arith-*.d and the random engine suite,
 * tests/peers/random-run.sh):
 *   addi:  (x, 0) -> x; (subi(a, b), b) -> a; (b, subi(a, b)) -> a
 *   subi:  (x, x) -> 0; (x, 0) -> x; (addi(a, b), b) -> a; (addi(a, b), a) -> b
 *   muli:  (x, 0) -> 0; (x, 1) -> x
 *   divui, divsi, ceildivui, ceildivsi, floordivsi: (x, 1) -> x
 *   remui, remsi: (x, 1) -> 0
 *   andi:  (x, 0) -> 0; (x, -1) -> x; (x, xori(x, -1)) and its mirror -> 0;
 *          (andi(a, b), a or b) and its mirror -> the inner andi
 *          (and Idempotent)
 *   ori:   (x, 0) -> x; (x, -1) -> -1         (and Idempotent)
 *   xori:  (x, 0) -> x; (x, x) -> 0; (xori(a, b), b) -> a, (xori(a, b), a)
 *          -> b and their mirrors
 *   shli, shrui, shrsi: (x, 0) -> x
 *   maxsi, maxui, minsi, minui: (x, x) -> x; the extreme values
 *   cmpi:  (x, x) -> the predicate on equal values; (ne, ext(b : i1), 0)
 *          -> b; a constant left operand moves right, the predicate
 *          mirrored (in place)
 *   select: (c, x, x) -> x; (true/false, x, y) -> x / y;
 *          (cmpi eq/ne of x and y, x, y) -> y / x
 *   extui, extsi: of the same extension: extend its operand (in place)
 *   trunci: of an extension from the same type: its operand; of a
 *          truncation: truncate that one's operand (in place)
 * and every one of them on constant operands, in the width of the type
 * (no fold where MLIR declines: division by zero, signed overflow,
 * shifts by the width or more), up to 64 bits.  index, vectors, tensors,
 * floats and wider constants do not fold here.
 */
#include "config.h"
#include "analyzer/engine/arith_fold.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "analyzer/engine/ir.h"
#include "analyzer/engine/ir_p.h"
#include "analyzer/util.h"

/* A constant integer operand in the width of its type. */
struct kint {
	bool known;
	uint64_t u;     /* zero-extended */
	int64_t s;      /* sign-extended */
};

static uint64_t mask_of(unsigned w)
{
	return w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
}

/* The width of a scalar integer type, else 0. */
static unsigned width_of(const char *type)
{
	bool is_unsigned;
	if (!type || type[0] != 'i' || type[1] < '0' || type[1] > '9')
		return 0;
	return ir_int_type_width(type, &is_unsigned);
}

static bool is_constant_op(const struct ir_op *op)
{
	return op && strcmp(op->name, "arith.constant") == 0 && op->n_results == 1 && ir_op_attr(op, "value");
}

static struct kint const_of(struct ir_ctx *c, const struct ir_value *v, unsigned w)
{
	struct kint k = {0};
	int64_t x;
	const char *ty;
	if (!w || w > 64 || !v || !is_constant_op(v->def))
		return k; /* wider values are not folded (ir_attr_int) */
	const char *a = ir_op_attr(v->def, "value");
	if (ir_attr_kind(a) != IR_ATTR_INT || ir_attr_int(&x, &ty, c, a) != 0)
		return k;
	k.known = true;
	k.u = (uint64_t)x & mask_of(w);
	k.s = (w < 64 && (k.u >> (w - 1)) & 1) ? (int64_t)(k.u | ~mask_of(w)) : (int64_t)k.u;
	return k;
}

static bool is_k(struct kint k, int64_t v, unsigned w)
{
	return k.known && k.u == ((uint64_t)v & mask_of(w));
}

static bool value_result(struct arith_fold *r, struct ir_value *v)
{
	r->kind = ARITH_FOLD_VALUE;
	r->value = v;
	return true;
}

static bool attr_result(struct arith_fold *r, struct ir_ctx *c, uint64_t v, const char *type)
{
	r->kind = ARITH_FOLD_ATTR;
	r->attr = ir_attr_make_int(c, (int64_t)v, type);
	return true;
}

static struct ir_op *def_named(const struct ir_value *v, const char *name)
{
	return v && v->def && strcmp(v->def->name, name) == 0 ? v->def : NULL;
}

static int64_t smin_of(unsigned w)
{
	return w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
}

static int64_t smax_of(unsigned w)
{
	return w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
}

/* Whether v is xori(x, -1), the bitwise not of x. */
static bool is_not_of(struct ir_ctx *c, const struct ir_value *v, const struct ir_value *x,
                      unsigned w)
{
	const struct ir_op *s = def_named(v, "arith.xori");
	return s && s->n_operands == 2 && s->operands[0].value == x &&
	       is_k(const_of(c, s->operands[1].value, w), -1, w);
}

/* Signed a / b rounded toward zero, down or up (b != 0, no overflow). */
static int64_t sdiv_round(int64_t a, int64_t b, int mode)
{
	int64_t q = a / b, rem = a % b;
	if (rem && mode < 0 && ((rem < 0) != (b < 0)))
		q--;
	if (rem && mode > 0 && ((rem < 0) == (b < 0)))
		q++;
	return q;
}

/* The op's own fold of a binary op on integers of width w. */
static bool fold_binary(struct ir_ctx *c, struct ir_op *op, unsigned w, struct arith_fold *r)
{
	const char *n = op->name + 6, *t = op->results[0].type;
	struct ir_value *x = op->operands[0].value, *y = op->operands[1].value;
	struct kint a = const_of(c, x, w), b = const_of(c, y, w);
	bool both = a.known && b.known;

	if (!strcmp(n, "addi")) {
		struct ir_op *s;
		if (is_k(b, 0, w))
			return value_result(r, x);
		if ((s = def_named(x, "arith.subi")) && s->n_operands == 2 && s->operands[1].value == y)
			return value_result(r, s->operands[0].value);
		if ((s = def_named(y, "arith.subi")) && s->n_operands == 2 && s->operands[1].value == x)
			return value_result(r, s->operands[0].value);
		return both && attr_result(r, c, a.u + b.u, t);
	}
	if (!strcmp(n, "subi")) {
		struct ir_op *s;
		if (x == y)
			return attr_result(r, c, 0, t);
		if (is_k(b, 0, w))
			return value_result(r, x);
		if ((s = def_named(x, "arith.addi")) && s->n_operands == 2) {
			if (s->operands[1].value == y)
				return value_result(r, s->operands[0].value);
			if (s->operands[0].value == y)
				return value_result(r, s->operands[1].value);
		}
		return both && attr_result(r, c, a.u - b.u, t);
	}
	if (!strcmp(n, "muli")) {
		if (is_k(b, 0, w))
			return value_result(r, y);
		if (is_k(b, 1, w))
			return value_result(r, x);
		return both && attr_result(r, c, a.u * b.u, t);
	}
	if (!strcmp(n, "divui") || !strcmp(n, "ceildivui")) {
		if (is_k(b, 1, w))
			return value_result(r, x);
		if (!both || !b.u)
			return false;
		uint64_t q = a.u / b.u;
		if (n[0] == 'c' && a.u % b.u)
			q++;
		return attr_result(r, c, q, t);
	}
	if (!strcmp(n, "divsi") || !strcmp(n, "ceildivsi") || !strcmp(n, "floordivsi")) {
		if (is_k(b, 1, w))
			return value_result(r, x);
		if (!both || !b.s || (a.s == smin_of(w) && b.s == -1))
			return false;
		int mode = n[0] == 'c' ? 1 : n[0] == 'f' ? -1 : 0;
		return attr_result(r, c, (uint64_t)sdiv_round(a.s, b.s, mode), t);
	}
	if (!strcmp(n, "remui") || !strcmp(n, "remsi")) {
		if (is_k(b, 1, w))
			return attr_result(r, c, 0, t);
		if (!both || !b.u)
			return false;
		if (n[3] == 'u')
			return attr_result(r, c, a.u % b.u, t);
		/* a % -1 is 0, also for the smallest a (where a / -1 overflows) */
		return attr_result(r, c, b.s == -1 ? 0 : (uint64_t)(a.s % b.s), t);
	}
	if (!strcmp(n, "andi")) {
		struct ir_op *s;
		if (is_k(b, 0, w))
			return value_result(r, y);
		if (is_k(b, -1, w))
			return value_result(r, x);
		if (is_not_of(c, y, x, w) || is_not_of(c, x, y, w))
			return attr_result(r, c, 0, t);
		/* and(and(a, b), a or b), and(a or b, and(a, b)): the inner and */
		for (int k = 0; k < 2; k++) {
			struct ir_value *inner = k ? y : x, *other = k ? x : y;
			if ((s = def_named(inner, "arith.andi")) && s->n_operands == 2 &&
			    (s->operands[0].value == other || s->operands[1].value == other))
				return value_result(r, inner);
		}
		return both && attr_result(r, c, a.u & b.u, t);
	}
	if (!strcmp(n, "ori")) {
		if (is_k(b, 0, w))
			return value_result(r, x);
		if (is_k(b, -1, w)) /* the attribute, not the operand: the constant */
			return attr_result(r, c, b.u, t); /* is materialized (moved first) */
		return both && attr_result(r, c, a.u | b.u, t);
	}
	if (!strcmp(n, "xori")) {
		struct ir_op *s;
		if (is_k(b, 0, w))
			return value_result(r, x);
		if (x == y)
			return attr_result(r, c, 0, t);
		/* xor(xor(p, q), q) -> p, and each of its mirror images */
		for (int k = 0; k < 2; k++) {
			struct ir_value *inner = k ? y : x, *other = k ? x : y;
			if (!(s = def_named(inner, "arith.xori")) || s->n_operands != 2)
				continue;
			if (s->operands[1].value == other)
				return value_result(r, s->operands[0].value);
			if (s->operands[0].value == other)
				return value_result(r, s->operands[1].value);
		}
		return both && attr_result(r, c, a.u ^ b.u, t);
	}
	if (!strcmp(n, "shli") || !strcmp(n, "shrui") || !strcmp(n, "shrsi")) {
		if (is_k(b, 0, w))
			return value_result(r, x);
		if (!both || b.u >= w)
			return false;
		if (n[2] == 'l')
			return attr_result(r, c, a.u << b.u, t);
		if (n[3] == 'u')
			return attr_result(r, c, a.u >> b.u, t);
		return attr_result(r, c, (uint64_t)(a.s >> b.u), t); /* arithmetic on gcc and clang */
	}
	if (!strcmp(n, "maxsi") || !strcmp(n, "minsi")) {
		bool max = n[1] == 'a';
		if (x == y)
			return value_result(r, y);
		if (is_k(b, max ? smax_of(w) : smin_of(w), w))
			return value_result(r, y);
		if (is_k(b, max ? smin_of(w) : smax_of(w), w))
			return value_result(r, x);
		return both && attr_result(r, c, (uint64_t)(max ? (a.s > b.s ? a.s : b.s) : (a.s < b.s ? a.s : b.s)), t);
	}
	if (!strcmp(n, "maxui") || !strcmp(n, "minui")) {
		bool max = n[1] == 'a';
		if (x == y)
			return value_result(r, y);
		if (is_k(b, max ? -1 : 0, w))
			return value_result(r, y);
		if (is_k(b, max ? 0 : -1, w))
			return value_result(r, x);
		return both && attr_result(r, c, max ? (a.u > b.u ? a.u : b.u) : (a.u < b.u ? a.u : b.u), t);
	}
	return false;
}

/* arith::CmpIPredicate */
enum { EQ, NE, SLT, SLE, SGT, SGE, ULT, ULE, UGT, UGE };

static bool cmp(int pred, struct kint a, struct kint b)
{
	switch (pred) {
	case EQ: return a.u == b.u;
	case NE: return a.u != b.u;
	case SLT: return a.s < b.s;
	case SLE: return a.s <= b.s;
	case SGT: return a.s > b.s;
	case SGE: return a.s >= b.s;
	case ULT: return a.u < b.u;
	case ULE: return a.u <= b.u;
	case UGT: return a.u > b.u;
	default: return a.u >= b.u;
	}
}

static bool fold_cmpi(struct ir_ctx *c, struct ir_op *op, struct arith_fold *r)
{
	int64_t p;
	const char *pt, *pa = ir_op_attr(op, "predicate");
	if (op->n_operands != 2 || !pa || ir_attr_int(&p, &pt, c, pa) != 0 || p < EQ || p > UGE)
		return false;
	struct ir_value *x = op->operands[0].value, *y = op->operands[1].value;
	unsigned w = width_of(x->type);
	const char *t = op->results[0].type;
	if (!w || strcmp(t, "i1"))
		return false;
	if (x == y) {
		bool v = p == EQ || p == SLE || p == SGE || p == ULE || p == UGE;
		return attr_result(r, c, v, t);
	}
	struct kint a = const_of(c, x, w), b = const_of(c, y, w);
	struct ir_op *ext = def_named(x, "arith.extui") ? x->def : def_named(x, "arith.extsi");
	if (is_k(b, 0, w) && p == NE && ext && ext->n_operands == 1 && !strcmp(ext->operands[0].value->type, "i1"))
		return value_result(r, ext->operands[0].value); /* ext(b : i1) != 0 -> b */
	if (a.known && !b.known) {
		/* the constant to the right, the predicate mirrored */
		static const int mirror[] = { EQ, NE, SGT, SGE, SLT, SLE, UGT, UGE, ULT, ULE };
		ir_op_set_attr(c, op, "predicate", ir_attr_make_int(c, mirror[p], pt));
		ir_op_set_operand(op, 0, y);
		ir_op_set_operand(op, 1, x);
		r->kind = ARITH_FOLD_IN_PLACE;
		return true;
	}
	return a.known && b.known && attr_result(r, c, cmp((int)p, a, b), t);
}

static bool fold_select(struct ir_ctx *c, struct ir_op *op, struct arith_fold *r)
{
	if (op->n_operands != 3)
		return false;
	struct ir_value *cond = op->operands[0].value, *tv = op->operands[1].value, *fv = op->operands[2].value;
	if (tv == fv)
		return value_result(r, tv);
	struct kint k = const_of(c, cond, width_of(cond->type));
	if (k.known && !strcmp(cond->type, "i1"))
		return value_result(r, k.u ? tv : fv);
	struct ir_op *cmpop = def_named(cond, "arith.cmpi");
	int64_t p;
	const char *pa = cmpop ? ir_op_attr(cmpop, "predicate") : NULL;
	if (pa && cmpop->n_operands == 2 && ir_attr_int(&p, NULL, c, pa) == 0 && (p == EQ || p == NE)) {
		struct ir_value *l = cmpop->operands[0].value, *rr = cmpop->operands[1].value;
		if ((l == tv && rr == fv) || (rr == tv && l == fv))
			return value_result(r, p == NE ? tv : fv);
	}
	return false;
}

static bool fold_cast(struct ir_ctx *c, struct ir_op *op, struct arith_fold *r)
{
	const char *n = op->name + 6, *t = op->results[0].type;
	struct ir_value *x = op->operands[0].value;
	unsigned wi = width_of(x->type), wo = width_of(t);
	if (!wi || !wo)
		return false;
	struct ir_op *inner = x->def;
	if (!strcmp(n, "trunci")) {
		if (inner && (def_named(x, "arith.extui") || def_named(x, "arith.extsi")) && inner->n_operands == 1 &&
		    inner->operands[0].value->type == t)
			return value_result(r, inner->operands[0].value);
		if (def_named(x, "arith.trunci") && inner->n_operands == 1) {
			ir_op_set_operand(op, 0, inner->operands[0].value);
			r->kind = ARITH_FOLD_IN_PLACE;
			return true;
		}
	} else if (def_named(x, op->name) && inner->n_operands == 1) {
		/* extui(extui(a)) -> extui(a), extsi(extsi(a)) -> extsi(a) */
		ir_op_set_operand(op, 0, inner->operands[0].value);
		r->kind = ARITH_FOLD_IN_PLACE;
		return true;
	}
	struct kint k = const_of(c, x, wi);
	if (!k.known)
		return false;
	return attr_result(r, c, !strcmp(n, "extsi") ? (uint64_t)k.s : k.u, t);
}

static bool is_commutative(const char *n)
{
	static const char *const names[] = { "addi", "muli", "andi", "ori", "xori",
	                                     "maxsi", "maxui", "minsi", "minui" };
	for (size_t i = 0; i < PL_ARRAY_LEN(names); i++)
		if (!strcmp(n, names[i]))
			return true;
	return false;
}

/* A stable partition, non-constants first; true when it moved an
 * operand. */
static bool commute(struct ir_op *op)
{
	struct ir_value *vs[2];
	unsigned k = 0;
	for (unsigned i = 0; i < 2; i++)
		if (!is_constant_op(op->operands[i].value->def))
			vs[k++] = op->operands[i].value;
	for (unsigned i = 0; i < 2; i++)
		if (is_constant_op(op->operands[i].value->def))
			vs[k++] = op->operands[i].value;
	if (vs[0] == op->operands[0].value)
		return false;
	ir_op_set_operand(op, 0, vs[0]);
	ir_op_set_operand(op, 1, vs[1]);
	return true;
}

static const char *const binary_ops[] = {
	"addi", "subi", "muli", "divui", "divsi", "ceildivui", "ceildivsi", "floordivsi",
	"remui", "remsi", "andi", "ori", "xori", "shli", "shrui", "shrsi",
	"maxsi", "maxui", "minsi", "minui",
};

static bool is_binary(const char *n)
{
	for (size_t i = 0; i < PL_ARRAY_LEN(binary_ops); i++)
		if (!strcmp(n, binary_ops[i]))
			return true;
	return false;
}

bool arith_fold(struct ir_ctx *c, struct ir_op *op, struct arith_fold *r)
{
	memset(r, 0, sizeof(*r));
	if (strncmp(op->name, "arith.", 6) != 0 || op->n_results != 1)
		return false;
	const char *n = op->name + 6;
	if (!strcmp(n, "constant")) {
		const char *v = ir_op_attr(op, "value");
		if (!v)
			return false;
		r->kind = ARITH_FOLD_ATTR;
		r->attr = v;
		return true;
	}
	if (!strcmp(n, "cmpi"))
		return fold_cmpi(c, op, r);
	if (!strcmp(n, "select"))
		return fold_select(c, op, r); /* of any type */
	if (!strcmp(n, "extui") || !strcmp(n, "extsi") || !strcmp(n, "trunci"))
		return op->n_operands == 1 && fold_cast(c, op, r);
	if (!is_binary(n) || op->n_operands != 2)
		return false;
	/* OperationFolder::tryToFold moves the constants of a commutative op
	 * last (of any type) before it folds the op; moving them alone is an
	 * in-place fold */
	bool moved = is_commutative(n) && commute(op);
	r->kind = ARITH_FOLD_IN_PLACE;
	unsigned w = width_of(op->results[0].type);
	if (!w || op->operands[0].value->type != op->results[0].type ||
	    op->operands[1].value->type != op->results[0].type)
		return moved;
	if (fold_binary(c, op, w, r))
		return true;
	if ((!strcmp(n, "andi") || !strcmp(n, "ori")) && op->operands[0].value == op->operands[1].value)
		return value_result(r, op->operands[0].value); /* Idempotent */
	return moved;
}
