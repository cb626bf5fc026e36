// A native constraint written as an instantiation of a project's class in
// a constraint list (HasRankGT<2>, as onnx-mlir writes them) is an
// anonymous record: findings name it by its class, not by the base class
// Constraint that every such record shares.  Worked out by hand: A (any
// operand of rank above 2, a C++ call patlint cannot read) and B (an f32
// operand) may match the same t.p operations, neither containing the
// other, unless HasRankGT<2> on A's $x rules it out: a note naming
// `HasRankGT` (it used to say `Constraint`).
include "ops.td"
class HasRankGT<int n> : Constraint<CPred<"::my::rankOf($_self) > " # n>>;
def A : Pat<(T_POp $x), (T_QOp $x), [(HasRankGT<2> $x)]>;
def B : Pat<(T_POp F32:$y), (T_ROp $y)>;
