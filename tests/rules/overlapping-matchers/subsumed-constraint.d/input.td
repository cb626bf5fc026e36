include "ops.td"
// Clean for this rule: AnyInteger contains I32, so Specific is inside
// General (a specific pattern plus its fallback); General has fewer
// ops so DRR already gives Specific... the same benefit: see benefit-conflict.
def Specific : Pat<(T_NegOp I32:$x), (T_NegOp $x)>;
def General : Pat<(T_NegOp AnyInteger:$x), (T_NegOp $x)>;
