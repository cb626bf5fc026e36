/*
 * fuzz_tgcache.c -- differential libFuzzer target for the TableGen include
 * cache (tg_load_cached): the input is the text of an included file
 * (fuzz-inc.td), up to an optional line "//--", and the rest of a main file
 * after it.  Four main files include fuzz-inc.td in different situations
 * (plain, after a #define, twice, after a def), and are loaded in turn
 * through one cache, twice over, so that states are kept and then
 * restored; each load must give what the same main file gives alone: the
 * same error count and the same --dump-json output.  A difference aborts.
 * `-D FUZZ` is defined so #ifdef paths are reachable.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdlib.h>

#include "tests/fuzz/fuzz_common.h"

#include "analyzer/util.h"
#include "parsers/tablegen/tg.h"

/* Load name through cache (NULL: alone) into arena a; the dump (malloc'd,
 * NULL when the load failed) and the error count. */
static char *load(struct fuzz_run *r, struct tg_cache *cache, struct pl_arena *a, const char *name,
                  unsigned *errors)
{
	static const char *const defines[] = {"FUZZ"};
	struct tg_options opts = {0};
	struct pl_diag_ctx diag;
	struct tg_records *recs = NULL;
	char *buf = NULL;
	size_t len = 0;

	opts.defines = defines;
	opts.n_define = 1;
	pl_diag_ctx_init(&diag, r->sm, a);
	diag.sink.emit = fuzz_emit;
	int rc = tg_load_cached(&recs, cache, a, r->intern, r->sm, &diag, name, &opts);
	*errors = pl_diag_errors(&diag);
	if (rc < 0 || !recs)
		return NULL;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		abort();
	tg_dump_json(f, recs);
	fclose(f);
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const heads[] = {
		"include \"fuzz-inc.td\"\n",
		"#define FUZZ_MAIN\ninclude \"fuzz-inc.td\"\n",
		"include \"fuzz-inc.td\"\ninclude \"fuzz-inc.td\"\n",
		"def fuzz_before;\ninclude \"fuzz-inc.td\"\n",
	};
	enum { NMAIN = sizeof(heads) / sizeof(heads[0]) };
	static const char *const names[NMAIN] = {"fuzz-m0.td", "fuzz-m1.td", "fuzz-m2.td", "fuzz-m3.td"};
	const char *text = (const char *)data, *sep = NULL;
	struct fuzz_run r;

	for (size_t i = 0; i + 5 <= size && !sep; i++)
		if ((i == 0 || text[i - 1] == '\n') && memcmp(text + i, "//--\n", 5) == 0)
			sep = text + i;
	size_t inc_len = sep ? (size_t)(sep - text) : size;
	const char *rest = sep ? sep + 5 : "";
	size_t rest_len = sep ? size - inc_len - 5 : 0;

	fuzz_begin(&r);
	pl_source_add(r.sm, "fuzz-inc.td", text, inc_len);
	for (int i = 0; i < NMAIN; i++) {
		struct pl_buf b = {0};
		pl_buf_puts(&b, heads[i]);
		pl_buf_add(&b, rest, rest_len);
		pl_source_add(r.sm, names[i], pl_buf_cstr(&b), b.len);
		pl_buf_free(&b);
	}
	struct tg_cache *cache = tg_cache_new();
	for (int round = 0; round < 2; round++) {
		for (int i = 0; i < NMAIN; i++) {
			unsigned e1, e2;
			struct pl_arena *alone_arena = pl_arena_new();
			char *with = load(&r, cache, r.arena, names[i], &e1);
			char *alone = load(&r, NULL, alone_arena, names[i], &e2);
			if (e1 != e2 || !with != !alone || (with && strcmp(with, alone) != 0)) {
				fprintf(stderr, "fuzz_tgcache: %s differs through the cache (errors %u/%u)\n",
				        names[i], e1, e2);
				abort();
			}
			free(with);
			free(alone);
			pl_arena_free(alone_arena);
		}
	}
	tg_cache_free(cache);
	fuzz_end(&r);
	return 0;
}
