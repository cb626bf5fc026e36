include "mlir/IR/PatternBase.td"
include "ops.td"
// Rebuild rebuilds its own root, neg(neg(x)) -> neg(neg(x)) with fresh
// ops, and would match its output without end; but Fold matches every
// operation Rebuild matches, with the same benefit, and mlir-tblgen
// registers it first (def-name order): Rebuild can never apply, so it
// lies on no cycle.  (benefit-conflict reports it.)  Clean.
def Fold : Pat<(R_NegOp (R_NegOp $x)), (replaceWithValue $x)>;
def Rebuild : Pat<(R_NegOp (R_NegOp $x)), (R_NegOp (R_NegOp $x))>;
