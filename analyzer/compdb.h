/*
 * compdb.h -- compilation databases: which include folders each input
 * file is built with.
 *
 * MLIR's CMake functions write, for every file they run a TableGen tool
 * on, an entry into tablegen_compile_commands.yml (and for PDLL files into
 * pdll_compile_commands.yml) of the build folder; tblgen-lsp-server and
 * mlir-pdll-lsp-server read them.  Each entry is a YAML document:
 *
 *     --- !FileInfo:
 *       filepath: "/src/Dialect/Foo/FooPatterns.td"
 *       includes: "/src/Dialect/Foo;/src/include;/llvm/mlir/include"
 *
 * With `--compilation-database FILE` a file listed there is loaded with its
 * own include folders (then the -I folders); other inputs get the -I
 * folders alone.  A tree whose projects need different include folders is
 * then checked in one run.
 *
 * Only this shape is read: `---` starts an entry, `filepath:` and
 * `includes:` are its keys (plain, single- or double-quoted scalars; other
 * keys are ignored), `includes` is a `;`-separated list.  Relative paths
 * are taken from the database's folder.  A file listed twice keeps its
 * first entry (CMake lists a file once per TableGen run on it).
 */
#ifndef PL_COMPDB_H
#define PL_COMPDB_H

#include <stddef.h>
#include <stdio.h>

struct pl_compdb;
struct pl_fscache;

/* Add the entries of the database at path to *db (made on the first call;
 * NULL to start), each entry's include folders followed by
 * extra[0..n_extra).  Returns 0, or -1 after printing each problem to err
 * as PATH:LINE:COL: error: MESSAGE (the entries before it are kept).
 * Paths are resolved through fs (fscache.h; NULL: the system), here and
 * in pl_compdb_dirs. */
int pl_compdb_load(struct pl_compdb **db, const char *path, const char *const *extra,
                   unsigned n_extra, FILE *err, struct pl_fscache *fs);

/* The same for a database's text buf[0..len), read as if from the file
 * path (for messages and relative paths). */
int pl_compdb_add_text(struct pl_compdb **db, const char *path, const char *buf, size_t len,
                       const char *const *extra, unsigned n_extra, FILE *err,
                       struct pl_fscache *fs);

/* The include folders for the file path (matched by real path), or NULL
 * when db is NULL or does not list it; *n is their number. */
const char *const *pl_compdb_dirs(const struct pl_compdb *db, const char *path, unsigned *n);

/* The files db lists, in the order first listed. */
size_t pl_compdb_count(const struct pl_compdb *db);
const char *pl_compdb_file(const struct pl_compdb *db, size_t i);

void pl_compdb_free(struct pl_compdb *db);

#endif /* PL_COMPDB_H */
