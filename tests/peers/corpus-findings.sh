#!/bin/sh
# corpus-findings.sh PATLINT -- `make check-peers-corpus`: run `patlint
# check` on every DRR and PDLL file of ../shared/corpus (read in place),
# the way MLIR 16's tools ran it (include dirs from MANIFEST.tsv;
# --split-input-file for the .pdll files whose peer run used it,
# peers.tsv), and print the findings per rule and severity.
#
# Fails when patlint crashes or hangs on a file (exit status above 2, a
# signal, or the 60 s timeout), or rejects a file as input (exit 2) that
# the peer accepted.  Findings are printed, not judged: their review is
# in the closing notes of the rules issue.  Skips (77) without the corpus.
set -u
LC_ALL=C
export LC_ALL
abspath() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
patlint=$(abspath "${1:?usage: corpus-findings.sh PATLINT}")
here=$(cd "$(dirname "$0")" && pwd)
corpus=${CORPUS:-$here/../../../shared/corpus}
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}

if [ ! -f "$corpus/MANIFEST.tsv" ] || [ ! -f "$corpus/peers.tsv" ]; then
    echo "SKIP: corpus-findings: no ../shared/corpus (set CORPUS=DIR)"
    exit 77
fi
command -v timeout >/dev/null 2>&1 || { echo "SKIP: corpus-findings: no timeout(1)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/corpus-findings.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$corpus" || exit 2

# path -> the peer's exit status on its plain run, and whether it split
awk -F'\t' 'NR > 1 && ($3 == "-" || $3 == "all") { print $2 "\t" $5 "\t" ($4 ~ /--split-input-file/) }' \
    peers.tsv | sort -u -t "$(printf '\t')" -k1,1 > "$tmp/peers"

n=0 bad=0
: > "$tmp/findings"
sed 1d MANIFEST.tsv | while IFS="$(printf '\t')" read -r path _repo _orig _commit _lic incs kind; do
    case $kind in drr|pdll) ;; *) continue ;; esac
    set --
    oldifs=$IFS
    IFS=,
    for d in $incs; do
        [ "$d" = MLIR16 ] && d=$M16
        [ "$d" = "-" ] || set -- "$@" -I "$d"
    done
    IFS=$oldifs
    peer=$(awk -F'\t' -v f="$path" '$1 == f { print $2 "\t" $3 }' "$tmp/peers")
    peer_rc=${peer%%	*}
    split=${peer#*	}
    [ "$split" = 1 ] && set -- "$@" --split-input-file
    timeout 60 "$patlint" check --no-config --fail-on=none --format=text "$@" "$path" \
        > "$tmp/out" 2> "$tmp/err"
    rc=$?
    n=$((n + 1))
    verdict=ok
    if [ "$rc" -gt 2 ]; then
        verdict="crashed or hung (exit $rc)"
    elif [ "$rc" -eq 2 ] && [ "${peer_rc:-1}" = 0 ]; then
        verdict="rejected a file mlir's tools accept: $(head -1 "$tmp/err")"
    fi
    if [ "$verdict" != ok ]; then
        echo "FAIL: $path: $verdict"
        bad=$((bad + 1))
    fi
    grep -E '^[^ ].*: (error|warning|note): .*\[[a-z-]+\]$' "$tmp/out" |
        sed -E 's/^.*: (error|warning|note): .*\[([a-z-]+)\]$/\2 \1/' >> "$tmp/findings"
    echo "$n $bad" > "$tmp/count"
done
read -r n bad < "$tmp/count"
echo "corpus: $n DRR/PDLL files checked, $bad failed"
echo "findings per rule (severity: count):"
sort "$tmp/findings" | uniq -c | awk '{ c[$2] = c[$2] sprintf(" %s: %d", $3, $1) } END { for (r in c) print "  " r ":" c[r] }' | sort
[ "$bad" -eq 0 ]
