include "ops.td"
// Clean: the specific constant-1 pattern has the higher benefit.
def CmpOne : Pat<(T_CmpOp $a, $b, ConstantAttr<I64Attr, "1">), (T_CmpOp $b, $a, ConstantAttr<I64Attr, "0">), [], (addBenefit 1)>;
def CmpAny : Pat<(T_CmpOp $a, $b, $p), (T_CmpOp $b, $a, $p)>;
