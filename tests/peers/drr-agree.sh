#!/bin/sh
# drr-agree.sh -- DRR agreement with mlir-tblgen-16 over the shared corpus.
#
#   drr-agree.sh PATLINT [CORPUS]
#
# 1. Every DRR file mlir-tblgen-16 -gen-rewriters accepts (peers.tsv rows
#    kind=drr, exit 0): `PATLINT dump patterns --format=json` with the same
#    -I flags must give the same patterns as peers/<path>.patterns.tsv:
#    compared as multisets of (file:line, root op, benefit), the peers'
#    line being the `Generated from:` location of each pattern.  Prints
#    `drr patterns: N/M agree` (M = patterns the peer generated).
# 2. Every DRR run mlir-tblgen-16 rejects (with its -D variants): `PATLINT
#    check` with the same flags must report an error on the line of the
#    peer's first error (any error when the peer's has no location).  A DRR
#    error patlint reports at the offending leaf counts when its "in
#    pattern" note is on that line (mlir-tblgen reports at the def).
#    Prints `drr rejects: N/M same line`.
# Exit: 0 when both are 100%, 1 otherwise, 77 (skip) without the corpus.
# Needs only sh, awk, sed, grep, sort; run from anywhere.
set -u
PATLINT=${1:?usage: drr-agree.sh PATLINT [CORPUS]}
here=$(cd "$(dirname "$0")" && pwd)
CORPUS=${2:-${PATLINT_CORPUS:-$here/../../../shared/corpus}}
[ -d "$CORPUS" ] || CORPUS=/work/shared/corpus
if [ ! -f "$CORPUS/peers.tsv" ]; then
    echo "SKIP: no corpus (../shared/corpus/peers.tsv) found"
    exit 77
fi
case $PATLINT in /*) ;; *) PATLINT=$(pwd)/$PATLINT ;; esac
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
VERBOSE=${VERBOSE:-0}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/drr-agree.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$CORPUS" || exit 99

# The peer command with the tool replaced: "mlir-tblgen-16 -gen-rewriters"
# -> patlint subcommand; the include dir of MLIR 16 as configured.
patlint_args() { # $1 = peer command
    printf '%s\n' "$1" | sed -e 's/^mlir-tblgen-16 -gen-rewriters //' \
        -e "s#/usr/lib/llvm-16/include#$M16#g"
}

# pattern lines "file:line<TAB>root<TAB>benefit" from a pattern dump (the
# writer indents pattern-level keys by exactly six spaces)
dump_keys() {
    awk '
    /^      "file": / { f = $2; gsub(/[",]/, "", f) }
    /^      "line": / { l = $2; gsub(/,/, "", l) }
    /^      "root": / { r = $2; gsub(/[",]/, "", r); if (r == "null") r = "*" }
    /^      "benefit": / { b = $2; gsub(/,/, "", b) }
    /^      "reg_order": / { o = $2; gsub(/,/, "", o); print f ":" l "\t" r "\t" b "\t" o }
    ' "$1"
}

agree=0 total=0 files=0 bad_files="" order_ok=0 order_bad=""
tab=$(printf '\t')
awk -F'\t' '$1 == "drr" && $5 == "0" { print $2 "\t" $4 "\t" $8 }' peers.tsv > "$tmp/ok.tsv"
while IFS="$tab" read -r path cmd pfile; do
    files=$((files + 1))
    args=$(patlint_args "$cmd")
    # shellcheck disable=SC2086
    eval "\"\$PATLINT\" dump patterns --format=json $args" > "$tmp/out.json" 2> "$tmp/err.txt"
    dump_keys "$tmp/out.json" > "$tmp/got4"
    # registration order: patterns by reg_order vs the peer's emission order
    sort -t "$tab" -k4,4n "$tmp/got4" | cut -f1-3 > "$tmp/got_order"
    awk -F'\t' 'NR > 1 { print $5 "\t" $3 "\t" $4 }' "$pfile" > "$tmp/want0"
    if [ "${NOLINE:-0}" != 0 ]; then
        cut -f2- "$tmp/got_order" > "$tmp/a"; cut -f2- "$tmp/want0" > "$tmp/b"
    else
        cp "$tmp/got_order" "$tmp/a"; cp "$tmp/want0" "$tmp/b"
    fi
    if cmp -s "$tmp/a" "$tmp/b"; then order_ok=$((order_ok + 1)); else order_bad="$order_bad $path"; fi
    cut -f1-3 "$tmp/got4" > "$tmp/got0"
    if [ "${NOLINE:-0}" != 0 ]; then
        # backends without exact locations: compare (root, benefit) only
        cut -f2- "$tmp/got0" > "$tmp/got1"; mv "$tmp/got1" "$tmp/got0"
        cut -f2- "$tmp/want0" > "$tmp/want1"; mv "$tmp/want1" "$tmp/want0"
    fi
    sort "$tmp/got0" > "$tmp/got"
    sort "$tmp/want0" > "$tmp/want"
    n=$(wc -l < "$tmp/want")
    same=$(comm -12 "$tmp/want" "$tmp/got" | wc -l)
    total=$((total + n))
    agree=$((agree + same))
    if [ "$same" -ne "$n" ] || [ "$(wc -l < "$tmp/got")" -ne "$n" ]; then
        bad_files="$bad_files $path"
        if [ "$VERBOSE" != 0 ]; then
            echo "--- $path: $same/$n agree, patlint has $(wc -l < "$tmp/got")"
            comm -3 "$tmp/want" "$tmp/got" | head -5
            head -3 "$tmp/err.txt"
        fi
    fi
done < "$tmp/ok.tsv"
echo "drr patterns: $agree/$total agree ($files files)"
[ -n "$bad_files" ] && echo "differing files:$bad_files"
echo "drr registration order: $order_ok/$files files agree"
[ -n "$order_bad" ] && echo "order differs:$order_bad"

# rejected runs
rej_ok=0 rej_total=0 rej_bad=""
awk -F'\t' '$1 == "drr" && $5 != "0" { print $2 "\t" $4 "\t" $6 }' peers.tsv > "$tmp/rej.tsv"
while IFS="$tab" read -r path cmd first; do
    rej_total=$((rej_total + 1))
    args=$(patlint_args "$cmd")
    # shellcheck disable=SC2086
    eval "\"\$PATLINT\" check $args" > "$tmp/out.txt" 2> "$tmp/err.txt" < /dev/null
    cat "$tmp/out.txt" >> "$tmp/err.txt"   # the text report is on stdout
    loc=$(printf '%s\n' "$first" | sed -n 's/^\([^: ]*\):\([0-9]*\):[0-9]*: error:.*/\1:\2:/p')
    if [ -n "$loc" ]; then
        # the error itself, or (DRR errors reported at the offending leaf)
        # its "in pattern" note pointing at the def mlir-tblgen names
        hit=$(grep -F "$loc" "$tmp/err.txt" | grep -c -E ': (error|note): ')
    else
        hit=$(grep -c 'error' "$tmp/err.txt")
    fi
    if [ "$hit" -gt 0 ]; then
        rej_ok=$((rej_ok + 1))
    else
        rej_bad="$rej_bad $path($(printf '%s' "$cmd" | grep -o -- '-DERROR[0-9]*' || true))"
        if [ "$VERBOSE" != 0 ]; then
            echo "--- $path: want error at ${loc:-anywhere}: $first"
            head -3 "$tmp/err.txt"
        fi
    fi
done < "$tmp/rej.tsv"
echo "drr rejects: $rej_ok/$rej_total same line"
[ -n "$rej_bad" ] && echo "missed:$rej_bad"

[ "$agree" -eq "$total" ] && [ -z "$bad_files" ] && [ -z "$order_bad" ] &&
    [ "$rej_ok" -eq "$rej_total" ] && exit 0
exit 1
