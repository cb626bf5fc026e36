#!/bin/sh
# gen-synth.sh -- write a synthetic pattern set for growth benchmarks:
# one .td file holding an ODS dialect and N DRR patterns of varied shapes
# (one- and two-level matches, repeated operands, native and ODS
# constraints, attribute constants, benefits, replacements by a new op, by
# a nested tree and by an operand) over N / 5 ops: about five patterns
# per root op, twice the average of ../shared/corpus (2.6).
#
#   gen-synth.sh N > synth.td      (include with -I MLIR16_INCLUDE)
set -eu
n=${1:?usage: gen-synth.sh N}
awk -v n="$n" 'BEGIN {
    nops = int(n / 5); if (nops < 8) nops = 8  # ~5 patterns per root op (corpus: 2.6)
    print "// synthetic: " n " DRR patterns over " nops " ops (bench/gen-synth.sh)"
    print "include \"mlir/IR/OpBase.td\""
    print "include \"mlir/IR/PatternBase.td\""
    print "def Syn_Dialect : Dialect { let name = \"syn\"; let cppNamespace = \"::syn\"; let useFoldAPI = kEmitFoldAdaptorFolder; }"
    print "class Syn_Op<string m, list<Trait> t = []> : Op<Syn_Dialect, m, t>;"
    print "class Syn_Bin<string m> : Syn_Op<m, [Commutative]> {"
    print "  let arguments = (ins AnyInteger:$lhs, AnyInteger:$rhs);"
    print "  let results = (outs AnyInteger:$res);"
    print "}"
    print "class Syn_Un<string m> : Syn_Op<m, [Commutative]> {"
    print "  let arguments = (ins AnyInteger:$x, I32Attr:$k);"
    print "  let results = (outs AnyInteger:$res);"
    print "}"
    for (i = 0; i < nops; i++) {
        if (i % 2) printf "def Syn_B%d : Syn_Bin<\"b%d\">;\n", i, i
        else       printf "def Syn_U%d : Syn_Un<\"u%d\">;\n", i, i
    }
    print "def SynIsZero : Constraint<CPred<\"isZero($0)\">, \"is zero\">;"
    print "def SynSame : Constraint<CPred<\"$0 == $1\">, \"same\">;"
    for (p = 0; p < n; p++) {
        # two distinct ops of each kind, chosen so that roots spread evenly
        b = 2 * (p % int(nops / 2)) + 1           # a binary op
        b2 = 2 * (int(p / 7) % int(nops / 2)) + 1
        u = 2 * (int(p / 3) % int(nops / 2))      # a unary op
        B = "Syn_B" b; B2 = "Syn_B" b2; U = "Syn_U" u
        s = p % 8
        if (s == 0)      printf "def SynP%d : Pat<(%s $a, (%s $b, $c)), (%s $a, $b)>;\n", p, B, B2, B2
        else if (s == 1) printf "def SynP%d : Pat<(%s $a, $a), (%s $a, ConstantAttr<I32Attr, \"%d\">)>;\n", p, B, U, p
        else if (s == 2) printf "def SynP%d : Pat<(%s $x, ConstantAttr<I32Attr, \"%d\">), (replaceWithValue $x)>;\n", p, U, p
        else if (s == 3) printf "def SynP%d : Pat<(%s (%s $a, $b), $c), (%s $a, (%s $b, $c)), [(SynIsZero $c)]>;\n", p, B, B2, B, B2
        else if (s == 4) printf "def SynP%d : Pat<(%s (%s $x, $k), $y), (%s $y, $x), [(SynSame $x, $y)], (addBenefit %d)>;\n", p, B, U, B2, p % 5
        else if (s == 5) printf "def SynP%d : Pattern<(%s $a, $b), [(%s $b, $a)]>;\n", p, B, B
        else if (s == 6) printf "def SynP%d : Pat<(%s (%s $x, $k1), $k2), (%s $x, $k2)>;\n", p, U, U, U
        else             printf "def SynP%d : Pat<(%s $a, (%s (%s $b, $k), $c)), (%s $a, $c), [], (addBenefit 1)>;\n", p, B, B2, U, B
    }
}'
