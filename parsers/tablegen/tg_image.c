/*
 * tg_image.c -- an evaluated state of the include cache, kept in a file.
 *
 * An image holds what tg_parse.c's include cache keeps in memory for one
 * node (the evaluator's state after an input's leading includes) together
 * with the chunks that led there, so that a later run -- a pre-commit hook
 * runs patlint once per commit -- can skip evaluating OpBase.td and the
 * dialect's files again.  Records, values and types are written as a
 * graph: every object gets a number, pointers become numbers, and reading
 * makes all objects first and links them after, so cycles (a record's
 * type names its classes, a value names its record) need no order.  The
 * files, strings, spans and chunks come first, the state after them: a
 * reader can learn the path and the size of the state (its named records)
 * before it decides to read the rest.
 * Interned strings are interned again and the value table is rebuilt
 * (hashes depend on addresses).
 *
 * Nothing in an image is trusted: a wrong magic, stamp, length or
 * checksum, or a number out of range, makes tg_image_read fail and the
 * caller evaluates as if there were no image.  Every file the state
 * mentions is named with its length and a hash of its text; a file that
 * changed makes the image stale (also a failure).  The files are native
 * binary: an image is only for the machine and the patlint that wrote it.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "analyzer/cthreads.h"
#include <time.h>
#include <unistd.h>

#include "analyzer/arena.h"
#include "analyzer/intern.h"
#include "analyzer/util.h"
#include "parsers/tablegen/tg_image.h"
#include "parsers/tablegen/tg_lex.h"
#include "parsers/tablegen/tg_p.h"

#define IMG_MAGIC "PLTGIMG1"
/* Changes with the layout of the objects written (and with the version). */
#define IMG_FORMAT PACKAGE_VERSION "/3"

/* The stamp of images this patlint writes and reads: the format and the
 * size and time of the running executable, so that a rebuilt patlint (an
 * evaluator that may now evaluate differently) never reads an image of
 * the one before. */
static char img_stamp_buf[128];
static once_flag img_stamp_once = ONCE_FLAG_INIT;

static void img_stamp_init(void)
{
	struct stat st;

	if (stat("/proc/self/exe", &st) == 0)
		snprintf(img_stamp_buf, sizeof(img_stamp_buf), "%s/%lld.%lld.%ld", IMG_FORMAT,
		         (long long)st.st_size, (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec);
	else
		snprintf(img_stamp_buf, sizeof(img_stamp_buf), "%s", IMG_FORMAT);
}

static const char *img_stamp(void)
{
	call_once(&img_stamp_once, img_stamp_init);
	return img_stamp_buf;
}

/* Fixed numbers of the keeper's type singletons. */
enum { T_BIT = 1, T_INT, T_STRING, T_DAG, T_REC_EMPTY, T_FIRST_FREE };

/* ---- pointer -> number ------------------------------------------------ */

struct pmap {
	const void **keys;
	uint32_t *ids;
	size_t cap, n;
};

static size_t pmap_slot(const struct pmap *m, const void *p)
{
	uint64_t x = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ULL;
	size_t i = (size_t)(x >> 20) & (m->cap - 1);

	while (m->keys[i] && m->keys[i] != p)
		i = (i + 1) & (m->cap - 1);
	return i;
}

static uint32_t pmap_get(const struct pmap *m, const void *p)
{
	if (!p || !m->cap)
		return 0;
	size_t i = pmap_slot(m, p);
	return m->keys[i] ? m->ids[i] : 0;
}

/* Number p (from 1 in order of first sight); true when it is new. */
static bool pmap_add(struct pmap *m, const void *p, uint32_t id)
{
	if ((m->n + 1) * 2 > m->cap) {
		struct pmap g = {0};
		g.cap = m->cap ? m->cap * 2 : 1024;
		g.keys = pl_xcalloc(g.cap, sizeof(*g.keys));
		g.ids = pl_xcalloc(g.cap, sizeof(*g.ids));
		for (size_t i = 0; i < m->cap; i++)
			if (m->keys[i]) {
				size_t j = pmap_slot(&g, m->keys[i]);
				g.keys[j] = m->keys[i];
				g.ids[j] = m->ids[i];
			}
		g.n = m->n;
		free(m->keys);
		free(m->ids);
		*m = g;
	}
	size_t i = pmap_slot(m, p);
	if (m->keys[i])
		return false;
	m->keys[i] = p;
	m->ids[i] = id;
	m->n++;
	return true;
}

static void pmap_free(struct pmap *m)
{
	free(m->keys);
	free(m->ids);
}

/* ---- writing ------------------------------------------------------------ */

struct writer {
	struct pl_source_mgr *sm;
	const struct tg_keeper *k;    /* the state written (its VARDEF instantiations) */
	struct pl_buf b;
	struct pmap strs, types, vals, recs;
	struct pl_vec str_v, type_v, val_v, rec_v; /* objects in number order */
	uint32_t *file_ix;            /* file id -> number, 0 = not yet */
	uint32_t n_sm;
	struct pl_vec file_v;         /* pl_source_file, in number order */
	struct pl_vec stack;          /* objects to visit: tagged pointers */
	bool bad;                     /* a file the state names is gone */
	/* spans, each written once: most fields share their class's */
	struct pl_span *spans;
	uint32_t *span_slot;          /* open addressing: span number + 1 */
	size_t n_spans, cap_spans, cap_slots;
};

enum { K_REC, K_VAL, K_TYPE };

static void note_str(struct writer *w, const char *s)
{
	if (s && pmap_add(&w->strs, s, (uint32_t)w->str_v.len + 1))
		pl_vec_push(&w->str_v, (void *)s);
}

static void note_file(struct writer *w, uint32_t id)
{
	if (!id)
		return;
	if (id >= w->n_sm) {
		w->bad = true;
		return;
	}
	if (!w->file_ix[id]) {
		w->file_ix[id] = (uint32_t)w->file_v.len + 1;
		pl_vec_push(&w->file_v, pl_source_get(w->sm, id));
	}
}

static uint64_t span_hash(struct pl_span s)
{
	uint64_t h = ((uint64_t)s.file << 32 | s.off) * 0x9E3779B97F4A7C15ULL;
	return (h ^ s.end_off) * 0xBF58476D1CE4E5B9ULL;
}

static bool span_eq(struct pl_span a, struct pl_span b)
{
	return a.file == b.file && a.off == b.off && a.end_off == b.end_off && a.line == b.line &&
	       a.col == b.col && a.end_line == b.end_line && a.end_col == b.end_col;
}

/* The number of span s (from 1; 0 for no file). */
static uint32_t span_id(struct writer *w, struct pl_span s, bool add)
{
	if (!s.file)
		return 0;
	if (add && (w->n_spans + 1) * 2 > w->cap_slots) {
		size_t nc = w->cap_slots ? w->cap_slots * 2 : 4096;
		uint32_t *ns = pl_xcalloc(nc, sizeof(*ns));
		for (size_t i = 0; i < w->n_spans; i++) {
			size_t j = span_hash(w->spans[i]) & (nc - 1);
			while (ns[j])
				j = (j + 1) & (nc - 1);
			ns[j] = (uint32_t)i + 1;
		}
		free(w->span_slot);
		w->span_slot = ns;
		w->cap_slots = nc;
	}
	if (!w->cap_slots)
		return 0;
	size_t j = span_hash(s) & (w->cap_slots - 1);
	while (w->span_slot[j]) {
		if (span_eq(w->spans[w->span_slot[j] - 1], s))
			return w->span_slot[j];
		j = (j + 1) & (w->cap_slots - 1);
	}
	if (!add)
		return 0;
	if (w->n_spans == w->cap_spans) {
		w->cap_spans = w->cap_spans ? w->cap_spans * 2 : 1024;
		w->spans = pl_xrealloc(w->spans, w->cap_spans * sizeof(*w->spans));
	}
	w->spans[w->n_spans++] = s;
	w->span_slot[j] = (uint32_t)w->n_spans;
	return (uint32_t)w->n_spans;
}

static void note_span(struct writer *w, struct pl_span s)
{
	if (s.file && !span_id(w, s, false)) {
		note_file(w, s.file);
		span_id(w, s, true);
	}
}

static void push(struct writer *w, int kind, const void *p)
{
	if (!p)
		return;
	struct pmap *m = kind == K_REC ? &w->recs : kind == K_VAL ? &w->vals : &w->types;
	struct pl_vec *v = kind == K_REC ? &w->rec_v : kind == K_VAL ? &w->val_v : &w->type_v;
	uint32_t base = kind == K_TYPE ? T_FIRST_FREE - 1 : 0;
	if (pmap_get(m, p))
		return;
	pmap_add(m, p, base + (uint32_t)v->len + 1);
	pl_vec_push(v, (void *)p);
	pl_vec_push(&w->stack, (void *)((uintptr_t)p | (uintptr_t)kind));
}

static void visit_rec(struct writer *w, const struct tg_rec *r)
{
	note_str(w, r->name);
	push(w, K_VAL, r->name_v);
	for (unsigned i = 0; i < r->nfields; i++) {
		const struct tg_field *f = &r->fields[i];
		note_str(w, f->name);
		push(w, K_TYPE, tg_field_type(f));
		push(w, K_VAL, f->val);
		note_span(w, *f->vspan);
	}
	for (unsigned i = 0; i < r->nsupers; i++) {
		push(w, K_REC, r->supers[i]);
		note_span(w, r->super_spans[i]);
	}
	for (unsigned i = 0; i < r->ntargs; i++)
		note_str(w, r->targs[i]);
	for (unsigned i = 0; i < r->nasserts; i++) {
		note_span(w, r->asserts[i].span);
		push(w, K_VAL, r->asserts[i].cond);
		push(w, K_VAL, r->asserts[i].msg);
	}
	note_span(w, r->span);
	note_span(w, r->inst_span);
	push(w, K_VAL, r->defval);
	push(w, K_TYPE, r->rtype);
	push(w, K_TYPE, r->self_ty);
}

static void visit_val(struct writer *w, const struct tg_value *v)
{
	push(w, K_TYPE, v->type);
	note_str(w, v->str);
	push(w, K_REC, v->rec);
	push(w, K_TYPE, tg_v_cty(v));
	push(w, K_REC, tg_v_def_made(w->k, v));
	for (unsigned i = 0, n = tg_v_nops(v); i < n; i++)
		push(w, K_VAL, v->v[i]);
	for (unsigned i = 0, n = tg_v_nnames(v); i < n; i++)
		note_str(w, v->names[i]);
}

static void visit_type(struct writer *w, const struct tg_type *t)
{
	push(w, K_TYPE, t->elem);
	push(w, K_TYPE, t->list_of);
	push(w, K_TYPE, t->next);
	if (t->kind == TG_TY_REC)
		for (unsigned i = 0; i < t->width; i++)
			push(w, K_REC, t->classes[i]);
}

static void visit_all(struct writer *w)
{
	while (w->stack.len) {
		uintptr_t x = (uintptr_t)w->stack.items[--w->stack.len];
		const void *p = (const void *)(x & ~(uintptr_t)3);
		switch ((int)(x & 3)) {
		case K_REC: visit_rec(w, p); break;
		case K_VAL: visit_val(w, p); break;
		default: visit_type(w, p); break;
		}
	}
}

static void visit_ents(struct writer *w, const struct entry_vec *ev)
{
	for (unsigned i = 0; i < ev->n; i++) {
		const struct entry *e = &ev->v[i];
		push(w, K_REC, e->rec);
		if (e->loop) {
			note_span(w, e->loop->span);
			push(w, K_VAL, e->loop->itervar);
			push(w, K_VAL, e->loop->list);
			visit_ents(w, &e->loop->ents);
		}
		note_span(w, e->as.span);
		push(w, K_VAL, e->as.cond);
		push(w, K_VAL, e->as.msg);
	}
}

/* Room for n more bytes (the writes are small and many: inline). */
static inline char *put_room(struct writer *w, size_t n)
{
	if (w->b.cap - w->b.len < n)
		pl_buf_reserve(&w->b, n < 1 << 16 ? 1 << 16 : n);
	char *p = w->b.data + w->b.len;
	w->b.len += n;
	return p;
}

static void put_u8(struct writer *w, unsigned x)
{
	*put_room(w, 1) = (char)x;
}

static void put_u32(struct writer *w, uint32_t x)
{
	memcpy(put_room(w, sizeof(x)), &x, sizeof(x));
}

static void put_u64(struct writer *w, uint64_t x)
{
	memcpy(put_room(w, sizeof(x)), &x, sizeof(x));
}

static void put_bytes(struct writer *w, const char *s, size_t n)
{
	put_u32(w, (uint32_t)n);
	pl_buf_add(&w->b, s, n);
}

static void put_str(struct writer *w, const char *s) { put_u32(w, pmap_get(&w->strs, s)); }
static void put_rec(struct writer *w, const struct tg_rec *r) { put_u32(w, pmap_get(&w->recs, r)); }
static void put_val(struct writer *w, const struct tg_value *v) { put_u32(w, pmap_get(&w->vals, v)); }
static void put_type(struct writer *w, const struct tg_type *t) { put_u32(w, pmap_get(&w->types, t)); }

static void put_span(struct writer *w, struct pl_span s)
{
	put_u32(w, span_id(w, s, false));
}

static void put_ents(struct writer *w, const struct entry_vec *ev)
{
	put_u32(w, ev->n);
	for (unsigned i = 0; i < ev->n; i++) {
		const struct entry *e = &ev->v[i];
		put_u8(w, e->kind);
		put_rec(w, e->rec);
		put_u8(w, e->loop != NULL);
		if (e->loop) {
			put_span(w, e->loop->span);
			put_val(w, e->loop->itervar);
			put_val(w, e->loop->list);
			put_ents(w, &e->loop->ents);
		}
		put_span(w, e->as.span);
		put_val(w, e->as.cond);
		put_val(w, e->as.msg);
	}
}

static void put_map(struct writer *w, const struct tg_hmap *m, int kind)
{
	const char *key;
	void *val;

	put_u32(w, (uint32_t)tg_hmap_count(m));
	for (size_t i = 0; i < tg_hmap_slots(m); i++)
		if (tg_hmap_slot(m, i, &key, &val)) {
			put_str(w, key);
			if (kind == K_REC)
				put_rec(w, val);
			else
				put_val(w, val);
		}
}

static void note_map(struct writer *w, const struct tg_hmap *m, int kind)
{
	const char *key;
	void *val;

	for (size_t i = 0; i < tg_hmap_slots(m); i++)
		if (tg_hmap_slot(m, i, &key, &val)) {
			note_str(w, key);
			push(w, kind, val);
		}
}

/* Write head[0..hlen) then data[0..len) to path, through a temporary
 * file renamed over it. */
static int write_file(const char *path, const char *head, size_t hlen, const char *data, size_t len)
{
	static atomic_uint seq; /* -j workers write in one process */
	char *tmp = pl_xmalloc(strlen(path) + 48);
	FILE *f;
	int rc = -1;

	sprintf(tmp, "%s.%ld.%u.tmp", path, (long)getpid(), atomic_fetch_add(&seq, 1));
	f = fopen(tmp, "wb");
	if (f) {
		bool ok = fwrite(head, 1, hlen, f) == hlen && fwrite(data, 1, len, f) == len;
		if (fclose(f) == 0 && ok && rename(tmp, path) == 0)
			rc = 0;
		else
			remove(tmp);
	}
	free(tmp);
	return rc;
}

int tg_image_write(const char *path, struct tg_keeper *k, const struct tg_hmap *mcs,
                   const struct tg_lex_chunk *const *chunks, unsigned n_chunks)
{
	struct writer w = {.sm = k->sm, .k = k};
	struct pl_buf out = {0};
	int rc;

	w.n_sm = pl_source_count(k->sm) + 1;
	w.file_ix = pl_xcalloc(w.n_sm, sizeof(*w.file_ix));
	const struct tg_type *single[T_FIRST_FREE] = {NULL, k->ty_bit, k->ty_int, k->ty_string, k->ty_dag,
	                                              k->ty_rec_empty};
	for (unsigned i = 1; i < T_FIRST_FREE; i++)
		pmap_add(&w.types, single[i], i);
	for (unsigned i = 1; i < T_FIRST_FREE; i++)
		visit_type(&w, single[i]);

	/* everything the state reaches */
	push(&w, K_VAL, k->unset);
	push(&w, K_VAL, k->bit0);
	push(&w, K_VAL, k->bit1);
	/* Values nothing in the state refers to cannot be compared with
	 * later ones: only the uniqued Class<args> instantiations are kept
	 * for themselves (they name their anonymous record, which a later
	 * Class<args> must find again, as LLVM's VarDefInit does). */
	for (size_t i = 0; i < k->vcap; i++)
		if (k->vtab[i] && tg_vtab_value(k->vtab[i])->kind == TG_V_VARDEF)
			push(&w, K_VAL, tg_vtab_value(k->vtab[i]));
	for (unsigned i = 0; i < k->ndefs; i++)
		push(&w, K_REC, k->defs[i]);
	for (unsigned i = 0; i < k->nclasses; i++)
		push(&w, K_REC, k->classes[i]);
	note_map(&w, k->def_map, K_REC);
	note_map(&w, k->class_map, K_REC);
	note_map(&w, k->globals, K_VAL);
	push(&w, K_TYPE, k->bits_chain);
	push(&w, K_TYPE, k->rec_chain);
	for (size_t i = 0; i < tg_hmap_slots(mcs); i++) {
		const char *key;
		void *val;
		if (tg_hmap_slot(mcs, i, &key, &val)) {
			const struct multiclass *mc = val;
			note_str(&w, key);
			push(&w, K_REC, mc->rec);
			visit_ents(&w, &mc->ents);
		}
	}
	visit_all(&w);
	for (unsigned c = 0; c < n_chunks; c++) {
		const struct tg_lex_chunk *ch = chunks[c];
		note_file(&w, ch->file);
		for (unsigned i = 0; i < ch->n_tested; i++)
			note_str(&w, ch->tested[i]);
		for (unsigned i = 0; i < ch->n_defined; i++)
			note_str(&w, ch->defined[i]);
		for (uint32_t i = 0; i < ch->n_incls; i++) {
			note_file(&w, ch->incls[i].file);
			note_span(&w, ch->incls[i].at);
		}
	}
	if (w.bad) {
		rc = -1;
		goto done;
	}

	put_u32(&w, (uint32_t)w.file_v.len);
	put_u32(&w, (uint32_t)w.str_v.len);
	put_u32(&w, (uint32_t)w.type_v.len);
	put_u32(&w, (uint32_t)w.val_v.len);
	put_u32(&w, (uint32_t)w.rec_v.len);
	put_u32(&w, (uint32_t)w.n_spans);
	put_u32(&w, k->ndefs + k->nclasses);
	for (size_t i = 0; i < w.file_v.len; i++) {
		const struct pl_source_file *f = w.file_v.items[i];
		put_bytes(&w, f->path, strlen(f->path));
		put_u64(&w, f->len);
		put_u64(&w, pl_source_checksum(f));
	}
	for (size_t i = 0; i < w.str_v.len; i++) {
		const char *s = w.str_v.items[i];
		put_bytes(&w, s, strlen(s));
	}
	for (size_t i = 0; i < w.n_spans; i++) {
		struct pl_span sp = w.spans[i];
		put_u32(&w, w.file_ix[sp.file]);
		put_u32(&w, sp.line);
		put_u32(&w, sp.col);
		put_u32(&w, sp.end_line);
		put_u32(&w, sp.end_col);
		put_u32(&w, sp.off);
		put_u32(&w, sp.end_off);
	}
	/* the path, before the state: a reader may stop there (tg_image_read) */
	put_u32(&w, n_chunks);
	for (unsigned c = 0; c < n_chunks; c++) {
		const struct tg_lex_chunk *ch = chunks[c];
		put_u32(&w, w.file_ix[ch->file]);
		put_u32(&w, ch->off);
		put_u32(&w, ch->n_tested);
		for (unsigned i = 0; i < ch->n_tested; i++) {
			put_str(&w, ch->tested[i]);
			put_u8(&w, ch->tested_def[i]);
		}
		put_u32(&w, ch->n_defined);
		for (unsigned i = 0; i < ch->n_defined; i++)
			put_str(&w, ch->defined[i]);
		put_u32(&w, ch->n_incls);
		for (uint32_t i = 0; i < ch->n_incls; i++) {
			put_u32(&w, w.file_ix[ch->incls[i].file]);
			put_u32(&w, ch->incls[i].parent);
			put_span(&w, ch->incls[i].at);
		}
	}
	/* the singletons' list types, then the other types */
	for (unsigned i = 1; i < T_FIRST_FREE; i++)
		put_type(&w, single[i]->list_of);
	for (size_t i = 0; i < w.type_v.len; i++) {
		const struct tg_type *t = w.type_v.items[i];
		put_u8(&w, t->kind);
		put_u32(&w, t->width);
		put_type(&w, t->elem);
		put_type(&w, t->list_of);
		put_type(&w, t->next);
		if (t->kind == TG_TY_REC)
			for (unsigned j = 0; j < t->width; j++)
				put_rec(&w, t->classes[j]);
	}
	put_val(&w, k->unset);
	put_val(&w, k->bit0);
	put_val(&w, k->bit1);
	for (size_t i = 0; i < w.val_v.len; i++) {
		const struct tg_value *v = w.val_v.items[i];
		put_u8(&w, v->kind);
		put_u32(&w, (uint32_t)v->op);
		put_u32(&w, v->n);
		put_type(&w, v->type);
		put_u64(&w, (uint64_t)v->i);
		put_str(&w, v->str);
		put_rec(&w, v->rec);
		put_type(&w, tg_v_cty(v));
		put_rec(&w, tg_v_def_made(k, v));
		put_u8(&w, v->closed);
		for (unsigned j = 0, n = tg_v_nops(v); j < n; j++)
			put_val(&w, v->v[j]);
		for (unsigned j = 0, n = tg_v_nnames(v); j < n; j++)
			put_str(&w, v->names[j]);
	}
	for (size_t i = 0; i < w.rec_v.len; i++) {
		const struct tg_rec *r = w.rec_v.items[i];
		put_str(&w, r->name);
		put_val(&w, r->name_v);
		put_u8(&w, r->rk);
		put_u8(&w, r->anonymous);
		put_u8(&w, r->in_table);
		put_u32(&w, r->order);
		put_span(&w, r->span);
		put_span(&w, r->inst_span);
		put_val(&w, r->defval);
		put_type(&w, r->rtype);
		put_type(&w, r->self_ty);
		put_u32(&w, r->nfields);
		for (unsigned j = 0; j < r->nfields; j++) {
			const struct tg_field *f = &r->fields[j];
			put_str(&w, f->name);
			put_type(&w, tg_field_type(f));
			put_val(&w, f->val);
			put_span(&w, *f->vspan);
			put_u8(&w, tg_field_kind(f));
		}
		put_u32(&w, r->nsupers);
		for (unsigned j = 0; j < r->nsupers; j++) {
			put_rec(&w, r->supers[j]);
			put_span(&w, r->super_spans[j]);
		}
		put_u32(&w, r->ntargs);
		for (unsigned j = 0; j < r->ntargs; j++)
			put_str(&w, r->targs[j]);
		put_u32(&w, r->nasserts);
		for (unsigned j = 0; j < r->nasserts; j++) {
			put_span(&w, r->asserts[j].span);
			put_val(&w, r->asserts[j].cond);
			put_val(&w, r->asserts[j].msg);
		}
	}
	/* the keeper's tables */
	put_u32(&w, k->ndefs);
	for (unsigned i = 0; i < k->ndefs; i++)
		put_rec(&w, k->defs[i]);
	put_u32(&w, k->nclasses);
	for (unsigned i = 0; i < k->nclasses; i++)
		put_rec(&w, k->classes[i]);
	put_map(&w, k->def_map, K_REC);
	put_map(&w, k->class_map, K_REC);
	put_map(&w, k->globals, K_VAL);
	put_u32(&w, k->anon_counter);
	put_type(&w, k->bits_chain);
	put_type(&w, k->rec_chain);
	{
		const char *key;
		void *val;
		put_u32(&w, (uint32_t)tg_hmap_count(mcs));
		for (size_t i = 0; i < tg_hmap_slots(mcs); i++)
			if (tg_hmap_slot(mcs, i, &key, &val)) {
				const struct multiclass *mc = val;
				put_str(&w, key);
				put_rec(&w, mc->rec);
				put_ents(&w, &mc->ents);
			}
	}
	/* header: magic, stamp, payload length and checksum */
	pl_buf_add(&out, IMG_MAGIC, 8);
	{
		uint32_t sl = (uint32_t)strlen(img_stamp());
		uint64_t len = w.b.len, h = pl_checksum(w.b.data, w.b.len);
		pl_buf_add(&out, (const char *)&sl, sizeof(sl));
		pl_buf_add(&out, img_stamp(), sl);
		pl_buf_add(&out, (const char *)&len, sizeof(len));
		pl_buf_add(&out, (const char *)&h, sizeof(h));
	}
	/* one pl_read_file could not read back is not written (a run would
	 * write it again each time) */
	rc = out.len + w.b.len > PL_MAX_FILE_SIZE ? -1 : write_file(path, out.data, out.len, w.b.data, w.b.len);
done:
	pl_buf_free(&out);
	pl_buf_free(&w.b);
	pmap_free(&w.strs);
	pmap_free(&w.types);
	pmap_free(&w.vals);
	pmap_free(&w.recs);
	pl_vec_free(&w.str_v);
	pl_vec_free(&w.type_v);
	pl_vec_free(&w.val_v);
	pl_vec_free(&w.rec_v);
	pl_vec_free(&w.file_v);
	pl_vec_free(&w.stack);
	free(w.file_ix);
	free(w.spans);
	free(w.span_slot);
	return rc;
}

/* ---- reading ------------------------------------------------------------ */

struct reader {
	const unsigned char *p, *end;
	bool bad;
	struct tg_keeper *k;
	struct pl_arena *a;           /* the records' arena */
	struct pl_arena *ca;          /* the chunks' arena */
	uint32_t nfiles, nstrs, ntypes, nvals, nrecs, nspans;
	struct pl_source_file **files;
	struct pl_span *spans;        /* the span table (read_spans), or NULL */
	const unsigned char *span_at; /* the span section */
	const char **strs;            /* interned on first use (get_str) */
	const unsigned char **str_at; /* each string's bytes in the image */
	uint32_t *str_len;
	struct tg_type **types;       /* [T_FIRST_FREE - 1 + i]: the image's */
	struct tg_value **vals;
	struct tg_rec **recs;
};

/* n bytes into x; zeros past the end (and the reader is bad). */
static void get_raw(struct reader *r, void *x, size_t n)
{
	if ((size_t)(r->end - r->p) < n) {
		r->bad = true;
		r->p = r->end;
		memset(x, 0, n);
		return;
	}
	memcpy(x, r->p, n);
	r->p += n;
}

static uint32_t get_u32(struct reader *r)
{
	uint32_t x;

	get_raw(r, &x, sizeof(x));
	return x;
}

static uint64_t get_u64(struct reader *r)
{
	uint64_t x;

	get_raw(r, &x, sizeof(x));
	return x;
}

static unsigned get_u8(struct reader *r)
{
	if (r->p >= r->end) {
		r->bad = true;
		return 0;
	}
	return *r->p++;
}

/* A count of items of at least min_size bytes each: no larger than what
 * is left, so a bad count cannot make a huge allocation. */
static uint32_t get_count(struct reader *r, size_t min_size)
{
	uint32_t n = get_u32(r);

	if ((uint64_t)n * min_size > (uint64_t)(r->end - r->p)) {
		r->bad = true;
		return 0;
	}
	return n;
}

/* n bytes of the image ("" and n = 0 past its end: the reader is bad). */
static const unsigned char *get_bytes(struct reader *r, uint32_t *n)
{
	*n = get_u32(r);
	if (r->bad || *n > (size_t)(r->end - r->p)) {
		r->bad = true;
		*n = 0;
		return (const unsigned char *)"";
	}
	const unsigned char *s = r->p;
	r->p += *n;
	return s;
}

static uint32_t get_id(struct reader *r, uint32_t n)
{
	uint32_t x = get_u32(r);

	if (x > n) {
		r->bad = true;
		return 0;
	}
	return x;
}

/* A string by its number, interned when first asked for: a reader that
 * stops after the path (tg_image_read's want) interns only the path's. */
static const char *get_str(struct reader *r)
{
	uint32_t x = get_id(r, r->nstrs);

	if (!x)
		return NULL;
	const char **s = &r->strs[x - 1];
	if (!*s)
		*s = pl_intern_n(r->k->intern, (const char *)r->str_at[x - 1], r->str_len[x - 1]);
	return *s;
}

static struct tg_rec *get_rec(struct reader *r)
{
	uint32_t x = get_id(r, r->nrecs);
	return x ? r->recs[x - 1] : NULL;
}

static struct tg_value *get_val(struct reader *r)
{
	uint32_t x = get_id(r, r->nvals);
	return x ? r->vals[x - 1] : NULL;
}

static struct tg_type *get_type(struct reader *r)
{
	uint32_t x = get_id(r, T_FIRST_FREE - 1 + r->ntypes);
	return x ? r->types[x] : NULL;
}

/* Span i of the span section (SPAN_BYTES each, at r->span_at). */
enum { SPAN_BYTES = 7 * 4 };

static struct pl_span decode_span(struct reader *r, uint32_t i)
{
	struct reader at = *r;
	struct pl_span s = {0};

	at.p = r->span_at + (size_t)i * SPAN_BYTES;
	at.end = at.p + SPAN_BYTES;
	uint32_t f = get_id(&at, r->nfiles);
	if (!f) {
		r->bad = true;
		return s;
	}
	s.file = r->files[f - 1]->id;
	s.line = get_u32(&at);
	s.col = get_u32(&at);
	s.end_line = get_u32(&at);
	s.end_col = get_u32(&at);
	s.off = get_u32(&at);
	s.end_off = get_u32(&at);
	return s;
}

/* A span by its number: from the table once read_spans made it, before
 * that (the path's few) decoded where it lies. */
static struct pl_span get_span(struct reader *r)
{
	static const struct pl_span none;
	uint32_t x = get_id(r, r->nspans);

	if (!x)
		return none;
	return r->spans ? r->spans[x - 1] : decode_span(r, x - 1);
}

/* Where a field's vspan can point: into the span table, which is in the
 * records' arena for that reason. */
static const struct pl_span *get_span_at(struct reader *r)
{
	uint32_t x = get_id(r, r->nspans);

	return x ? &r->spans[x - 1] : &tg_no_span;
}

/* Step over the span section, which read_spans reads once the state is
 * wanted (a reader that stops after the path makes no table). */
static bool skip_spans(struct reader *r)
{
	if ((size_t)(r->end - r->p) / SPAN_BYTES < r->nspans)
		return r->bad = true, false;
	r->span_at = r->p;
	r->p += (size_t)r->nspans * SPAN_BYTES;
	return true;
}

static bool read_spans(struct reader *r)
{
	struct pl_span *t = pl_arena_alloc(r->a, sizeof(*t) * (r->nspans ? r->nspans : 1));

	for (uint32_t i = 0; i < r->nspans && !r->bad; i++)
		t[i] = decode_span(r, i);
	r->spans = t;
	return !r->bad;
}

static bool get_ents(struct reader *r, struct entry_vec *ev, unsigned depth)
{
	if (depth > 1000) {
		r->bad = true;
		return false;
	}
	ev->n = ev->cap = get_count(r, 8);
	ev->v = PL_NEW_ARRAY(r->a, struct entry, ev->n ? ev->n : 1);
	for (unsigned i = 0; i < ev->n && !r->bad; i++) {
		struct entry *e = &ev->v[i];
		unsigned kind = get_u8(r);
		if (kind > E_ASSERT)
			r->bad = true;
		e->kind = (enum entry_kind)kind;
		e->rec = get_rec(r);
		if (get_u8(r)) {
			e->loop = PL_NEW(r->a, struct loop);
			e->loop->span = get_span(r);
			e->loop->itervar = get_val(r);
			e->loop->list = get_val(r);
			get_ents(r, &e->loop->ents, depth + 1);
		}
		e->as.span = get_span(r);
		e->as.cond = get_val(r);
		e->as.msg = get_val(r);
	}
	return !r->bad;
}

static bool get_map(struct reader *r, struct tg_hmap *m, int kind)
{
	uint32_t n = get_count(r, 8);

	for (uint32_t i = 0; i < n && !r->bad; i++) {
		const char *key = get_str(r);
		void *val = kind == K_REC ? (void *)get_rec(r) : (void *)get_val(r);
		if (!key || !val)
			r->bad = true;
		else
			tg_hmap_put(m, key, val);
	}
	return !r->bad;
}

/* Load and check the files of the image. */
static bool read_files(struct reader *r, struct pl_source_mgr *sm)
{
	r->files = pl_xcalloc(r->nfiles ? r->nfiles : 1, sizeof(*r->files));
	for (uint32_t i = 0; i < r->nfiles && !r->bad; i++) {
		uint32_t n;
		const unsigned char *s = get_bytes(r, &n);
		uint64_t len = get_u64(r), h = get_u64(r);
		if (r->bad || !n || memchr(s, '\0', n))
			return r->bad = true, false;
		char *path = pl_xstrndup((const char *)s, n);
		struct pl_source_file *f;
		int rc = pl_source_load(&f, sm, path);
		free(path);
		if (rc < 0 || f->len != len || pl_source_checksum(f) != h)
			return r->bad = true, false;
		r->files[i] = f;
	}
	return !r->bad;
}

static bool read_types(struct reader *r)
{
	struct tg_keeper *k = r->k;
	struct tg_type *single[T_FIRST_FREE] = {NULL, k->ty_bit, k->ty_int, k->ty_string, k->ty_dag,
	                                        k->ty_rec_empty};

	r->types = PL_NEW_ARRAY(r->a, struct tg_type *, T_FIRST_FREE + r->ntypes);
	for (unsigned i = 1; i < T_FIRST_FREE; i++)
		r->types[i] = single[i];
	struct tg_type *made = PL_NEW_ARRAY(r->a, struct tg_type, r->ntypes ? r->ntypes : 1);
	for (uint32_t i = 0; i < r->ntypes; i++)
		r->types[T_FIRST_FREE + i] = &made[i];
	for (unsigned i = 1; i < T_FIRST_FREE; i++)
		single[i]->list_of = get_type(r);
	for (uint32_t i = 0; i < r->ntypes && !r->bad; i++) {
		struct tg_type *t = &made[i];
		unsigned kind = get_u8(r);
		if (kind > TG_TY_REC)
			return r->bad = true, false;
		t->kind = (enum tg_type_kind)kind;
		t->width = get_u32(r);
		t->elem = get_type(r);
		t->list_of = get_type(r);
		t->next = get_type(r);
		if ((t->kind == TG_TY_LIST) != (t->elem != NULL))
			return r->bad = true, false;
		if (t->kind == TG_TY_REC) {
			if (t->width > (size_t)(r->end - r->p) / 4)
				return r->bad = true, false;
			t->classes = PL_NEW_ARRAY(r->a, struct tg_rec *, t->width ? t->width : 1);
			for (unsigned j = 0; j < t->width; j++)
				if (!(t->classes[j] = get_rec(r)))
					r->bad = true;
		}
	}
	return !r->bad;
}

static bool read_vals(struct reader *r)
{
	/* every member of a value is set below (hash by tg_v_adopt) */
	struct tg_value *made = pl_arena_alloc(r->a, sizeof(*made) * (r->nvals ? r->nvals : 1));

	r->vals = pl_arena_alloc(r->a, sizeof(*r->vals) * (r->nvals ? r->nvals : 1));
	for (uint32_t i = 0; i < r->nvals; i++)
		r->vals[i] = &made[i];
	/* the image's unset and bits are the keeper's own */
	uint32_t ids[3];
	for (int j = 0; j < 3; j++)
		ids[j] = get_id(r, r->nvals);
	if (r->bad || !ids[0] || !ids[1] || !ids[2])
		return r->bad = true, false;
	r->vals[ids[0] - 1] = (struct tg_value *)r->k->unset;
	r->vals[ids[1] - 1] = (struct tg_value *)r->k->bit0;
	r->vals[ids[2] - 1] = (struct tg_value *)r->k->bit1;
	for (uint32_t i = 0; i < r->nvals && !r->bad; i++) {
		struct tg_value *v = &made[i];
		unsigned kind = get_u8(r);
		if (kind > TG_V_COND)
			return r->bad = true, false;
		v->kind = (uint8_t)kind;
		uint32_t op = get_u32(r);
		if (op > INT16_MAX)
			return r->bad = true, false;
		v->op = (int16_t)op;
		v->n = get_u32(r);
		v->type = get_type(r);
		v->i = (int64_t)get_u64(r);
		v->str = get_str(r);
		v->rec = get_rec(r);
		const struct tg_type *cty = get_type(r);
		struct tg_rec *def = get_rec(r);
		/* each only where its kind has it; an instantiation is the keeper's */
		v->cty = NULL;
		if (kind == TG_V_ISA || kind == TG_V_EXISTS)
			v->cty = cty;
		else if (kind == TG_V_VARDEF && def)
			tg_hmap_put(r->k->vardef_map, (const char *)v, def);
		if ((cty && !tg_v_cty(v)) || (def && kind != TG_V_VARDEF) ||
		    ((kind == TG_V_ISA || kind == TG_V_EXISTS) && !cty))
			r->bad = true;
		v->closed = get_u8(r) != 0;
		v->hash = 0;
		unsigned no = tg_v_nops(v), nn = tg_v_nnames(v);
		if ((uint64_t)no + nn > (uint64_t)(r->end - r->p) / 4)
			return r->bad = true, false;
		v->v = no ? pl_arena_alloc(r->a, sizeof(*v->v) * no) : NULL;
		for (unsigned j = 0; j < no; j++)
			v->v[j] = get_val(r);
		if (nn) /* else the slot is cty's (set above), or NULL */
			v->names = pl_arena_alloc(r->a, sizeof(*v->names) * nn);
		for (unsigned j = 0; j < nn; j++)
			v->names[j] = get_str(r);
		if ((kind == TG_V_STRING || kind == TG_V_VAR) && !v->str)
			r->bad = true;
		if ((kind == TG_V_DEF || kind == TG_V_VARDEF) && !v->rec)
			r->bad = true;
		if (kind != TG_V_UNSET && !v->type)
			r->bad = true;
	}
	return !r->bad;
}

static bool read_recs(struct reader *r)
{
	for (uint32_t i = 0; i < r->nrecs && !r->bad; i++) {
		struct tg_rec *rec = r->recs[i];
		rec->name = get_str(r);
		rec->name_v = get_val(r);
		unsigned rk = get_u8(r);
		if (rk > TG_REC_MULTICLASS)
			return r->bad = true, false;
		rec->rk = (enum tg_rec_kind)rk;
		rec->anonymous = get_u8(r) != 0;
		rec->in_table = get_u8(r) != 0;
		rec->order = get_u32(r);
		rec->span = get_span(r);
		rec->inst_span = get_span(r);
		rec->defval = get_val(r);
		rec->rtype = get_type(r);
		rec->self_ty = get_type(r);
		rec->nfields = rec->capfields = get_count(r, 5 * 4 + 1);
		rec->fields = pl_arena_alloc(r->a, sizeof(struct tg_field) * (rec->nfields ? rec->nfields : 1));
		for (unsigned j = 0; j < rec->nfields; j++) {
			struct tg_field *f = &rec->fields[j];
			f->name = get_str(r);
			const struct tg_type *ty = get_type(r);
			f->val = get_val(r);
			f->vspan = get_span_at(r);
			unsigned fk = get_u8(r);
			if (!f->name || !f->val || !ty || fk > TG_FK_TARG)
				r->bad = true;
			tg_field_set_type(f, ty,
			                  fk <= TG_FK_TARG ? (enum tg_field_kind)fk : TG_FK_NORMAL);
		}
		rec->nsupers = rec->capsupers = get_count(r, 8);
		/* arrays filled whole below: not zeroed */
		rec->supers = pl_arena_alloc(r->a, sizeof(*rec->supers) * (rec->nsupers ? rec->nsupers : 1));
		rec->super_spans = pl_arena_alloc(r->a, sizeof(*rec->super_spans) * (rec->nsupers ? rec->nsupers : 1));
		for (unsigned j = 0; j < rec->nsupers; j++) {
			if (!(rec->supers[j] = get_rec(r)))
				r->bad = true;
			rec->super_spans[j] = get_span(r);
		}
		rec->ntargs = rec->captargs = get_count(r, 4);
		rec->targs = pl_arena_alloc(r->a, sizeof(*rec->targs) * (rec->ntargs ? rec->ntargs : 1));
		for (unsigned j = 0; j < rec->ntargs; j++)
			if (!(rec->targs[j] = get_str(r)))
				r->bad = true;
		rec->nasserts = rec->capasserts = get_count(r, 12);
		rec->asserts = rec->nasserts ? PL_NEW_ARRAY(r->a, struct tg_assert, rec->nasserts) : NULL;
		for (unsigned j = 0; j < rec->nasserts; j++) {
			rec->asserts[j].span = get_span(r);
			rec->asserts[j].cond = get_val(r);
			rec->asserts[j].msg = get_val(r);
		}
		if (!r->bad)
			tg_rec_index_fields(r->k, rec);
	}
	return !r->bad;
}

static bool read_chunks(struct reader *r, struct tg_lex_chunk ***out, unsigned *n_out)
{
	uint32_t n = get_count(r, 20);
	struct tg_lex_chunk **cs = PL_NEW_ARRAY(r->ca, struct tg_lex_chunk *, n ? n : 1);

	for (uint32_t c = 0; c < n && !r->bad; c++) {
		struct tg_lex_chunk *ch = PL_NEW(r->ca, struct tg_lex_chunk);
		uint32_t f = get_id(r, r->nfiles);
		if (!f)
			return r->bad = true, false;
		ch->file = r->files[f - 1]->id;
		ch->off = get_u32(r);
		ch->n_tested = get_count(r, 5);
		ch->tested = PL_NEW_ARRAY(r->ca, const char *, ch->n_tested ? ch->n_tested : 1);
		ch->tested_def = PL_NEW_ARRAY(r->ca, bool, ch->n_tested ? ch->n_tested : 1);
		for (unsigned i = 0; i < ch->n_tested; i++) {
			if (!(ch->tested[i] = get_str(r)))
				r->bad = true;
			ch->tested_def[i] = get_u8(r) != 0;
		}
		ch->n_defined = get_count(r, 4);
		ch->defined = PL_NEW_ARRAY(r->ca, const char *, ch->n_defined ? ch->n_defined : 1);
		for (unsigned i = 0; i < ch->n_defined; i++)
			if (!(ch->defined[i] = get_str(r)))
				r->bad = true;
		ch->n_incls = get_count(r, 12);
		ch->incls = PL_NEW_ARRAY(r->ca, struct tg_incl, ch->n_incls ? ch->n_incls : 1);
		ch->incl_f = PL_NEW_ARRAY(r->ca, struct pl_source_file *, ch->n_incls ? ch->n_incls : 1);
		for (uint32_t i = 0; i < ch->n_incls && !r->bad; i++) {
			uint32_t fi = get_id(r, r->nfiles);
			uint32_t parent = get_u32(r);
			if (!fi || (parent != TG_CHUNK_SELF && parent >= i))
				return r->bad = true, false;
			ch->incl_f[i] = r->files[fi - 1];
			ch->incls[i].file = ch->incl_f[i]->id;
			ch->incls[i].parent = parent;
			ch->incls[i].at = get_span(r);
		}
		cs[c] = ch;
	}
	*out = cs;
	*n_out = n;
	return !r->bad;
}

int tg_image_read_buffer(const char *data, size_t len, struct tg_keeper *k, struct tg_hmap *mcs,
                         struct pl_arena *chunk_arena, struct tg_lex_chunk ***chunks,
                         unsigned *n_chunks, tg_image_want_fn *want, void *ud)
{
	struct reader r = {.p = (const unsigned char *)data, .end = (const unsigned char *)data + len,
	                   .k = k, .a = k->arena, .ca = chunk_arena};
	const char *stamp = img_stamp();
	size_t sl = strlen(stamp);
	int rc = -1;

	*chunks = NULL;
	*n_chunks = 0;
	if (len < 8 + 4 + sl + 16 || memcmp(data, IMG_MAGIC, 8) != 0)
		return -1;
	r.p += 8;
	if (get_u32(&r) != sl || memcmp(r.p, stamp, sl) != 0)
		return -1;
	r.p += sl;
	uint64_t plen = get_u64(&r), h = get_u64(&r);
	if (plen != (uint64_t)(r.end - r.p) || pl_checksum(r.p, (size_t)plen) != h)
		return -1;

	r.nfiles = get_count(&r, 20);
	r.nstrs = get_count(&r, 4);
	r.ntypes = get_count(&r, 17);
	r.nvals = get_count(&r, 38);
	r.nrecs = get_count(&r, 40);
	r.nspans = get_count(&r, 28);
	uint32_t named = get_u32(&r);
	if (r.bad || !read_files(&r, k->sm))
		goto out;
	r.strs = pl_xcalloc(r.nstrs ? r.nstrs : 1, sizeof(*r.strs));
	r.str_at = pl_xmalloc((r.nstrs ? r.nstrs : 1) * sizeof(*r.str_at));
	r.str_len = pl_xmalloc((r.nstrs ? r.nstrs : 1) * sizeof(*r.str_len));
	for (uint32_t i = 0; i < r.nstrs && !r.bad; i++)
		r.str_at[i] = get_bytes(&r, &r.str_len[i]);
	if (!skip_spans(&r) || !read_chunks(&r, chunks, n_chunks))
		goto out;
	if (want && !want(ud, *chunks, *n_chunks, named)) {
		rc = 1;
		goto out;
	}
	if (!read_spans(&r))
		goto out;
	/* the state names most strings: interned in the table's order, which
	 * reads the image's bytes in order (interned as the objects named
	 * them, each of the corpus's DRR files took ~0.6 ms longer) */
	for (uint32_t i = 0; i < r.nstrs; i++)
		if (!r.strs[i])
			r.strs[i] = pl_intern_n(k->intern, (const char *)r.str_at[i], r.str_len[i]);
	r.recs = PL_NEW_ARRAY(r.a, struct tg_rec *, r.nrecs ? r.nrecs : 1);
	struct tg_rec *recs = PL_NEW_ARRAY(r.a, struct tg_rec, r.nrecs ? r.nrecs : 1);
	for (uint32_t i = 0; i < r.nrecs; i++)
		r.recs[i] = &recs[i];
	if (r.bad || !read_types(&r) || !read_vals(&r) || !read_recs(&r))
		goto out;

	/* the keeper: its own unset and bits stay; the rest is the image's,
	 * in a table made once at its final size */
	tg_v_reserve(k, r.nvals);
	for (uint32_t i = 0; i < r.nvals; i++) {
		struct tg_value *v = r.vals[i];
		if (v != k->unset && v != k->bit0 && v != k->bit1)
			tg_v_adopt(k, v);
	}
	k->ndefs = k->capdefs = get_count(&r, 4);
	k->defs = PL_NEW_ARRAY(r.a, struct tg_rec *, k->ndefs ? k->ndefs : 1);
	for (unsigned i = 0; i < k->ndefs; i++)
		if (!(k->defs[i] = get_rec(&r)))
			r.bad = true;
	k->nclasses = k->capclasses = get_count(&r, 4);
	k->classes = PL_NEW_ARRAY(r.a, struct tg_rec *, k->nclasses ? k->nclasses : 1);
	for (unsigned i = 0; i < k->nclasses; i++)
		if (!(k->classes[i] = get_rec(&r)))
			r.bad = true;
	if (!get_map(&r, k->def_map, K_REC) || !get_map(&r, k->class_map, K_REC) ||
	    !get_map(&r, k->globals, K_VAL))
		goto out;
	k->anon_counter = get_u32(&r);
	k->bits_chain = get_type(&r);
	k->rec_chain = get_type(&r);
	uint32_t nmc = get_count(&r, 12);
	for (uint32_t i = 0; i < nmc && !r.bad; i++) {
		const char *name = get_str(&r);
		struct multiclass *mc = PL_NEW(r.a, struct multiclass);
		mc->rec = get_rec(&r);
		if (!name || !mc->rec || !get_ents(&r, &mc->ents, 0))
			r.bad = true;
		else
			tg_hmap_put(mcs, name, mc);
	}
	if (r.bad || r.p != r.end)
		goto out;
	rc = 0;
out:
	free(r.files);
	free(r.strs);
	free(r.str_at);
	free(r.str_len);
	if (rc < 0) {
		*chunks = NULL;
		*n_chunks = 0;
	}
	return rc;
}

int tg_image_read(const char *path, struct tg_keeper *k, struct tg_hmap *mcs,
                  struct pl_arena *chunk_arena, struct tg_lex_chunk ***chunks, unsigned *n_chunks,
                  tg_image_want_fn *want, void *ud)
{
	const char *data;
	size_t len;
	bool mapped;

	*chunks = NULL;
	*n_chunks = 0;
	/* mapped, not read: reading it into fresh pages was 9% of a warm run
	 * on one file; images are renamed into place, never written where
	 * they lie */
	if (pl_map_file(&data, &len, &mapped, path) < 0)
		return -1;
	int rc = tg_image_read_buffer(data, len, k, mcs, chunk_arena, chunks, n_chunks, want, ud);
	pl_unmap_file(data, len, mapped);
	return rc;
}

/* ---- the folder ---------------------------------------------------------- */

void tg_image_touch(const char *path)
{
	utimensat(AT_FDCWD, path, NULL, 0);
}

struct img_file {
	char *path;
	off_t size;
	struct timespec mtime;
};

static int cmp_oldest(const void *a, const void *b)
{
	const struct img_file *x = a, *y = b;

	if (x->mtime.tv_sec != y->mtime.tv_sec)
		return x->mtime.tv_sec < y->mtime.tv_sec ? -1 : 1;
	if (x->mtime.tv_nsec != y->mtime.tv_nsec)
		return x->mtime.tv_nsec < y->mtime.tv_nsec ? -1 : 1;
	return strcmp(x->path, y->path);
}

static bool has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && strcmp(s + n - m, suf) == 0;
}

void tg_image_prune(const char *dir, uint64_t max_bytes)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct img_file *v = NULL;
	size_t n = 0, cap = 0;
	uint64_t total = 0;
	time_t now = time(NULL);

	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		bool img = has_suffix(e->d_name, ".tgi"), tmp = has_suffix(e->d_name, ".tmp");
		if (!img && !tmp)
			continue;
		char *path = pl_xmalloc(strlen(dir) + strlen(e->d_name) + 2);
		struct stat st;
		sprintf(path, "%s/%s", dir, e->d_name);
		if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode)) {
			free(path);
			continue;
		}
		if (tmp) {
			/* left by a writer that died: an hour is plenty to write one */
			if (now - st.st_mtim.tv_sec > 3600)
				remove(path);
			free(path);
			continue;
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			v = pl_xrealloc(v, cap * sizeof(*v));
		}
		v[n].path = path;
		v[n].size = st.st_size;
		v[n].mtime = st.st_mtim;
		total += (uint64_t)st.st_size;
		n++;
	}
	closedir(d);
	/* the least recently used first, until three quarters of the cap */
	if (total > max_bytes) {
		qsort(v, n, sizeof(*v), cmp_oldest);
		for (size_t i = 0; i < n && total > max_bytes / 4 * 3; i++)
			if (remove(v[i].path) == 0)
				total -= (uint64_t)v[i].size;
	}
	for (size_t i = 0; i < n; i++)
		free(v[i].path);
	free(v);
}

/* ---- the key ------------------------------------------------------------- */

/* Where the leading part of text ends: blanks, comments, preprocessor
 * lines and `include "file"`.  What the state depends on in the main file
 * is in there (or, when a dead #ifdef region holds other text, the chunks
 * recorded in the image say where it differs). */
static size_t leading_end(const char *s, size_t n)
{
	size_t i = 0;
	bool bol = true;

	while (i < n) {
		char c = s[i];
		if (c == '\n' || c == '\r') {
			bol = true;
			i++;
		} else if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
			i++;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			const char *e = NULL;
			for (size_t j = i + 2; j + 1 < n; j++)
				if (s[j] == '*' && s[j + 1] == '/') {
					e = s + j + 2;
					break;
				}
			if (!e)
				return i;
			i = (size_t)(e - s);
			bol = false;
		} else if (c == '#' && bol) {
			while (i < n && s[i] != '\n')
				i++;
		} else if (n - i > 7 && memcmp(s + i, "include", 7) == 0) {
			size_t j = i + 7;
			while (j < n && (s[j] == ' ' || s[j] == '\t'))
				j++;
			if (j >= n || s[j] != '"')
				return i;
			j++;
			while (j < n && s[j] != '"' && s[j] != '\n')
				j++;
			if (j >= n || s[j] != '"')
				return i;
			i = j + 1;
			bol = false;
		} else {
			return i;
		}
	}
	return i;
}

static uint64_t mix_str(uint64_t h, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	h ^= pl_hash_bytes(s ? s : "", n) + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
	return h * 0xBF58476D1CE4E5B9ULL + n;
}

uint64_t tg_image_key(const struct pl_source_file *main, const struct tg_options *o)
{
	char cwd[4096];
	uint64_t h = mix_str(0, IMG_FORMAT);

	h = mix_str(h, getcwd(cwd, sizeof(cwd)) ? cwd : "");
	const char *slash = strrchr(main->path, '/');
	h ^= pl_hash_bytes(main->path, slash ? (size_t)(slash - main->path) : 0); /* its folder */
	for (unsigned i = 0; i < o->n_include; i++)
		h = mix_str(h, o->include_dirs[i]);
	h = mix_str(h, "-D");
	for (unsigned i = 0; i < o->n_define; i++)
		h = mix_str(h, o->defines[i]);
	h = mix_str(h, o->allow_include_outside ? "outside" : "confined");
	size_t lead = leading_end(main->buf, main->len);
	h ^= pl_hash_bytes(main->buf, lead) * 0x94D049BB133111EBULL;
	h = h * 0x9E3779B97F4A7C15ULL + lead;
	return h ? h : 1;
}

char *tg_image_path(const char *dir, uint64_t key)
{
	char *p = pl_xmalloc(strlen(dir) + 40);

	sprintf(p, "%s/%016llx.tgi", dir, (unsigned long long)key);
	return p;
}
