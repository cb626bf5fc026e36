include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
class T_BinOp<string m> : T_Op<m> { let arguments = (ins AnyType:$lhs, AnyType:$rhs); let results = (outs AnyType:$r); }
def T_AddOp : T_BinOp<"add">;
def T_SubOp : T_BinOp<"sub">;
def T_MulOp : T_BinOp<"mul">;
def T_NegOp : T_Op<"neg"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
// ConstantLike, as MLIR's constant ops are
def T_CstOp : T_Op<"cst", [ConstantLike]> { let arguments = (ins AnyAttr:$value); let results = (outs AnyType:$r); }
// an anonymous NativeOpTrait<...>: which C++ trait it is, patlint cannot tell by name
def T_WcstOp : T_Op<"wcst", [NativeOpTrait<"ConstantLike">]> { let arguments = (ins AnyAttr:$value); let results = (outs AnyType:$r); }
