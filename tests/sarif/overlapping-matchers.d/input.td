include "ops.td"
// Positive: (-a) + (-b) matches both; neither is more specific.
def AddNegRhs : Pat<(T_AddOp $a, (T_NegOp $b)), (T_AddOp $a, $b)>;
def AddNegLhs : Pat<(T_AddOp (T_NegOp $a), $b), (T_AddOp $b, $a)>;
