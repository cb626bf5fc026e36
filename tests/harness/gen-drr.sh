#!/bin/sh
# gen-drr.sh -- generate the DRR half of the greedy-driver oracle.
#
#   gen-drr.sh OUTDIR MLIR16_INCLUDE CASE.d...
#
# For every case directory holding patterns.td (the case's ODS dialect and
# ops plus its DRR patterns), run mlir-tblgen-16 -gen-dialect-decls/-defs,
# -gen-op-decls/-defs and -gen-rewriters on a copy whose cppNamespace is
# made unique (::pl_drr_N), so that all cases compile into ONE translation
# unit (tests/harness/greedy_drr.cpp includes OUTDIR/cases.inc).  Cases
# expected to fail (exit-expected != 0) are left out.  Writes OUTDIR/names
# (one case name a line).  Exits 77 when mlir-tblgen-16 is missing.
set -u
out=${1:?usage: gen-drr.sh OUTDIR MLIR16_INCLUDE CASE.d...}
inc=${2:?usage: gen-drr.sh OUTDIR MLIR16_INCLUDE CASE.d...}
shift 2
command -v mlir-tblgen-16 >/dev/null 2>&1 || { echo "SKIP: mlir-tblgen-16 not found"; exit 77; }
rm -rf "$out" && mkdir -p "$out" || exit 99
: >"$out/cases.inc"
: >"$out/table.inc"
: >"$out/names"
n=0
for c in "$@"; do
    [ -f "$c/patterns.td" ] || continue
    [ -f "$c/exit-expected" ] && [ "$(cat "$c/exit-expected")" != 0 ] && continue
    name=$(basename "$c" .d)
    ns=pl_drr_$n
    d=$out/$ns
    mkdir -p "$d"
    sed "s/cppNamespace *= *\"[^\"]*\"/cppNamespace = \"::$ns\"/" "$c/patterns.td" >"$d/patterns.td"
    for g in dialect-decls dialect-defs op-decls op-defs rewriters; do
        if ! mlir-tblgen-16 -gen-$g -I "$inc" -I "$c" "$d/patterns.td" -o "$d/$g.inc" 2>"$d/$g.err"; then
            echo "gen-drr.sh: $name: mlir-tblgen-16 -gen-$g failed:" >&2
            cat "$d/$g.err" >&2
            exit 1
        fi
    done
    dialect=$(sed -n 's/^class \([A-Za-z0-9_]*\) : public ::mlir::Dialect.*/\1/p' "$d/dialect-decls.inc" | head -1)
    [ -n "$dialect" ] || { echo "gen-drr.sh: $name: no dialect class" >&2; exit 1; }
    cat >>"$out/cases.inc" <<EOT
// ---- case $name
#include "$ns/dialect-decls.inc"
#define GET_OP_CLASSES
#include "$ns/op-decls.inc"
#include "$ns/dialect-defs.inc"
#define GET_OP_CLASSES
#include "$ns/op-defs.inc"
void ::$ns::$dialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "$ns/op-defs.inc"
      >();
}
namespace $ns { namespace rw {
#include "$ns/rewriters.inc"
} }
EOT
    cat >>"$out/table.inc" <<EOT
{"$name", [](::mlir::DialectRegistry &r) { r.insert<::$ns::$dialect>(); }, ::$ns::rw::populateWithGenerated},
EOT
    echo "$name" >>"$out/names"
    n=$((n + 1))
done
exit 0
