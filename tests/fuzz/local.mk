# tests/fuzz/local.mk -- libFuzzer targets (included by tests/local.mk).
#
# make fuzz                  build the targets with $(FUZZ_CC) (clang) and
#                            run each for FUZZ_SECONDS (default 60), one
#                            at a time; skips with a message when configure
#                            found no libFuzzer
# make fuzz FUZZ_SECONDS=1800   the long run the hardening issue asks for
# make fuzz-build            only build them (tests/fuzz/fuzz_<target>)
#
# The targets are not part of `make check`: they need clang and time.
FUZZ_SECONDS = 60
FUZZ_TARGETS = tablegen pdll ir check tgcache compdb image
FUZZ_CPPFLAGS = -I$(top_srcdir) -I$(top_builddir) \
	$(PCRE2_CFLAGS) $(CGRAPH_CFLAGS) $(GVC_CFLAGS) $(JSONC_CFLAGS)
FUZZ_LIBS = $(PCRE2_LIBS) $(CGRAPH_LIBS) $(GVC_LIBS) $(JSONC_LIBS) -lm
EXTRA_DIST += tests/fuzz/build.sh tests/fuzz/run-all.sh tests/fuzz/fuzz_common.h \
	tests/fuzz/fuzz_tablegen.c tests/fuzz/fuzz_pdll.c tests/fuzz/fuzz_ir.c \
	tests/fuzz/fuzz_check.c tests/fuzz/fuzz_tgcache.c tests/fuzz/fuzz_compdb.c tests/fuzz/fuzz_image.c \
	tests/fuzz/tablegen.dict tests/fuzz/pdll.dict tests/fuzz/mlir.dict tests/fuzz/compdb.dict \
	$(NULL)

.PHONY: fuzz fuzz-build
fuzz-build: config.h
if HAVE_LIBFUZZER
	$(AM_V_at)$(SHELL) $(srcdir)/tests/fuzz/build.sh '$(FUZZ_CC)' '$(srcdir)' tests/fuzz \
	  '$(FUZZ_CPPFLAGS)' '$(FUZZ_LIBS)' $(libpatlint_a_SOURCES)
else
	@echo "SKIP: fuzz: $(FUZZ_CC) cannot link -fsanitize=fuzzer (install clang; FUZZ_CC=...)"
endif

fuzz: fuzz-build
if HAVE_LIBFUZZER
	top_srcdir='$(abs_top_srcdir)' FUZZ_BIN='$(abs_top_builddir)/tests/fuzz' \
	  $(SHELL) $(srcdir)/tests/fuzz/run-all.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)
endif

clean-local: clean-fuzz
.PHONY: clean-fuzz
clean-fuzz:
	-rm -rf tests/fuzz/obj tests/fuzz/seeds tests/fuzz/work tests/fuzz/artifacts \
	  $(addprefix tests/fuzz/fuzz_,$(FUZZ_TARGETS))
