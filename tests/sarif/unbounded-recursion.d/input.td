include "mlir/IR/PatternBase.td"
include "ops.td"
// a - b => a + (-b) and back.
def SubToAdd : Pat<(R_SubOp $a, $b), (R_AddOp $a, (R_NegOp $b))>;
def AddNegToSub : Pat<(R_AddOp $a, (R_NegOp $b)), (R_SubOp $a, $b)>;
