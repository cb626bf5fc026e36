include "ops.td"
// Nested dags, three levels deep.  Expected (worked out by hand):
// DeepLhs add(-(-a), b) and DeepRhs add(a, -(-(-b))) meet on
// add(-(-x), -(-(-y))), neither inside the other: one finding on DeepLhs
// (line 12, benefit 3 < DeepRhs's 4) with DeepRhs (line 13).  CstLhs never meets
// DeepLhs (the neg's operand is a t.cst in one and a t.neg in the other),
// but meets DeepRhs on add(-(cst), -(-(-y))): one finding on CstLhs
// (line 14) with DeepRhs.  NegCst neg(-(cst)) and DeepNeg neg(-(-a)) are
// disjoint for the same reason (clean).  Exit 1, two warnings.
def R0 : Pat<(T_CstOp $v), (T_CstOp $v)>;
// (R0 is on another root: no finding.)
def DeepLhs : Pat<(T_AddOp (T_NegOp (T_NegOp $a)), $b), (T_AddOp $a, $b)>;
def DeepRhs : Pat<(T_AddOp $a, (T_NegOp (T_NegOp (T_NegOp $b)))), (T_AddOp $a, (T_NegOp $b))>;
def CstLhs : Pat<(T_AddOp (T_NegOp (T_CstOp $v)), $b), (T_AddOp $b, $b)>;
def NegCst : Pat<(T_NegOp (T_NegOp (T_CstOp $v))), (T_CstOp $v)>;
def DeepNeg : Pat<(T_NegOp (T_NegOp (T_NegOp $a))), (T_NegOp $a)>;
