#!/bin/sh
# records-agree.sh -- peer agreement for the TableGen frontend: every .td
# file of MLIR 16's include tree (and every corpus .td that llvm-tblgen-16
# accepts) dumped by `patlint dump records` and by `llvm-tblgen-16
# --dump-json`, compared record by record and field by field with
# tgjsoncmp (anonymous record numbering normalized).
#
#   records-agree.sh PATLINT TGJSONCMP [mlir|corpus|all]
#
# Prints "records: N/M identical, files: N/M" per tree and exits 1 when
# anything differs, 77 (skip) when the peer is not installed.
set -u
LC_ALL=C
export LC_ALL

patlint=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cmp=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
which=${3:-all}
TBLGEN=${LLVM_TBLGEN:-llvm-tblgen-16}
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
here=$(cd "$(dirname "$0")" && pwd)
shared=${PATLINT_SHARED:-$here/../../../shared}

if ! command -v "$TBLGEN" >/dev/null 2>&1 || [ ! -d "$M16/mlir" ]; then
    echo "records-agree: SKIP: $TBLGEN or $M16/mlir not installed (apt-get install llvm-16-dev libmlir-16-dev)"
    exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/records-agree.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
log=${RECORDS_AGREE_LOG:-$tmp/log}
: > "$log"
status=0

# compare_one LABEL FILE IFLAGS... : adds to the running counters in $tmp/counts
compare_one() {
    f=$1; shift
    if ! "$TBLGEN" --dump-json "$@" "$f" > "$tmp/exp.json" 2> "$tmp/exp.err"; then
        return 1                       # the peer rejects it: not compared here
    fi
    if ! "$patlint" dump records --format=json "$@" "$f" > "$tmp/act.json" 2> "$tmp/act.err"; then
        n=$("$cmp" -q "$tmp/exp.json" "$tmp/exp.json" | sed 's/^records: [0-9]*\/\([0-9]*\).*/\1/')
        echo "FAIL $f: patlint rejected it:" >> "$log"
        head -3 "$tmp/act.err" >> "$log"
        echo "0 $n 0" >> "$tmp/counts"
        return 0
    fi
    out=$("$cmp" -n 3 "$tmp/exp.json" "$tmp/act.json")
    rc=$?
    line=$(printf '%s\n' "$out" | tail -n 1)
    same=$(printf '%s' "$line" | sed 's/^records: \([0-9]*\)\/.*/\1/')
    total=$(printf '%s' "$line" | sed 's/^records: [0-9]*\/\([0-9]*\).*/\1/')
    if [ "$rc" -eq 0 ]; then
        echo "$same $total 1" >> "$tmp/counts"
    else
        echo "$same $total 0" >> "$tmp/counts"
        { echo "FAIL $f: $line"; printf '%s\n' "$out" | sed '$d'; } >> "$log"
    fi
    return 0
}

summary() {
    awk -v what="$1" '{ s += $1; t += $2; fs += $3; ft++ }
        END { printf "%s records: %d/%d identical, files: %d/%d\n", what, s, t, fs, ft;
              exit (s == t && fs == ft) ? 0 : 1 }' "$tmp/counts"
}

if [ "$which" = mlir ] || [ "$which" = all ]; then
    : > "$tmp/counts"
    find "$M16/mlir" -name '*.td' | sort > "$tmp/files"
    while read -r f; do
        compare_one "$f" -I "$M16"
    done < "$tmp/files"
    summary "mlir-16 tree:" || status=1
fi

if [ "$which" = corpus ] || [ "$which" = all ]; then
    if [ ! -f "$shared/corpus/MANIFEST.tsv" ]; then
        echo "records-agree: SKIP corpus: $shared/corpus not found"
    else
        : > "$tmp/counts"
        ( cd "$shared/corpus" || exit 2
          sed 1d MANIFEST.tsv | while IFS="$(printf '\t')" read -r path repo orig commit lic incs kind; do
            case "$path" in *.td) ;; *) continue ;; esac
            set --
            oldifs=$IFS; IFS=,
            for d in $incs; do
                [ "$d" = MLIR16 ] && d=$M16
                [ "$d" = "-" ] && continue
                set -- "$@" -I "$d"
            done
            IFS=$oldifs
            compare_one "$path" "$@" || true
          done )
        summary "corpus:" || status=1
    fi
fi

if [ "$status" -ne 0 ]; then
    echo "records-agree: differences (first 40 lines of $log):"
    head -40 "$log"
fi
exit $status
