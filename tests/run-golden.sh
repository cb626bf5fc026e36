#!/bin/sh
# run-golden.sh -- golden-file test runner (TAP output).
#
#   run-golden.sh DIR...
#
# Every case is a folder NAME.d holding:
#   args             the patlint arguments, one shell line, run from NAME.d
#                    ($PATLINT is the binary; ${M16} is MLIR 16's include dir)
#   stdout-expected  expected standard output (compared when present)
#   stderr-expected  expected standard error (compared when present)
#   exit-expected    expected exit status (default 0)
#   features         optional: "peer-include" skips the case when MLIR 16's
#                    include tree (/usr/lib/llvm-16/include) is absent
#   xfail            optional: a known failure; the file says why (first
#                    line shown).  The case is reported as TAP "# TODO":
#                    failing is XFAIL, passing is XPASS (remove the file);
#                    ACCEPT=1 leaves its hand-written expectations alone
# A failing case leaves NAME.d/*-actual and NAME.d/*-diff in the build tree
# folder $GOLDEN_OUT (default: beside the case).  With ACCEPT=1 the runner
# rewrites the expectations from the actual output instead.  With VALGRIND
# set (a valgrind command line with -q and --error-exitcode), patlint runs
# under it: a memory error or leak changes the exit status and stderr.
# In stdout the case folder's file: URI (SARIF's originalUriBaseIds) reads
# file:///CASE/, so goldens do not depend on where the checkout is.  With
# SARIF_COLLECT_DIR set, every SARIF output is also copied there (for
# tests/peers/sarif-validate.sh): stdout of a case whose args have
# --format=sarif, and every -o/--output/--write-baseline file named *.sarif.
set -u
PATLINT=${PATLINT:?set PATLINT to the patlint binary}
M16=${MLIR16_INCLUDE:-/usr/lib/llvm-16/include}
export PATLINT M16
NO_COLOR=1
export NO_COLOR
tmp=$(mktemp -d "${TMPDIR:-/tmp}/golden.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

cases=$(for d in "$@"; do find "$d" -name '*.d' -type d; done | sort)
n=0
for c in $cases; do n=$((n + 1)); done
echo "1..$n"
i=0
for c in $cases; do
    i=$((i + 1))
    name=${c#"${top_srcdir:-}"/}
    if [ -f "$c/features" ] && grep -q peer-include "$c/features" && [ ! -d "$M16/mlir" ]; then
        echo "ok $i - $name # SKIP needs $M16/mlir"
        continue
    fi
    args=$(cat "$c/args")
    (cd "$c" && eval "${VALGRIND:-} \"\$PATLINT\" $args" > "$tmp/stdout" 2> "$tmp/stderr" < /dev/null)
    echo $? > "$tmp/exit"
    if [ -n "${SARIF_COLLECT_DIR:-}" ]; then
        sname=$(echo "$name" | sed 's|^tests/||; s|[/.]|_|g')
        case " $args " in *" --format=sarif "*)
            [ -s "$tmp/stdout" ] && cp "$tmp/stdout" "$SARIF_COLLECT_DIR/$sname.sarif" ;;
        esac
        prev=""
        for w in $(echo "$args" | sed 's/--output=/--output /g; s/--write-baseline=/--write-baseline /g'); do
            case "$prev:$w" in -o:*.sarif|--output:*.sarif|--write-baseline:*.sarif)
                [ -s "$c/$w" ] && cp "$c/$w" "$SARIF_COLLECT_DIR/$sname-$(basename "$w")" ;;
            esac
            prev=$w
        done
    fi
    casedir=$(cd "$c" && pwd -P)
    sed "s|\"file://$casedir/|\"file:///CASE/|" "$tmp/stdout" > "$tmp/stdout.n" && mv "$tmp/stdout.n" "$tmp/stdout"
    want_exit=0
    [ -f "$c/exit-expected" ] && want_exit=$(cat "$c/exit-expected")
    ok=1
    why=""
    if [ "$(cat "$tmp/exit")" != "$want_exit" ]; then
        ok=0; why="exit $(cat "$tmp/exit"), expected $want_exit"
    fi
    for s in stdout stderr; do
        [ -f "$c/$s-expected" ] || continue
        if ! cmp -s "$c/$s-expected" "$tmp/$s"; then
            ok=0; why="$why${why:+; }$s differs"
        fi
    done
    todo=""
    [ -f "$c/xfail" ] && todo=" # TODO $(head -n 1 "$c/xfail")"
    if [ "${ACCEPT:-0}" = 1 ] && [ -n "$todo" ]; then
        echo "ok $i - $name # SKIP xfail: expectations are hand-written"
        continue
    fi
    if [ "${ACCEPT:-0}" = 1 ]; then
        cp "$tmp/stdout" "$c/stdout-expected"
        cp "$tmp/stderr" "$c/stderr-expected"
        [ "$(cat "$tmp/exit")" = 0 ] && rm -f "$c/exit-expected" || cp "$tmp/exit" "$c/exit-expected"
        echo "ok $i - $name # accepted"
        continue
    fi
    if [ "$ok" = 1 ]; then
        echo "ok $i - $name$todo"
    else
        echo "not ok $i - $name: $why$todo"
        for s in stdout stderr; do
            [ -f "$c/$s-expected" ] || continue
            diff -u "$c/$s-expected" "$tmp/$s" | head -40 | sed 's/^/# /'
        done
    fi
done
