#!/bin/sh
# run-agree.sh -- `patlint run` against MLIR 16's own greedy driver.
#
#   run-agree.sh PATLINT GREEDY [GREEDY_DRR] [CASE.d]...
#
# Cases: tests/run/*.d and tests/engine-corpus/*.d (the latter read their
# fixture in place from the corpus: `${CORPUS}` in args, default
# /work/shared/corpus, override with PATLINT_CORPUS; skipped when absent).
# A PDLL case (patterns.pdll) is compiled with mlir-pdll-16 -x=mlir and run
# by GREEDY (tests/harness/greedy); a DRR case (patterns.td) is run by
# GREEDY_DRR (tests/harness/greedy_drr, every DRR case compiled in by
# tests/harness/gen-drr.sh).  Cases whose args state --assume (a native
# constraint MLIR would execute for real) or that expect a failing exit
# are left out.  Both sides get the case's --max-iterations and
# --max-rewrites (the harnesses default to 1000 rewrites, a finite
# maxNumRewrites; so does every case here).  Compared: stdout (the IR, up
# to SSA value names, and converged / did-not-converge) and the sequence of
# applied patterns (`// applied:` lines of both --trace logs).
# Prints `engine: N/M agree (PDLL a/b, DRR c/d)`; exits 77 when nothing
# could be compared, 1 on any disagreement.
set -u
patlint=${1:?usage: run-agree.sh PATLINT GREEDY [GREEDY_DRR] [CASE.d]...}
greedy=${2:?usage: run-agree.sh PATLINT GREEDY [GREEDY_DRR] [CASE.d]...}
shift 2
greedy_drr=
case ${1:-} in *.d|"") ;; *) greedy_drr=$1; shift ;; esac
have_pdll=1 have_drr=1
command -v mlir-pdll-16 >/dev/null 2>&1 || { echo "SKIP: engine: mlir-pdll-16 not found (PDLL cases)"; have_pdll=0; }
[ -x "$greedy" ] || { echo "SKIP: engine: harness $greedy not built (PDLL cases)"; have_pdll=0; }
[ -n "$greedy_drr" ] && [ -x "$greedy_drr" ] || { echo "SKIP: engine: DRR harness not built (DRR cases)"; have_drr=0; }
[ $have_pdll = 1 ] || [ $have_drr = 1 ] || exit 77
case $patlint in /*) ;; *) patlint=$(pwd)/$patlint ;; esac
case $greedy in /*) ;; *) greedy=$(pwd)/$greedy ;; esac
case $greedy_drr in /*|"") ;; *) greedy_drr=$(pwd)/$greedy_drr ;; esac
here=$(cd "$(dirname "$0")/.." && pwd)
CORPUS=${PATLINT_CORPUS:-/work/shared/corpus}
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
export CORPUS M16
if [ $# -eq 0 ]; then set -- "$here"/run/*.d "$here"/engine-corpus/*.d; fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-agree.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
n=0 ok=0 np=0 okp=0 nd=0 okd=0
for c in "$@"; do
    [ -d "$c" ] || continue
    if [ -f "$c/patterns.pdll" ]; then kind=pdll; [ $have_pdll = 1 ] || continue
    elif [ -f "$c/patterns.td" ]; then kind=drr; [ $have_drr = 1 ] || continue
    else continue; fi
    args=$(cat "$c/args")
    case $args in *--assume*) continue ;; esac
    [ -f "$c/exit-expected" ] && [ "$(cat "$c/exit-expected")" != 0 ] && continue
    case $args in *'${CORPUS}'*) [ -d "$CORPUS" ] || continue ;; esac
    name=$(basename "$c" .d)
    lim="" input=""
    set -f
    eval "set -- $args"
    set +f
    while [ $# -gt 0 ]; do
        case $1 in
        --max-iterations|--max-rewrites) lim="$lim $1 $2"; shift ;;
        --max-iterations=*|--max-rewrites=*) lim="$lim ${1%%=*} ${1#*=}" ;;
        --input) input=$2; shift ;;
        --input=*) input=${1#*=} ;;
        esac
        shift
    done
    case $input in /*) ;; *) input=$c/$input ;; esac
    # Both sides get a finite rewrite limit: the case's, else 1000 (the
    # harnesses' default; MLIR 16's own default is no limit).
    extra=""
    case $lim in *--max-rewrites*) ;; *) lim="$lim --max-rewrites 1000"; extra=" --max-rewrites 1000" ;; esac
    n=$((n + 1))
    if [ $kind = pdll ]; then
        np=$((np + 1))
        if ! mlir-pdll-16 -x=mlir "$c/patterns.pdll" -o "$tmp/p.mlir" 2>"$tmp/pdll.err"; then
            echo "FAIL: $name: mlir-pdll-16 rejects the patterns"; continue
        fi
        # shellcheck disable=SC2086
        "$greedy" --trace $lim "$tmp/p.mlir" "$input" >"$tmp/mlir.out" 2>"$tmp/mlir.err"
    else
        nd=$((nd + 1))
        # shellcheck disable=SC2086
        "$greedy_drr" --trace $lim "$name" "$input" >"$tmp/mlir.out" 2>"$tmp/mlir.err"
    fi
    (cd "$c" && eval "\"\$patlint\" $args$extra --trace") >"$tmp/pl.out" 2>"$tmp/pl.err"
    grep '^// applied:' "$tmp/mlir.err" >"$tmp/mlir.trace"
    grep '^// applied:' "$tmp/pl.err" >"$tmp/pl.trace"
    if [ -s "$tmp/mlir.out" ] && cmp -s "$tmp/mlir.out" "$tmp/pl.out" && cmp -s "$tmp/mlir.trace" "$tmp/pl.trace"; then
        ok=$((ok + 1))
        if [ $kind = pdll ]; then okp=$((okp + 1)); else okd=$((okd + 1)); fi
        echo "ok: $name ($kind)"
    else
        echo "FAIL: $name ($kind)"
        [ -s "$tmp/mlir.out" ] || head -5 "$tmp/mlir.err"
        diff "$tmp/mlir.out" "$tmp/pl.out" | head -20
        diff "$tmp/mlir.trace" "$tmp/pl.trace" | head -6
    fi
done
echo "engine: $ok/$n agree (PDLL $okp/$np, DRR $okd/$nd)"
[ "$n" -gt 0 ] || exit 77
[ "$ok" = "$n" ]
