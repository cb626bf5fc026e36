include "mlir/IR/PatternBase.td"
include "ops.td"
// Swapping the operands of every add matches its own output again.
def SwapAdd : Pat<(R_AddOp $a, $b), (R_AddOp $b, $a)>;
