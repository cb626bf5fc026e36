/* tg_parse.c -- placeholder until the parser lands. */
#include "config.h"
#include "parsers/tablegen/tg.h"
#include "analyzer/diag.h"
int tg_load(struct tg_records **out, struct pl_arena *arena, struct pl_intern *intern,
            struct pl_source_mgr *sm, struct pl_diag_ctx *diag, const char *path,
            const struct tg_options *opts)
{
	struct pl_span none = {0};
	pl_diag(diag, PL_SEV_ERROR, NULL, none, "TableGen evaluator not built yet");
	*out = NULL;
	return -1;
}
void tg_dump_json(FILE *f, const struct tg_records *r) { }
