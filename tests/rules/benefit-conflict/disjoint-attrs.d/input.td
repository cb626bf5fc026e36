include "ops.td"
// Two patterns on one root with disjoint attribute constraints, at equal
// benefit.  Expected (worked out by hand): clean, no finding, exit 0: no
// t.cmp has predicate 0 and 1 at once, and no t.cst value is both an
// integer and a float attribute, so application order never matters.
def EqCmp : Pat<(T_CmpOp $a, $b, ConstantAttr<I64Attr, "0">), (T_CmpOp $b, $a, ConstantAttr<I64Attr, "0">)>;
def NeCmp : Pat<(T_CmpOp $a, $b, ConstantAttr<I64Attr, "1">), (T_CmpOp $b, $a, ConstantAttr<I64Attr, "1">)>;
def IntCst : Pat<(T_CstOp I64Attr:$v), (T_CstOp $v)>;
def FloatCst : Pat<(T_CstOp F32Attr:$v), (T_CstOp $v)>;
