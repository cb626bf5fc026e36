#!/bin/sh
# sarif-validate.sh FILE... -- validate SARIF files with Microsoft's SARIF
# multitool (`Sarif.Multitool validate`), installed from npm
# (@microsoft/sarif-multitool-linux) into a cache directory on first use.
# Every file must give 0 errors and 0 warnings.
#
# Cache: $PATLINT_SARIF_CACHE, else ${XDG_CACHE_HOME:-$HOME/.cache}/patlint/sarif-multitool.
# Exit status: 0 all valid, 1 a file has errors or warnings, 77 skipped
# (npm missing or the package cannot be installed), 99 usage.
set -u
if [ $# -eq 0 ]; then
    echo "usage: $0 FILE.sarif..." >&2
    exit 99
fi
cache=${PATLINT_SARIF_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/patlint/sarif-multitool}
tool="$cache/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [ ! -f "$tool" ]; then
    if ! command -v npm >/dev/null 2>&1; then
        echo "SKIP: npm not found; cannot install @microsoft/sarif-multitool-linux"
        exit 77
    fi
    mkdir -p "$cache" || exit 99
    echo "installing @microsoft/sarif-multitool-linux into $cache"
    if ! npm install --no-audit --no-fund --prefix "$cache" @microsoft/sarif-multitool-linux >"$cache/npm.log" 2>&1; then
        echo "SKIP: npm install failed (see $cache/npm.log)"
        exit 77
    fi
fi
# npm may skip the package's postinstall script that makes it executable.
[ -x "$tool" ] || chmod u+x "$tool" || exit 99
# The multitool is a self-contained .NET app; it needs no ICU to validate.
DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=${DOTNET_SYSTEM_GLOBALIZATION_INVARIANT:-1}
export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT

status=0
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
for f in "$@"; do
    if [ ! -f "$f" ]; then
        echo "FAIL: $f: no such file"
        status=1
        continue
    fi
    out="$tmp/result.sarif"
    rm -f "$out"
    "$tool" validate --log ForceOverwrite --output "$out" "$f" >"$tmp/log" 2>&1
    rc=$?
    # The multitool prints one "FILE(line,col): error|warning ID: ..." line
    # per problem (notes are off at its default level) and exits 0 even
    # when it finds some, so count the lines; require that it finished.
    errors=$(grep -Ec '\): error [A-Z]+[0-9]+' "$tmp/log")
    warnings=$(grep -Ec '\): warning [A-Z]+[0-9]+' "$tmp/log")
    grep -q 'Analysis completed successfully' "$tmp/log" || [ "$rc" -ne 0 ] || rc=1
    if [ "$rc" -eq 0 ] && [ "${errors:-x}" = 0 ] && [ "${warnings:-x}" = 0 ]; then
        echo "ok: $f: 0 errors, 0 warnings"
    else
        echo "FAIL: $f: ${errors:-?} errors, ${warnings:-?} warnings (exit $rc)"
        cat "$tmp/log"
        status=1
    fi
done
exit $status
