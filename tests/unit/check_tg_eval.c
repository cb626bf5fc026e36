/*
 * check_tg_eval.c -- Check unit tests of the TableGen value layer
 * (tg_p.h: uniquing, conversions, folding of the bang operators and the
 * printable form) and of the record query API (tg.h) on small inputs.
 * Expected printable forms are llvm-tblgen-16's getAsString output.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/intern.h"
#include "analyzer/source.h"
#include "parsers/tablegen/tg.h"
#include "parsers/tablegen/tg_p.h"

static struct pl_arena *arena;
static struct pl_intern *intern;
static struct pl_source_mgr *sm;
static struct pl_diag_ctx diag;
static struct tg_keeper K, *k = &K;
static char msgs[8192];
static char tmpdir[64];

static void collect(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	(void)ud;
	(void)ctx;
	size_t n = strlen(msgs);
	snprintf(msgs + n, sizeof(msgs) - n, "%u:%u: %s: %s\n", d->span.line, d->span.col,
	         pl_severity_name(d->sev), d->msg);
}

static void setup(void)
{
	arena = pl_arena_new();
	intern = pl_intern_new(arena);
	sm = pl_source_mgr_new();
	pl_diag_ctx_init(&diag, sm, arena);
	diag.sink.emit = collect;
	msgs[0] = '\0';
	tg_keeper_init(k, arena, intern, &diag, sm, NULL);
}

static void teardown(void)
{
	tg_keeper_fini(k);
	pl_source_mgr_free(sm);
	pl_intern_free(intern);
	pl_arena_free(arena);
}

static const struct tg_value *I(int64_t i) { return tg_v_int(k, i); }
static const struct tg_value *S(const char *s) { return tg_v_str(k, s, false); }
static const char *P(const struct tg_value *v) { return tg_v_str_of(k, v); }
static const struct tg_value *F(const struct tg_value *v) { return tg_v_fold(k, v, NULL, true); }
static const struct tg_value *bin(int op, const struct tg_value *a, const struct tg_value *b,
                                  const struct tg_type *t)
{
	return F(tg_v_binop(k, op, a, b, t));
}
static const struct tg_value *list3(int64_t a, int64_t b, int64_t c)
{
	const struct tg_value *e[3] = {I(a), I(b), I(c)};
	return tg_v_list(k, e, 3, k->ty_int);
}

/* ---- value tables passed on (tg_vtabs) ---- */

static size_t slots_used(const struct tg_keeper *kp)
{
	size_t n = 0;
	for (size_t i = 0; i < kp->vcap; i++)
		n += kp->vtab[i] != 0;
	return n;
}

/* A keeper done gives its table back; the next keeper of the same arena
 * takes it cleared (nothing of the first's values in it, and the values
 * it makes are its own), one of another arena or needing far less does
 * not, and a keeper outgrowing its table gives the old one back. */
START_TEST(vtabs_passed_on)
{
	struct tg_vtabs pool = {0};
	struct tg_keeper a, b, c;
	struct pl_arena *other = pl_arena_new();

	tg_keeper_init(&a, arena, intern, &diag, sm, &pool);
	uintptr_t *first = a.vtab;
	for (int i = 0; i < 100; i++)
		tg_v_int(&a, 1000 + i);
	const struct tg_value *a7 = tg_v_int(&a, 7);
	tg_keeper_done(&a);
	ck_assert_ptr_null(a.vtab);
	ck_assert_uint_eq(pool.n, 1);
	ck_assert_ptr_eq(pool.tab[0], first);

	tg_keeper_init(&c, other, intern, &diag, sm, &pool);
	ck_assert_ptr_ne(c.vtab, first); /* another arena's */
	ck_assert_uint_eq(pool.n, 1);

	tg_keeper_init(&b, arena, intern, &diag, sm, &pool);
	ck_assert_ptr_eq(b.vtab, first);
	ck_assert_uint_eq(pool.n, 0);
	ck_assert_uint_eq(slots_used(&b), b.vcount);
	const struct tg_value *b7 = tg_v_int(&b, 7);
	ck_assert_ptr_ne(b7, a7);
	ck_assert_ptr_eq(tg_v_int(&b, 7), b7);

	/* growing: the old table goes back, the values stay unique */
	size_t cap = b.vcap;
	for (int i = 0; (size_t)i < cap / 2; i++) /* one doubling */
		tg_v_int(&b, 5000 + i);
	ck_assert_uint_gt(b.vcap, cap);
	ck_assert_uint_eq(pool.n, 1);
	ck_assert_ptr_eq(pool.tab[0], first);
	ck_assert_uint_eq(slots_used(&b), b.vcount);
	ck_assert_ptr_eq(tg_v_int(&b, 7), b7);
	tg_keeper_done(&b);
	ck_assert_uint_eq(pool.n, 2);

	/* a small table is not served from one over four times its size */
	struct tg_keeper d;
	uintptr_t *big = PL_NEW_ARRAY(arena, uintptr_t, (size_t)1 << 17);
	pool.tab[0] = big;
	pool.cap[0] = (size_t)1 << 17;
	pool.arena[0] = arena;
	pool.n = 1;
	tg_keeper_init(&d, arena, intern, &diag, sm, &pool);
	ck_assert_ptr_ne(d.vtab, big);
	ck_assert_uint_eq(pool.n, 1);
	tg_keeper_done(&d);
	tg_keeper_done(&c);
	pl_arena_free(other);
}
END_TEST

/* Each slot of a value table keeps its value's hash's top bits beside the
 * address (tg_value.c, VT_TAG): after the table grows and after a state is
 * restored from the value log, every slot's bits are its value's, and
 * making a value again finds the one made before. */
START_TEST(vtab_slots_tagged)
{
	struct tg_kept_tables then;
	size_t cap = k->vcap;
	int N = (int)cap; /* enough to double the table */
	const struct tg_value **made = malloc(sizeof(*made) * (size_t)N);

	ck_assert_ptr_nonnull(made);
	tg_keeper_log_tables(k);
	for (int i = 0; i < N; i++)
		made[i] = I(700000 + i);
	ck_assert_uint_gt(k->vcap, cap); /* grown on the way */
	tg_keeper_keep_tables(k, &then);
	struct tg_keeper K2, *k2 = &K2;
	tg_keeper_init(k2, arena, intern, &diag, sm, NULL);
	tg_keeper_restore_tables(k2, &then);
	k2->ty_int = k->ty_int; /* the values were made with k's int type */
	const struct tg_keeper *ks[2] = {k, k2};
	for (int w = 0; w < 2; w++) {
		for (size_t i = 0; i < ks[w]->vcap; i++) {
			uintptr_t s = ks[w]->vtab[i];
			if (s)
				ck_assert_uint_eq(s & 15, tg_vtab_value(s)->hash >> 60);
		}
		ck_assert_uint_eq(slots_used(ks[w]), ks[w]->vcount);
	}
	for (int i = 0; i < N; i++) {
		ck_assert_ptr_eq(tg_v_int(k, 700000 + i), made[i]);
		ck_assert_ptr_eq(tg_v_int(k2, 700000 + i), made[i]);
	}
	free(made);
	tg_keeper_log_stop(k2);
	tg_keeper_log_stop(k);
	tg_keeper_done(k2);
}
END_TEST

/* ---- importers' notes ---- */

/* Records start with zero notes, keep what is set, and a copy (the start
 * of a def made from a record) starts with none of the original's. */
START_TEST(record_notes)
{
	struct pl_span sp = {0};
	struct tg_rec *r = tg_rec_new(k, S("R"), TG_REC_DEF, sp);
	ck_assert_uint_eq(tg_rec_note_get(r, TG_NOTE_ODS), 0);
	ck_assert_uint_eq(tg_rec_note_get(r, TG_NOTE_DRR), 0);
	tg_rec_note_set(r, TG_NOTE_ODS, 7);
	tg_rec_note_set(r, TG_NOTE_DRR, 9);
	ck_assert_uint_eq(tg_rec_note_get(r, TG_NOTE_ODS), 7);
	ck_assert_uint_eq(tg_rec_note_get(r, TG_NOTE_DRR), 9);
	struct tg_rec *c = tg_rec_copy(k, r);
	ck_assert_uint_eq(tg_rec_note_get(c, TG_NOTE_ODS), 0);
	ck_assert_uint_eq(tg_rec_note_get(c, TG_NOTE_DRR), 0);
	ck_assert_uint_eq(tg_rec_note_get(r, TG_NOTE_ODS), 7);
}
END_TEST

/* ---- uniquing ---- */

START_TEST(unique_values)
{
	ck_assert_ptr_eq(I(42), I(42));
	ck_assert_ptr_ne(I(42), I(43));
	ck_assert_ptr_eq(S("x"), S("x"));
	ck_assert_ptr_ne(S("x"), tg_v_str(k, "x", true)); /* code differs */
	ck_assert_ptr_eq(list3(1, 2, 3), list3(1, 2, 3));
	ck_assert_ptr_eq(tg_ty_list(k, k->ty_int), tg_ty_list(k, k->ty_int));
	ck_assert_ptr_eq(tg_ty_bits(k, 7), tg_ty_bits(k, 7));
}
END_TEST

/* Values of kind kind in k's table. */
static size_t values_of_kind(int kind)
{
	size_t n = 0;
	for (size_t i = 0; i < k->vcap; i++)
		n += k->vtab[i] && tg_vtab_value(k->vtab[i])->kind == kind;
	return n;
}

/* x resolved to v in e. */
static const struct tg_value *subst(const struct tg_value *e, const char *x, const struct tg_value *v)
{
	struct tg_map_resolver m;
	tg_map_init(&m, k, NULL);
	tg_map_set(&m, x, v);
	const struct tg_value *r = tg_v_resolve(k, e, &m.base);
	tg_map_fini(&m);
	return r;
}

/* A resolution whose operator folds gives the folded value and makes no
 * value of the operator with its new operands (resolve_inner, fold_new);
 * one that does not fold makes that value once, as tg_v_binop would. */
START_TEST(resolution_folds_without_operator_values)
{
	const struct tg_value *x = tg_v_var(k, "x", k->ty_string);
	const struct tg_value *cat = tg_v_binop(k, TG_BIN_STRCONCAT, x, S("b"), k->ty_string);
	const struct tg_value *size = tg_v_unop(k, TG_UN_SIZE, x, k->ty_int);
	const struct tg_value *pick = tg_v_ternop(k, TG_TER_SUBST, S("a"), S("z"), x, k->ty_string);
	size_t bins = values_of_kind(TG_V_BINOP), uns = values_of_kind(TG_V_UNOP);
	size_t ters = values_of_kind(TG_V_TERNOP);

	ck_assert_ptr_eq(subst(cat, "x", S("a")), S("ab"));
	ck_assert_ptr_eq(subst(size, "x", S("abc")), I(3));
	ck_assert_ptr_eq(subst(pick, "x", S("cab")), S("czb"));
	ck_assert_uint_eq(values_of_kind(TG_V_BINOP), bins);
	ck_assert_uint_eq(values_of_kind(TG_V_UNOP), uns);
	ck_assert_uint_eq(values_of_kind(TG_V_TERNOP), ters);

	const struct tg_value *y = tg_v_var(k, "y", k->ty_string);
	const struct tg_value *left = subst(cat, "x", y);
	ck_assert_int_eq(left->kind, TG_V_BINOP);
	ck_assert_ptr_eq(left, tg_v_binop(k, TG_BIN_STRCONCAT, y, S("b"), k->ty_string));
	ck_assert_ptr_eq(subst(cat, "x", y), left);
	ck_assert_uint_eq(values_of_kind(TG_V_BINOP), bins + 1);
}
END_TEST

/* ---- printable forms ---- */

/* A VARDEF (Class<args>) stays one value after the record it made is
 * cached in it, and ISA values differ by their checked type: the cache
 * and the checked type share their place in a value. */
START_TEST(unique_vardef_isa)
{
	struct pl_span sp = {0};
	struct tg_rec *cls = tg_rec_new(k, S("C"), TG_REC_CLASS, sp);
	struct tg_rec *made = tg_rec_new(k, S("anonymous_0"), TG_REC_DEF, sp);
	const struct tg_value *args[] = {I(1)};
	const struct tg_value *v = tg_v_vardef(k, cls, args, 1);
	ck_assert_ptr_null(tg_v_def_made(k, v));
	ck_assert_ptr_null(tg_v_cty(v));
	tg_hmap_put(k->vardef_map, (const char *)v, made); /* as resolution notes it */
	ck_assert_ptr_eq(tg_v_def_made(k, v), made);
	ck_assert_ptr_null(tg_v_cty(v));
	ck_assert_ptr_eq(tg_v_vardef(k, cls, args, 1), v);

	const struct tg_value *e = S("x");
	const struct tg_value *a = tg_v_isa(k, k->ty_int, e);
	ck_assert_ptr_eq(tg_v_cty(a), k->ty_int);
	ck_assert_ptr_null(tg_v_def_made(k, a));
	ck_assert_ptr_eq(tg_v_isa(k, k->ty_int, e), a);
	ck_assert_ptr_ne(tg_v_isa(k, k->ty_string, e), a);
	ck_assert_ptr_ne(tg_v_exists(k, k->ty_int, e), a);
}
END_TEST

/* What Class<args> was instantiated as is the keeper's, and a state the
 * include cache keeps holds what it was then: an instantiation made after
 * the state was kept (by the load that kept it, or by another load that
 * restored an earlier state, on another thread) is not the state's. */
START_TEST(vardef_instantiations_by_state)
{
	struct pl_span sp = {0};
	struct tg_rec *cls = tg_rec_new(k, S("C"), TG_REC_CLASS, sp);
	struct tg_rec *d1 = tg_rec_new(k, S("anonymous_1"), TG_REC_DEF, sp);
	struct tg_rec *d2 = tg_rec_new(k, S("anonymous_2"), TG_REC_DEF, sp);
	const struct tg_value *a1[] = {I(1)}, *a2[] = {I(2)};
	const struct tg_value *v1 = tg_v_vardef(k, cls, a1, 1), *v2 = tg_v_vardef(k, cls, a2, 1);
	struct tg_kept_tables then;

	tg_keeper_log_tables(k);
	tg_hmap_put(k->vardef_map, (const char *)v1, d1);
	tg_keeper_keep_tables(k, &then);
	tg_hmap_put(k->vardef_map, (const char *)v2, d2);
	ck_assert_ptr_eq(tg_v_def_made(k, v1), d1);
	ck_assert_ptr_eq(tg_v_def_made(k, v2), d2);

	struct tg_keeper K2, *k2 = &K2;
	tg_keeper_init(k2, arena, intern, &diag, sm, NULL);
	tg_keeper_restore_tables(k2, &then);
	ck_assert_ptr_eq(tg_v_def_made(k2, v1), d1);
	ck_assert_ptr_null(tg_v_def_made(k2, v2));
	/* the restored keeper goes on in a log of its own */
	tg_hmap_put(k2->vardef_map, (const char *)v2, d1);
	ck_assert_ptr_eq(tg_v_def_made(k2, v2), d1);
	ck_assert_ptr_eq(tg_v_def_made(k, v2), d2);
	tg_keeper_log_stop(k2);
	tg_keeper_log_stop(k);
	tg_keeper_done(k2);
}
END_TEST

START_TEST(printable_forms)
{
	const struct tg_value *bits[3] = {k->bit1, k->bit0, k->unset};
	ck_assert_str_eq(P(k->unset), "?");
	ck_assert_str_eq(P(I(-5)), "-5");
	ck_assert_str_eq(P(S("a\"b")), "\"a\"b\""); /* not escaped, as LLVM */
	ck_assert_str_eq(P(tg_v_str(k, " c ", true)), "[{ c }]");
	ck_assert_str_eq(P(tg_v_bits(k, bits, 3)), "{ ?, 0, 1 }");
	ck_assert_str_eq(P(list3(1, 2, 3)), "[1, 2, 3]");
	const struct tg_value *var = tg_v_var(k, pl_intern(intern, "x"), k->ty_int);
	ck_assert_str_eq(P(tg_v_binop(k, TG_BIN_ADD, var, I(1), k->ty_int)), "!add(x, 1)");
	ck_assert_str_eq(P(tg_v_unop(k, TG_UN_CAST, var, k->ty_string)), "!cast<string>(x)");
	ck_assert_str_eq(P(tg_v_ternop(k, TG_TER_IF, var, I(1), I(2), k->ty_int)), "!if(x, 1, 2)");
	ck_assert_str_eq(P(tg_v_ternop(k, TG_TER_FOREACH, S("e"), var, var, k->ty_int)), "!foreach(e, x, x)");
	const struct tg_value *args[2] = {I(1), k->unset};
	const char *names[2] = {NULL, pl_intern(intern, "b")};
	ck_assert_str_eq(P(tg_v_dag(k, var, pl_intern(intern, "op"), args, names, 2)), "(x:op 1, ?:$b)");
	ck_assert_str_eq(P(tg_v_dag(k, var, NULL, NULL, NULL, 0)), "(x)");
	ck_assert_str_eq(P(tg_v_varbit(k, tg_v_var(k, pl_intern(intern, "b"), tg_ty_bits(k, 4)), 2)), "b{2}");
	const struct tg_value *cv[4] = {var, I(1), k->bit1, I(2)};
	ck_assert_str_eq(P(tg_v_cond(k, cv, 2, k->ty_int)), "!cond(x: 1, 1: 2)");
	ck_assert_str_eq(P(tg_v_isa(k, k->ty_int, var)), "!isa<int>(x)");
	ck_assert_str_eq(tg_ty_str(k, tg_ty_list(k, tg_ty_bits(k, 3))), "list<bits<3>>");
}
END_TEST

/* A field keeps its kind in the low bits of its type's address. */
START_TEST(field_type_and_kind)
{
	const struct tg_type *types[] = {k->ty_int, k->ty_string, tg_ty_list(k, k->ty_bit), NULL};
	enum tg_field_kind kinds[] = {TG_FK_NORMAL, TG_FK_NONCONCRETE, TG_FK_TARG};
	struct tg_field f = {0};

	for (unsigned t = 0; t < 4; t++)
		for (unsigned i = 0; i < 3; i++) {
			tg_field_set_type(&f, types[t], kinds[i]);
			ck_assert_ptr_eq(tg_field_type(&f), types[t]);
			ck_assert_int_eq(tg_field_kind(&f), kinds[i]);
		}
}
END_TEST

/* A map grows by doubling once three quarters of its slots are full:
 * every key put stays found, a key put again keeps one slot, and a
 * key never put is not found. */
START_TEST(map_grows_and_finds)
{
	struct tg_hmap *m = tg_hmap_new(NULL);
	static char keys[5000];

	ck_assert_uint_eq(tg_hmap_slots(m), 64);
	for (unsigned i = 0; i < 48; i++)
		tg_hmap_put(m, &keys[i], &keys[i + 1]);
	ck_assert_uint_eq(tg_hmap_slots(m), 64); /* 48 of 64: not yet */
	tg_hmap_put(m, &keys[48], &keys[49]);
	ck_assert_uint_eq(tg_hmap_slots(m), 128);
	for (unsigned i = 49; i < 4000; i++)
		tg_hmap_put(m, &keys[i], &keys[i + 1]);
	tg_hmap_put(m, &keys[7], &keys[0]); /* again: replaced */
	ck_assert_uint_eq(tg_hmap_count(m), 4000);
	ck_assert_uint_eq(tg_hmap_slots(m), 8192);
	for (unsigned i = 0; i < 4000; i++)
		ck_assert_ptr_eq(tg_hmap_get(m, &keys[i]), i == 7 ? &keys[0] : &keys[i + 1]);
	for (unsigned i = 4000; i < 5000; i++)
		ck_assert_ptr_null(tg_hmap_get(m, &keys[i]));
	tg_hmap_free(m);
}
END_TEST

/* An ISA or EXISTS value's checked type and a DAG's or fold's names share
 * a slot of struct tg_value: each is there only for its kinds, and
 * uniquing keeps them apart. */
START_TEST(checked_type_and_names_share_a_slot)
{
	const struct tg_value *var = tg_v_var(k, pl_intern(intern, "x"), k->ty_int);
	const struct tg_value *is_int = tg_v_isa(k, k->ty_int, var);
	const struct tg_value *is_str = tg_v_isa(k, k->ty_string, var);

	ck_assert_ptr_ne(is_int, is_str);
	ck_assert_ptr_eq(is_int, tg_v_isa(k, k->ty_int, var));
	ck_assert_ptr_eq(tg_v_cty(is_int), k->ty_int);
	ck_assert_ptr_eq(tg_v_cty(is_str), k->ty_string);
	ck_assert_uint_eq(tg_v_nnames(is_int), 0);
	ck_assert_int_eq(F(tg_v_isa(k, k->ty_int, I(3)))->i, 1);
	ck_assert_int_eq(F(tg_v_isa(k, k->ty_string, I(3)))->i, 0);
	const struct tg_value *args[2] = {I(1), I(2)};
	const char *names[2] = {pl_intern(intern, "a"), NULL};
	const struct tg_value *d = tg_v_dag(k, var, NULL, args, names, 2);
	ck_assert_ptr_eq(d->names[0], names[0]);
	ck_assert_ptr_null(d->names[1]);
	ck_assert_ptr_null(tg_v_cty(d));
	ck_assert_ptr_null(tg_v_dag(k, var, NULL, NULL, NULL, 0)->names);
	ck_assert_ptr_null(tg_v_cty(tg_v_dag(k, var, NULL, NULL, NULL, 0)));
	ck_assert_str_eq(P(d), "(x 1:$a, 2)");
	ck_assert_str_eq(P(is_str), "!isa<string>(x)");
}
END_TEST

/* ---- folding ---- */

START_TEST(fold_arith)
{
	ck_assert_int_eq(bin(TG_BIN_ADD, I(2), I(3), k->ty_int)->i, 5);
	ck_assert_int_eq(bin(TG_BIN_SUB, I(2), I(3), k->ty_int)->i, -1);
	ck_assert_int_eq(bin(TG_BIN_MUL, I(-4), I(3), k->ty_int)->i, -12);
	ck_assert_int_eq(bin(TG_BIN_DIV, I(-7), I(2), k->ty_int)->i, -3);
	ck_assert_int_eq(bin(TG_BIN_SHL, I(1), I(40), k->ty_int)->i, (int64_t)1 << 40);
	ck_assert_int_eq(bin(TG_BIN_SRA, I(-16), I(2), k->ty_int)->i, -4);
	ck_assert_int_eq(bin(TG_BIN_SRL, I(-1), I(60), k->ty_int)->i, 15);
	ck_assert_int_eq(bin(TG_BIN_AND, I(12), I(10), k->ty_int)->i, 8);
	ck_assert_int_eq(bin(TG_BIN_OR, I(12), I(10), k->ty_int)->i, 14);
	ck_assert_int_eq(bin(TG_BIN_XOR, I(12), I(10), k->ty_int)->i, 6);
	ck_assert_ptr_eq(bin(TG_BIN_EQ, I(3), I(3), k->ty_bit), k->bit1);
	ck_assert_ptr_eq(bin(TG_BIN_LT, S("abc"), S("abd"), k->ty_bit), k->bit1);
	ck_assert_ptr_eq(bin(TG_BIN_GE, I(1), I(2), k->ty_bit), k->bit0);
	ck_assert_int_eq(F(tg_v_unop(k, TG_UN_LOG2, I(1025), k->ty_int))->i, 10);
	ck_assert_ptr_eq(F(tg_v_unop(k, TG_UN_NOT, I(0), k->ty_int)), k->bit1);
	/* unresolved operands leave the operation in place */
	const struct tg_value *var = tg_v_var(k, pl_intern(intern, "x"), k->ty_int);
	const struct tg_value *op = tg_v_binop(k, TG_BIN_ADD, var, I(1), k->ty_int);
	ck_assert_ptr_eq(F(op), op);
}
END_TEST

START_TEST(fold_div_zero)
{
	const struct tg_value *r = bin(TG_BIN_DIV, I(1), I(0), k->ty_int);
	ck_assert_int_eq(r->kind, TG_V_UNSET);
	ck_assert_ptr_nonnull(strstr(msgs, "error: Illegal operation: division by zero"));
}
END_TEST

START_TEST(fold_strings)
{
	ck_assert_str_eq(bin(TG_BIN_STRCONCAT, S("ab"), S("cd"), k->ty_string)->str, "abcd");
	const struct tg_value *c = bin(TG_BIN_STRCONCAT, S("a"), tg_v_str(k, "b", true), k->ty_string);
	ck_assert_int_eq(c->op, 1); /* code if either side is code */
	const struct tg_value *strs[3] = {S("x"), S("y"), S("z")};
	const struct tg_value *l = tg_v_list(k, strs, 3, k->ty_string);
	ck_assert_str_eq(bin(TG_BIN_INTERLEAVE, l, S(", "), k->ty_string)->str, "x, y, z");
	ck_assert_str_eq(bin(TG_BIN_INTERLEAVE, list3(1, 2, 3), S("-"), k->ty_string)->str, "1-2-3");
	ck_assert_str_eq(F(tg_v_ternop(k, TG_TER_SUBST, S("l"), S("L"), S("hello"), k->ty_string))->str, "heLLo");
	ck_assert_str_eq(F(tg_v_ternop(k, TG_TER_SUBSTR, S("hello"), I(1), I(3), k->ty_string))->str, "ell");
	ck_assert_int_eq(F(tg_v_ternop(k, TG_TER_FIND, S("hello"), S("lo"), I(0), k->ty_int))->i, 3);
	ck_assert_int_eq(F(tg_v_ternop(k, TG_TER_FIND, S("hello"), S("z"), I(0), k->ty_int))->i, -1);
	ck_assert_int_eq(F(tg_v_unop(k, TG_UN_SIZE, S("four"), k->ty_int))->i, 4);
	ck_assert_str_eq(F(tg_v_unop(k, TG_UN_CAST, I(12), k->ty_string))->str, "12");
}
END_TEST

START_TEST(fold_lists)
{
	const struct tg_type *lt = tg_ty_list(k, k->ty_int);
	ck_assert_str_eq(P(bin(TG_BIN_LISTCONCAT, list3(1, 2, 3), list3(4, 5, 6), lt)), "[1, 2, 3, 4, 5, 6]");
	ck_assert_str_eq(P(bin(TG_BIN_LISTREMOVE, list3(1, 2, 3), list3(2, 9, 9), lt)), "[1, 3]");
	ck_assert_str_eq(P(bin(TG_BIN_LISTSPLAT, S("a"), I(2), tg_ty_list(k, k->ty_string))), "[\"a\", \"a\"]");
	ck_assert_int_eq(F(tg_v_unop(k, TG_UN_HEAD, list3(7, 8, 9), k->ty_int))->i, 7);
	ck_assert_str_eq(P(F(tg_v_unop(k, TG_UN_TAIL, list3(7, 8, 9), lt))), "[8, 9]");
	ck_assert_int_eq(F(tg_v_unop(k, TG_UN_EMPTY, list3(7, 8, 9), k->ty_int))->i, 0);
	/* !foreach(x, [1, 2, 3], !mul(x, x)) */
	const char *x = pl_intern(intern, "x");
	const struct tg_value *xv = tg_v_var(k, x, k->ty_int);
	const struct tg_value *sq = tg_v_binop(k, TG_BIN_MUL, xv, xv, k->ty_int);
	ck_assert_str_eq(P(F(tg_v_ternop(k, TG_TER_FOREACH, S("x"), list3(1, 2, 3), sq, lt))), "[1, 4, 9]");
	/* !filter(x, [1, 2, 3], !gt(x, 1)) */
	const struct tg_value *gt = tg_v_binop(k, TG_BIN_GT, xv, I(1), k->ty_bit);
	ck_assert_str_eq(P(F(tg_v_ternop(k, TG_TER_FILTER, S("x"), list3(1, 2, 3), gt, lt))), "[2, 3]");
	/* !foldl(0, [1, 2, 3], a, x, !add(a, x)) */
	const char *a = pl_intern(intern, "a");
	const struct tg_value *sum = tg_v_binop(k, TG_BIN_ADD, tg_v_var(k, a, k->ty_int), xv, k->ty_int);
	ck_assert_int_eq(F(tg_v_foldop(k, I(0), list3(1, 2, 3), a, x, sum, k->ty_int))->i, 6);
	/* slices */
	unsigned idx[2] = {2, 0};
	ck_assert_str_eq(P(tg_v_listslice(k, list3(4, 5, 6), idx, 2)), "[6, 4]");
	ck_assert_int_eq(tg_v_listslice(k, list3(4, 5, 6), idx, 1)->i, 6);
}
END_TEST

START_TEST(fold_if_cond_dag)
{
	ck_assert_int_eq(F(tg_v_ternop(k, TG_TER_IF, I(0), I(1), I(2), k->ty_int))->i, 2);
	const struct tg_value *cv[4] = {I(0), S("a"), I(5), S("b")};
	ck_assert_str_eq(F(tg_v_cond(k, cv, 2, k->ty_string))->str, "b");
	const struct tg_value *op = S("op");
	const struct tg_value *names[2] = {S("p"), S("q")};
	const struct tg_value *nl = tg_v_list(k, names, 2, k->ty_string);
	ck_assert_str_eq(P(F(tg_v_ternop(k, TG_TER_DAG, op, tg_v_list(k, (const struct tg_value *[]){I(1), I(2)}, 2, k->ty_int),
	                                 nl, k->ty_dag))),
	                 "(\"op\" 1:$p, 2:$q)");
}
END_TEST

START_TEST(convert_values)
{
	const struct tg_type *b4 = tg_ty_bits(k, 4);
	const struct tg_value *bits = tg_v_convert(k, I(5), b4);
	ck_assert_ptr_nonnull(bits);
	ck_assert_str_eq(P(bits), "{ 0, 1, 0, 1 }");
	ck_assert_int_eq(tg_v_convert(k, bits, k->ty_int)->i, 5);
	ck_assert_ptr_null(tg_v_convert(k, I(16), b4));     /* does not fit */
	ck_assert_ptr_nonnull(tg_v_convert(k, I(-1), b4));  /* sign-extends */
	ck_assert_ptr_null(tg_v_convert(k, I(2), k->ty_bit));
	ck_assert_ptr_eq(tg_v_convert(k, I(1), k->ty_bit), k->bit1);
	ck_assert_ptr_null(tg_v_convert(k, S("s"), k->ty_int));
	ck_assert(tg_ty_convertible(k->ty_bit, k->ty_int));
	ck_assert(!tg_ty_convertible(k->ty_string, k->ty_int));
	ck_assert_ptr_eq(tg_ty_resolve(k, k->ty_bit, k->ty_int), k->ty_int);
}
END_TEST

/* ---- records through tg_load and the query API ---- */

static struct tg_records *load(const char *text)
{
	struct tg_records *r = NULL;
	FILE *f;

	strcpy(tmpdir, "/tmp/check_tg_eval.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	char path[128];
	snprintf(path, sizeof(path), "%s/input.td", tmpdir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	tg_load(&r, arena, intern, sm, &diag, path, NULL);
	unlink(path);
	rmdir(tmpdir);
	return r;
}

START_TEST(api_queries)
{
	struct tg_records *r = load("def ins;\n"
	                            "class Op<string n, list<int> l = [1, 2]> { string name = n; list<int> ls = l;\n"
	                            "  dag args = (ins 1:$a, \"s\":$b); }\n"
	                            "def AddOp : Op<\"add\">;\n"
	                            "def SubOp : Op<\"sub\", [3]> { bits<3> b = 5; }\n");
	ck_assert_str_eq(msgs, "");
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(tg_def_count(r), 3);
	ck_assert_str_eq(tg_rec_name(tg_def_at(r, 0)), "ins");
	const struct tg_rec *add = tg_def_find(r, "AddOp");
	ck_assert_ptr_nonnull(add);
	ck_assert(tg_rec_isa(add, "Op"));
	ck_assert(!tg_rec_isa(add, "Nope"));
	ck_assert_ptr_null(tg_def_find(r, "Nope"));
	ck_assert_uint_eq(tg_rec_span(add).line, 4);
	ck_assert_uint_eq(tg_rec_span(add).col, 5);
	const struct tg_value *name = tg_rec_value(add, "name");
	ck_assert_int_eq(tg_val_kind(name), TG_STRING);
	ck_assert_str_eq(tg_val_string(name), "add");
	const struct tg_value *ls = tg_rec_value(add, "ls");
	ck_assert_int_eq(tg_val_kind(ls), TG_LIST);
	ck_assert_uint_eq(tg_val_size(ls), 2);
	int64_t i;
	ck_assert_int_eq(tg_val_int(&i, tg_val_item(ls, 1)), 0);
	ck_assert_int_eq(i, 2);
	const struct tg_value *d = tg_rec_value(add, "args");
	ck_assert_int_eq(tg_val_kind(d), TG_DAG);
	ck_assert_str_eq(tg_rec_name(tg_val_def(tg_val_dag_op(d))), "ins");
	ck_assert_uint_eq(tg_val_size(d), 2);
	ck_assert_str_eq(tg_val_dag_arg_name(d, 1), "b");
	ck_assert_str_eq(tg_val_printable(r, d), "(ins 1:$a, \"s\":$b)");
	const struct tg_rec *sub = tg_def_find(r, "SubOp");
	ck_assert_int_eq(tg_val_int(&i, tg_rec_value(sub, "b")), 0);
	ck_assert_int_eq(i, 5);
	ck_assert_uint_eq(tg_rec_field_span(sub, "b").line, 5);
	struct pl_span at;
	ck_assert(!tg_rec_included_from(r, sub, 0, &at)); /* in the main file */
}
END_TEST

START_TEST(api_errors)
{
	struct tg_records *r = load("class A<int x> { int v = x; }\ndef y : A<\"s\">;\ndef z : Nope;\n");
	(void)r;
	ck_assert_str_eq(msgs, "2:9: error: Value specified for template argument 'A:x' (#0) is of type string; "
	                       "expected type int: \"s\"\n");
}
END_TEST

START_TEST(anonymous_numbering)
{
	struct tg_records *r = load("class T<int n> { int v = n; }\n"
	                            "def : T<1>;\n"
	                            "def X { T a = T<5>; T b = T<5>; T c = T<6>; }\n");
	ck_assert_str_eq(msgs, "");
	ck_assert_str_eq(tg_rec_name(tg_val_def(tg_rec_value(tg_def_find(r, "X"), "a"))), "anonymous_1");
	ck_assert_str_eq(tg_rec_name(tg_val_def(tg_rec_value(tg_def_find(r, "X"), "b"))), "anonymous_1");
	ck_assert_str_eq(tg_rec_name(tg_val_def(tg_rec_value(tg_def_find(r, "X"), "c"))), "anonymous_2");
	ck_assert(tg_rec_anonymous(tg_def_find(r, "anonymous_0")));
}
END_TEST

START_TEST(api_include_chain)
{
	struct tg_records *r = NULL;
	char dir[64], path[128], inc[128];
	FILE *f;

	strcpy(dir, "/tmp/check_tg_eval.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(inc, sizeof(inc), "%s/inc.td", dir);
	snprintf(path, sizeof(path), "%s/main.td", dir);
	f = fopen(inc, "w");
	fputs("class C;\ndef InInc : C;\n", f);
	fclose(f);
	f = fopen(path, "w");
	fputs("// main\ninclude \"inc.td\"\ndef InMain : C;\n", f);
	fclose(f);
	const char *dirs[1] = {dir};
	struct tg_options opts = {.include_dirs = dirs, .n_include = 1};
	ck_assert_int_eq(tg_load(&r, arena, intern, sm, &diag, path, &opts), 0);
	unlink(inc);
	unlink(path);
	rmdir(dir);
	struct pl_span at;
	ck_assert(tg_rec_included_from(r, tg_def_find(r, "InInc"), 0, &at));
	ck_assert_uint_eq(at.line, 2);
	ck_assert_uint_eq(at.col, 9);
	ck_assert(!tg_rec_included_from(r, tg_def_find(r, "InInc"), 1, &at));
	ck_assert(!tg_rec_included_from(r, tg_def_find(r, "InMain"), 0, &at));
}
END_TEST

static Suite *tg_eval_suite(void)
{
	Suite *s = suite_create("tg_eval");
	TCase *tc = tcase_create("values");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, unique_values);
	tcase_add_test(tc, resolution_folds_without_operator_values);
	tcase_add_test(tc, record_notes);
	tcase_add_test(tc, vtabs_passed_on);
	tcase_add_test(tc, vtab_slots_tagged);
	tcase_add_test(tc, unique_vardef_isa);
	tcase_add_test(tc, vardef_instantiations_by_state);
	tcase_add_test(tc, printable_forms);
	tcase_add_test(tc, checked_type_and_names_share_a_slot);
	tcase_add_test(tc, map_grows_and_finds);
	tcase_add_test(tc, field_type_and_kind);
	tcase_add_test(tc, convert_values);
	suite_add_tcase(s, tc);
	tc = tcase_create("fold");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, fold_arith);
	tcase_add_test(tc, fold_div_zero);
	tcase_add_test(tc, fold_strings);
	tcase_add_test(tc, fold_lists);
	tcase_add_test(tc, fold_if_cond_dag);
	suite_add_tcase(s, tc);
	tc = tcase_create("records");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, api_queries);
	tcase_add_test(tc, api_errors);
	tcase_add_test(tc, anonymous_numbering);
	tcase_add_test(tc, api_include_chain);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(tg_eval_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
