include "mlir/IR/PatternBase.td"
include "ops.td"
// a - b => a + (-b); rewrite.pdll turns it back.
def SubToAdd : Pat<(R_SubOp $a, $b), (R_AddOp $a, (R_NegOp $b))>;
