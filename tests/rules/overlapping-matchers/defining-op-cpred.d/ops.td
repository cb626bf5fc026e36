include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def T_Dialect : Dialect { let name = "t"; let cppNamespace = "::t"; }
def U_Dialect : Dialect { let name = "u"; let cppNamespace = "::u"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
class T_BinOp<string m> : T_Op<m> { let arguments = (ins AnyType:$lhs, AnyType:$rhs); let results = (outs AnyType:$r); }
def T_AddOp : T_BinOp<"add">;
def T_SubOp : T_BinOp<"sub">;
def T_MulOp : T_BinOp<"mul">;
def T_DivOp : T_BinOp<"div">;
def T_RemOp : T_BinOp<"rem">;
def T_NegOp : T_Op<"neg"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
// C++ class ::t::CstOp
def T_CstOp : T_Op<"cst"> { let arguments = (ins AnyAttr:$value); let results = (outs AnyType:$r); }
// no '_' in the def name: C++ class ::t::TConstantOp
def TConstantOp : T_Op<"constant"> { let arguments = (ins AnyAttr:$value); let results = (outs AnyType:$r); }
// another dialect's ::u::CstOp
def U_CstOp : Op<U_Dialect, "cst"> { let arguments = (ins AnyAttr:$value); let results = (outs AnyType:$r); }
