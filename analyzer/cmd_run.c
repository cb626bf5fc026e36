/*
 * cmd_run.c -- `patlint run`: load pattern files into the model, parse the
 * fixture, run the greedy driver and print the result in generic form
 * followed by `// converged` or `// did-not-converge` (DESIGN.md contract).
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "driver.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "analyzer/arena.h"
#include "analyzer/engine/greedy.h"
#include "analyzer/engine/ir.h"
#include "analyzer/model.h"
#include "analyzer/outfile.h"
#include "analyzer/source.h"

int pl_cmd_run(struct pl_run *r)
{
	struct pl_options *o = r->opt;
	struct pl_source_file *f;
	struct ir_op *top = NULL;
	struct greedy_options go;
	struct greedy_result res;

	if (!o->patterns.len || !o->input) {
		fprintf(stderr, "patlint: run: needs --patterns FILE and --input FIXTURE.mlir\n");
		return PL_EXIT_USAGE;
	}
	if (o->format && strcmp(o->format, "text") != 0) {
		fprintf(stderr, "patlint: run: unsupported format '%s' (text)\n", o->format);
		return PL_EXIT_USAGE;
	}
	struct model *m = model_new(r->arena, r->intern);
	model_set_sources(m, r->sm);
	if (pl_load_inputs(r, m, (const char *const *)o->patterns.items, o->patterns.len) < 0 ||
	    pl_diag_errors(&r->diag))
		return PL_EXIT_USAGE;
	if (pl_source_load(&f, r->sm, o->input) != 0) {
		fprintf(stderr, "patlint: cannot read '%s': %s\n", o->input, pl_strerror(errno));
		return PL_EXIT_USAGE;
	}
	struct ir_ctx *c = ir_ctx_new(r->arena, r->intern);
	/* Ops the pattern files declare Pure are side-effect free, as they
	 * would be with their dialect registered. */
	for (unsigned i = 0; i < model_op_count(m); i++) {
		const struct model_op *op = model_op_at(m, i);
		for (unsigned t = 0; t < op->n_traits; t++)
			if (!strcmp(op->traits[t], "Pure") || !strcmp(op->traits[t], "NoSideEffect") ||
			    !strcmp(op->traits[t], "NoMemoryEffect"))
				ir_ctx_mark_pure(c, op->name);
	}
	if (ir_parse(&top, c, &r->diag, f) < 0) {
		ir_ctx_free(c);
		return PL_EXIT_USAGE;
	}

	memset(&go, 0, sizeof(go));
	go.max_iterations = o->max_iterations;
	go.max_rewrites = o->max_rewrites;
	go.trace = o->trace ? stderr : NULL;
	go.interp = interp_options_from_specs(r->arena, (const char *const *)o->assumes.items,
	                                      o->assumes.len);

	int rc = greedy_run(&res, c, m, top, &r->diag, &go);
	if (rc < 0) {
		ir_ctx_free(c);
		return PL_EXIT_USAGE;
	}
	/* opened once the pattern files and the fixture are loaded, so that
	 * -o naming one of them is refused (pl_out_open) */
	struct pl_out out;
	if (pl_out_open(&out, o->output, r->sm) < 0) {
		ir_ctx_free(c);
		return PL_EXIT_USAGE;
	}
	ir_print_file(out.f, top);
	fprintf(out.f, "\n%s\n", res.converged ? "// converged" : "// did-not-converge");
	ir_ctx_free(c);
	return pl_out_close(&out, true) < 0 ? PL_EXIT_USAGE : PL_EXIT_CLEAN;
}
