# bench/local.mk -- benchmarks against the peer tools (make bench).
noinst_PROGRAMS += bench/measure
bench_measure_SOURCES = bench/measure.c
EXTRA_DIST += bench/bench.sh bench/gen-synth.sh bench/gen-fixture.sh bench/side-by-side.sh \
	bench/HISTORY.md

# The run row needs the greedy-driver harness (tests/local.mk), built here
# when libmlir-16-dev and g++ are there; without it the row is skipped.
BENCH_RUNS = 5
.PHONY: bench
bench: patlint$(EXEEXT) bench/measure$(EXEEXT)
	@if [ -f $(MLIR16_PREFIX)/lib/libMLIR.so ] && command -v $(HARNESS_CXX) >/dev/null 2>&1; then \
	  $(MAKE) $(AM_MAKEFLAGS) tests/harness/greedy || true; fi
	$(SHELL) $(srcdir)/bench/bench.sh ./patlint$(EXEEXT) bench/measure$(EXEEXT) $(BENCH_RUNS) tests/harness/greedy
