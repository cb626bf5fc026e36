include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def T_Dialect : Dialect {
  let name = "il";
  let cppNamespace = "::il";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def T_AOp : T_Op<"a"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def T_BOp : T_Op<"b"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
// One iteration that changes something never counts as converged: with
// --max-iterations 1 the driver reports did-not-converge although a
// second iteration would find nothing left to do.
def AToB : Pat<(T_AOp $x), (T_BOp $x)>;
