#!/bin/sh
# ods-agree.sh -- ODS agreement with llvm-tblgen-16 over MLIR 16's dialects.
#
#   ods-agree.sh PATLINT ODSCMP
#
# For every .td file under $MLIR16_INCLUDE/mlir/Dialect (default
# /usr/lib/llvm-16/include) that llvm-tblgen-16 evaluates, compares
# `PATLINT dump ops --format=json -I $MLIR16_INCLUDE FILE` with
# `llvm-tblgen-16 --dump-json` of the same file using ODSCMP
# (tests/tools/odscmp.c): per op, operand / attribute / result counts and
# names, variadic and optional flags, derived attributes, regions,
# successors and traits.  An op counts once, however many files include
# it, and agrees only if it agreed in every file.  Prints
# `ods ops: N/M agree`; exit 0 at 100%, 1 below, 77 (skip) when
# llvm-tblgen-16 or MLIR 16's include tree is missing.
set -u
PATLINT=${1:?usage: ods-agree.sh PATLINT ODSCMP}
ODSCMP=${2:?usage: ods-agree.sh PATLINT ODSCMP}
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
TBLGEN=${LLVM_TBLGEN:-llvm-tblgen-16}
VERBOSE=${VERBOSE:-0}
if [ ! -d "$M16/mlir/Dialect" ] || ! command -v "$TBLGEN" > /dev/null 2>&1; then
    echo "SKIP: needs $TBLGEN and $M16/mlir/Dialect"
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ods-agree.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/all"
files=0
for f in $(find "$M16/mlir/Dialect" -name '*.td' | sort); do
    grep -q 'Op<' "$f" || continue
    "$TBLGEN" --dump-json -I "$M16" "$f" > "$tmp/rec.json" 2> /dev/null || continue
    files=$((files + 1))
    "$PATLINT" dump ops --format=json -I "$M16" "$f" > "$tmp/ops.json" 2> "$tmp/err" || true
    "$ODSCMP" -l "$tmp/rec.json" "$tmp/ops.json" >> "$tmp/all"
    if [ "$VERBOSE" != 0 ] && grep -q '^bad' "$tmp/all"; then
        echo "--- $f"
        "$ODSCMP" -v "$tmp/rec.json" "$tmp/ops.json" | head -20
        VERBOSE=0
    fi
done
sort -u "$tmp/all" > "$tmp/u"
total=$(awk '{print $2}' "$tmp/u" | sort -u | wc -l)
bad=$(awk '$1 == "bad" {print $2}' "$tmp/u" | sort -u | wc -l)
echo "ods ops: $((total - bad))/$total agree ($files files)"
[ "$bad" -eq 0 ] || { awk '$1 == "bad" {print "  " $2}' "$tmp/u" | sort -u | head -10; exit 1; }
exit 0
