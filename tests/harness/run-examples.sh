#!/bin/sh
# run-examples.sh -- smoke test of the greedy-driver harness: for each
# tests/harness/examples/NAME.pdll, compile it with mlir-pdll-16 -x=mlir,
# apply it to fixture.mlir with the harness (--max-rewrites 20 --trace) and
# compare stdout and the applied-pattern trace with NAME.expected.
#   run-examples.sh GREEDY_BINARY      (exit 77 when mlir-pdll-16 is absent)
set -u
greedy=${1:?usage: run-examples.sh GREEDY}
dir=$(cd "$(dirname "$0")/examples" && pwd)
command -v mlir-pdll-16 >/dev/null 2>&1 || { echo "SKIP: harness: mlir-pdll-16 not found"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/harness.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
n=0 ok=0
for p in "$dir"/*.pdll; do
    name=$(basename "$p" .pdll)
    n=$((n + 1))
    mlir-pdll-16 -x=mlir "$p" -o "$tmp/$name.mlir" || continue
    "$greedy" --max-rewrites 20 --trace "$tmp/$name.mlir" "$dir/fixture.mlir" > "$tmp/out" 2>&1
    if [ "${ACCEPT:-0}" = 1 ]; then cp "$tmp/out" "$dir/$name.expected"; fi
    if cmp -s "$tmp/out" "$dir/$name.expected"; then
        ok=$((ok + 1)); echo "ok: $name"
    else
        echo "FAIL: $name"; diff "$dir/$name.expected" "$tmp/out" | head -20
    fi
done
echo "harness: $ok/$n examples as expected"
[ "$ok" = "$n" ]
