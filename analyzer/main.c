/*
 * main.c -- the patlint command: parse the command line, run one
 * subcommand, map the outcome to the exit status (0 clean, 1 findings,
 * 2 usage or input error).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "analyzer/arena.h"
#include "analyzer/cli.h"
#include "analyzer/compdb.h"
#include "analyzer/diag.h"
#include "analyzer/driver.h"
#include "analyzer/engine/ir.h"
#include "analyzer/intern.h"
#include "analyzer/model.h"
#include "analyzer/outfile.h"
#include "analyzer/source.h"
#include "parsers/tablegen/tg.h"
#include "parsers/tablegen/tg_lex.h"

enum { EXIT_CLEAN = PL_EXIT_CLEAN, EXIT_USAGE = PL_EXIT_USAGE };

static int dump_tokens(struct pl_run *r, const char *path, FILE *out)
{
	struct tg_lexer *lx;
	struct tg_options to;

	pl_tg_options_for(r, path, &to);
	if (tg_lex_new(&lx, r->sm, &r->diag, r->intern, path, to.include_dirs, to.n_include,
	               to.defines, to.n_define) < 0)
		return -1;
	tg_lex_allow_include_outside(lx, to.allow_include_outside);
	for (;;) {
		const struct tg_token *t = tg_lex_next(lx);
		struct pl_source_file *f = pl_source_get(r->sm, t->span.file);
		fprintf(out, "%s:%u:%u: %s", f ? f->path : "?", t->span.line, t->span.col,
		        t->kind == TG_TOK_BANG ? "!" : tg_tok_name(t->kind));
		if (t->kind == TG_TOK_BANG)
			fputs(tg_bang_name(t->bang), out);
		else if (t->kind == TG_TOK_INTVAL)
			fprintf(out, " %lld", (long long)t->ival);
		else if (t->kind == TG_TOK_BININTVAL)
			fprintf(out, " %lld/%u", (long long)t->ival, t->bin_width);
		else if (t->text)
			fprintf(out, " \"%s\"", t->text);
		fputc('\n', out);
		if (t->kind == TG_TOK_EOF || t->kind == TG_TOK_ERROR)
			break;
	}
	tg_lex_free(lx);
	return pl_diag_errors(&r->diag) ? -1 : 0;
}

/* dump patterns / dump ops: load every input into one model and print it. */
static int dump_model(struct pl_run *r, const char *what, const char *fmt)
{
	struct pl_out out;

	if (fmt && strcmp(fmt, "json") != 0) {
		fprintf(stderr, "patlint: dump %s: unsupported format '%s'\n", what, fmt);
		return EXIT_USAGE;
	}
	if (r->opt->inputs.len == 0) {
		fprintf(stderr, "patlint: dump %s: expected FILE...\n", what);
		return EXIT_USAGE;
	}
	struct model *m = model_new(r->arena, r->intern);
	model_set_sources(m, r->sm);
	int rc = pl_load_inputs(r, m, (const char *const *)r->opt->inputs.items, r->opt->inputs.len);
	if (rc < 0 || pl_diag_errors(&r->diag))
		return EXIT_USAGE;
	if (pl_out_open(&out, r->opt->output, r->sm) < 0)
		return EXIT_USAGE;
	if (strcmp(what, "patterns") == 0)
		model_dump_json(out.f, m);
	else
		model_dump_ops_json(out.f, m);
	return pl_out_close(&out, true) < 0 ? EXIT_USAGE : EXIT_CLEAN;
}

static int cmd_dump(struct pl_run *r)
{
	const char *what = r->opt->dump_what;
	const char *fmt = r->opt->format;
	struct pl_out out;
	int rc = 0;

	if (!what || (strcmp(what, "tokens") && strcmp(what, "records") && strcmp(what, "patterns") &&
	              strcmp(what, "ops") && strcmp(what, "ir"))) {
		fprintf(stderr, "patlint: dump: expected 'tokens', 'records', 'patterns', 'ops' or 'ir'%s%s%s\n",
		        what ? ", got '" : "", what ? what : "", what ? "'" : "");
		return EXIT_USAGE;
	}
	bool textual = strcmp(what, "tokens") == 0 || strcmp(what, "ir") == 0;
	if (fmt && strcmp(fmt, textual ? "text" : "json") != 0) {
		fprintf(stderr, "patlint: dump %s: unsupported format '%s'\n", what, fmt);
		return EXIT_USAGE;
	}
	if (strcmp(what, "patterns") == 0 || strcmp(what, "ops") == 0)
		return dump_model(r, what, fmt);
	if (r->opt->inputs.len != 1) {
		fprintf(stderr, "patlint: dump %s: expected exactly one %s\n", what,
		        strcmp(what, "ir") == 0 ? "FILE.mlir" : "FILE.td");
		return EXIT_USAGE;
	}
	const char *path = r->opt->inputs.items[0];
	struct tg_records *recs = NULL;
	struct tg_cache *tgc = NULL; /* the records may live in it: freed after the dump */
	if (strcmp(what, "records") == 0) {
		/* evaluated before the output is opened, so that -o naming the
		 * input or a file it includes is refused (pl_out_open) */
		struct tg_options to;
		tgc = pl_include_cache_new(r);
		tg_cache_set_last(tgc, true); /* one input: no state is worth keeping */
		pl_tg_options_for(r, path, &to);
		rc = tg_load_cached(&recs, tgc, r->arena, r->intern, r->sm, &r->diag, path, &to);
	} else if (r->opt->output) {
		/* tokens and ir write as they read: the input is loaded first
		 * (they take it from the source manager), for the same check;
		 * a FIFO or device is left to them, and they refuse it */
		struct stat st;
		struct pl_source_file *in;
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
			(void)pl_source_load(&in, r->sm, path);
	}
	if (rc != 0 || pl_out_open(&out, r->opt->output, r->sm) < 0) {
		tg_cache_free(tgc);
		return EXIT_USAGE;
	}
	if (recs)
		tg_dump_json(out.f, recs);
	else if (strcmp(what, "tokens") == 0)
		rc = dump_tokens(r, path, out.f);
	else
		rc = ir_dump(out.f, r->arena, r->intern, r->sm, &r->diag, path, r->opt->split_input);
	tg_cache_free(tgc);
	if (pl_out_close(&out, rc == 0) < 0)
		rc = -1;
	return rc == 0 ? EXIT_CLEAN : EXIT_USAGE;
}

int main(int argc, char **argv)
{
	/* Reports run to megabytes (a large check writes ~2 KiB a finding);
	 * stdio's default block for a pipe or /dev/null is 4 KiB, a write
	 * call each.  A terminal keeps its line buffering.  (glibc takes the
	 * size only with a buffer.) */
	static char out_buf[PL_OUT_BUFSIZ];
	struct pl_options opt;
	struct pl_run r;
	int status;

	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, out_buf, _IOFBF, sizeof out_buf);
#if defined(__GLIBC__) && defined(M_TOP_PAD)
	/* glibc grows a thread's heap by mprotect, 128 KiB beyond the request
	 * at a time: a corpus run at -j 2 made ~1,000 such calls, each taking
	 * the memory map lock for writing (the other threads' page faults
	 * wait) and interrupting the other core to flush its TLB.  Growing by
	 * 16 MiB costs only address space until the pages are touched: 13
	 * calls.  The corpus at -j 2 took 0.90-0.99 of the time in five
	 * alternated comparisons of 13-15 rounds; -j 1, one thread, 0.93-1.04
	 * (noise). */
	mallopt(M_TOP_PAD, 16 << 20);
#endif
	if (pl_cli_parse(&opt, argc, argv, stderr) < 0)
		return EXIT_USAGE;
	if (opt.help) {
		pl_cli_help(stdout, argc > 1 && strcmp(argv[1], pl_cmd_name(opt.cmd)) == 0 ? opt.cmd
		                                                                           : PL_CMD_COUNT);
		pl_cli_free(&opt);
		return EXIT_CLEAN;
	}
	if (opt.version) {
		pl_cli_version(stdout);
		pl_cli_free(&opt);
		return EXIT_CLEAN;
	}
	/* a directory as the output, or two outputs in one place, are
	 * refused before the run's work */
	if (pl_out_check_early(opt.output) < 0 || pl_out_check_early(opt.write_baseline) < 0 ||
	    pl_out_check_apart(opt.output, opt.write_baseline) < 0) {
		pl_cli_free(&opt);
		return EXIT_USAGE;
	}
	memset(&r, 0, sizeof(r));
	r.opt = &opt;
	r.arena = pl_arena_new();
	r.intern = pl_intern_new(r.arena);
	r.sm = pl_source_mgr_new();
	pl_diag_ctx_init(&r.diag, r.sm, r.arena);
	r.diag.max_errors = opt.max_errors;
	if (opt.color != PL_COLOR_AUTO)
		r.diag.color = opt.color == PL_COLOR_ALWAYS;
	r.tg.include_dirs = (const char *const *)opt.include_dirs.items;
	r.tg.n_include = (unsigned)opt.include_dirs.len;
	r.tg.defines = (const char *const *)opt.defines.items;
	r.tg.n_define = (unsigned)opt.defines.len;
	r.tg.allow_include_outside = opt.allow_include_outside;
	status = EXIT_CLEAN;
	for (size_t i = 0; i < opt.compdbs.len; i++) { /* every problem of every one */
		if (pl_compdb_load(&r.db, opt.compdbs.items[i], r.tg.include_dirs, r.tg.n_include,
		                   stderr, pl_source_fs(r.sm)) < 0)
			status = EXIT_USAGE;
		pl_source_note_read(r.sm, opt.compdbs.items[i], "compilation database");
	}
	if (status == EXIT_USAGE)
		goto out;

	switch (opt.cmd) {
	case PL_CMD_CHECK:
		status = pl_cmd_check(&r);
		break;
	case PL_CMD_DUMP:
		status = cmd_dump(&r);
		break;
	case PL_CMD_RUN:
		status = pl_cmd_run(&r);
		break;
	case PL_CMD_GRAPH:
		status = pl_cmd_graph(&r);
		break;
	default: /* pl_cli_parse only yields the commands above */
		status = EXIT_USAGE;
		break;
	}
	/* check prints its own summary through its report. */
	if (status == EXIT_USAGE && opt.cmd != PL_CMD_CHECK)
		pl_diag_summary(stderr, &r.diag);
out:
	pl_set_exiting();
	pl_compdb_free(r.db);
	pl_source_mgr_free(r.sm);
	pl_intern_free(r.intern);
	pl_arena_free(r.arena);
	pl_cli_free(&opt);
	return status;
}
