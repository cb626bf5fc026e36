include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def T_Dialect : Dialect {
  let name = "dp";
  let cppNamespace = "::dp";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def T_NegOp : T_Op<"neg", [Pure]> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def T_EffOp : T_Op<"eff"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
// With Pure, MLIR erases neg ops left unused (and unused ones from the
// start); the effectful op stays.
def DoubleNeg : Pat<(T_NegOp (T_NegOp $x)), (replaceWithValue $x)>;
