/*
 * ods.h -- ODS importer: every `Op` record of an evaluated TableGen file
 * becomes an op registry entry of the model (analyzer/model.h).
 *
 * Names, argument order, variadic/optional flags, traits and result type
 * inference follow MLIR 16's mlir::tblgen::Operator, so that what DRR
 * patterns and rules see is what mlir-tblgen-16 sees.  Everything added
 * lives in the model's arena.
 */
#ifndef PL_ODS_H
#define PL_ODS_H

#include <stdbool.h>
#include <stdint.h>

struct model;
struct model_op;
struct pl_source_mgr;
struct tg_records;
struct tga_rec;
struct pl_diag_ctx;

/* Add every Op record of r to m (ops already in m by full name are kept).
 * Ops defined in r's main file are imported at once; those of included
 * files are registered by name and imported on first use (model_op_defer),
 * so that their errors appear only when something uses them, as with
 * mlir-tblgen -gen-rewriters.  Returns the number of ops added, or -1 when
 * an op of the main file is malformed in a way mlir-tblgen rejects
 * (reported through d, rule "ods-malformed-op"). */
int ods_import(struct model *m, const struct tg_records *r, struct pl_diag_ctx *d);
/* ods_import for a .td input of the run: the ops of r's main file are
 * also marked as the user's own (model_op.in_input), which the ODS rules
 * check.  A .td that a .pdll input includes goes through ods_import. */
int ods_import_input(struct model *m, const struct tg_records *r, struct pl_diag_ctx *d);

/* ods_import_input in batches, for the defs of an input whose evaluation
 * is still going on (analyzer/driver.c): begin, pass defs[lo..hi) of the
 * records' defs in order, each once, then end, which returns what
 * ods_import_input would.  root_file is the input's own file (the records'
 * include tree is made only when the evaluation is over). */
struct ods_import;
struct tg_rec;
struct ods_import *ods_import_begin(struct model *m, const struct tg_records *r,
                                    struct pl_diag_ctx *d, uint32_t root_file);
void ods_import_defs(struct ods_import *x, const struct tg_rec *const *defs, unsigned lo,
                     unsigned hi);
int ods_import_end(struct ods_import *x);

/* The op of Op record rec, filled in: the registry entry, importing it on
 * demand, or when another file's op registered the name first, an op made
 * from rec (as ods_def_op); NULL when rec is not an Op. */
const struct model_op *ods_op_of(struct model *m, const struct tg_records *r,
                                 const struct tga_rec *rec, struct pl_diag_ctx *d);

/* Whether op (registered, filled in or not) was made from Op def raw, or
 * from a def at the same place (the same file evaluated again). */
bool ods_op_defined_at(const struct model_op *op, const struct tg_rec *raw);

/* The op of Op def raw of r as raw's own file sees it, filled in or not
 * (model_op_ready): the registry's when defined there, else -- another
 * file's op registered the name first -- an op made from raw, once, its
 * fill's diagnostics dropped; NULL when no import of m noted raw's op name
 * (model_def_op_name: raw is no Op def, or was never imported). */
struct model_op *ods_def_op(struct model *m, const struct tg_records *r, const struct tg_rec *raw,
                            struct pl_source_mgr *sm);

/* Full operation name of Op record rec ("arith.addi"), interned in m. */
const char *ods_op_name(struct model *m, const struct tga_rec *rec);

#endif /* PL_ODS_H */
