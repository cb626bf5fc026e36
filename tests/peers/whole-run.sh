#!/bin/sh
# whole-run.sh PATLINT -- `make check-peers-whole-run`: a file is judged by
# what it includes, whatever else a run checks.  mlir-tblgen and mlir-pdll
# see the records of one file and its includes; patlint's op registry
# holds the ops of every input of a run, the first definition of a name
# winning.  Every ODS, DRR and PDLL file of ../shared/corpus is checked
# alone (its include folders from MANIFEST.tsv; the records, ods, drr and
# pdll suites hold those results to MLIR 16's tools) and then all of them
# in one run (a compilation database, as a CI gate over a tree runs it),
# and each file's own diagnostics must be the same both ways: its errors,
# its warnings and its findings reported as notes, but those of the rules
# that relate patterns of different files by design (overlapping-matchers,
# benefit-conflict, unbounded-recursion).
#
# The corpus holds four MLIR versions' test dialects, whose ops share
# names.  Before ops were scoped to the files that define or include them,
# the whole run gave 33 diagnostics the files alone do not, or lost them:
# pdll-unknown-op for test ops in .pdll files that include no test ODS, an
# error on toy.reshape's operands in a test that includes no toy ODS
# (where mlir-pdll reports "expected `Op` expression"), and ODS rule
# findings of an input whose op name another input had registered.
# Skips (77) without the corpus.
set -u
LC_ALL=C
export LC_ALL
abspath() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
patlint=$(abspath "${1:?usage: whole-run.sh PATLINT}")
here=$(cd "$(dirname "$0")" && pwd)
corpus=${CORPUS:-$here/../../../shared/corpus}
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}

if [ ! -f "$corpus/MANIFEST.tsv" ]; then
    echo "SKIP: whole-run: no ../shared/corpus (set CORPUS=DIR)"
    exit 77
fi
corpus=$(cd "$corpus" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/whole-run.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# path TAB include folders (;-separated, absolute) of every ODS, DRR and
# PDLL file
awk -F'\t' -v c="$corpus" -v m="$M16" 'NR > 1 && ($7 == "ods" || $7 == "drr" || $7 == "pdll") {
    n = split($6, d, ","); inc = ""
    for (i = 1; i <= n; i++)
        if (d[i] != "-") inc = inc (inc != "" ? ";" : "") (d[i] == "MLIR16" ? m : c "/" d[i])
    print c "/" $1 "\t" inc
}' "$corpus/MANIFEST.tsv" > "$tmp/files"
awk -F'\t' '{ printf "--- !FileInfo:\n  filepath: \"%s\"\n  includes: \"%s\"\n", $1, $2 }' \
    "$tmp/files" > "$tmp/all.yml"

# The diagnostics of the files in a report, one per line: errors,
# warnings and notes with a rule id (a finding reported as a note), but
# the relational rules' findings and the notes that only point at a
# finding's related places.
own() {
    grep -E '^/[^:]*\.(td|pdll):[0-9]+:[0-9]+: (error: |warning: |note: .*\[[a-z-]+\]$)' "$1" |
        grep -v -E '\[(overlapping-matchers|benefit-conflict|unbounded-recursion)\]$' | sort -u
}

"$patlint" check --no-config --fail-on=none --compilation-database "$tmp/all.yml" \
    > "$tmp/whole.out" 2>&1
rc=$?
if [ "$rc" -gt 2 ]; then
    echo "FAIL: whole-run: the whole-corpus run exited $rc"
    exit 1
fi
own "$tmp/whole.out" > "$tmp/whole"

n=0
: > "$tmp/alone"
while IFS="$(printf '\t')" read -r path incs; do
    set --
    oldifs=$IFS
    IFS=';'
    for d in $incs; do set -- "$@" -I "$d"; done
    IFS=$oldifs
    "$patlint" check --no-config --fail-on=none "$@" "$path" > "$tmp/out" 2>&1
    own "$tmp/out" >> "$tmp/alone"
    n=$((n + 1))
done < "$tmp/files"
sort -u "$tmp/alone" -o "$tmp/alone"

if [ "$n" -eq 0 ]; then
    echo "FAIL: whole-run: no file in the corpus manifest"
    exit 1
fi
if ! cmp -s "$tmp/alone" "$tmp/whole"; then
    echo "FAIL: whole-run: diagnostics differ between the files alone (<) and the whole corpus (>):"
    diff "$tmp/alone" "$tmp/whole" | head -40
    exit 1
fi
echo "whole-run: $n files, $(wc -l < "$tmp/alone") diagnostics, the same alone and in one run with the whole corpus"
exit 0
