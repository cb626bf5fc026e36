// ops.td -- a tiny dialect for the unbounded-recursion cases.
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
def R_Dialect : Dialect { let name = "r"; let cppNamespace = "::r"; }
class R_Op<string m, list<Trait> t = []> : Op<R_Dialect, m, t>;
def R_NegOp : R_Op<"neg", [Pure, SameOperandsAndResultType]> {
  let arguments = (ins F64:$input); let results = (outs F64:$result); }
class R_BinOp<string m> : R_Op<m, [Pure, SameOperandsAndResultType]> {
  let arguments = (ins F64:$lhs, F64:$rhs); let results = (outs F64:$result); }
def R_AddOp : R_BinOp<"add">;
def R_SubOp : R_BinOp<"sub">;
def R_ScaleOp : R_Op<"scale", [Pure, SameOperandsAndResultType]> {
  let arguments = (ins F64:$input, I64Attr:$factor); let results = (outs F64:$result); }
