include "mlir/IR/PatternBase.td"
include "ops.td"
// -(-x) => x creates nothing; a - 0-like fold neither.
def DoubleNeg : Pat<(R_NegOp (R_NegOp $x)), (replaceWithValue $x)>;
def SubNeg : Pat<(R_SubOp $x, (R_NegOp $y)), (R_AddOp $x, $y)>;
