include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def T_Dialect : Dialect {
  let name = "cm";
  let cppNamespace = "::cm";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def T_AddOp : T_Op<"add", [Commutative]> {
  let arguments = (ins I32:$a, I32:$b);
  let results = (outs I32:$r);
}
// Swapping operands with no guard: every rewrite re-enables itself.
def Swap : Pat<(T_AddOp $a, $b), (T_AddOp $b, $a)>;
