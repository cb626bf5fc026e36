include "ops.td"
// Equal benefit on (-a) + (-b): the order decides the result.  --verify
// runs the witness twice, the second time with the two patterns'
// registration order swapped; the results differ, so it is confirmed.
def AddNegRhs : Pat<(T_AddOp $a, (T_NegOp $b)), (T_NegOp $a)>;
def AddNegLhs : Pat<(T_AddOp (T_NegOp $a), $b), (T_NegOp $b)>;
