include "ops.td"
// Positive with "may": IsPowerOfTwo is native C++, so patlint cannot tell.
def IsPowerOfTwo : Constraint<CPred<"isPow2($_self)">, "power of two">;
def P : Pat<(T_AddOp $x, (T_CstOp $c)), (T_NegOp $x), [(IsPowerOfTwo $c)]>;
def Q : Pat<(T_AddOp (T_NegOp $x), $y), (T_NegOp $y)>;
