#!/bin/sh
# sarif-validate.sh FILE... -- validate SARIF files with Microsoft's SARIF
# multitool (`Sarif.Multitool validate`), installed from npm
# (@microsoft/sarif-multitool-linux) into a cache directory on first use.
# Every file must give 0 errors and 0 warnings, and validate against the
# SARIF 2.1.0 JSON schema shipped in the package (python3 jsonschema).  A
# canary (an invalid log) checks that the multitool does find problems.
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

# Canary: the multitool must find the problems of an invalid log.  The npm
# builds are .NET single-file bundles; in 5.7.0 the validator then loads no
# rules at all (and 4.x crashes), so a clean result alone proves nothing.
printf '{"version":"9.9","runs":[{"results":[{"level":"bogus"}]}]}\n' > "$tmp/canary.sarif"
"$tool" validate --log ForceOverwrite --output "$tmp/canary-out.sarif" "$tmp/canary.sarif" > "$tmp/log" 2>&1
multitool_works=yes
if ! grep -Eq '\): (error|warning) [A-Z]+[0-9]+' "$tmp/log"; then
    echo "WARNING: Sarif.Multitool validate reports no problem in an invalid SARIF file: it runs no"
    echo "         validation rules here (npm single-file build), so its '0 errors' means nothing;"
    echo "         the JSON schema check below is what validates"
    multitool_works=no
fi

# Second check, independent of the multitool: the JSON schema shipped with
# it (sarif-2.1.0.json), with python3's jsonschema when installed.
schema="$(dirname "$tool")/sarif-2.1.0.json"
cat > "$tmp/schema.py" <<'PY'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1], encoding="utf-8-sig"))
v = jsonschema.validators.validator_for(schema)(schema)
errs = list(v.iter_errors(json.load(open(sys.argv[2], encoding="utf-8"))))
for e in errs[:20]:
    print("%s: schema error at /%s: %s" % (sys.argv[2], "/".join(map(str, e.absolute_path)), e.message[:300]))
sys.exit(1 if errs else 0)
PY
schema_check=no
# Debian's python3 (python3-jsonschema) first: another python3 on PATH may lack it.
py=python3
[ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import jsonschema' 2> /dev/null && py=/usr/bin/python3
if [ -f "$schema" ] && command -v "$py" > /dev/null 2>&1 && "$py" -c 'import jsonschema' 2> /dev/null; then
    if "$py" "$tmp/schema.py" "$schema" "$tmp/canary.sarif" > /dev/null 2>&1; then
        echo "FAIL: the schema check accepts an invalid SARIF file"
        status=1
    else
        schema_check=yes
    fi
elif [ "$multitool_works" = no ]; then
    echo "FAIL: no working validator: the multitool checks nothing and the JSON schema check"
    echo "      needs python3 with jsonschema (Debian python3-jsonschema) and $schema"
    status=1
else
    echo "note: no JSON schema check (needs python3 with jsonschema and $schema)"
fi
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
    if [ "$schema_check" = yes ]; then
        "$py" "$tmp/schema.py" "$schema" "$f" || { echo "FAIL: $f: not valid against $schema"; status=1; }
    fi
done
exit $status
