#!/bin/sh
# random-agree.sh -- peer agreement on files no one wrote: random TableGen
# programs and DRR files (tests/peers/random-td.py, fixed seeds) run
# through patlint and the MLIR 16 tools.
#
#   random-agree.sh PATLINT TGJSONCMP [N]
#
# records: N programs.  When llvm-tblgen-16 --dump-json accepts one,
#   `patlint dump records --format=json` must accept it with the same
#   records (tgjsoncmp); when the peer rejects it, patlint must reject it
#   too, and at the peer's line and column when the peer gives one in the
#   program.
# drr: N files.  When mlir-tblgen-16 -gen-rewriters rejects one, `patlint
#   check` (the frontends' errors and unbound-variable, which reports the
#   peer's "referencing unbound symbol"; the other rules off) must report
#   an error on the line of the peer's first error (the peer stops at its
#   first, patlint reports all); when the peer accepts it, patlint may
#   report only what the peer passes on to the C++ compiler
#   (drr-attr-in-value-slot, drr-value-in-attr-slot:
#   tests/peers/compile-oracle.sh shows those).
#
# Prints "random records: N/M agree" and "random drr: N/M agree", one line
# per disagreement before them; RANDOM_AGREE_KEEP=DIR keeps the inputs of
# disagreements there.  Exits 1 on a disagreement, 77 (skip) without the
# peers or python3.
set -u
LC_ALL=C
export LC_ALL
patlint=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cmp=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
n=${3:-300}
here=$(cd "$(dirname "$0")" && pwd)
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
TBLGEN=${LLVM_TBLGEN:-llvm-tblgen-16}
RTBLGEN=${MLIR_TBLGEN:-mlir-tblgen-16}

for tool in "$TBLGEN" "$RTBLGEN" python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "random-agree: SKIP: $tool not installed (apt-get install llvm-16-dev mlir-16-tools python3)"
        exit 77
    fi
done
if [ ! -d "$M16/mlir" ]; then
    echo "random-agree: SKIP: no MLIR 16 include tree at $M16 (apt-get install libmlir-16-dev)"
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/random-agree.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
status=0

# disagree KIND SEED WHAT: report one, keep its input
disagree() {
    echo "DIFFER $1 seed $2: $3"
    status=1
    if [ -n "${RANDOM_AGREE_KEEP:-}" ]; then
        mkdir -p "$RANDOM_AGREE_KEEP" && cp in.td "$RANDOM_AGREE_KEEP/$1-$2.td"
    fi
}

# first_error FILE: "line:col" of the first error located in in.td, or ""
first_error() {
    sed -n 's/^in\.td:\([0-9]*:[0-9]*\): error: .*/\1/p' "$1" | head -n 1
}

agree=0
seed=1
while [ "$seed" -le "$n" ]; do
    python3 "$here/random-td.py" records "$seed" > in.td
    "$TBLGEN" --dump-json in.td > peer.json 2> peer.err
    peer=$?
    "$patlint" dump records --format=json in.td > ours.json 2> ours.err
    ours=$?
    if [ "$peer" -eq 0 ] && [ "$ours" -eq 0 ]; then
        if "$cmp" -q peer.json ours.json > cmp.out 2>&1; then
            agree=$((agree + 1))
        else
            disagree records "$seed" "$(tail -n 1 cmp.out)"
        fi
    elif [ "$peer" -eq 0 ]; then
        disagree records "$seed" "the peer accepts it, patlint: $(grep -m 1 'error' ours.err)"
    elif [ "$ours" -eq 0 ]; then
        disagree records "$seed" "patlint accepts it, the peer: $(grep -m 1 'error' peer.err)"
    else
        want=$(first_error peer.err)
        got=$(first_error ours.err)
        if [ -z "$want" ] || [ "$want" = "$got" ]; then
            agree=$((agree + 1))
        else
            disagree records "$seed" "the peer's first error at $want, patlint's at ${got:-none}"
        fi
    fi
    seed=$((seed + 1))
done
echo "random records: $agree/$n agree"

agree=0
seed=1
while [ "$seed" -le "$n" ]; do
    python3 "$here/random-td.py" drr "$seed" > in.td
    "$RTBLGEN" -gen-rewriters -I "$M16" in.td -o /dev/null 2> peer.err
    peer=$?
    "$patlint" check --no-config --disable=all --enable=unbound-variable -I "$M16" in.td > ours.out 2>&1
    # lines patlint reports an error on (or its "in pattern" note is on)
    awk '/^in\.td:[0-9]+:[0-9]+: error: / { split($0, f, ":")
             e = $0 !~ / \[drr-(attr-in-value|value-in-attr)-slot\]$/; if (e) print f[2]; next }
         /^in\.td:[0-9]+:[0-9]+: note: in (this )?pattern/ { if (e) { split($0, f, ":"); print f[2] }; next }
         /^in\.td:[0-9]+:[0-9]+: (warning|note): / { e = 0 }' ours.out | sort -u > lines
    if [ "$peer" -eq 0 ]; then
        if [ -s lines ]; then
            disagree drr "$seed" "the peer accepts it, patlint: $(grep -m 1 ': error: ' ours.out)"
        else
            agree=$((agree + 1))
        fi
    else
        want=$(first_error peer.err | cut -d: -f1)
        if [ -n "$want" ] && ! grep -qx "$want" lines; then
            disagree drr "$seed" "the peer's first error on line $want ($(grep -m 1 'error: ' peer.err | sed 's/.*error: //')), patlint's on: $(tr '\n' ' ' < lines)"
        elif [ -z "$want" ] && ! grep -q ': error: ' ours.out; then
            disagree drr "$seed" "the peer rejects it ($(grep -m 1 'error' peer.err)), patlint reports no error"
        else
            agree=$((agree + 1))
        fi
    fi
    seed=$((seed + 1))
done
echo "random drr: $agree/$n agree"
exit $status
