/*
 * pdll.h -- the PDLL frontend: lexes, parses and checks `.pdll` files the
 * way mlir-pdll-16 does, and appends their patterns to the unified model.
 *
 * One call, pdll_load, reads a file (and its `#include`s), reports every
 * syntax and semantic error through pl_diag at the position mlir-pdll-16
 * reports it, plus patlint's own warnings for known holes of mlir-pdll-16
 * (each with a rule id, see PDLL_RULE_*), and appends one model_pattern per
 * `Pattern` in source order.  `.td` includes are handed to a hook that the
 * driver sets (the TableGen/ODS importer fills the model's op registry);
 * without a hook the registry stays as it is and ODS checks are skipped for
 * ops it does not know.
 *
 * Ownership: everything the frontend creates lives in the model's arena.
 */
#ifndef PL_PDLL_H
#define PL_PDLL_H

#include <stdbool.h>
#include <stdio.h>

#include "analyzer/source.h"

struct model;
struct model_op;
struct pl_source_mgr;
struct pl_diag_ctx;

/* Rule ids of the warnings the PDLL frontend emits itself. */
#define PDLL_RULE_OPERAND_GROUPS "pdll-operand-groups"   /* one Value for an op with several operand groups */
#define PDLL_RULE_UNKNOWN_OP     "pdll-unknown-op"       /* op absent from the included ODS of its dialect */
#define PDLL_RULE_UNKNOWN_ATTR   "pdll-unknown-attribute"/* attribute name absent from the op's ODS */
#define PDLL_RULE_UNUSED_LET     "pdll-unused-let"       /* match-section variable with no user: PDL verifier rejects it */
#define PDLL_RULE_UNBOUND_LET    "pdll-unbound-let"      /* match-section variable used only in the rewrite */
#define PDLL_RULE_REWRITE_NO_VALUE "pdll-rewrite-no-value" /* rewrite-section Value/Op/Attr variable without a value */
#define PDLL_RULE_BENEFIT_RANGE  "pdll-benefit-range"    /* benefit above 32767: pdl.pattern's attribute rejects it */

/* What a `.td` import may declare besides ops (which go to the model's op
 * registry): ODS constraint defs usable by name in PDLL, as mlir-pdll
 * makes them (Attr defs, Type defs, OpInterface defs). */
enum pdll_td_constraint_kind {
	PDLL_TD_ATTR = 0,  /* an `Attr` def: constrains an Attr */
	PDLL_TD_TYPE,      /* a `Type` def: constrains a Type */
	PDLL_TD_OP,        /* an `OpInterface` def: constrains an Op */
};

struct pdll_td_import; /* opaque: handed to the hook for one include */

/* Declare an ODS constraint def named `name` (its def name) for the
 * PDLL file being parsed.  code is the C++ predicate, or NULL.  Call only
 * from inside the import_td hook. */
void pdll_td_define_constraint(struct pdll_td_import *imp, const char *name,
                               enum pdll_td_constraint_kind kind, const char *code,
                               struct pl_span where);

/* Declare that the `.td` include defines the ODS op `op_name` (interned
 * in the model) as op: the registry's op of that name when it is this
 * include's definition, else one of its own (ods_def_op).  A
 * module knows the ops its own `.td` includes define, as mlir-pdll does,
 * whatever other inputs of the run registered.  Call only from inside the
 * import_td hook. */
void pdll_td_define_op(struct pdll_td_import *imp, const char *op_name, struct model_op *op);

struct pdll_options {
	const char *const *include_dirs; /* -I directories, in order */
	unsigned n_include_dirs;         /* entries in include_dirs */
	/* Import the ODS ops of the `.td` file at resolved `path` into the
	 * model registry (model_op_add); report its errors through pl_diag and
	 * return 0, or -1 when it failed.  `where` is the include's file-name
	 * span; `imp` takes the ops the module may name (pdll_td_define_op)
	 * and constraint defs (pdll_td_define_constraint).  NULL: `.td`
	 * includes are only checked to exist, and every op of the registry is
	 * known. */
	int (*import_td)(void *ud, const char *path, struct pl_span where,
	                 struct pdll_td_import *imp);
	void *import_td_ud;              /* passed to import_td */
	bool allow_include_outside;      /* no include confinement (parsers/incpath.h) */
	/* mlir-pdll --split-input-file: each chunk of the file between `// -----`
	 * markers is parsed as its own module (its own scope and includes), and
	 * its patterns form a unit of their own, isolated (analyzer/model.h), so
	 * that no analysis relates them to patterns outside the chunk.  A file with
	 * no marker is read as without the option. */
	bool split_input;
	FILE *dump_ast;                  /* non-NULL: print the checked AST here (debugging) */
};

/* Parse, check and lower the PDLL file `path` (loaded through sm) into m.
 * opts may be NULL (no include dirs, no .td hook).  Returns 0, or -1 when
 * errors were reported (patterns of declarations without errors are still
 * added).  Warnings do not make it fail. */
int pdll_load(struct model *m, struct pl_source_mgr *sm, struct pl_diag_ctx *diag,
              const char *path, const struct pdll_options *opts);

/* Same, for an in-memory buffer registered under display name `name`. */
int pdll_load_buffer(struct model *m, struct pl_source_mgr *sm, struct pl_diag_ctx *diag,
                     const char *name, const char *buf, size_t len,
                     const struct pdll_options *opts);

/* The `.td` files the `#include` directives of the PDLL file `path` name,
 * resolved and confined as pdll_load resolves them, in order: fn(ud, path)
 * for each (the path string lives for the call only).  Includes of
 * included .pdll files are not followed.  A hint for loading them ahead
 * (analyzer/parallel.h): pdll_load does not depend on it.  Returns 0, or
 * -1 when `path` cannot be read. */
int pdll_td_includes(struct pl_source_mgr *sm, const char *path, const struct pdll_options *opts,
                     void (*fn)(void *ud, const char *path), void *ud);

#endif /* PL_PDLL_H */
