include "ops.td"
// Patterns through TableGen classes with template arguments.
// Expected (worked out by hand): Lt (pred 0) and Gt (pred 1) are disjoint:
// clean.  GtAgain instantiates the class with the same predicate as Gt, so
// the two match exactly the same t.cmp: one finding on GtAgain (line 17)
// with Gt (line 15) as the related location.  The dag-argument class
// gives NegLhs add((-a), b) and NegRhs add(a, (-b)): they meet on
// (-a) + (-b), neither inside the other: one finding on NegRhs (line 19)
// with NegLhs (line 18).  Exit 1, two warnings.
class CmpPat<string pred, string newPred>
  : Pat<(T_CmpOp $a, $b, ConstantAttr<I64Attr, pred>),
        (T_CmpOp $b, $a, ConstantAttr<I64Attr, newPred>)>;
class AddPat<dag src> : Pat<src, (T_AddOp $b, $a)>;

def Gt : CmpPat<"1", "0">;
def Lt : CmpPat<"0", "1">;
def GtAgain : CmpPat<"1", "2">;
def NegLhs : AddPat<(T_AddOp (T_NegOp $a), $b)>;
def NegRhs : AddPat<(T_AddOp $a, (T_NegOp $b))>;
