#!/bin/sh
# random-agree.sh -- peer agreement on files no one wrote: random TableGen
# programs, DRR and PDLL files (tests/peers/random-inputs.py, fixed seeds)
# run through patlint and the MLIR 16 tools.
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
#   tests/peers/compile-oracle.sh shows those), and without those `dump
#   patterns` must give the patterns of the peer's C++: the same def
#   lines, root ops and benefits.
# pdll: N files.  When mlir-pdll-16 -x=ast rejects one, patlint must report
#   an error at the peer's first error line:col; when it accepts one,
#   patlint must report no error, the same patterns in order as -x=mlir
#   (name, root op, benefit), and where the PDL -x=mlir makes does not
#   verify (the peer's holes), a pdll-* warning on that line.
#
# Prints "random records: N/M agree", "random drr: ..." and "random pdll:
# ...", one line per disagreement before them.  RANDOM_AGREE_KEEP=DIR
# keeps the inputs of disagreements there, RANDOM_AGREE_FIRST=S starts at
# seed S (default 1), RANDOM_AGREE_ONLY=records, drr or pdll runs one of
# the three.  Exits 1 on a disagreement, 77 (skip) without the peers or
# python3.
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
PDLL=${MLIR_PDLL:-mlir-pdll-16}

for tool in "$TBLGEN" "$RTBLGEN" "$PDLL" python3; do
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

# disagree KIND SEED WHAT: report one, keep its input (in.td, in.pdll)
disagree() {
    echo "DIFFER $1 seed $2: $3"
    status=1
    if [ -n "${RANDOM_AGREE_KEEP:-}" ]; then
        mkdir -p "$RANDOM_AGREE_KEEP"
        case $1 in pdll) cp in.pdll "$RANDOM_AGREE_KEEP/$1-$2.pdll" ;;
                   *) cp in.td "$RANDOM_AGREE_KEEP/$1-$2.td" ;; esac
    fi
}

# first_error FILE [INPUT]: "line:col" of the first error FILE places in
# INPUT (default in.td), or ""
first_error() {
    sed -n "s/^$(printf '%s' "${2:-in.td}" | sed 's/\./\\./g'):\([0-9]*:[0-9]*\): error: .*/\1/p" "$1" |
        head -n 1
}

# runs KIND: whether RANDOM_AGREE_ONLY leaves KIND in
runs() {
    [ -z "$only" ] || [ "$only" = "$1" ]
}

first=${RANDOM_AGREE_FIRST:-1}
last=$((first + n - 1))
only=${RANDOM_AGREE_ONLY:-}

agree=0
seed=$first
runs records || seed=$((last + 1))
while [ "$seed" -le "$last" ]; do
    python3 "$here/random-inputs.py" records "$seed" > in.td
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
runs records && echo "random records: $agree/$n agree"

agree=0
compared=0
seed=$first
runs drr || seed=$((last + 1))
while [ "$seed" -le "$last" ]; do
    python3 "$here/random-inputs.py" drr "$seed" > in.td
    "$RTBLGEN" -gen-rewriters -I "$M16" in.td -o peer.inc 2> peer.err
    peer=$?
    "$patlint" check --no-config --disable=all --enable=unbound-variable -I "$M16" in.td > ours.out 2>&1
    # lines patlint reports an error on (or its "in pattern" note is on)
    awk '/^in\.td:[0-9]+:[0-9]+: error: / { split($0, f, ":")
             e = $0 !~ / \[drr-(attr-in-value|value-in-attr)-slot\]$/; if (e) print f[2]; next }
         /^in\.td:[0-9]+:[0-9]+: note: in (this )?pattern/ { if (e) { split($0, f, ":"); print f[2] }; next }
         /^in\.td:[0-9]+:[0-9]+: (warning|note): / { e = 0 }' ours.out | sort -u > lines
    if [ "$peer" -eq 0 ]; then
        # the patterns: line of the def, root op, benefit (the peer's C++
        # names each pattern's def in a "Generated from:" comment)
        awk '/^\/\* Generated from:/ { getline; n = split($0, a, ":"); line = a[n] }
             /::mlir::RewritePattern\("/ { s = $0; sub(/.*RewritePattern\("/, "", s); root = s
                 sub(/".*/, "", root); sub(/^[^"]*", /, "", s); sub(/,.*/, "", s); print line, root, s }' \
            peer.inc | sort > peer.pats
        "$patlint" dump patterns --format=json -I "$M16" in.td 2> /dev/null | python3 -c '
import json, sys
for p in json.load(sys.stdin)["patterns"]:
    if p["file"] == "in.td":
        print(p["line"], p["root"], p["benefit"])' 2> /dev/null | sort > ours.pats
        if [ -s lines ]; then
            disagree drr "$seed" "the peer accepts it, patlint: $(grep -m 1 ': error: ' ours.out)"
        elif ! grep -q ': error: ' ours.out && ! cmp -s peer.pats ours.pats; then
            # (a pattern with an error patlint reports past the peer is
            # not in the model: nothing to compare)
            disagree drr "$seed" "patterns (line root benefit): the peer's $(tr '\n' ' ' < peer.pats), patlint's $(tr '\n' ' ' < ours.pats)"
        else
            agree=$((agree + 1))
            grep -q ': error: ' ours.out || compared=$((compared + 1))
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
runs drr && echo "random drr: $agree/$n agree (patterns compared on the $compared both accept)"

python3 "$here/random-inputs.py" ods > random-ods.td
agree=0
compared=0
seed=$first
runs pdll || seed=$((last + 1))
while [ "$seed" -le "$last" ]; do
    python3 "$here/random-inputs.py" pdll "$seed" > in.pdll
    "$PDLL" -x=ast -I "$M16" -I . in.pdll > /dev/null 2> peer.err
    peer=$?
    "$patlint" check --no-config --disable=all --enable=unbound-variable -I "$M16" -I . in.pdll \
        > ours.out 2>&1
    if [ "$peer" -eq 0 ]; then
        # the patterns in order: name (- when anonymous), root op, benefit
        "$PDLL" -x=mlir -I "$M16" -I . in.pdll 2> mlir.err |
            awk '/pdl\.pattern/ { name = "-"; if ($2 ~ /^@/) name = substr($2, 2)
                     b = $0; sub(/.*benefit\(/, "", b); sub(/\).*/, "", b); split("", op) }
                 / = operation "/ { o = $0; sub(/.*operation "/, "", o); sub(/".*/, "", o); op[$1] = o }
                 / = operation *[(]/ || / = operation *(loc|$)/ { op[$1] = "*" }
                 /^ *rewrite %/ { r = $2; sub(/[^%0-9].*/, "", r); print name, (r in op ? op[r] : "?"), b }' \
            > peer.pats
        "$patlint" dump patterns --format=json -I "$M16" -I . in.pdll 2> /dev/null | python3 -c '
import json, sys
for p in json.load(sys.stdin)["patterns"]:
    if p["file"] == "in.pdll":
        print(p.get("name") or "-", p.get("root") or "*", p["benefit"])' 2> /dev/null > ours.pats
        # where the PDL that -x=mlir makes fails to verify
        late=$(sed -n 's/^loc("in\.pdll":\([0-9]*\):[0-9]*): error: .*/\1/p' mlir.err | head -n 1)
        if grep -q ': error: ' ours.out; then
            disagree pdll "$seed" "the peer accepts it, patlint: $(grep -m 1 ': error: ' ours.out)"
        elif [ -n "$late" ]; then
            # a hole of the peer: patlint must warn on the line where
            # the PDL fails (the benefit's error is at the `Pattern`)
            if grep -q "^in\.pdll:$late:[0-9]*: warning: .*\[pdll-" ours.out; then
                agree=$((agree + 1))
            else
                disagree pdll "$seed" "-x=mlir fails on line $late ($(grep -m 1 'error: ' mlir.err | sed 's/.*error: //')), patlint does not warn there"
            fi
        elif ! cmp -s peer.pats ours.pats; then
            disagree pdll "$seed" "patterns (name root benefit): the peer's $(tr '\n' ' ' < peer.pats), patlint's $(tr '\n' ' ' < ours.pats)"
        else
            agree=$((agree + 1))
            compared=$((compared + 1))
        fi
    else
        want=$(first_error peer.err in.pdll)
        if [ -n "$want" ] && ! grep -q "^in\.pdll:$want: error: " ours.out; then
            disagree pdll "$seed" "the peer's first error at $want ($(grep -m 1 'error: ' peer.err | sed 's/.*error: //')), patlint's: $(grep -m 1 ': error: ' ours.out)"
        elif [ -z "$want" ] && ! grep -q ': error: ' ours.out; then
            disagree pdll "$seed" "the peer rejects it ($(grep -m 1 'error' peer.err)), patlint reports no error"
        else
            agree=$((agree + 1))
        fi
    fi
    seed=$((seed + 1))
done
runs pdll && echo "random pdll: $agree/$n agree (patterns compared on the $compared both accept)"
exit $status
