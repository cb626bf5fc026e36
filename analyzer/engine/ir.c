/*
 * ir.c -- the IR's data structure operations: creating operations and
 * blocks, linking them, use-def maintenance (set operand, replace all
 * uses, replace, erase), attributes, purity and dead-op checks, and the
 * typed views of canonical attribute text.
 *
 * Uses are kept as MLIR keeps them: a new use is pushed at the front of
 * its value's list, so a walk of the uses sees the newest first (the
 * greedy driver's worklist order depends on this).
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/intern.h"
#include "analyzer/engine/ir_p.h"

/* ---- context ---------------------------------------------------------- */

struct ir_ctx *ir_ctx_new(struct pl_arena *arena, struct pl_intern *strs)
{
	struct ir_ctx *c = pl_xcalloc(1, sizeof *c);

	c->arena = arena;
	c->strs = strs;
	c->max_depth = 200;
	c->s_unit = pl_intern(strs, "unit");
	c->s_i1 = pl_intern(strs, "i1");
	c->s_i64 = pl_intern(strs, "i64");
	c->s_f64 = pl_intern(strs, "f64");
	c->s_f32 = pl_intern(strs, "f32");
	c->s_index = pl_intern(strs, "index");
	c->s_true = pl_intern(strs, "true");
	c->s_false = pl_intern(strs, "false");
	/* The arith dialect is Pure throughout in MLIR 16. */
	static const char *const arith_pure[] = {
		"arith.constant", "arith.addi", "arith.subi", "arith.muli", "arith.divsi",
		"arith.divui", "arith.remsi", "arith.remui", "arith.andi", "arith.ori",
		"arith.xori", "arith.shli", "arith.shrsi", "arith.shrui", "arith.maxsi",
		"arith.maxui", "arith.minsi", "arith.minui", "arith.ceildivsi",
		"arith.ceildivui", "arith.floordivsi", "arith.addf", "arith.subf",
		"arith.mulf", "arith.divf", "arith.remf", "arith.maxf", "arith.minf",
		"arith.negf", "arith.cmpi", "arith.cmpf", "arith.select", "arith.extsi",
		"arith.extui", "arith.trunci", "arith.extf", "arith.truncf",
		"arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.fptoui",
		"arith.index_cast", "arith.index_castui", "arith.bitcast",
		"arith.addui_extended", "arith.mulsi_extended", "arith.mului_extended",
	};
	for (size_t i = 0; i < PL_ARRAY_LEN(arith_pure); i++)
		ir_ctx_mark_pure(c, arith_pure[i]);
	return c;
}

void ir_ctx_free(struct ir_ctx *c)
{
	if (!c)
		return;
	free(c->pure);
	free(c);
}

struct pl_arena *ir_ctx_arena(struct ir_ctx *c) { return c->arena; }

void ir_ctx_begin(struct ir_ctx *c, struct pl_arena *arena)
{
	c->arena = arena;
	c->next_serial = 0;
}

const char *ir_intern(struct ir_ctx *c, const char *s) { return pl_intern(c->strs, s); }

void ir_ctx_set_max_depth(struct ir_ctx *c, unsigned depth) { c->max_depth = depth ? depth : 1; }

static size_t ptr_slot(const void *p, size_t cap)
{
	uintptr_t h = (uintptr_t)p;
	h ^= h >> 17;
	h *= (uintptr_t)0x9E3779B97F4A7C15ull;
	return (size_t)(h >> 7) & (cap - 1);
}

void ir_ctx_mark_pure(struct ir_ctx *c, const char *name)
{
	name = pl_intern(c->strs, name);
	if ((c->pure_len + 1) * 2 > c->pure_cap) {
		size_t ncap = c->pure_cap ? c->pure_cap * 2 : 64;
		const char **n = pl_xcalloc(ncap, sizeof *n);
		for (size_t i = 0; i < c->pure_cap; i++) {
			if (!c->pure[i])
				continue;
			size_t s = ptr_slot(c->pure[i], ncap);
			while (n[s])
				s = (s + 1) & (ncap - 1);
			n[s] = c->pure[i];
		}
		free(c->pure);
		c->pure = n;
		c->pure_cap = ncap;
	}
	size_t s = ptr_slot(name, c->pure_cap);
	while (c->pure[s]) {
		if (c->pure[s] == name)
			return;
		s = (s + 1) & (c->pure_cap - 1);
	}
	c->pure[s] = name;
	c->pure_len++;
}

bool ir_op_is_pure(struct ir_ctx *c, const struct ir_op *op)
{
	if (!c->pure_cap)
		return false;
	size_t s = ptr_slot(op->name, c->pure_cap);
	while (c->pure[s]) {
		if (c->pure[s] == op->name)
			return true;
		s = (s + 1) & (c->pure_cap - 1);
	}
	return false;
}

/* ---- use lists --------------------------------------------------------- */

static void use_link(struct ir_use *u, struct ir_value *v)
{
	u->value = v;
	if (!v) {
		u->next = NULL;
		u->prevp = NULL;
		return;
	}
	u->next = v->uses;
	if (v->uses)
		v->uses->prevp = &u->next;
	v->uses = u;
	u->prevp = &v->uses;
}

static void use_unlink(struct ir_use *u)
{
	if (!u->prevp)
		return;
	*u->prevp = u->next;
	if (u->next)
		u->next->prevp = u->prevp;
	u->next = NULL;
	u->prevp = NULL;
	u->value = NULL;
}

static void block_use_link(struct ir_block_use *u, struct ir_block *b)
{
	u->block = b;
	u->next = b->uses;
	if (b->uses)
		b->uses->prevp = &u->next;
	b->uses = u;
	u->prevp = &b->uses;
}

static void block_use_unlink(struct ir_block_use *u)
{
	if (!u->prevp)
		return;
	*u->prevp = u->next;
	if (u->next)
		u->next->prevp = u->prevp;
	u->next = NULL;
	u->prevp = NULL;
}

/* ---- creation ---------------------------------------------------------- */

static int attr_cmp(const void *a, const void *b)
{
	return strcmp(((const struct ir_attr_entry *)a)->name, ((const struct ir_attr_entry *)b)->name);
}

struct ir_op *ir_op_create(struct ir_ctx *c, const struct ir_op_desc *d)
{
	struct ir_op *op = PL_NEW(c->arena, struct ir_op);

	op->name = pl_intern(c->strs, d->name);
	op->span = d->span;
	op->serial = c->next_serial++;
	op->n_operands = d->n_operands;
	if (d->n_operands) {
		op->operands = PL_NEW_ARRAY(c->arena, struct ir_use, d->n_operands);
		for (unsigned i = 0; i < d->n_operands; i++) {
			op->operands[i].owner = op;
			op->operands[i].index = i;
			use_link(&op->operands[i], d->operands[i]);
		}
	}
	op->n_results = d->n_results;
	if (d->n_results) {
		op->results = PL_NEW_ARRAY(c->arena, struct ir_value, d->n_results);
		for (unsigned i = 0; i < d->n_results; i++) {
			op->results[i].type = d->result_types[i];
			op->results[i].def = op;
			op->results[i].index = i;
		}
	}
	op->n_successors = d->n_successors;
	if (d->n_successors) {
		op->successors = PL_NEW_ARRAY(c->arena, struct ir_block_use, d->n_successors);
		for (unsigned i = 0; i < d->n_successors; i++) {
			op->successors[i].owner = op;
			op->successors[i].index = i;
			block_use_link(&op->successors[i], d->successors[i]);
		}
	}
	op->n_regions = d->n_regions;
	if (d->n_regions) {
		op->regions = PL_NEW_ARRAY(c->arena, struct ir_region, d->n_regions);
		for (unsigned i = 0; i < d->n_regions; i++) {
			op->regions[i].op = op;
			op->regions[i].index = i;
		}
	}
	if (d->n_attrs) {
		struct ir_attr_entry *a = PL_NEW_ARRAY(c->arena, struct ir_attr_entry, d->n_attrs);
		unsigned n = 0;
		for (unsigned i = 0; i < d->n_attrs; i++) {
			const char *name = pl_intern(c->strs, d->attrs[i].name);
			unsigned j;
			for (j = 0; j < n && a[j].name != name; j++)
				;
			a[j].name = name;
			a[j].value = d->attrs[i].value;
			if (j == n)
				n++;
		}
		qsort(a, n, sizeof *a, attr_cmp);
		op->attrs = a;
		op->n_attrs = n;
	}
	return op;
}

struct ir_block *ir_block_create(struct ir_ctx *c)
{
	return PL_NEW(c->arena, struct ir_block);
}

struct ir_value *ir_block_add_arg(struct ir_ctx *c, struct ir_block *b, const char *type)
{
	if (b->n_args == b->cap_args) {
		unsigned ncap = b->cap_args ? b->cap_args * 2 : 4;
		struct ir_value **n = PL_NEW_ARRAY(c->arena, struct ir_value *, ncap);
		if (b->n_args)
			memcpy(n, b->args, b->n_args * sizeof *n);
		b->args = n;
		b->cap_args = ncap;
	}
	struct ir_value *v = PL_NEW(c->arena, struct ir_value);
	v->type = type;
	v->block = b;
	v->index = b->n_args;
	b->args[b->n_args++] = v;
	return v;
}

void ir_region_append_block(struct ir_region *r, struct ir_block *b)
{
	b->region = r;
	b->next = NULL;
	b->prev = r->last;
	if (r->last)
		r->last->next = b;
	else
		r->first = b;
	r->last = b;
}

/* ---- linking ----------------------------------------------------------- */

void ir_block_append(struct ir_block *b, struct ir_op *op)
{
	assert(!op->block);
	op->block = b;
	op->next = NULL;
	op->prev = b->last;
	if (b->last)
		b->last->next = op;
	else
		b->first = op;
	b->last = op;
}

void ir_op_insert_before(struct ir_op *pos, struct ir_op *op)
{
	assert(!op->block && pos->block);
	struct ir_block *b = pos->block;
	op->block = b;
	op->next = pos;
	op->prev = pos->prev;
	if (pos->prev)
		pos->prev->next = op;
	else
		b->first = op;
	pos->prev = op;
}

void ir_op_insert_after(struct ir_op *pos, struct ir_op *op)
{
	assert(!op->block && pos->block);
	if (pos->next) {
		ir_op_insert_before(pos->next, op);
		return;
	}
	ir_block_append(pos->block, op);
}

void ir_op_remove(struct ir_op *op)
{
	struct ir_block *b = op->block;
	if (!b)
		return;
	if (op->prev)
		op->prev->next = op->next;
	else
		b->first = op->next;
	if (op->next)
		op->next->prev = op->prev;
	else
		b->last = op->prev;
	op->prev = op->next = NULL;
	op->block = NULL;
}

void ir_op_move_before(struct ir_op *pos, struct ir_op *op)
{
	ir_op_remove(op);
	ir_op_insert_before(pos, op);
}

static void drop_refs(struct ir_op *op)
{
	for (unsigned i = 0; i < op->n_operands; i++)
		use_unlink(&op->operands[i]);
	for (unsigned i = 0; i < op->n_successors; i++)
		block_use_unlink(&op->successors[i]);
	for (unsigned r = 0; r < op->n_regions; r++)
		for (struct ir_block *b = op->regions[r].first; b; b = b->next)
			for (struct ir_op *o = b->first; o; o = o->next)
				drop_refs(o);
}

static void mark_erased(struct ir_op *op)
{
	for (unsigned r = 0; r < op->n_regions; r++)
		for (struct ir_block *b = op->regions[r].first; b; b = b->next)
			for (struct ir_op *o = b->first; o; o = o->next)
				mark_erased(o);
	op->erased = true;
}

void ir_op_erase(struct ir_op *op)
{
	/* Nested ops may use each other across blocks; drop every reference
	 * first, as MLIR's dropAllReferences does. */
	drop_refs(op);
	for (unsigned i = 0; i < op->n_results; i++)
		assert(!op->results[i].uses && "erasing an op whose results are used");
	ir_op_remove(op);
	mark_erased(op);
}

void ir_op_set_operand(struct ir_op *op, unsigned i, struct ir_value *v)
{
	assert(i < op->n_operands);
	use_unlink(&op->operands[i]);
	use_link(&op->operands[i], v);
}

void ir_op_set_operands(struct ir_ctx *c, struct ir_op *op, unsigned n, struct ir_value *const *vals)
{
	for (unsigned i = 0; i < op->n_operands; i++)
		use_unlink(&op->operands[i]);
	if (n > op->n_operands)
		op->operands = PL_NEW_ARRAY(c->arena, struct ir_use, n);
	op->n_operands = n;
	for (unsigned i = 0; i < n; i++) {
		op->operands[i].owner = op;
		op->operands[i].index = i;
		use_link(&op->operands[i], vals[i]);
	}
}

void ir_value_replace_all_uses(struct ir_value *from, struct ir_value *to)
{
	if (from == to)
		return;
	while (from->uses) {
		struct ir_use *u = from->uses;
		use_unlink(u);
		use_link(u, to);
	}
}

void ir_op_replace(struct ir_op *op, struct ir_value *const *vals)
{
	for (unsigned i = 0; i < op->n_results; i++)
		ir_value_replace_all_uses(&op->results[i], vals[i]);
	ir_op_erase(op);
}

void ir_op_replace_with_op(struct ir_op *op, struct ir_op *with)
{
	assert(op->n_results == with->n_results);
	for (unsigned i = 0; i < op->n_results; i++)
		ir_value_replace_all_uses(&op->results[i], &with->results[i]);
	ir_op_erase(op);
}

/* ---- attributes -------------------------------------------------------- */

static int attr_find(const struct ir_op *op, const char *name, bool *found)
{
	unsigned lo = 0, hi = op->n_attrs;
	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		int k = strcmp(op->attrs[mid].name, name);
		if (k == 0) {
			*found = true;
			return (int)mid;
		}
		if (k < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = false;
	return (int)lo;
}

const char *ir_op_attr(const struct ir_op *op, const char *name)
{
	bool found;
	int i = attr_find(op, name, &found);
	return found ? op->attrs[i].value : NULL;
}

void ir_op_set_attr(struct ir_ctx *c, struct ir_op *op, const char *name, const char *value)
{
	bool found;
	int i = attr_find(op, name, &found);
	if (found) {
		op->attrs[i].value = value;
		return;
	}
	struct ir_attr_entry *n = PL_NEW_ARRAY(c->arena, struct ir_attr_entry, op->n_attrs + 1);
	memcpy(n, op->attrs, (size_t)i * sizeof *n);
	n[i].name = pl_intern(c->strs, name);
	n[i].value = value;
	memcpy(n + i + 1, op->attrs + i, (op->n_attrs - (unsigned)i) * sizeof *n);
	op->attrs = n;
	op->n_attrs++;
}

bool ir_op_remove_attr(struct ir_op *op, const char *name)
{
	bool found;
	int i = attr_find(op, name, &found);
	if (!found)
		return false;
	memmove(op->attrs + i, op->attrs + i + 1, (op->n_attrs - (unsigned)i - 1) * sizeof *op->attrs);
	op->n_attrs--;
	return true;
}

/* ---- queries ----------------------------------------------------------- */

bool ir_op_results_unused(const struct ir_op *op)
{
	for (unsigned i = 0; i < op->n_results; i++)
		if (op->results[i].uses)
			return false;
	return true;
}

struct ir_op *ir_op_parent(const struct ir_op *op)
{
	if (!op->block || !op->block->region)
		return NULL;
	return op->block->region->op;
}

bool ir_op_is_trivially_dead(struct ir_ctx *c, const struct ir_op *op)
{
	return !op->erased && ir_op_results_unused(op) && ir_op_is_pure(c, op);
}

void ir_op_walk(struct ir_op *op, void (*fn)(struct ir_op *, void *), void *ud)
{
	fn(op, ud);
	for (unsigned r = 0; r < op->n_regions; r++)
		for (struct ir_block *b = op->regions[r].first; b; b = b->next)
			for (struct ir_op *o = b->first, *next; o; o = next) {
				next = o->next;
				ir_op_walk(o, fn, ud);
			}
}

/* ---- canonical text helpers -------------------------------------------- */

bool ir_is_bare_id(const char *s, size_t n)
{
	if (!n || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_'))
		return false;
	for (size_t i = 1; i < n; i++) {
		char ch = s[i];
		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
		      ch == '_' || ch == '$' || ch == '.'))
			return false;
	}
	return true;
}

unsigned ir_int_type_width(const char *type, bool *is_unsigned)
{
	bool u = false;
	const char *p = type;
	if (is_unsigned)
		*is_unsigned = false;
	if (strcmp(type, "index") == 0)
		return 64;
	if (p[0] == 's' && p[1] == 'i')
		p += 2;
	else if (p[0] == 'u' && p[1] == 'i') {
		p += 2;
		u = true;
	} else if (p[0] == 'i')
		p += 1;
	else
		return 0;
	if (*p < '1' || *p > '9')
		return 0;
	char *end;
	unsigned long w = strtoul(p, &end, 10);
	if (*end || w > 16777215)
		return 0;
	if (is_unsigned)
		*is_unsigned = u;
	return (unsigned)w;
}

void ir_fmt_string(struct pl_buf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	pl_buf_putc(b, '"');
	for (size_t i = 0; i < n; i++) {
		/* a run of bytes printed as they are, in one piece */
		size_t j = i;
		while (j < n && (unsigned char)s[j] >= 0x20 && (unsigned char)s[j] < 0x7f && s[j] != '"' &&
		       s[j] != '\\')
			j++;
		if (j > i) {
			pl_buf_add(b, s + i, j - i);
			i = j;
			if (i == n)
				break;
		}
		unsigned char ch = (unsigned char)s[i];
		if (ch == '\\') {
			pl_buf_add(b, "\\\\", 2);
		} else {
			char e[3] = { '\\', hex[ch >> 4], hex[ch & 15] };
			pl_buf_add(b, e, 3);
		}
	}
	pl_buf_putc(b, '"');
}

void ir_fmt_name(struct pl_buf *b, const char *name)
{
	size_t n = strlen(name);
	if (ir_is_bare_id(name, n))
		pl_buf_add(b, name, n);
	else
		ir_fmt_string(b, name, n);
}

static int hex_val(unsigned char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* Decode the string literal whose opening quote is at s into dec, as
 * MLIR's lexer reads it.  Returns the byte after the closing quote, or
 * NULL when MLIR would reject the literal. */
static const char *decode_literal(const char *s, struct pl_buf *dec)
{
	const unsigned char *p = (const unsigned char *)s + 1;
	for (;; p++) {
		if (!*p)
			return NULL;
		if (*p == '"')
			return (const char *)p + 1;
		if (*p != '\\') {
			pl_buf_putc(dec, (char)*p);
			continue;
		}
		p++;
		if (*p == '"' || *p == '\\')
			pl_buf_putc(dec, (char)*p);
		else if (*p == 'n')
			pl_buf_putc(dec, '\n');
		else if (*p == 't')
			pl_buf_putc(dec, '\t');
		else if (hex_val(p[0]) >= 0 && hex_val(p[1]) >= 0) {
			pl_buf_putc(dec, (char)(hex_val(p[0]) * 16 + hex_val(p[1])));
			p++;
		} else
			return NULL;
	}
}

void ir_fmt_attr_text(struct pl_buf *b, const char *text)
{
	struct pl_buf out = { 0 }, dec = { 0 };
	const char *s = text;

	while (*s) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"') {
			pl_buf_clear(&dec);
			s = decode_literal(s, &dec);
			if (!s)
				goto whole;
			ir_fmt_string(&out, dec.data ? dec.data : "", dec.len);
		} else if (ch == '\n' || ch == '\r' || ch == '\t') {
			pl_buf_putc(&out, ' ');
			s++;
		} else if (ch >= 0x20 && ch < 0x7f) {
			pl_buf_putc(&out, (char)ch);
			s++;
		} else {
			goto whole;
		}
	}
	pl_buf_add(b, out.data ? out.data : "", out.len);
	pl_buf_free(&out);
	pl_buf_free(&dec);
	return;
whole:
	ir_fmt_string(b, text, strlen(text));
	pl_buf_free(&out);
	pl_buf_free(&dec);
}

/* APFloat::toString with natural precision, max padding 3, zeros
 * truncated: `digits` significant digits, shortest form. */
static void fmt_float_long(struct pl_buf *b, double v, int prec)
{
	char tmp[64];
	snprintf(tmp, sizeof tmp, "%.*e", prec - 1, v);
	const char *p = tmp;
	bool neg = false;
	if (*p == '-') {
		neg = true;
		p++;
	}
	char digits[40];
	int nd = 0;
	for (; *p && *p != 'e'; p++)
		if (*p >= '0' && *p <= '9')
			digits[nd++] = *p;
	int e10 = atoi(p + 1); /* exponent of the first digit */
	while (nd > 1 && digits[nd - 1] == '0')
		nd--;
	int exp = e10 - (nd - 1); /* exponent of the last digit */
	bool sci;
	if (exp >= 0)
		sci = exp > 3 || nd + exp > prec;
	else {
		int msd = exp + nd - 1;
		sci = msd < 0 && -msd > 3;
	}
	if (neg)
		pl_buf_putc(b, '-');
	if (sci) {
		pl_buf_putc(b, digits[0]);
		pl_buf_putc(b, '.');
		if (nd == 1)
			pl_buf_putc(b, '0');
		else
			pl_buf_add(b, digits + 1, (size_t)nd - 1);
		pl_buf_printf(b, "E%c%d", e10 >= 0 ? '+' : '-', e10 >= 0 ? e10 : -e10);
		return;
	}
	if (exp >= 0) {
		pl_buf_add(b, digits, (size_t)nd);
		for (int i = 0; i < exp; i++)
			pl_buf_putc(b, '0');
		return;
	}
	int whole = exp + nd;
	if (whole > 0) {
		pl_buf_add(b, digits, (size_t)whole);
		pl_buf_putc(b, '.');
		pl_buf_add(b, digits + whole, (size_t)(nd - whole));
	} else {
		pl_buf_add(b, "0.", 2);
		for (int i = 0; i < -whole; i++)
			pl_buf_putc(b, '0');
		pl_buf_add(b, digits, (size_t)nd);
	}
}

void ir_fmt_float(struct pl_buf *b, double v, bool is_f32)
{
	if (v == v && v - v == 0) { /* finite */
		/* Six significant digits, padded to six decimals, if exact. */
		char s[64], out[72];
		snprintf(s, sizeof s, "%.5e", v);
		char *e = strchr(s, 'e');
		size_t head = (size_t)(e - s);
		memcpy(out, s, head);
		out[head] = '0';
		strcpy(out + head + 1, e);
		bool exact = is_f32 ? (strtof(out, NULL) == (float)v) : (strtod(out, NULL) == v);
		if (exact) {
			pl_buf_puts(b, out);
			return;
		}
		size_t mark = b->len;
		fmt_float_long(b, v, is_f32 ? 9 : 17);
		if (memchr(b->data + mark, '.', b->len - mark))
			return;
		b->len = mark;
		b->data[mark] = '\0';
	}
	if (is_f32) {
		float f = (float)v;
		uint32_t bits;
		memcpy(&bits, &f, sizeof bits);
		pl_buf_printf(b, "0x%08" PRIX32, bits);
	} else {
		uint64_t bits;
		memcpy(&bits, &v, sizeof bits);
		pl_buf_printf(b, "0x%016" PRIX64, bits);
	}
}

/* ---- typed views of attributes ----------------------------------------- */

enum ir_attr_kind ir_attr_kind(const char *a)
{
	size_t n = strlen(a);
	if (!strcmp(a, "unit"))
		return IR_ATTR_UNIT;
	if (!strcmp(a, "true") || !strcmp(a, "false"))
		return IR_ATTR_INT;
	switch (a[0]) {
	case '"': return IR_ATTR_STRING;
	case '[': return IR_ATTR_ARRAY;
	case '{': return IR_ATTR_DICT;
	case '@': return IR_ATTR_SYMBOL;
	case '#': return IR_ATTR_OTHER;
	case '(': return IR_ATTR_TYPE;
	case '!': return IR_ATTR_TYPE;
	default: break;
	}
	if (!strncmp(a, "dense<", 6))
		return IR_ATTR_DENSE;
	if ((a[0] >= '0' && a[0] <= '9') || a[0] == '-') {
		/* an array element may have its i64 / f64 type elided */
		const char *colon = strstr(a, " : ");
		size_t len = colon ? (size_t)(colon - a) : n;
		if (memchr(a, '.', len) || memchr(a, 'x', len))
			return IR_ATTR_FLOAT;
		return IR_ATTR_INT;
	}
	if (strchr(a, '<') && strncmp(a, "tensor<", 7) && strncmp(a, "memref<", 7) &&
	    strncmp(a, "vector<", 7) && strncmp(a, "complex<", 8) && strncmp(a, "tuple<", 6))
		return IR_ATTR_OTHER;
	return IR_ATTR_TYPE;
}

static const char *suffix_type(struct ir_ctx *c, const char *a)
{
	const char *colon = NULL;
	/* The type follows the last top-level " : ". */
	int depth = 0;
	bool in_str = false;
	for (const char *p = a; *p; p++) {
		if (in_str) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == '"')
				in_str = false;
			continue;
		}
		if (*p == '"')
			in_str = true;
		else if (*p == '-' && p[1] == '>')
			p++;
		else if (*p == '<' || *p == '[' || *p == '(' || *p == '{')
			depth++;
		else if (*p == '>' || *p == ']' || *p == ')' || *p == '}')
			depth--;
		else if (depth == 0 && p[0] == ' ' && p[1] == ':' && p[2] == ' ')
			colon = p;
	}
	return colon ? pl_intern(c->strs, colon + 3) : NULL;
}

int ir_attr_int(int64_t *out, const char **out_type, struct ir_ctx *c, const char *a)
{
	if (!strcmp(a, "true") || !strcmp(a, "false")) {
		*out = a[0] == 't';
		if (out_type)
			*out_type = c->s_i1;
		return 0;
	}
	if (ir_attr_kind(a) != IR_ATTR_INT)
		return -1;
	errno = 0;
	char *end;
	long long v = strtoll(a, &end, 10);
	if (!errno && !*end) { /* array element, i64 elided */
		*out = v;
		if (out_type)
			*out_type = c->s_i64;
		return 0;
	}
	if (errno || strncmp(end, " : ", 3)) {
		/* ui64 values above INT64_MAX */
		errno = 0;
		unsigned long long u = strtoull(a, &end, 10);
		if (errno || a[0] == '-' || strncmp(end, " : ", 3))
			return -1;
		v = (long long)u;
	}
	*out = v;
	if (out_type)
		*out_type = pl_intern(c->strs, end + 3);
	return 0;
}

int ir_attr_float(double *out, const char **out_type, struct ir_ctx *c, const char *a)
{
	if (ir_attr_kind(a) != IR_ATTR_FLOAT)
		return -1;
	const char *type = suffix_type(c, a);
	if (!type)
		type = c->s_f64; /* array element, f64 elided */
	if (!strncmp(a, "0x", 2)) {
		unsigned long long bits = strtoull(a, NULL, 16);
		if (type && !strcmp(type, "f32")) {
			uint32_t b32 = (uint32_t)bits;
			float f;
			memcpy(&f, &b32, sizeof f);
			*out = f;
		} else {
			memcpy(out, &bits, sizeof *out);
		}
	} else {
		*out = strtod(a, NULL);
	}
	if (out_type)
		*out_type = type;
	return 0;
}

int ir_attr_string(const char **out, struct ir_ctx *c, const char *a)
{
	if (a[0] != '"')
		return -1;
	struct pl_buf b = { 0 };
	const char *p = a + 1;
	for (; *p && *p != '"'; p++) {
		if (*p != '\\') {
			pl_buf_putc(&b, *p);
			continue;
		}
		p++;
		if (*p == '\\')
			pl_buf_putc(&b, '\\');
		else {
			char h[3] = { p[0], p[1], 0 };
			pl_buf_putc(&b, (char)strtol(h, NULL, 16));
			p++;
		}
	}
	*out = pl_arena_strndup(c->arena, b.data ? b.data : "", b.len);
	pl_buf_free(&b);
	return 0;
}

const char *ir_attr_type(struct ir_ctx *c, const char *a)
{
	switch (ir_attr_kind(a)) {
	case IR_ATTR_INT:
		if (!strcmp(a, "true") || !strcmp(a, "false"))
			return c->s_i1;
		return strstr(a, " : ") ? suffix_type(c, a) : c->s_i64;
	case IR_ATTR_FLOAT:
		return strstr(a, " : ") ? suffix_type(c, a) : c->s_f64;
	case IR_ATTR_DENSE:
	case IR_ATTR_STRING:
		return suffix_type(c, a);
	case IR_ATTR_TYPE:
		return pl_intern(c->strs, a);
	default:
		return NULL;
	}
}

const char *ir_attr_make_int(struct ir_ctx *c, int64_t v, const char *type)
{
	bool is_unsigned;
	unsigned w = ir_int_type_width(type, &is_unsigned);
	if (w == 1)
		return (v & 1) ? c->s_true : c->s_false;
	char buf[96];
	if (w && w < 64) {
		uint64_t mask = (UINT64_C(1) << w) - 1;
		uint64_t u = (uint64_t)v & mask;
		if (!is_unsigned && (u >> (w - 1)) & 1)
			v = (int64_t)(u | ~mask);
		else
			v = (int64_t)u;
	}
	if (is_unsigned)
		snprintf(buf, sizeof buf, "%" PRIu64 " : ", (uint64_t)v);
	else
		snprintf(buf, sizeof buf, "%" PRId64 " : ", v);
	struct pl_buf b = { 0 };
	pl_buf_puts(&b, buf);
	pl_buf_puts(&b, type);
	const char *r = pl_intern_n(c->strs, b.data, b.len);
	pl_buf_free(&b);
	return r;
}

const char *ir_attr_make_float(struct ir_ctx *c, double v, const char *type)
{
	struct pl_buf b = { 0 };
	ir_fmt_float(&b, v, !strcmp(type, "f32"));
	pl_buf_puts(&b, " : ");
	pl_buf_puts(&b, type);
	const char *r = pl_intern_n(c->strs, b.data, b.len);
	pl_buf_free(&b);
	return r;
}

const char *ir_attr_make_string(struct ir_ctx *c, const char *s)
{
	struct pl_buf b = { 0 };
	ir_fmt_string(&b, s, strlen(s));
	const char *r = pl_intern_n(c->strs, b.data, b.len);
	pl_buf_free(&b);
	return r;
}
