include "mlir/IR/PatternBase.td"
include "ops.td"
// As shadowed-pattern.d, but Fold only applies when a native constraint
// holds: when it does not, MLIR goes on to Rebuild, which then matches its
// own output without end.  Reported.
def IsFoldable : Constraint<CPred<"isFoldable($0)">>;
def Fold : Pat<(R_NegOp (R_NegOp $x)), (replaceWithValue $x), [(IsFoldable $x)]>;
def Rebuild : Pat<(R_NegOp (R_NegOp $x)), (R_NegOp (R_NegOp $x))>;
