/*
 * fuzz_compdb.c -- libFuzzer target for the compilation database reader
 * (analyzer/compdb.c): the input is a database's text, read twice into one
 * database (entries add up) as if from a file in a folder, with one extra
 * include folder.  Every listed file is then looked up: a lookup by the
 * path the database gives must find an entry (its own or, listed twice,
 * the first), with at least the extra folder.  Errors go to /dev/null.
 */
#define _DEFAULT_SOURCE /* realpath */
#include "config.h"

#include <stdlib.h>

#include "tests/fuzz/fuzz_common.h"

#include "analyzer/compdb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const extra[] = {"/extra/inc"};
	struct pl_compdb *db = NULL;

	(void)pl_compdb_add_text(&db, "/fuzz/dir/db.yml", (const char *)data, size, extra, 1,
	                         fuzz_null(), NULL);
	(void)pl_compdb_add_text(&db, "db.yml", (const char *)data, size, NULL, 0, fuzz_null(), NULL);
	for (size_t i = 0; i < pl_compdb_count(db); i++) {
		unsigned n = 0;
		const char *f = pl_compdb_file(db, i);
		/* a file of the first reading: absolute, looked up by that path
		 * (realpath fails on it: the fuzzer's paths do not exist) */
		char *real = f[0] == '/' ? realpath(f, NULL) : NULL;
		if (f[0] != '/' || real) {
			free(real);
			continue;
		}
		const char *const *dirs = pl_compdb_dirs(db, f, &n);
		if (!dirs)
			abort();
		for (unsigned k = 0; k < n; k++)
			if (!dirs[k] || !*dirs[k])
				abort();
	}
	pl_compdb_free(db);
	return 0;
}
