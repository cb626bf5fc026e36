include "mlir/IR/PatternBase.td"
include "ops.td"
def IsSmall : Constraint<CPred<"isSmall($_self)">>;
// A cycle through a native constraint, confirmed with --assume: with
// IsSmall=true the driver loops (confirmed), with false it converges.
def SubToAdd : Pat<(R_SubOp $a, $b), (R_AddOp $a, (R_NegOp $b))>;
def AddNegToSub : Pat<(R_AddOp $a, (R_NegOp $b)), (R_SubOp $a, $b), [(IsSmall $a)]>;
