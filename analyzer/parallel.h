/*
 * parallel.h -- `patlint check -j N`: evaluate the TableGen inputs of a run,
 * and the .td files its PDLL inputs include, on N threads, ahead of the
 * thread that imports them.
 *
 * Evaluating a .td input (lexing, parsing and evaluating it with all it
 * includes: tg_load) is more than nine tenths of loading it; importing its
 * ODS ops and DRR patterns into the model is the rest.  So worker threads
 * evaluate inputs, each thread into an arena of its own, taking blocks of
 * the input order in turn (neighbours share includes) and then inputs
 * from the end of the largest block left (a .pdll input's include of a
 * .td input before it that no worker has claimed: that input first,
 * whose records the include then takes); their include caches share one
 * tree of states (tg_cache_share), so what one evaluated the others
 * restore.  The calling thread goes on beside them: it takes the results
 * in input order as they are done and imports them exactly as the
 * sequential path does, and loads the PDLL inputs (and any .td file the
 * prefetch did not foresee) itself.  The model, the tga_* access layer and
 * the analyses see the same calls in the same order for every N, which is
 * why the output does not depend on N.
 *
 * What the threads share is thread-safe or read-only: the intern table
 * (each worker has a view of it), the source manager, the options, the
 * include cache's states, and the records of a taken input.  Those records
 * may share objects with what the workers are still evaluating, and both
 * sides touch them then: the importer reads names, fields, values and
 * superclasses, which nothing changes once a record is made, and writes
 * only the importers' notes (tg_rec_note_set), which evaluation never
 * reads; a worker writes only the evaluation's own caches on them
 * (DefInits, list and class types: the first one made wins, atomically),
 * which the importer never reads.  An input's diagnostics are recorded
 * while it is evaluated and replayed into the run's context when it is
 * taken; its records then report to the run's context.
 *
 * Ownership: the workers' arenas go to the run's arena at
 * pl_prefetch_free, which joins the threads, so records, diagnostics and
 * everything an importer made from them live as long as the run.
 */
#ifndef PL_PARALLEL_H
#define PL_PARALLEL_H

#include <stdbool.h>
#include <stddef.h>

struct pl_run;
struct tg_options;
struct tg_records;
struct pl_prefetch;
struct tg_stream;

/* Jobs for -j 0 (the default): the number of online processors. */
unsigned pl_jobs_default(void);

/* Whether n items of a stage are worth its threads, when min items are
 * (each stage measured where its threads start to pay: the overlap
 * pairs, the reading rules, the text report).  With PATLINT_TEST_THREADS
 * set to 1 in the environment any 2 items are, so that patlint's own tests
 * take the threaded paths on small inputs (tests/jobs.test). */
bool pl_threads_worth(size_t n, size_t min);

/* Evaluate the .td files among files[0..n), and the .td files the .pdll
 * files among them include (pdll_td_includes), on jobs threads, and return
 * while they run (the strings must outlive the prefetch), one thread
 * for every 4 such files at most.  Returns NULL when there is nothing to
 * overlap (jobs < 2, fewer than 8 such files and no stream, or no thread
 * could be started): then load sequentially. */
struct pl_prefetch *pl_prefetch_start(struct pl_run *r, const char *const *files, size_t n,
                                      unsigned jobs);

/* Wait until slot i (files[i], a .td input, or a slot pl_prefetch_find
 * gave) is evaluated, replay its diagnostics into r->diag, and return
 * tg_load's result with *out set as tg_load sets it.  Called once per slot,
 * in increasing i for inputs, by the starting thread. */
int pl_prefetch_take(struct pl_prefetch *pf, size_t i, struct tg_records **out);

/* The stream of slot i, not taken yet: its defs as its worker makes them
 * (parsers/tablegen/tg.h, "Streaming"), or NULL.  pf may be NULL.  The
 * first input streams when it is a .td file of 256 KiB or more and no
 * images are kept (--cache-dir); with it, a single .td input is evaluated
 * on a worker too, beside the thread that imports it. */
struct tg_stream *pl_prefetch_stream(struct pl_prefetch *pf, size_t i);

/* Whether the .td file `path` (as a .pdll input's include resolves it) was
 * evaluated ahead under opts (the .pdll input's TableGen options) and not
 * taken yet: *id is then its slot, for pl_prefetch_take.  pf may be NULL
 * (false).  A file is evaluated ahead once for all the .pdll inputs that
 * include it under the same options: the first to include it takes it.
 * A worker gives a slot the records of an earlier one of the same file
 * that evaluated without a diagnostic when they are the same under the
 * slot's options (tg_records_same_under) instead of evaluating it again. */
bool pl_prefetch_find(struct pl_prefetch *pf, const char *path, const struct tg_options *opts,
                      size_t *id);

/* Join the threads and free the prefetch (what the workers evaluated,
 * taken or not, goes to the run's arena). */
void pl_prefetch_free(struct pl_prefetch *pf);

#endif /* PL_PARALLEL_H */
