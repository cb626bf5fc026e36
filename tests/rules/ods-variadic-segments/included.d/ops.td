include "mlir/IR/OpBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

// An op of an included file: not the input's, not checked.
def T_ConcatOp : T_Op<"concat"> {
  let arguments = (ins Variadic<AnyType>:$lhs, Variadic<AnyType>:$rhs);
  let summary = "Concatenates.";
}
