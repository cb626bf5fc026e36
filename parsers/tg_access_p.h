/*
 * tg_access_p.h -- private to the tg_access.h implementations
 * (parsers/tg_access.c over the TableGen frontend, tests/tools/tga_json.c
 * over a --dump-json dump) and their shared part, parsers/tg_access_scan.c.
 *
 * TableGen values are shared and carry no location, but the importers
 * report at the leaf.  So a backend wraps each field value it hands out
 * into a fresh tree of struct tga_val, one node per occurrence, with the
 * scalars resolved; tg_access_scan.c then finds each node's text in the
 * source by a forward scan of the def, in the order the fields are
 * written.  Wrappers are heap-allocated by the backend and live as long as
 * its records.
 */
#ifndef PL_TG_ACCESS_P_H
#define PL_TG_ACCESS_P_H

#include "tg_access.h"

struct pl_source_file;

/* One value as the importers see it.  The members of a kind share their
 * storage with the others' (every reader tests the kind first): a large
 * pattern set holds hundreds of thousands of these (120 -> 80 bytes). */
struct tga_val {
	enum tga_kind kind;        /* what it is */
	unsigned n;                /* elements / arguments */
	struct pl_span span;       /* where it is written (record span if unknown) */
	struct tga_val **elems;    /* TGA_LIST elements / TGA_DAG arguments */
	union {
		long long ival;    /* TGA_INT */
		const char *sval;  /* TGA_STRING */
		struct {
			const struct tga_rec *def; /* TGA_DEF: target record (NULL if unknown) */
			const char *def_name;      /* TGA_DEF: its name */
			bool def_anonymous;        /* TGA_DEF: target is anonymous */
		};
		struct {
			const char *name;          /* TGA_DAG: the dag's own $name, or NULL */
			struct tga_val *op;        /* TGA_DAG: operator (a TGA_DEF) */
			const char **argnames;     /* TGA_DAG: argument names (NULL entries) */
			struct pl_span *argspans;  /* TGA_DAG: argument spans */
		};
	};
};

/* A zeroed node in the state's arena (never fails). */
struct tga_val *tga_val_new(enum tga_kind kind, struct pl_span span);
/* Give a TGA_DAG/TGA_LIST node room for n children. */
void tga_val_alloc(struct tga_val *v, unsigned n);
/* The attached state's arena (made on first use): wrappers live until
 * tga_detach. */
struct pl_arena *tga_arena(void);

/* A copy of buf (malloc) with comments blanked, offsets kept. */
char *tga_blank_comments(const char *buf, size_t len);
/* Offset just past the def starting at start: its ';' or closing '}'. */
uint32_t tga_def_end(const char *text, size_t len, uint32_t start);
/* At a string literal or [{code}] starting at text[i]: the offset of its
 * last byte (i itself otherwise); strings end at a newline. */
size_t tga_skip_literal(const char *text, size_t len, size_t i);
/* Find the text of fields[0..n) (written in that order between start and
 * end of text, which is f's contents with comments blanked) and set the
 * spans of their nodes.  NULL fields are skipped.  Nodes not found keep
 * their span. */
void tga_scan_fields(struct pl_source_file *f, const char *text, uint32_t start, uint32_t end,
                     struct tga_val *const *fields, unsigned n);

#endif /* PL_TG_ACCESS_P_H */
