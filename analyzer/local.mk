# analyzer/local.mk -- shared infrastructure and the pattern model.
libpatlint_a_SOURCES += \
	analyzer/arena.c analyzer/arena.h \
	analyzer/cli.c analyzer/cli.h \
	analyzer/cmd_run.c \
	analyzer/cmd_graph.c \
	analyzer/compdb.c analyzer/compdb.h \
	analyzer/cthreads.c analyzer/cthreads.h \
	analyzer/diag.c analyzer/diag.h \
	analyzer/driver.c analyzer/driver.h \
	analyzer/engine/ir.c analyzer/engine/ir.h analyzer/engine/ir_p.h \
	analyzer/engine/ir_dump.c \
	analyzer/engine/ir_parse.c analyzer/engine/ir_print.c \
	analyzer/engine/interp.c analyzer/engine/interp.h \
	analyzer/engine/arith_fold.c analyzer/engine/arith_fold.h \
	analyzer/engine/greedy.c analyzer/engine/greedy.h analyzer/engine/greedy_p.h \
	analyzer/engine/greedy_pdl.c \
	analyzer/inputs.c analyzer/inputs.h \
	analyzer/intern.c analyzer/intern.h \
	analyzer/json.c analyzer/json.h \
	analyzer/model.c analyzer/model.h \
	analyzer/model_json.c \
	analyzer/outfile.c analyzer/outfile.h \
	analyzer/ordered.c analyzer/ordered.h \
	analyzer/overlap.c analyzer/overlap.h \
	analyzer/regex.c analyzer/regex.h \
	analyzer/parallel.c analyzer/parallel.h \
	analyzer/recursion.c analyzer/recursion.h \
	analyzer/fscache.c analyzer/fscache.h \
	analyzer/source.c analyzer/source.h \
	analyzer/util.c analyzer/util.h \
	analyzer/verify.c analyzer/verify.h \
	$(NULL)
