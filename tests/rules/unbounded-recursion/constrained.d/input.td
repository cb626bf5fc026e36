include "mlir/IR/PatternBase.td"
include "ops.td"
// Scale by 2 becomes scale by 4, which the first pattern no longer
// matches: the constant attributes break the cycle.
def Scale2 : Pat<(R_ScaleOp $x, ConstantAttr<I64Attr, "2">), (R_ScaleOp $x, ConstantAttr<I64Attr, "4">)>;
// x - x => neg(x) + x ... matched only when both operands are one value,
// which a freshly created neg never is.
def SubSelf : Pat<(R_SubOp $x, $x), (R_AddOp (R_NegOp $x), $x)>;
def AddSelf : Pat<(R_AddOp $x, $x), (R_SubOp $x, $x)>;
// Peeling nested negs consumes existing IR: neg(neg(neg(x))) => neg(x).
def TripleNeg : Pat<(R_NegOp (R_NegOp (R_NegOp $x))), (R_NegOp $x)>;
