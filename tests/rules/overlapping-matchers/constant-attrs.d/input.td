include "ops.td"
// Clean: different constants; positive: equal constants (duplicates).
def Zero : Pat<(T_CmpOp $a, $b, ConstantAttr<I64Attr, "0">), (T_CmpOp $b, $a, ConstantAttr<I64Attr, "1">)>;
def One : Pat<(T_CmpOp $a, $b, ConstantAttr<I64Attr, "1">), (T_CmpOp $b, $a, ConstantAttr<I64Attr, "0">)>;
def OneAgain : Pat<(T_CmpOp $a, $b, ConstantAttr<I64Attr, "1">), (T_CmpOp $a, $b, ConstantAttr<I64Attr, "0">)>;
