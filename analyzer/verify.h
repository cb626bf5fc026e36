/*
 * verify.h -- `patlint check --verify`: confirm findings by executing the
 * patterns with the engine (analyzer/engine/).
 *
 * For each unbounded-recursion finding a witness is built from the match
 * tree of the cycle's first pattern (fresh block arguments for leaves,
 * types chosen from the ODS constraints, constant attributes as written)
 * and run with the greedy driver (10 iterations, 1000 rewrites per
 * iteration): not converging confirms it.  For overlapping-matchers and
 * benefit-conflict findings a witness is built from each pattern's match
 * tree in turn; the finding is confirmed when both patterns match the
 * witness root (benefit-conflict between different benefits: and the
 * driver applies the pattern the finding names first; between equal
 * benefits: and running the witness again with the two patterns'
 * registration order swapped gives a different result).  --fixtures DIR runs every .mlir file under DIR
 * with all patterns; a fixture that does not converge confirms each
 * recursion finding whose patterns it applied.
 *
 * Results are kept per finding (looked up by its diagnostic) for the report
 * writers.  Ownership: everything lives in the run's arena.
 */
#ifndef PL_VERIFY_H
#define PL_VERIFY_H

#include <stdbool.h>

struct findings;
struct model;
struct pl_diag;
struct pl_run;

enum verify_status {
	VERIFY_UNCONFIRMED = 0, /* ORDER: verify_status_name; the engine did not show it */
	VERIFY_CONFIRMED,       /* the engine showed it */
};

struct verify_result {
	enum verify_status status; /* confirmed or not */
	const char *how;           /* one line: what was run and what happened */
	const char *witness;       /* the IR run (generic form), NULL if none */
	const char *trace;         /* the driver's trace (applied patterns), NULL if none */
};

/* Verify every unbounded-recursion, overlapping-matchers and
 * benefit-conflict finding of fs against model m; fixtures_dir (may be
 * NULL) holds the user's .mlir fixtures.  Returns the number of findings
 * confirmed. */
unsigned verify_findings(struct pl_run *r, struct model *m, struct findings *fs,
                         const char *fixtures_dir);

/* The result recorded for a finding's diagnostic, or NULL. */
const struct verify_result *verify_lookup(const struct pl_diag *d);

/* "unconfirmed", "confirmed". */
const char *verify_status_name(enum verify_status s);

#endif /* PL_VERIFY_H */
