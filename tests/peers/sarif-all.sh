#!/bin/sh
# sarif-all.sh PATLINT [FILE.sarif...] -- validate every SARIF file the test
# suite produces with Microsoft's SARIF multitool (sarif-validate.sh):
#   - every golden case (tests/run-golden.sh suites) whose args ask for
#     SARIF (--format=sarif, -o/--write-baseline *.sarif), collected by
#     the runner with SARIF_COLLECT_DIR;
#   - the baseline round trip (tests/baseline.test): the written baseline
#     and a filtered report;
#   - examples/run.sh's report.sarif (run on a copy of examples/; needs
#     MLIR 16's include tree);
#   - the FILEs given (the unit tests' reports).
# Every file must give 0 errors and 0 warnings.  Exit status: 0 all valid,
# 1 otherwise, 77 skipped (no npm / multitool), 99 usage.
set -u
if [ $# -lt 1 ]; then
    echo "usage: $0 PATLINT [FILE.sarif...]" >&2
    exit 99
fi
case $1 in /*) PATLINT=$1 ;; *) PATLINT=$(pwd)/$1 ;; esac
shift
here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$here/../.." && pwd)
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
export PATLINT top_srcdir
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sarifall.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
SARIF_COLLECT_DIR="$tmp/sarif"
export SARIF_COLLECT_DIR
mkdir "$SARIF_COLLECT_DIR" || exit 99

# Golden cases that produce SARIF, from every suite tests/run-golden.sh runs.
dirs=$(sed -n 's|.*run-golden\.sh" "\$top_srcdir/\(tests/[^"]*\)".*|\1|p' \
    "$top_srcdir"/tests/*.test "$top_srcdir"/tests/*/*.test 2>/dev/null | sort -u)
cases=""
for d in $dirs; do
    for a in $(grep -rlE --include=args -e '--format=sarif|\.sarif' "$top_srcdir/$d" 2>/dev/null | sort); do
        cases="$cases $(dirname "$a")"
    done
done
ncases=$(echo $cases | wc -w)
echo "golden cases with SARIF output: $ncases"
# shellcheck disable=SC2086
[ -n "$cases" ] && sh "$top_srcdir/tests/run-golden.sh" $cases | grep '^not ok' | sed 's/^/  (golden) /'

echo "baseline round trip"
sh "$top_srcdir/tests/baseline.test" | grep '^not ok' | sed 's/^/  (baseline) /'

if [ -d "$M16/mlir" ]; then
    echo "examples/run.sh"
    cp -R "$top_srcdir/examples" "$tmp/examples" && rm -rf "$tmp/examples/out" &&
        MLIR16_INCLUDE=$M16 sh "$tmp/examples/run.sh" "$PATLINT" > "$tmp/examples.log" 2>&1 ||
        { echo "FAIL: examples/run.sh"; sed 's/^/  /' "$tmp/examples.log" | tail -20; }
    [ -f "$tmp/examples/out/report.sarif" ] && cp "$tmp/examples/out/report.sarif" "$SARIF_COLLECT_DIR/examples-report.sarif"
else
    echo "note: examples/run.sh not run: no $M16/mlir"
fi

set -- "$SARIF_COLLECT_DIR"/*.sarif "$@"
[ -f "$1" ] || { echo "FAIL: no SARIF file collected"; exit 1; }
echo "validating $# SARIF files"
sh "$here/sarif-validate.sh" "$@"
rc=$?
case $rc in
0) echo "sarif: $# files, 0 errors, 0 warnings" ;;
77) ;;
*) echo "sarif: FAILED (of $# files)" ;;
esac
exit $rc
