// ops.td -- a sequence dialect: delays and concatenations of sequences.
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
def S_Dialect : Dialect { let name = "s"; let cppNamespace = "::s"; }
class S_Op<string m, list<Trait> t = []> : Op<S_Dialect, m, t>;
def S_DelayOp : S_Op<"delay", [Pure]> {
  let arguments = (ins AnyType:$input, I64Attr:$delay);
  let results = (outs AnyType:$result); }
def S_ConcatOp : S_Op<"concat", [Pure]> {
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs AnyType:$result); }
