/*
 * tg_access.h -- the few record queries the ODS and DRR importers need.
 *
 * parsers/ods.c and parsers/drr.c read evaluated TableGen records only
 * through these calls, so that they do not depend on the evaluator's own
 * representation.  parsers/tg_access.c implements them over the TableGen
 * frontend's query API (tg.h); parsers/tg_access_scan.c locates values in
 * the source text, since evaluated values carry no span of their own.
 *
 * Records and values are opaque handles owned by the tg_records they come
 * from; they live as long as it does.  Strings are NUL-terminated and owned
 * by the records too.  Every query accepts NULL and answers "nothing".
 */
#ifndef PL_TG_ACCESS_H
#define PL_TG_ACCESS_H

#include <stdbool.h>
#include <stdint.h>

#include "analyzer/source.h"

struct tg_records;
struct tga_rec;  /* one def */
struct tga_val;  /* one value: a field's value, a list element, a dag arg */

enum tga_kind {
	TGA_NONE = 0, /* absent (NULL handle) */
	TGA_UNSET,    /* ? */
	TGA_INT,      /* int or bit */
	TGA_STRING,   /* string or code */
	TGA_DEF,      /* a def reference */
	TGA_LIST,     /* [..] */
	TGA_DAG,      /* (op args...) */
	TGA_OTHER,    /* bits<n>, unresolved references, ... */
};

/* Make r the current records set, with sm its sources (needed to locate
 * values in the text); idempotent.  ods_import and drr_import call it.
 * tga_detach frees what was built for the current set: call it once the
 * analysis of r is over (before r is freed). */
struct pl_source_mgr;
void tga_attach(const struct tg_records *r, struct pl_source_mgr *sm);
void tga_detach(void);
/* Free the wrapped records and values built so far (every wrapper handed
 * out becomes invalid) but stay attached, keeping the sources' texts: for
 * an import that is done with what it wrapped for each record. */
void tga_release(void);
/* The attached set, or NULL. */
const struct tg_records *tga_attached(void);
/* Put the current set's state aside (its wrapped values stay valid) so
 * that another set can be attached for a while; tga_resume detaches that
 * one and brings the saved state back.  For work deferred past the import
 * of its own set (ods.c fills ops in on first use). */
struct tga_state;
struct tga_state *tga_suspend(void);
void tga_resume(struct tga_state *saved);
/* The record underneath a wrapped def, and the wrapper of a record of the
 * attached set. */
struct tg_rec;
const struct tg_rec *tga_rec_raw(const struct tga_rec *rec);
const struct tga_rec *tga_rec_wrap(const struct tg_rec *rec);

/* A def by name, or NULL. */
const struct tga_rec *tga_def_find(const struct tg_records *r, const char *name);

/* Name as llvm-tblgen prints it ("anonymous_123" for anonymous defs). */
const char *tga_rec_name(const struct tga_rec *rec);
bool tga_rec_anonymous(const struct tga_rec *rec);
/* Whether rec derives from class cls (directly or not). */
bool tga_rec_isa(const struct tga_rec *rec, const char *cls);
/* The last class in rec's superclass list as llvm-tblgen prints it (the
 * class it instantiates directly), or NULL when it has none. */
const char *tga_rec_class(const struct tga_rec *rec);
/* Where the def is written (its `def`/`defm` name token). */
struct pl_span tga_rec_span(const struct tga_rec *rec);
/* Value of field name, NULL when the record has no such field. */
const struct tga_val *tga_rec_field(const struct tga_rec *rec, const char *name);
/* Fields of rec in declaration order (template arguments excluded). */
unsigned tga_rec_nfields(const struct tga_rec *rec);
const char *tga_rec_field_name(const struct tga_rec *rec, unsigned i);
/* The def field i holds, or NULL when it holds something else: asked of
 * every field of a record, this wraps only the defs. */
const struct tga_rec *tga_rec_field_def_at(const struct tga_rec *rec, unsigned i);

enum tga_kind tga_val_kind(const struct tga_val *v);
long long tga_val_int(const struct tga_val *v);            /* TGA_INT */
const char *tga_val_str(const struct tga_val *v);           /* TGA_STRING */
const struct tga_rec *tga_val_def(const struct tga_val *v); /* TGA_DEF */
unsigned tga_list_len(const struct tga_val *v);             /* TGA_LIST */
const struct tga_val *tga_list_at(const struct tga_val *v, unsigned i);
/* TGA_DAG: the operator (a def value), its own $name (NULL when none), the
 * arguments and their $names (NULL when none).  A dag argument written as
 * a bare `$x` is a TGA_UNSET value named "x". */
const struct tga_val *tga_dag_op(const struct tga_val *v);
const char *tga_dag_name(const struct tga_val *v);
unsigned tga_dag_nargs(const struct tga_val *v);
const struct tga_val *tga_dag_arg(const struct tga_val *v, unsigned i);
const char *tga_dag_argname(const struct tga_val *v, unsigned i);
/* Where a value is written; for a dag argument, the span covering the
 * argument and its `:$name`.  Falls back to the enclosing def's span when
 * the frontend cannot tell.  tga_dag_argspan gives the span of argument i
 * (the `$x` text for a bare name). */
struct pl_span tga_val_span(const struct tga_val *v);
struct pl_span tga_dag_argspan(const struct tga_val *v, unsigned i);

/* Convenience: field as int/string/def, with a default when absent or of
 * another kind. */
long long tga_field_int(const struct tga_rec *rec, const char *name, long long dflt);
const char *tga_field_str(const struct tga_rec *rec, const char *name);   /* NULL */
const struct tga_rec *tga_field_def(const struct tga_rec *rec, const char *name);

#endif /* PL_TG_ACCESS_H */
