include "ops.td"
def AddNegRhs : Pat<(T_AddOp $a, (T_NegOp $b)), (T_AddOp $a, $b)>;
