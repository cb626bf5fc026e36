/*
 * tg.h -- public interface of the TableGen frontend: load a .td file,
 * evaluate it into records exactly as llvm-tblgen-16 does, query them, and
 * dump them in the JSON schema of `llvm-tblgen --dump-json`.
 *
 * Everything tg_* returns lives in the run's arena; callers never free it.
 * Errors are reported through the diagnostics context (file:line:col) and
 * make tg_load return -1; it never aborts on bad input.
 */
#ifndef PL_TG_H
#define PL_TG_H

#include <stdio.h>

struct pl_arena;
struct pl_intern;
struct pl_source_mgr;
struct pl_diag_ctx;

struct tg_options {
	const char *const *include_dirs; /* -I directories, in order */
	unsigned n_include;              /* entries in include_dirs */
	const char *const *defines;      /* -D macro names */
	unsigned n_define;               /* entries in defines */
};

/* The evaluated records of one input file and all it includes. */
struct tg_records;

/* Lex, parse and evaluate path.  Returns 0 and sets *out, or -1 when any
 * error was reported (then *out may still hold what was evaluated). */
int tg_load(struct tg_records **out, struct pl_arena *arena, struct pl_intern *intern,
            struct pl_source_mgr *sm, struct pl_diag_ctx *diag, const char *path,
            const struct tg_options *opts);

/* Print r as `llvm-tblgen --dump-json` does. */
void tg_dump_json(FILE *f, const struct tg_records *r);

#endif /* PL_TG_H */
