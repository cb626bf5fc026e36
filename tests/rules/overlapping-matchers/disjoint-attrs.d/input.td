include "ops.td"
// Two patterns on one root with disjoint attribute constraints.
// Expected (worked out by hand): clean, no finding, exit 0.
//  - IntCst and FloatCst: t.cst's value is an integer attribute in one and
//    a float attribute in the other; no attribute is both.
//  - EqCmp and NeCmp: the predicate is the constant 0 in one and 1 in the
//    other.
//  - StrCst and IntCst: a string attribute is never an integer attribute.
def IntCst : Pat<(T_CstOp I64Attr:$v), (T_CstOp $v)>;
def FloatCst : Pat<(T_CstOp F32Attr:$v), (T_CstOp $v)>;
def StrCst : Pat<(T_CstOp StrAttr:$v), (T_CstOp $v)>;
def EqCmp : Pat<(T_CmpOp $a, $b, ConstantAttr<I64Attr, "0">), (T_CmpOp $b, $a, ConstantAttr<I64Attr, "0">)>;
def NeCmp : Pat<(T_CmpOp $a, $b, ConstantAttr<I64Attr, "1">), (T_CmpOp $b, $a, ConstantAttr<I64Attr, "1">)>;
