#!/bin/sh
# pdll-agree.sh -- agreement of patlint's PDLL frontend with mlir-pdll-16
# over every .pdll of ../shared/corpus, using the recorded peer verdicts
# (peers.tsv, peers/*.patterns.tsv); the peer tool itself is not needed.
#
# Unit of comparison: a whole file, or for files whose RUN lines use
# -split-input-file each `// -----` chunk (split exactly as the corpus's
# peer-check.sh does, line-padded so that line numbers stay those of the
# file).  A unit agrees when
#   - patlint succeeds exactly where `mlir-pdll-16 -x=ast` succeeds;
#   - when it fails, patlint reports an error at the line:col of the
#     peer's first error (the expected diagnostic of *-failure tests);
#   - when `-x=mlir` succeeds, patlint gives the same patterns, in order,
#     with the same name (- when anonymous), benefit and root op (* = any).
#
# Usage: pdll-agree.sh [PATLINT]   (or $PATLINT; default ./patlint)
#   PATLINT may be the patlint binary (uses `dump patterns --format=json`)
#   or the frontend's test driver tests/pdll/pdll-tool (TSV output).
#   CORPUS overrides the corpus directory; VERBOSE=1 lists every unit.
# Prints "pdll: N/M agree"; exits 1 below 100%, 77 (skip) without corpus.
set -u
LC_ALL=C; export LC_ALL
tool=${1:-${PATLINT:-./patlint}}
here=$(cd "$(dirname "$0")" && pwd)
corpus=${CORPUS:-$here/../../../shared/corpus}
[ -f "$corpus/peers.tsv" ] || corpus=/work/shared/corpus
if [ ! -f "$corpus/peers.tsv" ]; then
    echo "pdll-agree: SKIP: no corpus (../shared/corpus) found" >&2
    exit 77
fi
case "$tool" in /*) ;; *) tool=$(pwd)/$tool ;; esac
[ -x "$tool" ] || { echo "pdll-agree: no executable $tool" >&2; exit 2; }
mode=json
case "$(basename "$tool")" in pdll-tool*) mode=tsv ;; esac
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pdll-agree.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
TAB=$(printf '\t')
cd "$corpus" || exit 2

SPLIT_AWK='
function newchunk(ln,   i) {
    if (cur != "") close(cur)
    cur = dir "/" ln ".pdll"
    printf "" > cur
    for (i = 1; i < ln; i++) print "" > cur
    print ln > (dir "/list")
}
BEGIN { cur = ""; newchunk(1) }
{
    line = $0
    while ((p = index(line, "// -----")) > 0) {
        print substr(line, 1, p - 1) > cur
        newchunk(NR)
        line = substr(line, p + 8)
    }
    print line > cur
}
'

# run FILE -> $tmp/out (patterns: name TAB benefit TAB root), $tmp/err, $rc
run() {
    # shellcheck disable=SC2086
    if [ "$mode" = tsv ]; then
        "$tool" $iflags "$1" > "$tmp/raw" 2> "$tmp/err"; rc=$?
        cut -f1-3 "$tmp/raw" > "$tmp/out"
    else
        "$tool" dump patterns --format=json $iflags "$1" > "$tmp/raw" 2> "$tmp/err"; rc=$?
        # one JSON object per pattern: pick name, benefit, root in order
        tr -d '\n' < "$tmp/raw" | sed 's/"patterns"[ ]*:[ ]*\[//' | tr '{' '\n' | awk '
            /"origin"[ ]*:[ ]*"pdll"/ {
                n = "-"; b = "?"; r = "*"
                if (match($0, /"name"[ ]*:[ ]*"[^"]*"/)) { s = substr($0, RSTART, RLENGTH); sub(/^"name"[ ]*:[ ]*"/, "", s); sub(/"$/, "", s); n = s }
                if (match($0, /"benefit"[ ]*:[ ]*-?[0-9]+/)) { s = substr($0, RSTART, RLENGTH); sub(/^.*:[ ]*/, "", s); b = s }
                if (match($0, /"root"[ ]*:[ ]*"[^"]*"/)) { s = substr($0, RSTART, RLENGTH); sub(/^"root"[ ]*:[ ]*"/, "", s); sub(/"$/, "", s); r = s }
                print n "\t" b "\t" r
            }' > "$tmp/out"
    fi
}

total=0 agree=0
: > "$tmp/report"
check_unit() { # $1 label, $2 file to run, $3 ast rc, $4 mlir rc, $5 first error, $6 chunk key, $7 patterns file
    total=$((total + 1))
    run "$2"
    why=""
    if [ "$3" -eq 0 ] && [ "$rc" -ne 0 ]; then
        why="patlint fails, -x=ast accepts: $(grep -m1 'error:' "$tmp/err")"
    elif [ "$3" -ne 0 ] && [ "$rc" -eq 0 ]; then
        why="patlint accepts, -x=ast fails: $5"
    elif [ "$3" -ne 0 ]; then
        lc=$(printf '%s\n' "$5" | sed -n 's/^[^:]*:\([0-9][0-9]*:[0-9][0-9]*\): error:.*/\1/p')
        if [ -n "$lc" ] && ! grep -q ":$lc: error:" "$tmp/err"; then
            why="no error at $lc (peer: $5); patlint: $(grep -m1 'error:' "$tmp/err")"
        fi
    elif [ "$4" -eq 0 ] && [ -f "$7" ]; then
        awk -F'\t' -v c="$6" 'NR > 1 && $1 == c { print $3 "\t" $4 "\t" $5 }' "$7" > "$tmp/want"
        if ! cmp -s "$tmp/want" "$tmp/out"; then
            why="patterns differ: want [$(tr '\n\t' '; ' < "$tmp/want")] got [$(tr '\n\t' '; ' < "$tmp/out")]"
        fi
    fi
    if [ -z "$why" ]; then
        agree=$((agree + 1))
        [ -n "${VERBOSE:-}" ] && echo "ok   $1"
    else
        echo "DIFF $1: $why" >> "$tmp/report"
    fi
}

sed 1d MANIFEST.tsv | while IFS="$TAB" read -r path repo orig commit lic incs kind; do
    [ "$kind" = pdll ] && printf '%s\t%s\n' "$path" "$incs"
done > "$tmp/files"

while IFS="$TAB" read -r path incs; do
    iflags=""
    oldifs=$IFS; IFS=,
    for d in $incs; do
        [ "$d" = MLIR16 ] && d=$M16
        [ "$d" = "-" ] && continue
        iflags="$iflags -I $d"
    done
    IFS=$oldifs
    pf="peers/$path.patterns.tsv"
    if grep -q 'RUN:.*split-input-file' "$path"; then
        cdir="$tmp/chunks"; rm -rf "$cdir"; mkdir -p "$cdir"
        awk -v dir="$cdir" "$SPLIT_AWK" "$path"
        while read -r c; do
            row=$(awk -F'\t' -v p="$path" -v v="chunk@$c" '$1 == "pdll" && $2 == p && $3 == v' peers.tsv)
            [ -z "$row" ] && continue
            mrc=$(printf '%s\n' "$row" | cut -f5); ferr=$(printf '%s\n' "$row" | cut -f6)
            arc=$(printf '%s\n' "$row" | cut -f9)
            check_unit "$path@$c" "$cdir/$c.pdll" "$arc" "$mrc" "$ferr" "$c" "$pf"
        done < "$cdir/list"
    else
        row=$(awk -F'\t' -v p="$path" '$1 == "pdll" && $2 == p && $3 == "-"' peers.tsv)
        [ -z "$row" ] && continue
        mrc=$(printf '%s\n' "$row" | cut -f5); ferr=$(printf '%s\n' "$row" | cut -f6)
        arc=$(printf '%s\n' "$row" | cut -f9)
        check_unit "$path" "$path" "$arc" "$mrc" "$ferr" "-" "$pf"
    fi
    echo "$total $agree" > "$tmp/count"
done < "$tmp/files"

read -r total agree < "$tmp/count"
cat "$tmp/report"
echo "pdll: $agree/$total agree"
[ "$agree" -eq "$total" ]
