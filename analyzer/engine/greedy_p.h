/*
 * greedy_p.h -- private to the greedy driver: the order in which patterns
 * are tried on an op (greedy_pdl.c).
 */
#ifndef PL_ENGINE_GREEDY_P_H
#define PL_ENGINE_GREEDY_P_H

struct model;
struct model_pattern;

/* All of m's patterns in the order MLIR 16's PatternApplicator tries them
 * on an op they all root at: benefit (highest first), then DRR patterns
 * with a root in registration order, DRR patterns on any op, and PDLL
 * patterns in the order the PDL bytecode records their matches.  *out is
 * malloc'ed; the caller frees it. */
void greedy_order_patterns(const struct model_pattern ***out, unsigned *n, const struct model *m,
                           const struct model_pattern *meet);

#endif /* PL_ENGINE_GREEDY_P_H */
