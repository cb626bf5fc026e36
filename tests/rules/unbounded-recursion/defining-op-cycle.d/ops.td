// ops.td -- a tiny dialect with a ConstantLike op, for the defining-op cases.
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
def D_Dialect : Dialect { let name = "d"; let cppNamespace = "::d"; }
class D_Op<string m, list<Trait> t = []> : Op<D_Dialect, m, t>;
def D_ConstOp : D_Op<"const", [ConstantLike, Pure]> {
  let arguments = (ins F64Attr:$value); let results = (outs F64:$result); }
class D_UnOp<string m> : D_Op<m, [Pure, SameOperandsAndResultType]> {
  let arguments = (ins F64:$input); let results = (outs F64:$result); }
def D_NegOp : D_UnOp<"neg">;
def D_SqOp : D_UnOp<"sq">;
def D_AbsOp : D_UnOp<"abs">;
class D_BinOp<string m> : D_Op<m, [Pure, SameOperandsAndResultType]> {
  let arguments = (ins F64:$lhs, F64:$rhs); let results = (outs F64:$result); }
def D_AddOp : D_BinOp<"add">;
def D_SubOp : D_BinOp<"sub">;
def D_MulOp : D_BinOp<"mul">;
