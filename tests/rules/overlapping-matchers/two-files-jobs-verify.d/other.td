// Included by input.td and also named on the command line: its pattern is
// analyzed once.
include "ops.td"
def AddNegRhs : Pat<(T_AddOp $a, (T_NegOp $b)), (T_AddOp $a, $b)>;
