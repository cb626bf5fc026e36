include "mlir/IR/PatternBase.td"
include "ops.td"
// The other half of the cycle of sub.td.  ops.td is included by both
// files: its ops are defined once per file, the patterns analyzed once.
// (See sub.td for the expected result.)
def AddNegToSub : Pat<(R_AddOp $a, (R_NegOp $b)), (R_SubOp $a, $b)>;
