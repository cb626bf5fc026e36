#!/bin/sh
# run-golden.sh -- golden tests of the PDLL frontend: for every
# tests/pdll/<case>.d/ run the driver on input.pdll (with args, if any)
# and compare its diagnostics and pattern lines with expected.txt, and
# its exit status with exit-expected (default 0).  On a mismatch, writes
# actual.txt and diff.txt next to expected.txt.  ACCEPT=1 rewrites the
# expectations.  The driver is $PDLL_TOOL, else tests/pdll/pdll-tool of
# the build tree.
srcdir=${srcdir:-$(dirname "$0")/../..}
tool=${PDLL_TOOL:-./tests/pdll/pdll-tool}
[ -x "$tool" ] || { echo "run-golden: no driver $tool" >&2; exit 99; }
tool=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")
pass=0 fail=0
for d in "$srcdir"/tests/pdll/*.d; do
    [ -d "$d" ] || continue
    args=""
    [ -f "$d/args" ] && args=$(cat "$d/args")
    want_rc=0
    [ -f "$d/exit-expected" ] && want_rc=$(cat "$d/exit-expected")
    # shellcheck disable=SC2086
    out=$(cd "$d" && "$tool" $args input.pdll 2>&1; echo "exit $?")
    exp="$d/expected.txt"
    if [ -n "${ACCEPT:-}" ]; then
        printf '%s\n' "$out" > "$exp"
    fi
    if [ -f "$exp" ] && [ "$out" = "$(cat "$exp")" ] && [ "exit $want_rc" = "$(printf '%s\n' "$out" | tail -n 1)" ]; then
        pass=$((pass + 1)); rm -f "$d/actual.txt" "$d/diff.txt"
    else
        fail=$((fail + 1))
        printf '%s\n' "$out" > "$d/actual.txt"
        diff -u "$exp" "$d/actual.txt" > "$d/diff.txt" 2>&1
        echo "FAIL: $(basename "$d")"
    fi
done
echo "pdll golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
