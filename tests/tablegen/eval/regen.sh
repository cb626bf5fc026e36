#!/bin/sh
# regen.sh -- regenerate the expectations of the TableGen evaluator tests.
#
#   tests/tablegen/eval/regen.sh PATLINT
#
# Each case NAME.d holds input.td and args (`dump records input.td`).
#  - when llvm-tblgen-16 accepts input.td, stdout-expected is its
#    `--dump-json` output (patlint must print the same bytes);
#  - when it rejects input.td, stderr-expected is patlint's diagnostic
#    output and exit-expected is 2, after checking that patlint's first
#    "file:line:col: error: ..." line is llvm-tblgen-16's.  A case listed in
#    NAME.d/patlint-only (inputs llvm-tblgen-16 crashes on or accepts only
#    by recursing 10,000 deep) keeps patlint's own diagnostic.
# Run it from anywhere; it needs llvm-tblgen-16 on PATH.
set -u
patlint=${1:?usage: regen.sh PATLINT}
case $patlint in /*) ;; *) patlint=$(pwd)/$patlint ;; esac
here=$(cd "$(dirname "$0")" && pwd)
command -v llvm-tblgen-16 >/dev/null || { echo "regen.sh: llvm-tblgen-16 not found" >&2; exit 2; }
status=0
for c in "$here"/*.d; do
	cd "$c" || exit 2
	rm -f stdout-expected stderr-expected exit-expected
	if [ ! -f patlint-only ] && llvm-tblgen-16 --dump-json input.td > stdout-expected 2>/dev/null; then
		:
	else
		rm -f stdout-expected
		NO_COLOR=1 "$patlint" dump records input.td > /dev/null 2> stderr-expected
		echo $? > exit-expected
		if [ ! -f patlint-only ]; then
			want=$(llvm-tblgen-16 --dump-json input.td 2>&1 >/dev/null | grep -m1 'error:')
			got=$(grep -m1 'error:' stderr-expected)
			if [ "$want" != "$got" ]; then
				echo "$(basename "$c"): first error differs from llvm-tblgen-16:" >&2
				echo "  llvm-tblgen-16: $want" >&2
				echo "  patlint:        $got" >&2
				status=1
			fi
		fi
	fi
done
exit $status
