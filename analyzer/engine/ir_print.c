/*
 * ir_print.c -- the IR printer: MLIR's generic form, byte for byte as
 * `mlir-opt-16 -mlir-print-op-generic` prints it.
 *
 * Naming follows MLIR 16's SSANameState: a region numbers its blocks from
 * ^bb0 and its values in order (entry block arguments are %argN, other
 * block arguments and op results share the %N counter, one number per
 * result group: `%3:2` and its uses `%3#1`).  Every region nested in an
 * operation of region R starts from the counters as they stand after all
 * of R is numbered; sibling regions start from the same counters, and
 * isolation from above resets nothing.  Non-entry blocks carry MLIR's
 * `// pred:` comment.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/engine/ir_p.h"

/* pointer -> number, open addressing; never shrinks */
struct pmap {
	const void **keys;
	uint32_t *vals;
	size_t cap, len;
};

static size_t pslot(const void *k, size_t cap)
{
	uintptr_t h = (uintptr_t)k;
	h ^= h >> 13;
	h *= (uintptr_t)0x9E3779B97F4A7C15ull;
	return (size_t)(h >> 11) & (cap - 1);
}

static void pmap_put(struct pmap *m, const void *k, uint32_t v);

static void pmap_grow(struct pmap *m)
{
	struct pmap n = { 0 };
	n.cap = m->cap ? m->cap * 2 : 1024;
	n.keys = pl_xcalloc(n.cap, sizeof *n.keys);
	n.vals = pl_xcalloc(n.cap, sizeof *n.vals);
	for (size_t i = 0; i < m->cap; i++)
		if (m->keys[i])
			pmap_put(&n, m->keys[i], m->vals[i]);
	free(m->keys);
	free(m->vals);
	*m = n;
}

static void pmap_put(struct pmap *m, const void *k, uint32_t v)
{
	if ((m->len + 1) * 2 > m->cap)
		pmap_grow(m);
	size_t s = pslot(k, m->cap);
	while (m->keys[s] && m->keys[s] != k)
		s = (s + 1) & (m->cap - 1);
	if (!m->keys[s])
		m->len++;
	m->keys[s] = k;
	m->vals[s] = v;
}

static bool pmap_get(const struct pmap *m, const void *k, uint32_t *v)
{
	if (!m->cap)
		return false;
	size_t s = pslot(k, m->cap);
	while (m->keys[s]) {
		if (m->keys[s] == k) {
			*v = m->vals[s];
			return true;
		}
		s = (s + 1) & (m->cap - 1);
	}
	return false;
}

static void pmap_free(struct pmap *m)
{
	free(m->keys);
	free(m->vals);
}

#define ARG_FLAG 0x80000000u /* value number is an %argN */

struct printer {
	struct pl_buf *out;
	struct pmap values;   /* struct ir_value * -> number | ARG_FLAG */
	struct pmap blocks;   /* struct ir_block * -> number */
};

/* ---- naming ------------------------------------------------------------ */

static void number_region(struct printer *pr, const struct ir_region *r, uint32_t next_value, uint32_t next_arg)
{
	uint32_t bid = 0;
	for (const struct ir_block *b = r->first; b; b = b->next) {
		pmap_put(&pr->blocks, b, bid++);
		for (unsigned i = 0; i < b->n_args; i++) {
			if (b == r->first)
				pmap_put(&pr->values, b->args[i], ARG_FLAG | next_arg++);
			else
				pmap_put(&pr->values, b->args[i], next_value++);
		}
		for (const struct ir_op *op = b->first; op; op = op->next)
			if (op->n_results)
				pmap_put(&pr->values, op->results, next_value++);
	}
	for (const struct ir_block *b = r->first; b; b = b->next)
		for (const struct ir_op *op = b->first; op; op = op->next)
			for (unsigned i = 0; i < op->n_regions; i++)
				number_region(pr, &op->regions[i], next_value, next_arg);
}

/* prefix then n in decimal: SSA names are most of a printed op, and
 * printf's format parsing was most of printing them */
static void put_num(struct pl_buf *b, const char *prefix, size_t plen, uint32_t n)
{
	char tmp[16], *q = tmp + sizeof tmp;

	do
		*--q = (char)('0' + n % 10);
	while ((n /= 10) != 0);
	pl_buf_add(b, prefix, plen);
	pl_buf_add(b, q, (size_t)(tmp + sizeof tmp - q));
}

static void print_value(struct printer *pr, const struct ir_value *v)
{
	uint32_t n;
	const void *key = !v ? NULL : v->def ? (const void *)v->def->results : (const void *)v;
	if (!key || !pmap_get(&pr->values, key, &n)) {
		pl_buf_puts(pr->out, "<<UNKNOWN SSA VALUE>>");
		return;
	}
	if (n & ARG_FLAG)
		put_num(pr->out, "%arg", 4, n & ~ARG_FLAG);
	else
		put_num(pr->out, "%", 1, n);
	if (v->def && v->def->n_results > 1)
		put_num(pr->out, "#", 1, v->index);
}

static void print_block_name(struct printer *pr, const struct ir_block *b)
{
	uint32_t n;
	if (pmap_get(&pr->blocks, b, &n))
		put_num(pr->out, "^bb", 3, n);
	else
		pl_buf_puts(pr->out, "<<UNKNOWN BLOCK>>");
}

/* ---- printing ---------------------------------------------------------- */

static void indent(struct printer *pr, unsigned level)
{
	for (unsigned i = 0; i < level; i++)
		pl_buf_add(pr->out, "  ", 2);
}

static void print_op(struct printer *pr, const struct ir_op *op, unsigned level);

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

static void print_block_header(struct printer *pr, const struct ir_block *b, unsigned level, bool entry)
{
	indent(pr, level);
	print_block_name(pr, b);
	if (b->n_args) {
		pl_buf_putc(pr->out, '(');
		for (unsigned i = 0; i < b->n_args; i++) {
			if (i)
				pl_buf_puts(pr->out, ", ");
			print_value(pr, b->args[i]);
			pl_buf_puts(pr->out, ": ");
			pl_buf_puts(pr->out, b->args[i]->type);
		}
		pl_buf_putc(pr->out, ')');
	}
	pl_buf_putc(pr->out, ':');
	if (!b->uses) {
		if (!entry)
			pl_buf_puts(pr->out, "  // no predecessors");
	} else {
		const struct ir_block *single = NULL;
		bool same = true;
		size_t n = 0;
		for (const struct ir_block_use *u = b->uses; u; u = u->next, n++) {
			if (!single)
				single = u->owner->block;
			else if (u->owner->block != single)
				same = false;
		}
		if (same && n == 1) {
			pl_buf_puts(pr->out, "  // pred: ");
			print_block_name(pr, single);
		} else {
			uint32_t *ids = pl_xmalloc(n * sizeof *ids);
			size_t k = 0;
			for (const struct ir_block_use *u = b->uses; u; u = u->next) {
				uint32_t id = 0;
				pmap_get(&pr->blocks, u->owner->block, &id);
				ids[k++] = id;
			}
			qsort(ids, n, sizeof *ids, cmp_u32);
			pl_buf_printf(pr->out, "  // %zu preds: ", n);
			for (k = 0; k < n; k++)
				pl_buf_printf(pr->out, "%s^bb%u", k ? ", " : "", ids[k]);
			free(ids);
		}
	}
	pl_buf_putc(pr->out, '\n');
}

static void print_region(struct printer *pr, const struct ir_region *r, unsigned level)
{
	pl_buf_puts(pr->out, "{\n");
	for (const struct ir_block *b = r->first; b; b = b->next) {
		bool entry = b == r->first;
		if (!entry || b->n_args || !b->first)
			print_block_header(pr, b, level, entry);
		for (const struct ir_op *op = b->first; op; op = op->next)
			print_op(pr, op, level + 1);
	}
	indent(pr, level);
	pl_buf_putc(pr->out, '}');
}

static void print_types(struct printer *pr, unsigned n, const char *const *types, size_t stride)
{
	for (unsigned i = 0; i < n; i++) {
		if (i)
			pl_buf_puts(pr->out, ", ");
		pl_buf_puts(pr->out, *(const char *const *)((const char *)types + i * stride));
	}
}

static void print_op(struct printer *pr, const struct ir_op *op, unsigned level)
{
	struct pl_buf *o = pr->out;
	indent(pr, level);
	if (op->n_results) {
		print_value(pr, &op->results[0]);
		if (op->n_results > 1) {
			/* print_value added "#0" */
			o->len -= 2;
			o->data[o->len] = '\0';
			put_num(o, ":", 1, op->n_results);
		}
		pl_buf_puts(o, " = ");
	}
	ir_fmt_string(o, op->name, strlen(op->name));
	pl_buf_putc(o, '(');
	for (unsigned i = 0; i < op->n_operands; i++) {
		if (i)
			pl_buf_puts(o, ", ");
		print_value(pr, op->operands[i].value);
	}
	pl_buf_putc(o, ')');
	if (op->n_successors) {
		pl_buf_putc(o, '[');
		for (unsigned i = 0; i < op->n_successors; i++) {
			if (i)
				pl_buf_puts(o, ", ");
			print_block_name(pr, op->successors[i].block);
		}
		pl_buf_putc(o, ']');
	}
	if (op->n_regions) {
		pl_buf_puts(o, " (");
		for (unsigned i = 0; i < op->n_regions; i++) {
			if (i)
				pl_buf_puts(o, ", ");
			print_region(pr, &op->regions[i], level);
		}
		pl_buf_putc(o, ')');
	}
	if (op->n_attrs) {
		pl_buf_puts(o, " {");
		for (unsigned i = 0; i < op->n_attrs; i++) {
			const struct ir_attr_entry *a = &op->attrs[i];
			if (i)
				pl_buf_puts(o, ", ");
			size_t n = strlen(a->name);
			if (ir_is_bare_id(a->name, n))
				pl_buf_add(o, a->name, n);
			else
				ir_fmt_string(o, a->name, n);
			if (strcmp(a->value, "unit")) {
				pl_buf_puts(o, " = ");
				pl_buf_puts(o, a->value);
			}
		}
		pl_buf_putc(o, '}');
	}
	pl_buf_puts(o, " : (");
	for (unsigned i = 0; i < op->n_operands; i++) {
		if (i)
			pl_buf_puts(o, ", ");
		pl_buf_puts(o, op->operands[i].value ? op->operands[i].value->type : "<<NULL TYPE>>");
	}
	pl_buf_puts(o, ") -> ");
	if (op->n_results == 1 && op->results[0].type[0] != '(')
		pl_buf_puts(o, op->results[0].type);
	else {
		pl_buf_putc(o, '(');
		if (op->n_results)
			print_types(pr, op->n_results, &op->results[0].type, sizeof(struct ir_value));
		pl_buf_putc(o, ')');
	}
	pl_buf_putc(o, '\n');
}

void ir_print(struct pl_buf *out, const struct ir_op *op)
{
	struct printer pr = { .out = out };
	uint32_t next_value = 0;
	if (op->n_results)
		pmap_put(&pr.values, op->results, next_value++);
	for (unsigned i = 0; i < op->n_regions; i++)
		number_region(&pr, &op->regions[i], next_value, 0);
	print_op(&pr, op, 0);
	pmap_free(&pr.values);
	pmap_free(&pr.blocks);
}

void ir_print_file(FILE *f, const struct ir_op *op)
{
	struct pl_buf b = { 0 };
	ir_print(&b, op);
	fwrite(pl_buf_cstr(&b), 1, b.len, f);
	pl_buf_free(&b);
}
