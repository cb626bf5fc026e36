# tests/local.mk -- unit tests (Check), golden tests and peer suites.
#
# make check        unit tests and golden tests; needs nothing but Check
# make check-peers  agreement with the real MLIR 16 tools (skips with a
#                   message where they or ../shared are missing)

noinst_PROGRAMS += tests/tools/tgjsoncmp
tests_tools_tgjsoncmp_SOURCES = tests/tools/tgjsoncmp.c
tests_tools_tgjsoncmp_LDADD = $(JSONC_LIBS)

# make check VALGRIND='valgrind -q --error-exitcode=99 ...' runs the Check
# unit tests (tests/vg-run.sh) and every patlint run of the golden runner
# (tests/run-golden.sh) under valgrind; .ci/run does.
VALGRIND =
LOG_COMPILER = $(SHELL) $(top_srcdir)/tests/vg-run.sh
EXTRA_DIST += tests/vg-run.sh
AM_TESTS_ENVIRONMENT = \
	VALGRIND='$(VALGRIND)'; export VALGRIND; \
	PATLINT='$(abs_top_builddir)/patlint'; export PATLINT; \
	top_srcdir='$(abs_top_srcdir)'; export top_srcdir; \
	top_builddir='$(abs_top_builddir)'; export top_builddir;

EXTRA_DIST += tests/peers/records-agree.sh

PEER_SUITES = records
.PHONY: check-peers check-peers-records
check-peers: $(addprefix check-peers-,$(PEER_SUITES))
check-peers-records: patlint$(EXEEXT) tests/tools/tgjsoncmp$(EXEEXT)
	$(SHELL) $(srcdir)/tests/peers/records-agree.sh ./patlint$(EXEEXT) tests/tools/tgjsoncmp$(EXEEXT) all; \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc

# Random TableGen programs and DRR files (fixed seeds) through patlint and
# llvm-tblgen-16 / mlir-tblgen-16: the same records, the same rejections
# (tests/peers/random-agree.sh; python3 makes the files).
EXTRA_DIST += tests/peers/random-agree.sh tests/peers/random-inputs.py
PEER_SUITES += random
.PHONY: check-peers-random
check-peers-random: patlint$(EXEEXT) tests/tools/tgjsoncmp$(EXEEXT)
	$(SHELL) $(srcdir)/tests/peers/random-agree.sh ./patlint$(EXEEXT) tests/tools/tgjsoncmp$(EXEEXT) 300; \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc

.PHONY: print-peer-suites
print-peer-suites:
	@echo $(PEER_SUITES)

# libFuzzer targets: `make fuzz` (not part of make check).
include tests/fuzz/local.mk

# Golden suites: each .test script runs tests/run-golden.sh on its folders
# and speaks TAP, so every case is counted.
TEST_EXTENSIONS = .test
TEST_LOG_DRIVER = env AM_TAP_AWK='$(AWK)' $(SHELL) $(top_srcdir)/build-aux/tap-driver.sh
TEST_LOG_COMPILER = $(SHELL)
EXTRA_DIST += tests/run-golden.sh tests/lsan.supp tests/valgrind.supp tests/tsan.supp
TESTS += tests/cli.test tests/man-options.test tests/jobs.test tests/images.test
# bench/measure, the timer `make bench` uses
TESTS += tests/measure.test
EXTRA_DIST += tests/measure.test
# `patlint graph`: golden dot text, and Graphviz (dot, neato, gvc) accepting
# every graph without a warning.
TESTS += tests/graph.test tests/graph/validate.test
EXTRA_DIST += tests/graph.test tests/graph
EXTRA_DIST += tests/cli.test tests/cli tests/man-options.test tests/jobs.test tests/jobs tests/images.test
# Hostile inputs (issue 8): exit status 2 and the exact message, never a
# crash or a hang (tests/hostile/*.d; tests/hostile-special.test makes the
# FIFOs, link loops and sparse files git cannot hold).
TESTS += tests/hostile.test tests/hostile-special.test tests/escape.test
EXTRA_DIST += tests/hostile.test tests/hostile tests/hostile-special.test tests/escape.test \
	tests/escape
# Rule golden tests: tests/rules/<rule-id>/<case>.d (all rules).
TESTS += tests/rules.test
EXTRA_DIST += tests/rules.test tests/rules
# Reports (issue 7): SARIF goldens (tests/sarif/*.d), the baseline round
# trip, and the man pages under groff -ww (and mandoc -Tlint).
TESTS += tests/sarif.test tests/baseline.test tests/man-lint.test
EXTRA_DIST += tests/sarif.test tests/sarif tests/baseline.test tests/man-lint.test

if HAVE_CHECK
UNIT_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
UNIT_LDADD = $(PL_LIBS) $(CHECK_LIBS)
check_PROGRAMS += tests/unit/check_foundation
tests_unit_check_foundation_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_foundation_LDADD = $(UNIT_LDADD)
TESTS += tests/unit/check_foundation
endif

# TableGen lexer: table-driven token/diagnostic tests and Check unit tests.
TESTS += tests/tablegen/lex/run-lex-tests.sh
EXTRA_DIST += tests/tablegen/lex/run-lex-tests.sh \
	tests/tablegen/lex/tokens.test tests/tablegen/lex/errors.test \
	tests/tablegen/lex/preproc.test tests/tablegen/lex/include.test \
	tests/tablegen/lex/hostile.test \
	$(NULL)
CLEANFILES += lex-results/*/*/*
if HAVE_CHECK
check_PROGRAMS += tests/unit/check_tg_lex
tests_unit_check_tg_lex_SOURCES = tests/unit/check_tg_lex.c
tests_unit_check_tg_lex_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_tg_lex_LDADD = $(PL_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_tg_lex
endif

# PDLL frontend: test driver, golden diagnostics and unit tests.
check_PROGRAMS += tests/pdll/pdll-tool
tests_pdll_pdll_tool_SOURCES = tests/pdll/pdll_tool.c
tests_pdll_pdll_tool_LDADD = $(PL_LIBS)
TESTS += tests/pdll/run-golden.sh
EXTRA_DIST += tests/pdll/run-golden.sh tests/peers/pdll-agree.sh tests/peers/whole-run.sh

# Rule framework and report writers (rules/, reports/).
EXTRA_DIST += tests/unit/findings_fixture.h tests/unit/golden tests/peers/sarif-validate.sh
CLEANFILES += tests/unit/actual-findings.txt tests/unit/actual-findings.json \
	tests/unit/actual-findings.sarif
if HAVE_CHECK
check_PROGRAMS += tests/unit/check_rules tests/unit/check_reports
tests_unit_check_rules_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_rules_LDADD = $(UNIT_LDADD)
tests_unit_check_reports_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_reports_LDADD = $(UNIT_LDADD)
TESTS += tests/unit/check_rules tests/unit/check_reports
endif

# SARIF validation with Microsoft's SARIF multitool (npm); skips without npm.
PEER_SUITES += cache
.PHONY: check-peers-cache
# The include cache evaluates each included file once per run: every .td
# input of MLIR 16's dialect tree and of the corpus gives the same records
# through it as alone (tests/peers/cache-agree.sh).
EXTRA_DIST += tests/peers/cache-agree.sh
check-peers-cache: tests/unit/check_tg_cache$(EXEEXT)
	$(SHELL) $(srcdir)/tests/peers/cache-agree.sh tests/unit/check_tg_cache$(EXEEXT); \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc

PEER_SUITES += sarif
.PHONY: check-peers-sarif
# Every SARIF file the tests produce (tests/peers/sarif-all.sh): the golden
# cases with SARIF output (tests/sarif/ and others, collected by
# tests/run-golden.sh with SARIF_COLLECT_DIR), tests/baseline.test's files,
# examples/run.sh's report.sarif and the unit tests' reports.
check-peers-sarif: patlint$(EXEEXT) tests/unit/check_reports$(EXEEXT)
	$(AM_TESTS_ENVIRONMENT) ./tests/unit/check_reports$(EXEEXT) >/dev/null && \
	$(SHELL) $(srcdir)/tests/peers/sarif-all.sh ./patlint$(EXEEXT) tests/unit/actual-findings.sarif \
	  $(srcdir)/tests/unit/golden/findings.sarif; \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc

# The pre-commit hook (.pre-commit-hooks.yaml) run by prek (npm @j178/prek,
# cached in prek-cache/) on a scratch git repository; skips without git/npm.
EXTRA_DIST += tests/peers/precommit.sh tests/peers/sarif-all.sh
PEER_SUITES += precommit
.PHONY: check-peers-precommit
check-peers-precommit: patlint$(EXEEXT)
	$(SHELL) $(srcdir)/tests/peers/precommit.sh ./patlint$(EXEEXT); \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc

# The IR layer of the engine (analyzer/engine/ir*.c), through
# `patlint dump ir`.
TESTS += tests/ir.test
EXTRA_DIST += tests/ir.test tests/ir tests/peers/ir-agree.sh
PEER_SUITES += ir
.PHONY: check-peers-ir
# Agreement reached so far on the corpus fixtures (target: all); the
# suite fails below it.
IR_AGREE_FLOOR = 1
check-peers-ir: patlint$(EXEEXT)
	IR_AGREE_FLOOR=$(IR_AGREE_FLOOR) $(SHELL) $(srcdir)/tests/peers/ir-agree.sh ./patlint$(EXEEXT); \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc

# The greedy-driver oracle (tests/harness/greedy.cpp): MLIR 16's own
# applyPatternsAndFoldGreedily on a PDL module.  Built only here, for
# check-peers, never by `make`: it needs g++, libmlir-16-dev and
# llvm-16-dev.  `make check-peers-harness` skips when they are missing.
MLIR16_PREFIX = /usr/lib/llvm-16
HARNESS_CXX = g++
HARNESS_CXXFLAGS = -std=c++17 -fno-rtti -O1 -I$(MLIR16_PREFIX)/include
HARNESS_LIBS = -L$(MLIR16_PREFIX)/lib -lMLIR -lLLVM-16 -Wl,-rpath,$(MLIR16_PREFIX)/lib
EXTRA_DIST += tests/harness/greedy.cpp tests/harness/run-examples.sh tests/harness/examples
CLEANFILES += tests/harness/greedy
tests/harness/greedy: $(srcdir)/tests/harness/greedy.cpp
	@mkdir -p tests/harness
	$(AM_V_GEN)$(HARNESS_CXX) $(HARNESS_CXXFLAGS) $(srcdir)/tests/harness/greedy.cpp -o $@ $(HARNESS_LIBS)
PEER_SUITES += harness
.PHONY: check-peers-harness
check-peers-harness:
	@if [ ! -f $(MLIR16_PREFIX)/lib/libMLIR.so ] || ! command -v $(HARNESS_CXX) >/dev/null 2>&1; then \
	  echo "SKIP: harness: needs $(HARNESS_CXX) and libmlir-16-dev"; exit 0; fi; \
	$(MAKE) $(AM_MAKEFLAGS) tests/harness/greedy && \
	$(SHELL) $(srcdir)/tests/harness/run-examples.sh tests/harness/greedy; \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc

# The engine against the greedy driver on random pattern sets and
# fixtures (fixed seeds): 200 PDLL ones through the harness above, 60 DRR
# ones compiled into one harness as greedy_drr below (a minute of g++, or
# two when some C++ does not compile: those must be the ones patlint
# reports missing-result-type-builder on).
EXTRA_DIST += tests/peers/random-run.sh
PEER_SUITES += random-run
.PHONY: check-peers-random-run
check-peers-random-run: patlint$(EXEEXT)
	@if [ ! -f $(MLIR16_PREFIX)/lib/libMLIR.so ] || ! command -v $(HARNESS_CXX) >/dev/null 2>&1; then \
	  echo "SKIP: random-run: needs $(HARNESS_CXX) and libmlir-16-dev"; exit 0; fi; \
	$(MAKE) $(AM_MAKEFLAGS) tests/harness/greedy || exit 1; \
	HARNESS_CXX='$(HARNESS_CXX)' HARNESS_CXXFLAGS='$(HARNESS_RANDOM_CXXFLAGS)' HARNESS_LIBS='$(HARNESS_LIBS)' \
	  MLIR16_INCLUDE=$(MLIR16_PREFIX)/include \
	  $(SHELL) $(srcdir)/tests/peers/random-run.sh ./patlint$(EXEEXT) tests/harness/greedy 200 60; \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc
# -O0: the random cases' harness runs a few fixtures once; -O1 only
# lengthens its compile
HARNESS_RANDOM_CXXFLAGS = -std=c++17 -fno-rtti -O0 -I$(MLIR16_PREFIX)/include

# The compile oracle (issue 5): the DRR golden cases of
# missing-result-type-builder and of the DRR arity/kind errors (those with
# an `oracle` file) through mlir-tblgen-16 and g++ against MLIR 16's
# headers: positives must fail to compile, clean ones must compile.
# Skips without g++, mlir-tblgen-16 or libmlir-16-dev/llvm-16-dev.
EXTRA_DIST += tests/peers/compile-oracle.sh
PEER_SUITES += compile
.PHONY: check-peers-compile
check-peers-compile:
	MLIR16_INCLUDE=$(MLIR16_PREFIX)/include ORACLE_CXX=$(HARNESS_CXX) \
	  $(SHELL) $(srcdir)/tests/peers/compile-oracle.sh $(srcdir); \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc

if HAVE_CHECK
check_PROGRAMS += tests/unit/check_ir
tests_unit_check_ir_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_ir_LDADD = $(UNIT_LDADD)
TESTS += tests/unit/check_ir
endif

# TableGen evaluator: golden cases (tests/tablegen/eval/*.d, expectations
# from llvm-tblgen-16 via tests/tablegen/eval/regen.sh) and the value-layer
# unit test.
TESTS += tests/tablegen/eval.test
EXTRA_DIST += tests/tablegen/eval.test tests/tablegen/eval
if HAVE_CHECK
check_PROGRAMS += tests/unit/check_tg_eval
tests_unit_check_tg_eval_SOURCES = tests/unit/check_tg_eval.c
tests_unit_check_tg_eval_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_tg_eval_LDADD = $(UNIT_LDADD)
TESTS += tests/unit/check_tg_eval
check_PROGRAMS += tests/unit/check_tg_cache
tests_unit_check_tg_cache_SOURCES = tests/unit/check_tg_cache.c
tests_unit_check_tg_cache_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_tg_cache_LDADD = $(UNIT_LDADD)
TESTS += tests/unit/check_tg_cache
endif

# Malformed TableGen inputs (tests/tablegen/bad/*.d): exit status 2 and
# the exact diagnostic, never a crash or a hang.
TESTS += tests/tablegen/bad.test
EXTRA_DIST += tests/tablegen/bad.test tests/tablegen/bad

# ODS/DRR importers (issue 3): golden cases, and agreement with
# mlir-tblgen-16 (patterns) and llvm-tblgen-16 (op registry); odscmp
# compares `patlint dump ops` with llvm-tblgen-16 --dump-json.
noinst_PROGRAMS += tests/tools/odscmp
tests_tools_odscmp_SOURCES = tests/tools/odscmp.c
tests_tools_odscmp_LDADD = $(JSONC_LIBS)
EXTRA_DIST += tests/peers/drr-agree.sh tests/peers/ods-agree.sh tests/drr.test tests/drr
PEER_SUITES += drr ods
.PHONY: check-peers-drr check-peers-ods
check-peers-drr: patlint$(EXEEXT)
	$(SHELL) $(srcdir)/tests/peers/drr-agree.sh ./patlint$(EXEEXT); \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc
check-peers-ods: patlint$(EXEEXT) tests/tools/odscmp$(EXEEXT)
	$(SHELL) $(srcdir)/tests/peers/ods-agree.sh ./patlint$(EXEEXT) tests/tools/odscmp$(EXEEXT); \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc
TESTS += tests/drr.test
if HAVE_CHECK
check_PROGRAMS += tests/unit/check_drr
tests_unit_check_drr_SOURCES = tests/unit/check_drr.c
tests_unit_check_drr_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_drr_LDADD = $(UNIT_LDADD)
TESTS += tests/unit/check_drr
endif

# The engine's interpreter and greedy driver, through `patlint run`
# (tests/run/*.d); check-peers-run compares with MLIR 16's greedy driver
# (the harness above) on every PDLL case.
TESTS += tests/run.test
EXTRA_DIST += tests/run.test tests/run tests/peers/run-agree.sh tests/engine-corpus
# DRR cases (tests/run/*.d/patterns.td) run under MLIR through
# tests/harness/greedy_drr: gen-drr.sh turns every case's ODS and DRR into
# mlir-tblgen-16 output, each case in its own C++ namespace, so that all of
# them cost one g++ compile.  Built only here, for check-peers.
EXTRA_DIST += tests/harness/greedy_drr.cpp tests/harness/gen-drr.sh
CLEANFILES += tests/harness/greedy_drr
tests/harness/greedy_drr: $(srcdir)/tests/harness/greedy_drr.cpp $(srcdir)/tests/harness/gen-drr.sh $(wildcard $(srcdir)/tests/run/*.d/patterns.td)
	@mkdir -p tests/harness
	$(AM_V_GEN)$(SHELL) $(srcdir)/tests/harness/gen-drr.sh tests/harness/drr-gen $(MLIR16_PREFIX)/include $(srcdir)/tests/run/*.d && \
	$(HARNESS_CXX) $(HARNESS_CXXFLAGS) -Itests/harness/drr-gen $(srcdir)/tests/harness/greedy_drr.cpp -o $@ $(HARNESS_LIBS)
PEER_SUITES += run
.PHONY: check-peers-run
check-peers-run: patlint$(EXEEXT)
	@if [ ! -f $(MLIR16_PREFIX)/lib/libMLIR.so ] || ! command -v $(HARNESS_CXX) >/dev/null 2>&1; then \
	  echo "SKIP: run: needs $(HARNESS_CXX) and libmlir-16-dev"; exit 0; fi; \
	$(MAKE) $(AM_MAKEFLAGS) tests/harness/greedy || exit 1; \
	drr=; if command -v mlir-tblgen-16 >/dev/null 2>&1; then \
	  $(MAKE) $(AM_MAKEFLAGS) tests/harness/greedy_drr || exit 1; drr=tests/harness/greedy_drr; fi; \
	$(SHELL) $(srcdir)/tests/peers/run-agree.sh ./patlint$(EXEEXT) tests/harness/greedy $$drr; \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc

# PDLL agreement with mlir-pdll-16 over the corpus (per split chunk).
PEER_SUITES += pdll
.PHONY: check-peers-pdll
check-peers-pdll: patlint$(EXEEXT)
	$(SHELL) $(srcdir)/tests/peers/pdll-agree.sh ./patlint$(EXEEXT); \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc

# A file's own diagnostics are the same alone and in one run with the
# whole corpus: ops are known where they are defined or included.
PEER_SUITES += whole-run
.PHONY: check-peers-whole-run
check-peers-whole-run: patlint$(EXEEXT)
	$(SHELL) $(srcdir)/tests/peers/whole-run.sh ./patlint$(EXEEXT); \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc

# -j 1 and -j 2 give byte-identical reports on the whole corpus and MLIR 16's
# dialect tree (make check runs the same comparison on the examples only).
PEER_SUITES += jobs
.PHONY: check-peers-jobs
check-peers-jobs: patlint$(EXEEXT)
	JOBS_FULL=1 PATLINT=./patlint$(EXEEXT) top_srcdir=$(abs_top_srcdir) \
	  $(SHELL) $(srcdir)/tests/jobs.test > jobs-full.log 2>&1; rc=$$?; \
	grep -c '^ok' jobs-full.log | sed 's/^/jobs: identical outputs: /'; \
	if grep -q '^not ok' jobs-full.log; then grep -A5 '^not ok' jobs-full.log | head -30; exit 1; fi; exit $$rc

# Every DRR/PDLL file of the corpus checked as MLIR's tools ran it: no
# crash or hang, no input error where the peer accepted the file, and the
# findings per rule printed (their review: the rules issue's notes).
EXTRA_DIST += tests/peers/corpus-findings.sh
PEER_SUITES += corpus
.PHONY: check-peers-corpus
check-peers-corpus: patlint$(EXEEXT)
	$(SHELL) $(srcdir)/tests/peers/corpus-findings.sh ./patlint$(EXEEXT); \
	rc=$$?; if [ $$rc -eq 77 ]; then exit 0; fi; exit $$rc
