include "ops.td"
// Positive: General matches every t.neg of an integer and its addBenefit
// lifts it above Specific (1 + 5 > 1), so Specific never applies.
def Specific : Pat<(T_NegOp I32:$x), (T_NegOp $x)>;
def General : Pat<(T_NegOp AnyInteger:$x), (T_NegOp $x), [], (addBenefit 5)>;
// Clean: the nested pattern has benefit 2 > 1 (DRR counts ops).
def Nested : Pat<(T_AddOp (T_NegOp $a), $b), (T_AddOp $b, $a)>;
def Flat : Pat<(T_AddOp $a, $b), (T_AddOp $b, $a)>;
