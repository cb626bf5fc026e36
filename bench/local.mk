# bench/local.mk -- benchmarks against the peer tools (make bench).
noinst_PROGRAMS += bench/measure
bench_measure_SOURCES = bench/measure.c
EXTRA_DIST += bench/bench.sh

BENCH_RUNS = 5
.PHONY: bench
bench: patlint$(EXEEXT) bench/measure$(EXEEXT)
	$(SHELL) $(srcdir)/bench/bench.sh ./patlint$(EXEEXT) bench/measure$(EXEEXT) $(BENCH_RUNS)
