// MLIR's ConstantLikeMatcher in a match: the value is defined by an op
// with the ConstantLike trait (d.const has it, d.neg does not).
//
// Worked by hand:
//  SqConst: sq(k) -> sq(neg(k)), k matched by ConstantLikeMatcher.  The new
//    sq's operand is a fresh d.neg, not ConstantLike: it cannot match
//    again.  Clean (without the trait check, a self-loop).
//  AbsConst: abs(k) -> abs(const(|k|)).  The new abs's operand is a fresh
//    d.const, ConstantLike: it matches again, without end.  Reported, as a
//    note (patlint does not run the matcher on the created ops).
include "mlir/IR/PatternBase.td"
include "ops.td"
def AbsAttr : NativeCodeCall<"absOf($0)">;
def SqConst : Pat<(D_SqOp (ConstantLikeMatcher F64Attr:$k)), (D_SqOp (D_NegOp (D_ConstOp $k)))>;
def AbsConst : Pat<(D_AbsOp (ConstantLikeMatcher F64Attr:$k)), (D_AbsOp (D_ConstOp (AbsAttr $k)))>;
