/*
 * tg_json.c -- output and queries over evaluated TableGen records: the
 * `llvm-tblgen --dump-json` writer (byte-identical: compact, keys sorted as
 * llvm::json prints them) and the query API of tg.h used by the ODS and
 * DRR frontends.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/intern.h"
#include "analyzer/json.h"
#include "analyzer/util.h"
#include "parsers/tablegen/tg.h"
#include "parsers/tablegen/tg_p.h"

struct tg_keeper *tg_records_keeper(const struct tg_records *r);

/* ---- JSON ------------------------------------------------------------- */

/* llvm::json's escaping, invalid UTF-8 replaced by U+FFFD as llvm-tblgen
 * does (its json::Value fixes the text); raw bytes made invalid JSON. */
static void json_str(FILE *f, const char *s)
{
	pl_json_quote(f, s, strlen(s));
}

static void json_value(FILE *f, struct tg_keeper *k, const struct tg_value *v)
{
	switch (v->kind) {
	case TG_V_UNSET:
		fputs("null", f);
		return;
	case TG_V_BIT: case TG_V_INT:
		fprintf(f, "%lld", (long long)v->i);
		return;
	case TG_V_BITS: case TG_V_LIST:
		putc('[', f);
		for (unsigned i = 0; i < v->n; i++) {
			if (i)
				putc(',', f);
			json_value(f, k, v->v[i]);
		}
		putc(']', f);
		return;
	case TG_V_STRING:
		json_str(f, v->str);
		return;
	case TG_V_DEF:
		fputs("{\"def\":", f);
		json_str(f, v->rec->name);
		fputs(",\"kind\":\"def\",\"printable\":", f);
		json_str(f, v->rec->name);
		putc('}', f);
		return;
	case TG_V_VAR:
		fputs("{\"kind\":\"var\",\"printable\":", f);
		json_str(f, tg_v_str_of(k, v));
		fputs(",\"var\":", f);
		json_str(f, v->str);
		putc('}', f);
		return;
	case TG_V_VARBIT:
		if (v->v[0]->kind == TG_V_VAR) {
			fprintf(f, "{\"index\":%lld,\"kind\":\"varbit\",\"printable\":", (long long)v->i);
			json_str(f, tg_v_str_of(k, v));
			fputs(",\"var\":", f);
			json_str(f, v->v[0]->str);
			putc('}', f);
			return;
		}
		break;
	case TG_V_DAG:
		fputs("{\"args\":[", f);
		for (unsigned i = 0; i < v->n; i++) {
			if (i)
				putc(',', f);
			putc('[', f);
			json_value(f, k, v->v[i + 1]);
			putc(',', f);
			if (v->names[i])
				json_str(f, v->names[i]);
			else
				fputs("null", f);
			putc(']', f);
		}
		fputs("],\"kind\":\"dag\",", f);
		if (v->str) {
			fputs("\"name\":", f);
			json_str(f, v->str);
			putc(',', f);
		}
		fputs("\"operator\":", f);
		json_value(f, k, v->v[0]);
		fputs(",\"printable\":", f);
		json_str(f, tg_v_str_of(k, v));
		putc('}', f);
		return;
	default:
		break;
	}
	fputs("{\"kind\":\"complex\",\"printable\":", f);
	json_str(f, tg_v_str_of(k, v));
	putc('}', f);
}

static int cmp_rec(const void *a, const void *b)
{
	const struct tg_rec *x = *(struct tg_rec *const *)a, *y = *(struct tg_rec *const *)b;
	return strcmp(x->name, y->name);
}

static int cmp_field(const void *a, const void *b)
{
	const struct tg_field *x = *(struct tg_field *const *)a, *y = *(struct tg_field *const *)b;
	return strcmp(x->name, y->name);
}

void tg_dump_json(FILE *f, const struct tg_records *r)
{
	struct tg_keeper *k = tg_records_keeper(r);
	unsigned nd = k->ndefs, nc = k->nclasses;
	struct tg_rec **defs = pl_xmalloc(sizeof(*defs) * (nd + 1));
	struct tg_rec **classes = pl_xmalloc(sizeof(*classes) * (nc + 1));
	if (nd)
		memcpy(defs, k->defs, sizeof(*defs) * nd);
	if (nc)
		memcpy(classes, k->classes, sizeof(*classes) * nc);
	qsort(defs, nd, sizeof(*defs), cmp_rec);
	qsort(classes, nc, sizeof(*classes), cmp_rec);

	/* instance lists: per class, defs in name order */
	struct tg_hmap *cidx = tg_hmap_new(NULL);
	for (unsigned i = 0; i < nc; i++)
		tg_hmap_put(cidx, classes[i]->name, (void *)(uintptr_t)(i + 1));
	struct pl_vec *inst = pl_xcalloc(nc + 1, sizeof(*inst));
	for (unsigned i = 0; i < nd; i++)
		for (unsigned j = 0; j < defs[i]->nsupers; j++) {
			uintptr_t ci = (uintptr_t)tg_hmap_get(cidx, defs[i]->supers[j]->name);
			if (ci)
				pl_vec_push(&inst[ci - 1], defs[i]);
		}

	fputs("{\"!instanceof\":{", f);
	for (unsigned i = 0; i < nc; i++) {
		if (i)
			putc(',', f);
		json_str(f, classes[i]->name);
		fputs(":[", f);
		for (size_t j = 0; j < inst[i].len; j++) {
			if (j)
				putc(',', f);
			json_str(f, ((struct tg_rec *)inst[i].items[j])->name);
		}
		putc(']', f);
		pl_vec_free(&inst[i]);
	}
	fputs("},\"!tablegen_json_version\":1", f);

	struct tg_field **fs = NULL;
	unsigned capfs = 0;
	for (unsigned i = 0; i < nd; i++) {
		struct tg_rec *d = defs[i];
		putc(',', f);
		json_str(f, d->name);
		fprintf(f, ":{\"!anonymous\":%s,\"!fields\":[", d->anonymous ? "true" : "false");
		if (d->nfields + 1 > capfs) {
			capfs = d->nfields + 1;
			fs = pl_xrealloc(fs, sizeof(*fs) * capfs);
		}
		unsigned n = 0;
		for (unsigned j = 0; j < d->nfields; j++)
			if (tg_field_kind(&d->fields[j]) != TG_FK_TARG)
				fs[n++] = &d->fields[j];
		bool first = true;
		for (unsigned j = 0; j < n; j++)
			if (tg_field_kind(fs[j]) == TG_FK_NONCONCRETE) {
				if (!first)
					putc(',', f);
				first = false;
				json_str(f, fs[j]->name);
			}
		fputs("],\"!name\":", f);
		json_str(f, d->name);
		fputs(",\"!superclasses\":[", f);
		for (unsigned j = 0; j < d->nsupers; j++) {
			if (j)
				putc(',', f);
			json_str(f, d->supers[j]->name);
		}
		putc(']', f);
		qsort(fs, n, sizeof(*fs), cmp_field);
		for (unsigned j = 0; j < n; j++) {
			putc(',', f);
			json_str(f, fs[j]->name);
			putc(':', f);
			json_value(f, k, fs[j]->val);
		}
		putc('}', f);
	}
	fputs("}\n", f);
	free(fs);
	free(inst);
	tg_hmap_free(cidx);
	free(defs);
	free(classes);
}

/* ---- query API -------------------------------------------------------------- */

unsigned tg_def_count(const struct tg_records *r)
{
	return tg_records_keeper(r)->ndefs;
}

const struct tg_rec *tg_def_at(const struct tg_records *r, unsigned i)
{
	struct tg_keeper *k = tg_records_keeper(r);
	return i < k->ndefs ? k->defs[i] : NULL;
}

const struct tg_rec *const *tg_defs(const struct tg_records *r, unsigned *n)
{
	struct tg_keeper *k = tg_records_keeper(r);
	*n = k->ndefs;
	return (const struct tg_rec *const *)k->defs;
}

const struct tg_rec *tg_def_find(const struct tg_records *r, const char *name)
{
	struct tg_keeper *k = tg_records_keeper(r);
	if (k->stream)
		return tg_stream_find(k->stream, k, name, false);
	return tg_keeper_def(k, pl_intern(k->intern, name));
}

const struct tg_rec *tg_class_find(const struct tg_records *r, const char *name)
{
	struct tg_keeper *k = tg_records_keeper(r);
	if (k->stream)
		return tg_stream_find(k->stream, k, name, true);
	return tg_keeper_class(k, pl_intern(k->intern, name));
}

const char *tg_rec_name(const struct tg_rec *rec)
{
	return rec->name;
}

bool tg_rec_anonymous(const struct tg_rec *rec)
{
	return rec->anonymous;
}

/* Callers pass names as plain C strings while records hold interned ones:
 * compare the pointer, then the first byte, and only then the whole
 * string (most candidates differ at once; this is a hot path of the ODS
 * and DRR importers). */
static inline bool name_eq(const char *interned, const char *name)
{
	return interned == name || (interned[0] == name[0] && strcmp(interned, name) == 0);
}

bool tg_rec_isa(const struct tg_rec *rec, const char *class_name)
{
	for (unsigned i = 0; i < rec->nsupers; i++)
		if (name_eq(rec->supers[i]->name, class_name))
			return true;
	return false;
}

unsigned tg_rec_isa_mask(const struct tg_rec *rec, const struct tg_rec *const *classes, unsigned n)
{
	unsigned mask = 0;

	for (unsigned i = 0; i < rec->nsupers; i++)
		for (unsigned j = 0; j < n; j++)
			if (rec->supers[i] == classes[j])
				mask |= 1u << j;
	return mask;
}

unsigned tg_rec_super_count(const struct tg_rec *rec)
{
	return rec->nsupers;
}

const struct tg_rec *tg_rec_super_at(const struct tg_rec *rec, unsigned i)
{
	return i < rec->nsupers ? rec->supers[i] : NULL;
}

struct pl_span tg_rec_span(const struct tg_rec *rec)
{
	return rec->span;
}

struct pl_span tg_rec_inst_span(const struct tg_rec *rec)
{
	return rec->inst_span;
}

bool tg_rec_included_from(const struct tg_records *r, const struct tg_rec *rec, unsigned depth,
                          struct pl_span *out)
{
	struct tg_keeper *k = tg_records_keeper(r);
	uint32_t incl = 0;
	struct pl_span none = {0};

	*out = none;
	for (uint32_t i = 1; i < k->n_inc && !incl; i++) /* first inclusion of the file */
		if (k->inc_file[i] == rec->span.file)
			incl = i;
	for (;;) {
		if (incl == 0 || incl >= k->n_inc || k->inc_parent[incl] == 0)
			return false;
		if (depth == 0) {
			*out = k->inc_at[incl];
			return true;
		}
		incl = k->inc_parent[incl];
		depth--;
	}
}

unsigned tg_rec_note_get(const struct tg_rec *rec, enum tg_rec_note which)
{
	return rec->notes[which];
}

void tg_rec_note_set(const struct tg_rec *rec, enum tg_rec_note which, unsigned v)
{
	((struct tg_rec *)rec)->notes[which] = v; /* records are never const objects */
}

unsigned tg_defs_noted(const struct tg_records *r, enum tg_rec_note which, unsigned v)
{
	unsigned lo = 0, hi = tg_def_count(r);

	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;
		if (tg_def_at(r, mid)->notes[which] == v)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* lo only ever moved past a def that holds v, which vouches for the
	 * defs before it even where another client's notes are in between */
	return lo;
}

unsigned tg_rec_field_count(const struct tg_rec *rec)
{
	return rec->nfields;
}

const char *tg_rec_field_name_at(const struct tg_rec *rec, unsigned i)
{
	return i < rec->nfields ? rec->fields[i].name : NULL;
}

static const struct tg_field *field_by_str(const struct tg_rec *rec, const char *name)
{
	const struct tg_field *f = tg_rec_field(rec, name); /* fast path: interned */
	if (f)
		return f;
	for (unsigned i = 0; i < rec->nfields; i++)
		if (name_eq(rec->fields[i].name, name))
			return &rec->fields[i];
	return NULL;
}

const struct tg_value *tg_rec_value_at(const struct tg_rec *rec, unsigned i)
{
	return i < rec->nfields ? rec->fields[i].val : NULL;
}

const struct tg_value *tg_rec_value(const struct tg_rec *rec, const char *name)
{
	const struct tg_field *f = field_by_str(rec, name);
	return f ? f->val : NULL;
}

const char *tg_rec_field_key(const struct tg_rec *rec, const char *name)
{
	const struct tg_field *f = field_by_str(rec, name);
	return f ? f->name : NULL;
}

struct pl_span tg_rec_field_span(const struct tg_rec *rec, const char *name)
{
	const struct tg_field *f = field_by_str(rec, name);
	struct pl_span none = {0};
	return f ? *f->vspan : none;
}

enum tg_kind tg_val_kind(const struct tg_value *v)
{
	switch (v->kind) {
	case TG_V_UNSET: return TG_UNSET;
	case TG_V_BIT: return TG_BIT;
	case TG_V_BITS: return TG_BITS;
	case TG_V_INT: return TG_INT;
	case TG_V_STRING: return TG_STRING;
	case TG_V_LIST: return TG_LIST;
	case TG_V_DEF: return TG_DEF;
	case TG_V_DAG: return TG_DAG;
	default: return TG_UNRESOLVED;
	}
}

int tg_val_int(int64_t *out, const struct tg_value *v)
{
	if (v->kind == TG_V_INT || v->kind == TG_V_BIT) {
		*out = v->i;
		return 0;
	}
	if (v->kind == TG_V_BITS) {
		int64_t r = 0;
		for (unsigned i = 0; i < v->n; i++) {
			if (v->v[i]->kind != TG_V_BIT)
				return -1;
			if (v->v[i]->i && i < 64)
				r |= (int64_t)((uint64_t)1 << i);
		}
		*out = r;
		return 0;
	}
	return -1;
}

const char *tg_val_string(const struct tg_value *v)
{
	return v->kind == TG_V_STRING ? v->str : NULL;
}

bool tg_val_is_code(const struct tg_value *v)
{
	return v->kind == TG_V_STRING && v->op;
}

const struct tg_rec *tg_val_def(const struct tg_value *v)
{
	return v->kind == TG_V_DEF ? v->rec : NULL;
}

unsigned tg_val_size(const struct tg_value *v)
{
	if (v->kind == TG_V_LIST || v->kind == TG_V_BITS || v->kind == TG_V_DAG)
		return v->n;
	return 0;
}

const struct tg_value *tg_val_item(const struct tg_value *v, unsigned i)
{
	if ((v->kind == TG_V_LIST || v->kind == TG_V_BITS) && i < v->n)
		return v->v[i];
	return NULL;
}

const struct tg_value *tg_val_dag_op(const struct tg_value *v)
{
	return v->kind == TG_V_DAG ? v->v[0] : NULL;
}

const char *tg_val_dag_op_name(const struct tg_value *v)
{
	return v->kind == TG_V_DAG ? v->str : NULL;
}

const struct tg_value *tg_val_dag_arg(const struct tg_value *v, unsigned i)
{
	return v->kind == TG_V_DAG && i < v->n ? v->v[i + 1] : NULL;
}

const char *tg_val_dag_arg_name(const struct tg_value *v, unsigned i)
{
	return v->kind == TG_V_DAG && i < v->n ? v->names[i] : NULL;
}

const char *tg_val_printable(const struct tg_records *r, const struct tg_value *v)
{
	return tg_v_str_of(tg_records_keeper(r), v);
}
