include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def T_AddOp : T_Op<"add"> { let arguments = (ins AnyType:$lhs, AnyType:$rhs); let results = (outs AnyType:$r); }
def T_NegOp : T_Op<"neg"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def T_CstOp : T_Op<"cst"> { let arguments = (ins AnyAttr:$value); let results = (outs AnyType:$r); }
def T_CmpOp : T_Op<"cmp"> { let arguments = (ins AnyType:$lhs, AnyType:$rhs, I64Attr:$pred); let results = (outs I1:$r); }
