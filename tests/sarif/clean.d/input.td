include "ops.td"
// Clean: I32 and F32 operands never meet.
def AddI : Pat<(T_AddOp I32:$x, $y), (T_AddOp $y, $x)>;
def AddF : Pat<(T_AddOp F32:$x, $y), (T_NegOp $y)>;
