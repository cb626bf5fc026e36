/*
 * recursion.h -- the "may enable" graph of a pattern set and its cycles.
 *
 * Pattern A may enable pattern B when an op that A's rewrite creates can be
 * the root of B's match: the op names agree and B's match tree unifies with
 * what A builds, where the operands A reuses are known as far as A's own
 * match tree describes them (a bound leaf is any value; a bound op has the
 * structure A matched).  Unification fails on different op names, different
 * constant attributes, and a repeated name of B (`$x, $x`) that would have
 * to denote two distinct values (a freshly created op is distinct from
 * every other value).  It also fails when what a match says of the op
 * defining a value rules the pair out (ConstantLikeMatcher, or a native
 * constraint testing isa<X>/getDefiningOp<X>() of a value, maybe negated:
 * overlap_defs_* in analyzer/overlap.h): B needs an op where A places a
 * value A's facts say that op does not define, or B's facts on a value
 * rule out the op (created or matched) A places there, or A's and B's
 * facts on one value contradict.  Facts patlint cannot read say nothing.
 *
 * Cycles of the graph are found with an iterative Tarjan SCC pass.  A
 * cycle is dropped when:
 *   - one of its patterns declares bounded recursion (PDLL `with
 *     recursion`; C++ hasBoundedRewriteRecursion);
 *   - every edge inside its strongly connected set "consumes": each way B
 *     can re-match A's output needs an op at depth d below B's root that A
 *     found at a depth greater than d below its own root, i.e. a leaf
 *     (pre-existing IR) A did not look into, or an op A matched deeper.
 *     Each application then uses up a layer of IR that existed before it,
 *     which is finite (f(g(x)) -> f(x); xor(ext(x), ext(y)) ->
 *     ext(xor(x, y)) with its signed/unsigned twin).  A set with one
 *     non-consuming ("productive") edge is reported: that edge lies on a
 *     cycle, and the reported cycle is the shortest one through it.
 * A pattern whose rewrite creates no op (replaceWithValue, erase) enables
 * nothing and is never part of a cycle.  Native rewrites are opaque and
 * enable nothing (the analysis does not guess what they build); a native
 * call whose C++ text only selects from an argument (`$0[0]`,
 * `$0.drop_front()`) stands for that argument's values.  A pattern that
 * can never apply (overlap_shadowed, with an exact verdict: another
 * pattern certainly matches all it matches and is always tried first)
 * rewrites nothing and is left out of the graph.  Patterns that may not
 * meet (model_patterns_meet: split chunks) are never linked.
 *
 * Ownership: everything returned lives in the model's arena.
 */
#ifndef PL_RECURSION_H
#define PL_RECURSION_H

#include <stdbool.h>

struct model;
struct model_pattern;

/* One reported cycle: path[0] -> path[1] -> ... -> path[n-1] -> path[0]. */
struct recursion_cycle {
	const struct model_pattern **path; /* a shortest cycle through a productive edge */
	const char **via;                  /* via[i]: op name path[i] creates that path[i+1] matches */
	unsigned n;                        /* patterns on the path (1 for a self-loop) */
	const struct model_pattern **others; /* other patterns of the same strongly connected set */
	unsigned n_others;                 /* entries in others */
};

/* Does a's rewrite create an op that can be the root of b's match?  When
 * it does, *out_via (may be NULL) gets the op name and *out_consuming (may
 * be NULL) tells whether every way of re-matching consumes structure that
 * a matched strictly deeper (see above). */
bool recursion_may_enable(const struct model *m, const struct model_pattern *a,
                          const struct model_pattern *b, const char **out_via,
                          bool *out_consuming);

/* Every unbounded cycle of m's patterns, one per strongly connected set,
 * starting at the cycle's first pattern in model order.  Returns the number of cycles; *out gets the array. */
unsigned recursion_find(struct recursion_cycle **out, const struct model *m);

#endif /* PL_RECURSION_H */
