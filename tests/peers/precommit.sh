#!/bin/sh
# precommit.sh PATLINT -- the pre-commit hook of this checkout
# (.pre-commit-hooks.yaml, hook id patlint) run by a real runner, prek
# (npm @j178/prek, installed into a cache on first use), on a scratch git
# repository whose .pre-commit-config.yaml points at this checkout (repo:
# its path, rev: its HEAD commit).  PATLINT is put on the PATH, as the hook
# is `language: system`.  Checks:
#   1. staged clean .pdll file: `prek run` passes (exit 0);
#   2. a staged bad .pdll file: `prek run` fails (exit 1) and shows the
#      findings: rule id and file:line:col;
#   3. `prek try-repo CHECKOUT patlint --all-files`, without a config: the
#      same failure and findings.
# The hook comes from the HEAD commit, not from uncommitted changes.
#
# Cache: $PATLINT_PREK_CACHE, else ./prek-cache (the build folder).
# Exit status: 0 pass, 1 fail, 77 skipped (no git or npm, prek cannot be
# installed, the checkout is not a git repository), 99 usage.
set -u
if [ $# -ne 1 ]; then
    echo "usage: $0 PATLINT" >&2
    exit 99
fi
case $1 in /*) patlint=$1 ;; *) patlint=$(pwd)/$1 ;; esac
[ -x "$patlint" ] || { echo "FAIL: $patlint is not executable"; exit 99; }
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY

skip() { echo "SKIP: precommit: $*"; exit 77; }
command -v git > /dev/null 2>&1 || skip "git not found"
rev=$(git -C "$srcdir" rev-parse --verify -q HEAD 2>/dev/null) || skip "$srcdir is not a git checkout with a commit"
git -C "$srcdir" cat-file -e "$rev:.pre-commit-hooks.yaml" 2>/dev/null ||
    skip "HEAD ($rev) has no .pre-commit-hooks.yaml"

cache=${PATLINT_PREK_CACHE:-$(pwd)/prek-cache}
prek="$cache/node_modules/.bin/prek"
if ! "$prek" --version > /dev/null 2>&1; then
    command -v npm > /dev/null 2>&1 || skip "npm not found; cannot install @j178/prek"
    mkdir -p "$cache" || exit 99
    echo "installing @j178/prek into $cache"
    npm install --no-audit --no-fund --prefix "$cache" @j178/prek > "$cache/npm.log" 2>&1 ||
        skip "npm install @j178/prek failed (see $cache/npm.log)"
    "$prek" --version > /dev/null 2>&1 || skip "prek does not run (see $cache/npm.log)"
fi
echo "using $("$prek" --version), hooks from $srcdir at $rev"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/precommit.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin" "$tmp/repo" && ln -s "$patlint" "$tmp/bin/patlint" || exit 99
PATH="$tmp/bin:$PATH"
PREK_HOME="$tmp/prek-home"      # prek's clone of the hook repository
NO_COLOR=1
GIT_CONFIG_NOSYSTEM=1
HOME="$tmp"                     # no user git or prek configuration
export PATH PREK_HOME NO_COLOR GIT_CONFIG_NOSYSTEM HOME
cd "$tmp/repo" || exit 99
git init -q . || exit 99
cat > .pre-commit-config.yaml <<EOF
repos:
  - repo: $srcdir
    rev: $rev
    hooks:
      - id: patlint
EOF
cat > clean.pdll <<'EOF'
Pattern FoldAddZero {
  let zero = op<my.zero> -> (type<"i32">);
  let root = op<my.add>(x: Value, zero);
  replace root with x;
}
EOF
cp "$srcdir/tests/sarif/unbound-variable.d/input.pdll" bad.pdll || exit 99
echo "not a pattern file" > notes.txt
git add .pre-commit-config.yaml clean.pdll notes.txt || exit 99

status=0
n=0
# expect WHAT WANT_EXIT NEEDLE...: the last run exited WANT_EXIT and its
# output holds every NEEDLE (fixed strings).
expect() {
    what=$1 want=$2; shift 2
    n=$((n + 1))
    why=""
    [ "$rc" = "$want" ] || why="exit $rc, expected $want"
    for needle in "$@"; do
        grep -qF -- "$needle" out || why="$why${why:+; }no '$needle' in the output"
    done
    if [ -z "$why" ]; then
        echo "ok $n - $what"
    else
        echo "not ok $n - $what: $why"
        sed 's/^/# /' out | head -40
        status=1
    fi
}

# 1. Clean staged files: the hook runs and passes.
"$prek" run --color never > out 2>&1; rc=$?
expect "prek run, clean.pdll staged: passes" 0 "patlint (MLIR rewrite patterns)" "Passed"

# 2. A bad file staged: the hook fails and shows the findings.
git add bad.pdll || exit 99
"$prek" run --color never > out 2>&1; rc=$?
expect "prek run, bad.pdll staged: fails with the findings" 1 "Failed" \
    "bad.pdll:5:37: error: 'lsh' is not bound by the pattern; did you mean 'lhs'? [unbound-variable]" \
    "bad.pdll:9:25: error: 'value' is not bound by the pattern [unbound-variable]" \
    "bad.pdll:10:43: error: 'attribut' is not bound by the pattern [unbound-variable]" \
    "bad.pdll:3:1: warning: pattern 'Swap' can rewrite its own output without end" \
    "3 errors and"
sed -n '/^patlint/,$p' out | head -16 | sed 's/^/#   /'

# 3. prek try-repo on the checkout, no configuration needed.
rm .pre-commit-config.yaml && git rm -q --cached .pre-commit-config.yaml || exit 99
"$prek" try-repo --color never "$srcdir" patlint --all-files > out 2>&1; rc=$?
expect "prek try-repo $srcdir patlint --all-files: fails with the findings" 1 "Failed" \
    "bad.pdll:5:37: error: 'lsh' is not bound by the pattern; did you mean 'lhs'? [unbound-variable]"

echo "precommit: $n checks, $([ $status = 0 ] && echo all passed || echo FAILED)"
exit $status
