include "mlir/IR/PatternBase.td"
include "ops.td"
// A cycle spread over two files (both named on the command line):
// SubToAdd here, AddNegToSub in add.td.  Expected (worked out by hand):
// one finding, at the cycle's first pattern in model order; inputs are
// read in path order, so that is AddNegToSub (add.td:6), and its note
// points at SubToAdd (sub.td:7): AddNegToSub -> SubToAdd -> AddNegToSub.
// Exit 1.
def SubToAdd : Pat<(R_SubOp $a, $b), (R_AddOp $a, (R_NegOp $b))>;
