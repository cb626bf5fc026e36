#!/bin/sh
# cache-agree.sh -- the include cache (tg_load_cached) changes nothing:
# every .td input of MLIR 16's dialect tree (one run) and of
# ../shared/corpus (one run per include set, as MANIFEST.tsv gives them)
# evaluates to the same records, byte for byte in llvm-tblgen's JSON form,
# through one shared cache as alone, and again with every group's inputs
# through one cache for all (different -I folders).  Alone, patlint's records are
# llvm-tblgen-16's (check-peers-records).  Exit 77 when neither is there.
#
#   cache-agree.sh CHECK_TG_CACHE
set -u
bin=$1
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
corpus=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/../shared/corpus
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cache.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/list"
if [ -d "$M16/mlir/Dialect" ]; then
    printf '%s\t%s\n' "$M16" "$(find "$M16/mlir/Dialect" -name '*.td' | LC_ALL=C sort | tr '\n' ' ')" >> "$tmp/list"
else
    echo "cache-agree: SKIP MLIR 16 tree: no $M16/mlir/Dialect"
fi
if [ -f "$corpus/MANIFEST.tsv" ]; then
    awk -F'\t' -v c="$corpus" -v m="$M16" 'NR > 1 && $1 ~ /\.td$/ {
        n = split($6, d, ","); inc = ""
        for (i = 1; i <= n; i++) inc = inc (i > 1 ? "," : "") (d[i] == "MLIR16" ? m : c "/" d[i])
        files[inc] = files[inc] " " c "/" $1
    } END { for (k in files) print k "\t" files[k] }' "$corpus/MANIFEST.tsv" | LC_ALL=C sort >> "$tmp/list"
else
    echo "cache-agree: SKIP corpus: no ../shared/corpus"
fi
[ -s "$tmp/list" ] || exit 77
PL_CACHE_LIST="$tmp/list" "$bin"
