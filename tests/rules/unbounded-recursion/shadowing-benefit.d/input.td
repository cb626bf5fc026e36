include "mlir/IR/PatternBase.td"
include "ops.td"
// As shadowed-pattern.d, but Rebuild has the higher benefit: MLIR tries
// it first, and it matches its own output without end.
def Fold : Pat<(R_NegOp (R_NegOp $x)), (replaceWithValue $x)>;
def Rebuild : Pat<(R_NegOp (R_NegOp $x)), (R_NegOp (R_NegOp $x)), [], (addBenefit 1)>;
