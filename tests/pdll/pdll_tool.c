/*
 * pdll_tool.c -- test driver for the PDLL frontend until `patlint dump
 * patterns` reads .pdll files: `pdll-tool [-I DIR]... [--ast] FILE` loads
 * FILE with pdll_load, prints diagnostics (clang style, stderr) and one
 * line per pattern on stdout: name (or -), benefit, root op (or *),
 * bounded recursion (0/1), line.  Exit status 0, or 1 on errors.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/diag.h"
#include "analyzer/intern.h"
#include "analyzer/model.h"
#include "analyzer/source.h"
#include "parsers/pdll/pdll.h"

int main(int argc, char **argv)
{
	const char *dirs[64];
	unsigned nd = 0;
	const char *path = NULL;
	struct pdll_options opts;

	memset(&opts, 0, sizeof(opts));
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-I") == 0 && i + 1 < argc && nd < 64)
			dirs[nd++] = argv[++i];
		else if (strncmp(argv[i], "-I", 2) == 0 && argv[i][2] && nd < 64)
			dirs[nd++] = argv[i] + 2;
		else if (strcmp(argv[i], "--ast") == 0)
			opts.dump_ast = stdout;
		else
			path = argv[i];
	}
	if (!path) {
		fputs("usage: pdll-tool [-I DIR]... [--ast] FILE.pdll\n", stderr);
		return 2;
	}
	opts.include_dirs = dirs;
	opts.n_include_dirs = nd;

	struct pl_arena *arena = pl_arena_new();
	struct pl_intern *intern = pl_intern_new(arena);
	struct pl_source_mgr *sm = pl_source_mgr_new();
	struct pl_diag_ctx diag;
	pl_diag_ctx_init(&diag, sm, arena);
	diag.color = false;
	struct model *m = model_new(arena, intern);

	int rc = pdll_load(m, sm, &diag, path, &opts);
	for (unsigned i = 0; i < model_pattern_count(m); i++) {
		const struct model_pattern *p = model_pattern_at(m, i);
		printf("%s\t%d\t%s\t%d\t%u\n", p->name ? p->name : "-", p->benefit,
		       p->root_op ? p->root_op : "*", p->bounded_recursion ? 1 : 0, p->span.line);
	}
	pl_source_mgr_free(sm);
	pl_intern_free(intern);
	pl_arena_free(arena);
	return rc == 0 ? 0 : 1;
}
