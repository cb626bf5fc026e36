include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def T_Dialect : Dialect {
  let name = "ns";
  let cppNamespace = "::ns";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def T_NegOp : T_Op<"neg"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def T_SubOp : T_Op<"sub"> {
  let arguments = (ins I32:$a, I32:$b, StrAttr:$tag);
  let results = (outs I32:$r);
}
// neg(sub(a, b)) -> sub(b, a), keeping the tag.
def NegSub : Pat<(T_NegOp (T_SubOp $a, $b, $tag)), (T_SubOp $b, $a, $tag)>;
