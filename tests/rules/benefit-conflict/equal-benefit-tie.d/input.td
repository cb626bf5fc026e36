include "ops.td"
// Positive: both benefit 2 on (-a) + (-b); AddNegLhs < AddNegRhs by name,
// so mlir-tblgen registers AddNegLhs first and it wins.
def AddNegRhs : Pat<(T_AddOp $a, (T_NegOp $b)), (T_AddOp $a, $b)>;
def AddNegLhs : Pat<(T_AddOp (T_NegOp $a), $b), (T_AddOp $b, $a)>;
