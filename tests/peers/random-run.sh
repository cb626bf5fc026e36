#!/bin/sh
# random-run.sh -- the engine against MLIR 16's greedy driver on pattern
# sets and fixtures no one wrote (tests/peers/random-inputs.py run and
# run-drr, fixed seeds).
#
#   random-run.sh PATLINT GREEDY N_PDLL N_DRR
#
# pdll: N_PDLL seeds.  Each makes PDLL patterns over unregistered ops and
#   arith.addi, and a fixture (nested regions, constants, sinks); the
#   patterns go through mlir-pdll-16 -x=mlir and GREEDY
#   (tests/harness/greedy), and through `patlint run`.
# drr: N_DRR seeds.  Each makes a small ODS dialect, DRR patterns over it
#   and a fixture.  All of them are compiled into one harness as
#   tests/harness/greedy_drr is (gen-drr.sh, then $HARNESS_CXX
#   $HARNESS_CXXFLAGS ... $HARNESS_LIBS).  Half the dialects leave out
#   InferTypeOpInterface.td, so some patterns' C++ does not compile: the
#   cases g++ rejects must be exactly those patlint reports
#   missing-result-type-builder on; they are left out of the second
#   compile.
# For both, the rewritten IR and the sequence of applied patterns (the
#   --trace logs) must be the same, with --max-rewrites 1000 on both sides.
#
# Prints one line per disagreement, then "random run pdll: N/M agree" and
# "random run drr: ..."; RANDOM_RUN_KEEP=DIR keeps the cases that
# disagree there, RANDOM_RUN_FIRST=S starts at seed S (default 1).  Exits
# 1 on a disagreement, 77 (skip) without the peers, g++ or python3.
set -u
LC_ALL=C
export LC_ALL
patlint=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
greedy=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
n_pdll=${3:-200}
n_drr=${4:-60}
here=$(cd "$(dirname "$0")" && pwd)
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
CXX=${HARNESS_CXX:-g++}
CXXFLAGS=${HARNESS_CXXFLAGS:--std=c++17 -fno-rtti -O0 -I$M16}
LIBS=${HARNESS_LIBS:--L/usr/lib/llvm-16/lib -lMLIR -lLLVM-16 -Wl,-rpath,/usr/lib/llvm-16/lib}

for tool in mlir-pdll-16 mlir-tblgen-16 python3 "$CXX"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "random-run: SKIP: $tool not installed (apt-get install mlir-16-tools libmlir-16-dev g++ python3)"
        exit 77
    fi
done
[ -x "$greedy" ] || { echo "random-run: SKIP: no harness $greedy"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/random-run.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
status=0
first=${RANDOM_RUN_FIRST:-1}

# same DIR: whether DIR's two runs (m.* the peer's, p.* patlint's) agree
same() {
    grep '^// applied:' "$1/m.err" > "$1/m.tr"
    grep '^// applied:' "$1/p.err" > "$1/p.tr"
    [ -s "$1/m.out" ] && cmp -s "$1/m.out" "$1/p.out" && cmp -s "$1/m.tr" "$1/p.tr"
}

# disagree KIND SEED DIR: report one, keep DIR
disagree() {
    echo "DIFFER run $1 seed $2: $(diff "$3/m.out" "$3/p.out" | sed -n 2p)$(diff "$3/m.tr" "$3/p.tr" | sed -n 2p)"
    status=1
    if [ -n "${RANDOM_RUN_KEEP:-}" ]; then
        mkdir -p "$RANDOM_RUN_KEEP" && cp -r "$3" "$RANDOM_RUN_KEEP/$1-$2"
    fi
}

agree=0
seed=$first
while [ "$seed" -lt $((first + n_pdll)) ]; do
    d=p$seed
    mkdir "$d"
    python3 "$here/random-inputs.py" run "$seed" "$d"
    if ! mlir-pdll-16 -x=mlir "$d/patterns.pdll" -o "$d/p.mlir" 2> "$d/pdll.err"; then
        echo "DIFFER run pdll seed $seed: mlir-pdll-16 rejects the generated patterns: $(head -n 1 "$d/pdll.err")"
        status=1
    else
        "$greedy" --trace --max-rewrites 1000 "$d/p.mlir" "$d/input.mlir" > "$d/m.out" 2> "$d/m.err"
        (cd "$d" && "$patlint" run --patterns patterns.pdll --input input.mlir --max-rewrites 1000 \
            --trace > p.out 2> p.err)
        if same "$d"; then agree=$((agree + 1)); else disagree pdll "$seed" "$d"; fi
    fi
    rm -rf "$d"
    seed=$((seed + 1))
done
echo "random run pdll: $agree/$n_pdll agree"

[ "$n_drr" -gt 0 ] || exit $status
seed=$first
cases=
while [ "$seed" -lt $((first + n_drr)) ]; do
    d=d$seed.d
    mkdir "$d"
    python3 "$here/random-inputs.py" run-drr "$seed" "$d"
    if ! mlir-tblgen-16 -gen-rewriters -I "$M16" "$d/patterns.td" -o /dev/null 2> "$d/err"; then
        echo "DIFFER run drr seed $seed: mlir-tblgen-16 rejects the generated patterns: $(head -n 1 "$d/err")"
        status=1
        rm -rf "$d"
    else
        cases="$cases $d"
        "$patlint" check --no-config -I "$M16" "$d/patterns.td" 2>&1 |
            grep -q 'missing-result-type-builder\]$' && echo "d$seed" >> flagged
    fi
    seed=$((seed + 1))
done
touch flagged
sort flagged -o flagged

# harness CASES...: build greedy_drr of the cases; g++'s errors in cc.err
harness() {
    # shellcheck disable=SC2086
    sh "$here/../harness/gen-drr.sh" gen "$M16" "$@" > gen.log 2>&1 &&
        $CXX $CXXFLAGS -Igen "$here/../harness/greedy_drr.cpp" -o greedy_drr $LIBS 2> cc.err
}
# shellcheck disable=SC2086
if harness $cases; then
    rejected=
else
    # the namespace of case I is pl_drr_I, I its line in gen/names
    grep -o 'pl_drr_[0-9]*::' cc.err | sed 's/pl_drr_\([0-9]*\)::/\1/' | sort -un > failed.ix
    if [ ! -s failed.ix ]; then
        echo "random run drr: the harness does not build: $(grep -m 1 error cc.err gen.log)"
        exit 1
    fi
    awk 'NR == FNR { f[$1 + 1] = 1; next } FNR in f' failed.ix gen/names | sort > rejected
    if ! cmp -s rejected flagged; then
        echo "DIFFER run drr: g++ rejects the C++ of $(tr '\n' ' ' < rejected)but patlint reports missing-result-type-builder on $(tr '\n' ' ' < flagged)"
        status=1
    fi
    rejected=$(tr "\n" " " < rejected)
    kept=
    for c in $cases; do
        case " $rejected " in *" ${c%.d} "*) ;; *) kept="$kept $c" ;; esac
    done
    cases=$kept
    # shellcheck disable=SC2086
    harness $cases || { echo "random run drr: the harness does not build: $(grep -m 1 error cc.err)"; exit 1; }
fi
agree=0
n=0
for d in $cases; do
    n=$((n + 1))
    ./greedy_drr --trace --max-rewrites 1000 "${d%.d}" "$d/input.mlir" > "$d/m.out" 2> "$d/m.err"
    (cd "$d" && "$patlint" run --patterns patterns.td --input input.mlir -I "$M16" --max-rewrites 1000 \
        --trace > p.out 2> p.err)
    s=${d#d}
    if same "$d"; then agree=$((agree + 1)); else disagree drr "${s%.d}" "$d"; fi
done
echo "random run drr: $agree/$n agree ($(echo $rejected | wc -w) of $n_drr left out: their C++ does not compile, as patlint reports)"
exit $status
