/*
 * drr.h -- DRR importer: every `Pattern` record (Pat and Pattern, named or
 * anonymous) becomes a model_pattern (analyzer/model.h), and every error
 * mlir-tblgen-16 -gen-rewriters would raise becomes a diagnostic at the
 * offending leaf.
 *
 * Rule ids of the diagnostics (all severity error):
 *   drr-arg-count            op/resultant op argument number mismatch
 *   drr-arg-kind             operand matcher in an attribute slot or reverse
 *                            (match side, rejected by mlir-tblgen)
 *   drr-value-in-attr-slot   result op: a value passed for an attribute
 *   drr-attr-in-value-slot   result op: an attribute passed for an operand
 *                            (both accepted by mlir-tblgen-16, rejected by
 *                            the C++ compiler)
 *   drr-unbound-symbol       referencing an unbound symbol
 *   drr-bound-twice          symbol bound more than once
 *   drr-indexed-bind         `$x__N` cannot bind an op argument
 *   drr-bind-unsupported     a name on a NativeCodeCall in the source
 *                            pattern, or on a directive
 *   drr-native-call          NativeCodeCall misuse in the source pattern
 *                            ($_self missing, nested trees, either)
 *   drr-nested-variadic      source pattern: a nested tree on a variadic or
 *                            optional operand
 *   drr-variadic-constraint  source pattern: a type constraint on a variadic
 *                            or optional operand other than its ODS one
 *   drr-either               `either` misuse
 *   drr-location             `location` misuse
 *   drr-return-type          `returnType` misuse
 *   drr-replace-with-value   `replaceWithValue` misuse
 *   drr-raw-string           a string where a result op takes an argument
 *   drr-result-leaf          result pattern: a named attribute constraint leaf
 *   drr-attr-dag             a non-NativeCodeCall dag in an attribute slot
 *   drr-not-enough-values    results do not replace every root result
 *   drr-aux-and-replace      one multi-result op both auxiliary and
 *                            replacement
 *   drr-constraint           malformed additional constraint
 *   drr-benefit              malformed addBenefit
 *   drr-not-an-op            a dag operator that is no op, NativeCodeCall
 *                            or directive
 */
#ifndef PL_DRR_H
#define PL_DRR_H

#include <stdint.h>

struct model;
struct tg_records;
struct pl_diag_ctx;

/* Add to m the patterns of r defined in file main_file_id (0: all files)
 * that no earlier import claimed (model_pattern_claim), in source order,
 * with reg_order set as mlir-tblgen-16 registers them
 * (Pattern records sorted by record name, byte-wise, which puts
 * "anonymous_N" among the names: upper-case names first, lower-case
 * after).  Ops are imported on demand (ods_op_of).  Returns the number of
 * patterns added, or -1 when any DRR error was reported (the patterns are
 * still added, as far as they could be built). */
int drr_import(struct model *m, const struct tg_records *r, uint32_t main_file_id,
               struct pl_diag_ctx *d);

/* drr_import in batches, for the defs of an input whose evaluation is
 * still going on (analyzer/driver.c): begin, pass defs[lo..hi) of the
 * records' defs in order, each once, then end, which returns what
 * drr_import would. */
struct drr_import;
struct tg_rec;
struct drr_import *drr_import_begin(struct model *m, const struct tg_records *r,
                                    uint32_t main_file_id, struct pl_diag_ctx *d);
void drr_import_defs(struct drr_import *st, const struct tg_rec *const *defs, unsigned lo,
                     unsigned hi);
int drr_import_end(struct drr_import *st);

#endif /* PL_DRR_H */
