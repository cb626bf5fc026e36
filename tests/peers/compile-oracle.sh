#!/bin/sh
# compile-oracle.sh -- the C++ compile oracle for the DRR golden cases of
# `missing-result-type-builder` and of the DRR arity/kind errors: each
# case's input.td goes through mlir-tblgen-16 (-gen-dialect-decls/-defs,
# -gen-op-decls/-defs, -gen-rewriters) and the generated C++ is compiled
# (g++ -std=c++17 -fno-rtti -fsyntax-only) against MLIR 16's headers.
#
#   compile-oracle.sh SRCDIR
#
# The cases: every tests/rules/missing-result-type-builder/*.d holding an
# input.td, and every golden case under tests/ holding an `oracle` file.
# What a case expects: the first word of its `oracle` file (`fail` or
# `compile`; the rest of the file says why) when present, else its
# exit-expected: a finding (non-zero exit) means the generated C++ must
# fail to compile (mlir-tblgen-16 rejecting the input counts as failing),
# no finding means it must compile.
#
# Prints one line per case and "compile oracle: N/M agree"; exits 1 on a
# disagreement, 77 (skip) without g++, mlir-tblgen-16 or the MLIR headers.
# The common MLIR headers are precompiled once (a few seconds saved per
# case); COMPILE_ORACLE_KEEP=DIR keeps the generated files there.
set -u
LC_ALL=C
export LC_ALL

src=${1:?usage: compile-oracle.sh SRCDIR}
src=$(cd "$src" && pwd)
TBLGEN=${MLIR_TBLGEN:-mlir-tblgen-16}
CXX=${ORACLE_CXX:-g++}
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}

if ! command -v "$CXX" >/dev/null 2>&1 || ! command -v "$TBLGEN" >/dev/null 2>&1 ||
   [ ! -f "$M16/mlir/IR/PatternMatch.h" ] || [ ! -f "$M16/llvm/ADT/ArrayRef.h" ]; then
    echo "compile-oracle: SKIP: needs $CXX, $TBLGEN and $M16 (apt-get install g++ libmlir-16-dev llvm-16-dev mlir-16-tools)"
    exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/compile-oracle.XXXXXX") || exit 2
[ -n "${COMPILE_ORACLE_KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT
[ -n "${COMPILE_ORACLE_KEEP:-}" ] && { mkdir -p "$COMPILE_ORACLE_KEEP"; tmp=$COMPILE_ORACLE_KEEP; }

CXXFLAGS="-std=c++17 -fno-rtti -w -I$M16"

# The headers every generated file needs, precompiled once.
cat > "$tmp/oracle-pch.h" <<'EOF'
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
EOF
# shellcheck disable=SC2086
$CXX $CXXFLAGS -x c++-header "$tmp/oracle-pch.h" -o "$tmp/oracle-pch.h.gch" 2> "$tmp/pch.err" ||
    rm -f "$tmp/oracle-pch.h.gch"        # compile without it: slower, same verdicts

cases=$( { for d in "$src"/tests/rules/missing-result-type-builder/*.d; do
               [ -f "$d/input.td" ] && echo "$d"; done
           find "$src/tests" -path '*.d/oracle' -type f | sed 's,/oracle$,,'; } | sort -u)

# compile DIR PARTS... : writes DIR/case.cpp (the dialect and op classes,
# with their definitions if PARTS has `defs`, then the rewriters if PARTS
# has `rewriters`) and compiles it with -fsyntax-only; errors in DIR/cxx.err.
compile() {
    cw=$1; shift
    [ -d "$cw" ] || { mkdir -p "$cw"; cp "$w"/*.inc "$cw"/; }
    { if [ -f "$tmp/oracle-pch.h.gch" ]; then echo "#include \"$tmp/oracle-pch.h\""; else cat "$tmp/oracle-pch.h"; fi
      echo '#include "dialect-decls.inc"'
      echo '#define GET_OP_CLASSES'
      echo '#include "op-decls.inc"'
      case " $* " in *" defs "*)
          echo '#include "dialect-defs.inc"'
          echo '#define GET_OP_CLASSES'
          echo '#include "op-defs.inc"' ;;
      esac
      case " $* " in *" rewriters "*)
          echo 'namespace {'
          echo 'using namespace mlir;'
          echo '#include "rewriters.inc"'
          echo '} // namespace'
          echo 'void oraclePopulate(::mlir::RewritePatternSet &patterns) { populateWithGenerated(patterns); }' ;;
      esac
    } > "$cw/case.cpp"
    # shellcheck disable=SC2086
    $CXX $CXXFLAGS -fsyntax-only -I"$cw" "$cw/case.cpp" > "$cw/cxx.err" 2>&1
}
first_error() {
    grep -m1 'error:' "$1/cxx.err" | sed 's|^.*error: ||'
}

n=0; agree=0
for c in $cases; do
    name=${c#"$src"/}
    [ -f "$c/input.td" ] || { echo "DISAGREE $name: oracle case without input.td"; n=$((n + 1)); continue; }
    if [ -f "$c/oracle" ]; then
        want=$(awk 'NR == 1 { print $1 }' "$c/oracle")
    elif [ -f "$c/exit-expected" ] && [ "$(cat "$c/exit-expected")" != 0 ]; then
        want=fail
    else
        want=compile
    fi
    # Include dirs: the case's own -I arguments (${M16} expanded), then
    # the case folder.
    iflags=""
    set -- $(sed "s|\${M16}|$M16|g" "$c/args")
    while [ $# -gt 0 ]; do
        case $1 in
            -I) [ $# -gt 1 ] && { shift; case $1 in /*) iflags="$iflags -I$1";; *) iflags="$iflags -I$c/$1";; esac; } ;;
            -I*) d=${1#-I}; case $d in /*) iflags="$iflags -I$d";; *) iflags="$iflags -I$c/$d";; esac ;;
        esac
        shift
    done
    w=$tmp/case$n; rm -rf "$w" "$w.decl"; mkdir -p "$w"
    got=compile; why=""; note=""
    for g in dialect-decls dialect-defs op-decls op-defs rewriters; do
        # shellcheck disable=SC2086
        if ! "$TBLGEN" -gen-$g $iflags -I"$c" "$c/input.td" -o "$w/$g.inc" 2> "$w/tblgen.err"; then
            got=fail; why="mlir-tblgen-16 -gen-$g: $(grep -m1 -i 'error' "$w/tblgen.err" | sed 's|^.*/||')"
            break
        fi
    done
    if [ "$got" = compile ]; then
        # The verdict is on the rewriters.  When the whole file fails, the
        # rewriters are compiled against the op declarations alone: if that
        # compiles, the failure lies in the op definitions on their own (an
        # ODS quirk of the fixture, e.g. a verifier calling
        # Attribute::getType), not in the pattern.
        if ! compile "$w" defs rewriters; then
            if compile "$w.decl" rewriters; then
                note="op definitions fail on their own ($(first_error "$w")); judged on declarations + rewriters"
            else
                got=fail; why="g++: $(first_error "$w.decl")"
            fi
        fi
    fi
    n=$((n + 1))
    if [ "$got" = "$want" ]; then
        agree=$((agree + 1))
        echo "agree    $name: $got${why:+ ($why)}${note:+ [$note]}"
    else
        echo "DISAGREE $name: expected $want, got $got${why:+ ($why)}${note:+ [$note]}"
    fi
done
echo "compile oracle: $agree/$n agree"
[ "$n" -gt 0 ] && [ "$agree" -eq "$n" ]
