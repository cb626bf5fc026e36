include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

def T_LeafOp : T_Op<"leaf"> {
  let results = (outs I32:$r);
}
def T_PackOp : T_Op<"pack"> {
  let arguments = (ins I32Attr:$k, I32:$a, Variadic<I32>:$xs);
  let results = (outs I32:$r);
}
def T_MaybeOp : T_Op<"maybe"> {
  let arguments = (ins Optional<I32>:$o, AnyType:$a);
  let results = (outs I32:$r);
}

// the very constraint ODS gives (Variadic<I32> is one record), a type on a
// fixed operand, and bare names on the variable-length ones
def SameVariadic : Pat<(T_PackOp $k, I32:$a, Variadic<I32>:$xs), (replaceWithValue $a)>;
def OnFixed : Pat<(T_MaybeOp $o, I32:$a), (replaceWithValue $a)>;
