/*
 * tg_p.h -- private interface of the TableGen evaluator, shared by
 * tg_value.c (types, values, folding, resolution), tg_parse.c (parser and
 * record construction) and tg_json.c (JSON dump and the query API).
 *
 * The model follows llvm-tblgen-16's Record.h closely, because the JSON
 * output (anonymous record numbering included) depends on evaluating in
 * exactly the same order:
 *   - a type (struct tg_type) is uniqued, so types compare by pointer;
 *   - a value (struct tg_value) is immutable and hash-consed, so equal
 *     values are the same pointer, as LLVM's FoldingSet-uniqued Inits are;
 *   - a record (struct tg_rec) is a class, a multiclass prototype or a def,
 *     with fields in declaration order.
 * Everything lives in the run's arena.
 */
#ifndef PL_TG_P_H
#define PL_TG_P_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "analyzer/source.h"
#include "parsers/tablegen/tg.h"

struct pl_arena;
struct pl_intern;
struct pl_diag_ctx;
struct tg_rec;
struct tg_keeper;
struct tg_lexer;

enum tg_type_kind { TG_TY_BIT, TG_TY_BITS, TG_TY_INT, TG_TY_STRING, TG_TY_LIST, TG_TY_DAG, TG_TY_REC };

struct tg_type {
	enum tg_type_kind kind;        /* which type */
	unsigned width;                /* bits<width>; classes in a record type */
	const struct tg_type *elem;    /* list<elem> */
	struct tg_rec **classes;       /* record type: classes, sorted by name */
	/* cached list<this>: threads of a shared include cache make types of
	 * each other's records, so the first one made wins (tg_ty_list) */
	_Atomic(const struct tg_type *) list_of;
	struct tg_type *next;          /* uniquing chain */
};

/* Value kinds.  ORDER: nothing depends on the numbering. */
enum tg_vkind {
	TG_V_UNSET, TG_V_BIT, TG_V_BITS, TG_V_INT, TG_V_STRING, TG_V_LIST, TG_V_DEF, TG_V_DAG,
	TG_V_VAR, TG_V_VARBIT, TG_V_LISTELEM, TG_V_FIELD, TG_V_VARDEF,
	TG_V_UNOP, TG_V_BINOP, TG_V_TERNOP, TG_V_FOLD, TG_V_ISA, TG_V_EXISTS, TG_V_COND
};

enum tg_unop { TG_UN_CAST, TG_UN_NOT, TG_UN_HEAD, TG_UN_TAIL, TG_UN_SIZE, TG_UN_EMPTY, TG_UN_GETDAGOP, TG_UN_LOG2 };
enum tg_binop {
	TG_BIN_ADD, TG_BIN_SUB, TG_BIN_MUL, TG_BIN_DIV, TG_BIN_AND, TG_BIN_OR, TG_BIN_XOR, TG_BIN_SHL,
	TG_BIN_SRA, TG_BIN_SRL, TG_BIN_LISTCONCAT, TG_BIN_LISTSPLAT, TG_BIN_LISTREMOVE, TG_BIN_STRCONCAT,
	TG_BIN_INTERLEAVE, TG_BIN_CONCAT, TG_BIN_EQ, TG_BIN_NE, TG_BIN_LE, TG_BIN_LT, TG_BIN_GE,
	TG_BIN_GT, TG_BIN_SETDAGOP
};
enum tg_ternop { TG_TER_SUBST, TG_TER_FOREACH, TG_TER_FILTER, TG_TER_IF, TG_TER_DAG, TG_TER_SUBSTR, TG_TER_FIND };

/* A value.  Which members are meaningful depends on kind:
 *   BIT, INT: i.   STRING: str, op = 1 for a code literal [{...}].
 *   BITS: n bits in v[] (bit 0 first).   LIST: n elements in v[].
 *   DEF: rec.   DAG: v[0] operator, v[1..n] arguments, str operator name,
 *   names[0..n) argument names (NULL = none).
 *   VAR: str name.   VARBIT, LISTELEM: v[0] the value, i the index.
 *   FIELD: v[0] the record value, str the field name.
 *   VARDEF: rec the class, v[0..n) the arguments (the record it was
 *   instantiated as is the keeper's: tg_v_def_made).
 *   UNOP/BINOP/TERNOP: op, v[0..n).   FOLD: v = start, list, expr;
 *   names[0..2) = accumulator and element names.
 *   ISA, EXISTS: v[0], cty the checked type.
 *   COND: v[0..n) = cond0, val0, cond1, val1...
 * Read cty through tg_v_cty where the kind is not known.
 * Anonymous record names are plain strings ("anonymous_N"); the record
 * says whether it is anonymous. */
struct tg_value {
	/* 16-byte aligned, also in arrays: a value table slot keeps hash bits
	 * in the low bits of the address (tg_value.c, vtab).  64 bytes: a
	 * corpus run makes 220,000 of them (at 80 bytes, 17.5 MB). */
	_Alignas(16) uint8_t kind;     /* what it is (enum tg_vkind) */
	bool closed;                   /* nothing in it resolution can change (v_unique) */
	int16_t op;                    /* operator, or string format */
	unsigned n;                    /* element count */
	const struct tg_type *type;    /* NULL only for UNSET */
	int64_t i;                     /* integer payload */
	const char *str;               /* interned string payload */
	struct tg_rec *rec;            /* record payload */
	union {                        /* by kind (tg_v_cty, tg_v_nnames) */
		const struct tg_type *cty; /* ISA, EXISTS: the checked type */
		const char **names;    /* DAG: argument names; FOLD: variable names */
	};
	const struct tg_value **v;     /* operands */
	uint64_t hash;                 /* uniquing hash */
};
_Static_assert(sizeof(void *) != 8 || sizeof(struct tg_value) == 64,
               "a tg_value takes 64 bytes on 64-bit systems");

/* The value in a keeper's value table slot (nonzero): see vtab. */
static inline struct tg_value *tg_vtab_value(uintptr_t slot)
{
	return (struct tg_value *)(slot & ~(uintptr_t)15);
}

/* v's checked type (ISA, EXISTS), else NULL. */
static inline const struct tg_type *tg_v_cty(const struct tg_value *v)
{
	return v->kind == TG_V_ISA || v->kind == TG_V_EXISTS ? v->cty : NULL;
}

/* The record k instantiated the VARDEF v as, once it did; else NULL. */
struct tg_rec *tg_v_def_made(const struct tg_keeper *k, const struct tg_value *v);

enum tg_field_kind { TG_FK_NORMAL, TG_FK_NONCONCRETE, TG_FK_TARG };

/* The span of nothing (file 0), for a field whose value was set nowhere. */
extern const struct pl_span tg_no_span;

struct tg_field {
	const char *name;              /* interned field name */
	/* the declared type (tg_field_type), its low two bits the field's
	 * kind (tg_field_kind): a field in 32 bytes, not 40 (a corpus run
	 * copies 400,000 of them into records) */
	uintptr_t type_kind;
	const struct tg_value *val;    /* current value, never NULL */
	/* where its value was last set (declared, at first), never NULL:
	 * shared by the copies of a field in every record that inherits it
	 * (a pointer, where a span in each copy was half a field) */
	const struct pl_span *vspan;
};

static inline const struct tg_type *tg_field_type(const struct tg_field *f)
{
	return (const struct tg_type *)(f->type_kind & ~(uintptr_t)3);
}

static inline enum tg_field_kind tg_field_kind(const struct tg_field *f)
{
	return (enum tg_field_kind)(f->type_kind & 3);
}

/* A type's address has its low two bits clear. */
_Static_assert(_Alignof(struct tg_type) >= 4, "tg_field keeps its kind in a type's low bits");
_Static_assert(sizeof(void *) != 8 || sizeof(struct tg_field) == 32,
               "a tg_field takes 32 bytes on 64-bit systems");

static inline void tg_field_set_type(struct tg_field *f, const struct tg_type *t,
                                     enum tg_field_kind fk)
{
	f->type_kind = (uintptr_t)t | (uintptr_t)fk;
}

struct tg_assert {
	struct pl_span span;           /* the assert statement */
	const struct tg_value *cond;   /* condition */
	const struct tg_value *msg;    /* message */
};

enum tg_rec_kind { TG_REC_DEF, TG_REC_CLASS, TG_REC_MULTICLASS };

struct tg_rec {
	const char *name;              /* interned name once final (or the class name) */
	const struct tg_value *name_v; /* name value; may be unresolved in prototypes */
	enum tg_rec_kind rk;           /* def, class or multiclass prototype */
	bool anonymous;                /* an anonymous def */
	struct tg_field *fields;       /* fields in order */
	unsigned nfields, capfields;   /* count and capacity */
	unsigned *fidx;                /* open-addressing index into fields, or NULL */
	unsigned fidx_cap;             /* slots in fidx (power of two) */
	struct tg_rec **supers;        /* all superclasses, in LLVM's order */
	struct pl_span *super_spans;   /* where each was referenced */
	unsigned nsupers, capsupers;   /* count and capacity */
	unsigned notes[TG_NOTES];      /* the importers' (tg_rec_note_get), zero when made:
	                                * next to the superclasses, which they read too */
	const char **targs;            /* template argument names (qualified) */
	unsigned ntargs, captargs;     /* count and capacity */
	struct tg_assert *asserts;     /* assertions to check */
	unsigned nasserts, capasserts; /* count and capacity */
	struct pl_span span;           /* the name (or `def` keyword) */
	struct pl_span inst_span;      /* defm/foreach instantiation site, file 0 if none */
	/* Caches.  A record kept by the include cache is shared by the loads
	 * that restore its state, on several threads when the cache is shared
	 * (tg_cache_share): the first DefInit and class type made win, and
	 * the include cache makes a def's type before it keeps the def. */
	_Atomic(const struct tg_value *) defval; /* DefInit */
	const struct tg_type *rtype;   /* record type */
	_Atomic(const struct tg_type *) self_ty; /* record type of just this class */
	_Atomic(const char *) name_q, name_q_of; /* "name:NAME", and the name it was made of */
	unsigned order;                /* definition order among defs */
	bool in_table;                 /* added to the keeper's def table */
};

/* The record keeper: classes, defs, globals, value and type tables. */
struct tg_keeper {
	struct pl_arena *arena;
	struct pl_intern *intern;
	struct pl_diag_ctx *diag;
	struct pl_source_mgr *sm;
	/* value uniquing: open addressing, vcap a power of two; NULL once
	 * the keeper is done (tg_keeper_done).  A slot is a value's address
	 * with 4 bits of its hash in the low bits (tg_value.c, VT_TAG), 0
	 * when empty. */
	uintptr_t *vtab;
	size_t vcap, vcount;
	struct tg_vtabs *vtabs;        /* tables are taken from there and given back, or
	                                * NULL: each comes from the arena */
	/* the records Class<args> (VARDEF) values were instantiated as, by
	 * value: a state's, as llvm-tblgen's VarDefInit keeps its def, but
	 * here in the keeper, not the value, which the include cache shares
	 * between states and threads */
	struct tg_hmap *vardef_map;
	/* while the include cache may keep this state: the values of vtab in
	 * the order they came (tg_keeper_log_tables; the maps keep logs of
	 * their own); NULL when nothing will keep the state */
	struct tg_log *vlog;
	/* type singletons and tables */
	struct tg_type *ty_bit, *ty_int, *ty_string, *ty_dag, *ty_rec_empty;
	struct tg_type *bits_chain, *rec_chain;
	const struct tg_value *unset, *bit0, *bit1;
	/* records */
	struct tg_rec **defs;          /* defs in definition order */
	unsigned ndefs, capdefs;
	struct tg_rec **classes;       /* classes in definition order */
	unsigned nclasses, capclasses;
	struct tg_hmap *def_map;       /* name -> def */
	struct tg_hmap *class_map;     /* name -> class */
	struct tg_hmap *globals;       /* name -> value (defvar, defset) */
	unsigned anon_counter;         /* next anonymous_N */
	unsigned depth;                /* recursion guard for resolution */
	bool fatal;                    /* a fatal evaluation error happened */
	struct tg_lexer *lx;           /* the lexer while parsing, for include notes */
	uint32_t *inc_parent;          /* after parsing: parent instance of each inclusion */
	uint32_t *inc_file;            /* ... the file it entered */
	struct pl_span *inc_at;        /* ... and the span of its include string */
	uint32_t n_inc;                /* inclusion instances recorded (index 0 unused) */
	const char *s_NAME;            /* interned "NAME" */
	struct tg_stream *stream;      /* a reader takes the defs as they come
	                                * (tg_stream.c), or NULL */
};

/* Multiclasses (tg_parse.c): a prototype record and the entries of its
 * body, replayed by each defm. */
struct loop;

enum entry_kind { E_REC, E_LOOP, E_ASSERT };

struct entry {
	enum entry_kind kind;
	struct tg_rec *rec;
	struct loop *loop;
	struct tg_assert as;
};

struct entry_vec {
	struct entry *v;
	unsigned n, cap;
};

struct loop {
	struct pl_span span;
	const struct tg_value *itervar; /* a VAR, or NULL for if/then/else */
	const struct tg_value *list;
	struct entry_vec ents;
};

struct multiclass {
	struct tg_rec *rec;
	struct entry_vec ents;
};

/* A simple string-keyed (interned pointer) hash map; in the arena when one
 * is given (then tg_hmap_free does nothing), else on the heap. */
struct tg_hmap;
struct tg_hmap *tg_hmap_new(struct pl_arena *arena);
void tg_hmap_free(struct tg_hmap *m);
/* A copy of src with the same entries (in arena, or on the heap if NULL). */
struct tg_hmap *tg_hmap_copy(struct pl_arena *arena, const struct tg_hmap *src);
void *tg_hmap_get(const struct tg_hmap *m, const char *key);
void tg_hmap_put(struct tg_hmap *m, const char *key, void *val);
/* Entries of m; slots of m, and the entry in slot i (false when the slot
 * is empty). */
size_t tg_hmap_count(const struct tg_hmap *m);
size_t tg_hmap_slots(const struct tg_hmap *m);
bool tg_hmap_slot(const struct tg_hmap *m, size_t i, const char **key, void **val);

/* Resolvers (LLVM's Resolver hierarchy): resolve(name) returns the value
 * bound to the variable name, or NULL to leave the reference alone. */
struct tg_resolver {
	const struct tg_value *(*resolve)(struct tg_resolver *r, const char *name);
	struct tg_rec *cur;            /* current record (for folding), may be NULL */
	bool final;                    /* the last resolution of a def */
	bool keep_unset_bits;          /* a bit resolving to ? keeps its reference */
};

/* Map resolver: name -> value with lazy mutual resolution. */
struct tg_map_ent { const char *name; const struct tg_value *val; bool resolved; bool erased; };
struct tg_map_resolver {
	struct tg_resolver base;
	struct tg_keeper *k;
	struct tg_map_ent *ents;       /* inl, or on the heap once that is full */
	unsigned n, cap;
	struct tg_map_ent inl[8];      /* most maps: a class's template arguments */
};
void tg_map_init(struct tg_map_resolver *m, struct tg_keeper *k, struct tg_rec *cur);
void tg_map_set(struct tg_map_resolver *m, const char *name, const struct tg_value *val);
bool tg_map_complete(struct tg_map_resolver *m, const char *name);
void tg_map_fini(struct tg_map_resolver *m);

/* tg_value.c: types.  A keeper takes its value tables from pool (NULL:
 * each from the arena; tg_vtabs below). */
struct tg_vtabs;
void tg_keeper_init(struct tg_keeper *k, struct pl_arena *a, struct pl_intern *in,
                    struct pl_diag_ctx *d, struct pl_source_mgr *sm, struct tg_vtabs *pool);
void tg_keeper_fini(struct tg_keeper *k);

/* Value tables keepers gave back.  A value table is an index for making
 * each value once while a file is evaluated, and nothing reads it after:
 * a run over many inputs made one per input (and one per growth and
 * restore), all fresh pages, a fifth of its memory, where one or two
 * tables passed on from input to input do.  The pool belongs to the
 * include cache (one per thread) and hands a table only to a keeper of
 * the arena it came from; a keeper's replaced tables go back there too. */
enum { TG_VTABS_MAX = 4 };
struct tg_vtabs {
	uintptr_t *tab[TG_VTABS_MAX];
	size_t cap[TG_VTABS_MAX];
	struct pl_arena *arena[TG_VTABS_MAX];
	unsigned n;
};
/* k evaluates no more: its value table goes back to the pool (with no
 * pool it stays).  Making a value through k after this is a bug. */
void tg_keeper_done(struct tg_keeper *k);

/* The include cache's logs (tg_value.c).  While a cache may keep its
 * state, a keeper logs what goes into its value table and its def, class
 * and global maps; a kept state holds the logs and their counts then, not
 * copies of the tables: copies were most of the memory a run over many
 * inputs used, each kept state's tables holding everything of the states
 * before it.  A restored keeper gets tables made again from the logs. */
struct tg_log;
enum { TG_LOG_VALUES, TG_LOG_DEFS, TG_LOG_CLASSES, TG_LOG_GLOBALS, TG_LOG_VARDEFS, TG_LOGS };
struct tg_kept_tables {
	const struct tg_log *log[TG_LOGS];
	size_t count[TG_LOGS];         /* entries of log[i] then */
	size_t cap[TG_LOGS];           /* the table's capacity then */
};
/* Log k's tables from now on (what they hold first); stop logging. */
void tg_keeper_log_tables(struct tg_keeper *k);
void tg_keeper_log_stop(struct tg_keeper *k);
/* What a kept state needs to give a keeper k's tables as they are now. */
void tg_keeper_keep_tables(struct tg_keeper *k, struct tg_kept_tables *t);
/* Give k new tables (in its arena; the value table from its pool when
 * it has one) holding what t's logs held then, and log on in logs of its
 * own that start with that. */
void tg_keeper_restore_tables(struct tg_keeper *k, const struct tg_kept_tables *t);
const struct tg_type *tg_ty_bits(struct tg_keeper *k, unsigned width);
const struct tg_type *tg_ty_list(struct tg_keeper *k, const struct tg_type *elem);
const struct tg_type *tg_ty_rec(struct tg_keeper *k, struct tg_rec **classes, unsigned n);
bool tg_ty_convertible(const struct tg_type *from, const struct tg_type *to);
bool tg_ty_isa(const struct tg_type *a, const struct tg_type *b);
const struct tg_type *tg_ty_resolve(struct tg_keeper *k, const struct tg_type *a, const struct tg_type *b);
char *tg_ty_str(struct tg_keeper *k, const struct tg_type *t);
bool tg_rec_is_subclass(const struct tg_rec *r, const struct tg_rec *cls);

/* tg_value.c: values */
const struct tg_value *tg_v_int(struct tg_keeper *k, int64_t i);
const struct tg_value *tg_v_bit(struct tg_keeper *k, bool b);
const struct tg_value *tg_v_bits(struct tg_keeper *k, const struct tg_value **bits, unsigned n);
const struct tg_value *tg_v_str(struct tg_keeper *k, const char *s, bool code);
/* A string value of s, which is interned in k's table already. */
const struct tg_value *tg_v_str_interned(struct tg_keeper *k, const char *s, bool code);
const struct tg_value *tg_v_strn(struct tg_keeper *k, const char *s, size_t n, bool code);
const struct tg_value *tg_v_list(struct tg_keeper *k, const struct tg_value **els, unsigned n,
                                 const struct tg_type *elem);
const struct tg_value *tg_v_def(struct tg_keeper *k, struct tg_rec *r);
const struct tg_value *tg_v_dag(struct tg_keeper *k, const struct tg_value *op, const char *opname,
                                const struct tg_value **args, const char **names, unsigned n);
const struct tg_value *tg_v_var(struct tg_keeper *k, const char *name, const struct tg_type *t);
const struct tg_value *tg_v_varbit(struct tg_keeper *k, const struct tg_value *v, unsigned bit);
const struct tg_value *tg_v_listelem(struct tg_keeper *k, const struct tg_value *v, unsigned idx);
const struct tg_value *tg_v_field(struct tg_keeper *k, const struct tg_value *r, const char *fname,
                                  const struct tg_type *t);
const struct tg_value *tg_v_vardef(struct tg_keeper *k, struct tg_rec *cls, const struct tg_value **args,
                                   unsigned n);
const struct tg_value *tg_v_unop(struct tg_keeper *k, int op, const struct tg_value *a,
                                 const struct tg_type *t);
const struct tg_value *tg_v_binop(struct tg_keeper *k, int op, const struct tg_value *a,
                                  const struct tg_value *b, const struct tg_type *t);
const struct tg_value *tg_v_ternop(struct tg_keeper *k, int op, const struct tg_value *a,
                                   const struct tg_value *b, const struct tg_value *c,
                                   const struct tg_type *t);
const struct tg_value *tg_v_foldop(struct tg_keeper *k, const struct tg_value *start,
                                   const struct tg_value *list, const char *acc, const char *var,
                                   const struct tg_value *expr, const struct tg_type *t);
const struct tg_value *tg_v_isa(struct tg_keeper *k, const struct tg_type *cty, const struct tg_value *e);
const struct tg_value *tg_v_exists(struct tg_keeper *k, const struct tg_type *cty, const struct tg_value *e);
const struct tg_value *tg_v_cond(struct tg_keeper *k, const struct tg_value **cv, unsigned npairs,
                                 const struct tg_type *t);

/* Operands (v[]) and names (names[]) of v. */
unsigned tg_v_nops(const struct tg_value *v);
unsigned tg_v_nnames(const struct tg_value *v);
/* Put v, made outside the constructors (tg_image.c), in k's value table;
 * every operand must already be there. */
void tg_v_adopt(struct tg_keeper *k, struct tg_value *v);
/* Room in k's value table for n more values. */
void tg_v_reserve(struct tg_keeper *k, size_t n);

bool tg_v_typed(const struct tg_value *v);
bool tg_v_concrete(const struct tg_value *v);
bool tg_v_complete(const struct tg_value *v);
const struct tg_value *tg_v_getbit(struct tg_keeper *k, const struct tg_value *v, unsigned bit);
const struct tg_value *tg_v_convert(struct tg_keeper *k, const struct tg_value *v, const struct tg_type *t);
const struct tg_value *tg_v_cast(struct tg_keeper *k, const struct tg_value *v, const struct tg_type *t);
const struct tg_value *tg_v_fold(struct tg_keeper *k, const struct tg_value *v, struct tg_rec *cur, bool final);
const struct tg_value *tg_v_resolve(struct tg_keeper *k, const struct tg_value *v, struct tg_resolver *r);
const struct tg_value *tg_v_bitrange(struct tg_keeper *k, const struct tg_value *v, const unsigned *bits, unsigned n);
const struct tg_value *tg_v_listslice(struct tg_keeper *k, const struct tg_value *v, const unsigned *idx, unsigned n);
const struct tg_type *tg_v_field_type(const struct tg_value *v, const char *fname);
/* getAsString, into the arena. */
char *tg_v_str_of(struct tg_keeper *k, const struct tg_value *v);
/* getAsUnquotedString. */
const char *tg_v_unquoted(struct tg_keeper *k, const struct tg_value *v);
/* Whether v mentions a variable (TrackUnresolvedResolver). */
bool tg_v_has_unresolved(struct tg_keeper *k, const struct tg_value *v);
/* Whether v mentions variable name (HasReferenceResolver). */
bool tg_v_references(struct tg_keeper *k, const struct tg_value *v, const char *name);
/* An error at span, with "included from here" notes when span is in an
 * included file. */
void tg_diag_error(struct tg_keeper *k, struct pl_span span, const char *fmt, ...) PL_PRINTF(3, 4);
/* An evaluation error at the current evaluation location. */
void tg_eval_error(struct tg_keeper *k, struct tg_rec *cur, const char *fmt, ...) PL_PRINTF(3, 4);
extern _Thread_local struct pl_span tg_eval_span; /* location used by tg_eval_error (per thread: check -j) */

/* tg_parse.c: records */
struct tg_rec *tg_rec_new(struct tg_keeper *k, const struct tg_value *name, enum tg_rec_kind rk,
                          struct pl_span span);
struct tg_rec *tg_rec_copy(struct tg_keeper *k, const struct tg_rec *r);
struct tg_field *tg_rec_field(const struct tg_rec *r, const char *name);
void tg_rec_add_field(struct tg_keeper *k, struct tg_rec *r, const struct tg_field *f);
/* Index r's fields (made outside tg_rec_add_field) for tg_rec_field. */
void tg_rec_index_fields(struct tg_keeper *k, struct tg_rec *r);
void tg_rec_remove_field(struct tg_keeper *k, struct tg_rec *r, const char *name);
bool tg_rec_is_targ(const struct tg_rec *r, const char *name);
const struct tg_type *tg_rec_type(struct tg_keeper *k, struct tg_rec *r);
void tg_rec_direct_supers(const struct tg_rec *r, struct tg_rec ***out, unsigned *n, unsigned *cap);
/* Room for n superclasses in r (no-op when it has it). */
void tg_rec_reserve_supers(struct tg_keeper *k, struct tg_rec *r, unsigned n);
void tg_rec_add_super(struct tg_keeper *k, struct tg_rec *r, struct tg_rec *s, struct pl_span sp);
/* Resolve every field with r (and the name); final: def resolution. */
void tg_rec_resolve(struct tg_keeper *k, struct tg_rec *r, struct tg_resolver *res);
/* Record::resolveReferences(NewName): final, fields refer to each other. */
void tg_rec_resolve_self(struct tg_keeper *k, struct tg_rec *r, const struct tg_value *newname);
/* RecordVal::setValue: cast v to f's type; false when incompatible. */
bool tg_field_set(struct tg_keeper *k, struct tg_field *f, const struct tg_value *v);
/* Add a finished def to the table (no duplicate check). */
void tg_keeper_add_def(struct tg_keeper *k, struct tg_rec *r);
struct tg_rec *tg_keeper_def(struct tg_keeper *k, const char *name);
struct tg_rec *tg_keeper_class(struct tg_keeper *k, const char *name);
const char *tg_anon_name(struct tg_keeper *k);
void tg_rec_check_asserts(struct tg_keeper *k, struct tg_rec *r);
void tg_check_assert(struct tg_keeper *k, struct pl_span sp, const struct tg_value *c, const struct tg_value *m);
struct tg_keeper *tg_records_keeper(const struct tg_records *r);

/* The evaluator's side of a stream (tg_stream.c).  The def and class maps
 * change under tg_stream_lock while a reader may look names up. */
void tg_stream_lock(struct tg_stream *s);
void tg_stream_unlock(struct tg_stream *s);
/* recs is being evaluated from the file root_file. */
void tg_stream_begin(struct tg_stream *s, struct tg_records *recs, uint32_t root_file);
/* Hand k's defs so far to the reader: every one of them is complete. */
void tg_stream_publish(struct tg_stream *s, struct tg_keeper *k);
/* A lookup while streaming: name in the def (or class) map of k. */
struct tg_rec *tg_stream_find(struct tg_stream *s, struct tg_keeper *k, const char *name,
                              bool is_class);

#endif /* PL_TG_P_H */
