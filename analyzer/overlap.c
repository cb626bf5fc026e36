/*
 * overlap.c -- decide whether two patterns can match the same operation
 * (see overlap.h).
 *
 * Two parts:
 *
 *  1. A model of ODS constraints over a finite universe of representative
 *     types (i1, i32, f32, index, tensor<4xf32>, ...) and attributes
 *     (1 : i32, "s", @s, [], ...).  A constraint denotes a set of
 *     representatives, as a pair of bit masks (lo, hi): lo is what it
 *     surely accepts, hi what it may accept.  A recognized CPred idiom has
 *     lo == hi; an unknown predicate has lo = 0, hi = everything.  And/Or/
 *     Not combine the pairs as intervals.  Two constraints are disjoint
 *     when their hi masks do not meet, surely overlap when their lo masks
 *     meet, and one surely includes the other when its lo covers the
 *     other's hi.  Representatives stand for classes of types: the answer
 *     is exact for the builtin types and idioms listed below, and "maybe"
 *     elsewhere.  Types no representative stands for (i4, si8, f80,
 *     f8E4M3FN, complex<i32>, tensor<4xf16>, ...) fall in "outside"
 *     classes, a second pair of masks: a constraint may accept some
 *     outside signless integer (I4), or surely all of them
 *     (AnySignlessInteger).  So AnyTypeOf<[I4, I32]> and
 *     AnyTypeOf<[I4, F32]> are not disjoint, I4 and I32 are, and a set that
 *     also takes outside types never counts as contained in one that does
 *     not.  Where only outside types satisfy every constraint on a value,
 *     the overlap is a "maybe" and the witness prints i32 in their place
 *     (saying so).
 *
 *  2. Unification of match trees with union-find over "cells" (one per
 *     value, operation or attribute position): an op cell unifies with an
 *     op cell of the same name (operands pairwise, attributes by name), a
 *     value leaf with anything its constraint allows, repeated names (DRR
 *     $x twice, PDLL references) are the same cell.  A value cell also
 *     carries what its defining op must (not) be, from ConstantLikeMatcher
 *     and getDefiningOp() predicates ("what defines a value" below).  The
 *     unified cells print as the witness IR.
 */
#include "config.h"
#include "overlap.h"
#include "arena.h"
#include "model.h"
#include "parallel.h"
#include "regex.h"
#include "util.h"
#include "analyzer/engine/ir.h"

#include <ctype.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "analyzer/cthreads.h"

/* ---- representatives -------------------------------------------------- */

/* Type classes (isa<> targets). */
enum {
	TC_INT = 1u << 0, TC_FLOAT = 1u << 1, TC_INDEX = 1u << 2, TC_NONE = 1u << 3,
	TC_COMPLEX = 1u << 4, TC_TUPLE = 1u << 5, TC_RTENSOR = 1u << 6, TC_UTENSOR = 1u << 7,
	TC_VECTOR = 1u << 8, TC_MEMREF = 1u << 9, TC_OPAQUE = 1u << 10,
};

struct trep {
	const char *text;   /* MLIR spelling */
	unsigned cls;       /* TC_* */
	int width;          /* int/float bit width, 0 otherwise */
	char sign;          /* ints: 'l' signless, 's' signed, 'u' unsigned */
	int elem;           /* shaped: index of the element type, -1 otherwise */
	int celem;          /* complex: index of the element type (set at init) */
};

/* ORDER: scalars first; T_NSCALAR marks the end of them.  Shaped types are
 * generated from (container x element) below. */
static const struct trep trep_scalar[] = {
	{"i32", TC_INT, 32, 'l', -1, -1},   /* 0: first, the default witness type */
	{"i1", TC_INT, 1, 'l', -1, -1},
	{"i8", TC_INT, 8, 'l', -1, -1},
	{"i16", TC_INT, 16, 'l', -1, -1},
	{"i64", TC_INT, 64, 'l', -1, -1},
	{"si32", TC_INT, 32, 's', -1, -1},
	{"ui32", TC_INT, 32, 'u', -1, -1},
	{"index", TC_INDEX, 0, 0, -1, -1},
	{"f16", TC_FLOAT, 16, 0, -1, -1},
	{"bf16", TC_FLOAT, 16, 'b', -1, -1},
	{"f32", TC_FLOAT, 32, 0, -1, -1},
	{"f64", TC_FLOAT, 64, 0, -1, -1},
	{"none", TC_NONE, 0, 0, -1, -1},
	{"complex<f32>", TC_COMPLEX, 0, 0, -1, -1},
	{"tuple<>", TC_TUPLE, 0, 0, -1, -1},
	{"!patlint.opaque", TC_OPAQUE, 0, 0, -1, -1},
	{"complex<f64>", TC_COMPLEX, 0, 0, -1, -1},
};
#define T_NSCALAR ((int)PL_ARRAY_LEN(trep_scalar))
/* i32 i1 i64 index f32 f64 complex<f32> complex<f64> */
static const int shaped_elems[] = {0, 1, 4, 7, 10, 11, 13, 16};
static const struct { const char *fmt; unsigned cls; } containers[] = {
	{"tensor<4x%s>", TC_RTENSOR}, {"tensor<*x%s>", TC_UTENSOR},
	{"vector<4x%s>", TC_VECTOR}, {"memref<4x%s>", TC_MEMREF},
};
#define T_NREP (T_NSCALAR + (int)(PL_ARRAY_LEN(shaped_elems) * PL_ARRAY_LEN(containers)))

_Static_assert(T_NREP <= 64, "type representatives are bits of a 64-bit mask");
static struct trep trep[T_NREP];
static char trep_text[T_NREP][32];

/* Attribute classes. */
enum {
	AC_INT = 1u << 0, AC_BOOL = 1u << 1, AC_FLOAT = 1u << 2, AC_STRING = 1u << 3,
	AC_SYMREF = 1u << 4, AC_FLATSYM = 1u << 5, AC_ARRAY = 1u << 6, AC_DICT = 1u << 7,
	AC_TYPE = 1u << 8, AC_UNIT = 1u << 9, AC_DENSE = 1u << 10, AC_DENSEINT = 1u << 11,
	AC_DENSEFP = 1u << 12, AC_TYPED = 1u << 13, AC_AFFINE = 1u << 14, AC_OPAQUE = 1u << 15,
};

struct arep {
	const char *text;   /* MLIR spelling */
	unsigned cls;       /* AC_* */
	const char *type;   /* typed attributes: the trep spelling of its type */
	int type_rep;       /* filled at init: index in trep, -1 */
};

static struct arep arep[] = {
	{"1 : i32", AC_INT | AC_TYPED, "i32", -1},  /* 0: the default witness attribute */
	{"true", AC_INT | AC_BOOL | AC_TYPED, "i1", -1},
	{"1 : i8", AC_INT | AC_TYPED, "i8", -1},
	{"1 : i16", AC_INT | AC_TYPED, "i16", -1},
	{"1 : i64", AC_INT | AC_TYPED, "i64", -1},
	{"1 : index", AC_INT | AC_TYPED, "index", -1},
	{"1 : si32", AC_INT | AC_TYPED, "si32", -1},
	{"1 : ui32", AC_INT | AC_TYPED, "ui32", -1},
	{"1.0 : f16", AC_FLOAT | AC_TYPED, "f16", -1},
	{"1.0 : bf16", AC_FLOAT | AC_TYPED, "bf16", -1},
	{"1.0 : f32", AC_FLOAT | AC_TYPED, "f32", -1},
	{"1.0 : f64", AC_FLOAT | AC_TYPED, "f64", -1},
	{"\"s\"", AC_STRING, NULL, -1},
	{"@s", AC_SYMREF | AC_FLATSYM, NULL, -1},
	{"@s::@t", AC_SYMREF, NULL, -1},
	{"[]", AC_ARRAY, NULL, -1},
	{"{}", AC_DICT, NULL, -1},
	{"i32", AC_TYPE, NULL, -1},
	{"unit", AC_UNIT, NULL, -1},
	{"dense<1> : tensor<4xi32>", AC_DENSE | AC_DENSEINT | AC_TYPED, "tensor<4xi32>", -1},
	{"dense<1.0> : tensor<4xf32>", AC_DENSE | AC_DENSEFP | AC_TYPED, "tensor<4xf32>", -1},
	{"affine_map<(d0) -> (d0)>", AC_AFFINE, NULL, -1},
	{"#patlint.opaque", AC_OPAQUE, NULL, -1},
};
#define A_NREP ((int)PL_ARRAY_LEN(arep))

#define MASK_ALL(n) ((n) >= 64 ? ~0ull : ((1ull << (n)) - 1))
#define T_ALL MASK_ALL(T_NREP)
#define A_ALL MASK_ALL(A_NREP)

/* Outside classes: the types no representative stands for.  Scalars:
 * signless, signed and unsigned integers of other widths, other floats,
 * complex types of other elements.  Shaped: each container of an element
 * type that is not one of shaped_elems, by the element's kind (the
 * integer, float and complex scalars outside shaped_elems, and the rest:
 * none, tuple, dialect types). */
enum {
	O_SLINT, O_SINT, O_UINT, O_FLOAT, O_COMPLEX, O_NSCALAR,
	O_SHAPED = O_NSCALAR, /* + container * OK_N + kind */
};
enum { OK_INT, OK_FLOAT, OK_COMPLEX, OK_OTHER, OK_N };
#define O_N (O_SHAPED + (int)PL_ARRAY_LEN(containers) * OK_N)
_Static_assert(O_N <= 32, "outside classes are bits of a 32-bit mask");
#define O_ALL ((uint32_t)MASK_ALL(O_N))

/* Class names accepted by isa<>/cast<> (after "::mlir::" is stripped). */
static const struct { const char *name; unsigned tcls; unsigned acls; int fwidth; } class_names[] = {
	{"IntegerType", TC_INT, 0, 0}, {"FloatType", TC_FLOAT, 0, 0},
	{"Float16Type", TC_FLOAT, 0, 16}, {"Float32Type", TC_FLOAT, 0, 32},
	{"Float64Type", TC_FLOAT, 0, 64}, {"IndexType", TC_INDEX, 0, 0},
	{"NoneType", TC_NONE, 0, 0}, {"ComplexType", TC_COMPLEX, 0, 0},
	{"TupleType", TC_TUPLE, 0, 0}, {"TensorType", TC_RTENSOR | TC_UTENSOR, 0, 0},
	{"RankedTensorType", TC_RTENSOR, 0, 0}, {"UnrankedTensorType", TC_UTENSOR, 0, 0},
	{"VectorType", TC_VECTOR, 0, 0}, {"MemRefType", TC_MEMREF, 0, 0},
	{"BaseMemRefType", TC_MEMREF, 0, 0},
	{"ShapedType", TC_RTENSOR | TC_UTENSOR | TC_VECTOR | TC_MEMREF, 0, 0},
	{"Type", ~0u, 0, 0},
	{"IntegerAttr", 0, AC_INT, 0}, {"BoolAttr", 0, AC_BOOL, 0}, {"FloatAttr", 0, AC_FLOAT, 0},
	{"StringAttr", 0, AC_STRING, 0}, {"SymbolRefAttr", 0, AC_SYMREF, 0},
	{"FlatSymbolRefAttr", 0, AC_FLATSYM, 0}, {"ArrayAttr", 0, AC_ARRAY, 0},
	{"DictionaryAttr", 0, AC_DICT, 0}, {"TypeAttr", 0, AC_TYPE, 0}, {"UnitAttr", 0, AC_UNIT, 0},
	{"DenseElementsAttr", 0, AC_DENSE, 0}, {"DenseIntOrFPElementsAttr", 0, AC_DENSE, 0},
	{"ElementsAttr", 0, AC_DENSE, 0}, {"DenseIntElementsAttr", 0, AC_DENSEINT, 0},
	{"DenseFPElementsAttr", 0, AC_DENSEFP, 0}, {"TypedAttr", 0, AC_TYPED, 0},
	{"AffineMapAttr", 0, AC_AFFINE, 0}, {"Attribute", 0, ~0u, 0},
};

static void reps_init(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	for (int i = 0; i < T_NSCALAR; i++) {
		trep[i] = trep_scalar[i];
		trep[i].celem = -1;
		if (trep[i].cls & TC_COMPLEX) /* complex<E>: E's representative */
			for (int e = 0; e < T_NSCALAR; e++)
				if (strlen(trep_scalar[e].text) + 9 == strlen(trep[i].text) &&
				    strncmp(trep[i].text + 8, trep_scalar[e].text, strlen(trep_scalar[e].text)) == 0)
					trep[i].celem = e;
	}
	int k = T_NSCALAR;
	for (unsigned c = 0; c < PL_ARRAY_LEN(containers); c++)
		for (unsigned e = 0; e < PL_ARRAY_LEN(shaped_elems); e++, k++) {
			snprintf(trep_text[k], sizeof trep_text[k], containers[c].fmt,
			         trep_scalar[shaped_elems[e]].text);
			trep[k].text = trep_text[k];
			trep[k].cls = containers[c].cls;
			trep[k].elem = shaped_elems[e];
			trep[k].celem = -1;
		}
	for (int a = 0; a < A_NREP; a++)
		for (int t = 0; t < T_NREP && arep[a].type; t++)
			if (strcmp(trep[t].text, arep[a].type) == 0)
				arep[a].type_rep = t;
}

/* ---- the predicate evaluator -------------------------------------------
 * A predicate's set, as an interval of masks. */
struct mset {
	uint64_t lo, hi;      /* representatives: surely / maybe accepted */
	uint32_t olo, ohi;    /* outside classes: all of it surely / some maybe */
};

enum dom { DOM_TYPE = 0, DOM_ATTR, DOM_VALUE };

/* What a subject expression evaluates to on one representative. */
enum ent_kind { ENT_ERR = 0, ENT_TYPE, ENT_ATTR, ENT_VALUE };
struct ent {
	enum ent_kind kind;
	int rep;            /* a representative, or -1 */
	int out;            /* types and values: an outside class (O_*), or -1 */
};

/* Steps of a subject chain: "$_self" then accessors. */
enum step { ST_TYPE, ST_ELEM, ST_ELEM_OR_SELF, ST_CAST };
struct chain {
	enum step steps[6];
	unsigned cast_t[6], cast_a[6];   /* ST_CAST: required classes */
	unsigned n;
};

/* A recognized leaf: chain + method. */
enum meth {
	M_TRUE, M_FALSE, M_ISA, M_SIGNLESS, M_SIGNED, M_UNSIGNED, M_ANYINT, M_FLOATW, M_BF16,
	M_INDEX, M_SLINT_OR_INDEX, M_SLINT_OR_INDEX_OR_FLOAT, M_SLINT_OR_FLOAT, M_INT_OR_INDEX,
	M_INT_OR_FLOAT, M_INT_OR_INDEX_OR_FLOAT, M_WIDTH, M_HASRANK,
};
struct leaf {
	struct chain ch;
	enum meth m;
	int arg;          /* width, -1 = any */
	unsigned tcls, acls; /* M_ISA */
	int fwidth;       /* M_ISA of Float32Type etc. */
};

/* The regexes of the C++ predicate idioms, each compiled when first used
 * (most runs need few of them; compiling all was 1% of a one-file check).
 * Texts are normalized first (no spaces, no ::mlir:: / ::llvm::).  Pair
 * threads may ask at once: a compiled pattern is published with release
 * order, and the compile itself happens under rx_lock. */
struct lazy_rx {
	const char *pattern;
	_Atomic(struct pl_regex *) re;
};

/* isa<C,...>(S) */
static struct lazy_rx rx_isa_fn = {"(?:isa|isa_and_nonnull)<([\\w:,]+)>\\((.+)\\)", NULL};
/* S.name<T>(args) */
static struct lazy_rx rx_meth = {"(.*)\\.(\\w+)(?:<([\\w:,]+)>)?\\(([0-9]*)\\)", NULL};
/* S.getWidth() == N */
static struct lazy_rx rx_width = {"(.*)\\.(?:getWidth|getIntOrFloatBitWidth)\\(\\)==([0-9]+)", NULL};
/* cast<C>(S) */
static struct lazy_rx rx_cast_fn = {"(?:cast|dyn_cast)<([\\w:]+)>\\((.+)\\)", NULL};
/* S.getInt() == N: an attribute value predicate */
static struct lazy_rx rx_value_eq = {
	"(.*)\\.(?:getInt|getSInt|getUInt|getValue\\(\\)\\.getSExtValue|"
	"getValue\\(\\)\\.getZExtValue)\\(\\)==(-?[0-9]+)", NULL};
/* MLIR's ConstantLikeMatcher (PatternBase.td) and the same test written
 * without success() or with a typed m_Constant<T>: $_self is the
 * operand's defining op, m_Constant matches ConstantLike ops only */
static struct lazy_rx rx_constlike = {
	"(success\\()?matchPattern\\((?:\\$_self|\\(\\$_self\\))->getResult\\(0\\),"
	"m_Constant(?:<[\\w:]+>)?\\((?:&\\$[0-9]+)?\\)\\)(?(1)\\))", NULL};
/* a value's defining op: S is $_self or $0, maybe parenthesized:
 * isa<X>(S.getDefiningOp()) and its kin */
static struct lazy_rx rx_defop_fn = {
	"(?:isa|isa_and_nonnull|isa_and_present|dyn_cast|dyn_cast_or_null|"
	"dyn_cast_if_present)<([\\w:,]+)>\\((\\$_self|\\(\\$_self\\)|\\$0|\\(\\$0\\))"
	"\\.getDefiningOp\\(\\)\\)", NULL};
/* S.getDefiningOp<X>() */
static struct lazy_rx rx_defop_meth = {
	"(\\$_self|\\(\\$_self\\)|\\$0|\\(\\$0\\))\\.getDefiningOp<([\\w:]+)>\\(\\)", NULL};

static once_flag rx_once = ONCE_FLAG_INIT;
static mtx_t rx_lock;

static void rx_lock_init(void)
{
	mtx_init(&rx_lock, mtx_plain);
}

static const struct pl_regex *rx_get(struct lazy_rx *l)
{
	struct pl_regex *re = atomic_load_explicit(&l->re, memory_order_acquire);
	if (re)
		return re;
	call_once(&rx_once, rx_lock_init);
	mtx_lock(&rx_lock);
	re = atomic_load_explicit(&l->re, memory_order_relaxed);
	if (!re) {
		pl_regex_compile(&re, l->pattern, 1, NULL, 0);
		atomic_store_explicit(&l->re, re, memory_order_release);
	}
	mtx_unlock(&rx_lock);
	return re;
}

static bool classes_of(const char *s, size_t n, unsigned *tcls, unsigned *acls, int *fwidth)
{
	*tcls = *acls = 0;
	*fwidth = 0;
	while (n) {
		size_t k = 0;
		while (k < n && s[k] != ',')
			k++;
		const char *nm = s;
		size_t nl = k;
		for (size_t j = 0; j + 1 < nl; j++) /* drop namespaces */
			if (nm[j] == ':' && nm[j + 1] == ':') {
				nm += j + 2;
				nl -= j + 2;
				j = (size_t)-1;
			}
		bool found = false;
		for (unsigned i = 0; i < PL_ARRAY_LEN(class_names); i++)
			if (strlen(class_names[i].name) == nl && memcmp(class_names[i].name, nm, nl) == 0) {
				*tcls |= class_names[i].tcls;
				*acls |= class_names[i].acls;
				if (class_names[i].fwidth)
					*fwidth = class_names[i].fwidth;
				found = true;
			}
		if (!found)
			return false;
		s += k;
		n -= k;
		if (n) {
			s++;
			n--;
		}
	}
	return true;
}

static void strip_parens(const char **s, size_t *n);

/* Parse a subject expression into a chain.  Returns false if unknown. */
static bool parse_subject(struct chain *ch, const char *s, size_t n, int depth)
{
	struct pl_regex_cap c[4];

	if (depth > 6 || ch->n >= 6)
		return false;
	strip_parens(&s, &n); /* (($_self).getType()) */
	if (n == 6 && memcmp(s, "$_self", 6) == 0)
		return true;
	if (n > 11 && memcmp(s + n - 10, ".getType()", 10) == 0) {
		if (!parse_subject(ch, s, n - 10, depth + 1))
			return false;
		ch->steps[ch->n++] = ST_TYPE;
		return true;
	}
	if (n > 18 && memcmp(s + n - 17, ".getElementType()", 17) == 0) {
		if (!parse_subject(ch, s, n - 17, depth + 1) || ch->n >= 6)
			return false;
		ch->steps[ch->n++] = ST_ELEM;
		return true;
	}
	if (n > 22 && memcmp(s, "getElementTypeOrSelf(", 21) == 0 && s[n - 1] == ')') {
		if (!parse_subject(ch, s + 21, n - 22, depth + 1) || ch->n >= 6)
			return false;
		ch->steps[ch->n++] = ST_ELEM_OR_SELF;
		return true;
	}
	{
		/* method form with template: find ".cast<" */
		const char *p = NULL;
		for (size_t i = n; i-- > 0;)
			if (s[i] == '.' && ((n - i > 6 && memcmp(s + i, ".cast<", 6) == 0) ||
			                    (n - i > 10 && memcmp(s + i, ".dyn_cast<", 10) == 0))) {
				p = s + i;
				break;
			}
		if (p && s[n - 1] == ')' && s[n - 2] == '(' && s[n - 3] == '>') {
			const char *lt = strchr(p, '<');
			unsigned t, a;
			int fw;
			if (classes_of(lt + 1, (size_t)((s + n - 3) - (lt + 1)), &t, &a, &fw) &&
			    parse_subject(ch, s, (size_t)(p - s), depth + 1) && ch->n < 6) {
				ch->cast_t[ch->n] = t;
				ch->cast_a[ch->n] = a;
				ch->steps[ch->n++] = ST_CAST;
				return true;
			}
			return false;
		}
	}
	if (pl_regex_match(rx_get(&rx_cast_fn), s, n, c, 3) == 1) {
		unsigned t, a;
		int fw;
		if (!classes_of(s + c[1].begin, (size_t)(c[1].end - c[1].begin), &t, &a, &fw))
			return false;
		if (!parse_subject(ch, s + c[2].begin, (size_t)(c[2].end - c[2].begin), depth + 1) ||
		    ch->n >= 6)
			return false;
		ch->cast_t[ch->n] = t;
		ch->cast_a[ch->n] = a;
		ch->steps[ch->n++] = ST_CAST;
		return true;
	}
	return false;
}

static const struct { const char *name; enum meth m; int arg; } methods[] = {
	{"isSignlessInteger", M_SIGNLESS, -1}, {"isSignedInteger", M_SIGNED, -1},
	{"isUnsignedInteger", M_UNSIGNED, -1}, {"isInteger", M_ANYINT, -1},
	{"isF16", M_FLOATW, 16}, {"isF32", M_FLOATW, 32}, {"isF64", M_FLOATW, 64},
	{"isF80", M_FLOATW, 80}, {"isF128", M_FLOATW, 128}, {"isBF16", M_BF16, 0},
	/* floats no representative has: false on every one of them */
	{"isTF32", M_FLOATW, 19}, {"isFloat8E5M2", M_FLOATW, 8}, {"isFloat8E4M3FN", M_FLOATW, 8},
	{"isFloat8E5M2FNUZ", M_FLOATW, 8}, {"isFloat8E4M3FNUZ", M_FLOATW, 8},
	{"isFloat8E4M3B11FNUZ", M_FLOATW, 8},
	{"isIndex", M_INDEX, 0}, {"isSignlessIntOrIndex", M_SLINT_OR_INDEX, 0},
	{"isSignlessIntOrIndexOrFloat", M_SLINT_OR_INDEX_OR_FLOAT, 0},
	{"isSignlessIntOrFloat", M_SLINT_OR_FLOAT, 0}, {"isIntOrIndex", M_INT_OR_INDEX, 0},
	{"isIntOrFloat", M_INT_OR_FLOAT, 0}, {"isIntOrIndexOrFloat", M_INT_OR_INDEX_OR_FLOAT, 0},
	{"hasRank", M_HASRANK, 0}, {"hasStaticShape", M_HASRANK, 0},
};

/* Recognize a normalized leaf.  Returns false if unknown. */
static bool parse_leaf(struct leaf *l, const char *s, size_t n)
{
	struct pl_regex_cap c[5];

	memset(l, 0, sizeof *l);
	l->arg = -1;
	if (n == 4 && memcmp(s, "true", 4) == 0) {
		l->m = M_TRUE;
		return true;
	}
	if (n == 5 && memcmp(s, "false", 5) == 0) {
		l->m = M_FALSE;
		return true;
	}
	if (pl_regex_match(rx_get(&rx_isa_fn), s, n, c, 3) == 1) {
		l->m = M_ISA;
		return classes_of(s + c[1].begin, (size_t)(c[1].end - c[1].begin), &l->tcls, &l->acls,
		                  &l->fwidth) &&
		       parse_subject(&l->ch, s + c[2].begin, (size_t)(c[2].end - c[2].begin), 0);
	}
	if (pl_regex_match(rx_get(&rx_width), s, n, c, 3) == 1) {
		l->m = M_WIDTH;
		l->arg = atoi(s + c[2].begin);
		return parse_subject(&l->ch, s, (size_t)c[1].end, 0);
	}
	if (pl_regex_match(rx_get(&rx_meth), s, n, c, 5) == 1) {
		const char *mn = s + c[2].begin;
		size_t ml = (size_t)(c[2].end - c[2].begin);
		bool has_arg = c[4].begin >= 0 && c[4].end > c[4].begin;
		if (ml == 3 && memcmp(mn, "isa", 3) == 0 && c[3].begin >= 0 && !has_arg) {
			l->m = M_ISA;
			if (!classes_of(s + c[3].begin, (size_t)(c[3].end - c[3].begin), &l->tcls,
			                &l->acls, &l->fwidth))
				return false;
			return parse_subject(&l->ch, s, (size_t)c[1].end, 0);
		}
		if (c[3].begin >= 0)
			return false;
		for (unsigned i = 0; i < PL_ARRAY_LEN(methods); i++)
			if (strlen(methods[i].name) == ml && memcmp(methods[i].name, mn, ml) == 0) {
				l->m = methods[i].m;
				l->arg = methods[i].arg;
				if (has_arg) {
					if (l->m != M_SIGNLESS && l->m != M_SIGNED && l->m != M_UNSIGNED &&
					    l->m != M_ANYINT)
						return false;
					l->arg = atoi(s + c[4].begin);
				} else if (l->m == M_ANYINT) {
					return false; /* isInteger() needs a width */
				}
				return parse_subject(&l->ch, s, (size_t)c[1].end, 0);
			}
	}
	return false;
}

/* Three-valued answers on a class of types: none, all or some of it. */
enum { TV_NO = 0, TV_YES = 1, TV_SOME = 2 };

static int tv_join(int acc, int v)
{
	return acc < 0 ? v : acc == v ? acc : TV_SOME;
}

static unsigned out_cls(int o)
{
	static const unsigned scalar[O_NSCALAR] = {TC_INT, TC_INT, TC_INT, TC_FLOAT, TC_COMPLEX};
	return o < O_NSCALAR ? scalar[o] : containers[(o - O_SHAPED) / OK_N].cls;
}

static bool in_shaped_elems(int r)
{
	for (unsigned k = 0; k < PL_ARRAY_LEN(shaped_elems); k++)
		if (shaped_elems[k] == r)
			return true;
	return false;
}

/* Whether some complex representative has element type r. */
static bool complex_elem(int r)
{
	for (int i = 0; i < T_NSCALAR; i++)
		if (trep[i].celem == r)
			return true;
	return false;
}

/* The kind (OK_*) of a scalar representative as an element type. */
static int elem_kind(int r)
{
	unsigned c = trep[r].cls;
	return c & TC_INT ? OK_INT : c & TC_FLOAT ? OK_FLOAT : c & TC_COMPLEX ? OK_COMPLEX : OK_OTHER;
}

/* The kind (OK_*) of outside scalar class o as an element type. */
static int out_kind(int o)
{
	return o <= O_UINT ? OK_INT : o == O_FLOAT ? OK_FLOAT : OK_COMPLEX;
}

/* Whether the element types of a shaped outside class of element kind k
 * (k < 0: of the complex outside class) include representative r, or
 * outside scalar class o. */
static bool elems_have_rep(int k, int r)
{
	return k < 0 ? (trep[r].cls & (TC_INT | TC_FLOAT)) && !complex_elem(r)
	             : !in_shaped_elems(r) && elem_kind(r) == k;
}

static bool elems_have_out(int k, int o)
{
	return k < 0 ? o != O_COMPLEX : out_kind(o) == k;
}

static int leaf_eval_from(const struct leaf *l, unsigned step, struct ent e);

/* The leaf from step on, over the element types of a shaped outside class
 * of kind k, or (k < 0) of a complex outside class: the scalar
 * representatives it covers and the outside scalar classes. */
static int leaf_eval_elems(const struct leaf *l, unsigned step, int k)
{
	int acc = -1;
	for (int r = 0; r < T_NSCALAR; r++)
		if (elems_have_rep(k, r))
			acc = tv_join(acc, leaf_eval_from(l, step, (struct ent){ENT_TYPE, r, -1}));
	for (int o = 0; o < O_NSCALAR; o++)
		if (elems_have_out(k, o))
			acc = tv_join(acc, leaf_eval_from(l, step, (struct ent){ENT_TYPE, -1, o}));
	return acc < 0 ? TV_NO : acc;
}

/* The method of leaf l on an outside class. */
static int leaf_out(const struct leaf *l, int o)
{
	static const int slint_w[] = {1, 8, 16, 32, 64};
	bool isint = o <= O_UINT, isfl = o == O_FLOAT;
	bool sl = o == O_SLINT;
	/* widths every type of the class lacks: the representatives' */
	bool rep_width = false;
	if (isint && l->arg >= 0) {
		if (o == O_SLINT)
			for (unsigned i = 0; i < PL_ARRAY_LEN(slint_w); i++)
				rep_width |= slint_w[i] == l->arg;
		else
			rep_width = l->arg == 32;
	}
	if (isfl)
		rep_width = l->arg == 16 || l->arg == 32 || l->arg == 64;
	switch (l->m) {
	case M_ISA:
		if (!(out_cls(o) & l->tcls))
			return TV_NO;
		return l->fwidth ? TV_NO : TV_YES; /* Float16Type etc. are representatives */
	case M_SIGNLESS: return !sl ? TV_NO : l->arg < 0 ? TV_YES : rep_width ? TV_NO : TV_SOME;
	case M_SIGNED: return o != O_SINT ? TV_NO : l->arg < 0 ? TV_YES : rep_width ? TV_NO : TV_SOME;
	case M_UNSIGNED: return o != O_UINT ? TV_NO : l->arg < 0 ? TV_YES : rep_width ? TV_NO : TV_SOME;
	case M_ANYINT:
		/* isInteger(w): i<w>, si<w>, ui<w>; the class lacks it when the
		 * representatives have it in its signedness */
		return !isint || rep_width ? TV_NO : TV_SOME;
	case M_FLOATW: return !isfl || rep_width ? TV_NO : TV_SOME;
	case M_BF16: case M_INDEX: return TV_NO;
	case M_SLINT_OR_INDEX: return sl ? TV_YES : TV_NO;
	case M_SLINT_OR_INDEX_OR_FLOAT: case M_SLINT_OR_FLOAT: return sl || isfl ? TV_YES : TV_NO;
	case M_INT_OR_INDEX: return isint ? TV_YES : TV_NO;
	case M_INT_OR_FLOAT: case M_INT_OR_INDEX_OR_FLOAT: return isint || isfl ? TV_YES : TV_NO;
	case M_WIDTH: return !(isint || isfl) || rep_width ? TV_NO : TV_SOME;
	case M_HASRANK:
		return o >= O_SHAPED && containers[(o - O_SHAPED) / OK_N].cls != TC_UTENSOR ? TV_YES : TV_NO;
	default: return TV_NO;
	}
}

static bool leaf_holds(const struct leaf *l, struct ent e);

/* Leaf l on entity e, from chain step `step` on. */
static int leaf_eval_from(const struct leaf *l, unsigned step, struct ent e)
{
	const struct chain *ch = &l->ch;
	if (l->m == M_TRUE)
		return TV_YES;
	if (l->m == M_FALSE)
		return TV_NO;
	for (unsigned i = step; i < ch->n && e.kind != ENT_ERR; i++) {
		int o = e.kind == ENT_TYPE || e.kind == ENT_VALUE ? e.out : -1;
		switch (ch->steps[i]) {
		case ST_TYPE:
			if (e.kind == ENT_VALUE)
				e.kind = ENT_TYPE;
			else if (e.kind == ENT_ATTR && arep[e.rep].type_rep >= 0)
				e = (struct ent){ENT_TYPE, arep[e.rep].type_rep, -1};
			else
				e.kind = ENT_ERR;
			break;
		case ST_ELEM:
			if (e.kind != ENT_TYPE)
				e.kind = ENT_ERR;
			else if (o >= O_SHAPED)
				return leaf_eval_elems(l, i + 1, (o - O_SHAPED) % OK_N);
			else if (o == O_COMPLEX)
				return leaf_eval_elems(l, i + 1, -1);
			else if (o >= 0)
				e.kind = ENT_ERR;
			else if (trep[e.rep].elem >= 0)
				e.rep = trep[e.rep].elem;
			else if (trep[e.rep].celem >= 0)
				e.rep = trep[e.rep].celem;
			else
				e.kind = ENT_ERR;
			break;
		case ST_ELEM_OR_SELF:
			if (e.kind != ENT_TYPE)
				e.kind = ENT_ERR;
			else if (o >= O_SHAPED)
				return leaf_eval_elems(l, i + 1, (o - O_SHAPED) % OK_N);
			else if (o < 0 && trep[e.rep].elem >= 0)
				e.rep = trep[e.rep].elem;
			break;
		case ST_CAST:
			if (e.kind == ENT_TYPE && !((o >= 0 ? out_cls(o) : trep[e.rep].cls) & ch->cast_t[i]))
				e.kind = ENT_ERR;
			else if (e.kind == ENT_ATTR && !(arep[e.rep].cls & ch->cast_a[i]))
				e.kind = ENT_ERR;
			else if (e.kind == ENT_VALUE)
				e.kind = ENT_ERR;
			break;
		}
	}
	if (e.kind == ENT_ERR || e.kind == ENT_VALUE)
		return TV_NO;
	if (e.kind == ENT_TYPE && e.out >= 0)
		return leaf_out(l, e.out);
	return leaf_holds(l, e) ? TV_YES : TV_NO;
}

/* Leaf l's method on a representative the chain arrived at. */
static bool leaf_holds(const struct leaf *l, struct ent e)
{
	if (e.kind == ENT_ATTR) {
		if (l->m != M_ISA)
			return false;
		return (arep[e.rep].cls & l->acls) != 0;
	}
	const struct trep *t = &trep[e.rep];
	bool isint = t->cls & TC_INT, isidx = t->cls & TC_INDEX, isfl = t->cls & TC_FLOAT;
	bool sl = isint && t->sign == 'l';
	switch (l->m) {
	case M_ISA:
		if (!(t->cls & l->tcls))
			return false;
		return !l->fwidth || (isfl && t->width == l->fwidth && t->sign == 0);
	case M_SIGNLESS: return sl && (l->arg < 0 || t->width == l->arg);
	case M_SIGNED: return isint && t->sign == 's' && (l->arg < 0 || t->width == l->arg);
	case M_UNSIGNED: return isint && t->sign == 'u' && (l->arg < 0 || t->width == l->arg);
	case M_ANYINT: return isint && t->width == l->arg;
	case M_FLOATW: return isfl && t->sign == 0 && t->width == l->arg;
	case M_BF16: return isfl && t->sign == 'b';
	case M_INDEX: return isidx;
	case M_SLINT_OR_INDEX: return sl || isidx;
	case M_SLINT_OR_INDEX_OR_FLOAT: return sl || isidx || isfl;
	case M_SLINT_OR_FLOAT: return sl || isfl;
	case M_INT_OR_INDEX: return isint || isidx;
	case M_INT_OR_FLOAT: return isint || isfl;
	case M_INT_OR_INDEX_OR_FLOAT: return isint || isidx || isfl;
	case M_WIDTH: return (isint || isfl) && t->width == l->arg;
	case M_HASRANK: return (t->cls & (TC_RTENSOR | TC_VECTOR | TC_MEMREF)) != 0;
	default: return false;
	}
}

static int dom_nrep(enum dom d) { return d == DOM_ATTR ? A_NREP : T_NREP; }
static uint64_t dom_all(enum dom d) { return d == DOM_ATTR ? A_ALL : T_ALL; }

static uint32_t dom_oall(enum dom d) { return d == DOM_ATTR ? 0 : O_ALL; }

static struct ent dom_ent(enum dom d, int rep)
{
	return (struct ent){d == DOM_ATTR ? ENT_ATTR : d == DOM_VALUE ? ENT_VALUE : ENT_TYPE, rep, -1};
}

static struct ent dom_out(enum dom d, int o)
{
	return (struct ent){d == DOM_VALUE ? ENT_VALUE : ENT_TYPE, -1, o};
}

/* ---- sets ---- */

static struct mset ms_all(enum dom d) { return (struct mset){dom_all(d), dom_all(d), dom_oall(d), dom_oall(d)}; }
static struct mset unknown_set(enum dom d) { return (struct mset){0, dom_all(d), 0, dom_oall(d)}; }

static struct mset ms_and(struct mset a, struct mset b)
{
	return (struct mset){a.lo & b.lo, a.hi & b.hi, a.olo & b.olo, a.ohi & b.ohi};
}

static struct mset ms_or(struct mset a, struct mset b)
{
	return (struct mset){a.lo | b.lo, a.hi | b.hi, a.olo | b.olo, a.ohi | b.ohi};
}

static struct mset ms_not(struct mset a, enum dom d)
{
	return (struct mset){~a.hi & dom_all(d), ~a.lo & dom_all(d), ~a.ohi & dom_oall(d),
	                     ~a.olo & dom_oall(d)};
}

/* Nothing may satisfy it. */
static bool ms_empty(struct mset a) { return !a.hi && !a.ohi; }
/* Known exactly on the representatives (outside classes aside). */
static bool ms_exact(struct mset a) { return a.lo == a.hi; }
/* Something may satisfy both. */
static bool ms_meets(struct mset a, struct mset b) { return (a.hi & b.hi) || (a.ohi & b.ohi); }
/* Everything a may accept, b surely accepts. */
static bool ms_covers(struct mset b, struct mset a)
{
	return !(a.hi & ~b.lo) && !(a.ohi & ~b.olo);
}

/* Normalize C++ predicate text: drop whitespace and the mlir/llvm
 * namespace qualifiers; turn `$_self.template isa<...>` into `.isa<...>`. */
static char *normalize(const char *s, size_t n, size_t *out_n)
{
	char *o = pl_xmalloc(n + 1);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (isspace((unsigned char)s[i]))
			continue;
		/* most bytes start none of the words below */
		if (s[i] != ':' && s[i] != 'm' && s[i] != 'l' && s[i] != 't') {
			o[k++] = s[i];
			continue;
		}
		static const char *const drop[] = {"::mlir::", "mlir::", "::llvm::", "llvm::", "template"};
		static const unsigned char drop_len[] = {8, 6, 8, 6, 8};
		bool dropped = false;
		for (unsigned d = 0; d < PL_ARRAY_LEN(drop); d++) {
			size_t dl = drop_len[d];
			if (i + dl <= n && s[i + 1] == drop[d][1] && s[i + 2] == drop[d][2] &&
			    memcmp(s + i, drop[d], dl) == 0 &&
			    (d != 4 || (k > 0 && o[k - 1] == '.'))) {
				if (d < 4 && k > 0 && (isalnum((unsigned char)o[k - 1]) || o[k - 1] == '_'))
					continue;
				i += dl - 1;
				dropped = true;
				break;
			}
		}
		if (!dropped)
			o[k++] = s[i];
	}
	o[k] = 0;
	*out_n = k;
	return o;
}

/* Strip balanced outer parentheses. */
static void strip_parens(const char **s, size_t *n)
{
	for (;;) {
		if (*n < 2 || (*s)[0] != '(' || (*s)[*n - 1] != ')')
			return;
		int depth = 0;
		for (size_t i = 0; i < *n; i++) {
			if ((*s)[i] == '(')
				depth++;
			else if ((*s)[i] == ')' && --depth == 0 && i != *n - 1)
				return;
		}
		(*s)++;
		*n -= 2;
	}
}


/* Evaluate normalized C++ boolean text over domain d. */
static struct mset eval_text(const char *s, size_t n, enum dom d, int depth)
{
	strip_parens(&s, &n);
	if (depth > 40 || n == 0)
		return unknown_set(d);
	/* split at top-level || then && */
	static const char *const ops[] = {"||", "&&"};
	for (int o = 0; o < 2; o++) {
		int pd = 0, ad = 0;
		size_t last = 0;
		bool split = false;
		struct mset acc = o == 0 ? (struct mset){0, 0, 0, 0} : ms_all(d);
		for (size_t i = 0; i + 1 < n; i++) {
			char ch = s[i];
			if (ch == '(' || ch == '[' || ch == '{')
				pd++;
			else if (ch == ')' || ch == ']' || ch == '}')
				pd--;
			else if (ch == '<')
				ad++;
			else if (ch == '>' && ad > 0)
				ad--;
			if (pd == 0 && s[i] == ops[o][0] && s[i + 1] == ops[o][1]) {
				struct mset k = eval_text(s + last, i - last, d, depth + 1);
				acc = o == 0 ? ms_or(acc, k) : ms_and(acc, k);
				last = i + 2;
				i++;
				split = true;
			}
		}
		if (split) {
			struct mset k = eval_text(s + last, n - last, d, depth + 1);
			return o == 0 ? ms_or(acc, k) : ms_and(acc, k);
		}
	}
	if (s[0] == '!') {
		return ms_not(eval_text(s + 1, n - 1, d, depth + 1), d);
	}
	struct leaf l;
	if (!parse_leaf(&l, s, n))
		return unknown_set(d);
	struct mset r = {0, 0, 0, 0};
	for (int i = 0; i < dom_nrep(d); i++)
		if (leaf_eval_from(&l, 0, dom_ent(d, i)) == TV_YES)
			r.lo |= 1ull << i;
	r.hi = r.lo;
	for (int o = 0; d != DOM_ATTR && o < O_N; o++) {
		int v = leaf_eval_from(&l, 0, dom_out(d, o));
		if (v == TV_YES)
			r.olo |= 1u << o;
		if (v != TV_NO)
			r.ohi |= 1u << o;
	}
	return r;
}

/* text with every `from` replaced by `to` (heap). */
static char *replace_all(const char *text, const char *from, const char *to)
{
	struct pl_buf b = {0};
	size_t fl = strlen(from);

	for (const char *p = text;;) {
		const char *q = strstr(p, from);
		if (!q) {
			pl_buf_puts(&b, p);
			break;
		}
		pl_buf_add(&b, p, (size_t)(q - p));
		pl_buf_puts(&b, to);
		p = q + fl;
	}
	return b.data ? b.data : pl_xstrdup("");
}

/* text with every "$_self" replaced by subst (heap). */
static char *subst_self(const char *text, const char *subst)
{
	return replace_all(text, "$_self", subst);
}

/* A CPred's set; subst (or NULL) is what its $_self stands for. */
static struct mset eval_cpred(const char *text, enum dom d, const char *subst)
{
	size_t n;
	char *sub = subst ? subst_self(text, subst) : NULL;
	char *norm = normalize(sub ? sub : text, strlen(sub ? sub : text), &n);
	struct mset r = eval_text(norm, n, d, 0);
	free(norm);
	free(sub);
	return r;
}

/* Is this Concat the element-type lambda of ShapedContainerType? */
static bool concat_is_elem_lambda(const struct model_pred *p)
{
	return p->text && p->text2 && strstr(p->text, "elementType") && strstr(p->text, "return") &&
	       strstr(p->text2, "getElementType()");
}

static struct mset eval_pred(const struct model_pred *p, enum dom d, const char *subst, int depth);

/* Evaluate p on the element types of shaped representatives and of the
 * shaped outside classes. */
static struct mset lift_elem(const struct model_pred *p, int depth)
{
	struct mset e = eval_pred(p, DOM_TYPE, NULL, depth + 1), r = {0, 0, 0, 0};
	for (int i = 0; i < T_NREP; i++) {
		int el = trep[i].elem;
		if (el < 0)
			continue;
		if (e.lo >> el & 1)
			r.lo |= 1ull << i;
		if (e.hi >> el & 1)
			r.hi |= 1ull << i;
	}
	/* a shaped outside class: all of its element types, or some */
	for (int o = O_SHAPED; o < O_N; o++) {
		int k = (o - O_SHAPED) % OK_N;
		bool all = true, some = false;
		for (int el = 0; el < T_NSCALAR; el++) {
			if (elems_have_rep(k, el)) {
				all &= (e.lo >> el & 1) != 0;
				some |= (e.hi >> el & 1) != 0;
			}
		}
		for (int so = 0; so < O_NSCALAR; so++) {
			if (elems_have_out(k, so)) {
				all &= (e.olo >> so & 1) != 0;
				some |= (e.ohi >> so & 1) != 0;
			}
		}
		if (all)
			r.olo |= 1u << o;
		if (all || some)
			r.ohi |= 1u << o;
	}
	return r;
}

/* p's set over domain d; subst (or NULL) is the expression its $_self
 * stands for (SubstLeaves). */
static struct mset eval_pred(const struct model_pred *p, enum dom d, const char *subst, int depth)
{
	if (!p || depth > 40)
		return unknown_set(d);
	switch (p->kind) {
	case MODEL_PRED_CPRED:
		return eval_cpred(p->text ? p->text : "", d, subst);
	case MODEL_PRED_AND: {
		struct mset r = ms_all(d);
		for (unsigned i = 0; i < p->n_kids; i++)
			r = ms_and(r, eval_pred(p->kids[i], d, subst, depth + 1));
		return r;
	}
	case MODEL_PRED_OR: {
		struct mset r = {0, 0, 0, 0};
		for (unsigned i = 0; i < p->n_kids; i++)
			r = ms_or(r, eval_pred(p->kids[i], d, subst, depth + 1));
		return r;
	}
	case MODEL_PRED_NOT:
		if (p->n_kids != 1)
			return unknown_set(d);
		return ms_not(eval_pred(p->kids[0], d, subst, depth + 1), d);
	case MODEL_PRED_SUBST:
		if (p->n_kids != 1 || !p->text || strcmp(p->text, "$_self") != 0 || !p->text2)
			return unknown_set(d);
		/* SubstLeaves<"$_self", "elementType", P> inside the element
		 * lambda: P still speaks of the value the lambda binds, which
		 * lift_elem evaluates it on. */
		if (!subst && strcmp(p->text2, "elementType") == 0)
			return eval_pred(p->kids[0], d, NULL, depth + 1);
		/* An expression of $_self (Complex<T>: its element type): P's
		 * $_self stands for it, within what $_self stands for already. */
		if (strstr(p->text2, "$_self") && !strstr(p->text2, "$_op")) {
			char *s = subst ? subst_self(p->text2, subst) : pl_xstrdup(p->text2);
			struct mset r = eval_pred(p->kids[0], d, s, depth + 1);
			free(s);
			return r;
		}
		return unknown_set(d);
	case MODEL_PRED_CONCAT:
		if (d == DOM_TYPE && p->n_kids == 1 && concat_is_elem_lambda(p))
			return lift_elem(p->kids[0], depth);
		return unknown_set(d);
	default:
		return unknown_set(d);
	}
}

/* ---- the analysis context: caches -------------------------------------- */

struct cd_cache {
	const struct model_cdef *cd;
	struct mset set;
};

/* Cell pool chunks given back by finished checks, for the next ones: a
 * run checks tens of thousands of pairs, and a malloc and free of each
 * check's chunks showed up in profiles. */
struct chunk_cache {
	char **v;
	unsigned n, cap;
};


/* A C++ op class name (normalized) and the registered ops it may name. */
struct cls_ent {
	char *text;
	const struct model_op **ops;
	unsigned n_ops;
};

/* A registered op and its C++ class normalized, or text NULL (none). */
struct op_cls {
	const struct model_op *op;
	char *text;
	size_t n;
};

struct ov_ctx {
	const struct model *m;
	struct pl_arena *arena;   /* what the caches and results keep: the model's, or
	                           * a thread's own (overlap_pairs_of) */
	mtx_t *lock;              /* with threads: held to fill ops in and to intern */
	struct cd_cache *cache;   /* open hash on cdef pointer */
	unsigned cap, n;
	struct chunk_cache chunks;
	/* results keyed by an interned text's pointer: every check of a pair
	 * looks at its two sides, and the few distinct texts repeat */
	struct pl_ptrmap names;   /* constraint name -> its model_cdef, or NULL */
	struct pl_ptrmap natives; /* NativeCodeCall expression -> &constlike_yes or NULL */
	struct pl_ptrmap idioms;  /* constraint code -> struct def_idiom, or &no_idiom */
	struct pl_ptrmap values[2][2]; /* [attribute?][one argument?]: constraint code ->
	                                * struct value_idiom */
	struct cls_ent *classes;  /* class names resolved so far */
	unsigned n_classes, cap_classes;
	struct op_cls *op_cls;    /* registered op i's C++ class, normalized (op_classes) */
	unsigned n_op_cls;
	struct side_tmpl **tmpls; /* the sides of patterns checked last (side_get) */
};

static void ctx_init(struct ov_ctx *c, const struct model *m)
{
	memset(c, 0, sizeof *c);
	c->m = m;
	c->arena = model_arena((struct model *)m);
	reps_init();
}

/* The model from threads (overlap_pairs_of): an op is filled in on first
 * use and names are interned on lookup, so with a lock both happen under
 * it; the fields of an op returned filled then stay as they are. */
static void ctx_lock(const struct ov_ctx *c)
{
	if (c->lock)
		mtx_lock(c->lock);
}

static void ctx_unlock(const struct ov_ctx *c)
{
	if (c->lock)
		mtx_unlock(c->lock);
}

static const struct model_op *ctx_op_ready(const struct ov_ctx *c, const struct model_op *op)
{
	ctx_lock(c);
	if (op && op->fill)
		op = model_op_ready(c->m, (struct model_op *)op);
	ctx_unlock(c);
	return op;
}

static const struct model_cdef *ctx_cdef_find(struct ov_ctx *c, const char *name)
{
	ctx_lock(c);
	const struct model_cdef *cd = model_cdef_find(c->m, name);
	ctx_unlock(c);
	return cd;
}

static void side_tmpls_free(struct ov_ctx *c);

static void ctx_free(struct ov_ctx *c)
{
	side_tmpls_free(c);
	free(c->cache);
	pl_ptrmap_free(&c->names);
	pl_ptrmap_free(&c->natives);
	pl_ptrmap_free(&c->idioms);
	for (int i = 0; i < 4; i++)
		pl_ptrmap_free(&c->values[i / 2][i % 2]);
	for (unsigned i = 0; i < c->n_classes; i++) {
		free(c->classes[i].text);
		free(c->classes[i].ops);
	}
	free(c->classes);
	for (unsigned i = 0; i < c->n_op_cls; i++)
		free(c->op_cls[i].text);
	free(c->op_cls);
	for (unsigned i = 0; i < c->chunks.n; i++)
		free(c->chunks.v[i]);
	free(c->chunks.v);
}

static struct mset cdef_set(struct ov_ctx *c, const struct model_cdef *cd)
{
	enum dom d = cd->is_attr ? DOM_ATTR : DOM_TYPE;
	if (!c->cap) {
		c->cap = 64;
		c->cache = calloc(c->cap, sizeof *c->cache);
		if (!c->cache)
			abort();
	}
	unsigned h = (unsigned)(((uintptr_t)cd >> 4) * 2654435761u) & (c->cap - 1);
	while (c->cache[h].cd) {
		if (c->cache[h].cd == cd)
			return c->cache[h].set;
		h = (h + 1) & (c->cap - 1);
	}
	struct mset s = eval_pred(cd->pred, d, NULL, 0);
	/* Every real constraint is satisfiable: one that nothing in the model
	 * may satisfy speaks of types or attributes it does not know (a
	 * dialect's own, dense i64 attributes), and says nothing here. */
	if (ms_empty(s))
		s = unknown_set(d);
	if (d == DOM_ATTR && cd->storage_type) {
		/* the storage type bounds the set even when the predicate is opaque */
		unsigned t, a;
		int fw;
		const char *st = cd->storage_type;
		while (*st == ' ')
			st++;
		size_t sl = strlen(st);
		while (sl && st[sl - 1] == ' ')
			sl--;
		if (classes_of(st, sl, &t, &a, &fw) && a != ~0u) {
			uint64_t bound = 0;
			for (int i = 0; i < A_NREP; i++)
				if (arep[i].cls & a)
					bound |= 1ull << i;
			s.hi &= bound;
			s.lo &= bound;
		}
	}
	c->cache[h].cd = cd;
	c->cache[h].set = s;
	if (++c->n * 2 > c->cap) {
		struct cd_cache *old = c->cache;
		unsigned ocap = c->cap;
		c->cap *= 2;
		c->cache = calloc(c->cap, sizeof *c->cache);
		if (!c->cache)
			abort();
		for (unsigned i = 0; i < ocap; i++)
			if (old[i].cd) {
				unsigned k = (unsigned)(((uintptr_t)old[i].cd >> 4) * 2654435761u) & (c->cap - 1);
				while (c->cache[k].cd)
					k = (k + 1) & (c->cap - 1);
				c->cache[k] = old[i];
			}
		free(old);
	}
	return s;
}

/* ---- what defines a value ------------------------------------------------
 * Two idioms constrain which op defines a matched operand:
 *
 *  - MLIR's ConstantLikeMatcher (PatternBase.td), a NativeCodeCall in a
 *    source pattern: mlir-tblgen hands it the operand's defining op (the
 *    match fails when there is none) and m_Constant succeeds only on an op
 *    with the ConstantLike trait.  Recognized by its expression, so that
 *    the same test under another name counts too.
 *  - A native constraint whose whole CPred text tests `$_self`'s (or the
 *    first argument `$0`'s) defining op: isa<X>, isa_and_nonnull<X>,
 *    dyn_cast_or_null<X>, getDefiningOp<X>() and kin, or their negation.
 *    X is an op's C++ class: model_op.cpp_class, named as
 *    mlir::tblgen::Operator names it (parsers/ods.c), matched by
 *    class_names_op.  An X the run has no op of (an interface, an op of a
 *    file not included) says nothing.
 *
 * Both stay opaque (the pair is "maybe" at best: folding, attribute types
 * and the rest are not modeled); what they add is disjointness, when the
 * other pattern's tree puts an op at that value that the idiom rules out. */

static const char constlike_yes = 1;

/* Is NativeCodeCall expression expr (in a match position) the
 * ConstantLikeMatcher test? */
static bool native_constant_like(struct ov_ctx *c, const char *expr)
{
	const void *v;

	if (!expr)
		return false;
	if (pl_ptrmap_get(&c->natives, expr, &v))
		return v != NULL;
	size_t n;
	char *norm = normalize(expr, strlen(expr), &n);
	const char *t = norm;
	strip_parens(&t, &n);
	bool yes = pl_regex_match(rx_get(&rx_constlike), t, n, NULL, 0) == 1;
	free(norm);
	pl_ptrmap_put(&c->natives, expr, yes ? &constlike_yes : NULL);
	return yes;
}

/* Does C++ class name x (normalized: no blanks, no mlir:: qualifier) name
 * the op whose normalized class is cls?  The last names must be equal;
 * qualifiers written in x must be the innermost namespaces of the op's
 * cppNamespace (`arith::ConstantOp` names ::mlir::arith::ConstantOp), all
 * of them when x starts with `::`.  An unqualified x names every op of
 * that class name: the C++ around the predicate decides which, and this
 * does not see its using-declarations. */
static bool class_names_op(const char *x, size_t xn, const char *cls, size_t cn)
{
	bool full = xn > 2 && x[0] == ':' && x[1] == ':';
	if (full) {
		x += 2;
		xn -= 2;
	}
	if (cn > 2 && cls[0] == ':' && cls[1] == ':') {
		cls += 2;
		cn -= 2;
	}
	if (xn > cn || memcmp(cls + cn - xn, x, xn) != 0)
		return false;
	if (xn == cn)
		return true;
	return !full && cn - xn >= 2 && cls[cn - xn - 1] == ':' && cls[cn - xn - 2] == ':';
}

/* The normalized classes of every op the run registered, normalized once
 * for all the class names resolve_class looks up (it was once per name
 * and op: most of the serial part of the overlap rule on a large run). */
static const struct op_cls *op_classes(struct ov_ctx *c, unsigned *count)
{
	unsigned n = model_op_count(c->m);

	if (c->n_op_cls < n) {
		c->op_cls = pl_xrealloc(c->op_cls, n * sizeof *c->op_cls);
		/* registration data only: no lock (model_op_registered_at) */
		for (unsigned i = c->n_op_cls; i < n; i++) {
			struct op_cls *e = &c->op_cls[i];
			e->op = model_op_registered_at(c->m, i);
			e->text = NULL;
			e->n = 0;
			if (e->op && e->op->cpp_class)
				e->text = normalize(e->op->cpp_class, strlen(e->op->cpp_class), &e->n);
		}
		c->n_op_cls = n;
	}
	*count = c->n_op_cls;
	return c->op_cls;
}

/* The registered ops C++ class name x[0..n) may name (see class_names_op),
 * from every op the run registered, filled in or not (their classes are
 * known at registration): an empty answer means x is not an op class the
 * run knows (an interface, a base class, an op of a file not included). */
static const struct cls_ent *resolve_class(struct ov_ctx *c, const char *x, size_t n)
{
	for (unsigned i = 0; i < c->n_classes; i++)
		if (strlen(c->classes[i].text) == n && memcmp(c->classes[i].text, x, n) == 0)
			return &c->classes[i];
	if (c->n_classes == c->cap_classes) {
		c->cap_classes = c->cap_classes ? c->cap_classes * 2 : 8;
		c->classes = pl_xrealloc(c->classes, c->cap_classes * sizeof *c->classes);
	}
	struct cls_ent *e = &c->classes[c->n_classes++];
	e->text = pl_xmalloc(n + 1);
	memcpy(e->text, x, n);
	e->text[n] = 0;
	e->ops = NULL;
	e->n_ops = 0;
	unsigned cap = 0, n_ops;
	const struct op_cls *oc = op_classes(c, &n_ops);
	for (unsigned i = 0; i < n_ops; i++) {
		if (!oc[i].text || !class_names_op(x, n, oc[i].text, oc[i].n))
			continue;
		if (e->n_ops == cap) {
			cap = cap ? cap * 2 : 4;
			e->ops = pl_xrealloc(e->ops, cap * sizeof *e->ops);
		}
		e->ops[e->n_ops++] = oc[i].op;
	}
	return e;
}

/* A recognized predicate on a value's defining op. */
struct def_idiom {
	bool dollar0;                 /* speaks of $0 (else of $_self) */
	bool neg;                     /* negated: see ops */
	const struct model_op **ops;  /* !neg: the value is defined by one of these;
	                               * neg: by none of these (ops a class names alone) */
	unsigned n_ops;
};

static const char no_idiom = 0;

static bool postfix_expr(const char *s, size_t n);

/* Peel the '!'s that negate all of normalized text t[0..n): `!x.f()`,
 * `!(...)`, not `!a || b`. */
static void peel_negations(const char **t, size_t *n, bool *neg)
{
	while (*n > 1 && (*t)[0] == '!') {
		const char *in = *t + 1, *p = in;
		size_t in_n = *n - 1, pn = in_n;
		strip_parens(&p, &pn);
		if (p == in && !postfix_expr(in, in_n))
			return;
		*neg = !*neg;
		*t = p;
		*n = pn;
	}
}

/* Resolve comma-separated class list s[0..n) into idiom d: a positive
 * idiom needs every class known (else nothing is known of the op), a
 * negated one keeps the classes that name one op. */
static bool idiom_classes(struct ov_ctx *c, struct def_idiom *d, const char *s, size_t n)
{
	unsigned cap = 0;
	while (n) {
		size_t k = 0;
		while (k < n && s[k] != ',')
			k++;
		const struct cls_ent *e = resolve_class(c, s, k);
		if (!d->neg && !e->n_ops)
			return false;
		for (unsigned i = 0; i < e->n_ops && (!d->neg || e->n_ops == 1); i++) {
			if (d->n_ops == cap) {
				cap = cap ? cap * 2 : 4;
				const struct model_op **nv =
					PL_NEW_ARRAY(c->arena, const struct model_op *, cap);
				if (d->n_ops)
					memcpy(nv, d->ops, d->n_ops * sizeof *nv);
				d->ops = nv;
			}
			d->ops[d->n_ops++] = e->ops[i];
		}
		s += k;
		n -= k;
		if (n) {
			s++;
			n--;
		}
	}
	return d->n_ops > 0;
}

/* The defining-op idiom constraint code is, or NULL. */
static const struct def_idiom *def_idiom_of(struct ov_ctx *c, const char *code)
{
	const void *v;

	if (!code)
		return NULL;
	if (pl_ptrmap_get(&c->idioms, code, &v))
		return v == &no_idiom ? NULL : v;
	size_t n;
	char *norm = normalize(code, strlen(code), &n);
	const char *t = norm;
	struct def_idiom d = {0};
	strip_parens(&t, &n);
	peel_negations(&t, &n, &d.neg);
	struct pl_regex_cap cap[3];
	bool ok = false;
	/* the subject is $_self, $0, or one of them in parentheses */
	if (pl_regex_match(rx_get(&rx_defop_fn), t, n, cap, 3) == 1) {
		d.dollar0 = t[cap[2].begin + (t[cap[2].begin] == '(') + 1] == '0';
		ok = idiom_classes(c, &d, t + cap[1].begin, (size_t)(cap[1].end - cap[1].begin));
	} else if (pl_regex_match(rx_get(&rx_defop_meth), t, n, cap, 3) == 1) {
		d.dollar0 = t[cap[1].begin + (t[cap[1].begin] == '(') + 1] == '0';
		ok = idiom_classes(c, &d, t + cap[2].begin, (size_t)(cap[2].end - cap[2].begin));
	}
	free(norm);
	struct def_idiom *r = NULL;
	if (ok) {
		r = PL_NEW(c->arena, struct def_idiom);
		*r = d;
	}
	pl_ptrmap_put(&c->idioms, code, r ? (const void *)r : &no_idiom);
	return r;
}

/* Does op have the ConstantLike trait: 1 yes, 0 no, -1 cannot tell (an
 * anonymous NativeOpTrait<...> among its traits may be it). */
static int op_constant_like(const struct ov_ctx *c, const struct model_op *op)
{
	op = ctx_op_ready(c, op);
	bool unsure = false;
	for (unsigned i = 0; i < op->n_traits; i++) {
		if (strcmp(op->traits[i], "ConstantLike") == 0)
			return 1;
		if (strcmp(op->traits[i], "NativeOpTrait") == 0)
			unsure = true;
	}
	return unsure ? -1 : 0;
}

/* The bound name of the value idiom d of constraint k speaks of: $0 is the
 * first argument; $_self the one argument, or the name of an argument-less
 * `(C:$x)` (mlir-tblgen's AppliedConstraint self). */
static const char *idiom_subject(const struct model_constraint *k, const struct def_idiom *d)
{
	if (d->dollar0)
		return k->n_args ? k->args[0] : NULL;
	return k->n_args == 1 ? k->args[0] : k->n_args == 0 ? k->self : NULL;
}

/* ---- what defines a value, for other analyses (overlap.h) ---- */

struct overlap_defs {
	struct ov_ctx ctx;
};

struct overlap_defs *overlap_defs_new(const struct model *m)
{
	struct overlap_defs *d = pl_xcalloc(1, sizeof *d);
	ctx_init(&d->ctx, m);
	return d;
}

void overlap_defs_free(struct overlap_defs *d)
{
	if (!d)
		return;
	ctx_free(&d->ctx);
	free(d);
}

/* The set's lock, after its n members. */
struct overlap_defs **overlap_defs_new_set(const struct model *m, unsigned n)
{
	struct overlap_defs **set = pl_xcalloc(1, n * sizeof(*set) + sizeof(mtx_t));
	mtx_t *lock = (mtx_t *)(void *)(set + n);

	mtx_init(lock, mtx_plain);
	for (unsigned i = 0; i < n; i++) {
		set[i] = pl_xcalloc_line(sizeof **set);
		ctx_init(&set[i]->ctx, m);
		set[i]->ctx.arena = pl_arena_new();
		set[i]->ctx.lock = lock;
	}
	return set;
}

void overlap_defs_free_set(struct overlap_defs **set, unsigned n)
{
	if (!set)
		return;
	for (unsigned i = 0; i < n; i++) {
		struct model *m = (struct model *)set[i]->ctx.m;
		ctx_free(&set[i]->ctx);
		pl_arena_adopt(model_arena(m), set[i]->ctx.arena);
		free(set[i]);
	}
	mtx_destroy((mtx_t *)(void *)(set + n));
	free(set);
}

bool overlap_defs_constraint(struct overlap_defs *d, const struct model_constraint *k,
                             struct overlap_def *out, const char **out_name)
{
	if (k->kind != MODEL_CONSTRAINT_NATIVE || !k->code)
		return false;
	const struct def_idiom *di = def_idiom_of(&d->ctx, k->code);
	const char *name = di ? idiom_subject(k, di) : NULL;
	if (!name)
		return false;
	out->kind = di->neg ? OVERLAP_DEF_NONE_OF : OVERLAP_DEF_ISA;
	out->ops = di->ops;
	out->n_ops = di->n_ops;
	*out_name = name;
	return true;
}

bool overlap_defs_types_disjoint(struct overlap_defs *d, const char *a, const char *b)
{
	const struct model_cdef *ca = a ? ctx_cdef_find(&d->ctx, a) : NULL;
	const struct model_cdef *cb = b ? ctx_cdef_find(&d->ctx, b) : NULL;

	if (!ca || !cb || ca->is_attr || cb->is_attr)
		return false;
	return !ms_meets(cdef_set(&d->ctx, ca), cdef_set(&d->ctx, cb));
}

/* The representative (*rep) or outside class (*out) a concrete scalar
 * type text stands for; false when the model has neither for it. */
static bool scalar_class(const char *t, size_t n, int *rep, int *out)
{
	*rep = *out = -1;
	for (int i = 0; i < T_NSCALAR; i++)
		if (strlen(trep[i].text) == n && memcmp(trep[i].text, t, n) == 0) {
			*rep = i;
			return true;
		}
	size_t k = t[0] == 's' || t[0] == 'u' ? 1 : 0;
	if (n > k + 1 && t[k] == 'i') {
		bool digits = true;
		for (size_t j = k + 1; j < n; j++)
			digits &= isdigit((unsigned char)t[j]) != 0;
		if (digits) {
			*out = k == 0 ? O_SLINT : t[0] == 's' ? O_SINT : O_UINT;
			return true;
		}
	}
	/* other floats: f80, f128, tf32, f8E4M3FN and kin */
	bool word = true;
	for (size_t j = 0; j < n; j++)
		word &= isalnum((unsigned char)t[j]) != 0;
	if (word && ((n > 1 && t[0] == 'f' && isdigit((unsigned char)t[1])) ||
	             (n == 4 && memcmp(t, "tf32", 4) == 0))) {
		*out = O_FLOAT;
		return true;
	}
	if (n > 8 && memcmp(t, "complex<", 8) == 0 && t[n - 1] == '>') {
		*out = O_COMPLEX;
		return true;
	}
	if (n > 1 && t[0] == '!' && !strchr(t, '<')) {
		for (int i = 0; i < T_NSCALAR; i++)
			if (trep[i].cls & TC_OPAQUE)
				*rep = i;
		return *rep >= 0;
	}
	return false;
}

/* The same for a type: shaped types by container and element; dynamic or
 * scalable shapes and layouts are left unclassified (the representatives
 * have static shapes). */
static bool type_class(const char *t, int *rep, int *out)
{
	size_t n = strlen(t);
	*rep = *out = -1;
	for (unsigned c = 0; c < PL_ARRAY_LEN(containers); c++) {
		const char *fmt = containers[c].fmt;      /* "tensor<4x%s>" */
		size_t pl = (size_t)(strchr(fmt, '<') - fmt) + 1;
		if (n <= pl || memcmp(t, fmt, pl) != 0 || t[n - 1] != '>')
			continue;
		bool unranked = containers[c].cls == TC_UTENSOR;
		const char *e = t + pl, *end = t + n - 1;
		if (unranked) {
			if (end - e < 2 || e[0] != '*' || e[1] != 'x')
				continue;
			e += 2;
		} else {
			if (e[0] == '*')
				continue;
			while (e < end && isdigit((unsigned char)*e)) { /* 2x3x */
				while (e < end && isdigit((unsigned char)*e))
					e++;
				if (e < end && *e == 'x')
					e++;
				else
					return false;
			}
			if (e == t + pl && !(containers[c].cls & (TC_RTENSOR | TC_UTENSOR)))
				return false; /* a 0-d vector or memref */
		}
		/* an encoding, layout or memory space; dynamic or scalable sizes */
		if (memchr(e, ',', (size_t)(end - e)) || memchr(e, '?', (size_t)(end - e)) ||
		    memchr(e, '[', (size_t)(end - e)))
			return false;
		int er, eo;
		if (!scalar_class(e, (size_t)(end - e), &er, &eo))
			return false;
		for (int i = T_NSCALAR; er >= 0 && i < T_NREP; i++)
			if (trep[i].cls == containers[c].cls && trep[i].elem == er) {
				*rep = i;
				return true;
			}
		int kind = er >= 0 ? elem_kind(er) : out_kind(eo);
		*out = O_SHAPED + (int)c * OK_N + kind;
		return true;
	}
	return scalar_class(t, n, rep, out);
}

int overlap_defs_type_holds(struct overlap_defs *d, const char *constraint, const char *type)
{
	const struct model_cdef *cd = constraint ? ctx_cdef_find(&d->ctx, constraint) : NULL;
	int rep, out;

	if (!cd || cd->is_attr || !type || !type_class(type, &rep, &out))
		return -1;
	struct mset s = cdef_set(&d->ctx, cd);
	if (rep >= 0)
		return s.lo >> rep & 1 ? 1 : !(s.hi >> rep & 1) ? 0 : -1;
	return s.olo >> out & 1 ? 1 : !(s.ohi >> out & 1) ? 0 : -1;
}

bool overlap_defs_result_excludes(struct overlap_defs *d, const struct model_op *op,
                                  const char *constraint)
{
	if (!op || !constraint)
		return false;
	op = ctx_op_ready(&d->ctx, op);
	if (!op || op->n_results != 1 || op->results[0].variadic || op->results[0].optional)
		return false;
	return overlap_defs_types_disjoint(d, constraint, op->results[0].constraint);
}

bool overlap_defs_constant_matcher(struct overlap_defs *d, const struct model_node *n)
{
	return n && n->kind == MODEL_NODE_NATIVE && native_constant_like(&d->ctx, n->directive);
}

int overlap_defs_constant_like(const struct overlap_defs *d, const struct model_op *op)
{
	return op_constant_like(&d->ctx, op);
}

/* ---- cells and unification ---------------------------------------------- */

struct cell;
struct acell {
	const char *name;     /* attribute name */
	struct cell *c;
};

/* An opaque C++ predicate on a cell: its normalized text (without a
 * leading '!') and whether it was negated.  Nothing is known of what it
 * tests, but a predicate and its negation cannot both hold. */
struct opred {
	const char *text;
	size_t n;
	bool neg;
	struct opred *next;
};
#define OPRED_MAX_TEXT 1024 /* longer predicates are not compared */

/* What a value's defining op must be (see "what defines a value"). */
enum def_kind {
	DEF_CONSTLIKE,   /* an op with the ConstantLike trait */
	DEF_ISA,         /* one of ops[0..n_ops) */
	DEF_NOT,         /* not ops[0] (a block argument or another op) */
};
struct dfact {
	enum def_kind kind;
	const struct model_op *const *ops;
	unsigned n_ops;
	struct dfact *next;
};

struct cell {
	struct cell *parent;      /* union-find */
	bool is_attr;             /* attribute (else value / operation) */
	bool has_op;              /* value defined by an op in the tree */
	const char *op_name;      /* has_op: name, NULL = any op */
	const struct model_op *ods; /* has_op: registry entry or NULL */
	struct cell **opnds;      /* has_op: operand cells */
	unsigned n_opnds;
	bool opnds_any;           /* has_op: operand list not written */
	struct acell *attrs;      /* has_op: attributes by name */
	unsigned n_attrs;
	unsigned result_index;    /* which result of the op this value is */
	struct mset set;          /* type set (values) or attribute set */
	const char *constant;     /* attribute/type constant text */
	long long value;          /* attribute value predicate: required value */
	bool has_value;
	struct opred *preds;      /* opaque predicates it must satisfy */
	struct dfact *defs;       /* what its defining op must be */
	int mark;                 /* printing / cycle check */
	int id;                   /* printing: SSA number */
};

/* A bump pool for cells, reset per check. */
struct pool {
	char **chunks;              /* inl, or a heap array past POOL_INL chunks */
	unsigned n, cap;
	size_t used;
	struct chunk_cache *spare;  /* where chunks come from and go back to */
	char *inl[4];
	struct big *big;            /* allocations larger than a chunk, freed with it */
};

struct big {
	struct big *next;
	_Alignas(16) char data[];
};
#define POOL_INL 4
#define POOL_CHUNK 16384

/* sz bytes, not cleared (the caller writes every one). */
/* pool_alloc_raw when the current chunk has no room for sz (rounded). */
static PL_NOINLINE void *pool_alloc_slow(struct pool *p, size_t sz)
{
	if (sz > POOL_CHUNK) {
		/* an op of over a thousand arguments: a block of its own (this
		 * was an abort(): a pattern of such an op crashed the check) */
		struct big *b = pl_xmalloc(sizeof *b + sz);
		b->next = p->big;
		p->big = b;
		return b->data;
	}
	if (!p->n || p->used + sz > POOL_CHUNK) {
		if (!p->chunks) {
			p->chunks = p->inl;
			p->cap = POOL_INL;
		} else if (p->n == p->cap) {
			char **nc = pl_xmalloc(p->cap * 2 * sizeof *nc);
			memcpy(nc, p->chunks, p->n * sizeof *nc);
			if (p->chunks != p->inl)
				free(p->chunks);
			p->chunks = nc;
			p->cap *= 2;
		}
		p->chunks[p->n++] = p->spare && p->spare->n ? p->spare->v[--p->spare->n]
		                                            : pl_xmalloc(POOL_CHUNK);
		p->used = 0;
	}
	void *r = p->chunks[p->n - 1] + p->used;
	p->used += sz;
	return r;
}

/* In line: a side copied from a template takes a block for each cell's
 * operands, attributes and facts, a million a large set. */
static inline void *pool_alloc_raw(struct pool *p, size_t sz)
{
	sz = (sz + 15) & ~(size_t)15;
	if (p->n && p->used + sz <= POOL_CHUNK) {
		void *r = p->chunks[p->n - 1] + p->used;
		p->used += sz;
		return r;
	}
	return pool_alloc_slow(p, sz);
}

static void *pool_alloc(struct pool *p, size_t sz)
{
	void *r = pool_alloc_raw(p, sz);

	memset(r, 0, sz);
	return r;
}

static void pool_free(struct pool *p)
{
	struct chunk_cache *sp = p->spare;

	for (unsigned i = 0; i < p->n; i++) {
		if (!sp) {
			free(p->chunks[i]);
			continue;
		}
		if (sp->n == sp->cap) {
			sp->cap = sp->cap ? sp->cap * 2 : 8;
			sp->v = pl_xrealloc(sp->v, sp->cap * sizeof *sp->v);
		}
		sp->v[sp->n++] = p->chunks[i];
	}
	if (p->chunks != p->inl)
		free(p->chunks);
	for (struct big *b = p->big, *next; b; b = next) {
		next = b->next;
		free(b);
	}
	memset(p, 0, sizeof *p);
	p->spare = sp;
}

/* What building/unifying learned. */
struct side {
	const struct model_pattern *p;
	struct cell *root;
	const char **bnames; struct cell **bcells; unsigned nb, capb; /* name -> cell */
	unsigned n_opaque;
	const char *why_opaque;    /* first opaque predicate */
};

/* The reasons are kept as their parts and formatted only when a caller
 * wants the text (why_text, opaque_text): most checks of a large set fail
 * or overlap without anyone reading why. */
struct uni {
	struct ov_ctx *ctx;
	struct pool pool;
	bool failed;
	const char *why_fmt, *why_a, *why_b; /* first reason for failure: a format
	                                      * with two %s, and its arguments */
	char whybuf[256];
	unsigned n_opaque;
	bool outside;                        /* only types outside the model are
	                                      * left for some value */
	bool has_opaque;                     /* the first opaque predicate: */
	const char *opq_kind, *opq_name, *opq_on;
	const struct model_pattern *opq_p;
	char opqbuf[256];
	struct cell **made;                  /* side_tmpl_build: every cell, in order */
	unsigned n_made, cap_made;
	bool recording;
};

static struct cell *find(struct cell *c)
{
	while (c->parent)
		c = c->parent;
	return c;
}

static struct cell *cell_new(struct uni *u, bool is_attr)
{
	struct cell *c = pool_alloc(&u->pool, sizeof *c);
	c->is_attr = is_attr;
	c->set = ms_all(is_attr ? DOM_ATTR : DOM_TYPE);
	c->id = -1;
	if (u->recording) {
		if (u->n_made == u->cap_made) {
			u->cap_made = u->cap_made ? u->cap_made * 2 : 16;
			u->made = pl_xrealloc(u->made, u->cap_made * sizeof *u->made);
		}
		u->made[u->n_made++] = c;
	}
	return c;
}

static void fail(struct uni *u, const char *fmt, const char *a, const char *b);

/* Whether C++ text s[0..n) is one postfix expression (names, calls,
 * member access, `::`, template argument lists before a call), so that a
 * '!' in front of it negates all of it: `!x.isa<T>()` is the negation of
 * `x.isa<T>()`, `!a || b` is not the negation of `a || b`. */
static bool postfix_expr(const char *s, size_t n)
{
	int depth = 0;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '(' || c == '[') {
			depth++;
		} else if (c == ')' || c == ']') {
			if (--depth < 0)
				return false;
		} else if (depth > 0 || isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.' ||
		           c == ' ') {
			continue;
		} else if ((c == '-' && i + 1 < n && s[i + 1] == '>') || (c == ':' && i + 1 < n && s[i + 1] == ':')) {
			i++;
		} else if (c == '<' && i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_')) {
			/* name<...> followed by '(' or '::': template arguments */
			int td = 0;
			size_t j = i;
			for (; j < n; j++) {
				if (s[j] == '<')
					td++;
				else if (s[j] == '>' && --td == 0)
					break;
				else if (s[j] == '(' || s[j] == ')' || s[j] == '&' || s[j] == '|' || s[j] == '?')
					return false;
			}
			if (j + 1 >= n || (s[j + 1] != '(' && s[j + 1] != ':'))
				return false;
			i = j;
		} else {
			return false;
		}
	}
	return depth == 0;
}

/* Require opaque predicate text[0..n) (negated when neg) of cell c (a
 * representative); fails when c already requires the opposite. */
static void add_pred(struct uni *u, struct cell *c, const char *text, size_t n, bool neg)
{
	for (const struct opred *q = c->preds; q; q = q->next) {
		if (q->n != n || memcmp(q->text, text, n) != 0)
			continue;
		if (q->neg != neg)
			fail(u, "a native predicate meets its negation%s%s", NULL, NULL);
		return;
	}
	struct opred *p = pool_alloc(&u->pool, sizeof *p);
	char *t = pool_alloc(&u->pool, n + 1);
	memcpy(t, text, n);
	p->text = t;
	p->n = n;
	p->neg = neg;
	p->next = c->preds;
	c->preds = p;
}

static bool def_allows(const struct dfact *q, const struct model_op *op)
{
	if (q->kind == DEF_NOT)
		return q->ops[0] != op;
	for (unsigned i = 0; i < q->n_ops; i++)
		if (q->ops[i] == op)
			return true;
	return false;
}

/* Do the defining-op facts of cell c (a representative) hold together and
 * with the op its tree puts there?  Fails when they cannot.  An op the
 * registry does not know (or "any op") may be anything. */
static void check_defs(struct uni *u, struct cell *c)
{
	if (!c->defs || u->failed)
		return;
	if (c->has_op) {
		if (!c->op_name || !c->ods)
			return;
		for (const struct dfact *q = c->defs; q; q = q->next) {
			if (q->kind == DEF_CONSTLIKE && op_constant_like(u->ctx, c->ods) == 0) {
				fail(u, "a constant matcher meets '%s', which is not ConstantLike%s", c->op_name,
				     NULL);
				return;
			}
			if (q->kind != DEF_CONSTLIKE && !def_allows(q, c->ods)) {
				fail(u, "a getDefiningOp() predicate rules out '%s'%s", c->op_name, NULL);
				return;
			}
		}
		return;
	}
	/* no op here yet: some op one DEF_ISA allows must pass the others */
	const struct dfact *isa = NULL;
	for (const struct dfact *q = c->defs; q && !isa; q = q->next)
		if (q->kind == DEF_ISA)
			isa = q;
	if (!isa)
		return;
	for (unsigned i = 0; i < isa->n_ops; i++) {
		bool ok = true;
		for (const struct dfact *q = c->defs; q && ok; q = q->next)
			ok = q->kind == DEF_CONSTLIKE || def_allows(q, isa->ops[i]);
		if (ok)
			return;
	}
	fail(u, "the getDefiningOp() predicates on one value exclude each other%s%s", NULL, NULL);
}

/* Record a defining-op fact on cell c (a representative), unchecked. */
static void push_def(struct uni *u, struct cell *c, enum def_kind kind,
                     const struct model_op *const *ops, unsigned n_ops)
{
	struct dfact *f = pool_alloc(&u->pool, sizeof *f);
	f->kind = kind;
	f->ops = ops;
	f->n_ops = n_ops;
	f->next = c->defs;
	c->defs = f;
}

static void add_def(struct uni *u, struct cell *c, enum def_kind kind,
                    const struct model_op *const *ops, unsigned n_ops)
{
	c = find(c);
	push_def(u, c, kind, ops, n_ops);
	check_defs(u, c);
}

static void fail(struct uni *u, const char *fmt, const char *a, const char *b)
{
	if (u->failed)
		return;
	u->failed = true;
	u->why_fmt = fmt;
	u->why_a = a ? a : "";
	u->why_b = b ? b : "";
}

static const char *why_text(struct uni *u)
{
	if (!u->why_fmt)
		return NULL;
	snprintf(u->whybuf, sizeof u->whybuf, u->why_fmt, u->why_a, u->why_b);
	return u->whybuf;
}

/* Normalize a constant attribute's text for comparison: drop a trailing
 * ": type" and surrounding blanks. */
static size_t const_key(const char *s, char *out, size_t cap)
{
	size_t k = 0;
	int depth = 0;
	for (; *s && k + 1 < cap; s++) {
		if (*s == '<' || *s == '(' || *s == '[')
			depth++;
		else if (*s == '>' || *s == ')' || *s == ']')
			depth--;
		else if (*s == ':' && depth == 0 && s[1] != ':' && (k == 0 || out[k - 1] != ':'))
			break;
		if (!isspace((unsigned char)*s))
			out[k++] = *s;
	}
	out[k] = 0;
	return k;
}

static bool const_equal(const char *a, const char *b)
{
	char ka[128], kb[128];
	const_key(a, ka, sizeof ka);
	const_key(b, kb, sizeof kb);
	if (strcmp(ka, kb) == 0)
		return true;
	char *ea, *eb;
	double da = strtod(ka, &ea), db = strtod(kb, &eb);
	if (*ka && *kb && !*ea && !*eb)
		return da == db;
	/* C++ spellings of booleans */
	if ((strcmp(ka, "true") == 0 || strcmp(ka, "1") == 0) &&
	    (strcmp(kb, "true") == 0 || strcmp(kb, "1") == 0))
		return true;
	return false;
}

static bool const_numeric(const char *s, long long *out)
{
	char k[128], *e;
	const_key(s, k, sizeof k);
	if (!*k)
		return false;
	if (strcmp(k, "true") == 0) {
		*out = 1;
		return true;
	}
	if (strcmp(k, "false") == 0) {
		*out = 0;
		return true;
	}
	long long v = strtoll(k, &e, 0);
	if (*e)
		return false;
	*out = v;
	return true;
}

static bool has_variadic_operand(const struct model_op *op)
{
	if (!op)
		return false;
	for (unsigned i = 0; i < op->n_operands; i++)
		if (op->operands[i].variadic || op->operands[i].optional)
			return true;
	return false;
}

static void unify(struct uni *u, struct cell *a, struct cell *b, int depth);

static void meet_set(struct uni *u, struct cell *a, struct mset s, const char *what)
{
	a->set = ms_and(a->set, s);
	if (ms_empty(a->set))
		fail(u, "no %s satisfies both constraints%s", what, "");
	else if (!a->is_attr && !a->set.hi)
		u->outside = true; /* e.g. I4: no witness type to print */
}

static void unify_cells(struct uni *u, struct cell *a, struct cell *b, int depth);

static void unify(struct uni *u, struct cell *a, struct cell *b, int depth)
{
	a = find(a);
	b = find(b);
	if (a == b || u->failed)
		return;
	unify_cells(u, a, b, depth);
	/* a now holds both cells' defining-op facts and tree op */
	check_defs(u, a);
}

/* Merge representative b into representative a. */
static void unify_cells(struct uni *u, struct cell *a, struct cell *b, int depth)
{
	if (depth > 64) {
		fail(u, "match trees nest too deeply%s%s", NULL, NULL);
		return;
	}
	if (a->is_attr != b->is_attr) {
		fail(u, "an attribute meets a value%s%s", NULL, NULL);
		return;
	}
	b->parent = a;
	meet_set(u, a, b->set, a->is_attr ? "attribute" : "type");
	for (const struct opred *q = b->preds; q && !u->failed; q = q->next)
		add_pred(u, a, q->text, q->n, q->neg);
	for (const struct dfact *q = b->defs; q; q = q->next)
		push_def(u, a, q->kind, q->ops, q->n_ops);
	if (a->constant && b->constant && !const_equal(a->constant, b->constant)) {
		fail(u, "different constants %s vs %s", a->constant, b->constant);
		return;
	}
	if (!a->constant)
		a->constant = b->constant;
	if (a->has_value && b->has_value && a->value != b->value) {
		fail(u, "attribute value predicates disagree%s%s", NULL, NULL);
		return;
	}
	if (b->has_value) {
		a->has_value = true;
		a->value = b->value;
	}
	long long cv;
	if (a->has_value && a->constant && const_numeric(a->constant, &cv) && cv != a->value) {
		fail(u, "constant %s fails an attribute value predicate%s", a->constant, NULL);
		return;
	}
	if (!b->has_op)
		return;
	if (!a->has_op) {
		a->has_op = true;
		a->op_name = b->op_name;
		a->ods = b->ods;
		a->opnds = b->opnds;
		a->n_opnds = b->n_opnds;
		a->opnds_any = b->opnds_any;
		a->attrs = b->attrs;
		a->n_attrs = b->n_attrs;
		a->result_index = b->result_index;
		return;
	}
	/* both are ops */
	if (a->op_name && b->op_name && strcmp(a->op_name, b->op_name) != 0) {
		fail(u, "different ops '%s' vs '%s'", a->op_name, b->op_name);
		return;
	}
	if (!a->op_name) {
		a->op_name = b->op_name;
		a->ods = b->ods;
	}
	if (a->result_index != b->result_index) {
		fail(u, "different results of one op%s%s", NULL, NULL);
		return;
	}
	if (a->opnds_any) {
		a->opnds = b->opnds;
		a->n_opnds = b->n_opnds;
		a->opnds_any = b->opnds_any;
	} else if (!b->opnds_any) {
		bool var = has_variadic_operand(a->ods);
		if (a->n_opnds != b->n_opnds && !var) {
			fail(u, "different operand counts of '%s'%s", a->op_name ? a->op_name : "op", NULL);
			return;
		}
		if (a->n_opnds == b->n_opnds)
			for (unsigned i = 0; i < a->n_opnds && !u->failed; i++)
				unify(u, a->opnds[i], b->opnds[i], depth + 1);
	}
	/* attributes: by name */
	unsigned na = a->n_attrs;
	for (unsigned j = 0; j < b->n_attrs && !u->failed; j++) {
		unsigned i;
		for (i = 0; i < na; i++)
			if (strcmp(a->attrs[i].name, b->attrs[j].name) == 0)
				break;
		if (i < na) {
			unify(u, a->attrs[i].c, b->attrs[j].c, depth + 1);
		} else {
			struct acell *na2 = pool_alloc(&u->pool, sizeof *na2 * (a->n_attrs + 1));
			memcpy(na2, a->attrs, sizeof *na2 * a->n_attrs);
			na2[a->n_attrs++] = b->attrs[j];
			a->attrs = na2;
		}
	}
}

static struct cell *bind_lookup(struct side *s, const char *name)
{
	for (unsigned i = 0; i < s->nb; i++)
		if (strcmp(s->bnames[i], name) == 0)
			return s->bcells[i];
	return NULL;
}

static void bind_add(struct uni *u, struct side *s, const char *name, struct cell *c)
{
	if (!name || !*name)
		return;
	struct cell *old = bind_lookup(s, name);
	if (old) {
		unify(u, old, c, 0);
		return;
	}
	if (s->nb == s->capb) {
		unsigned ncap = s->capb ? s->capb * 2 : 16;
		const char **nn = pool_alloc(&u->pool, ncap * sizeof *nn);
		struct cell **nc = pool_alloc(&u->pool, ncap * sizeof *nc);
		if (s->nb) {
			memcpy(nn, s->bnames, s->nb * sizeof *nn);
			memcpy(nc, s->bcells, s->nb * sizeof *nc);
		}
		s->bnames = nn;
		s->bcells = nc;
		s->capb = ncap;
	}
	s->bnames[s->nb] = name;
	s->bcells[s->nb++] = c;
}

static void note_opaque(struct uni *u, struct side *s, const char *kind, const char *name,
                        const char *on)
{
	s->n_opaque++;
	u->n_opaque++;
	if (!u->has_opaque) {
		u->has_opaque = true;
		u->opq_kind = kind;
		u->opq_name = name;
		u->opq_on = on;
		u->opq_p = s->p;
	}
}

/* How findings name native constraint k: by its name, but an inline
 * Constraint<CPred<"...">> -- an anonymous record of the base class,
 * which every such constraint is named after -- by its predicate's text
 * (opaque_text shortens it), as an "inline native constraint". */
static const char inline_native[] = "inline native constraint";

static bool named_by_code(const struct model_constraint *k)
{
	return k->code && *k->code && k->name && strcmp(k->name, "Constraint") == 0;
}

static void note_native(struct uni *u, struct side *s, const struct model_constraint *k,
                        const char *on)
{
	if (named_by_code(k))
		note_opaque(u, s, inline_native, k->code, on);
	else
		note_opaque(u, s, "native constraint", k->name, on);
}

/* The pieces parts[0..n) joined into buf (cut to its size, NUL-ended):
 * what snprintf("%s%s...") gives, without its format parsing (every
 * "maybe" pair describes its opaque constraint). */
static void join_into(char *buf, size_t size, const char *const *parts, unsigned n)
{
	size_t len = 0;

	for (unsigned i = 0; i < n && len + 1 < size; i++) {
		size_t k = strlen(parts[i]);
		if (k > size - 1 - len)
			k = size - 1 - len;
		memcpy(buf + len, parts[i], k);
		len += k;
	}
	buf[len] = '\0';
}

/* text as a finding shows it: without parentheses around the whole, its
 * whitespace runs as one space, cut to fit size (with "...", at a UTF-8
 * character's start) into buf; returns buf. */
static const char *excerpt(char *buf, size_t size, const char *text)
{
	size_t len = strlen(text), n = 0;
	bool space = false;

	strip_parens(&text, &len);
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			space = n > 0;
			continue;
		}
		if (n + (space ? 2 : 1) > size - 4) {
			/* not in the middle of a UTF-8 sequence */
			if (((unsigned char)c & 0xC0) == 0x80) {
				while (n > 0 && ((unsigned char)buf[n - 1] & 0xC0) == 0x80)
					n--;
				if (n > 0 && (unsigned char)buf[n - 1] >= 0xC0)
					n--;
			}
			memcpy(buf + n, "...", 4);
			return buf;
		}
		if (space)
			buf[n++] = ' ';
		space = false;
		buf[n++] = c;
	}
	buf[n] = '\0';
	return buf;
}

static const char *opaque_text(struct uni *u)
{
	const char *name = u->opq_name, *on = u->opq_on;
	char shown[64];

	if (!u->has_opaque)
		return NULL;
	if (!u->opq_kind)
		return u->opqbuf; /* set whole */
	if (name && u->opq_kind == inline_native)
		name = excerpt(shown, sizeof shown, name); /* a predicate's text */
	/* "KIND `NAME` on $ON in PATTERN" */
	const char *parts[] = {u->opq_kind, " `", name ? name : "?", "`", on && *on ? " on $" : "",
	                       on && *on ? on : "", " in ",
	                       u->opq_p->name ? u->opq_p->name : "an anonymous pattern"};
	join_into(u->opqbuf, sizeof u->opqbuf, parts, PL_ARRAY_LEN(parts));
	return u->opqbuf;
}

/* model_cdef_find through the context's name cache: names come from the
 * model, interned, and model_cdef_find interns its argument anew. */
static const struct model_cdef *find_cdef(struct ov_ctx *c, const char *name)
{
	const void *v;

	if (pl_ptrmap_get(&c->names, name, &v))
		return v;
	const struct model_cdef *cd = ctx_cdef_find(c, name);
	pl_ptrmap_put(&c->names, name, cd);
	return cd;
}

/* The set a named ODS constraint denotes in domain d, or unknown. */
static bool constraint_set(struct uni *u, const char *name, bool is_attr, struct mset *out)
{
	const struct model_cdef *cd = name ? find_cdef(u->ctx, name) : NULL;
	if (!cd || cd->is_attr != is_attr)
		return false;
	*out = cdef_set(u->ctx, cd);
	return true;
}

/* Apply a leaf's written constraint to cell c; `slot` is the ODS slot's
 * own constraint name, which makes a repeated constraint vacuous. */
static void apply_constraint(struct uni *u, struct side *s, struct cell *c, const char *name,
                             const char *slot, const char *bind)
{
	if (!name || !*name || strcmp(name, "ConstantAttr") == 0 ||
	    (slot && strcmp(name, slot) == 0))
		return;
	struct mset set;
	if (!constraint_set(u, name, c->is_attr, &set)) {
		if (strcmp(name, "Value") == 0 || strcmp(name, "ValueRange") == 0 ||
		    strcmp(name, "Attr") == 0 || strcmp(name, "Type") == 0 || strcmp(name, "Op") == 0)
			return; /* PDLL core constraints */
		note_opaque(u, s, "constraint", name, bind);
		return;
	}
	bool outside = u->outside;
	if (!ms_exact(set))
		note_opaque(u, s, "constraint", name, bind);
	meet_set(u, c, set, c->is_attr ? "attribute" : "type");
	/* only types the model has no representative for satisfy it here */
	if (!outside && u->outside && ms_exact(set))
		note_opaque(u, s, "constraint", name, bind);
}

static struct cell *build(struct uni *u, struct side *s, const struct model_node *n,
                          bool is_attr, const struct model_op_arg *slot, int depth);

static struct cell *build_op(struct uni *u, struct side *s, const struct model_node *n, int depth)
{
	struct cell *c = cell_new(u, false);
	c->has_op = true;
	c->op_name = n->op_name;
	c->ods = n->op;
	c->result_index = n->result_index;
	c->opnds_any = n->operands_any;
	const struct model_op *op = n->op;
	if (op && op->n_results > n->result_index) {
		struct mset rs;
		const char *rc = op->results[n->result_index].constraint;
		if (rc && constraint_set(u, rc, false, &rs))
			meet_set(u, c, rs, "type");
	}
	unsigned n_ops = 0, n_at = 0;
	c->opnds = pool_alloc(&u->pool, sizeof *c->opnds * (n->n_args + 1));
	c->attrs = pool_alloc(&u->pool, sizeof *c->attrs * (n->n_args + 1));
	for (unsigned i = 0; i < n->n_args && !u->failed; i++) {
		const struct model_node *a = n->args[i];
		const struct model_op_arg *slot = NULL;
		bool is_attr;
		const char *nm = n->arg_names && n->arg_names[i] ? n->arg_names[i] : "";
		is_attr = a->kind == MODEL_NODE_ATTR;
		if (op && s->p->origin == MODEL_ORIGIN_DRR) {
			if (i < op->n_args)
				slot = op->args[i]; /* DRR: ODS argument order */
			if (slot)
				is_attr = slot->kind == MODEL_ARG_ATTRIBUTE;
		} else if (op && is_attr) {
			for (unsigned k = 0; k < op->n_attrs; k++)
				if (strcmp(op->attrs[k].name, nm) == 0)
					slot = &op->attrs[k];
		} else if (op && !has_variadic_operand(op) && n_ops < op->n_operands) {
			slot = &op->operands[n_ops];
		}
		if (is_attr) {
			c->attrs[n_at].name = nm;
			c->attrs[n_at++].c = build(u, s, a, true, slot, depth + 1);
		} else {
			c->opnds[n_ops++] = build(u, s, a, false, slot, depth + 1);
		}
	}
	c->n_opnds = n_ops;
	c->n_attrs = n_at;
	return c;
}

static struct cell *build(struct uni *u, struct side *s, const struct model_node *n,
                          bool is_attr, const struct model_op_arg *slot, int depth)
{
	struct cell *c;

	if (depth > 64) {
		fail(u, "match trees nest too deeply%s%s", NULL, NULL);
		return cell_new(u, is_attr);
	}
	switch (n->kind) {
	case MODEL_NODE_OP:
		c = build_op(u, s, n, depth);
		break;
	case MODEL_NODE_REF: {
		c = cell_new(u, is_attr);
		bind_add(u, s, n->ref, c);
		return c;
	}
	case MODEL_NODE_EITHER:
	case MODEL_NODE_VARIADIC:
	case MODEL_NODE_NATIVE:
	case MODEL_NODE_DIRECTIVE:
	case MODEL_NODE_TYPE:
		/* either(): order-free; treated as unconstrained (may overlap) */
		c = cell_new(u, is_attr);
		if (n->kind == MODEL_NODE_EITHER)
			note_opaque(u, s, "either()", "either", NULL);
		/* a value matched by ConstantLikeMatcher: its defining op is
		 * ConstantLike (its constraint stays opaque below) */
		if (n->kind == MODEL_NODE_NATIVE && !is_attr && native_constant_like(u->ctx, n->directive))
			add_def(u, c, DEF_CONSTLIKE, NULL, 0);
		break;
	default:
		c = cell_new(u, is_attr);
		if (n->constant)
			c->constant = n->constant;
		break;
	}
	if (slot && n->kind != MODEL_NODE_OP) {
		struct mset ss;
		if (slot->constraint && constraint_set(u, slot->constraint, c->is_attr, &ss))
			meet_set(u, c, ss, c->is_attr ? "attribute" : "type");
	}
	if (n->kind != MODEL_NODE_OP)
		apply_constraint(u, s, c, n->constraint, slot ? slot->constraint : NULL, n->bind);
	bind_add(u, s, n->bind, c);
	return c;
}

/* Native constraint k's facts on a value's defining op, when its code is
 * one of the getDefiningOp() idioms (idiom_subject says of which value).
 * The constraint stays opaque. */
static void apply_def_idiom(struct uni *u, struct side *s, const struct model_constraint *k)
{
	const struct def_idiom *d = def_idiom_of(u->ctx, k->code);
	if (!d)
		return;
	const char *name = idiom_subject(k, d);
	struct cell *c = name ? bind_lookup(s, name) : NULL;
	if (!c || find(c)->is_attr)
		return;
	if (!d->neg) {
		add_def(u, c, DEF_ISA, d->ops, d->n_ops);
		return;
	}
	for (unsigned i = 0; i < d->n_ops && !u->failed; i++)
		add_def(u, c, DEF_NOT, &d->ops[i], 1);
}

/* A pattern's constraint list: ODS constraints narrow their cells, equal
 * constraints unify, native ones are evaluated when their C++ text is a
 * recognized idiom and are opaque otherwise. */
/* code with each `$0` (not `$0N`) written `$_self` (heap), or NULL when
 * it has none or speaks of another argument too. */
static char *dollar0_to_self(const char *code)
{
	if (!strstr(code, "$0"))
		return NULL;
	for (const char *q = strchr(code, '$'); q; q = strchr(q + 1, '$'))
		if (isdigit((unsigned char)q[1]) && (q[1] != '0' || isdigit((unsigned char)q[2])))
			return NULL;
	return replace_all(code, "$0", "$_self");
}

/* What a native constraint's CPred says of its one value (its `$_self`,
 * or its `$0` when it has one argument), worked out once per code: an
 * attribute value test, or a set (opaque ones keep their text for the
 * negation test).  NULL when the code speaks of no such value. */
struct value_idiom {
	bool has_value;       /* S.getInt() == N on an attribute */
	long long value;
	struct mset set;
	const char *pred;     /* opaque: the text without a leading '!', or NULL */
	size_t pred_n;
	bool neg;
};
static const char no_value_idiom = 0;

static const struct value_idiom *value_idiom_of(struct ov_ctx *ctx, const struct model_constraint *k,
                                                bool is_attr)
{
	const void *v;
	struct pl_ptrmap *pc = &ctx->values[is_attr][k->n_args == 1];

	if (!k->code)
		return NULL;
	if (pl_ptrmap_get(pc, k->code, &v))
		return v == &no_value_idiom ? NULL : v;
	/* a one-argument constraint's `$0` is that argument, as `$_self`
	 * is the value of `(C:$x)` */
	char *self_code = k->n_args == 1 && !strstr(k->code, "$_self") ? dollar0_to_self(k->code) : NULL;
	const char *code = self_code ? self_code : k->code;
	struct value_idiom *r = NULL;
	if (strstr(code, "$_self")) {
		struct pl_arena *a = ctx->arena;
		r = PL_NEW(a, struct value_idiom);
		size_t n;
		char *norm = normalize(code, strlen(code), &n);
		const char *t = norm;
		strip_parens(&t, &n);
		struct pl_regex_cap cap[3];
		struct chain ch = {0};
		if (is_attr && pl_regex_match(rx_get(&rx_value_eq), t, n, cap, 3) == 1 &&
		    parse_subject(&ch, t, (size_t)cap[1].end, 0)) {
			r->has_value = true;
			r->value = strtoll(t + cap[2].begin, NULL, 10);
		} else {
			r->set = eval_text(t, n, is_attr ? DOM_ATTR : DOM_VALUE, 0);
			if (!ms_exact(r->set)) {
				bool neg = n > 1 && t[0] == '!';
				const char *pt = t + neg;
				size_t pn = n - neg;
				bool whole = !neg || (pt[0] == '(' && (strip_parens(&pt, &pn), pt != t + 1)) ||
				             postfix_expr(pt, pn);
				if (whole && pn && pn <= OPRED_MAX_TEXT) {
					r->pred = pl_arena_strndup(a, pt, pn);
					r->pred_n = pn;
					r->neg = neg;
				}
			}
		}
		free(norm);
	}
	free(self_code);
	pl_ptrmap_put(pc, k->code, r ? (const void *)r : &no_value_idiom);
	return r;
}

static void apply_constraints(struct uni *u, struct side *s)
{
	const struct model_pattern *p = s->p;
	for (unsigned i = 0; i < p->n_constraints && !u->failed; i++) {
		const struct model_constraint *k = &p->constraints[i];
		if (k->kind == MODEL_CONSTRAINT_EQUAL) {
			struct cell *first = NULL;
			for (unsigned j = 0; j < k->n_args; j++) {
				struct cell *c = bind_lookup(s, k->args[j]);
				if (c && first)
					unify(u, first, c, 0);
				else if (c)
					first = c;
			}
			continue;
		}
		/* what $_self stands for: the one argument, or the name of an
		 * argument-less `(C:$x)` (mlir-tblgen's AppliedConstraint self) */
		const char *subj = k->n_args == 1 ? k->args[0] : k->n_args == 0 ? k->self : NULL;
		struct cell *c = subj ? bind_lookup(s, subj) : NULL;
		if (k->kind == MODEL_CONSTRAINT_ODS && c) {
			apply_constraint(u, s, find(c), k->name, NULL, subj);
			continue;
		}
		if (k->kind == MODEL_CONSTRAINT_NATIVE && k->code)
			apply_def_idiom(u, s, k);
		if (u->failed)
			break;
		const struct value_idiom *vi = c ? value_idiom_of(u->ctx, k, find(c)->is_attr) : NULL;
		if (vi) {
			c = find(c);
			if (vi->has_value) {
				if (c->has_value && c->value != vi->value)
					fail(u, "attribute value predicates disagree%s%s", NULL, NULL);
				c->has_value = true;
				c->value = vi->value;
				long long cv;
				if (c->constant && const_numeric(c->constant, &cv) && cv != vi->value)
					fail(u, "constant %s fails an attribute value predicate%s", c->constant, NULL);
				continue;
			}
			if (!ms_exact(vi->set)) {
				/* opaque: remember it, so that its negation on the
				 * same value (IsX / IsNotX pairs) rules the pair out */
				if (vi->pred)
					add_pred(u, c, vi->pred, vi->pred_n, vi->neg);
				note_native(u, s, k, subj);
			}
			meet_set(u, c, vi->set, c->is_attr ? "attribute" : "type");
			continue;
		}
		note_native(u, s, k,
		            k->n_args && k->args[0] ? k->args[0] : k->self);
	}
}

static void side_build(struct uni *u, struct side *s, const struct model_pattern *p)
{
	memset(s, 0, sizeof *s);
	s->p = p;
	if (!p->match) {
		s->root = cell_new(u, false);
		s->root->has_op = true;
		s->root->op_name = p->root_op;
		s->root->opnds_any = true;
		return;
	}
	s->root = build(u, s, p->match, false, NULL, 0);
	apply_constraints(u, s);
}

/* ---- sides kept for the next pairs ---------------------------------------
 * The candidate pairs of a root op come one after another, and a pattern
 * is often in several: from the second time it comes (while its slot
 * keeps it), its side is built once into a template and copied into each
 * check (building it was half of checking a pair).  A side is a graph of
 * cells in one pool; a copy maps every pointer between them (the
 * template's cells carry their index in `id`, which only printing uses)
 * and points into nothing of the template, whose slot the other side of
 * the same pair may take. */

/* Sides kept per context, by pattern pointer.  pairs_order has every
 * pattern meet the any-op roots in turn, whose sides should all stay kept:
 * the corpus's 98 roots in 128 slots shared slots a third of the time
 * (41,874 sides built for its 77,943 pairs; 9,307 with 512 slots). */
#define SIDE_CACHE 512
#define SIDE_COPY_MAX 1024 /* larger sides are built anew: a copy's arrays fit a chunk */

struct side_tmpl {
	const struct model_pattern *p;  /* NULL: empty */
	bool built;                     /* else p was only seen once, and built in place */
	struct uni u;                   /* the state building left (u.made: its cells) */
	struct side s;
};

static void tmpl_drop(struct side_tmpl *t)
{
	if (t->built) {
		pool_free(&t->u.pool);
		free(t->u.made);
	}
	t->p = NULL;
	t->built = false;
}

static void side_tmpls_free(struct ov_ctx *c)
{
	for (unsigned i = 0; c->tmpls && i < SIDE_CACHE; i++) {
		if (c->tmpls[i])
			tmpl_drop(c->tmpls[i]);
		free(c->tmpls[i]);
	}
	free(c->tmpls);
	c->tmpls = NULL;
}

static struct cell *tmpl_map(struct cell **nc, const struct cell *c)
{
	return c ? nc[c->id] : NULL;
}

/* p's side in u's pool, as side_build would leave it, from the template. */
static void side_clone(struct uni *u, struct side *s, const struct side_tmpl *t)
{
	const struct uni *tu = &t->u;

	u->failed = tu->failed;
	u->why_fmt = tu->why_fmt;
	u->why_a = tu->why_a;
	u->why_b = tu->why_b;
	u->n_opaque = tu->n_opaque;
	u->outside = tu->outside;
	u->has_opaque = tu->has_opaque;
	u->opq_kind = tu->opq_kind;
	u->opq_name = tu->opq_name;
	u->opq_on = tu->opq_on;
	u->opq_p = tu->opq_p;
	unsigned n = tu->n_made; /* <= SIDE_COPY_MAX */
	struct cell **nc = pool_alloc_raw(&u->pool, (n + 1) * sizeof *nc);
	/* the cells in one piece when they fit a chunk */
	struct cell *block = n * sizeof **nc <= POOL_CHUNK ? pool_alloc_raw(&u->pool, n * sizeof **nc) : NULL;
	for (unsigned i = 0; i < n; i++) {
		nc[i] = block ? &block[i] : pool_alloc_raw(&u->pool, sizeof **nc);
		*nc[i] = *tu->made[i];
	}
	for (unsigned i = 0; i < n; i++) {
		struct cell *c = nc[i];
		c->id = -1;
		c->parent = tmpl_map(nc, c->parent);
		if (c->opnds) {
			struct cell **o = pool_alloc_raw(&u->pool, (c->n_opnds + 1) * sizeof *o);
			for (unsigned k = 0; k < c->n_opnds; k++)
				o[k] = tmpl_map(nc, c->opnds[k]);
			c->opnds = o;
		}
		if (c->attrs) {
			struct acell *a = pool_alloc_raw(&u->pool, (c->n_attrs + 1) * sizeof *a);
			for (unsigned k = 0; k < c->n_attrs; k++)
				a[k] = (struct acell){c->attrs[k].name, tmpl_map(nc, c->attrs[k].c)};
			c->attrs = a;
		}
		struct opred **pp = &c->preds;
		for (const struct opred *q = c->preds; q; q = q->next) {
			struct opred *np = pool_alloc_raw(&u->pool, sizeof *np);
			char *text = pool_alloc_raw(&u->pool, q->n + 1);
			memcpy(text, q->text, q->n);
			text[q->n] = '\0';
			*np = *q;
			np->text = text;
			*pp = np;
			pp = &np->next;
		}
		*pp = NULL;
		struct dfact **dp = &c->defs;
		for (const struct dfact *q = c->defs; q; q = q->next) {
			struct dfact *nd = pool_alloc_raw(&u->pool, sizeof *nd);
			*nd = *q;
			*dp = nd;
			dp = &nd->next;
		}
		*dp = NULL;
	}
	/* nothing of the copy points into the template's pool: the other
	 * side of the same pair may take the template's slot */
	*s = t->s;
	s->root = tmpl_map(nc, t->s.root);
	if (s->nb) {
		s->bnames = pool_alloc_raw(&u->pool, s->nb * sizeof *s->bnames);
		s->bcells = pool_alloc_raw(&u->pool, s->nb * sizeof *s->bcells);
		for (unsigned k = 0; k < s->nb; k++) {
			s->bnames[k] = t->s.bnames[k];
			s->bcells[k] = tmpl_map(nc, t->s.bcells[k]);
		}
	}
	s->capb = s->nb;
}

/* p's side built in u, through the context's templates.  again: p's side
 * will be asked for again (its template is worth making at once). */
static void side_get(struct uni *u, struct side *s, const struct model_pattern *p, bool again)
{
	struct ov_ctx *ctx = u->ctx;

	/* the slots are made as they are first used: a slot is 0.7 KiB, and
	 * all of them at once were a third of a small check's page faults */
	if (!ctx->tmpls)
		ctx->tmpls = pl_xcalloc(SIDE_CACHE, sizeof *ctx->tmpls);
	struct side_tmpl **slot = &ctx->tmpls[(unsigned)(((uintptr_t)p >> 4) * 2654435761u) % SIDE_CACHE];
	if (!*slot)
		*slot = pl_xcalloc(1, sizeof **slot);
	struct side_tmpl *t = *slot;
	if (t->p != p) {
		tmpl_drop(t);
		t->p = p;
		if (!again) {
			/* seen once: built in place, as without templates (most
			 * patterns of a large set are in one or two pairs) */
			side_build(u, s, p);
			return;
		}
	}
	if (!t->built) {
		memset(&t->u, 0, sizeof t->u);
		t->u.ctx = ctx;
		t->u.pool.spare = &ctx->chunks;
		t->u.recording = true;
		side_build(&t->u, &t->s, p);
		t->u.recording = false;
		for (unsigned i = 0; i < t->u.n_made; i++)
			t->u.made[i]->id = (int)i;
		t->built = true;
	}
	if (t->u.n_made > SIDE_COPY_MAX || t->s.nb > SIDE_COPY_MAX) {
		side_build(u, s, p);
		return;
	}
	side_clone(u, s, t);
}

/* ---- containment --------------------------------------------------------- */

/* Cells of B mapped to cells of A; the first CMAP_INL pairs on the stack. */
#define CMAP_INL 32
struct cmap {
	struct cell **from, **to;
	unsigned n, cap;
	struct cell *from_inl[CMAP_INL], *to_inl[CMAP_INL];
};

/* Everything cell a (of pattern A) can be, cell b (of pattern B) accepts? */
static bool contains(struct cmap *mp, struct cell *b, struct cell *a, int depth)
{
	b = find(b);
	a = find(a);
	if (depth > 64)
		return false;
	for (unsigned i = 0; i < mp->n; i++)
		if (mp->from[i] == b)
			return mp->to[i] == a;
	if (mp->n == mp->cap) {
		struct cell **nf = pl_xmalloc(mp->cap * 2 * sizeof *nf);
		struct cell **nt = pl_xmalloc(mp->cap * 2 * sizeof *nt);
		memcpy(nf, mp->from, mp->n * sizeof *nf);
		memcpy(nt, mp->to, mp->n * sizeof *nt);
		if (mp->from != mp->from_inl) {
			free(mp->from);
			free(mp->to);
		}
		mp->from = nf;
		mp->to = nt;
		mp->cap *= 2;
	}
	mp->from[mp->n] = b;
	mp->to[mp->n++] = a;
	if (!ms_covers(b->set, a->set))
		return false;
	if (b->constant && !(a->constant && const_equal(a->constant, b->constant)))
		return false;
	if (b->has_value) {
		long long cv;
		if (!((a->has_value && a->value == b->value) ||
		      (a->constant && const_numeric(a->constant, &cv) && cv == b->value)))
			return false;
	}
	if (!b->has_op)
		return true;
	if (!a->has_op || (b->op_name && (!a->op_name || strcmp(a->op_name, b->op_name) != 0)) ||
	    a->result_index != b->result_index)
		return false;
	if (!b->opnds_any) {
		if (a->opnds_any || a->n_opnds != b->n_opnds)
			return false;
		for (unsigned i = 0; i < b->n_opnds; i++)
			if (!contains(mp, b->opnds[i], a->opnds[i], depth + 1))
				return false;
	}
	for (unsigned j = 0; j < b->n_attrs; j++) {
		struct cell *ba = find(b->attrs[j].c);
		unsigned i;
		for (i = 0; i < a->n_attrs; i++)
			if (strcmp(a->attrs[i].name, b->attrs[j].name) == 0)
				break;
		if (i < a->n_attrs) {
			if (!contains(mp, ba, a->attrs[i].c, depth + 1))
				return false;
		} else if (ba->constant || ba->has_value || ba->set.lo != ba->set.hi ||
		           ba->set.lo != A_ALL) {
			/* A does not look at the attribute; B does */
			if (ba->constant || ba->has_value)
				return false;
			/* B only narrows to the slot's own constraint: compare to the
			 * slot constraint of the op, when known */
			const struct model_op *op = b->ods;
			struct mset full = ms_all(DOM_ATTR);
			if (op)
				for (unsigned k = 0; k < op->n_attrs; k++)
					if (strcmp(op->attrs[k].name, b->attrs[j].name) == 0 &&
					    op->attrs[k].constraint)
						full.lo = ba->set.lo; /* slot-narrowed only: accept */
			if (full.lo != ba->set.lo)
				return false;
		}
	}
	return true;
}

/* Does pattern b contain pattern a?  Both sides built separately. */
static bool side_contains(struct side *b, struct side *a)
{
	if (b->n_opaque)
		return false;
	struct cmap mp;
	mp.from = mp.from_inl;
	mp.to = mp.to_inl;
	mp.n = 0;
	mp.cap = CMAP_INL;
	bool r = contains(&mp, b->root, a->root, 0);
	if (mp.from != mp.from_inl) {
		free(mp.from);
		free(mp.to);
	}
	return r;
}

/* ---- witness printing ---------------------------------------------------- */

static int pick(uint64_t lo, uint64_t hi)
{
	uint64_t m = lo ? lo : hi;
	for (int i = 0; i < 64; i++)
		if (m >> i & 1)
			return i;
	return 0;
}

struct wctx {
	struct pl_buf *body;
	struct cell **args; unsigned n_args, cap_args;
	int next;
	bool cycle;
};

static const char *cell_type(struct cell *c)
{
	c = find(c);
	return trep[pick(c->set.lo, c->set.hi)].text;
}

static void w_value(struct wctx *w, struct cell *c, int depth);

/* A decimal number: witnesses are printed for every overlapping pair, and
 * printf's format parsing dominated printing them. */
static void w_int(struct pl_buf *b, long long v)
{
	char tmp[24], *p = tmp + sizeof tmp;
	unsigned long long m = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;

	do
		*--p = (char)('0' + m % 10);
	while ((m /= 10) != 0);
	if (v < 0)
		*--p = '-';
	pl_buf_add(b, p, (size_t)(tmp + sizeof tmp - p));
}

static void w_ref(struct pl_buf *b, struct cell *c)
{
	c = find(c);
	pl_buf_puts(b, c->has_op ? "%" : "%a");
	w_int(b, c->id);
	if (c->has_op && c->ods && c->ods->n_results > 1) {
		pl_buf_putc(b, '#');
		w_int(b, c->result_index);
	}
}

static void w_attr(struct pl_buf *b, struct cell *a)
{
	a = find(a);
	if (a->constant) {
		/* DRR constants are C++ text: give a bare number the slot's type */
		long long v;
		int r = pick(a->set.lo, a->set.hi);
		ir_fmt_attr_text(b, a->constant);
		if (!strchr(a->constant, ':') && const_numeric(a->constant, &v) && arep[r].type &&
		    (arep[r].cls & AC_INT) && !(arep[r].cls & AC_BOOL))
			pl_buf_printf(b, " : %s", arep[r].type);
	} else if (a->has_value) {
		pl_buf_printf(b, "%lld : %s", a->value,
		              arep[pick(a->set.lo, a->set.hi)].type ? arep[pick(a->set.lo, a->set.hi)].type : "i64");
	} else {
		pl_buf_puts(b, arep[pick(a->set.lo, a->set.hi)].text);
	}
}

static void w_value(struct wctx *w, struct cell *c, int depth)
{
	c = find(c);
	if (c->mark == 2)
		return;
	if (c->mark == 1 || depth > 64) {
		w->cycle = true;
		return;
	}
	if (!c->has_op) {
		c->mark = 2;
		c->id = (int)w->n_args;
		if (w->n_args == w->cap_args) {
			w->cap_args = w->cap_args ? w->cap_args * 2 : 8;
			w->args = realloc(w->args, w->cap_args * sizeof *w->args);
			if (!w->args)
				abort();
		}
		w->args[w->n_args++] = c;
		return;
	}
	c->mark = 1;
	for (unsigned i = 0; i < c->n_opnds; i++)
		w_value(w, c->opnds[i], depth + 1);
	c->mark = 2;
	c->id = w->next++;
	struct pl_buf *b = w->body;
	unsigned nres = c->ods ? c->ods->n_results : 1;
	if (nres > c->result_index + 1 || (c->ods && c->result_index >= nres))
		nres = nres > c->result_index ? nres : c->result_index + 1;
	pl_buf_puts(b, "  ");
	if (nres >= 1) {
		pl_buf_putc(b, '%');
		w_int(b, c->id);
		if (nres > 1) {
			pl_buf_putc(b, ':');
			w_int(b, nres);
		}
		pl_buf_puts(b, " = ");
	}
	/* names and constants come from the pattern files: escaped as MLIR
	 * prints them, so the witness parses whatever bytes they hold */
	if (c->op_name)
		ir_fmt_string(b, c->op_name, strlen(c->op_name));
	else
		pl_buf_puts(b, "\"patlint.any_op\"");
	pl_buf_putc(b, '(');
	for (unsigned i = 0; i < c->n_opnds; i++) {
		if (i)
			pl_buf_puts(b, ", ");
		w_ref(b, c->opnds[i]);
	}
	pl_buf_puts(b, ")");
	/* attributes: the tree's, then required ODS ones it does not name */
	unsigned shown = 0;
	for (unsigned i = 0; i < c->n_attrs; i++) {
		if (!c->attrs[i].name[0])
			continue;
		pl_buf_puts(b, shown++ ? ", " : " {");
		ir_fmt_name(b, c->attrs[i].name);
		pl_buf_puts(b, " = ");
		w_attr(b, c->attrs[i].c);
	}
	if (c->ods)
		for (unsigned k = 0; k < c->ods->n_attrs; k++) {
			const struct model_op_arg *oa = &c->ods->attrs[k];
			if (oa->optional || oa->has_default || oa->derived || !oa->name[0])
				continue;
			unsigned i;
			for (i = 0; i < c->n_attrs; i++)
				if (strcmp(c->attrs[i].name, oa->name) == 0)
					break;
			if (i < c->n_attrs)
				continue;
			pl_buf_puts(b, shown++ ? ", " : " {");
			ir_fmt_name(b, oa->name);
			pl_buf_puts(b, " = ");
			pl_buf_puts(b, arep[0].text);
		}
	if (shown)
		pl_buf_puts(b, "}");
	pl_buf_puts(b, " : (");
	for (unsigned i = 0; i < c->n_opnds; i++) {
		if (i)
			pl_buf_puts(b, ", ");
		pl_buf_puts(b, cell_type(c->opnds[i]));
	}
	pl_buf_puts(b, ") -> ");
	if (nres != 1)
		pl_buf_puts(b, "(");
	for (unsigned r = 0; r < nres; r++) {
		if (r)
			pl_buf_puts(b, ", ");
		pl_buf_puts(b, r == c->result_index ? cell_type(c) : "i32");
	}
	if (nres != 1)
		pl_buf_puts(b, ")");
	pl_buf_puts(b, "\n");
}

static int print_witness(struct pl_buf *out, struct cell *root)
{
	struct pl_buf body = {0};
	struct wctx w = {&body, NULL, 0, 0, 0, false};
	w_value(&w, root, 0);
	if (w.cycle) {
		pl_buf_free(&body);
		free(w.args);
		return -1;
	}
	root = find(root);
	unsigned nres = root->ods ? root->ods->n_results : 1;
	pl_buf_puts(out, "\"func.func\"() ({\n^bb0(");
	for (unsigned i = 0; i < w.n_args; i++) {
		pl_buf_puts(out, i ? ", %a" : "%a");
		w_int(out, i);
		pl_buf_puts(out, ": ");
		pl_buf_puts(out, cell_type(w.args[i]));
	}
	pl_buf_puts(out, "):\n");
	pl_buf_add(out, pl_buf_cstr(&body), body.len);
	if (nres >= 1) {
		pl_buf_puts(out, "  \"func.return\"(");
		w_ref(out, root);
		pl_buf_puts(out, ") : (");
		pl_buf_puts(out, cell_type(root));
		pl_buf_puts(out, ") -> ()\n");
	} else {
		pl_buf_puts(out, "  \"func.return\"() : () -> ()\n");
	}
	pl_buf_puts(out, "}) {function_type = (");
	for (unsigned i = 0; i < w.n_args; i++) {
		if (i)
			pl_buf_puts(out, ", ");
		pl_buf_puts(out, cell_type(w.args[i]));
	}
	pl_buf_puts(out, ") -> ");
	pl_buf_puts(out, nres >= 1 ? cell_type(root) : "()");
	pl_buf_puts(out, ", sym_name = \"witness\"} : () -> ()\n");
	pl_buf_free(&body);
	free(w.args);
	return 0;
}

/* ---- the check ------------------------------------------------------------ */

static bool roots_compatible(const struct model_pattern *a, const struct model_pattern *b)
{
	return !a->root_op || !b->root_op || strcmp(a->root_op, b->root_op) == 0;
}

/* check_in's flags: CHECK_WHY_NO fills out->why_no (the pair table drops
 * what does not overlap, and spares the arena the text); a's or b's side
 * will be asked for again (side_get). */
enum { CHECK_WHY_NO = 1, CHECK_A_AGAIN = 2, CHECK_B_AGAIN = 4 };

static void check_in(struct ov_ctx *ctx, struct overlap_result *out, struct pl_buf *witness,
                     const struct model_pattern *a, const struct model_pattern *b,
                     unsigned flags)
{
	memset(out, 0, sizeof *out);
	if (!roots_compatible(a, b))
		return;
	/* Each side is built once, on its own: building touches only that
	 * side's cells, so a side that fails alone is unsatisfiable, and
	 * containment is decided on the two pristine sides before unification
	 * merges them.  The unification then runs in a's context (its pool,
	 * its failure record). */
	struct uni ua = {0}, ub = {0};
	ua.ctx = ub.ctx = ctx;
	ua.pool.spare = ub.pool.spare = &ctx->chunks;
	struct side sa, sb;
	side_get(&ua, &sa, a, flags & CHECK_A_AGAIN);
	if (!ua.failed)
		side_get(&ub, &sb, b, flags & CHECK_B_AGAIN);
	unsigned opaque = ua.failed ? 0 : sa.n_opaque + sb.n_opaque;
	bool self_fail = ua.failed || ub.failed; /* a pattern alone is unsatisfiable */
	struct uni *u = &ua;
	bool b_has_a = false, a_has_b = false;
	if (self_fail) {
		u = ua.failed ? &ua : &ub;
	} else {
		b_has_a = side_contains(&sb, &sa);
		a_has_b = side_contains(&sa, &sb);
		unify(u, sa.root, sb.root, 0);
	}
	if (!u->failed && witness) {
		if (ua.outside || ub.outside)
			pl_buf_puts(witness, "// a value's type is one patlint's type model has no "
			                     "representative for: i32 stands in for it\n");
		if (print_witness(witness, sa.root) < 0)
			fail(u, "the trees only unify cyclically%s%s", NULL, NULL);
	}
	if (u->failed) {
		out->verdict = OVERLAP_NO;
		const char *why = flags & CHECK_WHY_NO ? why_text(u) : NULL;
		out->why_no = why ? pl_arena_strdup(ctx->arena, why) : NULL;
		pool_free(&ua.pool);
		pool_free(&ub.pool);
		return;
	}
	/* a value only types outside the model can satisfy: "maybe" */
	if (!opaque && (ua.outside || ub.outside)) {
		opaque = 1;
		snprintf(ua.opqbuf, sizeof ua.opqbuf, "a type constraint satisfied only outside patlint's type model");
		ua.has_opaque = true;
		ua.opq_kind = NULL;
	}
	out->n_opaque = opaque;
	out->verdict = opaque ? OVERLAP_MAYBE : OVERLAP_YES;
	const char *why_opaque = ua.has_opaque ? opaque_text(&ua) : opaque_text(&ub);
	if (why_opaque)
		out->why_maybe = pl_arena_strdup(ctx->arena, why_opaque);
	pool_free(&ua.pool);
	pool_free(&ub.pool);
	out->rel = a_has_b && b_has_a ? OVERLAP_REL_EQUAL
	         : b_has_a            ? OVERLAP_REL_A_IN_B
	         : a_has_b            ? OVERLAP_REL_B_IN_A
	                              : OVERLAP_REL_PARTIAL;
}

void overlap_check(struct overlap_result *out, const struct model *m,
                   const struct model_pattern *a, const struct model_pattern *b)
{
	struct ov_ctx ctx;
	ctx_init(&ctx, m);
	check_in(&ctx, out, NULL, a, b, CHECK_WHY_NO);
	ctx_free(&ctx);
}

int overlap_witness(struct pl_buf *out_mlir, const struct model *m,
                    const struct model_pattern *a, const struct model_pattern *b)
{
	struct ov_ctx ctx;
	struct overlap_result r;
	struct pl_buf tmp = {0};
	ctx_init(&ctx, m);
	check_in(&ctx, &r, &tmp, a, b, CHECK_WHY_NO);
	ctx_free(&ctx);
	if (r.verdict == OVERLAP_NO) {
		pl_buf_free(&tmp);
		return -1;
	}
	pl_buf_puts(out_mlir, pl_buf_cstr(&tmp));
	pl_buf_free(&tmp);
	return 0;
}

const char *overlap_verdict_name(enum overlap_verdict v)
{
	static const char *const names[] = {"no", "maybe", "yes"};
	return (unsigned)v < PL_ARRAY_LEN(names) ? names[v] : "?";
}

/* ---- root-op index ------------------------------------------------------- */

/* A model's patterns by root op, for comparing only the pairs that can
 * share a root: the same root op name, or either root any-op. */
struct overlap_index {
	const struct model *m;
	struct ov_ctx ctx;
	const struct model_pattern **sorted;  /* by root name, any-op roots first */
	unsigned n, n_any;
};

static struct overlap_index *overlap_index_build(const struct model *m)
{
	struct overlap_index *ix = PL_NEW(model_arena(m), struct overlap_index);
	ix->m = m;
	ctx_init(&ix->ctx, m);
	ix->n = model_pattern_count(m);
	ix->sorted = PL_NEW_ARRAY(model_arena(m), const struct model_pattern *, ix->n + 1);
	unsigned *order = pl_xmalloc(sizeof *order * (ix->n + 1));
	ix->n_any = model_root_order(m, order);
	for (unsigned i = 0; i < ix->n; i++)
		ix->sorted[i] = model_pattern_at(m, order[i]);
	free(order);
	return ix;
}

static void overlap_index_free(struct overlap_index *ix)
{
	if (ix)
		ctx_free(&ix->ctx);
}

/* Call fn(ix, i, j, data) for every candidate pair of patterns (the
 * positions in ix->sorted; overlap_pairs_of says which, in which order);
 * fn returns nonzero to stop. */
static void index_pairs_at(const struct overlap_index *ix,
                           int (*fn)(const struct overlap_index *ix, unsigned i, unsigned j, void *data),
                           void *data)
{
	/* any-op roots pair with every pattern they may meet */
	for (unsigned i = 0; i < ix->n_any; i++)
		for (unsigned j = i + 1; j < ix->n; j++)
			if (model_patterns_meet(ix->sorted[i], ix->sorted[j]) && fn(ix, i, j, data))
				return;
	/* then within each bucket of equal roots */
	for (unsigned i = ix->n_any; i < ix->n;) {
		unsigned e = i + 1;
		while (e < ix->n && strcmp(ix->sorted[e]->root_op, ix->sorted[i]->root_op) == 0)
			e++;
		for (unsigned x = i; x < e; x++)
			for (unsigned y = x + 1; y < e; y++)
				if (model_patterns_meet(ix->sorted[x], ix->sorted[y]) && fn(ix, x, y, data))
					return;
		i = e;
	}
}

/* ---- the shared pair table ------------------------------------------------ */

struct pair_table {
	struct overlap_pair *v;
	size_t n, cap;
};

/* The candidate pairs (index_pairs_at's order) and what check_in said
 * of each, when threads share the work. */
struct pair_job {
	unsigned apos, bpos;           /* the patterns' positions in the index (a, b) */
	struct overlap_result r;
	const char *witness_note;      /* "IR matched by both:\n" and the witness */
};

struct pair_work {
	struct overlap_index *ix;
	struct pair_job *jobs;
	size_t n, cap;
	size_t n_any;                  /* jobs[0..n_any): an any-op root's pairs */
	size_t *order;                 /* the order jobs are decided in (pairs_order) */
	unsigned *uses;                /* the jobs each position is in (pairs_order) */
	size_t block;                  /* jobs a thread claims at a time */
	_Atomic size_t next;           /* next block of jobs a thread claims */
};

static const char witness_prefix[] = "IR matched by both:\n";

/* One copy of the witness text per pair, shared by the rules' notes
 * (rule_note_text): on a large set they are most of the findings' text. */
static const char *witness_note(struct pl_arena *a, const struct pl_buf *w)
{
	char *note = pl_arena_alloc(a, sizeof witness_prefix + w->len);

	memcpy(note, witness_prefix, sizeof witness_prefix - 1);
	memcpy(note + sizeof witness_prefix - 1, w->len ? w->data : "", w->len);
	note[sizeof witness_prefix - 1 + w->len] = '\0';
	return note;
}

static void pair_check(struct ov_ctx *ctx, struct pl_buf *w, const struct pair_work *pw,
                       struct pair_job *j)
{
	unsigned flags = (pw->uses[j->apos] > 1 ? CHECK_A_AGAIN : 0) |
	                 (pw->uses[j->bpos] > 1 ? CHECK_B_AGAIN : 0);

	pl_buf_clear(w);
	check_in(ctx, &j->r, w, pw->ix->sorted[j->apos], pw->ix->sorted[j->bpos], flags);
	if (j->r.verdict != OVERLAP_NO)
		j->witness_note = witness_note(ctx->arena, w);
}

static int pair_collect(const struct overlap_index *ix, unsigned i, unsigned j, void *data)
{
	struct pair_work *pw = data;

	if (pw->n == pw->cap) {
		pw->cap = pw->cap ? pw->cap * 2 : 256;
		pw->jobs = pl_xrealloc(pw->jobs, pw->cap * sizeof *pw->jobs);
	}
	if (i < ix->n_any)
		pw->n_any = pw->n + 1;
	pw->jobs[pw->n++] = (struct pair_job){.apos = i, .bpos = j};
	return 0;
}

/* The order to decide the pairs in.  The table keeps index_pairs_at's
 * order (the rules report in it, and findings equal in place and message
 * keep it), but an any-op root's pairs come a row per root, each with
 * every other pattern: taken in that order, the other side of each pair
 * was a new pattern whose side was built anew (the context keeps the sides
 * of the patterns it saw last, side_get), which was half of all deciding
 * on the corpus (its 98 any-op roots are in 75,705 of its 77,943 pairs:
 * 78,066 sides built, 195 of its 394 million instructions checking).  So
 * they are decided by the other pattern, each meeting the roots in turn:
 * its side is built once and the roots' are kept.  And the pairs each
 * pattern is in are counted: a side asked for again is made a template
 * at once (side_get), where it was built in place the first time it came
 * (10,000 synthetic patterns: 20,000 sides built, 44 million
 * instructions; 10,000). */
static void pairs_order(struct pair_work *pw)
{
	size_t n = pw->n, n_any = pw->n_any;
	unsigned n_pos = pw->ix->n;

	pw->uses = pl_xcalloc(n_pos + 1, sizeof *pw->uses);
	for (size_t k = 0; k < n; k++) {
		pw->uses[pw->jobs[k].apos]++;
		pw->uses[pw->jobs[k].bpos]++;
	}
	pw->order = pl_xmalloc((n ? n : 1) * sizeof *pw->order);
	size_t *start = pl_xcalloc(n_pos + 1, sizeof *start);
	for (size_t k = 0; k < n_any; k++)
		start[pw->jobs[k].bpos + 1]++;
	for (unsigned p = 0; p < n_pos; p++)
		start[p + 1] += start[p];
	/* by b's position, each position's rows in order (counting sort) */
	for (size_t k = 0; k < n_any; k++)
		pw->order[start[pw->jobs[k].bpos]++] = k;
	for (size_t k = n_any; k < n; k++)
		pw->order[k] = k;
	free(start);
}

/* A thread's share: its own context (caches and arena), blocks of jobs
 * claimed in turn. */
struct pair_thread {
	struct pair_work *pw;
	struct ov_ctx *ctx;            /* its overlap_defs' (overlap_defs_new_set: on
	                                * lines of its own, written at every check) */
};

/* Jobs a thread claims at a time: about a 32nd of a thread's share, from
 * PAIR_BLOCK to PAIR_BLOCK_MAX.  The pairs of a root op come one after
 * another and share patterns, whose sides a context keeps as templates
 * (side_get): in blocks of 32 the threads took turns through each root's
 * pairs and both built the templates of its patterns.  The corpus's
 * 77,943 pairs took 65 ms to decide on two threads in blocks of 32, 56 ms
 * in blocks of 1,024 (113 ms on one); larger blocks left one thread
 * idle at the end. */
enum { PAIR_BLOCK = 32, PAIR_BLOCK_MAX = 1024 };

/* Fewer candidate pairs are decided on the calling thread: each thread
 * builds the sides of its patterns anew and faults an arena in, and a
 * 1,000-pattern set's 3,675 pairs (6 ms) took as long on two threads. */
enum { PAIRS_PARALLEL_MIN = 8192 };

static int pair_thread_run(void *arg)
{
	struct pair_thread *t = arg;
	struct pair_work *pw = t->pw;
	struct pl_buf w = {0};

	for (;;) {
		size_t i = atomic_fetch_add(&pw->next, pw->block);
		if (i >= pw->n)
			break;
		size_t end = i + pw->block < pw->n ? i + pw->block : pw->n;
		for (; i < end; i++)
			pair_check(t->ctx, &w, pw, &pw->jobs[pw->order[i]]);
	}
	pl_buf_free(&w);
	return 0;
}

/* Decide every job: on the calling thread, or with jobs threads.  The
 * results do not depend on which thread decided a pair: a context's
 * caches only remember what the model says. */
static void pairs_decide(struct pair_work *pw, unsigned jobs)
{
	unsigned n_threads = 0;

	if (jobs > 1 && pw->n >= 2 * PAIR_BLOCK && pl_threads_worth(pw->n, PAIRS_PARALLEL_MIN)) {
		if (jobs > pw->n / PAIR_BLOCK)
			jobs = (unsigned)(pw->n / PAIR_BLOCK);
		pw->block = pw->n / ((size_t)jobs * 32);
		if (pw->block < PAIR_BLOCK)
			pw->block = PAIR_BLOCK;
		if (pw->block > PAIR_BLOCK_MAX)
			pw->block = PAIR_BLOCK_MAX;
		struct overlap_defs **defs = overlap_defs_new_set(pw->ix->m, jobs);
		struct pair_thread *ts = pl_xcalloc(jobs, sizeof *ts);
		thrd_t *ids = pl_xcalloc(jobs, sizeof *ids);
		atomic_init(&pw->next, 0);
		for (unsigned k = 0; k < jobs; k++) {
			ts[k].pw = pw;
			ts[k].ctx = &defs[k]->ctx;
		}
		for (unsigned k = 0; k < jobs; k++) {
			if (thrd_create(&ids[k], pair_thread_run, &ts[k]) != thrd_success)
				break;
			n_threads++;
		}
		/* the started threads claim every block; none started: below */
		for (unsigned k = 0; k < n_threads; k++)
			thrd_join(ids[k], NULL);
		overlap_defs_free_set(defs, jobs);
		free(ts);
		free(ids);
	}
	if (!n_threads) {
		struct pl_buf w = {0};
		for (size_t i = 0; i < pw->n; i++)
			pair_check(&pw->ix->ctx, &w, pw, &pw->jobs[pw->order[i]]);
		pl_buf_free(&w);
	}
}

const struct overlap_pair *overlap_pairs_of(struct model *m, size_t *out_n)
{
	struct pair_table *t = model_cache(m, MODEL_CACHE_OVERLAP_PAIRS);

	if (!t) {
		t = PL_NEW(model_arena(m), struct pair_table);
		struct pair_work pw = {.ix = overlap_index_build(m)};
		index_pairs_at(pw.ix, pair_collect, &pw);
		pairs_order(&pw);
		pairs_decide(&pw, model_jobs(m));
		size_t n = 0;
		for (size_t i = 0; i < pw.n; i++)
			n += pw.jobs[i].r.verdict != OVERLAP_NO;
		/* the table in the arena, in the candidates' order */
		t->v = PL_NEW_ARRAY(model_arena(m), struct overlap_pair, n + 1);
		for (size_t i = 0; i < pw.n; i++) {
			const struct pair_job *j = &pw.jobs[i];
			if (j->r.verdict == OVERLAP_NO)
				continue;
			struct overlap_pair *p = &t->v[t->n++];
			p->a = pw.ix->sorted[j->apos];
			p->b = pw.ix->sorted[j->bpos];
			p->r = j->r;
			p->witness_note = j->witness_note;
			p->witness = j->witness_note + sizeof witness_prefix - 1;
		}
		t->cap = t->n;
		overlap_index_free(pw.ix);
		free(pw.jobs);
		free(pw.order);
		free(pw.uses);
		model_cache_set(m, MODEL_CACHE_OVERLAP_PAIRS, t);
	}
	*out_n = t->n;
	return t->v;
}

size_t overlap_pairs_make(struct model *m)
{
	size_t n;

	(void)overlap_pairs_of(m, &n);
	return n;
}

const struct model_pattern *overlap_preferred(const struct model_pattern *a,
                                              const struct model_pattern *b, bool *out_by_order,
                                              bool *out_defined)
{
	*out_by_order = a->benefit == b->benefit;
	*out_defined = a->origin == b->origin &&
	               (a->unit || b->unit ? a->unit == b->unit : a->span.file == b->span.file);
	if (a->benefit != b->benefit)
		return a->benefit > b->benefit ? a : b;
	if (*out_defined)
		return a->reg_order <= b->reg_order ? a : b;
	return a;
}

const struct model_pattern *overlap_shadowed(const struct overlap_pair *p)
{
	bool by_order, defined;

	if (p->r.verdict == OVERLAP_NO || p->r.rel == OVERLAP_REL_PARTIAL)
		return NULL;
	const struct model_pattern *first = overlap_preferred(p->a, p->b, &by_order, &defined);
	const struct model_pattern *later = first == p->a ? p->b : p->a;
	if (by_order && !defined)
		return NULL; /* the C++ decides which one comes first */
	if (p->r.rel == OVERLAP_REL_EQUAL)
		return later;
	/* later is shadowed when it is the one contained */
	return (p->r.rel == OVERLAP_REL_A_IN_B) == (later == p->a) ? later : NULL;
}

const char *overlap_pattern_name(const struct model_pattern *p)
{
	return p->name ? p->name : "<anonymous>";
}
