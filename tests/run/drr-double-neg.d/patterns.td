include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def T_Dialect : Dialect {
  let name = "dn";
  let cppNamespace = "::dn";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def T_NegOp : T_Op<"neg"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def T_IdOp : T_Op<"id"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
// neg(neg x) -> x; id(x) -> x.  The inner neg has no side-effect traits, so
// MLIR keeps it when it becomes unused.
def DoubleNeg : Pat<(T_NegOp (T_NegOp $x)), (replaceWithValue $x)>;
def IdElim : Pat<(T_IdOp $x), (replaceWithValue $x)>;
