/*
 * inputs.h -- turn the PATH arguments of `patlint check` into the list of
 * files to analyze.
 *
 * A directory means every .td and .pdll file under it (hidden folders are
 * skipped); no path means the current directory.  The result is sorted and
 * free of duplicates (by real path), so the order of findings does not
 * depend on the order of the arguments or of readdir.
 */
#ifndef PL_INPUTS_H
#define PL_INPUTS_H

#include "util.h"

struct pl_fscache;

enum pl_input_kind { PL_INPUT_TD = 0, PL_INPUT_PDLL, PL_INPUT_MLIR, PL_INPUT_OTHER };

/* The kind of file path names, from its extension. */
enum pl_input_kind pl_input_kind(const char *path);

/* Collect the files named by paths[0..n) into out (heap strings, free with
 * pl_inputs_free).  Returns 0, or -1 after printing an error for a path
 * that does not exist or a file of unknown kind.  Real paths come from fs
 * (fscache.h; NULL: the system). */
int pl_inputs_collect(struct pl_fscache *fs, struct pl_vec *out, const char *const *paths,
                      size_t n);
void pl_inputs_free(struct pl_vec *files);

#endif /* PL_INPUTS_H */
