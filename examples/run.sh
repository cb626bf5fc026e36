#!/bin/sh
# run.sh PATLINT -- lint the bundled toy dialect (examples/toy) and write
# the reports into examples/out/.
set -u
patlint=${1:-patlint}
here=$(cd "$(dirname "$0")" && pwd)
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
out=$here/out
mkdir -p "$out"
cd "$here/toy" || exit 2
echo "records of ToyPatterns.td -> $out/records.json"
"$patlint" dump records -I "$M16" -o "$out/records.json" ToyPatterns.td
