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
  let arguments = (ins Optional<I32>:$o, I32:$a);
  let results = (outs I32:$r);
}
def T_PairOp : T_Op<"pair"> {
  let arguments = (ins Variadic<I32>:$p, I32:$q);
  let results = (outs I32:$r);
}

// a type on the variadic operand: even the one its elements have
def OnVariadic : Pat<(T_PackOp $k, $a, I32:$x), (T_LeafOp)>;
// another Variadic<> than the one ODS gives
def OtherVariadic : Pat<(T_PackOp $k, $a, Variadic<I64>:$x), (T_LeafOp)>;
// an optional operand, and one inside `either`
def OnOptional : Pat<(T_MaybeOp AnyType:$o, $a), (T_LeafOp)>;
def InEither : Pat<(T_PairOp (either AnyInteger:$x, $y)), (T_LeafOp)>;
