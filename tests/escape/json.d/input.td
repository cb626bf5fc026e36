include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def WeirdOp : Op<T_Dialect, "we\"ird[2Jÿþ	x"> { let arguments = (ins AnyType:$a); let results = (outs AnyType:$r); }
def P1 : Pat<(WeirdOp $a), (WeirdOp $a)>;
def P2 : Pat<(WeirdOp $b), (WeirdOp $b)>;
