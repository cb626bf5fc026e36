#!/bin/sh
# bench.sh -- `make bench`: patlint against the MLIR 16 peers in one run,
# side by side: median wall time (sum over files of each file's median),
# peak RSS (largest over files) and the ratio patlint/peer.  Benchmarks
# print figures; they never fail on them (shared machines are noisy).
#
#   bench.sh PATLINT MEASURE [RUNS]
set -u
LC_ALL=C
export LC_ALL
patlint=$1
measure=$2
runs=${3:-5}
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
TBLGEN=${LLVM_TBLGEN:-llvm-tblgen-16}

if ! command -v "$TBLGEN" >/dev/null 2>&1 || [ ! -d "$M16/mlir" ]; then
    echo "bench: SKIP: $TBLGEN or $M16/mlir not installed"
    exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# row LABEL FILELIST CMD_A CMD_B : each command gets the file appended.
bench_files() {
    label=$1; list=$2; shift 2
    ta=0; tb=0; ra=0; rb=0; n=0; fa=0
    while read -r f; do
        set -- $CMD_A "$f"
        a=$("$measure" -r "$runs" -- "$@")
        set -- $CMD_B "$f"
        b=$("$measure" -r "$runs" -- "$@")
        n=$((n + 1))
        echo "$a $b" >> "$tmp/rows"
        [ "$(echo "$a" | cut -d' ' -f3)" = 0 ] || fa=$((fa + 1))
    done < "$list"
    awk -v label="$label" -v n="$n" -v fa="$fa" '
        { ta += $1; if ($2 > ra) ra = $2; tb += $4; if ($5 > rb) rb = $5 }
        END {
            printf "%-44s %5d files  patlint %9.1f ms %7.1f MiB | peer %9.1f ms %7.1f MiB | time ratio %.2f  rss ratio %.2f%s\n",
                label, n, ta, ra / 1024, tb, rb / 1024, (tb > 0 ? ta / tb : 0), (rb > 0 ? ra / rb : 0),
                (fa ? sprintf("  (patlint failed on %d)", fa) : "")
        }' "$tmp/rows"
    rm -f "$tmp/rows"
}

echo "patlint benchmark: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "median of $runs runs per file, one process per file for both tools"

find "$M16/mlir/Dialect" -name '*Ops.td' | sort > "$tmp/ops"
CMD_A="$patlint dump records --format=json -I $M16"
CMD_B="$TBLGEN --dump-json -I $M16"
bench_files "dump records vs llvm-tblgen-16 --dump-json" "$tmp/ops"
