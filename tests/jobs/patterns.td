include "ops.td"
def NegNeg : Pat<(J_NegOp (J_NegOp $x)), (replaceWithValue $x)>;
def AddNegRhs : Pat<(J_AddOp $a, (J_NegOp $b)), (J_AddOp $b, $a), [], [], (addBenefit 1)>;
