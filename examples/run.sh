#!/bin/sh
# run.sh PATLINT -- lint the bundled toy dialect (examples/toy) and write
# the reports into examples/out/:
#   report.txt        the text report of `patlint check`
#   report.sarif      the same findings as SARIF 2.1.0
#   SubToAdd.svg      one pattern's match and rewrite DAGs   (.dot without gvc)
#   set.svg           the set's interaction graph            (.dot without gvc)
# The example has deliberate findings, so `check` exits 1; that is the
# expected outcome here and this script exits 0.  It exits 1 when patlint
# fails otherwise (status 2: usage or input error, a crash).
set -u
patlint=${1:-patlint}
case $patlint in */*) patlint=$(cd "$(dirname "$patlint")" && pwd)/$(basename "$patlint") ;; esac
here=$(cd "$(dirname "$0")" && pwd)
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
out=$here/out
mkdir -p "$out"
cd "$here/toy" || exit 1
inputs="ToyPatterns.td toy.pdll"
failed=0

# run WHAT CMD...: run a patlint command; status 0 and 1 (findings) are fine.
run() {
    what=$1; shift
    "$@"
    rc=$?
    if [ $rc -gt 1 ]; then
        echo "run.sh: $what failed (exit status $rc)" >&2
        failed=1
    fi
}

# Graph pictures: svg when this patlint renders through gvc, else dot.
ext=svg
if "$patlint" graph --format=svg --pattern x /dev/null 2>&1 | grep -q 'needs Graphviz gvc'; then
    ext=dot
    echo "note: this patlint was built without Graphviz gvc: graphs are written as dot" >&2
fi

# shellcheck disable=SC2086
run "text report" "$patlint" check -I "$M16" --no-config --color=never -o "$out/report.txt" $inputs
# shellcheck disable=SC2086
run "SARIF report" "$patlint" check -I "$M16" --no-config --format=sarif --fail-on=none \
    -o "$out/report.sarif" $inputs
run "pattern graph" "$patlint" graph -I "$M16" --pattern SubToAdd --format=$ext \
    -o "$out/SubToAdd.$ext" ToyPatterns.td
# shellcheck disable=SC2086
run "set graph" "$patlint" graph -I "$M16" --set --format=$ext -o "$out/set.$ext" $inputs

echo "== examples/toy: $(tail -n 1 "$out/report.txt" 2>/dev/null)"
cat "$out/report.txt" 2>/dev/null
echo "== outputs"
for f in report.txt report.sarif "SubToAdd.$ext" "set.$ext"; do
    if [ -s "$out/$f" ]; then echo "  $out/$f"; else echo "  $out/$f (missing)"; failed=1; fi
done
exit $failed
