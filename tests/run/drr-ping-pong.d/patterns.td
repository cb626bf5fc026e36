include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def T_Dialect : Dialect {
  let name = "pp";
  let cppNamespace = "::pp";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def T_AOp : T_Op<"a"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def T_BOp : T_Op<"b"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
// Two patterns feeding each other: never converges.
def AToB : Pat<(T_AOp $x), (T_BOp $x), [], (addBenefit 1)>;
def BToA : Pat<(T_BOp $x), (T_AOp $x)>;
