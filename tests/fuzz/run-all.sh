#!/bin/sh
# run-all.sh -- run every libFuzzer target of tests/fuzz/ in turn, one at a
# time (one process: the machine is shared), and print their statistics.
#
#   run-all.sh SECONDS [TARGET...]       TARGET: tablegen pdll ir check tgcache compdb image
#
# Run from the build folder after `make fuzz` built the targets (or set
# FUZZ_BIN to the folder holding fuzz_<target>).  Seeds are the test
# inputs (tests/**/input.*, tests/**/*.td|*.pdll|*.mlir|*.yml) and, read in place
# when it exists, ../shared/corpus (FUZZ_CORPUS); they are gathered under
# $FUZZ_BIN/seeds (copies, with the selector byte the ir, check and image targets
# expect, never inside the source tree).  New inputs the fuzzer finds go to
# $FUZZ_BIN/work/<target>, crashes, leaks and hangs (-timeout=FUZZ_TIMEOUT,
# default 10 s) to $FUZZ_BIN/artifacts/<target>-*.  Prints, per target, the
# executions, time, exec/s, coverage (cov: edges, ft: features) and the
# number of crashing inputs; exits 1 when any target found one.
set -u
secs=${1:?usage: run-all.sh SECONDS [TARGET...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
src=${top_srcdir:-$(cd "$here/../.." && pwd)}
bin=${FUZZ_BIN:-$(pwd)/tests/fuzz}
corpus=${FUZZ_CORPUS:-$src/../shared/corpus}
targets=${*:-tablegen pdll ir check tgcache compdb image}
timeout=${FUZZ_TIMEOUT:-10}
status=0

# seed DIR PREFIX-BYTE-OCTAL EXT...: copy the test inputs (and the shared
# corpus) with those extensions into DIR, each prefixed by the byte when
# one is given.
seed() {
    dir=$1 pre=$2
    shift 2
    rm -rf "$dir" && mkdir -p "$dir"
    for ext in "$@"; do
        for root in "$src/tests" "$corpus"; do
            [ -d "$root" ] || continue
            find "$root" -name "*.$ext" -type f -size -256k
        done
    done | sort | awk '{ printf "%s\t%05d\n", $0, NR }' | while IFS='	' read -r f n; do
        if [ -n "$pre" ]; then
            # shellcheck disable=SC2059 # the format is the octal selector byte
            { printf "\\$pre"; cat "$f"; } > "$dir/$n"
        else
            cp "$f" "$dir/$n"
        fi
    done
}

mkdir -p "$bin/artifacts" "$bin/work"
printf '%-9s %12s %7s %9s %7s %7s %7s %8s\n' target executions secs exec/s cov ft corpus crashes
for t in $targets; do
    exe=$bin/fuzz_$t
    if [ ! -x "$exe" ]; then
        echo "run-all.sh: $exe missing: run 'make fuzz' first" >&2
        status=1; continue
    fi
    sd=$bin/seeds/$t
    dict=
    case $t in
    tablegen|tgcache) seed "$sd" "" td; dict=$here/tablegen.dict ;;
    pdll) seed "$sd" "" pdll; dict=$here/pdll.dict ;;
    compdb) seed "$sd" "" yml; dict=$here/compdb.dict ;;
    ir) seed "$sd" "000" mlir; dict=$here/mlir.dict ;;
    image) seed "$sd" "000" td; dict=$here/tablegen.dict ;;
    check)
        seed "$sd.td" "000" td; seed "$sd.pdll" "001" pdll
        mkdir -p "$sd" && rm -f "$sd"/* && mv "$sd.td"/* "$sd" 2>/dev/null
        for f in "$sd.pdll"/*; do mv "$f" "$sd/p$(basename "$f")"; done
        rm -rf "$sd.td" "$sd.pdll"
        cat "$here/tablegen.dict" "$here/pdll.dict" > "$bin/work/check.dict"
        dict=$bin/work/check.dict ;;
    esac
    mkdir -p "$bin/work/$t"
    log=$bin/work/$t.log
    touch "$bin/work/$t.stamp"
    "$exe" -max_total_time="$secs" -timeout="$timeout" -rss_limit_mb=2048 -max_len=16384 \
        -print_final_stats=1 -dict="$dict" -artifact_prefix="$bin/artifacts/$t-" \
        "$bin/work/$t" "$sd" > "$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    corp=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
    crashes=$(find "$bin/artifacts" -name "$t-*" -newer "$bin/work/$t.stamp" | wc -l)
    printf '%-9s %12s %7s %9s %7s %7s %7s %8s\n' "$t" "${runs:-?}" "$secs" "${rate:-?}" \
        "${cov:-?}" "${ft:-?}" "${corp:-?}" "$crashes"
    if [ "$rc" -ne 0 ]; then
        status=1
        echo "  $t: exit $rc; see $log" >&2
        grep -E 'ERROR: |SUMMARY: |runtime error' "$log" | head -5 | sed 's/^/  /' >&2
    fi
done
exit $status
