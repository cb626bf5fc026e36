include "ops.td"
// Same (x + x) and Cyc (a + (-a)) never meet: that needs x == -x (clean).
// Q ((-a) + (-b)) meets Same as (-a) + (-a), and Cyc as (-a) + (-(-a)).
def Same : Pat<(T_AddOp $x, $x), (T_NegOp $x)>;
def Cyc : Pat<(T_AddOp $a, (T_NegOp $a)), (T_NegOp $a)>;
def Q : Pat<(T_AddOp (T_NegOp $a), (T_NegOp $b)), (T_NegOp $b)>;
