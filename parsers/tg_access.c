/*
 * tg_access.c -- tg_access.h over the TableGen frontend's query API (tg.h).
 *
 * Records are wrapped once each (a pointer-keyed table); field values are
 * wrapped on first access into per-occurrence trees (tg_access_p.h), and
 * the fields of a Pattern record are located in the def's text by
 * tg_access_scan.c, because TableGen values carry no location of their
 * own.  The state belongs to the records set last passed to tga_attach
 * (one run at a time); tga_detach frees it.
 */
#include "config.h"
#include "tg_access_p.h"
#include "tablegen/tg.h"
#include "analyzer/source.h"
#include "analyzer/util.h"

#include <stdlib.h>
#include <string.h>

struct field_cache {
	const char *name;     /* field name (the caller's string, compared by strcmp) */
	struct tga_val *v;    /* wrapped value */
};

struct tga_rec {
	const struct tg_rec *rec;      /* the frontend's record */
	struct field_cache *fields;    /* wrapped fields so far */
	unsigned n_fields, cap_fields;
	bool scanned;                  /* Pattern fields located */
};

struct text_cache {
	uint32_t file;                 /* source file id */
	char *text;                    /* its contents, comments blanked */
};

static struct tga_state {
	const struct tg_records *r;    /* the attached records */
	struct pl_source_mgr *sm;      /* their sources */
	struct tga_rec **slots;        /* open addressing on tg_rec pointer */
	unsigned cap, n;
	struct text_cache *texts;
	unsigned n_texts;
} g;

void tga_detach(void)
{
	for (unsigned i = 0; i < g.cap; i++) {
		struct tga_rec *w = g.slots ? g.slots[i] : NULL;
		if (!w)
			continue;
		for (unsigned k = 0; k < w->n_fields; k++)
			tga_val_free(w->fields[k].v);
		free(w->fields);
		free(w);
	}
	free(g.slots);
	for (unsigned i = 0; i < g.n_texts; i++)
		free(g.texts[i].text);
	free(g.texts);
	memset(&g, 0, sizeof g);
}

const struct tg_records *tga_attached(void)
{
	return g.r;
}

struct tga_state *tga_suspend(void)
{
	struct tga_state *s = pl_xmalloc(sizeof(*s));
	*s = g;
	memset(&g, 0, sizeof(g));
	return s;
}

void tga_resume(struct tga_state *saved)
{
	tga_detach();
	g = *saved;
	free(saved);
}

void tga_attach(const struct tg_records *r, struct pl_source_mgr *sm)
{
	if (g.r == r && g.sm == sm)
		return;
	tga_detach();
	g.r = r;
	g.sm = sm;
}

static unsigned slot_of(const struct tg_rec *rec, unsigned cap)
{
	uintptr_t h = (uintptr_t)rec;
	h ^= h >> 17;
	h *= 0x9E3779B1u;
	unsigned i = (unsigned)(h & (cap - 1));
	while (g.slots[i] && g.slots[i]->rec != rec)
		i = (i + 1) & (cap - 1);
	return i;
}

static const struct tga_rec *wrap_rec(const struct tg_rec *rec)
{
	if (!rec)
		return NULL;
	if (!g.cap) {
		g.cap = 1024;
		g.slots = pl_xcalloc(g.cap, sizeof(*g.slots));
	}
	unsigned i = slot_of(rec, g.cap);
	if (g.slots[i])
		return g.slots[i];
	struct tga_rec *w = pl_xcalloc(1, sizeof(*w));
	w->rec = rec;
	g.slots[i] = w;
	if (++g.n * 2 > g.cap) {
		struct tga_rec **old = g.slots;
		unsigned ocap = g.cap;
		g.cap *= 2;
		g.slots = pl_xcalloc(g.cap, sizeof(*g.slots));
		for (unsigned k = 0; k < ocap; k++)
			if (old[k])
				g.slots[slot_of(old[k]->rec, g.cap)] = old[k];
		free(old);
	}
	return w;
}

static const char *file_text(uint32_t file, struct pl_source_file **out)
{
	*out = g.sm ? pl_source_get(g.sm, file) : NULL;
	if (!*out)
		return NULL;
	for (unsigned i = 0; i < g.n_texts; i++)
		if (g.texts[i].file == file)
			return g.texts[i].text;
	g.texts = pl_xrealloc(g.texts, (g.n_texts + 1) * sizeof(*g.texts));
	g.texts[g.n_texts].file = file;
	g.texts[g.n_texts].text = tga_blank_comments((*out)->buf, (*out)->len);
	return g.texts[g.n_texts++].text;
}

/* ---- records ---------------------------------------------------------- */

unsigned tga_def_count(const struct tg_records *r) { return r ? tg_def_count(r) : 0; }

const struct tg_rec *tga_rec_raw(const struct tga_rec *rec)
{
	return rec ? rec->rec : NULL;
}

const struct tga_rec *tga_rec_wrap(const struct tg_rec *rec)
{
	return wrap_rec(rec);
}

const struct tga_rec *tga_def_at(const struct tg_records *r, unsigned i)
{
	return r ? wrap_rec(tg_def_at(r, i)) : NULL;
}

const struct tga_rec *tga_def_find(const struct tg_records *r, const char *name)
{
	return r && name ? wrap_rec(tg_def_find(r, name)) : NULL;
}

const char *tga_rec_name(const struct tga_rec *rec) { return rec ? tg_rec_name(rec->rec) : NULL; }
bool tga_rec_anonymous(const struct tga_rec *rec) { return rec && tg_rec_anonymous(rec->rec); }
bool tga_rec_isa(const struct tga_rec *rec, const char *cls) { return rec && tg_rec_isa(rec->rec, cls); }

const char *tga_rec_class(const struct tga_rec *rec)
{
	unsigned n = rec ? tg_rec_super_count(rec->rec) : 0;
	return n ? tg_rec_name(tg_rec_super_at(rec->rec, n - 1)) : NULL;
}

struct pl_span tga_rec_span(const struct tga_rec *rec)
{
	struct pl_span z = {0};
	return rec ? tg_rec_span(rec->rec) : z;
}

unsigned tga_rec_nfields(const struct tga_rec *rec) { return rec ? tg_rec_field_count(rec->rec) : 0; }

const char *tga_rec_field_name(const struct tga_rec *rec, unsigned i)
{
	return rec ? tg_rec_field_name_at(rec->rec, i) : NULL;
}

/* ---- values ----------------------------------------------------------- */

#define WRAP_MAX_DEPTH 256

static struct tga_val *wrap(const struct tg_value *v, struct pl_span span, int depth)
{
	if (!v || depth > WRAP_MAX_DEPTH)
		return tga_val_new(v ? TGA_OTHER : TGA_UNSET, span);
	struct tga_val *w;
	int64_t iv;
	switch (tg_val_kind(v)) {
	case TG_UNSET:
		return tga_val_new(TGA_UNSET, span);
	case TG_BIT:
	case TG_INT:
	case TG_BITS:
		if (tg_val_int(&iv, v) != 0)
			return tga_val_new(TGA_OTHER, span);
		w = tga_val_new(TGA_INT, span);
		w->ival = (long long)iv;
		return w;
	case TG_STRING:
		w = tga_val_new(TGA_STRING, span);
		w->sval = tg_val_string(v);
		return w;
	case TG_LIST:
		w = tga_val_new(TGA_LIST, span);
		tga_val_alloc(w, tg_val_size(v));
		for (unsigned i = 0; i < w->n; i++)
			w->elems[i] = wrap(tg_val_item(v, i), span, depth + 1);
		return w;
	case TG_DEF: {
		const struct tg_rec *d = tg_val_def(v);
		w = tga_val_new(TGA_DEF, span);
		w->def = wrap_rec(d);
		w->def_name = d ? tg_rec_name(d) : NULL;
		w->def_anonymous = d && tg_rec_anonymous(d);
		return w;
	}
	case TG_DAG:
		w = tga_val_new(TGA_DAG, span);
		w->op = wrap(tg_val_dag_op(v), span, depth + 1);
		w->name = tg_val_dag_op_name(v);
		tga_val_alloc(w, tg_val_size(v));
		for (unsigned i = 0; i < w->n; i++) {
			w->elems[i] = wrap(tg_val_dag_arg(v, i), span, depth + 1);
			w->argnames[i] = tg_val_dag_arg_name(v, i);
		}
		return w;
	default:
		return tga_val_new(TGA_OTHER, span);
	}
}

static void scan_pattern(struct tga_rec *w)
{
	static const char *const order[] = {"sourcePattern", "resultPatterns", "constraints",
	                                    "supplementalPatterns", "benefitDelta"};
	struct pl_span sp = tg_rec_span(w->rec);
	struct pl_source_file *f;
	const char *t = sp.file ? file_text(sp.file, &f) : NULL;
	if (!t)
		return;
	uint32_t end = tga_def_end(t, f->len, sp.off);
	struct tga_val *fields[5];
	for (unsigned i = 0; i < 5; i++)
		fields[i] = (struct tga_val *)tga_rec_field(w, order[i]);
	/* the default (addBenefit 0) is not written in the def */
	bool written = false;
	for (uint32_t i = sp.off; i + 10 <= end && !written; i++)
		written = memcmp(t + i, "addBenefit", 10) == 0;
	if (!written)
		fields[4] = NULL;
	tga_scan_fields(f, t, sp.off, end, fields, 5);
}

const struct tga_val *tga_rec_field(const struct tga_rec *rec, const char *name)
{
	if (!rec || !name)
		return NULL;
	struct tga_rec *w = (struct tga_rec *)rec;
	if (!w->scanned && tg_rec_isa(w->rec, "Pattern")) {
		w->scanned = true;
		scan_pattern(w);
	}
	for (unsigned i = 0; i < w->n_fields; i++) {
		const char *fn = w->fields[i].name; /* mostly the same literal */
		if (fn == name || (fn[0] == name[0] && strcmp(fn, name) == 0))
			return w->fields[i].v;
	}
	const struct tg_value *v = tg_rec_value(w->rec, name);
	if (!v)
		return NULL;
	if (w->n_fields == w->cap_fields) {
		w->cap_fields = w->cap_fields ? w->cap_fields * 2 : 8;
		w->fields = pl_xrealloc(w->fields, w->cap_fields * sizeof(*w->fields));
	}
	w->fields[w->n_fields].name = name;
	w->fields[w->n_fields].v = wrap(v, tg_rec_span(w->rec), 0);
	return w->fields[w->n_fields++].v;
}
