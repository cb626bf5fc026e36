#!/bin/sh
# build.sh -- build the libFuzzer targets of tests/fuzz/ (called by
# `make fuzz`; see tests/fuzz/local.mk).
#
#   build.sh CC SRCDIR OUTDIR 'CPPFLAGS' 'LIBS' SOURCE...
#
# Compiles every SOURCE of libpatlint.a (paths relative to SRCDIR) with
# CC -fsanitize=fuzzer-no-link,address,undefined and the arena in debug
# mode (every allocation its own malloc, so ASan sees overruns), into
# OUTDIR/obj (only what changed), then links OUTDIR/fuzz_<target> for each
# tests/fuzz/fuzz_<target>.c with -fsanitize=fuzzer.  FUZZ_EXTRA_CFLAGS is added
# to every compile (e.g. -fno-sanitize=... to look past a known bug).
set -eu
cc=$1 src=$2 out=$3 cppflags=$4 libs=$5
shift 5
flags="-std=c11 -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined -DPL_DEBUG_ARENA=1 -DPL_FUZZING=1 ${FUZZ_EXTRA_CFLAGS:-}"
mkdir -p "$out/obj"
objs=""
for s in "$@"; do
    case $s in *.c) ;; *) continue ;; esac
    o="$out/obj/$(echo "$s" | tr / _ | sed 's/\.c$/.o/')"
    objs="$objs $o"
    # shellcheck disable=SC3013 # -nt: dash and bash have it
    if [ ! -f "$o" ] || [ "$src/$s" -nt "$o" ] || [ -n "$(find "$src" -name '*.h' -newer "$o" -print -quit 2>/dev/null)" ]; then
        echo "  CC(fuzz) $s"
        # shellcheck disable=SC2086
        $cc $flags -fsanitize=fuzzer-no-link $cppflags -c "$src/$s" -o "$o"
    fi
done
for t in "$src"/tests/fuzz/fuzz_*.c; do
    name=$(basename "$t" .c)
    echo "  CCLD(fuzz) $name"
    # shellcheck disable=SC2086
    $cc $flags -fsanitize=fuzzer $cppflags "$t" $objs $libs -o "$out/$name"
done
