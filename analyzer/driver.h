/*
 * driver.h -- the state of one patlint run and the steps every subcommand
 * shares: loading input files through the right frontend into the model.
 *
 * main.c parses the command line and creates a pl_run; the subcommands
 * (check, dump, run, graph) call pl_load_inputs to fill a model and then
 * do their own work.  Everything lives in the run's arena.
 */
#ifndef PL_DRIVER_H
#define PL_DRIVER_H

#include "analyzer/cli.h"
#include "analyzer/diag.h"
#include "parsers/tablegen/tg.h"

struct pl_arena;
struct pl_intern;
struct pl_source_mgr;
struct model;

enum { PL_EXIT_CLEAN = 0, PL_EXIT_FINDINGS = 1, PL_EXIT_USAGE = 2 };

struct pl_run {
	struct pl_options *opt;    /* the parsed command line */
	struct pl_arena *arena;    /* holds everything of the run */
	struct pl_intern *intern;  /* names */
	struct pl_source_mgr *sm;  /* every file read */
	struct pl_diag_ctx diag;   /* the reporting path */
	struct tg_options tg;      /* -I and -D for the TableGen frontend */
	struct tg_cache *tgc;      /* include cache of the main thread while loading, or NULL */
	struct pl_compdb *db;      /* --compilation-database entries, or NULL */
};

/* The TableGen options for the input file path: r->tg, with the include
 * folders of path's compilation database entry (then the -I folders) when
 * it has one. */
void pl_tg_options_for(const struct pl_run *r, const char *path, struct tg_options *out);

/* Load each of files[0..n) (.td through TableGen, ODS and DRR; .pdll through
 * the PDLL frontend) into m.  Returns 0, or -1 when any input error was
 * reported (the rest is still loaded). */
int pl_load_inputs(struct pl_run *r, struct model *m, const char *const *files, size_t n);
struct pdll_options;
/* The PDLL frontend's options for an input whose TableGen options
 * (pl_tg_options_for) are to: its include dirs, confinement,
 * --split-input-file; no .td hook. */
void pl_pdll_options(const struct pl_run *r, const struct tg_options *to, struct pdll_options *po);
/* The input files of check and graph (analyzer/inputs.h): the PATH
 * arguments, or without any the .td and .pdll files the compilation
 * databases list (pl_inputs_collect's errors for files that are missing),
 * or else the current directory. */
int pl_collect_inputs(const struct pl_run *r, struct pl_vec *files);
/* Whether --no-include-cache turned the include cache (tg_cache_new) off. */
bool pl_include_cache_off(const struct pl_run *r);
/* A new include cache for r (NULL when it is off), keeping its states in
 * --cache-dir or $PATLINT_CACHE_DIR (check) when one is given. */
struct tg_cache *pl_include_cache_new(const struct pl_run *r);
/* Whether r's include caches keep their states in image files. */
bool pl_include_images_on(const struct pl_run *r);

/* `patlint check`. */
int pl_cmd_check(struct pl_run *r);

/* `patlint run` (analyzer/cmd_run.c): execute --patterns on --input and
 * print the rewritten IR; exit status 0, or 2 on input/usage errors and
 * on patterns that cannot be executed. */
int pl_cmd_run(struct pl_run *r);

/* `patlint graph` (analyzer/cmd_graph.c): draw one pattern (--pattern) or
 * the set's interaction graph (--set, which runs the rules as check does
 * to highlight recursion cycles and overlaps) as dot, svg or png; exit
 * status 0, or 2 on input/usage errors. */
int pl_cmd_graph(struct pl_run *r);

#endif /* PL_DRIVER_H */
