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
def T_UseOp : T_Op<"use"> {
  let arguments = (ins I32:$x);
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
def Matched : NativeCodeCall<"matched($_self, $0)">;

// a nested op on the variadic operand, at the root and one level down
def OnVariadic : Pat<(T_PackOp $k, $a, (T_LeafOp)), (T_LeafOp)>;
def Deeper : Pat<(T_UseOp (T_PackOp $k, $a, (T_LeafOp))), (T_LeafOp)>;
// a nested op on an optional operand
def OnOptional : Pat<(T_MaybeOp (T_LeafOp), $a), (T_LeafOp)>;
// a NativeCodeCall counts as a nested tree too
def NativeOnVariadic : Pat<(T_PackOp $k, $a, (Matched $y)), (T_LeafOp)>;
