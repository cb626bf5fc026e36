include "mlir/IR/OpBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

// Suppressed on the def's line.
// patlint: disable-next-line=ods-variadic-segments
def T_ConcatOp : T_Op<"concat"> {
  let arguments = (ins Variadic<AnyType>:$lhs, Variadic<AnyType>:$rhs);
}
