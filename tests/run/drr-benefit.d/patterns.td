include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def T_Dialect : Dialect {
  let name = "bn";
  let cppNamespace = "::bn";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def T_SrcOp : T_Op<"src"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def T_LowOp : T_Op<"low"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def T_HighOp : T_Op<"high"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
// addBenefit beats def-name order.  A nested source pattern has a larger
// base benefit (one per matched op) than a flat one.
def ARule : Pat<(T_SrcOp $x), (T_LowOp $x)>;
def BRule : Pat<(T_SrcOp $x), (T_HighOp $x), [], (addBenefit 2)>;
def CRule : Pat<(T_LowOp (T_LowOp $x)), (T_HighOp $x)>;
