#!/bin/sh
# gen-fixture.sh -- a rewrite-throughput fixture for `make bench`.
#
#   gen-fixture.sh N > fixture.mlir     (N ops, rounded down to 1000s)
#   gen-fixture.sh --patterns > patterns.pdll
#
# N/1000 functions of 1000 ops: 199 groups of five (neg, neg, id, a, keep:
# NegNeg, IdElim and AToB each apply once per group) plus 5 ops around
# them.  The patterns are a canonicalization-style set in PDLL, so the
# same set runs in patlint and in MLIR's driver (tests/harness/greedy).
set -u
if [ "${1:-}" = --patterns ]; then
    cat <<'PDLL'
// bench/gen-fixture.sh --patterns: the throughput set.
Pattern NegNeg with benefit(2) {
  let inner = op<t.neg>(x: Value);
  let root = op<t.neg>(inner.0);
  replace root with x;
}
Pattern IdElim {
  let root = op<t.id>(x: Value);
  replace root with x;
}
Pattern AToB => replace op<t.a>(x: Value) -> (t: Type) with op<t.b>(x) -> (t);
PDLL
    exit 0
fi
n=${1:?usage: gen-fixture.sh N | --patterns}
awk -v n="$n" 'BEGIN {
    fns = int(n / 1000); if (fns < 1) fns = 1
    for (f = 0; f < fns; f++) {
        printf "func.func @f%d(%%arg0: i32) -> i32 {\n", f
        printf "  %%s = \"t.start\"(%%arg0) : (i32) -> i32\n"
        prev = "%s"
        for (g = 0; g < 199; g++) {
            printf "  %%n%d = \"t.neg\"(%s) : (i32) -> i32\n", g, prev
            printf "  %%m%d = \"t.neg\"(%%n%d) : (i32) -> i32\n", g, g
            printf "  %%i%d = \"t.id\"(%%m%d) : (i32) -> i32\n", g, g
            printf "  %%a%d = \"t.a\"(%%i%d) : (i32) -> i32\n", g, g
            printf "  %%k%d = \"t.keep\"(%%a%d) : (i32) -> i32\n", g, g
            prev = sprintf("%%k%d", g)
        }
        printf "  %%e0 = \"t.end\"(%s) : (i32) -> i32\n", prev
        printf "  %%e1 = \"t.end\"(%%e0) : (i32) -> i32\n"
        printf "  %%e2 = \"t.end\"(%%e1) : (i32) -> i32\n"
        printf "  return %%e2 : i32\n}\n"
    }
}'
