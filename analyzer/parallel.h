/*
 * parallel.h -- `patlint check -j N`: evaluate the TableGen inputs of a run,
 * and the .td files its PDLL inputs include, on N threads, ahead of the
 * thread that imports them.
 *
 * Evaluating a .td input (lexing, parsing and evaluating it with all it
 * includes: tg_load) is more than nine tenths of loading it; importing its
 * ODS ops and DRR patterns into the model is the rest.  So worker threads
 * evaluate inputs, each thread into an arena of its own, starting on
 * its own stretch of the input order (neighbours share includes, and each
 * thread keeps its own include cache) and then taking inputs from the end
 * of the longest stretch left;
 * pl_prefetch_start returns when all are evaluated (the calling thread's own
 * loading never runs beside an evaluation), and the calling thread takes
 * the results in input order and imports them exactly as the sequential
 * path does.  The model, the tga_* access layer and the
 * analyses see the same calls in the same order for every N, which is why
 * the output does not depend on N.  What the workers share is thread-safe:
 * the intern table (each input gets a view of it), the source manager, and
 * read-only options.  An input's diagnostics are recorded while it is
 * evaluated and replayed into the run's context when it is taken.
 *
 * Ownership: a worker's arena goes to the run's arena once the importer
 * has released every input the worker evaluated (pl_prefetch_release), or
 * at pl_prefetch_free, so records, diagnostics and everything an importer
 * made from them live as long as the run; pl_prefetch_free joins the
 * threads.
 */
#ifndef PL_PARALLEL_H
#define PL_PARALLEL_H

#include <stdbool.h>
#include <stddef.h>

struct pl_run;
struct tg_records;
struct pl_prefetch;

/* Jobs for -j 0 (the default): the number of online processors. */
unsigned pl_jobs_default(void);

/* Evaluate the .td files among files[0..n), and the .td files the .pdll
 * files among them include (pdll_td_includes), on jobs threads and return
 * when all are done (the strings must outlive the prefetch).  Returns NULL
 * when there is nothing to overlap (jobs < 2, fewer than two such files,
 * or no thread could be started): then load sequentially. */
struct pl_prefetch *pl_prefetch_start(struct pl_run *r, const char *const *files, size_t n,
                                      unsigned jobs);

/* Wait until slot i (files[i], a .td input, or a slot pl_prefetch_find
 * gave) is evaluated, replay its diagnostics into r->diag, and return
 * tg_load's result with *out set as tg_load sets it.  Called once per slot,
 * in increasing i for inputs, by the starting thread. */
int pl_prefetch_take(struct pl_prefetch *pf, size_t i, struct tg_records **out);

/* Whether the .td file `path` (as a .pdll input's include resolves it) was
 * evaluated ahead and not taken yet: *id is then its slot, for
 * pl_prefetch_take and pl_prefetch_release.  pf may be NULL (false).  Taken
 * in order, a file one input includes twice matches two slots. */
bool pl_prefetch_find(struct pl_prefetch *pf, const char *path, size_t *id);

/* The importer is done with slot i's records: once it is done with every
 * slot of the same worker, that worker's memory goes to the run. */
void pl_prefetch_release(struct pl_prefetch *pf, size_t i);

/* Join the threads and free the prefetch (what the workers evaluated,
 * taken or not, goes to the run's arena). */
void pl_prefetch_free(struct pl_prefetch *pf);

#endif /* PL_PARALLEL_H */
