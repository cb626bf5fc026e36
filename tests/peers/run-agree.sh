#!/bin/sh
# run-agree.sh -- `patlint run` against MLIR 16's own greedy driver.
#
#   run-agree.sh PATLINT GREEDY [CASE.d]...
#
# For every tests/run/*.d case whose patterns are PDLL (patterns.pdll) and
# whose args state no --assume (a native constraint MLIR would execute for
# real), compile the patterns with mlir-pdll-16 -x=mlir, run the harness
# (tests/harness/greedy) with the case's --max-iterations / --max-rewrites,
# run patlint with the case's args, and compare stdout (the IR and the
# converged line) and the sequence of applied patterns (`// applied:`
# lines of both --trace logs).  Prints `run: N/M agree`; exits 77 when
# mlir-pdll-16 or the harness binary is missing, 1 on any disagreement.
set -u
patlint=${1:?usage: run-agree.sh PATLINT GREEDY [CASE.d]...}
greedy=${2:?usage: run-agree.sh PATLINT GREEDY [CASE.d]...}
shift 2
command -v mlir-pdll-16 >/dev/null 2>&1 || { echo "SKIP: run: mlir-pdll-16 not found"; exit 77; }
[ -x "$greedy" ] || { echo "SKIP: run: harness $greedy not built"; exit 77; }
case $patlint in /*) ;; *) patlint=$(pwd)/$patlint ;; esac
case $greedy in /*) ;; *) greedy=$(pwd)/$greedy ;; esac
here=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -eq 0 ]; then set -- "$here"/run/*.d; fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-agree.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
n=0 ok=0
for c in "$@"; do
    [ -f "$c/patterns.pdll" ] || continue
    args=$(cat "$c/args")
    case $args in *--assume*) continue ;; esac
    [ -f "$c/exit-expected" ] && [ "$(cat "$c/exit-expected")" != 0 ] && continue
    n=$((n + 1))
    name=$(basename "$c" .d)
    lim=""
    set -f
    # shellcheck disable=SC2086
    set -- $args
    set +f
    while [ $# -gt 0 ]; do
        case $1 in
        --max-iterations|--max-rewrites) lim="$lim $1 $2"; shift ;;
        --max-iterations=*|--max-rewrites=*) lim="$lim ${1%%=*} ${1#*=}" ;;
        esac
        shift
    done
    if ! mlir-pdll-16 -x=mlir "$c/patterns.pdll" -o "$tmp/p.mlir" 2>"$tmp/pdll.err"; then
        echo "FAIL: $name: mlir-pdll-16 rejects the patterns"; continue
    fi
    # shellcheck disable=SC2086
    "$greedy" --trace $lim "$tmp/p.mlir" "$c/input.mlir" >"$tmp/mlir.out" 2>"$tmp/mlir.err"
    (cd "$c" && eval "\"\$patlint\" $args --trace") >"$tmp/pl.out" 2>"$tmp/pl.err"
    grep '^// applied:' "$tmp/mlir.err" >"$tmp/mlir.trace"
    grep '^// applied:' "$tmp/pl.err" >"$tmp/pl.trace"
    if cmp -s "$tmp/mlir.out" "$tmp/pl.out" && cmp -s "$tmp/mlir.trace" "$tmp/pl.trace"; then
        ok=$((ok + 1))
        echo "ok: $name"
    else
        echo "FAIL: $name"
        diff "$tmp/mlir.out" "$tmp/pl.out" | head -20
        diff "$tmp/mlir.trace" "$tmp/pl.trace" | head -6
    fi
done
echo "run: $ok/$n agree"
[ "$ok" = "$n" ]
